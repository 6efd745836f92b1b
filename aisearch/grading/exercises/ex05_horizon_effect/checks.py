"""Checks of exercise 05: quiescence search with stand-pat, and a search that calls it.

``quiesce(game, state, alpha, beta, evaluate)`` is run on random trees whose noisy nodes are
declared (``TreeGame(..., noisy=[...])``: MIN or MAX at the root, chains of noisy moves,
noisy tips, windows from the full one to narrow ones, so that the stand-pat value cuts
off) and on small chess positions with captures; its value and the exact sequence of
states it generates (and the states it evaluates) are compared with the package's
:func:`aisearch.search.quiescence` (fail-soft, ``fastest_wins=False``).
``search_quiescent(game, state, depth, evaluate)`` is compared on the same kinds of games,
depth-limited, with ``alphabeta_failsoft(..., quiescence=...)``: its value and move, and the
states it generates. On a mismatch the known wrong implementations of ``bugs.py`` are run on
the same cases and the one that behaves exactly like the student's code is named.

Examples
--------
>>> import random
>>> cases = quiesce_cases(random.Random(0))
>>> len(cases), sum(c.beta < INF for c in cases) > 0
(24, True)
>>> len(search_cases(random.Random(0)))
22
"""

from __future__ import annotations

import dataclasses
import functools
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from aisearch.core import MAX, MIN, GameWrapper
from aisearch.games.tree import TreeGame
from aisearch.grading.cases import Case, random_tree, utility_at_ends
from aisearch.grading.compare import DIFFS, first_difference, same_value
from aisearch.grading.observe import Observation, observe, show
from aisearch.grading.question import Context
from aisearch.grading.recognise import Bug
from aisearch.grading.search_checks import check_search
from aisearch.search import alphabeta_failsoft, quiescence

__all__ = ["QUIESCE", "SEARCH", "QUIESCENCE_PLIES", "LIMIT", "QuiesceCase", "quiesce_reference",
           "search_reference", "noisy_tree", "quiesce_cases", "search_cases", "run_quiesce",
           "run_search", "CAPPED", "quiesce_value_diff", "quiesce_states_diff", "search_diff",
           "search_states_diff",
           "check_quiesce", "check_search_quiescent"]

INF = math.inf
QUIESCE = "quiesce"
"""The student's quiescence search."""
SEARCH = "search_quiescent"
"""The student's depth-limited search with quiescence at the bound."""
QUIESCENCE_PLIES = 1000
"""The reference's cap on quiescence plies: more than any graded line has (no cap)."""
LIMIT = 1500
"""Most states one graded call may generate (quiet moves searched in chess never end)."""


def quiesce_reference(game: Any, state: Any, alpha: float, beta: float,
                      evaluate: Callable[[Any], float]) -> float:
    """The package's quiescence search in the exercise's API (fail-soft, textbook wins).

    >>> from aisearch.games import TreeGame
    >>> quiesce_reference(TreeGame([[5, -3], 2], noisy=[(0,)]), (), -INF, INF,
    ...                   {(): 1, (0,): 4}.get)
    4
    """
    d = quiescence(game, state, evaluate=evaluate, alpha=alpha, beta=beta, fastest_wins=False)
    return d.value


def search_reference(game: Any, state: Any, depth: int,
                     evaluate: Callable[[Any], float]) -> tuple[Any, Any]:
    """The package's fail-soft alpha-beta with unbounded quiescence at the depth bound.

    >>> from aisearch.games import TreeGame
    >>> search_reference(TreeGame([[5, -3], 2], noisy=[(0, 1)]), (), 1, {(0,): 4}.get)
    (2, 1)
    """
    d = alphabeta_failsoft(game, state, depth, evaluate=evaluate, quiescence=QUIESCENCE_PLIES,
                           fastest_wins=False)
    return d.value, d.move


CAPPED = f"<stopped after {LIMIT} states>"
"""What a graded call answers when it generated more than :data:`LIMIT` states (the same
for the student's code and a known wrong implementation, so that they can be matched)."""


class _TooManyError(Exception):
    pass


class _Capped(GameWrapper):
    """The game as a graded call sees it: at most :data:`LIMIT` states generated."""

    def __init__(self, game: Any) -> None:
        self.game, self.count = game, 0

    def result(self, s: Any, m: Any) -> Any:
        self.count += 1
        if self.count > LIMIT:
            raise _TooManyError(f"more than {LIMIT} states generated")
        return self.game.result(s, m)


def _capped(call: Callable[[], Any]) -> Any:
    try:
        return call()
    except _TooManyError:
        return CAPPED


