"""Board pictures: tic-tac-toe, two robots, Connect Four, PNG bytes and tree thumbnails.

Every picture comes from the painter its game declares (aisearch.plot.painters); nothing is
guessed from a state's class name or attributes.
"""

import matplotlib

matplotlib.use("Agg")

import pytest  # noqa: E402
from matplotlib.colors import to_rgba  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402

from aisearch import Nim, SymmetryReduced, fig5_2  # noqa: E402
from aisearch.games.connect4 import ConnectFour  # noqa: E402
from aisearch.games.robots import TwoRobots  # noqa: E402
from aisearch.games.tictactoe import TicTacToe  # noqa: E402
from aisearch.plot import board_png, draw_board, draw_robots, thumbnail  # noqa: E402
from aisearch.plot.painters import TEXT, painter_for, svg  # noqa: E402
from aisearch.plot.painters.robots import WALL  # noqa: E402
from aisearch.plot.painters.tictactoe import cells  # noqa: E402
from aisearch.trace import CountingGame  # noqa: E402

PNG = b"\x89PNG\r\n\x1a\n"


pytestmark = pytest.mark.usefixtures("close_figures")


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
    assert cells(board) == "x.o.x...o"
    ax = draw_board(TicTacToe(), board, ax=new_ax())
    (crosses,) = by_gid(ax, "x")
    assert len(crosses.get_xdata()) == 2 * 6  # two strokes per X, NaN-separated
    assert len(by_gid(ax, "o")) == 2
    left, right = ax.get_xlim()  # the board, drawn in points, with a margin of 2 %
    assert left / (right - left) == pytest.approx(-0.02 / 1.04)


def test_highlighted_cells_are_shaded():
    ax = draw_board(TicTacToe(), "xxx/oo./...", ax=new_ax(), highlight=[0, 1, 2])
    shaded = by_gid(ax, "highlight")
    side = ax.get_xlim()[1] / 1.02  # the board's side, in points
    corners = sorted(tuple(p.get_xy()) for p in shaded)
    assert [c / side for xy in corners for c in xy] == pytest.approx([0, 2 / 3, 1 / 3, 2 / 3,
                                                                      2 / 3, 2 / 3])
    one = draw_board(TicTacToe(), "x../.../...", ax=new_ax(), highlight=4)
    assert len(by_gid(one, "highlight")) == 1


@pytest.mark.parametrize("state, highlight, message", [
    ("xo", None, "cannot read"),
    ("x.o/.q./...", None, "unexpected 'q'"),
    ("x../.../...", [9], "highlight cells"),
    ("x../.../...", [True], "highlight cells"),
])
def test_bad_boards_and_cells_raise_value_errors(state, highlight, message):
    with pytest.raises(ValueError, match=message):
        draw_board(TicTacToe(), state, ax=new_ax(), highlight=highlight)


def test_without_an_axes_a_small_figure_is_made():
    ax = draw_board(TicTacToe(), "x../.../...", inches=2)
    assert tuple(ax.figure.get_size_inches()) == pytest.approx((2.1667, 2.1667), abs=1e-3)


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
    faces = {}
    for shown in (s, str(s)):
        (discs,) = by_gid(draw_board(ConnectFour(), shown, ax=new_ax()), "discs")
        faces[type(shown)] = [tuple(f) for f in discs.get_facecolors()]
    assert len(set(map(tuple, faces.values()))) == 1
    ax = draw_board(ConnectFour(), s, ax=new_ax())
    (discs,) = by_gid(ax, "discs")
    faces = [tuple(f) for f in discs.get_facecolors()]
    assert len(faces) == 42
    assert faces.count(to_rgba("#d62728")) == 1 and faces.count(to_rgba("#f2c500")) == 1


def test_connect4_rejects_ragged_rows():
    with pytest.raises(ValueError, match="cannot read"):
        draw_board(ConnectFour(), "..../...", ax=new_ax())


# -- PNG bytes and thumbnails ----------------------------------------------------------------
def test_board_png_is_deterministic_for_every_game():
    robots = TwoRobots.parse("B.#/..W")
    game, nim = ConnectFour(), Nim((1, 2))
    ttt = TicTacToe()
    for state, g in [("x.o/.x./..o", ttt), (robots.initial, robots),
                     (game.result(game.initial, 3), game), (nim.initial, nim)]:
        png = board_png(state, g)
        assert png.startswith(PNG) and png == board_png(state, g)
    assert board_png("x../.../...", ttt) != board_png("o../.x./...", ttt)


def test_thumbnails_have_the_grids_shape():
    robots = TwoRobots.parse("B.#/..W")
    wide = thumbnail(robots.initial, robots, size=30)
    assert (wide.width, wide.height) == (30, 20)
    square = thumbnail(TicTacToe.parse("x../.../..."), TicTacToe(), size=30, faint=True)
    assert (square.width, square.height) == (30, 30)
    assert all(a.get_alpha() == 0.35 for a in square.get_children() if a.get_gid() != "highlight")


# -- painters are declared per game ----------------------------------------------------------
def test_each_game_declares_its_painter_and_wrappers_are_drawn_by_the_wrapped_game():
    ttt = TicTacToe()
    assert painter_for(ttt).name == "tic-tac-toe"
    assert painter_for(SymmetryReduced(ttt)) is painter_for(ttt)
    assert painter_for(CountingGame(ConnectFour())).name == "connect four"
    assert painter_for(TwoRobots(2, 2)).name == "two robots"
    assert painter_for(fig5_2) is TEXT and painter_for(Nim((1,))) is TEXT


def test_a_state_shows_as_the_svg_its_painter_writes():
    board = TicTacToe.parse("x.o/.x./..o")
    assert board._repr_svg_() == svg(TicTacToe(), board)
    assert board._repr_svg_().count("<path") == 2 and board._repr_svg_().count("<circle") == 2
    p = ConnectFour.parse("......./......./......./......./......./...x...")
    assert p._repr_svg_().count('fill="#d62728"') == 1
    robots = TwoRobots.parse("B.#/..W")
    assert ">Black to move</text>" in robots.picture()._repr_svg_()
    assert svg(fig5_2, (0, 1)).startswith("<svg") and "(0, 1)" in svg(fig5_2, (0, 1))


def test_draw_board_draws_any_game_with_its_painter():
    ax = draw_board(ConnectFour(), ax=new_ax())
    assert [c.get_gid() for c in ax.collections] == ["discs"]
    ax = draw_board(Nim((1, 2)), ax=new_ax())
    assert [t.get_gid() for t in ax.texts] == ["text"]
