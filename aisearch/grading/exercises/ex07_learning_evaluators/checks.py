"""Checks of exercise 07: TD(lambda) against the package's ``td_lambda_update``, on random
episodes drawn at grading time, and learning on Sutton's random walk.

``07.episode`` and ``07.train`` compare the student's weights with the reference to a
relative tolerance of 1e-7; on a difference the known bug that gives the same weights on
every case (``bugs.py``) is named, with the first case that shows it.

``07.walk`` runs the student's ``walk_values`` twelve times (500 games, alpha 0.05; lambda 0
and 1 on the same five seeds, lambda 0.5 and 0.8 once; seeds drawn at grading time). The
exercise fixes the walks (``random.Random(seed)``, a step left when ``rng.random() < 0.5``),
so the right answer is known exactly: weights equal to TD(lambda)'s on those walks earn the
marks. Weights that are not earn them only when they are TD(lambda)'s on walks drawn from
the same ``random.Random(seed)`` in another way the grader can repeat (:data:`OTHER_DRAWS`:
a step right when ``rng.random() < 0.5``, ``rng.choice((-1, 1))``, ``rng.getrandbits(1)``,
...): the grader runs TD(lambda) on those walks itself. Numbers that merely look learned
(near the true values 1/6 .. 5/6, changing with the seed and lambda) are not TD(lambda)'s
on any walk the grader can draw, and score 0; :func:`learns_like_td` only says, in the
feedback, how far they are from behaving as TD(lambda) does.

Weights travel between the grader and the grading process as lists of numbers (exact
numbers, ``Fraction`` or ``Decimal``, are read as the numbers they are): the student's
functions get lists and must return a list (or tuple) of numbers, not a numpy array.

Examples
--------
>>> from aisearch.grading.exercises.ex07_learning_evaluators.bugs import REFERENCES
>>> check_updates(Context(REFERENCES, seed=1), "td_episode") is None
True
>>> check_walk(Context(REFERENCES, seed=1)) is None
True
"""

from __future__ import annotations

import decimal
import functools
import math
import numbers
import random
from collections.abc import Callable, Sequence
from typing import Any

from aisearch.grading.exercises.ex07_learning_evaluators.bugs import (
    CATALOGUE,
    TRUE_WALK_VALUES,
    walk_values,
)
from aisearch.grading.question import Context, Fail, Score
from aisearch.grading.recognise import recognise
from aisearch.learn.td import td_lambda_update

__all__ = ["episode_cases", "train_cases", "check_updates", "check_walk", "reference",
           "walk_runs", "learns_like_td", "WALK_BOUND", "WALK_GAMES", "WALK_ALPHA", "close",
           "as_vector", "OTHER_DRAWS", "walk_drawn", "other_draw"]

WALK_BOUND = 0.15
"""Largest mean RMS error (against 1/6 .. 5/6) of walks that learn as TD(lambda) does."""
WALK_GAMES, WALK_ALPHA = 500, 0.05
"""Games and learning rate of every graded walk run."""
WALK_SEEDS = 5
"""Seeds run with lambda 0 and with lambda 1."""
WALK_RATIO = 1.2
"""How much further from the true values TD(1) ends than TD(0), on average over the seeds,
in weights that behave as TD(lambda)'s (a correct TD(lambda): at least 1.43 in 200 draws of 5
seeds measured, about 3 on average); the feedback on weights that score 0 says so."""
TOLERANCE = 1e-7
WALK_TOLERANCE = 1e-6
"""How close walk weights must be to TD(lambda)'s on the exercise's walks (500 games of
sums in another order stay within 1e-9)."""


def _number(rng: random.Random, binary: bool) -> float:
    return float(rng.random() < 0.5) if binary else round(rng.uniform(-1, 1), 2)


def _features(rng: random.Random, n: int, m: int) -> list[list[float]]:
    binary = rng.random() < 0.5
    return [[_number(rng, binary) for _ in range(n)] for _ in range(m)]


