"""Known wrong answers of exercise 06, one named function per bug, and the right ones.

:func:`expectiminimax_decision` is a complete depth-limited expectiminimax in the exercises'
API, ``f(game, state, depth, evaluate) -> (value, move)``: it generates and evaluates exactly
what :func:`aisearch.search.expectiminimax` does with ``fastest_wins=False`` (a chance node is
a ply). :func:`hold_at_win_probability` computes, by value iteration, the chance that Pig's
first player wins when both players hold at ``n``. Every other function has exactly one bug,
marked ``# the bug``.

Examples
--------
>>> from aisearch.games.chance_trees import dice_tree
>>> expectiminimax_decision(dice_tree, (), 3, None)
(3.5, 'b')
>>> round(hold_at_win_probability(6, 3), 6)
0.676979
>>> [bug.key for bug in BUGS][:2]
['ignores-probabilities', 'chance-as-min']
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from aisearch.core import CHANCE, MAX
from aisearch.grading.recognise import Bug, BugClass, catalogue, shows
from aisearch.grading.search_checks import DEPTH_OFF_BY_ONE, VALUE_FOR_MOVE

__all__ = ["expectiminimax_decision", "hold_at_win_probability", "BUGS", "POLICY_BUGS",
           "CATALOGUE", "REFERENCES"]

INF = math.inf

IGNORES_PROBABILITIES = BugClass(
    "ignores-probabilities", "averages without the probabilities: a chance node's value is "
    "sum(p * value) over game.chance_outcomes(state), not the plain mean of its outcomes' values "
    "(the outcomes need not be equally likely).")
CHANCE_AS_MIN = BugClass(
    "chance-as-min", "treats chance as an opponent: a chance node takes the expectation of its "
    "outcomes' values, not their minimum (the dice do not play against MAX).")
PROBABILITIES_TWICE = BugClass(
    "probabilities-twice", "applies the probabilities twice: weight each outcome's value by its "
    "probability once, at the chance node (sum(p * value)); the outcome's own value is not "
    "multiplied by p again.")
EVALUATES_CHANCE = BugClass(
    "evaluates-chance-nodes", "evaluates at chance nodes: a chance node above the depth bound is "
    "searched like any node (its outcomes get depth - 1 and are evaluated there), not replaced "
    "by evaluate(state).")
CHANCE_NOT_A_PLY = BugClass(
    "chance-not-a-ply", "a chance node is not counted as a ply: here depth counts every level "
    "of the tree, chance nodes included, so pass depth - 1 to a chance node's outcomes too.")
ONE_KEEPS_TURN = BugClass(
    "one-keeps-turn", "a 1 ends the turn: the turn total is lost and the opponent moves next "
    "(value 1 - P(opponent to move, turn total 0)), not a roll worth 0 after which you roll on.")
HOLD_THRESHOLD = BugClass(
    "hold-threshold", "holds one point too late: 'hold at n' holds as soon as the turn total "
    "reaches n (turn total >= n), not only above n.")
GOAL_NOT_HELD = BugClass(
    "goal-not-held", "rolls on after reaching the goal: once score + turn total reaches the goal "
    "the player holds and wins, whatever n is.")


def _outcome_value(game: Any, state: Any, depth: int, evaluate: Any) -> float:
    return expectiminimax_decision(game, state, depth, evaluate)[0]


def expectiminimax_decision(game: Any, state: Any, depth: int, evaluate: Any
                            ) -> tuple[Any, Any]:
    """Expectiminimax value (MAX's view) and first best move, searching ``depth`` plies.

    >>> from aisearch.games import Chance, TreeGame
    >>> expectiminimax_decision(TreeGame([Chance([(0.25, 8), (0.75, 0)]), 1]), (), 2, None)
    (2.0, 0)
    """
    if game.is_terminal(state):
        return game.utility(state, MAX), None
    if depth == 0:
        return evaluate(state), None
    player = game.to_move(state)
    if player == CHANCE:
        total = 0.0
        for outcome, p in game.chance_outcomes(state):
            value, _ = expectiminimax_decision(game, game.result(state, outcome), depth - 1,
                                               evaluate)
            total += p * value
        return total, None
    maximizing = player == MAX
    best_value, best_move = (-INF if maximizing else INF), None
    for move in game.moves(state):
        value, _ = expectiminimax_decision(game, game.result(state, move), depth - 1, evaluate)
        if best_move is None or (value > best_value if maximizing else value < best_value):
            best_value, best_move = value, move
    return best_value, best_move


def _with_chance(chance_value: Callable[..., Any]) -> Callable[..., Any]:
    """An expectiminimax whose chance nodes are valued by ``chance_value(search, game, state,
    depth, evaluate)`` (a wrong rule); everything else as the reference."""

    def search(game: Any, state: Any, depth: int, evaluate: Any) -> tuple[Any, Any]:
        if game.is_terminal(state):
            return game.utility(state, MAX), None
        if depth == 0:
            return evaluate(state), None
        player = game.to_move(state)
        if player == CHANCE:
            return chance_value(search, game, state, depth, evaluate), None
        maximizing = player == MAX
        best_value, best_move = (-INF if maximizing else INF), None
        for move in game.moves(state):
            value, _ = search(game, game.result(state, move), depth - 1, evaluate)
            if best_move is None or (value > best_value if maximizing else value < best_value):
                best_value, best_move = value, move
        return best_value, best_move

    return search


@shows(IGNORES_PROBABILITIES)
def plain_average(game: Any, state: Any, depth: int, evaluate: Any) -> tuple[Any, Any]:
    """A chance node's value is the plain mean of its outcomes' values."""

    def mean(search: Any, game: Any, state: Any, depth: int, evaluate: Any) -> float:
        values = [search(game, game.result(state, o), depth - 1, evaluate)[0]
                  for o, _ in game.chance_outcomes(state)]
        return sum(values) / len(values)  # the bug: the probabilities are ignored

    return _with_chance(mean)(game, state, depth, evaluate)


@shows(CHANCE_AS_MIN)
def chance_as_min(game: Any, state: Any, depth: int, evaluate: Any) -> tuple[Any, Any]:
    """Chance nodes are MIN nodes."""

    def least(search: Any, game: Any, state: Any, depth: int, evaluate: Any) -> float:
        return min(search(game, game.result(state, o), depth - 1, evaluate)[0]  # the bug
                   for o, _ in game.chance_outcomes(state))

    return _with_chance(least)(game, state, depth, evaluate)


@shows(PROBABILITIES_TWICE)
def probabilities_twice(game: Any, state: Any, depth: int, evaluate: Any) -> tuple[Any, Any]:
    """Each outcome's value is weighted by its probability squared."""

    def twice(search: Any, game: Any, state: Any, depth: int, evaluate: Any) -> float:
        total = 0.0
        for o, p in game.chance_outcomes(state):
            weighted = p * search(game, game.result(state, o), depth - 1, evaluate)[0]
            total += p * weighted  # the bug: p applied twice
        return total

    return _with_chance(twice)(game, state, depth, evaluate)


@shows(EVALUATES_CHANCE)
def evaluates_chance(game: Any, state: Any, depth: int, evaluate: Any) -> tuple[Any, Any]:
    """A chance node one ply above the bound is evaluated instead of searched."""

    def early(search: Any, game: Any, state: Any, depth: int, evaluate: Any) -> float:
        if depth == 1:
            return evaluate(state)  # the bug: a chance node is searched like any other
        total = 0.0
        for o, p in game.chance_outcomes(state):
            total += p * search(game, game.result(state, o), depth - 1, evaluate)[0]
        return total

    return _with_chance(early)(game, state, depth, evaluate)


@shows(CHANCE_NOT_A_PLY)
def chance_not_a_ply(game: Any, state: Any, depth: int, evaluate: Any) -> tuple[Any, Any]:
    """The outcomes of a chance node get the chance node's own depth."""

    def same_depth(search: Any, game: Any, state: Any, depth: int, evaluate: Any) -> float:
        total = 0.0
        for o, p in game.chance_outcomes(state):
            total += p * search(game, game.result(state, o), depth, evaluate)[0]  # the bug
        return total

    return _with_chance(same_depth)(game, state, depth, evaluate)


@shows(VALUE_FOR_MOVE)
def value_for_move(game: Any, state: Any, depth: int, evaluate: Any) -> Any:
    """Returns the value alone."""
    value, move = expectiminimax_decision(game, state, depth, evaluate)
    return value  # the bug: should return value, move


@shows(DEPTH_OFF_BY_ONE)
def depth_one_too_deep(game: Any, state: Any, depth: int, evaluate: Any) -> tuple[Any, Any]:
    """Searches one ply beyond the bound."""
    if depth < 0 or game.is_terminal(state):  # the bug: should stop at depth == 0
        if game.is_terminal(state):
            return game.utility(state, MAX), None
        return evaluate(state), None
    player = game.to_move(state)
    if player == CHANCE:
        total = 0.0
        for o, p in game.chance_outcomes(state):
            total += p * depth_one_too_deep(game, game.result(state, o), depth - 1, evaluate)[0]
        return total, None
    maximizing = player == MAX
    best_value, best_move = (-INF if maximizing else INF), None
    for move in game.moves(state):
        value, _ = depth_one_too_deep(game, game.result(state, move), depth - 1, evaluate)
        if best_move is None or (value > best_value if maximizing else value < best_value):
            best_value, best_move = value, move
    return best_value, best_move


# -- the second question: Pig, both players holding at n ----------------------------------
def _hold_at(goal: int, n: int, *, one_keeps_turn: bool = False, late: bool = False,
             past_goal: bool = False) -> float:
    """Value iteration over P[i][j][k]: the mover's chance to win with score i, the other's
    score j, turn total k; both players roll until the turn total reaches n, then hold."""
    cap = goal + n + 6
    p = [[[0.0] * cap for _ in range(goal)] for _ in range(goal)]
    for _ in range(10_000):
        change = 0.0
        for i in range(goal - 1, -1, -1):
            for j in range(goal - 1, -1, -1):
                for k in range(cap - 7, -1, -1):
                    reached = i + k >= goal
                    stop = (k > n if late else k >= n) or (reached and not past_goal)
                    if stop:
                        new = 1.0 if reached else 1 - p[j][i + k][0]
                    else:
                        lose = p[i][j][0] if one_keeps_turn else 1 - p[j][i][0]
                        new = (lose + sum(p[i][j][k + r] if i + k + r < goal or past_goal
                                          and k + r < cap else 1.0 for r in range(2, 7))) / 6
                    change = max(change, abs(new - p[i][j][k]))
                    p[i][j][k] = new
        if change < 1e-13:
            break
    return p[0][0][0]


def hold_at_win_probability(goal: int, n: int) -> float:
    """The chance that Pig's first player wins when both players hold at ``n``.

    >>> round(hold_at_win_probability(5, 2), 6)
    0.668553
    """
    return _hold_at(goal, n)


@shows(ONE_KEEPS_TURN)
def one_keeps_turn(goal: int, n: int) -> float:
    """A 1 scores nothing but the player rolls on."""
    return _hold_at(goal, n, one_keeps_turn=True)  # the bug


@shows(HOLD_THRESHOLD)
def holds_above_n(goal: int, n: int) -> float:
    """Holds only when the turn total exceeds n."""
    return _hold_at(goal, n, late=True)  # the bug


@shows(GOAL_NOT_HELD)
def rolls_past_goal(goal: int, n: int) -> float:
    """Does not hold at the goal until the turn total reaches n."""
    return _hold_at(goal, n, past_goal=True)  # the bug


BUGS: list[Bug] = catalogue(plain_average, chance_as_min, probabilities_twice, evaluates_chance,
                            chance_not_a_ply, value_for_move, depth_one_too_deep)
"""The wrong expectiminimax searchers, most specific first."""

POLICY_BUGS: list[Bug] = catalogue(one_keeps_turn, holds_above_n, rolls_past_goal)
"""The wrong answers to the Pig question."""

CATALOGUE: dict[str, list[Bug]] = {"expectiminimax_decision": BUGS,
                                   "hold_at_win_probability": POLICY_BUGS}
"""The student's function name -> its known wrong implementations."""

REFERENCES: dict[str, Callable[..., Any]] = {"expectiminimax_decision": expectiminimax_decision,
                                             "hold_at_win_probability": hold_at_win_probability}
"""Plain correct implementations of the graded functions."""
