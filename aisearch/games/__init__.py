"""Games that follow the :class:`aisearch.core.Game` protocol.

Examples
--------
>>> from aisearch.games import TreeGame
>>> TreeGame([[3, 12, 8], [2, 4, 6], [14, 5, 2]]).moves(())
(0, 1, 2)
"""

from aisearch.games.tree import Chance, Max, Min, TreeGame, fig5_2, uniform_tree

__all__ = ["TreeGame", "Max", "Min", "Chance", "uniform_tree", "fig5_2"]
