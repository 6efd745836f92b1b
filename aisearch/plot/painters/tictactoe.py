"""The tic-tac-toe painter: red crosses, blue noughts, highlighted cells shaded."""

from __future__ import annotations

from typing import Any

from aisearch.games.tictactoe import TicTacToe
from aisearch.plot.painters import Painter, register

__all__ = ["X_COLOR", "O_COLOR", "cells", "PAINTER"]

X_COLOR, O_COLOR = "#c0392b", "#2c6fbb"


def cells(state: Any) -> str:
    """The nine cells of a board as a string of ``x``, ``o`` and ``.``, row by row.

    >>> cells(TicTacToe.parse('x.o/.x./..o'))
    'x.o.x...o'
    """
    return "".join("x" if state >> i & 1 else "o" if state >> (i + 9) & 1 else "."
                   for i in range(9))


def _marked(highlight: Any) -> set[int]:
    if highlight is None:
        return set()
    marked = {highlight} if isinstance(highlight, int) else set(highlight)
    bad = [c for c in marked if isinstance(c, bool) or not isinstance(c, int) or not 0 <= c < 9]
    if bad:
        raise ValueError(f"highlight cells must be ints 0..8, not {bad}")
    return marked


def artists(game: Any, state: Any, size: float, lw: float, faint: bool = False,
            highlight: Any = None) -> list:
    from matplotlib.lines import Line2D
    from matplotlib.patches import Circle, Rectangle

    board, marked = cells(state), _marked(highlight)
    c, alpha = size / 3, 0.35 if faint else 1.0
    out: list = []
    for i in sorted(marked):
        out.append(Rectangle((c * (i % 3), size - c * (i // 3 + 1)), c, c, facecolor="#fff0a8",
                             edgecolor="none", gid="highlight"))
    nan = float("nan")
    lo, hi = 0.04 * size, 0.96 * size
    xs = [c, c, nan, 2 * c, 2 * c, nan, lo, hi, nan, lo, hi]
    ys = [lo, hi, nan, lo, hi, nan, c, c, nan, 2 * c, 2 * c]
    out.append(Line2D(xs, ys, color="#222222", linewidth=lw, alpha=alpha, gid="grid"))
    xs, ys = [], []
    arm = 0.27 * c
    for i, ch in enumerate(board):
        cx, cy = c * (i % 3 + 0.5), size - c * (i // 3 + 0.5)
        if ch == "x":
            xs += [cx - arm, cx + arm, nan, cx - arm, cx + arm, nan]
            ys += [cy - arm, cy + arm, nan, cy + arm, cy - arm, nan]
        elif ch == "o":
            out.append(Circle((cx, cy), 0.3 * c, facecolor="none", edgecolor=O_COLOR,
                              linewidth=1.9 * lw, alpha=alpha, gid="o"))
    if xs:
        out.append(Line2D(xs, ys, color=X_COLOR, linewidth=1.9 * lw, alpha=alpha,
                          solid_capstyle="round", gid="x"))
    return out


def svg(game: Any, state: Any, size: int = 120) -> str:
    """A board as SVG: a grid, red crosses and blue noughts (``size`` pixels square)."""
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" '
             'viewBox="0 0 120 120">', '<rect width="120" height="120" fill="white"/>',
             '<g stroke="black" stroke-width="2">']
    parts += [f'<line x1="{x}" y1="4" x2="{x}" y2="116"/>' for x in (40, 80)]
    parts += [f'<line x1="4" y1="{y}" x2="116" y2="{y}"/>' for y in (40, 80)]
    parts.append('</g><g fill="none" stroke-width="5" stroke-linecap="round">')
    for i, ch in enumerate(cells(state)):
        cx, cy = 20 + 40 * (i % 3), 20 + 40 * (i // 3)
        if ch == "x":
            parts.append(f'<path d="M{cx - 11} {cy - 11}L{cx + 11} {cy + 11}M{cx + 11} '
                         f'{cy - 11}L{cx - 11} {cy + 11}" stroke="{X_COLOR}"/>')
        elif ch == "o":
            parts.append(f'<circle cx="{cx}" cy="{cy}" r="12" stroke="{O_COLOR}"/>')
    parts.append("</g></svg>")
    return "".join(parts)


PAINTER = register(TicTacToe, Painter("tic-tac-toe", artists, svg=svg))
