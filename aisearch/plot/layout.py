"""A tidy layered layout for game trees, without matplotlib or networkx.

Leaves sit at consecutive slots in move order, a parent is centred over its children
(the mid-point of its first and last child), and depth is the other axis. Drawn top-down
(``orient="down"``: x is the slot, y is minus the depth) for up to :data:`MAX_DOWN_LEAVES`
leaves, left to right beyond (``orient="right"``: x is the depth, y is minus the slot).

Examples
--------
>>> pos = layout({(): [(0,), (1,)], (0,): [(0, 0), (0, 1)], (1,): []})
>>> pos[()], pos[(0,)], pos[(0, 0)], pos[(0, 1)], pos[(1,)]
((1.25, 0), (0.5, -1), (0, -2), (1, -2), (2, -1))
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from typing import Any

__all__ = ["MAX_DOWN_LEAVES", "ORIENTS", "layout", "choose_orient"]

MAX_DOWN_LEAVES = 32
"""Trees with more leaves are drawn left to right (``orient="auto"``)."""

ORIENTS = ("auto", "down", "right")


def choose_orient(leaves: int, orient: str = "auto") -> str:
    """The drawing direction for a tree with ``leaves`` leaves: ``'down'`` or ``'right'``.

    >>> choose_orient(9), choose_orient(33), choose_orient(40, "down")
    ('down', 'right', 'down')
    >>> choose_orient(9, "up")
    Traceback (most recent call last):
    ...
    ValueError: orient must be 'auto', 'down' or 'right', not 'up'
    """
    if orient not in ORIENTS:
        raise ValueError(f"orient must be 'auto', 'down' or 'right', not {orient!r}")
    if orient == "auto":
        return "down" if leaves <= MAX_DOWN_LEAVES else "right"
    return orient


def _children_of(tree: Any) -> Callable[[Hashable], Iterable[Hashable]]:
    """A function listing a node's children, for a children map or a graph."""
    if isinstance(tree, Mapping):
        for node, children in tree.items():
            if isinstance(children, (str, bytes)) or not isinstance(children, Iterable):
                raise ValueError(f"layout needs a children map {{node: [child, ...]}}; node "
                                 f"{node!r:.80} maps to {children!r:.80}, not a list of "
                                 "children")
        return lambda n: tree.get(n, ())
    if callable(getattr(tree, "successors", None)):  # a networkx DiGraph, in insertion order
        return tree.successors
    raise ValueError(
        "layout needs a children map {node: [child, ...]} or a networkx DiGraph, "
        f"not {type(tree).__name__}"
    )


def _every(tree: Any) -> list[Hashable]:
    if isinstance(tree, Mapping):
        return list(dict.fromkeys([*tree, *(c for cs in tree.values() for c in cs)]))
    return list(tree.nodes)


def _tidy(tree: Any, root: Hashable) -> tuple[dict[Hashable, float], dict[Hashable, int], int]:
    """Slot (leaf order) and depth of every node reachable from ``root``, and the leaf count.

    Leaves get slots ``0, 1, 2, ...`` left to right; an internal node's slot is the
    mid-point of its first and last child's.
    """
    children_of = _children_of(tree)
    if isinstance(tree, Mapping):
        known = root in tree
    else:
        known = tree.has_node(root) if hasattr(tree, "has_node") else root in tree
    if not known:
        raise ValueError(f"the root {root!r} is not a node of the tree; pass root=...")
    depth = {root: 0}
    kids: dict[Hashable, list] = {}
    preorder, stack = [], [root]
    while stack:  # iterative, so deep trees do not hit the recursion limit
        node = stack.pop()
        preorder.append(node)
        cs = list(children_of(node))
        kids[node] = cs
        for c in cs:
            if c in depth:
                raise ValueError(
                    f"not a tree: node {c!r} is reached twice (two parents or a cycle)"
                )
            depth[c] = depth[node] + 1
        stack.extend(reversed(cs))
    slot: dict[Hashable, float] = {}
    leaf = 0
    for node in preorder:
        if not kids[node]:
            slot[node] = leaf
            leaf += 1
    for node in reversed(preorder):
        cs = kids[node]
        if cs:
            slot[node] = (slot[cs[0]] + slot[cs[-1]]) / 2
    return slot, depth, leaf


