"""Explicit trees with chance nodes for lesson 06, and random ones for testing.

- :data:`dice_tree`: MAX moves, then a die is thrown (DICE, six equally likely faces), then
  MIN moves: the shape of Nilsson's Fig 12.8. It is **our own tree**: the values of the book's
  figure are not available, so this is not that figure.
- :func:`scale_tree`: AIMA's Fig 5.12 shape (two moves, each followed by a chance node with
  probabilities 0.9 and 0.1 over MIN nodes), with tip values of your choice: an
  order-preserving change of the tips (1, 2, 3, 4 becoming 1, 20, 30, 400, so the tips
  2, 3, 1, 4 become 20, 30, 1, 400) changes expectimax's decision.
- :func:`random_chance_tree`: seeded random trees mixing MAX, MIN and chance nodes in any
  order (consecutive chance layers included), with integer tips and probabilities that are
  sums of powers of 1/2, so every expectation is computed exactly in floating point.

Examples
--------
>>> from aisearch.search import expectiminimax
>>> expectiminimax(scale_tree((2, 3, 1, 4)), ()).move
'a1'
>>> expectiminimax(scale_tree((20, 30, 1, 400)), ()).move
'a2'
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from aisearch.core import MAX, MIN, as_int, as_seed, is_number, type_note
from aisearch.games.tree import MAX_NODES, Chance, Max, Min, TreeGame

__all__ = ["DICE_TREE", "dice_tree", "scale_tree", "random_chance_tree"]

_DIE = tuple((k, 1 / 6) for k in range(1, 7))

# MIN's two replies after each face of the die, for MAX's moves 'a' (safe) and 'b' (risky).
_AFTER_A = ([3, 5], [2, 4], [4, 6], [3, 3], [5, 2], [4, 7])
_AFTER_B = ([1, 8], [6, 9], [0, 2], [7, 5], [6, 8], [3, 6])

DICE_TREE = {
    "a": Chance({k: (p, Min(list(_AFTER_A[k - 1]))) for k, p in _DIE}),
    "b": Chance({k: (p, Min(list(_AFTER_B[k - 1]))) for k, p in _DIE}),
}
"""The nested form of :data:`dice_tree`."""

dice_tree = TreeGame(DICE_TREE)
"""MAX, then a die (DICE), then MIN: our own tree in the shape of Nilsson's Fig 12.8.

MAX chooses ``'a'`` or ``'b'``; a fair die is thrown (outcomes 1-6, probability 1/6 each);
MIN then chooses between two tips. MIN's values after ``'a'`` are 3, 2, 4, 3, 2, 4
(expectation 3) and after ``'b'`` 1, 6, 0, 5, 6, 3 (expectation 3.5): expectimaxing picks
``'b'``, although its worst case (0) is worse than ``'a'``'s (2). Not the book's figure,
whose values are not available.

