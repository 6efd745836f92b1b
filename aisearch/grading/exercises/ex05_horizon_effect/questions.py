"""The questions of exercise 05: quiescence search with stand-pat, and a depth-limited search
that calls it (``solutions/05_horizon_effect.ipynb``)."""

from aisearch.grading.exercises.ex05_horizon_effect import bugs
from aisearch.grading.exercises.ex05_horizon_effect.checks import (
    check_quiesce,
    check_search_quiescent,
)
from aisearch.grading.question import Context, question
from aisearch.grading.stubs import searchers, solvers

WITHHELD = [*searchers(), *solvers()]
"""What the grading process does not have: every searcher (quiescence search and the
searches that call it among them), the plain versions and the solvers."""


@question("05.quiesce", points=3)
def quiesce_value(ctx: Context) -> None:
    """quiesce returns the fail-soft quiescence value (MAX's point of view) for the window
    it is given."""
    check_quiesce(ctx, "value", bugs.QUIESCE_BUGS)


@question("05.stand_pat", points=3)
def quiesce_states(ctx: Context) -> None:
    """quiesce generates exactly the states quiescence search generates, in order (stand pat,
    noisy moves only, the window carried), and evaluates exactly the states it does."""
    check_quiesce(ctx, "states", bugs.QUIESCE_BUGS)


@question("05.search", points=2)
def search_answer(ctx: Context) -> None:
    """search_quiescent returns the value and the first best move of alpha-beta with
    quiescence at the depth bound."""
    check_search_quiescent(ctx, "answer", bugs.SEARCH_BUGS)


@question("05.search_states", points=2)
def search_states(ctx: Context) -> None:
    """search_quiescent generates exactly the states alpha-beta with quiescence generates,
    in order (quiesce called with the current window where depth reaches 0)."""
    check_search_quiescent(ctx, "states", bugs.SEARCH_BUGS)
