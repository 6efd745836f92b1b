"""What every searcher shares, documented once: conventions, checks, the leaf rule, fastest
wins, tracing and the finish step. A searcher builds one :class:`Run` and writes only its
algorithm.

Conventions (DESIGN.md section 4)
---------------------------------
- ``depth`` counts plies (single moves); ``None`` searches to terminal states.
- At a terminal state the value is ``game.utility(s, MAX)``; at the depth bound it is
  ``evaluate(s)``, from MAX's point of view (positive favours MAX). Both must be real
  numbers; ``±inf`` means a proven win or loss. Anything else is an error naming the
  function, the state and the value.
- ``order(state, moves)`` returns the same moves in another order (searched first to
  last); anything else is an error naming the moves dropped, added or repeated. An
  ordering object with a ``cutoff(state, move, depth)`` method is told of every cut-off.
  One whose ``uses_depth`` is true is called as ``order(state, moves, depth)`` with the
  plies left, by searchers that pass it to ``run.moves(s, d)`` (``None`` otherwise);
  killer moves are kept per depth that way (:mod:`aisearch.search.efficiency.ordering`). One whose
  ``permutes`` is true declares that it only reorders: its answer is not checked.
- Ties at a node go to the first best move in (ordered) move order; MTD(f) and SSS*,
  whose passes search the table's move first at the root too, return a best move.
- ``prune_on_equal=True`` cuts when ``alpha >= beta`` (aima-python, OpenSpiel, MIT 6.034);
  ``False`` only when ``alpha > beta`` (Berkeley CS188's graded convention; CS188's
  graded state lists are those of fail-soft alpha-beta: with the strict test, fail-hard
  alpha-beta may generate more states, never a different value or move).

Fastest wins, slowest losses (``fastest_wins=True``, the default)
-----------------------------------------------------------------
All wins are not equal: a search that scores every won game alike plays the first winning
line in move order, however long, and may never cash in a win (in tic-tac-toe, alpha-beta
to depth 3-9 plays a move other than an immediate win in 392 of the 2,358 positions
where one exists). So, as chess programs score "mate in k", a won game ``k`` plies from
the root is worth more than one ``k + 1`` plies away, and a lost game the other way
round: MAX wins as fast as it can and, when it must lose, loses as late as it can.

A *win* is a terminal utility equal to ``+win`` (the game's declared ``win`` payoff, e.g.
``TicTacToe().win``) or ``+inf``; a *loss* is ``-win`` or ``-inf``; an evaluation of
``±inf`` at the depth bound is a win or loss at that ply. Inside the search such a value
at ply ``k`` is scored ``±(2**1000 - k * 2**960)``: above every finite payoff and
evaluation, and distinct for every ply. Values leave the search as the game's payoffs:
``Decision.value`` and every traced event show ``+win`` (``inf`` for tic-tac-toe) for a
win at any distance, and the principal variation shows how far it is. Explicit trees
declare no ``win``, so textbook trees keep their exact values and searches. Pass
``fastest_wins=False`` for the textbook rule (all wins alike), as the graded exercises do.
Under chance (expectiminimax) wins count as their payoff: an average has no distance.

Quiescence at the depth bound (``quiescence=k``, lesson 05)
-----------------------------------------------------------
With ``quiescence=None`` (the default) a non-terminal state at the depth bound is worth
``evaluate(s)``. With an int ``k`` the leaf rule runs a quiescence search of at most ``k``
plies there instead (:mod:`aisearch.search.horizon.quiescence`), with the window the node was
searched with: the same rule for every alpha-beta form, written once here. The searcher's
core passes its window to ``evaluation(s, d, alpha, beta)`` (negamax forms in the view of
the player to move; :class:`Run` converts). The depth-bound state is counted as before (a
node and a leaf); the states the quiescence search visits beyond it are counted in
``Decision.stats.quiescence`` (not in ``nodes`` or ``leaves``) and traced as
:class:`~aisearch.trace.events.Quiescent` visits, so a trace shows them below the node.
The principal variation stops at the depth bound. Quiescence cut-offs count as cut-offs.
"""

