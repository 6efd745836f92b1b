"""Tic-tac-toe (noughts and crosses), fast enough to search the whole tree.

Cells are numbered ``0..8`` row by row; X is MAX and moves first. A state is a
:class:`Board`, an ``int`` holding X's cells in bits 0-8 and O's cells in bits 9-17,
so it hashes and compares at C speed. All 5,478 reachable boards and their moves,
successors, utilities, Nilsson evaluations and canonical forms are tabulated once at
import (about 30 ms), so every protocol call is a dictionary lookup.

Examples
--------
>>> game = TicTacToe()
>>> s = game.result(game.result(game.initial, 4), 0)
>>> s
TicTacToe.parse('o../.x./...')
>>> game.moves(s)
(1, 2, 3, 5, 6, 7, 8)
>>> TicTacToe.nilsson_eval(s)
1

Notes
-----
Measured per call (CPython 3.11, timeit, best of 5): ``to_move`` 42 ns, ``moves`` 40 ns,
``result`` 63 ns, ``is_terminal`` 40 ns, ``utility`` 55 ns (70 ns for MIN),
``nilsson_eval`` 56 ns, ``canonical`` 52 ns, ``winner`` 68 ns; the searchers call the
unchecked lookups of :meth:`TicTacToe.unchecked` (about 12 ns each). A plain recursion over
the whole tree (549,946 nodes) through the methods runs at about 3 M nodes/s; the package's
``minimax`` and ``alphabeta`` solve the game at about 3 M and 2.7 M nodes/s
(``benchmarks/bench_search.py``). Lesson 02 (Nilsson 12.2, Figs 12.3-12.5).
"""

from __future__ import annotations

import math
from typing import Any

from aisearch.core import MAX, MIN, as_int, checks_state, for_player, picture
from aisearch.games.payoff import WinPayoff

__all__ = ["Board", "TicTacToe"]

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
_LINE_MASKS = tuple(sum(1 << i for i in line) for line in LINES)
# Indexed by a 9-bit mask of one player's cells (or of the occupied cells).
_WINS = tuple(any(m & w == w for w in _LINE_MASKS) for m in range(512))
_OPEN = tuple(sum(1 for w in _LINE_MASKS if not m & w) for m in range(512))  # lines avoiding m
_EMPTY = tuple(tuple(i for i in range(9) if not m >> i & 1) for m in range(512))
# The 8 symmetries, as where each cell goes: identity, rotations by 90, 180, 270 degrees
# clockwise, mirror left-right, mirror top-bottom, transpose, anti-transpose.
_CELL_MAPS = ((0, 1, 2, 3, 4, 5, 6, 7, 8), (2, 5, 8, 1, 4, 7, 0, 3, 6), (8, 7, 6, 5, 4, 3, 2, 1, 0),
              (6, 3, 0, 7, 4, 1, 8, 5, 2), (2, 1, 0, 5, 4, 3, 8, 7, 6), (6, 7, 8, 3, 4, 5, 0, 1, 2),
              (0, 3, 6, 1, 4, 7, 2, 5, 8), (8, 5, 2, 7, 4, 1, 6, 3, 0))
_PERM = tuple(tuple(sum(1 << p[i] for i in range(9) if m >> i & 1) for m in range(512))
              for p in _CELL_MAPS)  # _PERM[k][mask]: the mask moved by symmetry k
_EMPTY_CHARS = ".-_"


class Board(int):
    """A tic-tac-toe position: X's cells in bits 0-8, O's cells in bits 9-17.

    Build boards with :meth:`TicTacToe.parse` or :meth:`TicTacToe.result`; ``str``
    shows the rows top to bottom separated by ``/``, and notebooks draw it as SVG.

    >>> b = TicTacToe.parse('x.o/.x./..o')
    >>> str(b), b.x, b.o
    ('x.o/.x./..o', 17, 260)
    """

    __slots__ = ()

    @property
    def x(self) -> int:
        """Mask of X's cells (bit i = cell i)."""
        return self & 511

    @property
    def o(self) -> int:
        """Mask of O's cells (bit i = cell i)."""
        return self >> 9

    def __str__(self) -> str:
        x, o = self & 511, self >> 9
        cells = ["x" if x >> i & 1 else "o" if o >> i & 1 else "." for i in range(9)]
        return "/".join("".join(cells[r:r + 3]) for r in (0, 3, 6))

    def __repr__(self) -> str:
        return f"TicTacToe.parse({str(self)!r})"

    def _repr_svg_(self) -> str | None:
        return picture(TicTacToe(), self)


