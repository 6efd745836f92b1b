"""Searches one ply too deep: the root passes depth, not depth - 1, to its children."""

from aisearch import MAX


def value(game, s, depth, evaluate):
    if game.is_terminal(s):
        return game.utility(s, MAX)
    if depth == 0:
        return evaluate(s)
    vals = [value(game, game.result(s, m), depth - 1, evaluate) for m in game.moves(s)]
    return max(vals) if game.to_move(s) == MAX else min(vals)


def minimax_decision(game, state, depth, evaluate):
    if game.is_terminal(state) or depth == 0:
        return value(game, state, depth, evaluate), None
    pick = max if game.to_move(state) == MAX else min
    scored = [(value(game, game.result(state, m), depth, evaluate), i, m)
              for i, m in enumerate(game.moves(state))]
    best = pick(v for v, _, _ in scored)
    return best, next(m for v, _, m in scored if v == best)


def robot_eval(game, state):
    return -game.distance(state.black, state.white) / (len(game.cells()) + 1)
