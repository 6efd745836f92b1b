"""Sutton's TD(lambda) update, checked by hand and against its textbook properties."""

from __future__ import annotations

import numpy as np
import pytest

from aisearch.learn import td_lambda_update


def test_a_hand_worked_episode_of_three_positions() -> None:
    """w = (0.1, 0.2), x0 = (1, 0), x1 = (0, 1), x2 = (1, 1), z = 1, alpha 0.5, lambda 0.5.

    t = 0: e = (1, 0); target w.x1 = 0.2, f0 = 0.1, delta 0.1; w = (0.15, 0.2).
    t = 1: e = (0.5, 1); target w.x2 = 0.35, f1 = 0.2, delta 0.15; w += 0.075 e
           = (0.1875, 0.275).
    t = 2: e = (1.25, 1.5); target z = 1, f2 = 0.4625, delta 0.5375; w += 0.26875 e
           = (0.5234375, 0.678125).
    """
    w = td_lambda_update([0.1, 0.2], [[1, 0], [0, 1], [1, 1]], 1.0, alpha=0.5, lam=0.5)
    assert w == pytest.approx([0.5234375, 0.678125], abs=1e-12)


def test_the_input_weights_are_untouched() -> None:
    w0 = np.array([0.1, 0.2])
    td_lambda_update(w0, [[1, 0], [0, 1]], 1.0, alpha=0.5, lam=0.5)
    assert w0.tolist() == [0.1, 0.2]


def _episode(seed: int) -> tuple[np.ndarray, np.ndarray, float]:
    rng = np.random.default_rng(seed)
    return rng.normal(size=4), rng.normal(size=(6, 4)), float(rng.choice([0.0, 1.0]))


@pytest.mark.parametrize("seed", range(5))
def test_lambda_zero_moves_each_prediction_by_its_own_gradient_only(seed: int) -> None:
    """With lambda = 0 the trace is the last gradient: ordinary one-step TD, TD(0)."""
    w0, x, z = _episode(seed)
    w = w0.copy()
    for t in range(len(x)):
        target = z if t == len(x) - 1 else w @ x[t + 1]
        w = w + 0.1 * (target - w @ x[t]) * x[t]
    assert td_lambda_update(w0, x, z, alpha=0.1, lam=0.0) == pytest.approx(w, abs=1e-12)


@pytest.mark.parametrize("seed", range(5))
def test_lambda_one_with_fixed_weights_is_widrow_hoff(seed: int) -> None:
    """Sutton 1988: with lambda = 1 and the weights held fixed during the episode, the summed
    increments equal sum_t alpha (z - f_t) x_t, the Widrow-Hoff (Monte Carlo) rule. A tiny
    alpha keeps the online weights fixed to first order, so the increments agree to O(alpha^2)."""
    w0, x, z = _episode(seed)
    alpha = 1e-7
    monte_carlo = sum(alpha * (z - w0 @ xt) * xt for xt in x)
    online = td_lambda_update(w0, x, z, alpha=alpha, lam=1.0) - w0
    assert online == pytest.approx(monte_carlo, rel=1e-5, abs=1e-12)
    # and exactly so when the increments are summed with fixed weights (Sutton's eq. 4):
    e, total = np.zeros(4), np.zeros(4)
    for t in range(len(x)):
        e = e + x[t]
        nxt = z if t == len(x) - 1 else w0 @ x[t + 1]
        total += alpha * (nxt - w0 @ x[t]) * e
    assert total == pytest.approx(monte_carlo, rel=1e-12, abs=1e-18)


def test_alpha_zero_learns_nothing() -> None:
    w0, x, z = _episode(9)
    assert td_lambda_update(w0, x, z, alpha=0.0, lam=0.7).tolist() == w0.tolist()


def test_a_one_position_episode_is_the_delta_rule() -> None:
    assert td_lambda_update([0.5], [[2.0]], 0.0, alpha=0.1, lam=0.3) == pytest.approx([0.3])
