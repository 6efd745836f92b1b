"""Exercise 03's plain alpha-beta is the package's (the textbook rule), and each wrong one
shows on every seed."""

from __future__ import annotations

import random

import pytest

from aisearch.grading.cases import search_cases
from aisearch.grading.exercises.ex03_alpha_beta.bugs import BUGS, alphabeta_decision
from aisearch.grading.exercises.ex03_alpha_beta.checks import reference
from aisearch.grading.observe import observe
from aisearch.search import alphabeta

SEEDS = range(12)


@pytest.mark.parametrize("seed", SEEDS)
def test_the_plain_alphabeta_generates_exactly_what_the_package_alphabeta_generates(seed):
    for case in search_cases(random.Random(seed)):
        assert observe(alphabeta_decision, case) == observe(reference, case), case.label


def test_the_reference_searches_the_textbook_way_not_fastest_wins_first():
    """Where several wins tie, the package's default prefers the nearest; students may not."""
    def fastest(game, state, depth, evaluate):
        d = alphabeta(game, state, depth, evaluate=evaluate)
        return d.value, d.move

    cases = [c for seed in SEEDS for c in search_cases(random.Random(seed))]
    assert any(observe(fastest, c) != observe(reference, c) for c in cases)


def test_every_wrong_alphabeta_differs_from_the_reference_on_every_seed():
    """The random cases are rich enough: else a student with that bug could score full marks."""
    for seed in SEEDS:
        cases = search_cases(random.Random(seed))
        want = [observe(reference, c) for c in cases]
        for bug in BUGS:
            assert [observe(bug.impl, c) for c in cases] != want, (bug.name, seed)
