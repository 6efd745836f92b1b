"""Exercise 01's right rules are TwoRobots' rules, and each wrong one shows on random cases."""

from __future__ import annotations

import random

import pytest

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


@pytest.mark.slow
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


def test_a_result_that_refuses_every_move_earns_nothing_for_refusing_illegal_ones():
    """``01.illegal`` mixes legal moves into its cases: a stub raising ValueError for every
    move scores 0 there (it scores 0 on ``01.result`` too), on every seed."""
    from aisearch.grading.question import default_tests, load_questions, run_question

    def refuses_all(grid, state, move):
        raise ValueError("not written yet")

    question = next(q for q in load_questions([default_tests()]) if q.id == "01.illegal")
    for seed in range(20):
        r = run_question(question, {"result": refuses_all}, seed)
        assert r.earned == 0 and "(a legal move)" in r.feedback, (seed, r.feedback)
        assert run_question(question, {"result": result}, seed).earned == question.points


@pytest.mark.parametrize("forgotten", [1, 0])  # a row corridor has 1 row, a column 1 column
def test_a_prediction_that_forgets_one_kind_of_corridor_fails_on_every_seed(forgotten):
    """The colour rule everywhere but in corridors of one kind (rows, or columns): the
    check always draws a row and a column corridor where the colour rule is wrong."""
    from aisearch.grading.exercises.ex01_two_robots.checks import check_white_wins
    from aisearch.grading.question import Context, Fail

    def half_remembered(rows, cols, black, white):
        if (rows, cols)[forgotten] == 1:
            return True
        return sum(black) % 2 == sum(white) % 2

    for seed in range(200):
        with pytest.raises(Fail):
            check_white_wins(Context({"white_wins": half_remembered}, seed=seed))
