"""The questions of exercise 07: TD(lambda) for a linear evaluator
(``solutions/07_learning_evaluators.ipynb``)."""

from aisearch.grading.exercises.ex07_learning_evaluators.checks import check_updates, check_walk
from aisearch.grading.question import ask
from aisearch.learn import selfplay, td

WITHHELD = [td, selfplay]
"""What the grading process does not have: the package's TD(lambda) (``td_lambda_update``
and everything else in :mod:`aisearch.learn.td`) and the self-play trainer
(:mod:`aisearch.learn.selfplay`), which runs the same update: a chain of chance moves
through an episode's features makes it one."""

episode = ask("07.episode", 4, "td_episode(w, xs, outcome, alpha, lam): one episode of online "
              "TD(lambda).", check_updates, "td_episode")
"""The weights must be those of the package's td_lambda_update on random episodes."""
train = ask("07.train", 2, "td_train(w, episodes, alpha, lam): several episodes, a fresh trace "
            "in each.", check_updates, "td_train")
"""The weights must be those of td_lambda_update applied to the episodes in order."""
walk = ask("07.walk", 3, "walk_values(episodes, alpha, lam, seed): the random walk's values "
           "learned by TD(lambda).", check_walk, points=3, timeout=60)
"""Twelve runs (lambda 0 and 1 on the same seeds, 0.5 and 0.8): TD(lambda)'s weights on the
exercise's walks. (60 s: an honest TD(lambda) in exact fractions takes 13-17 s on an idle
machine, twice that on a busy one.)"""
