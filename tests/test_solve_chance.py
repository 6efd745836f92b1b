"""The exact solvers for games with chance: the generic one and Pig's fast one agree; known
values hold (Pig 100: 0.5306, Neller and Presser 2004); solutions satisfy the optimality
equations."""

import importlib
import math
import warnings

import numpy as np
import pytest

from aisearch import CHANCE, MAX, MIN, GameBase
from aisearch.games.chance_trees import dice_tree, random_chance_tree
from aisearch.games.nannon import Nannon
from aisearch.games.pig import Pig, PigState
from aisearch.games.tree import Chance, Max, TreeGame
from aisearch.search import expectiminimax
from aisearch.solve_chance import nannon_solution, solve_chance
from aisearch.solve_pig import pig_solution


def test_on_trees_the_solver_equals_expectiminimax():
    assert solve_chance(dice_tree).value(()) == 3.5
    for seed in range(40):
        game = random_chance_tree(seed)
        assert solve_chance(game).value(game.initial) == expectiminimax(game, ()).value


def test_on_trees_with_infinite_payoffs_the_solver_equals_expectiminimax():
    """A sure win worth +inf backs up as +inf through chance; +inf against -inf at even odds
    has no expectation, and both refuse it the same way."""
    sure = TreeGame(Max([Chance([(0.5, math.inf), (0.5, 3)]), 1]))
    assert solve_chance(sure).value(()) == expectiminimax(sure, ()).value == math.inf
    gamble = TreeGame(Max([Chance([(0.5, math.inf), (0.5, -math.inf)]), 1]))
    with pytest.raises(ValueError) as searched:
        expectiminimax(gamble, ())
    with pytest.raises(ValueError) as solved:
        solve_chance(gamble)
    assert str(solved.value) == str(searched.value)


def test_pig_with_goal_100_first_player_wins_0_5306():
    assert round(pig_solution(100).first_player_wins, 4) == 0.5306


@pytest.mark.parametrize("goal", [5, 11])
@pytest.mark.parametrize("holds", [(None, None), (4, None), (None, 3), (2, 6)])
def test_the_generic_solver_and_the_pig_solver_agree_on_every_state(goal, holds):
    game = Pig(goal)
    policies = {p: game.hold_at(n) for p, n in enumerate(holds) if n is not None}
    general, fast = solve_chance(game, policies=policies), pig_solution(goal, hold_at=holds)
    for s in general.states:
        assert general.win_probability(s, MAX) == pytest.approx(fast.win_probability(s, MAX),
                                                                abs=1e-12)
        if not s.rolling and not game.is_terminal(s):
            assert general.best_move(s) == fast.best_move(s)


def test_a_policy_keyed_by_a_numpy_player_is_that_player_s():
    """A notebook's player computed with numpy (np.int64(1) for MIN) fixes MIN's play."""
    game = Pig(11)
    fixed = solve_chance(game, policies={np.int64(MIN): game.hold_at(3)})
    assert fixed.value(game.initial) == solve_chance(
        game, policies={MIN: game.hold_at(3)}).value(game.initial)
    assert fixed.value(game.initial) != solve_chance(game).value(game.initial)


def test_pig_values_solve_the_optimality_equations():
    sol = pig_solution(15)
    t, g = sol.table, 15
    for p in (0, 1):
        for i in range(g):
            for j in range(g):
                for k in range(g - i):
                    hold = 1 - t[1 - p, j, i + k, 0]
                    rolled = ((1 - t[1 - p, j, i, 0]) + t[p, i, j, k + 2:k + 7].sum()) / 6
                    assert t[p, i, j, k] == pytest.approx(max(hold, rolled), abs=1e-13)


def test_the_first_player_of_pig_wins_more_with_the_optimum_than_holding_at_20():
    optimal = pig_solution(100).first_player_wins
    hold20 = pig_solution(100, hold_at=(20, None)).first_player_wins
    assert hold20 < 0.5 < optimal