def _weights(rng: random.Random, n: int) -> list[float]:
    return [round(rng.uniform(-1, 1), 2) for _ in range(n)]


def episode_cases(rng: random.Random) -> list[tuple]:
    """30 episodes ``(w, xs, outcome, alpha, lam)``: the first eight long enough, with
    0 < lam < 1, for every known bug to show; the others of any length 1 .. 8, lambda 0
    and 1 included, two of them one-hot walks."""
    out = []
    for i in range(30):
        strong = i < 8
        n = rng.randint(3, 6) if strong else rng.randint(1, 6)
        m = rng.randint(3, 8) if strong else rng.randint(1, 8)
        lam = rng.choice((0.3, 0.5, 0.7, 0.9) if strong else (0.0, 0.25, 0.5, 0.8, 1.0))
        alpha = rng.choice((0.1, 0.2, 0.3) if strong else (0.05, 0.1, 0.2, 0.5))
        xs = _features(rng, n, m)
        if i >= 28:  # the random walk's one-hot features
            n, xs = 5, [[1.0 if j == k else 0.0 for j in range(5)]
                        for k in (rng.randrange(5) for _ in range(m))]
        outcome = rng.choice((0.0, 1.0, -1.0, 0.5))
        out.append((_weights(rng, n), xs, outcome, alpha, lam))
    return out


def train_cases(rng: random.Random) -> list[tuple]:
    """12 runs ``(w, episodes, alpha, lam)`` of 2 to 5 episodes (pairs ``(xs, outcome)``),
    0 < lam < 1 in the first four."""
    out = []
    for i in range(12):
        n = rng.randint(2, 5)
        episodes = [(_features(rng, n, rng.randint(2 if i < 4 else 1, 6)),
                     rng.choice((0.0, 1.0, -1.0))) for _ in range(rng.randint(2, 5))]
        lam = rng.choice((0.5, 0.7, 0.9) if i < 4 else (0.0, 0.3, 0.6, 0.9, 1.0))
        out.append((_weights(rng, n), episodes, rng.choice((0.1, 0.2, 0.3)), lam))
    return out


def _episode_reference(w: Any, xs: Any, outcome: float, alpha: float, lam: float) -> list:
    return [float(v) for v in td_lambda_update(w, xs, outcome, alpha=alpha, lam=lam)]


def _train_reference(w: Any, episodes: Any, alpha: float, lam: float) -> list:
    for xs, outcome in episodes:
        w = _episode_reference(w, xs, outcome, alpha, lam)
    return [float(v) for v in w]


def reference(name: str) -> Callable[..., list]:
    """The package's answer for the student's function ``name`` (``td_lambda_update``)."""
    references: dict[str, Callable[..., list]] = {"td_episode": _episode_reference,
                                                  "td_train": _train_reference}
    return references[name]


CASES: dict[str, Callable[[random.Random], list[tuple]]] = {
    "td_episode": episode_cases, "td_train": train_cases}


def as_vector(out: Any, n: int) -> tuple[float, ...] | None:
    """``out`` as a tuple of n floats, or None: a list or tuple of real numbers (ints,
    floats, ``Fraction`` and ``Decimal`` alike; not ``bool``), not a numpy array.

    >>> from fractions import Fraction
    >>> as_vector([Fraction(1, 4), 2, 0.5], 3), as_vector([True, 1.0], 2), as_vector("ab", 2)
    ((0.25, 2.0, 0.5), None, None)
    """
    if not isinstance(out, (list, tuple)) or len(out) != n:
        return None
    if not all(isinstance(v, (numbers.Real, decimal.Decimal)) and not isinstance(v, bool)
               for v in out):
        return None
    try:
        return tuple(float(v) for v in out)
    except (TypeError, ValueError, OverflowError):
        return None


