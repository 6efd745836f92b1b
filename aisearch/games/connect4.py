"""Connect Four on 7 columns and 6 rows, as a bitboard.

Discs drop to the lowest empty cell of a column; MAX (``x``) moves first, MIN (``o``)
second; four in a row (across, up, or diagonal) wins and a full board is a draw. A move
is a column number ``0..6``; ``moves(s)`` lists the columns that are not full, left to
right.

The board uses the usual 7 x (6 + 1) layout: cell (column c, row r from the bottom) is
bit ``7 * c + r``, and the always-empty sentinel row 6 keeps lines from wrapping between
columns, so "has four in a row" is four shift-and-ands. A state is a :class:`Position`,
the tuple ``(mask, mover, to_move, over, closed)``: all discs and the discs of the player
to move as bitboards, MAX or MIN, "the game is over", and the full columns as bits 0-6
(255 after four in a row). ``result`` works them out once, testing only the lines through
the new disc, so the other calls read one field.

Examples
--------
>>> game = ConnectFour()
>>> s = game.initial
>>> for column in (3, 3, 4, 4, 5, 5):
...     s = game.result(s, column)
>>> s
ConnectFour.parse('......./......./......./......./...ooo./...xxx.')
>>> game.is_terminal(game.result(s, 6)), game.utility(game.result(s, 6))
(True, inf)

Notes
-----
Measured per call (CPython 3.11, timeit, best of 7, a 10-disc position): ``to_move``
40 ns, ``moves`` 40 ns, ``result`` 450 ns (about 90 ns of it the four-in-a-row test and
90 ns making the new tuple a Position), ``is_terminal`` 40 ns, ``utility`` 75 ns,
``evaluate`` 2.7 us, ``mirror`` 0.55 us. Lesson 04 (move ordering, iterative deepening and
transposition tables on Connect Four).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from operator import itemgetter
from typing import Any

from aisearch.core import (
    MAX,
    MIN,
    IllegalMoveError,
    as_int,
    checks_state,
    for_player,
    picture,
    player_name,
)
from aisearch.games.connect4_order import threat_order
from aisearch.games.payoff import WinPayoff

__all__ = ["ConnectFour", "Position"]

WIDTH, HEIGHT = 7, 6
_H1 = HEIGHT + 1
_FULL = (1 << (WIDTH * _H1)) - 1  # 49 bits, sentinel row included
_COLUMN = tuple(((1 << HEIGHT) - 1) << (_H1 * c) for c in range(WIDTH))
_BOARD = sum(_COLUMN)  # the 42 playable cells
_CENTRE = _COLUMN[WIDTH // 2]
_BOTTOM = sum(1 << (_H1 * c) for c in range(WIDTH))
_ALL = (1 << WIDTH) - 1  # ``closed`` when every column is full
_WON = 1 << WIDTH | _ALL  # ``closed`` after four in a row
_TOP = sum(1 << (_H1 * c + HEIGHT - 1) for c in range(WIDTH))
_CLOSED = {sum(1 << (_H1 * c + HEIGHT - 1) for c in range(WIDTH) if closed >> c & 1): closed
           for closed in range(_ALL + 1)}  # ``closed`` by the discs in the top row
_OPEN = tuple(tuple(c for c in range(WIDTH) if not closed >> c & 1) if closed <= _ALL else ()
              for closed in range(_WON + 1))  # moves() by ``closed``
_REVERSED = tuple(sum(1 << (WIDTH - 1 - c) for c in range(WIDTH) if closed >> c & 1)
                  | closed & ~_ALL for closed in range(_WON + 1))  # ``closed``, mirrored
# mirror() flips both bitboards at once, all discs 49 bits (7 whole columns) above the
# mover's, by swapping columns 0-2 with 4-6 and then 0 with 2 and 4 with 6.
_BOTH = WIDTH * _H1
_SWAP_28 = sum(col | col << _BOTH for col in _COLUMN[:3])
_SWAP_14 = sum(_COLUMN[c] | _COLUMN[c] << _BOTH for c in (0, 4))
_TWICE_28, _TWICE_14 = 1 | 1 << 28, 1 | 1 << 14
_LANE = 80  # MIN's copy of the board sits 80 bits up: shifts of <= 24 never mix the two
_DIRECTIONS = tuple((d, 2 * d, 160 * k) for k, d in enumerate((1, 7, 6, 8)))
_FLIP = sum(_BOARD << (_LANE + 160 * k) for k in range(4))  # MIN's lanes, all 4 directions
_CENTRE_BONUS = 3
_BONUS = tuple(_CENTRE_BONUS if c == WIDTH // 2 else 0 for c in range(WIDTH))  # by column
_LANE_MAX = sum(((1 << _LANE) - 1) << (160 * k) for k in range(4))  # MAX's lanes
_LANE_MIN = _LANE_MAX << _LANE


def _starts(cell: int) -> int:
    """The windows of four through ``cell``, as the bits naming them (by their first cell) in
    both players' lanes of :meth:`ConnectFour.evaluate`'s layout (windows off the board
    included: the window planes never hold them)."""
    out = 0
    for d, _, at in _DIRECTIONS:
        for j in range(4):
            if cell - j * d >= 0:
                out |= 1 << (cell - j * d + at)
    return out | out << _LANE


_STARTS = {1 << cell: _starts(cell) for cell in range(WIDTH * _H1)}


def _subsets(bits: int) -> list[int]:
    """Every subset of the set bits of ``bits``."""
    out, sub = [bits], bits
    while sub:
        sub = (sub - 1) & bits
        out.append(sub)
    return out


def _fours_through(cell: int, directions: tuple) -> tuple[int, frozenset]:
    """The cells that make four in a row with ``cell`` along ``directions`` (``cell`` left
    out), and every subset of them that holds such a four.

    Only lines through the disc just dropped can complete a four, and one set lookup tests
    all the lines along ``directions`` at once. A direction is ``(d_row, d_column,
    starts)``: its windows of four begin ``start`` steps from ``cell``, -3 to 0; the new
    disc is the top of its column, so up has one window, the three cells below it."""
    row, col = cell % _H1, cell // _H1
    windows = []
    for dr, dc, starts in directions:
        for start in starts:
            cells = [(row + dr * k, col + dc * k) for k in range(start, start + 4) if k]
            if all(0 <= r < HEIGHT and 0 <= c < WIDTH for r, c in cells):
                windows.append(sum(1 << (_H1 * c + r) for r, c in cells))
    around = 0
    for w in windows:
        around |= w
    return around, frozenset(w | more for w in windows for more in _subsets(around & ~w))


_OFFSETS = range(-3, 1)
_UP_ACROSS = ((1, 0, (-3,)), (0, 1, _OFFSETS))
_DIAGONALS = ((1, 1, _OFFSETS), (1, -1, _OFFSETS))


def _drops(c: int) -> dict[int, tuple]:
    """What a disc dropped in column ``c`` does, by the discs already in the column: the
    new disc, the two line tests of :func:`_fours_through`, and the bit of ``c`` in
    ``closed`` if the disc fills the column (else 0). A full column has no entry."""
    out = {}
    for r in range(HEIGHT):
        cell = _H1 * c + r
        out[_COLUMN[c] & ((1 << cell) - 1)] = (
            1 << cell, *_fours_through(cell, _UP_ACROSS), *_fours_through(cell, _DIAGONALS),
            1 << c if r == HEIGHT - 1 else 0)
    return out


_DROP = {c: (_COLUMN[c], _drops(c)) for c in range(WIDTH)}  # a dict: no negative columns


def _reflect(b: int) -> int:
    """Columns 0..6 of ``b`` (both boards, 49 bits apart) as columns 6..0."""
    # Two delta swaps: columns 0-2 with 4-6 (28 bits apart), then 0 with 2 and 4 with 6.
    t = (b >> 28 ^ b) & _SWAP_28
    b ^= t * _TWICE_28  # t | t << 28
    t = (b >> 14 ^ b) & _SWAP_14
    return b ^ t * _TWICE_14


def _has_four(b: int) -> bool:
    for d in (1, 7, 6, 8):  # up, across, diagonal / and diagonal \
        y = b & (b >> d)
        if y & (y >> 2 * d):
            return True
    return False


class Position(tuple):
    """A Connect Four position: the tuple ``(mask, mover, to_move, over, closed)``.

    ``mask`` holds every disc and ``mover`` the discs of the player to move, as bitboards
    (bit ``7 * column + row``); ``to_move`` is MAX (0) or MIN (1); ``over`` is True once
    the game has ended; bit ``c`` of ``closed`` is set when column ``c`` is full, and
    ``closed`` is 255 after four in a row. ``result`` works these out once, so the other
    calls read one field. Build positions with :meth:`ConnectFour.parse` or
    :meth:`ConnectFour.result`; ``str`` shows the six rows top to bottom separated by ``/``.

    >>> p = ConnectFour.parse('......./......./......./......./...o.../...x...')
    >>> p.x == 1 << 21, p.o == 1 << 22
    (True, True)
    >>> p == (1 << 21 | 1 << 22, 1 << 21, MAX, False, 0)
    True

    ``Position(fields)`` checks that the fields describe a position some game of Connect Four
    can reach (the discs rest on each other, the side to move and the end of the game agree
    with the discs), so the game's methods need only check that a state is a Position:

    >>> Position((2, 0, MIN, False, 0))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: Position((2, 0, 1, False, 0)) is not a Connect Four position: column 0 has a ...
    """

    __slots__ = ()

    def __new__(cls, fields: Any = ()) -> Position:
        return _checked_position(fields)

    @property
    def x(self) -> int:
        """MAX's discs as a bitboard (bit ``7 * column + row``)."""
        return self[0] ^ self[1] if self[2] else self[1]

    @property
    def o(self) -> int:
        """MIN's discs as a bitboard (bit ``7 * column + row``)."""
        return self[1] if self[2] else self[0] ^ self[1]

    def cell(self, column: int, row: int) -> str:
        """``'x'``, ``'o'`` or ``'.'`` at ``column`` and ``row`` (row 0 at the bottom)."""
        bit = 1 << (_H1 * column + row)
        return "x" if self.x & bit else "o" if self.o & bit else "."

    def __int__(self) -> int:
        """The position as one int: bit 0 the player to move, bit 1 "the game is over", bit
        2 "the last move won", bits 3-51 the mover's discs, bits 52-100 all discs.
        Positions compare as these ints do."""
        mask, mover, to_move, over, closed = self
        return to_move | over << 1 | (closed == _WON) << 2 | mover << 3 | mask << 52

    def __str__(self) -> str:
        return "/".join("".join(self.cell(c, r) for c in range(WIDTH))
                        for r in reversed(range(HEIGHT)))

    def __repr__(self) -> str:
        return f"ConnectFour.parse({str(self)!r})"

    def _repr_svg_(self) -> str | None:
        return picture(ConnectFour(), self)


