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

All four return :class:`~aisearch.core.Decision` with the value from MAX's point of view,
and with ``prune_on_equal=True`` they evaluate exactly the same tips.

Each is written out in full, leaf rule and counting included, so that ``show_source``
shows a student the whole algorithm next to its pseudocode, and so that the hot path makes
no extra calls; the repetition between them is deliberate.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from aisearch.core import CHANCE, MAX, Decision, Game
from aisearch.search.common import (
    UNBOUNDED,
    chance_error,
    check_args,
    deep_recursion,
    finish,
    no_evaluate,
    per_node,
)
from aisearch.trace import Backup, Cut, Enter, Exit, Leaf

if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = ["alphabeta", "alphabeta_failsoft", "negamax", "pearl_ab"]

INF = float("inf")
SHOWN = UNBOUNDED // 2  # depths above this are shown as None (unbounded) in events


def alphabeta(
    game: Game, state: Any, depth: int | None = None, *, evaluate: Any = None, order: Any = None,
    prune_on_equal: bool = True, tracer: Any = None,
) -> Decision:
    """Alpha-beta search, fail-hard: the minimax decision without searching what cannot matter.

    Parameters are those of :func:`~aisearch.search.minimax`; ``prune_on_equal`` chooses
    the cut test ``alpha >= beta`` (True) or ``alpha > beta`` (False, as CS188 grades).

    Examples
    --------
    >>> from aisearch.games import fig5_2
    >>> d = alphabeta(fig5_2, fig5_2.initial)
    >>> d.value, d.move, d.stats.leaves
    (3, 0, 7)

    Notes
    -----
    Nilsson section 12.3; lesson ``03_alpha_beta``. Fail-hard: the value returned lies in
    [alpha, beta]; at the root, whose window is (-inf, +inf), it is the minimax value.
    """
    limit = check_args(game, state, depth, evaluate, order, prune_on_equal, tracer)
    to_move, moves, result = game.to_move, game.moves, game.result
    is_terminal, utility = game.is_terminal, game.utility
    evaluate = evaluate or no_evaluate
    trace = per_node(tracer)
    nodes = leaves = cutoffs = 0
    child_pv: tuple = ()

    def ab(s: Any, path: tuple, d: int, alpha: float, beta: float) -> float:
        nonlocal nodes, leaves, cutoffs, child_pv
        nodes += 1
        terminal = is_terminal(s)
        if trace:
            trace(Enter(path, to_move(s), None if d > SHOWN else d, alpha, beta, s))
        if terminal or d == 0:
            leaves += 1
            v = utility(s, MAX) if terminal else evaluate(s)
            if trace:
                trace(Leaf(path, v, terminal))
                trace(Exit(path, v))
            child_pv = ()
            return v
        ms = moves(s)
        if order:
            ms = tuple(order(s, ms))
        line: tuple = ()
        rest: Sequence = ()
        player = to_move(s)
        if player == MAX:  # alpha: the largest value found so far; never decreases
            for m in ms:
                v = ab(result(s, m), path + (m,) if trace else path, d - 1, alpha, beta)
                if v > alpha:
                    alpha, line = v, (m,) + child_pv
                elif not line:
                    line = (m,) + child_pv
                if trace:
                    trace(Backup(path, m, v, alpha, alpha, beta))
                if alpha >= beta and (prune_on_equal or alpha > beta):  # beta cut-off
                    value, rest = beta, ms[ms.index(m) + 1:]
                    break
            else:
                value = alpha
        elif player == CHANCE:
            raise chance_error("alphabeta", s)
        else:  # beta: the smallest value found so far; never increases
            for m in ms:
                v = ab(result(s, m), path + (m,) if trace else path, d - 1, alpha, beta)
                if v < beta:
                    beta, line = v, (m,) + child_pv
                elif not line:
                    line = (m,) + child_pv
                if trace:
                    trace(Backup(path, m, v, beta, alpha, beta))
                if beta <= alpha and (prune_on_equal or beta < alpha):  # alpha cut-off
                    value, rest = alpha, ms[ms.index(m) + 1:]
                    break
            else:
                value = beta
        if rest:
            cutoffs += 1
            if trace:
                trace(Cut(path, tuple(rest), alpha, beta, "beta" if player == MAX else "alpha"))
        if trace:
            trace(Exit(path, value))
        child_pv = line
        return value

    with deep_recursion():
        v = ab(state, (), limit, -INF, INF)
    return finish(v, child_pv[0] if child_pv else None, child_pv, nodes, leaves, cutoffs, tracer)


