"""Alpha-beta written as negamax (each value from the view of the player to move, the
window turned over at a change of player): other code, the same search."""
import math

from aisearch import MAX


def alphabeta_decision(game, state, depth, evaluate):
    def search(s, d, alpha, beta):
        me = game.to_move(s)
        sign = 1 if me == MAX else -1
        if game.is_terminal(s):
            return sign * game.utility(s, MAX), None
        if d == 0:
            return sign * evaluate(s), None
        best, best_move = -math.inf, None
        for m in game.moves(s):
            child = game.result(s, m)
            if game.to_move(child) != me:
                v = -search(child, d - 1, -beta, -alpha)[0]
            else:  # the same player moves again (an explicit layer of a tree)
                v = search(child, d - 1, alpha, beta)[0]
            if best_move is None or v > best:
                best, best_move = v, m
            alpha = max(alpha, best)
            if alpha >= beta:
                break
        return best, best_move

    value, move = search(state, depth, -math.inf, math.inf)
    return (value if game.to_move(state) == MAX else -value), move


def alphabeta_strict(game, state, depth, evaluate, alpha=-math.inf, beta=math.inf):
    if game.is_terminal(state):
        return game.utility(state, MAX), None
    if depth == 0:
        return evaluate(state), None
    top = game.to_move(state) == MAX
    best, best_move = (-math.inf if top else math.inf), None
    for m in game.moves(state):
        v = alphabeta_strict(game, game.result(state, m), depth - 1, evaluate, alpha, beta)[0]
        if best_move is None or (v > best if top else v < best):
            best, best_move = v, m
        if top:
            alpha = max(alpha, best)
        else:
            beta = min(beta, best)
        if alpha > beta:
            break
    return best, best_move


evaluated_tips = [(0, 0, 0, 0), (0, 0, 0, 1), (0, 0, 1, 0), (0, 1, 0, 0), (0, 1, 0, 1),
                  (1, 0, 0, 0), (1, 0, 1, 0), (1, 0, 1, 1)]
