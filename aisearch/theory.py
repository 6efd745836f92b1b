"""What theory says about the work alpha-beta does (Nilsson 12.4), as numbers to measure against.

- :func:`knuth_moore_leaves`, :func:`knuth_moore_nodes`: on a uniform tree of branching ``b``
  and depth ``d`` searched in perfect order (each node's best successor first), alpha-beta
  evaluates exactly ``b**ceil(d/2) + b**floor(d/2) - 1`` tips (Slagle & Dixon 1969, Knuth &
  Moore 1975), the *minimal tree*; every level ``k`` of that tree holds the same formula's
  count for depth ``k``.
- :func:`pearl_xi`, :func:`pearl_branching`: with the successors in random order, the
  branching factor alpha-beta achieves is ``R(b) = xi_b / (1 - xi_b)``, where ``xi_b`` is the
  positive root of ``x**b + x - 1 = 0`` (Pearl 1982), often approximated by ``b**0.75``.
- :func:`effective_branching_factor`: the branching factor of a uniform tree that would need
  the same work as a measured search.

Examples
--------
>>> knuth_moore_leaves(3, 4), 3 ** 4
(17, 81)
>>> round(pearl_branching(2), 3), round(pearl_branching(10), 3)
(1.618, 5.064)
>>> round(effective_branching_factor(17, 4, leaves=True), 3)
2.031
"""

from __future__ import annotations

import math

from aisearch.values import as_int, is_number

__all__ = [
    "knuth_moore_leaves",
    "knuth_moore_nodes",
    "pearl_xi",
    "pearl_branching",
    "effective_branching_factor",
]


def _check_tree(b: int, d: int) -> tuple[int, int]:
    """``(b, d)`` as Python ints (numpy integers too), or the error saying what is wrong."""
    for name, v in (("b", b), ("d", d)):
        if as_int(v) is None:
            raise TypeError(f"{name} must be an int, not {v!r}")
    b, d = as_int(b), as_int(d)
    if b < 1 or d < 0:
        raise ValueError(f"need a branching factor b >= 1 and a depth d >= 0, got b={b}, d={d}")
    return b, d


def knuth_moore_leaves(b: int, d: int) -> int:
    """Tips alpha-beta evaluates on a perfectly ordered uniform tree: the minimal tree's leaves.

    ``b**ceil(d/2) + b**floor(d/2) - 1`` (Knuth & Moore 1975; note the ``- 1``, often
    misquoted as ``+ 1``). About ``2 * b**(d/2)``: twice the depth for the work of minimax.

    Parameters
    ----------
    b : int
        Branching factor (>= 1).
    d : int
        Depth in plies (>= 0).

    Examples
    --------
    >>> [knuth_moore_leaves(2, d) for d in range(6)]
    [1, 2, 3, 5, 7, 11]
    >>> knuth_moore_leaves(10, 4), 10 ** 4
    (199, 10000)
    """
    b, d = _check_tree(b, d)
    return b ** ((d + 1) // 2) + b ** (d // 2) - 1


def knuth_moore_nodes(b: int, d: int) -> int:
    """Nodes of the minimal tree, the root and the tips included.

    Level ``k`` of the minimal tree of depth ``d`` holds ``knuth_moore_leaves(b, k)`` nodes, so
    the total is their sum over ``k = 0..d``: the nodes alpha-beta enters on a perfectly
    ordered uniform tree.

    Examples
    --------
    >>> knuth_moore_nodes(3, 2), knuth_moore_nodes(2, 3)
    (9, 11)
    """
    b, d = _check_tree(b, d)
    return sum(knuth_moore_leaves(b, k) for k in range(d + 1))


def pearl_xi(b: int) -> float:
    """The positive root ``xi_b`` of ``x**b + x - 1 = 0`` (it lies in (0, 1)).

    Examples
    --------
    >>> round(pearl_xi(1), 6), round(pearl_xi(2), 6)
    (0.5, 0.618034)
    """
    if as_int(b) is None:
        raise TypeError(f"b must be an int, not {b!r}")
    b = as_int(b)
    if b < 1:
        raise ValueError(f"need a branching factor b >= 1, got {b}")
    lo, hi = 0.0, 1.0  # f(x) = x**b + x - 1 rises from -1 at 0 to 1 at 1
    for _ in range(200):
        mid = (lo + hi) / 2
        if mid**b + mid - 1 < 0:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def pearl_branching(b: int) -> float:
    """Pearl's branching factor of alpha-beta on uniform trees in random order: ``xi/(1-xi)``.

    The tips alpha-beta evaluates grow like ``R(b)**d``; ``b**0.75`` is the usual
    approximation (b=2: 1.618 against 1.682; b=10: 5.064 against 5.623).

    Examples
    --------
    >>> [round(pearl_branching(b), 2) for b in (2, 3, 5, 10)]
    [1.62, 2.15, 3.08, 5.06]
    """
    xi = pearl_xi(b)
    return xi / (1 - xi)


def effective_branching_factor(n: float, depth: int, *, leaves: bool = False) -> float:
    """The branching factor of a uniform tree of ``depth`` that needs the same work.

    Parameters
    ----------
    n : number
        What a search counted: its nodes (the root included, as ``Stats.nodes``), or its
        tips with ``leaves=True``.
    depth : int
        The depth searched, in plies (>= 1).
    leaves : bool
        False: solve ``1 + b + b**2 + ... + b**depth = n`` for ``b`` (AIMA's definition,
        every node counted); True: ``n ** (1 / depth)``, the tips of a uniform tree
        (Knuth-Moore gives about ``sqrt(b)``, Pearl's random order ``R(b)``).

    Examples
    --------
    >>> effective_branching_factor(1 + 3 + 9, 2)
    3.0
    >>> effective_branching_factor(81, 4, leaves=True)
    3.0
    >>> effective_branching_factor(1, 3)
    0.0
    """
    if as_int(depth, 0) < 1:
        raise ValueError(f"depth must be an int >= 1, not {depth!r}")
    depth = as_int(depth)
    if not is_number(n) or not n >= 1 or math.isinf(n):
        raise ValueError(f"n must be a finite count >= 1, not {n!r}")
    if leaves:
        return float(n) ** (1 / depth)

    def total(b: float) -> float:
        return sum(b**k for k in range(depth + 1))

    lo, hi = 0.0, max(1.0, float(n))
    for _ in range(200):
        mid = (lo + hi) / 2
        if total(mid) < n:
            lo = mid
        else:
            hi = mid
    b = (lo + hi) / 2
    return round(b, 12)
