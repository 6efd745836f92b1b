"""Exercise 02, depth-limited minimax and a robot evaluation (``solutions/02_minimax.ipynb``).

The student writes ``minimax_decision(game, state, depth, evaluate) -> (value, move)``,
compared with :func:`aisearch.search.minimax` on random trees, tic-tac-toe and robot
positions, and ``robot_eval(game, state)``, which plays a seeded match (``checks.py``).
The known wrong implementations are in ``bugs.py``, the questions in ``questions.py``.
"""
