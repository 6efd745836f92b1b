"""Move ordering (이동 순서): which successor alpha-beta searches first decides how much it cuts.

An ordering is a callable ``order(state, moves) -> moves`` (the same moves, reordered); the
searchers check that it returns the moves it was given (except for those declaring
``permutes = True``, as all of these do: the check would cost as much as a plain node). An
ordering that learns has a method
``cutoff(state, move, depth)``, which every alpha-beta searcher calls when ``move`` caused a
cut-off at ``state`` with ``depth`` plies left. One whose ``uses_depth`` is true is called as
``order(state, moves, depth)`` by the searchers of lesson 04.

- :class:`StaticOrder`: by the static evaluation of each successor, best first for the player
  to move (Nilsson: "the simplest way").
- :class:`PrincipalVariation`: the previous iteration's best line first (iterative deepening,
  CHESS 4.5); a transposition table's move does the same at every position it holds.
- :class:`Killers`: the two latest moves that caused a cut-off at the same depth (the killer
  heuristic, 킬러 휴리스틱): a refutation in one position often refutes its siblings too.
- :class:`History`: moves scored by the cut-offs they caused anywhere, weighted by depth
  (the history heuristic, Schaeffer 1989).
- :func:`game_order`: the game's own cheap ordering, where it offers one (Connect Four's
  wins, blocks and threats: :meth:`~aisearch.games.ConnectFour.move_order`).
- :func:`chain`: several at once, the last with the last word.
- :class:`Oracle` and :func:`minimal_tree`: each node's *true* best move first, the
  minimal tree of a real position, the yardstick for all of the above
  (:mod:`aisearch.search.efficiency.minimal`).

Examples
--------
>>> from aisearch.games import TicTacToe
>>> from aisearch.search import alphabeta
>>> game = TicTacToe()
>>> plain = alphabeta(game, game.initial, 4, evaluate=game.nilsson_eval)
>>> both = chain(History(), Killers())
>>> ordered = alphabeta(game, game.initial, 4, evaluate=game.nilsson_eval, order=both)
>>> ordered.value == plain.value, ordered.stats.nodes < plain.stats.nodes
(True, True)
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Hashable, Sequence
from typing import Any

from aisearch.core import MAX, check_game, type_note, unwrap
from aisearch.search.runtime import SHOWN, WON, checked_value, count_arg

__all__ = ["StaticOrder", "PrincipalVariation", "Killers", "History", "Chain", "chain",
           "front", "game_order"]


def front(moves: Sequence[Any], first: Sequence[Any]) -> tuple:
    """``moves`` with those of ``first`` that are among them moved to the front, in order.

    >>> front((0, 1, 2, 3), [2, 9, 0]), front((0, 1, 2), [2, 2])
    ((2, 0, 1, 3), (2, 0, 1))
    """
    lead: list[Any] = []
    for m in first:  # (each once: a move listed twice is still one move)
        if m in moves and m not in lead:
            lead.append(m)
    if not lead:
        return tuple(moves)
    if len(lead) == 1:
        m = lead[0]
        return tuple(moves) if moves[0] == m else (m,) + tuple(x for x in moves if x != m)
    return tuple(lead) + tuple(m for m in moves if m not in lead)


class StaticOrder:
    """Successors ordered by their static value, the best for the player to move first.

    Parameters
    ----------
    game : Game
        The rules (wrappers such as budgets are looked through: ordering spends no nodes).
    evaluate : callable
        ``evaluate(state)`` from MAX's point of view; terminal successors count their utility.
    min_depth : int
        Order only nodes with at least this many plies left (default 2): just above the
        depth bound the successors are evaluated anyway, so ordering them costs as much
        again and saves nothing.

    Notes
    -----
    Each position's successor values are worked out once and kept. A game may offer
    ``successor_values(evaluate)``, a function giving all of a position's successor
    values at once (Connect Four does for its own evaluation, about twice as fast); the
    order is the same either way.

    Examples
    --------
    >>> from aisearch.games import TicTacToe
    >>> order = StaticOrder(TicTacToe(), TicTacToe.nilsson_eval)
    >>> order(TicTacToe.initial, (0, 1, 4), 3)  # centre (+4), corner (+3), edge (+2)
    (4, 0, 1)
    """

    uses_depth = True
    permutes = True  # returns the moves it was given, reordered: searchers need not check it
    cache_size = 1 << 16  # successor values kept (then forgotten all at once)

    def __init__(self, game: Any, evaluate: Callable[[Any], float], *,
                 min_depth: int = 2) -> None:
        check_game(game, initial=False)
        if not callable(evaluate):
            raise TypeError(f"evaluate must be callable, not {evaluate!r}")
        plies = count_arg(min_depth)
        if plies < 0:
            raise ValueError(f"min_depth must be a non-negative int (plies), not "
                             f"{min_depth!r:.80}{type_note(min_depth)}")
        self.game, self.evaluate, self.min_depth = unwrap(game), evaluate, plies
        self._name = getattr(evaluate, "__name__", None) or type(evaluate).__name__
        # A position met again (a transposition, a re-search, the next iteration) is not
        # evaluated again: evaluations are pure functions of the position.
        self.values: dict[Any, Any] = {}
        self.orders: dict[Any, tuple[Sequence[Any], tuple]] = {}  # state -> (moves, order)
        # A game may work out all the successors' values at once, faster (Connect Four
        # does for its own evaluate): ``successor_values(evaluate)`` gives the function,
        # ``values(state)`` a dict from each move to its successor's value.
        at_once = getattr(self.game, "successor_values", None)
        self._at_once = at_once(evaluate) if callable(at_once) else None

    def __call__(self, state: Any, moves: Sequence[Any], depth: int | None = None) -> tuple:
        if depth is not None and depth < self.min_depth or len(moves) < 2:
            return tuple(moves)
        # A position met again (a transposition, a re-search, the next iteration) with the
        # same moves gets the order worked out the first time.
        kept = self.orders.get(state)
        if kept is not None and (kept[0] is moves or kept[0] == moves):
            return kept[1]
        g, values = self.game, self.values
        if self._at_once is not None:  # every successor's value at once, kept by state
            keys = values.get(state)
            if keys is None:
                keys = values[state] = self._at_once(state)
        else:
            result, is_terminal, utility = g.result, g.is_terminal, g.utility
            evaluate = self.evaluate
            keys = {}
            for m in moves:  # each successor's value, from the cache or worked out once
                c = result(state, m)
                v = values.get(c)
                if v is None:
                    terminal = is_terminal(c)
                    v = utility(c, MAX) if terminal else evaluate(c)
                    t = v.__class__
                    if not ((t is int or t is float) and -WON < v < WON):  # checked once
                        v = checked_value(v, "utility" if terminal else self._name, c)
                    values[c] = v
                keys[m] = v
        ordered = tuple(sorted(moves, key=keys.__getitem__, reverse=g.to_move(state) == MAX))
        if len(values) >= self.cache_size or len(self.orders) >= self.cache_size:
            values.clear()  # forgotten all at once, then kept again
            self.orders.clear()
        self.orders[state] = (moves, ordered)
        return ordered

    def __repr__(self) -> str:
        return f"StaticOrder({self.game!r}, {getattr(self.evaluate, '__name__', 'evaluate')})"


def game_order(game: Any) -> Any:
    """The game's own move ordering, ``game.move_order(state, moves)``, or None where it
    offers none (:class:`~aisearch.core.GameBase`'s default). It is an ordering as it
    stands; the searchers check its answers unless the game declares
    ``move_order.permutes = True``.

    >>> from aisearch.games import ConnectFour, TicTacToe
    >>> game_order(TicTacToe()) is None
    True
    >>> game_order(ConnectFour())(ConnectFour.initial, (0, 3, 6))  # the centre first
    (3, 0, 6)
    """
    hook = getattr(unwrap(game), "move_order", None)
    return hook if callable(hook) else None


class PrincipalVariation:
    """Search a given line first: at each position along ``pv`` from ``state``, its move.

    Iterative deepening orders each iteration by the previous one's principal variation.

    >>> from aisearch.games import fig5_2
    >>> order = PrincipalVariation(fig5_2, (), (2, 1))
    >>> order((), (0, 1, 2)), order((2,), (0, 1, 2)), order((0,), (0, 1, 2))
    ((2, 0, 1), (1, 0, 2), (0, 1, 2))
    """

    permutes = True

    def __init__(self, game: Any, state: Any, pv: Sequence[Any]) -> None:
        check_game(game, initial=False)
        if isinstance(pv, (str, bytes)) or not isinstance(pv, Sequence):
            raise TypeError(f"pv must be a sequence of moves (a Decision's pv), not {pv!r:.80}")
        rules = unwrap(game)
        self.first: dict[Any, Any] = {}
        for m in pv:
            self.first.setdefault(state, m)
            if rules.is_terminal(state):
                break
            state = rules.result(state, m)

    def __call__(self, state: Any, moves: Sequence[Any]) -> Sequence[Any]:
        m = self.first.get(state)
        if m is None or m not in moves or moves[0] == m:
            return moves
        return (m,) + tuple(x for x in moves if x != m)

    def __repr__(self) -> str:
        return f"PrincipalVariation({len(self.first)} positions)"


class Killers:
    """The killer heuristic: at each depth, the ``slots`` latest moves that caused a cut-off
    there are searched first (where they are legal).

    Killers are kept per depth left, which within one search is one set per ply; a searcher
    that does not pass the depth gets the latest killers of any depth.

    >>> k = Killers()
    >>> k.cutoff("s", 3, 2); k.cutoff("t", 5, 2); k.cutoff("u", 3, 2)
    >>> k("v", (1, 3, 5, 6), 2), k("v", (1, 3, 5, 6), 4)
    ((3, 5, 1, 6), (1, 3, 5, 6))
    """

    uses_depth = True
    permutes = True

    def __init__(self, slots: int = 2) -> None:
        if count_arg(slots) < 1:
            raise ValueError(f"slots must be a positive int, not {slots!r:.80}{type_note(slots)}")
        self.slots = count_arg(slots)
        self.by_depth: dict[int | None, list[Any]] = {}

    def __call__(self, state: Any, moves: Sequence[Any], depth: int | None = None) -> Sequence[Any]:
        killers = self.by_depth.get(depth)
        return front(moves, killers) if killers else moves

    def cutoff(self, state: Any, move: Any, depth: int) -> None:
        for key in (depth, None):
            ks = self.by_depth.setdefault(key, [])
            if not ks or ks[0] != move:
                if move in ks:
                    ks.remove(move)
                ks.insert(0, move)
                del ks[self.slots:]

    def clear(self) -> None:
        self.by_depth.clear()

    def __repr__(self) -> str:
        depths = sorted(d for d in self.by_depth if d is not None and d <= SHOWN)
        shown = {d: self.by_depth[d] for d in depths}
        return f"Killers({self.slots} per depth: {shown})"


class History:
    """The history heuristic (Schaeffer 1989): every cut-off adds to its move's score,
    ``depth**2`` for one ``depth`` plies above the bound; moves are searched by score,
    highest first (ties keep their order).

    Parameters
    ----------
    key : callable, optional
        ``key(state, move)``: what a score belongs to (default the move itself, e.g. a
        Connect Four column).

    >>> h = History()
    >>> h.cutoff("s", 5, 1); h.cutoff("t", 2, 3)
    >>> h("u", (1, 2, 5)), dict(h.scores)
    ((2, 5, 1), {5: 1, 2: 9, 1: 0})
    """

    permutes = True

    def __init__(self, key: Callable[[Any, Any], Hashable] | None = None) -> None:
        if key is not None and not callable(key):
            raise TypeError(f"key must be a function key(state, move) or None, not {key!r:.80}")
        self.key = key
        self.scores: dict[Any, int] = defaultdict(int)

    def __call__(self, state: Any, moves: Sequence[Any]) -> Sequence[Any]:
        scores, key = self.scores, self.key
        if not scores:
            return moves
        if key is None:  # sorted() is stable, reverse=True too: ties keep their order
            return tuple(sorted(moves, key=scores.__getitem__, reverse=True))
        return tuple(sorted(moves, key=lambda m: scores[key(state, m)], reverse=True))

    def cutoff(self, state: Any, move: Any, depth: int) -> None:
        k = move if self.key is None else self.key(state, move)
        self.scores[k] += depth * depth if depth <= SHOWN else 1

    def clear(self) -> None:
        self.scores.clear()

    def __repr__(self) -> str:
        return f"History({sum(1 for v in self.scores.values() if v)} moves scored)"


class Chain:
    """Several orderings applied in turn: the last one has the last word (see :func:`chain`);
    cut-offs are told to every one that learns."""

    def __init__(self, *orders: Any) -> None:
        self.orders = orders
        self.uses_depth = any(getattr(o, "uses_depth", False) for o in orders)
        self.permutes = all(getattr(o, "permutes", False) for o in orders)
        self._learners = [o.cutoff for o in orders if callable(getattr(o, "cutoff", None))]
        self._steps = [(o, bool(getattr(o, "uses_depth", False))) for o in orders]

    def __call__(self, state: Any, moves: Sequence[Any], depth: int | None = None) -> Sequence[Any]:
        for o, by_depth in self._steps:
            moves = o(state, moves, depth) if by_depth else o(state, moves)
        return moves

    def cutoff(self, state: Any, move: Any, depth: int) -> None:
        for learn in self._learners:
            learn(state, move, depth)

    def __repr__(self) -> str:
        return f"chain({', '.join(map(repr, self.orders))})"


def chain(*orders: Any) -> Any:
    """One ordering made of several (``None`` entries skipped): each reorders what the one
    before it returned, so the last has the last word, e.g. ``chain(StaticOrder(...),
    History(), Killers())`` searches killer moves first, then by history score, ties by
    static value.

    >>> chain(None) is None
    True
    >>> k = Killers()
    >>> chain(None, k) is k, chain(History(), k)
    (True, chain(History(0 moves scored), Killers(2 per depth: {})))
    """
    kept = [o for o in orders if o is not None]
    for o in kept:
        if not callable(o):
            raise TypeError(f"an ordering must be callable (state, moves) -> moves, not {o!r}")
    if not kept:
        return None
    return kept[0] if len(kept) == 1 else Chain(*kept)
