"""Iterative deepening (반복 심화, 반복적 깊이증가): search to depth 1, 2, 3, ... until stopped.

The anytime searcher of CHESS 4.5 (Slate & Atkin 1977): each completed depth gives a
decision, so a program under a clock always has a move, and the deeper searches cost
little more than the last one alone (the tree grows by the branching factor per ply).
Nilsson 12.4 names its by-product: the best moves of depth ``k`` order the search of depth
``k + 1`` (``pv_first=True``, or a transposition table, whose best moves do the same at
every position it holds). See :mod:`aisearch.search.runtime.anytime` for budgets and agents.

When the budget runs out inside an iteration, that iteration is dropped and the generator
ends: the caller plays the last completed depth's move. With a table there is one
exception: if the unfinished iteration has already *proven* another root move better than
the previous best (the table holds a bound for it beyond the previous best's value at the
same depth), that move is yielded last, as a decision with ``partial=True``.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Callable, Iterator, Mapping
from dataclasses import replace
from typing import Any

from aisearch.core import MAX, Evaluate, Game, Order, unwrap
from aisearch.results import Decision, Stats
from aisearch.search.classic.alphabeta import alphabeta
from aisearch.search.efficiency.ordering import PrincipalVariation, chain
from aisearch.search.efficiency.table_search import (
    EXACT,
    LOWER,
    UPPER,
    TranspositionTable,
    alphabeta_tt,
    decoder,
)
from aisearch.search.horizon.extensions import check_extensions
from aisearch.search.horizon.quiescence import quiescent
from aisearch.search.registry import REGISTRY, SearcherInfo, describe, searcher
from aisearch.search.runtime import check_args, per_node
from aisearch.search.runtime.anytime import Budget, BudgetedGame, OutOfBudget
from aisearch.trace.events import Abort, TracerLike

__all__ = ["iterative_deepening", "proven_better"]

PSEUDOCODE = """
function ITERATIVE-DEEPENING(n)
  for depth = 1, 2, 3, ...:
    decision ← SEARCH(n, depth)   previous best line first, table kept   @enter
    yield decision                (the caller may stop here)             @exit
    if the search met no depth bound: stop (the whole tree was searched)
  out of time inside an iteration: keep the last decision,
    unless the table proves another move better at this depth            @abort
