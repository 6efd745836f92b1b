"""Every exercise's named wrong implementations are recognised, and differ from its reference.

These tests run over the exercises :func:`~aisearch.grading.exercises.discover` finds, so
a new exercise folder is covered as soon as it exists: each function of its ``bugs.py``
declared with ``@shows`` is graded as if a student had written it (alone: the questions
about other functions report them missing), and must lose marks with its own feedback;
its plain references must get full marks. ``test_bugs_on_30_seeds.py`` does the same on
30 seeds.
"""

from __future__ import annotations

import inspect

import pytest

from aisearch.grading.exercises import discover
from aisearch.grading.grade import grade_namespace
from aisearch.grading.recognise import Bug

EXERCISES = discover()
SEEDS = (11, 12)


def bugs_module(exercise):
    return exercise.module("bugs")


def catalogued(exercise) -> list[tuple[str, Bug]]:
    """(the student's function name, a known wrong implementation of it), for one exercise."""
    return [(name, bug) for name, bugs in bugs_module(exercise).CATALOGUE.items() for bug in bugs]


ALL_BUGS = [(ex, name, bug) for ex in EXERCISES for name, bug in catalogued(ex)]


def test_the_exercises_are_found_in_order():
    assert [e.name for e in EXERCISES][:3] == ["ex01_two_robots", "ex02_minimax",
                                               "ex03_alpha_beta"]


@pytest.mark.parametrize("exercise", EXERCISES, ids=lambda e: e.name)
def test_every_declared_bug_function_is_in_the_catalogue_once(exercise):
    module = bugs_module(exercise)
    declared = [f for _, f in inspect.getmembers(module, inspect.isfunction)
                if hasattr(f, "bug_class")
                and (f.__module__ == module.__name__ or hasattr(f, "edits"))]  # or a mutant
    listed = [bug.impl for _, bug in catalogued(exercise)]
    assert declared and sorted(f.__name__ for f in declared) == sorted(
        f.__name__ for f in listed)
    assert len(set(listed)) == len(listed)
    assert set(module.CATALOGUE) == set(module.REFERENCES)


def test_every_bug_class_recognised_before_the_layout_by_exercise_still_is():
    keys = {bug.key for _, _, bug in ALL_BUGS}
    assert keys >= {
        "no-pruning", "cut-rule", "wrong-side", "swapped-bounds", "root-alpha", "root-cut",
        "eager-generation", "value-for-move", "depth-off-by-one", "point-of-view",
        "evaluates-non-tips", "ties", "move-order", "off-grid", "walls", "wrong-robot",
        "after-capture", "axes", "directions", "no-switch"}


def test_a_bug_class_reads_the_same_wherever_it_is_used():
    feedback: dict[str, str] = {}
    for _, _, bug in ALL_BUGS:
        assert feedback.setdefault(bug.key, bug.feedback) == bug.feedback, bug.key


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("exercise", EXERCISES, ids=lambda e: e.name)
def test_the_plain_references_get_full_marks(exercise, seed):
    """So a wrong implementation that loses marks differs from the reference on the
    grader's own cases (questions about functions not in bugs.py report them missing)."""
    results = grade_namespace(dict(bugs_module(exercise).REFERENCES), exercise.number, seed=seed)
    assert results
    for r in results:
        assert r.earned == r.points or r.bug == "missing", (r.id, r.feedback)
    assert any(r.earned == r.points for r in results)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("exercise, name, bug", ALL_BUGS,
                         ids=[f"{ex.number}-{bug.name}" for ex, _, bug in ALL_BUGS])
def test_every_wrong_implementation_is_graded_down_with_its_own_feedback(exercise, name, bug,
                                                                         seed):
    results = grade_namespace({name: bug.impl}, exercise.number, seed=seed)
    named = [r for r in results if r.bug == bug.key]
    assert named, [(r.id, r.bug) for r in results]
    for r in named:
        assert r.earned < r.points and bug.feedback in r.feedback, (r.id, r.feedback)
