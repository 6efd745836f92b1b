"""What the grader sends to the grading process and back, taught to the codec.

Games travel as their constructor arguments (the receiving side builds the game again,
and its constructor checks them); evaluations as the game and the name of one of its
evaluation methods, or as a table; the grading's records (cases, observations) field by
field. An exercise whose questions send another kind of game registers it here.

Examples
--------
>>> from aisearch.games import TreeGame, Min
>>> from aisearch.grading.codec import decode, encode
>>> game = decode(encode(TreeGame([Min([1, 2]), {"a": 3}], win=1)))
>>> game, game.win
(TreeGame([Min([1, 2]), {'a': 3}], win=1), 1)
"""

from __future__ import annotations

import dataclasses
import decimal
import fractions
import importlib
import types
from typing import Any

from aisearch.games import ConnectFour, Nim, SymmetryReduced, TicTacToe, TreeGame, TwoRobots
from aisearch.games.tree import Chance, Max, Min
from aisearch.grading.codec import CodecError, register

__all__ = ["EVALUATION_NAMES", "register_dataclass"]

EVALUATION_NAMES = ("evaluate",)
"""Names of game methods that may be sent as evaluations (besides any ``*_eval``)."""


def _evaluation_name(name: Any) -> str:
    if not isinstance(name, str) or not name.isidentifier() or name.startswith("_") or not (
            name in EVALUATION_NAMES or name.endswith("_eval")):
        raise CodecError(f"{name!r:.40} is not an evaluation method of a game")
    return name


# -- games --------------------------------------------------------------------------------
def _tree(game: TreeGame) -> dict[str, Any]:
    noisy = sorted(getattr(game, "_noisy", ()))
    return {"tree": game.tree, "first": game.first, "win": game.win, "noisy": noisy}


register(TreeGame, "TreeGame", _tree,
         lambda d: TreeGame(d["tree"], d["first"], win=d["win"], noisy=d["noisy"]))
def _children(node: Any) -> Any:
    return node.children


def _builder(cls: type) -> Any:
    return lambda children: cls(children)


for _node in (Max, Min, Chance):
    register(_node, _node.__name__, _children, _builder(_node))
register(TicTacToe, "TicTacToe", lambda g: g.win, lambda win: TicTacToe(win))
register(ConnectFour, "ConnectFour", lambda g: g.win, lambda win: ConnectFour(win))
register(Nim, "Nim", lambda g: list(g.heaps), lambda heaps: Nim(heaps))
register(
    TwoRobots, "TwoRobots",
    lambda g: [g.rows, g.cols, sorted(g.walls), g.black, g.white, g.max_plies],
    lambda d: TwoRobots(d[0], d[1], [tuple(w) for w in d[2]], tuple(d[3]), tuple(d[4]), d[5]),
)
register(SymmetryReduced, "SymmetryReduced", lambda g: g.game, SymmetryReduced)


# -- exact numbers -------------------------------------------------------------------------
def _fraction(data: Any) -> fractions.Fraction:
    if type(data) is not list or len(data) != 2 or not all(type(x) is int for x in data) \
            or data[1] <= 0:
        raise CodecError("a Fraction is [numerator, positive denominator]")
    return fractions.Fraction(data[0], data[1])


def _decimal(text: Any) -> decimal.Decimal:
    if type(text) is not str or len(text) > 200:
        raise CodecError("a Decimal is a short text")
    value = decimal.Decimal(text)
    if value.is_snan():
        raise CodecError("a signalling NaN cannot be compared")
    return value


register(fractions.Fraction, "Fraction",
         lambda f: [fractions.Fraction.numerator.fget(f),  # type: ignore[attr-defined]
                    fractions.Fraction.denominator.fget(f)],  # type: ignore[attr-defined]
         _fraction)
register(decimal.Decimal, "Decimal", decimal.Decimal.__str__, _decimal)


# -- evaluations: a game's method, or a function of the games package ----------------------
def _method(m: types.MethodType) -> list[Any]:
    return [m.__self__, _evaluation_name(m.__func__.__name__)]


def _from_method(d: list[Any]) -> Any:
    game, name = d
    if not callable(getattr(game, "moves", None)):
        raise CodecError("an evaluation method belongs to a game")
    return getattr(game, _evaluation_name(name))


def _function(f: types.FunctionType) -> str:
    module, qualname = f.__module__ or "", f.__qualname__
    if not module.startswith("aisearch.games.") or "<" in qualname:
        raise CodecError(f"cannot send the function {qualname} to the grading process")
    _evaluation_name(qualname.rsplit(".", 1)[-1])
    return f"{module}:{qualname}"


def _from_function(name: Any) -> Any:
    if not isinstance(name, str) or ":" not in name:
        raise CodecError(f"unknown function {name!r:.80}")
    module, qualname = name.split(":", 1)
    if not module.startswith("aisearch.games."):
        raise CodecError(f"unknown function {name!r:.80}")
    _evaluation_name(qualname.rsplit(".", 1)[-1])
    obj: Any = importlib.import_module(module)
    for part in qualname.split("."):
        if not part.isidentifier() or part.startswith("_"):
            raise CodecError(f"unknown function {name!r:.80}")
        obj = getattr(obj, part)
    return obj


register(types.MethodType, "method", _method, _from_method)
register(types.FunctionType, "function", _function, _from_function)


# -- the grading's records -----------------------------------------------------------------
def register_dataclass(cls: type) -> type:
    """Send a (frozen) dataclass field by field; usable as a class decorator.

    >>> @register_dataclass
    ... @dataclasses.dataclass(frozen=True)
    ... class Point:
    ...     x: int
    ...     y: int
    >>> from aisearch.grading.codec import decode, encode
    >>> decode(encode(Point(1, 2)))
    Point(x=1, y=2)
    """
    names = [f.name for f in dataclasses.fields(cls)]

    def rebuild(data: Any) -> Any:
        if type(data) is not dict or set(data) != set(names):
            raise CodecError(f"a {cls.__name__} has the fields {', '.join(names)}")
        return cls(**data)

    register(cls, f"{cls.__module__}.{cls.__qualname__}",
             lambda obj: {n: getattr(obj, n) for n in names}, rebuild)
    return cls


def _records() -> None:
    from aisearch.grading.observe import Observation

    register_dataclass(Observation)


_records()
