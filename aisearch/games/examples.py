"""Named example trees for the lessons, and random trees of uneven shape.

- :data:`eighteen_of_41`: a depth-6 tree of 41 tips in which left-to-right alpha-beta
  evaluates only 18, the property of Nilsson's Fig 12.7 (lesson 03). It is **our own
  tree**: the values of the book's figure are not public, so this is not that figure.
- :func:`random_tree`: seeded random trees with uneven branching, tips at several
  depths and small integer values (so ties are common), for checking that searchers agree.

Examples
--------
>>> from aisearch.search import alphabeta, alphabeta_failsoft, minimax
>>> len(eighteen_of_41.tips), alphabeta(eighteen_of_41, ()).stats.leaves
(41, 18)
>>> minimax(eighteen_of_41, ()).value
4
>>> [f(eighteen_of_41, (), prune_on_equal=False).stats.leaves
...  for f in (alphabeta, alphabeta_failsoft)]
[34, 18]
"""

from __future__ import annotations

import random

from aisearch.core import as_int, as_seed, is_number
from aisearch.games.tree import TreeGame

__all__ = ["EIGHTEEN_OF_41", "eighteen_of_41", "random_tree", "MAX_RANDOM_NODES"]

MAX_RANDOM_NODES = 200_000
"""The most nodes :func:`random_tree` builds (enough for every use in the course)."""

# MAX at the root and at depths 2 and 4, MIN at depths 1, 3 and 5; every tip at depth 6.
# One line per node at depth 4: a MAX node over MIN nodes over tips.
EIGHTEEN_OF_41 = [
    [  # (0,) MIN
        [  # (0, 0) MAX
            [  # (0, 0, 0) MIN
                [[8, 2]],
                [[8, 9], [8, 2]],
            ],
            [  # (0, 0, 1) MIN
                [[4, 4], [2, 6]],
                [[8, 6], [4, 9]],
            ],
        ],
        [  # (0, 1) MAX
            [  # (0, 1, 0) MIN
                [[6, 8], [3, 2]],
                [[1, 6], [6, 4]],
            ],
        ],
    ],
    [  # (1,) MIN
        [  # (1, 0) MAX
            [  # (1, 0, 0) MIN
                [[0, 2], [5, 1]],
                [[8, 7, 6]],
                [[5, 3], [2, 0]],
            ],
        ],
        [  # (1, 1) MAX
            [  # (1, 1, 0) MIN
                [[1, 3], [0, 9]],
                [[6, 1], [3, 3]],
            ],
        ],
    ],
]
"""The nested lists of :data:`eighteen_of_41` (a list is a node, an int a tip)."""

eighteen_of_41 = TreeGame(EIGHTEEN_OF_41)
"""A depth-6 tree with 41 tips of which left-to-right alpha-beta evaluates 18.

Nilsson (1998, Fig 12.7) shows a depth-6 tree in which alpha-beta evaluates 18 of its 41
tips. The values of that figure are not available, so this is **our own tree with the same
property**, found by a seeded search over random shapes and tip values 0-9; it is not the
book's figure. MAX moves at the root; levels alternate; branching is uneven (1 to 3); every
tip is at depth 6.

Minimax value 4, best move 0, principal variation ``(0, 0, 1, 0, 0, 0)``. Searched left to
right with the cut on equality (``prune_on_equal=True``), :func:`~aisearch.search.alphabeta`,
:func:`~aisearch.search.alphabeta_failsoft`, :func:`~aisearch.search.negamax` and
:func:`~aisearch.search.pearl_ab` all visit 45 of the 84 nodes, evaluate 18 of the 41 tips,
and make 7 cut-offs (paths of the nodes that stop early):

====================  =====  ===================================================
node                  cut    why (the bound and the ancestor that set it)
====================  =====  ===================================================
``(0, 0, 0, 1)``      beta   alpha 8 >= beta 2 of its parent ``(0, 0, 0)``
``(0, 0, 1, 0, 1)``   alpha  beta 2 <= alpha 4 of its parent ``(0, 0, 1, 0)``
``(0, 0, 1, 1)``      beta   alpha 6 >= beta 4 of its parent ``(0, 0, 1)``
``(0, 1, 0, 0)``      beta   alpha 6 >= beta 4 of ``(0,)``, three plies up (deep)
``(1, 0, 0, 0, 0)``   alpha  beta 0 <= alpha 4 of the root, five plies up (deep)
``(1, 0, 0)``         alpha  beta 1 <= alpha 4 of the root, three plies up (deep)
``(1,)``              alpha  beta 1 <= alpha 4 of its parent, the root
====================  =====  ===================================================

With the strict test (``prune_on_equal=False``) fail-soft and negamax still evaluate 18
tips, but fail-hard (``alphabeta``, ``pearl_ab``) evaluates 34: its clamped return values
equal the bounds, and a strict test never cuts on them (lesson 03). (Fail-hard also
reports the last two betas as 4, not 1: a node that failed low returns its alpha.)
"""


