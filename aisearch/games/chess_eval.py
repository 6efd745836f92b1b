"""Chess evaluations in pawns, from White's (MAX's) point of view (lesson 05).

:func:`material` counts pawn 1, knight 3, bishop 3, rook 5, queen 9 (the king 0).
:func:`piece_square` adds, for every piece, a bonus in hundredths of a pawn for the square
it stands on: the piece-square tables of Tomasz Michniewski's "Simplified Evaluation
Function" (chessprogramming.org), middle-game king table. Knights and bishops gain in the
centre, pawns as they advance, rooks on the seventh rank, the king behind its pawns. The
tables are written from White's side, rank 8 first; Black's pieces read them mirrored
top to bottom, so a position and its colour-mirrored twin have opposite values.

Examples
--------
>>> import chess
>>> material(chess.Board()), piece_square(chess.Board())
(0, 0.0)
>>> b = chess.Board("4k3/8/8/8/3N4/8/8/4K3 w - - 0 1")
>>> material(b), piece_square(b)
(3, 3.2)
"""

from __future__ import annotations

import chess

__all__ = ["material", "piece_square", "TABLES"]

_P, _N, _B, _R, _Q, _K = chess.PAWN, chess.KNIGHT, chess.BISHOP, chess.ROOK, chess.QUEEN, chess.KING
_VALUE = {_P: 1, _N: 3, _B: 3, _R: 5, _Q: 9, _K: 0}

TABLES = {
    _P: (0, 0, 0, 0, 0, 0, 0, 0,
         50, 50, 50, 50, 50, 50, 50, 50,
         10, 10, 20, 30, 30, 20, 10, 10,
         5, 5, 10, 25, 25, 10, 5, 5,
         0, 0, 0, 20, 20, 0, 0, 0,
         5, -5, -10, 0, 0, -10, -5, 5,
         5, 10, 10, -20, -20, 10, 10, 5,
         0, 0, 0, 0, 0, 0, 0, 0),
    _N: (-50, -40, -30, -30, -30, -30, -40, -50,
         -40, -20, 0, 0, 0, 0, -20, -40,
         -30, 0, 10, 15, 15, 10, 0, -30,
         -30, 5, 15, 20, 20, 15, 5, -30,
         -30, 0, 15, 20, 20, 15, 0, -30,
         -30, 5, 10, 15, 15, 10, 5, -30,
         -40, -20, 0, 5, 5, 0, -20, -40,
         -50, -40, -30, -30, -30, -30, -40, -50),
    _B: (-20, -10, -10, -10, -10, -10, -10, -20,
         -10, 0, 0, 0, 0, 0, 0, -10,
         -10, 0, 5, 10, 10, 5, 0, -10,
         -10, 5, 5, 10, 10, 5, 5, -10,
         -10, 0, 10, 10, 10, 10, 0, -10,
         -10, 10, 10, 10, 10, 10, 10, -10,
         -10, 5, 0, 0, 0, 0, 5, -10,
         -20, -10, -10, -10, -10, -10, -10, -20),
    _R: (0, 0, 0, 0, 0, 0, 0, 0,
         5, 10, 10, 10, 10, 10, 10, 5,
         -5, 0, 0, 0, 0, 0, 0, -5,
         -5, 0, 0, 0, 0, 0, 0, -5,
         -5, 0, 0, 0, 0, 0, 0, -5,
         -5, 0, 0, 0, 0, 0, 0, -5,
         -5, 0, 0, 0, 0, 0, 0, -5,
         0, 0, 0, 5, 5, 0, 0, 0),
    _Q: (-20, -10, -10, -5, -5, -10, -10, -20,
         -10, 0, 0, 0, 0, 0, 0, -10,
         -10, 0, 5, 5, 5, 5, 0, -10,
         -5, 0, 5, 5, 5, 5, 0, -5,
         0, 0, 5, 5, 5, 5, 0, -5,
         -10, 5, 5, 5, 5, 5, 0, -10,
         -10, 0, 5, 0, 0, 0, 0, -10,
         -20, -10, -10, -5, -5, -10, -10, -20),
    _K: (-30, -40, -40, -50, -50, -40, -40, -30,
         -30, -40, -40, -50, -50, -40, -40, -30,
         -30, -40, -40, -50, -50, -40, -40, -30,
         -30, -40, -40, -50, -50, -40, -40, -30,
         -20, -30, -30, -40, -40, -30, -30, -20,
         -10, -20, -20, -20, -20, -20, -20, -10,
         20, 20, 0, 0, 0, 0, 20, 20,
         20, 30, 10, 0, 0, 10, 30, 20),
}
"""Piece-square bonuses in hundredths of a pawn, White's side, rank 8 first (a8..h8, ...)."""

# square (a1 = 0) -> value in hundredths, material included: White reads rank 8 first
# (square ^ 56), Black the table itself (its mirror image).
_WHITE = {pt: tuple(100 * _VALUE[pt] + t[sq ^ 56] for sq in range(64)) for pt, t in TABLES.items()}
_BLACK = {pt: tuple(100 * _VALUE[pt] + t[sq] for sq in range(64)) for pt, t in TABLES.items()}
_PIECES = (_P, _N, _B, _R, _Q, _K)


def material(board: chess.Board) -> int:
    """White's material minus Black's, in pawns."""
    black, white = board.occupied_co
    total = 0
    for pt, mask in ((_P, board.pawns), (_N, board.knights), (_B, board.bishops),
                     (_R, board.rooks), (_Q, board.queens)):
        total += _VALUE[pt] * ((mask & white).bit_count() - (mask & black).bit_count())
    return total


def piece_square(board: chess.Board) -> float:
    """Material plus piece-square bonuses, in pawns (White's view)."""
    black, white = board.occupied_co
    total = 0
    for pt, mask in zip(_PIECES, (board.pawns, board.knights, board.bishops, board.rooks,
                                  board.queens, board.kings), strict=True):
        w, b = _WHITE[pt], _BLACK[pt]
        for sq in chess.scan_forward(mask & white):
            total += w[sq]
        for sq in chess.scan_forward(mask & black):
            total -= b[sq]
    return total / 100
