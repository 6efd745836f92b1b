"""Exercise 08, MCTS and more than two players (``solutions/08_mcts_and_more_players.ipynb``).

The student writes the pieces of Monte Carlo tree search and max^n: ``ucb1_score``,
``select_child``, ``reward``, ``backup`` and ``maxn_value``, compared with the package's
:func:`~aisearch.search.ucb1`, :class:`~aisearch.search.MCTS` and
:func:`~aisearch.search.maxn` on statistics, trees and positions drawn at grading time
(``checks.py``), and a whole UCT, ``mcts_move``, graded by its exact visits on fixed trees
and then by its play (``whole.py``). The known wrong implementations are in ``bugs.py``,
the questions in ``questions.py``.
"""
