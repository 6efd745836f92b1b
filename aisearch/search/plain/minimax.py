"""Lessons 02 and 03 in plain sight: minimax and alpha-beta in three forms, a dozen lines each.

The package's :func:`~aisearch.search.minimax` and alpha-beta searchers also check their
arguments, count, report events to a tracer, score a quicker win higher and return a principal
variation. These are the textbook algorithms alone, each a recursive function returning
``(value, move)``: :func:`minimax`; :func:`alphabeta` (Pearl's AB, fail-hard); the fail-soft form
:func:`alphabeta_failsoft`; :func:`negamax`. They stand for the package's ``minimax``,
``alphabeta`` and ``pearl_ab``, ``alphabeta_failsoft`` and ``negamax`` (searched with
``fastest_wins=False``), and the tests check that each returns the same value and move and
generates the same states, in the same order, on random trees, tic-tac-toe and the two robots.

Examples
--------
>>> from aisearch.games import fig5_2
>>> minimax(fig5_2, fig5_2.initial), alphabeta(fig5_2, fig5_2.initial)
((3, 0), (3, 0))
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from aisearch.core import MAX

__all__ = ["minimax", "alphabeta", "alphabeta_failsoft", "negamax"]

INF = math.inf


def minimax(game: Any, state: Any, depth: float = INF,
            evaluate: Callable[[Any], float] | None = None) -> tuple[Any, Any]:
    """Minimax value (MAX's view) and first best move; stands for ``search.minimax``.

    >>> from aisearch.games import fig5_2
    >>> minimax(fig5_2, fig5_2.initial)
    (3, 0)
    """
    if game.is_terminal(state):
        return game.utility(state, MAX), None
    if depth == 0:
        return evaluate(state), None  # type: ignore[misc]
    maximizing = game.to_move(state) == MAX
    best_value, best_move = (-INF if maximizing else INF), None
    for move in game.moves(state):
        value, _ = minimax(game, game.result(state, move), depth - 1, evaluate)
        if best_move is None or (value > best_value if maximizing else value < best_value):
            best_value, best_move = value, move
    return best_value, best_move


def alphabeta(game: Any, state: Any, depth: float = INF,
              evaluate: Callable[[Any], float] | None = None,
              alpha: float = -INF, beta: float = INF) -> tuple[Any, Any]:
    """Pearl's AB(n; α, β), fail-hard; stands for ``alphabeta`` and ``pearl_ab``.

    >>> from aisearch.games import fig5_2
    >>> alphabeta(fig5_2, fig5_2.initial)
    (3, 0)
    """
    if game.is_terminal(state):  # 1. a tip returns its own value
        return game.utility(state, MAX), None
    if depth == 0:
        return evaluate(state), None  # type: ignore[misc]
    best_move = None
    if game.to_move(state) == MAX:
        for move in game.moves(state):
            value, _ = alphabeta(game, game.result(state, move), depth - 1, evaluate, alpha, beta)
            if best_move is None or value > alpha:  # 2. alpha <- max(alpha, AB(nk))
                alpha, best_move = max(alpha, value), move
            if alpha >= beta:  # 3. a beta cut-off
                return beta, best_move
        return alpha, best_move  # 4.
    for move in game.moves(state):
        value, _ = alphabeta(game, game.result(state, move), depth - 1, evaluate, alpha, beta)
        if best_move is None or value < beta:  # 2'. beta <- min(beta, AB(nk))
            beta, best_move = min(beta, value), move
        if beta <= alpha:  # 3'. an alpha cut-off
            return alpha, best_move
    return beta, best_move  # 4'.


def alphabeta_failsoft(game: Any, state: Any, depth: float = INF,
                       evaluate: Callable[[Any], float] | None = None,
                       alpha: float = -INF, beta: float = INF) -> tuple[Any, Any]:
    """Alpha-beta, fail-soft: returns the best value found, even outside (alpha, beta).

    >>> from aisearch.games import fig5_2
    >>> alphabeta_failsoft(fig5_2, fig5_2.initial)
    (3, 0)
    """
    if game.is_terminal(state):
        return game.utility(state, MAX), None
    if depth == 0:
        return evaluate(state), None  # type: ignore[misc]
    maximizing = game.to_move(state) == MAX
    best_value, best_move = (-INF if maximizing else INF), None
    for move in game.moves(state):
        value, _ = alphabeta_failsoft(game, game.result(state, move), depth - 1, evaluate,
                                      alpha, beta)
        if best_move is None or (value > best_value if maximizing else value < best_value):
            best_value, best_move = value, move
        if maximizing:
            alpha = max(alpha, best_value)
        else:
            beta = min(beta, best_value)
        if alpha >= beta:  # a beta cut-off at MAX, an alpha cut-off at MIN
            break
    return best_value, best_move


def negamax(game: Any, state: Any, depth: float = INF,
            evaluate: Callable[[Any], float] | None = None,
            alpha: float = -INF, beta: float = INF) -> tuple[Any, Any]:
    """Alpha-beta in negamax form; the value is from the view of the player to move.

    >>> from aisearch.games import fig5_2
    >>> negamax(fig5_2, fig5_2.initial)
    (3, 0)
    """
    player = game.to_move(state)
    sign = 1 if player == MAX else -1
    if game.is_terminal(state):
        return sign * game.utility(state, MAX), None
    if depth == 0:
        return sign * evaluate(state), None  # type: ignore[misc]
    best_value, best_move = -INF, None
    for move in game.moves(state):
        child = game.result(state, move)
        if game.to_move(child) == player:  # the same player moves again: no negation
            value, _ = negamax(game, child, depth - 1, evaluate, alpha, beta)
        else:
            value = -negamax(game, child, depth - 1, evaluate, -beta, -alpha)[0]
        if best_move is None or value > best_value:
            best_value, best_move = value, move
        alpha = max(alpha, best_value)
        if alpha >= beta:
            break
    return best_value, best_move
