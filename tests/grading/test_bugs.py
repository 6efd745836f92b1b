"""The grader's own references and wrong implementations are what they claim to be."""

from __future__ import annotations

import random

import pytest

from aisearch.games.robots import TwoRobots
from aisearch.grading.bugs import (
    ALPHABETA_BUGS,
    MINIMAX_BUGS,
    ROBOT_MOVES_BUGS,
    ROBOT_RESULT_BUGS,
    robot_moves,
    robot_result,
    textbook,
)
from aisearch.grading.checks import observe, reference_alphabeta, reference_minimax
from aisearch.grading.randgen import free_cells, random_grid, search_cases
from aisearch.grading.robot_checks import moves_case, reference_moves, reference_result

SEEDS = range(12)


@pytest.mark.parametrize("seed", SEEDS)
def test_the_textbook_search_generates_exactly_what_the_package_searchers_generate(seed):
    for case in search_cases(random.Random(seed)):
        assert observe(textbook, case) == observe(reference_alphabeta, case), case.label
        plain = observe(lambda *a: textbook(*a, prune=False), case)
        assert plain == observe(reference_minimax, case), case.label


@pytest.mark.parametrize("bugs, reference", [(ALPHABETA_BUGS, reference_alphabeta),
                                             (MINIMAX_BUGS, reference_minimax)])
def test_every_planted_bug_shows_on_every_seed(bugs, reference):
    """The random cases are rich enough: each wrong implementation differs from the reference
    on some case of every seed (else a student with that bug could score full marks)."""
    for seed in SEEDS:
        cases = search_cases(random.Random(seed))
        want = [observe(reference, c) for c in cases]
        for bug in bugs:
            got = [observe(bug.impl, c) for c in cases]
            assert got != want, (bug.name, seed)


def test_the_random_trees_have_varied_shapes():
    cases = [c for seed in SEEDS for c in search_cases(random.Random(seed))[:26]]
    games = [c.game for c in cases]
    text = " ".join(c.label for c in cases)
    assert "Min(" in text and "Max(" in text and "inf" in text
    assert {len(g.moves(g.initial)) for g in games} >= {2, 3, 4}
    assert any(len({len(t) for t in g.tips}) > 1 for g in games)  # tips at several depths
    assert any(c.depth < c.height for c in cases) and any(c.depth >= c.height for c in cases)


def test_the_robot_rules_reference_agrees_with_two_robots_everywhere():
    rng = random.Random(0)
    for _ in range(30):
        grid = random_grid(rng)
        free = free_cells(grid)
        walls = [(r, c) for r, row in enumerate(grid) for c, ch in enumerate(row) if ch == "#"]
        game = TwoRobots(len(grid), len(grid[0]), walls, free[0], free[-1])
        for s in game.all_states():
            triple = (s.black, s.white, s.to_move)
            assert robot_moves(grid, triple) == list(game.moves(s))
            for m in game.moves(s):
                t = game.result(s, m)
                assert robot_result(grid, triple, m) == (t.black, t.white, t.to_move)


def test_every_robot_bug_shows_on_random_cases():
    cases = [moves_case(random.Random(seed)) for seed in range(60)]
    for bug in ROBOT_MOVES_BUGS:
        assert any(bug.impl(c.grid, c.state) != reference_moves(c.grid, c.state)
                   for c in cases), bug.name
    movable = [(c, m) for c in cases for m in reference_moves(c.grid, c.state)]
    for bug in ROBOT_RESULT_BUGS:
        assert any(bug.impl(c.grid, c.state, m) != reference_result(c.grid, c.state, m)
                   for c, m in movable), bug.name
