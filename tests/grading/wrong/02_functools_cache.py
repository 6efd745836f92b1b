"""Memoises the search with functools.cache: a transposition is searched only once."""
import functools
import math

from aisearch import MAX


def minimax_decision(game, state, depth, evaluate):
    @functools.cache
    def search(s, d):
        if game.is_terminal(s):
            return game.utility(s, MAX), None
        if d == 0:
            return evaluate(s), None
        mover = game.to_move(s)
        best = None
        for m in game.moves(s):
            v = search(game.result(s, m), d - 1)[0]
            if best is None or (v > best[0] if mover == MAX else v < best[0]):
                best = (v, m)
        return best

    return search(state, depth)


def robot_eval(game, state):
    d = game.distance(state.black, state.white)
    return -0.99 if d == math.inf else -d / (len(game.cells()) + 1)
