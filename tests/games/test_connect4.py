"""Connect Four: wins in every direction, draws, move order, evaluation, parsing, counts."""

from __future__ import annotations

import math
import random

import pytest

from aisearch.core import MAX, MIN, IllegalMoveError
from aisearch.games.connect4 import ConnectFour, Position

game = ConnectFour()
parse = ConnectFour.parse
EMPTY = "/".join(["......."] * 6)
DRAW = [0, 0, 0, 0, 0, 0, 5, 5, 5, 5, 5, 5, 3, 3, 3, 3, 3, 3, 1, 1, 1, 1, 1, 1,
        4, 6, 6, 6, 6, 6, 6, 4, 4, 4, 4, 2, 2, 2, 2, 2, 2, 4]


def play(columns, s=None):
    s = game.initial if s is None else s
    for c in columns:
        s = game.result(s, c)
    return s


def random_positions(n, seed=0):
    """Positions met in random playouts (terminal ones included)."""
    rng, out = random.Random(seed), []
    while len(out) < n:
        s = game.initial
        while not game.is_terminal(s):
            s = game.result(s, rng.choice(game.moves(s)))
            out.append(s)
    return out


@pytest.mark.parametrize(
    ("columns", "winner"),
    [
        ([0, 0, 1, 1, 2, 2, 3], MAX),  # across the bottom row
        ([6, 0, 1, 0, 1, 0, 2, 0], MIN),  # up column 0
        ([0, 1, 1, 2, 2, 3, 2, 3, 3, 6, 3], MAX),  # diagonal /
        ([6, 5, 5, 4, 4, 3, 4, 3, 3, 0, 3], MAX),  # diagonal \
        ([0, 1, 1, 2, 2, 6, 3, 6, 2, 3, 3, 4, 3], MAX),  # diagonal / not from the floor
    ],
)
def test_four_in_a_row_wins_in_every_direction(columns, winner):
    before = play(columns[:-1])
    assert not game.is_terminal(before) and ConnectFour.winner(before) is None
    s = game.result(before, columns[-1])
    assert game.is_terminal(s)
    assert game.moves(s) == ()
    assert ConnectFour.winner(s) == winner
    assert game.utility(s, winner) == math.inf and game.utility(s, 1 - winner) == -math.inf
    scored = ConnectFour(win=1)
    assert scored.utility(s, winner) == 1 and scored.utility(s, 1 - winner) == -1
    assert ConnectFour.evaluate(s) == (math.inf if winner == MAX else -math.inf)


def test_a_full_board_without_four_in_a_row_is_a_draw():
    s = play(DRAW[:-1])
    assert game.moves(s) == (4,)
    s = game.result(s, 4)
    assert str(s) == "ooxooox/xxoxxxo/ooxooox/xxoxxxo/ooxooox/xxoxxxo"
    assert game.is_terminal(s) and game.moves(s) == ()
    assert ConnectFour.winner(s) is None
    assert game.utility(s, MAX) == game.utility(s, MIN) == 0
    assert ConnectFour.evaluate(s) == 0
    assert parse(str(s)) == s


def test_moves_are_the_open_columns_left_to_right():
    assert game.moves(game.initial) == (0, 1, 2, 3, 4, 5, 6)
    s = play([3, 3, 3, 3, 3, 3])
    assert game.moves(s) == (0, 1, 2, 4, 5, 6)
    assert game.to_move(game.initial) == MAX and game.to_move(play([3])) == MIN
    assert str(play([3, 3, 4])) == "......./......./......./......./...o.../...xx.."


@pytest.mark.parametrize(
    ("columns", "move", "why"),
    [
        ([3, 3, 3, 3, 3, 3], 3, "column 3 is full"),
        ([], 7, "numbered 0..6"),
        ([], -1, "numbered 0..6"),
        ([], "3", "not a str"),
        ([], 3.0, "not a float"),
        ([0, 0, 1, 1, 2, 2, 3], 4, "the game is over"),
    ],
)
def test_illegal_moves_raise_and_list_the_legal_moves(columns, move, why):
    s = play(columns)
    with pytest.raises(IllegalMoveError) as info:
        game.result(s, move)
    assert why in str(info.value)
    assert info.value.legal == game.moves(s)
    assert isinstance(info.value, ValueError)


def test_utility_is_refused_before_the_end():
    with pytest.raises(ValueError, match="terminal positions only"):
        game.utility(game.initial)


def reference_evaluate(s):
    """The heuristic written the slow, obvious way over the 69 windows."""
    if ConnectFour.winner(s) is not None:
        return math.inf if ConnectFour.winner(s) == MAX else -math.inf
    if game.is_terminal(s):
        return 0
    windows = [[(c + k * dc, r + k * dr) for k in range(4)]
               for c in range(7) for r in range(6)
               for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1))
               if 0 <= c + 3 * dc < 7 and 0 <= r + 3 * dr < 6]
    assert len(windows) == 69
    score = 0
    for w in windows:
        cells = [s.cell(c, r) for c, r in w]
        nx, no = cells.count("x"), cells.count("o")
        if nx and not no:
            score += {1: 1, 2: 10, 3: 100}[nx]
        if no and not nx:
            score -= {1: 1, 2: 10, 3: 100}[no]
    return score + 3 * sum({"x": 1, "o": -1, ".": 0}[s.cell(3, r)] for r in range(6))