"""


@searcher(title="iterative deepening", pseudocode=PSEUDOCODE, windowed=True, anytime=True)
def iterative_deepening(
    game: Game, state: Any, depth: int | None = None, *, evaluate: Evaluate | None = None,
    order: Order | None = None, prune_on_equal: bool = True, fastest_wins: bool = True,
    tracer: TracerLike | None = None, budget: Budget | None = None,
    search: Callable[..., Decision] = alphabeta, table: TranspositionTable | None = None,
    pv_first: bool = False, partial: bool = True, quiescence: int | None = None,
    extensions: tuple[str, ...] = (), singular_margin: float = 1.0,
    search_options: Mapping[str, Any] | None = None,
) -> Iterator[Decision]:
    """Search to depth 1, 2, 3, ...; yield one decision per completed depth.

    Parameters
    ----------
    game, state, evaluate, order, prune_on_equal, fastest_wins, tracer
        As for :func:`~aisearch.search.alphabeta`; every iteration is a search of its own
        (recorded with its own ``Start`` event).
    depth : int, optional
        The deepest iteration; ``None``: go on until the budget is spent or an iteration
        searched the whole game tree (no state reached the depth bound).
    budget : Budget, optional
        Nodes and/or seconds for all iterations together. When it runs out inside an
        iteration, that iteration is dropped (an ``Abort`` event is recorded) and the
        generator ends: the caller keeps the last decision it got (but see ``partial``).
    search : searcher
        The depth-limited search each iteration runs (alpha-beta by default): a searcher
        declared with :func:`~aisearch.search.registry.searcher` that takes a depth and
        the options above (minimax, the alpha-beta forms, ...; not quiescence, max^n or
        MCTS). One that takes a ``table`` gets ``table``; one that takes a ``guess``
        (aspiration, MTD(f)) gets the previous iteration's value.
    table : TranspositionTable, optional
        Kept from iteration to iteration (each iteration is a new generation of it), so
        the best moves found at depth ``k`` are searched first at depth ``k + 1``.
    pv_first : bool
        Search the previous iteration's principal variation first (CHESS 4.5's ordering).
    partial : bool
        With a table: when the budget runs out, yield a last decision (``partial=True``,
        its value a bound) if the unfinished iteration proved a root move better than the
        previous best (:func:`proven_better`).
    quiescence : int, optional
        Passed to every iteration's search: a quiescence search of at most that many plies
        at the depth bound (:mod:`aisearch.search.horizon.quiescence`).
    extensions, singular_margin
        Passed to every iteration's search: moves searched one ply deeper
        (:mod:`aisearch.search.horizon.extensions`). The searchers built on the shared cores take
        them; with the default ``search=alphabeta`` the iterations then run
        :func:`~aisearch.search.alphabeta_tt` without a table (fail-soft alpha-beta).
    search_options : mapping, optional
        The search's own options, passed to every iteration: ``{"bounds": (L, U)}`` for
        :func:`~aisearch.search.star1` and :func:`~aisearch.search.star2` (which need them
        unless the game declares a finite ``win``), ``{"width": 5, "scout": True}`` for
        :func:`~aisearch.search.aspiration`. A ``guess`` is the first iteration's only
        (the later ones get the previous value). An option the search does not take, or
        one iterative deepening sets itself (``evaluate``, ``table``, ...: give those to
        it), is refused.

    Yields
    ------
    Decision
        With ``depth`` set to the iteration's depth.

    Examples
    --------
    >>> from aisearch.games import fig5_2
    >>> [(d.depth, d.value, d.move) for d in iterative_deepening(fig5_2, fig5_2.initial,
    ...                                                           evaluate=lambda s: 0)]
    [(1, 0, 0), (2, 3, 0)]

    A search's own options go in ``search_options``:

    >>> from aisearch.games import dice_tree
    >>> from aisearch.search import star1
    >>> [d.value for d in iterative_deepening(dice_tree, (), evaluate=lambda s: 0,
    ...                                       search=star1, search_options={"bounds": (-9, 9)})]
    [0, 0.0, 3.5]

    Notes
    -----
    Nilsson 12.4 and the game-programming notes; lesson 04 orders each iteration by the
    previous one.
    """
    # Checked when called, not at the first next(): a wrong argument is reported where it is.
    options = {"evaluate": evaluate, "order": order, "prune_on_equal": prune_on_equal,
               "fastest_wins": fastest_wins, "tracer": tracer, "quiescence": quiescence}
    check_args(game, state, depth, options)
    if depth == 0:
        raise ValueError("depth must be a positive int (the deepest iteration) or None (no "
                         "limit but the budget), not 0")
    if budget is not None and not isinstance(budget, Budget):
        raise TypeError(f"budget must be a Budget(nodes=..., seconds=...) or None, not "
                        f"{budget!r:.80}")
    described = describe(search, strict=False) if callable(search) else None
    if described is None or not _iterable(described):
        allowed = ", ".join(name for name, info in sorted(REGISTRY.items()) if _iterable(info))
        raise TypeError(f"search must be a depth-limited searcher of the package (declared "
                        f"with @searcher), one of: {allowed}; not "
                        f"{getattr(search, '__name__', search)!r:.80}" + (
                            " (give the search's own options as search_options={...})"
                            if isinstance(search, functools.partial) else ""))
    takes = set(described.options)
    if table is not None:
        if not isinstance(table, TranspositionTable):
            raise TypeError(f"table must be a TranspositionTable or None, not {table!r:.80}")
        if "table" not in takes:
            raise ValueError(f"{getattr(search, '__name__', search)} takes no table; search "
                             "with alphabeta_tt, pvs, aspiration or mtdf to use one")
    for name, flag in (("pv_first", pv_first), ("partial", partial)):
        if not isinstance(flag, bool):
            raise TypeError(f"{name} must be True or False, not {flag!r:.80}")
    more: dict[str, Any] = _own_options(described, search_options)
    _check_bounds(game, described, more)
    if extensions != ():
        check_extensions(game, extensions, singular_margin)  # now, not at the first next()
        if "extensions" not in takes and search is alphabeta:
            search, takes = alphabeta_tt, set(alphabeta_tt.info.options)  # type: ignore[attr-defined]
        if "extensions" not in takes:
            raise ValueError(f"{getattr(search, '__name__', search)} takes no extensions; "
                             "search with alphabeta_tt, pvs, aspiration or mtdf")
        more["extensions"], more["singular_margin"] = extensions, singular_margin
    if quiescence is not None:
        quiescence = quiescent(quiescence).cap  # type: ignore[union-attr]  # (checked)
        if "quiescence" not in takes:
            raise ValueError(f"{getattr(search, '__name__', search)} takes no quiescence; "
                             "search with an alpha-beta form to use it")
        more["quiescence"] = quiescence
    return _deepen(game, state, depth, evaluate, order, prune_on_equal, fastest_wins, tracer,
                   budget, search, table, pv_first, partial, takes, more)


_PASSED = ("evaluate", "order", "prune_on_equal", "fastest_wins", "tracer")
"""The options every iteration passes to its search."""

_SET = (*_PASSED, "table", "quiescence", "extensions", "singular_margin", "budget", "depth")
"""Options iterative deepening sets itself (they are its own options too)."""


def _own_options(info: SearcherInfo, options: Any) -> dict[str, Any]:
    """``options``, the search's own options for every iteration, checked: a mapping of
    options ``info``'s searcher takes, none of them one iterative deepening sets itself."""
    if options is None:
        return {}
    if not isinstance(options, Mapping) or not all(isinstance(k, str) for k in options):
        raise TypeError("search_options must be a dict of the search's own options (such as "
                        f"{{'bounds': (-10, 10)}} for star1), not {options!r:.80}")
    for name in options:
        if name in _SET:
            give = ("give the deepest iteration's as iterative_deepening's depth"
                    if name == "depth" else f"give {name}=... to iterative_deepening itself")
            raise TypeError(f"search_options: {name} is set by iterative deepening for every "
                            f"iteration, not one of the search's own options; {give}")
    info.check_options(options)
    return dict(options)


