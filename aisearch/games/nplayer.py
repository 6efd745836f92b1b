"""Games of more than two players: utility tuples, explicit trees and three-player coins.

With ``n`` players, numbered ``0 .. n-1``, a terminal state has one utility per player
(a *utility tuple*): ``utility(s, p)`` is player ``p``'s component and
:func:`utilities` gives the whole tuple. Each player tries to make its own component
large; nothing says the others are its enemies (lesson 08: max^n and paranoid search).
A game of ``n`` players declares ``players = n``; two-player games keep ``MAX = 0`` and
``MIN = 1``.

Examples
--------
>>> game = TupleTree([[(1, 2, 3), (4, 0, 2)], [(2, 2, 2), (0, 5, 1)]])
>>> game.players, game.to_move(()), game.to_move((1,))
(3, 0, 1)
>>> utilities(game, (1, 1))
(0, 5, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from aisearch.core import GameBase, as_int, check_game, is_number, number_text
from aisearch.games.tree import MAX_DEPTH, a_cycle, out_of_range, tip_in_range, too_deep, too_many

__all__ = ["utilities", "TupleTree", "Coins", "CoinsState"]

MAX_TUPLE_TREE = 100_000
"""The most nodes a TupleTree may have (max^n searches them whole)."""


def utilities(game: Any, s: Any) -> tuple:
    """The utility tuple of terminal state ``s``: every player's component, in order.

    >>> from aisearch.games import TicTacToe
    >>> utilities(TicTacToe(), TicTacToe.parse("xxx/oo./..."))
    (inf, -inf)
    """
    check_game(game, initial=False)
    return tuple(game.utility(s, p) for p in range(getattr(game, "players", 2)))


def _check_player(game: Any, player: Any) -> int:
    if player.__class__ is not int:  # (a numpy integer is the int it is, a bool is not)
        player = as_int(player, player)
    if player.__class__ is not int or not 0 <= player < game.players:
        kind = f" (a {type(player).__name__})" if player.__class__ is not int else ""
        raise ValueError(f"player must be an int from 0 to {game.players - 1} in "
                         f"{type(game).__name__}, not {player!r:.80}{kind}")
    return player


class TupleTree(GameBase):
    """An explicit tree of ``n`` players: lists are internal nodes, tuples of ``n`` numbers
    are tips (utility tuples). Players move in turn ``0, 1, ..., n-1, 0, ...`` from the
    root; a state is the path of moves from the root.

    Parameters
    ----------
    tree : list
        Nested lists; every tip is a tuple of ``n >= 2`` real numbers (the same ``n``),
        finite ones within ``±2**999``. At most 5,000 plies deep and 100,000 nodes, as a
        :class:`~aisearch.games.tree.TreeGame`'s depth is bounded; a list may not contain
        itself.

    Examples
    --------
    >>> TupleTree([(1, 2), [(0, 1, 2)]])
    Traceback (most recent call last):
    ...
    ValueError: bad tree at path (1, 0): every tip needs 2 numbers (as the first tip has), \