from __future__ import annotations

import math
import numbers
import operator
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from aisearch.core import CHANCE, MAX, Game, as_int, check_game, check_outcomes, type_note
from aisearch.results import Decision, Stats
from aisearch.trace.events import Backup, Cut, Enter, Exit, Expectation, Finish, Leaf, Start

__all__ = ["Run", "Tracing", "UNBOUNDED", "INF", "WIN", "deep_recursion", "win_value",
           "is_win_value"]

INF = math.inf
UNBOUNDED = 1 << 30  # internal stand-in for depth=None; events report it as None
SHOWN = UNBOUNDED // 2  # depths above this are shown as None (unbounded) in events
WIN = 2.0 ** 1000  # a win k plies from the root scores WIN - k * PLY inside a search
PLY = 2.0 ** 960
WON = 2.0 ** 999  # a value beyond ±WON is a win or a loss


def win_value(ply: int) -> float:
    """The score inside a search of a win ``ply`` plies from the root (a loss: its negative).

    >>> win_value(1) > win_value(3) > 10 ** 300
    True
    """
    return WIN - ply * PLY


def is_win_value(v: float) -> bool:
    """True for a search score that stands for a won or lost game (see :func:`win_value`)."""
    return not -WON < v < WON


def _name(f: Any) -> str:
    return getattr(f, "__name__", None) or type(f).__name__


def no_evaluate(state: Any) -> float:
    raise ValueError(
        f"the depth bound was reached at a non-terminal state ({state!r}) but no evaluate "
        "function was given: pass evaluate=... or depth=None"
    )


@contextmanager
def deep_recursion(limit: int = 20_000) -> Iterator[None]:
    """Allow deep searches, and turn runaway recursion into a clear error."""
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old, limit))
    try:
        yield
    except RecursionError:
        raise ValueError(
            "the search went deeper than Python allows: the game may cycle (e.g. TwoRobots "
            "without max_plies); give a depth or a finite game"
        ) from None
    finally:
        sys.setrecursionlimit(old)


def checked_value(v: Any, source: str, s: Any) -> Any:
    """``v``, which ``source`` returned for state ``s``, if it is a value as the searchers'
    leaf rule takes them: a real number, ``±inf`` for a proven win or loss, within
    ``±2**999`` when finite; else the error they give.

    >>> checked_value(float("inf"), "evaluate", "s")
    inf
    >>> checked_value(None, "evaluate", "s")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    TypeError: evaluate returned None (a NoneType) for state 's': values must be real numbers ...
    """
    what = ("values must be real numbers (ints or floats; ±inf for a proven win or loss), "
            "within ±2**999 when finite")
    if isinstance(v, bool) or not isinstance(v, numbers.Real):
        raise TypeError(f"{source} returned {v!r} (a {type(v).__name__}) for state {s!r}: "
                        f"{what}")
    try:
        f = float(v)
    except OverflowError:
        raise ValueError(f"{source} returned {v!r} for state {s!r}: {what}") from None
    if f != f:
        raise ValueError(f"{source} returned NaN for state {s!r}: {what}")
    if -INF < f < INF and not -WON < f < WON:
        raise ValueError(f"{source} returned {v!r} for state {s!r}: {what}")
    return v


def per_node(tracer: Any) -> Any:
    """The tracer to call at every node, or None (no tracer, or one that only wants totals)."""
    if tracer is None or not getattr(tracer, "per_node", True):
        return None
    return tracer


def _count(x: Any) -> int:
    """``x`` as a non-negative int (any integral number but a bool: numpy's too), else -1."""
    n = as_int(x, -1)
    return n if n >= 0 else -1


