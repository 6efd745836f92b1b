"""The Connect Four painter: a blue frame, red (first player) and yellow discs."""

from __future__ import annotations

from typing import Any

from aisearch.games.connect4 import HEIGHT, WIDTH, ConnectFour
from aisearch.plot.painters import Painter, register

__all__ = ["RED", "YELLOW", "BLUE", "PAINTER"]

RED, YELLOW, BLUE = "#d62728", "#f2c500", "#1f4e9c"
FILL = {"x": RED, "o": YELLOW, ".": "#ffffff"}


def extent(game: Any, state: Any, size: float) -> tuple[float, float]:
    c = size / max(WIDTH, HEIGHT)
    return WIDTH * c, HEIGHT * c


def artists(game: Any, state: Any, size: float, lw: float, faint: bool = False,
            highlight: Any = None) -> list:
    from matplotlib.collections import PatchCollection
    from matplotlib.patches import Circle, Rectangle

    c = size / max(WIDTH, HEIGHT)
    alpha = 0.35 if faint else 1.0
    board = Rectangle((0, 0), WIDTH * c, HEIGHT * c, facecolor=BLUE, edgecolor="#163a75",
                      linewidth=lw, alpha=alpha, gid="frame")
    holes, faces = [], []
    for r in reversed(range(HEIGHT)):
        for col in range(WIDTH):
            holes.append(Circle(((col + 0.5) * c, (r + 0.5) * c), 0.4 * c))
            faces.append(FILL[state.cell(col, r)])
    discs = PatchCollection(holes, facecolors=faces, edgecolors="#163a75", linewidths=0.5 * lw,
                            alpha=alpha, gid="discs")
    return [board, discs]


def svg(game: Any, state: Any, size: int = 40) -> str:
    """A position as SVG, ``size`` pixels per cell."""
    w, h = WIDTH * size, HEIGHT * size
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
             f'viewBox="0 0 {w} {h}">', f'<rect width="{w}" height="{h}" fill="{BLUE}"/>']
    for c in range(WIDTH):
        for r in range(HEIGHT):
            cx, cy = size * c + size // 2, size * (HEIGHT - 1 - r) + size // 2
            parts.append(f'<circle cx="{cx}" cy="{cy}" r="{size * 2 // 5}" '
                         f'fill="{FILL[state.cell(c, r)]}" stroke="#123" stroke-width="1"/>')
    parts.append("</svg>")
    return "".join(parts)


PAINTER = register(ConnectFour, Painter("connect four", artists, extent, svg))
