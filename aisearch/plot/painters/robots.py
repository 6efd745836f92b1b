"""The two robots' painter: the grid with dark walls, Black and White discs."""

from __future__ import annotations

from typing import Any

from aisearch.games.robots import TwoRobots
from aisearch.plot.painters import Painter, register

__all__ = ["WALL", "FLOOR", "GRID", "PAINTER"]

WALL, FLOOR, GRID = "#3c3c3c", "#f4f1e8", "#999999"


def extent(game: Any, state: Any, size: float) -> tuple[float, float]:
    c = size / max(game.rows, game.cols)
    return game.cols * c, game.rows * c


def artists(game: Any, state: Any, size: float, lw: float, faint: bool = False,
            highlight: Any = None) -> list:
    """Cells of unit ``size / max(rows, cols)``; row 0 on top."""
    from matplotlib.collections import PatchCollection
    from matplotlib.patches import Circle, Rectangle

    rows, cols = game.rows, game.cols
    c = size / max(rows, cols)
    alpha = 0.35 if faint else 1.0
    squares = [Rectangle((col * c, (rows - 1 - r) * c), c, c) for r in range(rows)
               for col in range(cols)]
    faces = [WALL if (r, col) in game.walls else FLOOR for r in range(rows) for col in range(cols)]
    out: list = [PatchCollection(squares, facecolors=faces, edgecolors=GRID, linewidths=0.5 * lw,
                                 alpha=alpha, gid="grid")]
    together = state.black == state.white
    for cell, face, dx, gid in ((state.black, "#111111", -0.17, "black"),
                                (state.white, "#ffffff", 0.17, "white")):
        r, col = cell
        radius = 0.24 * c if together else 0.36 * c
        center = ((col + 0.5 + (dx if together else 0)) * c, (rows - 1 - r + 0.5) * c)
        out.append(Circle(center, radius, facecolor=face, edgecolor="#111111", linewidth=lw,
                          alpha=alpha, gid=gid))
    return out


def svg(game: Any, s: Any, size: int = 40) -> str:
    """Hand-written, deterministic SVG: cells, dark walls, two labelled discs, a caption."""
    caption = game.caption(s)
    width, height = game.cols * size + 2, game.rows * size + 24
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="sans-serif">',
           f"<title>{caption}</title>"]
    for r in range(game.rows):
        for c in range(game.cols):
            fill = WALL if (r, c) in game.walls else FLOOR
            out.append(f'<rect x="{c * size + 1}" y="{r * size + 1}" width="{size}" '
                       f'height="{size}" fill="{fill}" stroke="{GRID}"/>')
    shift = size // 6 if s.black == s.white else 0  # side by side after a capture
    radius = size * 3 // 8 - (size // 8 if shift else 0)
    for (r, c), label, fill, ink, dx in ((s.black, "B", "#111111", "#ffffff", -shift),
                                         (s.white, "W", "#ffffff", "#111111", shift)):
        x, y = c * size + 1 + size // 2 + dx, r * size + 1 + size // 2
        out.append(f'<circle cx="{x}" cy="{y}" r="{radius}" fill="{fill}" stroke="#111111" '
                   'stroke-width="2"/>')
        out.append(f'<text x="{x}" y="{y}" fill="{ink}" font-size="{radius}" '
                   f'text-anchor="middle" dominant-baseline="central">{label}</text>')
    out.append(f'<text x="{width // 2}" y="{height - 7}" font-size="13" '
               f'text-anchor="middle">{caption}</text>')
    out.append("</svg>")
    return "\n".join(out)


PAINTER = register(TwoRobots, Painter("two robots", artists, extent, svg))
