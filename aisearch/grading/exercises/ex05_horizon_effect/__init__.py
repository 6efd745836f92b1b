"""Exercise 05, quiescence search with stand-pat (``solutions/05_horizon_effect.ipynb``).

The student writes ``quiesce(game, state, alpha, beta, evaluate) -> value`` (fail-soft, stand
pat, noisy moves only) and ``search_quiescent(game, state, depth, evaluate) -> (value, move)``
(fail-soft alpha-beta calling ``quiesce`` at the depth bound), compared with
:func:`aisearch.search.quiescence` and the package's alpha-beta with quiescence on random trees
with noisy nodes and on small chess positions (``checks.py``). The known wrong implementations
are in ``bugs.py``, the questions in ``questions.py``.
"""
