"""Connect Four's own move ordering: wins, blocks, threats, worked out on the bitboard.

A good first move is worth more to alpha-beta than any other trick (lesson 04), and in
Connect Four a few bit operations find most of them (Pascal Pons orders his solver's moves
this way, "Solving Connect 4", parts 9 and 10):

1. a move that wins at once (four in a row);
2. a move that blocks a four the opponent would make next (the opponent's *threat*);
3. every other move, most threats first: the empty cells that would then complete a four
   of the player to move, counted after the move; ties go to the centre column first
   (3, then 2, 4, 1, 5, 0, 6);
4. last, a move that hands the opponent a win: a disc dropped just below a cell where the
   opponent's disc would make four lets the opponent play there next.

The bitboards are :mod:`aisearch.games.connect4`'s: bit ``7 * column + row``, an empty
sentinel row on top of each column, so a line never wraps from one column into the next.
:func:`winning_cells` finds every cell that completes a four in 25 shifts and ands. The
ordering needs it for nine boards at once (the board after a disc in each of the seven
columns, the mover's board and the opponent's), so it lays them side by side in one Python
int, 80 bits apart: a shift of at most 24 bits never carries a disc into its neighbour's
board (each board is 49 bits), and one pass of :func:`winning_cells` serves all nine.

Examples
--------
>>> from aisearch.games import ConnectFour
>>> s = ConnectFour.parse('......./......./......./......./...o.../.xxx.oo')
>>> threat_order(s[0], s[1], (0, 1, 2, 3, 4, 5, 6))  # x wins in 4 or 0 (the centre first)
(4, 0, 3, 2, 1, 5, 6)
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["threat_order", "winning_cells"]

WIDTH, HEIGHT = 7, 6
_H1 = HEIGHT + 1
_COLUMN = tuple(((1 << HEIGHT) - 1) << (_H1 * c) for c in range(WIDTH))
_BOARD = sum(_COLUMN)  # the 42 playable cells
_BOTTOM = sum(1 << (_H1 * c) for c in range(WIDTH))
_LANE = 80  # boards side by side, 80 bits apart (49 bits each, shifts of at most 24)
_MINE, _THEIRS = _LANE * WIDTH, _LANE * (WIDTH + 1)  # lanes 7 and 8
_COPIES = sum(1 << (_LANE * c) for c in range(WIDTH))  # x * _COPIES: x in lanes 0..6
_COPIES_8 = _COPIES | 1 << _MINE  # lanes 0..7
_COPIES_9 = _COPIES_8 | 1 << _THEIRS  # lanes 0..8
_OWN_COLUMN = sum(_COLUMN[c] << (_LANE * c) for c in range(WIDTH))  # column c in lane c
_LANE_CELLS = tuple(_BOARD << (_LANE * c) for c in range(WIDTH))
_RANK = (5, 3, 1, 0, 2, 4, 6)  # column -> place among equals: the centre first
_BY_RANK = (3, 2, 4, 1, 5, 0, 6)  # place -> column
_PLAIN = tuple((3 << 10) + (63 << 3) + _RANK[c] for c in range(WIDTH))  # see threat_order


def winning_cells(discs: int, mask: int) -> int:
    """The empty cells where one more disc of ``discs`` would make four in a row.

    ``discs`` are one player's discs and ``mask`` all discs, as bitboards.

    >>> from aisearch.games import ConnectFour
    >>> s = ConnectFour.parse('......./......./......./......./.ooo.../.xxx...')
    >>> cells = winning_cells(s.x, s[0])  # (column, row) of x's
    >>> [(c, r) for c in range(7) for r in range(6) if cells >> (7 * c + r) & 1]
    [(0, 0), (4, 0)]
    """
    x = discs
    r = (x << 1) & (x << 2) & (x << 3)  # up: three below
    for d in (_H1, HEIGHT, _H1 + 1):  # across, one diagonal, the other
        p = (x << d) & (x << 2 * d)  # two on one side ...
        r |= p & ((x << 3 * d) | (x >> d))  # ... and a third beyond them or on the other
        p = (x >> d) & (x >> 2 * d)
        r |= p & ((x << d) | (x >> 3 * d))
    return r & (_BOARD ^ mask)


def threat_order(mask: int, mover: int, moves: Sequence[int]) -> tuple[int, ...]:
    """``moves`` (legal columns) best first: wins, blocks, then most threats (centre first on
    ties), and moves that hand the opponent a win last.

    Parameters
    ----------
    mask, mover : int
        All discs and the discs of the player to move, as bitboards (a
        :class:`~aisearch.games.connect4.Position`'s first two fields).
    moves : sequence of int
        Columns that are not full; each comes back once for each time it was given.

    Examples
    --------
    >>> from aisearch.games import ConnectFour
    >>> s = ConnectFour.parse('......./......./......./......./...x.../.ooox.x')
    >>> threat_order(s[0], s[1], (0, 1, 2, 3, 4, 5, 6))  # x must block o's row in column 0
    (0, 3, 2, 4, 1, 5, 6)
    >>> threat_order(s[0], s[1], (6, 5, 0))
    (0, 5, 6)
    """
    if len(moves) < 2:
        return tuple(moves)
    possible = (mask + _BOTTOM) & _BOARD  # the cell each open column would fill
    dropped = (possible * _COPIES) & _OWN_COLUMN  # lane c: the disc dropped in column c
    x = mover * _COPIES_8 | dropped | (mask ^ mover) << _THEIRS
    # winning_cells of the nine lanes at once, written out (this runs at every node)
    r = (x << 1) & (x << 2) & (x << 3)  # up: three below
    # across, then the diagonals: two on one side and a third beyond them or on the other
    a, b = x << 7, x >> 7
    r |= a & (a << 7) & ((a << 14) | b) | b & (b >> 7) & (a | (b >> 14))
    a, b = x << 6, x >> 6
    r |= a & (a << 6) & ((a << 12) | b) | b & (b >> 6) & (a | (b >> 12))
    a, b = x << 8, x >> 8
    r |= a & (a << 8) & ((a << 16) | b) | b & (b >> 8) & (a | (b >> 16))
    r &= (_BOARD ^ mask) * _COPIES_9 ^ dropped  # empty cells (a dropped disc fills its own)
    wins = (r >> _MINE) & possible
    theirs = r >> _THEIRS
    blocks = theirs & possible
    # A key per move, sorted as ints: its class << 10 (0 a win, 1 a block, 3 any other, 7
    # a gift to the opponent), then in class 3, (63 - threats after it) << 3, then its place
    # among equals; the place (3 bits) gives the column back.
    special = wins | blocks | (theirs >> 1) & possible
    if special:
        keys = []
        for c in moves:
            cell = possible & _COLUMN[c]
            if not cell & special:
                keys.append(_PLAIN[c] - ((r & _LANE_CELLS[c]).bit_count() << 3))
            elif cell & wins:
                keys.append(_RANK[c])
            elif cell & blocks:
                keys.append(1 << 10 | _RANK[c])
            else:
                keys.append(7 << 10 | _RANK[c])
    else:
        keys = [_PLAIN[c] - ((r & _LANE_CELLS[c]).bit_count() << 3) for c in moves]
    keys.sort()
    return tuple([_BY_RANK[k & 7] for k in keys])
