"""Search with more than two players: max^n and paranoid search.

**max^n** (Luckhardt & Irani 1986) backs up utility *tuples*: at a node of player ``p``
the value is the child's tuple whose ``p``-th component is largest (the first such child
in move order on ties). Each player looks after itself; nobody is assumed an enemy.

**Shallow pruning** (Korf 1991) is what is left of alpha-beta. If every component is at
least ``low`` and the components sum to at most ``maxsum`` (the game's
``utility_bounds = (low, maxsum)``), then once a node of player ``q`` has a child worth
``v[q]`` to ``q``, its parent's player ``p`` can expect at most
``maxsum - v[q] - (n - 2) * low`` from it; when that is no more than the parent's best
so far, the node's other children cannot matter. Only that immediate step is safe: deep
pruning (alpha-beta's bounds handed down several plies) can change the max^n value
with three or more players, because a grandparent's bound says nothing about what the
player in between prefers.

**Paranoid search** (Sturtevant & Korf 2000) assumes the worst: all the other players
are one coalition minimising the utility of the player at the root. That turns the game
into a two-player zero-sum game, searched here by alpha-beta with its deep cut-offs
(:class:`Paranoid` is that view of the game).

Examples
--------
>>> from aisearch.games import TupleTree
>>> game = TupleTree([[(3, 3, 3), (4, 2, 3)], [(1, 5, 3), (1, 4, 4)]])
>>> maxn(game, ()).value, paranoid(game, ()).value
((3, 3, 3), 3)
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from aisearch.core import MAX, MIN, Game, GameWrapper, as_int, check_game, is_number
from aisearch.games.nplayer import utilities
from aisearch.results import Decision
from aisearch.search.classic.alphabeta import alphabeta
from aisearch.search.registry import searcher
from aisearch.search.runtime import WON, Run, check_args
from aisearch.trace.events import Start, TracerLike

__all__ = ["maxn", "paranoid", "Paranoid"]

PSEUDOCODE = """
function MAXN(n, bound)                                         @enter
  if n is terminal: return UTILITIES(n)     (one number per player)   @terminal
  if the depth bound is reached: return EVAL(n)      (a tuple)        @eval
  p ← the player to move at n;  best ← none
  for each child c of n:
    v ← MAXN(c, maxsum − (k − 2)·low − best[p])
    if best is none or v[p] > best[p]: best ← v                 @backup
    if best[p] ≥ bound: return best          (shallow cut-off)   @cut_shallow @cut
  return best                                                    @exit
"""

PARANOID = """
function PARANOID(n, depth, α, β)   me: MAX; every other player: MIN   @enter
  if n is terminal: return my UTILITY(n)                   @terminal
  if depth = 0: return EVAL(n)[me]                         @eval
  if I am to move at n:
    for each successor c of n:
      α ← max(α, PARANOID(c, depth − 1, α, β))             @backup_max
      if α ≥ β: return β        (β cut-off)                @cut_beta
    return α                                               @exit_max
  else (any other player: the coalition against me):
    for each successor c of n:
      β ← min(β, PARANOID(c, depth − 1, α, β))             @backup_min
      if β ≤ α: return α        (α cut-off)                @cut_alpha
    return β                                               @exit_min
