"""The evaluators: gradients against finite differences, and save/load."""

from __future__ import annotations

from pathlib import Path

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
