"""Transposition tables (전치표): remember what a search found out about a position.

Many move orders reach the same position; a *transposition table* keeps, for each position
searched, the value found, how deep it was searched, and whether that value is **exact** or
only a **bound**. Alpha-beta needs the flag: a node whose best value is ``<= alpha`` (it
*failed low*) only proves "the value is at most this" (an upper bound), and one that cut off
at ``>= beta`` (it *failed high*) only "at least this" (a lower bound). Reusing a bound as if
it were exact gives wrong values; reusing an entry searched less deep than the search now
needs gives the value of a shallower search. :class:`TranspositionTable` stores the flag and
the depth, has a size limit and a replacement policy, and counts its hits and stores.

Fastest wins (:mod:`aisearch.search.runtime.run`): inside a search a win is scored by its distance
*from the root*. Found ``k`` plies below a node at ply ``p``, it is stored as "a win ``k``
plies from here" and read back at whatever ply the node is met again (as chess programs adjust
mate scores), so a table never turns a quick win into a slow one, nor a slow one into a quick.

The searchers that use a table are in :mod:`~aisearch.search.efficiency.table_search`
(alpha-beta), :mod:`~aisearch.search.efficiency.pvs` (PVS),
:mod:`~aisearch.search.efficiency.windows` (aspiration windows, MTD(f)) and
:mod:`~aisearch.search.efficiency.sss` (SSS*).

Examples
--------
>>> t = TranspositionTable(size=None)
>>> t.store("s", 3, 5, EXACT, "m")
True
>>> t.lookup("s", 3, -INF, INF, ply=1)[1]
True
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple

from aisearch.search.runtime import INF, PLY, SHOWN, UNBOUNDED, WIN, WON
from aisearch.trace.events import Event
from aisearch.values import as_int

__all__ = ["TranspositionTable", "Entry", "EXACT", "LOWER", "UPPER", "TableStore", "to_table",
           "from_table", "written_steps"]

EXACT, LOWER, UPPER = "exact", "lower", "upper"
"""An entry's bound: the value is exact, or a lower bound (failed high), or an upper bound."""

POLICIES = ("depth", "always")
_new = tuple.__new__  # builds an Entry without NamedTuple's keyword handling (at every store)


