"""aisearch: games and instrumented searchers for a course on adversarial search.

>>> from aisearch import alphabeta, fig5_2
>>> alphabeta(fig5_2, fig5_2.initial).value
3

Chess (python-chess) and the learning helpers (numpy) are imported when first used.
"""

from typing import TYPE_CHECKING

import aisearch.plot.painters  # noqa: F401 (states draw themselves in notebooks)
from aisearch._lazy import exports
from aisearch._version import __version__ as __version__
from aisearch.agents import GameRecord, anytime_agent, play, random_agent, search_agent
from aisearch.core import CHANCE, MAX, MIN, Game, GameBase, IllegalMoveError, player_name, side_name
from aisearch.games import (
    Chance,
    ConnectFour,
    Max,
    Min,
    Nannon,
    Nim,
    Pig,
    SymmetryReduced,
    TicTacToe,
    TreeGame,
    TwoRobots,
    chess_suite,
    fig5_2,
    uniform_tree,
)
from aisearch.games.nplayer import Coins, TupleTree, utilities
from aisearch.results import Decision, Stats
from aisearch.search import (
    SEARCHERS,
    Budget,
    History,
    Killers,
    StaticOrder,
    TranspositionTable,
    alphabeta,
    alphabeta_failsoft,
    alphabeta_tt,
    aspiration,
    chain,
    describe,
    enhanced_search,
    expectiminimax,
    iterative_deepening,
    minimal_tree,
    minimax,
    mtdf,
    negamax,
    pearl_ab,
    pvs,
    quiescence,
    sss_star,
    star1,
    star2,
)
from aisearch.search.multiplayer.maxn import maxn, paranoid
from aisearch.search.sampling.mcts import MCTS, mcts, mcts_agent, ucb1
from aisearch.solve import retrograde
from aisearch.solve_chance import nannon_solution, solve_chance
from aisearch.trace import CountingGame, Recorder, Replay, Tally, tree_graph

__all__ = [
    "MAX", "MIN", "CHANCE", "Game", "GameBase", "Decision", "Stats", "GameRecord",
    "IllegalMoveError", "play", "player_name", "side_name", "random_agent", "search_agent",
    "anytime_agent", "TreeGame", "Max", "Min", "Chance", "uniform_tree", "fig5_2",
    "TicTacToe", "SymmetryReduced", "ConnectFour", "Nim", "TwoRobots", "retrograde",
    "minimax", "alphabeta", "alphabeta_failsoft", "negamax", "pearl_ab", "iterative_deepening",
    "Budget", "SEARCHERS", "describe", "Tally", "Recorder", "Replay", "CountingGame",
    "tree_graph",
    # lesson 04: search efficiency
    "alphabeta_tt", "TranspositionTable", "pvs", "aspiration", "mtdf", "sss_star",
    "enhanced_search", "StaticOrder", "Killers", "History", "chain", "minimal_tree",
    "expectiminimax", "star1", "star2", "Pig", "Nannon", "solve_chance", "pig_solution",
    "nannon_solution",
]
__all__ += ["mcts", "MCTS", "mcts_agent", "ucb1", "maxn", "paranoid", "TupleTree", "Coins",
            "utilities"]  # lesson 08
__all__ += ["quiescence", "Chess", "chess_suite"]  # lesson 05
__all__ += ["td_lambda_update", "td_train", "Linear", "Network", "nannon_features",
            "pig_features", "learned_evaluate", "greedy_agent", "match", "value_error",
            "shipped"]  # lesson 07

# Imported when first used: python-chess and numpy (about 0.2 s) only for what needs them.
if TYPE_CHECKING:
    from aisearch.games import Chess
    from aisearch.learn import (
        Linear,
        Network,
        greedy_agent,
        learned_evaluate,
        match,
        nannon_features,
        pig_features,
        shipped,
        td_lambda_update,
        td_train,
        value_error,
    )
    from aisearch.solve_pig import pig_solution
else:  # (a type checker sees the imports above, and no module __getattr__)
    __getattr__, __dir__ = exports(__name__, {
        "Chess": "aisearch.games", "pig_solution": "aisearch.solve_pig",
        **dict.fromkeys(__all__[-11:], "aisearch.learn"),  # (lesson 07's names)
    })
