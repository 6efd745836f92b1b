"""Calls the plain quiescence search of the package instead of writing it."""
from aisearch.search import plain


def quiesce(game, state, alpha, beta, evaluate):
    return plain.quiesce(game, state, evaluate, alpha, beta)
