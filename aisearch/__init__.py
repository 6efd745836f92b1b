"""aisearch: games and instrumented searchers for a course on adversarial search.

>>> from aisearch import alphabeta, fig5_2
>>> alphabeta(fig5_2, fig5_2.initial).value
3
"""

from aisearch.core import (
    CHANCE,
    MAX,
    MIN,
    Decision,
    Game,
    GameBase,
    GameRecord,
    IllegalMoveError,
    Stats,
    play,
    player_name,
    random_agent,
    search_agent,
)
from aisearch.games import (
    Chance,
    ConnectFour,
    Max,
    Min,
    Nim,
    SymmetryReduced,
    TicTacToe,
    TreeGame,
    TwoRobots,
    fig5_2,
    uniform_tree,
)
from aisearch.search import SEARCHERS, alphabeta, alphabeta_failsoft, minimax, negamax, pearl_ab
from aisearch.solve import retrograde
from aisearch.trace import Counter, CountingGame, Recorder, tree_graph

__version__ = "0.1.0"

__all__ = [
    "MAX", "MIN", "CHANCE", "Game", "GameBase", "Decision", "Stats", "GameRecord",
    "IllegalMoveError", "play", "player_name", "random_agent", "search_agent",
    "TreeGame", "Max", "Min", "Chance", "uniform_tree", "fig5_2",
    "TicTacToe", "SymmetryReduced", "ConnectFour", "Nim", "TwoRobots", "retrograde",
    "minimax", "alphabeta", "alphabeta_failsoft", "negamax", "pearl_ab", "SEARCHERS",
    "Counter", "Recorder", "CountingGame", "tree_graph",
]
