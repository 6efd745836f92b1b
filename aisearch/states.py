"""The one state check of a game, applied by its protocol methods.

A game writes what its states are once: ``is_state(s)``, true for the game's own states and
for nothing else, and ``state_help``, one sentence telling a user how to get a state. Every
protocol method (``to_move``, ``moves``, ``result``, ``is_terminal``, ``utility``,
``chance_outcomes``, ``noisy_moves``, and ``move_order`` where a game offers one) and every
evaluation the game declares then refuses anything else with the same error,
``not_a_state(s)``::

    ValueError: None is not a state of Nim((1, 2)): a state is a NimState(heaps, player) ...

How the check is applied depends on how hot the method is:

- By default :class:`StateChecked` (the base of :class:`aisearch.core.GameBase`) wraps each
  of those methods that a game class defines, when the class is created: the wrapper calls
  ``is_state(s)`` first. A new game writes its methods as if every state were good.
- A game on the searchers' hot path (millions of calls) applies the check itself, inside the
  lookup it does anyway: a table of its states (tic-tac-toe, explicit trees, DagGame), a
  class test on states that are checked when built (Connect Four), or the same test inline
  (Pig, Nannon, Nim, the last asking ``is_state`` when its quick test fails), and raises
  ``self.not_a_state(s)``. It marks such a method :func:`checks_state`, so it is not
  wrapped; the conformance tests hold it to the same behaviour (every method refuses every
  value ``is_state`` refuses). A wrapper costs two calls (about 50-80 ns), an inline check
  about a dict lookup.

Examples
--------
>>> from aisearch.core import GameBase
>>> class Count(GameBase):
...     '''Say 1 or 2 in turn from 0; whoever says 3 or more wins.'''
...     initial = 0
...     win = 1
...     state_help = "a state is the int said last, from 0 to 4"
...     def is_state(self, s):
...         return s.__class__ is int and 0 <= s <= 4
...     def to_move(self, s):
...         return s % 2
...     def moves(self, s):
...         return () if s >= 3 else (1, 2)
...     def result(self, s, m):
...         if m not in self.moves(s):
...             raise self.illegal(s, m)
...         return s + m
...     def utility(self, s, player=0):
...         return 1 if (s % 2 == 1) == (player == 0) else -1
>>> Count().moves(2)
(1, 2)
>>> Count().moves("2")
Traceback (most recent call last):
...
ValueError: '2' is not a state of Count(): a state is the int said last, from 0 to 4
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from types import FunctionType
from typing import Any, ClassVar, TypeVar

__all__ = ["StateChecked", "checks_state", "STATE_METHODS"]

STATE_METHODS = ("to_move", "moves", "result", "is_terminal", "utility", "chance_outcomes",
                 "noisy_moves", "move_order")
"""The protocol methods that take a state first and apply the game's state check."""

F = TypeVar("F", bound=Callable[..., Any])


def checks_state(method: F) -> F:
    """Mark a protocol method that applies its game's state check itself, on its fast path.

    Such a method looks ``s`` up in a table of the game's states, or tests its class (for
    states checked when they are built), or makes a cheap test that only states pass and asks
    ``is_state`` when it fails; it raises ``self.not_a_state(s)`` for what is not a state.
    The check then costs about a dict lookup. :class:`StateChecked` does not wrap it, and
    the conformance tests hold it to refusing exactly what ``is_state`` refuses.

    >>> checks_state(lambda self, s: s).checks_state
    True
    """
    method.checks_state = True  # type: ignore[attr-defined]
    return method


def _checked(name: str, raw: Callable[..., Any]) -> Callable[..., Any]:
    """``raw`` behind the state check (one wrapper per signature: no ``*args`` to pack)."""
    if name == "result":
        def method(self: Any, s: Any, m: Any) -> Any:
            if self.is_state(s):
                return raw(self, s, m)
            raise self.not_a_state(s)
    elif name == "move_order":
        def method(self: Any, s: Any, moves: Any) -> Any:  # type: ignore[misc]
            if self.is_state(s):
                return raw(self, s, moves)
            raise self.not_a_state(s)
    elif name == "utility":
        def method(self: Any, s: Any, player: Any = 0) -> Any:  # type: ignore[misc]
            if self.is_state(s):
                return raw(self, s, player)
            raise self.not_a_state(s)
    else:
        def method(self: Any, s: Any) -> Any:  # type: ignore[misc]
            if self.is_state(s):
                return raw(self, s)
            raise self.not_a_state(s)
    functools.update_wrapper(method, raw)
    method.checks_state = True  # type: ignore[attr-defined]
    return method


class StateChecked:
    """A game's state check, declared once and applied by its protocol methods.

    A subclass overrides :meth:`is_state` and ``state_help``; the protocol methods it
    defines (and the evaluations it names in ``evaluations``) are then wrapped so that they
    refuse what ``is_state`` refuses, unless marked :func:`checks_state`. A class that does
    not override ``is_state`` is left as it is (its methods check what they check).
    """

    state_help: ClassVar[str] = "start from game.initial and make states with game.result(s, m)"
    """What a state of this game is and how to get one, for the error ``not_a_state`` raises."""
    evaluations: ClassVar[tuple[str, ...]] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.is_state is StateChecked.is_state:
            return
        for name in (*STATE_METHODS, *cls.evaluations):
            raw = cls.__dict__.get(name)
            # (a staticmethod has no game to ask: it checks for itself, as its tests hold it to)
            if isinstance(raw, FunctionType) and not getattr(raw, "checks_state", False):
                setattr(cls, name, _checked(name, raw))

    def is_state(self, s: Any) -> bool:
        """True when ``s`` is a state of this game: the one state check, which every protocol
        method applies. By default every value passes (the methods decide what they take).
        """
        return True

    def not_a_state(self, s: Any) -> ValueError:
        """The error for a value that is not a state of this game: the value, the game and
        ``state_help``."""
        try:
            shown = f"{s!r:.80}"
        except ValueError:  # (a container of ints too long to print)
            shown = f"a {type(s).__name__}"
        return ValueError(f"{shown} is not a state of {self!r:.120}: {self.state_help}")

    def check_state(self, s: Any) -> Any:
        """``s`` if it is a state of this game, else the error of :meth:`not_a_state` (for
        methods beyond the protocol, and for callers that check a state at the door)."""
        if self.is_state(s):
            return s
        raise self.not_a_state(s)
