"""AIMA-style max_value/min_value, with the two cut-off tests swapped."""
import math

from aisearch import MAX

INF = math.inf


def max_value(game, s, depth, evaluate, alpha, beta):
    if game.is_terminal(s):
        return game.utility(s, MAX), None
    if depth == 0:
        return evaluate(s), None
    v, move = -INF, None
    for a in game.moves(s):
        v2, _ = value_of(game, game.result(s, a), depth - 1, evaluate, alpha, beta)
        if v2 > v or move is None:
            v, move = v2, a
        if v <= alpha:  # should be v >= beta
            return v, move
        alpha = max(alpha, v)
    return v, move


def min_value(game, s, depth, evaluate, alpha, beta):
    if game.is_terminal(s):
        return game.utility(s, MAX), None
    if depth == 0:
        return evaluate(s), None
    v, move = INF, None
    for a in game.moves(s):
        v2, _ = value_of(game, game.result(s, a), depth - 1, evaluate, alpha, beta)
        if v2 < v or move is None:
            v, move = v2, a
        if v >= beta:  # should be v <= alpha
            return v, move
        beta = min(beta, v)
    return v, move


def value_of(game, s, depth, evaluate, alpha, beta):
    f = max_value if game.to_move(s) == MAX else min_value
    return f(game, s, depth, evaluate, alpha, beta)


def alphabeta_decision(game, state, depth, evaluate):
    return value_of(game, state, depth, evaluate, -INF, INF)
