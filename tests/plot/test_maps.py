"""Start-position maps of the two robots: which cell gets which colour and text."""

import matplotlib.colors as mcolors
import pytest
from matplotlib.figure import Figure

from aisearch import MAX, MIN, TwoRobots, retrograde
from aisearch.plot.maps import OUTCOME_COLORS, WALL, start_map, start_outcomes, start_text


def solved(game):
    return game, retrograde(game, game.all_states())


def new_ax():
    return Figure(figsize=(4, 4)).subplots()


def cells_by_gid(ax):
    """{(row, col): gid} of the cell rectangles (drawn at x=col, y=row)."""
    return {(int(p.get_y()), int(p.get_x())): p.get_gid() for p in ax.patches
            if p.get_gid() in ("white-wins", "draw", "black-wins", "wall", "black-cell")}


def texts_by_cell(ax, gid="plies"):
    return {(int(t.get_position()[1]), int(t.get_position()[0])): t.get_text()
            for t in ax.texts if t.get_gid() == gid}


def test_open_three_by_three_map_is_a_chessboard_with_plies_on_white_wins():
    """
    B = 6
    = 2 =
    6 = 6
    """
    game, solution = solved(TwoRobots(3, 3))
    ax = start_map(game, solution, (0, 0), ax=new_ax())
    gids = cells_by_gid(ax)
    assert gids[(0, 0)] == "black-cell"
    for cell in [(0, 2), (1, 1), (2, 0), (2, 2)]:
        assert gids[cell] == "white-wins"
    for cell in [(0, 1), (1, 0), (1, 2), (2, 1)]:
        assert gids[cell] == "draw"
    assert texts_by_cell(ax) == {(0, 2): "6", (1, 1): "2", (2, 0): "6", (2, 2): "6"}


def test_cell_colours_follow_the_outcome_table():
    game, solution = solved(TwoRobots(3, 3))
    ax = start_map(game, solution, (1, 1), ax=new_ax())
    colour = {"white-wins": OUTCOME_COLORS[1], "draw": OUTCOME_COLORS[0]}
    for p in ax.patches:
        if p.get_gid() in colour:
            assert mcolors.same_color(p.get_facecolor(), colour[p.get_gid()])


def test_walls_are_dark_and_carry_no_text():
    game, solution = solved(TwoRobots.parse("B.../.##./.##./...W"))
    ax = start_map(game, solution, (0, 0), ax=new_ax())
    walls = [p for p in ax.patches if p.get_gid() == "wall"]
    assert sorted((int(p.get_y()), int(p.get_x())) for p in walls) == sorted(game.walls)
    assert all(mcolors.same_color(p.get_facecolor(), WALL) for p in walls)
    assert not set(texts_by_cell(ax)) & game.walls


def test_a_ring_longer_than_four_cells_is_all_draws_with_black_to_move():
    game, solution = solved(TwoRobots.parse("B.../.##./.##./...W"))
    ax = start_map(game, solution, (0, 1), ax=new_ax())
    assert set(cells_by_gid(ax).values()) == {"draw", "wall", "black-cell"}
    assert texts_by_cell(ax) == {}


def test_black_cell_is_marked_with_a_disc_and_a_label():
    game, solution = solved(TwoRobots(3, 4))
    ax = start_map(game, solution, (2, 1), ax=new_ax())
    (disc,) = [p for p in ax.patches if p.get_gid() == "black"]
    assert disc.center == (1.5, 2.5)
    assert texts_by_cell(ax, "black-label") == {(2, 1): "B"}


def test_white_walled_in_is_a_black_win_without_plies():
    """White on (2, 1) has no free neighbour: it cannot move, so it loses."""
    game, solution = solved(TwoRobots.parse("B../###/#W#"))
    ax = start_map(game, solution, (0, 0), to_move=MAX, ax=new_ax())
    assert cells_by_gid(ax)[(2, 1)] == "black-wins"
    assert (2, 1) not in texts_by_cell(ax)
    assert start_outcomes(game, solution, (0, 0), to_move=MAX)[(2, 1)].value == -1


