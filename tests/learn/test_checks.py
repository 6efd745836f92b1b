"""What lesson 07's learning refuses, and what it does instead of training wrongly: models
of another game, solutions of another game, ends that are not wins or losses, features that
are not finite, weights that diverge, seeds, and positions an encoding cannot read."""

from __future__ import annotations

import subprocess
import sys
import warnings
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from aisearch import learn
from aisearch.games import TicTacToe, TreeGame
from aisearch.games.nannon import Nannon, NannonState
from aisearch.games.pig import Pig, PigState
from aisearch.solve_chance import nannon_solution, solve_chance


@pytest.fixture(scope="module")
def pig6() -> learn.Network:
    return learn.train("pig", games=20, seed=1, hidden=4, goal=6, progress=False)[0]


def test_a_pig_network_refuses_nannons_encoding_though_the_inputs_agree(
        pig6: learn.Network) -> None:
    assert pig6.n_inputs == len(learn.nannon_features(Nannon().initial)) == 33
    with pytest.raises(ValueError, match="trained for pig.*nannon_features encodes nannon"):
        learn.learned_evaluate(pig6, learn.nannon_features)
    with pytest.raises(ValueError, match="trained for nannon.*pig_features encodes pig"):
        learn.learned_evaluate(learn.shipped("nannon"), learn.pig_features)
    with pytest.raises(ValueError, match="trained for pig"):
        learn.td_train(Nannon(), pig6, learn.nannon_features, games=1, alpha=0.1, lam=0.7, seed=0,
                 progress=False)


def test_a_pig_network_refuses_a_state_of_another_goal() -> None:
    net = learn.train("pig", games=3, seed=1, hidden=2, goal=10, progress=False)[0]
    evaluate = learn.learned_evaluate(net, learn.pig_features)
    assert -1 < evaluate(Pig(10).initial) < 1
    with pytest.raises(ValueError, match="goal of 10.*not 20"):
        evaluate(Pig(20).initial)  # the same 49 inputs


def test_a_model_without_a_game_is_taken_as_it_is() -> None:
    net = learn.Network(33, 2, seed=0)
    assert -1 < learn.learned_evaluate(net, learn.nannon_features)(Nannon().initial) < 1
    game = Pig(goal=6)
    assert -1 < learn.learned_evaluate(net, learn.pig_features)(game.initial) < 1


