"""What self-play and learned evaluations check before they trust a model, an encoding or a
solution: that they are made for each other and for the game at hand.

A network trained for Pig to 6 and Nannon's encoding both have 33 inputs, and Pig's encoding
has 49 for every goal from 10 up, so sizes alone cannot tell a model of another game; the
model's ``meta`` (``"game"``, ``"goal"``) and the encoding's attribute ``game`` can. Each
encoding is checked once per position (shape, finite values), where it is cached.

Examples
--------
>>> from aisearch.learn import Network, nannon_features
>>> net = Network(33, 2, seed=0)
>>> net.meta = {"game": "pig", "goal": 6}
>>> check_fit(net, nannon_features)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ValueError: the model was trained for pig (model.meta['game']) but nannon_features encodes ...
"""

from __future__ import annotations

from typing import Any

import numpy as np

from aisearch.core import Game, unwrap
from aisearch.learn.models import Linear, Model, Network

__all__ = ["check_model", "check_fit"]

Encode = Any


def check_model(model: Any) -> Model:
    """``model`` if it is a :class:`~aisearch.learn.Linear` or :class:`~aisearch.learn.Network`,
    else a TypeError."""
    if not isinstance(model, Linear | Network):
        raise TypeError(f"model must be an aisearch.learn Linear or Network, not {model!r:.80}")
    return model


def _name(f: Any) -> str:
    return getattr(f, "__name__", None) or type(f).__name__


def check_fit(model: Model, encode: Any) -> None:
    """Refuse an encoding made for another game than the one ``model.meta["game"]`` names
    (a Pig network of goal 6 and Nannon's encoding both have 33 inputs). An encoding declares
    its game in an attribute ``game`` (as :func:`~aisearch.learn.nannon_features` does); a
    model without ``meta["game"]`` or an encoding without ``game`` is taken as it is."""
    if not callable(encode):
        raise TypeError(f"encode must be a function state -> features, not {encode!r:.80}")
    trained = model.meta.get("game") if isinstance(model.meta, dict) else None
    made_for = getattr(encode, "game", None)
    if isinstance(trained, str) and isinstance(made_for, str) and trained != made_for:
        raise ValueError(f"the model was trained for {trained} (model.meta['game']) but "
                         f"{_name(encode)} encodes {made_for}: use the encoding it was "
                         f"trained with")


def _goal_of(model: Model) -> Any:
    return model.meta.get("goal") if isinstance(model.meta, dict) else None


def _check_goal(goal: Any, state: Any) -> None:
    """Refuse a state of another goal than the model's ``meta["goal"]`` (Pig's encoding has
    the same 49 inputs for every goal from 10 up)."""
    if goal is not None and getattr(state, "goal", goal) != goal:
        raise ValueError(f"the model was trained for a goal of {goal!r} (model.meta['goal']), "
                         f"not {state.goal!r} as in {state!r:.80}")


def _features(encode: Encode, s: Any, n: int) -> Any:
    """``encode(s)`` as a float vector, checked once per position (the result is cached)."""
    x = np.asarray(encode(s), dtype=np.float64)
    if x.shape != (n,):
        raise ValueError(f"{_name(encode)} gives shape {x.shape} at {s!r:.80}, the model has "
                         f"{n} inputs")
    if not np.isfinite(x).all():
        raise ValueError(f"{_name(encode)} gives a feature that is not finite (NaN or inf) at "
                         f"{s!r:.80}: features must be finite numbers")
    return x


def _check_encode(game: Game, model: Model, encode: Any) -> None:
    check_fit(model, encode)
    x = np.asarray(encode(game.initial), dtype=float)
    if x.shape != (model.n_inputs,):
        raise ValueError(f"encode gives {x.shape[0] if x.ndim == 1 else x.shape} features but "
                         f"the model has {model.n_inputs} inputs")
    _check_goal(_goal_of(model), game.initial)


def _same_game(solution: Any, game: Game) -> None:
    """Refuse the solution of another game (another goal, another die) than ``game``."""
    from aisearch.learn.measure import _check_solution

    _check_solution(solution)
    a, b = unwrap(solution.game), unwrap(game)
    if a is not b and (type(a) is not type(b) or repr(a) != repr(b)
                       or solution.game.initial != game.initial):
        raise ValueError(f"solution is the solution of {solution.game!r:.80}, not of the game "
                         f"trained, {game!r:.80}")
