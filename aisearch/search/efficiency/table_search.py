"""Alpha-beta with a transposition table (전치표): :func:`alphabeta_tt`.

Before searching a position, alpha-beta looks it up in a
:class:`~aisearch.search.TranspositionTable`: an entry searched deep enough
that is exact, or a bound outside the window, settles it; otherwise the entry's move is
searched first. Afterwards the value goes into the table flagged exact, lower or upper bound
by the window it was searched with. The table (its entries, bound flags, replacement, and
how wins are stored) is :mod:`aisearch.search.efficiency.table`, whose names are importable
from here too.

:func:`alphabeta_tt` is fail-soft alpha-beta with a table; :func:`alphabeta_core` is its
recursive core, which MTD(f) and aspiration windows (:mod:`aisearch.search.efficiency.windows`) run
too. Tables are made and passed in by the caller: one table may serve several searches (the
iterations of iterative deepening, the moves of a game).

Examples
--------
>>> from aisearch.games import TicTacToe
>>> game, table = TicTacToe(), TranspositionTable()
>>> d = alphabeta_tt(game, game.initial, table=table)
>>> d.value, d.stats.table_hits > 0, 0 < len(table) <= d.stats.table_stores
(0, True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from aisearch.core import MAX, Evaluate, Game, Order
from aisearch.results import Decision
from aisearch.search.classic.alphabeta import alphabeta_failsoft
from aisearch.search.efficiency.table import (
    EXACT,
    LOWER,
    UPPER,
    Entry,
    TableStore,
    TranspositionTable,
)
from aisearch.search.efficiency.table import POLICIES as POLICIES  # (importable from here too)
from aisearch.search.efficiency.table import from_table as from_table
from aisearch.search.efficiency.table import to_table as to_table
from aisearch.search.horizon.extensions import extended
from aisearch.search.horizon.quiescence import quiescent
from aisearch.search.registry import searcher
from aisearch.search.runtime import INF, Run, check_window, decoder, shown_depth
from aisearch.trace.events import TableHit, TracerLike

__all__ = ["TranspositionTable", "Entry", "EXACT", "LOWER", "UPPER", "TableStore",
           "alphabeta_tt", "alphabeta_core", "table_first", "table_steps", "table_rules",
           "run_with_table", "decide_with_table", "check_window",
           "decoder"]  # (check_window and decoder: the runtime's, importable from here too)

def check_table(table: Any) -> TranspositionTable | None:
    if table is not None and not isinstance(table, TranspositionTable):
        raise TypeError(f"table must be a TranspositionTable or None, not {table!r}")
    return table


def table_first(ms: Sequence[Any], entry: tuple | None) -> Sequence[Any]:
    """The moves with the table entry's best move first (unchanged without one); ``entry``
    an :class:`Entry` or its fields as a plain tuple (a written-out look-up's).

    >>> table_first((0, 1, 2), Entry(0, EXACT, 1, 2, ()))
    (2, 0, 1)
    """
    if entry is None:
        return ms
    move = entry[3]
    if move is None or not ms or ms[0] == move:
        return ms
    if ms.__class__ is not tuple:
        ms = tuple(ms)
    try:
        first = ms.index(move)  # (the game's own move, equal to the entry's)
    except ValueError:  # not among the moves
        return ms
    return (ms[first],) + ms[:first] + ms[first + 1:]


def _nothing_known(s: Any, d: int, alpha: float, beta: float) -> tuple:
    return None, False


def _keep_nothing(s: Any, d: int, best: Any, bound: str, move: Any) -> None:
    return None


def describe_search(kind: tuple) -> str:
    """A search kind (:attr:`Run.kind <aisearch.search.runtime.run.Run.kind>`) in words.

    >>> describe_search(("Nim((1, 2))", max, False, ("quiescence", 2), None))
    "'Nim((1, 2))', evaluate=max, fastest_wins=False, quiescence=2"
    """
    game, evaluate, fastest, *rules = kind
    name = getattr(evaluate, "__name__", evaluate)
    words = [f"{game!r:.60}",
             "no evaluation" if name == "no_evaluate" else f"evaluate={name!s:.40}"]
    if not fastest:
        words.append("fastest_wins=False")
    words += [f"{key[0]}={key[1]}" for key in rules if key is not None]
    return ", ".join(words)

def count_table(run: Run, table: TranspositionTable | None) -> Callable[[], None]:
    """Start counting a search's use of ``table``; the returned function writes the counts
    (``table_hits``, ``table_stores``) into ``run.more``."""
    if table is None:
        return lambda: None
    table.serve(run.kind, describe_search)
    hits, stores, settled = table.hits, table.stores, table.settled
    run.count_nodes(lambda: table.settled - settled)

    def done() -> None:
        run.more["table_hits"] = table.hits - hits
        run.more["table_stores"] = table.stores - stores

    return done


def table_rules(game: Any, quiescence: Any, extensions: Any,
                singular_margin: Any) -> dict[str, Any]:
    """The leaf and depth rules of a table search, as keyword arguments of its ``Run``: a
    quiescence search of at most ``quiescence`` plies at the depth bound, and the moves
    ``extensions`` searches one ply deeper (singular ones probed with fail-soft alpha-beta).

    >>> table_rules(None, None, (), 1.0)
    {'leaf_rule': None, 'depth_rule': None}
    """
    return {"leaf_rule": quiescent(quiescence),
            "depth_rule": extended(game, extensions, singular_margin, probe=alphabeta_failsoft)}


def run_with_table(run: Run, core: Callable[..., Callable[..., tuple[Any, tuple]]],
                   table: TranspositionTable | None, alpha: float,
                   beta: float) -> tuple[Any, tuple]:
    """``run``'s search of its root in the window (alpha, beta) with ``core(run, table)``
    (:func:`alphabeta_core`, or PVS's): the root's score and principal variation, the
    table's hits and stores counted into ``run``.

    >>> from aisearch.games import fig5_2
    >>> run = Run(alphabeta_tt, fig5_2, fig5_2.initial, None)
    >>> run_with_table(run, alphabeta_core, TranspositionTable(), -INF, INF), run.more
    ((3, (0, 0)), {'table_hits': 0, 'table_stores': 4})
    """
    counted = count_table(run, table)  # bookkeeping
    v, pv = run.search(core(run, table), alpha, beta)
    counted()  # bookkeeping
    return v, pv


def decide_with_table(searcher: Callable[..., Any],
                      core: Callable[..., Callable[..., tuple[Any, tuple]]], game: Game,
                      state: Any, depth: int | None, *, quiescence: int | None,
                      extensions: tuple[str, ...], singular_margin: float,
                      **options: Any) -> Decision:
    """One search by ``searcher`` (:func:`alphabeta_tt`, :func:`~aisearch.search.pvs`) with
    its recursive ``core``: ``options["table"]`` and ``options["window"]`` checked, the
    rules of :func:`table_rules` made, the root searched in the window.

    >>> from aisearch.games import fig5_2
    >>> decide_with_table(alphabeta_tt, alphabeta_core, fig5_2, fig5_2.initial, 1,
    ...                   evaluate=lambda s: 0, table=None, window=(-INF, INF),
    ...                   quiescence=None, extensions=(), singular_margin=1.0).value
    0
    """
    table = options["table"] = check_table(options["table"])
    alpha, beta = check_window(options["window"])
    run = Run(searcher, game, state, depth, **options,
              **table_rules(game, quiescence, extensions, singular_margin))
    return run.finish(*run_with_table(run, core, table, alpha, beta))


def table_steps(run: Run, table: TranspositionTable | None,
                ) -> tuple[Callable[..., tuple[tuple | None, bool]], Callable[..., None]]:
    """``(probe, record)``: a core's two steps with ``table`` (or none), told to the tracer.

    ``probe(s, d, alpha, beta)`` returns ``(entry or None, settled)`` for ``s`` looked up at
    its distance from the root (:meth:`TranspositionTable.lookup`); ``record(s, d, best,
    bound, move)`` offers what the search of ``s`` found. Without a table, nothing is known
    and nothing kept.
    """
    ply, trace, decode, top = run.ply, run.trace, run.decode, run.top
    if table is None:
        return _nothing_known, _keep_nothing
    lookup, store = table.lookup, table.store
    if not trace and run.extend is None:  # the common case: a node is top - d from the root
        return table.steps(top)

    def probe(s: Any, d: int, alpha: float, beta: float) -> tuple[Entry | None, bool]:
        known, settled = lookup(s, d, alpha, beta, ply(s, d))
        if trace and known:
            trace.note(TableHit, bound=known.bound, value=decode(known.value),
                       depth=shown_depth(known.depth), used=settled)
        return known, settled

    def record(s: Any, d: int, best: Any, bound: str, move: Any) -> None:
        store(s, d, best, bound, move, ply(s, d))
        if trace:
            trace.note(TableStore, bound=bound, value=decode(best), depth=shown_depth(d))

    return probe, record


def alphabeta_core(run: Run, table: TranspositionTable | None,
                   ) -> Callable[..., tuple[Any, tuple]]:
    """The recursive core of :func:`alphabeta_tt` for one search: ``core(s, d, alpha, beta)``
    returns ``(value, principal variation)``; fail-soft, with ``table`` (or none).

    Before searching a node it looks it up: an entry searched deep enough that is exact, or
    a bound outside the window, settles the node (except at the root, which is always
    searched); otherwise the entry's move is searched first. After searching, the node's
    value goes into the table flagged by the window it was searched with.
    """
    is_terminal, to_move, result, moves = run.is_terminal, run.to_move, run.result, run.moves
    utility, evaluation, cut, cutoff = run.utility, run.evaluation, run.cut, run.cutoff
    probe, record = table_steps(run, table)
    extend = run.extend
    trace = run.trace  # bookkeeping

    def ab(s, d, alpha, beta):
        if is_terminal(s):
            return utility(s, d), ()
        if d == 0:
            return evaluation(s, d, alpha, beta), ()
        known, settled = probe(s, d, alpha, beta)  # what the table knows of s
        if settled:  # exact, or a bound outside (alpha, beta): no search
            return known[0], () if known[3] is None else (known[3],)  # value, line
        ms = moves(s, d) if known is None else table_first(moves(s, d), known)
        alpha0, beta0, line, e = alpha, beta, None, d - 1  # (e: the children's depth)
        if to_move(s) == MAX:
            best = -INF
            for m in ms:
                child = result(s, m)
                v, pv = ab(child, e + extend(s, m, child, d) if extend else e, alpha, beta)
                if v > best or line is None:
                    best, line = v, (m,) + pv
                    if best > alpha:  # (max(alpha, best), without the call)
                        alpha = best
                if trace:
                    trace.backup(m, v, best, alpha, beta)
                if cut(alpha, beta):  # a β cut-off
                    cutoff(s, ms, m, d)
                    break
        else:
            best = INF
            for m in ms:
                child = result(s, m)
                v, pv = ab(child, e + extend(s, m, child, d) if extend else e, alpha, beta)
                if v < best or line is None:
                    best, line = v, (m,) + pv
                    if best < beta:
                        beta = best
                if trace:
                    trace.backup(m, v, best, alpha, beta)
                if cut(alpha, beta):  # an α cut-off
                    cutoff(s, ms, m, d)
                    break
        bound = UPPER if best <= alpha0 else LOWER if best >= beta0 else EXACT
        record(s, d, best, bound, line[0])
        return best, line

    ab = run.traced(ab)  # bookkeeping
    return ab


_TT = """
function ALPHABETA-TT(n, depth, α, β)       fail-soft    @enter
  if n is terminal: return UTILITY(n)                    @terminal
  if depth = 0: return EVAL(n)                           @eval
  look n up in the table:                                @tablehit
    searched ≥ depth deep, and exact, or ≥ β, or ≤ α: return it
  best ← −∞ at MAX, +∞ at MIN
  for each successor c of n, the table's move first:
    best ← max (MAX) or min (MIN) of best, ALPHABETA-TT(c, depth − 1, α, β)   @backup
    α ← max(α, best) at MAX;  β ← min(β, best) at MIN
    if α ≥ β: break              (cut-off)               @cut
  store best in the table, flagged                       @tablestore
    upper bound if best ≤ α on entry, lower if best ≥ β, else exact
  return best                                            @exit
"""


@searcher(title="alpha-beta with a transposition table", pseudocode=_TT, windowed=True)
def alphabeta_tt(
    game: Game, state: Any, depth: int | None = None, *, evaluate: Evaluate | None = None,
    order: Order | None = None, table: TranspositionTable | None = None,
    window: tuple[float, float] = (-INF, INF), prune_on_equal: bool = True,
    fastest_wins: bool = True, tracer: TracerLike | None = None, quiescence: int | None = None,
    extensions: tuple[str, ...] = (), singular_margin: float = 1.0,
) -> Decision:
    """Fail-soft alpha-beta that looks positions up in a transposition table.

    Parameters
    ----------
    game, state, depth, evaluate, order, prune_on_equal, fastest_wins, tracer
        As for :func:`~aisearch.search.alphabeta`.
    table : TranspositionTable, optional
        Read and written during the search (and kept for the next one); None: no table,
        which makes this plain fail-soft alpha-beta.
    window : (alpha, beta)
        The root's window, in the search's scores (payoffs and evaluations; wins lie beyond
        every finite window). A value inside is exact; one at or below alpha an upper bound,
        at or above beta a lower bound.
    quiescence : int, optional
        A quiescence search of at most that many plies at the depth bound.
    extensions, singular_margin
        Moves searched one ply deeper (:mod:`aisearch.search.horizon.extensions`): ``"check"``,
        ``"singular"`` (a probe value ahead of every sibling's by ``singular_margin``).

    Returns
    -------
    Decision
        ``stats`` also counts ``table_hits`` (positions found in the table) and
        ``table_stores``. The principal variation stops where a table entry settled a node.

    Examples
    --------
    >>> from aisearch.games import fig5_2
    >>> alphabeta_tt(fig5_2, fig5_2.initial, table=TranspositionTable()).value
    3
    >>> alphabeta_tt(fig5_2, fig5_2.initial, window=(4, 10)).value  # fails low: at most 3
    3
    """
    return decide_with_table(alphabeta_tt, alphabeta_core, game, state, depth, evaluate=evaluate,
                             order=order, table=table, window=window,
                             prune_on_equal=prune_on_equal, fastest_wins=fastest_wins,
                             tracer=tracer, quiescence=quiescence, extensions=extensions,
                             singular_margin=singular_margin)