def _build() -> tuple[dict, dict, dict, dict, dict, dict]:
    """Tabulate every reachable board (breadth first from the empty board)."""
    boards: dict[int, Board] = {0: Board(0)}
    moves, children, utility, nilsson, canonical = {}, {}, {}, {}, {}
    frontier = [boards[0]]
    while frontier:
        new = []
        for s in frontier:
            x, o = s & 511, s >> 9
            shift = 9 * (s.bit_count() & 1)  # 0: X to move, 9: O to move
            won = 1 if _WINS[x] else -1 if _WINS[o] else 0
            ms = () if won else _EMPTY[x | o]
            kids: list[Board | None] = [None] * 9
            moves[s] = ms
            for m in ms:
                k = s | 1 << (m + shift)
                if k not in boards:
                    boards[k] = Board(k)
                    new.append(boards[k])
                kids[m] = boards[k]
            children[s] = tuple(kids)
            if not ms:
                utility[s] = won
            nilsson[s] = math.inf if won > 0 else -math.inf if won < 0 else _OPEN[o] - _OPEN[x]
        frontier = new
    for s in boards.values():
        canonical[s] = boards[min(p[s & 511] | p[s >> 9] << 9 for p in _PERM)]
    return boards, moves, children, utility, nilsson, canonical


_BOARDS, _MOVES, _CHILDREN, _UTILITY, _NILSSON, _CANONICAL = _build()
_STATES = tuple(sorted(_BOARDS.values()))
_TO_MOVE = {s: s.bit_count() & 1 for s in _STATES}
_TERMINAL = {s: s in _UTILITY for s in _STATES}


def _child(s: Board, m: int) -> Board:
    return _CHILDREN[s][m]  # (a legal move of a reachable board: the search's own)


_UNCHECKED = {"is_terminal": _TERMINAL.__getitem__, "to_move": _TO_MOVE.__getitem__,
              "moves": _MOVES.__getitem__, "result": _child}
_WITH_UTILITY: dict[tuple, dict] = {}  # by a win's payoff: _UNCHECKED and MAX's utility


def _unchecked_with_utility(win: float) -> dict[str, Any]:
    """The unchecked functions and MAX's utility of a finished board, a win paying ``win``."""
    utility = {s: win if u > 0 else -win if u < 0 else u for s, u in _UTILITY.items()}
    return {**_UNCHECKED, "utility": utility.__getitem__}


