"""Pascal Pons' test positions of Connect Four: his notation and his exact scores.

Pons published test sets with "Solving Connect 4: how to build a perfect AI" (his blog,
blog.gamesolver.org, and his GitHub repository PascalPons/connect4): each line a position,
written as the columns played from the empty board (``1`` to ``7``, left to right), and its
score. The score is exact: positive if the player to move wins, ``22`` minus the number of
discs the winner has played when the game ends (a quicker win scores higher); ``0`` a draw;
negative if the player to move loses (a slower loss scores higher).

A search with fastest wins (:mod:`aisearch.search`) scores a quicker win higher too, so its
answer holds the distance to the end of the game, and :func:`pons_score` turns that into
Pons' score; :func:`from_columns` reads his notation and :func:`read_pons` a set.

Examples
--------
>>> s = from_columns("4455")  # x, o, x, o in columns 4, 4, 5, 5 (the course's 3, 3, 4, 4)
>>> str(s)
'......./......./......./......./...oo../...xx..'
>>> pons_score(s, 1, 3)  # x wins 3 plies on, with its 4th disc: 22 - 4
18
"""

from __future__ import annotations

from pathlib import Path

from aisearch.games.connect4 import ConnectFour, Position

__all__ = ["from_columns", "pons_score", "read_pons"]

_GAME = ConnectFour()


def from_columns(columns: str) -> Position:
    """The position after the columns ``columns`` were played from the empty board, in
    Pons' notation: one digit per move, ``1`` the leftmost column, ``7`` the rightmost (the
    course numbers them 0-6).

    >>> from_columns("")  == ConnectFour.initial
    True
    >>> from_columns("48")
    Traceback (most recent call last):
    ...
    ValueError: '48' is not a list of columns played: digits 1 to 7, one per move (8 is not)
    """
    if not isinstance(columns, str):
        raise TypeError(f"columns must be a string of digits 1-7, not {columns!r:.80}")
    s = ConnectFour.initial
    for ch in columns:
        if ch not in "1234567":
            raise ValueError(f"{columns!r:.80} is not a list of columns played: digits 1 to 7, "
                             f"one per move ({ch} is not)")
        s = _GAME.result(s, int(ch) - 1)
    return s


def pons_score(s: Position, value: float, plies: int | None) -> int:
    """Pons' score of ``s`` from a solving search's answer: ``value`` from MAX's (x's) point
    of view (its sign is enough) and ``plies``, the distance to the end of a won or lost game
    under best play (None for a draw; :func:`~aisearch.search.win_distance` reads it).

    A game that ends ``plies`` plies after ``s`` ends with ``discs + plies`` discs on the
    board, of which the winner, who played last, has half rounded up.

    >>> s = from_columns("4455")
    >>> pons_score(s, 1, 3), pons_score(s, 0, None), pons_score(s, -1, 4)
    (18, 0, -18)
    """
    if s.__class__ is not Position:
        raise _GAME.not_a_state(s)
    if plies is None or value == 0:
        return 0
    discs = s[0].bit_count()
    score = 22 - (discs + plies + 1) // 2
    mover_wins = (value > 0) == (_GAME.to_move(s) == 0)
    return score if mover_wins else -score


def read_pons(path: str | Path, count: int | None = None) -> list[tuple[str, int]]:
    """The first ``count`` lines (all if None) of one of Pons' test sets, the file at
    ``path``: ``(columns played, his score)`` per position.

    >>> import tempfile, os
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = os.path.join(folder, "Test_L3_R1")
    ...     _ = open(path, "w").write("2252576253462244111563365343671351441 -1\\n")
    ...     read_pons(path)
    [('2252576253462244111563365343671351441', -1)]
    """
    out: list[tuple[str, int]] = []
    for number, line in enumerate(Path(path).read_text().splitlines(), 1):
        if count is not None and len(out) >= count:
            break
        if not line.strip():
            continue
        try:
            columns, score = line.split()
            out.append((columns, int(score)))
        except ValueError:
            raise ValueError(f"{path}, line {number}: {line!r:.80} is not 'columns score' "
                             "(Pons' format)") from None
    return out
