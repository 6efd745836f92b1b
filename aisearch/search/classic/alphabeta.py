"""Alpha-beta (알파 베타 방법) in four textbook forms that must agree.

- :func:`alphabeta`: fail-hard, MAX/MIN form; values stay inside the window.
- :func:`alphabeta_failsoft`: fail-soft (aima-python's form); a node may return a
  value outside its window, a tighter bound.
- :func:`negamax`: alpha-beta in negamax form; every node maximises from the view of
  the player to move, the parent negates.
- :func:`pearl_ab`: Pearl's AB(n; alpha, beta), step for step (Pearl 1984, p. 234).

Nilsson's rules (section 12.3): the *alpha* of a MAX node is the largest backed-up value
of its successors so far, the *beta* of a MIN node the smallest. Search stops below a
MIN node whose beta <= the alpha of a MAX ancestor (an alpha cut-off) and below a MAX
node whose alpha >= the beta of a MIN ancestor (a beta cut-off).

All four return :class:`~aisearch.results.Decision` with the value from MAX's point of
view, and with ``prune_on_equal=True`` they evaluate exactly the same tips. Each core is
the recursive function inside, returning ``(value, principal variation)``; the lines
marked ``# bookkeeping`` and the ``if trace:`` lines only count and report, and
:func:`aisearch.notebook.show_source` leaves them out.
"""

from __future__ import annotations

from typing import Any

from aisearch.core import MAX, MIN, Evaluate, Game, Order
from aisearch.results import Decision
from aisearch.search.horizon.quiescence import quiescent
from aisearch.search.registry import searcher
from aisearch.search.runtime import INF, Run
from aisearch.trace.events import TracerLike

__all__ = ["alphabeta", "alphabeta_failsoft", "negamax", "pearl_ab"]

_ALPHABETA = """
function ALPHABETA(n, depth, α, β)          fail-hard       @enter
  if n is terminal: return UTILITY(n)                       @terminal
  if depth = 0: return EVAL(n)                              @eval
  if n is a MAX node:
    for each successor c of n:
      α ← max(α, ALPHABETA(c, depth − 1, α, β))             @backup_max
      if α ≥ β: return β         (β cut-off: MIN above will not come here)   @cut_beta
    return α                                                @exit_max
  else (n is a MIN node):
    for each successor c of n:
      β ← min(β, ALPHABETA(c, depth − 1, α, β))             @backup_min
      if β ≤ α: return α         (α cut-off: MAX above will not come here)   @cut_alpha
    return β                                                @exit_min
"""

_FAILSOFT = """
function ALPHABETA(n, depth, α, β)          fail-soft       @enter
  if n is terminal: return UTILITY(n)                       @terminal
  if depth = 0: return EVAL(n)                              @eval
  if n is a MAX node:
    best ← −∞
    for each successor c of n:
      best ← max(best, ALPHABETA(c, depth − 1, α, β))       @backup_max
      α ← max(α, best)
      if α ≥ β: return best      (β cut-off)                @cut_beta
    return best                                             @exit_max
  else (n is a MIN node):
    best ← +∞
    for each successor c of n:
      best ← min(best, ALPHABETA(c, depth − 1, α, β))       @backup_min
      β ← min(β, best)
      if β ≤ α: return best      (α cut-off)                @cut_alpha
    return best                                             @exit_min
"""

_NEGAMAX = """
function NEGAMAX(n, depth, α, β)    values from the view of the player to move   @enter
  if n is terminal: return sign(n) · UTILITY(n)             @terminal
  if depth = 0: return sign(n) · EVAL(n)                    @eval
  best ← −∞
  for each successor c of n:
    v ← −NEGAMAX(c, depth − 1, −β, −α)
    best ← max(best, v);  α ← max(α, best)                  @backup
    if α ≥ β: return best        (cut-off)                  @cut
  return best                                               @exit
sign(n) = +1 at MAX nodes, −1 at MIN nodes; the widget shows every value from MAX's view.
"""

