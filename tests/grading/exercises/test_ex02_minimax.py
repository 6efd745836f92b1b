"""Exercise 02's plain minimax is the package's, and each wrong one shows on every seed."""

from __future__ import annotations

import random

import pytest

from aisearch.grading.cases import search_cases
from aisearch.grading.exercises.ex02_minimax.bugs import BUGS, minimax_decision
from aisearch.grading.exercises.ex02_minimax.checks import reference
from aisearch.grading.observe import observe

SEEDS = range(12)


@pytest.mark.parametrize("seed", SEEDS)
def test_the_plain_minimax_generates_exactly_what_the_package_minimax_generates(seed):
    for case in search_cases(random.Random(seed)):
        assert observe(minimax_decision, case) == observe(reference, case), case.label


@pytest.mark.slow
def test_every_wrong_minimax_differs_from_the_reference_on_every_seed():
    """The random cases are rich enough: else a student with that bug could score full marks."""
    for seed in SEEDS:
        cases = search_cases(random.Random(seed))
        want = [observe(reference, c) for c in cases]
        for bug in BUGS:
            assert [observe(bug.impl, c) for c in cases] != want, (bug.name, seed)
