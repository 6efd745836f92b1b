"""The questions of exercise 01: the two robots' rules, and who wins an open grid
(``solutions/01_two_robots.ipynb``)."""

from aisearch.games.robots import TwoRobots
from aisearch.grading.exercises.ex01_two_robots.checks import (
    check_illegal,
    check_moves,
    check_result,
    check_white_wins,
)
from aisearch.grading.question import ask
from aisearch.grading.stubs import solvers

WITHHELD = [TwoRobots.__init__, TwoRobots.moves, TwoRobots.result, TwoRobots.neighbours,
            TwoRobots._mover_steps, *solvers()]
"""What the grading process does not have: the robots' rules (the exercise asks for them;
a game's constructor works out every cell's moves, so no game can be made there) and the
solvers (the prediction is to be made without search)."""

legal_moves = ask("01.legal_moves", 4, "legal_moves(grid, state): the legal moves, in the "
                  "order N, S, E, W.", check_moves, "legal_moves")
result = ask("01.result", 4, "result(grid, state, move): the next state after a legal move.",
             check_result, "result")
illegal = ask("01.illegal", 2, "result(grid, state, move) raises ValueError for an illegal "
              "move.", check_illegal, "result")
white_wins = ask("01.white_wins", 3, "white_wins(rows, cols, black, white): who wins an open "
                 "grid, predicted without search.", check_white_wins, "white_wins")
