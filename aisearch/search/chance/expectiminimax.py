"""Expectiminimax (기대값 최대화, expectimaxing): minimax with chance nodes.

Nilsson 12.6 treats the dice as a third player, DICE, whose turn comes between MAX's and
MIN's. A DICE (chance) node backs up neither the largest nor the smallest value of its
successors but their *expectation*, ``sum(p * value)`` over the outcomes; MAX and MIN nodes
back up as in minimax. MAX, MIN and chance nodes may come in any order, chance layers one
after another included; a chance node counts as a ply like any other node.

:func:`~aisearch.search.minimax` backs up chance nodes the same way, so the two agree
on values, moves and the states they generate (tested); this module names the algorithm as
the textbooks do and shows it with its own pseudocode. Under chance a win counts as its
payoff (an average has no distance, :mod:`aisearch.search.runtime.run`). Pruning at chance nodes
(Ballard's Star1 and Star2) is in :mod:`aisearch.search.chance.star`.

Examples
--------
>>> from aisearch.games import Chance, TreeGame
>>> game = TreeGame([Chance([(0.5, 4), (0.5, 0)]), Chance([(0.75, 2), (0.25, 3)])])
>>> d = expectiminimax(game, game.initial)
>>> d.value, d.move
(2.25, 1)
"""

from __future__ import annotations

from typing import Any

from aisearch.core import CHANCE, MAX, MIN, Evaluate, Game, Order
from aisearch.results import Decision
from aisearch.search.registry import searcher
from aisearch.search.runtime import INF, WON, Run
from aisearch.trace.events import TracerLike

__all__ = ["expectiminimax"]

PSEUDOCODE = """
function EXPECTIMINIMAX(n, depth)                          @enter
  if n is terminal: return UTILITY(n)                      @terminal
  if depth = 0: return EVAL(n)                             @eval
  if n is a CHANCE node (DICE moves):
    total ← 0
    for each outcome c of n, with probability P(c):
      total ← total + P(c) · EXPECTIMINIMAX(c, depth − 1)  @backup_chance
    return total                                           @chance
  if n is a MAX node:
    best ← −∞
    for each successor c of n:
      best ← max(best, EXPECTIMINIMAX(c, depth − 1))       @backup_max
    return best                                            @exit_max
  else (n is a MIN node):
    best ← +∞
    for each successor c of n:
      best ← min(best, EXPECTIMINIMAX(c, depth − 1))       @backup_min
    return best                                            @exit_min
"""


@searcher(title="expectiminimax", pseudocode=PSEUDOCODE, chance=True)
def expectiminimax(
    game: Game, state: Any, depth: int | None = None, *, evaluate: Evaluate | None = None,
    order: Order | None = None, prune_on_equal: bool = True, fastest_wins: bool = True,
    tracer: TracerLike | None = None,
) -> Decision:
    """Expectiminimax value and first best move: max at MAX, min at MIN, expectation at chance.

    Parameters
    ----------
    game : Game
        The rules; chance states list their outcomes with ``chance_outcomes(s)``.
    state : state of ``game``
        The root.
    depth : int or None
        Plies to search (a chance node is a ply); ``None`` searches to terminal states.
    evaluate : callable, optional
        ``evaluate(state) -> float`` from MAX's point of view, used at the depth bound. Under
        chance its *scale* matters, not only its order: it should be proportional to the
        expected payoff (lesson 06).
    order : callable, optional
        ``order(state, moves) -> moves`` reorders MAX's and MIN's moves (never outcomes).
    prune_on_equal : bool
        Accepted for a uniform signature; expectiminimax never prunes.
    fastest_wins : bool
        Score a win nearer the root above a farther one where no chance node lies between
        (:mod:`aisearch.search.runtime.run`); under chance a win counts as its payoff.
    tracer : callable, optional
        Receives :mod:`aisearch.trace` events; a chance node reports one ``Backup`` per
        outcome (the running sum as ``best``) and an ``Expectation``.

    Returns
    -------
    Decision
        ``value`` (MAX's view, an expectation), ``move`` (first best), ``pv`` (it stops at the
        first chance node: what follows depends on the dice), ``stats`` (``chance_nodes``
        counts the chance nodes).

    Examples
    --------
    >>> from aisearch.games.chance_trees import dice_tree
    >>> d = expectiminimax(dice_tree, dice_tree.initial)
    >>> d.value, d.move, d.stats.chance_nodes
    (3.5, 'b', 2)

    Notes
    -----
    Nilsson section 12.6 (Fig 12.8's DICE player; Michie 1966 named *expectimax*); lesson
    ``06_games_of_chance``.
    """
    run = Run(expectiminimax, game, state, depth, evaluate=evaluate, order=order,
              prune_on_equal=prune_on_equal, fastest_wins=fastest_wins, tracer=tracer)
    is_terminal, to_move, result, moves = run.is_terminal, run.to_move, run.result, run.moves
    utility, evaluation, outcomes, decode = run.utility, run.evaluation, run.outcomes, run.decode
    expected, scored = run.expected, run.sources.fastest  # (scored: wins by their distance)
    trace = run.trace  # bookkeeping

    def value(s, d):
        if is_terminal(s):
            return utility(s, d), ()
        if d == 0:
            return evaluation(s, d), ()
        player = to_move(s)
        if player == CHANCE:  # the expectation over the outcomes
            total = 0.0
            seen = [] if trace else None  # bookkeeping
            for m, p in outcomes(s):
                v, _ = value(result(s, m), d - 1)
                # a win counts its payoff (scored by its distance, it is decoded)
                total += p * (decode(v) if scored and not -WON < v < WON else v)
                if trace:
                    seen.append((m, p, v))
                    trace.backup(m, v, total)
            if trace:
                trace.expectation(seen, total)
            return (total if -INF < total < INF else expected(total, s, d)), ()
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
