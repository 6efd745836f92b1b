"""The two robots ply by ply: every move of both robots visible in its own panel."""

import matplotlib

matplotlib.use("Agg")

import io  # noqa: E402

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402

from aisearch import MAX, MIN, TwoRobots  # noqa: E402
from aisearch.plot import robot_plies  # noqa: E402
from aisearch.plot.plies import MOVER_COLORS  # noqa: E402

pytestmark = pytest.mark.usefixtures("close_figures")


def moves_drawn(ax):
    return [p for p in ax.patches if p.get_gid() == "move"]


def test_a_robot_shuttling_between_two_cells_shows_every_move():
    """Black goes S, N, S, N between (0, 0) and (1, 0): four panels, four dark arrows."""
    game = TwoRobots(4, 4)
    path = ["S", "N", "N", "W", "S", "N", "N", "W"]
    fig = robot_plies(game, path, ncols=5)
    panels = fig.axes
    assert len(panels) == len(path) + 1
    assert moves_drawn(panels[0]) == []
    for k, ax in enumerate(panels[1:], 1):
        (arrow,) = moves_drawn(ax)
        mover = MIN if k % 2 else MAX  # Black moves first
        assert matplotlib.colors.to_hex(arrow.get_edgecolor()) == MOVER_COLORS[mover]
        assert ax.get_title().startswith(f"{k}  {'Black' if mover == MIN else 'White'}")


def test_the_arrow_runs_from_where_the_mover_was_to_where_it_went():
    game = TwoRobots.parse("B . ./. . ./. . W")
    fig = robot_plies(game, ["E"])
    arrow = moves_drawn(fig.axes[1])[0]
    (x0, y0), (x1, y1) = arrow._posA_posB
    assert (x0, y0) == (0.5, 2.5) and (x1, y1) == (1.5, 2.5)  # row 0 is on top


def test_a_capture_is_named_in_its_panel():
    game = TwoRobots(1, 3, black=(0, 0), white=(0, 2))
    fig = robot_plies(game, ["E", "W"])
    assert fig.axes[-1].get_title() == "2  White W caught"


def test_the_drawing_is_the_same_every_time():
    game = TwoRobots.parse("B . . ./# # . ./W . . .")

    def png():
        buffer = io.BytesIO()
        robot_plies(game, ["E", "E", "E", "E"], title="t").savefig(buffer, format="png")
        return buffer.getvalue()

    assert png() == png()


def test_an_illegal_move_is_refused_before_anything_is_drawn():
    with pytest.raises(ValueError, match="illegal"):
        robot_plies(TwoRobots(2, 2), ["N"])
    assert plt.get_fignums() == []


def test_a_numpy_integer_number_of_columns_is_the_int_it_equals():
    import numpy as np

    fig = robot_plies(TwoRobots(2, 3), ["E", "W", "E"], ncols=np.int64(2))
    assert len(fig.axes) == 4
