"""Known wrong minimax searchers, each a small change of the plain minimax, and the right one.

The exercise's API, ``f(game, state, depth, evaluate) -> (value, move)``, is the API of the
plain :func:`~aisearch.search.plain.minimax` the lessons show, so the right answer
:data:`minimax_decision` is that function (it generates and evaluates exactly what
:func:`aisearch.search.minimax` does with ``fastest_wins=False``), and every known wrong one is
that function with one classic mistake written in: the mistakes any depth-limited search can
make, :func:`~aisearch.grading.search_checks.depth_limited_bugs`, each an edit of the plain
source that says why it is a classic mistake.

The robot evaluation, ``robot_eval(game, state)``, has its right answer (:func:`robot_eval`,
the shortest path around the walls and Black's exits) and three wrong ones: the straight-line
distance, blind to walls, the distance with its sign flipped, and the distance not scaled into
(-1, 1), each an edit of it (the lessons have no plain evaluation of the two robots to
change).

Examples
--------
>>> from aisearch.games import fig5_2
>>> minimax_decision(fig5_2, fig5_2.initial, 2, None)
(3, 0)
>>> value_for_move(fig5_2, fig5_2.initial, 2, None)
3
>>> [bug.key for bug in BUGS][:3]
['value-for-move', 'depth-off-by-one', 'depth-off-by-one']
>>> from aisearch.games.robots import TwoRobots
>>> game = TwoRobots.parse("B . ./# # ./W . .")
>>> manhattan_eval(game, game.initial) > robot_eval(game, game.initial), far_is_good(
...     game, game.initial) > 0
(True, True)
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from aisearch.grading.mutate import mutant
from aisearch.grading.recognise import Bug, BugClass, catalogue
from aisearch.grading.search_checks import depth_limited_bugs
from aisearch.search.plain import minimax

__all__ = ["minimax_decision", "robot_eval", "BUGS", "EVAL_BUGS", "CATALOGUE", "REFERENCES",
           "WEAK_EVALUATION", "EVALUATION_SIGN", "EVALUATION_RANGE"]

WEAK_EVALUATION = BugClass(
    "weak-evaluation", "a weak evaluation: on walled grids your White wins fewer games than "
    "White with the lesson's distance_eval. Measure the distance around the walls "
    "(game.distance), not the straight line, and keep the value strictly between -1 and +1.")
EVALUATION_SIGN = BugClass(
    "evaluation-sign", "the evaluation's sign is flipped: White (MAX) maximises it, so it must "
    "be higher when White is closer to Black, e.g. minus the distance, scaled into (-1, 1).")
EVALUATION_RANGE = BugClass(
    "evaluation-range", "values outside (-1, 1): a position that is not over must be worth "
    "more than a loss (-1) and less than a win (+1), or White prefers losing at the ply limit "
    "to a bad position; scale the distance, e.g. divide it by the number of free cells plus "
    "a few.")

minimax_decision = minimax
"""The right answer: the plain minimax."""

(value_for_move, depth_one_too_early, depth_one_too_deep, utility_of_mover, negated_evaluation,
 evaluates_non_tips, last_best_move, evaluates_terminals, depth_kept_at_min, remembers_positions,
 no_move_when_lost) = depth_limited_bugs(minimax, "evaluate)")


# -- the robot evaluation ----------------------------------------------------------------
def robot_eval(game: Any, state: Any) -> float:
    """White's view of a TwoRobots position, strictly between -1 and +1: near is good, and
    a Black robot with few exits is easier to corner.

    >>> from aisearch.games.robots import TwoRobots
    >>> game = TwoRobots(3, 3)
    >>> robot_eval(game, game.initial) < robot_eval(game, game.result(game.initial, "E"))
    True
    """
    d = game.distance(state.black, state.white)
    if d == math.inf:  # the robots can never meet
        return -0.99
    exits = len(game.neighbours(state.black))
    return -(d + 0.5 * exits) / (len(game.cells()) + 3)


manhattan_eval = mutant(robot_eval, WEAK_EVALUATION, "manhattan_eval", [
    ("game.distance(state.black, state.white)",
     "abs(state.black[0] - state.white[0]) + abs(state.black[1] - state.white[1])"),
    ("-(d + 0.5 * exits) /", "-d /")], why=(
    "The straight-line (Manhattan) distance, scaled: blind to the walls."))
far_is_good = mutant(robot_eval, EVALUATION_SIGN, "far_is_good", [
    ("-(d + 0.5 * exits) /", "d /")], why=(
    "The distance around the walls, scaled, with its sign flipped: White runs away."))
unscaled_distance = mutant(robot_eval, EVALUATION_RANGE, "unscaled_distance", [
    ("-(d + 0.5 * exits) / (len(game.cells()) + 3)", "-(d + 0.5 * exits)")], why=(
    "The distance around the walls, not scaled: every live position is worth less than a "
    "loss. In a match it plays as well as the scaled one, since its order is the same and the "
    "ply limit is rarely in sight, but it breaks the rule the exercise states."))


BUGS: list[Bug] = catalogue(
    value_for_move, depth_one_too_early, depth_one_too_deep, utility_of_mover,
    negated_evaluation, evaluates_non_tips, last_best_move, evaluates_terminals,
    depth_kept_at_min, remembers_positions, no_move_when_lost)
"""Wrong ``minimax_decision``, most specific first."""

EVAL_BUGS: list[Bug] = catalogue(manhattan_eval, far_is_good, unscaled_distance)
"""Wrong ``robot_eval``."""

CATALOGUE: dict[str, list[Bug]] = {"minimax_decision": BUGS, "robot_eval": EVAL_BUGS}
"""The student's function name -> its known wrong implementations."""

REFERENCES: dict[str, Callable[..., Any]] = {"minimax_decision": minimax_decision,
                                             "robot_eval": robot_eval}
"""The student's function name -> the right implementation."""