def _check_bounds(game: Game, info: SearcherInfo, options: dict[str, Any]) -> None:
    """Refuse now, not at the first iteration, a search that needs ``bounds`` (Star1,
    Star2) and was given none, on a game that declares no finite ``win`` to take them from."""
    if "bounds" not in info.options or options.get("bounds") is not None:
        return
    win = getattr(unwrap(game), "win", None)
    if isinstance(win, (int, float)) and not isinstance(win, bool) and 0 < win < math.inf:
        return
    raise ValueError(f"{info.name} needs bounds=(L, U), the least and the greatest value a "
                     "leaf can have (this game declares no finite win payoff to take them "
                     f"from): pass search_options={{'bounds': (L, U)}} to iterative_deepening")


def _iterable(info: SearcherInfo) -> bool:
    """True for a searcher an iteration can run: one that takes a depth in plies and the
    options every iteration passes, whose value is MAX's, and that is not anytime itself
    (as its kind declares: quiescence, max^n and MCTS are not)."""
    kind = info.convention
    return (kind.depth and kind.value == "max" and not info.anytime
            and all(o in info.options for o in _PASSED))


def _deepen(game: Game, state: Any, depth: int | None, evaluate: Evaluate | None,
            order: Order | None, prune_on_equal: bool, fastest_wins: bool,
            tracer: TracerLike | None, budget: Budget | None,
            search: Callable[..., Decision], table: TranspositionTable | None,
            pv_first: bool, partial: bool, takes: set[str],
            more: dict[str, Any]) -> Iterator[Decision]:
    """The iterations of :func:`iterative_deepening` (its arguments checked)."""
    played = BudgetedGame(game, budget) if budget is not None else game
    bounded = [0]

    def counted(s: Any) -> float:
        bounded[0] += 1
        if evaluate is None:
            raise ValueError(f"the depth bound was reached at a non-terminal state ({s!r}) but "
                             "no evaluate function was given: pass evaluate=...")
        return evaluate(s)

    counted.__name__ = getattr(evaluate, "__name__", "evaluate")
    counted.__wrapped__ = evaluate  # type: ignore[attr-defined]  # (a table serves both alike)
    counted.counts_for_table = True  # type: ignore[attr-defined]
    last: Decision | None = None
    unproven = 0  # iterations in a row whose states all ended the game, some of them
    # answered by entries of earlier iterations
    for d in itertools.count(1) if depth is None else range(1, depth + 1):
        bounded[0] = 0
        extra: dict[str, Any] = dict(more)
        if table is not None:
            table.age()
            extra["table"] = table
        if "guess" in takes and last is not None:
            extra["guess"] = last.value
        ordering = order
        if pv_first and last is not None and last.pv:
            ordering = chain(order, PrincipalVariation(game, state, last.pv))
        old = table.settled_old if table is not None else 0
        spent = budget.used if budget is not None else 0
        try:
            if unproven >= 2 and table is not None and budget is None:  # (see below)
                table.settles_from = table.generation
            try:
                decision = search(played, state, d, evaluate=counted, order=ordering,
                                  prune_on_equal=prune_on_equal, fastest_wins=fastest_wins,
                                  tracer=tracer, **extra)
            finally:
                if table is not None:
                    table.settles_from = 0
        except OutOfBudget as why:
            emit = per_node(tracer)
            if emit is not None:
                emit(Abort(str(why)))
            if partial and table is not None and last is not None and last.move is not None:
                found = proven_better(game, state, table, d, last.move, fastest_wins)
                if found is not None:
                    nodes = (budget.used - 1 - spent) if budget is not None else 0
                    yield Decision(found[1], found[0], (found[0],), Stats(nodes=max(nodes, 0)),
                                   depth=d, partial=True)
            return
        last = replace(decision, depth=d)
        yield last
        complete = bounded[0] == 0 and (table is None or table.settled_old == old)
        if complete:  # no state met the depth bound: deeper searches change nothing
            return
        # No state met the bound, but entries of earlier iterations answered some nodes,
        # and they may hold values cut off at a bound (a position met again at another
        # ply, as in Nim, may be answered in every iteration by an entry of the one
        # before), so the iterations would never end. Without a budget to end them, after
        # two such iterations in a row the next one answers only with its own entries
        # (the older ones still order its moves): if no state meets its bound, it has
        # searched the whole tree by itself. (With a budget, such an iteration could spend
        # it on what deeper iterations cannot change: a table kept from move to move
        # answers every node of the first iterations of a move, and they go on.)
        unproven = unproven + 1 if bounded[0] == 0 else 0


