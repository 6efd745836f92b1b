"""The events a searcher reports to its tracer: one small vocabulary for every search.

A search begins with :class:`Start` (which searcher, the game, the root, the options) and
ends with :class:`Finish` (its decision). In between, a node is named by its *path*, the
tuple of moves from the root, so transpositions never merge tree nodes. All values are
from MAX's point of view, whatever form the searcher has inside (negamax converts).

===============  ==========  ============  =================================================
event            role        tally         when
===============  ==========  ============  =================================================
``Start``        start                     a search begins (several may share a recording)
``Enter``        enter       ``nodes``     a node is entered, with its player, plies left
                                           and window; entering a path again (a re-search)
                                           is a new visit
``Leaf``         leaf        ``leaves``    a terminal utility or static evaluation is taken
``Backup``       backup                    a child's value is backed up into its parent
``Cut``          cut         ``cutoffs``   a node stops early; ``skipped`` lists the moves
                                           not searched
``Expectation``  expect      chance_nodes  a chance node's expectation is complete
``Research``     note        researches    a child is about to be searched again with a
                                           wider window (PVS, aspiration)
``TableHit``     note        table_hits    a transposition-table entry was found
``Quiescent``    enter       quiescence    a quiescence search enters a state beyond the
                                           depth bound (``depth`` -1, -2, ...: plies beyond)
``StandPat``     leaf                      the static value a quiescence node stands on
``Exit``         exit                      a node returns its value
``Finish``       finish                    the search returns its decision
``Abort``        abort                     the search was stopped unfinished (a budget)
``Selection``    enter                     MCTS follows a child already in its tree (UCB1)
``Expansion``    enter       ``nodes``     MCTS adds a node to its tree (the root first)
``Simulation``   leaf        ``leaves``    an MCTS playout (or value) gives every reward
``Update``       exit                      MCTS backs the rewards up into a node's counts
===============  ==========  ============  =================================================

An event kind declares its ``role`` (how the one reader, :mod:`aisearch.trace.replay`,
treats it) and its ``tally`` (the count it adds to): a new kind of event is a new class
here or in a searcher's module, and no reader, counter or widget needs editing. A kind
may also name the pseudocode line it answers to (``key``, see
:class:`~aisearch.search.registry.Pseudocode`) and say itself in words (``describe``).

Monte Carlo tree search records one search per iteration: the nodes its selection
follows (``Selection``; the node it adds is an ``Expansion``), the playout's rewards at
the last one (``Simulation``), then the new counts of every node on the path, bottom-up
(``Update``). They are kinds of ``Enter``, ``Leaf`` and ``Exit``, so the one reader
builds each iteration's path as it builds any search.

Examples
--------
>>> Enter((0,), 1, 2, 3, float("inf")).role, Enter.tally, Cut.tally
('enter', 'nodes', 'cutoffs')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol

from aisearch.core import player_name
from aisearch.results import register_count

__all__ = [
    "Event", "Start", "Enter", "Leaf", "Backup", "Cut", "Expectation", "Research", "TableHit",
    "Exit", "Finish", "Abort", "Tracer", "EVENT_KINDS", "Selection", "Expansion", "Simulation",
    "Update", "Quiescent", "StandPat",
]

Path = tuple
EVENT_KINDS: dict[str, type[Event]] = {}
"""Every event class by name (filled as classes are defined)."""
ROLES = ("start", "enter", "leaf", "backup", "cut", "expect", "note", "exit", "finish", "abort")


class Event:
    """Base class of events: subclasses set ``role`` and optionally ``tally``.

    Examples
    --------
    >>> from aisearch import Recorder, TreeGame, alphabeta
    >>> game, rec = TreeGame([[3, 12, 8], [2, 4, 6], [14, 5, 2]]), Recorder()
    >>> alphabeta(game, game.initial, tracer=rec).value
    3
    >>> all(isinstance(e, Event) for e in rec.events)
    True
    >>> sorted({e.role for e in rec.events})
    ['backup', 'cut', 'enter', 'exit', 'finish', 'leaf', 'start']
    """

    __slots__ = ()
    role: ClassVar[str] = "note"
    tally: ClassVar[str | None] = None
    # The pseudocode key it answers to first, if its own; or several, most specific first.
    key: ClassVar[str | tuple[str, ...] | None] = None
    path: Path

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.role not in ROLES:
            raise TypeError(f"{cls.__name__}.role must be one of {', '.join(ROLES)}")
        if cls.tally is not None:
            register_count(cls.tally)
        EVENT_KINDS[cls.__name__] = cls


@dataclass(slots=True)
class Start(Event):
    """A search begins: the searcher's name, the game, the root state and the options.

    Examples
    --------
    >>> from aisearch import Recorder, TreeGame, alphabeta
    >>> game, rec = TreeGame([[3, 12, 8], [2, 4, 6], [14, 5, 2]]), Recorder()
    >>> alphabeta(game, game.initial, tracer=rec).value
    3
    >>> start = rec.events[0]
    >>> start.search, start.state, start.options["prune_on_equal"]
    ('alphabeta', (), True)
    """

    role: ClassVar[str] = "start"
    search: str
    game: Any = None
    state: Any = None
    depth: int | None = None
    options: dict = field(default_factory=dict)

    @property
    def path(self) -> Path:  # type: ignore[override]
        return ()


@dataclass(slots=True)
class Enter(Event):
    """A node is entered: its player, the plies left (None = unbounded) and its window.

    Examples
    --------
    >>> from aisearch import Recorder, TreeGame, alphabeta
    >>> game, rec = TreeGame([[3, 12, 8], [2, 4, 6], [14, 5, 2]]), Recorder()
    >>> alphabeta(game, game.initial, tracer=rec).value
    3
    >>> [(e.path, e.alpha, e.beta) for e in rec.events if type(e) is Enter][:3]
    [((), -inf, inf), ((0,), -inf, inf), ((0, 0), -inf, inf)]
    """

    role: ClassVar[str] = "enter"
    tally: ClassVar[str | None] = "nodes"
    path: Path
    player: int
    depth: int | None
    alpha: float
    beta: float
    state: Any = None


@dataclass(slots=True)
class Leaf(Event):
    """A value taken without search: ``terminal`` utility or static evaluation (MAX's view).

    Examples
    --------
    >>> from aisearch import Recorder, TreeGame, alphabeta
    >>> game, rec = TreeGame([[3, 12, 8], [2, 4, 6], [14, 5, 2]]), Recorder()
    >>> alphabeta(game, game.initial, tracer=rec).value
    3
    >>> [e.value for e in rec.events if type(e) is Leaf]  # the tips evaluated
    [3, 12, 8, 2, 14, 5, 2]
    """

    role: ClassVar[str] = "leaf"
    tally: ClassVar[str | None] = "leaves"
    path: Path
    value: float
    terminal: bool


@dataclass(slots=True)
class Backup(Event):
    """Child ``path + (move,)`` returned ``value``; the node now holds ``best`` and window.

    Examples
    --------
    >>> from aisearch import Recorder, TreeGame, alphabeta
    >>> game, rec = TreeGame([[3, 12, 8], [2, 4, 6], [14, 5, 2]]), Recorder()
    >>> alphabeta(game, game.initial, tracer=rec).value
    3
    >>> [(e.move, e.value, e.best) for e in rec.events
    ...  if type(e) is Backup and e.path == ()]  # the root backs up its children
    [(0, 3, 3), (1, 3, 3), (2, 3, 3)]
    """

    role: ClassVar[str] = "backup"
    path: Path
    move: Any
    value: float
    best: float
    alpha: float
    beta: float


@dataclass(slots=True)
class Cut(Event):
    """A cut-off at ``path``: the moves in ``skipped`` are not searched.

    ``kind`` is ``'beta'`` at a MAX node (its alpha reached a MIN ancestor's beta) and
    ``'alpha'`` at a MIN node (its beta fell to a MAX ancestor's alpha), as in Nilsson;
    other searchers may name other kinds (e.g. a cut-off at a chance node).

    Examples
    --------
    >>> from aisearch import Recorder, TreeGame, alphabeta
    >>> game, rec = TreeGame([[3, 12, 8], [2, 4, 6], [14, 5, 2]]), Recorder()
    >>> alphabeta(game, game.initial, tracer=rec).value
    3
    >>> [e for e in rec.events if type(e) is Cut]  # 2 < 3: the rest of (1,) is cut
    [Cut(path=(1,), skipped=(1, 2), alpha=3, beta=2, kind='alpha')]
    """

    role: ClassVar[str] = "cut"
    tally: ClassVar[str | None] = "cutoffs"
    path: Path
    skipped: tuple
    alpha: float
    beta: float
    kind: str


@dataclass(slots=True)
class Expectation(Event):
    """A chance node's value ``sum(p * v)`` over ``outcomes``, ``(move, p, v)`` triples.

    Examples
    --------
    >>> from aisearch import Recorder, expectiminimax
    >>> from aisearch.games import dice_tree
    >>> rec = Recorder()
    >>> expectiminimax(dice_tree, dice_tree.initial, tracer=rec).value
    3.5
    >>> [(e.path, len(e.outcomes), e.value) for e in rec.events if type(e) is Expectation]
    [(('a',), 6, 3.0), (('b',), 6, 3.5)]
    """

    role: ClassVar[str] = "expect"
    tally: ClassVar[str | None] = "chance_nodes"
    path: Path
    outcomes: tuple
    value: float


@dataclass(slots=True)
class Quiescent(Enter):
    """A quiescence search enters a state beyond the depth bound (``depth``: minus the plies
    beyond it); counted under ``quiescence``, not ``nodes`` (lesson 05)."""

    tally: ClassVar[str | None] = "quiescence"
    # Its own listing's entry line; in a search that runs it at the depth bound, the line
    # where the quiescence search stands in for EVAL (not the host's entry line).
    key: ClassVar[str | tuple[str, ...] | None] = ("quiesce", "eval")

    def describe(self, where: str, fmt: Callable[[Any], str]) -> str:
        """The event in words (the stepper shows it); ``fmt`` writes numbers."""
        return (f"Quiescence search enters {where}, {-(self.depth or 0)} beyond the depth "
                f"bound, with α={fmt(self.alpha)} β={fmt(self.beta)}")


@dataclass(slots=True)
class StandPat(Leaf):
    """The value a quiescence node takes without search: its static evaluation (the stand
    pat, a bound for the player to move) or its terminal utility; not counted in ``leaves``."""

    tally: ClassVar[str | None] = None

    def describe(self, where: str, fmt: Callable[[Any], str]) -> str:
        """The event in words (the stepper shows it); ``fmt`` writes numbers."""
        what = "is over: utility" if self.terminal else "stands pat at"
        return f"{where} {what} {fmt(self.value)}"


@dataclass(slots=True)
class Research(Event):
    """Child ``path + (move,)`` will be searched again, now with window (alpha, beta).

    Examples
    --------
    >>> from aisearch import Recorder, pvs, uniform_tree
    >>> game, rec = uniform_tree(3, 3, seed=0), Recorder()
    >>> d = pvs(game, game.initial, tracer=rec)
    >>> next(e for e in rec.events if type(e) is Research)
    Research(path=(0, 0), move=1, alpha=-1, beta=inf, reason='fail high')
    """

    tally: ClassVar[str | None] = "researches"
    path: Path
    move: Any
    alpha: float
    beta: float
    reason: str = ""

    def describe(self, where: str, fmt: Callable[[Any], str]) -> str:
        """The event in words (the stepper shows it); ``fmt`` writes numbers."""
        why = f" (its null-window test failed {self.reason.split()[-1]}: it may be better)" if (
            self.reason.startswith("fail")) else f" ({self.reason})" if self.reason else ""
        return (f"Search move {self.move} of {where} again{why}, with "
                f"α={fmt(self.alpha)} β={fmt(self.beta)}")


@dataclass(slots=True)
class TableHit(Event):
    """A transposition-table entry for the node at ``path``.

    ``bound`` is ``'exact'``, ``'lower'`` or ``'upper'``; ``depth`` the plies it was
    searched to; ``used`` is True when the entry settled the node without a search.

    Examples
    --------
    >>> from aisearch import Recorder, TranspositionTable
    >>> from aisearch.games.dag import DagGame
    >>> from aisearch.search import alphabeta_tt
    >>> game, rec = DagGame(b=2, d=3, width=2, seed=1), Recorder()
    >>> d = alphabeta_tt(game, game.initial, evaluate=game.evaluate,
    ...                  table=TranspositionTable(), tracer=rec)
    >>> next(e for e in rec.events if type(e) is TableHit)  # (1, 0) is (0, 1) again
    TableHit(path=(1, 0), bound='exact', value=5, depth=None, used=True)
    """

    tally: ClassVar[str | None] = "table_hits"
    path: Path
    bound: str
    value: float
    depth: int | None
    used: bool

    def describe(self, where: str, fmt: Callable[[Any], str]) -> str:
        """The event in words (the stepper shows it); ``fmt`` writes numbers."""
        what = {"exact": "exactly", "lower": "at least", "upper": "at most"}.get(self.bound,
                                                                                self.bound)
        deep = "to the end" if self.depth is None else (
            f"{self.depth} {'ply' if self.depth == 1 else 'plies'} deep")
        then = ("it settles the node: no search" if self.used else
                "not enough to settle it: search it, the stored best move first")
        return f"Table hit at {where}: worth {what} {fmt(self.value)} ({deep}); {then}"


@dataclass(slots=True)
class Exit(Event):
    """A node returns ``value`` (MAX's point of view).

    Examples
    --------
    >>> from aisearch import Recorder, TreeGame, alphabeta
    >>> game, rec = TreeGame([[3, 12, 8], [2, 4, 6], [14, 5, 2]]), Recorder()
    >>> alphabeta(game, game.initial, tracer=rec).value
    3
    >>> [e.value for e in rec.events if type(e) is Exit and len(e.path) == 1]
    [3, 3, 3]
    """

    role: ClassVar[str] = "exit"
    path: Path
    value: float


@dataclass(slots=True)
class Finish(Event):
    """The search returns: its value (MAX's view), move, principal variation and counts.

    Examples
    --------
    >>> from aisearch import Recorder, TreeGame, alphabeta
    >>> game, rec = TreeGame([[3, 12, 8], [2, 4, 6], [14, 5, 2]]), Recorder()
    >>> alphabeta(game, game.initial, tracer=rec).value
    3
    >>> rec.events[-1]
    Finish(value=3, move=0, pv=(0, 0), stats=Stats(nodes=11, leaves=7, cutoffs=1))
    """

    role: ClassVar[str] = "finish"
    value: float
    move: Any
    pv: tuple
    stats: Any

    @property
    def path(self) -> Path:  # type: ignore[override]
        return ()


@dataclass(slots=True)
class Abort(Event):
    """The search was stopped before it finished (its budget ran out): ``reason`` says why.

    Examples
    --------
    >>> from aisearch import Budget, Recorder, TicTacToe, iterative_deepening
    >>> game, rec = TicTacToe(), Recorder()
    >>> done = list(iterative_deepening(game, game.initial, evaluate=game.nilsson_eval,
    ...                                 budget=Budget(nodes=20), tracer=rec))
    >>> rec.events[-1]
    Abort(reason='the budget of 20 nodes is spent')
    """

    role: ClassVar[str] = "abort"
    reason: str = ""

    @property
    def path(self) -> Path:  # type: ignore[override]
        return ()


def _visits(n: int) -> str:
    return f"{n} visit{'' if n == 1 else 's'}"


@dataclass(slots=True)
class Selection(Enter):
    """MCTS follows a node already in its tree: ``visits`` and ``mean`` (for the player who
    moved into it) before this iteration, and the UCB1 ``score`` it was chosen by (None for
    the root and below chance nodes, where outcomes are sampled).

    Examples
    --------
    >>> from aisearch import Recorder, TreeGame, mcts
    >>> game, rec = TreeGame([[3, 12, 8], [2, 4, 6], [14, 5, 2]]), Recorder()
    >>> *_, last = mcts(game, game.initial, iterations=5, batch=5, tracer=rec)
    >>> sel = next(e for e in rec.events if type(e) is Selection and e.path)
    >>> sel.path, sel.visits, round(sel.score, 3)
    ((0,), 1, 2.482)
    """

    tally: ClassVar[str | None] = None
    key: ClassVar[str | None] = "select"
    visits: int = 0
    mean: float = 0.5
    score: float | None = None

    def describe(self, where: str, fmt: Callable[[Any], str]) -> str:
        """The event in words (the stepper shows it); ``fmt`` writes numbers."""
        if not self.path:
            who = player_name(self.player)
            return f"Iteration starts at the root ({who} to move, {_visits(self.visits)})"
        why = "sampled outcome" if self.score is None else f"highest UCB1, {fmt(self.score)}"
        return (f"Select {where} ({why}): {_visits(self.visits)}, mean {fmt(self.mean)} "
                f"for the player who moved there")


@dataclass(slots=True)
class Expansion(Enter):
    """MCTS adds the node at ``path`` to its tree (the root, at the first iteration).

    Examples
    --------
    >>> from aisearch import Recorder, TreeGame, mcts
    >>> game, rec = TreeGame([[3, 12, 8], [2, 4, 6], [14, 5, 2]]), Recorder()
    >>> *_, last = mcts(game, game.initial, iterations=5, batch=5, tracer=rec)
    >>> [e.path for e in rec.events if type(e) is Expansion]  # one node an iteration
    [(), (0,), (1,), (2,), (0, 0), (1, 0)]
    """

    key: ClassVar[str | None] = "expand"

    def describe(self, where: str, fmt: Callable[[Any], str]) -> str:
        """The event in words (the stepper shows it); ``fmt`` writes numbers."""
        return f"Expand: add {where} to the tree ({player_name(self.player)} to move)"


@dataclass(slots=True)
class Simulation(Leaf):
    """The rewards of an MCTS iteration, from ``path``: ``value`` is MAX's, ``rewards``
    every player's (1 win, 1/2 draw, 0 loss); ``by`` says how: ``'playout'``,
    ``'value'`` (a value function) or ``'terminal'`` (the node ends the game).

    Examples
    --------
    >>> from aisearch import Recorder, TreeGame, mcts
    >>> game, rec = TreeGame([[3, 12, 8], [2, 4, 6], [14, 5, 2]]), Recorder()
    >>> *_, last = mcts(game, game.initial, iterations=5, batch=5, tracer=rec)
    >>> sim = rec.events[3]
    >>> sim.path, sim.rewards, sim.by
    ((0,), (1.0, 0.0), 'playout')
    """

    key: ClassVar[str | None] = "playout"
    rewards: tuple = ()
    by: str = "playout"

    def describe(self, where: str, fmt: Callable[[Any], str]) -> str:
        """The event in words (the stepper shows it); ``fmt`` writes numbers."""
        how = {"terminal": "the game is over there", "value": "the value function"}.get(
            self.by, "a random playout to the end")
        return f"Simulate from {where} ({how}): rewards {fmt(tuple(self.rewards))}"


@dataclass(slots=True)
class Update(Exit):
    """MCTS backs an iteration's rewards up into the node at ``path``: now ``visits``
    visits and ``total`` reward for ``mover`` (the player who moved into it; MAX's at the
    root); ``value`` is MAX's mean reward there.

    Examples
    --------
    >>> from aisearch import Recorder, TreeGame, mcts
    >>> game, rec = TreeGame([[3, 12, 8], [2, 4, 6], [14, 5, 2]]), Recorder()
    >>> *_, last = mcts(game, game.initial, iterations=5, batch=5, tracer=rec)
    >>> [(e.path, e.visits, e.total) for e in rec.events if type(e) is Update][-2:]
    [((1,), 2, 2.0), ((), 5, 5.0)]
    """

    key: ClassVar[str | None] = "backup"
    visits: int = 0
    total: float = 0.0
    mover: int = 0

    def describe(self, where: str, fmt: Callable[[Any], str]) -> str:
        """The event in words (the stepper shows it); ``fmt`` writes numbers."""
        who = player_name(self.mover)
        return (f"Back up into {where}: {fmt(self.total)}/{self.visits} for {who} "
                f"(MAX's mean {fmt(self.value)})")


class Tracer(Protocol):
    """What searchers call: ``tracer(event)``, and ``tracer.finish(decision)`` if defined.

    A tracer with ``per_node = False`` (such as :class:`~aisearch.trace.Tally`) receives
    no events, only ``finish``: counting then costs nothing.

    Examples
    --------
    >>> from aisearch import TreeGame, alphabeta
    >>> game, seen = TreeGame([[3, 12, 8], [2, 4, 6], [14, 5, 2]]), []
    >>> alphabeta(game, game.initial, tracer=seen.append).value  # any callable is one
    3
    >>> len(seen), type(seen[0]).__name__, type(seen[-1]).__name__
    (42, 'Start', 'Finish')
    """

    def __call__(self, event: Event, /) -> Any: ...


TracerLike = Tracer | Callable[[Any], Any]
