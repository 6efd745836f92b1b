"""Tests for the two-robots game of Nilsson 12.1 (aisearch.games.robots)."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from functools import cache

import pytest

from aisearch.core import MAX, MIN, IllegalMoveError
from aisearch.games.robots import RobotsState, TwoRobots
from aisearch.solve import retrograde

MAPS = [
    "B.#./..#./...W",
    "B..W",
    "B./.W",
    "B.../.##./...W",
    "B#./..W",
]

GAMES = [TwoRobots.parse(m) for m in MAPS] + [
    TwoRobots.parse(m, max_plies=k) for m, k in zip(MAPS, (6, 3, 4, 9, 5), strict=True)
]


def colour(cell: tuple[int, int]) -> int:
    return (cell[0] + cell[1]) % 2


# -- construction, parsing, text ----------------------------------------------------------


def test_parse_reads_the_spaced_map_of_the_brief():
    """
    . . # .
    B . # .
    . . . W
    """
    game = TwoRobots.parse(test_parse_reads_the_spaced_map_of_the_brief.__doc__)
    assert (game.rows, game.cols) == (3, 4)
    assert game.walls == {(0, 2), (1, 2)}
    assert game.initial == RobotsState((1, 0), (2, 3), MIN)
    assert game == TwoRobots.parse("..#./B.#./...W")
    assert game == TwoRobots(3, 4, [(0, 2), (1, 2)], black=(1, 0), white=(2, 3))


@pytest.mark.parametrize("game", GAMES, ids=repr)
def test_repr_and_str_round_trip(game):
    assert eval(repr(game), {"TwoRobots": TwoRobots}) == game
    assert TwoRobots.parse(str(game), max_plies=game.max_plies) == game
    assert repr(game).startswith("TwoRobots.parse('")


def test_default_starts_are_opposite_corners():
    game = TwoRobots(3, 4)
    assert game.initial == RobotsState((0, 0), (2, 3), MIN)
    assert repr(game) == "TwoRobots.parse('B.../..../...W')"
    assert repr(TwoRobots(1, 2, max_plies=3)) == "TwoRobots.parse('BW', max_plies=3)"


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"rows": 0, "cols": 3}, "rows must be a positive int"),
        ({"rows": 2, "cols": -1}, "cols must be a positive int"),
        ({"rows": 2.5, "cols": 3}, "rows must be a positive int"),
        ({"rows": 2, "cols": 3, "walls": [(5, 0)]}, r"wall \(5, 0\) is outside the 2x3 grid"),
        ({"rows": 2, "cols": 3, "walls": [(0,)]}, "a wall must be a"),
        ({"rows": 2, "cols": 3, "black": (2, 0)}, r"black start \(2, 0\) is outside"),
        ({"rows": 2, "cols": 3, "walls": [(1, 2)]}, r"white start \(1, 2\) is a wall"),
        ({"rows": 2, "cols": 3, "black": (0, 1), "white": (0, 1)}, "different cells"),
        ({"rows": 2, "cols": 3, "black": "ab"}, "pair of ints"),
        ({"rows": 1, "cols": 1}, "different cells"),
        ({"rows": 2, "cols": 3, "max_plies": 0}, "max_plies must be a positive int or None"),
        ({"rows": 2, "cols": 3, "max_plies": True}, "max_plies must be a positive int or None"),
    ],
)
def test_bad_constructions_say_what_is_wrong(kwargs, message):
    with pytest.raises(ValueError, match=message):
        TwoRobots(**kwargs)


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "empty map"),
        ("B.x/..W", r"unknown symbol 'x' at row 0, column 2"),
        ("B../.W", "row 1 has 2 cells, row 0 has 3"),
        ("B.B/..W", "more than one B"),
        ("..../...W", "no B"),
        ("B#/#W", None),  # legal: both robots walled in
    ],
)
def test_parse_errors_are_clear(text, message):
    if message is None:
        TwoRobots.parse(text)
        return
    with pytest.raises(ValueError, match=message):
        TwoRobots.parse(text)


# -- rules ---------------------------------------------------------------------------------


def test_moves_are_listed_n_s_e_w_and_respect_walls_and_edges():
    game = TwoRobots.parse("...../.#.../..B../....W")
    assert game.moves(game.initial) == ("N", "S", "E", "W")
    assert game.moves(game.state((1, 2), (3, 4))) == ("N", "S", "E")  # wall to the west
    assert game.moves(game.state((0, 0), (3, 4))) == ("S", "E")  # corner
    assert game.moves(game.state((0, 0), (3, 4), MAX)) == ("N", "W")  # White's corner
    assert game.cells()[:3] == ((0, 0), (0, 1), (0, 2))
    assert (1, 1) not in game.cells()
    assert game.neighbours((1, 2)) == ((0, 2), (2, 2), (1, 3))


def test_black_must_move_even_onto_white():
    game = TwoRobots.parse("BW")
    assert game.moves(game.initial) == ("E",)
    end = game.result(game.initial, "E")
    assert game.is_terminal(end) and game.moves(end) == ()
    assert game.utility(end, MAX) == 1 and game.utility(end, MIN) == -1


def test_a_walled_in_robot_loses_on_its_turn():
    stuck_black = TwoRobots.parse("B#./#../..W")
    assert stuck_black.is_terminal(stuck_black.initial)
    assert stuck_black.utility(stuck_black.initial) == 1
    stuck_white = TwoRobots.parse("W#./#../..B")
    assert not stuck_white.is_terminal(stuck_white.initial)
    s = stuck_white.result(stuck_white.initial, "N")
    assert stuck_white.is_terminal(s) and stuck_white.utility(s, MAX) == -1


def test_ply_limit_is_a_win_for_black_unless_the_last_ply_captures():
    game = TwoRobots.parse("B..W", max_plies=2)
    s = game.result(game.result(game.initial, "E"), "W")
    assert s == RobotsState((0, 1), (0, 2), MIN, 2)
    assert game.is_terminal(s) and game.utility(s, MAX) == -1
    game = TwoRobots.parse("B.W", max_plies=2)
    s = game.result(game.result(game.initial, "E"), "W")
    assert game.is_terminal(s) and game.utility(s, MAX) == 1


def test_illegal_moves_raise_and_list_the_legal_ones():
    game = TwoRobots.parse("B.#/..W")
    with pytest.raises(IllegalMoveError, match="illegal move 'N'.*legal moves: S, E") as info:
        game.result(game.initial, "N")
    assert info.value.legal == ("S", "E")
    with pytest.raises(IllegalMoveError, match="not one of N, S, E, W"):
        game.result(game.initial, "up")
    end = TwoRobots.parse("BW").result(TwoRobots.parse("BW").initial, "E")
    with pytest.raises(IllegalMoveError, match="game is over.*none"):
        TwoRobots.parse("BW").result(end, "W")
    with pytest.raises(ValueError, match="defined at the end of a game only"):
        game.utility(game.initial)


def test_state_checks_its_cells():
    game = TwoRobots.parse("B.#/..W")
    with pytest.raises(ValueError, match=r"black cell \(0, 2\) is not a free cell"):
        game.state((0, 2), (1, 1))
    with pytest.raises(ValueError, match="to_move must be MAX"):
        game.state((0, 0), (1, 1), to_move=-1)
    assert TwoRobots.parse("B.W", max_plies=4).state((0, 1), (0, 2), MAX, 3).ply == 3


@pytest.mark.parametrize("game", GAMES, ids=repr)
def test_conformance_on_random_playouts(game):
    rng = random.Random(12)
    for _ in range(40):
        s = game.initial
        for _ in range(60):
            moves = game.moves(s)
            assert (moves == ()) == game.is_terminal(s)
            if not moves:
                assert game.utility(s, MAX) == -game.utility(s, MIN) in (1, -1)
                break
            assert set(moves) <= {"N", "S", "E", "W"}
            assert list(moves) == sorted(moves, key="NSEW".index)
            twin = RobotsState(*tuple(s))
            assert twin == s and hash(twin) == hash(s)
            before = tuple(s)
            s2 = game.result(s, rng.choice(moves))
            assert tuple(s) == before  # s untouched
            assert s2.to_move != s.to_move
            assert -1.0 <= game.distance_eval(s) <= 1.0
            s = s2


def test_states_are_small_immutable_values_with_readable_reprs():
    game = TwoRobots.parse("B.W", max_plies=5)
    s = game.initial
    assert repr(s) == "RobotsState(black=(0, 0), white=(0, 2), to_move=MIN, ply=0)"
    with pytest.raises(AttributeError):
        s.black = (0, 1)  # type: ignore[misc]
    assert {s: 1}[RobotsState((0, 0), (0, 2), MIN, 0)] == 1


# -- distances and evaluation -------------------------------------------------------------


def test_bfs_distance_goes_around_walls():
    """
    B . # .
    . . # .
    . . . W
    """
    game = TwoRobots.parse(test_bfs_distance_goes_around_walls.__doc__)
    assert game.distance((0, 1), (0, 3)) == 6  # down, round the wall's foot, up
    assert game.distance((0, 0), (2, 3)) == 5  # Manhattan: no detour needed
    assert game.distance((0, 0), (0, 2)) == float("inf")  # a wall is never reached
    split = TwoRobots.parse("B#./.#W")
    assert split.distance((0, 0), (1, 2)) == float("inf")
    assert split.distance_eval(split.initial) == -1.0


def test_distance_is_manhattan_on_open_grids():
    game = TwoRobots(4, 5)
    for a in game.cells():
        for b in game.cells():
            assert game.distance(a, b) == abs(a[0] - b[0]) + abs(a[1] - b[1])


def test_distance_eval_prefers_white_close_to_black():
    game = TwoRobots(4, 4)
    far = game.distance_eval(game.state((0, 0), (3, 3)))
    near = game.distance_eval(game.state((0, 0), (1, 1)))
    assert -1 < far < near < 0
    caught = TwoRobots.parse("BW").result(TwoRobots.parse("BW").initial, "E")
    assert TwoRobots.parse("BW").distance_eval(caught) == 1.0


# -- enumeration and pictures ----------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES, ids=repr)
def test_states_are_the_reachable_closure_of_initial(game):
    states = game.states()
    assert states[0] == game.initial and len(set(states)) == len(states)
    seen = set(states)
    for s in states:
        for m in game.moves(s):
            assert game.result(s, m) in seen
    everything = set(game.all_states())
    assert seen <= everything
    plies = 1 if game.max_plies is None else game.max_plies + 1
    assert len(everything) == 2 * len(game.cells()) ** 2 * plies


def test_pictures_are_deterministic_well_formed_svg():
    game = TwoRobots.parse("B.#./..#./...W")
    svg = game.picture()._repr_svg_()
    assert svg == game.picture()._repr_svg_() == game._repr_svg_()
    root = ET.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"
    rects = root.findall(f"{ns}rect")
    assert len(rects) == 12 and sum(r.get("fill") == "#3c3c3c" for r in rects) == 2
    assert len(root.findall(f"{ns}circle")) == 2
    labels = [t.text for t in root.findall(f"{ns}text")]
    assert labels == ["B", "W", "Black to move"]
    caught = TwoRobots.parse("BW", max_plies=3)
    end = caught.result(caught.initial, "E")
    assert "White wins (ply 1)" in caught.picture(end)._repr_svg_()
    assert str(caught.picture(end)) == ". X\nWhite wins (ply 1)"


# -- who wins: hand-checked positions, the parity rule, and minimax ------------------------


@pytest.mark.parametrize(
    "text, value, plies",
    [
        ("BW", 1, 1),  # Black is forced onto White
        ("B.W", 1, 2),  # Black steps next to White, White captures
        ("B..W", 1, 5),  # E W W W, then Black, cornered, is forced onto White
        ("B./.W", 1, 2),  # 2x2, same colour: Black's both moves end next to White
        ("BW/..", 0, float("inf")),  # 2x2, other colour: the robots circle for ever
        ("B#./#../..W", 1, 0),  # Black walled in
        ("W#./#../..B", -1, 1),  # White walled in: Black moves, White cannot
    ],
)
def test_hand_checked_positions(text, value, plies):
    game = TwoRobots.parse(text)
    outcome = retrograde(game)[game.initial]
    assert (outcome.value, outcome.plies) == (value, plies)


@pytest.mark.parametrize("rows, cols", [(2, 2), (2, 3), (3, 3), (2, 5), (3, 4), (4, 4), (4, 5)])
def test_on_open_grids_white_wins_exactly_when_the_robots_share_a_colour(rows, cols):
    """Colour cells like a chessboard. Every move changes a robot's colour, so with
    Black to move on cells of one colour White is always the one to step next to
    Black; otherwise White can never land on Black and Black is never cornered."""
    game = TwoRobots(rows, cols)
    solution = retrograde(game, game.all_states())
    longest = 0
    for s in game.all_states():
        if s.to_move == MIN and s.black != s.white:
            same = colour(s.black) == colour(s.white)
            assert solution.value(s) == (1 if same else 0), s
            if same:
                longest = max(longest, solution.plies(s))
    assert longest == 2 * (rows + cols) - 6  # Black starts in a corner, White next to it


@pytest.mark.parametrize("n", [2, 3, 4, 5, 7])
def test_in_a_corridor_white_always_wins(n):
    game = TwoRobots(1, n)
    solution = retrograde(game, game.all_states())
    assert {solution.value(s) for s in solution} == {1}
    assert max(solution.plies(s) for s in solution if s.to_move == MIN) == 2 * n - 3


@cache
def minimax_value(game: TwoRobots, s: RobotsState) -> int:
    """Plain exhaustive minimax over the finite tree of a game with max_plies."""
    if game.is_terminal(s):
        return game.utility(s, MAX)
    values = [minimax_value(game, game.result(s, m)) for m in game.moves(s)]
    return max(values) if s.to_move == MAX else min(values)


@pytest.mark.parametrize("text", MAPS + ["B..../.#.#./....W", "B.../W..."])
def test_retrograde_agrees_with_depth_limited_minimax(text):
    """White wins the max_plies=k game iff retrograde says White wins within k plies."""
    base = TwoRobots.parse(text)
    solution = retrograde(base, base.all_states())
    for k in range(1, 13):
        game = TwoRobots.parse(text, max_plies=k)
        for s in base.all_states():
            expected = 1 if solution.value(s) == 1 and solution.plies(s) <= k else -1
            assert minimax_value(game, s._replace(ply=0)) == expected, (k, s)


def test_retrograde_solves_the_max_plies_tree_like_minimax():
    game = TwoRobots.parse("B.#./..#./...W", max_plies=8)
    solution = retrograde(game)
    for s in solution:
        assert solution.value(s) == minimax_value(game, s)
        assert solution.plies(s) <= game.max_plies - s.ply


def test_package_minimax_agrees_when_available():
    search = pytest.importorskip("aisearch.search")
    game = TwoRobots.parse("B.#./..#./...W", max_plies=7)
    for s in game.states()[:40]:
        assert search.minimax(game, s).value == minimax_value(game, s)


def test_a_ring_around_walls_lets_black_run_for_ever():
    """
    B . . . .
    . # . # .
    . . . . W
    Every cell lies on a ring longer than 4: Black keeps away whatever the colours.
    """
    game = TwoRobots.parse("B..../.#.#./....W")
    solution = retrograde(game, game.all_states())
    starts = [s for s in game.all_states() if s.to_move == MIN and s.black != s.white]
    assert {solution.value(s) for s in starts} == {0}


def test_a_dead_end_lets_white_win_some_starts_of_opposite_colours():
    """Without loops, same colours always lose for Black; a dead end adds some more."""
    game = TwoRobots.parse("B.#./..#./...W")
    solution = retrograde(game, game.all_states())
    starts = [s for s in game.all_states() if s.to_move == MIN and s.black != s.white]
    same = [s for s in starts if colour(s.black) == colour(s.white)]
    other = [s for s in starts if colour(s.black) != colour(s.white)]
    assert all(solution.value(s) == 1 for s in same)
    assert sum(solution.value(s) == 1 for s in other) == 13
    assert solution.value(game.state((0, 3), (1, 3))) == 1  # Black at the end of the dead end
