"""Exercise 06: the plain expectiminimax is the package's, the plain Pig answer is the exact
solver's, and every named wrong implementation is caught, with its own feedback (on a few
seeds here; on 30 through the whole grading in ``tests/grading/test_bugs_on_30_seeds.py``)."""

from __future__ import annotations

import random
import re

import pytest

from aisearch.grading.exercises.ex06_games_of_chance.bugs import (
    BUGS,
    CATALOGUE,
    POLICY_BUGS,
    REFERENCES,
    expectiminimax_decision,
    hold_at_win_probability,
)
from aisearch.grading.exercises.ex06_games_of_chance.checks import chance_cases, reference
from aisearch.grading.grade import grade_namespace
from aisearch.grading.observe import observe
from aisearch.solve_pig import pig_solution
from tests.grading.homework_helpers import (
    FEW_SEEDS,
    assert_a_question_names,
    assert_full_marks,
    named_bugs,
)

SEEDS = range(30)
NAMED = named_bugs(CATALOGUE)


@pytest.mark.parametrize("seed", range(8))
def test_the_plain_expectiminimax_generates_exactly_what_the_package_one_does(seed):
    for case in chance_cases(random.Random(seed)):
        got, want = observe(expectiminimax_decision, case), observe(reference, case)
        assert (got.value, got.move, got.generated) == (want.value, want.move,
                                                        want.generated), case.label


def test_the_plain_pig_answer_is_the_exact_solvers():
    for goal, n in [(5, 1), (6, 3), (7, 9), (8, 4)]:
        assert hold_at_win_probability(goal, n) == pytest.approx(
            pig_solution(goal, hold_at=(n, n)).first_player_wins, abs=1e-10)


def test_the_bugs_cover_the_usual_mistakes_with_chance():
    keys = {bug.key for bug in BUGS + POLICY_BUGS}
    assert keys >= {"ignores-probabilities", "chance-as-min", "probabilities-twice",
                    "evaluates-chance-nodes", "chance-not-a-ply", "one-keeps-turn"}


@pytest.mark.parametrize("name, bug", NAMED, ids=[bug.impl.__name__ for _, bug in NAMED])
def test_every_named_bug_is_caught_with_its_feedback(name, bug):
    assert_a_question_names("06", REFERENCES, name, bug, FEW_SEEDS)


def test_the_references_get_full_marks():
    assert_full_marks("06", REFERENCES)


def test_an_answer_off_by_less_than_1e3_is_told_how_far_off_it_is_and_what_is_allowed():
    """A value iteration stopped too early (about 6e-5 off) loses 06.hold_at on every seed,
    with feedback naming the distance, the tolerance and the likely cause; a wrong
    equation (off by more) is not told that it stopped too early."""
    from tests.grading.homework_helpers import WRONG

    namespace: dict = {}
    exec(compile((WRONG / "06_stops_early.py").read_text(), "<student>", "exec"), namespace)
    for seed in SEEDS:
        result = next(r for r in grade_namespace(
            {"hold_at_win_probability": namespace["hold_at_win_probability"]}, "06", seed=seed)
            if r.id == "06.hold_at")
        assert result.earned == 0 and result.bug == "not-converged", (seed, result.feedback)
        assert "within 1e-06" in result.feedback and "stopped too early" in result.feedback
        off = float(re.search(r", ([0-9.e-]+) away;", result.feedback).group(1))
        assert 1e-6 < off < 1e-3, result.feedback
    wrong = next(r for r in grade_namespace({"hold_at_win_probability": lambda goal, n: 0.5},
                                            "06", seed=0) if r.id == "06.hold_at")
    assert "within 1e-06" in wrong.feedback and "stopped too early" not in wrong.feedback
