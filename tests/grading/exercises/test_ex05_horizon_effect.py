"""Exercise 05: the plain quiescence search and the search that calls it generate exactly
what the package's searchers generate, and every named wrong implementation is caught, with
its own feedback, on 30 seeds."""

from __future__ import annotations

import math
import random

import pytest

from aisearch.grading.exercises.ex05_horizon_effect import bugs
from aisearch.grading.exercises.ex05_horizon_effect.checks import (
    _runner,
    quiesce_cases,
    quiesce_reference,
    search_cases,
    search_reference,
)
from aisearch.grading.grade import default_tests, grade_file, load_questions
from aisearch.grading.observe import observe
from aisearch.grading.question import run_question
from tests.grading.homework_helpers import (
    FEW_SEEDS,
    assert_a_question_names,
    assert_full_marks,
    named_bugs,
    solution_code,
    submission,
)

SEEDS = range(30)
NAMED = named_bugs(bugs.CATALOGUE)


def seen(f, case):
    o = observe(f, case, runner=_runner(case))
    return o.value, o.move, o.generated, o.evaluated, o.evaluated_terminal


@pytest.mark.parametrize("seed", range(8))
def test_the_plain_quiesce_generates_exactly_what_the_package_one_does(seed):
    for case in quiesce_cases(random.Random(seed)):
        assert seen(bugs.quiesce, case) == seen(quiesce_reference, case), case.describe()


@pytest.mark.parametrize("seed", range(8))
def test_the_plain_search_generates_exactly_what_the_package_one_does(seed):
    for case in search_cases(random.Random(seed)):
        assert seen(bugs.search_quiescent, case) == seen(search_reference, case), case.label


def test_the_cases_hold_the_pitfalls():
    """MIN at the root, chains of noisy moves, noisy tips, narrow windows, and stand-pat
    values that cut off before any noisy move is searched."""
    cases = [c for seed in range(3) for c in quiesce_cases(random.Random(seed))]
    trees = [c for c in cases if hasattr(c.game, "tips")]
    assert any(c.game.to_move(c.state) == 1 for c in trees)
    assert any(c.game.noisy_moves(s + (m,)) for c in trees for s in c.game.states()
               for m in c.game.noisy_moves(s))
    assert any(c.game.is_terminal(s + (m,)) for c in trees for s in c.game.states()
               for m in c.game.noisy_moves(s))
    assert any(-math.inf < c.alpha and c.beta < math.inf for c in trees)
    cut = [c for c in trees if c.game.noisy_moves(c.state)
           and not observe(quiesce_reference, c, runner=_runner(c)).generated]
    assert cut


def test_the_bugs_cover_the_usual_mistakes_of_quiescence_search():
    keys = {bug.key for bug in bugs.QUIESCE_BUGS + bugs.SEARCH_BUGS}
    assert keys >= {"no-stand-pat", "quiet-moves", "stand-pat-side", "window-not-carried",
                    "window-into-quiescence", "no-quiescence", "evaluates-terminals"}


@pytest.mark.slow
@pytest.mark.parametrize("name, bug", NAMED, ids=[bug.impl.__name__ for _, bug in NAMED])
def test_every_named_bug_is_caught_with_its_feedback(name, bug):
    assert_a_question_names("05", bugs.REFERENCES, name, bug, FEW_SEEDS)


def test_the_references_get_full_marks():
    assert_full_marks("05", bugs.REFERENCES)


@pytest.mark.parametrize("seed", [7, 8])
def test_chess_states_and_moves_travel_from_the_grading_process(seed, tmp_path):
    """Graded in its own process, where chess states come back as data: the solution gets
    full marks, and a search without stand-pat is named in every question."""
    solution = tmp_path / "05_solution.py"
    solution.write_text(solution_code("05_horizon_effect").replace(
        "from aisearch.grading import self_check", ""))
    report = grade_file(solution, seed=seed)
    assert report.total == report.possible == 10, [(q.id, q.feedback) for q in report.questions]
    written = tmp_path / "05_no_stand_pat.py"
    written.write_text(submission("05_no_stand_pat"), encoding="utf-8")
    wrong = grade_file(written, seed=seed)
    assert [q.bug for q in wrong.questions] == ["no-stand-pat"] * 4, wrong.questions


def test_a_wrong_value_is_compared_with_alpha_beta_with_quiescence_not_with_minimax():
    """The right value of ``search_quiescent`` is not the minimax value to that depth: the
    feedback names what it is compared with."""
    right = bugs.REFERENCES["search_quiescent"]

    def off_by_one(game, state, depth, evaluate, alpha=-math.inf, beta=math.inf):
        value, move = right(game, state, depth, evaluate, alpha, beta)
        return value + 1, move

    question = next(q for q in load_questions([default_tests()]) if q.id == "05.search")
    r = run_question(question, {**bugs.REFERENCES, "search_quiescent": off_by_one}, 1)
    assert r.earned == 0
    assert "alpha-beta with quiescence at the depth bound returns" in r.feedback, r.feedback
    assert "minimax value" not in r.feedback
