"""Searchers describe themselves; every registry of searchers is derived from that.

A searcher's module declares it with :func:`searcher`: its title, its pseudocode (what the
stepper shows, with each line tagged by the events it answers to), whether it uses an
alpha-beta window, whether it is anytime (a generator of ever better decisions), whether
it searches chance nodes. Its options are read from its signature. ``SEARCHERS``, the
stepper's listings and windowed set, and the grader's reference set all come from
:data:`REGISTRY`; adding a searcher touches its own module, its tests and its lesson only.

A searcher also declares its ``kind``, the calling convention it follows (:data:`KINDS`):
``'minimax'`` for the two-player, depth-limited searchers of
:mod:`aisearch.search.runtime.run`; ``'nplayer'`` for searches of games of any number of
players (max^n, paranoid); ``'sampling'`` for Monte Carlo tree search; ``'quiescence'``
for a search of one state along its noisy moves, with a window and no depth. What holds for a
kind (its common options, what its value is) is written once, here; tests and tools ask
the kind, never the name.

Examples
--------
>>> from aisearch.search import alphabeta
>>> info = describe(alphabeta)
>>> info.name, info.windowed, info.anytime, info.options[:2], info.kind
('alphabeta', True, False, ('evaluate', 'order'), 'minimax')
>>> describe("pearl_ab").pseudocode
<Pseudocode pearl_ab: 11 lines>
"""

from __future__ import annotations

import html
import inspect
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

__all__ = ["Pseudocode", "SearcherInfo", "searcher", "describe", "REGISTRY", "KINDS", "Kind"]

F = TypeVar("F", bound=Callable[..., Any])
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
        are stripped from the displayed text). Keys: ``enter``, ``terminal``, ``eval``,
        ``leaf``, ``backup_max``, ``backup_min``, ``backup``, ``cut_alpha``, ``cut_beta``,
        ``cut``, ``chance``, ``exit_max``, ``exit_min``, ``exit``, and an event kind's
        name in lower case for other events (``research``, ``tablehit``).

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

    def __str__(self) -> str:
        return "\n".join(self.lines)

    def __repr__(self) -> str:
        return f"<Pseudocode {self.name}: {len(self.lines)} lines>"


@dataclass(frozen=True)
class Kind:
    """A calling convention searchers share.

    Attributes
    ----------
    name : str
        ``'minimax'``, ``'nplayer'`` or ``'sampling'``.
    common : tuple of str
        The keyword options every searcher of the kind takes.
    depth : bool
        True when the third positional argument is a depth in plies (None: to the end).
    players : int or None
        The number of players its games have (None: any number).
    value : str
        What ``Decision.value`` is: ``'max'`` (a number from MAX's point of view),
        ``'tuple'`` or ``'player'`` (one utility per player, or the searching player's),
        ``'reward'`` (MAX's mean reward in [0, 1]).
    growing : bool
        For anytime searchers: True when each decision holds the counts of the whole
        search so far (one tree grows), False when each decision counts one more search
        (iterative deepening: the counts add up).
    """

    name: str
    common: tuple[str, ...]
    depth: bool = True
    players: int | None = 2
    value: str = "max"
    growing: bool = False


KINDS: dict[str, Kind] = {
    "minimax": Kind("minimax", ("evaluate", "order", "prune_on_equal", "fastest_wins",
                                "tracer")),
    "nplayer": Kind("nplayer", ("evaluate", "tracer"), players=None, value="tuple"),
    "sampling": Kind("sampling", ("iterations", "seed", "budget", "tracer"), depth=False,
                     players=None, value="reward", growing=True),
    "quiescence": Kind("quiescence", ("evaluate", "order", "prune_on_equal", "fastest_wins",
                                      "tracer"), depth=False),
}
"""The calling conventions of the searchers (see :class:`Kind`)."""


@dataclass(frozen=True)
class SearcherInfo:
    """What a searcher declares about itself (see :func:`searcher`).

    Examples
    --------
    >>> from aisearch.search import alphabeta
    >>> info = describe(alphabeta)
    >>> info, info.kind, info.windowed, info.anytime
    (<searcher alphabeta: alpha-beta, fail-hard (windowed)>, 'minimax', True, False)
    >>> info.options
    ('evaluate', 'order', 'prune_on_equal', 'fastest_wins', 'tracer', 'quiescence')
    >>> info.pseudocode
    <Pseudocode alphabeta: 13 lines>
    >>> info.check_options({"depth_limit": 2})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    TypeError: alphabeta takes no option 'depth_limit'; its options are: evaluate, order, ...
    """

    name: str
    function: Callable[..., Any]
    title: str
    pseudocode: Pseudocode | None
    windowed: bool
    anytime: bool
    chance: bool
    options: tuple[str, ...]
    kind: str = "minimax"
    parts: tuple[Callable[..., Any], ...] = ()

    @property
    def convention(self) -> Kind:
        """The :class:`Kind` this searcher follows."""
        return KINDS[self.kind]

    def check_options(self, options: Mapping[str, Any]) -> None:
        """Raise TypeError naming any option this searcher does not take."""
        for name in options:
            if name not in self.options:
                raise TypeError(f"{self.name} takes no option {name!r}; its options are: "
                                f"{', '.join(self.options)}")

    def __repr__(self) -> str:
        kind = ", ".join(k for k, on in (("windowed", self.windowed), ("anytime", self.anytime),
                                         ("chance", self.chance)) if on)
        return f"<searcher {self.name}: {self.title}{' (' + kind + ')' if kind else ''}>"


