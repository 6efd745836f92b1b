"""Plain alpha-beta: the depth bound goes to evaluate, quiesce is never called."""
import math

from aisearch import MAX


def search_quiescent(game, state, depth, evaluate, alpha=-math.inf, beta=math.inf):
    if game.is_terminal(state):
        return game.utility(state, MAX), None
    if depth == 0:
        return evaluate(state), None
    maximizing = game.to_move(state) == MAX
    best, move = (-math.inf if maximizing else math.inf), None
    for m in game.moves(state):
        v, _ = search_quiescent(game, game.result(state, m), depth - 1, evaluate, alpha, beta)
        if move is None or (v > best if maximizing else v < best):
            best, move = v, m
        if maximizing:
            alpha = max(alpha, best)
        else:
            beta = min(beta, best)
        if alpha >= beta:
            break
    return best, move