_new = tuple.__new__  # builds a Position the rules made, without checking it again
_HOW = ("build positions with ConnectFour.parse(...), ConnectFour.initial or "
        "game.result(...)")


def _position(to_move: int, x: int, o: int) -> Position:
    """Build a position from MAX's and MIN's bitboards (checked by the caller)."""
    won = _has_four(o if to_move == MAX else x)  # only the player who just moved can have won
    mask = x | o
    closed = _WON if won else _CLOSED[mask & _TOP]
    return _new(Position, (mask, x if to_move == MAX else o, to_move, closed >= _ALL, closed))


def _checked_position(fields: Any) -> Position:
    """``Position(fields)``: the position, if the five fields are one some game reaches;
    else a ValueError saying which rule they break."""
    try:
        mask, mover, to_move, over, closed = fields
    except (TypeError, ValueError):
        raise ValueError(f"Position({fields!r:.80}) is not a Connect Four position: it takes "
                         f"the five fields (mask, mover, to_move, over, closed); {_HOW}") from None
    shown = f"Position({tuple(fields)!r:.120}) is not a Connect Four position"
    if not all(v.__class__ is int for v in (mask, mover, to_move, closed)) \
            or over.__class__ is not bool or to_move not in (MAX, MIN):
        raise ValueError(f"{shown}: mask, mover and closed are ints, to_move MAX (0) or MIN "
                         f"(1), over a bool; {_HOW}")
    if mask & ~_BOARD or mover & ~mask:
        raise ValueError(f"{shown}: mask holds the discs on the 7 x 6 board (bit 7 * column + "
                         f"row) and mover some of them; {_HOW}")
    x, o = (mover, mask ^ mover) if to_move == MAX else (mask ^ mover, mover)
    text = "/".join("".join("x" if x >> (_H1 * c + r) & 1 else "o" if o >> (_H1 * c + r) & 1
                            else "." for c in range(WIDTH)) for r in reversed(range(HEIGHT)))
    try:
        made = ConnectFour.parse(text)
    except ValueError as e:
        raise ValueError(f"{shown}: {e}; {_HOW}") from None
    if made[2] != to_move:
        raise ValueError(f"{shown}: x has {x.bit_count()} discs and o {o.bit_count()}, so "
                         f"{player_name(made[2])} is to move, not {player_name(to_move)}; {_HOW}")
    if tuple(made) != (mask, mover, to_move, over, closed):
        raise ValueError(f"{shown}: over must be {made[3]} and closed {made[4]} for these "
                         f"discs; {_HOW}")
    return made