"""


def _check(game: Any, state: Any, depth: Any, evaluate: Any, tracer: Any) -> int:
    # (the searchers' own checks: depths of any integral type but bool, tracers, ...)
    top = check_args(game, state, depth, {"evaluate": evaluate, "tracer": tracer})
    game.to_move(state)  # a game refuses a state that is not its own
    return 1 << 30 if depth is None else top


@searcher(title="max^n, with shallow pruning", pseudocode=PSEUDOCODE, kind="nplayer")
def maxn(game: Game, state: Any, depth: int | None = None, *,
         evaluate: Callable[[Any], Any] | None = None, prune: bool = True,
         tracer: TracerLike | None = None) -> Decision:
    """The max^n value (a utility tuple) and move of ``state``, with shallow pruning.

    Parameters
    ----------
    game, state
        A game of ``game.players`` players (two if it does not say).
    depth : int, optional
        Plies to search; at the bound ``evaluate(state)`` gives a utility tuple.
    evaluate : callable, optional
        ``evaluate(state) -> tuple`` of one number per player.
    prune : bool
        Use shallow pruning where the game declares ``utility_bounds = (low, maxsum)``.
        Every utility and evaluation must then lie within them: each component at least
        ``low``, the sum at most ``maxsum`` (checked, since values outside them make
        pruning cut the best line).
    tracer : callable, optional
        Receives ``Start``, ``Enter``, ``Leaf``, ``Backup``, ``Cut``, ``Exit``, ``Finish``;
        values are tuples.

    Returns
    -------
    Decision
        ``value`` is the root's utility tuple; ``stats.cutoffs`` counts shallow cut-offs.

    Examples
    --------
    >>> from aisearch.games import TupleTree
    >>> game = TupleTree([[(6, 3, 0), (1, 1, 7)], [(2, 7, 0), (4, 4, 1)]])
    >>> d = maxn(game, ())
    >>> d.value, d.move, d.pv
    ((6, 3, 0), 0, (0, 0))
    """
    _check(game, state, depth, evaluate, tracer)
    if not isinstance(prune, bool):
        raise TypeError(f"prune must be True or False, not {prune!r}")
    n = int(getattr(game, "players", 2))
    bounds = getattr(game, "utility_bounds", None) if prune else None
    slack = math.inf if bounds is None else bounds[1] - (n - 2) * bounds[0]
    run = Run(maxn, game, state, depth, evaluate=evaluate, tracer=tracer, prune=prune,
              utility=lambda s, player=None: utilities(game, s), values=_tuples(n, bounds))
    is_terminal, to_move, result, moves = run.is_terminal, run.to_move, run.result, run.moves
    utility, evaluation, cutoff = run.utility, run.evaluation, run.cutoff
    trace = run.trace  # bookkeeping

    def core(s, d, bound):
        if is_terminal(s):
            return utility(s, d), ()
        if d == 0:
            return evaluation(s, d), ()
        p, ms, best, line = to_move(s), moves(s), None, ()
        for m in ms:
            v, pv = core(result(s, m), d - 1, math.inf if best is None else slack - best[p])
            if best is None or v[p] > best[p]:
                best, line = v, (m,) + pv
            if trace:
                trace.backup(m, v, best)
            if best[p] >= bound:  # shallow cut-off: the parent will not come here
                cutoff(s, ms, m, d, "shallow")
                break
        return best, line

    core = run.traced(core)  # bookkeeping
    value, pv = run.search(core, math.inf)
    return run.finish(value, pv)


def _tuples(n: int, bounds: Any) -> Callable[[Any, str, Any], Any]:
    """The check of max^n's values: a tuple of ``n`` real numbers, within ``bounds``
    (``utility_bounds``) when shallow pruning relies on them."""
    tolerance = 0.0 if bounds is None else 1e-9 * max(1.0, abs(bounds[1]))  # rounding

    def check(v: Any, name: str, s: Any) -> Any:
        if (not isinstance(v, tuple) or len(v) != n
                or not all(isinstance(x, numbers.Real) and is_number(x)
                           and (-WON < x < WON or math.isinf(x))  # type: ignore[operator]
                           for x in v)):
            raise ValueError(f"{name} returned {v!r:.80} for state {s!r:.80}: max^n needs a "
                             f"tuple of {n} real numbers (one per player, within ±2**999 "
                             "when finite)")
        if bounds is not None and (min(v) < bounds[0] or math.fsum(v) > bounds[1] + tolerance):
            raise ValueError(f"{name} returned {v!r:.80} for state {s!r:.80}, outside the "
                             f"game's utility_bounds {bounds!r}: shallow pruning needs every "
                             f"component >= {bounds[0]!r} and a sum <= {bounds[1]!r}, or it "
                             "can cut the best line; keep the values within them or pass "
                             "prune=False")
        return v

    return check


class Paranoid(GameWrapper):
    """The two-player zero-sum view of an ``n``-player game that paranoid search takes:
    ``player`` is MAX, every other player is MIN, and a terminal state is worth
    ``player``'s own utility.

    >>> from aisearch.games import Coins
    >>> view = Paranoid(Coins((1, 2, 3)), 1)
    >>> [view.to_move(s) for s in (view.initial, view.result(view.initial, "L"))]
    [1, 0]
    """

    players = 2
    sides = {MAX: "me", MIN: "the others"}
    same_values = False  # (each player's view has its own values)

    def __init__(self, game: Any, player: int = 0) -> None:
        check_game(game)
        n = getattr(game, "players", 2)
        player = as_int(player, player)
        if player.__class__ is not int or not 0 <= player < n:
            raise ValueError(f"player must be an int from 0 to {n - 1}, not {player!r:.80}")
        self.game, self.player = game, player
        self.initial = game.initial
        self._to_move = game.to_move

    def to_move(self, s: Any) -> int:
        p = self._to_move(s)
        return MAX if p == self.player else MIN if p >= 0 else p

    def utility(self, s: Any, player: int = MAX) -> float:
        u = self.game.utility(s, self.player)
        if player.__class__ is int and player in (MAX, MIN):
            return u if player == MAX else -u
        raise ValueError(f"player must be MAX (0: player {self.player}) or MIN (1: the others), "
                         f"not {player!r:.80}")

    def __eq__(self, other: object) -> bool:  # the same view of the same game
        return (isinstance(other, Paranoid) and other.player == self.player
                and other.game is self.game)

    def __hash__(self) -> int:
        return hash((id(self.game), self.player))

    def __repr__(self) -> str:
        return f"Paranoid({self.game!r}, {self.player})"


class _Named:
    """A tracer that passes alpha-beta's events on, its searches named ``paranoid`` (so the
    stepper shows paranoid search's listing)."""

    def __init__(self, tracer: Any) -> None:
        self.tracer = tracer
        self.per_node = getattr(tracer, "per_node", True)
        done = getattr(tracer, "finish", None)
        if done is not None:
            self.finish = done

    def __call__(self, event: Any) -> None:
        if type(event) is Start:
            event = replace(event, search="paranoid")
        self.tracer(event)


