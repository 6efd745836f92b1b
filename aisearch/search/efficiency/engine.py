"""Alpha-beta with its enhancements switched on and off, one at a time or together.

:func:`enhanced_search` runs one search of a position with any combination of the ideas of
lesson 04: static move ordering, iterative deepening (with the previous best line first),
a transposition table, killer moves, the history heuristic, and a choice of window (plain
fail-soft alpha-beta, PVS, aspiration windows, MTD(f)). It returns one decision whose counts
add up every search it ran, so that the combinations can be compared: the lesson's table,
its widget and ``benchmarks/bench_efficiency.py`` all call it.

Examples
--------
>>> from aisearch.games import TicTacToe
>>> game = TicTacToe()
>>> plain = enhanced_search(game, game.initial, 5, evaluate=game.nilsson_eval)
>>> best = enhanced_search(game, game.initial, 5, evaluate=game.nilsson_eval, table=True,
...                        killers=True, history=True, deepening=True, window="pvs")
>>> plain.value == best.value, best.stats.nodes < plain.stats.nodes, best.depth
(True, True, 5)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from aisearch.core import Evaluate, Game, Order
from aisearch.results import Decision, Stats
from aisearch.search.efficiency.deepening import iterative_deepening
from aisearch.search.efficiency.ordering import History, Killers, StaticOrder, chain
from aisearch.search.efficiency.pvs import pvs
from aisearch.search.efficiency.table_search import TranspositionTable, alphabeta_tt
from aisearch.search.efficiency.windows import aspiration, mtdf
from aisearch.search.registry import searcher
from aisearch.search.runtime.anytime import run_anytime
from aisearch.trace.events import TracerLike

__all__ = ["enhanced_search", "WINDOWS", "ENHANCEMENTS"]

WINDOWS: dict[str, tuple[Callable[..., Decision], dict[str, Any]]] = {
    "alphabeta": (alphabeta_tt, {}),
    "pvs": (pvs, {}),
    "aspiration": (aspiration, {}),
    "aspiration-pvs": (aspiration, {"scout": True}),
    "mtdf": (mtdf, {}),
}
"""The searcher behind each ``window`` choice of :func:`enhanced_search`."""

ENHANCEMENTS = ("static", "deepening", "table", "killers", "history")
"""The switches of :func:`enhanced_search` besides ``window``."""


_ENHANCED = """
function ENHANCED-SEARCH(n, depth)                  lesson 04's switches
  order moves: base order, then static value, history score, killers first
  SEARCH ← ALPHABETA-TT, PVS, ASPIRATION or MTD(f), with the table or not   @enter
  if iterative deepening:
    for d = 1, 2, ..., depth: SEARCH(n, d), last best line first   (each a search)
  else: SEARCH(n, depth)
  return the last decision, with the counts of every search       @exit
"""


@searcher(title="alpha-beta with enhancements switched on and off", pseudocode=_ENHANCED,
          windowed=True)
def enhanced_search(
    game: Game, state: Any, depth: int | None = None, *, evaluate: Evaluate | None = None,
    order: Order | None = None, prune_on_equal: bool = True, fastest_wins: bool = True,
    tracer: TracerLike | None = None, static: bool = False, deepening: bool = False,
    table: bool | TranspositionTable = False, killers: bool = False, history: bool = False,
    window: str = "alphabeta", width: float = 20, quiescence: int | None = None,
    extensions: tuple[str, ...] = (), singular_margin: float = 1.0,
) -> Decision:
    """One search of ``state`` with the enhancements switched on; counts added up.

    Parameters
    ----------
    game, state, depth, evaluate, order, prune_on_equal, fastest_wins, tracer
        As for :func:`~aisearch.search.alphabeta`; ``order`` is the base order the
        enhancements reorder (column order, say).
    static : bool
        Order moves by the static evaluation of their successors (nodes with 2+ plies left).
    deepening : bool
        Iterative deepening to ``depth``, each iteration's best line searched first; the
        counts are those of all iterations.
    table : bool or TranspositionTable
        Use a transposition table (a fresh one for True; a given one is kept and reused).
    killers, history : bool
        Killer moves (two per depth) and the history heuristic, in that priority.
    window : {'alphabeta', 'pvs', 'aspiration', 'aspiration-pvs', 'mtdf'}
        Plain fail-soft alpha-beta, principal variation search, aspiration windows of
        ``width`` around a guess (with plain or PVS search inside), or MTD(f). The guess
        is the previous iteration's value with ``deepening``, else the root's static value.
    quiescence : int, optional
        A quiescence search of at most that many plies at the depth bound (lesson 05).
    extensions : tuple of str
        ``"check"`` and/or ``"singular"``: moves searched one ply deeper, counted in
        ``stats.check_extensions`` and ``stats.singular_extensions``
        (:mod:`aisearch.search.horizon.extensions`); ``singular_margin`` is the lead a singular
        move needs.

    Returns
    -------
    Decision
        The last search's value, move and line; ``stats`` of every search added up;
        ``depth`` the depth reached.

    Examples
    --------
    >>> from aisearch.games import fig5_2
    >>> enhanced_search(fig5_2, fig5_2.initial, window="mtdf").value
    3
    >>> enhanced_search(fig5_2, fig5_2.initial, window="scout")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: window must be one of 'alphabeta', 'pvs', 'aspiration', ...; not 'scout'
    """
    if window not in WINDOWS:
        raise ValueError(f"window must be one of {', '.join(map(repr, WINDOWS))}; not "
                         f"{window!r}")
    for name, flag in (("static", static), ("deepening", deepening), ("killers", killers),
                       ("history", history)):
        if not isinstance(flag, bool):
            raise TypeError(f"{name} must be True or False, not {flag!r}")
    if not isinstance(table, (bool, TranspositionTable)):
        raise TypeError(f"table must be True, False or a TranspositionTable, not {table!r}")
    if static and evaluate is None:
        raise ValueError("static ordering needs evaluate=...")
    if deepening and evaluate is None:
        raise ValueError("iterative deepening needs evaluate=... (for the shallow iterations)")
    search, options = WINDOWS[window]
    if window.startswith("aspiration"):
        options = {**options, "width": width}
    tt = table if isinstance(table, TranspositionTable) else TranspositionTable() if table else None
    ordering = chain(order, StaticOrder(game, evaluate) if static else None,  # type: ignore[arg-type]
                     History() if history else None, Killers() if killers else None)
    common = dict(evaluate=evaluate, order=ordering, prune_on_equal=prune_on_equal,
                  fastest_wins=fastest_wins, tracer=tracer, quiescence=quiescence,
                  extensions=extensions, singular_margin=singular_margin)
    if deepening:
        runs: list[Decision] = []
        last = run_anytime(d for d in iterative_deepening(
            game, state, depth, search=search, table=tt, pv_first=True, **common)
            if not runs.append(d))  # type: ignore[func-returns-value]
        assert last is not None
        return replace(last, stats=sum((d.stats for d in runs), Stats()))
    if tt is not None or search is not alphabeta_tt:
        options = {**options, "table": tt}
    if window in ("aspiration", "aspiration-pvs", "mtdf"):
        guess = evaluate(state) if evaluate is not None and not game.is_terminal(state) else 0
        options["guess"] = guess if -1e300 < guess < 1e300 else 0
    decision = search(game, state, depth, **common, **options)
    return replace(decision, depth=depth)
