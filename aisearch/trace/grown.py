"""A Monte Carlo search tree as it stood after any number of recorded events.

MCTS records one search per iteration (:mod:`aisearch.search.sampling.mcts_trace`); its tree is
what the ``Update`` events of those iterations left behind: every node's visits and
total reward. :func:`grown_tree` reads them from the one reader,
:class:`~aisearch.trace.Replay`, so the tree plot (:func:`aisearch.plot.mcts_tree`) and
the MCTS stepper draw the search that ran, from its recording.

Examples
--------
>>> from aisearch.games import TicTacToe
>>> from aisearch.search import mcts
>>> from aisearch.trace import Recorder
>>> rec = Recorder()
>>> _ = list(mcts(TicTacToe(), TicTacToe.parse("xx./oo./..."), iterations=30, tracer=rec))
>>> tree = grown_tree(rec)
>>> tree.iterations, tree.root.visits, tree.best_move()
(30, 30, 2)
>>> [(m, n) for m, n, *_ in tree.ucb_terms()][:2]
[(2, 14), (5, 4)]
>>> tree.root.children[2].mean  # X completes the top row: a win at every visit
1.0
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from aisearch.core import CHANCE
from aisearch.trace.replay import Replay

__all__ = ["GrownNode", "GrownTree", "grown_tree"]


@dataclass
class GrownNode:
    """One node of the tree: its path, player to move, visits and total reward of
    ``mover`` (the player who moved into it), and its children by move.

    Examples
    --------
    >>> from aisearch.core import MAX, MIN
    >>> node = GrownNode((0, 2), MAX, visits=4, total=3.0, mover=MIN)  # after moves 0, 2
    >>> node.move, node.mean  # MIN's mean reward over its 4 visits
    (2, 0.75)
    >>> GrownNode((), MAX).move, GrownNode((), MAX).mean
    (None, nan)
    """

    path: tuple
    player: int
    visits: int = 0
    total: float = 0.0
    mover: int = 0
    value: float | None = None  # MAX's mean reward
    children: dict[Any, GrownNode] = field(default_factory=dict)

    @property
    def move(self) -> Any:
        """The move into this node (None at the root)."""
        return self.path[-1] if self.path else None

    @property
    def mean(self) -> float:
        """The mean reward of the player who moved into this node (nan before a visit)."""
        return self.total / self.visits if self.visits else math.nan


@dataclass
class GrownTree:
    """The tree after ``iterations`` completed iterations (and the current one's events),
    as :func:`grown_tree` reads it from a recording (the module's example).

    Examples
    --------
    >>> from aisearch.core import MAX, MIN
    >>> root = GrownNode((), MAX, visits=4, children={
    ...     0: GrownNode((0,), MIN, visits=3, total=2.0, mover=MAX),
    ...     1: GrownNode((1,), MIN, visits=1, total=0.0, mover=MAX)})
    >>> tree = GrownTree(root, iterations=4, c=1.0)
    >>> tree.best_move()
    0
    >>> [(m, n, round(mean, 3), round(bonus, 3), round(ucb1, 3))
    ...  for m, n, mean, bonus, ucb1 in tree.ucb_terms()]  # bonus = c * sqrt(ln 4 / n)
    [(0, 3, 0.667, 0.68, 1.346), (1, 1, 0.0, 1.177, 1.177)]
    """

    root: GrownNode
    iterations: int
    c: float
    game: Any = None
    state: Any = None
    last_path: tuple = ()  # the path of the last iteration that started

    def best_move(self) -> Any:
        """The root's most visited move (the first in move order on ties), or None."""
        best = None
        for _m, child in self.root.children.items():
            if best is None or child.visits > best.visits:
                best = child
        return None if best is None else best.move

    def ucb_terms(self) -> list[tuple[Any, int, float, float, float]]:
        """The root's children in move order: ``(move, visits, mean, bonus, UCB1)``, the
        mean for the player to move at the root; an unvisited child has mean and bonus
        ``nan`` and UCB1 ``inf``."""
        root = self.root
        moves = (list(self.game.moves(self.state)) if self.game is not None
                 and root.player != CHANCE else list(root.children))
        rows = []
        for m in moves:
            j = root.children.get(m)
            if j is None or j.visits == 0 or root.visits == 0:
                rows.append((m, 0, math.nan, math.nan, math.inf))
                continue
            bonus = self.c * math.sqrt(math.log(root.visits) / j.visits)
            rows.append((m, j.visits, j.mean, bonus, j.mean + bonus))
        return rows


def grown_tree(recording: Any, upto: int | None = None) -> GrownTree:
    """The MCTS tree a recording holds after its first ``upto`` events (all by default).

    Parameters
    ----------
    recording : Recorder, Replay or sequence of events
        Events of :func:`~aisearch.search.mcts` (or :class:`~aisearch.search.MCTS`)
        recorded with ``tracer=Recorder()`` from its first iteration. When a recording
        holds several trees (one per move of a game), the last one begun is read.
    upto : int, optional
        How many events have happened (``0..len(events)``).

    Raises
    ------
    TypeError
        For something that is not a recording.
    ValueError
        For a recording with no MCTS iteration, or ``upto`` out of range.

    Examples
    --------
    >>> from aisearch import Recorder, TicTacToe, mcts
    >>> from aisearch.trace import grown_tree
    >>> rec = Recorder()
    >>> _ = list(mcts(TicTacToe(), TicTacToe.parse("xx./oo./..."), iterations=30,
    ...               tracer=rec))
    >>> grown_tree(rec).iterations, grown_tree(rec, upto=len(rec.events) // 2).iterations
    (30, 15)
    >>> grown_tree(rec).root.visits
    30
    """
    replay = recording if isinstance(recording, Replay) else Replay(recording)
    n = len(replay.events)
    upto = n if upto is None else upto
    if upto.__class__ is not int or not 0 <= upto <= n:
        raise ValueError(f"upto must be an int from 0 to {n} (events of the recording), "
                         f"not {upto!r:.80}")
    parts = [p for p in replay.searches if p.name == "mcts" and p.first < max(upto, 1)]
    if not parts:
        if any(p.name == "mcts" for p in replay.searches):  # before the first event
            parts = [replay.searches[0]]
        else:
            raise ValueError("the recording holds no MCTS iteration: record "
                             "mcts(..., tracer=Recorder()) from its first iteration")
    first = max(k for k, p in enumerate(parts)
                if (p.start.options or {}).get("iteration") == 0 or k == 0)
    parts = parts[first:]
    start = parts[0].start
    root = GrownNode((), getattr(parts[0].root, "player", 0))
    nodes = {(): root}
    done = 0
    for part in parts:
        for v in part.visits:
            if v.enter is None or v.enter >= upto:
                continue
            node = nodes.get(v.path)
            if node is None:
                node = GrownNode(v.path, v.player)
                nodes[v.path] = node
                nodes[v.path[:-1]].children[v.path[-1]] = node
            if v.exit is not None and v.exit < upto:
                e: Any = replay.events[v.exit]
                node.visits, node.total = e.visits, e.total
                node.mover, node.value = e.mover, e.value
        if part.root is not None and part.root.exit is not None and part.root.exit < upto:
            done += 1
    last = parts[-1] if parts[-1].first < upto else None
    path = () if last is None else max((v.path for v in last.visits
                                        if v.enter is not None and v.enter < upto),
                                       key=len, default=())  # (at an iteration's Start)
    return GrownTree(root, done, float((start.options or {}).get("c", math.sqrt(2))),
                     start.game, start.state, path)
