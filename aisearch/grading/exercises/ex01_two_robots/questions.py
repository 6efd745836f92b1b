"""The questions of exercise 01: the two robots' rules (``solutions/01_two_robots.ipynb``)."""

from aisearch.grading.exercises.ex01_two_robots.checks import (
    check_illegal,
    check_moves,
    check_result,
)
from aisearch.grading.question import Context, question


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
