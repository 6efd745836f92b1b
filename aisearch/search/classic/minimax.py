"""Minimax (최대최소 방법): back up the maximum at MAX nodes and the minimum at MIN nodes.

At chance nodes the backed-up value is the expectation ``sum(p * value)``
(expectiminimax, Nilsson 12.6), so the same function searches games of chance.
"""

from __future__ import annotations

from typing import Any

from aisearch.core import CHANCE, MAX, MIN, Evaluate, Game, Order
from aisearch.results import Decision
from aisearch.search.registry import searcher
from aisearch.search.runtime import INF, Run
from aisearch.trace.events import TracerLike

__all__ = ["minimax"]

PSEUDOCODE = """
function MINIMAX(n, depth)                                 @enter
  if n is terminal: return UTILITY(n)                      @terminal
  if depth = 0: return EVAL(n)                             @eval
  if n is a CHANCE node:
    return Σ P(c) · MINIMAX(c, depth − 1) over outcomes c   @chance
  if n is a MAX node:
    best ← −∞
    for each successor c of n:
      best ← max(best, MINIMAX(c, depth − 1))              @backup_max
    return best                                            @exit_max
  else (n is a MIN node):
    best ← +∞
    for each successor c of n:
      best ← min(best, MINIMAX(c, depth − 1))              @backup_min
    return best                                            @exit_min
"""


@searcher(title="minimax", pseudocode=PSEUDOCODE, chance=True)
def minimax(
    game: Game, state: Any, depth: int | None = None, *, evaluate: Evaluate | None = None,
    order: Order | None = None, prune_on_equal: bool = True, fastest_wins: bool = True,
    tracer: TracerLike | None = None,
) -> Decision:
    """Minimax value and first best move, searching every node down to ``depth`` plies.

    Parameters
    ----------
    game : Game
        The rules.
    state : state of ``game``
        The root.
    depth : int or None
        Plies to search; ``None`` searches to terminal states. A search costs about
        ``b**depth`` nodes for ``b`` moves a position, and nothing stops it early: see *Big
        searches* in :mod:`aisearch.search.runtime` for a depth a game affords and for
        searches under a budget.
    evaluate : callable, optional
        ``evaluate(state) -> float`` from MAX's point of view, used at the depth bound.
    order : callable, optional
        ``order(state, moves) -> moves`` reorders moves before they are searched.
    prune_on_equal : bool
        Accepted for a uniform signature; minimax never prunes.
    fastest_wins : bool
        Score a win nearer the root above a farther one (:mod:`aisearch.search.runtime.run`).
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
    run = Run(minimax, game, state, depth, evaluate=evaluate, order=order,
              prune_on_equal=prune_on_equal, fastest_wins=fastest_wins, tracer=tracer)
    is_terminal, to_move, result, moves = run.is_terminal, run.to_move, run.result, run.moves
    utility, evaluation, decode = run.utility, run.evaluation, run.decode
    trace = run.trace  # bookkeeping

    def value(s, d):
        if is_terminal(s):
            return utility(s, d), ()
        if d == 0:
            return evaluation(s, d), ()
        player = to_move(s)
        if player == CHANCE:  # expectiminimax: the probability-weighted average
            total, seen = 0.0, []
            for m, p in run.outcomes(s):
                v, _ = value(result(s, m), d - 1)
                total += p * decode(v)  # a win under chance counts as its payoff
                seen.append((m, p, v))  # bookkeeping
            if trace:
                trace.expectation(seen, total)
            return run.expected(total, s, d), ()
        line = None
        if player == MAX:
            best = -INF
            for m in moves(s):
                v, pv = value(result(s, m), d - 1)
                if v > best or line is None:
                    best, line = v, (m,) + pv
                if trace:
                    trace.backup(m, v, best)
            return best, line
        if player != MIN:  # bookkeeping
            run.not_a_player(s)
        best = INF
        for m in moves(s):
            v, pv = value(result(s, m), d - 1)
            if v < best or line is None:
                best, line = v, (m,) + pv
            if trace:
                trace.backup(m, v, best)
        return best, line

    value = run.traced(value)  # bookkeeping
    v, pv = run.search(value)
    return run.finish(v, pv)
