"""Searching with narrow windows: aspiration windows and MTD(f).

PVS is in :mod:`~aisearch.search.efficiency.pvs` (its names are importable from here too),
SSS* in :mod:`~aisearch.search.efficiency.sss`.

Alpha-beta cuts more the narrower its window (alpha, beta). A search with a window that
turns out to miss the value still says on which side it lies: a fail-soft search returning
``v <= alpha`` has *failed low* (the value is at most ``v``), ``v >= beta`` *failed high*
(at least ``v``). Null windows, the narrowest, and the functions that make them on real
numbers (``above``, ``below``) are described in :mod:`aisearch.search.efficiency.pvs`.

- :func:`aspiration` (야망 창): the root searched with a window around a guess (the previous
  iteration's value); if the value falls outside, search again with the window opened on
  that side. Each root search is a search of its own in a recording.
- :func:`mtdf` (Plaat et al. 1996): only null-window searches of the root, with a
  transposition table, closing in on the value from a first guess; :func:`mtd` is the
  driver, which :func:`~aisearch.search.sss_star` starts at +infinity.

Examples
--------
>>> from aisearch.games import TicTacToe
>>> game = TicTacToe()
>>> [f(game, game.initial, 4, evaluate=game.nilsson_eval).value
...  for f in (pvs, aspiration, mtdf)]
[1, 1, 1]
"""

from __future__ import annotations

import numbers
from collections.abc import Callable
from typing import Any

from aisearch.core import MAX, Evaluate, Game, Order, as_int
from aisearch.results import Decision, Stats
from aisearch.search.efficiency.pvs import above, below, pvs, pvs_core  # noqa: F401 (pvs: doctest)
from aisearch.search.efficiency.table_search import (
    TranspositionTable,
    alphabeta_core,
    check_table,
    decoder,
    run_with_table,
    table_rules,
)
from aisearch.search.registry import searcher
from aisearch.search.runtime import INF, Run, check_args
from aisearch.trace.events import TracerLike

__all__ = ["aspiration", "mtdf", "mtd"]


def check_guess(guess: Any) -> Any:
    """``guess``, a guess at the root's value, as a Python number: an int or a float as it
    is (a numpy integer is the int it is), another real number (a ``Fraction``, the value
    of a search whose leaf values are Fractions) as the float nearest it, since a guess
    only places the first window and the value found stays exact; refuse what is not a
    number a search can hold: NaN, a bool, text, a number too large for a float.

    >>> import numpy as np
    >>> from fractions import Fraction
    >>> check_guess(np.int64(2)), check_guess(0.5), check_guess(Fraction(1, 4))
    (2, 0.5, 0.25)

    >>> check_guess(10 ** 400)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: guess must be a number (a real number such as an int, a float or a Fraction, \
±inf allowed), not 1000000... (too large for a float)
    """
    why = ""
    guess = as_int(guess, guess)
    if isinstance(guess, bool) or not isinstance(guess, numbers.Real):
        why = "" if guess is None else f" (a {type(guess).__name__})"
    elif guess == guess:  # (not NaN)
        try:
            f = float(guess)
            return guess if isinstance(guess, int) else f
        except OverflowError:
            why = " (too large for a float)"
    raise ValueError(f"guess must be a number (a real number such as an int, a float or a "
                     f"Fraction, ±inf allowed), not {guess!r:.80}{why}")


def _combined(decisions: list[Decision], value: Any, pv: tuple) -> Decision:
    """One decision from several root searches: the given value and line, counts added."""
    stats = sum((d.stats for d in decisions), Stats())
    return Decision(value, pv[0] if pv else None, tuple(pv), stats)


_INNER = """
function ALPHABETA-TT(n, depth, α, β)     fail-soft, with the table    @enter
  if n is terminal: return UTILITY(n)                                   @terminal
  if depth = 0: return EVAL(n)                                          @eval
  look n up in the table: deep enough and settled? return it            @tablehit
  for each successor c, the table's move first:
    best ← max (MAX) or min (MIN) of best, ALPHABETA-TT(c, depth − 1, α, β)   @backup
    narrow (α, β) by best;  if α ≥ β: break    (cut-off)                @cut
  store best, flagged by (α, β) on entry: upper, lower or exact         @tablestore
  return best                                                           @exit
"""


