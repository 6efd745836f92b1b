"""Alpha-beta with a table of values by position, filled whatever the window."""
import math

from aisearch import MAX


def alphabeta_decision(game, state, depth, evaluate, alpha=-math.inf, beta=math.inf,
                       table=None):
    table = {} if table is None else table
    if state in table:
        return table[state]
    if game.is_terminal(state):
        return game.utility(state, MAX), None
    if depth == 0:
        return evaluate(state), None
    maximizing = game.to_move(state) == MAX
    best, move = (-math.inf if maximizing else math.inf), None
    for m in game.moves(state):
        v, _ = alphabeta_decision(game, game.result(state, m), depth - 1, evaluate, alpha, beta,
                                  table)
        if move is None or (v > best if maximizing else v < best):
            best, move = v, m
        if maximizing:
            if best >= beta:
                break
            alpha = max(alpha, best)
        else:
            if best <= alpha:
                break
            beta = min(beta, best)
    table[state] = best, move
    return best, move
