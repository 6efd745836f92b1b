"""The Hexapawn painter: a 3 x 3 chequered board, white and black pawns, rank and file names."""

from __future__ import annotations

from typing import Any

from aisearch.games.hexapawn import Hexapawn
from aisearch.plot.painters import Painter, register

__all__ = ["LIGHT", "DARK", "MARK", "PAINTER"]

LIGHT, DARK, MARK = "#f0d9b5", "#b58863", "#fff0a8"


def _pawns(state: Any) -> list[tuple[int, str]]:
    return [(i, "w" if state.white >> i & 1 else "b") for i in range(9)
            if (state.white | state.black) >> i & 1]


def artists(game: Any, state: Any, size: float, lw: float, faint: bool = False,
            highlight: Any = None) -> list:
    """Cells of a third of ``size``, cell 0 (a3) top left; ``highlight`` shades cells."""
    from matplotlib.patches import Circle, Rectangle, Wedge

    c, alpha = size / 3, 0.35 if faint else 1.0
    marked = set() if highlight is None else (
        {highlight} if isinstance(highlight, int) else set(highlight))
    out: list = []
    for i in range(9):
        face = MARK if i in marked else LIGHT if (i // 3 + i % 3) % 2 == 0 else DARK
        out.append(Rectangle((c * (i % 3), size - c * (i // 3 + 1)), c, c, facecolor=face,
                             edgecolor="#555555", linewidth=0.5 * lw, alpha=alpha, gid="cell"))
    for i, side in _pawns(state):
        cx, cy = c * (i % 3 + 0.5), size - c * (i // 3 + 0.5)
        face = "#ffffff" if side == "w" else "#222222"
        out.append(Wedge((cx, cy - 0.32 * c), 0.3 * c, 0, 180, facecolor=face,
                         edgecolor="#111111", linewidth=lw, alpha=alpha, gid=f"{side}-base"))
        out.append(Circle((cx, cy + 0.12 * c), 0.17 * c, facecolor=face, edgecolor="#111111",
                          linewidth=lw, alpha=alpha, gid=f"{side}-head"))
    return out


def svg(game: Any, state: Any, size: int = 120) -> str:
    """A board as SVG (``size`` pixels square), with a caption saying who is to move."""
    c = size / 3
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size + 18}" '
           f'viewBox="0 0 {size} {size + 18}" font-family="sans-serif">',
           f"<title>{state}</title>"]
    marked = set(game.highlight(state))
    for i in range(9):
        face = MARK if i in marked else LIGHT if (i // 3 + i % 3) % 2 == 0 else DARK
        out.append(f'<rect x="{c * (i % 3):.1f}" y="{c * (i // 3):.1f}" width="{c:.1f}" '
                   f'height="{c:.1f}" fill="{face}"/>')
    for i, side in _pawns(state):
        cx, cy = c * (i % 3 + 0.5), c * (i // 3 + 0.5)
        fill = "#ffffff" if side == "w" else "#222222"
        out.append(f'<path d="M{cx - 0.3 * c:.1f} {cy + 0.32 * c:.1f}A{0.3 * c:.1f} '
                   f'{0.3 * c:.1f} 0 0 1 {cx + 0.3 * c:.1f} {cy + 0.32 * c:.1f}Z" '
                   f'fill="{fill}" stroke="#111111" stroke-width="1.5"/>')
        out.append(f'<circle cx="{cx:.1f}" cy="{cy - 0.12 * c:.1f}" r="{0.17 * c:.1f}" '
                   f'fill="{fill}" stroke="#111111" stroke-width="1.5"/>')
    to_move = game.sides[state.player]
    out.append(f'<text x="{size / 2:.1f}" y="{size + 14}" font-size="12" '
               f'text-anchor="middle">{to_move} to move</text>')
    out.append("</svg>")
    return "\n".join(out)


PAINTER = register(Hexapawn, Painter("hexapawn", artists, svg=svg))
