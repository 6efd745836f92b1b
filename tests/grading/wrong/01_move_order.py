"""Lists moves in alphabetical order, and forgets to pass the turn."""
from aisearch import MIN

STEPS = {"E": (0, 1), "N": (-1, 0), "S": (1, 0), "W": (0, -1)}


def legal_moves(grid, state):
    black, white, to_move = state
    if black == white:
        return []
    r, c = black if to_move == MIN else white
    return [m for m, (dr, dc) in STEPS.items()
            if 0 <= r + dr < len(grid) and 0 <= c + dc < len(grid[0])
            and grid[r + dr][c + dc] != "#"]


def result(grid, state, move):
    if move not in legal_moves(grid, state):
        raise ValueError(move)
    black, white, to_move = state
    dr, dc = STEPS[move]
    if to_move == MIN:
        return ((black[0] + dr, black[1] + dc), white, to_move)
    return (black, (white[0] + dr, white[1] + dc), to_move)
