"""Games that follow the :class:`aisearch.core.Game` protocol.

Examples
--------
>>> from aisearch.games import TicTacToe, TreeGame
>>> TreeGame([[3, 12, 8], [2, 4, 6], [14, 5, 2]]).moves(())
(0, 1, 2)
>>> TicTacToe().moves(TicTacToe.parse("xo./.x./..o"))
(2, 3, 5, 6, 7)

Chess is imported when first used (it brings python-chess).
"""

from typing import TYPE_CHECKING

from aisearch._lazy import exports
from aisearch.games.chance_trees import dice_tree, random_chance_tree, scale_tree
from aisearch.games.chess_suite import SuitePosition, chess_suite
from aisearch.games.connect4 import ConnectFour
from aisearch.games.dag import DagGame
from aisearch.games.hexapawn import Hexapawn, HexapawnState
from aisearch.games.nannon import Nannon, NannonState
from aisearch.games.nim import Nim
from aisearch.games.notakto import Notakto
from aisearch.games.nplayer import Coins, CoinsState, TupleTree, utilities
from aisearch.games.pig import Pig, PigState
from aisearch.games.robots import TwoRobots
from aisearch.games.symmetry import SymmetryReduced
from aisearch.games.tictactoe import TicTacToe
from aisearch.games.tree import Chance, Max, Min, TreeGame, fig5_2, uniform_tree

__all__ = [
    "TreeGame", "Max", "Min", "Chance", "uniform_tree", "fig5_2",
    "TicTacToe", "SymmetryReduced", "ConnectFour", "Nim", "TwoRobots", "DagGame",
    "Pig", "PigState", "Nannon", "NannonState", "dice_tree", "scale_tree", "random_chance_tree",
]
__all__ += ["TupleTree", "Coins", "CoinsState", "utilities"]  # more than two players (lesson 08)
__all__ += ["Chess", "ChessState", "chess_suite", "SuitePosition"]  # lesson 05
__all__ += ["Notakto", "Hexapawn", "HexapawnState"]  # games with no lesson

if TYPE_CHECKING:
    from aisearch.games.chess import Chess, ChessState
else:  # (a type checker sees the imports above, and no module __getattr__)
    __getattr__, __dir__ = exports(__name__, {"Chess": "aisearch.games.chess",
                                             "ChessState": "aisearch.games.chess"})
