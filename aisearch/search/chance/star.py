"""Ballard's *-minimax (1983): alpha-beta through chance nodes, given bounds on the values.

Plain alpha-beta cannot cut below a chance node: an average of values it has not seen could
be anything. But if every value lies in a known interval ``[L, U]``, the outcomes not yet
searched are worth at least ``L`` and at most ``U``, which bounds the expectation. With
``S = sum_{j<i} p_j v_j`` (the outcomes searched) and ``P = sum_{j<=i} p_j``:

- **Star1** searches outcome ``i`` with the window (``A_i``, ``B_i``) where
  ``A_i = (alpha - S - U (1 - P)) / p_i`` and ``B_i = (beta - S - L (1 - P)) / p_i``, clipped
  to ``[L, U]``. If ``v_i <= A_i`` even the best case of the rest leaves the expectation at
  most alpha (fail low); if ``v_i >= B_i`` the worst case leaves it at least beta (fail high):
  the other outcomes are cut off (a ``Cut`` of kind ``'star1'``).
- **Star2** first *probes*: below a chance node whose outcomes lead to MAX (MIN) nodes, the
  first move of each such node gives a lower (upper) bound on its value. Probes that already
  settle the expectation cut it off (kind ``'star2'``); otherwise their bounds tighten Star1's
  windows, and each probed value is kept, so no node is searched twice.

MAX and MIN nodes run fail-soft alpha-beta. Both return the expectiminimax value at the root
and, where the sums are exact in floating point (probabilities such as 1/2, 1/4, 3/8), search
no more nodes than :func:`~aisearch.search.expectiminimax` (tested on thousands of random
chance trees). With probabilities such as 1/3 or 0.1 a sum may round just short of a cut; the
outcome is then searched again to learn its exact value, and the search may visit more nodes
than expectiminimax does. Cuts at chance nodes are weaker than alpha-beta's: each
outcome is only a fraction ``p_i`` of the average, so the window it gets is ``1 / p_i`` times
wider, and tight bounds ``[L, U]`` are what make it narrow.

Examples
--------
>>> from aisearch.games.chance_trees import dice_tree
>>> from aisearch.search import expectiminimax
>>> [f(dice_tree, (), bounds=(0, 9)).value for f in (star1, star2)]
[3.5, 3.5]
>>> expectiminimax(dice_tree, ()).stats.nodes, star1(dice_tree, (), bounds=(0, 9)).stats.nodes
(39, 38)
"""

from __future__ import annotations

import math
from typing import Any

from aisearch.core import CHANCE, MAX, MIN, Evaluate, Game, Order
from aisearch.results import Decision, register_count
from aisearch.search.registry import searcher
from aisearch.search.runtime import INF, Run
from aisearch.trace.events import Expectation, TracerLike
from aisearch.values import as_real

__all__ = ["star1", "star2", "value_bounds"]

_STAR1 = """
function STAR1(n, depth, α, β)      values lie in [L, U]   @enter
  if n is terminal: return UTILITY(n)                     @terminal
  if depth = 0: return EVAL(n)                            @eval
  if n is a MAX or MIN node: alpha-beta (fail-soft)       @backup_max @backup_min
      stop at a cut-off (α ≥ β)                           @cut_alpha @cut_beta
      return its best value                               @exit_max @exit_min
  S ← 0; P ← 0                    (n is a CHANCE node)
  for each outcome c_i of n, with probability p_i:
    P ← P + p_i
    A ← (α − S − U·(1 − P)) / p_i;  B ← (β − S − L·(1 − P)) / p_i
    v ← STAR1(c_i, depth − 1, max(A, L), min(B, U))
    S ← S + p_i · v                                       @backup_chance
    if v ≤ A: return S + U·(1 − P)   (fail low: ≤ α)      @cut_star1
    if v ≥ B: return S + L·(1 − P)   (fail high: ≥ β)
  return S                                                @chance @exit
"""

_STAR2 = """
function STAR2(n, depth, α, β)      values lie in [L, U]   @enter
  if n is terminal: return UTILITY(n)                     @terminal
  if depth = 0: return EVAL(n)                            @eval
  if n is a MAX or MIN node: alpha-beta (fail-soft),      @backup_max @backup_min
      its first move already known if n was probed;
      stop at a cut-off (α ≥ β)                           @cut_alpha @cut_beta
      return its best value                               @exit_max @exit_min
  lo_i ← L, hi_i ← U for every outcome c_i   (n is CHANCE)
  probe: for each outcome c_i that is a MAX (MIN) node:
    search only its first move: a lower (upper) bound
    lo_i (hi_i) ← that bound
    if Σ p_i lo_i ≥ β or Σ p_i hi_i ≤ α: return it         @cut_star2
  then STAR1 over the outcomes, with lo_i and hi_i in    @backup_chance
    place of L and U for the outcomes not searched yet    @cut_star1
  return S                                                @chance @exit
"""


