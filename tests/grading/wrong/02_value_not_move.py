"""Returns the pair the wrong way round: the value where the move should be."""
import math

from aisearch import MAX


def minimax_value(game, state, depth, evaluate):
    if game.is_terminal(state):
        return game.utility(state, MAX)
    if depth == 0:
        return evaluate(state)
    values = [minimax_value(game, game.result(state, m), depth - 1, evaluate)
              for m in game.moves(state)]
    return max(values) if game.to_move(state) == MAX else min(values)


def minimax_decision(game, state, depth, evaluate):
    return minimax_value(game, state, depth, evaluate)


def robot_eval(game, state):
    d = game.distance(state.black, state.white)
    return -0.99 if d == math.inf else -d / (len(game.cells()) + 1)
