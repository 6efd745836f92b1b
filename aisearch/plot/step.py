"""What each node of a drawn tree shows after the first ``u`` events of a recording.

Its status (not entered yet, being searched, returned, pruned), the value or bound written
in it, its alpha-beta window, and the principal variation: all read off the model of
:mod:`aisearch.plot.model`, never by searching again.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any, cast

from aisearch.core import CHANCE, MAX, MIN
from aisearch.plot.model import _Model, _Node

__all__ = ["fmt"]

UNVISITED, OPEN, DONE, PRUNED = 0, 1, 2, 3
INF = math.inf


def _status(node: _Node, u: int) -> int:
    if node.enter is None:
        return PRUNED if node.pruned is not None and node.pruned < u else UNVISITED
    if node.enter >= u:
        return UNVISITED
    return DONE if node.exit is not None and node.exit < u else OPEN


def fmt(v: Any) -> str:
    """A value as printed in a drawing: ``∞``, a true minus sign, integers without ``.0``.

    >>> fmt(3), fmt(-2.0), fmt(-math.inf), fmt(1 / 3)
    ('3', '−2', '−∞', '0.333')
    """
    if v is None:
        return ""
    if isinstance(v, float):
        if math.isinf(v):
            return "∞" if v > 0 else "−∞"
        if v.is_integer():
            v = int(v)
    if isinstance(v, tuple):  # a utility tuple (more than two players)
        return "(" + ",".join(fmt(x) for x in v) + ")"
    text = str(v) if isinstance(v, int) else f"{v:.3g}" if isinstance(v, float) else str(v)
    return text.replace("-", "−")


def _fmt_prob(p: float) -> str:
    f = Fraction(p).limit_denominator(12)
    return str(f) if abs(float(f) - p) < 1e-9 else f"{p:.2g}"


def _interval(node: _Node, u: int, known: dict | None = None) -> tuple[float, float]:
    """What the recorded search proves about a finished node's value: (lowest, highest).

    Read off the tree as drawn, from the tips up (no search is re-run): a tip is exact; a
    MAX node lies between the largest of its children's lower and upper ends, with no upper
    end after a cut-off (its other moves were never searched); MIN mirrors it. Worked out
    without recursion, so a chain hundreds of plies deep is read as easily as a short one.
    ``known`` keeps the intervals worked out at step ``u`` (by node id), for the next call
    of the same step: the nodes of a drawing are then read once each, not again below every
    ancestor.
    """
    ends: dict[int, tuple[float, float]] = {} if known is None else known
    stack: list[tuple[_Node, bool]] = [(node, False)]
    while stack:
        v, ready = stack.pop()
        if id(v) in ends:
            continue
        done = _finished(v, u)
        simple = (v.player == CHANCE and _chance_bound(v, u)) or not done or \
            v.player not in (MAX, MIN)
        if not ready and not simple:
            stack.append((v, True))
            stack.extend((c, False) for c in done if id(c) not in ends)
            continue
        ends[id(v)] = _own_interval(v, u, done, ends)
    return ends[id(node)]


def _finished(v: _Node, u: int) -> list[_Node]:
    """The children of ``v`` finished before step ``u``, each move by its latest visit: a
    re-search (PVS, aspiration) replaces the bound its null-window test proved."""
    done = [c for c in v.children if c.exit is not None and c.exit < u]
    latest = {c.move: c for c in done}
    return [c for c in done if latest[c.move] is c]


def _own_interval(v: _Node, u: int, done: list, ends: dict) -> tuple[float, float]:
    """The interval of ``v`` from the intervals of its finished children (in ``ends``)."""
    if v.player == CHANCE and _chance_bound(v, u):  # cut off: one side is open
        return (-INF, v.value) if _chance_bound(v, u) == "≤" else (v.value, INF)
    if not done or v.player not in (MAX, MIN):
        # a finished node has its value (its Exit event's, or the graph's)
        return cast("tuple[float, float]", (v.value, v.value))
    kids = [ends[id(c)] for c in done]
    cut = v.cut is not None and v.cut[0] < u
    if v.player == MAX:
        return max(a for a, _ in kids), INF if cut else max(b for _, b in kids)
    return -INF if cut else min(a for a, _ in kids), min(b for _, b in kids)


def _node_text(node: _Node, u: int, status: int,
               known: dict | None = None) -> tuple[str, bool]:
    """The backed-up value written in an internal node, and whether it is provisional.

    For a finished node, what the search proved about its value (:func:`_interval`):
    exact (``3``), or a bound below a cut-off (``≤2`` at a MIN node, as a textbook writes
    it); this reads the same for fail-hard, fail-soft and negamax, whose returned values
    differ. A chance node's expectation. While the node is being searched, a grey
    provisional bound. ``known``: the intervals of step ``u`` worked out so far (see
    :func:`_interval`), shared by the calls for the nodes of one drawing.
    """
    if status in (UNVISITED, PRUNED) or node.player not in (MAX, MIN):
        bound = _chance_bound(node, u) if status == DONE else ""
        return (bound + fmt(node.value) if status == DONE else ""), False
    if isinstance(node.value, tuple):  # a utility tuple (max^n): no bounds to show
        return (fmt(node.value) if status == DONE else ""), False
    pick = max if node.player == MAX else min
    sign = "≥" if node.player == MAX else "≤"
    # the values of the finished children, which all have one
    done = cast("list[float]", [c.value for c in node.children
                                if c.exit is not None and c.exit < u])
    if not done:
        return (fmt(node.value) if status == DONE else ""), False
    if status != DONE:
        return sign + fmt(pick(done)), True
    low, high = _interval(node, u, known)
    if low == high:
        return fmt(low), False
    if low == -INF:
        return "≤" + fmt(high), False
    if high == INF:
        return "≥" + fmt(low), False
    return f"{fmt(low)}..{fmt(high)}", False


def _chance_bound(node: _Node, u: int) -> str:
    """``'≤'`` or ``'≥'`` for a chance node cut off (Star1, Star2) before step ``u``: its value
    is then a bound, at most its alpha (failed low) or at least its beta; else ``''``."""
    if node.player != CHANCE or node.cut is None or node.cut[0] >= u or node.value is None:
        return ""
    window = node.window_at(node.cut[0] + 1)
    return "≤" if window is not None and node.value <= window[0] else "≥"


def _pv(model: _Model, pv: Any, u: int) -> list[tuple[_Node, _Node]]:
    """Edges of the principal variation: recorded (first child worth the node's value), from
    the root of every search drawn; or the moves given, from the last root."""
    edges: list[tuple[_Node, _Node]] = []
    if pv is True:
        for root in model.roots:
            node = model.nodes[root]
            if node.exit is None or node.exit >= u:
                continue  # not known before the root returns
            while node.player != CHANCE:
                nxt = next((c for c in _finished(node, u) if c.value == node.value), None)
                if nxt is None:
                    break
                edges.append((node, nxt))
                node = nxt
        return edges
    if not pv:
        return []
    node = model.nodes[model.root]
    for m in pv:
        nxt = next((c for c in reversed(node.children) if c.move == m and c.key in model.nodes),
                   None)
        if nxt is None:
            raise ValueError(f"pv move {m!r} is not a move from {node.path!r}; moves there: "
                             f"{[c.move for c in node.children]}")
        edges.append((node, nxt))
        node = nxt
    return edges
