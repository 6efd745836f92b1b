"""The chess painter: a board of light and dark squares with the pieces as silhouettes, as
chess users know them (tree thumbnails, still pictures); a picture of one board in a notebook
or a widget is python-chess's own ``chess.svg``."""

from __future__ import annotations

from typing import Any

import chess

from aisearch.games.chess import Chess
from aisearch.plot.painters import Painter, register

__all__ = ["LIGHT", "DARK", "PAINTER"]

LIGHT, DARK = "#f0d9b5", "#b58863"  # chess.svg's colours


_GLYPHS = {chess.KING: "♚", chess.QUEEN: "♛", chess.ROOK: "♜", chess.BISHOP: "♝",
           chess.KNIGHT: "♞", chess.PAWN: "♟"}  # the filled symbols, for both sides
_SHAPES: dict = {}


def _shape(piece_type: int) -> Any:
    """The outline of a piece in a unit square (centred), from DejaVu Sans' chess glyph."""
    if piece_type not in _SHAPES:
        from matplotlib.font_manager import FontProperties
        from matplotlib.path import Path
        from matplotlib.textpath import TextPath

        raw = TextPath((0, 0), _GLYPHS[piece_type], size=1, prop=FontProperties(
            family="DejaVu Sans"))
        box = raw.get_extents()
        k = 0.86 / max(box.width, box.height)
        v = (raw.vertices - (box.x0 + box.width / 2, box.y0 + box.height / 2)) * k
        _SHAPES[piece_type] = Path(v, raw.codes)
    return _SHAPES[piece_type]


def artists(game: Any, state: Any, size: float, lw: float, faint: bool = False,
            highlight: Any = None) -> list:
    """The board in the box ``(0, 0)..(size, size)``, White at the bottom; ``highlight``
    (moves) colours their from- and to-squares. Pieces are drawn as chess.svg draws them:
    one silhouette per kind, White's white with a black outline, Black's black."""
    from matplotlib.collections import PatchCollection, PathCollection
    from matplotlib.patches import Rectangle
    from matplotlib.transforms import Affine2D

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
    paths, fills = [], []
    for sq, piece in sorted(board.piece_map().items()):
        f, r = chess.square_file(sq), chess.square_rank(sq)
        shape = _shape(piece.piece_type)
        paths.append(shape.transformed(Affine2D().scale(c).translate((f + 0.5) * c,
                                                                      (r + 0.5) * c)))
        fills.append("#ffffff" if piece.color == chess.WHITE else "#111111")
    if paths:
        out.append(PathCollection(paths, facecolors=fills, edgecolors="#111111",
                                  linewidths=max(0.3, c / 40), alpha=alpha, gid="pieces"))
    return out


def svg(game: Any, state: Any, size: int = 280) -> str:
    """A position as SVG (``chess.svg.board``), ``size`` pixels wide; the last move is not
    known to a state, so none is marked."""
    import chess.svg

    return chess.svg.board(state.board(), size=size)


PAINTER = register(Chess, Painter("chess", artists, svg=svg, least=72, inches=2.0))
