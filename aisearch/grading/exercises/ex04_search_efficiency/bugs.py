"""Known wrong transposition-table searches and iterative-deepening loops, and the right ones.

The student writes two functions (``solutions/04_search_efficiency.ipynb``):

- ``table_search(game, state, depth, evaluate, table) -> (value, move)``: fail-soft
  alpha-beta (cut when alpha >= beta, the first best move wins ties, MAX's point of view)
  that reads and writes ``table``, a dict ``state -> (value, flag, depth, move)`` with
  ``flag`` one of ``'exact'``, ``'lower'``, ``'upper'``. Below the root, an entry searched
  at least as deep that is exact, a lower bound >= beta or an upper bound <= alpha answers
  the node; otherwise the entry's move is searched first. After a search the node is stored,
  flagged by the window it was searched with: upper if its value <= alpha on entry, lower if
  >= beta on entry, else exact. Terminal states and the depth bound are not stored.
- ``deepening_moves(game, state, evaluate, nodes, search, max_depth=10)``: iterative
  deepening with one table for all iterations, ``search`` in the API above, and a budget of
  ``nodes`` calls of ``game.result`` for all iterations together; returns the
  ``(depth, move)`` of every completed iteration (the move to play is the last one's).

:func:`table_search` and :func:`deepening_moves` are the right answers (the first generates
exactly what :func:`aisearch.search.alphabeta_tt` generates with a table that keeps every
position, run the textbook way); every other function has exactly one bug, marked
``# the bug``.

Examples
--------
>>> from aisearch.games.dag import DagGame
>>> game = DagGame(b=3, d=4, width=3, seed=1)
>>> table = {}
>>> [table_search(game, game.initial, d, game.evaluate, table) for d in (1, 2, 3, 4)]
[(3, 0), (-3, 0), (4, 0), (2, 0)]
>>> deepening_moves(game, game.initial, game.evaluate, 30, table_search)  # depth 4 ran out
[(1, 0), (2, 0), (3, 0)]
>>> deepening_moves(game, game.initial, game.evaluate, 60, table_search)
[(1, 0), (2, 0), (3, 0), (4, 0)]
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from aisearch.core import MAX
from aisearch.grading.exercises.ex04_search_efficiency.checks import (
    EXACT,
    LOWER,
    UPPER,
    table_search,
)
from aisearch.grading.recognise import Bug, BugClass, catalogue, shows

__all__ = [
    "table_search",
    "deepening_moves",
    "OutOfNodes",
    "NodeBudget",
    "TABLE_BUGS",
    "DEEPENING_BUGS",
    "CATALOGUE",
    "REFERENCES",
]

INF = math.inf

BOUND_AS_EXACT = BugClass(
    "bound-as-exact", "a fail-low or fail-high result stored as exact: a value <= alpha (or >= "
    "beta) on entry is only a bound, since the search stopped looking once it was sure of that. "
    "Flag it 'upper' (or 'lower'), and let it answer a later search only when it lies outside "
    "that search's window on the same side.")
FAIL_LOW_AS_EXACT = BugClass(
    "fail-low-as-exact", "a fail-low result stored as exact: when every move came out <= alpha "
    "(the value on entry), the node's value is only an upper bound. Flag it 'upper'.")
SHALLOW_ENTRY = BugClass(
    "shallow-entry", "a shallow entry used for a deeper search: an entry answers a node only if "
    "it was searched at least as deep as the search now needs (its depth >= the depth left). "
    "Iterative deepening fills the table with shallow entries first.")
FLAG_AFTER_SEARCH = BugClass(
    "flag-after-search", "the bound flag is computed with the window as it is after the search "
    "(alpha or beta moved while the moves were searched); compare the value with the alpha and "
    "beta the node was entered with.")
TABLE_MOVE = BugClass(
    "table-move", "the table's best move is not searched first: when a node has an entry that "
    "cannot answer it (too shallow, or a bound inside the window), search the entry's move "
    "first, then the others in game.moves order.")
BUDGET_PER_ITERATION = BugClass(
    "budget-per-iteration", "the node budget starts afresh at every iteration: it is for the "
    "whole move, all iterations together. Count every game.result call since the first "
    "iteration began.")
FRESH_TABLE = BugClass(
    "fresh-table", "a new table for every iteration: keep one table for all of them, so that "
    "the best moves found at depth k are searched first at depth k + 1 (that is what makes the "
    "deeper iterations cheap).")
BUDGET_AFTER_ITERATION = BugClass(
    "budget-after-iteration", "the budget is checked only after an iteration: the search must "
    "stop as soon as it would go over. Raise in your game's result, before calling game.result, "
    "on the call that would go over the budget, and catch that exception around the search.")
BUDGET_OFF_BY_ONE = BugClass(
    "budget-off-by-one", "one call of game.result more than the budget: with nodes = n, the "
    "search may generate n states in all; refuse the (n + 1)-th call before it reaches "
    "game.result.")
FIRST_DEPTH = BugClass(
    "first-depth", "the iterations start at the wrong depth: search depth 1 first, then 2, "
    "3, ... up to max_depth.")


# -- the right answers --------------------------------------------------------------------
class OutOfNodes(Exception):  # noqa: N818 (the name the exercise uses)
    """The node budget is spent."""


class NodeBudget:
    """A game whose ``result`` spends one of ``nodes``; past that it raises OutOfNodes.

    >>> from aisearch.games import fig5_2
    >>> g = NodeBudget(fig5_2, 1)
    >>> g.result((), 0)
    (0,)
    >>> g.result((), 1)
    Traceback (most recent call last):
    ...
    aisearch.grading.exercises.ex04_search_efficiency.bugs.OutOfNodes
    """

    def __init__(self, game: Any, nodes: int) -> None:
        self.game, self.left = game, nodes

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)

    def result(self, s: Any, m: Any) -> Any:
        if self.left <= 0:
            raise OutOfNodes
        self.left -= 1
        return self.game.result(s, m)


def deepening_moves(game: Any, state: Any, evaluate: Any, nodes: int,
                    search: Callable[..., Any], max_depth: int = 10) -> list:
    """Iterative deepening under a node budget: the (depth, move) of each completed iteration.

    >>> from aisearch.games import fig5_2
    >>> deepening_moves(fig5_2, fig5_2.initial, lambda s: 0, 100, table_search, 2)
    [(1, 0), (2, 0)]
    """
    counted = NodeBudget(game, nodes)
    table: dict = {}
    done = []
    for depth in range(1, max_depth + 1):
        try:
            _, move = search(counted, state, depth, evaluate, table)
        except OutOfNodes:
            break
        done.append((depth, move))
    return done


# -- wrong tables --------------------------------------------------------------------------
def _flawed(*, flags: str = "right", depth_checked: bool = True, move_first: bool = True
            ) -> Callable[..., tuple[Any, Any]]:
    """:func:`table_search` with one flaw (written once; each bug below states its own)."""

    def table_search(game: Any, state: Any, depth: int, evaluate: Any,
                     table: dict) -> tuple[Any, Any]:
        def search(s: Any, d: int, alpha: float, beta: float, root: bool) -> tuple[Any, Any]:
            if game.is_terminal(s):
                return game.utility(s, MAX), None
            if d == 0:
                return evaluate(s), None
            entry = table.get(s)
            moves = list(game.moves(s))
            if entry is not None:
                value, flag, searched, move = entry
                if not root and (searched >= d or not depth_checked) and (
                        flag == EXACT or (flag == LOWER and value >= beta)
                        or (flag == UPPER and value <= alpha)):
                    return value, move
                if move in moves and move_first:
                    moves.remove(move)
                    moves.insert(0, move)
            alpha0, beta0 = alpha, beta
            maximizing = game.to_move(s) == MAX
            best_value: Any = None
            best_move: Any = None
            for m in moves:
                v, _ = search(game.result(s, m), d - 1, alpha, beta, False)
                if best_move is None or (v > best_value if maximizing else v < best_value):
                    best_value, best_move = v, m
                if maximizing:
                    alpha = max(alpha, best_value)
                else:
                    beta = min(beta, best_value)
                if alpha >= beta:
                    break
            if flags == "all exact":
                flag = EXACT
            elif flags == "fail low exact":
                flag = LOWER if best_value >= beta0 else EXACT
            elif flags == "after search":
                flag = UPPER if best_value <= alpha else LOWER if best_value >= beta else EXACT
            else:
                flag = UPPER if best_value <= alpha0 else LOWER if best_value >= beta0 else EXACT
            table[s] = (best_value, flag, d, best_move)
            return best_value, best_move

        return search(state, depth, -INF, INF, True)

    return table_search


def _named(f: Callable[..., Any], name: str, doc: str) -> Callable[..., Any]:
    f.__name__ = f.__qualname__ = name
    f.__doc__ = doc
    return f


all_exact = shows(BOUND_AS_EXACT)(_named(
    _flawed(flags="all exact"), "all_exact",
    "Stores every result as exact (the bug: fail-low and fail-high results are bounds)."))
fail_low_as_exact = shows(FAIL_LOW_AS_EXACT)(_named(
    _flawed(flags="fail low exact"), "fail_low_as_exact",
    "Flags fail-high results 'lower' but fail-low ones 'exact' (the bug)."))
ignores_depth = shows(SHALLOW_ENTRY)(_named(
    _flawed(depth_checked=False), "ignores_depth",
    "Uses an entry whatever depth it was searched to (the bug: needs depth >= the depth left)."))
flag_after_search = shows(FLAG_AFTER_SEARCH)(_named(
    _flawed(flags="after search"), "flag_after_search",
    "Flags by the window after the search (the bug: the window on entry decides)."))
table_move_last = shows(TABLE_MOVE)(_named(
    _flawed(move_first=False), "table_move_last",
    "Searches the moves in game.moves order, not the table's move first (the bug)."))


# -- wrong deepening loops -----------------------------------------------------------------
@shows(BUDGET_PER_ITERATION)
def budget_per_iteration(game: Any, state: Any, evaluate: Any, nodes: int,
                         search: Callable[..., Any], max_depth: int = 10) -> list:
    """A fresh budget for every iteration."""
    table: dict = {}
    done = []
    for depth in range(1, max_depth + 1):
        counted = NodeBudget(game, nodes)  # the bug: one budget for all iterations
        try:
            _, move = search(counted, state, depth, evaluate, table)
        except OutOfNodes:
            break
        done.append((depth, move))
    return done


@shows(FRESH_TABLE)
def fresh_table(game: Any, state: Any, evaluate: Any, nodes: int,
                search: Callable[..., Any], max_depth: int = 10) -> list:
    """A new table for every iteration."""
    counted = NodeBudget(game, nodes)
    done = []
    for depth in range(1, max_depth + 1):
        table: dict = {}  # the bug: one table for all iterations
        try:
            _, move = search(counted, state, depth, evaluate, table)
        except OutOfNodes:
            break
        done.append((depth, move))
    return done


@shows(BUDGET_AFTER_ITERATION)
def budget_after_iteration(game: Any, state: Any, evaluate: Any, nodes: int,
                           search: Callable[..., Any], max_depth: int = 10) -> list:
    """Counts the calls, but compares with the budget only after each iteration."""
    counted = NodeBudget(game, 10**9)  # the bug: no stop inside an iteration
    table: dict = {}
    done = []
    for depth in range(1, max_depth + 1):
        _, move = search(counted, state, depth, evaluate, table)
        if 10**9 - counted.left > nodes:
            break
        done.append((depth, move))
    return done


@shows(BUDGET_OFF_BY_ONE)
def budget_off_by_one(game: Any, state: Any, evaluate: Any, nodes: int,
                      search: Callable[..., Any], max_depth: int = 10) -> list:
    """Allows one call of game.result too many."""
    counted = NodeBudget(game, nodes + 1)  # the bug: nodes calls, not nodes + 1
    table: dict = {}
    done = []
    for depth in range(1, max_depth + 1):
        try:
            _, move = search(counted, state, depth, evaluate, table)
        except OutOfNodes:
            break
        done.append((depth, move))
    return done


@shows(FIRST_DEPTH)
def from_depth_zero(game: Any, state: Any, evaluate: Any, nodes: int,
                    search: Callable[..., Any], max_depth: int = 10) -> list:
    """Starts with a search of depth 0 (which has no move)."""
    counted = NodeBudget(game, nodes)
    table: dict = {}
    done = []
    for depth in range(0, max_depth + 1):  # the bug: depth 1 first
        try:
            _, move = search(counted, state, depth, evaluate, table)
        except OutOfNodes:
            break
        done.append((depth, move))
    return done


TABLE_BUGS: list[Bug] = catalogue(all_exact, fail_low_as_exact, ignores_depth, flag_after_search,
                                  table_move_last)
"""Wrong ``table_search``, most specific first."""

DEEPENING_BUGS: list[Bug] = catalogue(budget_per_iteration, fresh_table, budget_after_iteration,
                                      budget_off_by_one, from_depth_zero)
"""Wrong ``deepening_moves``."""

CATALOGUE: dict[str, list[Bug]] = {"table_search": TABLE_BUGS, "deepening_moves": DEEPENING_BUGS}
"""The student's function name -> its known wrong implementations."""

REFERENCES: dict[str, Callable[..., Any]] = {"table_search": table_search,
                                             "deepening_moves": deepening_moves}
"""The student's function name -> the right implementation."""
