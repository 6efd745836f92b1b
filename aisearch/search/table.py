"""Transposition tables (전치표): remember what a search found out about a position.

Many move orders reach the same position; a *transposition table* keeps, for each position
searched, the value found, how deep it was searched, and whether that value is **exact** or
only a **bound**. Alpha-beta needs the flag: a node whose best value is ``<= alpha`` (it
*failed low*) only proves "the value is at most this" (an upper bound), and one that cut off
at ``>= beta`` (it *failed high*) only "at least this" (a lower bound). Reusing a bound as if
it were exact gives wrong values; reusing an entry searched less deep than the search now
needs gives the value of a shallower search. :class:`TranspositionTable` stores the flag and
the depth, has a size limit and a replacement policy, and counts its hits and stores.

Fastest wins (:mod:`aisearch.search.common`): inside a search a win is scored by its distance
*from the root*. Found ``k`` plies below a node at ply ``p``, it is stored as "a win ``k``
plies from here" and read back at whatever ply the node is met again (as chess programs adjust
mate scores), so a table never turns a quick win into a slow one, nor a slow one into a quick.

The searcher :func:`alphabeta_tt` is fail-soft alpha-beta with a table;
:func:`alphabeta_core` is its recursive core, which MTD(f) and aspiration windows
(:mod:`aisearch.search.windows`) run too. Tables are made and passed in by the caller: one
table may serve several searches (the iterations of iterative deepening, the moves of a game).

Examples
--------
>>> from aisearch.games import TicTacToe
>>> game, table = TicTacToe(), TranspositionTable()
>>> d = alphabeta_tt(game, game.initial, table=table)
>>> d.value, d.stats.table_hits > 0, 0 < len(table) <= d.stats.table_stores
(0, True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple

from aisearch.core import MAX, Evaluate, Game, Order
from aisearch.results import Decision
from aisearch.search.common import INF, PLY, SHOWN, UNBOUNDED, WON, Run
from aisearch.search.registry import searcher
from aisearch.trace.events import Event, TableHit, TracerLike

__all__ = ["TranspositionTable", "Entry", "EXACT", "LOWER", "UPPER", "TableStore",
           "alphabeta_tt", "alphabeta_core", "table_first", "check_window", "decoder"]

EXACT, LOWER, UPPER = "exact", "lower", "upper"
"""An entry's bound: the value is exact, or a lower bound (failed high), or an upper bound."""

POLICIES = ("depth", "always")
_new = tuple.__new__  # builds an Entry without NamedTuple's keyword handling (at every store)


def to_table(v: float, ply: int) -> float:
    """A search score at ``ply`` as stored: a win or loss counted from the node, not the root.

    >>> from aisearch.search.common import win_value
    >>> to_table(win_value(7), 3) == win_value(4), to_table(-5, 3)
    (True, -5)
    """
    if v > WON:
        return v + ply * PLY
    if v < -WON:
        return v - ply * PLY
    return v


def from_table(v: float, ply: int) -> float:
    """A stored score as the search scores it at ``ply`` (the inverse of :func:`to_table`)."""
    if v > WON:
        return v - ply * PLY
    if v < -WON:
        return v + ply * PLY
    return v


class Entry(NamedTuple):
    """What the table knows about a position.

    ``value`` as the search scores it where it was looked up; ``bound`` ``'exact'``,
    ``'lower'`` (the value is at least this) or ``'upper'`` (at most this); ``depth`` the
    plies searched below it (``UNBOUNDED``: to the end of the game); ``move`` its best (or
    refuting) move, None if unknown; ``key`` the position (or its canonical form);
    ``generation`` the table's generation when it was stored (:meth:`TranspositionTable.age`).

    >>> e = Entry(5, LOWER, 2, 3, ())
    >>> e.settles(2, -INF, 4), e.settles(2, -INF, 6), e.settles(3, -INF, 4), e.line
    (True, False, False, (3,))
    """

    value: float
    bound: str
    depth: int
    move: Any
    key: Any
    generation: int = 0

    @property
    def line(self) -> tuple:
        """The principal variation the entry gives: its move, if it has one."""
        return () if self.move is None else (self.move,)

    def settles(self, depth: int, alpha: float, beta: float) -> bool:
        """True when the entry answers a search of ``depth`` plies in window (alpha, beta):
        searched at least as deep, and exact, or a bound that lies outside the window."""
        return self.depth >= depth and (self.bound == EXACT or (
            self.value >= beta if self.bound == LOWER else self.value <= alpha))


