"""Known wrong answers of exercise 07, one named function per bug, and the right ones.

:func:`td_episode` is one episode of online TD(lambda) on a linear evaluator ``f(x) = w . x``,
in plain Python, giving what :func:`aisearch.learn.td.td_lambda_update` gives; :func:`td_train`
runs it on one episode after another; :func:`walk_values` learns the values of Sutton's
five-state random walk. Every other function has exactly one bug, marked ``# the bug``.

Examples
--------
>>> td_episode([0.0, 0.0], [[1, 0], [0, 1]], 1.0, 0.5, 0.5)
[0.25, 0.5]
>>> td_train([0.0, 0.0], [([[1, 0], [0, 1]], 1.0), ([[0, 1]], 0.0)], 0.5, 0.5)
[0.25, 0.25]
>>> [bug.key for bug in EPISODE_BUGS][:2]
['trace-not-decayed', 'wrong-sign']
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from aisearch.grading.recognise import Bug, BugClass, catalogue, shows

__all__ = ["td_episode", "td_train", "walk_values", "walk_episode", "EPISODE_BUGS",
           "TRAIN_BUGS", "WALK_BUGS", "CATALOGUE", "REFERENCES", "TRUE_WALK_VALUES"]

TRUE_WALK_VALUES = (1 / 6, 2 / 6, 3 / 6, 4 / 6, 5 / 6)
"""The chance of ending on the right from the walk's states A .. E (Sutton 1988)."""

TRACE_NOT_DECAYED = BugClass(
    "trace-not-decayed", "the trace is not decayed: each step the eligibility trace becomes "
    "lam * e + x_t (older positions fade by lam per step), not e + x_t.")
WRONG_SIGN = BugClass(
    "wrong-sign", "wrong sign of the TD error: the error is target - w . x_t (the next "
    "prediction, or the outcome, minus the current one), and the weights move by "
    "+alpha * error * e.")
NEXT_GRADIENT = BugClass(
    "next-gradient", "updates with the next state's gradient: the trace collects the gradient "
    "of the prediction being corrected, x_t, not x_{t+1}.")
OUTCOME_UNUSED = BugClass(
    "outcome-unused", "the outcome is never learned from: the last position x_{m-1} also gets "
    "an update, with the outcome as its target (target - w . x_{m-1}); the loop must run over "
    "all m positions.")
TRACE_LATE = BugClass(
    "trace-late", "the trace is updated after the weights: at step t add x_t to the trace "
    "(e = lam * e + x_t) before the update w += alpha * error * e, so x_t gets its own error.")
ALPHA_TWICE = BugClass(
    "alpha-twice", "the learning rate is applied twice: w += alpha * error * e, once.")
WALK_OUTCOME = BugClass(
    "walk-outcome", "the walk's outcome is reversed: a game that leaves E on the right ends "
    "with outcome 1, one that leaves A on the left with outcome 0 (the values rise from A to E).")
WALK_WEIGHTS_RESET = BugClass(
    "walk-weights-reset", "the weights start again from 0.5 in every game: set w = [0.5] * 5 "
    "once, before the first game, and carry it from game to game.")
TRACE_NOT_RESET = BugClass(
    "trace-not-reset", "the trace is not reset between games: every episode starts with a "
    "zero trace (e = 0); positions of an earlier game get no credit for this game's errors.")


def _dot(w: Sequence[float], x: Sequence[float]) -> float:
    return sum(wi * xi for wi, xi in zip(w, x, strict=True))


def _episode(w: Sequence[float], xs: Sequence[Sequence[float]], outcome: float, alpha: float,
             lam: float, *, e: list[float] | None = None, decay: bool = True, sign: float = 1.0,
             next_gradient: bool = False, steps: int | None = None, late: bool = False,
             rate: float | None = None) -> tuple[list[float], list[float]]:
    """The weights and the trace after one episode; each keyword switches on one bug."""
    w = [float(v) for v in w]
    e = [0.0] * len(w) if e is None else e
    m = len(xs)
    rate = alpha if rate is None else rate
    for t in range(m if steps is None else steps):
        grad = xs[t + 1] if next_gradient and t + 1 < m else xs[t]
        if not late:
            e = [(lam if decay else 1.0) * ei + xi for ei, xi in zip(e, grad, strict=True)]
        target = outcome if t == m - 1 else _dot(w, xs[t + 1])
        step = rate * sign * (target - _dot(w, xs[t]))
        w = [wi + step * ei for wi, ei in zip(w, e, strict=True)]
        if late:
            e = [lam * ei + xi for ei, xi in zip(e, grad, strict=True)]
    return w, e


