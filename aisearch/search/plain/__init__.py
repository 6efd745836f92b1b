"""Every algorithm the lessons teach, in plain sight: the textbook code alone.

The package's searchers (:mod:`aisearch.search`) also check their arguments, count, report
events to a tracer, keep budgets, score a quicker win higher and return a principal
variation. The functions here do none of that: each is the algorithm alone, in 10 to 30
lines (Star2, in two phases, takes more), written for reading next to its pseudocode; the
lessons show them with ``show_source``. One module per lesson:

- :mod:`~aisearch.search.plain.minimax` (lessons 02-03): :func:`minimax`, :func:`alphabeta`
  (Pearl's AB, fail-hard), :func:`alphabeta_failsoft`, :func:`negamax`;
- :mod:`~aisearch.search.plain.efficiency` (lesson 04): :func:`iterative_deepening` with
  :func:`alphabeta_line`, killers and history in :func:`alphabeta_ordered`, the
  transposition table with bound flags in :func:`alphabeta_tt`;
- :mod:`~aisearch.search.plain.windows` (lesson 04): :func:`pvs`, :func:`aspiration`,
  :func:`mtdf`, :func:`sss_star`;
- :mod:`~aisearch.search.plain.horizon` (lesson 05): :func:`quiesce`, and
  :func:`quiesce_in_check` where a side in check may not stand pat;
- :mod:`~aisearch.search.plain.chance` (lesson 06): :func:`expectiminimax`, :func:`star1`,
  :func:`star2`;
- :mod:`~aisearch.search.plain.mcts` and :mod:`~aisearch.search.plain.players` (lesson 08):
  :func:`uct`; :func:`maxn` with shallow pruning, :func:`paranoid`.

Conventions: values from MAX's point of view (max^n: utility tuples; paranoid search: the
searching player's utility), ``depth`` in plies with ``math.inf`` (the default) searching to
the end of the game, ``evaluate(state)`` at the depth bound, cut-offs when alpha >= beta,
moves in ``game.moves`` order, the first best move kept, every win alike (the package's
``fastest_wins=False``). The tests (``tests/search/test_plain*.py``) check each against the
package's searcher it stands for (:data:`STANDS_FOR`): the same values and moves, and the same
states generated in the same order, on thousands of random trees; where the package's
conventions differ, the module's docstring says how and the tests set them alike.

Examples
--------
>>> from aisearch.games import fig5_2
>>> minimax(fig5_2, fig5_2.initial), alphabeta(fig5_2, fig5_2.initial)
((3, 0), (3, 0))
>>> len(PLAIN), sorted(PLAIN)[:4]
(20, ['alphabeta', 'alphabeta_failsoft', 'alphabeta_line', 'alphabeta_ordered'])
"""

from collections.abc import Callable
from typing import Any

from aisearch.search.plain.chance import expectiminimax, star1, star2
from aisearch.search.plain.efficiency import (
    EXACT,
    LOWER,
    UPPER,
    alphabeta_line,
    alphabeta_ordered,
    alphabeta_tt,
    iterative_deepening,
)
from aisearch.search.plain.horizon import quiesce, quiesce_in_check
from aisearch.search.plain.mcts import Node, uct
from aisearch.search.plain.minimax import alphabeta, alphabeta_failsoft, minimax, negamax
from aisearch.search.plain.players import maxn, paranoid
from aisearch.search.plain.windows import aspiration, mtdf, pvs, sss_star

__all__ = ["minimax", "alphabeta", "alphabeta_failsoft", "negamax", "iterative_deepening",
           "alphabeta_line", "alphabeta_ordered", "alphabeta_tt", "EXACT", "LOWER", "UPPER",
           "pvs", "aspiration", "mtdf", "sss_star", "quiesce", "quiesce_in_check",
           "expectiminimax", "star1", "star2", "uct", "Node", "maxn", "paranoid", "PLAIN",
           "STANDS_FOR"]

PLAIN: dict[str, Callable[..., Any]] = {
    "minimax": minimax, "alphabeta": alphabeta, "alphabeta_failsoft": alphabeta_failsoft,
    "negamax": negamax,
    "iterative_deepening": iterative_deepening, "alphabeta_line": alphabeta_line,
    "alphabeta_ordered": alphabeta_ordered, "alphabeta_tt": alphabeta_tt,
    "pvs": pvs, "aspiration": aspiration, "mtdf": mtdf, "sss_star": sss_star,
    "quiesce": quiesce, "quiesce_in_check": quiesce_in_check,
    "expectiminimax": expectiminimax, "star1": star1, "star2": star2,
    "uct": uct, "maxn": maxn, "paranoid": paranoid}
"""The plain searchers by name (functions only)."""

STANDS_FOR: dict[str, tuple[str, ...]] = {
    "minimax": ("minimax",), "alphabeta": ("alphabeta", "pearl_ab"),
    "alphabeta_failsoft": ("alphabeta_failsoft",), "negamax": ("negamax",),
    "iterative_deepening": ("iterative_deepening",), "alphabeta_line": ("alphabeta",),
    "alphabeta_ordered": ("alphabeta_tt",), "alphabeta_tt": ("alphabeta_tt",),
    "pvs": ("pvs",), "aspiration": ("aspiration",), "mtdf": ("mtdf",),
    "sss_star": ("sss_star",), "quiesce": ("quiescence",), "quiesce_in_check": ("quiescence",),
    "expectiminimax": ("expectiminimax", "minimax"), "star1": ("star1",), "star2": ("star2",),
    "uct": ("mcts",), "maxn": ("maxn",), "paranoid": ("paranoid",)}
"""Each plain searcher -> the package searchers it is tested to agree with (see the tests for
the options that set the package's conventions to the plain one's)."""
