"""Hexapawn (Gardner 1962): three pawns a side on a 3 x 3 board; the second player wins.

White's pawns start on rank 1, Black's on rank 3; White moves first. A pawn moves as in
chess without the double step: one square forward to an empty square, or one square
diagonally forward onto an enemy pawn, which it captures. A player wins by bringing a pawn
to the far rank, or when the opponent has no move (no pawns left, or all blocked). With best
play Black wins, and White loses in three moves (Gardner, *Scientific American*, March 1962:
1.b2 axb2 2.cxb2 c2 3.a2 c1).

Cells are numbered ``0..8`` row by row from Black's side: cells 0, 1, 2 are a3, b3, c3 and
cells 6, 7, 8 are a1, b1, c1. A state is a :class:`HexapawnState` ``(white, black, player)``:
the cells of each side's pawns as bits and the player to move (White is MAX). A move is
``(start, end)``, two cell numbers; it is shown in chess notation (``b2``, ``axb2``).

Examples
--------
>>> game = Hexapawn()
>>> print(game.initial)
bbb/.../www w
>>> [game.move_label(game.initial, m) for m in game.moves(game.initial)]
['a2', 'b2', 'c2']
>>> s = game.result(game.initial, (7, 4))  # 1.b2
>>> [game.move_label(s, m) for m in game.moves(s)]
['a2', 'axb2', 'cxb2', 'c2']
"""

from __future__ import annotations

from typing import Any, NamedTuple

from aisearch.core import MAX, MIN, GameBase, for_player, picture
from aisearch.games.reach import reachable

__all__ = ["Hexapawn", "HexapawnState"]

_FAR = {MAX: 0b000000111, MIN: 0b111000000}  # the rank each side's pawns run to


class HexapawnState(NamedTuple):
    """White's and Black's pawns (bit ``i``: a pawn on cell ``i``) and the player to move.

    >>> print(HexapawnState(0b111000000, 0b000000111, MIN))
    bbb/.../www b
    """

    white: int
    black: int
    player: int

    def __str__(self) -> str:
        cells = "".join("w" if self.white >> i & 1 else "b" if self.black >> i & 1 else "."
                        for i in range(9))
        return f"{cells[:3]}/{cells[3:6]}/{cells[6:]} {'w' if self.player == MAX else 'b'}"

    def _repr_svg_(self) -> str | None:
        return picture(_RULES, self)


def _steps(own: int, other: int, player: int) -> tuple[tuple[int, int], ...]:
    """The legal moves of ``player``'s pawns ``own`` against ``other``, by start cell."""
    ahead = -3 if player == MAX else 3
    out = []
    for i in range(9):
        if not own >> i & 1:
            continue
        j, col = i + ahead, i % 3
        if col > 0 and other >> (j - 1) & 1:
            out.append((i, j - 1))
        if not (own | other) >> j & 1:
            out.append((i, j))
        if col < 2 and other >> (j + 1) & 1:
            out.append((i, j + 1))
    return tuple(out)


