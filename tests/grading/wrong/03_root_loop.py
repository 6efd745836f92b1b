"""Alpha-beta with a root loop written apart: each root move searched with a fresh window
(-inf, +inf), the loop stopping only when a move wins outright."""
import math

from aisearch import MAX


def _search(game, state, depth, evaluate, alpha, beta):
    if game.is_terminal(state):
        return game.utility(state, MAX), None
    if depth == 0:
        return evaluate(state), None
    maximizing = game.to_move(state) == MAX
    best_value, best_move = (-math.inf if maximizing else math.inf), None
    for move in game.moves(state):
        value, _ = _search(game, game.result(state, move), depth - 1, evaluate, alpha, beta)
        if best_move is None or (value > best_value if maximizing else value < best_value):
            best_value, best_move = value, move
        if maximizing:
            alpha = max(alpha, best_value)
        else:
            beta = min(beta, best_value)
        if alpha >= beta:
            break
    return best_value, best_move


def alphabeta_decision(game, state, depth, evaluate, alpha=-math.inf, beta=math.inf):
    if game.is_terminal(state) or depth == 0:
        return _search(game, state, depth, evaluate, alpha, beta)
    maximizing = game.to_move(state) == MAX
    best_value, best_move = (-math.inf if maximizing else math.inf), None
    for move in game.moves(state):
        value, _ = _search(game, game.result(state, move), depth - 1, evaluate,
                           -math.inf, math.inf)
        if best_move is None or (value > best_value if maximizing else value < best_value):
            best_value, best_move = value, move
        if value == (math.inf if maximizing else -math.inf):
            break
    return best_value, best_move
