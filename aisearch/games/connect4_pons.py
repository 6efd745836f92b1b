"""Pascal Pons' test positions of Connect Four: his notation and his exact scores.

Pons published test sets with "Solving Connect 4: how to build a perfect AI" (his blog,
blog.gamesolver.org, and his GitHub repository PascalPons/connect4): each line a position,
written as the columns played from the empty board (``1`` to ``7``, left to right), and its
score. The score is exact: positive if the player to move wins, ``22`` minus the number of
discs the winner has played when the game ends (a quicker win scores higher); ``0`` a draw;
negative if the player to move loses (a slower loss scores higher).

A search with fastest wins (:mod:`aisearch.search`) scores a quicker win higher too, so its
answer holds the distance to the end of the game, and :func:`pons_score` turns that into
Pons' score; :func:`from_columns` reads his notation, :func:`read_pons` a set from its file
and :func:`pons_sample` the first lines of two sets, kept in this module.

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

__all__ = ["from_columns", "pons_score", "read_pons", "pons_sample", "SAMPLES"]

_GAME = ConnectFour()


SAMPLES: dict[str, tuple[tuple[str, int], ...]] = {
    # the first 20 lines of Test_L3_R1 (end-easy) and the first 10 of Test_L2_R1 (middle-easy)
    "Test_L3_R1": (
        ("2252576253462244111563365343671351441", -1),
        ("7422341735647741166133573473242566", 1),
        ("23163416124767223154467471272416755633", 0),
        ("71255763773133525731261364622167124446454", 0),
        ("65214673556155731566316327373221417", -1),
        ("52677675164321472411331752454", 0),
        ("3135151421347443544172316522225776773566", 0),
        ("562154564361751726662253737734213275114", 0),
        ("233377345754465174223731671122611552", 1),
        ("6763525635134453444361412671365712", -1),
        ("211376455663355325112113664364524722", 0),
        ("3146762114467714356347741621375222", -1),
        ("67152117737262713366376314254", 6),
        ("2762751722231276466633475674533", 5),
        ("3642756176227637211322113551637574556", 2),
        ("22647455554314246733661634615122372377511", 0),
        ("427566236745127177115664464254", 2),
        ("7172212567451542223676134464437761515", 0),
        ("641154574541323641152467137655232232366", 0),
        ("5775265212657176476365522624313714333", 2),
    ),
    "Test_L2_R1": (
        ("5554224333234511764415115", 4),
        ("52753311433677442422121", 8),
        ("1233722555341451114725221333", -1),
        ("271713432331713132", -11),
        ("6672375354252731116762237724", -2),
        ("763452543756455357732314", -8),
        ("662222576343651642712157", 8),
        ("3455565261655364217", -10),
        ("4661237137541742643224", 8),
        ("21253774536432517717274325", 2),
    ),
}
"""A small sample of two of Pons' sets, kept here so that lesson 04 runs anywhere (its
benchmark, ``benchmarks/bench_connect4.py``, reads the first 200 lines of three sets)."""


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
    >>> pons_score(s, 1, None)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: value 1 is a win or a loss, but plies is None: give its distance to the end ...
    """
    if s.__class__ is not Position:
        raise _GAME.not_a_state(s)
    if value == 0:
        return 0
    if plies is None:
        raise ValueError(f"value {value!r:.40} is a win or a loss, but plies is None: give its "
                         "distance to the end (win_distance(table, s) of a search with "
                         "fastest_wins=True); a draw has value 0")
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


def pons_sample(name: str, count: int | None = None) -> list[tuple[str, int]]:
    """The first ``count`` positions (all kept if None) of Pons' set ``name`` as this module
    keeps them (:data:`SAMPLES`): ``(columns played, his score)``.

    >>> pons_sample("Test_L2_R1", 2)
    [('5554224333234511764415115', 4), ('52753311433677442422121', 8)]
    """
    if name not in SAMPLES:
        raise ValueError(f"no sample of {name!r:.40} here; kept: {', '.join(SAMPLES)} "
                         "(read_pons reads a whole set from its file)")
    rows = SAMPLES[name]
    if count is not None and not (isinstance(count, int) and 0 <= count <= len(rows)):
        raise ValueError(f"count must be an int from 0 to {len(rows)} for {name}, not "
                         f"{count!r:.40}")
    return list(rows if count is None else rows[:count])
