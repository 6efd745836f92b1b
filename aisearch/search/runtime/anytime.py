"""Anytime search: generators of ever better decisions, and budgets owned by the caller.

An anytime searcher is a generator function ``f(game, state, depth=None, *, ...,
budget=None)`` that yields one :class:`~aisearch.results.Decision` per completed
iteration (iterative deepening: one per depth; MCTS: one per batch of playouts). The
caller decides when to stop: it stops iterating, or it passes a :class:`Budget` of nodes
and/or seconds, which the searcher spends as it generates states; when the budget runs
out in the middle of an iteration, the generator drops that iteration and ends. So:

- an agent plays the last decision yielded (:func:`~aisearch.agents.anytime_agent`);
- :func:`~aisearch.agents.play` plays such agents like any other;
- a node budget makes the search, and so a game or a notebook, reproducible; a time
  budget does not;
- a recorded anytime search holds one search per iteration (each with its ``Start``), which
  the stepper and the plots show one after the other.

Examples
--------
>>> from aisearch.games import TicTacToe
>>> from aisearch.search import iterative_deepening
>>> game = TicTacToe()
>>> runs = iterative_deepening(game, game.initial, evaluate=game.nilsson_eval,
...                            budget=Budget(nodes=500))
>>> [d.depth for d in runs]
[1, 2, 3]
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterable
from typing import Any

from aisearch.core import GameWrapper, as_int, is_number, type_note
from aisearch.results import Decision

__all__ = ["Budget", "OutOfBudget", "BudgetedGame", "run_anytime"]


def _seconds(t: Any) -> bool:
    """True for a reading of a clock: a finite real number."""
    try:
        return is_number(t) and math.isfinite(t)
    except (TypeError, ValueError, OverflowError):
        return False


class OutOfBudget(Exception):  # noqa: N818 (it reads as what happened)
    """Raised inside a search when its :class:`Budget` is spent.

    Examples
    --------
    >>> from aisearch import TicTacToe, iterative_deepening
    >>> budget = Budget(nodes=2)
    >>> budget.spend(); budget.spend()
    >>> try:
    ...     budget.spend()  # a third node: the search is stopped where it stands
    ... except OutOfBudget as why:
    ...     print(why)
    the budget of 2 nodes is spent
    >>> game = TicTacToe()  # an anytime search catches it and keeps its last full depth
    >>> [d.depth for d in iterative_deepening(game, game.initial, evaluate=game.nilsson_eval,
    ...                                       budget=Budget(nodes=300))]
    [1, 2, 3]
    """


class Budget:
    """Nodes and/or seconds a search may spend; the clock starts when the budget is made.

    Parameters
    ----------
    nodes : int, optional
        States the search may generate (``game.result`` calls).
    seconds : float, optional
        Wall-clock time; read every 64 nodes, so a search may overrun it by a few nodes.
    clock : callable
        Seconds as a float (``time.perf_counter``); tests may pass their own.

    Examples
    --------
    >>> b = Budget(nodes=2)
    >>> b.spend(); b.spend(); b.used
    2
    >>> b.spend()
    Traceback (most recent call last):
    ...
    aisearch.search.runtime.anytime.OutOfBudget: the budget of 2 nodes is spent
    """

    def __init__(self, nodes: int | None = None, seconds: float | None = None,
                 clock: Callable[[], float] = time.perf_counter) -> None:
        if nodes is not None:
            n = as_int(nodes, -1)
            if n < 1:
                raise ValueError(f"nodes must be a positive int or None, not {nodes!r:.80}"
                                 f"{type_note(nodes)}")
            nodes = n
        if seconds is not None and (isinstance(seconds, bool)
                                    or not isinstance(seconds, (int, float)) or not seconds > 0):
            raise ValueError(f"seconds must be a positive number or None, not {seconds!r}")
        if not callable(clock):
            raise TypeError(f"clock must be a function returning seconds, such as "
                            f"time.perf_counter, not {clock!r:.80}")
        self.nodes, self.seconds, self.clock = nodes, seconds, clock
        self.used = 0
        self.started = clock()
        self._next = self._until_check()  # the use that calls for a look (one test a node)
        # Read once now, so that a clock that does not count seconds fails here, not
        # in the middle of a search.
        if not _seconds(self.started):
            raise TypeError(f"clock must be a function returning seconds as a number, such as "
                            f"time.perf_counter; {getattr(clock, '__name__', 'clock')}() "
                            f"returned {self.started!r:.80}")

    def spend(self, n: int = 1) -> None:
        """Spend ``n`` nodes; raise :class:`OutOfBudget` once the budget is exceeded."""
        self.used += n
        if self.used >= self._next or n > 1:  # (one test in the common case)
            self._look(n)

    def _until_check(self) -> float:
        """The use at which :meth:`spend` next looks: past the nodes, or at the next 64th
        node with a clock to read."""
        nodes = math.inf if self.nodes is None else self.nodes + 1
        clock = math.inf if self.seconds is None else (self.used | 63) + 1
        return min(nodes, clock)

    def _look(self, n: int) -> None:
        if self.nodes is not None and self.used > self.nodes:
            raise OutOfBudget(f"the budget of {self.nodes:,} node"
                              f"{'' if self.nodes == 1 else 's'} is spent")
        if self.seconds is not None and self.clock() - self.started > self.seconds:
            raise OutOfBudget(f"the budget of {self.seconds} s is spent")
        self._next = self._until_check()

    @property
    def spent(self) -> bool:
        """True once the budget is used up (checked without spending)."""
        if self.nodes is not None and self.used >= self.nodes:
            return True
        return self.seconds is not None and self.clock() - self.started > self.seconds

    def __repr__(self) -> str:
        limits = [f"{k}={v}" for k, v in (("nodes", self.nodes), ("seconds", self.seconds))
                  if v is not None]
        return f"Budget({', '.join(limits)}; used {self.used:,} nodes)"


class BudgetedGame(GameWrapper):
    """A game whose ``result`` spends one node of a budget: how an anytime searcher stops
    the search it runs inside an iteration, without that search knowing of budgets."""

    def __init__(self, game: Any, budget: Budget) -> None:
        self.game, self.budget = game, budget
        self._result = game.result
        self._spend = budget.spend

    @property
    def initial(self) -> Any:
        return self.game.initial

    def result(self, s: Any, m: Any) -> Any:
        self._spend()
        return self._result(s, m)

    def __repr__(self) -> str:
        return f"BudgetedGame({self.game!r}, {self.budget!r})"


def run_anytime(decisions: Iterable[Decision]) -> Decision | None:
    """Run an anytime search to its end; the last decision it yielded (None if none).

    >>> run_anytime(iter([]))  is None
    True
    """
    try:
        decisions = iter(decisions)
    except TypeError:
        raise TypeError(f"run_anytime runs an anytime search such as iterative_deepening(...) "
                        f"(an iterable of decisions), not {decisions!r:.80}") from None
    last = None
    for decision in decisions:
        last = decision
    return last