class ConnectFour(WinPayoff):
    """Connect Four: 7 columns, 6 rows, MAX (``x``) first; a move is a column 0..6.

    A win is worth ``win`` to the winner and ``-win`` to the loser; a full board without
    four in a row is a draw (0). ``win`` is ``+inf`` by default, so that a finished game
    outranks every static evaluation in a depth-limited search (``evaluate`` reaches
    hundreds); ``ConnectFour(win=1)`` scores games +1/0/-1.

    Examples
    --------
    >>> game = ConnectFour()
    >>> game
    ConnectFour()
    >>> game.moves(game.initial)
    (0, 1, 2, 3, 4, 5, 6)
    >>> game.to_move(game.result(game.initial, 3)) == MIN
    True
    """

    initial: Position = _new(Position, (0, 0, MAX, False, 0))
    sides = {MAX: "Red", MIN: "Yellow"}
    move_grid = (tuple(range(WIDTH)),)
    max_play_depth = 8  # the play widget's deepest search: about a second from the start
    evaluations = ("evaluate",)
    move_help = "a column number 0..6"
    state_help = f"a state is a Connect Four position (a Position): {_HOW}"

    def is_state(self, s: Any) -> bool:
        """True for a :class:`Position` (a Position is checked when it is built, so its
        class is the check, and every protocol method makes it).

        >>> ConnectFour().is_state(ConnectFour.initial), ConnectFour().is_state((0, 0, 0, 0, 0))
        (True, False)
        """
        return s.__class__ is Position

    def unchecked(self) -> dict[str, Any] | None:
        """``is_terminal`` and ``to_move`` as bare field reads, and MAX's ``utility`` of a
        finished game, for the searchers (:meth:`GameBase.unchecked
        <aisearch.core.GameBase.unchecked>`): right for every Position (the class is the
        check); None for a subclass that replaces a protocol method.

        >>> fast, s = ConnectFour(win=1).unchecked(), ConnectFour.parse(
        ...     '......./......./o....../o....../o....../oxx.x.x')
        >>> fast["to_move"](ConnectFour.initial) == MAX, fast["utility"](s)
        (True, -1)
        """
        if not self.protocol_is(ConnectFour):
            return None
        return self._by_payoff(_WITH_UTILITY, _unchecked_with_utility)

    @checks_state
    def to_move(self, s: Position) -> int:
        """MAX or MIN, whoever drops the next disc.

        >>> ConnectFour().to_move(ConnectFour.initial) == MAX
        True
        """
        if s.__class__ is Position:
            return s[2]
        raise self.not_a_state(s)

    @checks_state
    def moves(self, s: Position) -> tuple[int, ...]:
        """The columns that are not full, left to right; ``()`` once the game is over.

        >>> ConnectFour().moves(ConnectFour.parse('x....../o....../x....../o....../'
        ...                                       'x....../o......'))
        (1, 2, 3, 4, 5, 6)
        """
        if s.__class__ is Position:
            return _OPEN[s[4]]
        raise self.not_a_state(s)

    @checks_state
    def result(self, s: Position, m: int) -> Position:
        """The position after the player to move drops a disc in column ``m``.

        >>> ConnectFour().result(ConnectFour.initial, 0)
        ConnectFour.parse('......./......./......./......./......./x......')
        """
        if s.__class__ is not Position or m.__class__ is not int:  # (a bool is not a column)
            return self._result_of_other_int(s, m)
        mask, mover, to_move, over, closed = s
        try:
            column, drops = _DROP[m]
            stone, a, fours_a, b, fours_b, fills = drops[mask & column]  # KeyError: full
        except KeyError:
            raise self._error(s, m) from None
        if over:
            raise self._error(s, m)
        # The new disc is not in mask, and mover's discs are in it: + and - are | and ^.
        # Four in a row through the new disc: up and across, then the two diagonals.
        if (mover & a) in fours_a or (mover & b) in fours_b:
            return _new(Position, (mask + stone, mask - mover, 1 - to_move, True, _WON))
        if fills:
            closed |= fills
            return _new(Position, (mask + stone, mask - mover, 1 - to_move, closed == _ALL,
                                   closed))
        return _new(Position, (mask + stone, mask - mover, 1 - to_move, False, closed))

    @checks_state
    def move_order(self, s: Position, moves: Sequence[int]) -> tuple[int, ...]:
        """Connect Four's own move ordering: ``moves`` (columns open in ``s``) best first.

        Wins first, then blocks of the opponent's four, then the moves that leave the most
        threats (cells where one more disc makes four), the centre first on ties, and last
        the moves that hand the opponent a win; all on the bitboard
        (:func:`~aisearch.games.connect4_order.threat_order`), for
        :func:`~aisearch.search.efficiency.engine.enhanced_search`'s ``static=True``.

        >>> game = ConnectFour()
        >>> s = ConnectFour.parse('......./......./......./......./...o.../.xxx.oo')
        >>> game.move_order(s, game.moves(s))  # x wins in column 4 or 0
        (4, 0, 3, 2, 1, 5, 6)
        """
        if s.__class__ is not Position:
            raise self.not_a_state(s)
        legal = _OPEN[s[4]]
        if moves is not legal:  # (the engine passes moves(s) itself: nothing to check)
            for m in moves:
                if m not in legal or m.__class__ is bool:
                    raise self._error(s, m)
        return threat_order(s[0], s[1], moves)

    move_order.permutes = True  # type: ignore[attr-defined]  # its answers need no check

    def _result_of_other_int(self, s: Position, m: Any) -> Position:
        """``result`` for a numpy integer column (from ``np.argmax``, say); any other move
        that ``result`` refused is illegal, and the error says why."""
        column = as_int(m)
        if s.__class__ is Position and column is not None and m.__class__ is not int:
            try:
                return self.result(s, column)
            except IllegalMoveError:
                pass  # (said below of the move as given)
        raise self._error(s, m)

    def _error(self, s: Any, m: Any) -> Exception:
        if s.__class__ is not Position:
            return self.not_a_state(s)
        column = as_int(m)
        if s[3] or column is None:
            return self.illegal(s, m)  # (the game is over, or what a move is)
        return self.illegal(s, m, "columns are numbered 0..6" if not 0 <= column < WIDTH
                            else f"column {column} is full")

    @checks_state
    def is_terminal(self, s: Position) -> bool:
        """True after four in a row or when the board is full.

        >>> ConnectFour().is_terminal(ConnectFour.initial)
        False
        """
        if s.__class__ is Position:
            return s[3]
        raise self.not_a_state(s)

    @checks_state
    def utility(self, s: Position, player: int = MAX) -> float:
        """``win`` if ``player`` made four in a row, ``-win`` if the opponent did, 0 if full.

        >>> s = ConnectFour.parse('......./......./o....../o....../o....../oxx.x.x')
        >>> ConnectFour().utility(s, MIN), ConnectFour(win=1).utility(s, MAX)
        (inf, -1)
        """
        if s.__class__ is not Position:
            raise _RULES.not_a_state(s)
        if s[4] == _WON:
            u = self.win if s[2] else -self.win  # the mover won: MAX if MIN is to move
        elif s[3]:
            u = 0
        else:
            raise ValueError(f"utility is defined at terminal positions only, not {s!r}")
        return for_player(u, player, self)

    @staticmethod
    def winner(s: Position) -> int | None:
        """MAX or MIN if that player has four in a row, else None.

        >>> ConnectFour.winner(ConnectFour.initial) is None
        True
        """
        if s.__class__ is not Position:
            raise _RULES.not_a_state(s)
        if s[4] != _WON:
            return None
        return MAX if s[2] else MIN

    @staticmethod
    def evaluate(s: Position) -> float:
        """The classic window-count heuristic, from MAX's point of view.

        Of the 69 windows of four cells in a line (24 across, 21 up, 24 diagonal), each
        holding discs of one player only scores 1, 10 or 100 for 1, 2 or 3 discs: plus
        for MAX's windows, minus for MIN's. Each disc in the centre column adds 3 for
        its owner. A win is ``+inf`` (MAX) or ``-inf`` (MIN); a full board without a
        win is 0. Swapping colours negates the value; mirroring keeps it.

        >>> e = ConnectFour.evaluate
        >>> e(ConnectFour.parse('......./......./......./......./......./...x...'))
        10
        >>> e(ConnectFour.parse('......./......./......./......./......./x......'))
        3
        """
        if s.__class__ is not Position:
            raise _RULES.not_a_state(s)
        mask, mover, to_move, over, closed = s
        if over:
            if closed == _WON:
                return math.inf if to_move else -math.inf
            return 0
        x = mask ^ mover if to_move else mover
        o = mask ^ x
        # Both players at once: MAX in bits 0-48, MIN 80 bits up (see _LANE).
        both = x | o << _LANE
        free = (_BOARD ^ o) | (_BOARD ^ x) << _LANE  # cells not held by the opponent
        lows = mids = threes = 0
        for d, d2, at in _DIRECTIONS:
            b, c, e = both >> d, both >> d2, both >> (d + d2)
            g = free & (free >> d)
            f = g & (g >> d2)  # windows (named by their first cell) free of the opponent
            # Add the four bit planes: (mid, low) is the disc count 1..3 of each window.
            s1, s2 = both ^ b, c ^ e
            low = (s1 ^ s2) & f
            mid = ((both & b) ^ (c & e) ^ (s1 & s2)) & f
            lows |= low << at
            mids |= mid << at
            threes |= (low & mid) << at
        # With one 1-bit per window: windows with 1 disc = lows - threes, with 2 = mids -
        # threes, so 1 * ones + 10 * twos + 100 * threes = lows + 10 mids + 89 threes; and
        # popcount(m ^ _FLIP) - 168 is (MAX's windows in m) - (MIN's windows in m).
        score = ((lows ^ _FLIP).bit_count() + 10 * (mids ^ _FLIP).bit_count()
                 + 89 * (threes ^ _FLIP).bit_count() - 100 * 168)
        return score + _CENTRE_BONUS * ((x & _CENTRE).bit_count() - (o & _CENTRE).bit_count())

    def successor_values(self, evaluate: Any) -> Any:
        """``values(s)``: the static value of every successor of ``s`` at once, for static
        move ordering, if ``evaluate`` is :meth:`evaluate` (else None).

        ``values(s)`` maps each move ``m``, in ``moves(s)`` order, to ``utility(c, MAX)`` if
        its successor ``c = result(s, m)`` ends the game and ``evaluate(c)`` if not: equal
        to working them out one by one, two to three times faster. The windows of four are
        counted once for ``s``; a disc dropped in a cell changes only the windows through
        that cell (it adds to its owner's, spoils the opponent's).

        >>> game = ConnectFour()
        >>> s = ConnectFour.parse('......./......./......./......./...o.../.xxx.oo')
        >>> game.successor_values(ConnectFour.evaluate)(s)  # x wins in column 0 or 4
        {0: inf, 1: 207, 2: 225, 3: 216, 4: inf, 5: 199, 6: 197}
        >>> [game.utility(c) if game.is_terminal(c) else ConnectFour.evaluate(c)
        ...  for c in (game.result(s, m) for m in game.moves(s))]
        [inf, 207, 225, 216, inf, 199, 197]
        >>> game.successor_values(lambda s: 0) is None
        True
        """
        if evaluate is not ConnectFour.evaluate:
            return None
        win = self.win

        def values(s: Position) -> dict[int, float]:
            if s.__class__ is not Position:
                raise _RULES.not_a_state(s)
            mask, mover, to_move, over, closed = s
            if over:
                return {}
            x = mask ^ mover if to_move else mover
            o = mask ^ x
            both = x | o << _LANE
            free = (_BOARD ^ o) | (_BOARD ^ x) << _LANE
            lows = mids = threes = frees = 0
            for d, d2, at in _DIRECTIONS:  # as in evaluate, keeping the free windows too
                b, c, e = both >> d, both >> d2, both >> (d + d2)
                g = free & (free >> d)
                f = g & (g >> d2)
                s1, s2 = both ^ b, c ^ e
                low = (s1 ^ s2) & f
                mid = ((both & b) ^ (c & e) ^ (s1 & s2)) & f
                lows |= low << at
                mids |= mid << at
                threes |= (low & mid) << at
                frees |= f << at
            value = ((lows ^ _FLIP).bit_count() + 10 * (mids ^ _FLIP).bit_count()
                     + 89 * (threes ^ _FLIP).bit_count() - 100 * 168
                     + _CENTRE_BONUS * ((x & _CENTRE).bit_count() - (o & _CENTRE).bit_count()))
            ones, twos = lows & ~mids, mids & ~lows
            if to_move == MAX:
                own, opp, sign = _LANE_MAX, _LANE_MIN, 1
            else:
                own, opp, sign = _LANE_MIN, _LANE_MAX, -1
            # What a disc of the mover in a window adds (from the mover's view): an empty
            # window 1, one with 1 or 2 of its discs 9 or 90; one with 1, 2 or 3 of the
            # opponent's 1, 10 or 100 (it is spoilt); 1 = 10 - 9, 9 = 10 - 1, 90 = 100 - 10.
            by1 = (frees & ~(lows | mids) & own) | (ones & opp)
            by10 = (ones & own) | (twos & opp)
            by100 = (twos & own) | (threes & opp)
            less = ones & own
            less10 = twos & own
            wins = threes & own
            full = mask.bit_count() == WIDTH * HEIGHT - 1
            out = {}
            landing = mask + _BOTTOM
            for m in _OPEN[closed]:
                cell = landing & _COLUMN[m]
                through = _STARTS[cell]
                if wins & through:
                    out[m] = win * sign
                elif full:
                    out[m] = 0
                else:
                    gain = ((by1 & through).bit_count() - (less & through).bit_count()
                            + 10 * ((by10 & through).bit_count() - (less10 & through).bit_count())
                            + 100 * (by100 & through).bit_count()
                            + _BONUS[m])
                    out[m] = value + sign * gain
            return out

        return values

    @staticmethod
    def mirror(s: Position) -> Position:
        """The position reflected left to right.

        >>> ConnectFour.mirror(ConnectFour.parse('......./......./......./......./......./x......'))
        ConnectFour.parse('......./......./......./......./......./......x')
        """
        if s.__class__ is not Position:
            raise _RULES.not_a_state(s)
        mask, mover, to_move, over, closed = s
        b = _reflect(mover | mask << _BOTH)
        return _new(Position, (b >> _BOTH, b & _FULL, to_move, over, _REVERSED[closed]))

    @staticmethod
    def canonical(s: Position) -> Position:
        """The smaller of the position and its mirror image: ``min(s, mirror(s))``.

        >>> g = ConnectFour()
        >>> ConnectFour.canonical(g.result(g.initial, 6)) == g.result(g.initial, 0)
        True
        """
        if s.__class__ is not Position:
            raise _RULES.not_a_state(s)
        mask, mover, to_move, over, closed = s
        b = mover | mask << _BOTH  # orders as s does: by mask, then mover
        flipped = _reflect(b)
        if b <= flipped:
            return s
        return _new(Position, (flipped >> _BOTH, flipped & _FULL, to_move, over,
                               _REVERSED[closed]))

    @staticmethod
    def parse(text: str) -> Position:
        """Read six rows of seven cells, top to bottom, separated by ``/`` or newlines.

        ``x`` is MAX, ``o`` is MIN, ``.`` (or ``-``, ``_``) is empty; case is ignored.
        The checks are: the shape, the characters, no disc floating above an empty
        cell, x has as many discs as o or one more, at most one player has four in a
        row and that player moved last. (Not every board passing them is reachable.)

        >>> ConnectFour.parse('......./......./......./......./......./..O.X..')
        ConnectFour.parse('......./......./......./......./......./..o.x..')
        >>> ConnectFour.parse('......./......./......./......./...x.../.......')
        Traceback (most recent call last):
        ...
        ValueError: column 3 has a disc above an empty cell (row 0, counting from 0 at the bottom)
        """
        if not isinstance(text, str):
            raise TypeError(f"ConnectFour.parse expects a str of 6 rows, not {text!r}")
        rows = [r.strip() for r in text.strip().replace("\n", "/").split("/")]
        if len(rows) != HEIGHT or any(len(r) != WIDTH for r in rows):
            raise ValueError(f"cannot read {text!r} as a board: write {HEIGHT} rows of {WIDTH} "
                             "cells, top row first, separated by '/'")
        x = o = 0
        for i, row in enumerate(rows):
            r = HEIGHT - 1 - i
            for c, ch in enumerate(row.lower()):
                bit = 1 << (_H1 * c + r)
                if ch == "x":
                    x |= bit
                elif ch == "o":
                    o |= bit
                elif ch not in ".-_":
                    raise ValueError(f"unexpected {ch!r} in row {i + 1} of {text!r}: cells "
                                     "are 'x', 'o' or an empty mark '.', '-', '_'")
                elif (x | o) & (bit << 1):
                    raise ValueError(f"column {c} has a disc above an empty cell (row {r}, "
                                     "counting from 0 at the bottom)")
        nx, no = x.bit_count(), o.bit_count()
        if nx not in (no, no + 1):
            raise ValueError(f"impossible board: x moves first, so x has as many discs as o or "
                             f"one more; got {nx} x and {no} o")
        to_move = MIN if nx > no else MAX
        if _has_four(x) and _has_four(o):
            raise ValueError("impossible board: both x and o have four in a row")
        if _has_four(x if to_move == MAX else o):
            raise ValueError("impossible board: a player moved after the other had won")
        return _position(to_move, x, o)


_UNCHECKED = {"is_terminal": itemgetter(3), "to_move": itemgetter(2)}  # (over, to_move)
_WITH_UTILITY: dict[tuple, dict[str, Any]] = {}  # the unchecked functions, by payoff


def _unchecked_with_utility(win: float) -> dict[str, Any]:
    """The unchecked functions and MAX's utility of a finished game, a win paying ``win``."""
    def utility(s: Position) -> float:
        return (win if s[2] else -win) if s[4] == _WON else 0

    return {**_UNCHECKED, "utility": utility}


_RULES = ConnectFour()  # (says what is wrong where a static method meets a non-position)
