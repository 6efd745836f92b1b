"""Lesson 05 in plain sight: quiescence search.

:func:`quiesce` is the package's quiescence search (``search.quiescence`` with
``max_depth=None``) without its counting, tracing, move ordering and depth cap: the tests
check that it returns the same value and generates the same states on random trees with
noisy nodes, from any window. :func:`quiesce_in_check` adds the rule chess programs add: a
side **in check may not stand pat** (declining every capture is no answer to a check), so it
must search every move that gets it out of check, quiet ones included.

The package's quiescence search lets a side in check stand pat like any other: on a game
with no ``in_check`` the two plain functions and the package's agree exactly (tested); where
the side to move is in check they differ, and the tests compare :func:`quiesce_in_check`
with a search of the same tree without pruning. Counting checks as noisy moves
(``Chess(checks_noisy=True)``) can make :func:`quiesce_in_check` run for ever on a perpetual
check: the package's ``max_depth`` is the cap these plain versions leave out.

Examples
--------
>>> from aisearch.games import TreeGame
>>> game = TreeGame([[5, -3], 2], noisy=[(0,), (0, 1)])
>>> quiesce(game, (), {(): 1, (0,): 4}.get)
1
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from aisearch.core import MAX

__all__ = ["quiesce", "quiesce_in_check"]

INF = math.inf


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


def quiesce_in_check(game: Any, state: Any, evaluate: Callable[[Any], float],
                     alpha: float = -INF, beta: float = INF) -> Any:
    """Quiescence search in which a side in check may not stand pat: it searches every move.

    Elsewhere it is :func:`quiesce`. ``game.in_check(state)`` says whether the player to move
    is in check (as ``Chess`` does); a checkmated side has no moves, and the game scores it.

    >>> from aisearch.games import Chess
    >>> game = Chess()
    >>> s = Chess.parse("k3r3/8/6p1/7Q/8/8/8/4K3 w - - 0 1")  # Re8+; g6 attacks the queen

    Standing pat, White keeps the queen (+3); in check it must move, and the best it has is
    ``Qe2 Rxe2+ Kxe2``, a queen for a rook (-1):

    >>> quiesce(game, s, game.material_eval), quiesce_in_check(game, s, game.material_eval)
    (3, -1)
    """
    if game.is_terminal(state):
        return game.utility(state, MAX)
    maximizing = game.to_move(state) == MAX
    if game.in_check(state):  # no stand pat: every move that answers the check
        best, moves = (-INF if maximizing else INF), game.moves(state)
    else:
        best, moves = evaluate(state), game.noisy_moves(state)  # stand pat, then captures
        alpha, beta = (max(alpha, best), beta) if maximizing else (alpha, min(beta, best))
        if alpha >= beta:
            return best
    for move in moves:
        value = quiesce_in_check(game, game.result(state, move), evaluate, alpha, beta)
        if maximizing:
            best = max(best, value)
            alpha = max(alpha, best)
        else:
            best = min(best, value)
            beta = min(beta, best)
        if alpha >= beta:
            break
    return best
