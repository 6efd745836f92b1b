"""The questions of exercise 01: the two robots' rules, and who wins an open grid
(``solutions/01_two_robots.ipynb``)."""

from aisearch.games.robots import TwoRobots
from aisearch.grading.exercises.ex01_two_robots.checks import (
    check_illegal,
    check_moves,
    check_result,
    check_white_wins,
)
from aisearch.grading.question import Context, question
from aisearch.grading.stubs import solvers

WITHHELD = [TwoRobots.moves, TwoRobots.result, TwoRobots.neighbours,
            TwoRobots._mover_steps, *solvers()]
"""What the grading process does not have: the robots' rules (the exercise asks for them)
and the solvers (the prediction is to be made without search)."""


@question("01.legal_moves", points=4)
def legal_moves(ctx: Context) -> None:
    """legal_moves(grid, state): the legal moves, in the order N, S, E, W."""
    check_moves(ctx, "legal_moves")


@question("01.result", points=4)
def result(ctx: Context) -> None:
    """result(grid, state, move): the next state after a legal move."""
    check_result(ctx, "result")


@question("01.illegal", points=2)
def illegal(ctx: Context) -> None:
    """result(grid, state, move) raises ValueError for an illegal move."""
    check_illegal(ctx, "result")


@question("01.white_wins", points=3)
def white_wins(ctx: Context) -> None:
    """white_wins(rows, cols, black, white): who wins an open grid, predicted without search."""
    check_white_wins(ctx, "white_wins")
