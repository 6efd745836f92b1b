"""Symmetry reduction: search one successor per class of symmetric positions.

Nilsson's Fig 12.3 searches tic-tac-toe to depth 2 generating "only one of each set of
symmetric successors": a board and its rotations and reflections are one position for the
game. :class:`SymmetryReduced` wraps any game that offers ``canonical(s)`` this way.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from aisearch.core import MAX, GameWrapper, IllegalMoveError, check_game

__all__ = ["SymmetryReduced"]


class SymmetryReduced(GameWrapper):
    """A game whose moves skip successors symmetric to an earlier one (Nilsson, Fig 12.3).

    ``moves(s)`` keeps, of each class of successors with the same ``game.canonical``,
    the first move in the game's order, and ``result`` accepts just those moves;
    ``to_move``, ``is_terminal`` and ``utility`` are the wrapped game's, and other
    attributes (``parse``, ``nilsson_eval``, ...) are passed through. For a game with
    ``states()`` the reduced moves are tabulated once, when the wrapper is made.

    Parameters
    ----------
    game : Game
        A game offering ``canonical(s)``.

    Examples
    --------
    >>> from aisearch.games import TicTacToe
    >>> reduced = SymmetryReduced(TicTacToe())
    >>> reduced
    SymmetryReduced(TicTacToe())
    >>> reduced.moves(reduced.initial)    # corner, edge, centre
    (0, 1, 4)
    >>> [len(reduced.moves(reduced.result(reduced.initial, m))) for m in (0, 1, 4)]
    [5, 5, 2]
    """

    def __init__(self, game: Any) -> None:
        if isinstance(game, type):  # (the class has canonical too, but no game to wrap)
            check_game(game)
        if not callable(getattr(game, "canonical", None)):
            raise TypeError(f"SymmetryReduced needs a game with canonical(s); {game!r} has none")
        self.game = game
        self.initial = game.initial
        states = getattr(game, "states", None)
        self._table = {s: self._reduce(s) for s in states()} if callable(states) else None

    def _reduce(self, s: Any) -> tuple:
        game, first = self.game, dict[Any, Any]()
        for m in game.moves(s):
            first.setdefault(game.canonical(game.result(s, m)), m)
        return tuple(first.values())

    def moves(self, s: Any) -> Sequence[Any]:
        """The first move of each class of symmetric successors, in the game's order.

        >>> from aisearch.games import TicTacToe
        >>> SymmetryReduced(TicTacToe()).moves(TicTacToe.parse('.../.x./...'))
        (0, 1)
        """
        if self._table is not None:
            try:
                return self._table[s]
            except (KeyError, TypeError):  # the wrapped game says what is wrong with s
                pass
        return self._reduce(s)

    def result(self, s: Any, m: Any) -> Any:
        """The wrapped game's result, for a move listed by :meth:`moves` only.

        >>> from aisearch.games import TicTacToe
        >>> reduced = SymmetryReduced(TicTacToe())
        >>> reduced.result(reduced.initial, 2)
        Traceback (most recent call last):
        ...
        aisearch.core.IllegalMoveError: illegal move 2 in state TicTacToe.parse('.../.../...') \
(symmetric to a listed move: only the first of each class is kept); legal moves: 0, 1, 4
        """
        if m in self.moves(s):
            try:
                return self.game.result(s, m)
            except IllegalMoveError:
                pass  # equal to a listed move but not one (4.0 for 4): report it below
        symmetric = any(m == k and type(m) is type(k) for k in self.game.moves(s))
        why = "symmetric to a listed move: only the first of each class is kept"
        raise self.illegal(s, m, why if symmetric else "")

    def to_move(self, s: Any) -> int:
        """The wrapped game's ``to_move``."""
        return self.game.to_move(s)

    def is_terminal(self, s: Any) -> bool:
        """The wrapped game's ``is_terminal``."""
        return self.game.is_terminal(s)

    def utility(self, s: Any, player: int = MAX) -> float:
        """The wrapped game's ``utility``."""
        return self.game.utility(s, player)

    def illegal(self, s: Any, m: Any, why: str = "") -> IllegalMoveError:
        """The error for move ``m`` in ``s``, listing the moves this wrapper allows."""
        return IllegalMoveError(m, self.moves(s), s, why)

    def __repr__(self) -> str:
        return f"SymmetryReduced({self.game!r})"

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other.game == self.game

    def __hash__(self) -> int:
        return hash((type(self), self.game))
