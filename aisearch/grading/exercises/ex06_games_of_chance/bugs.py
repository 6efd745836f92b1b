"""Known wrong answers of exercise 06, and the right ones.

:data:`expectiminimax_decision` is the plain :func:`~aisearch.search.plain.expectiminimax`,
whose API is the exercises' ``f(game, state, depth, evaluate) -> (value, move)``: it generates
and evaluates exactly what :func:`aisearch.search.expectiminimax` does with
``fastest_wins=False`` (a chance node is a ply). Each wrong searcher is an edit of it with one
classic mistake (:func:`~aisearch.grading.mutate.mutant`). :func:`hold_at_win_probability`
computes, by value iteration, the chance that Pig's first player wins when both players hold
at ``n``; its wrong answers are edits of it (the lessons have no plain version of that
computation to change).

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

from aisearch.grading.mutate import mutant, value_only
from aisearch.grading.recognise import Bug, BugClass, catalogue
from aisearch.grading.search_checks import DEPTH_OFF_BY_ONE, TIES, VALUE_FOR_MOVE
from aisearch.search.plain import expectiminimax

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


expectiminimax_decision = expectiminimax
"""The right answer: the plain expectiminimax (a chance node counts as a ply)."""

# -- wrong searchers: edits of the plain expectiminimax's chance node ---------------------
EXPECTATION = "sum(p * "
"""The start of the chance node's value: the sum of each outcome's value times its p."""
OUTCOME = "depth - 1, evaluate)[0]"
"""The value of one outcome, searched one ply deeper."""


def _bug(kind: BugClass, name: str, edits: list[tuple[str, str]], why: str,
         **options: Any) -> Callable[..., Any]:
    return mutant(expectiminimax, kind, name, edits, why=why, **options)


plain_average = _bug(IGNORES_PROBABILITIES, "plain_average", [
    ("return sum(p * ", "values = ["),
    ("for outcome, p in game.chance_outcomes(state)), None",
     "for outcome, p in game.chance_outcomes(state)]\n"
     "        return sum(values) / len(values), None")], why=(
    "A chance node's value is the plain mean of its outcomes' values: dice read as fair."))
chance_as_min = _bug(CHANCE_AS_MIN, "chance_as_min", [(EXPECTATION, "min(")], why=(
    "Chance nodes are MIN nodes: the dice treated as a second opponent."))
probabilities_twice = _bug(PROBABILITIES_TWICE, "probabilities_twice", [
    (EXPECTATION, "sum(p * (p * "), (OUTCOME, OUTCOME + ")")], why=(
    "Each outcome's value is weighted by its probability, and the weighted values weighted "
    "again at the chance node."))
evaluates_chance = _bug(EVALUATES_CHANCE, "evaluates_chance", [
    ("    if player == CHANCE:",
     "    if player == CHANCE and depth == 1:\n        return evaluate(state), None\n"
     "    if player == CHANCE:")], why=(
    "A chance node one ply above the bound is evaluated instead of searched (the dice's ply "
    "not counted as a search)."))
chance_not_a_ply = _bug(CHANCE_NOT_A_PLY, "chance_not_a_ply", [
    (OUTCOME, "depth, evaluate)[0]")], why=(
    "The outcomes of a chance node get the chance node's own depth: only moves counted as "
    "plies."))
value_for_move = _bug(VALUE_FOR_MOVE, "value_for_move", [], then=value_only, why=(
    "Returns the value alone."))
last_best_move = _bug(TIES, "last_best_move", [
    ("value > best if player == MAX else value < best",
     "value >= best if player == MAX else value <= best")], why=(
    "Breaks ties for the last best move, not the first: >= and <= where > and < belong."))
depth_one_too_deep = _bug(DEPTH_OFF_BY_ONE, "depth_one_too_deep", [("depth == 0", "depth < 0")],
                          why="Searches one ply beyond the bound.")


# -- the second question: Pig, both players holding at n ----------------------------------
def hold_at_win_probability(goal: int, n: int) -> float:
    """The chance that Pig's first player wins when both players hold at ``n``.

    Value iteration over ``p[i][j][k]``: the mover's chance to win with score i, the other's
    score j, turn total k; both players roll until the turn total reaches n (or their score
    the goal), then hold.

    >>> round(hold_at_win_probability(5, 2), 6)
    0.668553
    """
    cap = goal + n + 6
    p = [[[0.0] * cap for _ in range(goal)] for _ in range(goal)]
    for _ in range(10_000):
        change = 0.0
        for i in range(goal - 1, -1, -1):
            for j in range(goal - 1, -1, -1):
                for k in range(cap - 7, -1, -1):
                    reached = i + k >= goal
                    if k >= n or reached:  # hold
                        new = 1.0 if reached else 1 - p[j][i + k][0]
                    else:  # roll: a 1 passes the turn, 2 .. 6 add to the turn total
                        lose = 1 - p[j][i][0]
                        new = (lose + sum(p[i][j][k + r] if i + k + r < goal else 1.0
                                          for r in range(2, 7))) / 6
                    change = max(change, abs(new - p[i][j][k]))
                    p[i][j][k] = new
        if change < 1e-13:
            break
    return p[0][0][0]


# -- wrong Pig answers: edits of the value iteration above (the lessons have no plain one) ----
one_keeps_turn = mutant(hold_at_win_probability, ONE_KEEPS_TURN, "one_keeps_turn", [
    ("lose = 1 - p[j][i][0]", "lose = p[i][j][0]")], why=(
    "A 1 scores nothing but the player rolls on."))
holds_above_n = mutant(hold_at_win_probability, HOLD_THRESHOLD, "holds_above_n", [
    ("k >= n", "k > n")], why="Holds only when the turn total exceeds n.")
rolls_past_goal = mutant(hold_at_win_probability, GOAL_NOT_HELD, "rolls_past_goal", [
    ("k >= n or reached", "k >= n"),
    ("if i + k + r < goal else", "if i + k + r < goal or k + r < cap else")], why=(
    "Does not hold at the goal until the turn total reaches n."))


BUGS: list[Bug] = catalogue(plain_average, chance_as_min, probabilities_twice, evaluates_chance,
                            chance_not_a_ply, value_for_move, last_best_move,
                            depth_one_too_deep)
"""The wrong expectiminimax searchers, most specific first."""

POLICY_BUGS: list[Bug] = catalogue(one_keeps_turn, holds_above_n, rolls_past_goal)
"""The wrong answers to the Pig question."""

CATALOGUE: dict[str, list[Bug]] = {"expectiminimax_decision": BUGS,
                                   "hold_at_win_probability": POLICY_BUGS}
"""The student's function name -> its known wrong implementations."""

REFERENCES: dict[str, Callable[..., Any]] = {"expectiminimax_decision": expectiminimax_decision,
                                             "hold_at_win_probability": hold_at_win_probability}
"""Plain correct implementations of the graded functions."""
