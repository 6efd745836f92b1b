"""Chess values between the grader and the grading process: games, states and moves.

:mod:`aisearch.grading.wire` names this module to the codec
(:func:`~aisearch.grading.codec.register_later`), which imports it when a chess value is
first sent or received: a grading process that never meets chess does not load python-chess.

Examples
--------
>>> from aisearch.games.chess import Chess
>>> from aisearch.grading.codec import decode, encode
>>> s = Chess().result(Chess().initial, "e4")
>>> decode(encode(s)) == s, decode(encode(Chess(checks_noisy=True))).checks_noisy
(True, True)
"""

from __future__ import annotations

from typing import Any

import chess

from aisearch.games.chess import Chess, ChessState
from aisearch.grading.codec import CodecError, register

__all__: list[str] = []


def _chess_state(data: Any) -> ChessState:
    if not (isinstance(data, list) and len(data) == 2 and isinstance(data[0], str)
            and isinstance(data[1], tuple)
            and all(type(h) is tuple and all(x is None or type(x) in (int, bool) for x in h)
                    for h in data[1])):
        raise CodecError("a chess state is a FEN and a tuple of earlier positions' keys")
    return ChessState(chess.Board(data[0]), data[1])


def _chess_move(data: Any) -> chess.Move:
    if not isinstance(data, str):
        raise CodecError("a chess move is a UCI string")
    return chess.Move.from_uci(data)


def _chess_game(data: Any) -> Chess:
    if not isinstance(data, bool):
        raise CodecError("a Chess game is its checks_noisy option")
    return Chess(checks_noisy=data)


register(ChessState, "ChessState", lambda s: [s.fen, s.history], _chess_state)
register(chess.Move, "chess.Move", lambda m: m.uci(), _chess_move)
register(Chess, "Chess", lambda g: g.checks_noisy, _chess_game, game=True)
