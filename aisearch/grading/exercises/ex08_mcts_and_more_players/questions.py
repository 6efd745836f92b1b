"""The questions of exercise 08: MCTS and max^n (``solutions/08_mcts_and_more_players.ipynb``)."""

from aisearch.grading.exercises.ex08_mcts_and_more_players.checks import check
from aisearch.grading.exercises.ex08_mcts_and_more_players.whole import check_mcts
from aisearch.grading.question import ask
from aisearch.grading.stubs import searchers, solvers
from aisearch.learn import selfplay
from aisearch.trace.grown import GrownTree

WITHHELD = [*searchers(), *solvers(), GrownTree.ucb_terms, selfplay]
"""What the grading process does not have: every searcher (MCTS and max^n among them),
the MCTS tree and UCB1 with the playouts' rewards, the plain versions, the solvers, the
UCB1 terms the MCTS stepper shows (``GrownTree.ucb_terms``) and the self-play of
:mod:`aisearch.learn.selfplay` (which scores a finished game 1, 1/2 or 0 as a playout's
reward does)."""

ucb1 = ask("08.ucb1", 2, "ucb1_score(total, visits, parent_visits, c): UCB1, +inf for an "
           "unvisited child.", check, "ucb1_score")
select = ask("08.select", 2, "select_child(children, parent_visits, c): the highest UCB1 score, "
             "first on ties.", check, "select_child")
reward = ask("08.reward", 1, "reward(game, state): MAX's reward at a terminal state, 1 / 0.5 / 0.",
             check, "reward")
backup = ask("08.backup", 2, "backup(stats, movers, r): visits and totals from each mover's "
             "point of view.", check, "backup")
maxn = ask("08.maxn", 3, "maxn_value(game, state): the max^n utility tuple on random "
           "three-player trees.", check, "maxn_value")
whole_mcts = ask("08.mcts", 4, "mcts_move(game, state, iterations, seed): exact visits on fixed "
                 "trees, then its moves on clear positions and its games against a random "
                 "player.", check_mcts, timeout=30)
