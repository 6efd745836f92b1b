"""One search in progress (:class:`Run`): the checks, the counts, the leaf rule, the cut
test and the tracing, so that a searcher writes only its algorithm.

A search may be given two rules (lesson 05's, :mod:`aisearch.search.horizon`): a
:class:`LeafRule` that values a state at the depth bound in place of its static evaluation
(quiescence search) and a :class:`DepthRule` that searches some moves deeper than the
bound says (extensions). The runtime knows them only through these two small protocols;
what they need of a search is the public part of :class:`Run`.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any, NamedTuple, Protocol

from aisearch.core import CHANCE, MAX, MIN, Game, GameWrapper, check_outcomes
from aisearch.results import Decision, Stats
from aisearch.search.runtime.checks import (
    check_args,
    deep_recursion,
    name_of,
    no_evaluate,
    no_moves_error,
    ordered,
    per_node,
)
from aisearch.search.runtime.leaves import make_leaf
from aisearch.search.runtime.scores import INF, PLY, WIN, decoder, payoff
from aisearch.search.runtime.tracing import Tracing
from aisearch.trace.events import Finish, Leaf, Start

__all__ = ["Run", "LeafRule", "DepthRule", "Sources", "unchecked", "unlink"]

LeafFn = Callable[..., Any]


class Sources(NamedTuple):
    """Where a search's leaf values come from: the game's utility, the static evaluation,
    and whether a quicker win scores higher."""

    utility: Callable[..., Any]
    evaluate: Callable[[Any], Any]
    fastest: bool


class LeafRule(Protocol):
    """What a state at the depth bound is worth, in place of its static evaluation.

    ``rule(run, evaluation)`` returns the search's new leaf function
    ``f(s, d, alpha=None, beta=None)`` (values in MAX's view, the window in the core's).
    ``key`` tells the searches it serves apart (a transposition table serves one kind of
    search); ``options`` are recorded as the search's options.
    """

    key: Hashable
    options: dict[str, Any]

    def __call__(self, run: Run, evaluation: LeafFn) -> LeafFn: ...


class DepthRule(Protocol):
    """How much deeper than the bound a move is searched.

    ``rule(run)`` returns ``extend(s, m, child, d) -> plies to add`` for move ``m`` of ``s``
    (``d`` plies left at ``s``), with ``extend.ply(s, d)``: a node's distance from the
    root, which scores wins. ``key`` and ``options`` as for :class:`LeafRule`.
    """

    key: Hashable
    options: dict[str, Any]

    def __call__(self, run: Run) -> Callable[..., int]: ...


PLAYERS = (MAX, MIN)


class _NotChance:
    """Contains every player but chance."""

    def __contains__(self, player: Any) -> bool:
        return player != CHANCE


def _as_it_is(v: Any) -> Any:
    return v


def _not_two_players(name: str, player: Any, s: Any) -> ValueError:
    return ValueError(f"{name} searches two-player games, whose to_move is MAX (0), MIN (1) or "
                      f"CHANCE (-1); it returned {player!r:.40} at state {s!r:.200} (for more "
                      "players, search with maxn or paranoid)")


def _player_error(name: str, game: Any, s: Any) -> ValueError:
    """The error of searcher ``name`` at a state whose player to move it cannot search."""
    player = game.to_move(s)
    if player == CHANCE:
        return ValueError(f"{name} cannot search chance nodes (found one at state {s!r:.200}); "
                          "use minimax, which backs up expectations at chance nodes "
                          "(expectiminimax)")
    return _not_two_players(name, player, s)


def unchecked(game: Any, state: Any, utility: bool) -> Mapping[str, Callable[..., Any]]:
    """The functions ``game`` offers without their checks (``game.unchecked()``), where
    they are its own: none from a wrapper that hands on its game's (a budget's ``result``
    must run); its ``utility`` only where the search takes the game's (``utility``).
    ``state``, the root, is checked first with the game's method.

    >>> from aisearch.games import TicTacToe
    >>> sorted(unchecked(TicTacToe(), TicTacToe.initial, utility=False))
    ['is_terminal', 'moves', 'result', 'to_move']
    """
    offer: Any = getattr(game, "unchecked", None)
    if offer is None or id(getattr(offer, "__self__", None)) != id(game):  # (not narrowed)
        return {}
    fast = offer()
    if not fast:
        return {}
    game.is_terminal(state)  # (refuses a root that is not one of its states)
    if utility or "utility" not in fast:
        return fast
    return {name: f for name, f in fast.items() if name != "utility"}


def unlink(core: Callable[..., Any], by: Sequence[Callable[..., Any]] = ()) -> None:
    """Empty the closure cells through which a recursive ``core`` is called again.

    A core written as a nested function (``def ab(s, d, alpha, beta): ... ab(child, ...)``)
    refers to itself through its closure: a reference cycle, which Python frees only when
    its cyclic garbage collector runs (after a long search, a full collection), and which
    keeps alive all the core refers to, its transposition table included. A search over,
    nothing calls its core again: :meth:`Run.finish` breaks the cycle here, and the table
    goes as soon as nobody else holds it.

    The cells emptied are those that hold ``core`` in its own closure, in the closure of
    the function it wraps (``__wrapped__``: a traced core, whose wrapped function calls
    the wrapper) and in those of ``by`` (functions that call ``core`` and that ``core``
    calls: mutual recursion); anything else is left as it is.

    >>> def outer():
    ...     def count_down(n):
    ...         return 0 if n == 0 else count_down(n - 1)
    ...     return count_down
    >>> f = outer()
    >>> f(3)
    0
    >>> unlink(f)
    >>> f(3)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    NameError: ...free variable 'count_down'...
    """
    for f in (core, getattr(core, "__wrapped__", None), *by):
        for cell in getattr(f, "__closure__", None) or ():
            try:
                if cell.cell_contents is core:
                    del cell.cell_contents
            except ValueError:  # an empty cell
                pass


class Run:
    """One search in progress: the checks, the counts, the leaf rule and the tracing.

    A searcher makes one with its own function (for its name and description) and its
    arguments, takes the bound methods it needs (``utility``, ``evaluation``, ``moves``,
    ``result``, ``cut``, ``cutoff``) and runs its recursive core with :meth:`search`.

    Parameters
    ----------
    searcher : callable
        The searcher (declared with :func:`aisearch.search.registry.searcher`).
    game, state, depth
        As the searcher got them.
    mover_view : bool
        True for negamax forms, whose values and windows are from the view of the player to
        move: events are converted to MAX's view.
    leaf_rule : LeafRule, optional
        Values states at the depth bound (quiescence search).
    depth_rule : DepthRule, optional
        Searches some moves deeper (extensions).
    utility : callable, optional
        The terminal values' source, ``utility(s, MAX)``; ``game.utility`` by default.
    values : callable, optional
        ``values(v, name, s) -> v``: the check of values that are not numbers (max^n's
        utility tuples), in place of the numeric leaf rule; values are then reported as
        they are (no win is scored by its distance).
    **options
        ``evaluate``, ``order``, ``prune_on_equal``, ``fastest_wins``, ``tracer`` and any
        option of the searcher's own (recorded in the Start event).

    Attributes
    ----------
    utility, evaluation : callable
        ``f(s, d)``: a terminal state's value, a depth-bound state's value (the leaf rule:
        checked, counted, traced, wins scored by their distance from the root).
    moves : callable
        ``moves(s, d=None)``: an inner node's moves in search order (counted).
    is_terminal, to_move : callable
        The game's, or its unchecked ones (:meth:`~aisearch.core.GameBase.unchecked`): a
        search calls them only on states it reached by ``result`` from its checked root.
    result : callable
        The game's ``result`` (told to the tracer), or its unchecked one where every move
        searched is one the game listed as it listed it (no tracer, no order).
    cut : callable
        ``cut(alpha, beta)``: the cut test, ``alpha >= beta`` (``alpha > beta`` with
        ``prune_on_equal=False``), the same at MAX and MIN nodes.
    cutoff : callable
        ``cutoff(s, ms, m, d)``: note a cut-off after move ``m`` of ``ms``.

    Examples
    --------
    >>> from aisearch.games import fig5_2
    >>> from aisearch.search import minimax
    >>> run = Run(minimax, fig5_2, fig5_2.initial, 2)
    >>> run.cut(3, 3), run.utility((0, 1), 0), run.moves(()), run.nodes
    (True, 12, (0, 1, 2), 2)
    """

    def __init__(self, searcher: Callable[..., Any], game: Game, state: Any, depth: int | None,
                 *, mover_view: bool = False, leaf_rule: LeafRule | None = None,
                 depth_rule: DepthRule | None = None, utility: Callable[..., Any] | None = None,
                 values: Callable[[Any, str, Any], Any] | None = None, **options: Any) -> None:
        self.top = top = check_args(game, state, depth, options)
        self.name = searcher.__name__
        self.info = getattr(searcher, "info", None)
        self.game, self.state, self.mover_view = game, state, mover_view
        self.leaf_rule, self.depth_rule = leaf_rule, depth_rule
        self.more: dict[str, int] = {}  # further counts a searcher keeps (table_hits, ...)
        self._named: dict[str, Callable[[], int]] = {}  # live counts read at the finish
        self._node_counts: list[Callable[[], int]] = []
        self._cut_counts: list[Callable[[], int]] = []
        self._cores: list[tuple] = []  # (core, by): unlinked at the finish
        evaluate = options.get("evaluate")
        fastest = options.get("fastest_wins", True) and values is None
        self.values = values
        self.sources = Sources(utility or game.utility, evaluate or no_evaluate, fastest)
        self.order = options.get("order")
        self.prune_on_equal: bool = options.get("prune_on_equal", True)
        self.cut: Callable[[Any, Any], bool] = operator.ge if self.prune_on_equal else operator.gt
        self.payoff: float = payoff(game)
        self.decode: Callable[[Any], Any] = decoder(game, fastest) if values is None \
            else _as_it_is
        self.tracer = options.get("tracer")
        emit = per_node(self.tracer)
        self.trace = Tracing(emit, game, self.decode, mover_view) if emit else None
        fast = self._fast = unchecked(game, state, utility is None)
        self.is_terminal: Callable[[Any], bool] = fast.get("is_terminal", game.is_terminal)
        self.to_move: Callable[[Any], Any] = fast.get("to_move", game.to_move)
        self.result = self.trace.result if self.trace else \
            fast["result"] if self.order is None and "result" in fast else game.result
        # A node's distance from the root, which scores wins (and table entries): ``top - d``
        # with ``d`` plies left, plus the extensions on the way to it where there are some.
        self.ply: Callable[[Any, int], int] = lambda s, d: top - d
        self.extend: Callable[..., int] | None = None
        if depth_rule is not None:
            self.extend = depth_rule(self)
            self.ply = self.extend.ply  # type: ignore[attr-defined]
        self.utility = self.make_leaf(self.sources.utility, terminal=True)
        self.evaluation = self.make_leaf(self.sources.evaluate, terminal=False)
        self._leaf_counts = list(self._node_counts)
        chance_ok = bool(self.info and self.info.chance)
        if self.info is None or self.info.convention.players == 2:
            players = getattr(game, "players", 2)
            if players != 2:
                raise ValueError(f"{self.name} searches two-player games; {game!r:.80} has "
                                 f"{players!r:.20} players (search it with maxn or paranoid)")
            if not game.is_terminal(state) and game.to_move(state) not in (*PLAYERS, CHANCE):
                raise _not_two_players(self.name, game.to_move(state), state)
        self.moves = self._make_moves(game, not chance_ok and getattr(game, "has_chance", True))
        self.cutoff = self._make_cutoff()
        if leaf_rule is not None:
            self.evaluation = leaf_rule(self, self.evaluation)
        if self.trace:
            shown = {k: v for k, v in options.items() if k != "tracer"}
            for rule in (leaf_rule, depth_rule):
                shown.update(rule.options if rule is not None else {})
            self.trace.emit(Start(self.name, game, state, depth, shown))

    # -- what rules and searchers build on ----------------------------------------------
    def make_leaf(self, source: Callable[..., Any], *, terminal: bool, kind: type = Leaf,
                  counted: bool = True) -> LeafFn:
        """``f(s, d, alpha=None, beta=None)``: the leaf rule for values from ``source``
        (``game.utility`` when ``terminal``, else an evaluation), reported as ``kind``
        events; its calls count as nodes and leaves unless ``counted`` is False (then
        ``f.count()`` tells them)."""
        name = "utility" if terminal else name_of(source) if source is not no_evaluate \
            else "evaluate"
        unary = (terminal and source is self.sources.utility and "utility" in self._fast
                 and not self.trace and self.values is None)
        leaf = make_leaf(self._fast["utility"] if unary else source, terminal=terminal,
                         name=name, payoff=self.payoff, fastest=self.sources.fastest,
                         ply=self.ply, trace=self.trace, kind=kind, values=self.values,
                         unary=unary, top=self.top if self.extend is None else None)
        if counted:
            self._node_counts.append(leaf.count)  # type: ignore[attr-defined]
        return leaf

    def count(self, name: str, counter: Callable[[], int]) -> None:
        """Report ``counter()`` as ``stats.<name>`` at the finish (quiescence nodes,
        extensions, ...)."""
        self._named[name] = counter

    def count_nodes(self, counter: Callable[[], int]) -> None:
        """Add ``counter()`` to :attr:`nodes`: nodes a searcher settles without a leaf value
        or their moves (positions a transposition table answers)."""
        self._node_counts.append(counter)

    def count_cutoffs(self, counter: Callable[[], int]) -> None:
        """Add ``counter()`` to :attr:`cutoffs` (cut-offs a rule makes below the bound)."""
        self._cut_counts.append(counter)

    def win_score(self, s: Any, d: int, sign: int) -> float:
        """The search score of a won (``sign`` 1) or lost (-1) game at ``s``, ``d`` plies
        above the bound: the nearer the root, the larger."""
        return (WIN - self.ply(s, d) * PLY) * sign

    @property
    def kind(self) -> tuple:
        """What a search's values depend on besides the position: the game (under wrappers
        that keep its values), the evaluation (under the package's counting wrappers),
        whether quicker wins score higher, and the keys of its rules. A transposition table
        serves one kind."""
        evaluate: Any = self.sources.evaluate
        for _ in range(100):  # the package's counting wrapper evaluates as what it wraps
            if not getattr(evaluate, "counts_for_table", False):  # (not any __wrapped__)
                break
            evaluate = evaluate.__wrapped__ if evaluate.__wrapped__ is not None else no_evaluate
        game = self.game
        while isinstance(game, GameWrapper) and game.same_values:
            game = game.game
        keys = [None if rule is None else rule.key for rule in (self.leaf_rule, self.depth_rule)]
        return (game, evaluate, self.sources.fastest, *keys)

    @property
    def leaves(self) -> int:
        """Leaves so far: terminal utilities and evaluations taken."""
        return sum(count() for count in self._leaf_counts)

    @property
    def nodes(self) -> int:
        """Nodes so far: the leaves and the inner nodes (whose moves were asked for)."""
        return sum(count() for count in self._node_counts)

    @property
    def cutoffs(self) -> int:
        """Cut-offs so far: nodes that stopped with moves left unsearched."""
        return sum(count() for count in self._cut_counts)

    def not_a_player(self, s: Any) -> None:
        """Refuse a state whose player to move is not MAX or MIN where a two-player search
        needs one of them (a chance state where the searcher searches none)."""
        raise _player_error(self.name, self.game, s)

    def expected(self, total: float, s: Any, d: int) -> float:
        """A chance node's expectation (wins counted as their payoff), scored for the search."""
        if total != total:
            raise ValueError(f"the expectation at chance state {s!r:.200} is undefined (it "
                             "mixes +inf and -inf outcomes): use finite payoffs under chance")
        if not self.sources.fastest or -INF < total < INF:
            return total
        return self.win_score(s, d, 1 if total > 0 else -1)

    # -- moves and cut-offs --------------------------------------------------------------
    def _make_moves(self, game: Any, check_chance: bool) -> Callable[..., Sequence[Any]]:
        """``moves(s, d=None)``: the moves of an inner node to search, in ``order`` if one
        was given (checked unless it declares ``permutes``), refusing chance nodes a
        searcher cannot search, and a state that is not terminal with no moves (a tuple or
        a list: one more test of the class); counts inner nodes. Chance nodes' outcomes come from
        :attr:`outcomes` (checked, counted). Only the function a search uses is made
        (a search of a few nodes pays for what it makes)."""
        game_moves, to_move, order = self._fast.get("moves", game.moves), self.to_move, self.order
        order_: Any = order  # (not None where it is called)
        # The players a checked node may have: MAX or MIN (two-player searches), else any
        # but chance.
        two = self.info is None or self.info.convention.players == 2
        allowed: Any = PLAYERS if two else _NotChance()
        by_depth = bool(getattr(order, "uses_depth", False))
        name = self.name  # (the functions made here do not hold the run: no cycle)
        count = chance = 0
        checked: dict[int, tuple] = {}  # outcome tuples checked once (kept alive by id)
        last: Any = None  # the one checked last (a game's dice: the same tuple every time)

        def outcomes(s: Any) -> Sequence[tuple[Any, float]]:
            nonlocal count, chance, last
            count += 1
            chance += 1
            outs = game.chance_outcomes(s)
            if outs is last or checked.get(id(outs)) is outs:  # a tuple checked before
                last = outs
                return outs  # type: ignore[return-value]
            pairs = check_outcomes(s, outs)
            if outs.__class__ is tuple and all(pair.__class__ is tuple for pair in outs):
                checked[id(outs)] = last = outs  # immutable: it stays right
            return pairs

        self._node_counts.append(lambda: count)
        self._chance_nodes = lambda: chance
        self.outcomes = outcomes

        if order is None and not check_chance:
            def plain_moves(s: Any, d: int | None = None) -> Sequence[Any]:
                nonlocal count
                count += 1
                ms = game_moves(s)
                if (ms.__class__ is tuple or ms.__class__ is list) and not ms:
                    raise no_moves_error(name, game, s)
                return ms

            return plain_moves
        if order is None:
            def checked_moves(s: Any, d: int | None = None) -> Sequence[Any]:
                nonlocal count
                count += 1
                if to_move(s) not in allowed:
                    raise _player_error(name, game, s)
                ms = game_moves(s)
                if (ms.__class__ is tuple or ms.__class__ is list) and not ms:
                    raise no_moves_error(name, game, s)
                return ms

            return checked_moves
        # An order that declares ``permutes`` (the course's own) returns the moves it was
        # given, reordered: not checked, at every node.
        permutes = bool(getattr(order, "permutes", False))

        def ordered_moves(s: Any, d: int | None = None) -> Sequence[Any]:
            nonlocal count
            count += 1
            if check_chance and to_move(s) not in allowed:
                raise _player_error(name, game, s)
            ms = game_moves(s)
            if (ms.__class__ is tuple or ms.__class__ is list) and not ms:
                raise no_moves_error(name, game, s)
            if permutes:
                return order_(s, ms, d) if by_depth else order_(s, ms)
            return ordered(order_, s, ms, *((d,) if by_depth else ()))

        return ordered_moves

    def _make_cutoff(self) -> Callable[..., None]:
        learn, trace = getattr(self.order, "cutoff", None), self.trace
        count = 0

        def cutoff(s: Any, ms: Sequence[Any], m: Any, d: int, kind: str | None = None) -> None:
            """Note a cut-off at ``s`` after move ``m`` of ``ms``: the moves after it are not
            searched (``m=None``: none of them is). Counted and traced when moves are skipped
            (with the window of the backup that caused it, and ``kind``, by default 'alpha'
            or 'beta'); told to a learning order when it is such an alpha or beta cut-off
            (a named ``kind``, a cut among a chance node's outcomes in Star1 and Star2 or
            max^n's shallow cut, is among nothing the order ranked)."""
            nonlocal count
            if learn is not None and m is not None and kind is None:
                learn(s, m, d)
            if m is None or m is not ms[-1]:
                count += 1
                if trace:
                    trace.cut(s, tuple(ms[0 if m is None else ms.index(m) + 1:]), kind)

        def counted(s: Any, ms: Sequence[Any], m: Any, d: int, kind: str | None = None) -> None:
            nonlocal count  # (no learning order, no tracer: the common case)
            if m is None or m is not ms[-1]:
                count += 1

        self._cut_counts.append(lambda: count)
        return cutoff if learn is not None or trace else counted

    # -- running ------------------------------------------------------------------------
    def traced(self, core: Callable[..., Any]) -> Callable[..., Any]:
        """The core itself, or with a tracer, the core wrapped to report Enter and Exit."""
        return self.trace.wrap(core) if self.trace else core

    def search(self, core: Callable[..., Any], *args: Any) -> tuple[Any, tuple]:
        """Run ``core(root, depth, *args)`` (deep recursion allowed); ``(value, pv)``.
        :meth:`finish` then unlinks the core (:func:`unlink`), as does an exception out of
        the search: a core is searched once."""
        self.unlink_at_finish(core)
        try:
            with deep_recursion():
                return core(self.state, self.top, *args)
        except BaseException:  # (a budget spent, say: the search ends here, unfinished)
            self._unlink()
            raise

    def unlink_at_finish(self, core: Callable[..., Any],
                         by: Sequence[Callable[..., Any]] = ()) -> None:
        """Have :meth:`finish` unlink ``core`` (:func:`unlink`, with ``by``): a recursive
        function made for this search (a quiescence search's), which nothing calls once it
        is over."""
        self._cores.append((core, by))

    def finish(self, value: Any, pv: Sequence[Any]) -> Decision:
        """The Decision (value as the game's payoff), handed to the tracer's ``finish``."""
        pv = tuple(pv)
        more = {**self.more, **{name: count() for name, count in self._named.items()}}
        stats = Stats(self.nodes, self.leaves, self.cutoffs, chance_nodes=self._chance_nodes(),
                      **more)
        decision = Decision(self.decode(value), pv[0] if pv else None, pv, stats)
        if self.trace:
            self.trace.emit(Finish(decision.value, decision.move, pv, stats))
        done = getattr(self.tracer, "finish", None)
        if done is not None:
            done(decision)
        self._unlink()
        return decision

    def _unlink(self) -> None:
        for core, by in self._cores:  # the search is over: its tables and states may go now
            unlink(core, by)
        self._cores.clear()