def proven_better(game: Game, state: Any, table: TranspositionTable, depth: int, previous: Any,
                  fastest_wins: bool = True) -> tuple[Any, Any] | None:
    """A root move the table proves better than ``previous`` at ``depth``, or None.

    Looks up the successors of ``state`` as the iteration of ``depth`` stored them (this
    generation, ``depth - 1`` plies or more below them): ``previous`` must have a bound on
    the side that caps it (MAX to move: exact or an upper bound ``u``), and a move proven
    beyond it (exact or a lower bound ``> u``) is returned as ``(move, value)``, value as the
    game's payoff; the best such move if several are.

    Examples
    --------
    >>> from aisearch.games import fig5_2
    >>> t = TranspositionTable()
    >>> _ = t.age()
    >>> _ = t.store((0,), 1, 3, UPPER, 0, ply=1)   # move 0 is worth at most 3
    >>> _ = t.store((2,), 1, 5, LOWER, 1, ply=1)   # move 2 at least 5
    >>> proven_better(fig5_2, (), t, 2, previous=0)
    (2, 5)
    """
    rules = unwrap(game)
    maximizing = rules.to_move(state) == MAX
    sign = 1 if maximizing else -1
    capping = (EXACT, UPPER) if maximizing else (EXACT, LOWER)
    beating = (EXACT, LOWER) if maximizing else (EXACT, UPPER)

    def known(m: Any) -> Any:
        e = table.probe(rules.result(state, m), ply=1)
        if e is None or e.depth < depth - 1 or e.generation != table.generation:
            return None
        return e

    first = known(previous)
    if first is None or first.bound not in capping:
        return None
    best: tuple[Any, Any] | None = None
    for m in rules.moves(state):
        e = known(m) if m != previous else None
        if e is not None and e.bound in beating and sign * e.value > sign * first.value:
            if best is None or sign * e.value > sign * best[1]:
                best = (m, e.value)
    if best is None:
        return None
    return best[0], decoder(rules, fastest_wins)(best[1])
