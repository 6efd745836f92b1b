"""The questions of exercise 02: depth-limited minimax and a robot evaluation
(``solutions/02_minimax.ipynb``)."""

from aisearch.games.robots import TwoRobots
from aisearch.grading.exercises.ex02_minimax.checks import check_evaluation, check_minimax
from aisearch.grading.question import ask
from aisearch.grading.stubs import searchers, solvers

WITHHELD = [*searchers(), *solvers(), TwoRobots.distance_eval]
"""What the grading process does not have: every searcher, the plain versions the
lessons show, the solvers, and the lesson's evaluation of the robots (the evaluation
question asks for one of your own)."""

value = ask("02.value", 3, "minimax_decision returns the minimax value (MAX's point of view).",
            check_minimax, "value")
move = ask("02.move", 2, "minimax_decision returns the first best move for the player to move.",
           check_minimax, "move")
search = ask("02.search", 1, "minimax_decision generates every node once and evaluates exactly "
             "the tips at the bound.", check_minimax, "expansion")
robot_eval = ask("02.robot_eval", 4, "robot_eval(game, state) makes White win on walled grids "
                 "as often as distance_eval does.", check_evaluation, "robot_eval", points=4,
                 timeout=30)
