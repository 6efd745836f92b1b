"""Lesson 04 in plain sight, part 1: move ordering and the transposition table.

- :func:`iterative_deepening` searches to depth 1, 2, 3, ... and tries the previous
  iteration's principal variation first (Nilsson 12.4, CHESS 4.5), with
  :func:`alphabeta_line`, fail-hard alpha-beta that returns that line;
- :func:`alphabeta_ordered` is fail-soft alpha-beta with killer moves and the history
  heuristic;
- :func:`alphabeta_tt` is fail-soft alpha-beta with a transposition table whose entries
  hold a value, a bound flag, the depth searched and the best move.

Each is the textbook algorithm alone. The package's searchers they stand for, searched with
``fastest_wins=False``, return the same values and moves and generate the same states in the
same order (``tests/search/test_plain_efficiency.py``): ``iterative_deepening(...,
pv_first=True)``; ``alphabeta_tt(..., order=chain(History(), Killers()))`` without a table;
``alphabeta_tt(..., table=TranspositionTable(size=None, replace="always"))``. Where the
package's conventions differ, the tests set the package to the plain one's:

- the package's default table has a size limit and keeps the deeper of two entries (within
  one search); the plain one is a dict that keeps the newest;
- the package's history adds 1 for a cut-off in a search without a depth bound (the plain
  one adds ``depth ** 2``, which is ``inf`` there: give a depth);
- the package runs iterative deepening to a given depth and stops early once an iteration
  met no depth bound; the plain generator goes on until its caller stops.

Examples
--------
>>> from aisearch.games import fig5_2
>>> alphabeta_tt(fig5_2, fig5_2.initial, 2, None, {})
(3, 0)
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterator
from typing import Any

from aisearch.core import MAX

__all__ = ["iterative_deepening", "alphabeta_line", "alphabeta_ordered", "alphabeta_tt",
           "EXACT", "LOWER", "UPPER"]

INF = math.inf
EXACT, LOWER, UPPER = "exact", "lower", "upper"
"""A table entry's bound flag: the value is exact, at least (failed high), at most (failed low)."""

Evaluate = Callable[[Any], float] | None


def iterative_deepening(game: Any, state: Any,
                        evaluate: Evaluate) -> Iterator[tuple[int, Any, Any]]:
    """Yield ``(depth, value, move)`` for depth 1, 2, 3, ...: each iteration searches the
    positions on the previous iteration's principal variation with their move first.

    >>> from aisearch.games import fig5_2
    >>> list(itertools.islice(iterative_deepening(fig5_2, fig5_2.initial, lambda s: 0), 2))
    [(1, 0, 0), (2, 3, 0)]
    """
    first: dict[Any, Any] = {}  # position -> its move on the last principal variation
    for depth in itertools.count(1):
        value, line = alphabeta_line(game, state, depth, evaluate, first)
        yield depth, value, line[0][1] if line else None  # (no move: the game is over)
        first = {}
        for position, move in line:
            first.setdefault(position, move)


def alphabeta_line(game: Any, state: Any, depth: float, evaluate: Evaluate,
                   first: dict[Any, Any], alpha: float = -INF,
                   beta: float = INF) -> tuple[Any, Any]:
    """Fail-hard alpha-beta that searches ``first[s]`` first at each position ``s`` found
    there; returns ``(value, line)``, the principal variation as ``(state, move)`` pairs.

    >>> from aisearch.games import fig5_2
    >>> alphabeta_line(fig5_2, fig5_2.initial, 2, None, {(): 2})
    (3, (((), 0), ((0,), 0)))
    """
    if game.is_terminal(state):
        return game.utility(state, MAX), ()
    if depth == 0:
        return evaluate(state), ()  # type: ignore[misc]
    moves = list(game.moves(state))
    if first.get(state) in moves:  # the previous iteration's move first
        moves.remove(first[state])
        moves.insert(0, first[state])
    maximizing, line = game.to_move(state) == MAX, None
    for move in moves:
        value, rest = alphabeta_line(game, game.result(state, move), depth - 1, evaluate,
                                     first, alpha, beta)
        if line is None or (value > alpha if maximizing else value < beta):
            line = ((state, move),) + rest
        if maximizing:
            alpha = max(alpha, value)
        else:
            beta = min(beta, value)
        if alpha >= beta:  # a cut-off: return the bound it passed
            return (beta if maximizing else alpha), line
    return (alpha if maximizing else beta), line


