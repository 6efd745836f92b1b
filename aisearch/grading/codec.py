"""Data between the grader and the process that runs student code: JSON, never code.

The grading child runs the submission; the grader (the parent) sends it problems and gets
back what the student's functions answered and did. Both directions carry plain JSON
built by :func:`encode` and read by :func:`decode`, which rebuilds only what it knows:
numbers (infinities and NaN included), text, lists, tuples, dicts, sets, the states and
moves of the package's games (their own classes, checked again by the games when used),
the games themselves (from their constructor arguments, from the grader only), and whatever
else is registered with :func:`register`; anything else may travel as a *reference* that
the channel reads (``default`` and ``remote``, :mod:`aisearch.grading.remote`). Nothing the
child sends can make the grader run code of the child's choosing: a forged message can
only claim an answer.

Examples
--------
>>> from aisearch.games import TicTacToe, TwoRobots
>>> from aisearch.grading import wire  # (registers the games)
>>> s = TicTacToe.parse('x../.o./...')
>>> decode(encode(s)) == s, type(decode(encode(s))).__name__
(True, 'Board')
>>> game = TwoRobots.parse('B.#/..W', max_plies=9)
>>> decode(encode(game))
TwoRobots.parse('B.#/..W', max_plies=9)
>>> decode(encode({(0, 1): float('inf'), 'x': [None, True]}))
{(0, 1): inf, 'x': [None, True]}
"""

from __future__ import annotations

import importlib
import json
import math
import numbers
import operator
from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any

from aisearch.grading.question import printable

__all__ = ["encode", "decode", "game_key", "register", "CodecError", "Opaque", "MAX_DEPTH",
           "MAX_ITEMS", "MAX_TEXT", "MAX_SAME_HASH"]

MAX_DEPTH = 400
"""Deepest nesting a message may have (a game tree is at most this deep when sent)."""
MAX_ITEMS = 2_000_000
"""Most values one message may hold."""
MAX_TEXT = 1_000_000
"""Most characters of text one answer may hold, read by the grader (``decode``'s ``text``):
no answer of the course's exercises comes near it, and the grader's checks and reports
work on every character of an answer."""

_STATE_MODULES = "aisearch.games."


class CodecError(ValueError):
    """A value that cannot be sent, or a message that is not one the grader reads."""


class Opaque:
    """Stands in for a value that cannot travel (neither data nor a function): the name of
    its type and a short repr, both with control characters escaped.

    >>> Opaque("ndarray", "array([3, 0])")
    <ndarray: array([3, 0])>
    >>> decode(encode(Opaque("ndarray", "array([3, 0])"))) == Opaque("ndarray", "array([3, 0])")
    True
    """

    def __init__(self, kind: str, text: str) -> None:
        self.kind, self.text = printable(kind)[:80], printable(text)[:120]

    def __repr__(self) -> str:
        return f"<{self.kind}: {self.text}>"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Opaque) and (self.kind, self.text) == (other.kind, other.text)

    def __hash__(self) -> int:
        return hash((self.kind, self.text))


# -- registered types ---------------------------------------------------------------------
_ENCODERS: dict[type, tuple[str, Callable[[Any], Any]]] = {}
_DECODERS: dict[str, Callable[[Any], Any]] = {}
_GAMES: set[str] = set()  # the names of the objects that are games
_LATER_NAMES: dict[str, str] = {}  # object name -> the module that registers its codec
_LATER_OWNERS: dict[str, str] = {}  # module of the types -> the module that registers them


def register(cls: type, name: str, to_data: Callable[[Any], Any],
             from_data: Callable[[Any], Any], *, game: bool = False) -> None:
    """Teach the codec a type: ``to_data(obj)`` gives encodable data (encoded in turn),
    ``from_data(data)`` rebuilds the object from it (decoded first).

    Used for the games (their constructor arguments) and exact numbers. A new game an
    exercise sends to the child is registered in :mod:`aisearch.grading.wire`, with
    ``game=True``: games travel from the grader to the grading process only. Reading what
    the grading process sent, the grader takes back only the games it sent (``games`` of
    :func:`encode` and :func:`decode`) and builds none: a game of the largest size its
    constructor accepts can take minutes and gigabytes to build.

    >>> class Pair:
    ...     def __init__(self, a, b):
    ...         self.a, self.b = a, b
    >>> register(Pair, "Pair", lambda p: [p.a, p.b], lambda d: Pair(*d))
    >>> decode(encode(Pair(1, (2, 3)))).b
    (2, 3)
    """
    _ENCODERS[cls] = (name, to_data)
    _DECODERS[name] = from_data
    if game:
        _GAMES.add(name)


