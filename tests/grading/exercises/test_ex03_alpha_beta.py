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


@pytest.mark.slow
def test_every_wrong_alphabeta_differs_from_the_reference_on_every_seed():
    """The random cases are rich enough: else a student with that bug could score full marks."""
    for seed in SEEDS:
        cases = search_cases(random.Random(seed))
        want = [observe(reference, c) for c in cases]
        for bug in BUGS:
            assert [observe(bug.impl, c) for c in cases] != want, (bug.name, seed)


@pytest.mark.parametrize("seed", SEEDS)
def test_the_plain_strict_alphabeta_generates_what_the_package_failsoft_strict_generates(seed):
    from aisearch.grading.exercises.ex03_alpha_beta.bugs import alphabeta_strict
    from aisearch.grading.exercises.ex03_alpha_beta.checks import strict_reference

    for case in search_cases(random.Random(seed)):
        assert observe(alphabeta_strict, case) == observe(strict_reference, case), case.label


def test_with_the_strict_rule_fail_hard_generates_more_than_fail_soft_somewhere():
    from aisearch.grading.exercises.ex03_alpha_beta.bugs import fail_hard_strict
    from aisearch.grading.exercises.ex03_alpha_beta.checks import strict_reference

    cases = search_cases(random.Random(0))
    hard = [observe(fail_hard_strict, c) for c in cases]
    soft = [observe(strict_reference, c) for c in cases]
    assert all((h.value, h.move) == (s.value, s.move) for h, s in zip(hard, soft, strict=True))
    assert any(len(h.generated) > len(s.generated) for h, s in zip(hard, soft, strict=True))


def test_the_hand_trace_tells_every_known_mistake_apart():
    from aisearch.games import TreeGame
    from aisearch.grading.exercises.ex03_alpha_beta.bugs import TRACE_BUGS, TRACE_TREE, trace_tips

    game = TreeGame(TRACE_TREE)
    right = trace_tips(game)
    traces = [frozenset(right)] + [frozenset(bug.impl(game)) for bug in TRACE_BUGS]
    assert len(set(traces)) == len(traces)
    assert right == [e for e in _leaves(alphabeta, game)]
    assert len(right) == 8


def test_the_solution_notebook_traces_the_graders_tree():
    import json
    from pathlib import Path

    from aisearch.grading.exercises.ex03_alpha_beta.bugs import TRACE_TREE

    path = Path(__file__).resolve().parents[3] / "solutions" / "03_alpha_beta.ipynb"
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    source = next("".join(c["source"]) for c in cells if "trace_tree = TreeGame(" in
                  "".join(c["source"]))
    literal = source.split("TreeGame(", 1)[1].split(")\n", 1)[0]
    assert eval(literal) == TRACE_TREE  # noqa: S307 (our own notebook)


def _leaves(search, game):
    from aisearch.trace import CountingGame

    counted = CountingGame(game)
    search(counted, counted.initial, fastest_wins=False)
    return [s for s in counted.generated if game.is_terminal(s)]
