"""Which line of a searcher's pseudocode each recorded event belongs to.

The listings themselves are declared by the searchers, in their own modules
(:func:`aisearch.search.registry.searcher`); :data:`PSEUDOCODE` is a view of them by name.
:func:`event_keys` names the keys of one event, most specific first, and
:meth:`~aisearch.search.registry.Pseudocode.line` finds the line. The widgets highlight
that line while they replay a recorded search: the listing is for
reading, the code that ran is the searcher in :mod:`aisearch.search`.

Examples
--------
>>> from aisearch.trace import Cut
>>> code = PSEUDOCODE["alphabeta"]
>>> code.line(event_keys(Cut((1,), (1, 2), 3, 2, "alpha")))
12
>>> print(code.lines[11])
      if β ≤ α: return α         (α cut-off: MAX above will not come here)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

from aisearch.core import CHANCE, MAX
from aisearch.search import REGISTRY, Pseudocode, describe

__all__ = ["Pseudocode", "PSEUDOCODE", "event_keys", "pseudocode_for"]


def event_keys(event: Any, player: int | None = None, *, cut: str | None = None,
               leaf: Any = None, first: bool = True) -> tuple[str, ...]:
    """Keys of the pseudocode lines ``event`` may belong to, most specific first.

    Parameters
    ----------
    event : aisearch.trace event
        The event.
    player : int, optional
        The player at the event's node (Backup and Exit lines differ for MAX and MIN).
    cut : {'alpha', 'beta'}, optional
        For an Exit: the kind of cut-off the node made (it returns from that line).
    leaf : Leaf, optional
        For an Exit: the node's Leaf event when the node was a tip.
    first : bool
        For a Backup: whether it is the node's first (a listing that searches the first
        successor apart, as PVS does, labels the later ones' line ``backup_next``).

    Examples
    --------
    >>> from aisearch.trace import Backup, Exit
    >>> event_keys(Backup((), 0, 3, 3, 3, float("inf")), MAX)
    ('backup_max', 'backup')
    >>> event_keys(Exit((), 3), MAX, cut="beta")
    ('cut_beta', 'cut', 'exit_max', 'exit')
    >>> event_keys(Backup((), 1, 3, 3, 3, float("inf")), MAX, first=False)
    ('backup_next_max', 'backup_next', 'backup_max', 'backup')
    """
    own = getattr(type(event), "key", None)  # a kind that names its own line (MCTS's steps)
    if isinstance(own, tuple):  # several, most specific first (a quiescence visit)
        return own
    if own:  # the root's line first, where a listing has one
        return (f"{own}_root", own) if not event.path else (own,)
    side = {MAX: "max", CHANCE: "chance"}.get(player, "min") if player is not None else ""
    role = getattr(type(event), "role", "")
    if role == "enter":
        return ("enter",)
    if role == "leaf":
        return ("terminal" if event.terminal else "eval", "leaf")
    if role == "backup":
        keys = (f"backup_{side}", "backup") if side else ("backup",)
        return keys if first else tuple(k.replace("backup", "backup_next") for k in keys) + keys
    if role == "cut":
        return (f"cut_{event.kind}", "cut")
    if role == "expect":
        return ("chance",)
    if role == "exit":
        if leaf is not None:
            return event_keys(leaf)
        if player == CHANCE:
            return ("chance", "exit")
        exits = (f"exit_{side}", "exit") if side else ("exit",)
        return ((f"cut_{cut}", "cut") if cut else ()) + exits
    return (type(event).__name__.lower(),)


class _Listings(Mapping[str, Pseudocode]):
    """The searchers' listings by name, read from the registry."""

    def _all(self) -> dict[str, Pseudocode]:
        return {name: info.pseudocode for name, info in REGISTRY.items()
                if info.pseudocode is not None}

    def __getitem__(self, name: str) -> Pseudocode:
        return self._all()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())


PSEUDOCODE: Mapping[str, Pseudocode] = _Listings()
"""The listings by searcher name (those the searchers declare)."""


def pseudocode_for(algorithm: str | Callable[..., Any] | None) -> Pseudocode | None:
    """The listing of a searcher given by name or as the function, or None if there is none.

    >>> from aisearch.search import pearl_ab
    >>> pseudocode_for(pearl_ab)
    <Pseudocode pearl_ab: 11 lines>
    >>> pseudocode_for("my_search") is None
    True
    """
    if algorithm is None:
        return None
    info = describe(algorithm, strict=False)
    return None if info is None else info.pseudocode
