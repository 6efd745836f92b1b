"""The dice race: Pig cut off after a number of decisions, as OpenSpiel's ``pig`` with
``winscore`` and ``horizon`` is, written directly for the protocol (states are plain tuples).
The benchmarks search it with expectiminimax.

Examples
--------
>>> race = HorizonPig(10, 3)
>>> race.moves(race.initial), race.to_move(race.result(race.initial, "roll"))
(('roll', 'hold'), -1)
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from aisearch.core import CHANCE, MAX, GameBase  # noqa: E402


class HorizonPig(GameBase):
    """The same game written directly for the protocol: a state is a plain tuple (MAX's score,
    MIN's score, turn total, player, rolling, decisions made); the rules are Pig's (as
    :class:`~aisearch.games.pig.Pig`, tested move for move: same nodes, same value)."""

    has_chance = True
    win = 1

    def __init__(self, goal: int, horizon: int) -> None:
        self.goal, self.horizon = goal, horizon
        self.initial = (0, 0, 0, 0, False, 0)
        self.faces = tuple((face, 1 / 6) for face in range(1, 7))

    def is_terminal(self, s: Any) -> bool:
        return s[5] >= self.horizon or s[0] >= self.goal or s[1] >= self.goal

    def to_move(self, s: Any) -> int:
        return CHANCE if s[4] else s[3]

    def moves(self, s: Any) -> Any:
        if s[4]:
            return (1, 2, 3, 4, 5, 6)
        return ("hold",) if s[s[3]] + s[2] >= self.goal else ("roll", "hold")

    def chance_outcomes(self, s: Any) -> Any:
        return self.faces

    def result(self, s: Any, m: Any) -> Any:
        a, b, turn, player, rolling, n = s
        if rolling:
            if m == 1:
                return (a, b, 0, 1 - player, False, n)
            return (a, b, turn + m, player, False, n)
        if m == "roll":
            return (a, b, turn, player, True, n + 1)
        if player == 0:
            return (a + turn, b, 0, 1, False, n + 1)
        return (a, b + turn, 0, 0, False, n + 1)

    def utility(self, s: Any, player: int = MAX) -> float:
        won = 1 if s[0] >= self.goal else -1 if s[1] >= self.goal else 0
        return won if player == MAX else -won