_PEARL = """
AB(n; α, β)                          Pearl (1984), fail-hard  @enter
1.  if n is at the depth bound (or terminal), return f(n);   @leaf
    otherwise let n1..nb be the successors of n, k ← 1;
    if n is MAX go to 2, else go to 2'.
2.  α ← max(α, AB(nk; α, β))                                 @backup_max
3.  if α ≥ β return β, else continue                         @cut_beta
4.  if k = b return α, else k ← k + 1 and go to 2            @exit_max
2'. β ← min(β, AB(nk; α, β))                                 @backup_min
3'. if β ≤ α return α, else continue                         @cut_alpha
4'. if k = b return β, else k ← k + 1 and go to 2'           @exit_min
Top call: AB(s; −∞, +∞).
"""


@searcher(title="alpha-beta, fail-hard", pseudocode=_ALPHABETA, windowed=True)
def alphabeta(
    game: Game, state: Any, depth: int | None = None, *, evaluate: Evaluate | None = None,
    order: Order | None = None, prune_on_equal: bool = True, fastest_wins: bool = True,
    tracer: TracerLike | None = None, quiescence: int | None = None,
) -> Decision:
    """Alpha-beta search, fail-hard: the minimax decision without searching what cannot matter.

    Parameters are those of :func:`~aisearch.search.minimax`; ``prune_on_equal`` chooses
    the cut test ``alpha >= beta`` (True) or ``alpha > beta`` (False, as CS188 grades; with
    it, CS188's graded state lists are those of :func:`alphabeta_failsoft`: this fail-hard
    form may generate more states, with the same value and move).
    ``quiescence=k`` runs a quiescence search of at most ``k`` plies at the depth bound, with
    the node's window (:mod:`aisearch.search.runtime.run`); every alpha-beta form takes it.

    Examples
    --------
    >>> from aisearch.games import fig5_2
    >>> d = alphabeta(fig5_2, fig5_2.initial)
    >>> d.value, d.move, d.stats.leaves
    (3, 0, 7)

    Notes
    -----
    Nilsson section 12.3; lesson ``03_alpha_beta``. Fail-hard: an inner node returns a
    value in [alpha, beta] (a tip returns its own value, which may lie outside); at the
    root, whose window is (-inf, +inf), it is the minimax value.
    """
    run = Run(alphabeta, game, state, depth, evaluate=evaluate, order=order,
              prune_on_equal=prune_on_equal, fastest_wins=fastest_wins, tracer=tracer,
              leaf_rule=quiescent(quiescence))
    is_terminal, to_move, result, moves = run.is_terminal, run.to_move, run.result, run.moves
    utility, evaluation, cut, cutoff = run.utility, run.evaluation, run.cut, run.cutoff
    trace = run.trace  # bookkeeping

    def ab(s, d, alpha, beta):
        if is_terminal(s):
            return utility(s, d), ()
        if d == 0:
            return evaluation(s, d, alpha, beta), ()
        ms, line, player = moves(s), None, to_move(s)
        if player == MAX:
            for m in ms:
                v, pv = ab(result(s, m), d - 1, alpha, beta)
                if v > alpha:
                    alpha, line = v, (m,) + pv
                elif line is None:
                    line = (m,) + pv
                if trace:
                    trace.backup(m, v, alpha, alpha, beta)
                if cut(alpha, beta):  # a β cut-off
                    cutoff(s, ms, m, d)
                    return beta, line
            return alpha, line
        if player != MIN:  # bookkeeping
            run.not_a_player(s)
        for m in ms:
            v, pv = ab(result(s, m), d - 1, alpha, beta)
            if v < beta:
                beta, line = v, (m,) + pv
            elif line is None:
                line = (m,) + pv
            if trace:
                trace.backup(m, v, beta, alpha, beta)
            if cut(alpha, beta):  # an α cut-off
                cutoff(s, ms, m, d)
                return alpha, line
        return beta, line

    ab = run.traced(ab)  # bookkeeping
    v, pv = run.search(ab, -INF, INF)
    return run.finish(v, pv)


