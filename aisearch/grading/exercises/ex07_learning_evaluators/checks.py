"""Checks of exercise 07: TD(lambda) against the package's ``td_lambda_update``, on random
episodes drawn at grading time, and learning on Sutton's random walk.

``07.episode`` and ``07.train`` compare the student's weights with the reference to a
relative tolerance of 1e-7; on a difference the known bug that gives the same weights on
every case (``bugs.py``) is named, with the first case that shows it. ``07.walk`` runs the
student's ``walk_values`` three times (lambda 0, 0.5 and 0.8, 500 games, alpha 0.05, seeds
drawn at grading time) and asks for a mean RMS error below :data:`WALK_BOUND` against the
true values 1/6 .. 5/6: a correct TD(lambda) stays below 0.1 (400 draws measured), while a
walk that does not learn (all 0.5) is 0.236 off.

Weights travel between the grader and the grading process as plain lists: the student's
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

import math
import random
from collections.abc import Callable, Sequence
from typing import Any

from aisearch.grading.exercises.ex07_learning_evaluators.bugs import CATALOGUE, TRUE_WALK_VALUES
from aisearch.grading.observe import watch_calls
from aisearch.grading.question import Context, Fail
from aisearch.grading.recognise import recognise
from aisearch.learn.td import td_lambda_update

__all__ = ["episode_cases", "train_cases", "check_updates", "check_walk", "reference",
           "WALK_BOUND", "WALK_RUNS", "close"]

WALK_BOUND = 0.15
"""Largest mean RMS error of the three walk runs that earns the marks."""
WALK_RUNS = ((0.0, 0.05, 500), (0.5, 0.05, 500), (0.8, 0.05, 500))
"""(lam, alpha, games) of the three graded walk runs."""
TOLERANCE = 1e-7


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


def _vector(out: Any, n: int) -> tuple[float, ...] | None:
    """``out`` as a tuple of n floats, or None (numpy arrays too: they cannot travel)."""
    if not isinstance(out, (list, tuple)) or len(out) != n:
        return None
    try:
        values = tuple(float(v) for v in out)
    except (TypeError, ValueError):
        return None
    return values if all(isinstance(v, (int, float)) and not isinstance(v, bool)
                         for v in out) else None


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
    """Call the student's ``f``; calling the package's ``td_lambda_update`` scores 0."""
    with watch_calls({td_lambda_update.__code__: "aisearch.learn.td_lambda_update"}) as used:
        out = ctx.call(f, *_copy(args))
    if used:
        what = ("switches off the grader's watch on calls (sys.setprofile)"
                if used[0] == "sys.setprofile" else f"calls {used[0]}()")
        raise Fail(f"{name} {what}; the exercise asks you to write the update yourself.",
                   bug="uses-reference")
    return out


def check_updates(ctx: Context, name: str) -> None:
    """Grade ``td_episode`` or ``td_train`` on the question's random cases."""
    f = ctx.function(name)
    inputs = CASES[name](ctx.rng)
    want_of = reference(name)
    got, wrong = [], []
    for args in inputs:
        n = len(args[0])
        out = _call(ctx, f, name, args)
        vector = _vector(out, n)
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


def check_walk(ctx: Context) -> None:
    """Grade ``walk_values`` by its RMS error against 1/6 .. 5/6 on three runs."""
    f = ctx.function("walk_values")
    runs = [(games, alpha, lam, ctx.rng.randrange(10**6)) for lam, alpha, games in WALK_RUNS]
    shown = []
    for args in runs:
        out = _call(ctx, f, "walk_values", args)
        values = _vector(out, 5)
        if values is None:
            raise Fail(_shape_problem("walk_values", out, 5))
        if not all(math.isfinite(v) for v in values):
            raise Fail(f"walk_values{args} returned {out!r:.120}: the weights blew up; is the "
                       "sign of the TD error right?")
        shown.append((args, values))
    errors = [_rms(values) for _, values in shown]  # the true values only after the calls
    mean = sum(errors) / len(errors)
    if mean < WALK_BOUND:
        return
    args, values = shown[int(max(range(len(errors)), key=errors.__getitem__))]
    text = ", ".join(f"{v:.3f}" for v in values)
    problem = (f"walk_values does not learn the walk's values: the mean RMS error of the three "
               f"runs is {mean:.3f} (a correct TD(lambda) stays below {WALK_BOUND}). For "
               f"example walk_values{args} gave [{text}], the true values are 1/6 .. 5/6 "
               "(0.167, 0.333, 0.5, 0.667, 0.833).")
    bug, _ = recognise([v for _, v in shown], runs, CATALOGUE["walk_values"],
                       lambda impl, a: tuple(impl(*a)), alike=close)
    if bug is not None:
        raise Fail(f"{bug.feedback} {problem}", bug=bug.key)
    hint = ""
    if values[0] > values[-1]:
        hint = (" The values fall from A to E: the outcome is 1 when the walk leaves E on the "
                "right and 0 when it leaves A on the left.")
    elif max(abs(v) for v in values) > 2:
        hint = " The values run far outside [0, 1]: is the sign of the TD error right?"
    raise Fail(f"{problem}{hint}")