class TranspositionTable:
    """A transposition table with depths, bound flags, a size limit and a replacement policy.

    Parameters
    ----------
    size : int or None
        Slots (default 262,144). A position goes to slot ``hash(key) % size``; two positions
        in one slot compete by ``replace``. ``None``: no limit, one slot per position.
    replace : {'depth', 'always'}
        ``'depth'``: a new entry replaces the slot's entry if it was searched at least as
        deep (depth-preferred), or if that entry is from an older generation (see
        :meth:`age`); ``'always'``: the newest entry wins.
    canonical : callable, optional
        ``canonical(state)``, e.g. ``ConnectFour.canonical``: symmetric positions share an
        entry (their values are equal; the stored move is used only for the very position
        it was found in).

    Attributes
    ----------
    probes, hits, settled, stores, replaced, refused : int
        Look-ups, look-ups that found an entry, look-ups the entry answered (no search),
        entries offered, slots overwritten by another position, entries the policy turned
        away.
    generation, settled_old : int
        The current generation (:meth:`age`), and look-ups answered by an entry of an older
        generation.

    Notes
    -----
    With states that hold strings, which positions share a slot depends on Python's hash
    seed; give ``size=None`` (or a size well above the positions searched) for counts that
    are the same in every run. States made of ints (all the course's games) hash the same
    in every run.

    Examples
    --------
    >>> t = TranspositionTable(size=None)
    >>> t.store("s", 2, 7, LOWER, "m")
    True
    >>> t.probe("s")
    Entry(value=7, bound='lower', depth=2, move='m', key='s', generation=0)
    >>> t.lookup("s", 2, -INF, 5, ply=1)[1], t.lookup("s", 3, -INF, 5, ply=1)[1]
    (True, False)
    >>> t
    TranspositionTable(size=None): 1 entry, 3 probes, 3 hits, 1 store
    """

    def __init__(self, size: int | None = 1 << 18, *, replace: str = "depth",
                 canonical: Callable[[Any], Hashable] | None = None) -> None:
        if size is not None and (isinstance(size, bool) or not isinstance(size, int)
                                 or not 1 <= size <= 1 << 26):
            raise ValueError(f"size must be an int in 1..{1 << 26:,} (slots) or None (no "
                             f"limit), not {size!r}")
        if replace not in POLICIES:
            raise ValueError(f"replace must be one of {', '.join(map(repr, POLICIES))}, not "
                             f"{replace!r}")
        if canonical is not None and not callable(canonical):
            raise TypeError(f"canonical must be a function of a state or None, not {canonical!r}")
        self.size, self.replace, self.canonical = size, replace, canonical
        self.slots: dict[Any, Entry] = {}
        self.probes = self.hits = self.settled = self.stores = self.replaced = self.refused = 0
        self.generation = self.settled_old = 0

    def _key(self, s: Any) -> Any:
        try:
            return s if self.canonical is None else self.canonical(s)
        except TypeError:
            raise TypeError(f"states must be hashable to be stored in a table; got "
                            f"{type(s).__name__}") from None

    def probe(self, s: Any, ply: int = 0) -> Entry | None:
        """The entry for position ``s`` (its value as scored at ``ply``), or None."""
        key = s if self.canonical is None else self.canonical(s)
        self.probes += 1
        e = self.slots.get(key if self.size is None else hash(key) % self.size)
        if e is None or e[4] != key:
            return None
        self.hits += 1
        if key is not s and key != s:  # a symmetric position: its move is not ours
            e = e._replace(move=None)
        v = e[0]
        if v > WON or v < -WON:
            e = e._replace(value=from_table(v, ply))
        return e

    def lookup(self, s: Any, depth: int, alpha: float, beta: float,
               ply: int = 0) -> tuple[Entry | None, bool]:
        """``(entry, settled)``: the entry for ``s`` (or None) and whether it answers a
        search of ``depth`` plies in the window (alpha, beta) (:meth:`Entry.settles`). At
        ply 0, the root of a search, nothing is settled: a root is searched for its move."""
        e = self.probe(s, ply)  # (the rest is Entry.settles, written out: it runs at every node)
        if e is None:
            return None, False
        value, bound = e[0], e[1]
        if ply > 0 and e[2] >= depth and (bound == EXACT or (
                value >= beta if bound == LOWER else value <= alpha)):
            self.settled += 1
            self.settled_old += e[5] < self.generation
            return e, True
        return e, False

    def age(self) -> int:
        """Start a new generation (iterative deepening: one per iteration) and return it.
        Entries of older generations give way to new ones under ``replace='depth'``, and
        :attr:`settled_old` counts the look-ups they answer."""
        self.generation += 1
        return self.generation

    def store(self, s: Any, depth: int, value: float, bound: str, move: Any = None,
              ply: int = 0) -> bool:
        """Offer what a search of ``depth`` plies found at ``s`` (at ``ply`` from its root);
        True if it was kept. A depth beyond any search's (a search to the end) is stored as
        ``UNBOUNDED``."""
        key = s if self.canonical is None else self._key(s)
        self.stores += 1
        slot = key if self.size is None else hash(key) % self.size
        old = self.slots.get(slot)
        if depth > SHOWN:
            depth = UNBOUNDED
        if old is not None:
            if self.replace == "depth" and depth < old[2] and old[5] == self.generation:
                self.refused += 1  # a deeper entry of this generation stays
                return False
            if old[4] != key:
                self.replaced += 1
        if key is not s and key != s:
            move = None
        if value > WON or value < -WON:
            value = to_table(value, ply)
        self.slots[slot] = _new(Entry, (value, bound, depth, move, key, self.generation))
        return True

    def clear(self) -> None:
        """Forget every entry (the counts stay)."""
        self.slots.clear()

    def counts(self) -> dict[str, int]:
        """The counts so far, by name."""
        return {"probes": self.probes, "hits": self.hits, "settled": self.settled,
                "stores": self.stores,
                "replaced": self.replaced, "refused": self.refused}

    def __len__(self) -> int:
        return len(self.slots)

    def __bool__(self) -> bool:  # an empty table is still a table (``if table:`` reads so)
        return True

    def __contains__(self, s: Any) -> bool:
        key = self._key(s)
        e = self.slots.get(key if self.size is None else hash(key) % self.size)
        return e is not None and e.key == key

    def __repr__(self) -> str:
        def n(k: int, one: str, many: str) -> str:
            return f"{k:,} {one if k == 1 else many}"

        policy = "" if self.replace == "depth" else f", replace={self.replace!r}"
        return (f"TranspositionTable(size={self.size!r}{policy}): "
                f"{n(len(self), 'entry', 'entries')}, {n(self.probes, 'probe', 'probes')}, "
                f"{n(self.hits, 'hit', 'hits')}, {n(self.stores, 'store', 'stores')}")


