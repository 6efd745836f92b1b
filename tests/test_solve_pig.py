"""Pig against the optimal policy held fixed, which is not the best reply to a simple policy.

``pig_solution(goal, hold_at=(20, None))`` lets player 2 play the best reply to "hold at 20",
exploiting it; ``hold_at=(20, "optimal")`` makes player 2 play the optimal policy (the
choices of the solution where both play optimally) whatever player 1 does. Known values for
goal 100 (checked by an independent solver written for the lesson's notes), the fixed optimal
policy against the generic solver on every state of small games, and the optimum twice over.
"""

import pytest

from aisearch import MAX
from aisearch.games.pig import Pig
from aisearch.solve_chance import solve_chance
from aisearch.solve_pig import pig_solution


@pytest.mark.parametrize("holds, wins", [
    ((None, None), 0.5306), ((20, None), 0.4776), ((None, 20), 0.5874),
    ((20, "optimal"), 0.4917), (("optimal", 20), 0.5715), ((20, 20), 0.5347)])
def test_goal_100_first_player_wins(holds, wins):
    assert round(pig_solution(100, hold_at=holds).first_player_wins, 4) == wins


def test_against_the_optimal_player_the_best_reply_is_the_optimal_policy():
    for holds in (("optimal", "optimal"), ("optimal", None), (None, "optimal")):
        assert pig_solution(100, hold_at=holds).first_player_wins == pytest.approx(
            pig_solution(100).first_player_wins, abs=1e-12)


def test_the_best_reply_exploits_hold_at_20_more_than_the_optimal_player_does():
    exploited = pig_solution(100, hold_at=(20, None)).first_player_wins
    against_optimal = pig_solution(100, hold_at=(20, "optimal")).first_player_wins
    assert exploited < against_optimal < pig_solution(100).first_player_wins


@pytest.mark.parametrize("goal", [6, 12])
@pytest.mark.parametrize("n", [2, 5])
def test_the_fixed_optimal_policy_agrees_with_the_generic_solver(goal, n):
    game, optimal = Pig(goal), pig_solution(goal)
    policies = {0: game.hold_at(n), 1: optimal.agent}
    general = solve_chance(game, policies=policies)
    fast = pig_solution(goal, hold_at=(n, "optimal"))
    for s in general.states:
        assert general.win_probability(s, MAX) == pytest.approx(fast.win_probability(s, MAX),
                                                                abs=1e-12)


def test_a_policy_that_is_neither_a_number_nor_optimal_is_refused():
    with pytest.raises(ValueError, match="'optimal'"):
        pig_solution(20, hold_at=(20, "best"))
