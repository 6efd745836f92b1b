"""Instrumented searchers: plain functions that return a :class:`~aisearch.results.Decision`.

Every two-player depth-limited searcher (the kind ``'minimax'`` of
:data:`~aisearch.search.registry.KINDS`) has the signature ``f(game, state, depth=None, *,
evaluate=None, order=None, prune_on_equal=True, fastest_wins=True, tracer=None, ...)``;
quiescence, MCTS, max^n and paranoid search take what their kinds say. The conventions
are documented once in :mod:`aisearch.search.runtime`. Each declares itself in its own module
(:func:`~aisearch.search.registry.searcher`); :data:`SEARCHERS` and every other registry
are read from those declarations. Anytime searchers (generators of decisions) are
described in :mod:`aisearch.search.runtime.anytime`.

The modules follow the lessons:

=====================  ==========================================================
``runtime``            what every searcher shares (conventions, checks, counting,
                       tracing, budgets)
``classic``            minimax and the alpha-beta forms (lessons 02-03)
``efficiency``         ordering, the transposition table, PVS, aspiration, MTD(f),
                       SSS*, iterative deepening, the minimal tree (lesson 04)
``horizon``            quiescence search and extensions (lesson 05)
``chance``             expectiminimax, Star1 and Star2 (lesson 06)
``sampling``           UCB1, bandits, Monte Carlo tree search (lesson 08)
``multiplayer``        max^n and paranoid search (lesson 08)
``plain``              each algorithm in plain sight, for reading; tested to agree
=====================  ==========================================================

Every public name is importable from here.
"""

from collections.abc import Callable, Iterator, Mapping
from typing import Any

# isort: off
# In the order of the lessons: the registry lists searchers in the order they are declared.
from aisearch.search.registry import REGISTRY, Pseudocode, SearcherInfo, describe, searcher
from aisearch.search.runtime.anytime import Budget, OutOfBudget
from aisearch.search.classic.minimax import minimax
from aisearch.search.classic.alphabeta import alphabeta, alphabeta_failsoft, negamax, pearl_ab
from aisearch.search.efficiency.ordering import (
    History, Killers, PrincipalVariation, StaticOrder, chain)
from aisearch.search.efficiency.minimal import minimal_tree
from aisearch.search.efficiency.table import TranspositionTable
from aisearch.search.efficiency.table_search import alphabeta_tt
from aisearch.search.efficiency.pvs import pvs
from aisearch.search.efficiency.windows import aspiration, mtdf
from aisearch.search.efficiency.sss import sss_star, stockman_sss
from aisearch.search.efficiency.deepening import iterative_deepening
from aisearch.search.efficiency.engine import DistanceBounds, enhanced_search, win_distance
from aisearch.search.horizon.quiescence import quiescence
from aisearch.search.chance.expectiminimax import expectiminimax
from aisearch.search.chance.star import star1, star2
from aisearch.search.sampling.bandit import play_bandit
from aisearch.search.sampling.mcts import MCTS, mcts, mcts_agent, scaled_rewards, ucb1
from aisearch.search.multiplayer.maxn import Paranoid, maxn, paranoid
# isort: on

__all__ = [
    "minimax", "alphabeta", "alphabeta_failsoft", "negamax", "pearl_ab", "iterative_deepening",
    "Budget", "OutOfBudget", "SEARCHERS", "REGISTRY", "describe", "searcher", "Pseudocode",
    "SearcherInfo",
    # lesson 04: search efficiency
    "alphabeta_tt", "TranspositionTable", "pvs", "aspiration", "mtdf", "sss_star", "stockman_sss",
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
