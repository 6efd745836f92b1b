"""The minimal tree of a real position: alpha-beta with each node's true best move first.

Knuth and Moore's perfect ordering is the yardstick for every move ordering of lesson 04:
:class:`Oracle` orders each node by a full search of it (cached), and :func:`minimal_tree`
runs alpha-beta with that ordering; the real orderings they are measured against are in
:mod:`aisearch.search.efficiency.ordering`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from aisearch.core import unwrap
from aisearch.results import Decision
from aisearch.search.efficiency.ordering import History, Killers, StaticOrder, chain, front
from aisearch.search.efficiency.table import TranspositionTable
from aisearch.search.efficiency.table_search import alphabeta_tt
from aisearch.search.runtime.run import SHOWN

__all__ = ["Oracle", "minimal_tree"]


class Oracle:
    """Each node's true best move first: the move of a full search of that node to the
    depth left (cached, with a table of its own). Not a real ordering (it searches to
    order); it measures what perfect ordering would cost.

    >>> from aisearch.games import fig5_2
    >>> Oracle(fig5_2, None)((), (0, 1, 2), 2), Oracle(fig5_2, None)((2,), (0, 1, 2), 1)
    ((0, 1, 2), (2, 0, 1))
    """

    uses_depth = True
    permutes = True

    def __init__(self, game: Any, evaluate: Callable[[Any], float] | None, *,
                 fastest_wins: bool = True) -> None:
        self.game, self.evaluate, self.fastest_wins = unwrap(game), evaluate, fastest_wins
        self.table = TranspositionTable(size=None)
        self.best: dict[tuple[Any, int | None], Any] = {}
        static = StaticOrder(self.game, evaluate) if evaluate is not None else None
        self.order = chain(static, History(), Killers())

    def __call__(self, state: Any, moves: Sequence[Any], depth: int | None = None) -> Sequence[Any]:
        d = None if depth is None or depth > SHOWN else depth
        if (state, d) not in self.best:  # searched with good (not oracle) ordering: faster
            self.best[state, d] = alphabeta_tt(self.game, state, d, evaluate=self.evaluate,
                                               order=self.order, table=self.table,
                                               fastest_wins=self.fastest_wins).move
        return front(moves, [self.best[state, d]])


def minimal_tree(game: Any, state: Any, depth: int | None = None, *,
                 evaluate: Callable[[Any], float] | None = None,
                 fastest_wins: bool = True) -> Decision:
    """Alpha-beta with each node's best move first (:class:`Oracle`): the *minimal tree* of
    a position at that depth, Knuth and Moore's perfect ordering applied to a real game.

    On a uniform tree this is the fewest tips alpha-beta can evaluate; in a real game it is
    the yardstick engines are measured against (a search that happens to try a cheaper
    refutation first can come in under it). Its ``stats`` count the minimal tree only, not
    the oracle's own searches.

    Examples
    --------
    >>> from aisearch.games import uniform_tree
    >>> from aisearch.theory import knuth_moore_leaves
    >>> game = uniform_tree(3, 4, seed=5)
    >>> minimal_tree(game, game.initial).stats.leaves, knuth_moore_leaves(3, 4)
    (17, 17)
    """
    oracle = Oracle(game, evaluate, fastest_wins=fastest_wins)
    return alphabeta_tt(game, state, depth, evaluate=evaluate, order=oracle,
                        fastest_wins=fastest_wins)
