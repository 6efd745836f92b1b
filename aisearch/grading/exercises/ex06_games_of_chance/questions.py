"""The questions of exercise 06: expectiminimax, and a Pig policy's chance to win
(``solutions/06_games_of_chance.ipynb``)."""

from aisearch.grading.exercises.ex06_games_of_chance.checks import (
    check_expectiminimax,
    check_policy,
)
from aisearch.grading.question import ask
from aisearch.grading.stubs import searchers, solvers

WITHHELD = [*searchers(), *solvers()]
"""What the grading process does not have: every searcher (expectiminimax, Star1 and
Star2 among them), the plain versions, and the solvers (Pig's exact solver among them)."""

value = ask("06.value", 3, "expectiminimax_decision returns the expectiminimax value (MAX's "
            "point of view).", check_expectiminimax, "value")
move = ask("06.move", 2, "expectiminimax_decision returns the first best move for the player to "
           "move.", check_expectiminimax, "move")
search = ask("06.search", 2, "expectiminimax_decision generates every node once (chance nodes "
             "count as plies) and evaluates exactly the states at the depth bound.",
             check_expectiminimax, "expansion")
hold_at = ask("06.hold_at", 3, "hold_at_win_probability(goal, n) gives Pig's first player's "
              "chance to win when both players hold at n, within 1e-6 of the exact "
              "solver's.",
              check_policy, timeout=60)
