"""Two small evaluators in numpy, written to be read: a linear one and a one-hidden-layer network.

Both map a feature vector ``x`` (from :mod:`aisearch.learn.encode`) to a prediction of the
game's outcome and give the gradient of that prediction with respect to their weights, which is
all TD(lambda) needs. The weights live in one flat array, ``model.weights``; the network's
layers are views into it, so ``model.weights += step`` updates every layer at once.

- :class:`Linear`: ``f(x) = w . x``, gradient ``x`` (Samuel's checkers player; Nilsson 12.7).
- :class:`Network`: ``f(x) = sigmoid(v . sigmoid(W x + b) + c)``, the probability that MAX
  wins (TD-Gammon had one hidden layer of sigmoid units too; Tesauro 1992).

:func:`~aisearch.learn.files.save` and :func:`~aisearch.learn.files.load` keep a model with its
training settings in a ``.npz`` file.

Examples
--------
>>> net = Network(3, 2, seed=0)
>>> round(net.value([1.0, 0.0, 1.0]), 4)
0.5413
>>> net.gradient([1.0, 0.0, 1.0]).shape == net.weights.shape == (11,)
True
"""

from __future__ import annotations

import copy
from typing import Any

import numpy as np
import numpy.typing as npt

from aisearch.values import as_int, as_seed

__all__ = ["Linear", "Network", "Model", "learn_seed"]

_EXP_MAX = 709.0  # the largest x with e^x finite, nearly: e^709 = 8.2e307


def _sigmoid(z: Any) -> Any:
    """``1 / (1 + e^-z)``, elementwise. Where e^-z would overflow (z < -709: a unit far
    past its bend), it is taken at 709, so the value is below 1e-307, as the sigmoid's is,
    without numpy's "overflow encountered in exp"; elsewhere it is the formula, bit for bit.

    >>> float(_sigmoid(0.0)), float(_sigmoid(-1e4)) < 1e-307
    (0.5, True)
    """
    return 1.0 / (1.0 + np.exp(np.minimum(-z, _EXP_MAX)))

FloatArray = npt.NDArray[np.float64]


def learn_seed(seed: Any) -> int:
    """``seed`` as the int that seeds numpy's generator: an int (a numpy integer is the int it
    is) of at least 0, the one rule of :mod:`aisearch.learn` (numpy takes no negative seed).

    >>> learn_seed(-1)
    Traceback (most recent call last):
    ...
    ValueError: seed must be an int >= 0 (numpy's generators take no negative seed), not -1
    """
    seed = as_seed(seed, optional=False)
    if seed < 0:
        raise ValueError(f"seed must be an int >= 0 (numpy's generators take no negative "
                         f"seed), not {seed!r}")
    return int(seed)


def _vector(x: Any, n: int, matrix: bool = True) -> FloatArray:
    """``x`` as a float vector of length ``n`` (or, where ``matrix``, a matrix of rows of
    length ``n``), checked."""
    try:
        arr = np.asarray(x, dtype=np.float64)
    except (TypeError, ValueError) as err:
        raise TypeError(f"features must be numbers, got {type(x).__name__}") from err
    if arr.ndim not in ((1, 2) if matrix else (1,)) or arr.shape[-1:] != (n,):
        allowed = (f"a vector of {n} entries (the model's inputs) or a matrix of rows of {n}"
                   if matrix else f"one vector of {n} entries (the model's inputs; for rows "
                   "of vectors use values)")
        raise ValueError(f"features must be {allowed}, got shape {arr.shape}")
    if not np.all(np.isfinite(arr)):
        raise ValueError("features must be finite (no NaN or inf)")
    return arr


def _assign(name: str, target: FloatArray, new: Any) -> None:
    """Copy ``new`` into the model's own weight array (so every view of it sees the change),
    after checking its shape and values."""
    try:
        arr = np.asarray(new, dtype=np.float64)
    except (TypeError, ValueError) as err:
        raise TypeError(f"{name} must be numbers, got {type(new).__name__}") from err
    if arr.shape != target.shape:
        raise ValueError(f"{name} must have shape {target.shape} (the model's sizes), got "
                         f"shape {arr.shape}")
    if not np.all(np.isfinite(arr)):
        raise ValueError(f"{name} must be finite (no NaN or inf)")
    if arr is not target:
        target[:] = arr


def _size(name: str, n: Any) -> int:
    if not 1 <= as_int(n, 0) <= 100_000:
        raise ValueError(f"{name} must be an int from 1 to 100000, not {n!r}")
    return int(n)


