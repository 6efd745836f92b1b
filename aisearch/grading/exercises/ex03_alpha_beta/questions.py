"""The questions of exercise 03: alpha-beta, the strict rule, and a trace by hand
(``solutions/03_alpha_beta.ipynb``)."""

from aisearch.grading.exercises.ex03_alpha_beta import bugs
from aisearch.grading.exercises.ex03_alpha_beta.checks import (
    check_alphabeta,
    check_hand_trace,
    check_strict,
)
from aisearch.grading.question import Context, question
from aisearch.grading.stubs import searchers, solvers

WITHHELD = [*searchers(), *solvers()]
"""What the grading process does not have: every searcher, the plain versions the
lessons show and the solvers (each gives the values alpha-beta is asked for)."""


@question("03.value", points=2)
def value(ctx: Context) -> None:
    """alphabeta_decision returns the minimax value."""
    check_alphabeta(ctx, "value", bugs.BUGS)


@question("03.move", points=2)
def move(ctx: Context) -> None:
    """alphabeta_decision returns the first best move."""
    check_alphabeta(ctx, "move", bugs.BUGS)


@question("03.pruning", points=6)
def pruning(ctx: Context) -> None:
    """alphabeta_decision generates exactly the states alpha-beta generates, in order."""
    check_alphabeta(ctx, "pruning", bugs.BUGS)


@question("03.strict", points=2)
def strict(ctx: Context) -> None:
    """alphabeta_strict (fail-soft, cut only when alpha > beta) generates what CS188 expects."""
    check_strict(ctx, bugs.STRICT_BUGS)


@question("03.hand_trace", points=2)
def hand_trace(ctx: Context) -> None:
    """evaluated_tips lists the tips alpha-beta evaluates in the exercise's tree."""
    check_hand_trace(ctx, bugs.trace_tips, bugs.TRACE_BUGS)