def close(a: Sequence[float] | None, b: Sequence[float] | None) -> bool:
    """Whether two weight vectors agree to a relative tolerance of 1e-7.

    >>> close((1.0, 2.0), (1.0, 2.0 + 1e-12)), close((1.0,), (1.1,)), close(None, (1.0,))
    (True, False, False)
    """
    if a is None or b is None or len(a) != len(b):
        return False
    return all(math.isclose(x, y, rel_tol=TOLERANCE, abs_tol=TOLERANCE)
               for x, y in zip(a, b, strict=True))


def _copy(x: Any) -> Any:
    """A fresh copy of nested lists and tuples (the student may change its arguments)."""
    if isinstance(x, (list, tuple)):
        return type(x)(_copy(v) for v in x)
    return x


def _shape_problem(name: str, out: Any, n: int) -> str:
    kind = type(out).__name__ if not hasattr(out, "kind") else str(out.kind)
    if kind == "ndarray":
        return (f"{name} returned a numpy array; return a plain list of numbers instead "
                "(w.tolist()): the grader reads lists.")
    return f"{name} must return the {n} new weights as a list of numbers; it returned {out!r:.120}"


def _shown(args: tuple) -> str:
    text = ", ".join(repr(a) for a in args)
    return text if len(text) < 400 else text[:400] + "..."


def _call(ctx: Context, f: Any, name: str, args: tuple) -> Any:
    """Call the student's ``f`` (a call of the package's TD(lambda), which the grading
    process does not have, scores 0 as ``uses-reference``)."""
    return ctx.call(f, *_copy(args))


def check_updates(ctx: Context, name: str) -> None:
    """Grade ``td_episode`` or ``td_train`` on the question's random cases."""
    f = ctx.function(name)
    inputs = CASES[name](ctx.rng)
    want_of = reference(name)
    got, wrong = [], []
    for args in inputs:
        n = len(args[0])
        out = _call(ctx, f, name, args)
        vector = as_vector(out, n)
        if vector is None:
            raise Fail(_shape_problem(name, out, n))
        want = tuple(want_of(*args))
        got.append(vector)
        if not close(vector, want):
            wrong.append((args, vector, want))
    if not wrong:
        return
    bug, _ = recognise(got, inputs, CATALOGUE[name],
                       lambda impl, a: tuple(impl(*_copy(a))), alike=close)
    args, out, want = wrong[0]
    shown = ", ".join(f"{v:.6g}" for v in out)
    expected = ", ".join(f"{v:.6g}" for v in want)
    example = (f"{len(wrong)} of {len(inputs)} random cases wrong. For example, {name}("
               f"{_shown(args)}) returned [{shown}], expected [{expected}].")
    if bug is not None:
        raise Fail(f"{bug.feedback} {example}", bug=bug.key)
    raise Fail(example)


def _rms(values: Sequence[float]) -> float:
    return math.sqrt(sum((v - t) ** 2 for v, t in zip(values, TRUE_WALK_VALUES, strict=True)) / 5)


def walk_runs(rng: random.Random) -> list[tuple[int, float, float, int]]:
    """The graded runs ``(games, alpha, lam, seed)``: lambda 0 and 1 on the same
    :data:`WALK_SEEDS` seeds, then lambda 0.5 and 0.8 once.

    >>> [r[2] for r in walk_runs(random.Random(1))]
    [0.0, 1.0, 0.0, 1.0, 0.0, 1.0, 0.0, 1.0, 0.0, 1.0, 0.5, 0.8]
    """
    seeds = [rng.randrange(10**6) for _ in range(WALK_SEEDS + 2)]
    runs = [(WALK_GAMES, WALK_ALPHA, lam, seed) for seed in seeds[:WALK_SEEDS]
            for lam in (0.0, 1.0)]
    return runs + [(WALK_GAMES, WALK_ALPHA, 0.5, seeds[-2]), (WALK_GAMES, WALK_ALPHA, 0.8,
                                                                seeds[-1])]