class Linear:
    """A linear evaluator ``f(x) = w . x`` (no squashing; a constant feature gives a bias).

    Parameters
    ----------
    n_inputs : int
        Length of the feature vectors.

    Examples
    --------
    >>> model = Linear(2)
    >>> model.weights = [0.5, -1.0]  # copied into the model's array, shape checked
    >>> model.value([2.0, 1.0]), model.gradient([2.0, 1.0])
    (0.0, array([2., 1.]))
    """

    kind = "linear"

    def __init__(self, n_inputs: int) -> None:
        self.n_inputs = _size("n_inputs", n_inputs)
        self._w: FloatArray = np.zeros(self.n_inputs)
        self.meta: dict[str, Any] = {}

    @property
    def weights(self) -> FloatArray:
        """The weights ``w``; assigning copies the new values into them (shape ``(n_inputs,)``,
        finite)."""
        return self._w

    @weights.setter
    def weights(self, new: npt.ArrayLike) -> None:
        _assign("weights", self._w, new)

    def value(self, x: npt.ArrayLike) -> float:
        """The prediction ``w . x`` for one feature vector."""
        return float(self._w @ _vector(x, self.n_inputs, matrix=False))

    def values(self, xs: npt.ArrayLike) -> FloatArray:
        """Predictions for the rows of a matrix of feature vectors (one matrix product)."""
        return np.asarray(_vector(xs, self.n_inputs) @ self._w, dtype=np.float64)

    def _batch(self, xs: FloatArray) -> FloatArray:
        return np.asarray(xs @ self._w)

    def gradient(self, x: npt.ArrayLike) -> FloatArray:
        """d f / d w at ``x``: ``x`` itself."""
        return _vector(x, self.n_inputs, matrix=False).copy()

    def value_and_gradient(self, x: FloatArray) -> tuple[float, FloatArray]:
        """Both at once, unchecked (the training loop's fast path)."""
        return float(self._w @ x), x

    def copy(self) -> Linear:
        """An independent copy (weights and metadata, nested lists included)."""
        other = Linear(self.n_inputs)
        other._w[:] = self._w
        other.meta = copy.deepcopy(self.meta)
        return other

    def __repr__(self) -> str:
        return f"Linear({self.n_inputs})"


class Network:
    """One hidden layer of sigmoid units and a sigmoid output: the probability that MAX wins.

    ``f(x) = sigmoid(v . h + c)`` with ``h = sigmoid(W x + b)``. The flat ``weights`` hold
    ``W`` (``n_hidden`` rows of ``n_inputs``), then ``b``, ``v`` and ``c``: the layers are
    views of it, and assigning ``weights`` copies the new values into it (shape and finiteness
    checked), so the layers, :meth:`copy`, :func:`save` and training all see them.

    Parameters
    ----------
    n_inputs, n_hidden : int
        Sizes of the input and hidden layers.
    seed : int
        Seeds the small random initial weights (uniform in +-0.1/+-0.5, numpy's generator),
        an int >= 0.

    Examples
    --------
    >>> net = Network(2, 3, seed=1)
    >>> net.W.shape, net.b.shape, net.v.shape, net.weights.size
    ((3, 2), (3,), (3,), 13)
    >>> 0 < net.value([0.0, 1.0]) < 1
    True
    """

    kind = "network"

    def __init__(self, n_inputs: int, n_hidden: int, *, seed: int) -> None:
        seed = learn_seed(seed)
        self.n_inputs, self.n_hidden = _size("n_inputs", n_inputs), _size("n_hidden", n_hidden)
        n, h = self.n_inputs, self.n_hidden
        rng = np.random.default_rng(seed)
        w = np.empty(h * n + 2 * h + 1)
        w[:h * n] = rng.uniform(-0.1, 0.1, h * n)
        w[h * n:h * n + h] = 0.0
        w[h * n + h:-1] = rng.uniform(-0.5, 0.5, h)
        w[-1] = 0.0
        self._bind(w)
        self.meta: dict[str, Any] = {}

    @property
    def weights(self) -> FloatArray:
        """All the weights, flat (``W``, ``b``, ``v``, ``c``); assigning copies the new values
        into them (shape ``(n_hidden * (n_inputs + 2) + 1,)``, finite)."""
        return self._w

    @weights.setter
    def weights(self, new: npt.ArrayLike) -> None:
        _assign("weights", self._w, new)

    def _bind(self, w: FloatArray) -> None:
        n, h = self.n_inputs, self.n_hidden
        self._w: FloatArray = w
        self.W = w[:h * n].reshape(h, n)  # views: updating weights updates them
        self.b = w[h * n:h * n + h]
        self.v = w[h * n + h:h * n + 2 * h]
        self.c = w[-1:]

    def values(self, xs: npt.ArrayLike) -> FloatArray:
        """P(MAX wins) for each row of a matrix of feature vectors."""
        return self._batch(_vector(xs, self.n_inputs))

    def _batch(self, xs: FloatArray) -> FloatArray:
        hidden = _sigmoid(xs @ self.W.T + self.b)
        return np.asarray(_sigmoid(hidden @ self.v + self.c[0]))

    def value(self, x: npt.ArrayLike) -> float:
        """P(MAX wins) for one feature vector."""
        return float(self._batch(_vector(x, self.n_inputs, matrix=False)))

    def value_and_gradient(self, x: FloatArray) -> tuple[float, FloatArray]:
        """The output and d f / d weights (flat, in the order of ``weights``), unchecked."""
        hidden = _sigmoid(self.W @ x + self.b)
        out = _sigmoid(self.v @ hidden + self.c[0])
        d_out = out * (1.0 - out)  # sigmoid'(o)
        d_hidden = d_out * self.v * hidden * (1.0 - hidden)  # back through v and sigmoid'
        grad = np.concatenate((np.outer(d_hidden, x).ravel(), d_hidden, d_out * hidden,
                               [d_out]))
        return float(out), grad

    def gradient(self, x: npt.ArrayLike) -> FloatArray:
        """d f / d weights at ``x`` (backpropagation), flat like ``weights``."""
        return self.value_and_gradient(_vector(x, self.n_inputs, matrix=False))[1]

    def copy(self) -> Network:
        """An independent copy (weights and metadata, nested lists included)."""
        other = Network.__new__(Network)
        other.n_inputs, other.n_hidden = self.n_inputs, self.n_hidden
        other._bind(self._w.copy())
        other.meta = copy.deepcopy(self.meta)
        return other

    def __repr__(self) -> str:
        return f"Network({self.n_inputs}, {self.n_hidden})"


Model = Linear | Network