def check_args(game: Any, state: Any, depth: Any, options: dict[str, Any]) -> int:
    """Validate a searcher's arguments; return the internal depth.

    Depths are counted in any integral type but bool (numpy's ints too); the
    ``quiescence`` option, if it is one, is stored back in ``options`` as an int.

    >>> import numpy as np
    >>> from aisearch.games import fig5_2
    >>> check_args(fig5_2, (), np.int64(2), {})
    2
    >>> check_args(fig5_2, (), 2.0, {})
    Traceback (most recent call last):
    ...
    ValueError: depth must be a non-negative int (plies) or None (to the end), not 2.0 (a float)
    """
    check_game(game, initial=False)
    if depth is not None:
        d = _count(depth)
        if d < 0:
            raise ValueError("depth must be a non-negative int (plies) or None (to the end), "
                             f"not {depth!r:.80}{type_note(depth)}")
        depth = d
    for name in ("evaluate", "order"):
        f = options.get(name)
        if f is not None and not callable(f):
            raise TypeError(f"{name} must be callable or None, not {f!r}")
    check_tracer(options.get("tracer"))
    for name in ("prune_on_equal", "fastest_wins"):
        if name in options and not isinstance(options[name], bool):
            raise TypeError(f"{name} must be True or False, not {options[name]!r}")
    q = options.get("quiescence")
    if q is not None:
        if _count(q) < 0:
            raise ValueError("quiescence must be None (evaluate at the depth bound) or a "
                             "non-negative int (the most plies of quiescence search), not "
                             f"{q!r:.80}{type_note(q)}")
        options["quiescence"] = _count(q)
    try:
        hash(state)
    except TypeError:
        raise TypeError(f"states must be hashable; got {type(state).__name__}") from None
    return UNBOUNDED if depth is None else depth


def check_tracer(tracer: Any) -> None:
    """Refuse what is not a tracer: a tracer is called as ``tracer(event)`` (so it is an
    instance, such as ``Recorder()``, not the class), and its ``finish``, if it has one,
    is a method ``finish(decision)``.

    >>> from aisearch.trace import Recorder
    >>> check_tracer(Recorder())
    >>> check_tracer(Recorder)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    TypeError: tracer must be a tracer, not the class Recorder: make one, tracer=Recorder() ...
    """
    if tracer is None:
        return
    what = ("a tracer is called as tracer(event), like Recorder() or Tally(), and may have a "
            "method finish(decision)")
    if isinstance(tracer, type):
        raise TypeError(f"tracer must be a tracer, not the class {tracer.__name__}: make one, "
                        f"tracer={tracer.__name__}() ({what})")
    if not callable(tracer):
        raise TypeError(f"tracer must be callable or None, not {tracer!r:.80} ({what})")
    finish = getattr(tracer, "finish", None)
    if finish is not None and not callable(finish):
        raise TypeError(f"tracer.finish must be a method finish(decision), not {finish!r:.80} "
                        f"({what})")