def learns_like_td(runs: Sequence[tuple], values: Sequence[Sequence[float]]) -> str | None:
    """Why weights of walks drawn otherwise than the exercise says do not behave as
    TD(lambda) does, or None when they do (see the module's docstring).

    >>> from aisearch.grading.exercises.ex07_learning_evaluators.bugs import walk_values
    >>> runs = walk_runs(random.Random(4))
    >>> learns_like_td(runs, [walk_values(*r) for r in runs]) is None
    True
    >>> print(learns_like_td(runs, [TRUE_WALK_VALUES] * len(runs)))
    the values do not change with the seed: they are not learned from random walks
    """
    by_run = dict(zip(runs, values, strict=True))
    seeds = sorted({r[3] for r in runs if r[2] in (0.0, 1.0)})
    if len({tuple(v) for v in values}) < len(values) // 2:
        return "the values do not change with the seed: they are not learned from random walks"
    for seed in seeds:
        if not close(by_run[(WALK_GAMES, WALK_ALPHA, 0.0, seed)],
                     by_run[(WALK_GAMES, WALK_ALPHA, 1.0, seed)]):
            break
    else:
        return ("the values for lambda 0 and lambda 1 on the same seed are equal: lambda must "
                "change what is learned (the trace decays by lambda)")
    errors = [_rms(v) for v in values]
    if sum(errors) / len(errors) >= WALK_BOUND:
        return (f"the mean RMS error is {sum(errors) / len(errors):.3f}, not below "
                f"{WALK_BOUND}: the values are not learned")
    td0 = sum(_rms(by_run[(WALK_GAMES, WALK_ALPHA, 0.0, s)]) for s in seeds) / len(seeds)
    td1 = sum(_rms(by_run[(WALK_GAMES, WALK_ALPHA, 1.0, s)]) for s in seeds) / len(seeds)
    if td1 < WALK_RATIO * td0:
        return (f"TD(1) ends {td1:.3f} from the true values and TD(0) {td0:.3f}: with alpha "
                f"{WALK_ALPHA} TD(1) should end clearly further (about three times), as the "
                "exercise's table shows")
    return None


OTHER_DRAWS: tuple[tuple[str, Callable[[random.Random], bool]], ...] = (
    ("a step right when rng.random() < 0.5", lambda rng: rng.random() >= 0.5),
    ("rng.choice((-1, 1)) or rng.randint(0, 1), 0 a step left",
     lambda rng: rng.randrange(2) == 0),
    ("rng.choice((1, -1)) or rng.randint(0, 1), 1 a step left",
     lambda rng: rng.randrange(2) == 1),
    ("rng.getrandbits(1), 0 a step left", lambda rng: rng.getrandbits(1) == 0),
    ("rng.getrandbits(1), 1 a step left", lambda rng: rng.getrandbits(1) == 1),
)
"""Other ways to draw the walk's steps from ``random.Random(seed)``, each with whether a
step goes left: walks the grader can draw again, to run TD(lambda) on them itself."""


@functools.lru_cache(maxsize=1024)
def walk_drawn(left: Callable[[random.Random], bool] | None, episodes: int, alpha: float,
               lam: float, seed: int) -> tuple[float, ...]:
    """TD(lambda)'s values of A .. E on walks whose steps ``left(rng)`` draws (``None``: as
    the exercise draws them). Kept: the submissions of a class graded with one seed are
    graded on the same runs.

    >>> from aisearch.grading.exercises.ex07_learning_evaluators.bugs import walk_values
    >>> walk_drawn(lambda rng: rng.random() < 0.5, 50, 0.05, 0.5, 3) == tuple(
    ...     walk_values(50, 0.05, 0.5, 3))
    True
    """
    return tuple(walk_values(episodes, alpha, lam, seed, left))


