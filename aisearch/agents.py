"""Agents and game play: ``agent(game, state) -> move``, and :func:`play` between agents.

An agent is any callable taking the game and a state and returning a legal move.
:func:`search_agent` turns a searcher into one (fixed depth); :func:`anytime_agent` turns
an anytime searcher (a generator of ever better decisions, such as iterative deepening)
into one that stops at a node or time budget and plays the last decision it completed.

Examples
--------
>>> from aisearch.games import TicTacToe
>>> from aisearch.search import alphabeta, iterative_deepening
>>> game = TicTacToe()
>>> budgeted = anytime_agent(iterative_deepening, nodes=300, evaluate=game.nilsson_eval)
>>> record = play(game, [search_agent(alphabeta), budgeted])
>>> record.finished, record.outcome
(True, 0)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, cast

from aisearch.core import (
    CHANCE,
    MAX,
    MIN,
    Game,
    as_int,
    check_game,
    check_seed,
    outcome_sampler,
    player_name,
    type_note,
    unwrap,
)
from aisearch.results import Decision
from aisearch.search.runtime.checks import check_decision_state
from aisearch.values import as_limit

__all__ = ["Agent", "GameRecord", "play", "random_agent", "search_agent", "anytime_agent",
           "CYCLE_LIMIT", "check_depth", "check_decision_state"]

# Chance's throws in play, for every game played in this process: a game's outcome tuple (the
# same at every throw) is checked and summed once, not once per game (a match plays thousands).
_draw = outcome_sampler()

Agent = Callable[[Any, Any], Any]
CYCLE_LIMIT = 1_000
"""Moves after which :func:`play` stops a game that declares it can cycle (``game.cycles``)."""


def _players(game: Any) -> int:
    """How many players take turns in ``game`` (its ``players``; 2 unless it says)."""
    n = as_int(getattr(game, "players", 2))
    return n if n is not None and n >= 2 else 2


@dataclass(frozen=True)
class GameRecord:
    """A played game: the states (initial first), the moves between them and the result.

    ``outcome`` is the final utility for MAX; ``winner`` is ``MAX``, ``MIN`` or
    ``None`` for a draw (or a game stopped by ``max_moves``, then ``finished`` is False).

    Examples
    --------
    >>> from aisearch.games import TicTacToe
    >>> record = play(TicTacToe(), [random_agent(0), random_agent(1)])
    >>> record.moves, record.winner, record.outcome, record.finished
    ((6, 2, 8, 5, 4, 0, 1, 7, 3), None, 0, True)
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


