"""Known wrong answers of exercise 05, one named function per bug, and the right ones.

:func:`quiesce` is a complete quiescence search in the exercise's API,
``quiesce(game, state, alpha, beta, evaluate) -> value``: fail-soft alpha-beta that stands
pat (a MAX node is worth at least ``evaluate(state)``, a MIN node at most) and then searches
only ``game.noisy_moves(state)``, in that order, cutting when alpha >= beta; a terminal
state is worth ``game.utility(state, MAX)``. :func:`search_quiescent` is fail-soft
alpha-beta to ``depth`` plies that calls :func:`quiesce` with its window where the depth
runs out. They generate and evaluate exactly what :func:`aisearch.search.quiescence` and
``alphabeta_failsoft(..., quiescence=...)`` do with ``fastest_wins=False`` (the tests prove
it): :data:`quiesce` is the plain :func:`~aisearch.search.plain.quiesce` in the exercise's
order of arguments (:func:`exercise_api`, this exercise's adapter), :data:`search_quiescent`
the plain :func:`~aisearch.search.plain.alphabeta_failsoft` calling it at the bound. Every
wrong one is an edit of one of the two with one classic mistake
(:func:`~aisearch.grading.mutate.mutant`).

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

from aisearch.grading.mutate import mutant, value_only
from aisearch.grading.recognise import Bug, BugClass, catalogue
from aisearch.grading.search_checks import DEPTH_OFF_BY_ONE, EVALUATES_TERMINALS, VALUE_FOR_MOVE
from aisearch.search.plain import alphabeta_failsoft
from aisearch.search.plain import quiesce as plain_quiesce

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


# -- the exercise's API, and the right ones ---------------------------------------------
def exercise_api(q: Callable[..., float]) -> Callable[..., float]:
    """The plain ``q(game, state, evaluate, alpha, beta)`` as the exercise's ``quiesce(game,
    state, alpha, beta, evaluate)`` (the adapter of this exercise: the order of arguments)."""

    def quiesce(game: Any, state: Any, alpha: float, beta: float, evaluate: Any) -> float:
        return q(game, state, evaluate, alpha, beta)

    return quiesce


exercise_api.template = ("def {name}(game, state, alpha, beta, evaluate):\n"  # type: ignore
                         "    return {inner}(game, state, evaluate, alpha, beta)\n")
"""The adapter written out, for a wrong submission made from the catalogue."""


quiesce = mutant(plain_quiesce, None, "quiesce", [], adapt=exercise_api, why=(
    "The right quiescence search: the plain one, in the exercise's API."))
"""The right quiescence search: the plain one, in the exercise's API.

