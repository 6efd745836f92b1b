"""Chess, with python-chess behind the game protocol (lesson 05).

python-chess (``import chess``) knows the rules; this module makes them a :class:`Game`:
immutable, hashable states, moves in a fixed order, utilities, noisy moves for quiescence
search and evaluations in pawns. MAX is White, MIN is Black; a win is worth ``win = 1``
(+1 White mates, -1 Black mates, 0 a draw).

Rules applied
-------------
- Checkmate and stalemate end the game, and so do the draw rules, applied at once (no
  claim): insufficient material, the fifty-move rule (100 plies without a capture or a pawn
  move), and threefold repetition. A state keeps the positions since the last capture or
  pawn move (the only ones that can repeat), so a position seen twice before in the line is
  a draw; positions before a parsed FEN are unknown (a parsed state has no history).
- ``moves(s)``: the legal moves, captures first, ordered most valuable victim / least
  valuable attacker (MVV-LVA; ties in python-chess's generation order), then the other
  moves in python-chess's generation order. ``noisy_moves(s)``: the captures and
  promotions in that order (with ``checks_noisy=True`` also the moves that give check).
- A move is a ``chess.Move`` (``str`` is UCI, ``e2e4``); :meth:`Chess.san` writes SAN.
  ``result`` also takes a UCI or SAN string.

A state is a :class:`ChessState`: the position (python-chess's transposition key: pieces,
side to move, castling rights, a capturable en-passant square), the halfmove clock and the
earlier positions since the clock was reset. Two states are equal when all three are.

Examples
--------
>>> game = Chess()
>>> s = game.result(game.result(game.initial, "e4"), "e7e5")
>>> s
Chess.parse('rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2')
>>> len(game.moves(s)), game.to_move(s), game.material_eval(s)
(29, 0, 0)
>>> mate = game.parse("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1")
>>> game.is_terminal(mate), game.utility(mate)
(True, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import chess

from aisearch.core import MAX, MIN, GameBase, IllegalMoveError, for_player, picture
from aisearch.games.chess_eval import material, piece_square

__all__ = ["Chess", "ChessState", "VALUES"]

VALUES = {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9,
          chess.KING: 0}
"""Piece values in pawns (the material evaluation; MVV-LVA ranks the king last)."""
_RANK = {**VALUES, chess.KING: 100}  # MVV-LVA: the king attacks last
_SQUARES = chess.BB_SQUARES
_BACK_RANKS = chess.BB_RANK_1 | chess.BB_RANK_8  # where a pawn's step promotes


class ChessState:
    """An immutable chess position with the history the draw rules need.

    Built by :class:`Chess` (``Chess.parse(fen)``, ``game.result(s, m)``); read it through
    the game, or take a copy of its board with :meth:`board`. Caches (the legal moves) are
    filled on first use and never change what the state is.

    Examples
    --------
    >>> game = Chess()
    >>> s = game.parse("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1")
    >>> mated = game.result(s, "a1a8")  # the rook mates on the back rank
    >>> mated, game.is_terminal(mated), game.utility(mated, MAX)
    (Chess.parse('R5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 1 1'), True, 1)
    >>> s.fen  # s is untouched: result made a new state
    '6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1'
    >>> s == game.parse(s.fen) and hash(s) == hash(game.parse(s.fen))
    True
    >>> board = s.board()  # a python-chess copy, free to change
    >>> _ = board.push_uci("a1a8")
    >>> board.is_checkmate(), s.fen == board.fen()
    (True, False)
    """

    __slots__ = ("_board", "_key", "clock", "history", "_hash", "_moves", "_noisy", "_over",
                 "_fen")

    def __init__(self, board: chess.Board, history: tuple = ()) -> None:
        if board.__class__ is not chess.Board:
            raise TypeError(f"ChessState holds a chess.Board, not {board!r:.80}; make states "
                            "with Chess.parse(fen)")
        self._board = board  # never mutated: result() pushes onto a copy
        # (what makes two positions the same for the draw rules, as python-chess's
        # transposition key has it, in ints and bools only: hash(None) differs from one process
        # to the next before Python 3.12, and a table's slots with it)
        self._key = (board.pawns, board.knights, board.bishops, board.rooks, board.queens,
                     board.kings, board.occupied_co[chess.WHITE], board.occupied_co[chess.BLACK],
                     board.turn, board.clean_castling_rights(),
                     board.ep_square if board.has_legal_en_passant() else -1)
        self.clock = board.halfmove_clock
        self.history = history  # the earlier positions' keys since the clock was reset (exact and
        # the same in every process, unlike hash() values, which the grader's processes differ on)
        self._hash: int | None = None
        self._moves: tuple | None = None
        self._noisy: dict[bool, tuple] = {}
        self._over: str | None = None
        self._fen: str | None = None

    def board(self) -> chess.Board:
        """A copy of the position as a python-chess Board (yours to change)."""
        return self._board.copy(stack=False)

    @property
    def fen(self) -> str:
        """The position in Forsyth-Edwards Notation."""
        if self._fen is None:
            self._fen = self._board.fen()
        return self._fen

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, ChessState) and self._key == other._key
                and self.clock == other.clock and self.history == other.history)

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash((self._key, self.clock, self.history))
        return self._hash

    def __repr__(self) -> str:
        return f"Chess.parse({self._board.fen()!r})"

    def __str__(self) -> str:
        return str(self._board)

    def _repr_svg_(self) -> str | None:
        return picture(Chess(), self)


def _mvv_lva(board: chess.Board, m: chess.Move) -> tuple[int, int]:
    victim = board.piece_type_at(m.to_square) or chess.PAWN  # en passant: a pawn
    return -_RANK[victim], _RANK[board.piece_type_at(m.from_square) or chess.PAWN]


class Chess(GameBase):
    """Chess through python-chess: White is MAX, Black is MIN, a win is worth 1.

    Parameters
    ----------
    checks_noisy : bool
        Count moves that give check as noisy too (quiescence search then follows them).

    Examples
    --------
    >>> game = Chess()
    >>> [str(m) for m in game.moves(game.initial)][:4]
    ['g1h3', 'g1f3', 'b1c3', 'b1a3']
    >>> s = Chess.parse("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1")
    >>> [game.san(s, m) for m in game.noisy_moves(s)]
    ['exd5']
    """

    win = 1
    sides = {MAX: "White", MIN: "Black"}
    move_grid = None
    max_play_depth = 4  # the play widget's deepest search: about a second in the middle game

    def __init__(self, checks_noisy: bool = False) -> None:
        if not isinstance(checks_noisy, bool):
            raise TypeError(f"checks_noisy must be True or False, not {checks_noisy!r}")
        self.checks_noisy = checks_noisy
        self.initial = ChessState(chess.Board())

    def __repr__(self) -> str:
        return "Chess(checks_noisy=True)" if self.checks_noisy else "Chess()"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Chess) and other.checks_noisy == self.checks_noisy

    def __hash__(self) -> int:
        return hash((Chess, self.checks_noisy))

    @staticmethod
    def parse(fen: str) -> ChessState:
        """The state of a FEN (or EPD position) string; a bad or impossible one is an error.

        >>> Chess.parse("8/8/8/8/8/8/8/8 w - - 0 1")
        Traceback (most recent call last):
        ...
        ValueError: not a legal chess position '8/8/8/8/8/8/8/8 w - - 0 1': no white king, ...
        """
        if not isinstance(fen, str):
            raise TypeError(f"Chess.parse takes a FEN string, not {fen!r:.80}")
        try:
            board = chess.Board(fen)
        except ValueError as e:
            raise ValueError(f"not a FEN position {fen!r}: {e}") from None
        status = board.status()
        if status != chess.STATUS_VALID:
            why = ", ".join(flag.name.lower().replace("_", " ") for flag in chess.Status
                            if flag and flag in status and flag.name)
            raise ValueError(f"not a legal chess position {fen!r}: {why}")
        return ChessState(board)

    evaluations = ("material_eval", "pst_eval")
    state_help = ("a state is a chess state (a ChessState): make one with Chess.parse(fen) or "
                  "game.result(s, m)")

    def is_state(self, s: Any) -> bool:
        """True for a :class:`ChessState` (built from a python-chess board it checked).

        >>> Chess().is_state(Chess().initial), Chess().is_state("8/8/8/8/8/8/8/8 w - - 0 1")
        (True, False)
        """
        return isinstance(s, ChessState)

    # -- the protocol ---------------------------------------------------------------------
    def to_move(self, s: ChessState) -> int:
        return MAX if s._board.turn else MIN

    def moves(self, s: ChessState) -> Sequence[chess.Move]:
        return self._legal(s)

    def _legal(self, s: ChessState) -> tuple:
        ms = s._moves
        if ms is None:
            ms = s._moves = self._generate(s)
        return ms

    def _generate(self, s: ChessState) -> tuple:
        board = s._board
        if self._draw(s):
            return ()
        theirs, ep, pawns = board.occupied_co[not board.turn], board.ep_square, board.pawns
        captures, quiet = [], []
        for m in board.generate_legal_moves():
            to = m.to_square
            if _SQUARES[to] & theirs or to == ep and pawns & _SQUARES[m.from_square]:
                captures.append(m)
            else:
                quiet.append(m)
        if not captures:
            return tuple(quiet)
        captures.sort(key=lambda m: _mvv_lva(board, m))
        return (*captures, *quiet)

    def _draw(self, s: ChessState) -> bool:
        """A draw by rule (not stalemate): fifty moves, repetition, insufficient material."""
        board = s._board
        if s.clock >= 100 and not board.is_checkmate():
            s._over = "the fifty-move rule"
            return True
        if s.history and s.history.count(s._key) >= 2:
            s._over = "threefold repetition"
            return True
        if board.is_insufficient_material():
            s._over = "insufficient material"
            return True
        return False

    def result(self, s: ChessState, m: Any) -> ChessState:
        # (at a quiescence node only the noisy moves are known: one of them is legal too)
        known = s._moves if s._moves is not None else s._noisy.get(False, ())
        if m.__class__ is not chess.Move or m not in known:
            ms = self._legal(s)
            if m.__class__ is not chess.Move or m not in ms:
                m = self._move(s, m, ms)
        board = s._board.copy(stack=False)
        reset = board.is_zeroing(m)
        board.push(m)
        history = () if reset else s.history + (s._key,)
        return ChessState(board, history)

    def _move(self, s: ChessState, m: Any, ms: Sequence[chess.Move]) -> chess.Move:
        if isinstance(m, str) and ms:
            for parse in (chess.Move.from_uci, s._board.parse_san):
                try:
                    move = parse(m)
                except ValueError:
                    continue
                if move in ms:
                    return move
        why = f"the game is over ({self.outcome(s)})" if not ms else ""
        raise IllegalMoveError(m, ms, s, why)

    def is_terminal(self, s: ChessState) -> bool:
        # (the first legal move answers: a search's leaves need no more of them)
        if s._moves is not None:
            return not s._moves
        if self._draw(s) or next(s._board.generate_legal_moves(), None) is None:
            s._moves = ()
            return True
        return False

    def utility(self, s: ChessState, player: int = MAX) -> float:
        """+1 when White has mated, -1 when Black has, 0 for a draw (from ``player``'s view)."""
        if self._legal(s):
            raise ValueError(f"utility of a state that is not over: {s!r}")
        u = -1 if s._board.is_check() and s._over is None else 0  # the mover is mated
        u = u if s._board.turn else -u
        return for_player(u, player, self)

    def outcome(self, s: ChessState) -> str:
        """Why the game is over, in words, or ``''`` while it is not.

        >>> Chess().outcome(Chess.parse("k7/8/1Q6/8/8/8/8/7K b - - 0 1"))
        'stalemate'
        """
        if self._legal(self.check_state(s)):
            return ""
        if s._over:
            return s._over
        return "checkmate" if s._board.is_check() else "stalemate"

    # -- for searches ---------------------------------------------------------------------
    def noisy_moves(self, s: ChessState) -> Sequence[chess.Move]:
        """Captures and promotions (and checks, with ``checks_noisy``), in move order."""
        found = s._noisy.get(self.checks_noisy)
        if found is not None:
            return found
        board = s._board
        if s._moves is None and not self.checks_noisy:
            # A quiescence node asks for no more: only captures and promotions are made,
            # in the order of the legal moves (captures by MVV-LVA, then the promotions).
            if self._draw(s):
                s._moves = found = ()
            else:
                captures = sorted(board.generate_legal_captures(),
                                  key=lambda m: _mvv_lva(board, m))
                pushed = board.generate_legal_moves(board.pawns, _BACK_RANKS & ~board.occupied)
                found = (*captures, *pushed)
        else:
            theirs, ep, pawns = board.occupied_co[not board.turn], board.ep_square, board.pawns
            found = tuple(m for m in self._legal(s) if _SQUARES[m.to_square] & theirs
                          or m.promotion or (m.to_square == ep and pawns & _SQUARES[m.from_square])
                          or (self.checks_noisy and board.gives_check(m)))
        s._noisy[self.checks_noisy] = found
        return found

    def mvv_lva(self, s: ChessState, moves: Sequence[chess.Move]) -> tuple:
        """An order: captures first, most valuable victim / least valuable attacker first,
        then the other moves as given.

        >>> game = Chess()
        >>> s = Chess.parse("4k3/8/2r1q3/3P4/8/8/8/K7 w - - 0 1")
        >>> [game.san(s, m) for m in game.mvv_lva(s, game.moves(s))][:2]
        ['dxe6', 'dxc6']
        """
        board = self.check_state(s)._board
        theirs = board.occupied_co[not board.turn]
        captures = sorted((m for m in moves if _SQUARES[m.to_square] & theirs
                           or board.is_en_passant(m)), key=lambda m: _mvv_lva(board, m))
        taken = set(captures)
        return tuple(captures) + tuple(m for m in moves if m not in taken)

    def in_check(self, s: ChessState) -> bool:
        """True when the player to move is in check."""
        return self.check_state(s)._board.is_check()

    def san(self, s: ChessState, m: chess.Move) -> str:
        """Move ``m`` in Standard Algebraic Notation (``Nf3``, ``exd5``, ``O-O``, ``Qh7#``)."""
        ms = self._legal(self.check_state(s))
        m = m if m.__class__ is chess.Move and m in ms else self._move(s, m, ms)
        return s._board.san(m)

    def move_label(self, s: ChessState, m: chess.Move) -> str:
        """The play widget's button text: the move in SAN."""
        return self.san(s, m)

    def material_eval(self, s: ChessState) -> float:
        """White's material minus Black's, in pawns (P 1, N 3, B 3, R 5, Q 9)."""
        return material(s._board)

    def pst_eval(self, s: ChessState) -> float:
        """Material plus piece-square tables, in pawns, White's view
        (:mod:`aisearch.games.chess_eval`)."""
        return piece_square(s._board)
