"""TD(lambda): Sutton's temporal-difference rule with eligibility traces.

Nilsson 12.7 writes Sutton's (1988) rule for a position sequence X_1 .. X_m with predictions
f_t = F(X_t, W) and the actual outcome z = f_{m+1} as

    Delta W_t = c (f_{t+1} - f_t) sum_{k=1..t} lambda^(t-k) dF_k/dW,

and keeps the sum as an eligibility trace e_t = lambda e_{t-1} + dF_t/dW. Tesauro (1992, 1995)
applied the increment at once, after every move ("online"). For a linear evaluator f(x) = w . x the
gradient dF/dW is x itself, so one episode is the five-line loop of :func:`td_lambda_update`.
"""

from __future__ import annotations

import math
from numbers import Real

import numpy as np
import numpy.typing as npt

__all__ = ["td_lambda_update", "check_rates"]

FloatArray = npt.NDArray[np.float64]


def check_rates(alpha: object, lam: object) -> tuple[float, float]:
    """Return ``(alpha, lam)`` as floats after checking ``alpha >= 0`` and ``0 <= lam <= 1``.

    Examples
    --------
    >>> check_rates(0.1, 0.7)
    (0.1, 0.7)
    >>> check_rates(0.1, 1.5)
    Traceback (most recent call last):
    ...
    ValueError: lam must lie in [0, 1], got 1.5
    """
    for name, v in (("alpha", alpha), ("lam", lam)):
        if isinstance(v, bool) or not isinstance(v, Real):
            raise TypeError(f"{name} must be a real number, got {v!r}")
        if not math.isfinite(float(v)):
            raise ValueError(f"{name} must be finite, got {v!r}")
    a, lm = float(alpha), float(lam)  # type: ignore[arg-type]
    if a < 0:
        raise ValueError(f"alpha (the learning rate) must be >= 0, got {alpha!r}")
    if not 0.0 <= lm <= 1.0:
        raise ValueError(f"lam must lie in [0, 1], got {lam!r}")
    return a, lm


def _as_matrix(name: str, x: object, ndim: int) -> FloatArray:
    try:
        arr = np.asarray(x, dtype=np.float64)
    except (TypeError, ValueError) as err:
        raise TypeError(f"{name} must be an array of numbers, got {type(x).__name__}") from err
    if arr.ndim != ndim:
        raise ValueError(f"{name} must be {ndim}-dimensional, got shape {arr.shape}")
    if not np.all(np.isfinite(arr)):
        raise ValueError(f"{name} must be finite (no NaN or inf)")
    return arr


@np.errstate(over="ignore", invalid="ignore")  # (weights that diverge: said, not warned)
def td_lambda_update(weights: npt.ArrayLike, features: npt.ArrayLike, outcome: float, *,
                     alpha: float, lam: float) -> FloatArray:
    """One episode of online TD(lambda) on a linear evaluator f(x) = w . x.

    Parameters
    ----------
    weights : array of shape (n,)
        The weights w before the episode; left untouched.
    features : array of shape (m, n)
        The episode's positions x_0 .. x_{m-1} as feature vectors, in the order they occurred.
    outcome : float
        The actual result z, the target of the last prediction (f_{m+1} in Nilsson's notation).
    alpha : float
        The learning rate c, ``alpha >= 0``.
    lam : float
        lambda in [0, 1]: how much credit earlier positions get for a later error.

    Returns
    -------
    numpy.ndarray
        The new weights, a fresh array of shape (n,).

    Raises
    ------
    FloatingPointError
        When the new weights are not finite (too large an ``alpha`` makes them diverge).

    Examples
    --------
    Two positions with unit features, zero weights, outcome 1, alpha 0.5, lambda 0.5. At t = 0 the
    target is f(x_1) = 0, so the error is 0 and nothing moves (e = [1, 0]). At t = 1 the trace is
    e = 0.5 [1, 0] + [0, 1] = [0.5, 1], the error is 1 - 0 = 1, and w += 0.5 * 1 * e:

    >>> td_lambda_update([0.0, 0.0], [[1, 0], [0, 1]], 1.0, alpha=0.5, lam=0.5)
    array([0.25, 0.5 ])

    With lambda = 0 only the last position learns:

    >>> td_lambda_update([0.0, 0.0], [[1, 0], [0, 1]], 1.0, alpha=0.5, lam=0.0)
    array([0. , 0.5])

    Notes
    -----
    The loop is, exactly::

        e = zeros_like(w)
        for t in range(m):
            e = lam * e + x[t]                      # sum_k lam^(t-k) dF_k/dW
            target = outcome if t == m - 1 else w @ x[t + 1]
            w = w + alpha * (target - w @ x[t]) * e

    See Also
    --------
    aisearch.learn.td_train : the same rule on a network, learning by self-play.
    """
    w = _as_matrix("weights", weights, 1).copy()
    x = _as_matrix("features", features, 2)
    if x.shape[0] == 0:
        raise ValueError("features must hold at least one position")
    if x.shape[1] != w.shape[0]:
        raise ValueError(f"features have {x.shape[1]} columns but there are {w.shape[0]} weights")
    if isinstance(outcome, bool) or not isinstance(outcome, Real) or not math.isfinite(outcome):
        raise ValueError(f"outcome must be a finite real number, got {outcome!r}")
    a, lm = check_rates(alpha, lam)
    m = x.shape[0]
    e = np.zeros_like(w)
    for t in range(m):
        e = lm * e + x[t]
        target = float(outcome) if t == m - 1 else float(w @ x[t + 1])
        w = w + a * (target - float(w @ x[t])) * e
    if not np.isfinite(w).all():
        raise FloatingPointError(f"the weights diverged (NaN or inf) over the {m} positions: "
                                 f"try a smaller alpha than {alpha!r}")
    return w
