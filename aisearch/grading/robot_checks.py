"""Checks for the two-robot exercises: rules on random grids, and an evaluation match.

The rules (exercise 01) are compared with :class:`aisearch.games.robots.TwoRobots` on
random grids with walls; a grid is a tuple of strings of ``'.'`` (free) and ``'#'``
(wall), a state is ``(black, white, to_move)`` with cells ``(row, col)`` and
``to_move`` MIN (Black) or MAX (White).

The evaluation (exercise 02) plays White with a depth-2 alpha-beta against a fixed
evader on random positions White can win, and is compared with White searching
without an evaluation (0 everywhere).

Examples
--------
>>> import random
>>> case = moves_case(random.Random(5))
>>> from aisearch.grading.bugs import robot_moves
>>> reference_moves(case.grid, case.state) == robot_moves(case.grid, case.state)
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from aisearch.core import MAX, MIN
from aisearch.grading.bugs import ROBOT_MOVES_BUGS, ROBOT_RESULT_BUGS
from aisearch.grading.checks import recognise, watch_calls
from aisearch.grading.question import Context, Fail, Score, student_error
from aisearch.grading.randgen import free_cells, grid_game, random_grid

__all__ = [
    "RulesCase",
    "moves_case",
    "reference_moves",
    "reference_result",
    "check_moves",
    "check_result",
    "check_illegal",
    "match_positions",
    "play_match",
    "check_evaluation",
]


@dataclass(frozen=True)
class RulesCase:
    grid: tuple[str, ...]
    state: tuple
    move: str = ""

    def describe(self) -> str:
        text = f"grid {'/'.join(self.grid)!r}, state {self.state}"
        return text + (f", move {self.move!r}" if self.move else "")


_GAMES: dict[tuple[str, ...], Any] = {}


def _game(grid: tuple[str, ...]) -> Any:
    if grid not in _GAMES:
        if len(_GAMES) > 500:
            _GAMES.clear()
        _GAMES[grid] = grid_game(grid)
    return _GAMES[grid]


def _robots_state(state: tuple) -> Any:
    from aisearch.games.robots import RobotsState

    return RobotsState(state[0], state[1], state[2])


def reference_moves(grid: tuple[str, ...], state: tuple) -> list[str]:
    """Legal moves by :class:`~aisearch.games.robots.TwoRobots`."""
    return list(_game(grid).moves(_robots_state(state)))


def reference_result(grid: tuple[str, ...], state: tuple, move: str) -> tuple:
    """The next state by :class:`~aisearch.games.robots.TwoRobots`, as a plain triple."""
    s = _game(grid).result(_robots_state(state), move)
    return (s.black, s.white, s.to_move)


def moves_case(rng: random.Random) -> RulesCase:
    """A random grid and state (sometimes a capture, sometimes a walled-in robot)."""
    grid = random_grid(rng)
    free = free_cells(grid)
    b, w = rng.sample(free, 2)
    if rng.random() < 0.12:
        w = b
    return RulesCase(grid, (b, w, rng.choice([MIN, MAX])))


def _result_case(rng: random.Random) -> RulesCase:
    while True:
        case = moves_case(rng)
        legal = reference_moves(case.grid, case.state)
        if legal:
            return RulesCase(case.grid, case.state, rng.choice(legal))


def _illegal_case(rng: random.Random) -> tuple[RulesCase, str]:
    while True:
        case = moves_case(rng)
        legal = reference_moves(case.grid, case.state)
        if case.state[0] == case.state[1]:
            return RulesCase(case.grid, case.state, rng.choice("NSEW")), "the game is over"
        illegal = [m for m in "NSEW" if m not in legal]
        if illegal and rng.random() < 0.8:
            m = rng.choice(illegal)
            r, c = case.state[0] if case.state[2] == MIN else case.state[1]
            dr, dc = {"N": (-1, 0), "S": (1, 0), "E": (0, 1), "W": (0, -1)}[m]
            inside = 0 <= r + dr < len(case.grid) and 0 <= c + dc < len(case.grid[0])
            return RulesCase(case.grid, case.state, m), "a wall" if inside else "off the grid"
        if rng.random() < 0.3:
            return RulesCase(case.grid, case.state, rng.choice(["X", "n", "up"])), "not a move"


def _as_moves(out: Any) -> Any:
    if isinstance(out, (str, bytes)) or not hasattr(out, "__iter__"):
        return ("bad", repr(out)[:80])
    return list(out)


def _as_state(out: Any) -> Any:
    try:
        items = tuple(out)
        if len(items) == 4 and items[3] is None:
            items = items[:3]
        b, w, p = items
        return (tuple(b), tuple(w), p)
    except (TypeError, ValueError):
        return ("bad", repr(out)[:80])


def _call(f: Callable[..., Any], args: tuple, norm: Callable[[Any], Any]) -> Any:
    try:
        return norm(f(*args))
    except (Exception, SystemExit) as e:
        return ("error", student_error(e))


def _check_rules(ctx: Context, name: str, cases: list[RulesCase], reference: Callable[..., Any],
                 norm: Callable[[Any], Any], bugs: list, what: str) -> None:
    f = ctx.function(name)
    def args(c: RulesCase) -> tuple:
        return (c.grid, c.state, c.move) if what == "state" else (c.grid, c.state)

    got = [_call(f, args(c), norm) for c in cases]
    first = got[0]
    if isinstance(first, tuple) and first[:1] == ("error",) and "not implemented" in first[1]:
        raise Fail(f"{name} {first[1]}.", bug="not-implemented")
    want = [reference(*args(c)) for c in cases]
    wrong = [(c, g, w) for c, g, w in zip(cases, got, want, strict=True) if g != w]
    if not wrong:
        return
    bug, _ = recognise(got, cases, bugs, lambda impl, c: norm(impl(*args(c))))
    key = bug.key if bug else None
    if bug is None and what == "moves" and all(
            isinstance(g, list) and sorted(map(str, g)) == sorted(w) for _, g, w in wrong):
        key = "move-order"
    c, g, w = min(wrong, key=lambda cgw: sum(map(len, cgw[0].grid)))
    if isinstance(g, tuple) and g[:1] == ("error",):
        shown = g[1]
    elif isinstance(g, tuple) and g[:1] == ("bad",):
        shown = f"returned {g[1]}, not a {'list of moves' if what == 'moves' else 'state triple'}"
    else:
        shown = f"you return {g!r}, expected {w!r}"
    from aisearch.grading.bugs import FEEDBACK

    lead = FEEDBACK[key] + "\n" if key else ""
    raise Fail(f"{lead}{len(wrong)} of {len(cases)} random cases wrong. For example, "
               f"{name}(...) on {c.describe()}: {shown}.", bug=key)


def check_moves(ctx: Context, name: str = "legal_moves", n: int = 60) -> None:
    """``legal_moves(grid, state)`` lists the same moves as TwoRobots, in N, S, E, W order."""
    cases = [moves_case(ctx.rng) for _ in range(n)]
    _check_rules(ctx, name, cases, reference_moves, _as_moves, ROBOT_MOVES_BUGS, "moves")


def check_result(ctx: Context, name: str = "result", n: int = 60) -> None:
    """``result(grid, state, move)`` gives the same next state as TwoRobots for legal moves."""
    cases = [_result_case(ctx.rng) for _ in range(n)]
    _check_rules(ctx, name, cases, reference_result, _as_state, ROBOT_RESULT_BUGS, "state")


def check_illegal(ctx: Context, name: str = "result", n: int = 20) -> None:
    """``result`` raises ValueError for illegal moves, and leaves nothing half-done."""
    f = ctx.function(name)
    for _ in range(n):
        case, why = _illegal_case(ctx.rng)
        try:
            out = f(case.grid, case.state, case.move)
        except ValueError:
            continue
        except NotImplementedError as e:
            raise Fail(f"{name} {student_error(e)}.", bug="not-implemented") from None
        except (Exception, SystemExit) as e:
            raise Fail(f"{name}(...) on {case.describe()} ({why}) {student_error(e)}; raise "
                       "ValueError for an illegal move.", bug="illegal-move") from None
        raise Fail(f"{name}(...) on {case.describe()} ({why}) returned {out!r}; an illegal "
                   "move must raise ValueError (e.g. IllegalMoveError).", bug="illegal-move")


# -- the evaluation match (exercise 02) ---------------------------------------------------
def match_positions(rng: random.Random, n: int = 20, depth: int = 2) -> list[Any]:
    """``n`` games (TwoRobots with a ply limit) whose start White wins with best play."""
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
    """Games won by White searching ``depth`` plies with ``white_eval(game)`` against Black
    searching ``depth`` plies with ``game.distance_eval``."""
    from aisearch.core import play, search_agent
    from aisearch.search import alphabeta

    wins = 0
    for game in games:
        white = search_agent(alphabeta, depth, evaluate=white_eval(game))
        black = search_agent(alphabeta, depth, evaluate=game.distance_eval)
        wins += play(game, {MAX: white, MIN: black}).winner == MAX
    return wins


class _BadEvaluationError(Exception):
    pass


def check_evaluation(ctx: Context, name: str = "robot_eval", points: float = 4, n: int = 20,
                     margin: int = 5) -> Score:
    """White with the student's evaluation must win ``margin`` more games than without one."""
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
