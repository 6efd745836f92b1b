"""Alpha-beta with its enhancements switched on and off, one at a time or together.

:func:`enhanced_search` runs one search of a position with any combination of the ideas of
lesson 04: static move ordering (the game's own where it offers one), iterative deepening
(with the previous best line first), a transposition table, killer moves, the history
heuristic, mate-distance pruning, and a choice of window (plain fail-soft alpha-beta, PVS,
aspiration windows, MTD(f)). It returns one decision whose counts add up every search it
ran, so that the combinations can be compared: the lesson's table, its widget,
``benchmarks/bench_efficiency.py`` and ``benchmarks/bench_connect4.py`` all call it.
:func:`win_distance` reads how far a win or loss it found is.

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
from aisearch.search.efficiency.ordering import History, Killers, StaticOrder, chain, game_order
from aisearch.search.efficiency.pvs import pvs
from aisearch.search.efficiency.table import LOWER, UPPER, Entry, written_steps
from aisearch.search.efficiency.table_search import TranspositionTable, alphabeta_tt
from aisearch.search.efficiency.windows import aspiration, mtdf
from aisearch.search.registry import searcher
from aisearch.search.runtime import PLY, WIN, WON, check_args, checked_value
from aisearch.search.runtime.anytime import run_anytime
from aisearch.trace.events import TracerLike

__all__ = ["enhanced_search", "WINDOWS", "ENHANCEMENTS", "DistanceBounds", "win_distance"]

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


_entry = tuple.__new__  # an Entry without NamedTuple's keyword handling (at every answer)


class DistanceBounds(TranspositionTable):
    """A transposition table that also answers from the distance of a win: mate-distance
    pruning (chess programs' name for it).

    With fastest wins (:mod:`aisearch.search.runtime.scores`), a position ``p`` plies from the root
    is worth at most a win ``p + 1`` plies away and at least a loss as far: its moves lead
    there or further. A look-up whose window asks more (alpha at or above that win, or beta
    at or below that loss) is answered at once with that bound, as a stored bound would be;
    so is a search for a quicker win than the quickest there can be. Only for searches with
    ``fastest_wins=True`` (:func:`enhanced_search` checks).

    Parameters
    ----------
    size, replace, canonical
        As for :class:`~aisearch.search.efficiency.table.TranspositionTable`.
    remember : bool
        False for a table that keeps no position and answers from the distance only.

    Attributes
    ----------
    bounded : int
        Look-ups answered from the distance; they count as probes, hits and settled
        look-ups too (``stats.table_hits``, nodes not searched), as a stored bound would.

    Examples
    --------
    >>> from aisearch.search.runtime import win_value
    >>> t = DistanceBounds()
    >>> e, settled = t.lookup("s", 5, win_value(3), WIN, ply=2)  # a win before ply 3?
    >>> settled, e.bound, e.value == win_value(3)  # no: at best one at ply 3
    (True, 'upper', True)
    >>> t.lookup("s", 5, 0, 1, ply=2), t.bounded  # an ordinary window: nothing known
    ((None, False), 1)
    """

    def __init__(self, size: int | None = 1 << 18, *, replace: str = "depth",
                 canonical: Any = None, remember: bool = True) -> None:
        super().__init__(size, replace=replace, canonical=canonical)
        if not isinstance(remember, bool):
            raise TypeError(f"remember must be True or False, not {remember!r}")
        self.remember, self.bounded = remember, 0
        if not remember:
            self.store = _keep_nothing  # type: ignore[method-assign, assignment]

    def lookup(self, s: Any, depth: int, alpha: float, beta: float,
               ply: int = 0) -> tuple[Entry | None, bool]:
        if ply:  # (a root is searched for its move)
            most = WIN - (ply + 1) * PLY  # a win one ply from here
            if alpha >= most or beta <= -most:  # a look-up, a hit, settled: as a stored bound
                self.hits += 1
                self.settled += 1
                self.bounded += 1
                if alpha >= most:
                    return _entry(Entry, (most, UPPER, depth, None, s, self.generation)), True
                return _entry(Entry, (-most, LOWER, depth, None, s, self.generation)), True
        if self.remember:
            return TranspositionTable.lookup(self, s, depth, alpha, beta, ply)
        return None, False

    def steps(self, top: int) -> tuple[Callable[..., tuple[tuple | None, bool]],
                                       Callable[..., Any]]:
        """:meth:`lookup` and :meth:`store` for the nodes of one search, written out where
        the table is plain besides the distance (no canonical forms, ``replace='depth'``)."""
        if (self.remember and self.canonical is None and self.replace == "depth"
                and type(self) is DistanceBounds):
            return written_steps(self, top, distance=True)
        return self.method_steps(top)



def _keep_nothing(*args: Any) -> bool:
    return False


def win_distance(table: TranspositionTable, state: Any) -> int | None:
    """How many plies from ``state`` a won or lost game ends under best play (the quickest
    win, the slowest loss), as a search of ``state`` with ``table`` found it; None if it
    found no win or loss (a draw, or a value from the depth bound). A table that keeps no
    positions (``DistanceBounds(remember=False)``, the one ``mate_distance=True`` uses
    without ``table``) cannot tell: it is refused.

    A decision's value is ``±win`` at any distance (:mod:`aisearch.search.runtime.scores`), and its
    principal variation may stop at a table entry; the table keeps the search's own score
    of its root, which tells the distance (exact for the root of a search with the full
    window, PVS or MTD(f), with ``fastest_wins=True``).

    >>> from aisearch.games import TicTacToe
    >>> game, table = TicTacToe(), TranspositionTable()
    >>> s = TicTacToe.parse("x.o/.x./o..")  # x to move wins at once; o would need 2 plies
    >>> enhanced_search(game, s, table=table).value, win_distance(table, s)
    (inf, 1)
    """
    if not isinstance(table, TranspositionTable):
        raise TypeError(f"table must be the TranspositionTable a search used, not {table!r:.80}")
    if isinstance(table, DistanceBounds) and not table.remember:
        raise ValueError("this table keeps no positions (DistanceBounds(remember=False): it "
                         "answers from the distance only), so it cannot tell how far a win "
                         "is: give the search a DistanceBounds() as table=... instead")
    if table.search is not None and len(table.search) > 2 and table.search[2] is False:
        raise ValueError("this table was filled by a search with fastest_wins=False, which "
                         "scores every win alike: its values hold no distance. Search with "
                         "fastest_wins=True (the default) to read how far a win is")
    entry = table.probe(state)
    if entry is None:
        raise ValueError(f"{state!r:.80} is not in the table: search it with table=... first")
    v = entry.value
    if -WON < v < WON:
        return None
    return round((WIN - abs(v)) / PLY)


_ENHANCED = """
function ENHANCED-SEARCH(n, depth)                  lesson 04's switches
  order moves: base order, then the game's own order (or static value),
               history score, killers first
  mate distance: a node p plies down is worth at most a win at p + 1
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
    tracer: TracerLike | None = None, static: bool | str = False, deepening: bool = False,
    table: bool | TranspositionTable = False, killers: bool = False, history: bool = False,
    window: str = "alphabeta", width: float = 20, quiescence: int | None = None,
    extensions: tuple[str, ...] = (), singular_margin: float = 1.0,
    mate_distance: bool = False,
) -> Decision:
    """One search of ``state`` with the enhancements switched on; counts added up.

    Parameters
    ----------
    game, state, depth, evaluate, order, prune_on_equal, fastest_wins, tracer
        As for :func:`~aisearch.search.alphabeta`; ``order`` is the base order the
        enhancements reorder (column order, say).
    static : bool or 'values'
        Static move ordering. True: the game's own ordering where it offers one
        (``game.move_order``, :class:`~aisearch.core.GameBase`: Connect Four's wins,
        blocks and threats), at every node; else by the static evaluation of the
        successors (nodes with 2+ plies left), which needs ``evaluate``. ``'values'``: by
        the static evaluation even where the game offers its own ordering.
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
    mate_distance : bool
        Mate-distance pruning: a node whose window asks for a quicker win than a win one
        ply below it (or a slower loss) is answered at once (:class:`DistanceBounds`,
        counted as table answers; without ``table`` a table that keeps nothing). Needs
        ``fastest_wins=True``; a given table must then be a :class:`DistanceBounds`.

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
    if not isinstance(window, str) or window not in WINDOWS:
        raise (ValueError if isinstance(window, str) else TypeError)(
            f"window must be one of {', '.join(map(repr, WINDOWS))}; not {window!r:.80}")
    for name, flag in (("deepening", deepening), ("killers", killers), ("history", history),
                       ("mate_distance", mate_distance)):
        if not isinstance(flag, bool):
            raise TypeError(f"{name} must be True or False, not {flag!r}")
    if not (isinstance(static, bool) or static == "values"):
        raise TypeError(f"static must be True, False or 'values', not {static!r:.80}")
    if not isinstance(table, (bool, TranspositionTable)):
        raise TypeError(f"table must be True, False or a TranspositionTable, not {table!r}")
    own = game_order(game) if static is True else None  # the game's own ordering, if any
    if static and own is None and evaluate is None:
        raise ValueError("static ordering needs evaluate=... (" + (
            "this game offers no move ordering of its own)" if static is True else
            "it orders by the values of the successors)"))
    if deepening and evaluate is None:
        raise ValueError("iterative deepening needs evaluate=... (for the shallow iterations)")
    search, options = WINDOWS[window]
    if window.startswith("aspiration"):
        options = {**options, "width": width}
    tt = table if isinstance(table, TranspositionTable) else TranspositionTable() if table else None
    if mate_distance:
        if not fastest_wins:
            raise ValueError("mate_distance needs fastest_wins=True (wins scored by their "
                             "distance from the root)")
        if tt is None or not isinstance(tt, DistanceBounds):
            if isinstance(table, TranspositionTable):
                raise TypeError("with mate_distance=True a given table must be a "
                                f"DistanceBounds (it answers the bounds), not {table!r:.80}")
            tt = DistanceBounds(remember=bool(table))
    static_order = own or (StaticOrder(game, evaluate) if static else None)  # type: ignore[arg-type]
    ordering = chain(order, static_order, History() if history else None,
                     Killers() if killers else None)
    common = dict(evaluate=evaluate, order=ordering, prune_on_equal=prune_on_equal,
                  fastest_wins=fastest_wins, tracer=tracer, quiescence=quiescence,
                  extensions=extensions, singular_margin=singular_margin)
    if deepening:
        runs: list[Decision] = []
        last = run_anytime(d for d in iterative_deepening(
            game, state, depth, search=search, table=tt, pv_first=True,
            search_options=options or None, **common)
            if not runs.append(d))  # type: ignore[func-returns-value]
        assert last is not None
        return replace(last, stats=sum((d.stats for d in runs), Stats()))
    if tt is not None or search is not alphabeta_tt:
        options = {**options, "table": tt}
    if window in ("aspiration", "aspiration-pvs", "mtdf"):  # the root's value as the guess
        check_args(game, state, depth, common)  # (before the root is evaluated)
        guess = 0 if evaluate is None or game.is_terminal(state) else checked_value(
            evaluate(state), getattr(evaluate, "__name__", "evaluate"), state)
        options["guess"] = guess if -1e300 < guess < 1e300 else 0  # (not a win or a loss)
    decision = search(game, state, depth, **common, **options)
    return decision if decision.depth == depth else replace(decision, depth=depth)
