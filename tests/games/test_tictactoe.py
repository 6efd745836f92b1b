"""Tic-tac-toe: known counts, Nilsson's e(p) and Fig 12.3, parsing, symmetry, errors."""

from __future__ import annotations

import math
from collections import Counter

import pytest

from aisearch.core import MAX, MIN, IllegalMoveError
from aisearch.games import SymmetryReduced, TicTacToe
from aisearch.games.tictactoe import Board

game = TicTacToe()
parse = TicTacToe.parse
e = TicTacToe.nilsson_eval


def walk(g, s, tally, seen):
    """Plain recursion over the game protocol: count nodes and finished games."""
    tally["nodes"] += 1
    seen.add(s)
    if g.is_terminal(s):
        tally[g.utility(s, MAX)] += 1
        return
    for m in g.moves(s):
        walk(g, g.result(s, m), tally, seen)


@pytest.fixture(scope="module")
def full_tree():
    tally, seen = Counter(), set()
    walk(TicTacToe(win=1), TicTacToe.initial, tally, seen)
    return tally, seen


def test_the_full_tree_has_549946_nodes_and_255168_games(full_tree):
    tally, _ = full_tree
    assert tally["nodes"] == 549_946
    assert tally[1] + tally[-1] + tally[0] == 255_168
    assert (tally[1], tally[-1], tally[0]) == (131_184, 77_904, 46_080)


def test_there_are_5478_positions_765_up_to_symmetry_and_958_terminal(full_tree):
    _, seen = full_tree
    assert len(seen) == 5_478
    assert seen == set(TicTacToe.states())
    assert len({TicTacToe.canonical(s) for s in seen}) == 765
    assert sum(game.is_terminal(s) for s in seen) == 958
    assert TicTacToe.states() == tuple(sorted(seen))


def test_every_state_is_a_board_with_consistent_protocol_answers():
    for s in TicTacToe.states():
        assert isinstance(s, Board)
        moves = game.moves(s)
        assert isinstance(moves, tuple)
        assert list(moves) == sorted(moves)
        assert game.is_terminal(s) == (not moves)
        assert game.to_move(s) in (MAX, MIN)
        if moves:
            for m in moves:
                child = game.result(s, m)
                assert game.to_move(child) != game.to_move(s)
                assert child.bit_count() == s.bit_count() + 1
        else:
            assert game.utility(s, MIN) == -game.utility(s, MAX)
            w = TicTacToe.winner(s)
            assert game.utility(s, MAX) == {MAX: math.inf, MIN: -math.inf, None: 0}[w]
            assert TicTacToe(win=1).utility(s, MAX) == {MAX: 1, MIN: -1, None: 0}[w]


def test_parse_and_str_round_trip_on_every_reachable_board():
    for s in TicTacToe.states():
        assert parse(str(s)) is s
        assert eval(repr(s)) == s  # repr reads as a constructor call


def test_parse_accepts_other_spellings():
    b = parse("x.o/.x./..o")
    assert str(b) == "x.o/.x./..o"
    assert parse("X-O/-X-/--O") == b
    assert parse("x_o_x___o") == b
    assert parse("x.o.x...o") == b
    assert parse(" x.o / .x. / ..o ") == b
    assert parse("x.o\n.x.\n..o\n") == b
    assert repr(b) == "TicTacToe.parse('x.o/.x./..o')"
    assert (b.x, b.o) == (0b000010001, 0b100000100)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("x.o/.x.", "3 rows of 3 cells"),
        ("x.o/.x./..o/...", "3 rows of 3 cells"),
        ("xx.o/.x./..o", "3 rows of 3 cells"),
        ("x.o/.z./..o", "unexpected 'z' in row 2"),
        ("x0./.../...", "unexpected '0'"),
        ("oo./.../...", "got 0 x and 2 o"),
        ("xxx/.../o..", "got 3 x and 1 o"),
        ("xxx/ooo/...", "both X and O have three in a row"),
        ("xxx/oo./o..", "O moved after X had already won"),
        ("ooo/xx./xx.", "X moved after O had already won"),
    ],
)
def test_parse_rejects_bad_text_saying_what_is_wrong(text, words):
    with pytest.raises(ValueError) as info:
        parse(text)
    assert words in str(info.value)


def test_parse_rejects_non_strings():
    with pytest.raises(TypeError, match="expects a str"):
        parse(123)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (".../.../...", 0),  # 8 - 8
        (".../.x./...", 4),  # 8 - 4: the centre is on 4 lines
        ("x../.../...", 3),  # 8 - 5: a corner is on 3 lines
        (".x./.../...", 2),  # 8 - 6: an edge is on 2 lines
        ("o../.x./...", 1),  # (8 - 3) - (8 - 4)
        ("x../.o./...", -1),  # (8 - 4) - (8 - 3)
        ("xxx/oo./...", math.inf),
        ("xx./ooo/x..", -math.inf),
        ("xox/xoo/oxx", 0),  # a full drawn board: no line is open for anyone
    ],
)
def test_nilsson_eval_on_hand_checked_boards(text, value):
    assert e(parse(text)) == value


