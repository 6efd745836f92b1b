"""Each capture is searched with the full window: alpha and beta never reach the children."""
import math

from aisearch import MAX


def quiesce(game, state, alpha, beta, evaluate):
    if game.is_terminal(state):
        return game.utility(state, MAX)
    best = evaluate(state)
    maximizing = game.to_move(state) == MAX
    if maximizing:
        alpha = max(alpha, best)
    else:
        beta = min(beta, best)
    if alpha >= beta:
        return best
    for m in game.noisy_moves(state):
        v = quiesce(game, game.result(state, m), -math.inf, math.inf, evaluate)
        best = max(best, v) if maximizing else min(best, v)
        if maximizing:
            alpha = max(alpha, best)
        else:
            beta = min(beta, best)
        if alpha >= beta:
            break
    return best