def alphabeta_failsoft(
    game: Game, state: Any, depth: int | None = None, *, evaluate: Any = None, order: Any = None,
    prune_on_equal: bool = True, tracer: Any = None,
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
    limit = check_args(game, state, depth, evaluate, order, prune_on_equal, tracer)
    to_move, moves, result = game.to_move, game.moves, game.result
    is_terminal, utility = game.is_terminal, game.utility
    evaluate = evaluate or no_evaluate
    trace = per_node(tracer)
    nodes = leaves = cutoffs = 0
    child_pv: tuple = ()

    def ab(s: Any, path: tuple, d: int, alpha: float, beta: float) -> float:
        nonlocal nodes, leaves, cutoffs, child_pv
        nodes += 1
        player = to_move(s)
        if trace:
            trace(Enter(path, player, None if d > SHOWN else d, alpha, beta, s))
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
            raise chance_error("alphabeta_failsoft", s)
        ms = moves(s)
        if order:
            ms = tuple(order(s, ms))
        maximizing = player == MAX
        best, line, kind = (-INF if maximizing else INF), (), ""
        for i, m in enumerate(ms):
            v = ab(result(s, m), path + (m,) if trace else path, d - 1, alpha, beta)
            if not line or (v > best if maximizing else v < best):
                best, line = v, (m,) + child_pv
            if maximizing:
                alpha = max(alpha, best)
                if alpha > beta or (prune_on_equal and alpha == beta):
                    kind = "beta"
            else:
                beta = min(beta, best)
                if beta < alpha or (prune_on_equal and beta == alpha):
                    kind = "alpha"
            if trace:
                trace(Backup(path, m, v, best, alpha, beta))
            if kind:
                if i + 1 < len(ms):
                    cutoffs += 1
                    if trace:
                        trace(Cut(path, tuple(ms[i + 1:]), alpha, beta, kind))
                break
        if trace:
            trace(Exit(path, best))
        child_pv = line
        return best

    with deep_recursion():
        v = ab(state, (), limit, -INF, INF)
    return finish(v, child_pv[0] if child_pv else None, child_pv, nodes, leaves, cutoffs, tracer)


def negamax(
    game: Game, state: Any, depth: int | None = None, *, evaluate: Any = None, order: Any = None,
    prune_on_equal: bool = True, tracer: Any = None,
) -> Decision:
    """Alpha-beta in negamax form (fail-soft): ``max(a, b) = -min(-a, -b)``.

    Inside, every node's value is from the view of its player to move; a parent negates
    a child's value and window when the turn passes (not when the same player moves
    twice, as in trees with consecutive MIN layers). The root converts to MAX's view, and
    trace events are reported from MAX's view like every other searcher.

    Examples
    --------
    >>> from aisearch.games import fig5_2
    >>> d = negamax(fig5_2, fig5_2.initial)
    >>> d.value, d.move, d.stats.leaves
    (3, 0, 7)
    """
    limit = check_args(game, state, depth, evaluate, order, prune_on_equal, tracer)
    to_move, moves, result = game.to_move, game.moves, game.result
    is_terminal, utility = game.is_terminal, game.utility
    evaluate = evaluate or no_evaluate
    trace = per_node(tracer)
    nodes = leaves = cutoffs = 0
    child_pv: tuple = ()

    def nm(s: Any, path: tuple, d: int, alpha: float, beta: float, player: int) -> float:
        nonlocal nodes, leaves, cutoffs, child_pv
        nodes += 1
        sign = 1 if player == MAX else -1
        if trace:  # events speak MAX's language: the window (a, b) of MIN is (-b, -a)
            window = (alpha, beta) if sign == 1 else (-beta, -alpha)
            trace(Enter(path, player, None if d > SHOWN else d, *window, s))
        terminal = is_terminal(s)
        if terminal or d == 0:
            leaves += 1
            v = utility(s, MAX) if terminal else evaluate(s)
            if trace:
                trace(Leaf(path, v, terminal))
                trace(Exit(path, v))
            child_pv = ()
            return sign * v
        if player == CHANCE:
            raise chance_error("negamax", s)
        ms = moves(s)
        if order:
            ms = tuple(order(s, ms))
        best, line = -INF, ()
        for i, m in enumerate(ms):
            child = result(s, m)
            mover = to_move(child)
            cpath = path + (m,) if trace else path
            if mover == player:  # the same player moves again: no negation
                v = nm(child, cpath, d - 1, alpha, beta, mover)
            else:
                v = -nm(child, cpath, d - 1, -beta, -alpha, mover)
            if v > best or not line:
                best, line = v, (m,) + child_pv
            if best > alpha:
                alpha = best
            if trace:
                low, high = (alpha, beta) if sign == 1 else (-beta, -alpha)
                trace(Backup(path, m, sign * v, sign * best, low, high))
            if alpha > beta or (prune_on_equal and alpha == beta):
                if i + 1 < len(ms):
                    cutoffs += 1
                    if trace:
                        kind = "beta" if sign == 1 else "alpha"
                        trace(Cut(path, tuple(ms[i + 1:]), low, high, kind))
                break
        if trace:
            trace(Exit(path, sign * best))
        child_pv = line
        return best

    with deep_recursion():
        root_player = game.to_move(state)
        v = nm(state, (), limit, -INF, INF, root_player)
    value = -v if root_player != MAX else v
    move = child_pv[0] if child_pv else None
    return finish(value, move, child_pv, nodes, leaves, cutoffs, tracer)


def pearl_ab(
    game: Game, state: Any, depth: int | None = None, *, evaluate: Any = None, order: Any = None,
    prune_on_equal: bool = True, tracer: Any = None,
) -> Decision:
    """Pearl's AB(n; alpha, beta), step for step (fail-hard).

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

    Examples
    --------
    >>> from aisearch.games import fig5_2
    >>> d = pearl_ab(fig5_2, fig5_2.initial)
    >>> d.value, d.move, d.stats.leaves
    (3, 0, 7)
    """
    limit = check_args(game, state, depth, evaluate, order, prune_on_equal, tracer)
    to_move, moves, result = game.to_move, game.moves, game.result
    is_terminal, utility = game.is_terminal, game.utility
    evaluate = evaluate or no_evaluate
    trace = per_node(tracer)
    nodes = leaves = cutoffs = 0
    child_pv: tuple = ()

    def cut(path: tuple, successors: Sequence, k: int, alpha: float, beta: float,
            kind: str) -> None:
        nonlocal cutoffs
        if k < len(successors):
            cutoffs += 1
            if trace:
                trace(Cut(path, tuple(successors[k:]), alpha, beta, kind))

    def AB(n: Any, path: tuple, d: int, alpha: float, beta: float) -> float:  # noqa: N802
        nonlocal nodes, leaves, child_pv
        nodes += 1
        player = to_move(n)
        if trace:
            trace(Enter(path, player, None if d > SHOWN else d, alpha, beta, n))
        # 1. at the depth bound (or the end of the game): the static value
        terminal = is_terminal(n)
        if terminal or d == 0:
            leaves += 1
            v = utility(n, MAX) if terminal else evaluate(n)
            if trace:
                trace(Leaf(path, v, terminal))
                trace(Exit(path, v))
            child_pv = ()
            return v
        if player == CHANCE:
            raise chance_error("pearl_ab", n)
        successors = moves(n)
        if order:
            successors = tuple(order(n, successors))
        line: tuple = ()
        k = 0
        if player == MAX:
            while True:
                m = successors[k]
                k += 1
                v = AB(result(n, m), path + (m,) if trace else path, d - 1, alpha, beta)  # 2.
                if v > alpha or not line:
                    line = (m,) + child_pv
                alpha = max(alpha, v)
                if trace:
                    trace(Backup(path, m, v, alpha, alpha, beta))
                if alpha > beta or (prune_on_equal and alpha == beta):  # 3.
                    cut(path, successors, k, alpha, beta, "beta")
                    value = beta
                    break
                if k == len(successors):  # 4.
                    value = alpha
                    break
        else:
            while True:
                m = successors[k]
                k += 1
                v = AB(result(n, m), path + (m,) if trace else path, d - 1, alpha, beta)  # 2'.
                if v < beta or not line:
                    line = (m,) + child_pv
                beta = min(beta, v)
                if trace:
                    trace(Backup(path, m, v, beta, alpha, beta))
                if beta < alpha or (prune_on_equal and beta == alpha):  # 3'.
                    cut(path, successors, k, alpha, beta, "alpha")
                    value = alpha
                    break
                if k == len(successors):  # 4'.
                    value = beta
                    break
        if trace:
            trace(Exit(path, value))
        child_pv = line
        return value

    with deep_recursion():
        v = AB(state, (), limit, -INF, INF)
    return finish(v, child_pv[0] if child_pv else None, child_pv, nodes, leaves, cutoffs, tracer)