def value_bounds(game: Game, bounds: Any, name: str) -> tuple[float, float]:
    """Check ``bounds = (L, U)``; None means the game's ``(-win, win)`` if it declares ``win``.

    >>> import numpy as np
    >>> value_bounds(None, (0, 9), "star1"), value_bounds(None, (0, np.float32(9)), "star1")
    ((0, 9), (0, 9.0))
    >>> value_bounds(None, None, "star1")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: star1 needs bounds=(L, U): the least and the greatest value ...
    """
    if bounds is None:
        win = getattr(game, "win", None)
        if isinstance(win, (int, float)) and not isinstance(win, bool) and 0 < win < INF:
            return -win, win
        raise ValueError(f"{name} needs bounds=(L, U): the least and the greatest value a "
                         "terminal utility or an evaluation can have (this game declares no "
                         "finite win payoff to take them from)")
    try:
        low, high = bounds
    except (TypeError, ValueError):
        raise ValueError(f"{name}: bounds must be a pair (L, U) of numbers, not "
                         f"{bounds!r}") from None
    low, high = as_real(low), as_real(high)  # (numpy's numbers as Python's)
    for x in (low, high):
        if x is None or not math.isfinite(x):
            raise ValueError(f"{name}: bounds must be finite real numbers (L, U) (ints, floats, "
                             f"Fractions or numpy numbers), not {bounds!r:.80}")
    if not low < high:
        raise ValueError(f"{name}: bounds (L, U) need L < U, got {bounds!r}")
    return low, high


def _bounded(run: Run, low: float, high: float) -> None:
    """Make the run's leaf rules refuse values outside [low, high] (Star1's premise)."""
    decode, searcher = run.decode, run.name  # (not the run: it will hold what is made here)
    for name in ("utility", "evaluation"):
        leaf = getattr(run, name)

        def checked(s: Any, d: int, leaf: Any = leaf, name: str = name) -> Any:
            v = leaf(s, d)
            if not low <= decode(v) <= high:
                raise ValueError(f"{searcher} was given bounds (L, U) = ({low}, {high}), but "
                                 f"{name} gave {decode(v)!r} at state {s!r}: every value must "
                                 "lie within the bounds, or the cut-offs are wrong")
            return v

        setattr(run, name, checked)


@searcher(title="Star1 (Ballard's *-minimax)", pseudocode=_STAR1, windowed=True, chance=True)
def star1(
    game: Game, state: Any, depth: int | None = None, *, bounds: tuple[float, float] | None = None,
    evaluate: Evaluate | None = None, order: Order | None = None, prune_on_equal: bool = True,
    fastest_wins: bool = True, tracer: TracerLike | None = None,
) -> Decision:
    """Expectiminimax with alpha-beta at MAX and MIN nodes and Star1 cut-offs at chance nodes.

    Parameters
    ----------
    bounds : (L, U), optional
        The least and greatest value a leaf (utility or evaluation) can have; required unless
        the game declares a finite ``win`` payoff (then ``(-win, win)``). A leaf outside them
        is an error: the cut-offs would be wrong.
    others
        As :func:`~aisearch.search.expectiminimax`; ``prune_on_equal`` also chooses
        ``v <= A`` / ``v >= B`` (True) or strict tests at chance nodes.

    Examples
    --------
    >>> from aisearch.games.chance_trees import scale_tree
    >>> d = star1(scale_tree((2, 3, 1, 4)), (), bounds=(0, 5))
    >>> d.value, d.move, d.stats.cutoffs
    (2.1, 'a1', 2)

    Notes
    -----
    Ballard (1983), "The *-minimax search procedure for trees containing chance nodes";
    lesson ``06_games_of_chance``.
    """
    return _star(star1, False, game, state, depth, evaluate=evaluate, order=order,
                 bounds=bounds, prune_on_equal=prune_on_equal, fastest_wins=fastest_wins,
                 tracer=tracer)


@searcher(title="Star2 (Ballard's *-minimax, probing)", pseudocode=_STAR2, windowed=True,
          chance=True)
