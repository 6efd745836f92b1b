"""Checks of exercise 02: the student's minimax, and a match that measures a robot evaluation.

``minimax_decision`` is compared with :func:`aisearch.search.minimax` (the textbook
rule, ``fastest_wins=False``) on random trees, tic-tac-toe and robot positions
(:func:`check_minimax`). ``robot_eval`` plays White with a depth-2 alpha-beta against a
fixed evader on random walled grids White can win, and must win as many games as White
with the lesson's ``distance_eval`` and stay strictly between -1 and +1
(:func:`check_evaluation`).

Examples
--------
>>> from aisearch.games import fig5_2
>>> reference(fig5_2, fig5_2.initial, 2, None)
(3, 0)
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Callable
from typing import Any

from aisearch.core import MAX, MIN
from aisearch.grading.cases import free_cells, grid_game, random_grid, search_cases
from aisearch.grading.exercises.ex02_minimax.bugs import (
    BUGS,
    EVALUATION_RANGE,
    EVALUATION_SIGN,
    WEAK_EVALUATION,
)
from aisearch.grading.observe import exercise_api
from aisearch.grading.question import Context, Fail, Score, is_withheld, student_error
from aisearch.grading.search_checks import check_search
from aisearch.search import alphabeta, minimax

__all__ = [
    "NAME",
    "reference",
    "check_minimax",
    "grid_pool",
    "match_positions",
    "play_match",
    "check_evaluation",
]

NAME = "minimax_decision"
"""The student's searcher."""

reference = exercise_api(minimax)
"""The package's :func:`~aisearch.search.minimax` in the exercises' API, textbook rule."""


def check_minimax(ctx: Context, aspect: str) -> None:
    """Grade one aspect of ``minimax_decision`` on the question's random cases.

    ``aspect`` is ``'value'``, ``'move'`` or ``'expansion'`` (every node generated once,
    ``evaluate`` on exactly the tips at the bound).

    >>> from aisearch.grading.exercises.ex02_minimax.bugs import minimax_decision
    >>> check_minimax(Context({NAME: minimax_decision}, seed=1), "expansion") is None
    True
    """
    check_search(ctx, NAME, aspect, search_cases(ctx.rng), reference=reference, bugs=BUGS)


POOL_SEED, POOL_SIZE = 2024, 60
"""The walled grids of the match are drawn from a fixed pool, built once per process."""


@functools.lru_cache(maxsize=1)
def grid_pool(size: int = POOL_SIZE, walls: float = 0.3) -> tuple[tuple[Any, tuple], ...]:
    """Walled grids and, for each, the starts White wins with best play in 6 plies or more.

    Each entry is ``(game, starts)`` with ``starts`` a sorted tuple of ``(black, white,
    plies)``. The grids (4 to 6 rows and columns, a wall in each cell with probability
    ``walls``, all free cells connected) are walled enough that the way around a wall is
    often much longer than the straight line. Solved by retrograde analysis, once.

    >>> pool = grid_pool(3)
    >>> len(pool), all(plies >= 6 for _, starts in pool for _, _, plies in starts)
    (3, True)
    """
    from aisearch.solve import retrograde

    rng = random.Random(POOL_SEED)
    pool: list[tuple[Any, tuple]] = []
    while len(pool) < size:
        grid = random_grid(rng, rows=(4, 6), cols=(4, 6), walls=walls, connected=True)
        if len(free_cells(grid)) < 6:
            continue
        game = grid_game(grid)
        solution = retrograde(game, game.all_states())
        states: list[Any] = list(solution)
        starts = tuple(sorted((s.black, s.white, solution[s].plies) for s in states
                              if s.to_move == MIN and s.black != s.white
                              and solution[s].value == 1 and solution[s].plies >= 6))
        if starts:
            pool.append((game, starts))
    return tuple(pool)


def match_positions(rng: random.Random, n: int = 40) -> list[Any]:
    """``n`` games (TwoRobots with a ply limit) whose start White wins with best play.

    Each takes a grid of :func:`grid_pool` and one of its winning starts at random; the
    ply limit is twice the plies of best play, plus 2.

    >>> games = match_positions(random.Random(1), n=2)
    >>> len(games), games[0].initial.to_move == MIN
    (2, True)
    """
    from aisearch.games.robots import TwoRobots

    pool = grid_pool()
    games: list[Any] = []
    for _ in range(n):
        game, starts = pool[rng.randrange(len(pool))]
        black, white, plies = starts[rng.randrange(len(starts))]
        games.append(TwoRobots(game.rows, game.cols, sorted(game.walls), black, white,
                               max_plies=int(2 * plies) + 2))
    return games


def play_match(games: list[Any], white_eval: Callable[[Any], Callable[[Any], float]],
               depth: int = 2) -> int:
    """Games won by White searching ``depth`` plies with ``white_eval(game)``.

    Black searches ``depth`` plies with ``game.distance_eval``; both search the textbook
    way (``fastest_wins=False``), as the exercise describes.

    >>> games = match_positions(random.Random(1), n=2)
    >>> play_match(games, lambda game: game.distance_eval) <= 2
    True
    """
    from aisearch.agents import play, search_agent

    wins = 0
    for game in games:
        white = search_agent(alphabeta, depth, evaluate=white_eval(game), fastest_wins=False)
        black = search_agent(alphabeta, depth, evaluate=game.distance_eval, fastest_wins=False)
        wins += play(game, {MAX: white, MIN: black}).winner == MAX
    return wins