def _cap_problem(got: Observation) -> str | None:
    if got.shape == "other" and got.returned == repr(CAPPED):
        return (f"you generated more than {LIMIT} states and were stopped; quiescence search "
                "follows only game.noisy_moves(state), so on these small positions it ends "
                "within a few dozen")
    return None


@dataclass(frozen=True)
class QuiesceCase(Case):
    """A problem for ``quiesce``: ``quiesce(game, state, alpha, beta, evaluate)`` (``depth``
    is unused)."""

    alpha: float = -INF
    beta: float = INF

    def describe(self) -> str:
        return f"{self.label}, called as quiesce(game, {self.state!r}, {_num(self.alpha)}, " \
               f"{_num(self.beta)}, evaluate)"


def _num(x: float) -> str:
    return {INF: "inf", -INF: "-inf"}.get(x, repr(x))


def run_quiesce(f: Callable[..., Any], game: Any, state: Any, depth: int, evaluate: Any, *,
                alpha: float, beta: float) -> Any:
    """How :func:`~aisearch.grading.observe.observe` calls ``quiesce`` (a runner)."""
    return _capped(lambda: f(_Capped(game), state, alpha, beta, evaluate))


def run_search(f: Callable[..., Any], game: Any, state: Any, depth: int, evaluate: Any) -> Any:
    """How :func:`~aisearch.grading.observe.observe` calls ``search_quiescent`` (a runner)."""
    return _capped(lambda: f(_Capped(game), state, depth, evaluate))


def _runner(case: Case) -> Callable[..., Any]:
    if isinstance(case, QuiesceCase):
        return functools.partial(run_quiesce, alpha=case.alpha, beta=case.beta)
    return run_search


class _TreeEval:
    """A static evaluation of a tree node: a small int per internal node, the tip's value at
    a tip (so that it agrees with the utility)."""

    def __init__(self, game: TreeGame, values: dict[tuple, int]) -> None:
        self.game, self.values = game, values

    def __call__(self, s: Any) -> float:
        if self.game.is_terminal(s):
            return self.game.utility(s, MAX)
        return self.values[s]


def noisy_tree(rng: random.Random, *, first: int | None = None) -> tuple[TreeGame, _TreeEval]:
    """A random tree with noisy nodes declared (tips among them), and an evaluation.

    >>> game, evaluate = noisy_tree(random.Random(2))
    >>> any(game.noisy_moves(s) for s in game.states())
    True
    """
    if first is None:
        first = rng.choice([MAX, MIN])
    plain = random_tree(rng, max_depth=rng.choice([3, 4, 4, 5]), p_explicit=0.1, first=first,
                        root_branching=(2, 3, 3), branching=(1, 2, 2, 3))
    p = rng.choice([0.35, 0.5, 0.65])
    noisy = [s for s in plain.states() if s and rng.random() < p]
    game = TreeGame(plain.tree, first=first, noisy=noisy)
    values = {s: rng.randint(-5, 5) for s in game.states() if not game.is_terminal(s)}
    return game, _TreeEval(game, values)


def _evaluations(game: TreeGame, evaluate: _TreeEval, depth: int = 0) -> str:
    shown = ", ".join(f"{s}: {v!r}" for s, v in sorted(evaluate.values.items())
                      if len(s) >= depth)
    return f"evaluate gives {{{shown}}} at the non-terminal nodes"


def _window(rng: random.Random) -> tuple[float, float]:
    kind = rng.random()
    if kind < 0.35:
        return -INF, INF
    a, b = sorted(rng.sample(range(-5, 6), 2))
    if kind < 0.55:
        return -INF, b
    if kind < 0.75:
        return a, INF
    return a, b


def _missed_window(rng: random.Random, value: float) -> tuple[float, float]:
    """A window above or below ``value`` (the full window if ``value`` is infinite)."""
    if math.isinf(value):
        return -INF, INF
    gap, width = rng.randint(1, 2), rng.choice([1, 2, INF])
    if rng.random() < 0.5:
        return value + gap, value + gap + width
    return value - gap - width, value - gap


def quiesce_cases(rng: random.Random, trees: int = 21, chess: int = 3) -> list[Case]:
    """Random noisy trees called with random windows, and chess positions with captures."""
    cases: list[Case] = []
    for i in range(trees):
        game, evaluate = noisy_tree(rng, first=MIN if i % 4 == 1 else None)
        state = ()
        if i % 5 == 4:  # start below the root, at a noisy node with noisy moves
            inner = [s for s in game.states() if s and game.noisy_moves(s)]
            state = rng.choice(inner) if inner else ()
        alpha, beta = _window(rng) if i % 3 else (-INF, INF)
        if i % 3 == 2:  # a window the value lies outside: fail-soft and fail-hard differ
            alpha, beta = _missed_window(rng, quiesce_reference(game, state, -INF, INF,
                                                                evaluate))
        label = f"{game.source()}, where {_evaluations(game, evaluate)}"
        cases.append(QuiesceCase(game, state, 0, evaluate, label, len(game), 0, alpha, beta))
    cases += _chess_quiesce_cases(rng, chess)
    return cases