>>> from aisearch.games import TreeGame
>>> game = TreeGame([[5, -3], 2], noisy=[(0,)])
>>> quiesce(game, (), -INF, INF, {(): 1, (0,): 4}.get)
4
"""

AT_BOUND = "return evaluate(state), None"
"""Where the plain alpha-beta evaluates at the depth bound."""


def _search(name: str, kind: BugClass | None, call: str, q: Callable[..., float], why: str,
            **options: Any) -> Callable[..., Any]:
    """The plain fail-soft alpha-beta that returns ``call`` at the bound, with ``quiesce``
    (in the plain API) being ``q``."""
    return mutant(alphabeta_failsoft, kind, name, [(AT_BOUND, f"return {call}, None")],
                  using={"quiesce": q}, why=why, **options)


WITH_WINDOW = "quiesce(game, state, evaluate, alpha, beta)"
search_quiescent = _search("search_quiescent", None, WITH_WINDOW, plain_quiesce, why=(
    "Fail-soft alpha-beta to depth plies with quiesce, given the window, at the bound."))


# -- quiesce, wrong: edits of the plain quiesce ------------------------------------------
STAND_PAT = "    best = evaluate(state)"
WINDOW_BY_STAND_PAT = ("alpha, beta = (max(alpha, best), beta) if maximizing "
                       "else (alpha, min(beta, best))")


def _q(kind: BugClass, name: str, edits: list[tuple[str, str]], why: str) -> Callable[..., Any]:
    return mutant(plain_quiesce, kind, name, edits, why=why, adapt=exercise_api)


no_stand_pat = _q(NO_STAND_PAT, "no_stand_pat", [
    (STAND_PAT, "    if not game.noisy_moves(state):\n        return evaluate(state)\n"
                "    best = -INF if game.to_move(state) == MAX else INF")], why=(
    "Evaluates only quiet states: a state with captures must take one of them (quiescence "
    "read as 'search the captures to the end')."))
quiet_moves_searched = _q(QUIET_MOVES, "quiet_moves_searched", [
    ("game.noisy_moves(state)", "game.moves(state)")], why=(
    "Searches every move, not only the noisy ones: quiescence becomes a search without a bound."))
stand_pat_negated = _q(STAND_PAT_SIDE, "stand_pat_negated", [
    ("    maximizing = game.to_move(state) == MAX\n",
     "    maximizing = game.to_move(state) == MAX\n    best = best if maximizing else -best\n")],
    why="Negates the stand-pat value at MIN nodes (the negamax habit).")
stand_pat_as_max = _q(STAND_PAT_SIDE, "stand_pat_as_max", [
    (WINDOW_BY_STAND_PAT, "alpha, beta = max(alpha, best), beta")], why=(
    "Stands pat at a MIN node as MAX would: raises alpha, cuts when it reaches beta (the "
    "textbooks show the MAX side, or the negamax form)."))
window_not_carried = _q(WINDOW, "window_not_carried", [
    ("evaluate, alpha, beta)", "evaluate, -INF, INF)")], why=(
    "Searches each noisy move with a fresh window (-inf, +inf)."))
stand_pat_not_a_bound = _q(STAND_PAT_BOUND, "stand_pat_not_a_bound", [
    (WINDOW_BY_STAND_PAT + "\n    if alpha >= beta:",
     "if best >= beta if maximizing else best <= alpha:")], why=(
    "Cuts on the stand-pat value but does not raise alpha (lower beta) with it."))
no_stand_pat_cut = _q(NO_STAND_PAT_CUT, "no_stand_pat_cut", [
    ("        return best\n", "        pass\n")], why=(
    "Moves the window with the stand-pat value but never returns on it."))
fail_hard = _q(FAIL_HARD, "fail_hard", [
    ("    if game.is_terminal(state):",
     "    a0, b0 = alpha, beta\n    if game.is_terminal(state):"),
    ("        return best\n", "        return min(max(best, a0), b0)\n"),
    ("            break\n    return best",
     "            break\n    return min(max(best, a0), b0)")],
    why="Returns values clamped to the window it was given (fail-hard, as Pearl's alpha-beta).")
evaluates_before_terminal = _q(EVALUATES_TERMINALS, "evaluates_before_terminal", [
    ("    if game.is_terminal(state):\n        return game.utility(state, MAX)\n" + STAND_PAT,
     STAND_PAT + "\n    if game.is_terminal(state):\n        return best")], why=(
    "Calls evaluate (the stand-pat value) before checking for the end of the game."))

# -- search_quiescent, wrong: edits of the plain alpha-beta at its depth bound -----------
no_quiescence = mutant(alphabeta_failsoft, NO_QUIESCENCE, "no_quiescence", [], why=(
    "Plain alpha-beta: evaluates at the depth bound, where the horizon effect lives."))
full_window_quiescence = _search(
    "full_window_quiescence", WINDOW_INTO_QUIESCENCE, "quiesce(game, state, evaluate, -INF, INF)",
    plain_quiesce, why="Calls quiesce with (-inf, +inf) at the depth bound, as if alone.")
search_without_stand_pat = _search(
    "search_without_stand_pat", NO_STAND_PAT, WITH_WINDOW, no_stand_pat,
    why="The search is right; its quiescence does not stand pat.")
search_stand_pat_negated = _search(
    "search_stand_pat_negated", STAND_PAT_SIDE, WITH_WINDOW, stand_pat_negated,
    why="The search is right; its quiescence negates the stand-pat value at MIN nodes.")
value_for_move = _search("value_for_move", VALUE_FOR_MOVE, WITH_WINDOW, plain_quiesce,
                         then=value_only, why="Returns the value alone.")
quiesce_one_ply_early = mutant(search_quiescent, DEPTH_OFF_BY_ONE, "quiesce_one_ply_early",
                               [("depth == 0", "depth <= 1")], why=(
    "Calls quiesce one ply too early: where depth reaches 1, searching depth - 1 plies."))


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