def test_evaluate_matches_the_window_count_written_out():
    assert ConnectFour.evaluate(game.initial) == 0
    assert ConnectFour.evaluate(play([3])) == 7 + 3  # 7 windows hold cell (3, 0)
    # x under o in the centre: x keeps 4 across + 2 diagonal windows (not up: o blocks it);
    # o has 4 across + 1 up + 2 + 2 diagonal; each gets the centre bonus 3.
    assert ConnectFour.evaluate(play([3, 3])) == (6 + 3) - (9 + 3)
    for s in random_positions(400):
        assert ConnectFour.evaluate(s) == reference_evaluate(s), str(s)


def test_evaluate_is_mirror_symmetric_and_colour_antisymmetric():
    for s in random_positions(300, seed=1):
        mirror = ConnectFour.mirror(s)
        assert str(mirror) == "/".join(row[::-1] for row in str(s).split("/"))
        assert ConnectFour.mirror(mirror) == s
        assert ConnectFour.evaluate(mirror) == ConnectFour.evaluate(s)
        assert game.moves(mirror) == tuple(6 - c for c in reversed(game.moves(s)))
        if s.x.bit_count() == s.o.bit_count() and not game.is_terminal(s):
            swapped = parse(str(s).translate(str.maketrans("xo", "ox")))
            assert ConnectFour.evaluate(swapped) == -ConnectFour.evaluate(s)


def test_parse_and_str_round_trip():
    assert str(game.initial) == EMPTY
    for s in random_positions(300, seed=2):
        assert isinstance(s, Position)
        assert parse(str(s)) == s
        assert eval(repr(s)) == s
    assert parse(EMPTY.upper().replace(".", "-")) == game.initial
    assert parse("\n".join(["_______"] * 5 + ["...X..."])) == play([3])
    assert repr(game) == "ConnectFour()"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("......./.......", "6 rows of 7 cells"),
        (EMPTY + "x", "6 rows of 7 cells"),
        (EMPTY[:-1] + "z", "unexpected 'z' in row 6"),
        (EMPTY[:-16] + "/x....../.......", "column 0 has a disc above an empty cell (row 0"),
        (EMPTY[:-7] + "oo.....", "got 0 x and 2 o"),
        (EMPTY[:-7] + "xxx....", "got 3 x and 0 o"),
        ("......./......./......./......./oooo.../xxxx...", "both x and o have four"),
        ("......./......./......./......./ooo..../xxxx.o.", "moved after the other had won"),
    ],
)
def test_parse_rejects_bad_text_saying_what_is_wrong(text, words):
    with pytest.raises(ValueError) as info:
        parse(text)
    assert words in str(info.value)


@pytest.mark.parametrize(("plies", "distinct", "leaves"), [
    (1, 7, 7), (2, 49, 49), (3, 238, 343), (4, 1120, 2401),
])
def test_perft_counts_from_the_empty_board(plies, distinct, leaves):
    level = [game.initial]
    for _ in range(plies):
        level = [game.result(s, m) for s in level for m in game.moves(s)]
    assert len(level) == leaves
    assert len(set(level)) == distinct


def test_states_are_hashable_and_result_leaves_its_input_alone():
    s = play([3, 2])
    before = int(s)
    t = game.result(s, 4)
    assert int(s) == before and t != s
    assert hash(play([2, 3, 4, 5])) == hash(play([4, 3, 2, 5])) and len({s, play([3, 2])}) == 1
    for s in random_positions(200, seed=3):
        if game.is_terminal(s):
            assert game.utility(s, MIN) == -game.utility(s, MAX)
        assert ConnectFour.canonical(s) == min(s, ConnectFour.mirror(s))


def test_svg_is_deterministic():
    s = play([3, 3, 4])
    svg = s._repr_svg_()
    assert svg == play([3, 3, 4])._repr_svg_()
    assert svg.startswith("<svg") and svg.count("<circle") == 42
    assert svg.count("#d62728") == 2 and svg.count("#f2c500") == 1


def test_wins_found_through_the_last_disc_match_a_whole_board_scan():
    """result() tests only the lines through the new disc; a full scan must agree."""
    from aisearch.games.connect4 import _has_four

    rng = random.Random(7)
    for _ in range(300):
        s = game.initial
        while not game.is_terminal(s):
            before = s
            s = game.result(s, rng.choice(game.moves(s)))
            mover = s.x if game.to_move(before) == MAX else s.o
            assert (ConnectFour.winner(s) is not None) == _has_four(mover)


def test_successor_values_at_once_equal_the_values_one_by_one():
    """Static ordering's shortcut: every successor's utility or evaluation, in move order,
    exactly as worked out one successor at a time (ints stay ints; wins are +-win)."""
    for g in (game, ConnectFour(win=1)):
        at_once = g.successor_values(ConnectFour.evaluate)
        for s in random_positions(1500, seed=3):
            want = tuple(g.utility(c) if g.is_terminal(c) else ConnectFour.evaluate(c)
                         for c in (g.result(s, m) for m in g.moves(s)))
            got = at_once(s)
            assert tuple(got) == g.moves(s), str(s)
            got = tuple(got.values())
            assert got == want, str(s)
            assert [type(v) for v in got] == [type(v) for v in want], str(s)
    assert game.successor_values(lambda s: 0) is None  # only for its own evaluation
