"""Counts depth in MAX's moves: min_value passes its depth on unchanged."""
import math

from aisearch import MAX

INF = math.inf


def max_value(game, s, depth, evaluate):
    if game.is_terminal(s):
        return game.utility(s, MAX), None
    if depth == 0:
        return evaluate(s), None
    v, best = -INF, None
    for m in game.moves(s):
        w = value(game, game.result(s, m), depth - 1, evaluate)[0]
        if best is None or w > v:
            v, best = w, m
    return v, best


def min_value(game, s, depth, evaluate):
    if game.is_terminal(s):
        return game.utility(s, MAX), None
    if depth == 0:
        return evaluate(s), None
    v, best = INF, None
    for m in game.moves(s):
        w = value(game, game.result(s, m), depth, evaluate)[0]
        if best is None or w < v:
            v, best = w, m
    return v, best


def value(game, s, depth, evaluate):
    if game.to_move(s) == MAX:
        return max_value(game, s, depth, evaluate)
    return min_value(game, s, depth, evaluate)


def minimax_decision(game, state, depth, evaluate):
    return value(game, state, depth, evaluate)


def robot_eval(game, state):
    d = game.distance(state.black, state.white)
    return -0.99 if d == math.inf else -d / (len(game.cells()) + 1)