def test_nannon_is_solved_fair_at_the_opening_and_checks_its_equations():
    sol = nannon_solution()
    game = Nannon()
    assert len(sol) == 32901 and sol.value(game.initial) == pytest.approx(0, abs=1e-12)
    for s in sol.states[:3000]:
        if game.is_terminal(s):
            continue
        kids = [game.result(s, m) for m in game.moves(s)]
        if game.to_move(s) in (MAX, MIN):
            pick = max if game.to_move(s) == MAX else min
            assert sol.value(s) == pytest.approx(pick(sol.value(k) for k in kids), abs=1e-12)
            assert sol.value(game.result(s, sol.best_move(s))) == pytest.approx(sol.value(s),
                                                                                abs=1e-12)
        else:
            expected = math.fsum(p * sol.value(game.result(s, m))
                                 for m, p in game.chance_outcomes(s))
            assert sol.value(s) == pytest.approx(expected, abs=1e-12)


def test_solutions_answer_questions_about_states():
    sol = pig_solution(20)
    s = PigState((18, 0), 3, MAX, False, 20)
    assert sol.best_move(s) == "hold" and sol.win_probability(s) == 1.0
    assert sol.win_probability(s, MIN) == 0.0
    with pytest.raises(ValueError, match="not a decision state"):
        sol.best_move(PigState((0, 0), 0, MAX, True, 20))
    general = solve_chance(Pig(6))
    with pytest.raises(KeyError, match="not a reachable state"):
        general.value(PigState((50, 0), 0, MAX, False, 6))


class FairWalk(GameBase):
    """A token on squares 0..n, a fair coin moves it one square (MAX's only move is to
    flip it): n wins for MAX, 0 loses. From square k MAX's value is 2k/n - 1."""

    def __init__(self, n: int) -> None:
        self.n, self.initial = n, (n // 2, MAX)

    def is_state(self, s):
        return isinstance(s, tuple) and len(s) == 2

    def to_move(self, s):
        return s[1]

    def moves(self, s):
        return () if self.is_terminal(s) else ("flip",) if s[1] == MAX else (-1, 1)

    def chance_outcomes(self, s):
        return ((-1, 0.5), (1, 0.5))

    def result(self, s, m):
        return (s[0], CHANCE) if s[1] == MAX else (s[0] + m, MAX)

    def is_terminal(self, s):
        return s[0] in (0, self.n)

    def utility(self, s, player=MAX):
        u = 1 if s[0] == self.n else -1
        return u if player == MAX else -u


def test_values_that_value_iteration_leaves_unsettled_are_said_to_be_approximate(
        monkeypatch):
    walk = FairWalk(30)  # one cycle with 29 feedback states: value iteration only
    exact = solve_chance(walk, progress=False)
    assert all(math.isclose(exact.value((k, MAX)), 2 * k / 30 - 1, abs_tol=1e-12)
               for k in range(1, 30))
    monkeypatch.setattr(importlib.import_module("aisearch.solve_chance"), "SWEEPS", 20)
    with pytest.warns(RuntimeWarning, match="cycle of 58 states did not settle in 20 sweeps"):
        rough = solve_chance(walk, progress=False)
    assert rough.value((1, MAX)) != exact.value((1, MAX))  # (not yet settled)
    with warnings.catch_warnings():  # a cycle that policy iteration solves: no warning
        warnings.simplefilter("error")
        solve_chance(Pig(6), progress=False)


def test_win_probabilities_at_the_end_default_to_max_and_players_are_checked():
    game = Pig(3)
    won = PigState((3, 0), 0, MIN, False, 3)  # MAX held at 3: MIN is to move, and has lost
    assert game.is_terminal(won) and game.to_move(won) == MIN
    general, fast = solve_chance(game, progress=False), pig_solution(3)
    assert general.win_probability(won) == 1.0 and general.win_probability(won, MIN) == 0.0
    for solution in (general, fast):
        for player in (5, True, "MAX"):
            with pytest.raises(ValueError, match="player must be MAX"):
                solution.win_probability(game.initial, player)
    with pytest.raises(ValueError, match="never negative"):  # (not the entry of score 7)
        pig_solution(10).win_probability(PigState((-3, 0), 0, MAX, False, 10))
