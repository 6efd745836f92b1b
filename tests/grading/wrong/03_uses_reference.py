"""Calls the package's own alpha-beta."""
from aisearch import alphabeta


def alphabeta_decision(game, state, depth, evaluate):
    d = alphabeta(game, state, depth, evaluate=evaluate)
    return d.value, d.move
