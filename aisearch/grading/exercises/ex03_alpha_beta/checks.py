"""Checks of exercise 03: the student's alpha-beta against the package's, the textbook way.

``alphabeta_decision`` is compared with :func:`aisearch.search.alphabeta` (cut when
alpha >= beta, root included; moves left to right; the first best move wins ties;
``fastest_wins=False``): values, moves, and the exact sequence of states it generates.

Examples
--------
>>> from aisearch.games import fig5_2
>>> reference(fig5_2, fig5_2.initial, 2, None)
(3, 0)
"""

from __future__ import annotations

from aisearch.grading.cases import search_cases
from aisearch.grading.exercises.ex03_alpha_beta.bugs import BUGS
from aisearch.grading.observe import exercise_api
from aisearch.grading.question import Context
from aisearch.grading.search_checks import check_search
from aisearch.search import alphabeta

__all__ = ["NAME", "reference", "check_alphabeta"]

NAME = "alphabeta_decision"
"""The student's searcher."""

reference = exercise_api(alphabeta)
"""The package's :func:`~aisearch.search.alphabeta` in the exercises' API, textbook rule."""


def check_alphabeta(ctx: Context, aspect: str) -> None:
    """Grade one aspect of ``alphabeta_decision`` on the question's random cases.

    ``aspect`` is ``'value'``, ``'move'`` or ``'pruning'`` (the exact sequence of
    generated states, and ``evaluate`` on exactly the tips at the bound).

    >>> from aisearch.grading.exercises.ex03_alpha_beta.bugs import alphabeta_decision
    >>> check_alphabeta(Context({NAME: alphabeta_decision}, seed=1), "pruning") is None
    True
    """
    check_search(ctx, NAME, aspect, search_cases(ctx.rng), reference=reference, bugs=BUGS)
