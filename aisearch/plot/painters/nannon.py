"""The Nannon painter: six points in a row, White's home and Black's safety on the left,
White's safety and Black's home on the right, the die to play and whose turn it is."""

from __future__ import annotations

from typing import Any

from aisearch.games.nannon import HOME, NAMES, SAFE, Nannon, NannonState
from aisearch.plot.painters import Painter, register
from aisearch.plot.painters._shapes import Box, Disc, Label
from aisearch.plot.painters._shapes import artists as _artists
from aisearch.plot.painters._shapes import svg as _svg

__all__ = ["shapes", "PAINTER"]

WHITE, BLACK = "#fdfdfd", "#2b2b2b"
BOX = (12.0, 3.4)
POINT = ("#e8d3a9", "#d2b27c")  # alternating point colours


def _pile(x: float, count: int, fill: str, label: str, color: str) -> list:
    out: list = [Label(x, 3.05, label, 0.42, color)]
    for n in range(count):
        out.append(Disc(x, 0.55 + 0.75 * n, 0.33, fill))
    return out


def shapes(game: Any, state: NannonState) -> list:
    """The picture of ``state`` as shapes in a 12 x 3.4 box.

    >>> sum(isinstance(s, Disc) for s in shapes(Nannon(), Nannon().initial))
    6
    """
    out: list = [Box(0, 0, 12, 3.4, "#faf6ee", "#999999", 0.5)]
    for point in range(6):  # White's points 1..6, left to right
        out.append(Box(3 + point, 0.3, 1, 2.2, POINT[point % 2], "#8a6d3b", 0.5))
        out.append(Label(3.5 + point, 0.12, str(point + 1), 0.3, "#8a6d3b"))
    for p in state.white:
        if 1 <= p <= 6:
            out.append(Disc(2.5 + p, 1.4, 0.4, WHITE))
    for p in state.black:
        if 1 <= p <= 6:
            out.append(Disc(9.5 - p, 1.4, 0.4, BLACK))
    out += _pile(0.75, state.white.count(HOME), WHITE, "W home", "#555555")
    out += _pile(2.1, state.black.count(SAFE), BLACK, "B safe", "#555555")
    out += _pile(9.9, state.white.count(SAFE), WHITE, "W safe", "#555555")
    out += _pile(11.25, state.black.count(HOME), BLACK, "B home", "#555555")
    if state.player >= 0:
        arrow = "→" if state.player == 0 else "←"
        roll = f" {state.roll}" if state.roll else " to roll"
        out.append(Label(6.0, 3.0, f"{NAMES[state.player]} {arrow}{roll}", 0.45,
                         "#222222", bold=True))
    else:
        out.append(Label(6.0, 3.0, "opening throw", 0.45, "#222222"))
    return out


def artists(game: Any, state: Any, size: float, lw: float, faint: bool = False,
            highlight: Any = None) -> list:
    return _artists(shapes(game, state), BOX, size, lw, faint)


def extent(game: Any, state: Any, size: float) -> tuple[float, float]:
    return size, size * BOX[1] / BOX[0]


def svg(game: Any, state: Any, size: int = 360) -> str:
    """A Nannon position as SVG, ``size`` pixels wide."""
    return _svg(shapes(game, state), BOX, size / BOX[0])


PAINTER = register(Nannon, Painter("nannon", artists, extent, svg))
