"""Lesson 08 in plain sight, part 2: more than two players.

- :func:`maxn`: max^n (Luckhardt and Irani 1986) backs up utility tuples, each player taking
  the child best for its own component, with Korf's (1991) *shallow* pruning: with every
  component at least ``low`` and every sum at most ``maxsum`` (the game's
  ``utility_bounds``), a node of player ``q`` whose best child gives ``q`` the value
  ``v[q]`` leaves its parent's player at most ``maxsum - v[q] - (n - 2) * low``; once that is
  no more than what the parent's player already has, the node's other children cannot
  matter.
- :func:`paranoid`: paranoid search (Sturtevant and Korf 2000), alpha-beta (fail-hard) for
  one player against the coalition of all the others.

They stand for the package's ``maxn`` (with ``prune=True``) and ``paranoid``: the same
values and moves, the same states generated in the same order
(``tests/search/test_plain_players.py``).

Examples
--------
>>> from aisearch.games import TupleTree
>>> game = TupleTree([[(6, 3, 0), (1, 1, 7)], [(2, 7, 0), (4, 4, 1)]])
>>> maxn(game, ()), paranoid(game, ())
(((6, 3, 0), 0), (2, 1))
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

__all__ = ["maxn", "paranoid"]

INF = math.inf


def maxn(game: Any, state: Any, depth: float = INF,
         evaluate: Callable[[Any], tuple] | None = None,
         bound: float = INF) -> tuple[Any, Any]:
    """The max^n utility tuple and first best move, with shallow pruning: a node stops once
    its player's component reaches ``bound`` (the parent cannot want it then).

    >>> from aisearch.games import TupleTree
    >>> maxn(TupleTree([[(3, 3, 3), (4, 2, 3)], [(1, 5, 3), (1, 4, 4)]]), ())
    ((3, 3, 3), 0)
    """
    if game.is_terminal(state):
        return tuple(game.utility(state, p) for p in range(game.players)), None
    if depth == 0:
        return evaluate(state), None  # type: ignore[misc]
    low, maxsum = game.utility_bounds
    player = game.to_move(state)
    best, best_move = None, None
    for move in game.moves(state):
        # what the child's player must reach to leave ours no more than best[player]
        limit = INF if best is None else maxsum - (game.players - 2) * low - best[player]
        value, _ = maxn(game, game.result(state, move), depth - 1, evaluate, limit)
        if best is None or value[player] > best[player]:
            best, best_move = value, move
        if best[player] >= bound:  # a shallow cut-off
            break
    return best, best_move


def paranoid(game: Any, state: Any, depth: float = INF,
             evaluate: Callable[[Any], Any] | None = None, me: int | None = None,
             alpha: float = -INF, beta: float = INF) -> tuple[Any, Any]:
    """Alpha-beta (fail-hard) for ``me`` (the player to move at the root by default) against
    all the others: ``me`` maximises its own utility, every other player minimises it.
    ``evaluate`` may give a tuple (its ``me`` component is used) or a number.

    >>> from aisearch.games import TupleTree
    >>> paranoid(TupleTree([[(3, 3, 3), (4, 2, 3)], [(1, 5, 3), (1, 4, 4)]]), ())
    (3, 0)
    """
    me = game.to_move(state) if me is None else me
    if game.is_terminal(state):
        return game.utility(state, me), None
    if depth == 0:
        v = evaluate(state)  # type: ignore[misc]
        return (v[me] if isinstance(v, tuple) else v), None
    mine, best_move = game.to_move(state) == me, None
    for move in game.moves(state):
        value, _ = paranoid(game, game.result(state, move), depth - 1, evaluate, me, alpha,
                            beta)
        if best_move is None or (value > alpha if mine else value < beta):
            best_move = move
        if mine:
            alpha = max(alpha, value)
        else:
            beta = min(beta, value)
        if alpha >= beta:  # a cut-off: return the bound it passed
            return (beta if mine else alpha), best_move
    return (alpha if mine else beta), best_move
