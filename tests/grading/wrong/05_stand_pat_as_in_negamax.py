"""The stand-pat lines copied from a negamax quiescence search into a MAX/MIN one: every node
stands pat as MAX would (compares with beta, raises alpha), MIN nodes included."""

from aisearch import MAX


def quiesce(game, state, alpha, beta, evaluate):
    if game.is_terminal(state):
        return game.utility(state, MAX)
    stand_pat = evaluate(state)
    if stand_pat >= beta:
        return stand_pat
    if alpha < stand_pat:
        alpha = stand_pat
    maximizing = game.to_move(state) == MAX
    best = stand_pat
    for m in game.noisy_moves(state):
        score = quiesce(game, game.result(state, m), alpha, beta, evaluate)
        if maximizing:
            if score > best:
                best = score
            alpha = max(alpha, best)
        else:
            if score < best:
                best = score
            beta = min(beta, best)
        if alpha >= beta:
            break
    return best