class _Registry(dict[str, SearcherInfo]):
    """A dict of searchers by name whose missing names are a KeyError listing the known ones.

    >>> REGISTRY["my_search"]  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    KeyError: "no searcher named 'my_search'; the searchers are: alphabeta, ..."
    """

    def __missing__(self, name: Any) -> SearcherInfo:
        raise KeyError(f"no searcher named {name!r:.80}; the searchers are: "
                       f"{', '.join(sorted(self))}")


REGISTRY: dict[str, SearcherInfo] = _Registry()
"""Every declared searcher by name, in the order their modules declared them (an unknown
name is a KeyError that lists the known ones)."""


def searcher(*, title: str, pseudocode: str | None = None, windowed: bool = False,
             anytime: bool = False, chance: bool = False, kind: str = "minimax",
             parts: Iterable[Callable[..., Any]] = ()) -> Callable[[F], F]:
    """Declare a searcher: the decorator records what the rest of the package needs.

    The function itself is returned unchanged (its source and code object stay its own);
    ``function.info`` holds its :class:`SearcherInfo`.

    Parameters
    ----------
    title : str
        A short name for people, e.g. ``'alpha-beta, fail-hard'``.
    pseudocode : str, optional
        The listing the stepper shows, lines tagged with ``@event`` keys (:class:`Pseudocode`).
    windowed : bool
        True when its alpha and beta mean something (minimax's window stays (-inf, +inf)).
    anytime : bool
        True for a generator that yields ever better decisions (iterative deepening).
    chance : bool
        True when it searches chance nodes (expectiminimax).
    kind : str
        Its calling convention, a key of :data:`KINDS` (``'minimax'`` by default).
    parts : iterable of callables
        Functions only this searcher's work uses (e.g. the methods of the class it
        drives): the grader forbids them to student code as it forbids the searcher.

    Examples
    --------
    >>> from aisearch import Decision, TicTacToe
    >>> from aisearch.search import SEARCHERS
    >>> @searcher(title="one ply: the best-evaluated child")
    ... def one_ply(game, state, depth=1, *, evaluate=None, order=None, prune_on_equal=True,
    ...             fastest_wins=True, tracer=None):
    ...     values = {m: evaluate(game.result(state, m)) for m in game.moves(state)}
    ...     best = max(values, key=values.get)
    ...     return Decision(values[best], best)
    >>> one_ply.info, describe("one_ply") is one_ply.info, "one_ply" in SEARCHERS
    (<searcher one_ply: one ply: the best-evaluated child>, True, True)
    >>> game = TicTacToe()
    >>> one_ply(game, game.initial, evaluate=game.nilsson_eval).move  # the centre
    4
    >>> del REGISTRY["one_ply"]  # declared searchers stay until removed
    """

    if not isinstance(title, str):
        raise TypeError(f"title must be text (the searcher's name in words), not {title!r:.80}")
    if kind not in KINDS:
        raise ValueError(f"kind must be one of {', '.join(KINDS)}, not {kind!r:.80}")
    used = tuple(parts)

    def declare(f: F) -> F:
        if not callable(f) or not hasattr(f, "__name__"):
            raise TypeError(f"@searcher declares a function, not {f!r:.80}")
        name = f.__name__
        options = tuple(p.name for p in inspect.signature(f).parameters.values()
                        if p.kind is inspect.Parameter.KEYWORD_ONLY)
        code = Pseudocode(name, pseudocode) if pseudocode else None
        missing = [o for o in KINDS[kind].common if o not in options]
        if missing:
            raise TypeError(f"{name} is declared of kind {kind!r} but lacks its options "
                            f"{', '.join(missing)}")
        info = SearcherInfo(name, f, title, code, windowed, anytime, chance, options, kind,
                            used)
        REGISTRY[name] = info
        f.info = info  # type: ignore[attr-defined]
        return f

    return declare


def describe(search: str | Callable[..., Any], *, strict: bool = True) -> SearcherInfo | None:
    """The :class:`SearcherInfo` of a searcher given by name or as the function.

    With ``strict`` (the default) an unknown searcher is a ValueError listing the known
    ones; otherwise None.

    >>> describe("minimax").title
    'minimax'
    >>> describe("my_search")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: no searcher named 'my_search'; the searchers are: alphabeta, ...
    """
    info = getattr(search, "info", None)
    if isinstance(info, SearcherInfo) and info.function is search:
        return info
    if not isinstance(search, str) and not callable(search):
        raise TypeError(f"describe takes a searcher (such as alphabeta) or its name, not "
                        f"{search!r:.80}")
    name = search if isinstance(search, str) else getattr(search, "__name__", None)
    found = REGISTRY.get(name) if isinstance(name, str) else None
    if found is not None and (isinstance(search, str) or found.function is search):
        return found
    if strict:
        known = ", ".join(sorted(REGISTRY))
        raise ValueError(f"no searcher named {name!r}; the searchers are: {known}")
    return None
