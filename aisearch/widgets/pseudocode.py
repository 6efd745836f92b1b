"""The pseudocode of each searcher, and which line each recorded event belongs to.

Each listing marks its lines with the event keys they answer to (``@enter``, ``@leaf``,
``@backup_max``, ...); :func:`event_keys` names the keys of one event, most specific
first, and :meth:`Pseudocode.line` finds the line. The widgets highlight that line while
they replay a recorded search (DESIGN.md section 6): the listing is for reading, the code
that ran is the searcher in :mod:`aisearch.search`.

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

import html
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from aisearch.core import CHANCE, MAX
from aisearch.trace import Backup, Chance, Cut, Enter, Exit, Leaf

__all__ = ["Pseudocode", "PSEUDOCODE", "event_keys", "pseudocode_for"]

_MARKS = re.compile(r"\s+((?:@\w+\s*)+)$")


@dataclass(frozen=True)
class Pseudocode:
    """A listing whose lines are tagged with the event keys they answer to.

    Parameters
    ----------
    name : str
        The searcher's name, e.g. ``'alphabeta'``.
    source : str
        The listing; a line ending in ``@key1 @key2`` answers to those keys (the marks
        are stripped from the displayed text).

    Examples
    --------
    >>> code = Pseudocode("toy", "f(n)  @enter\\n  return 1  @leaf @exit")
    >>> code.lines
    ('f(n)', '  return 1')
    >>> code.line(("exit_max", "exit")), code.line(("nothing",))
    (2, None)
    """

    name: str
    source: str
    lines: tuple[str, ...] = field(init=False)
    keys: Mapping[str, int] = field(init=False)

    def __post_init__(self) -> None:
        keys: dict[str, int]
        lines, keys = [], {}
        for number, raw in enumerate(self.source.strip("\n").splitlines(), start=1):
            found = _MARKS.search(raw)
            if found:
                for key in found.group(1).split():
                    keys.setdefault(key[1:], number)
                raw = raw[: found.start()]
            lines.append(raw.rstrip())
        object.__setattr__(self, "lines", tuple(lines))
        object.__setattr__(self, "keys", keys)

    def line(self, keys: Iterable[str]) -> int | None:
        """The (1-based) line of the first of ``keys`` this listing has, or None."""
        for key in keys:
            if key in self.keys:
                return self.keys[key]
        return None

    def html(self, highlight: int | None = None) -> str:
        """The listing as an HTML ``<pre>`` with line ``highlight`` (1-based) marked."""
        rows = []
        for number, text in enumerate(self.lines, start=1):
            text = html.escape(text) or " "
            if number == highlight:
                text = (f'<span style="background:#ffe08a;font-weight:bold;display:inline-block;'
                        f'width:100%">{text}</span>')
            rows.append(text)
        return ('<pre style="font-size:12px;line-height:1.35;margin:0;padding:4px;'
                'background:#f7f7f7;border:1px solid #ddd">' + "\n".join(rows) + "</pre>")

    def __repr__(self) -> str:
        return f"<Pseudocode {self.name}: {len(self.lines)} lines>"


def event_keys(event: Any, player: int | None = None, *, cut: str | None = None,
               leaf: Any = None) -> tuple[str, ...]:
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

    Examples
    --------
    >>> from aisearch.trace import Backup, Exit
    >>> event_keys(Backup((), 0, 3, 3, 3, float("inf")), MAX)
    ('backup_max', 'backup')
    >>> event_keys(Exit((), 3), MAX, cut="beta")
    ('cut_beta', 'cut', 'exit_max', 'exit')
    """
    side = {MAX: "max", CHANCE: "chance"}.get(player, "min") if player is not None else ""
    kind = type(event)
    if kind is Enter:
        return ("enter",)
    if kind is Leaf:
        return ("terminal" if event.terminal else "eval", "leaf")
    if kind is Backup:
        return (f"backup_{side}", "backup") if side else ("backup",)
    if kind is Cut:
        return (f"cut_{event.kind}", "cut")
    if kind is Chance:
        return ("chance",)
    if kind is Exit:
        if leaf is not None:
            return event_keys(leaf)
        if player == CHANCE:
            return ("chance", "exit")
        exits = (f"exit_{side}", "exit") if side else ("exit",)
        return ((f"cut_{cut}", "cut") if cut else ()) + exits
    return ()


