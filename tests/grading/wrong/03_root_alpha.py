"""A separate root loop that gives every root move a fresh window (-inf, +inf)."""
import math

from aisearch import MAX


def ab(game, s, depth, evaluate, alpha, beta):
    if game.is_terminal(s):
        return game.utility(s, MAX)
    if depth == 0:
        return evaluate(s)
    if game.to_move(s) == MAX:
        v = -math.inf
        for m in game.moves(s):
            v = max(v, ab(game, game.result(s, m), depth - 1, evaluate, alpha, beta))
            if v >= beta:
                return v
            alpha = max(alpha, v)
        return v
    v = math.inf
    for m in game.moves(s):
        v = min(v, ab(game, game.result(s, m), depth - 1, evaluate, alpha, beta))
        if v <= alpha:
            return v
        beta = min(beta, v)
    return v


def alphabeta_decision(game, state, depth, evaluate):
    if game.is_terminal(state) or depth == 0:
        return ab(game, state, depth, evaluate, -math.inf, math.inf), None
    sign = 1 if game.to_move(state) == MAX else -1
    best, best_move = None, None
    for m in game.moves(state):
        v = ab(game, game.result(state, m), depth - 1, evaluate, -math.inf, math.inf)
        if best is None or sign * v > sign * best:
            best, best_move = v, m
    return best, best_move