not (0, 1, 2)
    """

    def __init__(self, tree: Any) -> None:
        self.tree = tree
        self.initial: tuple = ()
        self._tips: dict[tuple, tuple] = {}
        self._moves: dict[tuple, tuple] = {}
        self.players = 0
        # Read once, in preorder, with TreeGame's guards: at most MAX_DEPTH plies, no list
        # inside itself (the ids of the open lists are the current path's), a bounded size.
        stack: list[Any] = [(tree, ())]
        open_ids: set[int] = set()
        nodes = 1
        while stack:
            entry = stack.pop()
            if entry.__class__ is int:  # a list's subtree is done
                open_ids.discard(entry)
                continue
            node, path = entry
            if len(path) > MAX_DEPTH:
                raise too_deep(path)
            if isinstance(node, tuple):
                self._tip(node, path)
            elif isinstance(node, list):
                if id(node) in open_ids:
                    raise a_cycle(path)
                if not node:
                    raise ValueError(f"bad tree at path {path}: an internal node needs at "
                                     "least one child")
                nodes += len(node)
                if nodes > MAX_TUPLE_TREE:
                    raise too_many(MAX_TUPLE_TREE)
                self._moves[path] = tuple(range(len(node)))
                open_ids.add(id(node))
                stack.append(id(node))
                stack.extend((child, path + (i,)) for i, child in reversed(
                    list(enumerate(node))))
            else:
                raise ValueError(f"bad tree at path {path}: {node!r:.80} is neither a tuple of "
                                 "numbers (a tip) nor a list (an internal node)")
        if not self._tips:
            raise ValueError("bad tree: it has no tips")
        low = min(min(t) for t in self._tips.values())
        self.utility_bounds = (low, max(sum(t) for t in self._tips.values()))
        self.sides = {p: f"player {p}" for p in range(self.players)}  # type: ignore[misc]

    def _tip(self, node: tuple, path: tuple) -> None:
        if not self.players:
            if len(node) < 2:
                raise ValueError(f"bad tree at path {path}: a tip is a tuple of one "
                                 f"number per player (at least 2), not {node!r:.80}")
            self.players = len(node)
        if len(node) != self.players:
            raise ValueError(f"bad tree at path {path}: every tip needs "
                             f"{self.players} numbers (as the first tip has), not "
                             f"{node!r:.80}")
        for x in node:
            if x.__class__ is not int and not is_number(x):  # (is_number refuses ints past floats)
                raise ValueError(f"bad tree at path {path}: a tip holds real numbers (not "
                                 f"NaN), not {number_text(node)}")
            if not tip_in_range(x):
                raise out_of_range(path, x)
        self._tips[path] = node
        self._moves[path] = ()

    state_help = ("a state of a TupleTree is a node: the tuple of moves from the root, such as "
                  "() or (0, 1)")

    def is_state(self, s: Any) -> bool:
        """True for a node of the tree (the tuple of moves from the root to it).

        >>> TupleTree([(1, 2), (3, 4)]).is_state((1,)), TupleTree([(1, 2)]).is_state((1,))
        (True, False)
        """
        try:
            return s.__class__ is tuple and s in self._moves
        except TypeError:  # (a tuple holding a list)
            return False

    def to_move(self, s: tuple) -> int:
        return len(s) % self.players

    def moves(self, s: tuple) -> tuple:
        return self._moves[s]

    def result(self, s: tuple, m: Any) -> tuple:
        if m.__class__ is not int or m not in self._moves[s]:
            i = as_int(m)  # (a numpy integer is the move it equals; a bool is none)
            if i is None or i not in self._moves[s]:
                raise self.illegal(s, m)
            m = i
        return s + (m,)

    def utility(self, s: tuple, player: int = 0) -> float:
        if s not in self._tips:
            raise ValueError(f"utility of {s!r}: not a tip (only terminal states have "
                             "utilities)")
        return self._tips[s][_check_player(self, player)]

    def tips(self) -> list[tuple]:
        """The utility tuples at the tips, left to right."""
        return [self._tips[p] for p in sorted(self._tips)]

    def __repr__(self) -> str:
        text = repr(self.tree) if len(self._moves) <= 60 else ""  # (no repr of huge trees)
        if not text or len(text) > 200:
            text = f"<{len(self._tips)} tips>"
        return f"TupleTree({text})"


class CoinsState(NamedTuple):
    """The coins left in the row, the players' scores so far, the player to move.

    >>> print(CoinsState((1, 5, 2), (0, 3, 0), 2))
    [1 5 2] scores 0/3/0, player 2 to move
    """

    row: tuple[int, ...]
    scores: tuple[int, ...]
    player: int

    def __str__(self) -> str:
        row = " ".join(map(str, self.row))
        return (f"[{row}] scores {'/'.join(map(str, self.scores))}, "
                f"player {self.player} to move")


class Coins(GameBase):
    """Coins in a row for ``n`` players (three by default), a game of our own for lesson 08.

    Rules: a row of coins with values lies on the table. The players take turns, player
    0 first, then 1, 2, 0, ...; a turn takes the coin at the left end (``'L'``) or at the
    right end (``'R'``) of the row (with one coin left, only ``'L'``). When the row is
    empty, each player has the sum of the coins it took. Player ``p``'s utility is
    ``n * score_p - total``: how far its score is above the average, times ``n``, so the
    utilities sum to 0 and the highest score wins.

    Examples
    --------
    >>> game = Coins((3, 1, 4, 1, 5))
    >>> s = game.result(game.initial, "R")
    >>> print(s)
    [3 1 4 1] scores 5/0/0, player 1 to move
    >>> s = game.result(game.result(game.result(game.result(s, "L"), "L"), "L"), "L")
    >>> game.is_terminal(s), utilities(game, s)
    (True, (13, -2, -11))
    """

    has_chance = False
    move_grid = (("L", "R"),)

    def __init__(self, row: Sequence[int] = (3, 9, 1, 2, 8, 4, 7), players: int = 3) -> None:
        n = as_int(players)  # (numpy integers are read as the ints they are)
        if n is None or not 2 <= n <= 6:
            raise ValueError(f"players must be an int from 2 to 6, not {players!r:.80}")
        if isinstance(row, (str, bytes)) or not isinstance(row, Sequence):
            raise TypeError(f"row must be a sequence of coin values such as (3, 1, 4), not "
                            f"{row!r:.80}")
        coins = tuple(as_int(c) for c in row) if 1 <= len(row) <= 40 else ()
        if not coins or not all(c is not None and 0 <= c <= 1000 for c in coins):
            raise ValueError(f"row must hold 1 to 40 coins, each an int from 0 to 1000, not "
                             f"{number_text(tuple(row))}")
        players = n
        self.row: tuple[int, ...] = tuple(c for c in coins if c is not None)
        self.players = players
        self.total = sum(self.row)
        self.initial = CoinsState(self.row, (0,) * players, 0)
        self.utility_bounds = (-self.total, 0)
        self.sides = {p: f"player {p}" for p in range(players)}  # type: ignore[misc]

    evaluations = ("evaluate",)
    state_help = ("a state is a CoinsState with one score per player, whose coins and scores "
                  "add up to the row's: start from game.initial")

    def is_state(self, s: Any) -> bool:
        """True for a :class:`CoinsState` of this row and number of players.

        >>> game = Coins((3, 1, 4))
        >>> game.is_state(game.initial), game.is_state(CoinsState((3, 1), (0, 0, 0), 1))
        (True, False)
        """
        return (s.__class__ is CoinsState and s.row.__class__ is tuple
                and s.scores.__class__ is tuple and len(s.scores) == self.players
                and all(v.__class__ is int for v in (*s.row, *s.scores))
                and s.player.__class__ is int and 0 <= s.player < self.players
                and sum(s.scores) + sum(s.row) == self.total)

    def to_move(self, s: CoinsState) -> int:
        return s.player

    def moves(self, s: CoinsState) -> tuple:
        n = len(s.row)
        return ("L", "R") if n > 1 else ("L",) if n else ()

    def is_terminal(self, s: CoinsState) -> bool:
        return not s.row

    def result(self, s: CoinsState, m: Any) -> CoinsState:
        row = s.row
        if m.__class__ is not str or m not in (("L", "R") if len(row) > 1 else ("L",) if row
                                               else ()):
            raise self.illegal(s, m)
        coin, row = (row[0], row[1:]) if m == "L" else (row[-1], row[:-1])
        scores = list(s.scores)
        scores[s.player] += coin
        return CoinsState(row, tuple(scores), (s.player + 1) % self.players)

    def utility(self, s: CoinsState, player: int = 0) -> float:
        if s.row:
            raise ValueError(f"utility of {s}: the game is not over (only terminal states "
                             "have utilities)")
        return self.players * s.scores[_check_player(self, player)] - self.total

    def evaluate(self, s: CoinsState) -> tuple:
        """A utility tuple for a state not yet over: the scores so far, as utilities."""
        taken = sum(s.scores)
        return tuple(self.players * x - taken for x in s.scores)

    def __repr__(self) -> str:
        extra = "" if self.players == 3 else f", players={self.players}"
        return f"Coins({self.row!r}{extra})"
