"""Self-play TD(lambda): learning works, is reproducible, and the agents agree with search."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from aisearch.games.nannon import Nannon
from aisearch.games.pig import Pig
from aisearch.learn import (
    Network,
    greedy_agent,
    learned_evaluate,
    match,
    nannon_features,
    pig_features,
    save,
    td_train,
    train,
    value_error,
)
from aisearch.search.chance.expectiminimax import expectiminimax
from aisearch.solve_chance import nannon_solution, solve_chance

NANNON = Nannon()


def test_learning_beats_a_random_evaluator_on_nannon_within_seconds() -> None:
    """300 self-play games (about half a second) against the same network untrained."""
    untrained = Network(33, 20, seed=3)
    net = untrained.copy()
    td_train(NANNON, net, nannon_features, games=300, alpha=0.1, lam=0.7, seed=3,
             progress=False)
    learner = greedy_agent(NANNON, learned_evaluate(net, nannon_features))
    novice = greedy_agent(NANNON, learned_evaluate(untrained, nannon_features))
    result = match(NANNON, learner, novice, 600, seed=11)
    assert result.low > 0.5, str(result)


def test_learning_brings_the_value_closer_to_the_exact_one_on_pig() -> None:
    game = Pig(goal=10)
    solution = solve_chance(game)
    net = Network(len(pig_features(game.initial)), 10, seed=0)
    before = value_error(learned_evaluate(net, pig_features), solution)
    curve = td_train(game, net, pig_features, games=2000, alpha=0.3, lam=0.7, seed=0,
                     progress=False, solution=solution, every=500)
    after = value_error(learned_evaluate(net, pig_features), solution)
    assert after < before / 2, (before, after)
    assert after < value_error(game.score_eval, solution)  # better than the hand-made one
    assert curve.value_error[-1] == pytest.approx(after)  # the curve measures the same thing
    assert curve.games == [500, 1000, 1500, 2000]


def test_training_twice_from_a_seed_gives_the_same_bytes(tmp_path: Path) -> None:
    paths = []
    for k in range(2):
        net, _ = train("nannon", games=30, seed=5, hidden=6, progress=False)
        paths.append(save(net, tmp_path / f"{k}.npz"))
    assert paths[0].read_bytes() == paths[1].read_bytes()


def test_training_in_chunks_from_one_generator_equals_one_run() -> None:
    one, two = Network(33, 5, seed=1), Network(33, 5, seed=1)
    td_train(NANNON, one, nannon_features, games=20, alpha=0.1, lam=0.7, seed=np.random
             .default_rng(4), progress=False)
    rng = np.random.default_rng(4)
    for _ in range(2):
        td_train(NANNON, two, nannon_features, games=10, alpha=0.1, lam=0.7, seed=rng,
                 progress=False)
    assert one.weights.tobytes() == two.weights.tobytes()


def test_the_greedy_agent_plays_expectiminimax_depth_one_moves() -> None:
    evaluate = learned_evaluate(Network(33, 6, seed=2), nannon_features)
    agent = greedy_agent(NANNON, evaluate)
    rng = random.Random(0)
    states = [s for s in nannon_solution().states if not NANNON.is_terminal(s)
              and NANNON.to_move(s) != -1]
    for s in rng.sample(states, 150):
        assert agent(NANNON, s) == expectiminimax(NANNON, s, 1, evaluate=evaluate).move, s


def test_the_depth_two_agent_averages_over_the_next_throw() -> None:
    evaluate = learned_evaluate(Network(33, 6, seed=2), nannon_features)
    agent = greedy_agent(NANNON, evaluate, depth=2)
    s = NANNON.result(NANNON.initial, ("White", 3))
    assert agent(NANNON, s) == expectiminimax(NANNON, s, 2, evaluate=evaluate).move


def test_the_optimal_player_wins_half_against_itself_within_the_interval() -> None:
    solution = nannon_solution()
    result = match(NANNON, solution.agent, solution.agent, 400, seed=0)
    assert result.low < 0.5 < result.high


def test_the_exact_value_has_no_error() -> None:
    solution = solve_chance(Pig(goal=6))
    assert value_error(lambda s: solution.value(s), solution, kind="all") == pytest.approx(0)


def test_the_greedy_agent_with_the_exact_values_plays_optimal_moves() -> None:
    """With the solution's own values, the 1-ply player's move is worth the optimal value."""
    solution = nannon_solution()
    agent = greedy_agent(NANNON, solution.value)
    rng = random.Random(1)
    states = [s for s in solution.states if not NANNON.is_terminal(s)
              and NANNON.to_move(s) != -1]
    for s in rng.sample(states, 300):
        chosen = NANNON.result(s, agent(NANNON, s))
        assert solution.value(chosen) == pytest.approx(solution.value(s), abs=1e-12), s


def test_a_match_between_agents_that_pass_for_ever_ends_in_draws():
    """In Pig, holding a turn total of 0 passes: two such agents never end a game, and a
    match stops each game after ``max_moves`` moves as a draw (it played on for ever)."""
    hold = lambda game, s: "hold"  # noqa: E731
    result = match(Pig(6), hold, hold, 2, seed=1, max_moves=40)
    assert (result.wins, result.games) == (1.0, 2)
    scorer = lambda game, s: "roll" if s.turn == 0 else "hold"  # noqa: E731
    assert match(Pig(6), scorer, hold, 2, seed=1).wins == 2.0  # (it ends: a real game)
