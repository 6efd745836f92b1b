"""The chess painter: a board of light and dark squares with the pieces as chess glyphs
(tree thumbnails, the play widget); SVG pictures come from python-chess's ``chess.svg``."""

from __future__ import annotations

from typing import Any

import chess

from aisearch.games.chess import Chess
from aisearch.plot.painters import Painter, register

__all__ = ["LIGHT", "DARK", "PAINTER"]

LIGHT, DARK = "#f0d9b5", "#b58863"  # chess.svg's colours


def artists(game: Any, state: Any, size: float, lw: float, faint: bool = False,
            highlight: Any = None) -> list:
    """The board in the box ``(0, 0)..(size, size)``, White at the bottom; ``highlight``
    (moves) colours their from- and to-squares."""
    from matplotlib.collections import PatchCollection
    from matplotlib.patches import Rectangle
    from matplotlib.text import Text

    c = size / 8
    alpha = 0.35 if faint else 1.0
    board = state.board()
    marked = {sq for m in (highlight or ()) for sq in (m.from_square, m.to_square)}
    cells, faces = [], []
    for sq in chess.SQUARES:
        f, r = chess.square_file(sq), chess.square_rank(sq)
        cells.append(Rectangle((f * c, r * c), c, c))
        faces.append("#cdd16a" if sq in marked else DARK if (f + r) % 2 == 0 else LIGHT)
    out: list = [PatchCollection(cells, facecolors=faces, edgecolors="none", alpha=alpha,
                                 gid="squares"),
                 Rectangle((0, 0), size, size, fill=False, edgecolor="#333", linewidth=lw,
                           alpha=alpha, gid="frame")]
    for sq, piece in board.piece_map().items():
        f, r = chess.square_file(sq), chess.square_rank(sq)
        out.append(Text((f + 0.5) * c, (r + 0.45) * c, piece.unicode_symbol(), ha="center",
                        va="center", fontsize=max(c * 0.8, 4), alpha=alpha,
                        color="#000", gid="piece"))
    return out


def svg(game: Any, state: Any, size: int = 280) -> str:
    """A position as SVG (``chess.svg.board``), ``size`` pixels wide; the last move is not
    known to a state, so none is marked."""
    import chess.svg

    return chess.svg.board(state.board(), size=size)


PAINTER = register(Chess, Painter("chess", artists, svg=svg))