_ASPIRATION = _INNER + """
function ASPIRATION(n, depth, guess, width)
  (α, β) ← (guess − width, guess + width)
  repeat:                                   each try is a search of its own
    v ← ALPHABETA-TT(n, depth, α, β)     (scout: PVS, re-searching inside)   @research
    if v ≤ α: α ← −∞          failed low: search again
    else if v ≥ β: β ← +∞     failed high: search again
    else: return v            inside the window: exact
"""


@searcher(title="aspiration windows", pseudocode=_ASPIRATION, windowed=True)
def aspiration(
    game: Game, state: Any, depth: int | None = None, *, evaluate: Evaluate | None = None,
    order: Order | None = None, table: TranspositionTable | None = None, guess: float = 0,
    width: float = 10, scout: bool = False, prune_on_equal: bool = True,
    fastest_wins: bool = True, tracer: TracerLike | None = None, quiescence: int | None = None,
    extensions: tuple[str, ...] = (), singular_margin: float = 1.0,
) -> Decision:
    """Alpha-beta with an aspiration window (야망 창) around a guess at the root's value.

    Parameters
    ----------
    guess : float
        The value expected (iterative deepening passes the previous iteration's); a win or
        loss (``±game.win``) opens the window on that side. Any real number (a Fraction is
        taken as the float nearest it: it only places the window; see :func:`check_guess`);
        a guess that leaves no room between ``guess - width`` and ``guess + width`` (``±inf``
        where wins are infinite, or a number so large that the width rounds away) searches
        with the full window.
    width : float
        The window is ``(guess - width, guess + width)``.
    scout : bool
        Search with :func:`pvs_core` (null windows inside) instead of plain alpha-beta.
    table, others
        As for :func:`~aisearch.search.alphabeta_tt`.

    Returns
    -------
    Decision
        Counts added over the tries (a :class:`~aisearch.trace.Tally` counts the tries
        as ``searches``; a recording holds each as a search of its own).

    Examples
    --------
    >>> from aisearch.games import fig5_2
    >>> from aisearch.trace import Tally
    >>> tries = Tally()
    >>> aspiration(fig5_2, fig5_2.initial, guess=10, width=2, tracer=tries).value
    3
    >>> tries.searches  # failed low (the value is at most 3), then searched again
    2
    """
    table = check_table(table)
    width = as_int(width, width)
    if isinstance(width, bool) or not isinstance(width, (int, float)) or not 0 < width < INF:
        raise ValueError(f"width must be a positive finite number, not {width!r}")
    guess = check_guess(guess)
    payoff = getattr(game, "win", None) or INF
    alpha = -INF if guess <= -payoff else guess - width
    beta = INF if guess >= payoff else guess + width
    if not alpha < beta:  # an infinite guess, or one so large that +-width rounds away:
        alpha, beta = -INF, INF  # no window to aim with (an empty one would prove nothing)
    core = pvs_core if scout else alphabeta_core
    rules = table_rules(game, quiescence, extensions, singular_margin)
    tries: list[Decision] = []
    while True:
        run = Run(aspiration, game, state, depth, evaluate=evaluate, order=order, table=table,
                  window=(alpha, beta), guess=guess, width=width, scout=scout,
                  prune_on_equal=prune_on_equal, fastest_wins=fastest_wins, tracer=tracer,
                  **rules)
        v, pv = run_with_table(run, core, table, alpha, beta)
        tries.append(run.finish(v, pv))
        if v <= alpha and alpha > -INF:  # failed low: the value is at most v
            alpha = -INF
        elif v >= beta and beta < INF:  # failed high: at least v
            beta = INF
        else:
            return _combined(tries, run.decode(v), pv)


