"""Known wrong alpha-beta searchers, each a small change of the plain alpha-beta, and the right one.

The exercise's API, ``f(game, state, depth, evaluate) -> (value, move)`` with the window
``alpha, beta`` as defaults, is the API of the plain
:func:`~aisearch.search.plain.alphabeta_failsoft` the lessons show, so the right answer
:data:`alphabeta_decision` is that function, and every known wrong one is that function with
one classic mistake written in (:func:`~aisearch.grading.mutate.mutant`): the edits below
name the fragment of the plain source they change. The last three combine two bugs that often
come together.

The plain version raises alpha first and then stops if alpha >= beta; AIMA tests the value
against beta first (v >= beta), then raises alpha. The two forms generate the same states
whenever a node is entered with alpha < beta; a bug that passes an empty window on tells them
apart, so swapped bounds come in both forms (:data:`AIMA_FORM` rewrites the cut-off).

Two more questions have their own right answers and wrong ones: :data:`alphabeta_strict`
(fail-soft with CS188's strict rule, cut only when alpha > beta) and the hand trace of
:data:`TRACE_TREE` (:func:`trace_tips`, the tips alpha-beta evaluates there, and the traces a
hand-tracer gets by missing one idea, each the tips one of the wrong searchers evaluates).

Examples
--------
>>> from aisearch.games import TreeGame
>>> from aisearch.trace import CountingGame
>>> game = CountingGame(TreeGame([[3, 5], [3, 9]]))
>>> alphabeta_decision(game, game.initial, 2, None), len(game.generated)
((3, 0), 5)
>>> game.reset()
>>> strict_cutoff(game, game.initial, 2, None), len(game.generated)
((3, 0), 6)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from aisearch.grading.exercises.ex03_alpha_beta.checks import TRACE_TREE
from aisearch.grading.mutate import mutant, value_only
from aisearch.grading.recognise import Bug, BugClass, catalogue
from aisearch.grading.search_checks import depth_limited_bugs
from aisearch.search.plain import alphabeta, alphabeta_failsoft, minimax

__all__ = ["alphabeta_decision", "BUGS", "CATALOGUE", "REFERENCES", "NO_PRUNING", "CUT_RULE",
           "WRONG_SIDE", "SWAPPED_BOUNDS", "ROOT_ALPHA", "ROOT_CUT", "EAGER_GENERATION",
           "alphabeta_strict", "STRICT_BUGS", "STRICT_RULE", "FAIL_HARD_STRICT", "TRACE_TREE",
           "trace_tips", "TRACE_BUGS", "TRACE_ALL_TIPS", "TRACE_STRICT", "TRACE_SHALLOW",
           "TRACE_ROOT"]

NO_PRUNING = BugClass(
    "no-pruning", "no pruning: your search generates every node, as plain minimax does. Stop "
    "searching a node's remaining moves as soon as alpha >= beta.")
CUT_RULE = BugClass(
    "cut-rule", "wrong cut-off rule: your search cuts only when alpha > beta (strictly). This "
    "exercise cuts on equality too: stop as soon as alpha >= beta.")
WRONG_SIDE = BugClass(
    "wrong-side", "cut-offs on the wrong side: a MAX node stops when its value reaches beta "
    "(v >= beta) and a MIN node when its value falls to alpha (v <= alpha); your tests look "
    "swapped between MAX and MIN nodes.")
SWAPPED_BOUNDS = BugClass(
    "swapped-bounds", "swapped bounds: pass the window to a child as (alpha, beta), in that "
    "order; your children receive (beta, alpha).")
ROOT_ALPHA = BugClass(
    "root-alpha", "alpha is not carried across the root's children: each root move is searched "
    "with a fresh window (-inf, +inf). Pass the best value found so far at the root (alpha at a "
    "MAX root, beta at a MIN root) on to the next root move.")
ROOT_CUT = BugClass(
    "root-cut", "the root never cuts off: treat the root like any other node. When a root move "
    "reaches +inf (MAX to move) or -inf (MIN to move), alpha >= beta holds at the root too, "
    "so stop there.")
STRICT_RULE = BugClass(
    "strict-rule", "cuts on equality: this question asks for CS188's strict rule, which stops "
    "only when alpha > beta (at a MAX node when its value exceeds beta, at a MIN node when "
    "it falls below alpha), and goes on searching when they are equal.")
FAIL_HARD_STRICT = BugClass(
    "fail-hard-strict", "fail-hard returns: your search returns alpha or beta where it should "
    "return the best value it found. With the strict rule that costs cut-offs (lesson 03, "
    "section 6): a node that fails returns exactly the bound, its parent's test alpha > beta "
    "is then false, and the search goes on. Return the best value found (fail-soft).")
TRACE_ALL_TIPS = BugClass(
    "trace-no-pruning", "every tip listed: alpha-beta skips the rest of a node's moves as soon "
    "as alpha >= beta there. Trace the tree left to right with the window (alpha, beta).")
TRACE_STRICT = BugClass(
    "trace-strict", "no cut on equality: this trace cuts when alpha >= beta, so a MIN node "
    "whose value falls to the alpha of a MAX node above (or a MAX node that reaches a beta "
    "above) stops there too.")
TRACE_SHALLOW = BugClass(
    "trace-shallow", "deep cut-offs missed: a node is compared with the best alpha (or beta) "
    "of all its ancestors, not only its parent's. The window (alpha, beta) a node receives "
    "carries the bounds of every MAX and MIN node above it.")
TRACE_ROOT = BugClass(
    "trace-root-alpha", "the root's alpha forgotten: after its first move the root knows it "
    "can get at least that value, and passes that alpha down to every later move.")
EAGER_GENERATION = BugClass(
    "eager-generation", "children generated up front: call game.result(state, move) only when "
    "you are about to search that move. A child generated before a cut-off counts as generated "
    "(the CS188 rule).")

alphabeta_decision = alphabeta_failsoft
"""The right answer: the plain fail-soft alpha-beta (cut when alpha >= beta, root included)."""

# -- the edits, by the fragment of alphabeta_failsoft's source they change ---------------
CALL = "alpha, beta)"
"""The window passed on to a child: the end of the recursive call."""
CUT = "if alpha >= beta:"
"""The cut-off test, after alpha (at MAX) or beta (at MIN) is raised to the best value."""
UPDATE_AND_CUT = ("        if maximizing:\n            alpha = max(alpha, best_value)\n"
                  "        else:\n            beta = min(beta, best_value)\n"
                  "        if alpha >= beta:  # a beta cut-off at MAX, an alpha cut-off at MIN\n"
                  "            break\n")
"""The whole step after a child's value: raise the near bound, then the cut-off."""
SWAP = [(CALL, "beta, alpha)")]
"""The window passed on the wrong way round."""
AIMA_FORM = [(CUT, "if best_value >= beta if maximizing else best_value <= alpha:")]
"""AIMA's form of the cut: the value against the far bound (which the step leaves alone)."""
NO_CUT = [("break", "pass")]
"""The cut-off test made, and nothing done: the loop goes on."""
FRESH_WINDOW = [(CALL, "-INF, INF)")]
"""Each child searched with the full window (-inf, +inf)."""