def td_episode(w: Sequence[float], xs: Sequence[Sequence[float]], outcome: float, alpha: float,
               lam: float) -> list[float]:
    """One episode of online TD(lambda) on ``f(x) = w . x``: the new weights.

    >>> td_episode([0.0, 0.0], [[1, 0], [0, 1]], 1.0, 0.5, 0.0)
    [0.0, 0.5]
    """
    return _episode(w, xs, outcome, alpha, lam)[0]


def td_train(w: Sequence[float], episodes: Sequence[tuple[Any, float]], alpha: float,
             lam: float) -> list[float]:
    """TD(lambda) over ``episodes``, pairs ``(xs, outcome)``, one after another.

    >>> td_train([0.5], [([[1.0]], 1.0)] * 2, 0.5, 0.9)
    [0.875]
    """
    w = [float(v) for v in w]
    for xs, outcome in episodes:
        w = td_episode(w, xs, outcome, alpha, lam)
    return w


def walk_episode(rng: random.Random) -> tuple[list[list[float]], float]:
    """One game of the random walk from C: the one-hot features of the states visited
    (A .. E, terminal states excluded) and the outcome (1 on the right, 0 on the left).

    >>> walk_episode(random.Random(5))
    ([[0.0, 0.0, 1.0, 0.0, 0.0], [0.0, 0.0, 0.0, 1.0, 0.0], [0.0, 0.0, 0.0, 0.0, 1.0]], 1.0)
    """
    s, xs = 3, []
    while 0 < s < 6:
        xs.append([1.0 if i == s else 0.0 for i in range(1, 6)])
        s += -1 if rng.random() < 0.5 else 1
    return xs, 1.0 if s == 6 else 0.0


def walk_values(episodes: int, alpha: float, lam: float, seed: int) -> list[float]:
    """The walk's five values after ``episodes`` games of TD(lambda) from weights 0.5.

    :func:`td_episode` on the one-hot features of :func:`walk_episode`'s games, written for
    one-hot features (``w . x_t`` is the weight of the state, the trace gains 1 at it): the
    same floating-point operations, bit for bit, in a fraction of the time.

    >>> [round(v, 2) for v in walk_values(500, 0.05, 0.5, seed=3)]
    [0.13, 0.27, 0.48, 0.64, 0.84]
    >>> rng, w = random.Random(3), [0.5] * 5
    >>> for _ in range(50):
    ...     w = td_episode(w, *walk_episode(rng), 0.05, 0.5)
    >>> walk_values(50, 0.05, 0.5, seed=3) == w
    True
    """
    return _walk(episodes, alpha, lam, seed)


def _walk(episodes: int, alpha: float, lam: float, seed: int, *, reverse: bool = False,
          reset: bool = False) -> list[float]:
    """:func:`walk_values`; ``reverse`` and ``reset`` each switch on one bug."""
    rng = random.Random(seed)
    w = [0.5] * 5
    for _ in range(episodes):
        states, s = [], 3
        while 0 < s < 6:
            states.append(s - 1)
            s += -1 if rng.random() < 0.5 else 1
        outcome, last = (1.0 if s == 6 else 0.0), len(states) - 1
        if reverse:
            outcome = 1.0 - outcome
        if reset:
            w = [0.5] * 5
        e = [0.0] * 5
        for t, i in enumerate(states):
            e = [lam * v for v in e]
            e[i] += 1.0
            target = outcome if t == last else w[states[t + 1]]
            step = alpha * (target - w[i])
            w = [wi + step * ei for wi, ei in zip(w, e, strict=True)]
    return w


# -- td_episode, one bug each ----------------------------------------------------------------
@shows(TRACE_NOT_DECAYED)
def trace_not_decayed(w: Any, xs: Any, outcome: float, alpha: float, lam: float) -> list[float]:
    """The trace adds x_t without fading: e = e + x_t."""
    return _episode(w, xs, outcome, alpha, lam, decay=False)[0]  # the bug


@shows(WRONG_SIGN)
def wrong_sign(w: Any, xs: Any, outcome: float, alpha: float, lam: float) -> list[float]:
    """The error is w . x_t - target."""
    return _episode(w, xs, outcome, alpha, lam, sign=-1.0)[0]  # the bug


