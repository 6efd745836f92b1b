"""Explicit game trees, as drawn in textbooks, and uniform random trees.

A tree is written as nested lists: a list is an internal node, a number is a tip
(its value for MAX). Levels alternate MAX/MIN from the root (``first=MIN`` for a MIN
root). Dicts give named moves; ``Max``, ``Min`` and ``Chance`` nodes override the
alternation (CS188 trees have several MIN layers). A state is the path of moves from
the root, so states are hashable and name the node.

Examples
--------
>>> game = TreeGame([[3, 12, 8], [2, 4, 6], [14, 5, 2]])   # AIMA Fig 5.2
>>> game.moves(game.initial), game.to_move((0,))
((0, 1, 2), 1)
>>> game.utility((2, 0))
14
>>> TreeGame({"a1": [3, 12, 8], "a2": [2, 4, 6], "a3": [14, 5, 2]}).moves(())
('a1', 'a2', 'a3')
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from decimal import Decimal
from fractions import Fraction
from typing import Any

from aisearch.core import (
    CHANCE,
    MAX,
    MIN,
    GameBase,
    as_int,
    as_seed,
    checks_state,
    for_player,
    is_number,
    number_text,
)

__all__ = ["Max", "Min", "Chance", "TreeGame", "uniform_tree", "fig5_2", "MAX_NODES",
           "MAX_DEPTH", "MAX_TIP"]

MAX_NODES = 2_000_000
"""The most nodes a TreeGame may have (about a gigabyte of memory)."""
MAX_DEPTH = 5_000
"""The deepest a TreeGame may be, in plies (its states are paths from the root)."""
MAX_TIP = 2.0 ** 999
"""Finite tip values lie strictly within ``±MAX_TIP``: searchers read values beyond it as won
or lost games (:mod:`aisearch.search.runtime.run`), and refuse them from a utility."""


# The guards every explicit tree shares (TreeGame here, TupleTree of lesson 08): a tree is
# read once, iteratively, and refused when it is too deep, too big or not a tree at all.
def too_deep(path: tuple) -> ValueError:
    """The error for a node ``len(path)`` plies deep, past :data:`MAX_DEPTH`."""
    return ValueError(f"bad tree at a path of {len(path)} moves: trees may be at most "
                      f"{MAX_DEPTH:,} plies deep (a state is the path from the root)")


def a_cycle(path: tuple) -> ValueError:
    """The error for a node that contains itself (a list inside itself)."""
    return ValueError(f"bad tree at path {path}: a node contains itself (a cycle); a game "
                      "tree is finite")


def too_many(limit: int) -> ValueError:
    """The error for a tree of more than ``limit`` nodes."""
    return ValueError(f"the tree has more than {limit:,} nodes: build a smaller one (at most "
                      "that many), or a game whose moves are computed")


def tip_in_range(v: Any) -> bool:
    """True for a tip value a searcher reads as a payoff: within ``±MAX_TIP``, or ``±inf``
    (a proven win or loss).

    >>> tip_in_range(10**300), tip_in_range(10**400), tip_in_range(-math.inf)
    (True, False, True)
    """
    if v.__class__ is not int:  # (compared as a float: numpy's float32 cannot hold 2**999)
        try:
            v = float(v)
        except OverflowError:  # (a Fraction or a numpy integer beyond any float)
            return False
    return -MAX_TIP < v < MAX_TIP or v == math.inf or v == -math.inf


def out_of_range(path: tuple, v: Any) -> ValueError:
    """The error for a tip value beyond ``±MAX_TIP``."""
    return ValueError(f"bad tree at path {path}: tip {number_text(v)} is out of range: finite "
                      "tip values must lie within ±2**999 (about ±5e300); ±inf marks a proven "
                      "win or loss")


class _Explicit:
    """An internal node whose player is given, not implied by alternation."""

    player: int

    def __init__(self, children: Sequence[Any] | Mapping[Any, Any]) -> None:
        if isinstance(children, str) or not isinstance(children, (Sequence, Mapping)):
            raise TypeError(f"{type(self).__name__}(...) takes a list or a dict of children, "
                            f"not {children!r:.80}")
        self.children = children

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.children!r})"

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other.children == self.children  # type: ignore

    __hash__ = None  # type: ignore[assignment]  # children may be lists


class Max(_Explicit):
    """A MAX node: ``Max([child, ...])`` or ``Max({"move": child, ...})``.

    Examples
    --------
    >>> from aisearch import minimax
    >>> game = TreeGame(Max({"L": Min([3, 12, 8]), "R": Min([2, 4, 6])}))
    >>> game.moves(game.initial), minimax(game, game.initial).value
    (('L', 'R'), 3)
    """

    player = MAX


class Min(_Explicit):
    """A MIN node: ``Min([child, ...])`` or ``Min({"move": child, ...})``.

    Examples
    --------
    >>> from aisearch import minimax
    >>> game = TreeGame(Min([Max([3, 12]), Max([2, 4])]))  # MIN moves first
    >>> game.to_move(game.initial), minimax(game, game.initial).value
    (1, 4)
    """

    player = MIN


class Chance(_Explicit):
    """A chance node: ``Chance([(p, child), ...])`` or ``Chance({"outcome": (p, child)})``.

    Probabilities must be positive and sum to 1. The node below a chance node belongs to
    the opponent of the player who moved before it (MAX, dice, MIN, dice, ...).

    Examples
    --------
    >>> from aisearch import expectiminimax
    >>> game = TreeGame(Max({"safe": 3, "gamble": Chance([(0.5, 10), (0.5, -2)])}))
    >>> game.chance_outcomes(game.result(game.initial, "gamble"))
    ((0, 0.5), (1, 0.5))
    >>> d = expectiminimax(game, game.initial)
    >>> d.value, d.move  # 0.5 * 10 + 0.5 * -2 = 4 beats 3
    (4.0, 'gamble')
    """

    player = CHANCE


def _exact(node: Any) -> Any:
    """A ``Decimal`` tip as the exact ``Fraction`` it is (``Fraction`` works with the
    searchers' floats and probabilities, ``Decimal`` does not); ``±Infinity`` as ``±inf``;
    anything else as it is.

    >>> _exact(Decimal("0.3")), _exact(Decimal("-Infinity")), _exact(2)
    (Fraction(3, 10), -inf, 2)
    """
    if isinstance(node, Decimal):
        return Fraction(node) if node.is_finite() else float(node)
    return node


class TreeGame(GameBase):
    """A game given by an explicit tree.

    Parameters
    ----------
    tree : list, dict, number, Max, Min or Chance
        Internal nodes are lists (moves ``0..k-1``) or dicts (named moves); tips are
        numbers, ``float('inf')`` allowed, NaN and bools not, finite ones within
        ``±2**999`` (:data:`MAX_TIP`). At most :data:`MAX_DEPTH` plies deep and
        :data:`MAX_NODES` nodes; a list may not contain itself. A ``Decimal`` (a tip, a
        chance probability or ``win``) is taken as the exact ``Fraction`` it is.
    first : {MAX, MIN}
        Player at the root when it is not an explicit node (a numpy integer will do).
    win : float, optional
        The payoff of a win, if the tips are won and lost games (then searchers prefer
        the quickest win, :mod:`aisearch.search.runtime.run`); by default a tree has no wins,
        only payoffs, except ``±inf`` tips.
    noisy : iterable of paths, optional
        Nodes reached by a *noisy* move (a capture, say): ``noisy_moves(s)`` lists the
        moves of ``s`` leading to them, which quiescence search follows (lesson 05).

    Raises
    ------
    ValueError
        For a malformed tree; the message names the path to the bad node.

    Examples
    --------
    >>> game = TreeGame([[3, 12], [2, 4]], noisy=[(1, 0)])
    >>> game.noisy_moves((1,)), game.noisy_moves(())
    ((0,), ())
    >>> game = TreeGame([Min([Min([1, 2]), 5]), 4])
    >>> [game.to_move(s) for s in [(), (0,), (0, 0)]]
    [0, 1, 1]
    >>> TreeGame([[1, []]])
    Traceback (most recent call last):
    ...
    ValueError: bad tree at path (0, 1): an internal node needs at least one child
    >>> TreeGame([Chance([(0.5, 1), (0.4, 2)])])
    Traceback (most recent call last):
    ...
    ValueError: bad tree at path (0,): chance probabilities sum to 0.9, not 1 (0.5 + 0.4)
    """

    def __init__(self, tree: Any, first: int = MAX, *, win: float | None = None,
                 noisy: Any = ()) -> None:
        player = as_int(first)  # (a numpy integer is read as the int it is)
        if player is None or player not in (MAX, MIN):
            raise ValueError(f"first must be MAX (0) or MIN (1), not {first!r:.80}")
        first = player
        win = _exact(win)  # (a Decimal as the Fraction it is, as for the tips)
        if win is not None and (not is_number(win) or not win > 0 or not tip_in_range(win)):
            raise ValueError(f"win must be a positive number (the payoff of a win: inf, or "
                             f"finite below 2**999) or None, not {number_text(win)}")
        self.tree, self.first, self.win = tree, first, win
        self.initial: tuple = ()
        self._player: dict[tuple, int] = {}
        self._moves: dict[tuple, tuple] = {}
        self._value: dict[tuple, float] = {}
        self._chance: dict[tuple, tuple] = {}
        self._tips: list[tuple] = []
        self._build(tree, first)
        self._noisy: frozenset[tuple] = _noisy_paths(noisy)
        for p in self._noisy:
            if p not in self._moves or not p:
                raise ValueError(f"noisy path {p!r:.80} is not a node below the root of this "
                                 "tree")

    def _build(self, root: Any, first: int) -> None:
        """Read the tree once, in preorder (so tips come left to right): linear in its size,
        iterative (deep trees do not hit the recursion limit), refusing cycles and trees
        beyond :data:`MAX_NODES` nodes or :data:`MAX_DEPTH` plies."""
        # Entries are (node, path, player, player who moved last) or a container's id when
        # its subtree is done: the ids of the open containers are the current path's.
        stack: list[Any] = [(root, (), first, MIN if first == MAX else MAX)]
        open_ids: set[int] = set()
        nodes = 1  # nodes met so far (pushed on the stack or read)
        while stack:
            entry = stack.pop()
            if entry.__class__ is int:
                open_ids.discard(entry)
                continue
            node, path, player, last = entry
            if len(path) > MAX_DEPTH:
                raise too_deep(path)
            kind = node.__class__
            if kind is int or kind is float and node == node:  # a tip (the common case)
                if not -MAX_TIP < node < MAX_TIP and not tip_in_range(node):
                    raise out_of_range(path, node)
                self._add_tip(path, node, player)
                continue
            if kind is list or kind is tuple or kind is dict:
                container = children = node
            elif isinstance(node, _Explicit):
                player, container, children = node.player, node, node.children
            elif isinstance(node, (list, tuple, Mapping)):
                container = children = node
            elif is_number(node := _exact(node)):
                if not tip_in_range(node):
                    raise out_of_range(path, node)
                self._add_tip(path, node, player)
                continue
            else:
                raise ValueError(
                    f"bad tree at path {path}: {node!r:.80} is neither a number (tip) nor a "
                    "list, dict, Max, Min or Chance (internal node)"
                )
            if id(container) in open_ids or id(children) in open_ids:
                raise a_cycle(path)
            if len(children) == 0:
                what = ("a chance node needs at least one (probability, subtree) outcome"
                        if player == CHANCE else "an internal node needs at least one child")
                raise ValueError(f"bad tree at path {path}: {what}")
            nodes += len(children)
            if nodes > MAX_NODES:
                raise too_many(MAX_NODES)
            if isinstance(children, Mapping):
                items = list(children.items())
            else:
                items = list(enumerate(children))
            if player == CHANCE:
                items = self._outcomes(items, path)
                # below chance, the opponent of the last player to move plays
                next_player, mover = (MIN if last == MAX else MAX), last
                self._chance[path] = tuple((m, p) for m, (p, _) in items)
                items = [(m, child) for m, (_, child) in items]
            else:
                next_player, mover = (MIN if player == MAX else MAX), player
            self._player[path] = player
            self._moves[path] = tuple(m for m, _ in items)
            open_ids.update((id(container), id(children)))
            stack.append(id(container))
            stack.append(id(children))
            for m, child in reversed(items):
                stack.append((child, path + (m,), next_player, mover))
        self.has_chance = bool(self._chance)

    def _add_tip(self, path: tuple, value: Any, player: int) -> None:
        """Record a tip: its value, the player who would move there, no moves."""
        self._value[path] = value
        self._player[path] = player
        self._tips.append(path)
        self._moves[path] = ()

    def _outcomes(self, items: list, path: tuple) -> list:
        out = []
        for m, pair in items:
            if isinstance(pair, (tuple, list)) and len(pair) == 2:
                pair = (_exact(pair[0]), pair[1])  # (a Decimal as the Fraction it is)
            if not (isinstance(pair, (tuple, list)) and len(pair) == 2 and is_number(pair[0])):
                raise ValueError(
                    f"bad tree at path {path + (m,)}: a chance outcome is a (probability, subtree) "
                    f"pair, not {pair!r}"
                )
            if not 0 < pair[0] <= 1:
                why = "is negative" if pair[0] < 0 else "is not in (0, 1]"
                raise ValueError(f"bad tree at path {path + (m,)}: probability {pair[0]} {why}; "
                                 "a chance node's probabilities are positive and sum to 1")
            out.append((m, (pair[0], pair[1])))
        total = math.fsum(p for _, (p, _) in out)
        if abs(total - 1) > 1e-9:
            terms = " + ".join(str(p) for _, (p, _) in out)
            raise ValueError(f"bad tree at path {path}: chance probabilities sum to {total}, "
                             f"not 1 ({terms})")
        return out

    # the protocol -------------------------------------------------------------
    state_help = "a state of a TreeGame is the tuple of moves from the root, e.g. () or (0, 1)"

    def is_state(self, s: Any) -> bool:
        """True for a node of the tree: the tuple of moves from the root to it. The tables of
        the nodes are the check: every protocol method is a lookup in them.

        >>> fig5_2.is_state((0, 1)), fig5_2.is_state((0, 3)), fig5_2.is_state([0])
        (True, False, False)
        """
        try:
            return isinstance(s, tuple) and s in self._moves
        except TypeError:  # (a tuple holding a list)
            return False

    @checks_state
    def to_move(self, s: tuple) -> int:
        try:
            return self._player[s]
        except (KeyError, TypeError):
            raise self.not_a_state(s) from None

    @checks_state
    def moves(self, s: tuple) -> tuple:
        try:
            return self._moves[s]
        except (KeyError, TypeError):
            raise self.not_a_state(s) from None

    @checks_state
    def result(self, s: tuple, m: Any) -> tuple:
        try:
            child = s + (m,)
            known = child in self._moves
        except TypeError:  # s is not a tuple, or m cannot be hashed
            known = False
        if known and m.__class__ in (bool, float):  # True is not move 1, nor 1.0
            known = any(x.__class__ is m.__class__ and x == m for x in self._moves[s])
        if not known:
            if not self.is_state(s):
                raise self.not_a_state(s)
            raise self.illegal(s, m)
        return child

    @checks_state
    def is_terminal(self, s: tuple) -> bool:
        try:
            return not self._moves[s]
        except (KeyError, TypeError):
            raise self.not_a_state(s) from None

    @checks_state
    def utility(self, s: tuple, player: int = MAX) -> float:
        try:
            v = self._value[s]
        except (KeyError, TypeError):
            if isinstance(s, tuple) and s in self._moves:
                raise ValueError(f"utility is defined at tips only; {s!r} is an internal "
                                 "node") from None
            raise self.not_a_state(s) from None
        return for_player(v, player, self)

    @checks_state
    def noisy_moves(self, s: tuple) -> tuple:
        """The moves of ``s`` that lead to nodes declared noisy, in move order."""
        return tuple(m for m in self.moves(s) if s + (m,) in self._noisy)

    @checks_state
    def chance_outcomes(self, s: tuple) -> tuple:
        try:
            return self._chance[s]
        except (KeyError, TypeError):
            if not self.is_state(s):
                raise self.not_a_state(s) from None
            raise ValueError(f"{s!r:.80} is not a chance node") from None

    # conveniences -------------------------------------------------------------
    @property
    def tips(self) -> list[tuple]:
        """Paths of the tips, left to right."""
        return list(self._tips)

    @property
    def tip_values(self) -> list[float]:
        """Tip values (MAX's view), left to right."""
        return [self._value[t] for t in self._tips]

    def states(self) -> list[tuple]:
        """Every node of the tree, in preorder."""
        out: list[tuple]
        stack: list[tuple]
        out, stack = [], [()]
        while stack:
            s = stack.pop()
            out.append(s)
            stack.extend(s + (m,) for m in reversed(self._moves[s]))
        return out

    def __len__(self) -> int:
        return len(self._moves)

    def source(self) -> str:
        """The call that builds this game again: the tree and every option not left at
        its default (``first=MIN``, ``win=``, ``noisy=``), whatever the tree's size.

        >>> TreeGame([[3, 12], [2, 4]], first=MIN, win=10).source()
        'TreeGame([[3, 12], [2, 4]], first=MIN, win=10)'
        """
        return f"TreeGame({repr(self.tree)}{self._options()})"

    def _options(self) -> str:
        return ((", first=MIN" if self.first == MIN else "")
                + (f", win={self.win!r}" if self.win is not None else "")
                + (f", noisy={sorted(self._noisy)!r}" if self._noisy else ""))

    def __repr__(self) -> str:
        text = repr(self.tree) if len(self._moves) <= 60 else ""  # (no repr of huge trees)
        if not text or len(text) > 200:
            text = f"<{len(self._tips)} tips>"
        return f"TreeGame({text}{self._options()})"


def _noisy_paths(noisy: Any) -> frozenset[tuple]:
    """``noisy`` as a set of paths; anything but an iterable of paths (tuples or lists of
    moves) is refused, saying what is allowed."""
    usage = "noisy must be an iterable of paths (tuples of moves from the root, like [(0, 1)])"
    if isinstance(noisy, (str, bytes)) or not isinstance(noisy, Iterable):
        raise TypeError(f"{usage}, not {noisy!r:.80}")
    paths = []
    for p in noisy:
        if not isinstance(p, (tuple, list)):
            raise TypeError(f"{usage}; {p!r:.80} is not a path")
        try:
            paths.append(tuple(p))
            hash(paths[-1])
        except TypeError:
            raise TypeError(f"{usage}; {p!r:.80} holds a move that is not hashable") from None
    return frozenset(paths)


def uniform_tree(
    b: int, d: int, *, seed: int | None = 0, ordering: str = "random", low: int = -99,
    high: int = 99, first: int = MAX, p: float = 1.0, ties: bool | None = None,
) -> TreeGame:
    """A uniform tree of branching ``b`` and depth ``d`` with seeded integer tips.

    Parameters
    ----------
    b, d : int
        Branching factor (>= 1) and depth in plies (>= 0); the tree may have at most
        :data:`MAX_NODES` (2,000,000) nodes, tips and internal nodes together: ``b = 2`` to
        depth 19, ``b = 3`` to depth 12, ``b = 10`` to depth 6. A bigger one is refused at
        once.
    seed : int or None
        Seed of the tip values (and of the order, for ``'best-first'``).
    ordering : {'random', 'best', 'worst', 'best-first'}
        ``'random'``: tips in the order drawn. ``'best'`` sorts every node's children
        best-first for the player to move (perfect ordering: alpha-beta meets Knuth and
        Moore's minimum); ``'worst'`` builds a tree ordered worst-first so that alpha-beta
        prunes nothing (``b**d`` tips). ``'best-first'``: at every internal node the best
        child (for the player to move) comes first with probability ``p``, else one of the
        others does; the other children stay in random order (``p=1`` meets the minimum too).
    low, high : int
        Range of the tip values when they may tie (``'random'`` by default).
    first : {MAX, MIN}
        The player at the root.
    p : float
        For ``'best-first'``: the probability that a node's best child comes first.
    ties : bool, optional
        ``True``: tips drawn from ``low..high`` with repeats, whatever the ordering (then
        several children may be best, and ``'worst'`` cuts on equal values); ``False``:
        distinct tips (from ``low..high`` for ``'random'``, which must hold ``b**d``
        values); ``None`` (default): repeats for ``'random'`` only, distinct otherwise.

    Examples
    --------
    >>> game = uniform_tree(2, 3, seed=1)
    >>> len(game.tips)
    8
    >>> uniform_tree(3, 2, ordering="best").tip_values[:3] == sorted(
    ...     uniform_tree(3, 2, ordering="best").tip_values[:3])
    True
    >>> g = uniform_tree(3, 2, ordering="best-first", p=1.0, seed=4)
    >>> g.tip_values[0] == max(min(g.tip_values[i:i + 3]) for i in (0, 3, 6))
    True
    """
    ints = []  # (numpy integers are read as the ints they are)
    for name, v in (("b", b), ("d", d), ("low", low), ("high", high)):
        n = as_int(v)
        if n is None or name in ("low", "high") and not tip_in_range(n):
            what = " (a tip value, within ±2**999)" if name in ("low", "high") else ""
            raise ValueError(f"{name} must be an int{what}, not {number_text(v)}")
        ints.append(n)
    b, d, low, high = ints
    if b < 1 or d < 0:
        raise ValueError(f"need b >= 1 and d >= 0, got b={b}, d={d}")
    if d > 64:
        raise ValueError(f"d={d} plies is too deep for a uniform tree (at most 64)")
    nodes, level = 1, 1  # (counted level by level, stopping past the cap: b**d may be huge)
    for _ in range(d):
        level *= b
        nodes += level
        if nodes > MAX_NODES:
            raise ValueError(f"a uniform tree with b={b} and d={d} has more than "
                             f"{MAX_NODES:,} nodes (tips and internal nodes together), the most "
                             "a tree may have: make b or d smaller (b=2 goes to depth 19)")
    if ordering not in ("random", "best", "worst", "best-first"):
        raise ValueError(f"ordering must be 'random', 'best', 'worst' or 'best-first', not "
                         f"{ordering!r}")
    if not is_number(p) or not 0 <= p <= 1:
        raise ValueError(f"p must be a probability, a number in [0, 1], not {p!r}")
    if ties not in (None, True, False):
        raise ValueError(f"ties must be True, False or None, not {ties!r}")
    seed = as_seed(seed)
    rng = random.Random(seed)
    n = b**d
    if ties is None:
        ties = ordering == "random"
    if ties or ordering == "random":
        if low > high:
            raise ValueError(f"need low <= high, got {low} > {high}")
    if ordering == "random" and not ties and high - low + 1 < n:
        raise ValueError(f"distinct tips need at least b**d = {n} values in low..high, "
                         f"not {high - low + 1}")
    if ordering == "random":
        drawn = [rng.randint(low, high) for _ in range(n)] if ties else rng.sample(
            range(low, high + 1), n)
        values = iter(drawn)
    elif ordering == "best-first":
        drawn = [rng.randint(low, high) for _ in range(n)] if ties else rng.sample(
            range(-10 * n, 10 * n), n)
        values = iter(drawn)
    elif ties:
        values = iter(sorted(rng.randint(low, high) for _ in range(n)))
    else:
        values = iter(sorted(rng.sample(range(-10 * n, 10 * n), n)))

    def build(depth: int, player: int) -> Any:
        return next(values) if depth == 0 else [
            build(depth - 1, MIN if player == MAX else MAX) for _ in range(b)
        ]

    def worst(depth: int, player: int) -> Any:
        """No cut-off anywhere: MAX children come in increasing value ranges, MIN decreasing."""
        if depth == 0:
            return next(values)
        other = MIN if player == MAX else MAX
        kids = [worst(depth - 1, other) for _ in range(b)]  # consecutive, increasing ranges
        return kids if player == MAX else kids[::-1]

    if ordering == "worst":
        tree = worst(d, first)
    else:
        tree = build(d, first)
    if ordering == "best":
        tree = _arranged(tree, first, _best_sorted)[0]
    elif ordering == "best-first":

        def best_first(kids: list, player: int, value: float) -> None:
            """The best child first with probability p, else after at least one other."""
            best = kids.pop(next(i for i, (_, v) in enumerate(kids) if v == value))
            if kids and rng.random() >= p:
                kids.insert(rng.randint(1, len(kids)), best)
            else:
                kids.insert(0, best)

        tree = _arranged(tree, first, best_first)[0]
    return TreeGame(tree, first=first)


def _arranged(node: Any, player: int, arrange: Callable[[list, int, float], None],
              ) -> tuple[Any, float]:
    """``(node, its minimax value)``, with the children of every internal node, from the
    tips up, put in the order ``arrange(kids, player, value)`` gives the list ``kids`` of
    their ``(child, value)`` pairs in place (``player`` moves at the node, worth ``value``).

    >>> _arranged([[3, 12], [8, 2]], MAX, _best_sorted)
    ([[3, 12], [2, 8]], 3)
    """
    if not isinstance(node, list):
        return node, node
    other = MIN if player == MAX else MAX
    kids = [_arranged(c, other, arrange) for c in node]
    value = max(v for _, v in kids) if player == MAX else min(v for _, v in kids)
    arrange(kids, player, value)
    return [k for k, _ in kids], value


def _best_sorted(kids: list, player: int, value: float) -> None:
    """Children sorted best-first for the player to move (ties keep their order)."""
    kids.sort(key=lambda kv: kv[1], reverse=player == MAX)


fig5_2 = TreeGame([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
"""AIMA Fig 5.2: a MAX root over three MIN nodes; value 3, best move 0."""


