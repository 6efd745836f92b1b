"""Simple shapes drawn two ways (matplotlib artists and SVG), for painters built from them.

A painter lists shapes in a ``width`` x ``height`` box of its own units, y up: ``Box``,
``Disc`` and ``Label``. :func:`artists` scales them into a painter's ``size`` box;
:func:`svg` writes them as an SVG picture; :func:`shape_painter` makes the painter of a
game from the function that lists a position's shapes.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any, NamedTuple

from aisearch.plot.painters import Painter

__all__ = ["Box", "Disc", "Label", "artists", "svg", "shape_painter"]


class Box(NamedTuple):
    x: float
    y: float
    w: float
    h: float
    fill: str
    edge: str = "#333333"
    width: float = 1.0


class Disc(NamedTuple):
    x: float
    y: float
    r: float
    fill: str
    edge: str = "#222222"


class Label(NamedTuple):
    x: float
    y: float
    text: str
    size: float  # in units of the box
    color: str = "#222222"
    anchor: str = "center"  # 'left', 'center' or 'right'
    bold: bool = False


MIN_POINTS = 8.0
"""Labels that would be smaller than this (points) are left out of a picture."""


def artists(shapes: list, box: tuple[float, float], size: float, lw: float,
            faint: bool = False) -> list:
    """Matplotlib artists for ``shapes`` in a box ``box = (width, height)`` scaled so that its
    longer side is ``size`` points; a label smaller than :data:`MIN_POINTS` is left out."""
    from matplotlib.patches import Circle, Rectangle
    from matplotlib.text import Text

    k = size / max(box)
    alpha = 0.35 if faint else 1.0
    out: list = []
    for s in shapes:
        if isinstance(s, Box):
            out.append(Rectangle((s.x * k, s.y * k), s.w * k, s.h * k, facecolor=s.fill,
                                 edgecolor=s.edge, linewidth=s.width * lw, alpha=alpha))
        elif isinstance(s, Disc):
            out.append(Circle((s.x * k, s.y * k), s.r * k, facecolor=s.fill, edgecolor=s.edge,
                              linewidth=lw, alpha=alpha))
        elif s.size * k * 0.9 >= MIN_POINTS:  # (too small to read: left out)
            out.append(Text(s.x * k, s.y * k, s.text, ha=s.anchor, va="center",
                            fontsize=s.size * k * 0.9, color=s.color, alpha=alpha,
                            fontweight="bold" if s.bold else "normal"))
    return out


def svg(shapes: list, box: tuple[float, float], scale: float) -> str:
    """An SVG picture of ``shapes``: ``scale`` pixels per unit, y pointing up."""
    w, h = box[0] * scale, box[1] * scale
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w:.0f}" height="{h:.0f}" '
             f'viewBox="0 0 {w:.1f} {h:.1f}" font-family="sans-serif">']
    for s in shapes:
        if isinstance(s, Box):
            parts.append(f'<rect x="{s.x * scale:.1f}" y="{h - (s.y + s.h) * scale:.1f}" '
                         f'width="{s.w * scale:.1f}" height="{s.h * scale:.1f}" fill="{s.fill}" '
                         f'stroke="{s.edge}" stroke-width="{s.width}"/>')
        elif isinstance(s, Disc):
            parts.append(f'<circle cx="{s.x * scale:.1f}" cy="{h - s.y * scale:.1f}" '
                         f'r="{s.r * scale:.1f}" fill="{s.fill}" stroke="{s.edge}"/>')
        else:
            anchor = {"left": "start", "center": "middle", "right": "end"}[s.anchor]
            weight = ' font-weight="bold"' if s.bold else ""
            parts.append(f'<text x="{s.x * scale:.1f}" y="{h - s.y * scale:.1f}" '
                         f'font-size="{s.size * scale:.1f}" fill="{s.color}" '
                         f'text-anchor="{anchor}" dominant-baseline="central"{weight}>'
                         f'{html.escape(s.text)}</text>')
    parts.append("</svg>")
    return "".join(parts)




def shape_painter(name: str, shapes: Callable[[Any, Any], list], box: tuple[float, float], *,
                  svg_width: int, inches: float) -> Painter:
    """The painter of a game whose positions are drawn as shapes.

    ``shapes(game, state)`` lists a position's shapes in the box ``box = (width, height)``;
    the painter draws them scaled to its ``size`` (:func:`artists`), or as an SVG picture
    ``size`` pixels wide, ``svg_width`` by default (:func:`svg`).

    >>> painter = shape_painter("dot", lambda game, s: [Disc(1, 1, 1, "#000000")], (2.0, 2.0),
    ...                         svg_width=40, inches=1.0)
    >>> painter.extent(None, None, 10.0), painter.svg(None, None)[:40]
    ((10.0, 10.0), '<svg xmlns="http://www.w3.org/2000/svg" ')
    """
    def draw(game: Any, state: Any, size: float, lw: float, faint: bool = False,
             highlight: Any = None) -> list:
        return artists(shapes(game, state), box, size, lw, faint)

    def extent(game: Any, state: Any, size: float) -> tuple[float, float]:
        return size, size * box[1] / box[0]

    def picture(game: Any, state: Any, size: int = svg_width) -> str:
        return svg(shapes(game, state), box, size / box[0])

    return Painter(name, draw, extent, picture, inches=inches)
