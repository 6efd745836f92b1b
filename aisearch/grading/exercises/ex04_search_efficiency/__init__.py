"""Exercise 04, search efficiency (``solutions/04_search_efficiency.ipynb``).

The student writes ``table_search(game, state, depth, evaluate, table) -> (value, move)``,
fail-soft alpha-beta with a transposition table that stores depths and bound flags, and
``deepening_moves(game, state, evaluate, nodes, search, max_depth=10)``, iterative deepening
under a node budget returning the ``(depth, move)`` of every completed iteration. The checks
are in ``checks.py``, the known wrong implementations in ``bugs.py``, the questions in
``questions.py``.
"""
