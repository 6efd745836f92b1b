"""Quiescence search over every move, quiet ones included."""
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
    for m in game.moves(state):
        v = quiesce(game, game.result(state, m), alpha, beta, evaluate)
        if maximizing:
            best = max(best, v)
            alpha = max(alpha, best)
        else:
            best = min(best, v)
            beta = min(beta, best)
        if alpha >= beta:
            break
    return best