class Run:
    """One search in progress: the checks, the counts, the leaf rule and the tracing.

    A searcher makes one with its own function (for its name and description) and its
    arguments, takes the bound methods it needs (``utility``, ``evaluation``, ``moves``,
    ``result``, ``cutoff``) and runs its recursive core with :meth:`search`.

    Parameters
    ----------
    searcher : callable
        The searcher (declared with :func:`aisearch.search.registry.searcher`).
    game, state, depth
        As the searcher got them.
    mover_view : bool
        True for negamax forms, whose values and windows are from the view of the player to
        move: events are converted to MAX's view.
    **options
        ``evaluate``, ``order``, ``prune_on_equal``, ``fastest_wins``, ``tracer``,
        ``quiescence`` and any option of the searcher's own (recorded in the Start event).
    """

    def __init__(self, searcher: Callable[..., Any], game: Game, state: Any, depth: int | None,
                 *, mover_view: bool = False, **options: Any) -> None:
        self.top = check_args(game, state, depth, options)
        self.name = searcher.__name__
        self.info = getattr(searcher, "info", None)
        self.game, self.state, self.mover_view = game, state, mover_view
        self.more: dict[str, int] = {}  # further counts a searcher keeps (table_hits, ...)
        self.counts: dict[str, Callable[[], int]] = {}  # live counts read at the finish
        evaluate = options.get("evaluate")
        self._evaluate_name = _name(evaluate) if evaluate else "evaluate"
        self.order = options.get("order")
        self._learn = getattr(self.order, "cutoff", None)
        self.prune_on_equal: bool = options.get("prune_on_equal", True)
        self.cut = operator.ge if self.prune_on_equal else operator.gt
        payoff = getattr(game, "win", None)
        if isinstance(payoff, bool) or not isinstance(payoff, (int, float)) or not payoff > 0:
            payoff = INF
        self.payoff: float = payoff
        fastest = options.get("fastest_wins", True)
        self.decode: Callable[[Any], Any] = self._decode if fastest else _same
        self.tracer = options.get("tracer")
        emit = per_node(self.tracer)
        self.trace = Tracing(emit, self) if emit else None
        self.result = self.trace.result if self.trace else game.result
        top = self.top
        # A node's distance from the root, which scores wins (and table entries): ``top - d``
        # with ``d`` plies left, plus the extensions on the way to it where there are some.
        self.ply: Callable[[Any, int], int] = lambda s, d: top - d
        self._counters: list[Callable[[], int]] = []  # how many leaves each leaf rule took
        self._sources = (game.utility, evaluate or no_evaluate, fastest)  # (for quiescence)
        self.utility = self._leaf_rule(game.utility, True, fastest)
        self.evaluation = self._leaf_rule(evaluate or no_evaluate, False, fastest)
        leaves = list(self._counters)
        chance_ok = bool(self.info and self.info.chance)
        self.moves = self._make_moves(game, not chance_ok and getattr(game, "has_chance", True))
        self._leaf_counters = leaves
        self.cutoff = self._make_cutoff()
        self.extend: Callable[..., int] | None = None
        if options.get("extensions"):
            from aisearch.search.horizon.extensions import check_extensions, make_extend

            self.extend = make_extend(self, check_extensions(
                game, options["extensions"], options.get("singular_margin", 1.0)),
                options.get("singular_margin", 1.0))
            if self.extend is not None:
                self.ply = self.extend.ply  # type: ignore[attr-defined]
        self.quiescence = options.get("quiescence")
        if self.quiescence is not None:
            from aisearch.search.horizon.quiescence import (
                quiescent_leaf,  # (it builds on this module)
            )

            self.evaluation = quiescent_leaf(self, self.evaluation, self.quiescence)
        if self.trace:
            shown = {k: v for k, v in options.items() if k != "tracer"}
            emit(Start(self.name, game, state, depth, shown))

    @property
    def leaves(self) -> int:
        """Leaves so far: terminal utilities and evaluations taken."""
        return sum(count() for count in self._leaf_counters)

    @property
    def nodes(self) -> int:
        """Nodes so far: the leaves and the inner nodes (whose moves were asked for)."""
        return sum(count() for count in self._counters)

    def count_nodes(self, counter: Callable[[], int]) -> None:
        """Add ``counter()`` to :attr:`nodes`: nodes a searcher settles without a leaf value
        or their moves (positions a transposition table answers)."""
        self._counters.append(counter)

    @property
    def cutoffs(self) -> int:
        """Cut-offs so far: nodes that stopped with moves left unsearched."""
        return self._cutoffs()

    # -- the leaf rule -------------------------------------------------------------------
    def _leaf_rule(self, source: Callable[..., Any], terminal: bool, fastest: bool,
                   kind: type = Leaf, counted: bool = True) -> Callable[..., Any]:
        """``f(s, d)``: the value of a leaf ``d`` plies above the depth bound, as the search
        scores it: the terminal utility (``terminal``) or the static evaluation, checked,
        counted, traced, and a win or loss scored by its distance from the root."""
        trace = self.trace
        name = "utility" if terminal else self._evaluate_name
        payoff = self.payoff
        # A win is ±inf, or at a terminal state ±payoff: outside the range the fast path takes.
        finite_wins = fastest and terminal and payoff != INF
        lo, hi = (-payoff, payoff) if finite_wins else (-WON, WON)
        wins = {payoff: 1, -payoff: -1, INF: 1, -INF: -1} if fastest and terminal else {}
        count = 0

        def unusual(v: Any, s: Any, d: int) -> Any:
            """Not an int or float strictly inside (lo, hi): check it; a win or a loss is
            scored by its distance from the root."""
            raw = self._checked(v, name, s)
            if trace:
                trace.leaf(raw, terminal, kind)
            if fastest and (raw == INF or raw == -INF or finite_wins and abs(raw) == payoff):
                return (WIN - self.ply(s, d) * PLY) * (1 if raw > 0 else -1)
            return raw

        def utility(s: Any, d: int, alpha: Any = None, beta: Any = None) -> Any:
            nonlocal count
            count += 1
            v = source(s, MAX)
            t = v.__class__
            if t is float or t is int:
                if lo < v < hi:
                    if trace:
                        trace.leaf(v, True, kind)
                    return v
                if v in wins:  # a won or lost game: scored by its distance from the root
                    if trace:
                        trace.leaf(v, True, kind)
                    return (WIN - self.ply(s, d) * PLY) * wins[v]
            return unusual(v, s, d)

        def evaluation(s: Any, d: int, alpha: Any = None, beta: Any = None) -> Any:
            nonlocal count
            count += 1
            v = source(s)
            t = v.__class__
            if (t is float or t is int) and lo < v < hi:
                if trace:
                    trace.leaf(v, False, kind)
                return v
            return unusual(v, s, d)

        def quiet_evaluation(s: Any, d: int, alpha: Any = None, beta: Any = None) -> Any:
            # no tracer: the hot path of most searches
            nonlocal count
            count += 1
            v = source(s)
            t = v.__class__
            if (t is float or t is int) and lo < v < hi:
                return v
            return unusual(v, s, d)

        leaf: Any = utility if terminal else evaluation if trace else quiet_evaluation
        if counted:
            self._counters.append(lambda: count)
        leaf.count = lambda: count
        return leaf

    def _checked(self, v: Any, source: str, s: Any) -> Any:
        return checked_value(v, source, s)

    def expected(self, total: float, s: Any, d: int) -> float:
        """A chance node's expectation (wins counted as their payoff), scored for the search."""
        if total != total:
            raise ValueError(f"the expectation at chance state {s!r} is undefined (it mixes "
                             "+inf and -inf outcomes): use finite payoffs under chance")
        if self.decode is _same or -INF < total < INF:
            return total
        return (WIN - self.ply(s, d) * PLY) * (1 if total > 0 else -1)

    def _decode(self, v: Any) -> Any:
        if -WON < v < WON:
            return v
        return self.payoff if v > 0 else -self.payoff

    # -- moves and cut-offs --------------------------------------------------------------
    def _make_moves(self, game: Any, check_chance: bool) -> Callable[..., Sequence[Any]]:
        """``moves(s, d=None)``: the moves of an inner node to search, in ``order`` if one was given
        (checked), refusing chance nodes a searcher cannot search; counts inner nodes."""
        game_moves, to_move, order, name = game.moves, game.to_move, self.order, self.name
        order_: Any = order  # (not None where it is called)
        by_depth = bool(getattr(order, "uses_depth", False))
        count = chance = 0

        def plain_moves(s: Any, d: int | None = None) -> Sequence[Any]:  # no order, no chance
            nonlocal count
            count += 1
            return game_moves(s)

        def moves(s: Any, d: int | None = None) -> Sequence[Any]:
            nonlocal count
            count += 1
            if check_chance and to_move(s) == CHANCE:
                raise ValueError(f"{name} cannot search chance nodes (found one at state "
                                 f"{s!r}); use minimax, which backs up expectations at chance "
                                 "nodes (expectiminimax)")
            ms = game_moves(s)
            if order is None:
                return ms
            got = order(s, ms, d) if by_depth else order(s, ms)
            try:
                ordered = tuple(got)
            except TypeError:
                raise TypeError(f"order {_name(order)} must return the moves it was given, in "
                                f"any order (a list or tuple); at state {s!r} it returned "
                                f"{got!r:.80}") from None
            if len(ordered) != len(ms) or set(ordered) != set(ms):
                raise ValueError(_order_error(order, s, ms, ordered))
            return ordered

        def trusted_moves(s: Any, d: int | None = None) -> Sequence[Any]:
            # An order that declares ``permutes`` (the course's own) returns the moves it
            # was given, reordered: not checked, at every node.
            nonlocal count
            count += 1
            if check_chance and to_move(s) == CHANCE:
                return moves(s, d)  # (the error)
            return order_(s, game_moves(s), d) if by_depth else order_(s, game_moves(s))

        def outcomes(s: Any) -> Sequence[tuple[Any, float]]:
            nonlocal count, chance
            count += 1
            chance += 1
            return check_outcomes(s, game.chance_outcomes(s))

        self._counters.append(lambda: count)
        self._chance_nodes = lambda: chance
        self.outcomes = outcomes
        if order is None:
            return moves if check_chance else plain_moves
        return trusted_moves if getattr(order, "permutes", False) else moves

    def _make_cutoff(self) -> Callable[..., None]:
        learn, trace = self._learn, self.trace
        count = 0

        def cutoff(s: Any, ms: Sequence[Any], m: Any, d: int, kind: str | None = None) -> None:
            """Note a cut-off at ``s`` after move ``m`` of ``ms``: the moves after it are not
            searched (``m=None``: none of them is). Counted and traced when moves are skipped
            (with the window of the backup that caused it, and ``kind``, by default 'alpha'
            or 'beta'); told to a learning order."""
            nonlocal count
            if learn is not None and m is not None:
                learn(s, m, d)
            if m is None or m is not ms[-1]:
                count += 1
                if trace:
                    trace.cut(s, tuple(ms[0 if m is None else ms.index(m) + 1:]), kind)

        self._cutoffs = lambda: count
        return cutoff

    # -- running ------------------------------------------------------------------------
    def traced(self, core: Callable[..., Any]) -> Callable[..., Any]:
        """The core itself, or with a tracer, the core wrapped to report Enter and Exit."""
        return self.trace.wrap(core) if self.trace else core

    def search(self, core: Callable[..., Any], *args: Any) -> tuple[Any, tuple]:
        """Run ``core(root, depth, *args)`` (deep recursion allowed); ``(value, pv)``."""
        with deep_recursion():
            return core(self.state, self.top, *args)

    def finish(self, value: Any, pv: Sequence[Any]) -> Decision:
        """The Decision (value as the game's payoff), handed to the tracer's ``finish``."""
        pv = tuple(pv)
        more = {**self.more, **{name: count() for name, count in self.counts.items()}}
        stats = Stats(self.nodes, self.leaves, self.cutoffs, chance_nodes=self._chance_nodes(),
                      **more)
        decision = Decision(self.decode(value), pv[0] if pv else None, pv, stats)
        if self.trace:
            self.trace.emit(Finish(decision.value, decision.move, pv, stats))
        done = getattr(self.tracer, "finish", None)
        if done is not None:
            done(decision)
        return decision


