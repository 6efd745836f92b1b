"""Minimax (최대최소 방법): back up the maximum at MAX nodes and the minimum at MIN nodes.

At chance nodes the backed-up value is the expectation ``sum(p * value)``
(expectiminimax, Nilsson 12.6), so the same function searches games of chance.
"""

from __future__ import annotations

from typing import Any

from aisearch.core import CHANCE, MAX, Decision, Game
from aisearch.search.common import (
    UNBOUNDED,
    check_args,
    deep_recursion,
    finish,
    no_evaluate,
    per_node,
)
from aisearch.trace import Backup, Chance, Enter, Exit, Leaf

__all__ = ["minimax"]

INF = float("inf")


def minimax(
    game: Game, state: Any, depth: int | None = None, *, evaluate: Any = None, order: Any = None,
    prune_on_equal: bool = True, tracer: Any = None,
) -> Decision:
    """Minimax value and first best move, searching every node down to ``depth`` plies.

    Parameters
    ----------
    game : Game
        The rules.
    state : state of ``game``
        The root.
    depth : int or None
        Plies to search; ``None`` searches to terminal states.
    evaluate : callable, optional
        ``evaluate(state) -> float`` from MAX's point of view, used at the depth bound.
    order : callable, optional
        ``order(state, moves) -> moves`` reorders moves before they are searched.
    prune_on_equal : bool
        Accepted for a uniform signature; minimax never prunes.
    tracer : callable, optional
        Receives :mod:`aisearch.trace` events.

    Returns
    -------
    Decision
        ``value`` (MAX's view), ``move`` (first best), ``pv``, ``stats``.

    Examples
    --------
    >>> from aisearch.games import fig5_2
    >>> minimax(fig5_2, fig5_2.initial)
    Decision(value=3, move=0, pv=(0, 0), stats=Stats(nodes=13, leaves=9, cutoffs=0))

    Notes
    -----
    Nilsson section 12.2; lesson ``02_minimax``. A MAX node's value is the largest of its
    successors' values, a MIN node's the smallest; at a chance node, their expectation.
    """
    limit = check_args(game, state, depth, evaluate, order, prune_on_equal, tracer)
    to_move, moves, result = game.to_move, game.moves, game.result
    is_terminal, utility = game.is_terminal, game.utility
    evaluate = evaluate or no_evaluate
    trace = per_node(tracer)
    nodes = leaves = 0
    child_pv: tuple = ()

    def value(s: Any, path: tuple, d: int) -> float:
        nonlocal nodes, leaves, child_pv
        nodes += 1
        player = to_move(s)
        if trace:
            trace(Enter(path, player, None if d >= UNBOUNDED - 1000 else d, -INF, INF, s))
        terminal = is_terminal(s)
        if terminal or d == 0:
            leaves += 1
            v = utility(s, MAX) if terminal else evaluate(s)
            if trace:
                trace(Leaf(path, v, terminal))
                trace(Exit(path, v))
            child_pv = ()
            return v
        if player == CHANCE:
            total, seen = 0.0, []
            for m, p in game.chance_outcomes(s):
                v = value(result(s, m), path + (m,) if trace else path, d - 1)
                total += p * v
                seen.append((m, p, v))
            if trace:
                trace(Chance(path, tuple(seen), total))
                trace(Exit(path, total))
            child_pv = ()
            return total
        best, line = (-INF if player == MAX else INF), ()
        ms = moves(s)
        for m in (order(s, ms) if order else ms):
            v = value(result(s, m), path + (m,) if trace else path, d - 1)
            if not line or ((v > best) if player == MAX else (v < best)):
                best, line = v, (m,) + child_pv
            if trace:
                trace(Backup(path, m, v, best, -INF, INF))
        if trace:
            trace(Exit(path, best))
        child_pv = line
        return best

    with deep_recursion():
        v = value(state, (), limit)
    pv = child_pv
    return finish(v, pv[0] if pv else None, pv, nodes, leaves, 0, tracer)
