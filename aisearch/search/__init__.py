"""Instrumented searchers: plain functions that return a :class:`~aisearch.results.Decision`.

Every searcher has the signature ``f(game, state, depth=None, *, evaluate=None,
order=None, prune_on_equal=True, fastest_wins=True, tracer=None, ...)``; the conventions
are documented once in :mod:`aisearch.search.common`. Each declares itself in its own module
(:func:`~aisearch.search.registry.searcher`); :data:`SEARCHERS` and every other registry
are read from those declarations. Anytime searchers (generators of decisions) are
described in :mod:`aisearch.search.anytime`.
"""

from collections.abc import Callable, Iterator, Mapping
from typing import Any

from aisearch.search.alphabeta import alphabeta, alphabeta_failsoft, negamax, pearl_ab
from aisearch.search.anytime import Budget, OutOfBudget
from aisearch.search.bandit import play_bandit
from aisearch.search.chance import expectiminimax
from aisearch.search.deepening import iterative_deepening
from aisearch.search.engine import DistanceBounds, enhanced_search, win_distance
from aisearch.search.maxn import Paranoid, maxn, paranoid
from aisearch.search.mcts import MCTS, mcts, mcts_agent, scaled_rewards, ucb1
from aisearch.search.minimax import minimax
from aisearch.search.ordering import (
    History,
    Killers,
    PrincipalVariation,
    StaticOrder,
    chain,
    minimal_tree,
)
from aisearch.search.quiescence import quiescence
from aisearch.search.registry import REGISTRY, Pseudocode, SearcherInfo, describe, searcher
from aisearch.search.star import star1, star2
from aisearch.search.table import TranspositionTable, alphabeta_tt
from aisearch.search.windows import aspiration, mtdf, pvs, sss_star

__all__ = [
    "minimax", "alphabeta", "alphabeta_failsoft", "negamax", "pearl_ab", "iterative_deepening",
    "Budget", "OutOfBudget", "SEARCHERS", "REGISTRY", "describe", "searcher", "Pseudocode",
    "SearcherInfo",
    # lesson 04: search efficiency
    "alphabeta_tt", "TranspositionTable", "pvs", "aspiration", "mtdf", "sss_star",
    "enhanced_search", "StaticOrder", "PrincipalVariation", "Killers", "History", "chain",
    "minimal_tree", "DistanceBounds", "win_distance",
    "expectiminimax", "star1", "star2",
]
__all__ += ["mcts", "MCTS", "mcts_agent", "ucb1", "scaled_rewards", "maxn", "paranoid",
            "Paranoid", "play_bandit"]  # lesson 08
__all__ += ["quiescence"]  # lesson 05


class _Searchers(Mapping[str, Callable[..., Any]]):
    """The searchers by name: a live view of :data:`REGISTRY` (a searcher declared by a
    module imported later appears too)."""

    def __getitem__(self, name: str) -> Callable[..., Any]:
        return REGISTRY[name].function

    def __iter__(self) -> Iterator[str]:
        return iter(REGISTRY)

    def __len__(self) -> int:
        return len(REGISTRY)

    def __repr__(self) -> str:
        return f"SEARCHERS({', '.join(REGISTRY)})"


SEARCHERS = _Searchers()
"""The searchers by name (used by widgets and the grader), derived from :data:`REGISTRY`."""