@searcher(title="paranoid search", pseudocode=PARANOID, windowed=True, kind="nplayer")
def paranoid(game: Game, state: Any, depth: int | None = None, *,
             evaluate: Callable[[Any], Any] | None = None, player: int | None = None,
             tracer: TracerLike | None = None) -> Decision:
    """Paranoid search: alpha-beta for ``player`` (the one to move at ``state`` by
    default) against the coalition of all the others.

    ``evaluate(state)`` may give a utility tuple (its ``player`` component is used) or a
    number for ``player``. The decision's value is ``player``'s guaranteed utility.

    Examples
    --------
    >>> from aisearch.games import TupleTree
    >>> game = TupleTree([[(6, 3, 0), (1, 1, 7)], [(2, 7, 0), (4, 4, 1)]])
    >>> d = paranoid(game, ())
    >>> d.value, d.move
    (2, 1)
    """
    _check(game, state, depth, evaluate, tracer)
    me = game.to_move(state) if player is None else player
    view = Paranoid(game, me)
    me = view.player  # a numpy integer read as the int it is
    own: Callable[[Any], Any] | None = None
    if evaluate is not None:
        def own(s: Any) -> Any:
            v = evaluate(s)
            return v[me] if isinstance(v, tuple) else v

        own.__name__ = getattr(evaluate, "__name__", "evaluate")
    return alphabeta(view, state, depth, evaluate=own, fastest_wins=False,
                     tracer=None if tracer is None else _Named(tracer))
