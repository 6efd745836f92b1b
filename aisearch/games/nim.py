"""Nim under normal play: take objects from one heap; whoever takes the last one wins.

A state is a :class:`NimState` ``(heaps, player)``: the heap sizes as a tuple and the
player to move. A move is a :class:`NimMove` ``(heap, take)``: take ``take >= 1``
objects from heap number ``heap`` (counted from 0). A player who faces empty heaps
has no move and has lost. Bouton's theorem (1901): the player to move loses against
best play exactly when the nim-sum (bitwise xor) of the heaps is 0.

Examples
--------
>>> game = Nim((1, 2, 3))
>>> game.initial
NimState(heaps=(1, 2, 3), player=0)
>>> game.moves(game.initial)[:3]
(NimMove(heap=0, take=1), NimMove(heap=1, take=1), NimMove(heap=1, take=2))
>>> print(game.result(game.initial, (2, 3)))
1 2 0, MIN to move
>>> nim_sum((1, 2, 3)), nim_sum((1, 2, 4))
(0, 7)

Notes
-----
Measured per call (CPython 3.11, timeit, best of 7, heaps (3, 4, 5)): ``to_move`` 40 ns,
``moves`` 105 ns (cached per heap tuple), ``result`` 450 ns, ``is_terminal`` 67 ns,
``utility`` 130 ns.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Sequence
from typing import Any, NamedTuple

from aisearch.core import (
    MAX,
    MIN,
    GameBase,
    as_int,
    checks_state,
    not_a_player,
    number_text,
    player_name,
)
from aisearch.games.reach import reachable

__all__ = ["Nim", "NimMove", "NimState", "nim_sum", "MAX_HEAP", "MAX_HEAPS"]

MAX_HEAP = 100
"""The most objects a heap may hold (a state has one move per object left)."""
MAX_HEAPS = 10
"""The most heaps a game may have."""


class NimMove(NamedTuple):
    """Take ``take`` objects from heap number ``heap`` (heaps count from 0).

    (The field is not called ``count``, which would hide ``tuple.count``.)

    >>> print(NimMove(2, 3))
    take 3 from heap 2
    """

    heap: int
    take: int

    def __str__(self) -> str:
        return f"take {self.take} from heap {self.heap}"


class NimState(NamedTuple):
    """The heap sizes and the player to move (MAX or MIN).

    >>> print(NimState((1, 0, 3), MAX))
    1 0 3, MAX to move
    """

    heaps: tuple[int, ...]
    player: int

    def __str__(self) -> str:
        return f"{' '.join(map(str, self.heaps))}, {player_name(self.player)} to move"


_tuple_new = tuple.__new__  # faster than NamedTuple's generated __new__
_MOVES: dict[tuple[int, ...], tuple[NimMove, ...]] = {}  # heaps checked so far -> their moves


def _checked_heaps(heaps: Any) -> bool:
    """True (and the heaps' moves kept) for a tuple of ints from 0 to :data:`MAX_HEAP`."""
    if heaps.__class__ is not tuple or not all(
            h.__class__ is int and 0 <= h <= MAX_HEAP for h in heaps):
        return False
    if len(_MOVES) < 200_000:  # (a memo of the rules, bounded: not game state)
        _MOVES[heaps] = _moves(heaps)
    return True


def _moves(heaps: tuple[int, ...]) -> tuple[NimMove, ...]:
    return tuple(NimMove(i, k) for i, h in enumerate(heaps) for k in range(1, h + 1))


def nim_sum(heaps: Sequence[int]) -> int:
    """The bitwise xor of the heap sizes: 0 exactly when the player to move loses.

    >>> nim_sum((3, 4, 5))
    2
    """
    return functools.reduce(operator.xor, heaps, 0)


class Nim(GameBase):
    """Nim with the given heaps; MAX moves first.

    Moves are listed by heap, then by count ascending. At the end (all heaps empty) the
    player who took the last object has won: utility +1 for them, -1 for the other.

    Parameters
    ----------
    heaps : sequence of int
        The starting heap sizes, from 0 to :data:`MAX_HEAP` (100); one to :data:`MAX_HEAPS`
        (10) heaps.

    Raises
    ------
    ValueError, TypeError
        If ``heaps`` is not a sequence of one to 10 ints from 0 to 100.

    Examples
    --------
    >>> game = Nim([1, 2])
    >>> game
    Nim((1, 2))
    >>> [str(m) for m in game.moves(game.initial)]
    ['take 1 from heap 0', 'take 1 from heap 1', 'take 2 from heap 1']
    >>> s = game.result(game.result(game.initial, (1, 2)), (0, 1))
    >>> game.is_terminal(s), game.utility(s, MIN), game.utility(s, MAX)
    (True, 1, -1)
    """

    win = 1  # the payoff of a win: searchers score quicker wins higher

    def __init__(self, heaps: Sequence[int]) -> None:
        self.heaps = _check_heaps(heaps)
        self.initial = NimState(self.heaps, MAX)
        self._n = len(self.heaps)

    state_help = ("a state is a NimState(heaps, player) with one heap (an int from 0 to 100) per "
                  "heap of the game and player MAX (0) or MIN (1): start from game.initial")

    def is_state(self, s: Any) -> bool:
        """True for a :class:`NimState` with this game's number of heaps.

        >>> game = Nim((1, 2))
        >>> game.is_state(NimState((0, 5), MIN)), game.is_state(NimState((1, 2, 3), MAX))
        (True, False)
        """
        return (s.__class__ is NimState and len(s[0]) == len(self.heaps)
                and s[1].__class__ is int and (s[1] == MAX or s[1] == MIN)
                and (s[0] in _MOVES or _checked_heaps(s[0])))

    # The protocol methods, on the searchers' hot path, first try the same test with the
    # heaps looked up among those already checked, and else ask is_state. (``is MAX``: the
    # ints 0 and 1 are one object each in CPython, and a bool or a numpy integer is not it.)

    @checks_state
    def to_move(self, s: NimState) -> int:
        """The player to move.

        >>> Nim((1, 2)).to_move(NimState((1, 1), MIN)) == MIN
        True
        """
        if not (s.__class__ is NimState and (s[1] is MAX or s[1] is MIN) and s[0] in _MOVES
                and len(s[0]) == self._n) and not self.is_state(s):
            raise self.not_a_state(s)
        return s[1]

    @checks_state
    def moves(self, s: NimState) -> tuple[NimMove, ...]:
        """Every ``(heap, take)`` with ``1 <= take <= heaps[heap]``, by heap then take.

        >>> Nim((1, 2)).moves(NimState((0, 2), MAX))
        (NimMove(heap=1, take=1), NimMove(heap=1, take=2))
        """
        if not (s.__class__ is NimState and (s[1] is MAX or s[1] is MIN) and s[0] in _MOVES
                and len(s[0]) == self._n) and not self.is_state(s):
            raise self.not_a_state(s)
        ms = _MOVES.get(s[0])
        return _moves(s[0]) if ms is None else ms

    @checks_state
    def result(self, s: NimState, m: NimMove | tuple[int, int]) -> NimState:
        """The state after taking ``take`` objects from heap ``heap``.

        >>> Nim((1, 2)).result(NimState((1, 2), MAX), NimMove(1, 1))
        NimState(heaps=(1, 1), player=1)
        """
        if not (s.__class__ is NimState and (s[1] is MAX or s[1] is MIN) and s[0] in _MOVES
                and len(s[0]) == self._n) and not self.is_state(s):
            raise self.not_a_state(s)
        heaps = s[0]
        try:
            i, k = m
            h = heaps[i]
            ok = 0 < k <= h and i >= 0 and type(i) is int and type(k) is int
        except (TypeError, ValueError, IndexError):
            ok = False
        if not ok:
            return self._result_of_other_ints(s, m)
        return _tuple_new(NimState, (heaps[:i] + (h - k,) + heaps[i + 1:], 1 - s[1]))

    def _result_of_other_ints(self, s: NimState, m: Any) -> NimState:
        """``result`` for a move of numpy integers (from ``np.argwhere``, say); any other
        move that ``result`` refused is illegal, and the error says why."""
        heaps = s[0]
        pair = m if isinstance(m, tuple) and len(m) == 2 else (None, None)
        i, k = as_int(pair[0]), as_int(pair[1])
        if i is not None and k is not None and 0 <= i < len(heaps) and 0 < k <= heaps[i]:
            return _tuple_new(NimState, (heaps[:i] + (heaps[i] - k,) + heaps[i + 1:], 1 - s[1]))
        if not any(heaps):
            raise self.illegal(s, m)  # (the game is over)
        if pair[0] is None:
            raise self.illegal(s, m, "a move is a pair (heap, take), like (0, 1)")
        if i is None or k is None:
            raise self.illegal(s, m, "heap and take must be ints")
        if not 0 <= i < len(heaps):
            raise self.illegal(s, m, f"heaps are numbered 0..{len(heaps) - 1}")
        raise self.illegal(s, m, f"heap {i} holds {heaps[i]}; take 1..{heaps[i]} from it")

    @checks_state
    def is_terminal(self, s: NimState) -> bool:
        """True when every heap is empty.

        >>> Nim((1, 2)).is_terminal(NimState((0, 0), MIN))
        True
        """
        if not (s.__class__ is NimState and (s[1] is MAX or s[1] is MIN) and s[0] in _MOVES
                and len(s[0]) == self._n) and not self.is_state(s):
            raise self.not_a_state(s)
        return not any(s[0])

    @checks_state
    def utility(self, s: NimState, player: int = MAX) -> int:
        """+1 if ``player`` took the last object (the opponent is to move), else -1.

        >>> Nim((1, 2)).utility(NimState((0, 0), MIN))
        1
        """
        if not (s.__class__ is NimState and (s[1] is MAX or s[1] is MIN) and s[0] in _MOVES
                and len(s[0]) == self._n) and not self.is_state(s):
            raise self.not_a_state(s)
        if any(s[0]):
            raise ValueError(f"utility is defined when all heaps are empty, not at {s!r}")
        if player.__class__ is not int:  # (a numpy integer is the int it is, a bool is not)
            player = as_int(player, player)
        if player.__class__ is not int or player not in (MAX, MIN):
            raise not_a_player(player, self)
        return -1 if player == s[1] else 1

    @staticmethod
    def sprague_grundy(s: NimState) -> int:
        """The Sprague-Grundy value of ``s``: the nim-sum of its heaps.

        It is 0 exactly when the player to move loses against best play.

        >>> Nim.sprague_grundy(NimState((1, 2, 3), MAX))
        0
        """
        if s.__class__ is not NimState or s[0].__class__ is not tuple or any(
                h.__class__ is not int or h < 0 for h in s[0]):
            raise ValueError(f"sprague_grundy takes a NimState whose heaps are ints >= 0, "
                             f"not {s!r:.80}")
        return nim_sum(s[0])

    def winning_moves(self, s: NimState) -> tuple[NimMove, ...]:
        """The moves that leave a nim-sum of 0 (none if the player to move is losing).

        >>> Nim((3, 4, 5)).winning_moves(NimState((3, 4, 5), MAX))
        (NimMove(heap=0, take=2),)
        """
        total = nim_sum(self.check_state(s)[0])
        return tuple(m for m in self.moves(s) if s[0][m.heap] ^ total == s[0][m.heap] - m.take)

    def states(self) -> tuple[NimState, ...]:
        """Every state reachable from ``initial``, sorted by heaps then player.

        >>> len(Nim((1, 2)).states())
        8
        """
        return tuple(sorted(reachable(self)))

    @staticmethod
    def canonical(s: NimState) -> NimState:
        """The state with its heaps sorted (the order of heaps does not matter to play).

        >>> Nim.canonical(NimState((3, 1, 2), MIN))
        NimState(heaps=(1, 2, 3), player=1)
        """
        if not (s.__class__ is NimState and (s[0] in _MOVES or _checked_heaps(s[0]))
                and (s[1] is MAX or s[1] is MIN)):
            raise ValueError(f"{s!r:.80} is not a Nim state: a state is a NimState(heaps, "
                             f"player), heaps a tuple of ints from 0 to {MAX_HEAP} and player "
                             "MAX (0) or MIN (1): start from game.initial")
        return NimState(tuple(sorted(s[0])), s[1])

    def __repr__(self) -> str:
        return f"Nim({self.heaps!r})"

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other.heaps == self.heaps

    def __hash__(self) -> int:
        return hash((type(self), self.heaps))


def _check_heaps(heaps: Any) -> tuple[int, ...]:
    """Validate Nim's heaps: a non-empty sequence of at most MAX_HEAPS ints from 0 to
    MAX_HEAP (numpy integers too)."""
    usage = (f"Nim needs a non-empty sequence of non-negative ints (at most {MAX_HEAPS} heaps "
             f"of at most {MAX_HEAP}), like Nim((1, 2, 3))")
    if isinstance(heaps, (str, bytes)) or not isinstance(heaps, Sequence):
        raise TypeError(f"{usage}; got {number_text(heaps)}")
    if not heaps:
        raise ValueError(f"{usage}; got no heaps")
    if len(heaps) > MAX_HEAPS:
        raise ValueError(f"{usage}; got {len(heaps):,} heaps")
    out = []
    for i, h in enumerate(heaps):
        n = as_int(h)
        if n is None:
            raise TypeError(f"{usage}; heap {i} is {number_text(h)}, a {type(h).__name__}")
        if n < 0:
            raise ValueError(f"{usage}; heap {i} is {number_text(n)}")
        if n > MAX_HEAP:
            raise ValueError(f"{usage}; heap {i} holds {number_text(n)} objects (a state has "
                             "one move per object)")
        out.append(n)
    return tuple(out)