def random_tree(
    seed: int, *, depth: int = 4, branching: tuple[int, int] = (1, 4), low: int = -5,
    high: int = 5, p_tip: float = 0.2,
) -> TreeGame:
    """A seeded random tree of uneven shape: tips at several depths, small ints (many ties).

    Parameters
    ----------
    seed : int
        Seed of the shape and the values.
    depth : int
        Greatest depth of a tip (>= 1).
    branching : (int, int)
        Least and greatest number of children of an internal node.
    low, high : int
        Range of the tip values.
    p_tip : float
        Chance that a node below the root and above ``depth`` is a tip.

    Raises
    ------
    ValueError
        For bad parameters, or a tree that would pass :data:`MAX_RANDOM_NODES` nodes (the
        size grows like ``branching[1] ** depth``; lower either).

    Examples
    --------
    >>> game = random_tree(3)
    >>> max(len(t) for t in game.tips) <= 4, game.moves(game.initial) != ()
    (True, True)
    >>> random_tree(3).tree == random_tree(3).tree
    True
    """
    given = (depth, low, high, *branching) if isinstance(branching, tuple) else ()
    ints = [n for n in map(as_int, given) if n is not None]  # (a non-int drops out)
    if len(ints) != 5:
        raise ValueError(f"depth, low, high and branching (a pair) must be ints, got depth="
                         f"{depth!r}, branching={branching!r}, low={low!r}, high={high!r}")
    depth, low, high = ints[0], ints[1], ints[2]  # (numpy integers read as the ints they are)
    branching = (ints[3], ints[4])
    if not 1 <= depth <= 200 or not 1 <= branching[0] <= branching[1] or low > high:
        raise ValueError(f"need 1 <= depth <= 200, 1 <= branching[0] <= branching[1] and "
                         f"low <= high, got depth={depth}, branching={branching}, low={low}, "
                         f"high={high}")
    if not is_number(p_tip) or not 0 <= p_tip <= 1:
        raise ValueError(f"p_tip must be a probability in [0, 1], not {p_tip!r}")
    seed = as_seed(seed, optional=False)
    too_big = (f"the random tree would pass {MAX_RANDOM_NODES:,} nodes: lower depth ({depth}) "
               f"or branching ({branching})")
    least, level = 1, 1  # the fewest nodes it can have: without tips above the last level
    for _ in range(depth if p_tip == 0 else 1):
        level *= branching[0]
        least += level
        if least > MAX_RANDOM_NODES:
            raise ValueError(too_big)  # (at once, before building anything)
    rng = random.Random(seed)
    made = 0

    def node(d: int) -> int | list:
        nonlocal made
        made += 1
        if made > MAX_RANDOM_NODES:
            raise ValueError(too_big)
        if d == depth or (d > 0 and rng.random() < p_tip):
            return rng.randint(low, high)
        return [node(d + 1) for _ in range(rng.randint(*branching))]

    return TreeGame(node(0))
