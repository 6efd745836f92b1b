"""A root loop that carries alpha (or beta) but never stops at the root."""
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
    alpha, beta = -math.inf, math.inf
    best, best_move = None, None
    for m in game.moves(state):
        v = ab(game, game.result(state, m), depth - 1, evaluate, alpha, beta)
        if game.to_move(state) == MAX:
            if best is None or v > best:
                best, best_move = v, m
            alpha = max(alpha, v)
        else:
            if best is None or v < best:
                best, best_move = v, m
            beta = min(beta, v)
    return best, best_move
