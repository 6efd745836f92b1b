"""SSS*: Stockman's best-first search (1979) and the same search as MTD(+infinity).

SSS* keeps a list OPEN of *states* ``(node, LIVE or SOLVED, h)``, where ``h`` is an upper
bound on the value of the part of the tree the state stands for; it always works on the state
with the highest ``h`` (the leftmost among equals), applying Stockman's six cases (the
Γ operator). It never evaluates a tip alpha-beta would skip, but its OPEN list can grow
exponentially. Plaat, Schaeffer, Pijls and de Bruin (1996) showed that a depth-first
search does the same work: MTD started at +infinity with a transposition table
(:func:`sss_star`, the instrumented searcher) evaluates the same tips in the same order (on
trees whose tips are all different; where tips tie, the two break the ties differently).
:func:`stockman_sss` is the original, to check that claim on trees.

Examples
--------
>>> from aisearch.games import fig5_2
>>> value, tips = stockman_sss(fig5_2, fig5_2.initial)
>>> value, tips
(3, [(0, 0), (1, 0), (2, 0), (2, 1), (2, 2), (0, 1), (0, 2)])
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Callable
from typing import Any

from aisearch.core import MAX, MIN, Evaluate, Game, Order
from aisearch.results import Decision
from aisearch.search.efficiency.table import TranspositionTable
from aisearch.search.efficiency.table_search import check_table
from aisearch.search.efficiency.windows import _INNER, mtd
from aisearch.search.registry import searcher
from aisearch.search.runtime import INF, check_args, checked_value, count_arg, no_evaluate
from aisearch.trace.events import TracerLike

__all__ = ["stockman_sss", "sss_star"]

LIVE, SOLVED = 0, 1


def stockman_sss(game: Any, state: Any, depth: int | None = None, *,
                 evaluate: Callable[[Any], float] | None = None,
                 limit: int = 1_000_000) -> tuple[float, list[Any]]:
    """The minimax value of ``state`` by Stockman's SSS*, and the tips it evaluated, in order.

    Parameters
    ----------
    game : Game
        Two players moving in turn, MAX to move at ``state`` (SSS* is stated for a MAX root).
    state : state
        The root.
    depth : int, optional
        Plies to search (``None``: to the end); ``evaluate`` scores the states at the bound.
    evaluate : callable, optional
        ``evaluate(state) -> number`` from MAX's point of view, for the states at the depth
        bound (needed when ``depth`` stops the search before the end of the game).
    limit : int
        Give up (ValueError) after this many steps: OPEN can grow large.

    Returns
    -------
    (value, tips)
        ``tips`` are the evaluated states (for a TreeGame, their paths), in the order SSS*
        evaluated them.

    Examples
    --------
    >>> from aisearch.games import TreeGame
    >>> stockman_sss(TreeGame([[3, 5], [1, 9]]), ())
    (3, [(0, 0), (1, 0), (0, 1)])
    """
    bound = check_args(game, state, depth, {"evaluate": evaluate})
    steps = count_arg(limit)
    if steps < 1:
        raise ValueError(f"limit must be a positive int (steps of SSS*), not {limit!r:.80}")
    if game.to_move(state) != MAX:
        raise ValueError("stockman_sss searches from a MAX root; this state has MIN to move")
    top = -1 if depth is None else bound
    score = no_evaluate if evaluate is None else evaluate
    source = "evaluate" if evaluate is None else getattr(evaluate, "__name__", "evaluate")
    tips: list[Any] = []
    # a node: (path of move indices, state); OPEN entries: (-h, path, status, state)
    parent_player: dict[tuple, int] = {}
    moves_of: dict[tuple, tuple] = {(): tuple(game.moves(state))}
    states: dict[tuple, Any] = {(): state}
    open_list: list[tuple] = [(-float("inf"), (), LIVE, -1)]
    live: set[tuple] = {()}  # paths in OPEN (purges are lazy: dropped when popped)
    tick = itertools.count()

    def push(path: tuple, status: int, h: float) -> None:
        heapq.heappush(open_list, (-h, path, status, next(tick)))
        live.add(path)

    def child(path: tuple, i: int) -> tuple:
        c = path + (i,)
        if c not in states:
            s = states[path]
            states[c] = game.result(s, moves_of[path][i])
            parent_player[c] = game.to_move(s)
            moves_of[c] = () if game.is_terminal(states[c]) else tuple(game.moves(states[c]))
        return c

    for _ in range(steps):
        neg_h, path, status, _ = heapq.heappop(open_list)
        if path not in live:
            continue  # purged: a MAX ancestor was solved
        live.discard(path)
        h = -neg_h
        if not path and status == SOLVED:
            return h, tips
        s = states[path]
        if status == LIVE:
            if game.is_terminal(s) or len(path) == top:
                v = (game.utility(s, MAX) if game.is_terminal(s)
                     else checked_value(score(s), source, s))
                tips.append(s)
                push(path, SOLVED, min(h, v))
            elif game.to_move(s) == MAX:
                for i in range(len(moves_of[path])):
                    push(child(path, i), LIVE, h)
            elif game.to_move(s) == MIN:
                push(child(path, 0), LIVE, h)
            else:
                raise ValueError(f"stockman_sss searches two-player games; {s!r} has player "
                                 f"{game.to_move(s)}")
        else:
            up = path[:-1]
            if parent_player[path] == MAX:  # the best child of a MAX node solves it
                for other in [p for p in live if p[:len(up)] == up and p != up]:
                    live.discard(other)
                push(up, SOLVED, h)
            elif path[-1] + 1 < len(moves_of[up]):  # a MIN parent: its next child, same bound
                push(child(up, path[-1] + 1), LIVE, h)
            else:
                push(up, SOLVED, h)
    raise ValueError(f"stockman_sss gave up after {steps:,} steps (OPEN grew too large)")


_SSS = _INNER + """
function SSS*(n, depth)           as MTD(+∞): Plaat, Schaeffer, Pijls, de Bruin 1996
  upper ← +∞
  repeat:
    g ← ALPHABETA-TT(n, depth, upper⁻, upper)   is the value ≥ upper?
    if g < upper: upper ← g                    no: a smaller upper bound
  until g ≥ upper                              yes: the value is upper
"""


@searcher(title="SSS* as MTD(+∞)", pseudocode=_SSS, windowed=True)
def sss_star(
    game: Game, state: Any, depth: int | None = None, *, evaluate: Evaluate | None = None,
    order: Order | None = None, table: TranspositionTable | None = None,
    prune_on_equal: bool = True, fastest_wins: bool = True, tracer: TracerLike | None = None,
) -> Decision:
    """Stockman's SSS*, as MTD started from +infinity: each pass lowers an upper bound.

    Plaat et al. (1996) showed that this depth-first form, with a table holding the bounds,
    evaluates the same tips as Stockman's best-first SSS* (1979), in the same order, without
    its OPEN list (:func:`stockman_sss`).

    Notes
    -----
    Like MTD(f), every pass searches the table's move first at every node, the root
    included, as Plaat et al. do: when several root moves tie, the move returned is a best
    move but not always the first best in move order (as with any search given a table that
    already holds the root: see :mod:`aisearch.search.runtime`).

    Examples
    --------
    >>> from aisearch.games import fig5_2
    >>> sss_star(fig5_2, fig5_2.initial).value
    3
    """
    table = check_table(table)
    table = TranspositionTable() if table is None else table
    return mtd(sss_star, game, state, depth, first=INF, table=table, evaluate=evaluate,
               order=order, prune_on_equal=prune_on_equal, fastest_wins=fastest_wins,
               tracer=tracer)
