"""Tracers: :class:`Tally` counts, :class:`Recorder` keeps every event; and
:class:`CountingGame`, which observes any searcher (a student's too) without a tracer.

Examples
--------
>>> from aisearch.games import fig5_2
>>> from aisearch.search import alphabeta
>>> rec = Recorder()
>>> alphabeta(fig5_2, fig5_2.initial, tracer=rec).value
3
>>> rec.counts()
Stats(nodes=11, leaves=7, cutoffs=1)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from aisearch.core import GameWrapper, check_game
from aisearch.results import Stats
from aisearch.trace.events import Event

__all__ = ["Tally", "Recorder", "CountingGame"]


class Tally:
    """A tracer that counts what searches did; its counts equal ``Decision.stats``.

    A searcher given a Tally sends it no per-node events: it hands over the counts it keeps
    anyway when it finishes (``finish``), so counting costs nothing. Tallies add up over
    several searches (``searches`` counts them), e.g. over a whole game. Called with events
    (``tally(event)``), it counts them by each event kind's ``tally`` name instead, e.g. a
    recorded stream; every kind of count (table hits, re-searches, ...) is counted the same
    way, without this class knowing them.

    >>> from aisearch.games import fig5_2
    >>> from aisearch.search import alphabeta, minimax
    >>> t = Tally()
    >>> _ = alphabeta(fig5_2, fig5_2.initial, tracer=t)
    >>> _ = minimax(fig5_2, fig5_2.initial, tracer=t)
    >>> t
    Tally(nodes=24, leaves=16, cutoffs=1, searches=2)
    >>> t.nodes, t.table_hits
    (24, 0)
    """

    per_node = False

    def __init__(self) -> None:
        self.counts: dict[str, int] = {}
        self.searches = 0

    def __call__(self, event: Event) -> None:
        if not isinstance(event, Event):
            raise TypeError(f"a Tally is called with search events (aisearch.trace.Event, as "
                            f"searchers send them), not {event!r:.80}")
        name = event.tally
        if name is not None:
            self.counts[name] = self.counts.get(name, 0) + 1
        elif event.role == "start":
            self.searches += 1

    def finish(self, decision: Any) -> None:
        """Add a finished search's ``stats`` (searchers call this)."""
        stats = getattr(decision, "stats", None)
        if not isinstance(stats, Stats):
            raise TypeError(f"Tally.finish takes a search's Decision (with its stats), not "
                            f"{decision!r:.80}")
        for name, n in stats.items():
            self.counts[name] = self.counts.get(name, 0) + n
        self.searches += 1

    def stats(self) -> Stats:
        """The counts as a :class:`~aisearch.results.Stats`."""
        return Stats(**self.counts)

    def __getattr__(self, name: str) -> int:
        if name.startswith("_") or name == "counts":
            raise AttributeError(name)
        return getattr(self.stats(), name)

    def __repr__(self) -> str:
        body = repr(self.stats())[len("Stats("):-1]
        return f"Tally({body}, searches={self.searches})"


class Recorder:
    """A tracer that keeps every event, in order, in ``events``.

    One recorder may hold several searches (iterative deepening, re-searches, two
    searches recorded one after the other): each begins with its ``Start`` event.
    :meth:`replay` reads them (:class:`~aisearch.trace.replay.Replay`), and the plots and
    the stepper draw from that reading.

    Examples
    --------
    >>> from aisearch import alphabeta, fig5_2
    >>> rec = Recorder()
    >>> alphabeta(fig5_2, fig5_2.initial, tracer=rec).value
    3
    >>> type(rec.events[0]).__name__, type(rec.events[-1]).__name__, len(rec.events)
    ('Start', 'Finish', 42)
    >>> rec.replay().find((1,))  # MIN's node at (1,): an alpha cut-off after its first tip
    Visit(search=0, path=(1,), visit=0, value=3, cut='alpha')
    """

    def __init__(self) -> None:
        self.events: list[Event] = []
        self.append = self.events.append  # the fastest tracer: a bound list method

    def __call__(self, event: Event) -> None:
        self.append(event)

    def __len__(self) -> int:
        return len(self.events)

    def __bool__(self) -> bool:  # an empty recorder is still a tracer (searchers test `if trace`)
        return True

    def __iter__(self) -> Iterator[Event]:
        return iter(self.events)

    def __getitem__(self, i: Any) -> Any:
        return self.events[i]

    def counts(self) -> Stats:
        """What the recorded searches counted, added up (equal to their ``Decision.stats``)."""
        t = Tally()
        for e in self.events:
            t(e)
        return t.stats()

    def replay(self) -> Any:
        """The recorded searches as trees of visits (:class:`~aisearch.trace.replay.Replay`)."""
        from aisearch.trace.replay import Replay

        return Replay(self.events)

    def graph(self) -> Any:
        """The searched trees as a ``networkx.DiGraph`` (see :func:`tree_graph`)."""
        from aisearch.trace.replay import tree_graph

        return tree_graph(self.events)

    def __repr__(self) -> str:
        return f"<Recorder: {len(self.events)} events, {self.counts()}>"


class CountingGame(GameWrapper):
    """Wrap a game to record every state its ``result`` generates.

    Works on any code that plays by the protocol, including a student's searcher that
    knows nothing of tracers (how Berkeley CS188 grades search). ``generated`` lists the
    states in generation order; ``calls`` counts ``result`` calls.

    >>> from aisearch.games import TreeGame
    >>> from aisearch.search import alphabeta
    >>> game = CountingGame(TreeGame([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
    >>> _ = alphabeta(game, game.initial)
    >>> len(game.generated)
    10
    """

    def __init__(self, game: Any) -> None:
        check_game(game, initial=False)
        self.game = game
        self.generated: list[Any] = []
        self.evaluated: list[Any] = []

    @property
    def initial(self) -> Any:
        return self.game.initial

    @property
    def calls(self) -> int:
        return len(self.generated)

    def result(self, s: Any, m: Any) -> Any:
        child = self.game.result(s, m)
        self.generated.append(child)
        return child

    def counting(self, evaluate: Callable[[Any], float]) -> Callable[[Any], float]:
        """Wrap an evaluation function so that the states it evaluates go to ``evaluated``.

        >>> from aisearch.games import TicTacToe
        >>> CountingGame(TicTacToe()).counting(3)
        Traceback (most recent call last):
        ...
        TypeError: counting(evaluate) takes an evaluation, a function state -> number, not 3
        """
        if not callable(evaluate):
            raise TypeError(f"counting(evaluate) takes an evaluation, a function state -> number, "
                            f"not {evaluate!r:.80}")

        def counted(s: Any) -> float:
            self.evaluated.append(s)
            return evaluate(s)

        return counted

    def reset(self) -> None:
        self.generated.clear()
        self.evaluated.clear()

    def __repr__(self) -> str:
        return f"CountingGame({self.game!r})"