@functools.lru_cache(maxsize=8)
def _baselines(games: tuple[Any, ...]) -> tuple[int, int]:
    """Wins of White with ``distance_eval`` (the bar) and with no evaluation, on ``games``."""
    return (play_match(list(games), lambda game: game.distance_eval),
            play_match(list(games), lambda game: lambda s: 0.0))


class _BadEvaluationError(Exception):
    pass


def _prefers_far(f: Callable[[Any, Any], float], games: list[Any]) -> bool:
    """True when ``f`` scores White far from Black above White next to Black, more often
    than the other way round (an evaluation with its sign flipped)."""
    from aisearch.games.robots import RobotsState

    up = down = 0
    for game in games[:10]:
        black = game.initial.black
        cells = sorted(c for c in game.cells() if c != black)
        near = [c for c in cells if game.distance(black, c) == 1]
        far = sorted(cells, key=lambda c: -game.distance(black, c))[:2]
        for a in near:
            for b in far:
                va = f(game, RobotsState(black, a, MAX))
                vb = f(game, RobotsState(black, b, MAX))
                up, down = up + (vb > va), down + (vb < va)
    return up > down


def check_evaluation(ctx: Context, name: str = "robot_eval", points: float = 4,
                     n: int = 40) -> Score:
    """White with the student's evaluation must win as many games as with ``distance_eval``.

    White searches 2 plies (alpha-beta, the textbook rule) against a fixed evader, Black
    searching 2 plies with ``game.distance_eval``, on ``n`` walled grids whose start White
    wins with best play. The bar is White searching with the lesson's ``distance_eval``
    (the shortest path around the walls) on the same games: full marks from as many
    wins; below it, at most half marks, in proportion to the wins above White with no
    evaluation (0 everywhere). Plain Manhattan distance, blind to the walls, stays well
    below the bar. An evaluation that returns a value outside (-1, 1) anywhere in the
    match breaks the exercise's rule (a position that is not over lies between a loss
    and a win) and gets at most half marks, however many games it wins: the match alone
    rarely shows it, since the ply limit is seldom within White's two plies.

    Parameters
    ----------
    ctx : Context
        The question's context.
    name : str
        The student's ``f(game, state) -> float``.
    points : float
        Full marks.
    n : int
        Games in the match.

    Returns
    -------
    Score
        With bug ``weak-evaluation`` below the bar (``evaluation-sign`` for an evaluation
        that prefers White far from Black), or ``evaluation-range`` for values outside
        (-1, 1).

    Raises
    ------
    Fail
        When the evaluation raises, returns a non-number or calls ``game.distance_eval``.

    Examples
    --------
    >>> def robot_eval(game, state):
    ...     return 0.0
    >>> check_evaluation(Context({"robot_eval": robot_eval}, seed=1), n=4).earned
    0.0
    """

    f = ctx.function(name)
    games = match_positions(ctx.rng, n)
    seen: list[float] = []

    def checked(game: Any, s: Any) -> float:
        try:
            v = f(game, s)
        except NotImplementedError as e:
            raise _BadEvaluationError(f"{name} {student_error(e)}") from None
        except (Exception, SystemExit) as e:
            if is_withheld(e):
                raise _BadEvaluationError(f"{name} {student_error(e)}; write your own "
                                          "evaluation (you may use game.distance)") from None
            raise _BadEvaluationError(f"{name}(game, {s!r}) {student_error(e)}") from None
        if isinstance(v, bool) or not isinstance(v, (int, float)) or math.isnan(v):
            try:
                v = float(v)
                if math.isnan(v):
                    raise ValueError
            except (TypeError, ValueError):
                raise _BadEvaluationError(f"{name}(game, {s!r}) returned {v!r}, not a number"
                                          ) from None
        seen.append(v)
        return v

    def student(game: Any) -> Callable[[Any], float]:
        return lambda s: checked(game, s)

    try:
        wins = play_match(games, student)
        flipped = _prefers_far(checked, games)
    except _BadEvaluationError as e:
        text = str(e)
        bug = ("not-implemented" if "not implemented" in text else
               "uses-reference" if "WithheldError" in text else None)
        raise Fail(text + ".", bug=bug) from None
    bar, base = _baselines(tuple(games))
    text = (f"Your White won {wins} of {n} games against the evader; White with the lesson's "
            f"distance_eval (the shortest path around the walls) won {bar}, White without an "
            f"evaluation (0 everywhere) {base}. Full marks from {bar} wins, as many as "
            "distance_eval; below that, at most half marks.")
    outside = bool(seen) and (min(seen) <= -1 or max(seen) >= 1)
    if wins >= bar and not outside:
        return Score(points, text)
    if wins >= bar:
        earned = points / 2
    else:
        share = max(0.0, (wins - base) / (bar - base)) if bar > base else 0.0
        earned = math.floor(10 * points / 2 * share) / 10  # below the bar: at most half marks
    if outside:
        worst = min(seen) if min(seen) <= -1 else max(seen)
        text += (f" Your evaluation returned {worst:g}: keep it strictly between -1 and +1 (a "
                 "loss and a win), or White prefers losing at the ply limit to a bad position. "
                 "Outside (-1, 1): at most half marks, however many games White wins.")
    kind = EVALUATION_SIGN if flipped else EVALUATION_RANGE if outside else WEAK_EVALUATION
    return Score(earned, kind.feedback + "\n" + text, kind.key)
