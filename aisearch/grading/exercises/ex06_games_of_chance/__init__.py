"""Exercise 06, expectiminimax and a Pig policy's win probability
(``solutions/06_games_of_chance.ipynb``).

The student writes ``expectiminimax_decision(game, state, depth, evaluate) -> (value, move)``,
compared with :func:`aisearch.search.expectiminimax` on random chance trees and Pig positions,
and ``hold_at_win_probability(goal, n)``, compared with the exact solver (``checks.py``). The
known wrong implementations are in ``bugs.py``, the questions in ``questions.py``.
"""