def _bug(kind: BugClass, name: str, edits: list[tuple[str, str]], why: str, *,
         plain: Callable[..., Any] = alphabeta_failsoft, **options: Any) -> Callable[..., Any]:
    return mutant(plain, kind, name, edits, why=why, **options)


# -- bugs in the cut-off -----------------------------------------------------------------
no_pruning = _bug(NO_PRUNING, "no_pruning", [], plain=minimax, why=(
    "Plain minimax: the cut-off, the one line alpha-beta adds, is left out, so the window "
    "is kept and never used."))
strict_cutoff = _bug(CUT_RULE, "strict_cutoff", [(CUT, "if alpha > beta:")], why=(
    "Cuts only when alpha > beta: CS188 and some lecture notes state the rule strictly."))
wrong_side = _bug(WRONG_SIDE, "wrong_side", [(UPDATE_AND_CUT, """\
        if maximizing:
            if best_value <= alpha:
                break
            alpha = max(alpha, best_value)
        else:
            if best_value >= beta:
                break
            beta = min(beta, best_value)
""")], why=("AIMA's two tests swapped: a MAX node stops at v <= alpha, a MIN node at v >= beta "
            "(each node compared with its own bound instead of its opponent's)."))
swapped_bounds_aima = _bug(SWAPPED_BOUNDS, "swapped_bounds_aima", AIMA_FORM + SWAP, why=(
    "AIMA's form (test v >= beta, then raise alpha), passing (beta, alpha) to children: the "
    "arguments written in the order of the parent's own test."))
