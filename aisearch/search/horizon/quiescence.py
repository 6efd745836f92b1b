"""Quiescence search (lesson 05): look past the depth bound until the position is quiet.

A depth-limited search evaluates whatever state it reaches at the bound, even one in the
middle of an exchange of pieces: the *horizon effect* (시계효과). Quiescence search
(Nilsson section 12.5) goes on from such a state, but only along *noisy* moves (captures
and promotions, as the game declares them with ``noisy_moves``), and lets the player to
move *stand pat*: take the static value instead of any noisy move. So the static value is
a lower bound at a MAX node and an upper bound at a MIN node, and alpha-beta prunes inside.

Conventions (the exercise's reference)
--------------------------------------
- Fail-soft, MAX/MIN form, values from MAX's point of view.
- A terminal state is worth its utility (no stand pat). Otherwise the stand pat is
  ``evaluate(s)``; it raises alpha (MAX) or lowers beta (MIN), and when ``alpha >= beta``
  (``>`` with ``prune_on_equal=False``) the node returns it without generating any move.
- The noisy moves are searched in ``order(s, noisy_moves)`` order, or in the game's
  ``noisy_moves(s)`` order when ``order`` is None; each child gets the node's current
  window; after each one the node's best, alpha (MAX) or beta (MIN) are updated and the
  cut test is made.
- ``max_depth`` caps the plies beyond the starting state: a state that many plies beyond
  it is worth its static value (a terminal state its utility).

So the states generated are: the root's noisy successors in that order, each followed by
its own (depth first), stopping at cut-offs.

:func:`quiescence` searches one state. Every alpha-beta form runs it at its depth bound
with ``quiescence=k``: the searcher gives its run the leaf rule :func:`quiescent` builds
(a :class:`~aisearch.search.runtime.run.LeafRule`, see :mod:`aisearch.search.runtime`).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from aisearch.core import MAX, MIN, Evaluate, Game, Order, as_int, noisy_moves, type_note
from aisearch.results import Decision
from aisearch.search.registry import searcher
from aisearch.search.runtime import INF, Run
from aisearch.search.runtime.checks import ordered
from aisearch.trace.events import Quiescent, StandPat, TracerLike
from aisearch.values import as_real

__all__ = ["quiescence", "quiescent", "Quiescence"]

_QUIESCENCE = """
function QUIESCE(n, α, β)               fail-soft, noisy moves only   @enter @quiesce
  if n is terminal: return UTILITY(n)                                 @terminal
  best ← EVAL(n)        (stand pat: the mover may stop here)          @eval
  if the plies cap is reached: return best
  if n is a MAX node: α ← max(α, best)  else: β ← min(β, best)
  if α ≥ β: return best                                               @cut
  for each noisy successor c of n (captures, promotions):
    v ← QUIESCE(c, α, β)
    MAX: best ← max(best, v); α ← max(α, best)                        @backup_max
    MIN: best ← min(best, v); β ← min(β, best)                        @backup_min
    if α ≥ β: return best                                             @cut_alpha @cut_beta
  return best                                                         @exit
