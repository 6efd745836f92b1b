"""AIMA's cutoff test: evaluate when the depth runs out *or* the game is over."""
import math

from aisearch import MAX


def minimax_decision(game, state, depth, evaluate):
    def value(s, d):
        if d == 0 or game.is_terminal(s):
            return evaluate(s)
        values = [value(game.result(s, m), d - 1) for m in game.moves(s)]
        return max(values) if game.to_move(s) == MAX else min(values)

    if game.is_terminal(state):
        return game.utility(state, MAX), None
    if depth == 0:
        return evaluate(state), None
    moves = game.moves(state)
    values = [value(game.result(state, m), depth - 1) for m in moves]
    best = max(values) if game.to_move(state) == MAX else min(values)
    return best, moves[values.index(best)]


def robot_eval(game, state):
    d = game.distance(state.black, state.white)
    return -0.99 if d == math.inf else -d / (len(game.cells()) + 1)
