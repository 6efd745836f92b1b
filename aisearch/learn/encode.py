"""Input encodings: a game state as a vector of numbers a network can read.

TD-Gammon (Tesauro 1992) fed its network the *raw board*: for each point and colour, units
saying how many checkers stand there in a truncated unary code (one unit on for one checker,
two for two, ...), plus units for the checkers on the bar and borne off and for the side to
move. No backgammon knowledge went in; the network found its own features. The encodings
here do the same for the course's small games of chance. Each declares the game it encodes in
an attribute ``game`` (``nannon_features.game == "nannon"``), which a trained model's
``meta["game"]`` is checked against (:func:`~aisearch.learn.learned_evaluate`).

Examples
--------
>>> from aisearch.games.nannon import Nannon
>>> x = nannon_features(Nannon().initial)
>>> x.shape, x.dtype
((33,), dtype('float64'))
>>> len(NANNON_UNITS) == x.size
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import numpy as np
import numpy.typing as npt

from aisearch.core import as_int
from aisearch.games.nannon import NannonState
from aisearch.games.pig import PigState

__all__ = ["nannon_features", "pig_features", "NANNON_UNITS", "pig_units"]

FloatArray = npt.NDArray[np.float64]
F = TypeVar("F", bound=Callable[..., Any])


def _encodes(game: str) -> Callable[[F], F]:
    """Mark an encoding with the game it is for (its attribute ``game``)."""
    def mark(f: F) -> F:
        setattr(f, "game", game)  # noqa: B010 (a function's attribute; mypy would refuse f.game)
        return f
    return mark


def _bad(encoder: str, state: Any, why: str) -> ValueError:
    return ValueError(f"{encoder}: {state!r:.80} is not a position it can encode: {why}")


def _whole(v: Any) -> int:
    """``v`` as an int, or -1 when it is not one (refused by the range checks that follow)."""
    return v if v.__class__ is int else as_int(v, -1)

NANNON_UNITS: tuple[str, ...] = (
    tuple(f"White on {p}" for p in range(1, 7))
    + tuple(f"Black on {p}" for p in range(1, 7))
    + tuple(f"White home >= {k}" for k in (1, 2, 3))
    + tuple(f"Black home >= {k}" for k in (1, 2, 3))
    + tuple(f"White off >= {k}" for k in (1, 2, 3))
    + tuple(f"Black off >= {k}" for k in (1, 2, 3))
    + ("White to move", "Black to move")
    + tuple(f"rolled {r}" for r in range(1, 7))
    + ("bias",)
)
"""The meaning of each unit of :func:`nannon_features`, in order."""


@_encodes("nannon")
def nannon_features(state: NannonState) -> FloatArray:
    """A Nannon position as 33 units, in the spirit of TD-Gammon's raw board.

    Each colour's six points, in that colour's own direction (at most one checker stands on
    a point, so one unit each); checkers at home and borne off (safety) in truncated unary
    (``>= 1``, ``>= 2``, ``>= 3``); the side to move; the die when it has been thrown (all
    zero while it is still to be thrown, as in every afterstate); a constant 1. The names
    are in :data:`NANNON_UNITS`.

    Parameters
    ----------
    state : NannonState
        A position (a NannonState checks its fields when it is built).

    Returns
    -------
    numpy.ndarray of 33 floats, each 0 or 1

    Examples
    --------
    >>> from aisearch.games.nannon import NannonState
    >>> x = nannon_features(NannonState((0, 1, 2), (0, 1, 7), 0, 3))
    >>> [name for name, on in zip(NANNON_UNITS, x) if on]  # doctest: +NORMALIZE_WHITESPACE
    ['White on 1', 'White on 2', 'Black on 1', 'White home >= 1', 'Black home >= 1',
     'Black off >= 1', 'White to move', 'rolled 3', 'bias']
    """
    if state.__class__ is not NannonState:
        raise TypeError(f"nannon_features needs a NannonState, not {state!r:.80}")
    x = np.zeros(33)
    for side, checkers in enumerate((state.white, state.black)):
        home = off = 0
        for p in checkers:
            if p == 0:
                home += 1
            elif p == 7:
                off += 1
            else:
                x[6 * side + p - 1] = 1.0
        x[12 + 3 * side:12 + 3 * side + home] = 1.0
        x[18 + 3 * side:18 + 3 * side + off] = 1.0
    if state.player in (0, 1):
        x[24 + state.player] = 1.0
    if 1 <= state.roll <= 6:
        x[25 + state.roll] = 1.0
    x[32] = 1.0
    return x


def _levels(goal: int) -> int:
    return min(goal, 10)


def pig_units(goal: int) -> tuple[str, ...]:
    """The meaning of each unit of :func:`pig_features` for a game to ``goal``.

    >>> pig_units(4)[:3]
    ('MAX score >= 1', 'MAX score >= 2', 'MAX score >= 3')
    >>> len(pig_units(100))
    49
    """
    if as_int(goal, 0) < 1:
        raise ValueError(f"goal must be an int >= 1, not {goal!r}")
    names: list[str] = []
    for what in ("MAX score", "MIN score", "turn total", "mover's score + turn"):
        names += [f"{what} >= {_step(goal, i)}" for i in range(_levels(goal))]
        names.append(f"{what} / goal")
    return tuple(names) + ("MAX to move", "MIN to move", "die in the air", "bias",
                           "one roll from the goal")


def _step(goal: int, i: int) -> int:
    """The threshold of thermometer unit ``i``: ``goal * (i + 1) / levels``, rounded up."""
    levels = _levels(goal)
    return -(-goal * (i + 1) // levels)


@_encodes("pig")
def pig_features(state: PigState) -> FloatArray:
    """A Pig position as thermometer units (``score >= threshold``) and fractions of the goal.

    For MAX's score, MIN's score, the turn total and the mover's score plus turn total: up
    to ten thermometer units (``>= goal/10``, ``>= 2 goal/10``, ...; ``>= 1 .. goal`` for a
    goal under ten) and the quantity over the goal; then who moves, whether the die is in
    the air, a constant 1, and whether the mover is within one roll (six) of the goal. The
    names are :func:`pig_units`.

    Examples
    --------
    >>> from aisearch.games.pig import PigState
    >>> x = pig_features(PigState((3, 1), 2, 0, False, 4))
    >>> [u for u, v in zip(pig_units(4), x) if v == 1]  # doctest: +NORMALIZE_WHITESPACE
    ['MAX score >= 1', 'MAX score >= 2', 'MAX score >= 3', 'MIN score >= 1',
     'turn total >= 1', 'turn total >= 2', "mover's score + turn >= 1",
     "mover's score + turn >= 2", "mover's score + turn >= 3", "mover's score + turn >= 4",
     "mover's score + turn / goal", 'MAX to move', 'bias', 'one roll from the goal']
    """
    if state.__class__ is not PigState:
        raise TypeError(f"pig_features needs a PigState, not {state!r:.80}")
    _check_pig(state)
    goal = state.goal
    levels = _levels(goal)
    own = state.score[state.player] + state.turn
    quantities: list[Any] = [state.score[0], state.score[1], state.turn, own]
    x = np.zeros(4 * (levels + 1) + 5)
    for k, q in enumerate(quantities):
        base = k * (levels + 1)
        for i in range(levels):
            if q >= _step(goal, i):
                x[base + i] = 1.0
        x[base + levels] = min(q, goal) / goal
    tail = 4 * (levels + 1)
    x[tail + state.player] = 1.0
    x[tail + 2] = float(state.rolling)
    x[tail + 3] = 1.0
    x[tail + 4] = float(goal - own <= 6)
    return x


def _check_pig(state: PigState) -> None:
    """The fields the encoding reads, in range: a goal >= 1, two scores and a turn total
    >= 0, the player 0 or 1, ``rolling`` True or False."""
    if _whole(state.goal) < 1:
        raise _bad("pig_features", state, "goal must be an int >= 1")
    if not isinstance(state.score, tuple) or len(state.score) != 2 or min(
            _whole(state.score[0]), _whole(state.score[1])) < 0:
        raise _bad("pig_features", state, "score must be two ints >= 0 (MAX's, MIN's)")
    if _whole(state.turn) < 0:
        raise _bad("pig_features", state, "turn (the turn total) must be an int >= 0")
    if _whole(state.player) not in (0, 1):
        raise _bad("pig_features", state, "player must be 0 (MAX) or 1 (MIN)")
    if state.rolling not in (True, False):
        raise _bad("pig_features", state, "rolling must be True or False")