def to_table(v: float, ply: int) -> float:
    """A search score at ``ply`` as stored: a win or loss counted from the node, not the root.

    >>> from aisearch.search.runtime import win_value
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


def _as_seen(e: tuple, ply: int, own: bool) -> Entry:
    """Entry ``e`` as a look-up at ``ply`` sees it: a win scored from ``ply``, and no move
    unless it was stored for this very position (``own``), not a symmetric one."""
    value, bound, depth, move, key, generation = e
    return _new(Entry, (from_table(value, ply), bound, depth, move if own else None, key,
                        generation))


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
    probes, hits, misses, settled, stores, replaced, refused : int
        Look-ups (``hits + misses``), look-ups that found an entry, look-ups that found
        none, look-ups the entry answered (no search), entries offered, slots overwritten by
        another position, entries the policy turned away.
    generation, settled_old : int
        The current generation (:meth:`age`), and look-ups answered by an entry of an older
        generation.
    settles_from : int
        The oldest generation whose entries answer a look-up (0, the default: every one);
        an entry of a generation before it only orders the moves. Iterative deepening
        raises it for an iteration that must show, by itself, that it searched the whole
        game tree.

    Notes
    -----
    An entry answers any later search that needs no more plies below its position, so a
    table kept for a *shallower* search gives it the deeper search's values: search depth 3
    and then depth 2 with one table, and the depth-2 decision (``depth=2``) has, as a rule,
    the depth-3 value, not what a depth-2 search alone finds. Give each depth its own table
    (or :meth:`clear` it) to see a depth's own value.

    With states that hold strings, which positions share a slot depends on Python's hash
    seed (and with ``None`` or plain objects, on memory addresses before Python 3.12); give
    ``size=None`` for counts that are the same in every run. The states of the course's
    board games hash the same in every run (a test checks it).

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
        size = as_int(size, size)
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
        # Each slot holds an Entry's fields as a plain tuple (made at every store, and
        # four times quicker to make); look-ups return Entries.
        self.slots: dict[Any, tuple] = {}
        # What the entries are values of, besides the positions: the game, the evaluation
        # and the scoring of the searches that filled it (see :meth:`serve`).
        self.search: tuple | None = None
        self.hits = self.misses = self.settled = self.stores = self.replaced = self.refused = 0
        self.generation = self.settled_old = self.settles_from = 0

    @property
    def probes(self) -> int:
        """Look-ups so far: those that found an entry and those that did not."""
        return self.hits + self.misses

    def _key(self, s: Any) -> Any:
        try:
            key = s if self.canonical is None else self.canonical(s)
            hash(key)
        except TypeError:
            what = "states" if self.canonical is None else "canonical(state)"
            raise TypeError(f"{what} must be hashable to be stored in a table; got "
                            f"{type(s if self.canonical is None else key).__name__}") from None
        if key is None:
            raise ValueError(f"canonical({s!r:.80}) returned None: it must return the "
                             "position's canonical form (equal for symmetric positions only)")
        return key

    def serve(self, search: tuple, describe: Callable[[tuple], str] = repr) -> None:
        """Tie the table to one kind of search, ``search`` (the game, the evaluation and
        how values are scored): the first search to use the table sets it, and a search of
        another kind is refused, since the entries would give it wrong values. :meth:`clear`
        unties it.

        >>> t = TranspositionTable()
        >>> t.serve(("tic-tac-toe", "e(p)"))
        >>> t.serve(("connect four", "e(p)"))  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        ValueError: this table holds the values of another search ...
        """
        if self.search is None:
            self.search = search
        elif not _same_search(self.search, search):
            held, this = describe(self.search), describe(search)
            which, would = f"another search ({held}), not of this one ({this})", "would"
            if held == this:  # equal in words: a new object, which may give other values
                parts = [name for name, x, y in zip(("game", "evaluation function"),
                                                    self.search, search, strict=False)
                         if not _same_search((x,), (y,))] or ["game or evaluation function"]
                verb = "is a different object" if len(parts) == 1 else "are different objects"
                which, would = (f"another search ({held}): this search's {' and '.join(parts)} "
                                f"{verb} with the same description (a re-run notebook cell "
                                "that rebuilt the game or redefined the function makes a new "
                                "one, and the table cannot tell whether it gives the same "
                                "values)"), "could"
            raise ValueError(
                f"this table holds the values of {which}: its entries {would} give wrong "
                "values. Give this search its own TranspositionTable(), or call "
                "table.clear() first (or search with the very objects that filled it)")

    def seen(self, e: tuple, ply: int, own: bool) -> Entry:
        """Entry ``e`` as a look-up at ``ply`` sees it: a win scored from ``ply`` (stored
        counted from its node), and no move unless it was stored for this very position
        (``own``), not a symmetric one."""
        return _as_seen(e, ply, own)

    def probe(self, s: Any, ply: int = 0) -> Entry | None:
        """The entry for position ``s`` (its value as scored at ``ply``), or None: the
        stored entry as :meth:`TranspositionTable.lookup` reads it, for a search deeper than
        any entry (so nothing is settled; a subclass's own ``lookup`` is not asked)."""
        deeper = UNBOUNDED + 1  # deeper than any entry: nothing is settled
        return TranspositionTable.lookup(self, s, deeper, -INF, INF, ply)[0]

    def lookup(self, s: Any, depth: int, alpha: float, beta: float,
               ply: int = 0) -> tuple[Entry | None, bool]:
        """``(entry, settled)``: the entry for ``s`` (or None) and whether it answers a
        search of ``depth`` plies in the window (alpha, beta) (:meth:`Entry.settles`). At
        ply 0, the root of a search, nothing is settled: a root is searched for its move."""
        # (probe and Entry.settles written out: this runs at every node of a table search)
        key = s if self.canonical is None else self.canonical(s)
        try:
            e = self.slots.get(key if self.size is None else hash(key) % self.size)
        except TypeError:  # an unhashable state or canonical form
            self._key(s)  # (says which)
            raise
        if e is None or e[4] is not key and e[4] != key:
            self.misses += 1
            return None, False
        self.hits += 1
        value = e[0]
        if value > WON or value < -WON or key is not s and key != s:
            e = self.seen(e, ply, key is s or key == s)
            value = e[0]
        else:
            e = _new(Entry, e)  # (the slots hold plain tuples)
        bound = e[1]
        if ply > 0 and e[2] >= depth and (bound == EXACT or (
                value >= beta if bound == LOWER else value <= alpha)):
            if e[5] < self.generation:
                if e[5] < self.settles_from:
                    return e, False  # (an older generation's entry: its move only)
                self.settled_old += 1
            self.settled += 1
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
        self.slots[slot] = (value, bound, depth, move, key, self.generation)
        return True

    def steps(self, top: int) -> tuple[Callable[..., tuple[tuple | None, bool]],
                                       Callable[..., Any]]:
        """``(lookup, store)`` for a search whose root is ``top`` plies above its bound:
        :meth:`lookup` and :meth:`store` of a node with ``d`` plies left, at ply ``top - d``
        (``lookup(s, d, alpha, beta)``, ``store(s, d, value, bound, move)``). A table
        without canonical forms and with the default policy gets them written out, for
        speed: they run at every node (a subclass gets its own methods called). ``lookup``
        answers ``(entry, settled)``, the entry's fields in :class:`Entry`'s order (an Entry
        or, written out, a plain tuple).

        >>> lookup, store = TranspositionTable(size=None).steps(3)
        >>> store("s", 2, 7, LOWER, "m"), lookup("s", 2, -INF, 5)
        (True, ((7, 'lower', 2, 'm', 's', 0), True))
        """
        if self.canonical is not None or self.replace != "depth" \
                or type(self) is not TranspositionTable:
            return self.method_steps(top)
        return written_steps(self, top)

    def method_steps(self, top: int) -> tuple[Callable[..., tuple[Entry | None, bool]],
                                              Callable[..., Any]]:
        """:meth:`steps` as calls of :meth:`lookup` and :meth:`store` (any table)."""
        return (lambda s, d, alpha, beta: self.lookup(s, d, alpha, beta, top - d),
                lambda s, d, value, bound, move: self.store(s, d, value, bound, move, top - d))

    def clear(self) -> None:
        """Forget every entry (the counts stay); the table may then serve any search."""
        self.slots.clear()
        self.search = None

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
        return e is not None and e[4] == key

    def __repr__(self) -> str:
        def n(k: int, one: str, many: str) -> str:
            return f"{k:,} {one if k == 1 else many}"

        policy = "" if self.replace == "depth" else f", replace={self.replace!r}"
        return (f"TranspositionTable(size={self.size!r}{policy}): "
                f"{n(len(self), 'entry', 'entries')}, {n(self.probes, 'probe', 'probes')}, "
                f"{n(self.hits, 'hit', 'hits')}, {n(self.stores, 'store', 'stores')}")


def written_steps(table: TranspositionTable, top: int, distance: bool = False,
                  ) -> tuple[Callable[..., tuple[tuple | None, bool]], Callable[..., Any]]:
    """:meth:`TranspositionTable.lookup` and :meth:`~TranspositionTable.store` written out
    for the nodes of one search (see :meth:`~TranspositionTable.steps`), for a table without
    canonical forms and with ``replace='depth'``. The look-up answers the entry's fields as
    a plain tuple (in :class:`Entry`'s order), not an Entry: making one costs more than the
    rest of a look-up. With ``distance``, a look-up first answers
    from the distance of a win, as
    :class:`~aisearch.search.efficiency.engine.DistanceBounds` does (counted in
    ``table.bounded``).

    >>> lookup, store = written_steps(TranspositionTable(size=7), 3)
    >>> store("s", 2, 7, LOWER, "m"), lookup("s", 2, -INF, 5)[1], lookup("t", 2, -INF, 5)
    (True, True, (None, False))
    """
    slots, get, size = table.slots, table.slots.get, table.size  # (clear() empties slots)
    low, high = -WON, WON  # values outside are wins, stored by their distance

    def lookup(s: Any, d: int, alpha: float, beta: float) -> tuple[tuple | None, bool]:
        if distance and d < top:  # (a root is searched for its move)
            most = WIN - (top - d + 1) * PLY  # a win one ply from here: nothing is better
            if alpha >= most or beta <= -most:  # answered as a stored bound would be
                table.hits += 1
                table.settled += 1
                table.bounded += 1  # type: ignore[attr-defined]
                if alpha >= most:
                    return (most, UPPER, d, None, s, table.generation), True
                return (-most, LOWER, d, None, s, table.generation), True
        try:
            e = get(s if size is None else hash(s) % size)
        except TypeError:  # an unhashable state
            table._key(s)  # (says so)
            raise
        if e is None or size is not None and e[4] is not s and e[4] != s:
            table.misses += 1
            return None, False
        table.hits += 1
        value, bound = e[0], e[1]
        if value.__class__ is not int and not low <= value <= high and value != INF \
                and value != -INF:  # (a win is a float; an int is never one: not compared)
            e = _as_seen(e, top - d, True)  # (a win by its distance: counted from here)
            value = e[0]
        if d < top and e[2] >= d and (bound == EXACT or (
                value >= beta if bound == LOWER else value <= alpha)):
            if e[5] < table.generation:
                if e[5] < table.settles_from:
                    return e, False  # (an older generation's entry: its move only)
                table.settled_old += 1
            table.settled += 1
            return e, True
        return e, False

    def store(s: Any, d: int, value: float, bound: str, move: Any) -> bool:
        table.stores += 1
        slot = s if size is None else hash(s) % size
        old, generation = get(slot), table.generation
        if value.__class__ is not int and not low <= value <= high and value != INF \
                and value != -INF:
            value = to_table(value, top - d)
        if d > SHOWN:
            d = UNBOUNDED
        if old is not None:
            if d < old[2] and old[5] == generation:
                table.refused += 1  # a deeper entry of this generation stays
                return False
            if size is not None and old[4] is not s and old[4] != s:
                table.replaced += 1
        slots[slot] = (value, bound, d, move, s, generation)
        return True

    return lookup, store


def _same_search(a: tuple, b: tuple) -> bool:
    if len(a) != len(b):
        return False
    for x, y in zip(a, b, strict=True):
        try:
            if x is not y and not bool(x == y):
                return False
        except Exception:  # a game or function that cannot be compared: by identity
            return False
    return True


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