def search_cases(rng: random.Random, trees: int = 19, chess: int = 3) -> list[Case]:
    """Random noisy trees searched to less than their height, and chess positions."""
    cases: list[Case] = []
    for i in range(trees):
        game, evaluate = noisy_tree(rng, first=MIN if i % 4 == 1 else None)
        height = max(len(t) for t in game.tips)
        depth = rng.randint(1, max(1, height - 1))
        label = (f"{game.source()} searched to depth {depth}, where "
                 f"{_evaluations(game, evaluate, depth)}")
        cases.append(Case(game, game.initial, depth, evaluate, label, len(game), height))
    cases += _chess_search_cases(rng, chess)
    return cases


CHESS_POSITIONS = (
    "4k3/8/3p4/4p3/3P1P2/8/8/4K3 w - - 0 1",
    "4k3/8/2n5/3p4/4P3/2N5/8/4K3 w - - 0 1",
    "3rk3/8/8/3q4/8/3R4/3R4/4K3 w - - 0 1",
    "r3k3/1p6/2n5/3Q4/4P3/5N2/8/4K3 w - - 0 1",
    "4k3/8/4r3/3b4/4N3/5P2/8/4KR2 b - - 0 1",
    "k7/3P4/8/8/8/8/5p2/7K w - - 0 1",
    "2r1k3/1P6/8/3p4/2B1n3/8/5PP1/4K3 w - - 0 1",
    "6k1/5ppp/8/8/8/8/r4PPP/1R4K1 b - - 0 1",
    "4k3/8/8/3pp3/2PP4/8/8/4K3 b - - 0 1",
    "1k1r4/pp1q4/3n4/3p4/3P4/2NQ4/PP6/1K1R4 w - - 0 1",
    "4k3/8/2b5/3p4/2PP4/1B6/8/4K3 w - - 0 1",
    "r5k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1",
    "4k3/4r3/8/4n3/8/4R3/4R3/4K3 w - - 0 1",
    "4k3/8/8/2n1p3/3P4/4B3/8/4K3 b - - 0 1",
)
"""Small chess positions with captures (and promotions, a mate by capture), White or Black
to move: their quiescence searches stay within a few dozen states."""


def _chess(rng: random.Random) -> tuple[Any, Any, Any, str]:
    from aisearch.games.chess import Chess

    fen = rng.choice(CHESS_POSITIONS)
    game = Chess()
    return (game, Chess.parse(fen), utility_at_ends(game, game.material_eval),
            f"Chess.parse({fen!r}) with evaluate = game.material_eval (material in pawns, "
            "White's view)")


def _chess_quiesce_cases(rng: random.Random, n: int) -> list[Case]:
    cases: list[Case] = []
    for i in range(n):
        game, state, evaluate, label = _chess(rng)
        alpha, beta = (-INF, INF) if i == 0 else _window(rng)
        cases.append(QuiesceCase(game, state, 0, evaluate, label, 1000 + i, 0, alpha, beta))
    return cases


def _chess_search_cases(rng: random.Random, n: int) -> list[Case]:
    cases: list[Case] = []
    for i in range(n):
        game, state, evaluate, label = _chess(rng)
        depth = rng.choice([1, 1, 2])
        cases.append(Case(game, state, depth, evaluate, f"{label}, searched to depth {depth}",
                          1000 + i, depth))
    return cases


# -- what differs ------------------------------------------------------------------------
def quiesce_value_diff(got: Observation, want: Observation) -> str | None:
    """The value quiesce returns (MAX's view, fail-soft).

    >>> quiesce_value_diff(Observation(2, shape="number"), Observation(3, shape="number"))
    'your value is 2, the quiescence search returns 3'
    """
    if got.shape == "error":
        return got.error
    if _cap_problem(got):
        return _cap_problem(got)
    if got.shape == "other":
        return f"returned {got.returned}, not a number"
    if not same_value(got.value, want.value):
        return f"your value is {_fmt(got.value)}, the quiescence search returns " \
               f"{_fmt(want.value)}"
    return None


def _fmt(v: Any) -> str:
    if isinstance(v, float) and v.is_integer():
        return repr(int(v))
    return show(v)


