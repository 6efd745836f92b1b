"""Checks of exercise 02: the student's minimax, and a match that measures a robot evaluation.

``minimax_decision`` is compared with :func:`aisearch.search.minimax` (the textbook
rule, ``fastest_wins=False``) on random trees, tic-tac-toe and robot positions
(:func:`check_minimax`). ``robot_eval`` plays White with a depth-2 alpha-beta against a
fixed evader on random positions White can win, and is compared with White searching
without an evaluation, 0 everywhere (:func:`check_evaluation`).

Examples
--------
>>> from aisearch.games import fig5_2
>>> reference(fig5_2, fig5_2.initial, 2, None)
(3, 0)
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

from aisearch.core import MAX, MIN
from aisearch.grading.cases import free_cells, grid_game, random_grid, search_cases
from aisearch.grading.exercises.ex02_minimax.bugs import BUGS
from aisearch.grading.observe import exercise_api, watch_calls
from aisearch.grading.question import Context, Fail, Score, student_error
from aisearch.grading.search_checks import check_search
from aisearch.search import alphabeta, minimax

__all__ = [
    "NAME",
    "reference",
    "check_minimax",
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


def match_positions(rng: random.Random, n: int = 20) -> list[Any]:
    """``n`` games (TwoRobots with a ply limit) whose start White wins with best play.

    >>> games = match_positions(random.Random(1), n=2)
    >>> len(games), games[0].initial.to_move == MIN
    (2, True)
    """
    from aisearch.games.robots import TwoRobots
    from aisearch.solve import retrograde

    games: list[Any] = []
    while len(games) < n:
        grid = random_grid(rng, rows=(4, 6), cols=(4, 6), walls=0.2, connected=True)
        if len(free_cells(grid)) < 6:
            continue
        game = grid_game(grid)
        solution = retrograde(game, game.all_states())
        states: list[Any] = list(solution)
        starts = sorted(s for s in states if s.to_move == MIN and s.black != s.white
                        and solution[s].value == 1 and solution[s].plies >= 6)
        if not starts:
            continue
        s = rng.choice(starts)
        walls = sorted(game.walls)
        games.append(TwoRobots(game.rows, game.cols, walls, s.black, s.white,
                               max_plies=int(2 * solution[s].plies) + 2))
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


class _BadEvaluationError(Exception):
    pass


def check_evaluation(ctx: Context, name: str = "robot_eval", points: float = 4, n: int = 20,
                     margin: int = 5) -> Score:
    """White with the student's evaluation must win ``margin`` more games than without one.

    Parameters
    ----------
    ctx : Context
        The question's context.
    name : str
        The student's ``f(game, state) -> float``.
    points : float
        Full marks, earned in proportion to the extra wins up to ``margin``.
    n : int
        Games in the match.

    Returns
    -------
    Score

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
    from aisearch.games.robots import TwoRobots

    f = ctx.function(name)
    games = match_positions(ctx.rng, n)
    seen: list[float] = []
    forbid = {TwoRobots.distance_eval.__code__: "TwoRobots.distance_eval"}

    def student(game: Any) -> Callable[[Any], float]:
        def evaluate(s: Any) -> float:
            try:
                with watch_calls(forbid) as used:
                    v = f(game, s)
            except NotImplementedError as e:
                raise _BadEvaluationError(f"{name} {student_error(e)}") from None
            except (Exception, SystemExit) as e:
                raise _BadEvaluationError(f"{name}(game, {s!r}) {student_error(e)}") from None
            if used:
                raise _BadEvaluationError(f"{name} calls game.distance_eval; write your own "
                                          "evaluation (you may use game.distance)")
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

        return evaluate

    try:
        wins = play_match(games, student)
    except _BadEvaluationError as e:
        text = str(e)
        bug = ("not-implemented" if "not implemented" in text else
               "uses-reference" if "distance_eval" in text else None)
        raise Fail(text + ".", bug=bug) from None
    base = play_match(games, lambda game: lambda s: 0.0)
    earned = round(points * min(1.0, max(0.0, (wins - base) / margin)), 1)
    text = (f"Your White won {wins} of {n} games against the evader; White without an "
            f"evaluation (0 everywhere) won {base}. Full marks from {base + margin} wins.")
    if earned < points and seen and (min(seen) <= -1 or max(seen) >= 1):
        worst = min(seen) if min(seen) <= -1 else max(seen)
        text += (f" Your evaluation returned {worst:g}: keep it strictly between -1 and +1 (a "
                 "loss and a win), or White prefers losing at the ply limit to a bad position.")
    return Score(earned, text, None if earned == points else "weak-evaluation")
