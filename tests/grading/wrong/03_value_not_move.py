"""Searches correctly but returns only the value."""
import math

from aisearch import MAX


def alphabeta_decision(game, state, depth, evaluate, alpha=-math.inf, beta=math.inf):
    if game.is_terminal(state):
        return game.utility(state, MAX)
    if depth == 0:
        return evaluate(state)
    maximizing = game.to_move(state) == MAX
    best = -math.inf if maximizing else math.inf
    for move in game.moves(state):
        v = alphabeta_decision(game, game.result(state, move), depth - 1, evaluate, alpha, beta)
        if maximizing:
            best = max(best, v)
            alpha = max(alpha, best)
        else:
            best = min(best, v)
            beta = min(beta, best)
        if alpha >= beta:
            break
    return best
