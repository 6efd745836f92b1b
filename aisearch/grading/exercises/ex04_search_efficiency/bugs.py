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
position, run the textbook way). The wrong tables are edits of the plain
:func:`~aisearch.search.plain.alphabeta_tt` the lesson shows (the exercise's API is its API),
the wrong loops edits of :func:`deepening_moves` (the lessons' plain iterative deepening has no
node budget to get wrong), each with one classic mistake
(:func:`~aisearch.grading.mutate.mutant`).

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

from collections.abc import Callable
from typing import Any

from aisearch.grading.exercises.ex04_search_efficiency.checks import table_search
from aisearch.grading.mutate import mutant
from aisearch.grading.recognise import Bug, BugClass, catalogue
from aisearch.search.plain import alphabeta_tt

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


BOUND_AS_EXACT = BugClass(
    "bound-as-exact", "a fail-low or fail-high result stored as exact: a value <= alpha (or >= "
    "beta) on entry is only a bound, since the search stopped looking once it was sure of that. "
    "Flag it 'upper' (or 'lower'), and let it answer a later search only when it lies outside "
    "that search's window on the same side.")
FAIL_HARD = BugClass(
    "fail-hard-table", "a fail-hard search: a node's value is clamped to its window (alpha when it "
    "fails low, beta when it fails high). The exercise's search is fail-soft: return, and "
    "store, the best value the node found, even outside (alpha, beta). A fail-soft bound is "
    "tighter, so it settles more of the later searches that meet it in the table.")
FAIL_LOW_AS_EXACT = BugClass(
    "fail-low-as-exact", "a fail-low result stored as exact: when every move came out <= alpha "
    "(the value on entry), the node's value is only an upper bound. Flag it 'upper'.")
SHALLOW_ENTRY = BugClass(
    "shallow-entry", "a shallow entry used for a deeper search: an entry answers a node only if "
    "it was searched at least as deep as the search now needs (its depth >= the depth left). "
    "Iterative deepening fills the table with shallow entries first.")
DEEPER_ENTRY = BugClass(
    "deeper-entry-unused", "an entry answers a node only when it was searched exactly as deep as "
    "the depth left: one searched deeper answers it too (its depth >= the depth left). A table "
    "kept from a deeper search, or a position reached again nearer the depth bound, holds "
    "such entries; searching them again wastes the table.")
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


# -- wrong tables: edits of the plain alphabeta_tt, the exercise's search ---------------------
FLAG = "bound = UPPER if best <= alpha0 else LOWER if best >= beta0 else EXACT"
"""How the plain search flags what it stores: by the window it was entered with."""

all_exact = mutant(alphabeta_tt, BOUND_AS_EXACT, "all_exact", [(FLAG, "bound = EXACT")], why=(
    "Stores every result as exact: the value a search returns looks like the node's value, "
    "even when a cut-off stopped it early."))
fail_low_as_exact = mutant(alphabeta_tt, FAIL_LOW_AS_EXACT, "fail_low_as_exact", [
    (FLAG, "bound = LOWER if best >= beta0 else EXACT")], why=(
    "Flags fail-high results 'lower' but fail-low ones 'exact': a cut-off is seen as the only "
    "way a search stops early."))
ignores_depth = mutant(alphabeta_tt, SHALLOW_ENTRY, "ignores_depth", [
    ("entry[2] >= depth and ", "")], why=(
    "Uses an entry whatever depth it was searched to (the depth stored and never read)."))
exact_depth_only = mutant(alphabeta_tt, DEEPER_ENTRY, "exact_depth_only", [
    ("entry[2] >= depth and ", "entry[2] == depth and ")], why=(
    "Uses an entry only when its depth equals the depth left (== for >=): a deeper entry is "
    "taken for one of another search."))
flag_after_search = mutant(alphabeta_tt, FLAG_AFTER_SEARCH, "flag_after_search", [
    (FLAG, "bound = UPPER if best <= alpha else LOWER if best >= beta else EXACT")], why=(
    "Flags by the window after the search, the alpha and beta in scope at the end, not the "
    "window the node was entered with."))
fail_hard = mutant(alphabeta_tt, FAIL_HARD, "fail_hard", [
    ("    table[state] = (best, bound, depth, best_move)\n    return best, best_move",
     "    best = min(max(best, alpha0), beta0)\n"
     "    table[state] = (best, bound, depth, best_move)\n    return best, best_move")], why=(
    "Clamps what it stores and returns to the window it was entered with: the fail-hard "
    "alpha-beta of Pearl's AB, kept when the table was added."))
table_move_last = mutant(alphabeta_tt, TABLE_MOVE, "table_move_last", [
    ("moves.remove(entry[3])\n        moves.insert(0, entry[3])", "pass")], why=(
    "Searches the moves in game.moves order, not the table's move first: the table used for "
    "values only."))


# -- wrong deepening loops: edits of deepening_moves above (the lessons have no plain loop
# -- under a node budget: the plain iterative deepening is a generator without a budget) ----
SEARCH = "        try:\n"
"""The start of an iteration."""

budget_per_iteration = mutant(deepening_moves, BUDGET_PER_ITERATION, "budget_per_iteration", [
    ("    counted = NodeBudget(game, nodes)\n", ""),
    (SEARCH, "        counted = NodeBudget(game, nodes)\n" + SEARCH)], why=(
    "A fresh budget for every iteration: the budget read as a limit on one search."))
fresh_table = mutant(deepening_moves, FRESH_TABLE, "fresh_table", [
    ("    table: dict = {}\n", ""), (SEARCH, "        table: dict = {}\n" + SEARCH)], why=(
    "A new table for every iteration: each search set up as if alone."))
budget_after_iteration = mutant(deepening_moves, BUDGET_AFTER_ITERATION, "budget_after_iteration", [
    ("NodeBudget(game, nodes)", "NodeBudget(game, 10**9)"),
    ("        try:\n            _, move = search(counted, state, depth, evaluate, table)\n"
     "        except OutOfNodes:\n",
     "        _, move = search(counted, state, depth, evaluate, table)\n"
     "        if 10**9 - counted.left > nodes:\n")], why=(
    "Counts the calls, but compares them with the budget only after each iteration."))
budget_off_by_one = mutant(deepening_moves, BUDGET_OFF_BY_ONE, "budget_off_by_one", [
    ("NodeBudget(game, nodes)", "NodeBudget(game, nodes + 1)")], why=(
    "Allows one call of game.result too many (the budget's test written with <=)."))
from_depth_zero = mutant(deepening_moves, FIRST_DEPTH, "from_depth_zero", [
    ("range(1, ", "range(0, ")], why=(
    "Starts with a search of depth 0, which has no move (range counted from 0)."))


TABLE_BUGS: list[Bug] = catalogue(all_exact, fail_low_as_exact, ignores_depth, exact_depth_only,
                                  flag_after_search, fail_hard, table_move_last)
"""Wrong ``table_search``, most specific first."""

DEEPENING_BUGS: list[Bug] = catalogue(budget_per_iteration, fresh_table, budget_after_iteration,
                                      budget_off_by_one, from_depth_zero)
"""Wrong ``deepening_moves``."""

CATALOGUE: dict[str, list[Bug]] = {"table_search": TABLE_BUGS, "deepening_moves": DEEPENING_BUGS}
"""The student's function name -> its known wrong implementations."""

REFERENCES: dict[str, Callable[..., Any]] = {"table_search": table_search,
                                             "deepening_moves": deepening_moves}
"""The student's function name -> the right implementation."""
