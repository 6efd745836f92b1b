"""Instrumented searchers: plain functions that return a :class:`~aisearch.core.Decision`.

Every searcher has the signature
``f(game, state, depth=None, *, evaluate=None, order=None, prune_on_equal=True, tracer=None)``;
the conventions are documented in :mod:`aisearch.search.common`.
"""

from aisearch.search.alphabeta import alphabeta, alphabeta_failsoft, negamax, pearl_ab
from aisearch.search.minimax import minimax

__all__ = ["minimax", "alphabeta", "alphabeta_failsoft", "negamax", "pearl_ab", "SEARCHERS"]

SEARCHERS = {f.__name__: f for f in (minimax, alphabeta, alphabeta_failsoft, negamax, pearl_ab)}
"""The searchers by name (used by widgets and the grader)."""
