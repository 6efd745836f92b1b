"""Exercise 01, the two robots' rules (``solutions/01_two_robots.ipynb``).

The student defines ``legal_moves(grid, state)`` and ``result(grid, state, move)``;
both are compared with :class:`aisearch.games.robots.TwoRobots` on random grids.
"""

from aisearch.grading import question
from aisearch.grading.robot_checks import check_illegal, check_moves, check_result


@question("01.legal_moves", points=4)
def legal_moves(ctx):
    """legal_moves(grid, state): the legal moves, in the order N, S, E, W."""
    check_moves(ctx, "legal_moves")


@question("01.result", points=4)
def result(ctx):
    """result(grid, state, move): the next state after a legal move."""
    check_result(ctx, "result")


@question("01.illegal", points=2)
def illegal(ctx):
    """result(grid, state, move) raises ValueError for an illegal move."""
    check_illegal(ctx, "result")