>>> len(dice_tree.tips), dice_tree.to_move(("a",))
(24, -1)
"""


def scale_tree(tips: Sequence[float] = (2, 3, 1, 4), probs: tuple[float, float] = (0.9, 0.1)
               ) -> TreeGame:
    """AIMA Fig 5.12's shape: moves ``a1``, ``a2``, each to a chance node over two MIN nodes.

    Parameters
    ----------
    tips : four numbers
        The values after ``a1`` (likely, unlikely) and after ``a2`` (likely, unlikely); each
        MIN node has two equal tips, as in the figure.
    probs : (float, float)
        The probabilities of the likely and the unlikely outcome.

    Examples
    --------
    >>> scale_tree((2, 3, 1, 4)).tip_values
    [2, 2, 3, 3, 1, 1, 4, 4]
    """
    try:
        a, b, c, d = tips
    except (TypeError, ValueError):  # not four things
        raise ValueError(f"scale_tree takes four tip values (a1 likely, a1 unlikely, a2 likely, "
                         f"a2 unlikely), not {tips!r:.80}") from None
    try:
        p, q = probs
    except (TypeError, ValueError):
        raise ValueError(f"probs must be two probabilities (the likely outcome's, the unlikely "
                         f"one's), not {probs!r:.80}") from None
    return TreeGame({"a1": Chance([(p, Min([a, a])), (q, Min([b, b]))]),
                     "a2": Chance([(p, Min([c, c])), (q, Min([d, d]))])})


_SPLITS = ((1.0,), (0.5, 0.5), (0.25, 0.75), (0.75, 0.25), (0.5, 0.25, 0.25),
           (0.25, 0.5, 0.25), (0.125, 0.375, 0.5), (0.25, 0.25, 0.25, 0.25),
           (0.125, 0.125, 0.25, 0.5), (0.0625, 0.4375, 0.125, 0.375))


def _probability(name: str, p: Any) -> float:
    """``p`` as a float probability, from 0 to 1; else a ValueError naming ``name``."""
    if not is_number(p) or not 0 <= p <= 1:
        raise ValueError(f"{name} must be a probability, a number from 0 to 1, not "
                         f"{p!r:.80}{type_note(p)}")
    return float(p)


def random_chance_tree(
    seed: int, *, depth: int = 5, branching: tuple[int, int] = (1, 3), low: int = -6,
    high: int = 6, p_tip: float = 0.15, p_chance: float = 0.35,
) -> TreeGame:
    """A seeded random tree mixing MAX, MIN and chance nodes in any order.

    Every internal node is MAX, MIN or chance at random (so chance nodes may follow each
    other, and MAX may move twice); chance nodes have 1-4 outcomes with probabilities that
    are sums of powers of 1/2 (exact in floating point); tips are integers in
    ``[low, high]``.

    Parameters
    ----------
    seed : int
        Seed of the shape, the players and the values.
    depth : int
        Greatest depth of a tip below the root's first move (>= 1): the root is a MAX or
        MIN node whose first move leads to a chance node heading a tree of at most this
        depth (and its second to one a ply shallower), so tips lie at most ``depth + 1``
        plies deep.
    branching : (int, int)
        Least and greatest number of moves of a MAX or MIN node.
    low, high : int
        Range of the tips, ``low <= high`` (Star1 and Star2 take it as their bounds).
    p_tip, p_chance : float
        Chance that a node below the root is a tip, and that an internal node is a chance
        node: each a number from 0 to 1.

    Examples
    --------
    >>> game = random_chance_tree(4)
    >>> game.has_chance, random_chance_tree(4).tree == game.tree
    (True, True)
    """
    seed = as_seed(seed)
    given = (depth, *branching) if isinstance(branching, (tuple, list)) else ()
    ints = [n for n in map(as_int, given) if n is not None]  # (a non-int drops out)
    if len(ints) != 3 or ints[0] < 1 or not 1 <= ints[1] <= ints[2]:
        raise ValueError(f"random_chance_tree needs an int depth >= 1 and ints 1 <= "
                         f"branching[0] <= branching[1], got depth={depth!r}, "
                         f"branching={branching!r}")
    depth, branching = ints[0], (ints[1], ints[2])  # (numpy integers read as the ints they are)
    lo, hi = as_int(low), as_int(high)
    if lo is None or hi is None or lo > hi:
        raise ValueError(f"random_chance_tree needs ints low <= high (the range of the tips), "
                         f"got low={low!r:.40}{type_note(low)}, high={high!r:.40}"
                         f"{type_note(high)}")
    low, high = lo, hi
    p_tip, p_chance = _probability("p_tip", p_tip), _probability("p_chance", p_chance)
    widest = max(branching[1], max(len(s) for s in _SPLITS))
    if widest ** depth > MAX_NODES:
        raise ValueError(f"random_chance_tree(depth={depth}, branching={branching}) is too "
                         f"large: up to {widest}**{depth} nodes, more than a tree may have "
                         f"({MAX_NODES:,})")
    rng = random.Random(seed)

    def node(d: int) -> Any:
        if d == depth or (d > 0 and rng.random() < p_tip):
            return rng.randint(low, high)
        if d == 0 or rng.random() < p_chance:
            split = rng.choice(_SPLITS[1:] if d == 0 else _SPLITS)
            return Chance([(p, node(d + 1)) for p in split])
        kind = Max if rng.random() < 0.5 else Min
        return kind([node(d + 1) for _ in range(rng.randint(*branching))])

    root = node(0)
    # a chance root is wrapped in a MAX node with that single move, so there is a decision
    return TreeGame(Max([root, node(1)]) if rng.random() < 0.5 else Min([root, node(1)]),
                    first=MAX if rng.random() < 0.5 else MIN)