def test_white_to_move_wins_next_to_black_in_one_ply():
    game, solution = solved(TwoRobots(3, 3))
    ax = start_map(game, solution, (1, 1), to_move=MAX, ax=new_ax())
    plies = texts_by_cell(ax)
    for cell in [(0, 1), (1, 0), (1, 2), (2, 1)]:
        assert plies[cell] == "1"


def test_plies_false_writes_no_numbers_and_legend_names_the_outcomes():
    game, solution = solved(TwoRobots(3, 3))
    ax = start_map(game, solution, (0, 0), plies=False, ax=new_ax())
    assert texts_by_cell(ax) == {}
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert labels == ["White wins", "draw", "Black wins"]
    ax = start_map(game, solution, (0, 0), legend=False, title="mine", ax=new_ax())
    assert ax.get_legend() is None and ax.get_title() == "mine"


def test_returns_the_axes_it_was_given_with_row_zero_on_top():
    game, solution = solved(TwoRobots(2, 3))
    ax = new_ax()
    assert start_map(game, solution, (0, 0), ax=ax) is ax
    assert ax.get_ylim() == (2, 0) and ax.get_xlim() == (0, 3)
    assert ax.get_title() == "Black on (0, 0), Black to move"


def test_without_axes_makes_a_figure():
    import matplotlib.pyplot as plt

    game, solution = solved(TwoRobots(2, 2))
    ax = start_map(game, solution, (0, 0))
    try:
        assert ax.figure is not None and len(ax.patches) == 5
    finally:
        plt.close(ax.figure)


def test_ply_limited_games_use_ply_zero_starts():
    game, solution = solved(TwoRobots(3, 3, max_plies=4))
    outcomes = start_outcomes(game, solution, (0, 0))
    assert outcomes[(1, 1)].value == 1  # caught in 2 plies, within the limit
    assert outcomes[(2, 2)].value == -1  # needs 6 plies: the limit saves Black
    assert outcomes[(0, 1)].value == -1  # a draw without the limit


def test_start_text_marks_black_walls_plies_draws_and_black_wins():
    """Black in a dead end: White steps next to it and Black must walk into White."""
    game, solution = solved(TwoRobots.parse("B../###/#W#"))
    assert start_text(game, solution, (0, 0), to_move=MAX) == "B  1  2\n#  #  #\n#  b  #"
    assert start_text(game, solution, (0, 2), to_move=MAX) == "2  1  B\n#  #  #\n#  b  #"
    game, solution = solved(TwoRobots(3, 3))
    assert start_text(game, solution, (1, 1)) == "6  =  6\n=  B  =\n6  =  6"


@pytest.mark.parametrize("black, message", [
    ((1, 1), "is a wall"),
    ((5, 0), "not on the grid"),
    (7, "a \\(row, col\\) pair"),
])
def test_black_must_be_a_free_cell(black, message):
    game, solution = solved(TwoRobots.parse("B../.#./..W"))
    with pytest.raises(ValueError, match=message):
        start_map(game, solution, black, ax=new_ax())


def test_to_move_must_be_min_or_max():
    game, solution = solved(TwoRobots(2, 2))
    with pytest.raises(ValueError, match="to_move must be MIN"):
        start_outcomes(game, solution, (0, 0), to_move=2)


def test_solution_of_only_the_reachable_states_is_refused_with_the_fix():
    game = TwoRobots(3, 3)
    with pytest.raises(ValueError, match=r"retrograde\(game, game.all_states\(\)\)"):
        start_map(game, retrograde(game), (1, 1), ax=new_ax())


def test_solution_of_another_game_is_refused():
    game, _ = solved(TwoRobots(3, 3))
    _, other = solved(TwoRobots(3, 4))
    with pytest.raises(ValueError, match="another game"):
        start_outcomes(game, other, (0, 0))


def test_wrong_kinds_of_game_or_solution_are_type_errors():
    game, solution = solved(TwoRobots(2, 2))
    with pytest.raises(TypeError, match="solution must come from retrograde"):
        start_outcomes(game, {game.initial: 1}, (0, 0))
    with pytest.raises(TypeError, match="TwoRobots games"):
        start_outcomes("B.W", solution, (0, 0))


def test_min_is_the_default_side_to_move():
    game, solution = solved(TwoRobots(3, 3))
    assert start_outcomes(game, solution, (0, 0)) == start_outcomes(
        game, solution, (0, 0), to_move=MIN)