def register_later(module: str, *, names: tuple[str, ...], owners: tuple[str, ...]) -> None:
    """Name a module that registers codecs when imported, to import on first use.

    ``names`` are the object names its codecs decode; ``owners`` the modules whose types
    they encode (a value of a class defined in one of them). The module is imported the first
    time such a value is sent or such a name received, so a process that never meets one does
    not load what the module imports.

    >>> register_later("fractions", names=("Half",), owners=("nowhere",))
    >>> _LATER_NAMES["Half"]
    'fractions'
    >>> del _LATER_NAMES["Half"], _LATER_OWNERS["nowhere"]
    """
    for name in names:
        _LATER_NAMES[name] = module
    for owner in owners:
        _LATER_OWNERS[owner] = module


def _load_later(table: dict[str, str], key: Any) -> bool:
    """Import the module ``table`` names for ``key`` (and forget it): True if there was one."""
    module = table.get(key) if isinstance(key, str) else None
    if module is None:
        return False
    importlib.import_module(module)
    for later in (_LATER_NAMES, _LATER_OWNERS):
        for k in [k for k, m in later.items() if m == module]:
            del later[k]
    return True


# -- encoding -----------------------------------------------------------------------------
Default = Callable[[Any], Any]
"""What :func:`encode` does with a value it has no encoding for: ``default(obj)`` returns
the message to send in its place (e.g. ``{"ref": ...}``, a reference that the receiving
side's ``remote`` hook of :func:`decode` reads)."""


def encode(obj: Any, default: Default | None = None,
           games: Callable[[Any, Any], None] | None = None) -> Any:
    """``obj`` as JSON-ready data (lists, dicts with string keys, strings, numbers).

    ``default`` gives the message for a value with no encoding (a function, a game
    being recorded, ...); without it such a value is an error. ``games(game, message)`` is
    told of every game sent by value (see :func:`register`).

    Raises
    ------
    CodecError
        For a value that has no encoding (a function, an open file, ...) and no ``default``.
    """
    return _enc(obj, 0, default, games)


def _enc(obj: Any, depth: int, default: Default | None = None,  # noqa: C901
         games: Callable[[Any, Any], None] | None = None) -> Any:
    if depth > MAX_DEPTH:
        raise CodecError(f"a value nested more than {MAX_DEPTH} deep cannot be sent")
    kind = type(obj)
    if obj is None or kind is bool or kind is str or kind is int:
        return obj
    if kind is float:
        return obj if math.isfinite(obj) else {"float": repr(obj)}
    if kind is list:
        return [_enc(x, depth + 1, default, games) for x in obj]
    if kind is tuple:
        return {"tuple": [_enc(x, depth + 1, default, games) for x in obj]}
    if kind is dict:
        return {"dict": [[_enc(k, depth + 1, default, games), _enc(v, depth + 1, default, games)]
                         for k, v in obj.items()]}
    if kind is set or kind is frozenset:
        items = sorted((_enc(x, depth + 1, default, games) for x in obj), key=repr)
        return {"set" if kind is set else "frozenset": items}
    for cls in kind.__mro__:
        if cls in _ENCODERS:
            name, to_data = _ENCODERS[cls]
            try:
                message = {"object": name, "data": _enc(to_data(obj), depth + 1, default, games)}
            except CodecError:
                if default is None:
                    raise
                return default(obj)  # e.g. a function the registered encoder does not send
            if games is not None and name in _GAMES:
                games(obj, message)
            return message
    module = getattr(kind, "__module__", "")
    if _LATER_OWNERS and any(_load_later(_LATER_OWNERS, getattr(c, "__module__", None))
                             for c in kind.__mro__):
        return _enc(obj, depth, default, games)  # (its codec is registered now)
    if module.startswith(_STATE_MODULES) and issubclass(kind, (tuple, int)) \
            and kind not in (bool,):
        base = tuple(obj) if isinstance(obj, tuple) else int(obj)
        return {"state": f"{module}:{kind.__qualname__}",
                "data": _enc(base, depth + 1, default, games)}
    # other numbers travel as the number they are: int and float subclasses (numpy's
    # float64), and integers of other types (numpy's int64)
    if isinstance(obj, int):
        return int.__index__(obj)
    if isinstance(obj, float):
        return _enc(float.__float__(obj), depth)
    if isinstance(obj, numbers.Integral):
        return int.__index__(operator.index(obj))
    if default is not None:
        return default(obj)
    raise CodecError(f"cannot send a {kind.__name__} between the grader and the grading "
                     f"process: {obj!r:.80}")


