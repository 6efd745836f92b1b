"""Lesson 04 in plain sight, part 2: narrow windows.

- :func:`pvs`: principal variation search (NegaScout), the first move with the full window,
  every other move tested with a null window and searched again only if it is better;
- :func:`aspiration`: alpha-beta with a window around a guess, opened on the side it fails;
- :func:`mtdf`: MTD(f), null-window searches of the root with a transposition table,
  closing in on the value from a first guess; :func:`sss_star` is MTD(+inf), which evaluates
  the tips Stockman's SSS* evaluates, in the same order (Plaat et al. 1996).

A *null window* around ``x`` has nothing strictly inside: here ``(x, math.nextafter(x, inf))``,
the next float above ``x``. Each function stands for the package's searcher of the same
name, searched with ``fastest_wins=False`` (MTD(f) and SSS* with
``table=TranspositionTable(size=None, replace="always")``, a table that keeps the newest entry
as the plain dict does): same values and moves, the same states generated in the same order
(``tests/search/test_plain_efficiency.py``). :func:`aspiration` and :func:`mtdf` run the plain
alpha-beta searches of :mod:`~aisearch.search.plain.minimax` and
:mod:`~aisearch.search.plain.efficiency` at the root.

Examples
--------
>>> from aisearch.games import fig5_2
>>> pvs(fig5_2, fig5_2.initial), mtdf(fig5_2, fig5_2.initial), sss_star(fig5_2, fig5_2.initial)
((3, 0), (3, 0), (3, 0))
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from aisearch.core import MAX
from aisearch.search.plain.efficiency import alphabeta_tt
from aisearch.search.plain.minimax import alphabeta_failsoft

__all__ = ["pvs", "aspiration", "mtdf", "sss_star"]

INF = math.inf

Evaluate = Callable[[Any], float] | None


def pvs(game: Any, state: Any, depth: float = INF, evaluate: Evaluate = None,
        alpha: float = -INF, beta: float = INF) -> tuple[Any, Any]:
    """Principal variation search, fail-soft: is each move after the first better than the
    best so far? A null window asks; only a "yes" is searched again with (alpha, beta).

    >>> from aisearch.games import fig5_2
    >>> pvs(fig5_2, fig5_2.initial)
    (3, 0)
    """
    if game.is_terminal(state):
        return game.utility(state, MAX), None
    if depth == 0:
        return evaluate(state), None  # type: ignore[misc]
    maximizing = game.to_move(state) == MAX
    best, best_move = (-INF if maximizing else INF), None
    for move in game.moves(state):
        child = game.result(state, move)
        if best_move is None:  # the first move: the whole window
            value, _ = pvs(game, child, depth - 1, evaluate, alpha, beta)
        else:  # a null window: better than alpha (MAX), below beta (MIN)?
            null = (alpha, math.nextafter(alpha, INF)) if maximizing else (
                math.nextafter(beta, -INF), beta)
            value, _ = pvs(game, child, depth - 1, evaluate, *null)
            if alpha < value < beta and depth > 1:  # yes: search it again for its value
                value, _ = pvs(game, child, depth - 1, evaluate, alpha, beta)
        if best_move is None or (value > best if maximizing else value < best):
            best, best_move = value, move
        if maximizing:
            alpha = max(alpha, best)
        else:
            beta = min(beta, best)
        if alpha >= beta:
            break
    return best, best_move


def aspiration(game: Any, state: Any, depth: float, evaluate: Evaluate, guess: float,
               width: float) -> tuple[Any, Any]:
    """Alpha-beta in the window ``(guess - width, guess + width)``; a search that fails low
    (high) is done again with the window opened below (above).

    >>> from aisearch.games import fig5_2
    >>> aspiration(fig5_2, fig5_2.initial, 2, None, guess=10, width=2)  # fails low first
    (3, 0)
    """
    alpha, beta = guess - width, guess + width
    while True:
        value, move = alphabeta_failsoft(game, state, depth, evaluate, alpha, beta)
        if value <= alpha and alpha > -INF:  # failed low: the value is at most this
            alpha = -INF
        elif value >= beta and beta < INF:  # failed high: at least this
            beta = INF
        else:
            return value, move


def mtdf(game: Any, state: Any, depth: float = INF, evaluate: Evaluate = None,
         guess: float = 0) -> tuple[Any, Any]:
    """MTD(f): the value by null-window searches of the root alone, each asking "is the value
    at least gamma?", with a table that keeps what the earlier ones found.

    >>> from aisearch.games import fig5_2
    >>> mtdf(fig5_2, fig5_2.initial, guess=10)
    (3, 0)
    """
    table: dict[Any, tuple] = {}
    value, lower, upper, best = guess, -INF, INF, None
    maximizing = game.to_move(state) == MAX
    while lower < upper:
        gamma = value if value > lower else math.nextafter(lower, INF)
        value, move = alphabeta_tt(game, state, depth, evaluate, table,
                                   math.nextafter(gamma, -INF), gamma)
        if value < gamma:  # failed low: at most value
            upper = value
        else:  # failed high: at least value
            lower = value
        if (value >= gamma) == maximizing:  # this search proved its move the best
            best = move
    return value, move if best is None else best


def sss_star(game: Any, state: Any, depth: float = INF,
             evaluate: Evaluate = None) -> tuple[Any, Any]:
    """SSS* as MTD(+inf): every search asks whether the value reaches the last upper bound.

    >>> from aisearch.games import fig5_2
    >>> sss_star(fig5_2, fig5_2.initial)
    (3, 0)
    """
    return mtdf(game, state, depth, evaluate, guess=INF)