@dataclass(slots=True)
class TableStore(Event):
    """What the search found at the node at ``path`` goes into the table: ``value`` with its
    ``bound`` (``'exact'``, ``'lower'``, ``'upper'``), searched ``depth`` plies."""

    tally: ClassVar[str | None] = "table_stores"
    path: tuple
    bound: str
    value: float
    depth: int | None

    def describe(self, where: str, fmt: Callable[[Any], str]) -> str:
        what = {EXACT: "exact value", LOWER: "lower bound (it failed high)",
                UPPER: "upper bound (it failed low)"}[self.bound]
        depth = "to the end" if self.depth is None else (
            f"{self.depth} {'ply' if self.depth == 1 else 'plies'} deep")
        return f"Store in the table: {where} is worth {fmt(self.value)}, {what}, {depth}"


def decoder(game: Any, fastest_wins: bool = True) -> Callable[[Any], Any]:
    """Search scores to the game's payoffs, as :class:`~aisearch.search.common.Run` decodes
    them: a win at any distance is ``+game.win`` (``inf`` without one).

    >>> from aisearch.games import Nim
    >>> from aisearch.search.common import win_value
    >>> decode = decoder(Nim((1, 2)))
    >>> decode(win_value(3)), decode(-win_value(5)), decode(7)
    (1, -1, 7)
    """
    payoff = getattr(game, "win", None)
    if isinstance(payoff, bool) or not isinstance(payoff, (int, float)) or not payoff > 0:
        payoff = INF

    def decode(v: Any) -> Any:
        if not fastest_wins or -WON < v < WON:
            return v
        return payoff if v > 0 else -payoff

    return decode


def check_table(table: Any) -> TranspositionTable | None:
    if table is not None and not isinstance(table, TranspositionTable):
        raise TypeError(f"table must be a TranspositionTable or None, not {table!r}")
    return table


def check_window(window: Any) -> tuple[float, float]:
    """A root window ``(alpha, beta)``: two numbers with alpha < beta.

    >>> check_window((1, 0))
    Traceback (most recent call last):
    ...
    ValueError: window must be a pair (alpha, beta) of numbers with alpha < beta, not (1, 0)
    """
    ok = (isinstance(window, (tuple, list)) and len(window) == 2
          and all(isinstance(x, (int, float)) and not isinstance(x, bool) and x == x
                  for x in window) and window[0] < window[1])
    if not ok:
        raise ValueError(f"window must be a pair (alpha, beta) of numbers with alpha < beta, "
                         f"not {window!r}")
    return window[0], window[1]


def table_first(ms: Sequence[Any], entry: Entry | None) -> Sequence[Any]:
    """The moves with the table entry's best move first (unchanged without one).

    >>> table_first((0, 1, 2), Entry(0, EXACT, 1, 2, ()))
    (2, 0, 1)
    """
    if entry is None or entry.move is None or entry.move not in ms or ms[0] == entry.move:
        return ms
    return (entry.move,) + tuple(m for m in ms if m != entry.move)