_same: Callable[[Any], Any] = operator.pos  # the identity on numbers, at C speed


def _order_error(order: Any, s: Any, given: Sequence[Any], got: Sequence[Any]) -> str:
    dropped = [m for m in given if m not in got]
    added = [m for m in got if m not in given]
    repeated = sorted({m for m in got if list(got).count(m) > 1}, key=repr)
    parts = [f"{what} {', '.join(map(repr, ms))}" for what, ms in
             (("dropped", dropped), ("added", added), ("repeated", repeated)) if ms]
    return (f"order {_name(order)} must return the moves it was given, in any order; at state "
            f"{s!r} it {'; '.join(parts) or 'changed them'} (given: "
            f"{', '.join(map(repr, given))})")


class Tracing:
    """Turns a searcher's work into events, so that its core needs no path bookkeeping.

    The core recurses as ``core(state, depth, ...)``; :meth:`wrap` surrounds each call with
    ``Enter`` and ``Exit`` and keeps the path of the open nodes. The core's ``result`` is
    :meth:`result`, which remembers the move being made, so the child's path is known
    when it is entered; a child entered again (a re-search) gets its move back from the
    node that last returned. Values and windows are converted to MAX's view and to the
    game's payoffs (fastest-win scores become ``±win``).
    """

    def __init__(self, emit: Callable[[Any], Any], run: Run) -> None:
        self.emit, self.run = emit, run
        self.stack: list[tuple] = []
        self.pending: Any = None
        self.window: tuple[Any, Any] = (-INF, INF)  # of the last backup, in MAX's view
        self._result = run.game.result
        self._to_move = run.game.to_move

    def __bool__(self) -> bool:
        return True

    def result(self, s: Any, m: Any) -> Any:
        self.pending = m
        return self._result(s, m)

    def wrap(self, core: Callable[..., Any], kind: type = Enter,
             mover_view: bool | None = None) -> Callable[..., Any]:
        """``core`` reporting its visits as ``kind`` events (Enter; Quiescent beyond the depth
        bound), values converted from the mover's view when ``mover_view`` (the run's)."""
        stack, emit, to_move, decode = self.stack, self.emit, self._to_move, self.run.decode
        if mover_view is None:
            mover_view = self.run.mover_view

        def traced(s: Any, d: int, *window: Any) -> tuple[Any, tuple]:
            path = stack[-1] + (self.pending,) if stack else ()
            stack.append(path)
            player = to_move(s)
            low, high = window[:2] if len(window) >= 2 else (-INF, INF)
            flip = mover_view and player != MAX
            if flip:
                low, high = -high, -low
            emit(kind(path, player, None if d > SHOWN else d, decode(low), decode(high), s))
            v, pv = core(s, d, *window)
            emit(Exit(path, decode(-v if flip else v)))
            stack.pop()
            self.pending = path[-1] if path else None
            return v, pv

        return traced

    def leaf(self, value: Any, terminal: bool, kind: type = Leaf) -> None:
        self.emit(kind(self.stack[-1], value, terminal))

    def backup(self, m: Any, v: Any, best: Any, alpha: float = -INF, beta: float = INF,
               player: int = MAX) -> None:
        """Child ``m`` returned ``v``; the node holds ``best`` and the window (alpha, beta)."""
        if self.run.mover_view and player != MAX:
            v, best, alpha, beta = -v, -best, -beta, -alpha
        d = self.run.decode
        self.window = (d(alpha), d(beta))
        self.emit(Backup(self.stack[-1], m, d(v), d(best), *self.window))

    def cut(self, s: Any, skipped: tuple, kind: str | None = None) -> None:
        """A cut-off at the open node, with the window of its last backup (which caused it);
        ``kind`` 'beta' at MAX nodes and 'alpha' at MIN nodes unless given (chance nodes)."""
        kind = kind or ("beta" if self._to_move(s) == MAX else "alpha")
        self.emit(Cut(self.stack[-1], skipped, *self.window, kind))

    def expectation(self, outcomes: Sequence[tuple[Any, float, Any]], value: Any) -> None:
        d = self.run.decode
        self.emit(Expectation(self.stack[-1], tuple((m, p, d(v)) for m, p, v in outcomes),
                              d(value)))

    def note(self, kind: type, **fields: Any) -> None:
        """Report another kind of event (a table hit, a re-search) about the open node."""
        self.emit(kind(self.stack[-1], **fields))