"""


def _core(run: Run, cap: int | None, order: Order | None,
          ) -> tuple[Callable[..., Any], Callable[..., Any]]:
    """``(expand, node)``: the quiescence search below a state already valued at ``stand``
    (``expand(s, d, alpha, beta, stand) -> (value, line)``) and at a state beyond it
    (``node(s, d, alpha, beta)``). ``d`` is 0 at the state the search starts from and
    -1, -2, ... beyond it (so the leaf rule scores a win by its distance from the root).
    Its states are counted as ``stats.quiescence``, its cut-offs as cut-offs."""
    game, name = run.game, run.name
    is_terminal, to_move, result, cut = run.is_terminal, run.to_move, run.result, run.cut
    utility = run.make_leaf(run.sources.utility, terminal=True, kind=StandPat, counted=False)
    evaluation = run.make_leaf(run.sources.evaluate, terminal=False, kind=StandPat,
                               counted=False)
    run.count("quiescence", lambda: utility.count() + evaluation.count())  # type: ignore
    limit = -INF if cap is None else -cap
    trace = run.trace  # bookkeeping
    cuts = 0
    run.count_cutoffs(lambda: cuts)

    def noisy(s: Any) -> Any:
        ms = noisy_moves(game, s)
        return ms if order is None else ordered(order, s, ms)

    def expand(s, d, alpha, beta, best):
        line: tuple = ()
        if d <= limit:  # the cap: the static value
            return best, line
        player = to_move(s)
        maximizing = player == MAX
        if not maximizing and player != MIN:  # a chance node: nobody stands pat or chooses
            if noisy(s):
                raise _chance_error(name, s)
            return best, line  # quiet: its static value, as without quiescence
        if maximizing:
            alpha = max(alpha, best)
        else:
            beta = min(beta, best)
        if cut(alpha, beta):  # stand pat cuts
            return best, line
        ms = noisy(s)
        for m in ms:
            v, pv = node(result(s, m), d - 1, alpha, beta)
            if maximizing:
                if v > best:
                    best, line = v, (m,) + pv
                alpha = max(alpha, best)
            else:
                if v < best:
                    best, line = v, (m,) + pv
                beta = min(beta, best)
            if trace:
                trace.backup(m, v, best, alpha, beta)
            if cut(alpha, beta):
                if m is not ms[-1]:  # bookkeeping
                    nonlocal cuts
                    cuts += 1
                    if trace:
                        trace.cut(s, tuple(ms[ms.index(m) + 1:]))
                break
        return best, line

    def node(s, d, alpha, beta):
        if is_terminal(s):
            return utility(s, d), ()
        return expand(s, d, alpha, beta, evaluation(s, d))

    if trace:  # bookkeeping
        node = trace.wrap(node, Quiescent, mover_view=False)
    run.unlink_at_finish(node, by=[expand])  # (expand and node call each other)
    return expand, node


def _chance_error(name: str, s: Any) -> ValueError:
    who = "quiescence search" if name == "quiescence" else f"{name}'s quiescence search"
    return ValueError(f"{who} met a chance node with noisy outcomes at state {s!r:.200}: it "
                      "searches the noisy moves of MAX and MIN only (a chance node is worth "
                      "its static value when it has no noisy outcomes)")


class Quiescence:
    """The leaf rule of a search with ``quiescence=cap``: the depth-bound state's static
    value (counted and traced as the leaf ``evaluation`` counts it), then a quiescence
    search of at most ``cap`` plies beyond it with the window, in MAX's view (converted from
    the mover's view for negamax forms); the searcher's cut test and no ``order`` (noisy
    moves in the game's order). A :class:`~aisearch.search.runtime.run.LeafRule`.

    Examples
    --------
    >>> from aisearch.games import TreeGame
    >>> from aisearch.search import alphabeta

    At ``(0,)`` MIN can capture into ``(0, 0)``: the depth-1 search does not see it.

    >>> game = TreeGame([[-3, 6], [2, 1]], noisy=[(0, 0)])
    >>> values = {(0,): 5, (1,): 2}
    >>> alphabeta(game, (), 1, evaluate=values.get).move
    0
    >>> d = alphabeta(game, (), 1, evaluate=values.get, quiescence=1)
    >>> d.value, d.move, d.stats.quiescence
    (2, 1, 1)
    """

    def __init__(self, cap: int) -> None:
        self.cap = cap
        self.key: Hashable = ("quiescence", cap)
        self.options: dict[str, Any] = {"quiescence": cap}

    def __call__(self, run: Run, evaluation: Callable[..., Any]) -> Callable[..., Any]:
        expand, _ = _core(run, self.cap, None)
        to_move, mover_view = run.to_move, run.mover_view

        def leaf(s: Any, d: int, alpha: Any = -INF, beta: Any = INF) -> Any:
            if alpha is None:
                alpha, beta = -INF, INF
            elif mover_view and to_move(s) != MAX:
                alpha, beta = -beta, -alpha
            return expand(s, d, alpha, beta, evaluation(s, d))[0]

        return leaf

    def __repr__(self) -> str:
        return f"Quiescence({self.cap})"


def quiescent(cap: Any) -> Quiescence | None:
    """The leaf rule of the option ``quiescence=cap`` (None: evaluate at the depth bound).

    >>> quiescent(2), quiescent(None)
    (Quiescence(2), None)
    >>> quiescent(-1)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: quiescence must be None (evaluate at the depth bound) or a non-negative int ...
    """
    if cap is None:
        return None
    plies = as_int(cap, -1)
    if plies < 0:
        raise ValueError("quiescence must be None (evaluate at the depth bound) or a "
                         "non-negative int (the most plies of quiescence search), not "
                         f"{cap!r:.80}{type_note(cap)}")
    return Quiescence(plies)


@searcher(title="quiescence search (stand pat, noisy moves only)", pseudocode=_QUIESCENCE,
          windowed=True, kind="quiescence")
def quiescence(
    game: Game, state: Any, *, evaluate: Evaluate, alpha: float = -INF, beta: float = INF,
    order: Order | None = None, max_depth: int | None = None, prune_on_equal: bool = True,
    fastest_wins: bool = True, tracer: TracerLike | None = None,
) -> Decision:
    """The quiescence value of ``state`` within ``(alpha, beta)``: stand pat, noisy moves only.

    Parameters
    ----------
    game, state
        The game (with ``noisy_moves``; a game without has none, so every state is quiet)
        and the state searched.
    evaluate : callable
        The static evaluation, MAX's point of view; the stand-pat value.
    alpha, beta : float
        The window, any real numbers with ``alpha < beta`` (numpy's too; fail-soft: a value
        at or below alpha is an upper bound, at or above beta a lower bound).
    order : callable, optional
        ``order(state, noisy_moves) -> the same moves``, e.g. ``Chess().mvv_lva``; None
        searches them in ``noisy_moves`` order.
    max_depth : int, optional
        The most plies searched beyond ``state``; None: until every line is quiet.
    prune_on_equal, fastest_wins, tracer
        As for :func:`~aisearch.search.alphabeta`.

    Returns
    -------
    Decision
        The value, the first noisy move of the line it found (None when standing pat is
        best), that line, and ``stats``: ``nodes`` and ``leaves`` 1 (the state itself),
        ``quiescence`` the states visited beyond it, ``cutoffs``.

    Examples
    --------
    MAX to move may capture into ``(0,)``, where MIN may capture back into ``(0, 1)``:

    >>> from aisearch.games import TreeGame
    >>> game = TreeGame([[5, -3], 2], noisy=[(0,), (0, 1)])
    >>> values = {(): 1, (0,): 4}
    >>> d = quiescence(game, (), evaluate=values.get)
    >>> d.value, d.move, d.stats.quiescence
    (1, None, 2)
    >>> quiescence(game, (), evaluate=values.get, max_depth=1).value  # MIN's reply unseen
    4

    Notes
    -----
    Nilsson section 12.5; lesson ``05_horizon_effect``.
    """
    if not callable(evaluate):
        raise TypeError(f"evaluate must be callable (the stand-pat value), not {evaluate!r}")
    max_depth = as_int(max_depth, max_depth)
    window = as_real(alpha), as_real(beta)  # (numpy's numbers as Python's)
    if max_depth is not None and (isinstance(max_depth, bool) or not isinstance(max_depth, int)
                                  or max_depth < 0):
        raise ValueError(f"max_depth must be None (no cap) or a non-negative int (plies), not "
                         f"{max_depth!r}")
    for name, bound, given in (("alpha", window[0], alpha), ("beta", window[1], beta)):
        if bound is None:
            raise TypeError(f"{name} must be a real number (an int, a float, a Fraction or a "
                            f"numpy number; ±inf for no bound), not {given!r:.80}"
                            f"{type_note(given)}")
    alpha, beta = window
    if not alpha < beta:
        raise ValueError(f"alpha must be below beta (the window (alpha, beta) of numbers with "
                         f"alpha < beta), not alpha={alpha!r}, beta={beta!r}")
    run = Run(quiescence, game, state, 0, evaluate=evaluate, alpha=alpha, beta=beta,
              order=order, max_depth=max_depth, prune_on_equal=prune_on_equal,
              fastest_wins=fastest_wins, tracer=tracer)
    expand, _ = _core(run, max_depth, order)
    is_terminal, utility, evaluation = run.is_terminal, run.utility, run.evaluation

    def root(s, d, alpha, beta):
        if is_terminal(s):
            return utility(s, d), ()
        return expand(s, d, alpha, beta, evaluation(s, d))

    v, pv = run.search(run.traced(root), alpha, beta)
    return run.finish(v, pv)
