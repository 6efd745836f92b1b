"""The random cases the searcher questions draw are varied enough to tell searchers apart."""

from __future__ import annotations

import random

from aisearch.grading.cases import search_cases

SEEDS = range(12)


def test_the_random_trees_have_varied_shapes():
    cases = [c for seed in SEEDS for c in search_cases(random.Random(seed))[:26]]
    games = [c.game for c in cases]
    text = " ".join(c.label for c in cases)
    assert "Min(" in text and "Max(" in text and "inf" in text
    assert {len(g.moves(g.initial)) for g in games} >= {2, 3, 4}
    assert any(len({len(t) for t in g.tips}) > 1 for g in games)  # tips at several depths
    assert any(c.depth < c.height for c in cases) and any(c.depth >= c.height for c in cases)


def test_the_same_seed_draws_the_same_cases():
    a, b = search_cases(random.Random(7)), search_cases(random.Random(7))
    assert [c.label for c in a] == [c.label for c in b]
