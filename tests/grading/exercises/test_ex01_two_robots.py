"""Exercise 01's right rules are TwoRobots' rules, and each wrong one shows on random cases."""

from __future__ import annotations

import random

from aisearch.games.robots import TwoRobots
from aisearch.grading.cases import free_cells, random_grid
from aisearch.grading.exercises.ex01_two_robots.bugs import (
    MOVES_BUGS,
    RESULT_BUGS,
    legal_moves,
    result,
)
from aisearch.grading.exercises.ex01_two_robots.checks import (
    moves_case,
    reference_moves,
    reference_result,
)


def test_the_plain_rules_agree_with_two_robots_in_every_state():
    rng = random.Random(0)
    for _ in range(30):
        grid = random_grid(rng)
        free = free_cells(grid)
        walls = [(r, c) for r, row in enumerate(grid) for c, ch in enumerate(row) if ch == "#"]
        game = TwoRobots(len(grid), len(grid[0]), walls, free[0], free[-1])
        for s in game.all_states():
            triple = (s.black, s.white, s.to_move)
            assert legal_moves(grid, triple) == list(game.moves(s))
            for m in game.moves(s):
                t = game.result(s, m)
                assert result(grid, triple, m) == (t.black, t.white, t.to_move)


def test_every_wrong_rule_shows_on_random_cases():
    cases = [moves_case(random.Random(seed)) for seed in range(60)]
    for bug in MOVES_BUGS:
        assert any(bug.impl(c.grid, c.state) != reference_moves(c.grid, c.state)
                   for c in cases), bug.name
    movable = [(c, m) for c in cases for m in reference_moves(c.grid, c.state)]
    for bug in RESULT_BUGS:
        assert any(bug.impl(c.grid, c.state, m) != reference_result(c.grid, c.state, m)
                   for c, m in movable), bug.name


def test_the_predicted_winner_is_the_solved_winner_on_every_open_grid_up_to_7_by_7():
    """The rule (corridors: White; else the same colour: White) holds for every start."""
    from aisearch.games.robots import TwoRobots
    from aisearch.grading.exercises.ex01_two_robots.bugs import white_wins
    from aisearch.solve import retrograde

    for rows in range(1, 8):
        for cols in range(1, 8):
            if rows * cols < 2:
                continue
            game = TwoRobots(rows, cols)
            solution = retrograde(game, game.all_states())
            for s in solution:
                if s.to_move == 1 and s.black != s.white:
                    assert white_wins(rows, cols, s.black, s.white) == (solution.value(s) == 1)