def star2(
    game: Game, state: Any, depth: int | None = None, *, bounds: tuple[float, float] | None = None,
    evaluate: Evaluate | None = None, order: Order | None = None, prune_on_equal: bool = True,
    fastest_wins: bool = True, tracer: TracerLike | None = None,
) -> Decision:
    """Star1 with a probing phase at chance nodes whose outcomes are MAX or MIN nodes.

    A probed node is entered twice in a recording (the probe, then the rest of its search:
    two visits), but counted once in ``stats.nodes``: its first move's value is kept, not
    searched again. ``stats.probes`` counts the probes. Parameters as :func:`star1`.

    Examples
    --------
    The tree of :func:`star1`'s example: probing ``a2``'s two MIN nodes settles its chance
    node at once, with one cut-off of kind ``'star2'`` where Star1 makes two.

    >>> from aisearch import Recorder
    >>> from aisearch.games.chance_trees import scale_tree
    >>> rec = Recorder()
    >>> d = star2(scale_tree((2, 3, 1, 4)), (), bounds=(0, 5), tracer=rec)
    >>> d.value, d.move, d.stats.probes
    (2.1, 'a1', 3)
    >>> [(e.path, e.kind) for e in rec.events if e.role == "cut"]
    [(('a2',), 'star2')]
    """
    return _star(star2, True, game, state, depth, evaluate=evaluate, order=order,
                 bounds=bounds, prune_on_equal=prune_on_equal, fastest_wins=fastest_wins,
                 tracer=tracer)


def _star(searcher: Any, probing: bool, game: Game, state: Any, depth: int | None,
          **options: Any) -> Decision:
    """Star1 (``probing=False``) or Star2 as ``searcher``: the run, its bounds, its core."""
    run = Run(searcher, game, state, depth, **options)
    low, high = value_bounds(game, options["bounds"], searcher.__name__)
    _bounded(run, low, high)
    v, pv = run.search(_core(run, low, high, probing), -INF, INF, None)
    return run.finish(v, pv)


register_count("probes")
PROBE = "probe"  # the `known` argument asking a MAX or MIN node to search its first move only


