"""What the bad-input cases draw on: two recordings to step through (one small, one too big)
and a game whose utility is whatever value the case is about."""

from __future__ import annotations

from typing import Any

from aisearch import Recorder, TicTacToe, alphabeta, fig5_2, minimax
from aisearch.core import MAX, GameBase


def small() -> Recorder:
    """Alpha-beta on AIMA's Fig 5.2 tree: 42 events."""
    rec = Recorder()
    alphabeta(fig5_2, (), tracer=rec)
    return rec


def big() -> Recorder:
    """A full minimax of tic-tac-toe after two moves: 8,232 nodes, 28,365 events."""
    rec = Recorder()
    minimax(TicTacToe(), TicTacToe.parse("xo./.../..."), tracer=rec)
    return rec


class BadUtility(GameBase):
    """One move to a terminal state whose utility is ``value``."""

    def __init__(self, value: Any) -> None:
        self.value, self.initial = value, 0

    def to_move(self, s: int) -> int:
        return MAX

    def moves(self, s: int) -> tuple:
        return (0,) if s == 0 else ()

    def result(self, s: int, m: int) -> int:
        return 1

    def utility(self, s: int, player: int = MAX) -> Any:
        return self.value
