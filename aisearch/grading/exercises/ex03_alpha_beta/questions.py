"""The questions of exercise 03: alpha-beta, the strict rule, and a trace by hand
(``solutions/03_alpha_beta.ipynb``)."""

from aisearch.grading.exercises.ex03_alpha_beta import bugs
from aisearch.grading.exercises.ex03_alpha_beta.checks import (
    check_alphabeta,
    check_hand_trace,
    check_strict,
)
from aisearch.grading.question import ask
from aisearch.grading.stubs import searchers, solvers

WITHHELD = [*searchers(), *solvers()]
"""What the grading process does not have: every searcher, the plain versions the
lessons show and the solvers (each gives the values alpha-beta is asked for)."""

value = ask("03.value", 2, "alphabeta_decision returns the minimax value.",
            check_alphabeta, "value", bugs.BUGS)
move = ask("03.move", 2, "alphabeta_decision returns the first best move.",
           check_alphabeta, "move", bugs.BUGS)
pruning = ask("03.pruning", 6, "alphabeta_decision generates exactly the states alpha-beta "
              "generates, in order.", check_alphabeta, "pruning", bugs.BUGS)
strict = ask("03.strict", 2, "alphabeta_strict (fail-soft, cut only when alpha > beta) "
             "generates what CS188 expects.", check_strict, bugs.STRICT_BUGS)
hand_trace = ask("03.hand_trace", 2, "evaluated_tips lists the tips alpha-beta evaluates in the "
                 "exercise's tree.", check_hand_trace, bugs.trace_tips, bugs.TRACE_BUGS)