def _roots(tree: Any) -> list[Hashable]:
    """The nodes without a parent, in order."""
    _children_of(tree)  # raises the error naming what a tree may be
    if isinstance(tree, Mapping):
        below = {c for cs in tree.values() for c in cs}
        return [n for n in tree if n not in below]
    if callable(getattr(tree, "in_degree", None)):
        return [n for n in tree.nodes if tree.in_degree(n) == 0]
    return []


def _rootless(tree: Any) -> str:
    """What is wrong with a map in which every node has a parent: the cycle it holds.

    >>> _rootless({1: [2], 2: [3], 3: [1]})
    'not a tree: it has a cycle, 1 → 2 → 3 → 1, so every node has a parent and none is the root'
    """
    children_of = _children_of(tree)
    nodes = _every(tree)
    if not nodes:
        return "the tree is empty: give at least a root, e.g. {root: []}"
    parent = {c: n for n in nodes for c in children_of(n)}
    path: list[Hashable] = []
    on_path: dict[Hashable, int] = {}
    node: Hashable = nodes[0]
    while node not in on_path:  # every node has a parent: walking up comes round
        on_path[node] = len(path)
        path.append(node)
        node = parent[node]
    path.reverse()  # from parent to child
    cycle = path[:len(path) - on_path[node]]
    cycle = cycle[cycle.index(node):] + cycle[:cycle.index(node)] + [node]
    if len(cycle) > 8:
        cycle = cycle[:3] + ["…"] + cycle[-3:]
    shown = " → ".join(f"{n!r:.40}" for n in cycle)
    return (f"not a tree: it has a cycle, {shown}, so every node has a parent and none is "
            "the root")


def layout(
    tree: Any, root: Hashable | None = None, *, orient: str = "auto"
) -> dict[Hashable, tuple[float, float]]:
    """Positions ``{node: (x, y)}`` of a tidy layered drawing of a tree.

    Parameters
    ----------
    tree : mapping or networkx.DiGraph
        ``{node: [child, ...]}`` (children in move order; leaves may be missing or map to
        ``[]``), or a directed graph whose successors are listed in move order, such as
        :func:`aisearch.trace.tree_graph` builds.
    root : hashable, optional
        The root node; by default the node without a parent (several such nodes, as in
        a recording of several searches, are laid out side by side as one forest).
    orient : {'auto', 'down', 'right'}
        ``'down'`` puts the root on top: ``x`` is the leaf slot and ``y = -depth``.
        ``'right'`` puts it at the left: ``x = depth`` and ``y = -slot`` (first move on
        top). ``'auto'`` draws down for up to 32 leaves and right beyond.

    Returns
    -------
    dict
        Node to ``(x, y)``. Nodes at one depth are at least one slot apart, so the
        drawing has no overlaps. Only nodes reachable from ``root`` are placed.

    Raises
    ------
    ValueError
        For an unknown ``orient``, a root not in the tree, or a graph that is not a tree.

    Examples
    --------
    >>> children = {(): [(0,), (1,), (2,)], (0,): [(0, 0), (0, 1), (0, 2)]}
    >>> pos = layout(children)
    >>> pos[()], pos[(0,)], [pos[(0, m)] for m in range(3)]
    ((2.5, 0), (1.0, -1), [(0, -2), (1, -2), (2, -2)])
    >>> layout(children, orient="right")[(0, 2)]
    (2, -2)
    """
    choose_orient(0, orient)  # reject a bad orient before any work
    if root is None:
        roots = _roots(tree)
        if len(roots) != 1:
            if not roots:
                raise ValueError(_rootless(tree))
            top, children_of = object(), _children_of(tree)
            forest = {top: roots, **{n: list(children_of(n)) for n in _every(tree)}}
            pos = layout(forest, top, orient=orient)
            del pos[top]
            right = choose_orient(sum(1 for n in pos if not forest.get(n)), orient) == "right"
            return {n: (x - 1, y) if right else (x, y + 1) for n, (x, y) in pos.items()}
        root = roots[0]
    slot, depth, leaves = _tidy(tree, root)
    if choose_orient(leaves, orient) == "down":
        return {n: (slot[n], -depth[n]) for n in depth}
    return {n: (depth[n], -slot[n]) for n in depth}