if TYPE_CHECKING:

    class _SearchAgent(Protocol):
        """What the agent factories return: an :data:`Agent` with its latest decision."""

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
        Stop unfinished after this many moves. A game that can go on for ever declares it
        (``game.cycles``, e.g. the two robots without a ply limit) and stops after
        :data:`CYCLE_LIMIT` moves unless told otherwise.
    rng : random.Random or int, optional
        Samples the chance outcomes (seeded for reproducible games), as ``rng.choices``
        would; they are checked first (:func:`~aisearch.core.check_outcomes`).

    Examples
    --------
    >>> from aisearch.games import TreeGame
    >>> from aisearch.search import alphabeta
    >>> game = TreeGame([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> record = play(game, [search_agent(alphabeta), search_agent(alphabeta)])
    >>> record.moves, record.outcome
    ((0, 0), 3)
    """
    check_game(game)
    if not isinstance(agents, (Sequence, Mapping)) or isinstance(agents, str):
        raise TypeError(f"agents must be a list of agents indexed by player (MAX first) or a "
                        f"dict {{player: agent}}, not {agents!r:.80}")
    for a in (agents.values() if isinstance(agents, Mapping) else agents):
        if not callable(a):
            raise TypeError(f"an agent is a callable agent(game, state) -> move, not {a!r:.80}")
    n = _players(game)
    extra = ([p for p in agents if as_int(p) not in range(n)]
             if isinstance(agents, Mapping) else list(range(n, len(agents))))
    if extra:
        raise ValueError(f"agents are given for players {', '.join(map(repr, extra))}, which "
                         f"{type(unwrap(game)).__name__} does not have: its {n} players are "
                         f"numbered 0 to {n - 1} (MAX is 0, MIN 1), one agent each")
    if max_moves is None and getattr(unwrap(game), "cycles", False):
        max_moves = CYCLE_LIMIT
    max_moves = as_limit(max_moves, "max_moves", 0)
    if as_int(rng) is not None:
        rng = random.Random(as_int(rng))
    elif rng is None:
        rng = random.Random()
    elif not isinstance(rng, random.Random):
        raise TypeError(f"rng must be a random.Random, an int seed or None, not "
                        f"{rng!r:.80}{type_note(rng)}")
    s = game.initial if state is None else state
    moves: list[Any]
    states, moves = [s], []
    while not game.is_terminal(s):
        if max_moves is not None and len(moves) >= max_moves:
            return GameRecord(tuple(states), tuple(moves), None, finished=False)
        player = game.to_move(s)
        if player == CHANCE:
            m = _draw(s, game.chance_outcomes(s), rng)
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
    if as_int(seed) is not None:
        seed = as_int(seed)
    check_seed(seed)
    rng = random.Random(seed)

    def agent(game: Game, state: Any) -> Any:
        check_decision_state(game, state, agent.__name__)
        return rng.choice(list(game.moves(state)))

    agent.__name__ = f"random_agent(seed={seed})"
    return agent


def _describe(search: Callable[..., Any]) -> Any:
    from aisearch.search.registry import describe

    return describe(search, strict=False)


def check_depth(depth: Any) -> int | None:
    """A depth an agent can play with: at least one ply, or None (to the end); returned as
    an int (numpy's ints are ints too).

    >>> check_depth(0)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: depth must be an int of at least 1 ... not 0: at depth 0 the agent sees no move
    """
    if depth is None:
        return None
    d = as_int(depth)
    if d is None or d < 1:
        why = ": at depth 0 the agent sees no move" if d == 0 else ""
        raise ValueError("depth must be an int of at least 1 (plies the agent looks ahead) or "
                         f"None (to the end), not {depth!r:.80}{type_note(depth)}{why}")
    return d


def search_agent(
    search: Callable[..., Decision], depth: int | None = None, **options: Any
) -> _SearchAgent:
    """Turn a searcher into an agent that plays its decision's move.

    The agent keeps its latest :class:`~aisearch.results.Decision` in ``agent.last`` (for
    widgets). For a searcher of the package, unknown options are refused at once. An
    anytime searcher (a generator) is run to ``depth`` and its last decision played; for a
    node or time budget use :func:`anytime_agent`.

    >>> from aisearch.games import TreeGame
    >>> from aisearch.search import minimax
    >>> game = TreeGame([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> agent = search_agent(minimax)
    >>> agent(game, game.initial), agent.last.value
    (0, 3)
    >>> search_agent(minimax, 2, evalute=abs)
    Traceback (most recent call last):
    ...
    TypeError: minimax takes no option 'evalute'; its options are: evaluate, order, \
prune_on_equal, fastest_wins, tracer
    """
    from aisearch.search.runtime import check_tracer

    if not callable(search) or isinstance(search, type):
        raise TypeError(f"search must be a searcher such as alphabeta, not {search!r:.80}")
    info = _describe(search)
    if info is not None:
        info.check_options(options)
        if info.anytime:
            if depth is None:
                raise ValueError(f"{info.name} is an anytime search: give it a depth, or use "
                                 f"anytime_agent({info.name}, nodes=..., seconds=...)")
            return anytime_agent(search, depth=depth, **options)
    depth = check_depth(depth)
    for name in ("evaluate", "order"):
        f = options.get(name)
        if f is not None and not callable(f):
            raise TypeError(f"{name} must be callable or None, not {f!r:.80}")
    check_tracer(options.get("tracer"))
    name = getattr(search, "__name__", "search")

    def agent(game: Game, state: Any) -> Any:
        check_decision_state(game, state, agent.__name__)
        decision = search(game, state, depth, **options)
        if not isinstance(decision, Decision):
            raise TypeError(f"the searcher {name} must return a Decision (value, move, pv, "
                            f"stats), as alphabeta does; it returned {decision!r:.80}")
        agent.last = decision  # type: ignore[attr-defined]
        return decision.move

    agent.last = None  # type: ignore[attr-defined]
    agent.__name__ = f"{name}(depth={depth})"
    return cast("_SearchAgent", agent)  # the function, with the attribute set above


def anytime_agent(
    search: Callable[..., Any], /, *, depth: int | None = None, nodes: int | None = None,
    seconds: float | None = None, **options: Any
) -> _SearchAgent:
    """An agent that runs an anytime searcher under a budget and plays its last decision.

    Each move gets a fresh :class:`~aisearch.search.Budget` of ``nodes`` generated
    states and/or ``seconds`` (the agent owns the clock, started when it is asked to move).
    The searcher yields one decision per completed iteration; when the budget runs out in
    the middle of one, that unfinished iteration is dropped and the agent plays the move of
    the last completed one (iterative deepening: the deepest finished depth). If not even
    the first iteration finished, it plays the first legal move and says so in
    ``agent.last`` (``None``). A node budget makes games reproducible; a time budget does
    not.

    Parameters
    ----------
    search : anytime searcher
        E.g. :func:`~aisearch.search.iterative_deepening`.
    depth : int, optional
        Deepest iteration (``None``: until the budget or the game tree runs out).
    nodes, seconds : optional
        The budget per move; at least one of them, or ``depth``.
    **options
        Passed to the searcher (``evaluate``, ``order``, ...; iterative deepening's own
        ``search=`` and ``table=`` too).

    Examples
    --------
    >>> from aisearch.games import TicTacToe
    >>> from aisearch.search import iterative_deepening
    >>> agent = anytime_agent(iterative_deepening, nodes=200,
    ...                       evaluate=TicTacToe.nilsson_eval)
    >>> agent(TicTacToe(), TicTacToe.initial), agent.last.depth
    (4, 2)
    """
    from aisearch.search.runtime import check_tracer
    from aisearch.search.runtime.anytime import Budget, run_anytime

    if not callable(search) or isinstance(search, type):
        raise TypeError(f"search must be an anytime searcher such as iterative_deepening, not "
                        f"{search!r:.80}")
    info = _describe(search)
    if info is not None:
        if not info.anytime:
            raise TypeError(f"{info.name} is not an anytime search; use search_agent({info.name}"
                            ", depth)")
        info.check_options({**options, "budget": None})
    if depth is None and nodes is None and seconds is None:
        raise ValueError("an anytime agent needs a depth, a node budget or a time budget")
    depth = as_limit(depth, "depth", 1, " (the deepest iteration)")
    Budget(nodes=nodes, seconds=seconds)  # checks them now, not at the first move
    check_tracer(options.get("tracer"))
    name = getattr(search, "__name__", "search")
    depthless = info is not None and not info.convention.depth  # MCTS: iterations, no depth
    if depthless:
        if depth is not None:
            raise ValueError(f"{info.name} takes no depth: give it a node or time budget")
        if "iterations" in info.options:
            options.setdefault("iterations", None)  # the budget alone ends the search

    def agent(game: Game, state: Any) -> Any:
        check_decision_state(game, state, agent.__name__)
        budget = Budget(nodes=nodes, seconds=seconds)
        args = () if depthless else (depth,)
        decision = run_anytime(search(game, state, *args, budget=budget, **options))
        if decision is not None and not isinstance(decision, Decision):
            raise TypeError(f"the anytime searcher {name} must yield Decisions (value, move, "
                            f"pv, stats), as iterative_deepening does; it yielded "
                            f"{decision!r:.80}")
        agent.last = decision  # type: ignore[attr-defined]
        if decision is None or decision.move is None:
            return game.moves(state)[0]
        return decision.move

    agent.last = None  # type: ignore[attr-defined]
    limits = [f"{k}={v}" for k, v in (("depth", depth), ("nodes", nodes), ("seconds", seconds))
              if v is not None]
    agent.__name__ = f"{name}({', '.join(limits)})"
    return cast("_SearchAgent", agent)
