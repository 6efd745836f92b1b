"""The Nannon painter: six points in a row, White's home and Black's safety on the left,
White's safety and Black's home on the right, the die to play and whose turn it is. Its
labels are written at 8 points or more from a board about 3.2 inches wide; a smaller
picture (a tree thumbnail) leaves them out."""

from __future__ import annotations

from typing import Any

from aisearch.games.nannon import HOME, NAMES, SAFE, Nannon, NannonState
from aisearch.plot.painters import register
from aisearch.plot.painters._shapes import Box, Disc, Label, shape_painter

__all__ = ["shapes", "PAINTER"]

WHITE, BLACK = "#fdfdfd", "#2b2b2b"
BOX = (14.0, 4.2)
POINT = ("#e8d3a9", "#d2b27c")  # alternating point colours
INK, SOFT = "#222222", "#555555"


def _pile(x: float, count: int, fill: str, label: str) -> list:
    y = 0.4 if fill == WHITE else 3.65  # White's piles named under them, Black's over them
    out: list = [Label(x, y, label, 0.62, SOFT)]
    for n in range(count):
        out.append(Disc(x, 1.15 + 0.75 * n, 0.34, fill))
    return out


def shapes(game: Any, state: NannonState) -> list:
    """The picture of ``state`` as shapes in a 14 x 4.2 box: each side's home and safety
    beside the six points (White's labelled under them, Black's over them), and the turn
    and roll on top.

    >>> sum(isinstance(s, Disc) for s in shapes(Nannon(), Nannon().initial))
    6
    """
    out: list = [Box(0, 0, BOX[0], BOX[1], "#faf6ee", "#999999", 0.5)]
    for point in range(6):  # White's points 1..6, left to right
        out.append(Box(4 + point, 0.8, 1, 2.3, POINT[point % 2], "#8a6d3b", 0.5))
        out.append(Label(4.5 + point, 0.4, str(point + 1), 0.62, "#8a6d3b"))
    for p in state.white:
        if 1 <= p <= 6:
            out.append(Disc(3.5 + p, 1.95, 0.42, WHITE))
    for p in state.black:
        if 1 <= p <= 6:
            out.append(Disc(10.5 - p, 1.95, 0.42, BLACK))
    out += _pile(1.0, state.white.count(HOME), WHITE, "W home")
    out += _pile(3.0, state.black.count(SAFE), BLACK, "B safe")
    out += _pile(11.0, state.white.count(SAFE), WHITE, "W safe")
    out += _pile(13.0, state.black.count(HOME), BLACK, "B home")
    if state.player >= 0:
        arrow = "→" if state.player == 0 else "←"
        roll = f" {state.roll}" if state.roll else " to roll"
        out.append(Label(7.0, 3.65, f"{NAMES[state.player]} {arrow}{roll}", 0.66, INK,
                         bold=True))
    else:
        out.append(Label(7.0, 3.65, "opening throw", 0.66, INK))
    return out


PAINTER = register(Nannon, shape_painter("nannon", shapes, BOX, svg_width=420, inches=3.2))
