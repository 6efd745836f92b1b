"""Known wrong rules of the two robots, each an edit of the right rule, and the right ones.

A grid is a tuple of strings of ``'.'`` (free) and ``'#'`` (wall); a state is ``(black,
white, to_move)`` with cells ``(row, col)``; Black moves when ``to_move`` is MIN, White
when it is MAX, and White catches Black by stepping onto its cell. :func:`legal_moves`
and :func:`result` are the right answers; every wrong one is an edit of one of them with one
classic mistake (:func:`~aisearch.grading.mutate.mutant`: the lessons have no plain version of
these rules to change, so the right answers here are the base).

The second part predicts who wins: :func:`white_wins` says, for an open grid (no walls) and
a start with Black to move, whether White can force a capture (lesson 01, sections 6-7 and
check-yourself question 2); the wrong predictions below it each miss one idea.

Examples
--------
>>> grid, state = ("..", "#."), ((0, 0), (1, 1), MIN)
>>> legal_moves(grid, state), ignores_walls(grid, state)
(['E'], ['S', 'E'])
>>> [bug.name for bug in CATALOGUE["result"]]
['keeps_turn', 'result_wrong_robot', 'result_swapped_axes', 'result_flipped_directions']
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from aisearch.core import MAX, MIN
from aisearch.grading.mutate import mutant
from aisearch.grading.recognise import Bug, BugClass, catalogue

__all__ = [
    "legal_moves",
    "result",
    "STEPS",
    "CATALOGUE",
    "REFERENCES",
    "MOVE_ORDER",
    "OFF_GRID",
    "WALLS",
    "WRONG_ROBOT",
    "AFTER_CAPTURE",
    "AXES",
    "DIRECTIONS",
    "NO_SWITCH",
    "white_wins",
    "CORRIDOR",
    "PARITY",
    "DISTANCE",
    "ALWAYS",
    "PREDICT_BUGS",
]

Grid = tuple[str, ...]
State = tuple[Any, ...]

STEPS = {"N": (-1, 0), "S": (1, 0), "E": (0, 1), "W": (0, -1)}
"""The moves in the exercise's order, with their (row, column) steps."""

MOVE_ORDER = BugClass(
    "move-order", "moves in the wrong order: list the legal moves in the order N, S, E, W.")
OFF_GRID = BugClass(
    "off-grid", "moves off the grid: check 0 <= row < rows and 0 <= col < cols before looking "
    "at grid[row][col]; in Python grid[-1] is the last row, so steps off the top or left edge "
    "slip through.")
WALLS = BugClass("walls", "walls ignored: a robot cannot step onto a '#' cell.")
WRONG_ROBOT = BugClass(
    "wrong-robot", "the wrong robot moves: Black moves when to_move is MIN, White when it is MAX.")
AFTER_CAPTURE = BugClass(
    "after-capture", "moves after the game is over: when both robots are on one cell, White has "
    "caught Black and there are no legal moves.")
AXES = BugClass(
    "axes", "rows and columns swapped: N and S change the row (N is row - 1), E and W the "
    "column (E is col + 1).")
DIRECTIONS = BugClass(
    "directions", "directions flipped: N is row - 1 (up), S is row + 1, E is col + 1, "
    "W is col - 1.")
NO_SWITCH = BugClass(
    "no-switch", "the turn does not pass: after a move the other robot is to move (MIN <-> MAX).")
CORRIDOR = BugClass(
    "corridor", "corridors forgotten: on a grid one cell wide every cell has at most two "
    "neighbours and the ends are dead ends, so White wins every start there, whatever the "
    "colours (lesson 01, check yourself 2).")
PARITY = BugClass(
    "parity", "colours the wrong way round: White can step onto Black only when it moves with "
    "the robots on opposite colours, so with Black to move White wins when both robots start "
    "on the same colour of the chessboard ((row + col) % 2 equal).")