swapped_bounds = _bug(SWAPPED_BOUNDS, "swapped_bounds", SWAP, why=(
    "The plain form (raise alpha, then stop if alpha >= beta), passing (beta, alpha)."))

# -- bugs at the root: the children are searched by the right alpha-beta -----------------
root_fresh_window = _bug(ROOT_ALPHA, "root_fresh_window", FRESH_WINDOW + NO_CUT,
                         root_only=True, why=(
    "A root loop written apart from the search: each root move searched with a fresh window "
    "(-inf, +inf), as if the root's moves were separate problems."))
root_fresh_window_cut = _bug(ROOT_ALPHA, "root_fresh_window_cut", FRESH_WINDOW,
                             root_only=True, why=(
    "The same root loop, which does stop once a root move wins outright (+inf at a MAX "
    "root, -inf at a MIN root): the root's own test alpha >= beta, with beta left at +inf."))
alphabeta_aima = mutant(alphabeta_failsoft, None, "alphabeta_aima", AIMA_FORM, why=(
    "Right, in AIMA's form: it differs from the plain form only inside an empty window."))
no_root_cut = _bug(ROOT_CUT, "no_root_cut", NO_CUT, plain=alphabeta_aima, root_only=True, why=(
    "Carries alpha (or beta) across the root's moves but never cuts off at the root: a root "
    "loop that only keeps the best move."))

# -- bugs in generating the children -----------------------------------------------------
eager_children = _bug(EAGER_GENERATION, "eager_children", [
    ("for move in game.moves(state):",
     "for move, child in [(m, game.result(state, m)) for m in game.moves(state)]:"),
    ("game.result(state, move), depth - 1", "child, depth - 1")], why=(
    "Generates every child of a node before searching the first (a list comprehension of "
    "the children), so children cut off are generated anyway."))

# -- bugs any depth-limited search can have (written into the plain alpha-beta) ----------
(value_for_move, depth_one_too_early, depth_one_too_deep, utility_of_mover, negated_evaluation,
 evaluates_non_tips, last_best_move, evaluates_terminals, depth_kept_at_min, remembers_positions,
 no_move_when_lost) = depth_limited_bugs(alphabeta_failsoft, CALL)

# -- two bugs at once --------------------------------------------------------------------
no_pruning_value_for_move = _bug(NO_PRUNING, "no_pruning_value_for_move", [], plain=minimax,
                                 then=value_only, why="Plain minimax that returns the value "
                                                      "alone.")
strict_cutoff_no_root_cut = _bug(CUT_RULE, "strict_cutoff_no_root_cut", NO_CUT, why=(
    "Cuts only when alpha > beta, and never at the root."), plain=strict_cutoff, root_only=True)
root_fresh_window_value_for_move = _bug(
    ROOT_ALPHA, "root_fresh_window_value_for_move", FRESH_WINDOW + NO_CUT, root_only=True,
    then=value_only, why="Searches every root move with a fresh window, and returns the value "
                         "alone.")

# -- the strict rule (CS188), fail-soft ---------------------------------------------------
alphabeta_strict = mutant(alphabeta_failsoft, None, "alphabeta_strict",
                          [(CUT, "if alpha > beta:")], why=(
    "The right answer to the strict question: fail-soft, cut only when alpha > beta."))
