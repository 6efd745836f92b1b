"""Lesson 06 in plain sight: expectiminimax, and Ballard's Star1 and Star2.

- :func:`expectiminimax`: minimax with chance nodes, which back up the expectation
  ``sum(p * value)`` over their outcomes (Nilsson 12.6's DICE player);
- :func:`star1`: alpha-beta at MAX and MIN nodes (fail-soft), and at a chance node the
  window of Ballard (1983): with every value in ``[low, high]``, the outcomes not searched
  yet are worth at least ``low`` and at most ``high``, which bounds the expectation;
- :func:`star2`: Star1 after a *probing* phase: the first move of each outcome that is a MAX
  (MIN) node gives a lower (upper) bound on its value, which may settle the expectation
  before any outcome is searched in full; a probed value is not searched again.

They stand for the package's ``expectiminimax``, ``star1`` and ``star2`` (searched with
``fastest_wins=False``): the same values and moves, the same states generated in the same
order (``tests/search/test_plain_chance.py``). Star1 and Star2 agree with the package on
trees whose probabilities are sums of powers of 1/2 and whose values are integers, where
every window is computed exactly. With other probabilities (1/6) the package sums the bounds
with ``math.fsum`` and, where rounding kept a bound from cutting as it should, searches the
outcome again; these plain versions do not, so a window may differ in its last bit. Star2 is
the longest plain algorithm of the course (its two phases are what Ballard describes).

Examples
--------
>>> from aisearch.games.chance_trees import dice_tree
>>> expectiminimax(dice_tree, dice_tree.initial)
(3.5, 'b')
>>> star1(dice_tree, dice_tree.initial, 0, 9)
(3.5, 'b')
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from aisearch.core import CHANCE, MAX

__all__ = ["expectiminimax", "star1", "star2"]

INF = math.inf

Evaluate = Callable[[Any], float] | None


def expectiminimax(game: Any, state: Any, depth: float = INF,
                   evaluate: Evaluate = None) -> tuple[Any, Any]:
    """Expectiminimax value (MAX's view) and first best move; a chance node counts as a ply.

    >>> from aisearch.games.chance_trees import scale_tree
    >>> expectiminimax(scale_tree((2, 3, 1, 4)), ())
    (2.1, 'a1')
    """
    if game.is_terminal(state):
        return game.utility(state, MAX), None
    if depth == 0:
        return evaluate(state), None  # type: ignore[misc]
    player = game.to_move(state)
    if player == CHANCE:  # the expectation over the outcomes
        return sum(p * expectiminimax(game, game.result(state, outcome), depth - 1, evaluate)[0]
                   for outcome, p in game.chance_outcomes(state)), None
    best, best_move = (-INF if player == MAX else INF), None
    for move in game.moves(state):
        value, _ = expectiminimax(game, game.result(state, move), depth - 1, evaluate)
        if best_move is None or (value > best if player == MAX else value < best):
            best, best_move = value, move
    return best, best_move


def star1(game: Any, state: Any, low: float, high: float, depth: float = INF,
          evaluate: Evaluate = None, alpha: float = -INF, beta: float = INF) -> tuple[Any, Any]:
    """Expectiminimax with Star1 cut-offs at chance nodes; every value lies in [low, high].

    >>> from aisearch.games.chance_trees import scale_tree
    >>> star1(scale_tree((2, 3, 1, 4)), (), 0, 5)
    (2.1, 'a1')
    """
    if game.is_terminal(state):
        return game.utility(state, MAX), None
    if depth == 0:
        return evaluate(state), None  # type: ignore[misc]
    player = game.to_move(state)
    if player == CHANCE:
        s, left = 0, 1  # s: sum of p * v over the outcomes searched; left: their p still to come
        for outcome, p in game.chance_outcomes(state):
            if s + high * left <= alpha:  # even if the rest are worth high: fail low
                return s + high * left, None
            if s + low * left >= beta:  # even if the rest are worth low: fail high
                return s + low * left, None
            a = (alpha - s - high * (left - p)) / p  # this outcome's window (A_i, B_i)
            b = (beta - s - low * (left - p)) / p
            v, _ = star1(game, game.result(state, outcome), low, high, depth - 1, evaluate,
                         max(a, low), min(b, high))
            s, left = s + p * v, left - p
        return s, None
    best, best_move = (-INF if player == MAX else INF), None
    for move in game.moves(state):  # alpha-beta, fail-soft
        v, _ = star1(game, game.result(state, move), low, high, depth - 1, evaluate, alpha, beta)
        if best_move is None or (v > best if player == MAX else v < best):
            best, best_move = v, move
        if player == MAX:
            alpha = max(alpha, best)
        else:
            beta = min(beta, best)
        if alpha >= beta:
            break
    return best, best_move


def star2(game: Any, state: Any, low: float, high: float, depth: float = INF,
          evaluate: Evaluate = None, alpha: float = -INF, beta: float = INF,
          first: Any = None) -> tuple[Any, Any]:
    """Star1 with probing: at a chance node, each outcome's first move bounds it first.

    ``first`` is the value of this node's first move when a probe has found it.

    >>> from aisearch.games.chance_trees import scale_tree
    >>> star2(scale_tree((2, 3, 1, 4)), (), 0, 5)
    (2.1, 'a1')
    """
    if game.is_terminal(state):
        return game.utility(state, MAX), None
    if depth == 0:
        return evaluate(state), None  # type: ignore[misc]
    player = game.to_move(state)
    if player != CHANCE:  # alpha-beta, fail-soft; a probed first move is not searched again
        moves, best, best_move = game.moves(state), (-INF if player == MAX else INF), None
        for move in moves:
            v = first if move == moves[0] and first is not None else star2(
                game, game.result(state, move), low, high, depth - 1, evaluate, alpha, beta)[0]
            if best_move is None or (v > best if player == MAX else v < best):
                best, best_move = v, move
            if player == MAX:
                alpha = max(alpha, best)
            else:
                beta = min(beta, best)
            if alpha >= beta:
                break
        return best, best_move
    outcomes = game.chance_outcomes(state)
    n, ps = len(outcomes), [p for _, p in outcomes]
    lo, hi, value, firsts = [low] * n, [high] * n, [None] * n, [None] * n

    def others(i: int, bound: list) -> float:  # sum of p * bound over the outcomes but i
        return math.fsum(bound[j] * ps[j] for j in range(n) if j != i)

    def decided() -> float | None:  # the expectation's bound, if it is outside the window
        lower, upper = others(-1, lo), others(-1, hi)
        return upper if upper <= alpha else lower if lower >= beta else None

    if (bound := decided()) is not None:
        return bound, None
    for i, (outcome, p) in enumerate(outcomes):  # 1. probing
        child = game.result(state, outcome)
        if game.is_terminal(child) or depth == 1:  # a tip: its value, once
            value[i] = lo[i] = hi[i] = star2(game, child, low, high, depth - 1, evaluate)[0]
        elif game.to_move(child) == MAX:  # its first move: a lower bound on it
            b = (beta - others(i, lo)) / p
            v, _ = star2(game, game.result(child, game.moves(child)[0]), low, high, depth - 2,
                         evaluate, -INF, b if b <= high else INF)
            lo[i], firsts[i] = max(lo[i], v), v if v < b or b > high else None
        elif game.to_move(child) != CHANCE:  # MIN: an upper bound
            a = (alpha - others(i, hi)) / p
            v, _ = star2(game, game.result(child, game.moves(child)[0]), low, high, depth - 2,
                         evaluate, a if a >= low else -INF, INF)
            hi[i], firsts[i] = min(hi[i], v), v if v > a or a < low else None
        else:
            continue
        if (bound := decided()) is not None:
            return bound, None
    for i, (outcome, p) in enumerate(outcomes):  # 2. Star1, with the probes' bounds
        if value[i] is None:
            a = max((alpha - others(i, hi)) / p, low)
            b = min((beta - others(i, lo)) / p, high)
            v, _ = star2(game, game.result(state, outcome), low, high, depth - 1, evaluate, a,
                         b, firsts[i])
            if v <= a and a > low:  # failed low: at most v
                hi[i] = min(hi[i], v)
            elif v >= b and b < high:  # failed high: at least v
                lo[i] = max(lo[i], v)
            else:
                value[i] = lo[i] = hi[i] = v
        if (i < n - 1 or value[i] is None) and (bound := decided()) is not None:
            return bound, None
        if value[i] is None:  # a bound that should have cut, but rounding kept the sum
            value[i] = star2(game, game.result(state, outcome), low, high, depth - 1,
                             evaluate)[0]
    return sum(p * v for p, v in zip(ps, value, strict=True)), None
