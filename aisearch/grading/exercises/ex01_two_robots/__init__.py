"""Exercise 01, the two robots' rules (``solutions/01_two_robots.ipynb``).

The student writes ``legal_moves(grid, state)`` and ``result(grid, state, move)``; a grid
is a tuple of strings of ``'.'`` (free) and ``'#'`` (wall), a state is ``(black, white,
to_move)`` with cells ``(row, col)``. Both are compared with
:class:`aisearch.games.robots.TwoRobots` on random grids (``checks.py``); the known wrong
implementations are in ``bugs.py``, the questions in ``questions.py``. A second part asks
for a prediction without search, ``white_wins(rows, cols, black, white)``: who wins an open
grid with Black to move, compared with retrograde analysis.
"""