# -- decoding -----------------------------------------------------------------------------
class _Budget:
    def __init__(self, games: bool | Mapping[str, Any] = True, text: int | None = None
                 ) -> None:
        self.left = MAX_ITEMS
        self.games = games
        self.text = self.most = text

    def read(self, text: str) -> None:
        if self.text is not None:
            self.text -= len(text)
            if self.text < 0:
                raise CodecError(f"an answer holds more than {self.most:,} characters of text")

    def spend(self) -> None:
        self.left -= 1
        if self.left < 0:
            raise CodecError(f"a message holds more than {MAX_ITEMS:,} values")


Remote = Callable[[Any], Any]
"""How :func:`decode` reads a reference ``{"ref": payload}``: ``remote(payload)`` returns
the value standing for it (or raises :class:`CodecError`)."""


def decode(data: Any, remote: Remote | None = None, *,
           games: bool | Mapping[str, Any] = True, text: int | None = None) -> Any:
    """The value :func:`encode` made ``data`` from.

    ``remote`` reads the references a ``default`` of :func:`encode` wrote (without it a
    reference is an error). ``games=False`` refuses games (see :func:`register`); a mapping
    ``games`` takes only those it holds, by :func:`game_key` of their message, and answers
    the game it maps each to (the grader's own game, sent and sent back: not built again).
    ``text`` caps the characters of all the strings together (:data:`MAX_TEXT`).

    Raises
    ------
    CodecError
        For data that no :func:`encode` call makes (a forged or broken message), a type
        the codec does not know, or a message too deep or too large.

    >>> decode({"state": "os:system", "data": 1})
    Traceback (most recent call last):
    ...
    aisearch.grading.codec.CodecError: unknown state type 'os:system'
    >>> from aisearch.games import TicTacToe
    >>> from aisearch.grading import wire  # (registers the games)
    >>> decode(encode(TicTacToe()), games=False)
    Traceback (most recent call last):
    ...
    aisearch.grading.codec.CodecError: a TicTacToe the grader did not send: games travel from \
the grader only
    >>> game = TicTacToe()
    >>> sent = {}
    >>> message = encode([game], games=lambda g, m: sent.setdefault(game_key(m), g))
    >>> decode(message, games=sent)[0] is game
    True
    >>> decode(["x" * 600, "y" * 600], text=1000)
    Traceback (most recent call last):
    ...
    aisearch.grading.codec.CodecError: an answer holds more than 1,000 characters of text
    """
    return _dec(data, 0, _Budget(games, text), remote)


def game_key(message: Any) -> str:
    """The text that names a game's message (``{"object": ..., "data": ...}``) in
    :func:`decode`'s ``games``."""
    return json.dumps(message, sort_keys=True, separators=(",", ":"))


_FLOATS = {"inf": math.inf, "-inf": -math.inf, "nan": math.nan}


