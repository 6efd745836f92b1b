"""Every named bug of every exercise is caught, with its own feedback, on 30 seeds.

The grader draws new random inputs for every seed; a known bug must lose marks, and be
named, whatever the seed. For each seed each wrong implementation of each exercise's
``bugs.py`` is graded as a student's function through the real grading path
(:func:`~aisearch.grading.grade.grade_namespace`), and the plain references get full marks.

Grading the same seed again and again repeats pure computations: the random cases a
question draws (the same for every submission with that seed: :data:`DRAWS`, with the
generator's state after them) and what each searcher,
wrong or right, does on each case. This test keeps them for the length of one seed (and
skips the watch for calls of the package's searchers, which none of these functions
makes; exercises that call their functions their own way are kept per kind of call): a seed
takes about 7 s on one core (each seed is a test of its own, so the workers share them);
the grading itself (the questions, the comparisons, the recognition of the bug, the
feedback) runs unchanged.
"""

from __future__ import annotations

import functools

import pytest

from aisearch.grading import search_checks
from aisearch.grading.exercises import discover
from aisearch.grading.grade import grade_namespace
from aisearch.grading.observe import observe as run_and_observe

SEEDS = range(30)
EXERCISES = discover()
DRAWS = ("search_cases", "quiesce_cases", "match_positions", "table_cases", "deepening_cases",
         "chance_cases")
"""The functions of the exercises' checks that draw a question's cases from its generator
(pure: the cases and the generator's state after them depend on its state and their
arguments alone)."""


@pytest.fixture
def cached_cases_and_observations(monkeypatch):
    cases: dict = {}
    seen: dict = {}

    def remember_cases(draw):
        def cached(rng, *args, **kwargs):
            key = (draw, rng.getstate(), args, tuple(sorted(kwargs.items())))
            if key not in cases:
                drawn = draw(rng, *args, **kwargs)
                cases[key] = (drawn, rng.getstate())
            drawn, after = cases[key]
            rng.setstate(after)  # the generator moves on as if it had drawn them
            return drawn

        return cached

    def cached_observe(f, case, *, runner=None, forbid=None):
        # The functions graded here are the exercises' own (wrong or right), which call no
        # package searcher: watching for such calls (a slow profile hook) finds nothing.
        # Exercises that call ``f`` their own way pass a runner: one per kind of case, a
        # function or a partial of one.
        how = runner if not isinstance(runner, functools.partial) else (
            runner.func, runner.args, tuple(sorted(runner.keywords.items())))
        key = (f, id(case), how)
        if key not in seen:
            seen[key] = (case, run_and_observe(f, case, runner=runner))  # keeps the case alive
        return seen[key][1]

    monkeypatch.setattr(search_checks, "observe", cached_observe)
    unknown = [n for n in DRAWS if not any(hasattr(e.module("checks"), n) for e in EXERCISES)]
    assert not unknown, f"no exercise's checks define {unknown}: update DRAWS"
    for exercise in EXERCISES:
        checks = exercise.module("checks")
        for name in DRAWS:
            if hasattr(checks, name):
                monkeypatch.setattr(checks, name, remember_cases(getattr(checks, name)))
        if getattr(checks, "observe", None) is run_and_observe:
            monkeypatch.setattr(checks, "observe", cached_observe)
    yield


@pytest.mark.slow
@pytest.mark.parametrize("seed", SEEDS)
def test_every_named_bug_loses_marks_with_its_own_feedback(seed, cached_cases_and_observations):
    missed = []
    for exercise in EXERCISES:
        bugs = exercise.module("bugs")
        for r in grade_namespace(dict(bugs.REFERENCES), exercise.number, seed=seed):
            assert r.earned == r.points, (exercise.number, r.id, r.feedback)
        for name, wrong in bugs.CATALOGUE.items():
            for bug in wrong:
                results = grade_namespace({name: bug.impl}, exercise.number, seed=seed)
                named = [r for r in results if r.bug == bug.key]
                if not named or any(r.earned >= r.points or bug.feedback not in r.feedback
                                    for r in named):
                    missed.append((exercise.number, bug.name,
                                   [(r.id, r.bug) for r in results if r.earned < r.points]))
    assert not missed, missed
