"""The leaf rule: what a search takes as the value of a terminal state or of a state at the
depth bound, checked, counted, traced, and a won game scored by its distance from the root.

The common case costs one type test and one comparison or look-up: a plain ``int`` or
``float`` strictly inside the range of payoffs is the value as it is (a terminal value is
looked up among those seen before, a game's few payoffs; an evaluation's is compared with
the bounds). Anything else (a win or a loss, a ``Fraction``, something that is not a
number) takes the slow path, which checks it in full
(:func:`~aisearch.search.runtime.checks.checked_value`) and scores a win.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from aisearch.core import MAX
from aisearch.search.runtime.checks import checked_value
from aisearch.search.runtime.scores import INF, WON, win_value
from aisearch.trace.events import Leaf

__all__ = ["make_leaf"]

LeafFn = Callable[..., Any]
KNOWN = 256  # plain values a leaf rule remembers as checked


class _WinScores(dict):
    """The score of a won game at ``d`` plies above the bound, ``top - d`` plies from the
    root: computed once for each ``d`` (mixed int and float arithmetic is slow)."""

    def __init__(self, top: int) -> None:
        super().__init__()
        self.top = top

    def __missing__(self, d: int) -> float:
        score = self[d] = win_value(self.top - d)
        return score


def make_leaf(source: Callable[..., Any], *, terminal: bool, name: str, payoff: float,
              fastest: bool, ply: Callable[[Any, int], int], trace: Any,
              kind: type = Leaf, values: Callable[[Any, str, Any], Any] | None = None,
              unary: bool = False, top: int | None = None) -> LeafFn:
    """``f(s, d, alpha=None, beta=None)``: the value of a leaf ``d`` plies above the depth
    bound, as the search scores it.

    Parameters
    ----------
    source : callable
        ``game.utility`` (called as ``source(s, MAX)``) when ``terminal``, else the static
        evaluation (``source(s)``).
    name : str
        What ``source`` is called in messages (``'utility'``, the evaluation's name).
    payoff : float
        The game's payoff for a win (``inf`` when it declares none).
    fastest : bool
        Score a win nearer the root above a farther one (``fastest_wins``).
    ply : callable
        ``ply(s, d)``: the distance of a state ``d`` plies above the bound from the root.
    trace : Tracing or None
        Told of every leaf, as a ``kind`` event.
    values : callable, optional
        ``values(v, name, s) -> v``: checks values that are not numbers (max^n's utility
        tuples) in place of the numeric rule; wins are then not scored by distance.
    unary : bool
        ``source`` is MAX's utility called as ``source(s)`` (a game's unchecked one), for a
        terminal leaf without ``trace`` or ``values``.
    top : int, optional
        Given when ``ply(s, d)`` is ``top - d`` (no extensions): a win is scored without
        calling ``ply``.

    The returned function counts its calls: ``f.count()``.

    Examples
    --------
    >>> leaf = make_leaf(lambda s, p: s, terminal=True, name="utility", payoff=1,
    ...                  fastest=True, ply=lambda s, d: 3 - d, trace=None)
    >>> leaf(0.5, 1), leaf(1, 1) > leaf(1, 0) > 10 ** 300, leaf.count()
    (0.5, True, 3)
    """
    # A win is ±inf, or at a terminal state ±payoff: outside the range the fast path takes.
    finite_wins = fastest and terminal and payoff != INF
    lo, hi = (-payoff, payoff) if finite_wins else (-WON, WON)
    # The plain numbers outside (lo, hi) taken without the full check: a win or a loss
    # (+1, -1, scored by its distance) or, scoring every win alike, ±inf (0: as it is).
    if fastest:
        wins = {INF: 1, -INF: -1, **({payoff: 1, -payoff: -1} if finite_wins else {})}
    else:
        wins = {INF: 0, -INF: 0}
    if unary and (trace or values is not None or not terminal):
        raise ValueError("unary: a terminal leaf's source without a tracer or values")
    count = 0
    if values is not None:
        def checked(s: Any, d: int, alpha: Any = None, beta: Any = None) -> Any:
            nonlocal count
            count += 1
            v = values(source(s, MAX) if terminal else source(s), name, s)
            if trace:
                trace.leaf(v, terminal, kind)
            return v

        checked.count = lambda: count  # type: ignore[attr-defined]
        return checked

    # The plain values returned as they are so far (a game's few payoffs, an evaluation's
    # values): the common case is one type test and one set look-up. For an int or a float
    # what the rule does depends on the number alone, so ``0.0`` may stand for ``0``; a bool
    # or another type equal to a known number fails the type test and is checked in full.
    known: set[Any] = set()
    won = None if top is None else _WinScores(top)

    def score(v: Any, s: Any, d: int) -> Any:
        """Any value: checked in full unless a plain number, a win or a loss scored."""
        t = v.__class__
        if not ((t is int or t is float) and lo < v < hi):
            sign = wins.get(v) if t is float or t is int else None
            if sign is None:
                v = checked_value(v, name, s)  # (raises unless a real number: hashable)
                sign = wins.get(v)
            if sign:
                return win_value(ply(s, d)) * sign, v
        if len(known) < KNOWN:
            known.add(v)  # (a real number, hashable; only an int or a float looks it up)
        return v, v

    if trace:
        def traced(s: Any, d: int, alpha: Any = None, beta: Any = None) -> Any:
            nonlocal count
            count += 1
            value, raw = score(source(s, MAX) if terminal else source(s), s, d)
            trace.leaf(raw, terminal, kind)
            return value

        traced.count = lambda: count  # type: ignore[attr-defined]
        return traced

    if terminal:
        def leaf(s: Any, d: int, alpha: Any = None, beta: Any = None) -> Any:
            nonlocal count
            count += 1
            v = source(s) if unary else source(s, MAX)
            t = v.__class__
            if t is int or t is float:
                if v in known:
                    return v
                sign = wins.get(v)  # a won or lost game (tic-tac-toe's ±inf), or NaN
                if sign:
                    if won is None:
                        return win_value(ply(s, d)) * sign
                    return won[d] if sign > 0 else -won[d]
            return score(v, s, d)[0]
    else:
        int_lo, int_hi = int(lo), int(hi)  # (±WON: evaluations score no win of their own)

        def leaf(s: Any, d: int, alpha: Any = None, beta: Any = None) -> Any:
            nonlocal count
            count += 1
            v = source(s)
            t = v.__class__
            if t is int:  # (compared with int bounds: an int against a float is slower)
                if int_lo < v < int_hi:
                    return v
            elif t is float and lo < v < hi:
                return v
            return score(v, s, d)[0]

    leaf.count = lambda: count  # type: ignore[attr-defined]
    return leaf
