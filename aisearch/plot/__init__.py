"""Pictures of game trees and boards, drawn with matplotlib.

matplotlib is imported inside the functions, so ``import aisearch.plot`` stays light and
the rest of the package runs without it.

Examples
--------
>>> from matplotlib.figure import Figure
>>> from aisearch import fig5_2
>>> from aisearch.plot import tree
>>> ax = tree(fig5_2, ax=Figure().subplots(), title="AIMA Fig 5.2")
>>> ax.get_title()
'AIMA Fig 5.2'
"""

from aisearch.plot.boards import board_png, draw_board, thumbnail
from aisearch.plot.layout import layout
from aisearch.plot.maps import start_map, start_outcomes, start_text
from aisearch.plot.mcts import mcts_tree
from aisearch.plot.plies import draw_robots, robot_plies
from aisearch.plot.tree import tree

__all__ = [
    "tree", "layout", "draw_board", "draw_robots",
    "board_png", "thumbnail",
    "start_map", "start_outcomes", "start_text", "robot_plies",
]
__all__ += ["mcts_tree"]  # lesson 08