DISTANCE = BugClass(
    "distance", "distance is not what decides: on an open grid the outcome depends on the "
    "colours of the two cells (a parity), not on how far apart the robots start.")
ALWAYS = BugClass(
    "always", "White does not win every start: on an open grid at least 2 x 2, Black escapes for "
    "ever when the robots start on opposite colours.")


def _inside(grid: Grid, r: int, c: int) -> bool:
    return 0 <= r < len(grid) and 0 <= c < len(grid[0])


# -- the right answers -------------------------------------------------------------------
def legal_moves(grid: Grid, state: State) -> list[str]:
    """The legal moves of the robot to move, in the order N, S, E, W.

    >>> legal_moves(("...", ".#."), ((0, 1), (1, 2), MIN))
    ['E', 'W']
    """
    black, white, to_move = state
    if black == white:
        return []
    r, c = black if to_move == MIN else white
    return [m for m, (dr, dc) in STEPS.items()
            if _inside(grid, r + dr, c + dc) and grid[r + dr][c + dc] != "#"]


def result(grid: Grid, state: State, move: str) -> State:
    """The state after ``move``; an illegal move raises ValueError.

    >>> result(("..", ".."), ((0, 0), (1, 1), MIN), "E")
    ((0, 1), (1, 1), 0)
    """
    if move not in legal_moves(grid, state):
        raise ValueError(f"illegal move {move!r}")
    black, white, to_move = state
    dr, dc = STEPS[move]
    if to_move == MIN:
        return ((black[0] + dr, black[1] + dc), white, MAX)
    return (black, (white[0] + dr, white[1] + dc), MIN)


# -- wrong legal_moves and result: edits of the right ones above ---------------------------
# (the rules of the exercise's game have no plain version in the lessons: the right answers
# here are the base of the changes)
TARGET = "_inside(grid, r + dr, c + dc) and grid[r + dr][c + dc]"
"""The cell a step leads to, tested for the grid's edges and for a wall."""

alphabetical_order = mutant(legal_moves, MOVE_ORDER, "alphabetical_order", [
    ("return [m for m", "return sorted(m for m"), ('!= "#"]', '!= "#")')], why=(
    "Lists the moves in alphabetical order (E, N, S, W), as a sorted set of moves would."))
off_grid = mutant(legal_moves, OFF_GRID, "off_grid", [
    ("_inside(grid, r + dr, c + dc)", "r + dr < len(grid) and c + dc < len(grid[0])")], why=(
    "Checks the far edges only (as an IndexError would): grid[-1] wraps around at the top "
    "and left edges."))
ignores_walls = mutant(legal_moves, WALLS, "ignores_walls", [
    (' and grid[r + dr][c + dc] != "#"', "")], why="Lets a robot step onto a wall.")
wrong_robot = mutant(legal_moves, WRONG_ROBOT, "wrong_robot", [
    ("black if to_move == MIN else white", "black if to_move == MAX else white")], why=(
    "Moves White when MIN is to move, and Black when MAX is (MAX read as 'the first player')."))
after_capture = mutant(legal_moves, AFTER_CAPTURE, "after_capture", [
    ("    if black == white:\n        return []\n", "")], why=(
    "Goes on moving once White has caught Black: the end of the game never tested."))
swapped_axes = mutant(legal_moves, AXES, "swapped_axes", [
    ("for m, (dr, dc) in STEPS.items()", "for m, (dc, dr) in STEPS.items()")], why=(
    "Steps along columns for N and S and along rows for E and W (x and y for row and column)."))
flipped_directions = mutant(legal_moves, DIRECTIONS, "flipped_directions", [
    (TARGET, "_inside(grid, r - dr, c - dc) and grid[r - dr][c - dc]")], why=(
    "Steps down for N, up for S, left for E and right for W (rows counted upwards)."))

