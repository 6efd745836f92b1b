"""Checks of the two robots' rules, compared with :class:`~aisearch.games.robots.TwoRobots`.

The student's ``legal_moves(grid, state)`` and ``result(grid, state, move)`` run on random
grids with walls (:func:`moves_case`); on a mismatch the known wrong implementations of
``bugs.py`` run on the same cases, and the one that behaves exactly like the student's
code names the bug. The prediction ``white_wins(rows, cols, black, white)`` is compared
with retrograde analysis of open grids up to 7 x 7, corridors included
(:func:`check_white_wins`).

Examples
--------
>>> import random
>>> from aisearch.grading.exercises.ex01_two_robots.bugs import legal_moves
>>> case = moves_case(random.Random(5))
>>> reference_moves(case.grid, case.state) == legal_moves(case.grid, case.state)
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from aisearch.core import MAX, MIN
from aisearch.games.robots import STEPS as ROBOT_STEPS
from aisearch.grading.cases import free_cells, grid_game, random_grid
from aisearch.grading.exercises.ex01_two_robots.bugs import (
    MOVE_ORDER,
    MOVES_BUGS,
    PREDICT_BUGS,
    RESULT_BUGS,
)
from aisearch.grading.question import Context, Fail, student_error
from aisearch.grading.recognise import Bug, recognise

__all__ = [
    "RulesCase",
    "moves_case",
    "reference_moves",
    "reference_result",
    "check_moves",
    "check_result",
    "check_illegal",
    "start_case",
    "solved_outcome",
    "check_white_wins",
]


@dataclass(frozen=True)
class RulesCase:
    """A grid, a state ``(black, white, to_move)`` and, for ``result``, a move.

    >>> RulesCase(("..",), ((0, 0), (0, 1), 1), "E").describe()
    "grid '..', state ((0, 0), (0, 1), 1), move 'E'"
    """

    grid: tuple[str, ...]
    state: tuple[Any, ...]
    move: str = ""

    def describe(self) -> str:
        """The case in words, for feedback."""
        text = f"grid {'/'.join(self.grid)!r}, state {self.state}"
        return text + (f", move {self.move!r}" if self.move else "")


_STEPS = {m: (dr, dc) for m, dr, dc in ROBOT_STEPS}
"""Each move's row and column change (the package's, not bugs.py's: the grading process
draws the cases without bugs.py)."""

_GAMES: dict[tuple[str, ...], Any] = {}


def _game(grid: tuple[str, ...]) -> Any:
    if grid not in _GAMES:
        if len(_GAMES) > 500:
            _GAMES.clear()
        _GAMES[grid] = grid_game(grid)
    return _GAMES[grid]


def _robots_state(state: tuple[Any, ...]) -> Any:
    from aisearch.games.robots import RobotsState

    return RobotsState(state[0], state[1], state[2])


def reference_moves(grid: tuple[str, ...], state: tuple[Any, ...]) -> list[str]:
    """Legal moves by :class:`~aisearch.games.robots.TwoRobots`.

    >>> reference_moves(("..", "#."), ((0, 0), (1, 1), MIN))
    ['E']
    """
    return list(_game(grid).moves(_robots_state(state)))


def reference_result(grid: tuple[str, ...], state: tuple[Any, ...], move: str
                     ) -> tuple[Any, ...]:
    """The next state by :class:`~aisearch.games.robots.TwoRobots`, as a plain triple.

    >>> reference_result(("..", ".."), ((0, 0), (1, 1), MIN), "E")
    ((0, 1), (1, 1), 0)
    """
    s = _game(grid).result(_robots_state(state), move)
    return (s.black, s.white, s.to_move)


def moves_case(rng: random.Random) -> RulesCase:
    """A random grid and state (sometimes a capture, sometimes a walled-in robot).

    >>> case = moves_case(random.Random(0))
    >>> case.state[2] in (MIN, MAX) and case.move == ""
    True
    """
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
            dr, dc = _STEPS[m]
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
        if isinstance(b, str) or isinstance(w, str):
            raise TypeError("a cell is a (row, col) pair, not a string")
        return (tuple(b), tuple(w), p)
    except (TypeError, ValueError):
        return ("bad", repr(out)[:80])


def _call(f: Callable[..., Any], args: tuple[Any, ...], norm: Callable[[Any], Any]) -> Any:
    try:
        return norm(f(*args))
    except (Exception, SystemExit) as e:
        return ("error", student_error(e))


def _wrong_calls(ctx: Context, name: str, cases: Sequence[Any],
                 args: Callable[[Any], tuple[Any, ...]], reference: Callable[..., Any],
                 norm: Callable[[Any], Any], bugs: Sequence[Bug]) -> tuple[list, Bug | None]:
    """Call the student's ``name`` on every case: the ``(case, got, want)`` it got wrong, and
    the known bug that behaves alike (None if none does)."""
    f = ctx.function(name)
    got = [_call(f, args(c), norm) for c in cases]
    first = got[0]
    if isinstance(first, tuple) and first[:1] == ("error",) and "not implemented" in first[1]:
        raise Fail(f"{name} {first[1]}.", bug="not-implemented")
    want = [reference(*args(c)) for c in cases]
    wrong = [(c, g, w) for c, g, w in zip(cases, got, want, strict=True) if g != w]
    if not wrong:
        return [], None
    return wrong, recognise(got, cases, bugs, lambda impl, c: norm(impl(*args(c))))[0]


def _shown(got: Any, answer: str, otherwise: str) -> str:
    """What a wrong call did, for feedback: the error it raised, what it returned that is
    not ``answer``, or else ``otherwise``."""
    if isinstance(got, tuple) and got[:1] == ("error",):
        return got[1]
    if isinstance(got, tuple) and got[:1] == ("bad",):
        return f"returned {got[1]}, not {answer}"
    return otherwise


def _check_rules(ctx: Context, name: str, cases: list[RulesCase], reference: Callable[..., Any],
                 norm: Callable[[Any], Any], bugs: Sequence[Bug], what: str) -> None:
    def args(c: RulesCase) -> tuple[Any, ...]:
        return (c.grid, c.state, c.move) if what == "state" else (c.grid, c.state)

    wrong, bug = _wrong_calls(ctx, name, cases, args, reference, norm, bugs)
    if not wrong:
        return
    kind = bug.kind if bug else None
    if kind is None and what == "moves" and all(
            isinstance(g, list) and sorted(map(str, g)) == sorted(w) for _, g, w in wrong):
        kind = MOVE_ORDER
    c, g, w = min(wrong, key=lambda cgw: sum(map(len, cgw[0].grid)))
    shown = _shown(g, "a list of moves" if what == "moves" else "a state triple",
                   f"you return {g!r}, expected {w!r}")
    lead = kind.feedback + "\n" if kind else ""
    raise Fail(f"{lead}{len(wrong)} of {len(cases)} random cases wrong. For example, "
               f"{name}(...) on {c.describe()}: {shown}.", bug=kind.key if kind else None)


def check_moves(ctx: Context, name: str = "legal_moves", n: int = 60) -> None:
    """``legal_moves(grid, state)`` lists the same moves as TwoRobots, in N, S, E, W order.

    Raises :class:`~aisearch.grading.question.Fail` naming the bug otherwise.

    >>> from aisearch.grading.question import Context
    >>> from aisearch.grading.exercises.ex01_two_robots.bugs import legal_moves
    >>> check_moves(Context({"legal_moves": legal_moves}, seed=1)) is None
    True
    """
    cases = [moves_case(ctx.rng) for _ in range(n)]
    _check_rules(ctx, name, cases, reference_moves, _as_moves, MOVES_BUGS, "moves")


def check_result(ctx: Context, name: str = "result", n: int = 60) -> None:
    """``result(grid, state, move)`` gives the same next state as TwoRobots for legal moves.

    Raises :class:`~aisearch.grading.question.Fail` naming the bug otherwise.

    >>> from aisearch.grading.question import Context, Fail
    >>> from aisearch.grading.exercises.ex01_two_robots.bugs import keeps_turn
    >>> try:
    ...     check_result(Context({"result": keeps_turn}, seed=1))
    ... except Fail as e:
    ...     print(e.bug)
    no-switch
    """
    cases = [_result_case(ctx.rng) for _ in range(n)]
    _check_rules(ctx, name, cases, reference_result, _as_state, RESULT_BUGS, "state")


def check_illegal(ctx: Context, name: str = "result", n: int = 20, legal: int = 10) -> None:
    """``result`` raises ValueError for illegal moves, and only for them: ``n`` illegal
    moves mixed with ``legal`` legal ones, which must be answered (a ``result`` that
    always raises refuses nothing).

    Raises :class:`~aisearch.grading.question.Fail` (bug ``illegal-move``) otherwise.

    >>> from aisearch.grading.question import Context
    >>> from aisearch.grading.exercises.ex01_two_robots.bugs import result
    >>> check_illegal(Context({"result": result}, seed=1)) is None
    True
    >>> def refuses_all(grid, state, move):
    ...     raise ValueError("not written yet")
    >>> check_illegal(Context({"result": refuses_all}, seed=1))
    Traceback (most recent call last):
    ...
    aisearch.grading.question.Fail: result(...) on grid '...', state ..., move '...' (a legal \
move) raised ValueError: not written yet; only an illegal move raises ValueError.
    """
    f = ctx.function(name)
    cases = [_illegal_case(ctx.rng) for _ in range(n)]
    cases += [(_result_case(ctx.rng), "") for _ in range(legal)]
    ctx.rng.shuffle(cases)
    for case, why in cases:
        try:
            out = f(case.grid, case.state, case.move)
        except ValueError as e:
            if why:
                continue
            raise Fail(f"{name}(...) on {case.describe()} (a legal move) {student_error(e)}; "
                       "only an illegal move raises ValueError.", bug="illegal-move") from None
        except NotImplementedError as e:
            raise Fail(f"{name} {student_error(e)}.", bug="not-implemented") from None
        except (Exception, SystemExit) as e:
            what = f"({why})" if why else "(a legal move)"
            raise Fail(f"{name}(...) on {case.describe()} {what} {student_error(e)}; raise "
                       "ValueError for an illegal move.", bug="illegal-move") from None
        if why:
            raise Fail(f"{name}(...) on {case.describe()} ({why}) returned {out!r}; an "
                       "illegal move must raise ValueError (e.g. IllegalMoveError).",
                       bug="illegal-move")


# -- who wins? -----------------------------------------------------------------------------
_SOLVED: dict[tuple[int, int], Any] = {}


def solved_outcome(rows: int, cols: int, black: tuple[int, int], white: tuple[int, int]) -> bool:
    """Whether White wins on the open grid, Black to move, by retrograde analysis (cached).

    >>> solved_outcome(1, 6, (0, 2), (0, 5)), solved_outcome(6, 7, (0, 0), (3, 4))
    (True, False)
    """
    from aisearch.games.robots import RobotsState, TwoRobots
    from aisearch.solve import retrograde

    if (rows, cols) not in _SOLVED:
        game = TwoRobots(rows, cols)
        _SOLVED[(rows, cols)] = retrograde(game, game.all_states())
    return bool(_SOLVED[(rows, cols)].value(RobotsState(black, white, MIN)) == 1)


def start_case(rng: random.Random, corridor: str | None = None,
               ) -> tuple[int, int, tuple[int, int], tuple[int, int]]:
    """An open grid up to 7 x 7 (a corridor one time in three) and two distinct cells.

    ``corridor='row'`` or ``'column'`` draws a corridor of that kind with the robots on
    cells of opposite colours, where the colour rule of open grids is wrong.

    >>> rows, cols, black, white = start_case(random.Random(1))
    >>> black != white and 0 <= black[0] < rows and 0 <= white[1] < cols
    True
    >>> rows, cols, black, white = start_case(random.Random(1), "column")
    >>> cols, sum(black) % 2 != sum(white) % 2
    (1, True)
    """
    if corridor is not None:
        n = rng.randint(2, 7)
        rows, cols = (1, n) if corridor == "row" else (n, 1)
        i, j = rng.sample(range(n), 2)
        while (i - j) % 2 == 0:
            i, j = rng.sample(range(n), 2)
        if corridor == "row":
            return rows, cols, (0, i), (0, j)
        return rows, cols, (i, 0), (j, 0)
    if rng.random() < 1 / 3:
        n = rng.randint(2, 7)
        rows, cols = (1, n) if rng.random() < 0.5 else (n, 1)
    else:
        rows, cols = rng.randint(2, 7), rng.randint(2, 7)
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    black, white = rng.sample(cells, 2)
    return rows, cols, black, white


def _as_bool(out: Any) -> Any:
    if isinstance(out, bool) or (isinstance(out, int) and out in (0, 1)):
        return bool(out)
    return ("bad", repr(out)[:80])


def check_white_wins(ctx: Context, name: str = "white_wins", n: int = 40) -> None:
    """``white_wins(rows, cols, black, white)`` agrees with retrograde analysis.

    Raises :class:`~aisearch.grading.question.Fail` naming the idea that was missed.

    >>> from aisearch.grading.question import Context, Fail
    >>> from aisearch.grading.exercises.ex01_two_robots.bugs import colour_rule_everywhere
    >>> try:
    ...     check_white_wins(Context({"white_wins": colour_rule_everywhere}, seed=1))
    ... except Fail as e:
    ...     print(e.bug)
    corridor
    """
    # A row and a column corridor where the colour rule is wrong, so that forgetting
    # either kind never passes by luck; the rest at random.
    cases = [start_case(ctx.rng, "row"), start_case(ctx.rng, "column")]
    cases += [start_case(ctx.rng) for _ in range(n - 2)]
    wrong, bug = _wrong_calls(ctx, name, cases, tuple, solved_outcome, _as_bool, PREDICT_BUGS)
    if not wrong:
        return
    (rows, cols, black, white), g, w = min(wrong, key=lambda cgw: cgw[0][0] * cgw[0][1])
    shown = _shown(g, "True or False",
                   f"you return {g}, but {'White wins' if w else 'Black escapes for ever'}")
    lead = bug.feedback + "\n" if bug else ""
    raise Fail(f"{lead}{len(wrong)} of {len(cases)} random starts wrong. For example, "
               f"{name}({rows}, {cols}, {black}, {white}): {shown}.",
               bug=bug.key if bug else None)
