"""The questions of exercise 03: alpha-beta (``solutions/03_alpha_beta.ipynb``)."""

from aisearch.grading.exercises.ex03_alpha_beta.checks import check_alphabeta
from aisearch.grading.question import Context, question


@question("03.value", points=2)
def value(ctx: Context) -> None:
    """alphabeta_decision returns the minimax value."""
    check_alphabeta(ctx, "value")


@question("03.move", points=2)
def move(ctx: Context) -> None:
    """alphabeta_decision returns the first best move."""
    check_alphabeta(ctx, "move")


@question("03.pruning", points=6)
def pruning(ctx: Context) -> None:
    """alphabeta_decision generates exactly the states alpha-beta generates, in order."""
    check_alphabeta(ctx, "pruning")
