"""Drawings, recordings, widgets and notebook helpers called wrongly.

Drawings and the stepper refuse recordings too big to draw (saying what to lower) before
spending minutes on them; pictures of positions ask the game whether a state is its own.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

from aisearch import Recorder, TicTacToe
from aisearch.games import ConnectFour, TreeGame, TwoRobots, uniform_tree
from aisearch.notebook import check as check_against
from aisearch.notebook import execute, plain_source, show_source
from aisearch.plot import (
    board_png,
    draw_board,
    draw_robots,
    layout,
    mcts_tree,
    robot_plies,
    start_map,
    start_outcomes,
    start_text,
    thumbnail,
    tree,
)
from aisearch.solve import retrograde
from aisearch.trace import CountingGame, Replay, tree_graph
from aisearch.trace.events import Enter
from tests.bad_input.samples import big, small
from tests.bad_input.table import Case, check, params

TTT, C4 = TicTacToe(), ConnectFour()
ROBOTS = TwoRobots(3, 3)
SOLVED = retrograde(ROBOTS, ROBOTS.all_states())


BIG = big()


def ax() -> Any:
    from matplotlib.figure import Figure

    return Figure().subplots()


PLOT = [
    Case("tree(None)", lambda: tree(None), ValueError, ("nonetype", "recorder")),
    Case("tree(3)", lambda: tree(3), ValueError, ("int", "treegame")),
    Case("tree(TicTacToe())", lambda: tree(TTT), ValueError, ("tictactoe", "treegame")),
    Case("tree(Recorder())", lambda: tree(Recorder()), ValueError, ("no enter event",)),
    Case("tree: orient='up'", lambda: tree(small(), orient="up"), ValueError,
         ("orient", "'up'", "'down'")),
    Case("tree: upto=-5", lambda: tree(small(), upto=-5), ValueError, ("upto", "-5")),
    Case("tree: upto past the end", lambda: tree(small(), upto=10**6), ValueError,
         ("upto", "1000000", "from 0 to")),
    Case("tree: upto=1.5", lambda: tree(small(), upto=1.5), ValueError, ("upto", "1.5")),
    Case("tree: search=3 of one", lambda: tree(small(), search=3), ValueError,
         ("search=3", "holds 1")),
    Case("tree: current not a node", lambda: tree(small(), current=(9,)), ValueError,
         ("(9,)", "not a node")),
    Case("tree: pv through a missing move", lambda: tree(small(), pv=[7]), ValueError,
         ("pv move 7",)),
    Case("tree: pv=3", lambda: tree(small(), pv=3), TypeError, ("pv", "3")),
    Case("tree: pv='ab'", lambda: tree(small(), pv="ab"), TypeError, ("pv", "'ab'")),
    Case("tree: figsize=3", lambda: tree(small(), figsize=3), ValueError, ("figsize", "3")),
    Case("tree: figsize=(0, 2)", lambda: tree(small(), figsize=(0, 2)), ValueError,
         ("figsize", "(0, 2)")),
    Case("tree: ax=3", lambda: tree(small(), ax=3), TypeError, ("ax", "axes", "3")),
    Case("tree: game=3", lambda: tree(small(), game=3), TypeError, ("game", "3")),
    Case("tree: title=3", lambda: tree(small(), title=3), TypeError, ("title", "3")),
    Case("tree: a full tic-tac-toe minimax recording", lambda: tree(BIG), ValueError,
         ("8,232 nodes", "at most 3,000", "depth="), seconds=3),
    Case("tree: a TreeGame too big to draw", lambda: tree(uniform_tree(3, 8)), ValueError,
         ("nodes", "at most 3,000"), seconds=3),
    Case("layout(None)", lambda: layout(None), ValueError, ("children map", "nonetype")),
    Case("layout: orient='x'", lambda: layout(tree_graph(small()), orient="x"), ValueError,
         ("orient", "'x'")),
    Case("layout: root not in the tree", lambda: layout(tree_graph(small()), root=9),
         ValueError, ("root 9",)),
    Case("draw_board(None)", lambda: draw_board(None), (TypeError, AttributeError),
         ("game", "none")),
    Case("draw_board: another game's state", lambda: draw_board(TTT, C4.initial, ax=ax()),
         ValueError, ("tic-tac-toe",)),
    Case("draw_board: bad text", lambda: draw_board(TTT, "xxxx", ax=ax()), ValueError,
         ("'xxxx'", "3 rows")),
    Case("draw_board: highlight=9", lambda: draw_board(TTT, "x../.../...", ax=ax(),
                                                       highlight=9),
         ValueError, ("9", "0..8")),
    Case("draw_board: Connect Four, a tic-tac-toe board",
         lambda: draw_board(C4, TTT.initial, ax=ax()), ValueError, ("connect four",)),
    Case("draw_robots(None)", lambda: draw_robots(None), TypeError, ("tworobots", "none")),
    Case("draw_robots(TicTacToe())", lambda: draw_robots(TTT), TypeError,
         ("tworobots", "tictactoe()")),
    Case("draw_robots: state 5", lambda: draw_robots(ROBOTS, 5, ax=ax()), ValueError,
         ("5", "tworobots")),
    Case("draw_robots: an illegal path", lambda: draw_robots(ROBOTS, path=["X"], ax=ax()),
         ValueError, ("illegal move 'x'",)),
    Case("board_png(None, TicTacToe())", lambda: board_png(None, TTT), ValueError,
         ("none", "tic-tac-toe")),
    Case("board_png: no game", lambda: board_png(TTT.initial, None), TypeError,
         ("game", "none")),
    Case("board_png: another game's state", lambda: board_png(C4.initial, TTT), ValueError,
         ("tic-tac-toe",)),
    Case("thumbnail(None, TicTacToe())", lambda: thumbnail(None, TTT), ValueError,
         ("none", "tic-tac-toe")),
    Case("start_map(None, ...)", lambda: start_map(None, SOLVED, (0, 0)), TypeError,
         ("tworobots", "nonetype")),
    Case("start_map: no solution", lambda: start_map(ROBOTS, None, (0, 0)), TypeError,
         ("solution", "retrograde")),
    Case("start_map: cell off the grid", lambda: start_map(ROBOTS, SOLVED, (9, 9)), ValueError,
         ("(9, 9)", "not on the grid")),
    Case("start_map: to_move=5", lambda: start_map(ROBOTS, SOLVED, (0, 0), to_move=5),
         ValueError, ("to_move", "5")),
    Case("start_text: black=3", lambda: start_text(ROBOTS, SOLVED, 3), ValueError,
         ("black", "(row, col)", "3")),
    Case("start_outcomes: a tic-tac-toe game", lambda: start_outcomes(TTT, SOLVED, (0, 0)),
         TypeError, ("tworobots", "tictactoe")),
    Case("start_map: another grid's solution",
         lambda: start_map(ROBOTS, retrograde(TwoRobots(2, 2)), (0, 0)), ValueError,
         ("another game",)),
    Case("tree: ax a Figure, not an Axes", lambda: tree(small(), ax=_figure()), TypeError,
         ("ax must be a matplotlib axes", "figure", "add_subplot")),
    Case("tree: values='yes'", lambda: tree(small(), ax=ax(), values="yes"), TypeError,
         ("values", "true or false", "'yes'")),
    Case("tree: moves=3", lambda: tree(small(), ax=ax(), moves=3), TypeError,
         ("moves", "true or false", "3")),
    Case("tree: window=None", lambda: tree(small(), ax=ax(), window=None), TypeError,
         ("window", "none")),
    Case("tree: boards=1", lambda: tree(small(), ax=ax(), boards=1), TypeError,
         ("boards", "1")),
    Case("tree: upto=np.True_", lambda: tree(small(), ax=ax(), upto=np.True_), ValueError,
         ("upto", "true")),
    Case("tree: upto=np.int64(99), past the end", lambda: tree(small(), ax=ax(),
                                                              upto=np.int64(99)),
         ValueError, ("upto", "from 0 to 42", "99")),
    Case("tree: current=[[0]], unhashable", lambda: tree(small(), ax=ax(), current=[[0]]),
         ValueError, ("current", "path", "[[0]]")),
    Case("layout: a node mapped to a number", lambda: layout({1: 5}), ValueError,
         ("children map", "node 1 maps to 5")),
    Case("mcts_tree: ax=3", lambda: mcts_tree([], ax=3), TypeError, ("ax", "axes", "3")),
    Case("draw_board: ax=3", lambda: draw_board(TTT, "x../.../...", ax=3), TypeError,
         ("ax", "axes", "3")),
    Case("draw_board: ax a Figure", lambda: draw_board(TTT, "x../.../...", ax=_figure()),
         TypeError, ("ax", "axes", "figure")),
    Case("draw_board: ax='left'", lambda: draw_board(TTT, ax="left"), TypeError,
         ("ax", "axes", "'left'")),
    Case("draw_board: Connect Four, ax=3", lambda: draw_board(C4, C4.initial, ax=3),
         TypeError, ("ax", "axes", "3")),
    Case("draw_robots: ax=3", lambda: draw_robots(ROBOTS, ax=3), TypeError, ("ax", "axes")),
    Case("draw_board: inches=0", lambda: draw_board(TTT, ax=ax(), inches=0), ValueError,
         ("inches", "from 0.2 to 40", "0")),
    Case("draw_board: inches='3'", lambda: draw_board(TTT, inches="3"), ValueError,
         ("inches", "'3'")),
    Case("start_map: ax=3", lambda: start_map(ROBOTS, SOLVED, (0, 0), ax=3), TypeError,
         ("ax", "axes")),
    Case("start_map: plies='no'", lambda: start_map(ROBOTS, SOLVED, (0, 0), ax=ax(),
                                                    plies="no"),
         TypeError, ("plies", "true or false", "'no'")),
    Case("board_png: size=0", lambda: board_png(TTT.initial, TTT, size=0), ValueError,
         ("size", "from 0.1 to 50", "0")),
    Case("board_png: dpi=10**6", lambda: board_png(TTT.initial, TTT, dpi=10**6), ValueError,
         ("dpi", "from 10 to 1000", "1000000"), seconds=2),
    Case("board_png: dpi=True", lambda: board_png(TTT.initial, TTT, dpi=True), ValueError,
         ("dpi", "true")),
    Case("board_png: 50 inches at 1000 dpi", lambda: board_png(TTT.initial, TTT, size=50,
                                                               dpi=1000),
         ValueError, ("50000 x 50000 pixels", "5,000"), seconds=2),
    Case("thumbnail: size=-5", lambda: thumbnail(TTT.initial, TTT, size=-5), ValueError,
         ("size", "from 1 to 1000", "-5")),
    Case("thumbnail: faint='yes'", lambda: thumbnail(TTT.initial, TTT, faint="yes"),
         TypeError, ("faint", "'yes'")),
]


def _figure() -> Any:
    from matplotlib.figure import Figure

    return Figure()

TRACE = [
    Case("Replay(None)", lambda: Replay(None), TypeError, ("recording", "none")),
    Case("Replay(3)", lambda: Replay(3), TypeError, ("recording", "3")),
    Case("Replay('abc')", lambda: Replay("abc"), TypeError, ("recording", "'abc'")),
    Case("Replay([1, 2])", lambda: Replay([1, 2]), ValueError, ("event 0", "trace event")),
    Case("Replay: an Exit before any Enter", lambda: Replay([_exit()]), ValueError,
         ("event 0",)),
    Case("Replay: a second Enter of the root without an Exit",
         lambda: Replay([Enter((), 0, 0, 0, 1), Enter((), 0, 0, 0, 1)]), ValueError, ("event 1",)),
    Case("tree_graph(None)", lambda: tree_graph(None), TypeError, ("recording", "none")),
    Case("tree_graph([3])", lambda: tree_graph([3]), ValueError, ("event 0",)),
    Case("CountingGame(None)", lambda: CountingGame(None), TypeError, ("game", "none")),
    Case("CountingGame(TicTacToe)", lambda: CountingGame(TicTacToe), TypeError,
         ("the class tictactoe",)),
]


def _exit() -> Any:
    from aisearch.trace.events import Exit

    return Exit((), 3)


NOTEBOOK = [
    Case("show_source(3)", lambda: show_source(3), TypeError, ("show_source", "3")),
    Case("show_source(None)", lambda: show_source(None), TypeError, ("none",)),
    Case("show_source: a lambda typed at the prompt",
         lambda: show_source(eval("lambda s: s")), ValueError, ("source", "cannot be found")),
    Case("plain_source(3)", lambda: plain_source(3), TypeError, ("text", "3")),
    Case("check: mine=3", lambda: check_against(3, len, [("a",)]), TypeError, ("mine", "3")),
    Case("check: no cases", lambda: check_against(len, len, []), ValueError, ("cases",)),
    Case("check: a case that is not a tuple", lambda: check_against(len, len, ["ab"]),
         TypeError, ("case 1", "tuple", "'ab'")),
    Case("execute: no such notebook", lambda: execute("/nonexistent/lesson.ipynb"),
         FileNotFoundError, ("/nonexistent/lesson.ipynb",)),
    Case("execute: a list with no such notebook",
         lambda: execute([Path("/nonexistent/a.ipynb")]), FileNotFoundError,
         ("/nonexistent/a.ipynb",)),
    Case("execute(3)", lambda: execute(3), TypeError, ("paths", "notebook path", "not 3")),
    Case("execute: a list holding None", lambda: execute([None]), TypeError,
         ("paths", "none is neither")),
    Case("execute: no paths", lambda: execute([]), ValueError, ("paths", "got none")),
    Case("execute: a file that is not a notebook", lambda: execute(__file__), ValueError,
         ("test_views.py is not a notebook", ".ipynb")),
    Case("execute: timeout=0", lambda: execute(__file__, timeout=0), ValueError,
         ("timeout", "positive int", "0")),
    Case("check: cases=None", lambda: check_against(len, len, None), TypeError,
         ("cases", "list of argument tuples", "none")),
    Case("check: cases=3", lambda: check_against(len, len, 3), TypeError, ("cases", "3")),
    Case("check: cases as text", lambda: check_against(len, len, "ab"), TypeError,
         ("cases", "'ab'")),
]

PLIES = [
    Case("robot_plies(TicTacToe(), [])", lambda: robot_plies(TTT, []), TypeError,
         ("robot_plies", "tworobots", "tictactoe()")),
    Case("robot_plies: path='EN'", lambda: robot_plies(ROBOTS, "EN"), TypeError,
         ("path", "sequence of moves", "'en'")),
    Case("robot_plies: an illegal move", lambda: robot_plies(ROBOTS, ["N"]), ValueError,
         ("illegal move 'n'", "legal moves: s, e")),
    Case("robot_plies: 202 moves", lambda: robot_plies(ROBOTS, ["E", "W"] * 101), ValueError,
         ("202 moves", "at most 200")),
    Case("robot_plies: ncols=0", lambda: robot_plies(ROBOTS, ["E"], ncols=0), ValueError,
         ("ncols", "0")),
    Case("robot_plies: a foreign state", lambda: robot_plies(ROBOTS, ["E"], state=3),
         ValueError, ("3 is not a state", "game.state")),
    Case("robot_plies: size=0", lambda: robot_plies(ROBOTS, ["S"], size=0), ValueError,
         ("size", "from 0.3 to 10", "0")),
    Case("robot_plies: size=nan", lambda: robot_plies(ROBOTS, ["S"], size=float("nan")),
         ValueError, ("size", "nan")),
    Case("robot_plies: ncols=np.int64(0)", lambda: robot_plies(ROBOTS, ["S"],
                                                               ncols=np.int64(0)),
         ValueError, ("ncols", "positive int", "0")),
    Case("robot_plies: title=3", lambda: robot_plies(ROBOTS, ["S"], title=3), TypeError,
         ("title", "3")),
]

CASES = PLOT + TRACE + NOTEBOOK + PLIES


@params(CASES)
def test_a_view_called_wrongly_says_what_was_wrong(case: Case) -> None:
    try:
        check(case)
    finally:
        import matplotlib.pyplot as plt

        plt.close("all")


def test_a_big_tree_game_is_still_a_game() -> None:
    # (the drawing refuses it; the game itself is fine)
    assert len(TreeGame([[1, 2]] * 2000)) == 6001