def _no_lookup(s: Any, depth: int, alpha: float, beta: float, ply: int = 0) -> tuple:
    return None, False


def _no_store(*args: Any) -> bool:
    return False


def shown_depth(d: int) -> int | None:
    """A depth as events show it: None for a search to the end of the game."""
    return None if d > SHOWN else d


def table_tools(table: TranspositionTable | None) -> tuple[Callable[..., Any], Callable[..., Any]]:
    """``(lookup, store)`` of a table, or stand-ins that know nothing and keep nothing."""
    return (table.lookup, table.store) if table is not None else (_no_lookup, _no_store)


def count_table(run: Run, table: TranspositionTable | None) -> Callable[[], None]:
    """Start counting a search's use of ``table``; the returned function writes the counts
    (``table_hits``, ``table_stores``) into ``run.more``."""
    if table is None:
        return lambda: None
    hits, stores, settled = table.hits, table.stores, table.settled
    run.count_nodes(lambda: table.settled - settled)

    def done() -> None:
        run.more["table_hits"] = table.hits - hits
        run.more["table_stores"] = table.stores - stores

    return done


def alphabeta_core(run: Run, table: TranspositionTable | None,
                   prune_on_equal: bool = True) -> Callable[..., tuple[Any, tuple]]:
    """The recursive core of :func:`alphabeta_tt` for one search: ``core(s, d, alpha, beta)``
    returns ``(value, principal variation)``; fail-soft, with ``table`` (or none).

    Before searching a node it looks it up: an entry searched deep enough that is exact, or
    a bound outside the window, settles the node (except at the root, which is always
    searched); otherwise the entry's move is searched first. After searching, the node's
    value goes into the table flagged by the window it was searched with.
    """
    game = run.game
    is_terminal, to_move, result, moves = game.is_terminal, game.to_move, run.result, run.moves
    utility, evaluation, cutoff = run.utility, run.evaluation, run.cutoff
    lookup, store = table_tools(table)
    top, extend = run.top, run.extend
    trace, decode = run.trace, run.decode  # bookkeeping

    def ab(s, d, alpha, beta):
        if is_terminal(s):
            return utility(s, d), ()
        if d == 0:
            return evaluation(s, d, alpha, beta), ()
        known, settled = lookup(s, d, alpha, beta, top - d)  # what the table knows of s
        if trace:
            if known:
                trace.note(TableHit, bound=known.bound, value=decode(known.value),
                           depth=shown_depth(known.depth), used=settled)
        if settled:  # exact, or a bound outside (alpha, beta): no search
            return known.value, known.line
        ms, alpha0, beta0, line = table_first(moves(s, d), known), alpha, beta, None
        if to_move(s) == MAX:
            best = -INF
            for m in ms:
                child = result(s, m)
                v, pv = ab(child, d - 1 + (extend(s, m, child, d) if extend else 0), alpha, beta)
                if v > best or line is None:
                    best, line = v, (m,) + pv
                    alpha = max(alpha, best)
                if trace:
                    trace.backup(m, v, best, alpha, beta)
                if alpha >= beta and (prune_on_equal or alpha > beta):  # a β cut-off
                    cutoff(s, ms, m, d)
                    break
        else:
            best = INF
            for m in ms:
                child = result(s, m)
                v, pv = ab(child, d - 1 + (extend(s, m, child, d) if extend else 0), alpha, beta)
                if v < best or line is None:
                    best, line = v, (m,) + pv
                    beta = min(beta, best)
                if trace:
                    trace.backup(m, v, best, alpha, beta)
                if beta <= alpha and (prune_on_equal or beta < alpha):  # an α cut-off
                    cutoff(s, ms, m, d)
                    break
        bound = UPPER if best <= alpha0 else LOWER if best >= beta0 else EXACT
        store(s, d, best, bound, line[0], top - d)
        if trace:
            if table is not None:
                trace.note(TableStore, bound=bound, value=decode(best), depth=shown_depth(d))
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
        Moves searched one ply deeper (:mod:`aisearch.search.extensions`): ``"check"``,
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
    table = check_table(table)
    alpha, beta = check_window(window)
    run = Run(alphabeta_tt, game, state, depth, evaluate=evaluate, order=order, table=table,
              window=window, prune_on_equal=prune_on_equal, fastest_wins=fastest_wins,
              tracer=tracer, quiescence=quiescence, extensions=extensions,
              singular_margin=singular_margin)
    counted = count_table(run, table)  # bookkeeping
    v, pv = run.search(alphabeta_core(run, table, prune_on_equal), alpha, beta)
    counted()  # bookkeeping
    return run.finish(v, pv)
