"""Measuring a learned evaluator against the exact optimum: matches and value errors.

Two yardsticks, both only possible because the game is solved exactly
(:func:`aisearch.solve_chance.nannon_solution`):

- :func:`match`: the win rate of one agent against another over many seeded games, sides
  alternated and each pair of games played with the same dice, with a 95 % confidence
  interval. The optimal player against itself wins 50 %.
- :func:`value_error`: how far an evaluation's P(MAX wins) lies from the true one, averaged
  over every position of the game.

Examples
--------
>>> from aisearch.games.pig import Pig
>>> from aisearch.agents import random_agent
>>> game = Pig(goal=6)
>>> result = match(game, game.hold_at(2), random_agent(seed=0), 200, seed=1)
>>> result.games, result.rate > 0.5
(200, True)
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from aisearch.agents import play
from aisearch.core import CHANCE, MAX, Game, as_int, check_game, is_number, unwrap
from aisearch.learn.models import learn_seed

__all__ = ["MatchResult", "match", "value_error", "MATCH_MOVES"]

MATCH_MOVES = 100_000
"""The most moves of a game in :func:`match` (a game that does not declare it can cycle)."""

Z95 = 1.959963984540054  # the 97.5 % point of the standard normal distribution


@dataclass(frozen=True)
class MatchResult:
    """The result of a match: ``wins`` of the first agent (a draw counts a half) in ``games``.

    ``rate`` is the win rate and ``low``, ``high`` its 95 % confidence interval (Wilson's
    score interval, which stays inside [0, 1] near the ends).

    Examples
    --------
    >>> r = MatchResult(wins=4_800, games=10_000)
    >>> round(r.rate, 3), round(r.low, 4), round(r.high, 4)
    (0.48, 0.4702, 0.4898)
    >>> print(r)
    48.0 % wins (95 % CI 47.0-49.0 %) over 10,000 games
    """

    wins: float
    games: int

    def __post_init__(self) -> None:
        if as_int(self.games, -1) < 0:
            raise ValueError(f"games must be a non-negative int, not {self.games!r}")
        if not is_number(self.wins) \
                or not 0 <= self.wins <= self.games:
            raise ValueError(f"wins must be a number from 0 to games ({self.games}), not "
                             f"{self.wins!r}")

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else float("nan")

    def _wilson(self) -> tuple[float, float]:
        n, p, z = self.games, self.rate, Z95
        if not n:
            return float("nan"), float("nan")
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return centre - half, centre + half

    @property
    def low(self) -> float:
        return self._wilson()[0]

    @property
    def high(self) -> float:
        return self._wilson()[1]

    def __str__(self) -> str:
        return (f"{100 * self.rate:.1f} % wins (95 % CI {100 * self.low:.1f}-"
                f"{100 * self.high:.1f} %) over {self.games:,} games")


def match(game: Game, agent_a: Callable[..., Any], agent_b: Callable[..., Any], games: int, *,
          seed: int, progress: bool = False, max_moves: int | None = None) -> MatchResult:
    """Play ``agent_a`` against ``agent_b``; return ``agent_a``'s wins.

    Game ``i`` gives ``agent_a`` MAX when ``i`` is even and MIN when odd; games ``2k`` and
    ``2k + 1`` throw the same dice (seeded from ``seed`` and ``k``), so luck cancels out as far
    as the two sides' play lets it (duplicate play). A game still unfinished after
    ``max_moves`` moves counts as a draw: two agents that pass for ever (in Pig, each holding
    a turn total of 0) draw instead of playing on.

    Parameters
    ----------
    game : Game
        Two players, chance allowed.
    agent_a, agent_b : callable
        Agents ``agent(game, state) -> move``.
    games : int
        Games to play (>= 1).
    seed : int
        Seeds the dice (an int >= 0).
    progress : bool
        Show a progress bar (tqdm).
    max_moves : int, optional
        The most moves of a game; by default :data:`MATCH_MOVES`, or
        :data:`~aisearch.agents.CYCLE_LIMIT` for a game that declares it can cycle (as
        :func:`~aisearch.agents.play` stops it).

    Returns
    -------
    MatchResult

    Examples
    --------
    The shipped network, one ply deep, against a player that moves at random:

    >>> from aisearch import random_agent
    >>> from aisearch.games import Nannon
    >>> from aisearch.learn import greedy_agent, learned_evaluate, nannon_features, shipped
    >>> game = Nannon()
    >>> learned = greedy_agent(game, learned_evaluate(shipped("nannon"), nannon_features))
    >>> result = match(game, learned, random_agent(0), 20, seed=1)
    >>> result.wins, result.games
    (15.0, 20)
    >>> print(result)
    75.0 % wins (95 % CI 53.1-88.8 %) over 20 games
    """
    check_game(game)
    for name, agent in (("agent_a", agent_a), ("agent_b", agent_b)):
        if not callable(agent):
            raise TypeError(f"{name} must be an agent(game, state) -> move, not {agent!r:.80}")
    if as_int(games, 0) < 1:
        raise ValueError(f"games must be a positive int, not {games!r}")
    seed = learn_seed(seed)
    if progress.__class__ is not bool:
        raise TypeError(f"progress must be True or False, not {progress!r}")
    limit = max_moves if max_moves is not None else None if getattr(
        unwrap(game), "cycles", False) else MATCH_MOVES
    rounds: Any = range(games)
    if progress:
        from tqdm.auto import tqdm

        rounds = tqdm(rounds, desc="match", unit=" games", mininterval=0.5)
    wins = 0.0
    for i in rounds:
        a_side = MAX if i % 2 == 0 else 1 - MAX
        agents = [agent_a, agent_b] if a_side == MAX else [agent_b, agent_a]
        record = play(game, agents, max_moves=limit,
                      rng=random.Random(seed * 1_000_003 + i // 2))
        outcome = record.outcome or 0.0  # (None: unfinished, a draw)
        if outcome == 0:
            wins += 0.5
        elif (outcome > 0) == (a_side == MAX):
            wins += 1.0
    return MatchResult(wins, games)


KINDS = ("decision", "chance", "all")


def _pick(solution: Any, kind: str) -> list[int]:
    if kind not in KINDS:
        raise ValueError(f"kind must be one of {', '.join(KINDS)}, not {kind!r}")
    game = solution.game
    picked = []
    for i, s in enumerate(solution.states):
        if game.is_terminal(s):
            continue
        chance = game.to_move(s) == CHANCE
        if kind == "all" or (kind == "chance") == chance:
            picked.append(i)
    return picked


def _check_solution(solution: Any) -> None:
    from aisearch.solve_chance import ChanceSolution

    if not isinstance(solution, ChanceSolution):
        raise TypeError(f"solution must be a ChanceSolution (e.g. nannon_solution()), not "
                        f"{solution!r:.80}")


def _solution_rows(solution: Any, encode: Callable[[Any], Any], kind: str = "decision"
                   ) -> tuple[np.ndarray, np.ndarray]:
    """Features and true P(MAX wins) of the solution's states of ``kind`` (for the curve)."""
    _check_solution(solution)
    picked = _pick(solution, kind)
    xs = np.array([encode(solution.states[i]) for i in picked], dtype=np.float64)
    values = solution.values[picked]
    win = float(getattr(solution.game, "win", 1) or 1)
    if math.isinf(win):  # (a win of inf, a loss of -inf, a draw 0: read by their signs)
        return xs, (np.sign(values) + 1) / 2
    return xs, (values / win + 1) / 2


