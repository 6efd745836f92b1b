"""Known wrong alpha-beta searchers, one named function per bug, and the right one.

Each function is a complete alpha-beta in the exercises' API, ``f(game, state, depth,
evaluate) -> (value, move)`` (the window ``alpha, beta`` has defaults, as in the
solution), written as a student would. :func:`alphabeta_decision` is the right answer:
it generates and evaluates exactly what :func:`aisearch.search.alphabeta` does with
``fastest_wins=False``. Every other function has exactly one bug, marked ``# the bug``,
except the last three, which combine two bugs that often come together.

They test the cut-off as AIMA does: a MAX node stops when its value reaches beta, else
raises alpha (and a MIN node the other way round). The solution raises alpha first and
then stops if alpha >= beta; the two forms generate the same states whenever a node is
entered with alpha < beta. A bug that passes an empty window on (alpha >= beta) tells
them apart, so :func:`swapped_bounds` is written in the solution's form and
:func:`swapped_bounds_aima` in AIMA's.

Two more questions have their own right answers and wrong ones: :func:`alphabeta_strict`
(fail-soft with CS188's strict rule, cut only when alpha > beta) and the hand trace of
:data:`TRACE_TREE` (:func:`trace_tips`, the tips alpha-beta evaluates there, and the traces
a hand-tracer gets by missing one idea).

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

import math
from collections.abc import Callable
from typing import Any

from aisearch.core import MAX, MIN
from aisearch.grading.exercises.ex03_alpha_beta.checks import TRACE_TREE
from aisearch.grading.recognise import Bug, BugClass, catalogue, shows
from aisearch.grading.search_checks import (
    DEPTH_AT_MIN,
    DEPTH_OFF_BY_ONE,
    EVALUATES_NON_TIPS,
    EVALUATES_TERMINALS,
    NO_MOVE_WHEN_LOST,
    POINT_OF_VIEW,
    REMEMBERS_POSITIONS,
    TIES,
    VALUE_FOR_MOVE,
)

__all__ = [
    "alphabeta_decision",
    "BUGS",
    "CATALOGUE",
    "REFERENCES",
    "NO_PRUNING",
    "CUT_RULE",
    "WRONG_SIDE",
    "SWAPPED_BOUNDS",
    "ROOT_ALPHA",
    "ROOT_CUT",
    "EAGER_GENERATION",
    "alphabeta_strict",
    "STRICT_BUGS",
    "STRICT_RULE",
    "FAIL_HARD_STRICT",
    "TRACE_TREE",
    "trace_tips",
    "TRACE_BUGS",
    "TRACE_ALL_TIPS",
    "TRACE_STRICT",
    "TRACE_SHALLOW",
    "TRACE_ROOT",
]

INF = math.inf

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
    "can get at least that value, and that alpha goes down with every later move.")
EAGER_GENERATION = BugClass(
    "eager-generation", "children generated up front: call game.result(state, move) only when "
    "you are about to search that move. A child generated before a cut-off counts as generated "
    "(the CS188 rule).")


def alphabeta_decision(game: Any, state: Any, depth: int, evaluate: Any,
                       alpha: float = -INF, beta: float = INF) -> tuple[Any, Any]:
    """Alpha-beta value (MAX's view) and first best move; cuts when alpha >= beta.

    A MAX node stops when its value reaches beta (a MIN node when it falls to alpha),
    which, with alpha raised after the test, is the cut when alpha >= beta.

    >>> from aisearch.games import fig5_2
    >>> alphabeta_decision(fig5_2, fig5_2.initial, 2, None)
    (3, 0)
    """
    if game.is_terminal(state):
        return game.utility(state, MAX), None
    if depth == 0:
        return evaluate(state), None
    maximizing = game.to_move(state) == MAX
    best_value, best_move = (-INF if maximizing else INF), None
    for move in game.moves(state):
        value, _ = alphabeta_decision(game, game.result(state, move), depth - 1, evaluate,
                                      alpha, beta)
        if best_move is None or (value > best_value if maximizing else value < best_value):
            best_value, best_move = value, move
        if maximizing:
            if best_value >= beta:
                break
            alpha = max(alpha, best_value)
        else:
            if best_value <= alpha:
                break
            beta = min(beta, best_value)
    return best_value, best_move


# -- bugs in the cut-off -----------------------------------------------------------------
@shows(NO_PRUNING)
def no_pruning(game: Any, state: Any, depth: int, evaluate: Any) -> tuple[Any, Any]:
    """Plain minimax: never cuts off.

    >>> from aisearch.games import fig5_2
    >>> no_pruning(fig5_2, fig5_2.initial, 2, None)
    (3, 0)
    """
    if game.is_terminal(state):
        return game.utility(state, MAX), None
    if depth == 0:
        return evaluate(state), None
    maximizing = game.to_move(state) == MAX
    best_value, best_move = (-INF if maximizing else INF), None
    for move in game.moves(state):
        value, _ = no_pruning(game, game.result(state, move), depth - 1, evaluate)
        if best_move is None or (value > best_value if maximizing else value < best_value):
            best_value, best_move = value, move
        # the bug: should raise alpha (or lower beta) and stop if alpha >= beta
    return best_value, best_move


@shows(CUT_RULE)
def strict_cutoff(game: Any, state: Any, depth: int, evaluate: Any,
                  alpha: float = -INF, beta: float = INF) -> tuple[Any, Any]:
    """Cuts only when alpha > beta, not on equality.

    >>> from aisearch.games import TreeGame
    >>> from aisearch.trace import CountingGame
    >>> game = CountingGame(TreeGame([[3, 5], [3, 9]]))
    >>> strict_cutoff(game, game.initial, 2, None), game.generated[-1]
    ((3, 0), (1, 1))
    """
    if game.is_terminal(state):
        return game.utility(state, MAX), None
    if depth == 0:
        return evaluate(state), None
    maximizing = game.to_move(state) == MAX
    best_value, best_move = (-INF if maximizing else INF), None
    for move in game.moves(state):
        value, _ = strict_cutoff(game, game.result(state, move), depth - 1, evaluate,
                                 alpha, beta)
        if best_move is None or (value > best_value if maximizing else value < best_value):
            best_value, best_move = value, move
        if maximizing:
            if best_value > beta:  # the bug: should be best_value >= beta
                break
            alpha = max(alpha, best_value)
        else:
            if best_value < alpha:  # the bug: should be best_value <= alpha
                break
            beta = min(beta, best_value)
    return best_value, best_move


@shows(WRONG_SIDE)
def wrong_side(game: Any, state: Any, depth: int, evaluate: Any,
               alpha: float = -INF, beta: float = INF) -> tuple[Any, Any]:
    """AIMA's tests swapped: a MAX node stops at v <= alpha, a MIN node at v >= beta.

    >>> from aisearch.games import TreeGame
    >>> wrong_side(TreeGame([[5, 4], [2, 6], [6, 7]]), (), 2, None)  # the answer is (6, 2)
    (4, 0)
    """
    if game.is_terminal(state):
        return game.utility(state, MAX), None
    if depth == 0:
        return evaluate(state), None
    maximizing = game.to_move(state) == MAX
    best_value, best_move = (-INF if maximizing else INF), None
    for move in game.moves(state):
        value, _ = wrong_side(game, game.result(state, move), depth - 1, evaluate, alpha, beta)
        if best_move is None or (value > best_value if maximizing else value < best_value):
            best_value, best_move = value, move
        if maximizing:
            if best_value <= alpha:  # the bug: should be best_value >= beta
                break
            alpha = max(alpha, best_value)
        else:
            if best_value >= beta:  # the bug: should be best_value <= alpha
                break
            beta = min(beta, best_value)
    return best_value, best_move


@shows(SWAPPED_BOUNDS)
def swapped_bounds_aima(game: Any, state: Any, depth: int, evaluate: Any,
                        alpha: float = -INF, beta: float = INF) -> tuple[Any, Any]:
    """AIMA's form (test v >= beta, then raise alpha), passing (beta, alpha) to children.

    >>> from aisearch.games import TreeGame
    >>> swapped_bounds_aima(TreeGame([[7, 5], [1, 2]]), (), 2, None)  # the value is 5
    (7, 0)
    """
    if game.is_terminal(state):
        return game.utility(state, MAX), None
    if depth == 0:
        return evaluate(state), None
    maximizing = game.to_move(state) == MAX
    best_value, best_move = (-INF if maximizing else INF), None
    for move in game.moves(state):
        value, _ = swapped_bounds_aima(game, game.result(state, move), depth - 1, evaluate,
                                       beta, alpha)  # the bug: should be alpha, beta
        if best_move is None or (value > best_value if maximizing else value < best_value):
            best_value, best_move = value, move
        if maximizing:
            if best_value >= beta:
                break
            alpha = max(alpha, best_value)
        else:
            if best_value <= alpha:
                break
            beta = min(beta, best_value)
    return best_value, best_move


@shows(SWAPPED_BOUNDS)
def swapped_bounds(game: Any, state: Any, depth: int, evaluate: Any,
                   alpha: float = -INF, beta: float = INF) -> tuple[Any, Any]:
    """The solution's form (raise alpha, then stop if alpha >= beta), passing (beta, alpha).

    >>> from aisearch.games import TreeGame
    >>> swapped_bounds(TreeGame([[3, 2], [9, 3]]), (), 2, None)  # the value is 3
    (9, 1)
    """
    if game.is_terminal(state):
        return game.utility(state, MAX), None
    if depth == 0:
        return evaluate(state), None
    maximizing = game.to_move(state) == MAX
    best_value, best_move = (-INF if maximizing else INF), None
    for move in game.moves(state):
        value, _ = swapped_bounds(game, game.result(state, move), depth - 1, evaluate,
                                  beta, alpha)  # the bug: should be alpha, beta
        if best_move is None or (value > best_value if maximizing else value < best_value):
            best_value, best_move = value, move
        if maximizing:
            alpha = max(alpha, best_value)
        else:
            beta = min(beta, best_value)
        if alpha >= beta:
            break
    return best_value, best_move


# -- bugs at the root --------------------------------------------------------------------
@shows(ROOT_ALPHA)
def root_fresh_window(game: Any, state: Any, depth: int, evaluate: Any) -> tuple[Any, Any]:
    """Searches every root move with a fresh window (-inf, +inf).

    >>> from aisearch.games import TreeGame
    >>> from aisearch.trace import CountingGame
    >>> game = CountingGame(TreeGame([[3, 5], [2, 9]]))
    >>> root_fresh_window(game, game.initial, 2, None), game.generated[-1]
    ((3, 0), (1, 1))
    """
    if game.is_terminal(state) or depth == 0:
        return alphabeta_decision(game, state, depth, evaluate)
    maximizing = game.to_move(state) == MAX
    best_value, best_move = (-INF if maximizing else INF), None
    for move in game.moves(state):
        # the bug: should pass the root's alpha and beta on
        value, _ = alphabeta_decision(game, game.result(state, move), depth - 1, evaluate)
        if best_move is None or (value > best_value if maximizing else value < best_value):
            best_value, best_move = value, move
    return best_value, best_move


@shows(ROOT_CUT)
def no_root_cut(game: Any, state: Any, depth: int, evaluate: Any) -> tuple[Any, Any]:
    """Carries alpha (or beta) across the root's moves but never cuts off at the root.

    >>> from aisearch.games import TreeGame
    >>> from aisearch.trace import CountingGame
    >>> game = CountingGame(TreeGame([math.inf, 3]))
    >>> no_root_cut(game, game.initial, 1, None), game.generated
    ((inf, 0), [(0,), (1,)])
    """
    if game.is_terminal(state) or depth == 0:
        return alphabeta_decision(game, state, depth, evaluate)
    maximizing = game.to_move(state) == MAX
    alpha, beta = -INF, INF
    best_value, best_move = (-INF if maximizing else INF), None
    for move in game.moves(state):
        value, _ = alphabeta_decision(game, game.result(state, move), depth - 1, evaluate,
                                      alpha, beta)
        if best_move is None or (value > best_value if maximizing else value < best_value):
            best_value, best_move = value, move
        if maximizing:
            alpha = max(alpha, best_value)
        else:
            beta = min(beta, best_value)
        # the bug: should stop here if alpha >= beta
    return best_value, best_move


# -- bugs in generating the children -----------------------------------------------------
@shows(EAGER_GENERATION)
def eager_children(game: Any, state: Any, depth: int, evaluate: Any,
                   alpha: float = -INF, beta: float = INF) -> tuple[Any, Any]:
    """Generates all children of a node before searching the first.

    >>> from aisearch.games import TreeGame
    >>> from aisearch.trace import CountingGame
    >>> game = CountingGame(TreeGame([[3, 5], [3, 9]]))
    >>> eager_children(game, game.initial, 2, None), len(game.generated)
    ((3, 0), 6)
    """
    if game.is_terminal(state):
        return game.utility(state, MAX), None
    if depth == 0:
        return evaluate(state), None
    maximizing = game.to_move(state) == MAX
    # the bug: should generate each child only when about to search it
    children = [(move, game.result(state, move)) for move in game.moves(state)]
    best_value, best_move = (-INF if maximizing else INF), None
    for move, child in children:
        value, _ = eager_children(game, child, depth - 1, evaluate, alpha, beta)
        if best_move is None or (value > best_value if maximizing else value < best_value):
            best_value, best_move = value, move
        if maximizing:
            if best_value >= beta:
                break
            alpha = max(alpha, best_value)
        else:
            if best_value <= alpha:
                break
            beta = min(beta, best_value)
    return best_value, best_move


# -- bugs any depth-limited search can have ----------------------------------------------
@shows(VALUE_FOR_MOVE)
def value_for_move(game: Any, state: Any, depth: int, evaluate: Any) -> Any:
    """Returns the value alone, not the pair (value, move).

    >>> from aisearch.games import fig5_2
    >>> value_for_move(fig5_2, fig5_2.initial, 2, None)
    3
    """
    value, move = alphabeta_decision(game, state, depth, evaluate)
    return value  # the bug: should return value, move


@shows(DEPTH_OFF_BY_ONE)
def depth_one_too_early(game: Any, state: Any, depth: int, evaluate: Any,
                        alpha: float = -INF, beta: float = INF) -> tuple[Any, Any]:
    """Evaluates where depth reaches 1, one ply above the bound.

    >>> from aisearch.games import TreeGame
    >>> depth_one_too_early(TreeGame([[3, 12], [8, 2]]), (), 2, {(0,): 5, (1,): 7}.get)
    (7, 1)
    """
    if game.is_terminal(state):
        return game.utility(state, MAX), None
    if depth <= 1:  # the bug: should be depth == 0
        return evaluate(state), None
    maximizing = game.to_move(state) == MAX
    best_value, best_move = (-INF if maximizing else INF), None
    for move in game.moves(state):
        value, _ = depth_one_too_early(game, game.result(state, move), depth - 1, evaluate,
                                       alpha, beta)
        if best_move is None or (value > best_value if maximizing else value < best_value):
            best_value, best_move = value, move
        if maximizing:
            if best_value >= beta:
                break
            alpha = max(alpha, best_value)
        else:
            if best_value <= alpha:
                break
            beta = min(beta, best_value)
    return best_value, best_move


@shows(DEPTH_OFF_BY_ONE)
def depth_one_too_deep(game: Any, state: Any, depth: int, evaluate: Any,
                       alpha: float = -INF, beta: float = INF) -> tuple[Any, Any]:
    """Evaluates where depth reaches -1, one ply below the bound.

    >>> from aisearch.games import TreeGame
    >>> depth_one_too_deep(TreeGame([[3, 12], [8, 2]]), (), 1, {(0,): 5, (1,): 7}.get)
    (3, 0)
    """
    if game.is_terminal(state):
        return game.utility(state, MAX), None
    if depth < 0:  # the bug: should be depth == 0
        return evaluate(state), None
    maximizing = game.to_move(state) == MAX
    best_value, best_move = (-INF if maximizing else INF), None
    for move in game.moves(state):
        value, _ = depth_one_too_deep(game, game.result(state, move), depth - 1, evaluate,
                                      alpha, beta)
        if best_move is None or (value > best_value if maximizing else value < best_value):
            best_value, best_move = value, move
        if maximizing:
            if best_value >= beta:
                break
            alpha = max(alpha, best_value)
        else:
            if best_value <= alpha:
                break
            beta = min(beta, best_value)
    return best_value, best_move


@shows(POINT_OF_VIEW)
def utility_of_mover(game: Any, state: Any, depth: int, evaluate: Any,
                     alpha: float = -INF, beta: float = INF) -> tuple[Any, Any]:
    """Takes terminal utilities from the view of the player to move, not MAX's.

    >>> from aisearch.games import TreeGame
    >>> utility_of_mover(TreeGame([3, 5]), (), 1, None)
    (-3, 0)
    """
    if game.is_terminal(state):
        return game.utility(state, game.to_move(state)), None  # the bug: should be MAX
    if depth == 0:
        return evaluate(state), None
    maximizing = game.to_move(state) == MAX
    best_value, best_move = (-INF if maximizing else INF), None
    for move in game.moves(state):
        value, _ = utility_of_mover(game, game.result(state, move), depth - 1, evaluate,
                                    alpha, beta)
        if best_move is None or (value > best_value if maximizing else value < best_value):
            best_value, best_move = value, move
        if maximizing:
            if best_value >= beta:
                break
            alpha = max(alpha, best_value)
        else:
            if best_value <= alpha:
                break
            beta = min(beta, best_value)
    return best_value, best_move


@shows(POINT_OF_VIEW)
def negated_evaluation(game: Any, state: Any, depth: int, evaluate: Any,
                       alpha: float = -INF, beta: float = INF) -> tuple[Any, Any]:
    """Negates the evaluation where MIN is to move.

    >>> from aisearch.games import TreeGame
    >>> negated_evaluation(TreeGame([[3, 12], [8, 2]]), (), 1, {(0,): 5, (1,): 7}.get)
    (-5, 0)
    """
    if game.is_terminal(state):
        return game.utility(state, MAX), None
    if depth == 0:
        value = evaluate(state)
        # the bug: should return value, not negated at MIN nodes
        return (-value if game.to_move(state) == MIN else value), None
    maximizing = game.to_move(state) == MAX
    best_value, best_move = (-INF if maximizing else INF), None
    for move in game.moves(state):
        value, _ = negated_evaluation(game, game.result(state, move), depth - 1, evaluate,
                                      alpha, beta)
        if best_move is None or (value > best_value if maximizing else value < best_value):
            best_value, best_move = value, move
        if maximizing:
            if best_value >= beta:
                break
            alpha = max(alpha, best_value)
        else:
            if best_value <= alpha:
                break
            beta = min(beta, best_value)
    return best_value, best_move


@shows(EVALUATES_NON_TIPS)
def evaluates_non_tips(game: Any, state: Any, depth: int, evaluate: Any,
                       alpha: float = -INF, beta: float = INF) -> tuple[Any, Any]:
    """Evaluates every non-terminal node, including those it goes on to expand.

    >>> from aisearch.games import TreeGame
    >>> from aisearch.trace import CountingGame
    >>> game = CountingGame(TreeGame([[3, 12], [8, 2]]))
    >>> evaluates_non_tips(game, (), 2, game.counting(lambda s: 0)), game.evaluated
    ((3, 0), [(), (0,), (1,)])
    """
    if game.is_terminal(state):
        return game.utility(state, MAX), None
    estimate = evaluate(state)  # the bug: should evaluate only at depth 0
    if depth == 0:
        return estimate, None
    maximizing = game.to_move(state) == MAX
    best_value, best_move = (-INF if maximizing else INF), None
    for move in game.moves(state):
        value, _ = evaluates_non_tips(game, game.result(state, move), depth - 1, evaluate,
                                      alpha, beta)
        if best_move is None or (value > best_value if maximizing else value < best_value):
            best_value, best_move = value, move
        if maximizing:
            if best_value >= beta:
                break
            alpha = max(alpha, best_value)
        else:
            if best_value <= alpha:
                break
            beta = min(beta, best_value)
    return best_value, best_move


@shows(TIES)
def last_best_move(game: Any, state: Any, depth: int, evaluate: Any,
                   alpha: float = -INF, beta: float = INF) -> tuple[Any, Any]:
    """Breaks ties for the last best move, not the first.

    >>> from aisearch.games import TreeGame
    >>> last_best_move(TreeGame([[3, 12], [3, 5]]), (), 2, None)
    (3, 1)
    """
    if game.is_terminal(state):
        return game.utility(state, MAX), None
    if depth == 0:
        return evaluate(state), None
    maximizing = game.to_move(state) == MAX
    best_value, best_move = (-INF if maximizing else INF), None
    for move in game.moves(state):
        value, _ = last_best_move(game, game.result(state, move), depth - 1, evaluate,
                                  alpha, beta)
        if best_move is None or (value >= best_value if maximizing else value <= best_value):
            best_value, best_move = value, move  # the bug: >= and <= should be > and <
        if maximizing:
            if best_value >= beta:
                break
            alpha = max(alpha, best_value)
        else:
            if best_value <= alpha:
                break
            beta = min(beta, best_value)
    return best_value, best_move


@shows(EVALUATES_TERMINALS)
def evaluates_terminals(game: Any, state: Any, depth: int, evaluate: Any,
                        alpha: float = -INF, beta: float = INF) -> tuple[Any, Any]:
    """Tests the depth before the end of the game: terminal states at the bound are
    evaluated (their value happens to agree here; the call is what the exercise forbids).

    >>> from aisearch.games import TreeGame
    >>> from aisearch.trace import CountingGame
    >>> game = CountingGame(TreeGame([[3, 12], [8, 2]]))
    >>> evaluates_terminals(game, (), 2, game.counting(lambda s: 0)), game.evaluated
    ((0, 0), [(0, 0), (0, 1), (1, 0)])
    """
    if depth == 0:  # the bug: test game.is_terminal(state) first
        return evaluate(state), None
    if game.is_terminal(state):
        return game.utility(state, MAX), None
    maximizing = game.to_move(state) == MAX
    best_value, best_move = (-INF if maximizing else INF), None
    for move in game.moves(state):
        value, _ = evaluates_terminals(game, game.result(state, move), depth - 1, evaluate,
                                       alpha, beta)
        if best_move is None or (value > best_value if maximizing else value < best_value):
            best_value, best_move = value, move
        if maximizing:
            if best_value >= beta:
                break
            alpha = max(alpha, best_value)
        else:
            if best_value <= alpha:
                break
            beta = min(beta, best_value)
    return best_value, best_move


@shows(DEPTH_AT_MIN)
def depth_kept_at_min(game: Any, state: Any, depth: int, evaluate: Any,
                      alpha: float = -INF, beta: float = INF) -> tuple[Any, Any]:
    """Counts only MAX's moves: depth is not decremented below MIN nodes.

    >>> from aisearch.games import TreeGame
    >>> game = TreeGame([[3, 12], [8, 2]], first=MIN)
    >>> depth_kept_at_min(game, (), 1, {(0,): 5, (1,): 7}.get)  # searches 2 plies
    (8, 1)
    """
    if game.is_terminal(state):
        return game.utility(state, MAX), None
    if depth == 0:
        return evaluate(state), None
    maximizing = game.to_move(state) == MAX
    best_value, best_move = (-INF if maximizing else INF), None
    for move in game.moves(state):
        left = depth - 1 if maximizing else depth  # the bug: depth - 1 at every node
        value, _ = depth_kept_at_min(game, game.result(state, move), left, evaluate,
                                     alpha, beta)
        if best_move is None or (value > best_value if maximizing else value < best_value):
            best_value, best_move = value, move
        if maximizing:
            if best_value >= beta:
                break
            alpha = max(alpha, best_value)
        else:
            if best_value <= alpha:
                break
            beta = min(beta, best_value)
    return best_value, best_move


@shows(REMEMBERS_POSITIONS)
def remembers_positions(game: Any, state: Any, depth: int, evaluate: Any,
                        alpha: float = -INF, beta: float = INF,
                        seen: dict | None = None) -> tuple[Any, Any]:
    """Remembers the answer for each (state, depth) and reuses it, whatever the window it
    was found with (a value found inside a narrow window is only a bound).

    >>> from aisearch.games.dag import DagGame
    >>> from aisearch.trace import CountingGame
    >>> game = CountingGame(DagGame(b=2, d=4, width=2, seed=1))
    >>> _ = remembers_positions(game, game.initial, 4, None)
    >>> fewer = len(game.generated); game.reset()
    >>> _ = alphabeta_decision(game, game.initial, 4, None)
    >>> fewer < len(game.generated)
    True
    """
    seen = {} if seen is None else seen
    if (state, depth) in seen:  # the bug: no memory between nodes
        return seen[state, depth]
    if game.is_terminal(state):
        return game.utility(state, MAX), None
    if depth == 0:
        return evaluate(state), None
    maximizing = game.to_move(state) == MAX
    best_value, best_move = (-INF if maximizing else INF), None
    for move in game.moves(state):
        value, _ = remembers_positions(game, game.result(state, move), depth - 1, evaluate,
                                       alpha, beta, seen)
        if best_move is None or (value > best_value if maximizing else value < best_value):
            best_value, best_move = value, move
        if maximizing:
            if best_value >= beta:
                break
            alpha = max(alpha, best_value)
        else:
            if best_value <= alpha:
                break
            beta = min(beta, best_value)
    seen[state, depth] = best_value, best_move
    return best_value, best_move


@shows(NO_MOVE_WHEN_LOST)
def no_move_when_lost(game: Any, state: Any, depth: int, evaluate: Any,
                      alpha: float = -INF, beta: float = INF) -> tuple[Any, Any]:
    """Takes a move only when it beats the starting value: none when every move loses.

    >>> import math
    >>> from aisearch.games import TreeGame
    >>> no_move_when_lost(TreeGame([[-math.inf, 1], [2, -math.inf]]), (), 2, None)
    (-inf, None)
    """
    if game.is_terminal(state):
        return game.utility(state, MAX), None
    if depth == 0:
        return evaluate(state), None
    maximizing = game.to_move(state) == MAX
    best_value, best_move = (-INF if maximizing else INF), None
    for move in game.moves(state):
        value, _ = no_move_when_lost(game, game.result(state, move), depth - 1, evaluate,
                                     alpha, beta)
        if value > best_value if maximizing else value < best_value:  # the bug: or no move yet
            best_value, best_move = value, move
        if maximizing:
            if best_value >= beta:
                break
            alpha = max(alpha, best_value)
        else:
            if best_value <= alpha:
                break
            beta = min(beta, best_value)
    return best_value, best_move


# -- two bugs at once --------------------------------------------------------------------
@shows(NO_PRUNING)
def no_pruning_value_for_move(game: Any, state: Any, depth: int, evaluate: Any) -> Any:
    """Plain minimax that returns the value alone.

    >>> from aisearch.games import fig5_2
    >>> no_pruning_value_for_move(fig5_2, fig5_2.initial, 2, None)
    3
    """
    value, move = no_pruning(game, state, depth, evaluate)
    return value


@shows(CUT_RULE)
def strict_cutoff_no_root_cut(game: Any, state: Any, depth: int, evaluate: Any
                              ) -> tuple[Any, Any]:
    """Cuts only when alpha > beta, and never at the root.

    >>> from aisearch.games import TreeGame
    >>> strict_cutoff_no_root_cut(TreeGame([math.inf, 3]), (), 1, None)
    (inf, 0)
    """
    if game.is_terminal(state) or depth == 0:
        return strict_cutoff(game, state, depth, evaluate)
    maximizing = game.to_move(state) == MAX
    alpha, beta = -INF, INF
    best_value, best_move = (-INF if maximizing else INF), None
    for move in game.moves(state):
        value, _ = strict_cutoff(game, game.result(state, move), depth - 1, evaluate,
                                 alpha, beta)
        if best_move is None or (value > best_value if maximizing else value < best_value):
            best_value, best_move = value, move
        if maximizing:
            alpha = max(alpha, best_value)
        else:
            beta = min(beta, best_value)
    return best_value, best_move


@shows(ROOT_ALPHA)
def root_fresh_window_value_for_move(game: Any, state: Any, depth: int, evaluate: Any) -> Any:
    """Searches every root move with a fresh window, and returns the value alone.

    >>> from aisearch.games import fig5_2
    >>> root_fresh_window_value_for_move(fig5_2, fig5_2.initial, 2, None)
    3
    """
    value, move = root_fresh_window(game, state, depth, evaluate)
    return value


# -- the strict rule (CS188), fail-soft ---------------------------------------------------
def alphabeta_strict(game: Any, state: Any, depth: int, evaluate: Any,
                     alpha: float = -INF, beta: float = INF) -> tuple[Any, Any]:
    """Alpha-beta, fail-soft, with CS188's strict rule: cut only when alpha > beta.

    >>> from aisearch.games import TreeGame
    >>> from aisearch.trace import CountingGame
    >>> game = CountingGame(TreeGame([[3, 5], [3, 9]]))
    >>> alphabeta_strict(game, game.initial, 2, None), game.generated[-1]
    ((3, 0), (1, 1))
    """
    if game.is_terminal(state):
        return game.utility(state, MAX), None
    if depth == 0:
        return evaluate(state), None
    maximizing = game.to_move(state) == MAX
    best_value, best_move = (-INF if maximizing else INF), None
    for move in game.moves(state):
        value, _ = alphabeta_strict(game, game.result(state, move), depth - 1, evaluate,
                                    alpha, beta)
        if best_move is None or (value > best_value if maximizing else value < best_value):
            best_value, best_move = value, move
        if maximizing:
            alpha = max(alpha, best_value)
        else:
            beta = min(beta, best_value)
        if alpha > beta:
            break
    return best_value, best_move


@shows(STRICT_RULE)
def strict_on_equality(game: Any, state: Any, depth: int, evaluate: Any,
                       alpha: float = -INF, beta: float = INF) -> tuple[Any, Any]:
    """The strict question answered with the cut on equality (part 1's search).

    >>> from aisearch.games import TreeGame
    >>> from aisearch.trace import CountingGame
    >>> game = CountingGame(TreeGame([[3, 5], [3, 9]]))
    >>> strict_on_equality(game, game.initial, 2, None), game.generated[-1]
    ((3, 0), (1, 0))
    """
    if game.is_terminal(state):
        return game.utility(state, MAX), None
    if depth == 0:
        return evaluate(state), None
    maximizing = game.to_move(state) == MAX
    best_value, best_move = (-INF if maximizing else INF), None
    for move in game.moves(state):
        value, _ = strict_on_equality(game, game.result(state, move), depth - 1, evaluate,
                                      alpha, beta)
        if best_move is None or (value > best_value if maximizing else value < best_value):
            best_value, best_move = value, move
        if maximizing:
            alpha = max(alpha, best_value)
        else:
            beta = min(beta, best_value)
        if alpha >= beta:  # the bug: the strict rule is alpha > beta
            break
    return best_value, best_move


@shows(FAIL_HARD_STRICT)
def fail_hard_strict(game: Any, state: Any, depth: int, evaluate: Any,
                     alpha: float = -INF, beta: float = INF) -> tuple[Any, Any]:
    """The strict rule with fail-hard returns (Pearl's steps with alpha > beta).

    >>> from aisearch.games import TreeGame
    >>> fail_hard_strict(TreeGame([[1, 5], [0, 9], [2, 8]]), (), 2, None)
    (2, 2)
    """
    if game.is_terminal(state):
        return game.utility(state, MAX), None
    if depth == 0:
        return evaluate(state), None
    best_move = None
    if game.to_move(state) == MAX:
        for move in game.moves(state):
            value, _ = fail_hard_strict(game, game.result(state, move), depth - 1, evaluate,
                                        alpha, beta)
            if best_move is None or value > alpha:
                alpha, best_move = max(alpha, value), move
            if alpha > beta:
                return beta, best_move  # the bug: should return the best value, not beta
        return alpha, best_move  # (and here the best value, not alpha)
    for move in game.moves(state):
        value, _ = fail_hard_strict(game, game.result(state, move), depth - 1, evaluate,
                                    alpha, beta)
        if best_move is None or value < beta:
            beta, best_move = min(beta, value), move
        if beta < alpha:
            return alpha, best_move  # the bug: should return the best value, not alpha
    return beta, best_move


# -- a trace by hand -----------------------------------------------------------------------
def _tips(search: Callable[..., Any], game: Any) -> list[tuple]:
    from aisearch.trace import CountingGame

    counted = CountingGame(game)
    search(counted, counted.initial, 4, None)
    return [s for s in counted.generated if game.is_terminal(s)]


def _shallow(game: Any, state: Any, depth: int, evaluate: Any,
             alpha: float = -INF, beta: float = INF) -> tuple[Any, Any]:
    """Alpha-beta that passes down only the node's own bound, not its ancestors'."""
    if game.is_terminal(state):
        return game.utility(state, MAX), None
    maximizing = game.to_move(state) == MAX
    best_value, best_move = (-INF if maximizing else INF), None
    for move in game.moves(state):
        window = (best_value, INF) if maximizing else (-INF, best_value)
        value, _ = _shallow(game, game.result(state, move), depth - 1, evaluate, *window)
        if best_move is None or (value > best_value if maximizing else value < best_value):
            best_value, best_move = value, move
        if best_value >= beta if maximizing else best_value <= alpha:
            break
    return best_value, best_move


def trace_tips(game: Any) -> list[tuple]:
    """The tips alpha-beta evaluates in ``game``, left to right (the hand trace's answer).

    >>> from aisearch.games import TreeGame
    >>> trace_tips(TreeGame(TRACE_TREE))[:3]
    [(0, 0, 0, 0), (0, 0, 0, 1), (0, 0, 1, 0)]
    """
    return _tips(alphabeta_decision, game)


@shows(TRACE_ALL_TIPS)
def trace_every_tip(game: Any) -> list[tuple]:
    """Every tip, as minimax evaluates them.

    >>> from aisearch.games import TreeGame
    >>> len(trace_every_tip(TreeGame(TRACE_TREE)))
    16
    """
    return _tips(no_pruning, game)


@shows(TRACE_STRICT)
def trace_strict(game: Any) -> list[tuple]:
    """A trace that cuts only when alpha > beta.

    >>> from aisearch.games import TreeGame
    >>> len(trace_strict(TreeGame(TRACE_TREE)))
    13
    """
    return _tips(strict_cutoff, game)


@shows(TRACE_SHALLOW)
def trace_shallow(game: Any) -> list[tuple]:
    """A trace that compares each node with its parent's bound only (no deep cut-offs).

    >>> from aisearch.games import TreeGame
    >>> len(trace_shallow(TreeGame(TRACE_TREE)))
    9
    """
    return _tips(_shallow, game)


@shows(TRACE_ROOT)
def trace_fresh_root(game: Any) -> list[tuple]:
    """A trace that starts every move of the root with a fresh window.

    >>> from aisearch.games import TreeGame
    >>> len(trace_fresh_root(TreeGame(TRACE_TREE)))
    13
    """
    return _tips(root_fresh_window, game)


BUGS: list[Bug] = catalogue(
    no_pruning, strict_cutoff, wrong_side, swapped_bounds_aima, swapped_bounds,
    root_fresh_window, no_root_cut, eager_children,
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