def alphabeta_ordered(game: Any, state: Any, depth: int, evaluate: Evaluate,
                      killers: dict[Any, list], history: dict[Any, float],
                      alpha: float = -INF, beta: float = INF) -> tuple[Any, Any]:
    """Fail-soft alpha-beta that orders moves by the history heuristic, killer moves first.

    ``killers[depth]`` holds the two latest moves that caused a cut-off with ``depth`` plies
    left; ``history[move]`` adds ``depth ** 2`` for every cut-off ``move`` caused, anywhere.
    Both start empty (``{}``) and are kept from one search to the next.

    >>> from aisearch.games import fig5_2
    >>> killers, history = {}, {}
    >>> alphabeta_ordered(fig5_2, fig5_2.initial, 2, None, killers, history), killers, history
    ((3, 0), {1: [2, 0]}, {0: 1, 2: 1})
    """
    if game.is_terminal(state):
        return game.utility(state, MAX), None
    if depth == 0:
        return evaluate(state), None  # type: ignore[misc]
    moves = sorted(game.moves(state), key=lambda m: history.get(m, 0), reverse=True)
    known = killers.get(depth, [])
    moves = [m for m in known if m in moves] + [m for m in moves if m not in known]
    maximizing = game.to_move(state) == MAX
    best, best_move = (-INF if maximizing else INF), None
    for move in moves:
        value, _ = alphabeta_ordered(game, game.result(state, move), depth - 1, evaluate,
                                     killers, history, alpha, beta)
        if best_move is None or (value > best if maximizing else value < best):
            best, best_move = value, move
        if maximizing:
            alpha = max(alpha, best)
        else:
            beta = min(beta, best)
        if alpha >= beta:  # a cut-off: remember the move that caused it
            killers[depth] = [move] + [m for m in known if m != move][:1]
            history[move] = history.get(move, 0) + depth * depth
            break
    return best, best_move


def alphabeta_tt(game: Any, state: Any, depth: float, evaluate: Evaluate,
                 table: dict[Any, tuple], alpha: float = -INF, beta: float = INF,
                 root: bool = True) -> tuple[Any, Any]:
    """Fail-soft alpha-beta with a transposition table: ``table[state]`` is
    ``(value, bound, depth, move)``.

    An entry searched at least ``depth`` deep settles a node (except the root, which is
    searched for its move) if it is exact or a bound outside (alpha, beta); otherwise its
    move is searched first. After the search the node's value is stored, flagged by the
    window it was searched with. ``table`` starts empty (``{}``) and may be kept.

    >>> from aisearch.games import fig5_2
    >>> table = {}
    >>> alphabeta_tt(fig5_2, fig5_2.initial, 2, None, table), table[()]
    ((3, 0), (3, 'exact', 2, 0))
    """
    if game.is_terminal(state):
        return game.utility(state, MAX), None
    if depth == 0:
        return evaluate(state), None  # type: ignore[misc]
    entry = table.get(state)
    if entry is not None and not root and entry[2] >= depth and (
            entry[1] == EXACT or entry[1] == LOWER and entry[0] >= beta
            or entry[1] == UPPER and entry[0] <= alpha):
        return entry[0], entry[3]  # settled by the table: no search
    moves = list(game.moves(state))
    if entry is not None and entry[3] in moves:  # the stored best move first
        moves.remove(entry[3])
        moves.insert(0, entry[3])
    maximizing, alpha0, beta0 = game.to_move(state) == MAX, alpha, beta
    best, best_move = (-INF if maximizing else INF), None
    for move in moves:
        value, _ = alphabeta_tt(game, game.result(state, move), depth - 1, evaluate, table,
                                alpha, beta, False)
        if best_move is None or (value > best if maximizing else value < best):
            best, best_move = value, move
        if maximizing:
            alpha = max(alpha, best)
        else:
            beta = min(beta, best)
        if alpha >= beta:
            break
    bound = UPPER if best <= alpha0 else LOWER if best >= beta0 else EXACT
    table[state] = (best, bound, depth, best_move)
    return best, best_move