def _near(a: Sequence[float], b: Sequence[float]) -> bool:
    return all(math.isclose(x, y, rel_tol=0, abs_tol=WALK_TOLERANCE)
               for x, y in zip(a, b, strict=True))


def other_draw(runs: Sequence[tuple], values: Sequence[Sequence[float]]) -> str | None:
    """The way of :data:`OTHER_DRAWS` on whose walks ``values`` are TD(lambda)'s in every
    run, or None.

    >>> runs = walk_runs(random.Random(4))[-2:]
    >>> other_draw(runs, [walk_drawn(lambda rng: rng.getrandbits(1) == 1, *r) for r in runs])
    'rng.getrandbits(1), 1 a step left'
    >>> other_draw(runs, [walk_values(*r) for r in runs]) is None  # (the exercise's own)
    True
    """
    for how, left in OTHER_DRAWS:
        if all(_near(got, walk_drawn(left, *args)) for args, got in zip(runs, values,
                                                                         strict=True)):
            return how
    return None


def check_walk(ctx: Context, points: float = 3) -> Score | None:
    """Grade ``walk_values``: TD(lambda)'s weights on the exercise's walks, or weights that
    behave as TD(lambda)'s on walks drawn another way (see the module's docstring).

    >>> check_walk(Context({"walk_values": walk_values}, seed=1)) is None
    True
    """
    f = ctx.function("walk_values")
    runs = walk_runs(ctx.rng)
    got: list[tuple[float, ...]] = []
    for args in runs:
        out = _call(ctx, f, "walk_values", args)
        values = as_vector(out, 5)
        if values is None:
            raise Fail(_shape_problem("walk_values", out, 5))
        if not all(math.isfinite(v) for v in values):
            raise Fail(f"walk_values{args} returned {out!r:.120}: the weights blew up; is the "
                       "sign of the TD error right?")
        got.append(values)
    for k, args in enumerate(runs):  # up to the first run that is off
        want = walk_drawn(None, *args)
        if not _near(got[k], want):
            break
    else:
        return None
    shown = ", ".join(f"{v:.4f}" for v in got[k])
    expected = ", ".join(f"{v:.4f}" for v in want)
    example = (f"walk_values{runs[k]} gave [{shown}]; TD(lambda) on the exercise's walks "
               f"(random.Random(seed), a step left when rng.random() < 0.5) gives [{expected}]")
    bug, _ = recognise(got, runs, CATALOGUE["walk_values"], lambda impl, a: tuple(impl(*a)),
                       alike=lambda a, b: all(math.isclose(x, y, abs_tol=WALK_TOLERANCE)
                                              for x, y in zip(a, b, strict=True)))
    if bug is not None:
        raise Fail(f"{bug.feedback} {example}.", bug=bug.key)
    how = other_draw(runs, got)
    if how is not None:
        return Score(points, f"Your values are TD(lambda)'s on walks drawn another way "
                     f"({how}), not on the exercise's walks ({example}); the grader repeated "
                     "your walks, but next time draw them as the exercise says.")
    problem = learns_like_td(runs, got)
    if problem is None:  # learned-looking numbers: the walks are not the exercise's
        text = ("walk_values's values behave as TD(lambda)'s do, but they are TD(lambda)'s "
                "neither on the exercise's walks nor on walks drawn from random.Random(seed) in "
                "another way the grader can repeat: draw the walks as the exercise says "
                "(rng = random.Random(seed), a step left when rng.random() < 0.5), and check "
                "the updates (07.episode)")
    else:
        text = f"walk_values does not learn the walk's values as TD(lambda) does: {problem}"
    hint = ""
    values = got[k]
    if values[0] > values[-1]:
        hint = (" The values fall from A to E: the outcome is 1 when the walk leaves E on the "
                "right and 0 when it leaves A on the left.")
    elif max(abs(v) for v in values) > 2:
        hint = " The values run far outside [0, 1]: is the sign of the TD error right?"
    raise Fail(f"{text}. For example, {example}.{hint}")
