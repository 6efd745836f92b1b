"""What travels between the grader and the grading process by value, taught to the codec.

Games travel as their constructor arguments (the receiving side builds the game again,
and its constructor checks them); evaluations that are a game's own method as the game and
the method's name; exact numbers as themselves. Anything else the grader hands to student
code (a game being recorded, a function) travels as a reference to the grader's object
(:mod:`aisearch.grading.remote`). An exercise whose questions send another kind of game
registers it here, or it is sent by reference (every call of its methods then goes back
to the grader).

Examples
--------
>>> from aisearch.games import TreeGame, Min
>>> from aisearch.grading.codec import decode, encode
>>> game = decode(encode(TreeGame([Min([1, 2]), {"a": 3}], win=1)))
>>> game, game.win
(TreeGame([Min([1, 2]), {'a': 3}], win=1), 1)
>>> decode(encode(DagGame(b=2, d=3, width=2, seed=5, skip=0.3)))
DagGame(b=2, d=3, width=2, seed=5, skip=0.3)
"""

from __future__ import annotations

import decimal
import fractions
import importlib
import types
from typing import Any

from aisearch.games import (
    Coins,
    ConnectFour,
    Nim,
    SymmetryReduced,
    TicTacToe,
    TreeGame,
    TupleTree,
    TwoRobots,
)
from aisearch.games.dag import DagGame
from aisearch.games.pig import Pig
from aisearch.games.tree import Chance, Max, Min
from aisearch.grading.codec import CodecError, register, register_later

__all__ = ["EVALUATION_NAMES"]

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


# The games, each with ``game=True``: the grader sends them, it does not take them.
register(TreeGame, "TreeGame", _tree,
         lambda d: TreeGame(d["tree"], d["first"], win=d["win"], noisy=d["noisy"]), game=True)
def _children(node: Any) -> Any:
    return node.children


def _builder(cls: type) -> Any:
    return lambda children: cls(children)


for _node in (Max, Min, Chance):
    register(_node, _node.__name__, _children, _builder(_node))
register(TicTacToe, "TicTacToe", lambda g: g.win, lambda win: TicTacToe(win), game=True)
register(ConnectFour, "ConnectFour", lambda g: g.win, lambda win: ConnectFour(win), game=True)
register(Nim, "Nim", lambda g: list(g.heaps), lambda heaps: Nim(heaps), game=True)
register(
    TwoRobots, "TwoRobots",
    lambda g: [g.rows, g.cols, sorted(g.walls), g.black, g.white, g.max_plies],
    lambda d: TwoRobots(d[0], d[1], [tuple(w) for w in d[2]], tuple(d[3]), tuple(d[4]), d[5]),
    game=True,
)
register(SymmetryReduced, "SymmetryReduced", lambda g: g.game, SymmetryReduced, game=True)
_DAG = ("b", "d", "width", "seed", "skip", "low", "high", "win", "p_win")
register(DagGame, "DagGame", lambda g: [getattr(g, k) for k in _DAG],
         lambda d: DagGame(**dict(zip(_DAG, d, strict=True))), game=True)
register(Pig, "Pig", lambda g: [g.goal, g.die], lambda d: Pig(d[0], d[1]), game=True)
register(TupleTree, "TupleTree", lambda g: g.tree, TupleTree, game=True)
register(Coins, "Coins", lambda g: [list(g.row), g.players],
         lambda d: Coins(tuple(d[0]), d[1]), game=True)


# Chess travels through its own module, imported when a chess value first does (python-chess
# is not loaded by a grading process that never meets one).
register_later("aisearch.grading.wire_chess", names=("ChessState", "chess.Move", "Chess"),
               owners=("chess", "aisearch.games.chess"))


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
