"""Random games with transpositions: game trees whose paths meet again (DAG-shaped games).

In a real game many move orders reach the same position (a *transposition*); a transposition
table (lesson 04) exploits it, and a careless one is fooled by it. :class:`DagGame` is a
seeded random game with as many transpositions as you like: level ``k`` of the game holds
only ``width`` positions, and each of a position's ``b`` moves leads to a random position of
the next level, so paths meet all the time. With ``skip > 0`` some moves jump two levels,
so the same position is reached after different numbers of plies (with more or fewer plies
left below it, and by a longer or shorter route), as in Nim or in chess.

A state is a :class:`DagState` ``(level, number, player)``; the game ends at level ``d``,
where a position's payoff is a seeded number in ``low..high`` (or a win or loss worth
``±win``, with probability ``p_win``). :meth:`DagGame.evaluate` is a seeded static
evaluation for depth-limited searches.

Examples
--------
>>> game = DagGame(b=3, d=4, width=4, seed=1)
>>> game.initial
DagState(level=0, number=0, player=0)
>>> game.moves(game.initial)
(0, 1, 2)
>>> game.transpositions() > 0
True
"""

from __future__ import annotations

import random
from typing import Any, NamedTuple

from aisearch.core import (
    MAX,
    MIN,
    GameBase,
    as_int,
    checks_state,
    for_player,
    is_number,
    number_text,
)
from aisearch.games.tree import tip_in_range

__all__ = ["DagGame", "DagState"]


class DagState(NamedTuple):
    """A position of a :class:`DagGame`: its level (0 at the root), its number among the
    ``width`` positions of that level, and the player to move. (The field is not called
    ``index``, which would hide ``tuple.index``.)

    >>> str(DagState(2, 3, 1))
    'L2#3 MIN'
    """

    level: int
    number: int
    player: int

    def __str__(self) -> str:
        return f"L{self.level}#{self.number} {'MAX' if self.player == MAX else 'MIN'}"