def _core(run: Run, low: float, high: float, probing: bool) -> Any:
    """The recursive search of Star1 (``probing=False``) or Star2, for ``run.search``."""
    is_terminal, to_move, result, moves = run.is_terminal, run.to_move, run.result, run.moves
    cutoff, decode, fails = run.cutoff, run.decode, run.cut  # fails: >= (or > if strict)
    trace = run.trace
    kept: list[Any] = [None]  # the moves of the node probed last

    def search(s: Any, d: int, alpha: float, beta: float, known: Any) -> tuple[Any, tuple]:
        if is_terminal(s):
            return run.utility(s, d), ()
        if d == 0:
            return run.evaluation(s, d), ()
        player = to_move(s)
        if player == CHANCE:
            return chance(s, d, alpha, beta)
        if player != MAX and player != MIN:  # bookkeeping
            run.not_a_player(s)
        if known == PROBE:  # Star2's probe: the first move only, a bound on this node
            ms = moves(s)
            v, pv = search(result(s, ms[0]), d - 1, alpha, beta, None)
            kept[0] = ms
            if trace:
                trace.backup(ms[0], v, v, alpha, beta, player)
            return v, (ms[0],) + pv
        if known is None:
            ms, start, best, line = moves(s), 0, (-INF if player == MAX else INF), None
        else:  # probed before: its moves and its first move's value are kept
            ms, best, pv = known
            start, line = 1, (ms[0],) + pv
            if trace:
                trace.backup(ms[0], best, best, alpha, beta, player)
            if player == MAX:
                alpha = max(alpha, best)
            else:
                beta = min(beta, best)
            if fails(alpha, beta):
                cutoff(s, ms, ms[0], d)
                return best, line
        for m in ms[start:]:
            v, pv = search(result(s, m), d - 1, alpha, beta, None)
            if (v > best if player == MAX else v < best) or line is None:
                best, line = v, (m,) + pv
            if player == MAX:
                alpha = max(alpha, best)
            else:
                beta = min(beta, best)
            if trace:
                trace.backup(m, v, best, alpha, beta, player)
            if fails(alpha, beta):
                cutoff(s, ms, m, d)
                break
        return best, line or ()

    def chance(s: Any, d: int, alpha: float, beta: float) -> tuple[Any, tuple]:
        outcomes = run.outcomes(s)
        ms = [m for m, _ in outcomes]
        ps = [p for _, p in outcomes]
        n = len(ms)
        lo, hi = [low] * n, [high] * n  # what is known of each outcome's value
        exact: list[Any] = [None] * n  # search values of outcomes known exactly
        known: list[Any] = [None] * n  # probed MAX / MIN nodes: (moves, first value, pv)

        def cut(last: Any, kind: str) -> tuple[Any, tuple] | None:
            """Cut off the outcomes after ``last`` if the bounds settle the expectation; never
            once every outcome is known exactly (then the sum is added in order, below)."""
            if None not in exact:
                return None
            upper = math.fsum(h * p for h, p in zip(hi, ps, strict=True))
            lower = math.fsum(lo_ * p for lo_, p in zip(lo, ps, strict=True))
            if fails(alpha, upper) or fails(lower, beta):
                bound = upper if fails(alpha, upper) else lower
                if trace:
                    trace.window = (decode(alpha), decode(beta))  # the window that cut
                cutoff(s, ms, last, d, kind)
                if trace:
                    shown = tuple((m, p, None if v is None else decode(v))
                                  for m, p, v in zip(ms, ps, exact, strict=True))
                    trace.emit(Expectation(trace.stack[-1], shown, bound))
                return bound, ()
            return None

        last = None
        done = cut(None, "star2" if probing else "star1")
        if done:
            return done
        for i in range(n) if probing else ():
            child = result(s, ms[i])
            if is_terminal(child) or d == 1:  # a leaf: its value, once
                v, _ = search(child, d - 1, -INF, INF, None)
                exact[i], lo[i], hi[i] = v, decode(v), decode(v)
            elif to_move(child) in (MAX, MIN):
                run.more["probes"] = run.more.get("probes", 0) + 1  # bookkeeping
                others = [h if to_move(child) == MIN else lo_
                          for j, (lo_, h) in enumerate(zip(lo, hi, strict=True)) if j != i]
                rest = math.fsum(x * p for x, p in zip(others, ps[:i] + ps[i + 1:], strict=True))
                if to_move(child) == MAX:  # the first move's value: a lower bound
                    b = (beta - rest) / ps[i]
                    b = b if b <= high else INF  # (past U no value fails high)
                    v, pv = search(child, d - 1, -INF, b, PROBE)
                    lo[i] = max(lo[i], decode(v))
                    settled = not fails(v, b)
                else:  # MIN: an upper bound
                    a = (alpha - rest) / ps[i]
                    a = a if a >= low else -INF  # (below L no value fails low)
                    v, pv = search(child, d - 1, a, INF, PROBE)
                    hi[i] = min(hi[i], decode(v))
                    settled = not fails(a, v)
                if settled:  # inside the probe's window: the first move's exact value, kept
                    known[i] = (kept[0], v, pv[1:])
            else:
                continue
            last = ms[i]
            done = cut(last, "star2")
            if done:
                return done
        last = None
        for i in range(n):
            if exact[i] is None:
                upper = math.fsum(hi[j] * ps[j] for j in range(n) if j != i)
                lower = math.fsum(lo[j] * ps[j] for j in range(n) if j != i)
                a, b = (alpha - upper) / ps[i], (beta - lower) / ps[i]
                lw, hw = max(a, low), min(b, high)
                child = result(s, ms[i])
                v, _ = search(child, d - 1, lw, hw, known[i])
                dv = decode(v)
                if d == 1 or is_terminal(child):  # a leaf's value is exact, whatever the window
                    exact[i], lo[i], hi[i] = v, dv, dv
                elif fails(lw, dv) and lw > low:  # an upper bound only
                    hi[i] = min(hi[i], dv)
                elif fails(dv, hw) and hw < high:  # a lower bound only
                    lo[i] = max(lo[i], dv)
                else:
                    exact[i], lo[i], hi[i] = v, dv, dv
            last = ms[i]
            if trace:
                trace.backup(ms[i], exact[i] if exact[i] is not None else v,
                             math.fsum(x * p for x, p in zip(lo, ps, strict=True)), alpha, beta)
            done = cut(last, "star1")
            if done:
                return done
            if exact[i] is None:  # a bound that should have cut, but rounding kept the sum
                v, _ = search(child, d - 1, low, high, known[i])  # (the child searched again)
                exact[i], lo[i], hi[i] = v, decode(v), decode(v)
        total = 0.0
        for p, v in zip(ps, exact, strict=True):
            total += p * decode(v)  # in the order expectiminimax adds
        if trace:
            trace.expectation(list(zip(ms, ps, exact, strict=True)), total)
        return run.expected(total, s, d), ()

    search = run.traced(search)
    return search
