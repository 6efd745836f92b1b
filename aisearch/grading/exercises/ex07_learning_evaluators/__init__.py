"""Exercise 07, TD(lambda) for a linear evaluator (``solutions/07_learning_evaluators.ipynb``).

The student writes ``td_episode(w, xs, outcome, alpha, lam) -> list`` (one episode of online
TD(lambda) with an eligibility trace), compared with
:func:`aisearch.learn.td.td_lambda_update` on random episodes; ``td_train(w, episodes, alpha,
lam) -> list`` (one episode after another, the trace starting from zero in each); and
``walk_values(episodes, alpha, lam, seed) -> list``, TD(lambda) learning the values of Sutton's
five-state random walk, graded by its error against the true values 1/6 .. 5/6 (``checks.py``).
The known wrong implementations are in ``bugs.py``, the questions in ``questions.py``.
"""