def mtd(search: Callable[..., Any], game: Game, state: Any, depth: int | None, *,
        first: float, table: TranspositionTable, evaluate: Evaluate | None,
        order: Order | None, prune_on_equal: bool, fastest_wins: bool,
        tracer: TracerLike | None, quiescence: int | None = None,
        extensions: tuple[str, ...] = (), singular_margin: float = 1.0) -> Decision:
    """The MTD driver (Plaat et al. 1996): null-window searches of the root, from ``first``.

    Each pass asks "is the value at least gamma?" with the null window just below gamma;
    failing high raises the lower bound, failing low lowers the upper bound, until they
    meet. Each pass is a search of its own (``search`` names it in a recording).
    """
    check_args(game, state, depth, {"evaluate": evaluate, "order": order, "tracer": tracer,
                                    "prune_on_equal": prune_on_equal,
                                    "fastest_wins": fastest_wins})  # before the root is read
    rules = table_rules(game, quiescence, extensions, singular_margin)
    g, lower, upper = first, -INF, INF
    passes: list[Decision] = []
    maximizing = game.to_move(state) == MAX
    best: tuple | None = None
    decode = decoder(game, fastest_wins)  # search scores to payoffs
    while lower < upper:
        gamma = g if g > lower else above(lower)  # the question: is the value >= gamma?
        run = Run(search, game, state, depth, evaluate=evaluate, order=order, table=table,
                  window=(decode(below(gamma)), decode(gamma)), prune_on_equal=prune_on_equal,
                  fastest_wins=fastest_wins, tracer=tracer, **rules)
        g, pv = run_with_table(run, alphabeta_core, table, below(gamma), gamma)
        passes.append(run.finish(g, pv))
        if g < gamma:  # failed low: the value is at most g
            upper = g
        else:  # failed high: at least g
            lower = g
        if (g >= gamma) == maximizing:  # this pass proved the best move (MAX: >=, MIN: <)
            best = pv
    return _combined(passes, decode(g), best if best is not None else pv)


_MTDF = _INNER + """
function MTD(f)(n, depth, f)        Plaat, Schaeffer, Pijls, de Bruin 1996
  g ← f;  lower ← −∞;  upper ← +∞
  while lower < upper:
    γ ← g if g > lower, else just above lower
    g ← ALPHABETA-TT(n, depth, γ⁻, γ)     a null window: is the value ≥ γ?
    if g < γ: upper ← g                   failed low
    else: lower ← g                       failed high
  return g
"""


@searcher(title="MTD(f)", pseudocode=_MTDF, windowed=True)
def mtdf(
    game: Game, state: Any, depth: int | None = None, *, evaluate: Evaluate | None = None,
    order: Order | None = None, table: TranspositionTable | None = None, guess: float = 0,
    prune_on_equal: bool = True, fastest_wins: bool = True, tracer: TracerLike | None = None,
    quiescence: int | None = None, extensions: tuple[str, ...] = (),
    singular_margin: float = 1.0,
) -> Decision:
    """MTD(f): the value found by null-window searches alone, with a transposition table.

    Parameters
    ----------
    guess : float
        The first guess ``f`` (iterative deepening passes the previous iteration's value);
        the closer, the fewer passes. Any real number (a Fraction is taken as the float
        nearest it; the value found stays exact: see :func:`check_guess`).
    table : TranspositionTable, optional
        MTD(f) needs one (a pass would otherwise search again what the previous one did):
        a fresh one is used if none is given.
    others
        As for :func:`~aisearch.search.alphabeta_tt`.

    Notes
    -----
    Every pass searches the table's move first at every node, the root included, as Plaat
    et al. do: when several root moves tie, the move returned is a best move but not always
    the first best in move order (as with any search given a table that already holds the
    root: see :mod:`aisearch.search.runtime`).

    The value and the first move are exact; the rest of ``pv`` is not always a principal
    variation. It is the line of the pass that proved the move, and a null-window pass only
    proves bounds: below the root, a move that reaches the bound is enough, even where the
    player to move has a better one. Search again with :func:`~aisearch.search.alphabeta_tt`
    (with the same table, cheaply) when the whole line matters.

    Examples
    --------
    >>> from aisearch.games import fig5_2
    >>> d = mtdf(fig5_2, fig5_2.initial, guess=0)
    >>> d.value, d.move
    (3, 0)
    """
    table = check_table(table)
    table = TranspositionTable() if table is None else table
    guess = check_guess(guess)
    return mtd(mtdf, game, state, depth, first=guess, table=table, evaluate=evaluate,
               order=order, prune_on_equal=prune_on_equal, fastest_wins=fastest_wins,
               tracer=tracer, quiescence=quiescence, extensions=extensions,
               singular_margin=singular_margin)