@searcher(title="alpha-beta, fail-soft", pseudocode=_FAILSOFT, windowed=True)
def alphabeta_failsoft(
    game: Game, state: Any, depth: int | None = None, *, evaluate: Evaluate | None = None,
    order: Order | None = None, prune_on_equal: bool = True, fastest_wins: bool = True,
    tracer: TracerLike | None = None, quiescence: int | None = None,
) -> Decision:
    """Alpha-beta search, fail-soft (aima-python's ``alpha_beta_search``).

    A node backs up its best value even when that lies outside (alpha, beta): a failed
    search returns a bound tighter than alpha or beta, which transposition tables and
    MTD(f) use.

    Examples
    --------
    >>> from aisearch.games import fig5_2
    >>> d = alphabeta_failsoft(fig5_2, fig5_2.initial)
    >>> d.value, d.move, d.stats.leaves
    (3, 0, 7)
    """
    run = Run(alphabeta_failsoft, game, state, depth, evaluate=evaluate, order=order,
              prune_on_equal=prune_on_equal, fastest_wins=fastest_wins, tracer=tracer,
              leaf_rule=quiescent(quiescence))
    is_terminal, to_move, result, moves = run.is_terminal, run.to_move, run.result, run.moves
    utility, evaluation, cut, cutoff = run.utility, run.evaluation, run.cut, run.cutoff
    trace = run.trace  # bookkeeping

    def ab(s, d, alpha, beta):
        if is_terminal(s):
            return utility(s, d), ()
        if d == 0:
            return evaluation(s, d, alpha, beta), ()
        ms, line, player = moves(s), None, to_move(s)
        maximizing = player == MAX
        if not maximizing and player != MIN:  # bookkeeping
            run.not_a_player(s)
        best = -INF if maximizing else INF
        for m in ms:
            v, pv = ab(result(s, m), d - 1, alpha, beta)
            if (v > best if maximizing else v < best) or line is None:
                best, line = v, (m,) + pv
            if maximizing:
                alpha = max(alpha, best)
            else:
                beta = min(beta, best)
            if trace:
                trace.backup(m, v, best, alpha, beta)
            if cut(alpha, beta):  # β cut at MAX, α cut at MIN
                cutoff(s, ms, m, d)
                break
        return best, line

    ab = run.traced(ab)  # bookkeeping
    v, pv = run.search(ab, -INF, INF)
    return run.finish(v, pv)


@searcher(title="alpha-beta, negamax form", pseudocode=_NEGAMAX, windowed=True)
def negamax(
    game: Game, state: Any, depth: int | None = None, *, evaluate: Evaluate | None = None,
    order: Order | None = None, prune_on_equal: bool = True, fastest_wins: bool = True,
    tracer: TracerLike | None = None, quiescence: int | None = None,
) -> Decision:
    """Alpha-beta in negamax form (fail-soft): ``max(a, b) = -min(-a, -b)``.

    Inside, every node's value is from the view of its player to move; a parent negates
    a child's value and window when the turn passes (not when the same player moves
    twice, as in trees with consecutive MIN layers). The root converts to MAX's view, and
    trace events are reported from MAX's view like every other searcher. It asks
    ``to_move`` at terminal states too (for the sign of their value), so a game must name a
    player there.

    Examples
    --------
    >>> from aisearch.games import fig5_2
    >>> d = negamax(fig5_2, fig5_2.initial)
    >>> d.value, d.move, d.stats.leaves
    (3, 0, 7)
    """
    run = Run(negamax, game, state, depth, mover_view=True, evaluate=evaluate, order=order,
              prune_on_equal=prune_on_equal, fastest_wins=fastest_wins, tracer=tracer,
              leaf_rule=quiescent(quiescence))
    is_terminal, to_move, result, moves = run.is_terminal, run.to_move, run.result, run.moves
    utility, evaluation, cut, cutoff = run.utility, run.evaluation, run.cut, run.cutoff
    trace = run.trace  # bookkeeping

    def nm(s, d, alpha, beta, player):
        if player != MAX and player != MIN:  # bookkeeping
            run.not_a_player(s)
        sign = 1 if player == MAX else -1
        if is_terminal(s):
            return sign * utility(s, d), ()
        if d == 0:
            return sign * evaluation(s, d, alpha, beta), ()
        ms, line = moves(s), None
        best = -INF
        for m in ms:
            child = result(s, m)
            mover = to_move(child)
            if mover == player:  # the same player moves again: no negation
                v, pv = nm(child, d - 1, alpha, beta, mover)
            else:
                v, pv = nm(child, d - 1, -beta, -alpha, mover)
                v = -v
            if v > best or line is None:
                best, line = v, (m,) + pv
            alpha = max(alpha, best)
            if trace:
                trace.backup(m, v, best, alpha, beta, player)
            if cut(alpha, beta):
                cutoff(s, ms, m, d)
                break
        return best, line

    nm = run.traced(nm)  # bookkeeping
    root = to_move(state)
    v, pv = run.search(nm, -INF, INF, root)
    return run.finish(v if root == MAX else -v, pv)


