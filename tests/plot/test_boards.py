"""Board pictures: tic-tac-toe, two robots, Connect Four, PNG bytes and tree thumbnails."""

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402
from matplotlib.colors import to_rgba  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402

from aisearch.games.connect4 import ConnectFour  # noqa: E402
from aisearch.games.robots import TwoRobots  # noqa: E402
from aisearch.games.tictactoe import TicTacToe  # noqa: E402
from aisearch.plot import board_png, draw_connect4, draw_robots, draw_tictactoe  # noqa: E402
from aisearch.plot.boards import WALL, connect4_grid, thumbnail, tictactoe_cells  # noqa: E402

PNG = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


def new_ax():
    return Figure(figsize=(3, 3)).subplots()


def by_gid(ax, gid):
    return [a for a in ax.get_children() if a.get_gid() == gid]


# -- tic-tac-toe ---------------------------------------------------------------------------
def test_a_board_and_its_text_draw_the_same_marks():
    """x . o
       . x .
       . . o"""
    board = TicTacToe.parse("x.o/.x./..o")
    assert tictactoe_cells(board) == tictactoe_cells("x.o/.x./..o") == "x.o.x...o"
    ax = draw_tictactoe(board, ax=new_ax())
    (crosses,) = by_gid(ax, "x")
    assert len(crosses.get_xdata()) == 2 * 6  # two strokes per X, NaN-separated
    assert len(by_gid(ax, "o")) == 2
    assert ax.get_xlim() == pytest.approx((-0.06, 3.06))


def test_highlighted_cells_are_shaded():
    ax = draw_tictactoe("xxx/oo./...", ax=new_ax(), highlight=[0, 1, 2])
    shaded = by_gid(ax, "highlight")
    assert sorted(p.get_xy() for p in shaded) == [(0, 2), (1, 2), (2, 2)]
    assert len(by_gid(draw_tictactoe("x../.../...", ax=new_ax(), highlight=4), "highlight")) == 1


@pytest.mark.parametrize("state, highlight, message", [
    ("xo", None, "not a tic-tac-toe board"),
    ("x.o/.q./...", None, "not a tic-tac-toe board"),
    ("x../.../...", [9], "highlight cells"),
    ("x../.../...", [True], "highlight cells"),
])
def test_bad_boards_and_cells_raise_value_errors(state, highlight, message):
    with pytest.raises(ValueError, match=message):
        draw_tictactoe(state, ax=new_ax(), highlight=highlight)


def test_without_an_axes_a_small_figure_is_made():
    ax = draw_tictactoe("x../.../...")
    assert tuple(ax.figure.get_size_inches()) == (2, 2)


# -- two robots ----------------------------------------------------------------------------
def test_robots_grid_has_dark_walls_and_both_robots():
    """B . #
       . . W"""
    game = TwoRobots.parse("B.#/..W")
    ax = draw_robots(game, ax=new_ax())
    (grid,) = by_gid(ax, "grid")
    faces = [tuple(f) for f in grid.get_facecolors()]
    assert faces.count(to_rgba(WALL)) == 1 and len(faces) == 6
    (black,), (white,) = by_gid(ax, "black"), by_gid(ax, "white")
    assert black.center == (0.5, 1.5) and white.center == (2.5, 0.5)
    assert sorted(t.get_text() for t in by_gid(ax, "robot-label")) == ["B", "W"]


def test_a_path_of_moves_becomes_numbered_arrows():
    game = TwoRobots.parse("B../.#./..W")
    ax = draw_robots(game, ax=new_ax(), path=["E", "N", "E"])
    assert len(by_gid(ax, "move")) == 3
    assert [t.get_text() for t in by_gid(ax, "move-number")] == ["1", "2", "3"]
    assert by_gid(ax, "black-end")[0].center == (2.5, 2.5)


def test_an_illegal_move_in_the_path_raises():
    game = TwoRobots.parse("B.#/..W")
    with pytest.raises(ValueError, match="illegal move 'N'"):
        draw_robots(game, ax=new_ax(), path=["N"])


def test_a_capture_draws_both_robots_on_one_cell():
    game = TwoRobots.parse("BW")
    end = game.result(game.initial, "E")
    ax = draw_robots(game, end, ax=new_ax())
    (black,), (white,) = by_gid(ax, "black"), by_gid(ax, "white")
    assert black.center[0] < white.center[0] and black.center[1] == white.center[1]


# -- Connect Four --------------------------------------------------------------------------
def test_connect4_positions_and_texts_draw_alike():
    game = ConnectFour()
    s = game.result(game.result(game.initial, 3), 3)
    assert connect4_grid(s) == connect4_grid(str(s))
    assert connect4_grid(s)[-2:] == ["...o...", "...x..."]
    ax = draw_connect4(s, ax=new_ax())
    (discs,) = by_gid(ax, "discs")
    faces = [tuple(f) for f in discs.get_facecolors()]
    assert len(faces) == 42
    assert faces.count(to_rgba("#d62728")) == 1 and faces.count(to_rgba("#f2c500")) == 1


def test_connect4_rejects_ragged_rows():
    with pytest.raises(ValueError, match="not a Connect Four position"):
        draw_connect4("..../...", ax=new_ax())


# -- PNG bytes and thumbnails ----------------------------------------------------------------
def test_board_png_is_deterministic_for_every_game():
    robots = TwoRobots.parse("B.#/..W")
    game = ConnectFour()
    for state, g in [("x.o/.x./..o", None), (robots.initial, robots),
                     (game.result(game.initial, 3), None), ("anything else", None)]:
        png = board_png(state, g)
        assert png.startswith(PNG) and png == board_png(state, g)
    assert board_png("x../.../...") != board_png("o../.x./...")


def test_board_png_of_a_robots_state_needs_the_game():
    robots = TwoRobots.parse("B.#/..W")
    with pytest.raises(ValueError, match="needs its game"):
        board_png(robots.initial)


def test_thumbnails_have_the_grids_shape():
    robots = TwoRobots.parse("B.#/..W")
    wide = thumbnail(robots.initial, robots, size=30)
    assert (wide.width, wide.height) == (30, 20)
    square = thumbnail("x../.../...", size=30, faint=True)
    assert (square.width, square.height) == (30, 30)
    assert all(a.get_alpha() == 0.35 for a in square.get_children() if a.get_gid() != "highlight")
