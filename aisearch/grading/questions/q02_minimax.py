"""Exercise 02, depth-limited minimax and a robot evaluation (``solutions/02_minimax.ipynb``).

``minimax_decision(game, state, depth, evaluate) -> (value, move)`` is compared with
:func:`aisearch.search.minimax` on random trees, tic-tac-toe and robot positions;
``robot_eval(game, state)`` plays a seeded match.
"""

from aisearch.grading import question
from aisearch.grading.bugs import MINIMAX_BUGS
from aisearch.grading.checks import REFERENCE_CODES, check_search, reference_minimax
from aisearch.grading.randgen import search_cases
from aisearch.grading.robot_checks import check_evaluation

NAME = "minimax_decision"


def _check(ctx, aspect):
    check_search(ctx, NAME, aspect, search_cases(ctx.rng), reference=reference_minimax,
                 bugs=MINIMAX_BUGS, forbid=REFERENCE_CODES)


@question("02.value", points=3)
def value(ctx):
    """minimax_decision returns the minimax value (MAX's point of view)."""
    _check(ctx, "value")


@question("02.move", points=2)
def move(ctx):
    """minimax_decision returns the first best move for the player to move."""
    _check(ctx, "move")


@question("02.search", points=1)
def search(ctx):
    """minimax_decision generates every node once and evaluates exactly the tips at the bound."""
    _check(ctx, "expansion")


@question("02.robot_eval", points=4, timeout=30)
def robot_eval(ctx):
    """robot_eval(game, state) makes White win more games than no evaluation does."""
    return check_evaluation(ctx, "robot_eval", points=4)
