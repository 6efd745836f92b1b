"""The questions of exercise 04: search efficiency (``solutions/04_search_efficiency.ipynb``)."""

from aisearch.grading.exercises.ex04_search_efficiency import bugs
from aisearch.grading.exercises.ex04_search_efficiency.checks import check_deepening, check_table
from aisearch.grading.question import Context, question
from aisearch.grading.stubs import searchers, solvers
from aisearch.search import TranspositionTable

WITHHELD = [*searchers(), *solvers(), TranspositionTable]
"""What the grading process does not have: every searcher (the table searches and
iterative deepening among them), the plain versions, the solvers and the package's
transposition table."""


@question("04.value", points=3)
def value(ctx: Context) -> None:
    """table_search returns the right value, also with a table filled by shallower searches."""
    check_table(ctx, "value", bugs.TABLE_BUGS)


@question("04.move", points=1)
def move(ctx: Context) -> None:
    """table_search returns the first best move."""
    check_table(ctx, "move", bugs.TABLE_BUGS)


@question("04.states", points=3)
def states(ctx: Context) -> None:
    """table_search generates exactly the states alpha-beta with a table generates, in order."""
    check_table(ctx, "pruning", bugs.TABLE_BUGS)


@question("04.deepening", points=3)
def deepening(ctx: Context) -> None:
    """deepening_moves returns (depth, move) of each iteration completed within the budget,
    and stops the search when the budget is spent."""
    check_deepening(ctx, bugs.deepening_moves, bugs.DEEPENING_BUGS)
