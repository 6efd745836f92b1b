"""The questions of exercise 04: search efficiency (``solutions/04_search_efficiency.ipynb``)."""

from aisearch.grading.exercises.ex04_search_efficiency import bugs
from aisearch.grading.exercises.ex04_search_efficiency.checks import check_deepening, check_table
from aisearch.grading.question import ask
from aisearch.grading.stubs import searchers, solvers
from aisearch.search import TranspositionTable

WITHHELD = [*searchers(), *solvers(), TranspositionTable]
"""What the grading process does not have: every searcher (the table searches and
iterative deepening among them), the plain versions, the solvers and the package's
transposition table."""

value = ask("04.value", 3, "table_search returns the right value, also with a table filled by "
            "shallower searches.", check_table, "value", bugs.TABLE_BUGS)
move = ask("04.move", 1, "table_search returns the first best move.",
           check_table, "move", bugs.TABLE_BUGS)
states = ask("04.states", 3, "table_search generates exactly the states alpha-beta with a table "
             "generates, in order, and its table ends up holding exactly the entries that "
             "search stores.", check_table, "pruning", bugs.TABLE_BUGS)
deepening = ask("04.deepening", 3, "deepening_moves returns (depth, move) of each iteration "
                "completed within the budget, and stops the search when the budget is spent.",
                check_deepening, bugs.deepening_moves, bugs.DEEPENING_BUGS, timeout=30)
# (30 s: a loop that counts its budget in a function of its own is called back from the
# grader at every node, 1.6-3 s in all on an idle machine and over 10 s with four graders
# on two cores)
