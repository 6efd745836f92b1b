"""Observing a search: labelled events, tracers, and a zero-touch counting wrapper.

A searcher given ``tracer=f`` calls ``f(event)`` as it works (all values in events are
from MAX's point of view, whatever form the searcher has), then ``f.finish(decision)``
if ``f`` has that method. A tracer with ``per_node = False`` gets only ``finish``.
A node is named by its *path*, the tuple of moves from the root, so transpositions never
merge tree nodes.

============  ==============================================================
event         when
============  ==============================================================
``Enter``     a node is entered, with its player, depth left and window
``Leaf``      a terminal utility or static evaluation is taken
``Backup``    a child's value is backed up into its parent
``Cut``       a node stops early; ``skipped`` lists the moves not searched
``Chance``    a chance node's expectation is complete
``Exit``      a node returns its value
============  ==============================================================

Examples
--------
>>> from aisearch.games import TreeGame
>>> from aisearch.search import alphabeta
>>> game = TreeGame([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
>>> rec = Recorder()
>>> alphabeta(game, game.initial, tracer=rec).value
3
>>> [e.path for e in rec.events if isinstance(e, Cut)]
[(1,)]
>>> rec.counts()
Stats(nodes=11, leaves=7, cutoffs=1)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from aisearch.core import MAX, Stats

__all__ = [
    "Event",
    "Enter",
    "Leaf",
    "Backup",
    "Cut",
    "Chance",
    "Exit",
    "Tracer",
    "Counter",
    "Recorder",
    "CountingGame",
    "tree_graph",
]

Path = tuple


@dataclass(slots=True)
class Enter:
    """A node is entered: its player, the plies left (None = unbounded) and its window."""

    path: Path
    player: int
    depth: int | None
    alpha: float
    beta: float
    state: Any = None


@dataclass(slots=True)
class Leaf:
    """A value taken without search: ``terminal`` utility or static evaluation (MAX's view)."""

    path: Path
    value: float
    terminal: bool


@dataclass(slots=True)
class Backup:
    """Child ``path + (move,)`` returned ``value``; the node now holds ``best`` and window."""

    path: Path
    move: Any
    value: float
    best: float
    alpha: float
    beta: float


@dataclass(slots=True)
class Cut:
    """A cut-off at ``path``: the moves in ``skipped`` are not searched.

    ``kind`` is ``'beta'`` at a MAX node (its alpha reached a MIN ancestor's beta) and
    ``'alpha'`` at a MIN node (its beta fell to a MAX ancestor's alpha), as in Nilsson.
    """

    path: Path
    skipped: tuple
    alpha: float
    beta: float
    kind: str


@dataclass(slots=True)
class Chance:
    """A chance node's expectation ``sum(p * v)`` over ``outcomes`` ((move, p, v) triples)."""

    path: Path
    outcomes: tuple
    value: float


@dataclass(slots=True)
class Exit:
    """A node returns ``value`` (MAX's point of view)."""

    path: Path
    value: float


Event = Enter | Leaf | Backup | Cut | Chance | Exit
Tracer = Callable[[Event], None]


def cut_kind(player: int) -> str:
    """Nilsson's name of a cut-off at a node of ``player``: beta below MAX, alpha below MIN."""
    return "beta" if player == MAX else "alpha"


class Counter:
    """A tracer that tallies what searches did; its counts equal ``Decision.stats``.

    A searcher given a Counter sends it no per-node events: it hands over the tallies it
    keeps anyway when it finishes (``finish``), so counting costs nothing. Counters add
    up over several searches (``searches`` counts them), e.g. over a whole game. Called
    with events (``counter(event)``), it tallies them instead, e.g. a recorded stream.

    >>> from aisearch.games import fig5_2
    >>> from aisearch.search import alphabeta, minimax
    >>> c = Counter()
    >>> _ = alphabeta(fig5_2, fig5_2.initial, tracer=c)
    >>> _ = minimax(fig5_2, fig5_2.initial, tracer=c)
    >>> c
    Counter(nodes=24, leaves=16, cutoffs=1, searches=2)
    """

    __slots__ = ("nodes", "leaves", "cutoffs", "searches")
    per_node = False

    def __init__(self) -> None:
        self.nodes = self.leaves = self.cutoffs = self.searches = 0

    def __call__(self, event: Event) -> None:
        kind = type(event)
        if kind is Enter:
            self.nodes += 1
            if not event.path:
                self.searches += 1
        elif kind is Leaf:
            self.leaves += 1
        elif kind is Cut:
            self.cutoffs += 1

    def finish(self, decision: Any) -> None:
        """Add a finished search's ``stats`` (searchers call this)."""
        s = decision.stats
        self.nodes += s.nodes
        self.leaves += s.leaves
        self.cutoffs += s.cutoffs
        self.searches += 1

    def stats(self) -> Stats:
        """The tallies as a :class:`~aisearch.core.Stats`."""
        return Stats(self.nodes, self.leaves, self.cutoffs)

    def __repr__(self) -> str:
        return (
            f"Counter(nodes={self.nodes}, leaves={self.leaves}, cutoffs={self.cutoffs}, "
            f"searches={self.searches})"
        )


class Recorder:
    """A tracer that keeps every event, in order, in ``events``.

    Call ``tree_graph(recorder.events)`` (or :meth:`graph`) to get the searched tree.
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

    def __iter__(self):
        return iter(self.events)

    def __getitem__(self, i):
        return self.events[i]

    def counts(self) -> Stats:
        """Nodes, leaves and cut-offs of the recorded search."""
        c = Counter()
        for e in self.events:
            c(e)
        return c.stats()

    def graph(self):
        """The searched tree as a ``networkx.DiGraph`` (see :func:`tree_graph`)."""
        return tree_graph(self.events)

    def __repr__(self) -> str:
        return f"<Recorder: {len(self.events)} events, {self.counts()}>"


class CountingGame:
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
        """Wrap an evaluation function so that the states it evaluates go to ``evaluated``."""

        def counted(s: Any) -> float:
            self.evaluated.append(s)
            return evaluate(s)

        return counted

    def reset(self) -> None:
        self.generated.clear()
        self.evaluated.clear()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)

    def __repr__(self) -> str:
        return f"CountingGame({self.game!r})"


def tree_graph(events: Iterable[Event]):
    """Build the searched tree from recorded events.

    Node keys are paths of moves. Node attributes: ``player``, ``depth``, ``alpha`` and
    ``beta`` (window on entry), ``alpha_now``/``beta_now`` (after the last backup),
    ``value`` (returned), ``leaf`` (True for evaluated tips), ``terminal``, ``state``,
    ``order`` (visit number). Moves skipped by a cut-off appear as nodes with
    ``pruned=True`` and their cutting parent has ``cut`` set to ``'alpha'`` or ``'beta'``.
    Edges carry ``move``.

    >>> from aisearch.games import TreeGame
    >>> from aisearch.search import alphabeta
    >>> game = TreeGame([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> rec = Recorder()
    >>> _ = alphabeta(game, game.initial, tracer=rec)
    >>> g = tree_graph(rec.events)
    >>> sorted(p for p, d in g.nodes(data=True) if d.get("pruned"))
    [(1, 1), (1, 2)]
    """
    import networkx as nx

    g = nx.DiGraph()
    order = 0
    for e in events:
        if isinstance(e, Enter):
            g.add_node(
                e.path, player=e.player, depth=e.depth, alpha=e.alpha, beta=e.beta,
                alpha_now=e.alpha, beta_now=e.beta, state=e.state, order=order,
                pruned=False, leaf=False,
            )
            order += 1
            if e.path:
                g.add_edge(e.path[:-1], e.path, move=e.path[-1])
        elif isinstance(e, Leaf):
            g.nodes[e.path].update(leaf=True, terminal=e.terminal, value=e.value)
        elif isinstance(e, Backup):
            g.nodes[e.path].update(alpha_now=e.alpha, beta_now=e.beta, best=e.best)
        elif isinstance(e, Cut):
            g.nodes[e.path]["cut"] = e.kind
            for m in e.skipped:
                child = e.path + (m,)
                g.add_node(child, pruned=True, leaf=False, player=None, order=None)
                g.add_edge(e.path, child, move=m)
        elif isinstance(e, (Exit, Chance)):
            g.nodes[e.path]["value"] = e.value
    return g

