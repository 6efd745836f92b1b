"""Iterative deepening under a node budget written with a closure and a game class of its
own (other code than the solution's, the same loop), and the table search from the
solution."""
import math

from aisearch import MAX

EXACT, LOWER, UPPER = "exact", "lower", "upper"


def table_search(game, state, depth, evaluate, table):
    def search(s, d, alpha, beta, root):
        if game.is_terminal(s):
            return game.utility(s, MAX), None
        if d == 0:
            return evaluate(s), None
        moves = list(game.moves(s))
        entry = table.get(s)
        if entry is not None:
            value, flag, searched, move = entry
            if not root and searched >= d and (flag == EXACT or (flag == LOWER and value >= beta)
                                               or (flag == UPPER and value <= alpha)):
                return value, move
            if move in moves:
                moves.remove(move)
                moves.insert(0, move)
        low, high = alpha, beta
        top = game.to_move(s) == MAX
        best, best_move = None, None
        for m in moves:
            v = search(game.result(s, m), d - 1, alpha, beta, False)[0]
            if best_move is None or (v > best if top else v < best):
                best, best_move = v, m
            if top:
                alpha = max(alpha, best)
            else:
                beta = min(beta, best)
            if alpha >= beta:
                break
        table[s] = (best, UPPER if best <= low else LOWER if best >= high else EXACT, d,
                    best_move)
        return best, best_move

    return search(state, depth, -math.inf, math.inf, True)


def deepening_moves(game, state, evaluate, nodes, search, max_depth=10):
    left = [nodes]

    class Spent(Exception):  # noqa: N818
        pass

    def result(s, m):
        if left[0] == 0:
            raise Spent()
        left[0] -= 1
        return game.result(s, m)

    class Budgeted:
        def __getattr__(self, name):
            return result if name == "result" else getattr(game, name)

    done, table, budgeted = [], {}, Budgeted()
    depth = 1
    while depth <= max_depth:
        try:
            _, move = search(budgeted, state, depth, evaluate, table)
        except Spent:
            return done
        done.append((depth, move))
        depth += 1
    return done
