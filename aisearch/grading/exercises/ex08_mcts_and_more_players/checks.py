"""Checks of exercise 08: the pieces of MCTS and max^n against the package's, on random
statistics, paths, terminal positions and utility-tuple trees drawn at grading time.

Each check runs the student's function on every case, compares with the reference, and
on a difference names the known bug that behaves the same way (``bugs.py``), with the
first case that shows it.

Examples
--------
>>> from aisearch.grading.exercises.ex08_mcts_and_more_players.bugs import REFERENCES
>>> check(Context(REFERENCES, seed=1), "ucb1_score") is None
True
"""

from __future__ import annotations

import copy
import math
import random
from collections.abc import Callable
from typing import Any

from aisearch.core import MAX, MIN
from aisearch.games import Coins, TicTacToe, TupleTree
from aisearch.grading.exercises.ex08_mcts_and_more_players.bugs import CATALOGUE, backup
from aisearch.grading.question import Context, Fail
from aisearch.grading.recognise import recognise
from aisearch.search import maxn, ucb1
from aisearch.search.sampling.mcts import rewards

__all__ = ["check", "cases", "REFERENCE"]

C_VALUES = (math.sqrt(2), 1.0, 0.5, 2.0)


def _ucb_cases(rng: random.Random) -> list[tuple]:
    out = []
    for i in range(40):
        visits = 0 if i % 5 == 0 else rng.randint(1, 30)
        parent = visits + rng.randint(1, 50)
        total = rng.randint(0, 2 * visits) / 2
        out.append((total, visits, parent, rng.choice(C_VALUES)))
    return out


def _select_cases(rng: random.Random) -> list[tuple]:
    """30 cases ``(children, parent_visits, c)``: a third with two or more unvisited
    children (not the first: the first of them must be chosen), a third whose best score is
    shared by two children with the same statistics (the first of them must be chosen), a
    third drawn freely.

    >>> cases = _select_cases(random.Random(1))
    >>> sum(sum(n == 0 for _, _, n in c) >= 2 for c, _, _ in cases)
    10
    """
    out = []
    for i in range(30):
        k = rng.randint(3, 6)
        visits = [rng.randint(1, 20) for _ in range(k)]
        totals = [rng.randint(0, 2 * n) / 2 for n in visits]
        if i % 3 == 0:  # unvisited children, none of them first
            for j in rng.sample(range(1, k), rng.randint(2, k - 1)):
                visits[j], totals[j] = 0, 0.0
        elif i % 3 == 1:  # two children alike, with the best score: fewest visits, all won
            a, b = sorted(rng.sample(range(k), 2))
            n = min(visits)
            visits[a] = visits[b] = n
            totals[a] = totals[b] = float(n)
        children = [(move, t, n) for move, t, n in zip("abcdef", totals, visits, strict=False)]
        out.append((children, sum(visits) + 1, rng.choice(C_VALUES)))
    return out


def _reward_cases(rng: random.Random) -> list[tuple]:
    game = TicTacToe()
    out: list[tuple] = []
    kinds: set[float] = set()
    while len(out) < 30 or len(kinds) < 3:
        s = game.initial
        while not game.is_terminal(s):
            s = game.result(s, rng.choice(game.moves(s)))
        kinds.add(game.utility(s, MAX))
        out.append((game, s))
    return out


def _backup_cases(rng: random.Random) -> list[tuple]:
    out = []
    for _ in range(30):
        length = rng.randint(2, 6)
        first = rng.choice((MAX, MIN))
        movers = [None] + [first if i % 2 == 0 else 1 - first for i in range(length - 1)]
        stats = []
        for _ in range(length):
            n = rng.randint(1, 40)
            stats.append((n, rng.randint(0, 2 * n) / 2))
        out.append((stats, movers, rng.choice((0.0, 0.5, 1.0))))
    return out


def _tips(rng: random.Random, depth: int) -> Any:
    if depth == 0:
        return tuple(rng.randint(0, 9) for _ in range(3))
    return [_tips(rng, depth - 1) for _ in range(rng.randint(1, 3))]


def _maxn_cases(rng: random.Random) -> list[tuple]:
    out: list[tuple] = []
    for _ in range(25):
        game = TupleTree(_tips(rng, rng.randint(2, 4)))
        out.append((game, game.initial))
    for _ in range(5):
        coins = Coins(tuple(rng.randint(1, 9) for _ in range(rng.randint(3, 6))))
        out.append((coins, coins.initial))
    return out


CASES: dict[str, Callable[[random.Random], list[tuple]]] = {
    "ucb1_score": _ucb_cases, "select_child": _select_cases, "reward": _reward_cases,
    "backup": _backup_cases, "maxn_value": _maxn_cases,
}


def _select(children: list, parent_visits: int, c: float) -> Any:
    scores = [ucb1(total, n, parent_visits, c) for _, total, n in children]
    return children[scores.index(max(scores))][0]


REFERENCE: dict[str, Callable[..., Any]] = {
    "ucb1_score": ucb1,
    "select_child": _select,
    "reward": lambda game, s: rewards(game, s)[MAX],
    "backup": backup,
    "maxn_value": lambda game, s: maxn(game, s, prune=False).value,
}


def cases(name: str, rng: random.Random) -> list[tuple]:
    """The random cases of the student's function ``name``."""
    return CASES[name](rng)


def _norm(x: Any) -> Any:
    if isinstance(x, float):
        return x if math.isinf(x) or math.isnan(x) else round(x, 9)
    if isinstance(x, (list, tuple)):
        return tuple(_norm(v) for v in x)
    return x


def _shown(args: tuple) -> str:
    """The arguments of a case as the student can type them again: a game by its repr
    (``TupleTree([...])``, ``Coins((3, 1, 4))``, a tic-tac-toe board's game).

    >>> _shown((TupleTree([[(1, 2, 3)], [(3, 2, 1)]]), ()))
    'TupleTree([[(1, 2, 3)], [(3, 2, 1)]]), ()'
    """
    parts = []
    for a in args:
        if isinstance(a, TupleTree):  # the whole tree (its repr shortens big ones)
            parts.append(f"TupleTree({a.tree!r})")
        else:
            parts.append(repr(a) if not isinstance(a, float) else f"{a:g}")
    text = ", ".join(parts)
    return text if len(text) < 700 else text[:700] + "..."


def check(ctx: Context, name: str) -> None:
    """Grade the student's function ``name`` on the question's random cases."""
    f = ctx.function(name)
    inputs = cases(name, ctx.rng)
    reference = REFERENCE[name]
    # every call before any answer, each on a copy: a function that changes its arguments
    # changes neither the reference's cases nor the other calls'
    got = [_norm(ctx.call(f, *copy.deepcopy(args))) for args in inputs]
    wrong = []
    for args, out in zip(inputs, got, strict=True):
        want = _norm(reference(*args))
        if out != want:
            wrong.append((args, out, want))
    if not wrong:
        return
    bug, _ = recognise(got, inputs, CATALOGUE[name], lambda impl, a: _norm(impl(*a)))
    args, out, want = min(wrong, key=lambda w: len(_shown(w[0])))  # the smallest case
    example = (f"{len(wrong)} of {len(inputs)} random cases wrong. For example, {name}("
               f"{_shown(args)}) returned {out!r}, expected {want!r}.")
    if bug is not None:
        raise Fail(f"{bug.feedback} {example}", bug=bug.key)
    raise Fail(example)
