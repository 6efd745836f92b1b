"""Exact solvers: retrograde analysis of finite two-player zero-sum games.

Tree search cannot settle a game that cycles, like the two robots without a ply
limit (Nilsson 12.1). Retrograde analysis works backwards over the whole state
graph instead: label the terminal states, then repeatedly label a state won for
the player to move if *some* move reaches a state lost for the opponent, and lost
if *every* move reaches a state won for the opponent. States never labelled are
draws: neither side can force an end, so best play goes on for ever.

Examples
--------
>>> from aisearch.games.robots import TwoRobots
>>> game = TwoRobots.parse('B..W')
>>> solution = retrograde(game)
>>> solution[game.initial]
Outcome(value=1, plies=5)
>>> solution.pv(game.initial)
('E', 'W', 'W', 'W', 'E')
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable, Collection, Hashable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from aisearch.core import CHANCE, MAX, MIN, Game, as_int, check_game, player_name, type_note
from aisearch.search.runtime.run import unchecked

__all__ = ["Outcome", "Solution", "NotSolvedError", "retrograde"]

LIMIT = 2_000_000


@dataclass(frozen=True, slots=True)
class Outcome:
    """The exact result of a state under best play.

    Attributes
    ----------
    value : int
        +1 if MAX wins, -1 if MIN wins, 0 for a draw (always MAX's point of view).
    plies : float
        Moves to the end when the winner wins as fast as it can and the loser holds
        out as long as it can; 0 at a terminal state, ``inf`` for a non-terminal draw.

    >>> Outcome(1, 3).winner == MAX, Outcome(0, math.inf).winner
    (True, None)
    """

    value: int
    plies: float

    @property
    def winner(self) -> int | None:
        """``MAX``, ``MIN`` or ``None`` (a draw)."""
        return None if self.value == 0 else (MAX if self.value > 0 else MIN)


class NotSolvedError(KeyError, ValueError):
    """A state a :class:`Solution` does not hold (a KeyError, so ``in`` and ``get`` work as for
    any mapping; a ValueError, as a wrong argument). Its message says what the solution holds.
    """

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""


class Solution(Mapping[Hashable, Outcome]):
    """Every solved state mapped to its :class:`Outcome`; made by :func:`retrograde`.

    >>> from aisearch.games.robots import TwoRobots
    >>> game = TwoRobots.parse('B.W')
    >>> solution = retrograde(game)
    >>> len(solution), solution.value(game.initial), solution.plies(game.initial)
    (3, 1, 2)
    >>> solution.best_move(game.initial)
    'E'
    """

    def __init__(self, game: Game, values: dict, plies: dict) -> None:
        self.game = game
        self._values, self._plies = values, plies

    def __getitem__(self, s: Hashable) -> Outcome:
        return Outcome(self.value(s), self._plies[s])

    def _missing(self, s: Any) -> NotSolvedError:
        """The error for a value that is not a state this solution holds."""
        why = ""
        checker = getattr(self.game, "is_state", None)
        try:
            if callable(checker) and not checker(s):
                why = f": it is not a state of {self.game!r:.80}"
        except Exception:  # noqa: BLE001 - (a foreign game's check may fail any way)
            pass
        return NotSolvedError(f"{s!r:.80} is not among the {len(self):,} states this solution "
                              f"solved{why or ' (the states reachable from where it started)'}")

    def __iter__(self) -> Iterator[Hashable]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def __repr__(self) -> str:
        c = self.counts()
        return f"<Solution of {len(self)} states: {c[1]} MAX wins, {c[-1]} MIN wins, {c[0]} draws>"

    def value(self, s: Hashable) -> int:
        """+1, 0 or -1: the value of ``s`` for MAX under best play.

        >>> from aisearch.games.robots import TwoRobots
        >>> game = TwoRobots(2, 2, black=(0, 0), white=(0, 1))
        >>> retrograde(game).value(game.initial)  # Black evades for ever
        0
        """
        try:
            return self._values[s]
        except (KeyError, TypeError):
            raise self._missing(s) from None

    def plies(self, s: Hashable) -> float:
        """Moves to the end under best play (``inf`` for a draw that goes on).

        >>> from aisearch.games.robots import TwoRobots
        >>> retrograde(TwoRobots.parse('BW')).plies(TwoRobots.parse('BW').initial)
        1
        """
        self.value(s)  # (a state it does not hold is an error saying so)
        return self._plies[s]

    def counts(self) -> dict[int, int]:
        """How many states have each value: ``{1: MAX wins, 0: draws, -1: MIN wins}``.

        >>> from aisearch.games.robots import TwoRobots
        >>> retrograde(TwoRobots.parse('B.W')).counts()
        {1: 3, 0: 0, -1: 0}
        """
        counts = {1: 0, 0: 0, -1: 0}
        for v in self._values.values():
            counts[v] += 1
        return counts

    def best_move(self, s: Hashable) -> Any:
        """An optimal move: fastest win, slowest loss, or keeping a draw; None at the end.

        Ties go to the first such move in the game's move order.

        >>> from aisearch.games.robots import TwoRobots
        >>> game = TwoRobots.parse('B..W')
        >>> retrograde(game).best_move(game.initial)
        'E'
        """
        want, plies = self.value(s), self._plies[s]
        moves = self.game.moves(s)
        if not moves:
            return None
        for m in moves:
            t = self.game.result(s, m)
            if self._values[t] == want and (want == 0 or self._plies[t] == plies - 1):
                return m
        raise AssertionError(f"no move keeps value {want} in {s!r}")  # pragma: no cover

    def pv(self, s: Hashable, max_moves: int = 100) -> tuple:
        """The moves of best play from ``s`` to the end (at most ``max_moves`` for draws).

        >>> from aisearch.games.robots import TwoRobots
        >>> game = TwoRobots.parse('B.W')
        >>> retrograde(game).pv(game.initial)
        ('E', 'W')
        """
        n = as_int(max_moves, -1)
        if n < 0:
            raise ValueError(f"max_moves must be a non-negative int (the longest line given), "
                             f"not {max_moves!r:.80}{type_note(max_moves)}")
        max_moves = n
        line: list[Any] = []
        while len(line) < max_moves and (m := self.best_move(s)) is not None:
            line.append(m)
            s = self.game.result(s, m)
        return tuple(line)


def _sign(x: float) -> int:
    return (x > 0) - (x < 0)


def _check_arguments(game: Any, states: Any, limit: Any) -> None:
    """Refuse what :func:`retrograde` cannot solve, saying what it needs."""
    check_game(game)
    if as_int(limit, 0) < 1:
        raise ValueError(f"limit must be a positive int (the most states to solve), not "
                         f"{limit!r}")
    if states is not None and (isinstance(states, (str, bytes)) or not isinstance(states,
                                                                              Iterable)):
        raise TypeError(f"states must be an iterable of the game's states (closed under moves) "
                        f"or None (all states reachable from the start), not {states!r:.80}")
    if states is not None and _is_a_state(game, states):
        raise TypeError(f"states must be an iterable of states, not one state ({states!r:.80}): "
                        "pass [state] and every state it leads to, or None for every state "
                        "reachable from game.initial")
    if isinstance(states, Collection) and not isinstance(states, Iterator):  # (read, not used up)
        if not states:
            raise _no_states()
        for s in states:
            _check_state(game, s)
    players = getattr(game, "players", 2)
    if players != 2:
        raise ValueError(f"retrograde() solves two-player games; {game!r} has {players} players")


def _no_states() -> ValueError:
    return ValueError("states is empty: give the states to solve (at least one, closed under "
                      "moves), or None for every state reachable from game.initial")


def _is_a_state(game: Any, x: Any) -> bool:
    """True if ``game`` takes ``x`` for one of its states (its ``to_move`` answers)."""
    try:
        game.to_move(x)
    except (ValueError, TypeError, KeyError, IndexError, AttributeError):
        return False
    return True


def _check_state(game: Any, s: Any) -> None:
    """Refuse an entry of ``states`` that is not a state of ``game``, saying what the game
    said of it."""
    try:
        game.to_move(s)
    except (ValueError, TypeError) as e:
        raise ValueError(f"states holds {s!r:.80}, which is not a state of {game!r:.80}: "
                         f"{e}") from None


def retrograde(
    game: Game, states: Iterable[Hashable] | None = None, *, limit: int = LIMIT
) -> Solution:
    """Solve a finite two-player zero-sum game exactly, cycles included.

    Parameters
    ----------
    game : Game
        Players ``MAX`` and ``MIN`` only: chance states and n-player games are refused.
        Only the sign of ``utility(s, MAX)`` counts (win, draw, loss).
    states : iterable, optional
        The states to solve; they must be closed under moves. By default, every
        state reachable from ``game.initial`` (found breadth-first).
    limit : int
        Refuse games with more states than this (default 2,000,000).

    Returns
    -------
    Solution
        A mapping from each state to its :class:`Outcome` (value for MAX, plies to the end).

    Notes
    -----
    Terminal states get their utility and distance 0. Working outwards from them in
    order of distance, a state is won for its mover as soon as some successor is won
    for the mover (distance 1 + that successor's, the shortest), and lost once the
    last of its successors turns out lost for the mover (1 + the longest). Counters
    of the successors not yet known to be lost make each step constant time. What
    is never labelled is a draw. Movers need not alternate.

    Examples
    --------
    >>> from aisearch.games.robots import TwoRobots
    >>> game = TwoRobots(3, 3)  # corners of one colour: White catches Black
    >>> retrograde(game)[game.initial]
    Outcome(value=1, plies=6)
    """
    _check_arguments(game, states, limit)
    # The states are numbered once, in the order found (one look-up per move); the
    # labelling below works on lists indexed by those numbers.
    index: dict[Hashable, int] = {}
    nodes: list[Hashable] = []
    succ: list[list[int]] = []
    if states is None:
        index[game.initial] = 0
        nodes.append(game.initial)
    else:
        for s in states:
            if s not in index:
                _check_state(game, s)
                if len(nodes) >= limit:
                    raise _too_big(game, limit)
                index[s] = len(nodes)
                nodes.append(s)
        if not nodes:
            raise _no_states()
    moves, to_move, result = _rules(game, nodes[0])
    for s in nodes:  # (found from the start, it grows while it is read: breadth-first)
        kids = []
        for m in moves(s):
            t = result(s, m)
            k = index.get(t)
            if k is None:
                if states is not None:
                    raise ValueError(
                        f"states are not closed under moves: {t!r} (from {s!r}) is missing"
                    )
                if len(nodes) >= limit:
                    raise _too_big(game, limit)
                k = index[t] = len(nodes)
                nodes.append(t)
            kids.append(k)
        succ.append(kids)
    del index

    # From here on a state is its number: s and t below are numbers, nodes[s] the state.
    n = len(nodes)
    value, ply = [0] * n, [0.0] * n  # MAX's value of s and its plies to the end
    labelled = [False] * n
    order: list[int] = []  # the states in the order they are labelled
    preds: list[list[int]] = [[] for _ in range(n)]
    left = [0] * n  # moves of s not yet known to lose
    queue: deque[int] = deque()
    for s, kids in enumerate(succ):
        if kids:
            left[s] = len(kids)
            for t in kids:
                preds[t].append(s)
        else:
            v = _sign(game.utility(nodes[s], MAX))
            if _sign(game.utility(nodes[s], MIN)) != -v:
                raise ValueError(f"retrograde() needs a zero-sum game; utilities of "
                                 f"{nodes[s]!r} disagree")
            value[s], ply[s], labelled[s] = v, 0, True
            order.append(s)
            if v:
                queue.append(s)
    del succ
    while queue:  # states leave the queue in order of distance to the end
        t = queue.popleft()
        v, d = value[t], ply[t] + 1
        for s in preds[t]:
            if labelled[s]:
                continue
            if v == (1 if to_move(nodes[s]) == MAX else -1):
                # s moves to t and wins: the first such t is the nearest
                value[s], ply[s], labelled[s] = v, d, True
                order.append(s)
                queue.append(s)
            else:
                left[s] -= 1
                if left[s] == 0:  # every move of s loses: t, the last, is the farthest
                    value[s], ply[s], labelled[s] = v, d, True
                    order.append(s)
                    queue.append(s)
    for s in range(n):
        if not labelled[s]:  # never labelled: a draw
            ply[s] = math.inf
            order.append(s)
    values = {nodes[s]: value[s] for s in order}
    plies = {nodes[s]: ply[s] for s in order}
    return Solution(game, values, plies)


def _rules(game: Game, root: Hashable) -> tuple[Callable[[Any], list], Callable[[Any], Any],
                                                Callable[[Any, Any], Any]]:
    """``moves(s)``, ``to_move(s)`` and ``result(s, m)`` for the states found from ``root``
    (checked: the game's initial state or the states given): the game's unchecked functions
    where it offers them (:meth:`~aisearch.core.GameBase.unchecked`), else its methods.
    ``moves`` refuses chance and n-player states with a clear message."""
    fast = unchecked(game, root, utility=False)
    game_moves, to_move = fast.get("moves", game.moves), fast.get("to_move", game.to_move)

    def moves(s: Hashable) -> list:
        ms = list(game_moves(s))
        if ms:
            player = to_move(s)
            if player == CHANCE:
                raise ValueError(
                    f"retrograde() solves games without chance; {s!r} is a CHANCE state "
                    "(use an expectation-based solver for games of chance)"
                )
            if player not in (MAX, MIN):
                raise ValueError(
                    f"retrograde() solves two-player games; {player_name(player)} moves in {s!r}"
                )
        return ms

    return moves, to_move, fast.get("result", game.result)


def _too_big(game: Game, limit: int) -> ValueError:
    return ValueError(
        f"{game!r} has more than {limit:,} states; pass a larger limit= if memory allows"
    )
