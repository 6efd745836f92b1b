"""Notakto on one 3 x 3 board: tic-tac-toe where both players play X, and three in a row loses.

The players take turns marking an empty cell (both with X); whoever completes a line of three
(a row, a column, a diagonal) loses. With best play the first player wins, and only by taking
the centre. Cells are numbered ``0..8`` row by row, as in tic-tac-toe.

A state is an int: bit ``i`` is set when cell ``i`` is marked. The player to move follows from
the number of marks; the state check is written once (:meth:`Notakto.is_state`), and the
protocol methods are written as if every state were good: :class:`~aisearch.core.GameBase`
applies the check to them.

Examples
--------
>>> game = Notakto()
>>> s = game.result(game.result(game.initial, 4), 0)
>>> game.moves(s)
(1, 2, 3, 5, 6, 7, 8)
>>> game.result(s, 8)  # 0, 4, 8: a line, so the first player (MAX) has lost
273
>>> game.utility(273, MAX)
-1
"""

from __future__ import annotations

from typing import Any

from aisearch.core import MAX, MIN, GameBase, for_player

__all__ = ["Notakto"]

_LINES = tuple(sum(1 << i for i in line) for line in (
    (0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)))
_DONE = tuple(any(m & w == w for w in _LINES) for m in range(512))  # a line of three


class Notakto(GameBase):
    """Notakto on one 3 x 3 board: both players mark X; three in a row loses.

    MAX moves first. Moves are the empty cells ``0..8`` in ascending order, none once a line
    is complete. The player who completed it has lost: utility ``-1`` for them, ``+1`` for
    the other (a board cannot fill up without a line, so there are no draws).

    Examples
    --------
    >>> from aisearch.search import alphabeta
    >>> alphabeta(Notakto(), Notakto.initial).value  # the first player wins
    1
    """

    initial = 0
    win = 1
    sides = {MAX: "First", MIN: "Second"}
    move_grid = ((0, 1, 2), (3, 4, 5), (6, 7, 8))
    buttons_are_board = True
    move_help = "a cell number 0..8"
    state_help = ("a state is an int from 0 to 511 whose set bits are the marked cells, whose "
                  "lines of three (if any) one mark completed: start from game.initial")

    def is_state(self, s: Any) -> bool:
        """True for the marked cells of a board play can reach: no line of three, or the
        lines (one or two) that one mark completed, the last.

        >>> Notakto().is_state(0b111), Notakto().is_state(0b111111), Notakto().is_state("x")
        (True, False, False)
        """
        return s.__class__ is int and 0 <= s < 512 and (
            not _DONE[s] or any(not _DONE[s & ~(1 << i)] for i in range(9) if s >> i & 1))

    def to_move(self, s: int) -> int:
        return MAX if s.bit_count() % 2 == 0 else MIN

    def moves(self, s: int) -> tuple[int, ...]:
        return () if _DONE[s] else tuple(i for i in range(9) if not s >> i & 1)

    def result(self, s: int, m: Any) -> int:
        if m.__class__ is not int or m not in self.moves(s):
            why = "" if m.__class__ is not int or not 0 <= m <= 8 or _DONE[s] else (
                f"cell {m} is marked")
            raise self.illegal(s, m, why)
        return s | 1 << m

    def utility(self, s: int, player: int = MAX) -> int:
        if not _DONE[s]:
            raise ValueError(f"utility is defined when a line is complete, not at {s!r}")
        # the player to move did not make the line: they have won
        return for_player(1 if self.to_move(s) == MAX else -1, player, self)

    def cell_label(self, s: int, m: int) -> str:
        """The mark on cell ``m`` (``'X'`` or a space): the play widget's buttons are the
        board. (A move is written as its cell, ``0`` to ``8``.)

        >>> Notakto().cell_label(0b10, 1), Notakto().move_label(0, 1)
        ('X', '1')
        """
        return "X" if s >> m & 1 else " "

    def highlight(self, s: int) -> tuple[int, ...]:
        return next((tuple(i for i in range(9) if w >> i & 1) for w in _LINES if s & w == w), ())

    @staticmethod
    def states() -> tuple[int, ...]:
        """Every state play can reach, in ascending order.

        >>> len(Notakto.states())
        450
        """
        return tuple(s for s in range(512) if _RULES.is_state(s))


_RULES = Notakto()
