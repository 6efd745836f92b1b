"""Negates the evaluation at MIN nodes ("from the point of view of the player to move")."""
import math

from aisearch import MAX


def minimax_decision(game, state, depth, evaluate):
    if game.is_terminal(state):
        return game.utility(state, MAX), None
    if depth == 0:
        e = evaluate(state)
        return (e if game.to_move(state) == MAX else -e), None
    maximizing = game.to_move(state) == MAX
    best_value, best_move = (-math.inf if maximizing else math.inf), None
    for move in game.moves(state):
        v, _ = minimax_decision(game, game.result(state, move), depth - 1, evaluate)
        if best_move is None or (v > best_value if maximizing else v < best_value):
            best_value, best_move = v, move
    return best_value, best_move


def robot_eval(game, state):
    return -game.distance(state.black, state.white) / (len(game.cells()) + 1)
