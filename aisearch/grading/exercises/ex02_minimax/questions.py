"""The questions of exercise 02: depth-limited minimax and a robot evaluation
(``solutions/02_minimax.ipynb``)."""

from aisearch.games.robots import TwoRobots
from aisearch.grading.exercises.ex02_minimax.checks import check_evaluation, check_minimax
from aisearch.grading.question import Context, Score, question
from aisearch.grading.stubs import searchers, solvers

WITHHELD = [*searchers(), *solvers(), TwoRobots.distance_eval]
"""What the grading process does not have: every searcher, the plain versions the
lessons show, the solvers, and the lesson's evaluation of the robots (the evaluation
question asks for one of your own)."""


@question("02.value", points=3)
def value(ctx: Context) -> None:
    """minimax_decision returns the minimax value (MAX's point of view)."""
    check_minimax(ctx, "value")


@question("02.move", points=2)
def move(ctx: Context) -> None:
    """minimax_decision returns the first best move for the player to move."""
    check_minimax(ctx, "move")


@question("02.search", points=1)
def search(ctx: Context) -> None:
    """minimax_decision generates every node once and evaluates exactly the tips at the bound."""
    check_minimax(ctx, "expansion")


@question("02.robot_eval", points=4, timeout=30)
def robot_eval(ctx: Context) -> Score:
    """robot_eval(game, state) makes White win on walled grids as often as distance_eval does."""
    return check_evaluation(ctx, "robot_eval", points=4)