@pytest.mark.slow
def test_nilsson_eval_is_antisymmetric_under_swapping_x_and_o():
    for s in TicTacToe.states():
        if s.x.bit_count() == s.o.bit_count():
            swapped = Board(s.o | s.x << 9)
            if swapped in set(TicTacToe.states()):
                assert e(swapped) == -e(s)


def test_symmetry_reduction_keeps_corner_edge_and_centre():
    reduced = SymmetryReduced(game)
    assert reduced.moves(reduced.initial) == (0, 1, 4)
    assert repr(reduced) == "SymmetryReduced(TicTacToe())"
    assert reduced.nilsson_eval is TicTacToe.nilsson_eval  # passed through
    assert reduced.result(reduced.initial, 4) == parse(".../.x./...")
    with pytest.raises(IllegalMoveError, match="symmetric to a listed move") as info:
        reduced.result(reduced.initial, 8)  # a corner, but not the first corner
    assert info.value.legal == (0, 1, 4)
    with pytest.raises(IllegalMoveError, match="legal moves: 0, 1, 4$"):
        reduced.result(reduced.initial, 4.0)
    assert reduced == SymmetryReduced(TicTacToe()) and game == TicTacToe() != reduced


def tips(g, s, depth):
    if depth == 0 or g.is_terminal(s):
        return 1
    return sum(tips(g, g.result(s, m), depth - 1) for m in g.moves(s))


def test_fig_12_3_has_12_tip_nodes_with_symmetry_and_72_without():
    assert tips(SymmetryReduced(game), game.initial, 2) == 12
    assert tips(game, game.initial, 2) == 72


def minimax(g, s, depth):
    """Depth-limited minimax over e(p), written out here to stay independent of aisearch.search."""
    if g.is_terminal(s):
        return g.utility(s, MAX)
    if depth == 0:
        return e(s)
    values = [minimax(g, g.result(s, m), depth - 1) for m in g.moves(s)]
    return max(values) if g.to_move(s) == MAX else min(values)


def test_fig_12_3_backed_up_values_are_corner_minus1_edge_minus2_centre_plus1():
    reduced = SymmetryReduced(game)
    values = {m: minimax(reduced, reduced.result(reduced.initial, m), 1) for m in (0, 1, 4)}
    assert values == {0: -1, 1: -2, 4: 1}
    assert minimax(reduced, reduced.initial, 2) == 1
    assert minimax(game, game.initial, 2) == 1  # symmetry changes the work, not the value


def test_canonical_is_the_same_for_all_symmetric_images():
    for s in TicTacToe.states()[::7]:
        images = TicTacToe.symmetries(s)
        assert len(images) == 8 and images[0] is s
        assert {TicTacToe.canonical(t) for t in images} == {TicTacToe.canonical(s)}
        assert TicTacToe.canonical(s) == min(images)


@pytest.mark.parametrize(
    ("text", "move", "why"),
    [
        ("x../.../...", 0, "cell 0 is taken"),
        ("x../.../...", 9, "numbered 0..8"),
        ("x../.../...", -1, "numbered 0..8"),
        ("x../.../...", "4", "not a str"),
        ("x../.../...", 4.0, "not a float"),
        ("x../.../...", None, "not a NoneType"),
        ("xxx/oo./...", 5, "the game is over"),
    ],
)
def test_illegal_moves_raise_and_list_the_legal_moves(text, move, why):
    s = parse(text)
    with pytest.raises(IllegalMoveError) as info:
        game.result(s, move)
    message = str(info.value)
    assert why in message
    assert info.value.legal == game.moves(s)
    if game.moves(s):
        assert "legal moves: 1, 2, 3, 4, 5, 6, 7, 8" in message
    else:
        assert "none (the game is over)" in message
    assert isinstance(info.value, ValueError)


def test_unknown_states_and_nonterminal_utilities_are_refused():
    with pytest.raises(ValueError, match="not a state of TicTacToe.*reachable tic-tac-toe board"):
        game.moves("x........")
    with pytest.raises(ValueError, match="not a state of TicTacToe"):
        game.result(Board(0b111 | 0b111 << 9), 3)
    with pytest.raises(ValueError, match="terminal boards only"):
        game.utility(game.initial)
    with pytest.raises(ValueError, match="MAX \\(0\\) or MIN \\(1\\)"):
        game.utility(parse("xxx/oo./..."), 2)


def test_svg_is_deterministic_and_draws_the_marks():
    b = parse("x.o/.x./..o")
    svg = b._repr_svg_()
    assert svg == parse("x.o/.x./..o")._repr_svg_()
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    assert svg.count("<circle") == 2 and svg.count("<path") == 2
    assert repr(game) == "TicTacToe()"
