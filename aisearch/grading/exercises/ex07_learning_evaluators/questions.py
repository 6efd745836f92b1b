"""The questions of exercise 07: TD(lambda) for a linear evaluator
(``solutions/07_learning_evaluators.ipynb``)."""

from aisearch.grading.exercises.ex07_learning_evaluators.checks import check_updates, check_walk
from aisearch.grading.question import Context, question


@question("07.episode", points=4)
def episode(ctx: Context) -> None:
    """td_episode(w, xs, outcome, alpha, lam): the weights after one episode of online
    TD(lambda), as td_lambda_update gives them."""
    check_updates(ctx, "td_episode")


@question("07.train", points=2)
def train(ctx: Context) -> None:
    """td_train(w, episodes, alpha, lam): the weights after several episodes, the trace
    starting from zero in each."""
    check_updates(ctx, "td_train")


@question("07.walk", points=3, timeout=30)
def walk(ctx: Context) -> None:
    """walk_values(episodes, alpha, lam, seed): TD(lambda) learns the random walk's values
    1/6 .. 5/6 (RMS error below the bound on three runs)."""
    check_walk(ctx)
