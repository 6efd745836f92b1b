"""Games whose only parameter is the payoff of a win.

A depth-limited search puts finished games and static evaluations into the same max and min,
so a win must outrank every evaluation: Nilsson's e(p) is +inf for a win. Games with unbounded
textbook evaluations (tic-tac-toe's e(p), Connect Four's window counts) therefore score a win
``+inf`` by default; ``win=1`` scores +1/0/-1 (as OpenSpiel and AIMA do).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from aisearch.core import GameBase, as_int, is_number, number_text
from aisearch.games.tree import tip_in_range

__all__ = ["WinPayoff"]


class WinPayoff(GameBase):
    """Base class: the rules are fixed, the payoff of a win is ``win`` (``+inf`` by default).

    >>> from aisearch.games import TicTacToe
    >>> TicTacToe(), TicTacToe(win=1), TicTacToe(win=1) == TicTacToe(win=1)
    (TicTacToe(), TicTacToe(win=1), True)
    >>> TicTacToe(win=0)
    Traceback (most recent call last):
    ...
    ValueError: win must be a positive number (the payoff of a win: inf, or finite below 2**999), \
not 0
    """

    win: float  # (set by every game: never None)

    def __init__(self, win: float = math.inf) -> None:
        if not is_number(win) or not win > 0 or not tip_in_range(win):
            raise ValueError(f"win must be a positive number (the payoff of a win: inf, or "
                             f"finite below 2**999), not {number_text(win)}")
        # numpy numbers are read as the Python numbers they are
        self.win = win if win.__class__ in (int, float) else as_int(win) or float(win)

    def _by_payoff(self, kept: dict[tuple, Any], make: Callable[[float], Any]) -> Any:
        """``make(win)`` for this game's payoff of a win (which a game may change), kept in
        ``kept`` for the next time: a few payoffs at a time, so that what is kept stays small
        (a game's unchecked functions with MAX's utility, say)."""
        win = self.win
        key = (win.__class__, win)
        made = kept.get(key)
        if made is None:
            if len(kept) >= 8:
                kept.clear()
            made = kept[key] = make(win)
        return made

    def __repr__(self) -> str:
        win = "" if self.win == math.inf else f"win={self.win!r}"
        return f"{type(self).__name__}({win})"

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other.win == self.win  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash((type(self), self.win))
