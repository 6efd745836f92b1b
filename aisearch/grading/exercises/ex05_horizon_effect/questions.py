"""The questions of exercise 05: quiescence search with stand-pat, and a depth-limited search
that calls it (``solutions/05_horizon_effect.ipynb``)."""

from aisearch.grading.exercises.ex05_horizon_effect import bugs
from aisearch.grading.exercises.ex05_horizon_effect.checks import (
    check_quiesce,
    check_search_quiescent,
)
from aisearch.grading.question import ask
from aisearch.grading.stubs import searchers, solvers

WITHHELD = [*searchers(), *solvers()]
"""What the grading process does not have: every searcher (quiescence search and the
searches that call it among them), the plain versions and the solvers."""

quiesce_value = ask("05.quiesce", 3, "quiesce returns the fail-soft quiescence value (MAX's "
                    "point of view) for the window it is given.",
                    check_quiesce, "value", bugs.QUIESCE_BUGS)
quiesce_states = ask("05.stand_pat", 3, "quiesce generates exactly the states quiescence search "
                     "generates, in order (stand pat, noisy moves only, the window carried), and "
                     "evaluates exactly the states it does.",
                     check_quiesce, "states", bugs.QUIESCE_BUGS)
search_answer = ask("05.search", 2, "search_quiescent returns the value and the first best move "
                    "of alpha-beta with quiescence at the depth bound.",
                    check_search_quiescent, "answer", bugs.SEARCH_BUGS)
search_states = ask("05.search_states", 2, "search_quiescent generates exactly the states "
                    "alpha-beta with quiescence generates, in order (quiesce called with the "
                    "current window where depth reaches 0).",
                    check_search_quiescent, "states", bugs.SEARCH_BUGS)
