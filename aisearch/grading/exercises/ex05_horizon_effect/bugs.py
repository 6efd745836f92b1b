"""Known wrong answers of exercise 05, one named function per bug, and the right ones.

:func:`quiesce` is a complete quiescence search in the exercise's API,
``quiesce(game, state, alpha, beta, evaluate) -> value``: fail-soft alpha-beta that stands
pat (a MAX node is worth at least ``evaluate(state)``, a MIN node at most) and then searches
only ``game.noisy_moves(state)``, in that order, cutting when alpha >= beta; a terminal
state is worth ``game.utility(state, MAX)``. :func:`search_quiescent` is fail-soft
alpha-beta to ``depth`` plies that calls :func:`quiesce` with its window where the depth
runs out. They generate and evaluate exactly what :func:`aisearch.search.quiescence` and
``alphabeta_failsoft(..., quiescence=...)`` do with ``fastest_wins=False`` (the tests prove
it). Every other function has exactly one bug, marked ``# the bug``.

Examples
--------
>>> from aisearch.games import TreeGame
>>> game = TreeGame([[5, -3], 2], noisy=[(0,), (0, 1)])
>>> quiesce(game, (), -INF, INF, {(): 1, (0,): 4}.get)
1
>>> search_quiescent(game, (), 1, {(): 1, (0,): 4}.get)
(2, 1)
>>> [bug.key for bug in QUIESCE_BUGS][:3]
['no-stand-pat', 'quiet-moves', 'stand-pat-side']
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from aisearch.core import MAX
from aisearch.grading.recognise import Bug, BugClass, catalogue, shows
from aisearch.grading.search_checks import DEPTH_OFF_BY_ONE, EVALUATES_TERMINALS, VALUE_FOR_MOVE

__all__ = ["quiesce", "search_quiescent", "QUIESCE_BUGS", "SEARCH_BUGS", "CATALOGUE",
           "REFERENCES"]

INF = math.inf

NO_STAND_PAT = BugClass(
    "no-stand-pat", "no stand-pat: the player to move may decline every capture, so a "
    "non-terminal state is worth at least evaluate(state) to MAX (at most to MIN) before any "
    "noisy move is searched. Start best at evaluate(state), not at -inf / +inf, and keep it "
    "when the noisy moves are all worse.")
QUIET_MOVES = BugClass(
    "quiet-moves", "quiet moves searched: quiescence search follows only "
    "game.noisy_moves(state) (captures, promotions), never the other moves of "
    "game.moves(state); that is what makes it stop at quiet positions.")
STAND_PAT_SIDE = BugClass(
    "stand-pat-side", "stand-pat from the wrong side's view: evaluate(state) is from MAX's "
    "point of view at every node. At a MAX node the stand-pat value raises alpha and cuts when "
    "it reaches beta; at a MIN node it lowers beta and cuts when it falls to alpha. Do not "
    "negate it, and do not treat a MIN node as MAX.")
WINDOW = BugClass(
    "window-not-carried", "the window is not carried: pass the current alpha and beta (raised "
    "or lowered by the stand-pat value and by each noisy move searched) to every recursive "
    "call, not a fresh (-inf, +inf).")
STAND_PAT_BOUND = BugClass(
    "stand-pat-not-a-bound", "the stand-pat value does not move the window: at a MAX node "
    "alpha = max(alpha, evaluate(state)), at a MIN node beta = min(beta, evaluate(state)), "
    "before the noisy moves are searched, so that they are searched with the narrower window.")
NO_STAND_PAT_CUT = BugClass(
    "no-stand-pat-cut", "no cut-off on the stand-pat value: when evaluate(state) already "
    "reaches beta at a MAX node (falls to alpha at a MIN node), return it at once, without "
    "generating any noisy move.")
FAIL_HARD = BugClass(
    "fail-hard", "fail-hard: the exercise asks for fail-soft quiescence, which returns the "
    "best value found (the stand-pat value or a noisy move's) even when it lies outside "
    "(alpha, beta); do not clamp it to alpha or beta.")
NO_QUIESCENCE = BugClass(
    "no-quiescence", "no quiescence at the depth bound: where depth reaches 0 at a non-terminal "
    "state, return quiesce(game, state, alpha, beta, evaluate), not evaluate(state).")
WINDOW_INTO_QUIESCENCE = BugClass(
    "window-into-quiescence", "the window is not carried into quiescence: at the depth bound "
    "call quiesce with the current alpha and beta, not with (-inf, +inf), so that it cuts off "
    "what cannot change the result.")
QUIESCENCE_AT_ROOT_ONLY = BugClass(
    "quiesce-everywhere", "quiescence called above the depth bound: search every move of "
    "game.moves(state) while depth > 0 and call quiesce only where depth reaches 0.")


# -- the right ones ----------------------------------------------------------------------
def quiesce(game: Any, state: Any, alpha: float, beta: float,
            evaluate: Callable[[Any], float]) -> float:
    """Fail-soft quiescence value of ``state`` (MAX's view) within ``(alpha, beta)``.

    >>> from aisearch.games import TreeGame
    >>> game = TreeGame([[5, -3], 2], noisy=[(0,)])
    >>> quiesce(game, (), -INF, INF, {(): 1, (0,): 4}.get)
    4
    """
    if game.is_terminal(state):
        return game.utility(state, MAX)
    best = evaluate(state)  # stand pat: the player to move may stop here
    maximizing = game.to_move(state) == MAX
    if maximizing:
        alpha = max(alpha, best)
    else:
        beta = min(beta, best)
    if alpha >= beta:
        return best
    for move in game.noisy_moves(state):
        value = quiesce(game, game.result(state, move), alpha, beta, evaluate)
        if maximizing:
            best = max(best, value)
            alpha = max(alpha, best)
        else:
            best = min(best, value)
            beta = min(beta, best)
        if alpha >= beta:
            break
    return best


def _search(q: Callable[..., float]) -> Callable[..., tuple[Any, Any]]:
    """Fail-soft alpha-beta that calls ``q`` with its window at the depth bound."""

    def search(game: Any, state: Any, depth: int, evaluate: Any, alpha: float = -INF,
               beta: float = INF) -> tuple[Any, Any]:
        if game.is_terminal(state):
            return game.utility(state, MAX), None
        if depth == 0:
            return q(game, state, alpha, beta, evaluate), None
        maximizing = game.to_move(state) == MAX
        best_value, best_move = (-INF if maximizing else INF), None
        for move in game.moves(state):
            value, _ = search(game, game.result(state, move), depth - 1, evaluate, alpha, beta)
            if best_move is None or (value > best_value if maximizing else value < best_value):
                best_value, best_move = value, move
            if maximizing:
                alpha = max(alpha, best_value)
            else:
                beta = min(beta, best_value)
            if alpha >= beta:
                break
        return best_value, best_move

    return search


def search_quiescent(game: Any, state: Any, depth: int, evaluate: Callable[[Any], float],
                     alpha: float = -INF, beta: float = INF) -> tuple[Any, Any]:
    """Fail-soft alpha-beta to ``depth`` plies with :func:`quiesce` at the bound.

    >>> from aisearch.games import TreeGame
    >>> game = TreeGame([[5, -3], 2], noisy=[(0, 1)])
    >>> search_quiescent(game, (), 1, {(0,): 4}.get)
    (2, 1)
    """
    return _search(quiesce)(game, state, depth, evaluate, alpha, beta)


# -- quiesce, wrong ----------------------------------------------------------------------
def _quiesce_with(*, stand_pat: bool = True, moves: str = "noisy", side: str = "right",
                  carry: bool = True, bound: bool = True, cut: bool = True,
                  hard: bool = False, terminal_first: bool = True) -> Callable[..., float]:
    """A quiescence search with one of its rules changed (the bug functions below say which)."""

    def q(game: Any, state: Any, alpha: float, beta: float, evaluate: Any) -> float:
        a0, b0 = alpha, beta
        if terminal_first and game.is_terminal(state):
            return game.utility(state, MAX)
        if not terminal_first:
            stand = evaluate(state)
            if game.is_terminal(state):
                return stand
        maximizing = game.to_move(state) == MAX
        follow = game.noisy_moves(state) if moves == "noisy" else game.moves(state)
        if stand_pat:
            best = stand if not terminal_first else evaluate(state)
            if side == "negated" and not maximizing:
                best = -best
            as_max = maximizing or side == "as-max"
            if bound:
                if as_max:
                    alpha = max(alpha, best)
                else:
                    beta = min(beta, best)
            if cut and (alpha >= beta if bound else (best >= beta if as_max else best <= alpha)):
                return _clamp(best, a0, b0) if hard else best
        elif not follow:
            return evaluate(state)
        else:
            best = -INF if maximizing else INF
        for move in follow:
            child = game.result(state, move)
            value = q(game, child, alpha, beta, evaluate) if carry else q(
                game, child, -INF, INF, evaluate)
            if maximizing:
                best = max(best, value)
                alpha = max(alpha, best)
            else:
                best = min(best, value)
                beta = min(beta, best)
            if alpha >= beta:
                break
        return _clamp(best, a0, b0) if hard else best

    return q


def _clamp(value: float, alpha: float, beta: float) -> float:
    return min(max(value, alpha), beta)


_NO_STAND_PAT = _quiesce_with(stand_pat=False)
_QUIET = _quiesce_with(moves="all")
_NEGATED = _quiesce_with(side="negated")
_AS_MAX = _quiesce_with(side="as-max")
_FRESH = _quiesce_with(carry=False)
_UNBOUND = _quiesce_with(bound=False)
_NO_CUT = _quiesce_with(cut=False)
_HARD = _quiesce_with(hard=True)
_EVAL_FIRST = _quiesce_with(terminal_first=False)


@shows(NO_STAND_PAT)
def no_stand_pat(game: Any, state: Any, alpha: float, beta: float, evaluate: Any) -> float:
    """Evaluates only quiet states; a state with captures must take one of them."""
    return _NO_STAND_PAT(game, state, alpha, beta, evaluate)  # the bug: best starts at -inf


@shows(QUIET_MOVES)
def quiet_moves_searched(game: Any, state: Any, alpha: float, beta: float,
                         evaluate: Any) -> float:
    """Searches every move, not only the noisy ones."""
    return _QUIET(game, state, alpha, beta, evaluate)  # the bug: game.moves, not noisy_moves


@shows(STAND_PAT_SIDE)
def stand_pat_negated(game: Any, state: Any, alpha: float, beta: float,
                      evaluate: Any) -> float:
    """Negates the stand-pat value at MIN nodes (the player to move's view)."""
    return _NEGATED(game, state, alpha, beta, evaluate)  # the bug: -evaluate(state) at MIN


@shows(STAND_PAT_SIDE)
def stand_pat_as_max(game: Any, state: Any, alpha: float, beta: float,
                     evaluate: Any) -> float:
    """Stands pat at a MIN node as MAX would: raises alpha, cuts when it reaches beta."""
    return _AS_MAX(game, state, alpha, beta, evaluate)  # the bug: MIN's stand-pat moves alpha


@shows(WINDOW)
def window_not_carried(game: Any, state: Any, alpha: float, beta: float,
                       evaluate: Any) -> float:
    """Searches each noisy move with a fresh window (-inf, +inf)."""
    return _FRESH(game, state, alpha, beta, evaluate)  # the bug: children get (-inf, inf)


@shows(STAND_PAT_BOUND)
def stand_pat_not_a_bound(game: Any, state: Any, alpha: float, beta: float,
                          evaluate: Any) -> float:
    """Cuts on the stand-pat value but does not raise alpha (lower beta) with it."""
    return _UNBOUND(game, state, alpha, beta, evaluate)  # the bug: the window stays as given


@shows(NO_STAND_PAT_CUT)
def no_stand_pat_cut(game: Any, state: Any, alpha: float, beta: float,
                     evaluate: Any) -> float:
    """Moves the window with the stand-pat value but never returns on it."""
    return _NO_CUT(game, state, alpha, beta, evaluate)  # the bug: no return when alpha >= beta


@shows(FAIL_HARD)
def fail_hard(game: Any, state: Any, alpha: float, beta: float, evaluate: Any) -> float:
    """Returns values clamped to the window it was given."""
    return _HARD(game, state, alpha, beta, evaluate)  # the bug: min(max(best, alpha), beta)


@shows(EVALUATES_TERMINALS)
def evaluates_before_terminal(game: Any, state: Any, alpha: float, beta: float,
                              evaluate: Any) -> float:
    """Calls evaluate before checking for the end of the game."""
    return _EVAL_FIRST(game, state, alpha, beta, evaluate)  # the bug: evaluate(terminal)


# -- search_quiescent, wrong -------------------------------------------------------------
def _evaluate_at_bound(game: Any, state: Any, alpha: float, beta: float, evaluate: Any) -> Any:
    return evaluate(state)


def _quiesce_full_window(game: Any, state: Any, alpha: float, beta: float,
                         evaluate: Any) -> float:
    return quiesce(game, state, -INF, INF, evaluate)


@shows(NO_QUIESCENCE)
def no_quiescence(game: Any, state: Any, depth: int, evaluate: Any) -> tuple[Any, Any]:
    """Plain alpha-beta: evaluates at the depth bound."""
    return _search(_evaluate_at_bound)(game, state, depth, evaluate)  # the bug


@shows(WINDOW_INTO_QUIESCENCE)
def full_window_quiescence(game: Any, state: Any, depth: int, evaluate: Any
                           ) -> tuple[Any, Any]:
    """Calls quiesce with (-inf, +inf) at the depth bound."""
    return _search(_quiesce_full_window)(game, state, depth, evaluate)  # the bug


@shows(NO_STAND_PAT)
def search_without_stand_pat(game: Any, state: Any, depth: int, evaluate: Any
                             ) -> tuple[Any, Any]:
    """The search is right; its quiescence does not stand pat."""
    return _search(_NO_STAND_PAT)(game, state, depth, evaluate)  # the bug: in quiesce


@shows(STAND_PAT_SIDE)
def search_stand_pat_negated(game: Any, state: Any, depth: int, evaluate: Any
                             ) -> tuple[Any, Any]:
    """The search is right; its quiescence negates the stand-pat value at MIN nodes."""
    return _search(_NEGATED)(game, state, depth, evaluate)  # the bug: in quiesce


@shows(VALUE_FOR_MOVE)
def value_for_move(game: Any, state: Any, depth: int, evaluate: Any) -> Any:
    """Returns the value alone."""
    value, move = search_quiescent(game, state, depth, evaluate)
    return value  # the bug: should return value, move


@shows(DEPTH_OFF_BY_ONE)
def quiesce_one_ply_early(game: Any, state: Any, depth: int, evaluate: Any
                          ) -> tuple[Any, Any]:
    """Calls quiesce one ply too early: searches depth - 1 plies."""
    search = _search(quiesce)
    if depth <= 1:
        return search(game, state, 0, evaluate)
    return search(game, state, depth - 1, evaluate)  # the bug: one ply too shallow


QUIESCE_BUGS: list[Bug] = catalogue(
    no_stand_pat, quiet_moves_searched, stand_pat_negated, stand_pat_as_max, window_not_carried,
    stand_pat_not_a_bound, no_stand_pat_cut, fail_hard, evaluates_before_terminal)
"""The wrong quiescence searches, most specific first."""

SEARCH_BUGS: list[Bug] = catalogue(
    no_quiescence, full_window_quiescence, search_without_stand_pat, search_stand_pat_negated,
    value_for_move, quiesce_one_ply_early)
"""The wrong depth-limited searches with quiescence."""

CATALOGUE: dict[str, list[Bug]] = {"quiesce": QUIESCE_BUGS, "search_quiescent": SEARCH_BUGS}
"""The student's function name -> its known wrong implementations."""

REFERENCES: dict[str, Callable[..., Any]] = {"quiesce": quiesce,
                                             "search_quiescent": search_quiescent}
"""Plain correct implementations of the graded functions."""
