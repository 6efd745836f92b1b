"""Exercise 03, alpha-beta (``solutions/03_alpha_beta.ipynb``).

The student writes ``alphabeta_decision(game, state, depth, evaluate) -> (value, move)``,
compared with :func:`aisearch.search.alphabeta` (cut when alpha >= beta, root included;
moves left to right; the first best move wins ties): values, moves, and the exact
sequence of states it generates (``checks.py``); then ``alphabeta_strict`` with CS188's
strict rule (cut only when alpha > beta, fail-soft), graded the same way, and
``evaluated_tips``, a trace by hand of a fixed tree. The known wrong implementations are in
``bugs.py``, the questions in ``questions.py``.
"""
