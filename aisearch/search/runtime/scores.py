"""How a search scores values: depths, wins by their distance from the root, payoffs.

Inside a search a won game ``k`` plies from the root scores ``WIN - k * PLY`` (a lost one its
negative): above every finite payoff and evaluation, and distinct for every ply, so that a
quicker win outranks a slower one (``fastest_wins=True``, see :mod:`aisearch.search.runtime`).
Values leave the search as the game's payoffs (:func:`decoder`).
"""

from __future__ import annotations

import math
import operator
from collections.abc import Callable
from typing import Any

__all__ = ["INF", "UNBOUNDED", "SHOWN", "WIN", "PLY", "WON", "win_value",
           "payoff", "decoder", "shown_depth"]

INF = math.inf
UNBOUNDED = 1 << 30  # internal stand-in for depth=None; events report it as None
SHOWN = UNBOUNDED // 2  # depths above this are shown as None (unbounded) in events
WIN = 2.0 ** 1000  # a win k plies from the root scores WIN - k * PLY inside a search
PLY = 2.0 ** 960
WON = 2.0 ** 999  # a value beyond ±WON is a win or a loss


def win_value(ply: int) -> float:
    """The score inside a search of a win ``ply`` plies from the root (a loss: its negative).

    >>> win_value(1) > win_value(3) > 10 ** 300
    True
    """
    return WIN - ply * PLY


def payoff(game: Any) -> float:
    """The payoff of a won game: the game's declared ``win`` (a positive number), else inf.

    >>> from aisearch.games import Nim, fig5_2
    >>> payoff(Nim((1, 2))), payoff(fig5_2)
    (1, inf)
    """
    win = getattr(game, "win", None)
    if win.__class__ is bool or not isinstance(win, (int, float)) or not win > 0:
        return INF
    return win


def decoder(game: Any, fastest_wins: bool = True) -> Callable[[Any], Any]:
    """Search scores to the game's payoffs: a win at any distance is ``+game.win`` (``inf``
    without one); with ``fastest_wins=False`` scores are payoffs already.

    >>> from aisearch.games import Nim
    >>> decode = decoder(Nim((1, 2)))
    >>> decode(win_value(3)), decode(-win_value(5)), decode(7)
    (1, -1, 7)
    """
    if not fastest_wins:
        return _same
    win = payoff(game)

    def decode(v: Any) -> Any:
        if -WON < v < WON:
            return v
        return win if v > 0 else -win

    return decode


_same: Callable[[Any], Any] = operator.pos  # the identity on numbers, at C speed


def shown_depth(d: int) -> int | None:
    """A depth as events show it: None for a search to the end of the game.

    >>> shown_depth(3), shown_depth(UNBOUNDED - 2)
    (3, None)
    """
    return None if d > SHOWN else d
