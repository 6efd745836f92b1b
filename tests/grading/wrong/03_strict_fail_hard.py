"""CS188's strict rule, but fail-hard: returns alpha or beta instead of the best value."""
import math

from aisearch import MAX


def alphabeta_strict(game, state, depth, evaluate, alpha=-math.inf, beta=math.inf):
    if game.is_terminal(state):
        return game.utility(state, MAX), None
    if depth == 0:
        return evaluate(state), None
    move_found = None
    for move in game.moves(state):
        value, _ = alphabeta_strict(game, game.result(state, move), depth - 1, evaluate,
                                    alpha, beta)
        if game.to_move(state) == MAX:
            if move_found is None or value > alpha:
                move_found = move
            alpha = max(alpha, value)
            if alpha > beta:
                return beta, move_found
        else:
            if move_found is None or value < beta:
                move_found = move
            beta = min(beta, value)
            if beta < alpha:
                return alpha, move_found
    return (alpha if game.to_move(state) == MAX else beta), move_found
