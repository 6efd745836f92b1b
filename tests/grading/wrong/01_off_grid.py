"""Relies on IndexError for the grid's edges: grid[-1] wraps around."""
from aisearch import MAX, MIN

STEPS = {"N": (-1, 0), "S": (1, 0), "E": (0, 1), "W": (0, -1)}


def legal_moves(grid, state):
    black, white, to_move = state
    if black == white:
        return []
    r, c = black if to_move == MIN else white
    moves = []
    for m, (dr, dc) in STEPS.items():
        try:
            if grid[r + dr][c + dc] == ".":
                moves.append(m)
        except IndexError:
            pass
    return moves


def result(grid, state, move):
    if move not in legal_moves(grid, state):
        raise ValueError(move)
    black, white, to_move = state
    dr, dc = STEPS[move]
    if to_move == MIN:
        return ((black[0] + dr, black[1] + dc), white, MAX)
    return (black, (white[0] + dr, white[1] + dc), MIN)
