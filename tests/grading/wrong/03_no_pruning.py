"""Alpha-beta in name only: the window is passed around but nothing is ever cut."""
import math

from aisearch import MAX


def alphabeta_decision(game, state, depth, evaluate, alpha=-math.inf, beta=math.inf):
    if game.is_terminal(state):
        return game.utility(state, MAX), None
    if depth == 0:
        return evaluate(state), None
    best, best_move = None, None
    for m in game.moves(state):
        v, _ = alphabeta_decision(game, game.result(state, m), depth - 1, evaluate, alpha, beta)
        if game.to_move(state) == MAX:
            if best is None or v > best:
                best, best_move = v, m
            alpha = max(alpha, v)
        else:
            if best is None or v < best:
                best, best_move = v, m
            beta = min(beta, v)
    return best, best_move