_MINIMAX = """
function MINIMAX(n, depth)                                 @enter
  if n is terminal: return UTILITY(n)                      @terminal
  if depth = 0: return EVAL(n)                             @eval
  if n is a MAX node:
    best ← −∞
    for each successor c of n:
      best ← max(best, MINIMAX(c, depth − 1))              @backup_max
    return best                                            @exit_max
  else (n is a MIN node):
    best ← +∞
    for each successor c of n:
      best ← min(best, MINIMAX(c, depth − 1))              @backup_min
    return best                                            @exit_min
"""

_EXPECTIMINIMAX = """
function EXPECTIMINIMAX(n, depth)                          @enter
  if n is terminal: return UTILITY(n)                      @terminal
  if depth = 0: return EVAL(n)                             @eval
  if n is a CHANCE node:
    return Σ P(c) · EXPECTIMINIMAX(c, depth − 1) over outcomes c   @chance
  if n is a MAX node:
    best ← −∞
    for each successor c of n:
      best ← max(best, EXPECTIMINIMAX(c, depth − 1))       @backup_max
    return best                                            @exit_max
  else (n is a MIN node):
    best ← +∞
    for each successor c of n:
      best ← min(best, EXPECTIMINIMAX(c, depth − 1))       @backup_min
    return best                                            @exit_min
"""

_ALPHABETA = """
function ALPHABETA(n, depth, α, β)          fail-hard       @enter
  if n is terminal: return UTILITY(n)                       @terminal
  if depth = 0: return EVAL(n)                              @eval
  if n is a MAX node:
    for each successor c of n:
      α ← max(α, ALPHABETA(c, depth − 1, α, β))             @backup_max
      if α ≥ β: return β         (β cut-off: MIN above will not come here)   @cut_beta
    return α                                                @exit_max
  else (n is a MIN node):
    for each successor c of n:
      β ← min(β, ALPHABETA(c, depth − 1, α, β))             @backup_min
      if β ≤ α: return α         (α cut-off: MAX above will not come here)   @cut_alpha
    return β                                                @exit_min
"""

_FAILSOFT = """
function ALPHABETA(n, depth, α, β)          fail-soft       @enter
  if n is terminal: return UTILITY(n)                       @terminal
  if depth = 0: return EVAL(n)                              @eval
  if n is a MAX node:
    best ← −∞
    for each successor c of n:
      best ← max(best, ALPHABETA(c, depth − 1, α, β))       @backup_max
      if best ≥ β: return best   (β cut-off)                @cut_beta
      α ← max(α, best)
    return best                                             @exit_max
  else (n is a MIN node):
    best ← +∞
    for each successor c of n:
      best ← min(best, ALPHABETA(c, depth − 1, α, β))       @backup_min
      if best ≤ α: return best   (α cut-off)                @cut_alpha
      β ← min(β, best)
    return best                                             @exit_min
"""

_NEGAMAX = """
function NEGAMAX(n, depth, α, β)    values from the view of the player to move   @enter
  if n is terminal: return sign(n) · UTILITY(n)             @terminal
  if depth = 0: return sign(n) · EVAL(n)                    @eval
  best ← −∞
  for each successor c of n:
    v ← −NEGAMAX(c, depth − 1, −β, −α)
    best ← max(best, v);  α ← max(α, best)                  @backup
    if α ≥ β: return best        (cut-off)                  @cut
  return best                                               @exit
sign(n) = +1 at MAX nodes, −1 at MIN nodes; the widget shows every value from MAX's view.
"""

_PEARL = """
AB(n; α, β)                          Pearl (1984), fail-hard  @enter
1.  if n is at the depth bound (or terminal), return f(n);   @leaf
    otherwise let n1..nb be the successors of n, k ← 1;
    if n is MAX go to 2, else go to 2'.
2.  α ← max(α, AB(nk; α, β))                                 @backup_max
3.  if α ≥ β return β, else continue                         @cut_beta
4.  if k = b return α, else k ← k + 1 and go to 2            @exit_max
2'. β ← min(β, AB(nk; α, β))                                 @backup_min
3'. if β ≤ α return α, else continue                         @cut_alpha
4'. if k = b return β, else k ← k + 1 and go to 2'           @exit_min
Top call: AB(s; −∞, +∞).
"""

PSEUDOCODE: dict[str, Pseudocode] = {
    name: Pseudocode(name, text)
    for name, text in (
        ("minimax", _MINIMAX),
        ("expectiminimax", _EXPECTIMINIMAX),
        ("alphabeta", _ALPHABETA),
        ("alphabeta_failsoft", _FAILSOFT),
        ("negamax", _NEGAMAX),
        ("pearl_ab", _PEARL),
    )
}
"""The listings by searcher name."""


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
    name = algorithm if isinstance(algorithm, str) else getattr(algorithm, "__name__", "")
    return PSEUDOCODE.get(name)
