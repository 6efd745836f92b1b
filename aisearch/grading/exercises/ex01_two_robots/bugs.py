"""Known wrong rules of the two robots, one named function per bug, and the right ones.

A grid is a tuple of strings of ``'.'`` (free) and ``'#'`` (wall); a state is ``(black,
white, to_move)`` with cells ``(row, col)``; Black moves when ``to_move`` is MIN, White
when it is MAX, and White catches Black by stepping onto its cell. :func:`legal_moves`
and :func:`result` are the right answers; every other function here has exactly one bug.

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
from aisearch.grading.recognise import Bug, BugClass, catalogue, shows

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


# -- wrong legal_moves -------------------------------------------------------------------
@shows(MOVE_ORDER)
def alphabetical_order(grid: Grid, state: State) -> list[str]:
    """Lists the moves in alphabetical order (E, N, S, W).

    >>> alphabetical_order(("..", ".."), ((0, 0), (1, 1), MIN))
    ['E', 'S']
    """
    return sorted(legal_moves(grid, state))


@shows(OFF_GRID)
def off_grid(grid: Grid, state: State) -> list[str]:
    """Relies on IndexError at the grid's edges, where ``grid[-1]`` wraps around.

    >>> off_grid(("..", ".."), ((0, 0), (1, 1), MIN))
    ['N', 'S', 'E', 'W']
    """
    black, white, to_move = state
    if black == white:
        return []
    r, c = black if to_move == MIN else white
    moves = []
    for m, (dr, dc) in STEPS.items():
        try:
            if grid[r + dr][c + dc] != "#":
                moves.append(m)
        except IndexError:
            pass
    return moves


@shows(WALLS)
def ignores_walls(grid: Grid, state: State) -> list[str]:
    """Lets a robot step onto a wall.

    >>> ignores_walls(("..", "#."), ((0, 0), (1, 1), MIN))
    ['S', 'E']
    """
    black, white, to_move = state
    if black == white:
        return []
    r, c = black if to_move == MIN else white
    return [m for m, (dr, dc) in STEPS.items() if _inside(grid, r + dr, c + dc)]


@shows(WRONG_ROBOT)
def wrong_robot(grid: Grid, state: State) -> list[str]:
    """Moves White when MIN is to move, and Black when MAX is.

    >>> wrong_robot(("...",), ((0, 0), (0, 2), MIN))
    ['W']
    """
    black, white, to_move = state
    if black == white:
        return []
    r, c = black if to_move == MAX else white
    return [m for m, (dr, dc) in STEPS.items()
            if _inside(grid, r + dr, c + dc) and grid[r + dr][c + dc] != "#"]


@shows(AFTER_CAPTURE)
def after_capture(grid: Grid, state: State) -> list[str]:
    """Goes on moving once White has caught Black.

    >>> after_capture(("..",), ((0, 0), (0, 0), MIN))
    ['E']
    """
    black, white, to_move = state
    r, c = black if to_move == MIN else white
    return [m for m, (dr, dc) in STEPS.items()
            if _inside(grid, r + dr, c + dc) and grid[r + dr][c + dc] != "#"]


@shows(AXES)
def swapped_axes(grid: Grid, state: State) -> list[str]:
    """Steps along columns for N and S and along rows for E and W.

    >>> swapped_axes(("...",), ((0, 1), (0, 2), MIN))
    ['N', 'S']
    """
    black, white, to_move = state
    if black == white:
        return []
    r, c = black if to_move == MIN else white
    return [m for m, (dc, dr) in STEPS.items()
            if _inside(grid, r + dr, c + dc) and grid[r + dr][c + dc] != "#"]


@shows(DIRECTIONS)
def flipped_directions(grid: Grid, state: State) -> list[str]:
    """Steps down for N, up for S, left for E and right for W.

    >>> flipped_directions(("..", ".."), ((0, 0), (1, 1), MIN))
    ['N', 'W']
    """
    black, white, to_move = state
    if black == white:
        return []
    r, c = black if to_move == MIN else white
    return [m for m, (dr, dc) in STEPS.items()
            if _inside(grid, r - dr, c - dc) and grid[r - dr][c - dc] != "#"]


# -- wrong result ------------------------------------------------------------------------
@shows(NO_SWITCH)
def keeps_turn(grid: Grid, state: State, move: str) -> State:
    """Leaves the same robot to move after a move.

    >>> keeps_turn(("..", ".."), ((0, 0), (1, 1), MIN), "E")
    ((0, 1), (1, 1), 1)
    """
    if move not in legal_moves(grid, state):
        raise ValueError(f"illegal move {move!r}")
    black, white, to_move = state
    dr, dc = STEPS[move]
    if to_move == MIN:
        return ((black[0] + dr, black[1] + dc), white, to_move)
    return (black, (white[0] + dr, white[1] + dc), to_move)


@shows(WRONG_ROBOT)
def result_wrong_robot(grid: Grid, state: State, move: str) -> State:
    """Moves White when MIN is to move, and Black when MAX is.

    >>> result_wrong_robot(("..", ".."), ((0, 0), (1, 1), MIN), "E")
    ((0, 0), (1, 2), 0)
    """
    if move not in legal_moves(grid, state):
        raise ValueError(f"illegal move {move!r}")
    black, white, to_move = state
    dr, dc = STEPS[move]
    if to_move == MAX:
        return ((black[0] + dr, black[1] + dc), white, MIN)
    return (black, (white[0] + dr, white[1] + dc), MAX)


@shows(AXES)
def result_swapped_axes(grid: Grid, state: State, move: str) -> State:
    """Steps along columns for N and S and along rows for E and W.

    >>> result_swapped_axes(("..", ".."), ((0, 0), (1, 1), MIN), "E")
    ((1, 0), (1, 1), 0)
    """
    if move not in legal_moves(grid, state):
        raise ValueError(f"illegal move {move!r}")
    black, white, to_move = state
    dc, dr = STEPS[move]
    if to_move == MIN:
        return ((black[0] + dr, black[1] + dc), white, MAX)
    return (black, (white[0] + dr, white[1] + dc), MIN)


@shows(DIRECTIONS)
def result_flipped_directions(grid: Grid, state: State, move: str) -> State:
    """Steps down for N, up for S, left for E and right for W.

    >>> result_flipped_directions(("..", ".."), ((0, 0), (1, 1), MIN), "E")
    ((0, -1), (1, 1), 0)
    """
    if move not in legal_moves(grid, state):
        raise ValueError(f"illegal move {move!r}")
    black, white, to_move = state
    dr, dc = STEPS[move]
    if to_move == MIN:
        return ((black[0] - dr, black[1] - dc), white, MAX)
    return (black, (white[0] - dr, white[1] - dc), MIN)


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


@shows(CORRIDOR)
def colour_rule_everywhere(rows: int, cols: int, black: tuple[int, int],
                           white: tuple[int, int]) -> bool:
    """The colour rule, in corridors too.

    >>> colour_rule_everywhere(1, 6, (0, 2), (0, 5))
    False
    """
    return _colour(black) == _colour(white)  # the bug: a corridor is won whatever the colours


@shows(PARITY)
def opposite_colours_win(rows: int, cols: int, black: tuple[int, int],
                         white: tuple[int, int]) -> bool:
    """White wins from opposite colours (and in corridors).

    >>> opposite_colours_win(6, 7, (0, 0), (3, 4))
    True
    """
    if rows == 1 or cols == 1:
        return True
    return _colour(black) != _colour(white)  # the bug: should be ==


@shows(DISTANCE)
def close_start_wins(rows: int, cols: int, black: tuple[int, int],
                     white: tuple[int, int]) -> bool:
    """White wins when it starts at most 3 steps from Black (and in corridors).

    >>> close_start_wins(8, 8, (0, 0), (4, 4))
    False
    """
    if rows == 1 or cols == 1:
        return True
    return abs(black[0] - white[0]) + abs(black[1] - white[1]) <= 3  # the bug: the colours decide


@shows(ALWAYS)
def white_always_wins(rows: int, cols: int, black: tuple[int, int],
                      white: tuple[int, int]) -> bool:
    """White wins every start.

    >>> white_always_wins(6, 7, (0, 0), (3, 4))
    True
    """
    return True  # the bug: opposite colours on a grid at least 2 x 2 are a draw


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