def test_the_measure_command_refuses_a_pig_network(pig6: learn.Network, tmp_path: Path) -> None:
    path = learn.save(pig6, tmp_path / "pig6.npz")
    done = subprocess.run([sys.executable, "-m", "aisearch.learn", "measure", str(path),
                           "--games", "2"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and "trained for pig" in done.stderr


@pytest.mark.parametrize("solved, trained", [(4, 6), (10, 11)])
def test_td_train_refuses_the_solution_of_another_game(solved: int, trained: int) -> None:
    game = Pig(goal=trained)
    net = learn.Network(len(learn.pig_features(game.initial)), 2, seed=0)
    before = net.weights.copy()
    with pytest.raises(ValueError, match=rf"solution of Pig\(goal={solved}\).*Pig\(goal="
                                         rf"{trained}\)"):
        learn.td_train(game, net, learn.pig_features, games=2, alpha=0.1, lam=0.7, seed=0,
                 progress=False, solution=solve_chance(Pig(goal=solved)))
    assert net.weights.tolist() == before.tolist()  # refused before any game


def _board(s: Any) -> np.ndarray:
    return np.array([float(c == "x") - float(c == "o") for c in str(s) if c in "xo."]
                    + [1.0])


def test_td_train_learns_a_game_whose_win_is_infinite() -> None:
    game = TicTacToe()
    assert game.win == float("inf")
    n = len(_board(game.initial))
    assert n == 10
    runs = []
    for g in (TicTacToe(), TicTacToe(win=1)):
        net = learn.Network(n, 3, seed=0)
        learn.td_train(g, net, _board, games=30, alpha=0.1, lam=0.7, seed=0, progress=False)
        runs.append(net.weights)
    assert np.isfinite(runs[0]).all()
    assert runs[0].tolist() == runs[1].tolist()  # ends read by their sign: the same targets


def test_value_error_refuses_a_game_whose_win_is_infinite() -> None:
    solution = solve_chance(TicTacToe())
    with pytest.raises(ValueError, match="scores a win as inf.*finite win"):
        learn.value_error(lambda s: 0.0, solution)
    assert 0 <= learn.value_error(lambda s: 0.0, solve_chance(TicTacToe(win=1))) <= 1


def test_value_error_counts_an_evaluation_beyond_the_win_in_full() -> None:
    assert learn.value_error(lambda s: 5.0, nannon_solution()) == pytest.approx(
        np.mean([abs(3.0 - (v + 1) / 2) for v in _decision_values()]))


def _decision_values() -> list[float]:
    solution = nannon_solution()
    game = solution.game
    return [float(v) for s, v in zip(solution.states, solution.values, strict=True)
            if not game.is_terminal(s) and game.to_move(s) != -1]


def test_td_train_refuses_ends_that_are_not_wins_losses_or_draws() -> None:
    game = TreeGame([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    net = learn.Linear(1)
    with pytest.raises(ValueError, match="every end must be a win.*utility 3"):
        learn.td_train(game, net, lambda s: [1.0], games=1, alpha=0.1, lam=0.7, seed=0,
                 progress=False)


@pytest.mark.parametrize("bad", [np.nan, np.inf])
def test_a_feature_that_is_not_finite_is_named_and_leaves_the_weights(bad: float) -> None:
    game = Pig(goal=4)
    n = len(learn.pig_features(game.initial))

    def encode(s: Any) -> np.ndarray:
        x = learn.pig_features(s)
        if s.turn >= 2:
            x[0] = bad
        return x

    encode.__name__ = "my_features"
    net = learn.Network(n, 2, seed=1)  # (seed 0's greedy players hold at 0 for 68,000 moves)
    before = net.weights.copy()
    with pytest.raises(ValueError, match="my_features gives a feature that is not finite.*"
                                         "PigState"):
        learn.td_train(game, net, encode, games=20, alpha=0.1, lam=0.7, seed=0, progress=False)
    assert np.isfinite(net.weights).all() and net.weights.tolist() != before.tolist()
    with pytest.raises(ValueError, match="not finite"):
        learn.learned_evaluate(net, encode)(PigState((0, 0), 3, 0, False, 4))


def test_weights_that_diverge_are_restored_to_the_last_good_game() -> None:
    """The error says what happened; numpy's overflow warnings on the way are not shown."""
    game = Pig(goal=6)
    net = learn.Linear(len(learn.pig_features(game.initial)))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(FloatingPointError, match="diverged in game .*keeps its weights"):
            learn.td_train(game, net, learn.pig_features, games=200, alpha=1e6, lam=1.0,
                           seed=0, progress=False)
    assert np.isfinite(net.weights).all()


def test_td_lambda_update_refuses_to_return_weights_that_diverged() -> None:
    features = np.random.default_rng(0).integers(0, 2, (1000, 10))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(FloatingPointError, match="diverged.*smaller alpha"):
            learn.td_lambda_update(np.ones(10) * 0.1, features, 1.0, alpha=0.5, lam=0.9)


@pytest.mark.parametrize("call", [
    lambda s: learn.Network(3, 2, seed=s),
    lambda s: learn.td_train(Pig(4), learn.Network(25, 2, seed=0), learn.pig_features, games=1,
                             alpha=0.1, lam=0.7, seed=s, progress=False),
    lambda s: learn.train("pig", games=1, seed=s, hidden=2, goal=4, progress=False),
    lambda s: learn.match(Pig(4), Pig(4).hold_at(2), Pig(4).hold_at(3), 2, seed=s),
], ids=["Network", "td_train", "train", "match"])
def test_one_seed_rule_for_the_area(call: Any) -> None:
    with pytest.raises(ValueError, match=r"seed must be an int >= 0 .*not -1"):
        call(-1)
    call(np.int64(3))  # a numpy integer is the int it is


def test_the_command_refuses_a_negative_seed(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "aisearch.learn", "train", "pig", "--games",
                           "1", "--goal", "4", "--hidden", "2", "--seed", "-1", "--quiet",
                           "--out", str(tmp_path / "x.npz")],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and "seed must be an int >= 0" in done.stderr
    assert not (tmp_path / "x.npz").exists()


@pytest.mark.parametrize("kw, error, words", [
    (dict(every=0), ValueError, "every"),
    (dict(progress="no"), TypeError, "progress"),
    (dict(alpha=-1.0), ValueError, "alpha"),
    (dict(solution="exact"), TypeError, "ChanceSolution"),
], ids=["every=0", "progress", "alpha", "solution"])
def test_train_checks_every_argument_before_training(kw: dict, error: type,
                                                    words: str) -> None:
    import time

    start = time.process_time()
    with pytest.raises(error, match=words):
        learn.train("pig", games=400, seed=1, hidden=4, goal=6, **kw)
    assert time.process_time() - start < 2  # (refused before 400 games; not a speed test)


def test_train_stores_numpy_settings_as_pythons(tmp_path: Path) -> None:
    from aisearch.learn import load

    net, _ = learn.train("pig", games=np.int64(5), seed=np.int64(1), hidden=np.int64(2),
                   goal=np.int64(6), alpha=np.float32(0.5), progress=False)
    meta = load(learn.save(net, tmp_path / "n.npz")).meta
    assert [type(meta[k]) for k in ("games", "seed", "hidden", "goal", "alpha")] == [
        int, int, int, int, float]


def test_shipped_copies_share_no_metadata() -> None:
    a = learn.shipped("nannon")
    first = a.meta["check_weights"][0]
    a.meta["check_weights"][0] = 123.0
    assert learn.shipped("nannon").meta["check_weights"][0] == first
    with pytest.raises(TypeError, match="name must be a str"):
        learn.shipped(["nannon"])  # type: ignore[arg-type]


@pytest.mark.parametrize("fields", [
    ((0, 1, 9), (0, 1, 2), 0, 3), ((-1, 1, 2), (0, 1, 2), 0, 3), ((2.5, 1, 2), (0, 1, 2), 0, 3),
    ((0, 1, 2), (1, 1, 2), 0, 3), ((0, 1), (0, 1, 2), 0, 3), ((0, 1, 2), (0, 1, 2), 2, 3),
    ((0, 1, 2), (0, 1, 2), 0, 7),
], ids=["9", "-1", "2.5", "two on a point", "two checkers", "player 2", "roll 7"])
def test_no_nannon_position_out_of_range_reaches_the_encoding(fields: tuple) -> None:
    """A NannonState checks its fields when it is built, so nannon_features reads only
    positions in range (a 9 turned on "Black on 3", a -1 "rolled 6")."""
    with pytest.raises(ValueError, match="NannonState"):
        learn.nannon_features(NannonState(*fields))


@pytest.mark.parametrize("state, words", [
    (PigState((0, 0), 0, 5, False, 6), "player"),
    (PigState((0, 0), 0, 0, False, 0), "goal"),
    (PigState((0, -2), 0, 0, False, 6), "score"),
    (PigState((0, 0), -1, 0, False, 6), "turn"),
    (PigState((0, 0), 0, 0, "yes", 6), "rolling"),  # type: ignore
], ids=["player 5", "goal 0", "negative score", "negative turn", "rolling"])
def test_pig_features_refuses_a_position_out_of_range(state: PigState, words: str) -> None:
    with pytest.raises(ValueError) as err:
        learn.pig_features(state)
    assert words in str(err.value) and "pig_features" in str(err.value)
