"""The questions of exercise 08: MCTS and max^n (``solutions/08_mcts_and_more_players.ipynb``)."""

import inspect
from typing import Any

import aisearch.search
from aisearch.grading.exercises.ex08_mcts_and_more_players.checks import check
from aisearch.grading.exercises.ex08_mcts_and_more_players.whole import check_mcts
from aisearch.grading.question import Context, question
from aisearch.grading.stubs import searchers, solvers

WITHHELD = [*searchers(), *solvers(), aisearch.search.MCTS,
            inspect.getmodule(aisearch.search.ucb1)]
"""What the grading process does not have: every searcher (MCTS and max^n among them),
the plain versions, the solvers, the MCTS tree and UCB1 with the playouts' rewards."""


@question("08.ucb1", points=2)
def ucb1(ctx: Context) -> None:
    """ucb1_score(total, visits, parent_visits, c): UCB1, +inf for an unvisited child."""
    check(ctx, "ucb1_score")


@question("08.select", points=2)
def select(ctx: Context) -> None:
    """select_child(children, parent_visits, c): the highest UCB1 score, first on ties."""
    check(ctx, "select_child")


@question("08.reward", points=1)
def reward(ctx: Context) -> None:
    """reward(game, state): MAX's reward at a terminal state, 1 / 0.5 / 0."""
    check(ctx, "reward")


@question("08.backup", points=2)
def backup(ctx: Context) -> None:
    """backup(stats, movers, r): visits and totals from each mover's point of view."""
    check(ctx, "backup")


@question("08.maxn", points=3)
def maxn(ctx: Context) -> None:
    """maxn_value(game, state): the max^n utility tuple on random three-player trees."""
    check(ctx, "maxn_value")


@question("08.mcts", points=4, timeout=30)
def whole_mcts(ctx: Context) -> Any:
    """mcts_move(game, state, iterations, seed): exact visits on fixed trees, then its moves
    on clear positions and its games against a random player."""
    return check_mcts(ctx)