def _dec(data: Any, depth: int, budget: _Budget, remote: Remote | None = None  # noqa: C901
         ) -> Any:
    budget.spend()
    if depth > MAX_DEPTH:
        raise CodecError(f"a message nested more than {MAX_DEPTH} deep")
    kind = type(data)
    if data is None or kind in (bool, int, float):
        return data
    if kind is str:
        budget.read(data)
        return data
    if kind is list:
        return [_dec(x, depth + 1, budget, remote) for x in data]
    if kind is not dict or len(data) not in (1, 2):
        raise CodecError(f"not a message of the grader: {data!r:.80}")
    if len(data) == 1:
        (tag, value), = data.items()
        if tag == "float" and value in _FLOATS:
            return _FLOATS[value]
        if tag == "ref":
            if remote is None:
                raise CodecError("a reference to an object of the other side is not read here")
            return remote(value)
        if tag in ("tuple", "set", "frozenset", "dict") and type(value) is list:
            items = [_dec(x, depth + 1, budget, remote) for x in value]
            if tag == "tuple":
                return tuple(items)
            if tag == "dict":
                if not all(type(p) is list and len(p) == 2 for p in items):
                    raise CodecError("a dict is a list of [key, value] pairs")
                _distinct_hashes([k for k, _ in items], "dict key")
                return {k: v for k, v in items}
            _distinct_hashes(items, "set member")
            return set(items) if tag == "set" else frozenset(items)
        raise CodecError(f"not a message of the grader: {data!r:.80}")
    if set(data) == {"object", "data"}:
        name = data["object"]
        if name not in _DECODERS:
            _load_later(_LATER_NAMES, name)
        if name not in _DECODERS:
            raise CodecError(f"unknown object type {name!r:.80}")
        allowed = budget.games
        if name in _GAMES and allowed is not True:
            known = None if isinstance(allowed, bool) else allowed.get(game_key(data))
            if known is None:
                raise CodecError(f"a {name} the grader did not send: games travel from the "
                                 "grader only")
            return known
        try:
            return _DECODERS[name](_dec(data["data"], depth + 1, budget, remote))
        except CodecError:
            raise
        except Exception as e:  # the constructor refused the data: a forged message
            raise CodecError(f"cannot rebuild a {name}: {type(e).__name__}: {e}") from None
    if set(data) == {"state", "data"}:
        cls = _state_class(data["state"])
        value = _dec(data["data"], depth + 1, budget, remote)
        if issubclass(cls, tuple) and type(value) is tuple:
            return tuple.__new__(cls, value)
        if issubclass(cls, int) and type(value) is int:
            return int.__new__(cls, value)
        raise CodecError(f"bad data for a {data['state']}: {value!r:.80}")
    raise CodecError(f"not a message of the grader: {data!r:.80}")


MAX_SAME_HASH = 8
"""Most members of one decoded set (or keys of one dict) that may share a hash."""


def _distinct_hashes(keys: list[Any], what: str) -> None:
    """Refuse keys that cannot be hashed, or many that share a hash: a set of n such keys
    takes n * n / 2 comparisons to build (150,000 ints that all hash to 0 would hold the
    grader for hours), while keys an encoder writes from a real set or dict are distinct.

    >>> decode({"set": [k * (2**61 - 1) for k in range(100)]})
    Traceback (most recent call last):
    ...
    aisearch.grading.codec.CodecError: 100 set members share one hash: not a set the grader \
builds
    >>> decode({"frozenset": [-1, -2, 3]}) == frozenset({-1, -2, 3})  # (-1 and -2 hash alike)
    True
    """
    try:
        counts = Counter(map(hash, keys))
    except TypeError:
        raise CodecError(f"a {what} cannot be hashed") from None
    most = max(counts.values(), default=0)
    if most > MAX_SAME_HASH:
        raise CodecError(f"{most} {what}s share one hash: not a "
                         f"{what.split()[0]} the grader builds")


def _state_class(name: Any) -> type:
    """A tuple or int subclass defined in :mod:`aisearch.games` (a game's states or moves)."""
    if not isinstance(name, str) or ":" not in name:
        raise CodecError(f"unknown state type {name!r:.80}")
    module, qualname = name.split(":", 1)
    if not module.startswith(_STATE_MODULES) or not qualname.isidentifier():
        raise CodecError(f"unknown state type {name!r:.80}")
    try:
        cls = getattr(importlib.import_module(module), qualname)
    except (ImportError, AttributeError):
        raise CodecError(f"unknown state type {name!r:.80}") from None
    if not isinstance(cls, type) or not issubclass(cls, (tuple, int)) or cls is bool:
        raise CodecError(f"unknown state type {name!r:.80}")
    return cls


def _opaque(data: Any) -> Opaque:
    if type(data) is not list or len(data) != 2 or not all(type(x) is str for x in data):
        raise CodecError("an opaque value is a type name and a text")
    return Opaque(data[0], data[1])


register(Opaque, "opaque", lambda o: [o.kind, o.text], _opaque)
