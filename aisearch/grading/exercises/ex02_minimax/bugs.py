"""Known wrong minimax searchers, one named function per bug, and the right one.

Each function is a complete depth-limited minimax in the exercises' API, ``f(game, state,
depth, evaluate) -> (value, move)``, written as a student would. :func:`minimax_decision`
is the right answer (it generates and evaluates exactly what
:func:`aisearch.search.minimax` does with ``fastest_wins=False``); every other function
has exactly one bug, marked ``# the bug``.

The robot evaluation, ``robot_eval(game, state)``, has its right answer (:func:`robot_eval`,
the shortest path around the walls and Black's exits) and two wrong ones: the straight-line
distance, blind to walls, and the distance with its sign flipped.

Examples
--------
>>> from aisearch.games import fig5_2
>>> minimax_decision(fig5_2, fig5_2.initial, 2, None)
(3, 0)
>>> value_for_move(fig5_2, fig5_2.initial, 2, None)
3
>>> [bug.key for bug in BUGS][:3]
['value-for-move', 'depth-off-by-one', 'depth-off-by-one']
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from aisearch.core import MAX, MIN
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

__all__ = ["minimax_decision", "robot_eval", "BUGS", "EVAL_BUGS", "CATALOGUE", "REFERENCES",
           "WEAK_EVALUATION", "EVALUATION_SIGN"]

INF = math.inf

WEAK_EVALUATION = BugClass(
    "weak-evaluation", "a weak evaluation: on walled grids your White wins fewer games than "
    "White with the lesson's distance_eval. Measure the distance around the walls "
    "(game.distance), not the straight line, and keep the value strictly between -1 and +1.")
EVALUATION_SIGN = BugClass(
    "evaluation-sign", "the evaluation's sign is flipped: White (MAX) maximises it, so it must "
    "be higher when White is closer to Black, e.g. minus the distance, scaled into (-1, 1).")


def minimax_decision(game: Any, state: Any, depth: int, evaluate: Any) -> tuple[Any, Any]:
    """Minimax value (MAX's view) and first best move, searching ``depth`` plies.

    >>> from aisearch.games import TreeGame
    >>> minimax_decision(TreeGame([[3, 12], [8, 2]]), (), 2, None)
    (3, 0)
    """
    if game.is_terminal(state):
        return game.utility(state, MAX), None
    if depth == 0:
        return evaluate(state), None
    maximizing = game.to_move(state) == MAX
    best_value, best_move = (-INF if maximizing else INF), None
    for move in game.moves(state):
        value, _ = minimax_decision(game, game.result(state, move), depth - 1, evaluate)
        if best_move is None or (value > best_value if maximizing else value < best_value):
            best_value, best_move = value, move
    return best_value, best_move


@shows(VALUE_FOR_MOVE)
def value_for_move(game: Any, state: Any, depth: int, evaluate: Any) -> Any:
    """Returns the value alone, not the pair (value, move).

    >>> from aisearch.games import TreeGame
    >>> value_for_move(TreeGame([[3, 12], [8, 2]]), (), 2, None)
    3
    """
    value, move = minimax_decision(game, state, depth, evaluate)
    return value  # the bug: should return value, move


@shows(DEPTH_OFF_BY_ONE)
def depth_one_too_early(game: Any, state: Any, depth: int, evaluate: Any) -> tuple[Any, Any]:
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
        value, _ = depth_one_too_early(game, game.result(state, move), depth - 1, evaluate)
        if best_move is None or (value > best_value if maximizing else value < best_value):
            best_value, best_move = value, move
    return best_value, best_move


@shows(DEPTH_OFF_BY_ONE)
def depth_one_too_deep(game: Any, state: Any, depth: int, evaluate: Any) -> tuple[Any, Any]:
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
        value, _ = depth_one_too_deep(game, game.result(state, move), depth - 1, evaluate)
        if best_move is None or (value > best_value if maximizing else value < best_value):
            best_value, best_move = value, move
    return best_value, best_move


@shows(POINT_OF_VIEW)
def utility_of_mover(game: Any, state: Any, depth: int, evaluate: Any) -> tuple[Any, Any]:
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
        value, _ = utility_of_mover(game, game.result(state, move), depth - 1, evaluate)
        if best_move is None or (value > best_value if maximizing else value < best_value):
            best_value, best_move = value, move
    return best_value, best_move


@shows(POINT_OF_VIEW)
def negated_evaluation(game: Any, state: Any, depth: int, evaluate: Any) -> tuple[Any, Any]:
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
        value, _ = negated_evaluation(game, game.result(state, move), depth - 1, evaluate)
        if best_move is None or (value > best_value if maximizing else value < best_value):
            best_value, best_move = value, move
    return best_value, best_move


@shows(EVALUATES_NON_TIPS)
def evaluates_non_tips(game: Any, state: Any, depth: int, evaluate: Any) -> tuple[Any, Any]:
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
        value, _ = evaluates_non_tips(game, game.result(state, move), depth - 1, evaluate)
        if best_move is None or (value > best_value if maximizing else value < best_value):
            best_value, best_move = value, move
    return best_value, best_move


@shows(TIES)
def last_best_move(game: Any, state: Any, depth: int, evaluate: Any) -> tuple[Any, Any]:
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
        value, _ = last_best_move(game, game.result(state, move), depth - 1, evaluate)
        if best_move is None or (value >= best_value if maximizing else value <= best_value):
            best_value, best_move = value, move  # the bug: >= and <= should be > and <
    return best_value, best_move


@shows(EVALUATES_TERMINALS)
def evaluates_terminals(game: Any, state: Any, depth: int, evaluate: Any) -> tuple[Any, Any]:
    """Tests the depth before the end of the game: terminal states at the bound are
    evaluated (their value happens to agree here; the call is what the exercise forbids).

    >>> from aisearch.games import TreeGame
    >>> from aisearch.trace import CountingGame
    >>> game = CountingGame(TreeGame([[3, 12], [8, 2]]))
    >>> evaluates_terminals(game, (), 2, game.counting(lambda s: 0)), game.evaluated
    ((0, 0), [(0, 0), (0, 1), (1, 0), (1, 1)])
    """
    if depth == 0:  # the bug: test game.is_terminal(state) first
        return evaluate(state), None
    if game.is_terminal(state):
        return game.utility(state, MAX), None
    maximizing = game.to_move(state) == MAX
    best_value, best_move = (-INF if maximizing else INF), None
    for move in game.moves(state):
        value, _ = evaluates_terminals(game, game.result(state, move), depth - 1, evaluate)
        if best_move is None or (value > best_value if maximizing else value < best_value):
            best_value, best_move = value, move
    return best_value, best_move


@shows(DEPTH_AT_MIN)
def depth_kept_at_min(game: Any, state: Any, depth: int, evaluate: Any) -> tuple[Any, Any]:
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
        value, _ = depth_kept_at_min(game, game.result(state, move), left, evaluate)
        if best_move is None or (value > best_value if maximizing else value < best_value):
            best_value, best_move = value, move
    return best_value, best_move


@shows(REMEMBERS_POSITIONS)
def remembers_positions(game: Any, state: Any, depth: int, evaluate: Any,
                        seen: dict | None = None) -> tuple[Any, Any]:
    """Remembers the answer for each (state, depth) it has searched and reuses it.

    >>> from aisearch.games.dag import DagGame
    >>> from aisearch.trace import CountingGame
    >>> game = CountingGame(DagGame(b=2, d=4, width=2, seed=1))
    >>> _ = remembers_positions(game, game.initial, 4, None)
    >>> fewer = len(game.generated); game.reset()
    >>> _ = minimax_decision(game, game.initial, 4, None)
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
        value, _ = remembers_positions(game, game.result(state, move), depth - 1, evaluate, seen)
        if best_move is None or (value > best_value if maximizing else value < best_value):
            best_value, best_move = value, move
    seen[state, depth] = best_value, best_move
    return best_value, best_move


@shows(NO_MOVE_WHEN_LOST)
def no_move_when_lost(game: Any, state: Any, depth: int, evaluate: Any) -> tuple[Any, Any]:
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
        value, _ = no_move_when_lost(game, game.result(state, move), depth - 1, evaluate)
        if value > best_value if maximizing else value < best_value:  # the bug: or no move yet
            best_value, best_move = value, move
    return best_value, best_move


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


@shows(WEAK_EVALUATION)
def manhattan_eval(game: Any, state: Any) -> float:
    """The straight-line (Manhattan) distance, scaled: blind to the walls.

    >>> from aisearch.games.robots import TwoRobots
    >>> game = TwoRobots.parse("B . ./# # ./W . .")
    >>> manhattan_eval(game, game.initial) > robot_eval(game, game.initial)
    True
    """
    (rb, cb), (rw, cw) = state.black, state.white
    # the bug: should be the distance around the walls, game.distance(black, white)
    return -(abs(rb - rw) + abs(cb - cw)) / (len(game.cells()) + 3)


@shows(EVALUATION_SIGN)
def far_is_good(game: Any, state: Any) -> float:
    """The distance around the walls, scaled, with its sign flipped: White runs away.

    >>> from aisearch.games.robots import TwoRobots
    >>> game = TwoRobots(3, 3)
    >>> far_is_good(game, game.initial) > 0
    True
    """
    d = game.distance(state.black, state.white)
    if d == math.inf:
        return -0.99
    return d / (len(game.cells()) + 3)  # the bug: should be minus the distance


BUGS: list[Bug] = catalogue(
    value_for_move, depth_one_too_early, depth_one_too_deep, utility_of_mover,
    negated_evaluation, evaluates_non_tips, last_best_move, evaluates_terminals,
    depth_kept_at_min, remembers_positions, no_move_when_lost)
"""Wrong ``minimax_decision``, most specific first."""

EVAL_BUGS: list[Bug] = catalogue(manhattan_eval, far_is_good)
"""Wrong ``robot_eval``."""

CATALOGUE: dict[str, list[Bug]] = {"minimax_decision": BUGS, "robot_eval": EVAL_BUGS}
"""The student's function name -> its known wrong implementations."""

REFERENCES: dict[str, Callable[..., Any]] = {"minimax_decision": minimax_decision,
                                             "robot_eval": robot_eval}
"""The student's function name -> the right implementation."""
