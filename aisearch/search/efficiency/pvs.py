"""Principal variation search (PVS, NegaScout) and the null windows it tests with.

Alpha-beta cuts more the narrower its window (alpha, beta). The narrowest, a *null window*
(널 창, zero or scout window), asks one yes/no question: "is the value above this?".
:func:`pvs` (Marsland & Campbell 1982, Reinefeld 1983) searches the first move with the full
window and every other with a null window around the best so far; only a move that fails
high (better after all) is searched again for its value. The other searchers with windows
are aspiration windows and MTD(f) (:mod:`~aisearch.search.efficiency.windows`) and SSS*
(:mod:`~aisearch.search.efficiency.sss`).

Null windows on real numbers: the window just above ``x`` is ``(x, above(x))``, where
``above(x)`` is the next float (``math.nextafter``); no value lies strictly inside it.

Examples
--------
>>> from aisearch.games import TicTacToe
>>> game = TicTacToe()
>>> pvs(game, game.initial, 4, evaluate=game.nilsson_eval).value
1
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from aisearch.core import MAX, Evaluate, Game, Order
from aisearch.results import Decision
from aisearch.search.efficiency.table_search import (
    EXACT,
    LOWER,
    UPPER,
    TranspositionTable,
    decide_with_table,
    table_first,
    table_steps,
)
from aisearch.search.registry import searcher
from aisearch.search.runtime import INF, Run
from aisearch.trace.events import Research, TracerLike

__all__ = ["pvs", "pvs_core", "above", "below", "null_window"]


def above(x: float) -> float:
    """The next float above ``x``: ``(x, above(x))`` is the null window just above ``x``.

    >>> above(3) > 3, above(3) - 3 < 1e-12
    (True, True)
    """
    return math.nextafter(x, INF)


def below(x: float) -> float:
    """The next float below ``x``."""
    return math.nextafter(x, -INF)


def null_window(alpha: float, beta: float, maximizing: bool) -> tuple[float, float]:
    """The null window that asks whether a child beats the best so far: just above alpha
    at a MAX node, just below beta at a MIN node.

    >>> null_window(2, 9, True) == (2, above(2)), null_window(2, 9, False) == (below(9), 9)
    (True, True)
    """
    return (alpha, above(alpha)) if maximizing else (below(beta), beta)


def pvs_core(run: Run, table: TranspositionTable | None) -> Callable[..., tuple[Any, tuple]]:
    """The recursive core of :func:`pvs`: ``core(s, d, alpha, beta) -> (value, pv)``.

    Like :func:`~aisearch.search.efficiency.table_search.alphabeta_core` (fail-soft, with the
    table), but
    every move after the first is tested with a null window, and searched again with the
    node's window only if it fails high (at a MIN node: low), i.e. is better after all.
    """
    is_terminal, to_move, result, moves = run.is_terminal, run.to_move, run.result, run.moves
    utility, evaluation, cut, cutoff = run.utility, run.evaluation, run.cut, run.cutoff
    probe, record = table_steps(run, table)
    extend, requiesce = run.extend, run.leaf_rule is not None  # (a leaf rule with a window)
    trace, decode, more = run.trace, run.decode, run.more  # bookkeeping
    nextafter = math.nextafter

    def pvs(s, d, alpha, beta):
        if is_terminal(s):
            return utility(s, d), ()
        if d == 0:
            return evaluation(s, d, alpha, beta), ()
        known, settled = probe(s, d, alpha, beta)
        if settled:
            return known[0], () if known[3] is None else (known[3],)  # value, line
        ms = moves(s, d) if known is None else table_first(moves(s, d), known)
        maximizing, alpha0, beta0 = to_move(s) == MAX, alpha, beta
        best, line = (-INF if maximizing else INF), None
        for m in ms:
            child = result(s, m)
            e = d - 1 + (extend(s, m, child, d) if extend else 0)  # its depth
            if line is None:  # the first move: the whole window
                v, pv = pvs(child, e, alpha, beta)
            else:  # the others: a null window, "is it better than the best so far?"
                # (null_window(alpha, beta, maximizing), written out: it runs at every node)
                v, pv = (pvs(child, e, alpha, nextafter(alpha, INF)) if maximizing
                         else pvs(child, e, nextafter(beta, -INF), beta))
                # it is: search it again for its value (a tip's value is exact, unless
                # quiescence search, which bounds it too, is below)
                if alpha < v < beta and (e > 0 or requiesce):
                    more["researches"] = more.get("researches", 0) + 1  # bookkeeping
                    if trace:
                        trace.note(Research, move=m, alpha=decode(alpha), beta=decode(beta),
                                   reason="fail high" if maximizing else "fail low")
                    v, pv = pvs(child, e, alpha, beta)
            if (v > best if maximizing else v < best) or line is None:
                best, line = v, (m,) + pv
            if maximizing:
                if best > alpha:  # (max(alpha, best), without the call)
                    alpha = best
            elif best < beta:
                beta = best
            if trace:
                trace.backup(m, v, best, alpha, beta)
            if cut(alpha, beta):
                cutoff(s, ms, m, d)
                break
        bound = UPPER if best <= alpha0 else LOWER if best >= beta0 else EXACT
        record(s, d, best, bound, line[0])
        return best, line

    pvs = run.traced(pvs)  # bookkeeping
    return pvs


_PVS = """
function PVS(n, depth, α, β)              (NegaScout), fail-soft       @enter
  if n is terminal: return UTILITY(n)                                  @terminal
  if depth = 0: return EVAL(n)                                         @eval
  look n up in the table (settles it, or gives the move to try first)  @tablehit
  first successor c1: v ← PVS(c1, depth − 1, α, β)                     @backup
  each other successor c (MAX node; at a MIN node mirror it):
    v ← PVS(c, depth − 1, α, α⁺)        null window: better than α?
    if α < v < β: v ← PVS(c, depth − 1, α, β)   search again           @research
    best ← max(best, v);  α ← max(α, best)                            @backup_next
    if α ≥ β: break                     (cut-off)                      @cut
  store best in the table, flagged by (α, β) on entry                  @tablestore
  return best                                                          @exit
"""


@searcher(title="principal variation search (NegaScout)", pseudocode=_PVS, windowed=True)
def pvs(
    game: Game, state: Any, depth: int | None = None, *, evaluate: Evaluate | None = None,
    order: Order | None = None, table: TranspositionTable | None = None,
    window: tuple[float, float] = (-INF, INF), prune_on_equal: bool = True,
    fastest_wins: bool = True, tracer: TracerLike | None = None, quiescence: int | None = None,
    extensions: tuple[str, ...] = (), singular_margin: float = 1.0,
) -> Decision:
    """Principal variation search: null windows for every move but the first.

    Parameters are those of :func:`~aisearch.search.alphabeta_tt` (``table`` optional).
    ``stats.researches`` counts the moves searched again; a recording shows each as a
    ``Research`` event at the parent, then a second visit of the child.

    Examples
    --------
    >>> from aisearch.games import fig5_2
    >>> d = pvs(fig5_2, fig5_2.initial)
    >>> d.value, d.move, d.stats.leaves
    (3, 0, 7)
    """
    return decide_with_table(pvs, pvs_core, game, state, depth, evaluate=evaluate, order=order,
                             table=table, window=window, prune_on_equal=prune_on_equal,
                             fastest_wins=fastest_wins, tracer=tracer, quiescence=quiescence,
                             extensions=extensions, singular_margin=singular_margin)
