"""The evaluators: gradients against finite differences, and save/load."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

from aisearch.learn import Linear, Network, load, save


@pytest.mark.parametrize("seed", range(4))
def test_the_network_gradient_matches_finite_differences(seed: int) -> None:
    net = Network(5, 3, seed=seed)
    rng = np.random.default_rng(seed)
    net.weights[:] = rng.normal(size=net.weights.size)
    x = rng.normal(size=5)
    g = net.gradient(x)
    h = 1e-6
    numeric = np.empty_like(g)
    for i in range(g.size):
        up, down = net.copy(), net.copy()
        up.weights[i] += h
        down.weights[i] -= h
        numeric[i] = (up.value(x) - down.value(x)) / (2 * h)
    assert g == pytest.approx(numeric, abs=1e-8)


def test_the_linear_gradient_is_the_features() -> None:
    model = Linear(3)
    model.weights[:] = [1.0, 2.0, 3.0]
    assert model.value([1, 1, 1]) == 6.0
    assert model.gradient([1, 0, 2]).tolist() == [1, 0, 2]


def test_network_layers_are_views_of_the_flat_weights() -> None:
    net = Network(2, 2, seed=0)
    net.weights[:] = 0.0
    assert net.value([1.0, 1.0]) == 0.5
    net.weights += 1.0
    assert net.W.tolist() == [[1.0, 1.0], [1.0, 1.0]] and net.c[0] == 1.0


def test_batched_values_equal_one_at_a_time() -> None:
    net = Network(4, 3, seed=2)
    xs = np.random.default_rng(0).random((5, 4))
    assert net.values(xs) == pytest.approx([net.value(x) for x in xs])


def test_copy_is_independent() -> None:
    net = Network(2, 2, seed=0)
    other = net.copy()
    other.weights += 1
    assert not np.allclose(net.weights, other.weights)


@pytest.mark.parametrize("model", [Linear(3), Network(3, 2, seed=5)], ids=repr)
def test_save_and_load_round_trip_bit_for_bit(model: Linear | Network, tmp_path: Path) -> None:
    model.meta = {"games": 3, "alpha": 0.1}
    path = save(model, tmp_path / "m.npz")
    again = load(path)
    assert type(again) is type(model) and again.meta == model.meta
    assert again.weights.tobytes() == model.weights.tobytes()
    assert save(again, tmp_path / "n.npz").read_bytes() == path.read_bytes()


@pytest.mark.parametrize("make", [lambda: Linear(3), lambda: Network(3, 2, seed=0)],
                         ids=["Linear", "Network"])
def test_assigning_the_weights_reaches_value_copy_save_and_training(
        make: Any, tmp_path: Path) -> None:
    model = make()
    x = [1.0, 0.0, 1.0]
    model.weights = np.full(model.weights.size, 0.25)
    expected = model.value(x)
    # sigmoid(2 * 0.25 * sigmoid(0.75) + 0.25) for the network
    assert expected == (0.5 if isinstance(model, Linear) else pytest.approx(0.6433, abs=1e-4))
    assert model.copy().value(x) == expected
    assert load(save(model, tmp_path / "m.npz")).value(x) == expected
    model.weights = model.weights.copy()  # a new array: still the model's own
    before = model.value(x)
    model.weights += 0.5
    assert model.value(x) != before
    assert model.values([x])[0] == model.value(x)


@pytest.mark.parametrize("new, error, words", [
    (np.zeros(4), ValueError, ("shape (11,)", "(4,)")),
    (np.full(11, np.nan), ValueError, ("finite",)),
    ("abc", TypeError, ("numbers",)),
])
def test_assigning_weights_of_the_wrong_shape_or_values_is_refused(
        new: Any, error: type, words: tuple[str, ...]) -> None:
    net = Network(3, 2, seed=0)
    old = net.weights.copy()
    with pytest.raises(error) as err:
        net.weights = new
    assert all(w in str(err.value) for w in words)
    assert net.weights.tolist() == old.tolist()


def test_training_a_model_whose_weights_were_assigned_changes_its_values() -> None:
    from aisearch.games import Pig
    from aisearch.learn import pig_features, td_train

    game = Pig(goal=4)
    net = Network(len(pig_features(game.initial)), 3, seed=0)
    net.weights = net.weights.copy()
    x = pig_features(game.initial)
    before = net.value(x)
    td_train(game, net, pig_features, games=50, alpha=0.3, lam=0.7, seed=0, progress=False)
    assert net.value(x) != before


def test_a_copy_shares_no_metadata() -> None:
    net = Network(2, 2, seed=0)
    net.meta = {"check_weights": [1.0, 2.0], "nested": {"a": [1]}}
    other = net.copy()
    other.meta["check_weights"][0] = 123.0
    other.meta["nested"]["a"].append(2)
    assert net.meta == {"check_weights": [1.0, 2.0], "nested": {"a": [1]}}


@pytest.mark.parametrize("call", [
    lambda: Network(3, 2, seed=0).value([[1, 2, 3], [4, 5, 6]]),
    lambda: Network(3, 2, seed=0).gradient([[1, 2, 3], [4, 5, 6]]),
    lambda: Linear(3).value([[1, 2, 3], [4, 5, 6]]),
    lambda: Linear(3).gradient([[1, 2, 3], [4, 5, 6]]),
], ids=["Network.value", "Network.gradient", "Linear.value", "Linear.gradient"])
def test_one_vector_methods_refuse_a_matrix_and_say_what_was_given(call: Any) -> None:
    with pytest.raises(ValueError) as err:
        call()
    assert "(2, 3)" in str(err.value) and "one vector of 3 entries" in str(err.value)


def test_save_refuses_what_load_would_refuse(tmp_path: Path) -> None:
    net = Network(2, 2, seed=0)
    net.weights[0] = np.nan
    with pytest.raises(ValueError, match="not all finite"):
        save(net, tmp_path / "nan.npz")
    assert not (tmp_path / "nan.npz").exists()
    good = Network(2, 2, seed=0)
    for meta, words in [("games=3", "must be a dict"), ({"f": len}, "meta['f']"),
                        ({1: 2}, "keys must be strings"), ({"a": {"b": {3}}}, "meta['a.b']")]:
        good.meta = meta
        with pytest.raises(TypeError) as err:
            save(good, tmp_path / "bad.npz")
        assert words in str(err.value)


def test_save_stores_numpy_numbers_as_pythons(tmp_path: Path) -> None:
    net = Network(2, 2, seed=0)
    net.meta = {"games": np.int64(5), "alpha": np.float32(0.5), "ok": np.bool_(True),
                "w": np.arange(2.0), "goal": [np.int32(6)]}
    again = load(save(net, tmp_path / "m.npz"))
    assert again.meta == {"games": 5, "alpha": 0.5, "ok": True, "w": [0.0, 1.0], "goal": [6]}
    assert type(again.meta["games"]) is int


def _npz(path: Path, **arrays: Any) -> Path:
    base: dict[str, Any] = dict(magic=np.array("aisearch.learn model"), kind=np.array("network"),
                                sizes=np.array([2, 1]), weights=np.zeros(5), meta=np.array("{}"))
    base.update(arrays)
    np.savez(path, **{k: v for k, v in base.items() if v is not None})
    return path


@pytest.mark.parametrize("arrays, words", [
    (dict(sizes=np.array([2])), "sizes must be two ints"),
    (dict(sizes=np.array([0, 0])), "do not make a model"),
    (dict(meta=np.array("{oops")), "meta is not JSON"),
    (dict(meta=np.array("[1, 2]")), "not a JSON object"),
    (dict(weights=np.array(["a"] * 5)), "weights must be a vector of numbers"),
    (dict(kind=np.array("tree")), "neither 'linear' nor 'network'"),
    (dict(magic=None), "it holds"),
], ids=["one size", "zero sizes", "bad JSON", "meta a list", "string weights", "kind",
        "no magic"])
def test_load_names_the_file_and_what_is_wrong(arrays: dict, words: str,
                                               tmp_path: Path) -> None:
    path = _npz(tmp_path / "hand.npz", **arrays)
    with pytest.raises(ValueError) as err:
        load(path)
    assert str(path) in str(err.value) and words in str(err.value)
    assert "a model file is a .npz" in str(err.value)


def test_load_refuses_a_single_array_file(tmp_path: Path) -> None:
    np.save(tmp_path / "arr.npy", np.arange(3.0))
    with pytest.raises(ValueError, match="arr.npy is not a model saved.*one ndarray"):
        load(tmp_path / "arr.npy")


def test_a_saturated_network_answers_its_limits_without_numpy_warnings() -> None:
    """Units far past their bend (e^-z overflows below z = -709) are worth 0 or 1, as the
    sigmoid is, with no "overflow encountered in exp" from numpy; values a step inside are
    those of the textbook formula, bit for bit."""
    import warnings

    net = Network(2, 3, seed=1)
    net.weights = np.concatenate([np.full(net.weights.size - 1, 1e3), [-1500.0]])
    xs = np.array([[-1.0, -1.0], [1.0, 1.0], [-0.3, 0.1]])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        values = net.values(xs)
        grads = [net.gradient(x) for x in xs]
        one = [net.value(x) for x in xs]
    assert values.tolist() == one and values[1] == 1.0 and 0.0 <= values[0] < 1e-300
    assert all(np.isfinite(g).all() for g in grads)
    net.weights = np.linspace(-2, 2, net.weights.size)
    hidden = 1.0 / (1.0 + np.exp(-(xs @ net.W.T + net.b)))
    assert net.values(xs).tolist() == (1.0 / (1.0 + np.exp(-(hidden @ net.v + net.c[0])))).tolist()
