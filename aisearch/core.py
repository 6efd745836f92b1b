"""The game protocol, players, search results and game play.

A game holds rules and no mutable state; a state is an immutable, hashable value.
Players are numbers: ``MAX = 0`` moves first in two-player games, ``MIN = 1``, and
``CHANCE = -1`` marks states where a chance event (a die roll) happens.

Examples
--------
>>> from aisearch.games import TreeGame
>>> game = TreeGame([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
>>> game.to_move(game.initial) == MAX
True
>>> game.moves(game.initial)
(0, 1, 2)
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, cast, runtime_checkable

__all__ = [
    "MAX",
    "MIN",
    "CHANCE",
    "player_name",
    "Game",
    "GameBase",
    "IllegalMoveError",
    "Stats",
    "Decision",
    "GameRecord",
    "Agent",
    "play",
    "random_agent",
    "search_agent",
]

MAX = 0
MIN = 1
CHANCE = -1

S = TypeVar("S", bound=Hashable)
M = TypeVar("M", bound=Hashable)


def player_name(player: int) -> str:
    """Name of a player number: ``'MAX'``, ``'MIN'``, ``'CHANCE'`` or ``'player N'``.

    >>> player_name(MAX), player_name(MIN), player_name(CHANCE)
    ('MAX', 'MIN', 'CHANCE')
    """
    return {MAX: "MAX", MIN: "MIN", CHANCE: "CHANCE"}.get(player, f"player {player}")


@runtime_checkable
class Game(Protocol[S, M]):
    """What every game offers (DESIGN.md section 3).

    ``moves(s)`` lists the legal moves in a fixed, documented order and is empty
    exactly when ``s`` is terminal; ``result(s, m)`` returns a new state and raises
    :class:`IllegalMoveError` for an illegal ``m``; ``utility(s, player)`` is the
    payoff of a terminal state from ``player``'s point of view; at ``CHANCE`` states
    ``chance_outcomes(s)`` lists ``(outcome, probability)`` pairs summing to 1.
    """

    initial: S

    def to_move(self, s: S) -> int: ...

    def moves(self, s: S) -> Sequence[M]: ...

    def result(self, s: S, m: M) -> S: ...

    def is_terminal(self, s: S) -> bool: ...

    def utility(self, s: S, player: int = MAX) -> float: ...

    def chance_outcomes(self, s: S) -> Sequence[tuple[M, float]]: ...


class IllegalMoveError(ValueError):
    """A move that is not legal in the given state.

    The message names the move and lists the legal ones.

    >>> raise IllegalMoveError(7, [0, 1])
    Traceback (most recent call last):
    ...
    aisearch.core.IllegalMoveError: illegal move 7; legal moves: 0, 1
    """

    def __init__(self, move: Any, legal: Sequence[Any], state: Any = None, why: str = "") -> None:
        self.move, self.legal, self.state = move, tuple(legal), state
        listed = ", ".join(map(str, self.legal)) if self.legal else "none (the game is over)"
        where = f" in state {state!r}" if state is not None else ""
        reason = f" ({why})" if why else ""
        super().__init__(f"illegal move {move!r}{where}{reason}; legal moves: {listed}")


class GameBase:
    """Convenience base class with the protocol's defaults.

    Subclasses define ``initial``, ``to_move``, ``moves``, ``result`` and
    ``utility``; ``is_terminal`` defaults to "no legal moves", and
    ``chance_outcomes`` to an error (games without chance never call it).
    """

    players = 2

    def is_terminal(self, s: Any) -> bool:
        return not self.moves(s)  # type: ignore[attr-defined]

    def chance_outcomes(self, s: Any) -> Sequence[tuple[Any, float]]:
        raise ValueError(f"{type(self).__name__} has no chance states; {s!r} is not one")

    def illegal(self, s: Any, m: Any, why: str = "") -> IllegalMoveError:
        """Build the error for move ``m`` in state ``s`` (listing the legal moves)."""
        return IllegalMoveError(m, self.moves(s), s, why)  # type: ignore[attr-defined]

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


@dataclass(frozen=True, slots=True)
class Stats:
    """What a search did.

    Attributes
    ----------
    nodes : int
        States visited, the root included.
    leaves : int
        Static evaluations plus terminal utilities.
    cutoffs : int
        Times a node stopped searching its remaining moves.
    """

    nodes: int = 0
    leaves: int = 0
    cutoffs: int = 0


@dataclass(frozen=True, slots=True)
class Decision:
    """The outcome of a search.

    Attributes
    ----------
    value : float
        Backed-up value of the root, always from MAX's point of view.
    move : object or None
        The first best move in move order (``None`` at a terminal root or depth 0).
    pv : tuple
        The principal variation: the moves of best play from the root.
    stats : Stats
        Nodes, leaves and cut-offs of this search.
    """

    value: float
    move: Any
    pv: tuple = ()
    stats: Stats = field(default_factory=Stats)


@dataclass(frozen=True)
class GameRecord:
    """A played game: the states (initial first), the moves between them and the result.

    ``outcome`` is the final utility for MAX; ``winner`` is ``MAX``, ``MIN`` or
    ``None`` for a draw (or a game stopped by ``max_moves``, then ``finished`` is False).
    """

    states: tuple
    moves: tuple
    outcome: float | None
    finished: bool = True

    @property
    def winner(self) -> int | None:
        if not self.finished or self.outcome is None or self.outcome == 0:
            return None
        return MAX if self.outcome > 0 else MIN

    def __len__(self) -> int:
        return len(self.moves)


Agent = Callable[[Any, Any], Any]

if TYPE_CHECKING:

    class _SearchAgent(Protocol):
        """What :func:`search_agent` returns: an :data:`Agent` with its latest decision."""

        last: Decision | None

        def __call__(self, game: Game, state: Any, /) -> Any: ...


def play(
    game: Game,
    agents: Sequence[Agent] | Mapping[int, Agent],
    *,
    state: Any = None,
    max_moves: int | None = None,
    rng: random.Random | int | None = None,
) -> GameRecord:
    """Play a game between agents and return its record.

    Parameters
    ----------
    game : Game
        The rules.
    agents : sequence or mapping
        ``agents[player]`` is called as ``agent(game, state)`` and returns a move.
    state : optional
        Start here instead of ``game.initial``.
    max_moves : int, optional
        Stop unfinished after this many moves (for games that can cycle).
    rng : random.Random or int, optional
        Samples the chance outcomes (seeded for reproducible games).

    Examples
    --------
    >>> from aisearch.games import TreeGame
    >>> from aisearch.search import alphabeta
    >>> game = TreeGame([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> record = play(game, [search_agent(alphabeta), search_agent(alphabeta)])
    >>> record.moves, record.outcome
    ((0, 0), 3)
    """
    if isinstance(rng, int) or rng is None:
        rng = random.Random(rng)
    s = game.initial if state is None else state
    moves: list[Any]
    states, moves = [s], []
    while not game.is_terminal(s):
        if max_moves is not None and len(moves) >= max_moves:
            return GameRecord(tuple(states), tuple(moves), None, finished=False)
        player = game.to_move(s)
        if player == CHANCE:
            outcomes, weights = zip(*game.chance_outcomes(s), strict=True)
            m = rng.choices(outcomes, weights)[0]
        else:
            try:
                agent = agents[player]
            except (IndexError, KeyError):
                raise ValueError(f"no agent for {player_name(player)} (player {player})") from None
            m = agent(game, s)
        s = game.result(s, m)
        states.append(s)
        moves.append(m)
    return GameRecord(tuple(states), tuple(moves), game.utility(s, MAX))


def random_agent(seed: int | None = None) -> Agent:
    """An agent that picks a uniformly random legal move, reproducibly for a seed.

    >>> from aisearch.games import TreeGame
    >>> game = TreeGame([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> agent = random_agent(seed=1)
    >>> agent(game, game.initial) in game.moves(game.initial)
    True
    """
    rng = random.Random(seed)

    def agent(game: Game, state: Any) -> Any:
        return rng.choice(list(game.moves(state)))

    agent.__name__ = f"random_agent(seed={seed})"
    return agent


def search_agent(
    search: Callable[..., Decision], depth: int | None = None, **options: Any
) -> _SearchAgent:
    """Turn a searcher into an agent that plays its decision's move.

    The agent keeps its latest :class:`Decision` in ``agent.last`` (for widgets).

    >>> from aisearch.games import TreeGame
    >>> from aisearch.search import minimax
    >>> game = TreeGame([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> agent = search_agent(minimax)
    >>> agent(game, game.initial), agent.last.value
    (0, 3)
    """

    def agent(game: Game, state: Any) -> Any:
        decision = search(game, state, depth, **options)
        agent.last = decision  # type: ignore[attr-defined]
        return decision.move

    agent.last = None  # type: ignore[attr-defined]
    agent.__name__ = f"{getattr(search, '__name__', 'search')}(depth={depth})"
    return cast("_SearchAgent", agent)  # the function, with the attribute set above


def is_number(x: Any) -> bool:
    """True for real numbers (ints, floats, numpy scalars), False for bools and NaN."""
    if isinstance(x, bool):
        return False
    try:
        return not math.isnan(float(x))
    except (TypeError, ValueError):
        return False
