"""Ignores walls, and result never refuses a move."""
from aisearch import MAX, MIN

STEPS = {"N": (-1, 0), "S": (1, 0), "E": (0, 1), "W": (0, -1)}


def legal_moves(grid, state):
    black, white, to_move = state
    if black == white:
        return []
    r, c = black if to_move == MIN else white
    return [m for m, (dr, dc) in STEPS.items()
            if 0 <= r + dr < len(grid) and 0 <= c + dc < len(grid[0])]


def result(grid, state, move):
    black, white, to_move = state
    dr, dc = STEPS.get(move, (0, 0))
    if to_move == MIN:
        return ((black[0] + dr, black[1] + dc), white, MAX)
    return (black, (white[0] + dr, white[1] + dc), MIN)
