"""Quiescence search that makes the player to move capture whenever it can."""
import math

from aisearch import MAX


def quiesce(game, state, alpha, beta, evaluate):
    if game.is_terminal(state):
        return game.utility(state, MAX)
    captures = game.noisy_moves(state)
    if not captures:  # a quiet position: the evaluation is trusted
        return evaluate(state)
    if game.to_move(state) == MAX:
        value = -math.inf
        for m in captures:
            value = max(value, quiesce(game, game.result(state, m), alpha, beta, evaluate))
            alpha = max(alpha, value)
            if alpha >= beta:
                break
        return value
    value = math.inf
    for m in captures:
        value = min(value, quiesce(game, game.result(state, m), alpha, beta, evaluate))
        beta = min(beta, value)
        if alpha >= beta:
            break
    return value


def search_quiescent(game, state, depth, evaluate, alpha=-math.inf, beta=math.inf):
    if game.is_terminal(state):
        return game.utility(state, MAX), None
    if depth == 0:
        return quiesce(game, state, alpha, beta, evaluate), None
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
