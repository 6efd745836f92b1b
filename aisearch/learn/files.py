"""Saving and loading a model with its training settings: a ``.npz`` file of fixed bytes.

:func:`save` writes the model's kind, sizes, weights and ``model.meta`` (as JSON) to a zip with
fixed timestamps, so equal weights and settings give equal bytes; :func:`load` reads it back
and refuses, with a ValueError naming the file, anything else.

Examples
--------
>>> import pathlib, tempfile
>>> from aisearch.learn import Network
>>> path = save(Network(2, 1, seed=0), pathlib.Path(tempfile.mkdtemp()) / "net.npz")
>>> load(path)
Network(2, 1)
"""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path
from typing import Any

import numpy as np

from aisearch.learn.models import Linear, Model, Network

__all__ = ["save", "load", "MAGIC"]

MAGIC = "aisearch.learn model"


def _plain(value: Any, key: str) -> Any:
    """``value`` as JSON's plain types (a numpy number as the Python number it is), or a
    TypeError naming the meta ``key`` it sits under."""
    if value is None or isinstance(value, bool | str):
        return value
    if isinstance(value, np.bool_):
        return bool(value)
    if isinstance(value, int | float | np.integer | np.floating):
        return value.item() if isinstance(value, np.generic) else value
    if isinstance(value, list | tuple | np.ndarray):
        return [_plain(v, key) for v in (value.tolist() if isinstance(value, np.ndarray)
                                          else value)]
    if isinstance(value, dict):
        return {str(_key(k, key)): _plain(v, f"{key}.{k}") for k, v in value.items()}
    raise TypeError(f"meta[{key!r}] is {value!r:.80} (a {type(value).__name__}): meta holds "
                    "only numbers, strings, bools, None, lists and dicts (JSON)")


def _key(k: Any, where: str) -> str:
    if not isinstance(k, str):
        raise TypeError(f"meta keys must be strings, not {k!r:.80} (in {where or 'meta'})")
    return k


def _plain_meta(meta: Any) -> dict[str, Any]:
    if not isinstance(meta, dict):
        raise TypeError(f"model.meta must be a dict (str keys, JSON values), not "
                        f"{meta!r:.80}")
    return {_key(k, ""): _plain(v, k) for k, v in meta.items()}


def save(model: Model, path: str | Path) -> Path:
    """Write a model, its sizes and ``model.meta`` (JSON) to a ``.npz`` file; return the path.

    The file is a zip with fixed timestamps, so equal weights and metadata give equal bytes.
    ``model.meta`` must be a dict with string keys whose values are numbers, strings, bools,
    None, lists or dicts (numpy numbers and arrays are stored as Python's); the weights must
    be finite, as :func:`load` requires.

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
    if not np.all(np.isfinite(model.weights)):
        raise ValueError("the model's weights are not all finite (NaN or inf): load would "
                         "refuse the file, so save does not write it")
    hidden = getattr(model, "n_hidden", 0)
    arrays = {
        "magic": np.array(MAGIC),
        "kind": np.array(model.kind),
        "sizes": np.array([model.n_inputs, hidden], dtype=np.int64),
        "weights": np.asarray(model.weights, dtype=np.float64),
        "meta": np.array(json.dumps(_plain_meta(model.meta), sort_keys=True)),
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

    def bad(why: str) -> ValueError:
        return ValueError(f"{path} is not a model saved by aisearch.learn.save: {why} (a model "
                          "file is a .npz holding magic, kind, sizes, weights and meta)")

    try:
        data = np.load(path, allow_pickle=False)
    except (ValueError, OSError, zipfile.BadZipFile, EOFError) as err:
        raise bad(str(err)) from None
    if not isinstance(data, np.lib.npyio.NpzFile):
        raise bad(f"it holds one {type(data).__name__}, not a .npz archive")
    try:
        with data:
            arrays = {k: data[k] for k in data.files}
    except (ValueError, OSError, zipfile.BadZipFile, EOFError) as err:
        raise bad(str(err)) from None
    if not {"magic", "kind", "sizes", "weights"} <= set(arrays):
        raise bad(f"it holds {', '.join(sorted(arrays)) or 'nothing'}")
    if arrays["magic"].shape != () or str(arrays["magic"]) != MAGIC:
        raise bad("its magic is not aisearch.learn's")
    sizes, w = arrays["sizes"], arrays["weights"]
    if arrays["kind"].shape != () or str(arrays["kind"]) not in ("linear", "network"):
        raise bad(f"kind {arrays['kind']!r:.80} is neither 'linear' nor 'network'")
    kind = str(arrays["kind"])
    if sizes.shape != (2,) or sizes.dtype.kind not in "iu":
        raise bad(f"sizes must be two ints (inputs, hidden units), not {sizes!r:.80}")
    n, h = (int(v) for v in sizes)
    if w.ndim != 1 or w.dtype.kind not in "fiu":
        raise bad(f"weights must be a vector of numbers, not {w.dtype} of shape {w.shape}")
    try:
        model: Model = Linear(n) if kind == "linear" else Network(n, h, seed=0)
    except ValueError as err:
        raise bad(f"its sizes {[n, h]} do not make a model ({err})") from None
    if w.shape != model.weights.shape:
        raise ValueError(f"{path}: a {kind!r} model of sizes {[n, h]} whose {w.shape} weights "
                         f"do not fit its sizes")
    if not np.all(np.isfinite(w)):
        raise ValueError(f"{path}: the weights are not all finite")
    model.weights = w
    try:
        meta = json.loads(str(arrays["meta"])) if "meta" in arrays else {}
    except (ValueError, TypeError) as err:
        raise bad(f"its meta is not JSON ({err})") from None
    if not isinstance(meta, dict):
        raise bad(f"its meta is a {type(meta).__name__}, not a JSON object")
    model.meta = meta
    return model
