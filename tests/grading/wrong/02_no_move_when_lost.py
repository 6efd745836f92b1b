"""Starts from -inf/+inf with no move and keeps a move only when it is strictly better."""
import math

from aisearch import MAX


def minimax_decision(game, state, depth, evaluate):
    if game.is_terminal(state):
        return game.utility(state, MAX), None
    if depth == 0:
        return evaluate(state), None
    sign = 1 if game.to_move(state) == MAX else -1
    best, choice = -math.inf, None
    for m in game.moves(state):
        v = minimax_decision(game, game.result(state, m), depth - 1, evaluate)[0]
        if sign * v > best:
            best, choice = sign * v, m
    return sign * best, choice


def robot_eval(game, state):
    d = game.distance(state.black, state.white)
    return -0.99 if d == math.inf else -d / (len(game.cells()) + 1)
