"""Two small evaluators in numpy, written to be read: a linear one and a one-hidden-layer network.

Both map a feature vector ``x`` (from :mod:`aisearch.learn.encode`) to a prediction of the
game's outcome and give the gradient of that prediction with respect to their weights, which is
all TD(lambda) needs. The weights live in one flat array, ``model.weights``; the network's
layers are views into it, so ``model.weights += step`` updates every layer at once.

- :class:`Linear`: ``f(x) = w . x``, gradient ``x`` (Samuel's checkers player; Nilsson 12.7).
- :class:`Network`: ``f(x) = sigmoid(v . sigmoid(W x + b) + c)``, the probability that MAX
  wins (TD-Gammon had one hidden layer of sigmoid units too; Tesauro 1992).

:func:`save` and :func:`load` keep a model with its training settings in a ``.npz`` file that is
the same bytes whenever the weights and settings are.

Examples
--------
>>> net = Network(3, 2, seed=0)
>>> round(net.value([1.0, 0.0, 1.0]), 4)
0.5413
>>> net.gradient([1.0, 0.0, 1.0]).shape == net.weights.shape == (11,)
True
"""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from aisearch.values import as_int, check_seed

__all__ = ["Linear", "Network", "Model", "save", "load"]

FloatArray = npt.NDArray[np.float64]
MAGIC = "aisearch.learn model"