keeps_turn = mutant(result, NO_SWITCH, "keeps_turn", [
    ("white, MAX)", "white, to_move)"), ("dc), MIN)", "dc), to_move)")], why=(
    "Leaves the same robot to move after a move."))
result_wrong_robot = mutant(result, WRONG_ROBOT, "result_wrong_robot", [
    ("if to_move == MIN:", "if to_move == MAX:"), ("white, MAX)", "white, MIN)"),
    ("dc), MIN)", "dc), MAX)")], why="Moves White when MIN is to move, and Black when MAX is.")
result_swapped_axes = mutant(result, AXES, "result_swapped_axes", [
    ("dr, dc = STEPS[move]", "dc, dr = STEPS[move]")], why=(
    "Steps along columns for N and S and along rows for E and W."))
result_flipped_directions = mutant(result, DIRECTIONS, "result_flipped_directions", [
    ("black[0] + dr, black[1] + dc", "black[0] - dr, black[1] - dc"),
    ("white[0] + dr, white[1] + dc", "white[0] - dr, white[1] - dc")], why=(
    "Steps down for N, up for S, left for E and right for W."))


# -- who wins? predictions for open grids ------------------------------------------------
def _colour(cell: tuple[int, int]) -> int:
    return (cell[0] + cell[1]) % 2


def white_wins(rows: int, cols: int, black: tuple[int, int], white: tuple[int, int]) -> bool:
    """Whether White forces a capture on an open ``rows x cols`` grid, Black to move.

    In a corridor (one row or one column) White always wins; otherwise exactly when both
    robots start on the same colour of a chessboard.

    >>> white_wins(1, 6, (0, 2), (0, 5)), white_wins(6, 7, (0, 0), (3, 4))
    (True, False)
    """
    if rows == 1 or cols == 1:
        return True
    return _colour(black) == _colour(white)


COLOURS = "_colour(black) == _colour(white)"
"""The colour rule: White wins when both robots start on the same colour."""

colour_rule_everywhere = mutant(white_wins, CORRIDOR, "colour_rule_everywhere", [
    ("    if rows == 1 or cols == 1:\n        return True\n", "")], why=(
    "The colour rule, in corridors too: the rule learnt on open grids applied everywhere."))
opposite_colours_win = mutant(white_wins, PARITY, "opposite_colours_win", [
    (COLOURS, "_colour(black) != _colour(white)")], why=(
    "White wins from opposite colours (and in corridors): the parity the wrong way round."))
close_start_wins = mutant(white_wins, DISTANCE, "close_start_wins", [
    (COLOURS, "abs(black[0] - white[0]) + abs(black[1] - white[1]) <= 3")], why=(
    "White wins when it starts at most 3 steps from Black: distance taken for what decides."))
white_always_wins = mutant(white_wins, ALWAYS, "white_always_wins", [
    ("return " + COLOURS, "return True")], why="White wins every start.")


MOVES_BUGS: list[Bug] = catalogue(
    alphabetical_order, off_grid, ignores_walls, wrong_robot, after_capture, swapped_axes,
    flipped_directions)
"""Wrong ``legal_moves``, most specific first."""

RESULT_BUGS: list[Bug] = catalogue(
    keeps_turn, result_wrong_robot, result_swapped_axes, result_flipped_directions)
"""Wrong ``result``, most specific first."""

PREDICT_BUGS: list[Bug] = catalogue(
    colour_rule_everywhere, opposite_colours_win, close_start_wins, white_always_wins)
"""Wrong ``white_wins``, most specific first."""

CATALOGUE: dict[str, list[Bug]] = {"legal_moves": MOVES_BUGS, "result": RESULT_BUGS,
                                   "white_wins": PREDICT_BUGS}
"""The student's function name -> its known wrong implementations."""

REFERENCES: dict[str, Callable[..., Any]] = {"legal_moves": legal_moves, "result": result,
                                             "white_wins": white_wins}
"""The student's function name -> the right implementation."""
