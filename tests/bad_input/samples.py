"""Recordings the bad-input cases draw and step through: one small, one too big."""

from __future__ import annotations

from aisearch import Recorder, TicTacToe, alphabeta, fig5_2, minimax


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