strict_on_equality = _bug(STRICT_RULE, "strict_on_equality", [], why=(
    "The strict question answered with the cut on equality (part 1's search)."))
fail_hard_strict = _bug(FAIL_HARD_STRICT, "fail_hard_strict", [
    ("if alpha >= beta:", "if alpha > beta:"), ("if beta <= alpha:", "if beta < alpha:")],
    plain=alphabeta, why=(
    "The strict rule with fail-hard returns (Pearl's AB with alpha > beta): a node that fails "
    "returns exactly the bound, and the parent's strict test no longer cuts."))


# -- a trace by hand -----------------------------------------------------------------------
def _tips(search: Callable[..., Any], game: Any) -> list[tuple]:
    from aisearch.trace import CountingGame

    counted = CountingGame(game)
    search(counted, counted.initial, 4, None)
    return [s for s in counted.generated if game.is_terminal(s)]


_shallow = mutant(alphabeta_failsoft, None, "_shallow",
                  [(CALL, "*((best_value, INF) if maximizing else (-INF, best_value)))")],
                  why="Alpha-beta that passes down only the node's own bound, not its "
                      "ancestors'.")


def trace_tips(game: Any) -> list[tuple]:
    """The tips alpha-beta evaluates in ``game``, left to right (the hand trace's answer).

    >>> from aisearch.games import TreeGame
    >>> trace_tips(TreeGame(TRACE_TREE))[:3]
    [(0, 0, 0, 0), (0, 0, 0, 1), (0, 0, 1, 0)]
    """
    return _tips(alphabeta_decision, game)


def _trace(kind: BugClass, name: str, search: Callable[..., Any]) -> Callable[..., Any]:
    """A wrong hand trace: the tips the wrong ``search`` evaluates (a function of the game)."""

    def trace(game: Any) -> list[tuple]:
        return _tips(search, game)

    trace.__name__ = trace.__qualname__ = name
    trace.__doc__ = f"The tips {search.__name__} evaluates: {search.__doc__}"
    trace.bug_class = kind  # type: ignore[attr-defined]
    return trace


trace_every_tip = _trace(TRACE_ALL_TIPS, "trace_every_tip", no_pruning)
trace_strict = _trace(TRACE_STRICT, "trace_strict", strict_cutoff)
trace_shallow = _trace(TRACE_SHALLOW, "trace_shallow", _shallow)
trace_fresh_root = _trace(TRACE_ROOT, "trace_fresh_root", root_fresh_window)

BUGS: list[Bug] = catalogue(
    no_pruning, strict_cutoff, wrong_side, swapped_bounds_aima, swapped_bounds,
    root_fresh_window, root_fresh_window_cut, no_root_cut, eager_children,
    value_for_move, depth_one_too_early, depth_one_too_deep, utility_of_mover,
    negated_evaluation, evaluates_non_tips, last_best_move, evaluates_terminals,
    depth_kept_at_min, remembers_positions, no_move_when_lost,
    no_pruning_value_for_move, strict_cutoff_no_root_cut, root_fresh_window_value_for_move)
"""Wrong ``alphabeta_decision``, most specific first (the double bugs last)."""

STRICT_BUGS: list[Bug] = catalogue(strict_on_equality, fail_hard_strict)
"""Wrong ``alphabeta_strict``."""

TRACE_BUGS: list[Bug] = catalogue(trace_every_tip, trace_strict, trace_shallow, trace_fresh_root)
"""Wrong hand traces of :data:`TRACE_TREE` (each a function of the tree's game)."""

CATALOGUE: dict[str, list[Bug]] = {"alphabeta_decision": BUGS, "alphabeta_strict": STRICT_BUGS,
                                   "evaluated_tips": TRACE_BUGS}
"""The student's function name (for the hand trace, the answer's name) -> its known wrong
implementations."""

REFERENCES: dict[str, Callable[..., Any]] = {"alphabeta_decision": alphabeta_decision,
                                             "alphabeta_strict": alphabeta_strict,
                                             "evaluated_tips": trace_tips}
"""The student's function name -> the right implementation."""
