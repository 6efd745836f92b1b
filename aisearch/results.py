"""What a search returns: a :class:`Decision` with its :class:`Stats`.

Counts are open-ended: ``nodes``, ``leaves`` and ``cutoffs`` are always there, and a
searcher may report more (``table_hits``, ``researches``, ``playouts``, ...) by naming them
when it builds its Stats. Every count an event kind tallies is registered in
:data:`COUNT_NAMES` (by :mod:`aisearch.trace.events`), so ``stats.table_hits`` reads 0 for a
search that made none, while a misspelt name is an error.

Examples
--------
>>> s = Stats(nodes=11, leaves=7, cutoffs=1)
>>> s
Stats(nodes=11, leaves=7, cutoffs=1)
>>> s + Stats(nodes=3, leaves=2, table_hits=1)
Stats(nodes=14, leaves=9, cutoffs=1, table_hits=1)
>>> s.table_hits, s["leaves"]
(0, 7)
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from aisearch.values import as_int

__all__ = ["Stats", "Decision", "COUNT_NAMES", "register_count"]

COUNT_NAMES: set[str] = {"nodes", "leaves", "cutoffs"}
"""Names of the counts searches and event kinds may report (see :func:`register_count`)."""



def register_count(name: str) -> str:
    """Declare a count name (an event kind's tally); returns ``name``.

    >>> register_count("widgets_made")
    'widgets_made'
    >>> Stats().widgets_made
    0
    """
    if not isinstance(name, str) or not name.isidentifier() or name.startswith("_"):
        raise ValueError(f"a count name is a public identifier like 'table_hits', not {name!r}")
    COUNT_NAMES.add(name)
    return name


class Stats(Mapping[str, int]):
    """What a search did, as counts by name; immutable.

    Parameters
    ----------
    nodes : int
        States visited, the root included.
    leaves : int
        Terminal utilities plus static evaluations taken.
    cutoffs : int
        Times a node stopped searching its remaining moves.
    **more : int
        Other counts, e.g. ``table_hits=5``; zeros are dropped, so two Stats are equal when
        they count the same things the same number of times.

    Examples
    --------
    >>> Stats(1, 1, 0) == Stats(nodes=1, leaves=1, researches=0)
    True
    >>> dict(Stats(2, 1, researches=1))
    {'nodes': 2, 'leaves': 1, 'cutoffs': 0, 'researches': 1}
    >>> Stats().tabel_hits  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    AttributeError: Stats has no count 'tabel_hits'; the counts are: ..., cutoffs, ...
    """

    __slots__ = ("_counts",)
    _counts: dict[str, int]

    def __init__(self, nodes: int = 0, leaves: int = 0, cutoffs: int = 0, **more: int) -> None:
        counts = {"nodes": nodes, "leaves": leaves, "cutoffs": cutoffs}
        for name, n in more.items():
            if name not in COUNT_NAMES:
                known = ", ".join(sorted(COUNT_NAMES))
                raise TypeError(f"Stats has no count {name!r}; the counts are: {known} (a new "
                                "one is declared with register_count)")
            if n:
                counts[name] = n
        for name, n in counts.items():
            if as_int(n, -1) < 0:
                raise ValueError(f"count {name} must be a non-negative int, not {n!r}")
            counts[name] = as_int(n)  # (a numpy integer is kept as the int it is)
        object.__setattr__(self, "_counts", counts)

    @property
    def nodes(self) -> int:
        return self._counts["nodes"]

    @property
    def leaves(self) -> int:
        return self._counts["leaves"]

    @property
    def cutoffs(self) -> int:
        return self._counts["cutoffs"]

    def __getattr__(self, name: str) -> int:
        if name.startswith("_"):
            raise AttributeError(name)
        counts = object.__getattribute__(self, "_counts")
        if name in counts:
            return counts[name]
        if name in COUNT_NAMES:
            return 0
        known = ", ".join(sorted(COUNT_NAMES))
        raise AttributeError(f"Stats has no count {name!r}; the counts are: {known}")

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("Stats are immutable; build a new one (Stats(...) or a + b)")

    def __getitem__(self, name: str) -> int:
        if name in self._counts:
            return self._counts[name]
        if name in COUNT_NAMES:
            return 0
        raise KeyError(name)

    def __contains__(self, name: object) -> bool:
        return name in self._counts

    def __iter__(self) -> Iterator[str]:
        return iter(self._counts)

    def __len__(self) -> int:
        return len(self._counts)

    def __add__(self, other: Stats) -> Stats:
        if not isinstance(other, Stats):
            return NotImplemented
        total = dict(self._counts)
        for name, n in other._counts.items():
            total[name] = total.get(name, 0) + n
        return Stats(**total)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Stats):
            return self._counts == other._counts
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(sorted(self._counts.items())))

    def __reduce__(self) -> tuple:
        return (_stats, (self._counts,))

    def __repr__(self) -> str:
        return "Stats(" + ", ".join(f"{k}={v}" for k, v in self._counts.items()) + ")"


def _stats(counts: dict[str, int]) -> Stats:
    return Stats(**counts)


@dataclass(frozen=True, slots=True, repr=False)
class Decision:
    """The outcome of a search.

    Attributes
    ----------
    value : float
        Backed-up value of the root, always from MAX's point of view.
    move : object or None
        The first best move in move order (``None`` at a terminal root or depth 0).
    pv : tuple
        The principal variation: the moves of best play from the root.
    stats : Stats
        What this search counted.
    depth : int or None
        For anytime searches (iterative deepening): the depth this decision completed.
    partial : bool
        True for a decision from an iteration stopped unfinished, whose move was proven
        better than the last finished iteration's (its value is then a bound).

    Examples
    --------
    >>> Decision(3, 0, (0, 0), Stats(13, 9, 0))
    Decision(value=3, move=0, pv=(0, 0), stats=Stats(nodes=13, leaves=9, cutoffs=0))
    >>> Decision(1, 4, (4,), depth=2)
    Decision(value=1, move=4, pv=(4,), stats=Stats(nodes=0, leaves=0, cutoffs=0), depth=2)
    """

    value: float
    move: Any
    pv: tuple = ()
    stats: Stats = field(default_factory=Stats)
    depth: int | None = None
    partial: bool = False

    def __repr__(self) -> str:
        depth = "" if self.depth is None else f", depth={self.depth!r}"
        depth += ", partial=True" if self.partial else ""
        return (f"Decision(value={self.value!r}, move={self.move!r}, pv={self.pv!r}, "
                f"stats={self.stats!r}{depth})")


def as_stats(counts: Mapping[str, int]) -> Stats:
    """A Stats from any mapping of counts (a plain dict, a Tally)."""
    return Stats(**dict(counts))

