"""Known wrong answers of exercise 07 as small changes of the right ones, and the right ones.

:func:`td_episode` is one episode of online TD(lambda) on a linear evaluator ``f(x) = w . x``,
in plain Python, giving what :func:`aisearch.learn.td.td_lambda_update` gives; :func:`td_train`
runs it on one episode after another; :func:`walk_values` learns the values of Sutton's
five-state random walk. They are written as the solution notebook writes them, and every
wrong one is an edit of one of them with one classic mistake
(:func:`~aisearch.grading.mutate.mutant`); a wrong training loop is :func:`td_train` calling
a wrong episode, or carrying the trace from one episode to the next.

Examples
--------
>>> td_episode([0.0, 0.0], [[1, 0], [0, 1]], 1.0, 0.5, 0.5)
[0.25, 0.5]
>>> td_train([0.0, 0.0], [([[1, 0], [0, 1]], 1.0), ([[0, 1]], 0.0)], 0.5, 0.5)
[0.25, 0.25]
>>> [bug.key for bug in EPISODE_BUGS][:2]
['trace-not-decayed', 'wrong-sign']
>>> trace_not_decayed([0.0, 0.0], [[1, 0], [0, 1]], 1.0, 0.5, 0.5)
[0.5, 0.5]
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from aisearch.grading.mutate import mutant
from aisearch.grading.recognise import Bug, BugClass, catalogue

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
OFFLINE = BugClass(
    "offline", "the weights are held fixed during the game (offline TD): the exercise asks "
    "for online TD(lambda), where the weights change after every step and both the target "
    "w . x_{t+1} and the prediction w . x_t are computed with the current weights.")
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


# -- the right answers --------------------------------------------------------------------
def dot(w: Sequence[float], x: Sequence[float]) -> float:
    """``w . x`` for two lists of numbers.

    >>> dot([1.0, 2.0], [3, 4])
    11.0
    """
    return sum(wi * xi for wi, xi in zip(w, x, strict=True))


def td_episode(w: Sequence[float], xs: Sequence[Sequence[float]], outcome: float, alpha: float,
               lam: float) -> list[float]:
    """One episode of online TD(lambda) on ``f(x) = w . x``: the new weights.

    >>> td_episode([0.0, 0.0], [[1, 0], [0, 1]], 1.0, 0.5, 0.0)
    [0.0, 0.5]
    """
    w = [float(v) for v in w]
    e = [0.0] * len(w)
    m = len(xs)
    for t in range(m):
        e = [lam * ei + xi for ei, xi in zip(e, xs[t], strict=True)]
        target = outcome if t == m - 1 else dot(w, xs[t + 1])
        step = alpha * (target - dot(w, xs[t]))
        w = [wi + step * ei for wi, ei in zip(w, e, strict=True)]
    return w


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


def walk_values(episodes: int, alpha: float, lam: float, seed: int,
                left: Callable[[random.Random], bool] | None = None) -> list[float]:
    """The walk's five values after ``episodes`` games of TD(lambda) from weights 0.5.

    A step goes left when ``rng.random() < 0.5``, as the exercise draws the walks, or when
    ``left(rng)`` is true (the grader's walks drawn another way).

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
    rng = random.Random(seed)
    w = [0.5] * 5
    for _ in range(episodes):
        states, s = [], 3
        while 0 < s < 6:
            states.append(s - 1)
            s += -1 if (rng.random() < 0.5 if left is None else left(rng)) else 1
        outcome, last = (1.0 if s == 6 else 0.0), len(states) - 1
        e = [0.0] * 5
        for t, i in enumerate(states):
            e = [lam * v for v in e]
            e[i] += 1.0
            target = outcome if t == last else w[states[t + 1]]
            step = alpha * (target - w[i])
            w = [wi + step * ei for wi, ei in zip(w, e, strict=True)]
    return w


# -- td_episode, one mistake each -------------------------------------------------------------
TRACE = "        e = [lam * ei + xi for ei, xi in zip(e, xs[t], strict=True)]\n"
"""The trace's step: decay, then add the gradient of the prediction being corrected."""
UPDATE = "        w = [wi + step * ei for wi, ei in zip(w, e, strict=True)]\n"
"""The weights' step along the trace."""

trace_not_decayed = mutant(td_episode, TRACE_NOT_DECAYED, "trace_not_decayed", [
    ("lam * ei + xi", "ei + xi")], why="The trace adds x_t without fading: e = e + x_t.")
wrong_sign = mutant(td_episode, WRONG_SIGN, "wrong_sign", [
    ("(target - dot(w, xs[t]))", "(dot(w, xs[t]) - target)")], why="The error is w . x_t - target.")
next_gradient = mutant(td_episode, NEXT_GRADIENT, "next_gradient", [
    ("zip(e, xs[t],", "zip(e, xs[min(t + 1, m - 1)],")], why=(
    "The trace collects x_{t+1} (x_t at the last position)."))
outcome_unused = mutant(td_episode, OUTCOME_UNUSED, "outcome_unused", [
    ("range(m)", "range(m - 1)")], why=(
    "The loop stops before the last position: the outcome is never a target."))
trace_late = mutant(td_episode, TRACE_LATE, "trace_late", [(TRACE, ""), (UPDATE, UPDATE + TRACE)],
                    why="The trace takes x_t after the weights moved.")
offline = mutant(td_episode, OFFLINE, "offline", [
    ("    e = [0.0] * len(w)\n", "    e = [0.0] * len(w)\n    fixed = list(w)\n"),
    ("else dot(w, xs[t + 1])", "else dot(fixed, xs[t + 1])"),
    ("(target - dot(w, xs[t]))", "(target - dot(fixed, xs[t]))")], why=(
    "Targets and predictions from the weights the game started with; the steps summed."))
alpha_twice = mutant(td_episode, ALPHA_TWICE, "alpha_twice", [
    ("step = alpha * (", "step = alpha * alpha * (")], why="The step is alpha * alpha * error * e.")

EPISODE_BUGS: list[Bug] = catalogue(trace_not_decayed, wrong_sign, next_gradient, outcome_unused,
                                    trace_late, offline, alpha_twice)
"""The wrong episodes, most specific first."""


# -- td_train: the trace carried over, or a wrong episode --------------------------------------
episode_from_trace = mutant(td_episode, None, "episode_from_trace", [
    ("    e = [0.0] * len(w)\n", ""), ("lam: float) -> list[float]",
     "lam: float, e: list[float]) -> tuple[list[float], list[float]]"),
    ("return w", "return w, e")], why=(
    "td_episode starting from the trace ``e`` it is given: the weights and the trace after it."))
trace_not_reset = mutant(td_train, TRACE_NOT_RESET, "trace_not_reset", [
    ("    for xs", "    e = [0.0] * len(w)\n    for xs"),
    ("w = td_episode(w, xs, outcome, alpha, lam)",
     "w, e = td_episode(w, xs, outcome, alpha, lam, e)")],
    using={"td_episode": episode_from_trace}, why=(
    "One trace for the whole run, carried from game to game."))


def _trained(episode: Callable[..., list[float]]) -> Callable[..., list[float]]:
    """:func:`td_train` calling a wrong episode: the same bug, shown by the training."""
    return mutant(td_train, episode.bug_class,  # type: ignore[attr-defined]
                  f"train_{episode.__name__}", using={"td_episode": episode},
                  why=f"td_train on {episode.__name__}: {episode.__doc__}")


train_trace_not_decayed = _trained(trace_not_decayed)
train_wrong_sign = _trained(wrong_sign)
train_next_gradient = _trained(next_gradient)
train_outcome_unused = _trained(outcome_unused)
train_trace_late = _trained(trace_late)
train_offline = _trained(offline)
train_alpha_twice = _trained(alpha_twice)

TRAIN_BUGS: list[Bug] = catalogue(trace_not_reset, train_trace_not_decayed, train_wrong_sign,
                                  train_next_gradient, train_outcome_unused, train_trace_late,
                                  train_offline, train_alpha_twice)
"""The wrong training loops: the trace carried over, or a wrong episode."""


# -- walk_values ------------------------------------------------------------------------------
walk_outcome_reversed = mutant(walk_values, WALK_OUTCOME, "walk_outcome_reversed", [
    ("(1.0 if s == 6 else 0.0)", "(0.0 if s == 6 else 1.0)")], why="The outcome is 1 on the left.")
walk_weights_reset = mutant(walk_values, WALK_WEIGHTS_RESET, "walk_weights_reset", [
    ("    w = [0.5] * 5\n", ""),
    ("        e = [0.0] * 5\n", "        w = [0.5] * 5\n        e = [0.0] * 5\n")],
    why="Every game learns from weights 0.5: only the last game counts.")

WALK_BUGS: list[Bug] = catalogue(walk_outcome_reversed, walk_weights_reset)
"""The wrong random walks."""

CATALOGUE: dict[str, list[Bug]] = {"td_episode": EPISODE_BUGS, "td_train": TRAIN_BUGS,
                                   "walk_values": WALK_BUGS}
"""The student's function name -> its known wrong implementations."""

REFERENCES: dict[str, Callable[..., Any]] = {"td_episode": td_episode, "td_train": td_train,
                                             "walk_values": walk_values}
"""Plain correct implementations of the graded functions."""
