"""Exercise 07: the plain TD(lambda) is the package's ``td_lambda_update``, the plain walk
learns the true values, and every named wrong implementation is caught, with its own
feedback, on 30 seeds."""

from __future__ import annotations

import random

import pytest

from aisearch.grading.exercises.ex07_learning_evaluators.bugs import (
    CATALOGUE,
    EPISODE_BUGS,
    REFERENCES,
    TRAIN_BUGS,
    TRUE_WALK_VALUES,
    WALK_BUGS,
    td_episode,
    td_train,
    walk_values,
)
from aisearch.grading.exercises.ex07_learning_evaluators.checks import (
    WALK_BOUND,
    close,
    episode_cases,
    reference,
    train_cases,
)
from aisearch.grading.grade import default_tests, load_questions
from aisearch.grading.question import run_question
from tests.grading.homework_helpers import (
    FEW_SEEDS,
    assert_a_question_names,
    assert_full_marks,
    named_bugs,
)

SEEDS = range(30)
NAMED = named_bugs(CATALOGUE)


@pytest.mark.parametrize("seed", range(8))
def test_the_plain_td_is_the_packages_td_lambda_update(seed):
    rng = random.Random(seed)
    for args in episode_cases(rng):
        assert close(td_episode(*args), reference("td_episode")(*args)), args
    for args in train_cases(rng):
        assert close(td_train(*args), reference("td_train")(*args)), args


def test_each_wrong_update_differs_from_the_reference_on_every_seed():
    for seed in SEEDS:
        rng = random.Random(seed)
        episodes, runs = episode_cases(rng), train_cases(rng)
        for bug in EPISODE_BUGS:
            assert any(not close(bug.impl(*a), td_episode(*a)) for a in episodes), (seed, bug)
        for bug in TRAIN_BUGS:
            assert any(not close(bug.impl(*a), td_train(*a)) for a in runs), (seed, bug)


def test_the_plain_walk_learns_the_true_values_within_the_bound():
    errors = []
    for seed in range(20):
        values = walk_values(500, 0.05, 0.8, seed)
        squares = [(v - t) ** 2 for v, t in zip(values, TRUE_WALK_VALUES, strict=True)]
        errors.append((sum(squares) / 5) ** 0.5)
    assert max(errors) < WALK_BOUND
    assert sum(errors) / len(errors) < 0.1


def test_a_walk_that_does_not_learn_or_learns_backwards_fails():
    questions = [q for q in load_questions([default_tests()]) if q.id == "07.walk"]
    for wrong in (lambda episodes, alpha, lam, seed: [0.5] * 5,
                  lambda episodes, alpha, lam, seed: [1 - v for v in
                                                      walk_values(episodes, alpha, lam, seed)]):
        r = run_question(questions[0], {"walk_values": wrong}, seed=1)
        assert r.earned == 0 and "rng.random() < 0.5" in r.feedback, r.feedback


def test_td_on_walks_the_grader_cannot_repeat_scores_zero_and_is_told_how_to_draw_them():
    """Weights that behave as TD(lambda)'s, on walks of another generator: no marks, and the
    feedback says they look right but the walks are not the exercise's."""
    questions = [q for q in load_questions([default_tests()]) if q.id == "07.walk"]

    def other_generator(episodes, alpha, lam, seed):
        return walk_values(episodes, alpha, lam, seed + 1)

    for seed in FEW_SEEDS:
        r = run_question(questions[0], {"walk_values": other_generator}, seed=seed)
        assert r.earned == 0, (seed, r.feedback)
        assert r.feedback.startswith("walk_values's values behave as TD(lambda)'s do, but "), \
            r.feedback
        assert "a step left when rng.random() < 0.5" in r.feedback


def test_a_numpy_array_is_refused_with_a_hint_in_process_as_in_the_grader():
    import numpy as np

    questions = [q for q in load_questions([default_tests()]) if q.id == "07.episode"]
    r = run_question(questions[0], {"td_episode": lambda *a: np.array(td_episode(*a))}, seed=1)
    assert r.earned == 0 and "tolist" in r.feedback, r.feedback


def test_calling_what_the_grading_process_does_not_have_scores_zero():
    """In the grading process the package's TD(lambda) raises WithheldError (the sandbox's
    copy of the package); a question names the call."""
    from aisearch.grading.question import WithheldError

    def borrowed(w, xs, outcome, alpha, lam):
        raise WithheldError("aisearch.learn.td.td_lambda_update is not available while "
                            "exercise 07 is graded")

    questions = [q for q in load_questions([default_tests()]) if q.id == "07.episode"]
    r = run_question(questions[0], {"td_episode": borrowed}, seed=1)
    assert r.earned == 0 and r.bug == "uses-reference", r.feedback
    assert "td_lambda_update is not available while exercise 07 is graded" in r.feedback


def test_the_bugs_cover_the_usual_mistakes_of_td():
    keys = {bug.key for bug in EPISODE_BUGS + TRAIN_BUGS + WALK_BUGS}
    assert keys >= {"trace-not-decayed", "trace-not-reset", "wrong-sign", "next-gradient",
                    "outcome-unused", "offline"}


@pytest.mark.parametrize("name, bug", NAMED, ids=[bug.impl.__name__ for _, bug in NAMED])
def test_every_named_bug_is_caught_with_its_feedback(name, bug):
    assert_a_question_names("07", REFERENCES, name, bug, FEW_SEEDS)


def test_the_references_get_full_marks():
    assert_full_marks("07", REFERENCES)