@searcher(title="Pearl's AB(n; α, β)", pseudocode=_PEARL, windowed=True)
def pearl_ab(
    game: Game, state: Any, depth: int | None = None, *, evaluate: Evaluate | None = None,
    order: Order | None = None, prune_on_equal: bool = True, fastest_wins: bool = True,
    tracer: TracerLike | None = None, quiescence: int | None = None,
) -> Decision:
    """Pearl's AB(n; alpha, beta), step for step (fail-hard inside the tree).

    ::

        1.  If n is at the depth bound, return the static evaluation of n. Otherwise
            let n1..nb be the (ordered) successors of n, k <- 1; MAX: go to 2, MIN: 2'.
        2.  alpha <- max(alpha, AB(nk; alpha, beta))
        3.  if alpha >= beta return beta, else continue
        4.  if k = b return alpha, else k <- k + 1 and go to 2
        2'. beta <- min(beta, AB(nk; alpha, beta))
        3'. if beta <= alpha return alpha, else continue
        4'. if k = b return beta, else k <- k + 1 and go to 2'
        Top call: AB(s; -inf, +inf).

    With ``prune_on_equal=False`` steps 3 and 3' test ``alpha > beta`` and ``beta < alpha``.
    Step 1 returns a tip's own value, which may lie outside (alpha, beta); steps 3-4 and
    3'-4' return a value inside it.

    Examples
    --------
    >>> from aisearch.games import fig5_2
    >>> d = pearl_ab(fig5_2, fig5_2.initial)
    >>> d.value, d.move, d.stats.leaves
    (3, 0, 7)
    """
    run = Run(pearl_ab, game, state, depth, evaluate=evaluate, order=order,
              prune_on_equal=prune_on_equal, fastest_wins=fastest_wins, tracer=tracer,
              leaf_rule=quiescent(quiescence))
    is_terminal, to_move, result, moves = run.is_terminal, run.to_move, run.result, run.moves
    utility, evaluation, cut, cutoff = run.utility, run.evaluation, run.cut, run.cutoff
    trace = run.trace  # bookkeeping

    def AB(n, d, alpha, beta):  # noqa: N802
        # 1. at the depth bound (or the end of the game): the static value
        if is_terminal(n):
            return utility(n, d), ()
        if d == 0:
            return evaluation(n, d, alpha, beta), ()
        successors, line = moves(n), None
        player = to_move(n)
        if player == MAX:
            for nk in successors:  # k = 1, 2, ..., b
                v, pv = AB(result(n, nk), d - 1, alpha, beta)  # 2.
                if v > alpha or line is None:
                    line = (nk,) + pv
                alpha = max(alpha, v)
                if trace:
                    trace.backup(nk, v, alpha, alpha, beta)
                if cut(alpha, beta):  # 3.
                    cutoff(n, successors, nk, d)
                    return beta, line
            return alpha, line  # 4. (k = b)
        if player != MIN:  # bookkeeping
            run.not_a_player(n)
        for nk in successors:
            v, pv = AB(result(n, nk), d - 1, alpha, beta)  # 2'.
            if v < beta or line is None:
                line = (nk,) + pv
            beta = min(beta, v)
            if trace:
                trace.backup(nk, v, beta, alpha, beta)
            if cut(alpha, beta):  # 3'.
                cutoff(n, successors, nk, d)
                return alpha, line
        return beta, line  # 4'. (k = b).

    AB = run.traced(AB)  # noqa: N806  # bookkeeping
    v, pv = run.search(AB, -INF, INF)
    return run.finish(v, pv)