class DagGame(GameBase):
    """A seeded random game whose positions are reached by many paths.

    Parameters
    ----------
    b : int
        Moves per position (1-20), numbered ``0..b-1``.
    d : int
        Levels (1-40): positions at level ``d`` end the game.
    width : int
        Positions per level (1-10,000); the fewer, the more transpositions.
    seed : int
        Fixes the moves' targets, the payoffs and the evaluation.
    skip : float
        Probability that a move jumps two levels instead of one (not from level ``d - 1``).
    low, high : int
        Range of the payoffs and of the evaluation.
    win : float, optional
        The payoff of a win: with probability ``p_win`` a final position is a win or a loss
        (``±win``) instead of a number in ``low..high``; searchers prefer quicker wins.
    p_win : float
        See ``win``.

    Examples
    --------
    >>> game = DagGame(b=2, d=3, width=2, seed=0, win=100, p_win=1.0)
    >>> sorted({abs(game.utility(DagState(3, i, p))) for i in range(2) for p in (0, 1)})
    [100]
    >>> DagGame(b=2, d=3, width=0)
    Traceback (most recent call last):
    ...
    ValueError: width must be an int in 1..10000, not 0
    """

    def __init__(self, b: int = 3, d: int = 6, width: int = 6, *, seed: int = 0,
                 skip: float = 0.0, low: int = -9, high: int = 9, win: float | None = None,
                 p_win: float = 0.0) -> None:
        sizes = []  # (numpy integers are read as the ints they are)
        for name, v, top in (("b", b, 20), ("d", d, 40), ("width", width, 10_000)):
            n = as_int(v)
            if n is None or not 1 <= n <= top:
                raise ValueError(f"{name} must be an int in 1..{top}, not {v!r:.80}")
            sizes.append(n)
        b, d, width = sizes
        for name, p in (("skip", skip), ("p_win", p_win)):
            if not is_number(p) or not 0 <= p <= 1:
                raise ValueError(f"{name} must be a probability, a number in [0, 1], not {p!r}")
        lo, hi, fixed = as_int(low), as_int(high), as_int(seed)
        if lo is None or hi is None or lo > hi or not tip_in_range(lo) or not tip_in_range(hi):
            raise ValueError(f"low and high must be ints with low <= high, each of size below "
                             f"2**999, not {number_text(low)}, {number_text(high)}")
        if fixed is None:
            raise TypeError(f"seed must be an int (it fixes the moves' targets, the payoffs "
                            f"and the evaluation), not {seed!r:.80}")
        low, high, seed = lo, hi, fixed
        if win is not None and (not is_number(win) or not win > 0 or not tip_in_range(win)):
            raise ValueError(f"win must be a positive number (the payoff of a win: inf, or "
                             f"finite below 2**999) or None, not {number_text(win)}")
        if p_win and win is None:
            raise ValueError("p_win needs win=... (the payoff of a win)")
        self.b, self.d, self.width, self.seed, self.skip = b, d, width, seed, skip
        self.low, self.high, self.p_win = low, high, p_win
        self.win = win  # None: no wins, only payoffs (the attribute is read by searchers)
        rng = random.Random(seed)
        self._sizes = [1] + [width] * d
        self._next: dict[tuple[int, int, int], tuple[DagState, ...]] = {}
        for level in range(d):
            for index in range(self._sizes[level]):
                for player in (MAX, MIN):
                    kids = []
                    for _ in range(b):
                        step = 2 if level + 2 <= d and rng.random() < skip else 1
                        kids.append(DagState(level + step, rng.randrange(self._sizes[level + step]),
                                             MIN if player == MAX else MAX))
                    self._next[level, index, player] = tuple(kids)
        self._payoff: dict[tuple[int, int], float] = {}
        for index in range(width):
            for player in (MAX, MIN):
                if win is not None and rng.random() < p_win:
                    self._payoff[index, player] = rng.choice((win, -win))
                else:
                    self._payoff[index, player] = rng.randint(low, high)
        self._eval = {(level, index, player): rng.randint(low, high)
                      for level in range(d) for index in range(self._sizes[level])
                      for player in (MAX, MIN)}
        self._moves = tuple(range(b))
        self.initial = DagState(0, 0, MAX)
        self._states = frozenset(self._next) | {(d, index, player) for index in range(width)
                                                for player in (MAX, MIN)}

    # the protocol -----------------------------------------------------------------------
    evaluations = ("evaluate",)
    state_help = ("a state is a DagState(level, number, player) of this game: level 0..d, "
                  "number 0..width-1 (0 at level 0), player MAX (0) or MIN (1); start from "
                  "game.initial")

    def is_state(self, s: Any) -> bool:
        """True for a :class:`DagState` that names a position of this game.

        >>> game = DagGame(b=2, d=3, width=2)
        >>> game.is_state(DagState(3, 1, MIN)), game.is_state(DagState(1, 5, MAX))
        (True, False)
        """
        return s.__class__ is DagState and s in self._states

    # The protocol methods, on the searchers' hot path, apply the same test inline: a class
    # test and a lookup in the table of the game's positions.

    @checks_state
    def to_move(self, s: DagState) -> int:
        if s.__class__ is not DagState or s not in self._states:  # (is_state, inline)
            raise self.not_a_state(s)
        return s[2]

    @checks_state
    def moves(self, s: DagState) -> tuple[int, ...]:
        if s.__class__ is not DagState or s not in self._states:  # (is_state, inline)
            raise self.not_a_state(s)
        return () if s[0] >= self.d else self._moves

    @checks_state
    def result(self, s: DagState, m: int) -> DagState:
        if s.__class__ is not DagState or s not in self._states:  # (is_state, inline)
            raise self.not_a_state(s)
        if s[0] >= self.d:
            raise self.illegal(s, m)  # (the game is over)
        if m.__class__ is not int or not 0 <= m < self.b:
            k = as_int(m)  # (a numpy integer is the move it equals; a bool is none)
            if k is None or not 0 <= k < self.b:
                raise self.illegal(s, m)
            m = k
        return self._next[s][m]  # type: ignore[index]

    @checks_state
    def is_terminal(self, s: DagState) -> bool:
        if s.__class__ is not DagState or s not in self._states:  # (is_state, inline)
            raise self.not_a_state(s)
        return s[0] >= self.d

    @checks_state
    def utility(self, s: DagState, player: int = MAX) -> float:
        if s.__class__ is not DagState or s not in self._states:  # (is_state, inline)
            raise self.not_a_state(s)
        if s[0] < self.d:
            raise ValueError(f"utility is defined at the end of the game only, not at {s!r}")
        return for_player(self._payoff[s[1], s[2]], player, self)

    def evaluate(self, s: DagState) -> float:
        """A seeded static evaluation of ``s`` (MAX's view); the payoff at the end.

        >>> game = DagGame(seed=2)
        >>> game.low <= game.evaluate(game.initial) <= game.high
        True
        """
        if s[0] >= self.d:
            return self._payoff[s[1], s[2]]
        return self._eval[s]  # type: ignore[index]

    # conveniences -----------------------------------------------------------------------
    def states(self) -> list[DagState]:
        """Every position reachable from the start, level by level.

        >>> len(DagGame(b=2, d=2, width=3, seed=0).states()) <= 1 + 2 * 3 * 2
        True
        """
        seen = {self.initial}
        order, frontier = [self.initial], [self.initial]
        while frontier:
            nxt = []
            for s in frontier:
                for m in self.moves(s):
                    c = self.result(s, m)
                    if c not in seen:
                        seen.add(c)
                        order.append(c)
                        nxt.append(c)
            frontier = nxt
        return sorted(order)

    def transpositions(self) -> int:
        """How many move sequences from the start reach a position some other sequence
        reached first: the tree's nodes minus the distinct positions.

        >>> DagGame(b=2, d=3, width=100, seed=0).transpositions() <= 2 + 4 + 8
        True
        """
        paths: dict[Any, int] = {self.initial: 1}
        for s in self.states():  # sorted by level: every parent comes before its children
            for m in self.moves(s):
                c = self.result(s, m)
                paths[c] = paths.get(c, 0) + paths[s]
        return sum(paths.values()) - len(paths)

    def __repr__(self) -> str:
        extra = "".join(f", {k}={v!r}" for k, v, default in (
            ("skip", self.skip, 0.0), ("low", self.low, -9), ("high", self.high, 9),
            ("win", self.win, None), ("p_win", self.p_win, 0.0)) if v != default)
        return f"DagGame(b={self.b}, d={self.d}, width={self.width}, seed={self.seed}{extra})"
