"""Generates all children of a node before searching the first."""
import math

from aisearch import MAX


def alphabeta_decision(game, state, depth, evaluate, alpha=-math.inf, beta=math.inf):
    if game.is_terminal(state):
        return game.utility(state, MAX), None
    if depth == 0:
        return evaluate(state), None
    maximizing = game.to_move(state) == MAX
    children = [(m, game.result(state, m)) for m in game.moves(state)]
    best_value, best_move = (-math.inf if maximizing else math.inf), None
    for move, child in children:
        value, _ = alphabeta_decision(game, child, depth - 1, evaluate, alpha, beta)
        if best_move is None or (value > best_value if maximizing else value < best_value):
            best_value, best_move = value, move
        if maximizing:
            alpha = max(alpha, best_value)
        else:
            beta = min(beta, best_value)
        if alpha >= beta:
            break
    return best_value, best_move