def quiesce_states_diff(got: Observation, want: Observation) -> str | None:
    """The exact sequence of generated states, and the states evaluated.

    >>> quiesce_states_diff(Observation(generated=((0,), (1,))), Observation(generated=((0,),)))
    'you generated 2 states, the quiescence search generates 1; after the first 1, which \
agree, you went on to generate (1,)'
    """
    if got.shape == "error":
        return got.error
    g, w = got.generated, want.generated
    if g != w and _cap_problem(got):
        return _cap_problem(got)
    if g != w:
        return (f"you generated {len(g)} states, the quiescence search generates {len(w)}; "
                + first_difference(g, w))
    if got.evaluated_terminal and not want.evaluated_terminal:
        return (f"you called evaluate on {show(got.evaluated_terminal[0])}, a terminal state: "
                "its value is game.utility(state, MAX)")
    extra, missing = got.evaluated - want.evaluated, want.evaluated - got.evaluated
    if extra:
        return (f"you called evaluate on {show(sorted(extra, key=repr)[0])}, which the "
                "quiescence search does not evaluate")
    if missing:
        return (f"evaluate was not called on {show(sorted(missing, key=repr)[0])}: every "
                "non-terminal state quiescence search reaches is worth at least its stand-pat "
                "value")
    return None


def search_diff(got: Observation, want: Observation) -> str | None:
    """The value and the move of ``search_quiescent``. The right value is that of
    alpha-beta with quiescence at the bound, not the minimax value to that depth (which
    evaluates at the bound), and the feedback says so.

    >>> search_diff(Observation(3, 1), Observation(3, 0))
    'your move is 1, the first best move is 0'
    >>> search_diff(Observation(-2, 1), Observation(-4, 1))
    'your value is -2, alpha-beta with quiescence at the depth bound returns -4'
    """
    problem = _cap_problem(got)
    if problem or got.shape in ("error", "other"):
        return problem or DIFFS["value"](got, want)
    if not same_value(got.value, want.value):
        return (f"your value is {_fmt(got.value)}, alpha-beta with quiescence at the depth "
                f"bound returns {_fmt(want.value)}")
    return DIFFS["move"](got, want)


def search_states_diff(got: Observation, want: Observation) -> str | None:
    """The states ``search_quiescent`` generates, in order, and those it evaluates."""
    return _cap_problem(got) or DIFFS["pruning"](got, want)


# -- grading -----------------------------------------------------------------------------
class _Fen(str):
    """A chess state as the grader compares it: its FEN (a state's history of earlier
    positions, which only the repetition rule reads, is not compared)."""

    def __repr__(self) -> str:
        return f"Chess.parse({str(self)!r})"


def _key(s: Any) -> Any:
    from aisearch.games.chess import ChessState

    return _Fen(s.fen) if isinstance(s, ChessState) else s


def _observe(f: Callable[..., Any], case: Case) -> Observation:
    """``observe(f, case)`` with the case's runner; chess states compared by their FEN."""
    o = observe(f, case, runner=_runner(case))
    if isinstance(case.game, TreeGame):
        return o
    return dataclasses.replace(
        o, generated=tuple(map(_key, o.generated)), evaluated=frozenset(map(_key, o.evaluated)),
        expanded_evaluated=tuple(map(_key, o.expanded_evaluated)),
        evaluated_terminal=tuple(map(_key, o.evaluated_terminal)),
        revisits=tuple((_key(s), n, k) for s, n, k in o.revisits))


def check_quiesce(ctx: Context, aspect: str, known: Sequence[Bug] = ()) -> None:
    """Grade ``quiesce`` by its ``'value'`` or by the ``'states'`` it generates and
    evaluates; ``known`` are the wrong versions that name a bug.

    >>> from aisearch.grading.exercises.ex05_horizon_effect import bugs
    >>> check_quiesce(Context({QUIESCE: bugs.quiesce}, seed=1), "states") is None
    True
    """
    diff = quiesce_value_diff if aspect == "value" else quiesce_states_diff
    check_search(ctx, QUIESCE, diff, quiesce_cases(ctx.rng), reference=quiesce_reference,
                 bugs=known, look=_observe, guess=False)


def check_search_quiescent(ctx: Context, aspect: str, known: Sequence[Bug] = ()) -> None:
    """Grade ``search_quiescent`` by its ``'answer'`` (value and move) or by the ``'states'``
    it generates and evaluates; ``known`` are the wrong versions that name a bug.

    >>> from aisearch.grading.exercises.ex05_horizon_effect import bugs
    >>> check_search_quiescent(Context({SEARCH: bugs.search_quiescent}, seed=1),
    ...                        "answer") is None
    True
    """
    diff = search_diff if aspect == "answer" else search_states_diff
    check_search(ctx, SEARCH, diff, search_cases(ctx.rng), reference=search_reference,
                 bugs=known, look=_observe, guess=False)