class TicTacToe(WinPayoff):
    """Tic-tac-toe: X (MAX) moves first; moves are the empty cells ``0..8`` ascending.

    Cells are numbered row by row: ``0 1 2 / 3 4 5 / 6 7 8``. A terminal board is
    worth ``win`` to the player with three in a row, ``-win`` to the other, 0 when full.

    Parameters
    ----------
    win : float
        The payoff of a win, ``+inf`` by default as in Nilsson's e(p): a depth-limited
        search compares finished games with static evaluations, so a win must outrank every
        evaluation (|e(p)| <= 8, and e(p) reaches 4 in play; with ``win=1`` a search to depth
        2 would prefer a quiet position worth 2 to an immediate win). ``TicTacToe(win=1)``
        scores games +1/0/-1.

    Examples
    --------
    >>> game = TicTacToe()
    >>> game
    TicTacToe()
    >>> game.moves(game.initial)
    (0, 1, 2, 3, 4, 5, 6, 7, 8)
    >>> s = TicTacToe.parse('xx./oo./...')
    >>> game.utility(game.result(s, 2)), game.utility(game.result(s, 2), MIN)
    (inf, -inf)
    >>> TicTacToe(win=1).utility(game.result(s, 2))
    1
    """

    initial: Board = _BOARDS[0]
    sides = {MAX: "X", MIN: "O"}
    move_grid = ((0, 1, 2), (3, 4, 5), (6, 7, 8))
    buttons_are_board = True
    evaluations = ("nilsson_eval",)
    move_help = "a cell number 0..8"
    state_help = ("a state is a reachable tic-tac-toe board (a Board): build boards with "
                  "TicTacToe.parse(...) or game.result(...)")

    def is_state(self, s: Any) -> bool:
        """True for a board some game reaches. The tables of the reachable boards are the
        check: every protocol method is one lookup in them, which refuses anything else.

        >>> TicTacToe().is_state(TicTacToe.parse('x../.../...')), TicTacToe().is_state(3 << 9)
        (True, False)
        """
        return s.__hash__ is not None and s in _TO_MOVE

    def unchecked(self) -> dict[str, Any] | None:
        """``is_terminal``, ``to_move``, ``moves``, ``result`` and MAX's ``utility`` as bare
        table lookups, for the searchers (:meth:`GameBase.unchecked
        <aisearch.core.GameBase.unchecked>`): right for the boards they reach from a checked
        root by the moves listed; None for a subclass that replaces a protocol method.

        >>> game = TicTacToe()
        >>> fast, s = game.unchecked(), TicTacToe.parse('xo./.../...')
        >>> fast["moves"](s) == game.moves(s), fast["result"](s, 4) == game.result(s, 4)
        (True, True)
        """
        if not self.protocol_is(TicTacToe):
            return None
        return self._by_payoff(_WITH_UTILITY, _unchecked_with_utility)

    def cell_label(self, s: Board, m: int) -> str:
        """The mark on cell ``m`` (``'X'``, ``'O'`` or a space): the play widget's buttons are
        the board. (A move is written as its cell, ``0`` to ``8``.)

        >>> TicTacToe().cell_label(TicTacToe.parse('x../.../...'), 0)
        'X'
        """
        return "X" if s >> m & 1 else "O" if s >> (m + 9) & 1 else " "

    def highlight(self, s: Board) -> tuple[int, ...]:
        """The cells of a completed line, if any (to colour in the play widget).

        >>> TicTacToe().highlight(TicTacToe.parse('xxx/oo./...'))
        (0, 1, 2)
        """
        for line in LINES:
            if all(s >> i & 1 for i in line) or all(s >> (i + 9) & 1 for i in line):
                return line
        return ()

    @checks_state
    def to_move(self, s: Board) -> int:
        """MAX (X) when both have as many marks, else MIN (O).

        >>> TicTacToe().to_move(TicTacToe.parse('x../.../...')) == MIN
        True
        """
        try:
            return _TO_MOVE[s]
        except (KeyError, TypeError):
            raise self.not_a_state(s) from None

    @checks_state
    def moves(self, s: Board) -> tuple[int, ...]:
        """The empty cells in ascending order; ``()`` once someone has won or the board is full.

        >>> TicTacToe().moves(TicTacToe.parse('xo./x.o/...'))
        (2, 4, 6, 7, 8)
        """
        try:
            return _MOVES[s]
        except (KeyError, TypeError):
            raise self.not_a_state(s) from None

    @checks_state
    def result(self, s: Board, m: int) -> Board:
        """The board after the player to move marks cell ``m``.

        >>> TicTacToe().result(TicTacToe.initial, 4)
        TicTacToe.parse('.../.x./...')
        """
        try:
            child = _CHILDREN[s][m]
        except (KeyError, IndexError, TypeError):
            child = None
        if child is None or m.__class__ is not int or m < 0:  # (a bool is not a cell)
            return self._result_of_other_int(s, m)
        return child

    def _result_of_other_int(self, s: Board, m: Any) -> Board:
        """``result`` for a numpy integer cell (from ``np.argmax``, say); any other move that
        ``result`` refused is illegal, and the error says why."""
        cell = as_int(m)
        if cell is not None and cell.__class__ is not m.__class__ and 0 <= cell <= 8:
            try:
                child = _CHILDREN[s][cell]
            except (KeyError, TypeError):
                child = None
            if child is not None:
                return child
        if not self.is_state(s):
            raise self.not_a_state(s)
        taken = _MOVES[s] and cell is not None and 0 <= cell <= 8
        raise self.illegal(s, m, f"cell {cell} is taken" if taken else
                           "cells are numbered 0..8" if cell is not None and _MOVES[s] else "")

    @checks_state
    def is_terminal(self, s: Board) -> bool:
        """True when a player has three in a row or the board is full.

        >>> TicTacToe().is_terminal(TicTacToe.parse('xxx/oo./...'))
        True
        """
        try:
            return _TERMINAL[s]
        except (KeyError, TypeError):
            raise self.not_a_state(s) from None

    @checks_state
    def utility(self, s: Board, player: int = MAX) -> float:
        """``win`` if ``player`` has three in a row, ``-win`` if the opponent has, 0 if full.

        >>> TicTacToe().utility(TicTacToe.parse('xxx/oo./...'), MIN)
        -inf
        """
        try:
            u = _UTILITY[s]
        except (KeyError, TypeError):
            if not self.is_state(s):
                raise self.not_a_state(s) from None
            raise ValueError(f"utility is defined at terminal boards only, not {s!r}") from None
        if u:
            u = self.win if u > 0 else -self.win
        return u if player is MAX else for_player(u, player, self)  # (MAX: the searches' call)

    @staticmethod
    def winner(s: Board) -> int | None:
        """MAX if X has three in a row, MIN if O has, else None.

        >>> TicTacToe.winner(TicTacToe.parse('x.o/xo./o.x')) == MIN
        True
        """
        if not _RULES.is_state(s):
            raise _RULES.not_a_state(s)
        return MAX if _WINS[s & 511] else MIN if _WINS[s >> 9] else None

    @staticmethod
    def nilsson_eval(s: Board) -> float:
        """Nilsson's e(p): lines still open for MAX minus lines still open for MIN.

        A line is open for MAX if it holds no O, and open for MIN if it holds no X;
        e(p) is ``+inf`` if X has won and ``-inf`` if O has (Nilsson 12.2).

        >>> e = TicTacToe.nilsson_eval
        >>> e(TicTacToe.parse('.../.x./...')), e(TicTacToe.parse('x../.../...'))
        (4, 3)
        >>> e(TicTacToe.parse('xxx/oo./...'))
        inf
        """
        try:
            return _NILSSON[s]
        except (KeyError, TypeError):
            raise _RULES.not_a_state(s) from None

    @staticmethod
    def canonical(s: Board) -> Board:
        """The least board (as an integer) among the 8 rotations and reflections of ``s``.

        >>> TicTacToe.canonical(TicTacToe.parse('.../.../..x'))
        TicTacToe.parse('x../.../...')
        """
        try:
            return _CANONICAL[s]
        except (KeyError, TypeError):
            raise _RULES.not_a_state(s) from None

    @staticmethod
    def symmetries(s: Board) -> tuple[Board, ...]:
        """The 8 images of ``s``: identity, rotations by 90, 180, 270 degrees clockwise,
        then mirror left-right, mirror top-bottom, transpose, anti-transpose.

        Symmetric boards repeat; ``set(symmetries(s))`` gives the distinct ones.

        >>> TicTacToe.symmetries(TicTacToe.parse('x../.../...'))[1]
        TicTacToe.parse('..x/.../...')
        >>> len(set(TicTacToe.symmetries(TicTacToe.parse('.../.x./...'))))
        1
        """
        if not _RULES.is_state(s):
            raise _RULES.not_a_state(s)
        x, o = s & 511, s >> 9
        return tuple(_BOARDS[p[x] | p[o] << 9] for p in _PERM)

    @staticmethod
    def states() -> tuple[Board, ...]:
        """All 5,478 reachable boards, sorted as integers (the empty board first).

        >>> len(TicTacToe.states()), TicTacToe.states()[0] == TicTacToe.initial
        (5478, True)
        """
        return _STATES

    @staticmethod
    def parse(text: str) -> Board:
        """Read a board: three rows of ``x``, ``o`` and ``.`` separated by ``/`` or newlines.

        Nine cells without separators also work; case is ignored, ``-`` and ``_`` may
        mark empty cells, and spaces around rows are ignored.

        Raises
        ------
        ValueError
            For a malformed text or a board no game can reach (wrong counts, play
            after a win), naming what was wrong.

        Examples
        --------
        >>> TicTacToe.parse('X-O/-X-/--O')
        TicTacToe.parse('x.o/.x./..o')
        >>> TicTacToe.parse('oo./.../...')  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        ValueError: impossible board 'oo./.../...': X moves first, so X has as many marks ...
        """
        if not isinstance(text, str):
            raise TypeError(f"TicTacToe.parse expects a str like 'x.o/.x./..o', not {text!r}")
        rows = [r.strip() for r in text.strip().replace("\n", "/").split("/")]
        if len(rows) == 1 and len(rows[0]) == 9:
            rows = [rows[0][k:k + 3] for k in (0, 3, 6)]
        if len(rows) != 3 or any(len(r) != 3 for r in rows):
            raise ValueError(f"cannot read {text!r} as a board: write 3 rows of 3 cells separated "
                             "by '/' (like 'x.o/.x./..o') or 9 cells in a row")
        x = o = 0
        for i, ch in enumerate("".join(rows).lower()):
            if ch == "x":
                x |= 1 << i
            elif ch == "o":
                o |= 1 << i
            elif ch not in _EMPTY_CHARS:
                raise ValueError(f"unexpected {ch!r} in row {i // 3 + 1} of {text!r}: cells are "
                                 "'x', 'o' or an empty mark '.', '-', '_'")
        nx, no, why = x.bit_count(), o.bit_count(), ""
        if nx not in (no, no + 1):
            why = f"X moves first, so X has as many marks as O or one more; got {nx} x and {no} o"
        elif _WINS[x] and _WINS[o]:
            why = "both X and O have three in a row, but play stops at the first win"
        elif _WINS[x] and nx == no:
            why = "O moved after X had already won"
        elif _WINS[o] and nx > no:
            why = "X moved after O had already won"
        if why:
            canon = "/".join(rows).lower().replace("-", ".").replace("_", ".")
            raise ValueError(f"impossible board {canon!r}: {why}")
        return _BOARDS[x | o << 9]


_RULES = TicTacToe()  # (says what is wrong where a static method meets a non-board)
