"""The searchers in plain sight: each algorithm in a dozen lines, read at a glance.

The package's searchers (:mod:`aisearch.search.minimax`, :mod:`aisearch.search.alphabeta`)
also check their arguments, count, report events to a tracer, score a quicker win higher
and return a principal variation. The functions here do none of that: each is the textbook
algorithm alone, a recursive function returning ``(value, move)``, written for reading
next to its pseudocode (the lessons show them beside ``show_source`` of the package's).

They search the textbook way (the package's ``fastest_wins=False``: every win alike), cut
when alpha >= beta (``prune_on_equal=True``), search moves in ``game.moves`` order and keep
the first best move. ``tests/search/test_plain.py`` proves that each one returns the value
and move of the package's searcher it stands for and generates the same states, in the
same order, on random trees, tic-tac-toe and the two robots; :func:`quiesce` (lesson 05)
returns the value of ``search.quiescence`` and generates the same states on random trees
with noisy nodes, from any window.

``depth`` counts plies, and ``math.inf`` (the default) searches to the end of the game;
``evaluate(state)`` scores a position at the depth bound from MAX's point of view.

Examples
--------
>>> from aisearch.games import fig5_2
>>> minimax(fig5_2, fig5_2.initial), alphabeta(fig5_2, fig5_2.initial)
((3, 0), (3, 0))
>>> sorted(PLAIN)
['alphabeta', 'alphabeta_failsoft', 'minimax', 'negamax', 'quiesce']
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from aisearch.core import MAX

__all__ = ["minimax", "alphabeta", "alphabeta_failsoft", "negamax", "quiesce", "PLAIN",
           "STANDS_FOR"]

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


def quiesce(game: Any, state: Any, evaluate: Callable[[Any], float], alpha: float = -INF,
            beta: float = INF) -> Any:
    """Quiescence search, fail-soft: stand pat, then noisy moves only; the value alone.

    Stands for ``search.quiescence`` (``max_depth=None``). A terminal state is worth its
    utility; any other is worth at least ``evaluate(state)`` to MAX (at most, to MIN), the
    *stand-pat* value, and the moves of ``game.noisy_moves(state)`` are searched to see
    whether one of them does better.

    >>> from aisearch.games import TreeGame
    >>> game = TreeGame([[5, -3], 2], noisy=[(0,), (0, 1)])
    >>> quiesce(game, (), {(): 1, (0,): 4}.get)
    1
    """
    if game.is_terminal(state):
        return game.utility(state, MAX)
    best = evaluate(state)  # stand pat: the player to move may decline every capture
    maximizing = game.to_move(state) == MAX
    alpha, beta = (max(alpha, best), beta) if maximizing else (alpha, min(beta, best))
    if alpha >= beta:  # the stand-pat value alone cuts off
        return best
    for move in game.noisy_moves(state):
        value = quiesce(game, game.result(state, move), evaluate, alpha, beta)
        if maximizing:
            best = max(best, value)
            alpha = max(alpha, best)
        else:
            best = min(best, value)
            beta = min(beta, best)
        if alpha >= beta:
            break
    return best


PLAIN: dict[str, Callable[..., Any]] = {
    "minimax": minimax, "alphabeta": alphabeta, "alphabeta_failsoft": alphabeta_failsoft,
    "negamax": negamax, "quiesce": quiesce}
"""The plain searchers by name."""

STANDS_FOR: dict[str, tuple[str, ...]] = {
    "minimax": ("minimax",), "alphabeta": ("alphabeta", "pearl_ab"),
    "alphabeta_failsoft": ("alphabeta_failsoft",), "negamax": ("negamax",)}
"""Each plain searcher -> the package searchers it must agree with (tested)."""
