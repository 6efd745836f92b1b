"""The Pig painter: each player's score as a bar towards the goal, the turn total on top of
the bar of the player whose turn it is, and a die while it is in the air."""

from __future__ import annotations

from typing import Any

from aisearch.games.pig import Pig, PigState
from aisearch.plot.painters import register
from aisearch.plot.painters._shapes import Box, Disc, Label, shape_painter

__all__ = ["COLORS", "shapes", "PAINTER"]

COLORS = ("#2c6fbb", "#c0392b")  # player 1, player 2
TURN = ("#9cc3ea", "#eda39b")  # their turn totals
BOX = (10.0, 4.0)


def shapes(game: Any, state: PigState) -> list:
    """The picture of ``state`` as shapes in a 10 x 4 box.

    >>> [type(s).__name__ for s in shapes(Pig(20), Pig(20).initial)][:3]
    ['Box', 'Label', 'Box']
    """
    goal = state.goal
    out: list = [Box(0, 0, 10, 4, "#ffffff", "#bbbbbb", 0.5)]
    for p, y in ((0, 2.55), (1, 0.75)):
        mine = state.player == p
        out.append(Label(0.25, y + 0.45, ("▶ " if mine else "") + f"P{p + 1}", 0.7, COLORS[p],
                         "left", bold=mine))
        out.append(Box(2.0, y, 6.0, 0.9, "#f2f2f2", "#888888", 0.6))
        score = min(state.score[p], goal)
        out.append(Box(2.0, y, 6.0 * score / goal, 0.9, COLORS[p], "none", 0))
        if mine and state.turn:
            extra = min(state.turn, goal - score)
            out.append(Box(2.0 + 6.0 * score / goal, y, 6.0 * extra / goal, 0.9, TURN[p],
                           COLORS[p], 0.6))
        text = f"{state.score[p]}" + (f" +{state.turn}" if mine and state.turn else "")
        out.append(Label(8.2, y + 0.45, text, 0.6, "#222222", "left"))
    out.append(Label(5.0, 3.7, f"goal {goal}", 0.45, "#666666"))
    if state.rolling:
        out += [Box(8.9, 1.75, 0.8, 0.8, "#ffffff", "#222222", 1.0),
                Disc(9.3, 2.15, 0.12, "#222222"), Label(9.3, 1.45, "roll", 0.35)]
    return out


PAINTER = register(Pig, shape_painter("pig", shapes, BOX, svg_width=240, inches=3.2))