def _vector(x: Any, n: int) -> FloatArray:
    """``x`` as a float vector of length ``n`` (or a matrix of rows of length ``n``), checked."""
    try:
        arr = np.asarray(x, dtype=np.float64)
    except (TypeError, ValueError) as err:
        raise TypeError(f"features must be numbers, got {type(x).__name__}") from err
    if arr.ndim not in (1, 2) or arr.shape[-1] != n:
        raise ValueError(f"features must have {n} entries (the model's inputs), got shape "
                         f"{arr.shape}")
    if not np.all(np.isfinite(arr)):
        raise ValueError("features must be finite (no NaN or inf)")
    return arr


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
    >>> model.weights[:] = [0.5, -1.0]
    >>> model.value([2.0, 1.0]), model.gradient([2.0, 1.0])
    (0.0, array([2., 1.]))
    """

    kind = "linear"

    def __init__(self, n_inputs: int) -> None:
        self.n_inputs = _size("n_inputs", n_inputs)
        self.weights: FloatArray = np.zeros(self.n_inputs)
        self.meta: dict[str, Any] = {}

    def value(self, x: npt.ArrayLike) -> float:
        """The prediction ``w . x`` for one feature vector."""
        return float(self.weights @ _vector(x, self.n_inputs))

    def values(self, xs: npt.ArrayLike) -> FloatArray:
        """Predictions for the rows of a matrix of feature vectors (one matrix product)."""
        return np.asarray(_vector(xs, self.n_inputs) @ self.weights, dtype=np.float64)

    def _batch(self, xs: FloatArray) -> FloatArray:
        return np.asarray(xs @ self.weights)

    def gradient(self, x: npt.ArrayLike) -> FloatArray:
        """d f / d w at ``x``: ``x`` itself."""
        return _vector(x, self.n_inputs).copy()

    def value_and_gradient(self, x: FloatArray) -> tuple[float, FloatArray]:
        """Both at once, unchecked (the training loop's fast path)."""
        return float(self.weights @ x), x

    def copy(self) -> Linear:
        """An independent copy (weights and metadata)."""
        other = Linear(self.n_inputs)
        other.weights[:] = self.weights
        other.meta = dict(self.meta)
        return other

    def __repr__(self) -> str:
        return f"Linear({self.n_inputs})"


class Network:
    """One hidden layer of sigmoid units and a sigmoid output: the probability that MAX wins.

    ``f(x) = sigmoid(v . h + c)`` with ``h = sigmoid(W x + b)``. The flat ``weights`` hold
    ``W`` (``n_hidden`` rows of ``n_inputs``), then ``b``, ``v`` and ``c``.

    Parameters
    ----------
    n_inputs, n_hidden : int
        Sizes of the input and hidden layers.
    seed : int
        Seeds the small random initial weights (uniform in +-0.1/+-0.5, numpy's generator).

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
        check_seed(seed, optional=False)
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

    def _bind(self, w: FloatArray) -> None:
        n, h = self.n_inputs, self.n_hidden
        self.weights: FloatArray = w
        self.W = w[:h * n].reshape(h, n)  # views: updating weights updates them
        self.b = w[h * n:h * n + h]
        self.v = w[h * n + h:h * n + 2 * h]
        self.c = w[-1:]

    def values(self, xs: npt.ArrayLike) -> FloatArray:
        """P(MAX wins) for each row of a matrix of feature vectors."""
        return self._batch(_vector(xs, self.n_inputs))

    def _batch(self, xs: FloatArray) -> FloatArray:
        hidden = 1.0 / (1.0 + np.exp(-(xs @ self.W.T + self.b)))
        return np.asarray(1.0 / (1.0 + np.exp(-(hidden @ self.v + self.c[0]))))

    def value(self, x: npt.ArrayLike) -> float:
        """P(MAX wins) for one feature vector."""
        return float(self.values(_vector(x, self.n_inputs).reshape(-1))[()])

    def value_and_gradient(self, x: FloatArray) -> tuple[float, FloatArray]:
        """The output and d f / d weights (flat, in the order of ``weights``), unchecked."""
        hidden = 1.0 / (1.0 + np.exp(-(self.W @ x + self.b)))
        out = 1.0 / (1.0 + np.exp(-(self.v @ hidden + self.c[0])))
        d_out = out * (1.0 - out)  # sigmoid'(o)
        d_hidden = d_out * self.v * hidden * (1.0 - hidden)  # back through v and sigmoid'
        grad = np.concatenate((np.outer(d_hidden, x).ravel(), d_hidden, d_out * hidden,
                               [d_out]))
        return float(out), grad

    def gradient(self, x: npt.ArrayLike) -> FloatArray:
        """d f / d weights at ``x`` (backpropagation), flat like ``weights``."""
        return self.value_and_gradient(_vector(x, self.n_inputs).reshape(-1))[1]

    def copy(self) -> Network:
        """An independent copy (weights and metadata)."""
        other = Network.__new__(Network)
        other.n_inputs, other.n_hidden = self.n_inputs, self.n_hidden
        other._bind(self.weights.copy())
        other.meta = dict(self.meta)
        return other

    def __repr__(self) -> str:
        return f"Network({self.n_inputs}, {self.n_hidden})"


Model = Linear | Network


def save(model: Model, path: str | Path) -> Path:
    """Write a model, its sizes and ``model.meta`` (JSON) to a ``.npz`` file; return the path.

    The file is a zip with fixed timestamps, so equal weights and metadata give equal bytes.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> net = Network(4, 2, seed=3)
    >>> net.meta = {"seed": 3}
    >>> path = save(net, pathlib.Path(tempfile.mkdtemp()) / "net.npz")
    >>> again = load(path)
    >>> again, again.meta, bool((again.weights == net.weights).all())
    (Network(4, 2), {'seed': 3}, True)
    """
    if not isinstance(model, Linear | Network):
        raise TypeError(f"save needs a Linear or Network model, not {model!r:.80}")
    if not isinstance(path, str | Path):
        raise TypeError(f"path must be a str or pathlib.Path, not {path!r:.80}")
    path = Path(path)
    hidden = getattr(model, "n_hidden", 0)
    arrays = {
        "magic": np.array(MAGIC),
        "kind": np.array(model.kind),
        "sizes": np.array([model.n_inputs, hidden], dtype=np.int64),
        "weights": np.asarray(model.weights, dtype=np.float64),
        "meta": np.array(json.dumps(model.meta, sort_keys=True)),
    }
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as z:
        for name, arr in arrays.items():
            member = io.BytesIO()
            np.lib.format.write_array(member, arr, allow_pickle=False)
            info = zipfile.ZipInfo(f"{name}.npy", date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, member.getvalue())
    path.write_bytes(buffer.getvalue())
    return path


def load(path: str | Path) -> Model:
    """Read a model written by :func:`save` (its training settings in ``model.meta``).

    Raises ``ValueError`` for a file that is not such a model (see :func:`save` for an example).

    Examples
    --------
    >>> import pathlib, tempfile
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> net = Network(3, 2, seed=1)
    >>> net.meta = {"games": 0}
    >>> again = load(save(net, folder / "net.npz"))
    >>> again, again.meta, again.value([1.0, 0.0, 1.0]) == net.value([1.0, 0.0, 1.0])
    (Network(3, 2), {'games': 0}, True)
    >>> _ = (folder / "notes.npz").write_text("not a model")
    >>> load(folder / "notes.npz")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: .../notes.npz is not a model saved by aisearch.learn.save: ...
    """
    if not isinstance(path, str | Path):
        raise TypeError(f"path must be a str or pathlib.Path, not {path!r:.80}")
    path = Path(path)
    if not path.is_file():
        raise FileNotFoundError(f"no model file at {path}")
    try:
        with np.load(path, allow_pickle=False) as data:
            arrays = {k: data[k] for k in data.files}
    except (ValueError, OSError, zipfile.BadZipFile, EOFError) as err:
        raise ValueError(f"{path} is not a model saved by aisearch.learn.save: {err}") from None
    if str(arrays.get("magic", "")) != MAGIC or not {"kind", "sizes", "weights"} <= set(arrays):
        raise ValueError(f"{path} is not a model saved by aisearch.learn.save")
    kind, (n, h), w = str(arrays["kind"]), (int(v) for v in arrays["sizes"]), arrays["weights"]
    model: Model
    if kind == "linear" and w.shape == (n,):
        model = Linear(n)
        model.weights[:] = w
    elif kind == "network" and w.shape == (h * n + 2 * h + 1,):
        model = Network(n, h, seed=0)
        model.weights[:] = w
    else:
        raise ValueError(f"{path}: a {kind!r} model whose {w.shape} weights do not fit its sizes")
    if not np.all(np.isfinite(model.weights)):
        raise ValueError(f"{path}: the weights are not all finite")
    model.meta = json.loads(str(arrays.get("meta", "{}")))
    return model