class Hexapawn(GameBase):
    """Gardner's Hexapawn on a 3 x 3 board; White (MAX) moves first.

    Moves are ``(start, end)`` cell pairs, by start cell, a capture towards the a-file
    before the step forward before a capture towards the c-file. The game is over when a
    pawn stands on its far rank or the player to move has no move; the player to move has
    then lost: utility ``-1`` for them, ``+1`` for the other (there are no draws).

    Examples
    --------
    >>> from aisearch.search import alphabeta
    >>> game = Hexapawn()
    >>> d = alphabeta(game, game.initial)  # Black wins; White loses as late as it can
    >>> d.value, len(d.pv)
    (-1, 6)
    """

    initial = HexapawnState(0b111000000, 0b000000111, MAX)
    win = 1
    sides = {MAX: "White", MIN: "Black"}
    move_help = "a pair (start, end) of cell numbers 0..8, like (7, 4) for b2"
    state_help = ("a state is a HexapawnState(white, black, player): each side's pawns as bits "
                  "of the cells 0..8 (at most three, on no common cell), and player MAX (White, "
                  "0) or MIN (Black, 1): start from Hexapawn.initial")

    def is_state(self, s: Any) -> bool:
        """True for pawns on the board, at most three a side, no two on a cell, at most one
        on a far rank, and then with the other side to move.

        >>> game = Hexapawn()
        >>> game.is_state(game.initial), game.is_state(HexapawnState(7, 7, MAX))
        (True, False)
        """
        if s.__class__ is not HexapawnState:
            return False
        white, black, player = s
        if not (white.__class__ is int and black.__class__ is int and player.__class__ is int
                and 0 <= white < 512 and 0 <= black < 512 and player in (MAX, MIN)):
            return False
        if white & black or white.bit_count() > 3 or black.bit_count() > 3:
            return False
        there_white, there_black = white & _FAR[MAX], black & _FAR[MIN]
        if there_white and there_black:
            return False
        return not (there_white and player == MAX or there_black and player == MIN)

    def to_move(self, s: HexapawnState) -> int:
        return s.player

    def moves(self, s: HexapawnState) -> tuple[tuple[int, int], ...]:
        white, black, player = s
        if white & _FAR[MAX] or black & _FAR[MIN]:
            return ()
        return _steps(white, black, MAX) if player == MAX else _steps(black, white, MIN)

    def result(self, s: HexapawnState, m: Any) -> HexapawnState:
        legal = self.moves(s)
        if m not in legal or m.__class__ is not tuple or any(c.__class__ is not int for c in m):
            why = "" if legal else "the game is over"
            raise self.illegal(s, m, why)
        start, end = m
        white, black, player = s
        if player == MAX:
            return HexapawnState(white & ~(1 << start) | 1 << end, black & ~(1 << end), MIN)
        return HexapawnState(white & ~(1 << end), black & ~(1 << start) | 1 << end, MAX)

    def utility(self, s: HexapawnState, player: int = MAX) -> int:
        if self.moves(s):
            raise ValueError(f"utility is defined when the game is over (a pawn on its far "
                             f"rank, or no move), not at {s}")
        return for_player(-1 if s.player == MAX else 1, player, self)

    def move_label(self, s: HexapawnState, m: tuple[int, int]) -> str:
        start, end = m
        square = "abc"[end % 3] + str(3 - end // 3)
        return square if start % 3 == end % 3 else f"{'abc'[start % 3]}x{square}"

    def highlight(self, s: HexapawnState) -> tuple[int, ...]:
        """The cell of a pawn on its far rank (none before that)."""
        there = s.white & _FAR[MAX] | s.black & _FAR[MIN]
        return tuple(i for i in range(9) if there >> i & 1)

    @staticmethod
    def parse(text: str) -> HexapawnState:
        """A state from its text: three rows from Black's side, then ``w`` or ``b`` to move.

        >>> Hexapawn.parse("bbb/.../www w") == Hexapawn.initial
        True
        """
        if not isinstance(text, str):
            raise TypeError(f"Hexapawn.parse reads a str like 'bbb/.../www w', not {text!r:.80}")
        board, _, side = text.strip().partition(" ")
        rows = board.split("/")
        if (len(rows) != 3 or any(len(r) != 3 or set(r) - set("wb.") for r in rows)
                or side not in ("w", "b")):
            raise ValueError(f"a Hexapawn position is three rows of 'w', 'b' and '.' from "
                             f"Black's side, then 'w' or 'b' to move, like 'bbb/.../www w'; "
                             f"not {text!r:.80}")
        cells = "".join(rows)
        white = sum(1 << i for i, c in enumerate(cells) if c == "w")
        black = sum(1 << i for i, c in enumerate(cells) if c == "b")
        state = HexapawnState(white, black, MAX if side == "w" else MIN)
        return _RULES.check_state(state)

    @staticmethod
    def canonical(s: HexapawnState) -> HexapawnState:
        """The smaller of ``s`` and its mirror image (files a and c swapped).

        >>> Hexapawn.canonical(Hexapawn.parse("b.b/.b./w.w b"))
        HexapawnState(white=320, black=21, player=1)
        """
        s = _RULES.check_state(s)
        return min(s, HexapawnState(_mirror(s.white), _mirror(s.black), s.player))

    def states(self) -> tuple[HexapawnState, ...]:
        """Every state play can reach from ``initial``, sorted.

        >>> len(Hexapawn().states())
        135
        """
        return tuple(sorted(reachable(self)))

    def __repr__(self) -> str:
        return "Hexapawn()"


def _mirror(bits: int) -> int:
    return sum(1 << (i - i % 3 + 2 - i % 3) for i in range(9) if bits >> i & 1)


_RULES = Hexapawn()
