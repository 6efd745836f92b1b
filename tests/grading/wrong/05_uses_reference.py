"""Calls the package's quiescence search and its alpha-beta with quiescence."""
from aisearch import alphabeta_failsoft, quiescence


def quiesce(game, state, alpha, beta, evaluate):
    return quiescence(game, state, evaluate=evaluate, alpha=alpha, beta=beta,
                      fastest_wins=False).value


def search_quiescent(game, state, depth, evaluate):
    d = alphabeta_failsoft(game, state, depth, evaluate=evaluate, quiescence=1000,
                           fastest_wins=False)
    return d.value, d.move
