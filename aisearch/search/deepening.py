"""Iterative deepening (반복 심화): search to depth 1, 2, 3, ... until the caller stops.

The anytime searcher of CHESS 4.5 (Slate & Atkin 1977): each completed depth gives a
decision, so a program under a clock always has a move, and the deeper searches cost
little more than the last one alone (the tree grows by the branching factor per ply).
See :mod:`aisearch.search.anytime` for budgets and agents.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any

from aisearch.core import Evaluate, Game, Order
from aisearch.results import Decision
from aisearch.search.alphabeta import alphabeta
from aisearch.search.anytime import Budget, BudgetedGame, OutOfBudget
from aisearch.search.common import check_args, per_node
from aisearch.search.registry import searcher
from aisearch.trace.events import Abort, TracerLike

__all__ = ["iterative_deepening"]

PSEUDOCODE = """
function ITERATIVE-DEEPENING(n)
  for depth = 1, 2, 3, ...:
    decision ← SEARCH(n, depth)       (alpha-beta, from scratch)   @enter
    yield decision                    (the caller may stop here)    @exit
    if the search met no depth bound: stop (the whole tree was searched)
"""


@searcher(title="iterative deepening", pseudocode=PSEUDOCODE, windowed=True, anytime=True)
def iterative_deepening(
    game: Game, state: Any, depth: int | None = None, *, evaluate: Evaluate | None = None,
    order: Order | None = None, prune_on_equal: bool = True, fastest_wins: bool = True,
    tracer: TracerLike | None = None, budget: Budget | None = None,
    search: Callable[..., Decision] = alphabeta,
) -> Iterator[Decision]:
    """Search to depth 1, 2, 3, ...; yield one decision per completed depth.

    Parameters
    ----------
    game, state, evaluate, order, prune_on_equal, fastest_wins, tracer
        As for :func:`~aisearch.search.alphabeta`; every iteration is a search of its own
        (recorded with its own ``Start`` event).
    depth : int, optional
        The deepest iteration; ``None``: go on until the budget is spent or an iteration
        searched the whole game tree (no state reached the depth bound).
    budget : Budget, optional
        Nodes and/or seconds for all iterations together. When it runs out inside an
        iteration, that iteration is dropped (an ``Abort`` event is recorded) and the
        generator ends: the caller keeps the last decision it got.
    search : searcher
        The depth-limited search each iteration runs (alpha-beta by default).

    Yields
    ------
    Decision
        With ``depth`` set to the iteration's depth.

    Examples
    --------
    >>> from aisearch.games import fig5_2
    >>> [(d.depth, d.value, d.move) for d in iterative_deepening(fig5_2, fig5_2.initial,
    ...                                                           evaluate=lambda s: 0)]
    [(1, 0, 0), (2, 3, 0)]

    Notes
    -----
    Nilsson 12.4 and seed 004; lesson 04 adds move ordering from the previous iteration.
    """
    # Checked when called, not at the first next(): a wrong argument is reported where it is.
    options = {"evaluate": evaluate, "order": order, "prune_on_equal": prune_on_equal,
               "fastest_wins": fastest_wins, "tracer": tracer}
    check_args(game, state, depth, options)
    if depth == 0:
        raise ValueError("depth must be a positive int (the deepest iteration) or None (no "
                         "limit but the budget), not 0")
    if budget is not None and not isinstance(budget, Budget):
        raise TypeError(f"budget must be a Budget(nodes=..., seconds=...) or None, not "
                        f"{budget!r:.80}")
    info = getattr(search, "info", None)
    if not callable(search) or (info is not None and info.anytime):
        raise TypeError(f"search must be a depth-limited searcher such as alphabeta, not "
                        f"{getattr(search, '__name__', search)!r:.80}")
    return _deepen(game, state, depth, evaluate, order, prune_on_equal, fastest_wins, tracer,
                   budget, search)


def _deepen(game: Game, state: Any, depth: int | None, evaluate: Evaluate | None,
            order: Order | None, prune_on_equal: bool, fastest_wins: bool,
            tracer: TracerLike | None, budget: Budget | None,
            search: Callable[..., Decision]) -> Iterator[Decision]:
    """The iterations of :func:`iterative_deepening` (its arguments checked)."""
    played = BudgetedGame(game, budget) if budget is not None else game
    bounded = [0]

    def counted(s: Any) -> float:
        bounded[0] += 1
        if evaluate is None:
            raise ValueError(f"the depth bound was reached at a non-terminal state ({s!r}) but "
                             "no evaluate function was given: pass evaluate=...")
        return evaluate(s)

    counted.__name__ = getattr(evaluate, "__name__", "evaluate")
    for d in itertools.count(1) if depth is None else range(1, depth + 1):
        bounded[0] = 0
        try:
            decision = search(played, state, d, evaluate=counted, order=order,
                              prune_on_equal=prune_on_equal, fastest_wins=fastest_wins,
                              tracer=tracer)
        except OutOfBudget as why:
            emit = per_node(tracer)
            if emit is not None:
                emit(Abort(str(why)))
            return
        yield replace(decision, depth=d)
        if bounded[0] == 0:  # no state met the depth bound: deeper searches change nothing
            return
