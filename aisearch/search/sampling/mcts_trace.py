"""How an MCTS iteration is reported to a tracer: one search of labelled events.

Each iteration of :class:`~aisearch.search.MCTS` becomes a ``Start``, then a
:class:`~aisearch.trace.Selection` for every node the selection followed (an
:class:`~aisearch.trace.Expansion` for the node it added), a
:class:`~aisearch.trace.Simulation` with the playout's rewards, and an
:class:`~aisearch.trace.Update` with the new counts of every node on the path, bottom-up.
:class:`~aisearch.trace.Replay` reads them as it reads any search, so the stepper and
:func:`aisearch.plot.mcts_tree` show the iterations from a recording.

Examples
--------
>>> from aisearch import MCTS, Recorder, fig5_2
>>> rec = Recorder()
>>> tree = MCTS(fig5_2, fig5_2.initial, tracer=rec)
>>> tree.iterate()
>>> [type(e).__name__ for e in rec.events]
['Start', 'Expansion', 'Expansion', 'Simulation', 'Update', 'Update']
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from aisearch.core import CHANCE, MAX
from aisearch.search.sampling.ucb import ucb1_unchecked
from aisearch.trace.events import Expansion, Selection, Simulation, Start, Update

__all__ = ["report_iteration", "mover"]


def mover(parent: Any) -> int:
    """Whose reward a node's total counts: the player who moved into it (MAX's at the root
    and below chance nodes), given the node's parent (None for the root).

    >>> mover(None)
    0
    """
    return MAX if parent is None or parent.player == CHANCE else parent.player


def report_iteration(tree: Any, path: Sequence[Any], r: Sequence[float]) -> None:
    """Report the iteration just done as one search, from the counts after its backup:
    a node visited once now is the one it added (the root, at the first iteration)."""
    emit = tree.tracer
    assert emit is not None
    emit(Start("mcts", tree.game, tree.root.state, None,
               {"c": tree.c, "iteration": tree.iterations - 1}))
    inf = math.inf
    parent: Any = None
    for node in path:
        where = node.path
        if node.n == 1:
            emit(Expansion(where, node.player, None, -inf, inf, node.state))
        else:
            who = mover(parent)
            w, n = node.w[who] - r[who], node.n - 1
            score = (None if parent is None or parent.player == CHANCE
                     else ucb1_unchecked(w, n, parent.n - 1, tree.c))
            emit(Selection(where, node.player, None, -inf, inf, node.state, n, w / n, score))
        parent = node
    last = path[-1]
    by = "terminal" if last.terminal else "value" if tree.value is not None else "playout"
    emit(Simulation(last.path, r[MAX], last.terminal, tuple(r), by))
    for k in range(len(path) - 1, -1, -1):
        node = path[k]
        who = mover(path[k - 1] if k else None)
        emit(Update(node.path, node.mean(MAX), node.n, node.w[who], who))