@shows(NEXT_GRADIENT)
def next_gradient(w: Any, xs: Any, outcome: float, alpha: float, lam: float) -> list[float]:
    """The trace collects x_{t+1} (x_t at the last position)."""
    return _episode(w, xs, outcome, alpha, lam, next_gradient=True)[0]  # the bug


@shows(OUTCOME_UNUSED)
def outcome_unused(w: Any, xs: Any, outcome: float, alpha: float, lam: float) -> list[float]:
    """The loop stops before the last position: the outcome is never a target."""
    return _episode(w, xs, outcome, alpha, lam, steps=len(xs) - 1)[0]  # the bug


@shows(TRACE_LATE)
def trace_late(w: Any, xs: Any, outcome: float, alpha: float, lam: float) -> list[float]:
    """The trace takes x_t after the weights moved."""
    return _episode(w, xs, outcome, alpha, lam, late=True)[0]  # the bug


@shows(ALPHA_TWICE)
def alpha_twice(w: Any, xs: Any, outcome: float, alpha: float, lam: float) -> list[float]:
    """The step is alpha * alpha * error * e."""
    return _episode(w, xs, outcome, alpha, lam, rate=alpha * alpha)[0]  # the bug


# -- td_train ----------------------------------------------------------------------------------
@shows(TRACE_NOT_RESET)
def trace_not_reset(w: Any, episodes: Any, alpha: float, lam: float) -> list[float]:
    """One trace for the whole run, carried from game to game."""
    w = [float(v) for v in w]
    e = [0.0] * len(w)
    for xs, outcome in episodes:
        w, e = _episode(w, xs, outcome, alpha, lam, e=e)  # the bug: e not reset
    return w


@shows(WALK_OUTCOME)
def walk_outcome_reversed(episodes: int, alpha: float, lam: float, seed: int) -> list[float]:
    """The outcome is 1 on the left."""
    return _walk(episodes, alpha, lam, seed, reverse=True)  # the bug


@shows(WALK_WEIGHTS_RESET)
def walk_weights_reset(episodes: int, alpha: float, lam: float, seed: int) -> list[float]:
    """Every game learns from weights 0.5: only the last game counts."""
    return _walk(episodes, alpha, lam, seed, reset=True)  # the bug


def _trained(episode: Callable[..., list[float]]) -> Callable[..., list[float]]:
    """td_train built on a wrong episode: the same bug, shown by the training."""

    @shows(episode.bug_class)  # type: ignore[attr-defined]
    def train(w: Any, episodes: Any, alpha: float, lam: float) -> list[float]:
        w = [float(v) for v in w]
        for xs, outcome in episodes:
            w = episode(w, xs, outcome, alpha, lam)
        return w

    train.__name__ = train.__qualname__ = f"train_{episode.__name__}"
    train.__doc__ = f"td_train on {episode.__name__}: {episode.__doc__}"
    return train


EPISODE_BUGS: list[Bug] = catalogue(trace_not_decayed, wrong_sign, next_gradient, outcome_unused,
                                    trace_late, alpha_twice)
"""The wrong episodes, most specific first."""

train_trace_not_decayed = _trained(trace_not_decayed)
train_wrong_sign = _trained(wrong_sign)
train_next_gradient = _trained(next_gradient)
train_outcome_unused = _trained(outcome_unused)
train_trace_late = _trained(trace_late)
train_alpha_twice = _trained(alpha_twice)

TRAIN_BUGS: list[Bug] = catalogue(trace_not_reset, train_trace_not_decayed, train_wrong_sign,
                                  train_next_gradient, train_outcome_unused, train_trace_late,
                                  train_alpha_twice)
"""The wrong training loops: the trace carried over, or a wrong episode."""

WALK_BUGS: list[Bug] = catalogue(walk_outcome_reversed, walk_weights_reset)
"""The wrong random walks."""

CATALOGUE: dict[str, list[Bug]] = {"td_episode": EPISODE_BUGS, "td_train": TRAIN_BUGS,
                                   "walk_values": WALK_BUGS}
"""The student's function name -> its known wrong implementations."""

REFERENCES: dict[str, Callable[..., Any]] = {"td_episode": td_episode, "td_train": td_train,
                                             "walk_values": walk_values}
"""Plain correct implementations of the graded functions."""
