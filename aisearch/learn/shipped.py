r"""The shipped Nannon network and the command that trains it, reproducibly from a seed.

The weights in ``aisearch/learn/weights/nannon.npz`` were made by::

    python -m aisearch.learn train nannon --games 30000 --seed 7 \
        --out aisearch/learn/weights/nannon.npz

with the default ``--alpha 0.05 --lam 0.7 --hidden 40`` (:data:`SHIPPED`). The same command on
the same machine writes the same bytes. The file keeps its settings in ``model.meta``, with a
checkpoint: the weights after the first ``check_games`` games (``check_weights``), which a
test recomputes in seconds and compares within floating-point rounding (numpy's kernels differ
between processors in the last bits, so equal bytes are promised on one machine only).

Examples
--------
>>> net = shipped("nannon")
>>> net, net.meta["games"], net.meta["seed"]
(Network(33, 40), 30000, 7)
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from aisearch._version import __version__
from aisearch.core import as_int
from aisearch.learn.files import load
from aisearch.learn.models import Network, learn_seed
from aisearch.learn.selfplay import LearningCurve, td_train
from aisearch.learn.td import check_rates
from aisearch.values import as_limit

__all__ = ["SHIPPED", "shipped", "train", "WEIGHTS"]

WEIGHTS = Path(__file__).parent / "weights"
SHIPPED: dict[str, dict[str, Any]] = {
    "nannon": {"games": 30_000, "seed": 7, "alpha": 0.05, "lam": 0.7, "hidden": 40},
}
"""The settings of each shipped network (the defaults of ``python -m aisearch.learn train``)."""
CHECK_GAMES = 200


def _setup(name: str, goal: int = 20) -> tuple[Any, Any]:
    from aisearch.games.nannon import Nannon
    from aisearch.games.pig import Pig
    from aisearch.learn.encode import nannon_features, pig_features

    if not isinstance(name, str):
        raise TypeError(f"the game's name must be a str (nannon or pig), not {name!r:.80}")
    if name == "nannon":
        return Nannon(), nannon_features
    if name == "pig":
        return Pig(goal), pig_features
    raise ValueError(f"unknown game {name!r}: the games that can be learned are nannon, pig")


def train(name: str, *, games: int, seed: int, alpha: float = 0.05, lam: float = 0.7,
          hidden: int = 40, goal: int = 20, progress: bool = True, solution: Any = None,
          every: int | None = None) -> tuple[Network, LearningCurve]:
    """Train a network for ``name`` ("nannon" or "pig") from scratch by TD(lambda) self-play.

    The network is ``Network(inputs, hidden, seed=seed)`` and the dice come from the same
    seed; ``model.meta`` records the settings, the package version and the checkpoint
    (``check_weights``: the weights after ``min(games, 200)`` games). ``solution`` and
    ``every`` are passed on to :func:`~aisearch.learn.td_train` for the learning curve.
    Every argument is checked before any game is played; ``seed`` is an int >= 0.

    Examples
    --------
    >>> net, curve = train("pig", games=20, seed=1, hidden=4, goal=6, progress=False)
    >>> net.meta["games"], net.meta["game"], curve.games[-1]
    (20, 'pig', 20)
    """
    game, encode = _setup(name, goal)
    seed = learn_seed(seed)
    if as_int(games, 0) < 1:
        raise ValueError(f"games must be a positive int (self-play games to play), not "
                         f"{games!r:.80}")
    if not 1 <= as_int(hidden, 0) <= 1000:
        raise ValueError(f"hidden must be an int from 1 to 1000 (units), not {hidden!r}")
    games, hidden, goal = as_int(games), as_int(hidden), game.goal if name == "pig" else goal
    alpha, lam = check_rates(alpha, lam)
    if progress.__class__ is not bool:
        raise TypeError(f"progress must be True or False, not {progress!r:.80}")
    every = as_limit(every, "every", 1, " (games between records of the curve)")
    if solution is not None:
        from aisearch.learn.checks import _same_game

        _same_game(solution, game)
    net = Network(len(encode(game.initial)), hidden, seed=seed)
    rng = np.random.default_rng(seed)
    first = min(games, CHECK_GAMES)
    curve = td_train(game, net, encode, games=first, alpha=alpha, lam=lam, seed=rng,
                     progress=False, solution=solution, every=every or first or 1)
    check = [float(w) for w in net.weights]
    if games == first:  # (no games after the checkpoint)
        rest = LearningCurve()
    else:
        rest = td_train(game, net, encode, games=games - first, alpha=alpha, lam=lam, seed=rng,
                        progress=progress, solution=solution, every=every)
    for key in ("games", "td_error", "value_error", "cpu_seconds"):
        extra = getattr(rest, key)
        if key == "games":
            extra = [g + first for g in extra]
        elif key == "cpu_seconds" and curve.cpu_seconds:
            extra = [t + curve.cpu_seconds[-1] for t in extra]
        getattr(curve, key).extend(extra)
    net.meta = {"game": name, "games": games, "seed": seed, "alpha": alpha, "lam": lam,
                "hidden": hidden, "version": __version__, "check_games": first,
                "check_weights": check}
    if name == "pig":
        net.meta["goal"] = goal
    return net, curve


@lru_cache(maxsize=4)
def _load(name: str) -> Network:
    model = load(WEIGHTS / f"{name}.npz")
    assert isinstance(model, Network)
    return model


def shipped(name: str) -> Network:
    """The shipped trained network for a game (a fresh copy each call).

    Parameters
    ----------
    name : str
        ``"nannon"``: encodes with :func:`~aisearch.learn.nannon_features`.

    Returns
    -------
    Network
        Its training settings in ``.meta``.

    Examples
    --------
    >>> from aisearch.games import Nannon
    >>> from aisearch.learn import nannon_features
    >>> net = shipped("nannon")
    >>> net.meta["games"], net.meta["lam"]  # 30,000 games of self-play with TD(0.7)
    (30000, 0.7)
    >>> round(net.value(nannon_features(Nannon().initial)), 2)  # P(MAX wins) at the start
    0.46
    """
    if not isinstance(name, str):
        raise TypeError(f"name must be a str (a game: {', '.join(SHIPPED)}), not {name!r:.80}")
    if name not in SHIPPED:
        raise ValueError(f"no shipped network for {name!r}: there is one for "
                         f"{', '.join(SHIPPED)}")
    return _load(name).copy()