def value_error(evaluate: Callable[[Any], float], solution: Any, *, kind: str = "decision"
                ) -> float:
    """Mean absolute error of the P(MAX wins) that ``evaluate`` implies, over a game's states.

    ``evaluate(s)`` is on the payoff scale (MAX's view, a win ``+win``, a loss ``-win``), so
    it implies ``p = (evaluate(s) / win + 1) / 2``; the truth is the exact solution's.

    Parameters
    ----------
    evaluate : callable
        ``evaluate(state) -> float``, e.g. from :func:`~aisearch.learn.learned_evaluate`.
    solution : ChanceSolution
        The exact solution (e.g. ``nannon_solution()``).
    kind : {"decision", "chance", "all"}
        Which non-terminal states: ``"decision"`` (default) the states where a player moves
        with the die thrown; ``"chance"`` the states before a throw (the afterstates a 1-ply
        player compares, and the opening); ``"all"`` both.

    Returns
    -------
    float
        0 for an exact evaluation. An evaluation within ``±win`` implies a probability and
        the error is at most 1; one beyond it (``5`` in a game won at 1) is not clipped: it
        claims more than a certain win, and its error is counted in full (2.5 there), so
        an evaluation on the wrong scale shows instead of passing as nearly right.

    Raises
    ------
    ValueError
        For a game that scores a win as ``inf`` (``TicTacToe()``): no finite evaluation then
        implies a probability; solve the game with a finite win (``TicTacToe(win=1)``).

    Examples
    --------
    >>> from aisearch.games.pig import Pig
    >>> from aisearch.solve_chance import solve_chance
    >>> solution = solve_chance(Pig(goal=6))
    >>> value_error(lambda s: 0.0, solution) > value_error(Pig(goal=6).score_eval, solution)
    True
    """
    if not callable(evaluate):
        raise TypeError(f"evaluate must be a function state -> float, not {evaluate!r:.80}")
    _check_solution(solution)
    picked = _pick(solution, kind)
    win = float(getattr(solution.game, "win", 1) or 1)
    if math.isinf(win):
        raise ValueError(f"{solution.game!r:.80} scores a win as inf, so no evaluation "
                         f"implies a probability of winning: solve the game with a finite win "
                         f"(e.g. win=1) to measure an evaluation against it")
    total = 0.0
    for i in picked:
        v = evaluate(solution.states[i])
        if not is_number(v) \
                or not math.isfinite(v):
            raise ValueError(f"evaluate returned {v!r} at {solution.states[i]!r:.80}, not a "
                             "finite number")
        total += abs((float(v) / win + 1) / 2 - (float(solution.values[i]) / win + 1) / 2)
    return total / len(picked) if picked else float("nan")
