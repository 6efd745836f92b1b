"""The neighbourhood of the current node: how a search too big for the screen is followed.

As a debugger shows the stack and not the heap, the focus of a recorded search after ``u``
events shows the path from the root to the current node, the current node's siblings and
children, every finished subtree near them folded into one mark that keeps its value and
says how many nodes it holds, and the other moves as counts (``3 more``, ``2 cut``,
``4 done``). It is a view of the same visits :func:`aisearch.plot.tree` draws whole (read
by :class:`~aisearch.trace.Replay`); nothing is searched again.

Examples
--------
>>> from aisearch import Recorder, alphabeta
>>> from aisearch.games.examples import eighteen_of_41
>>> from aisearch.plot.model import _model
>>> rec = Recorder()
>>> _ = alphabeta(eighteen_of_41, eighteen_of_41.initial, tracer=rec)
>>> whole = _model(rec, None, None)
>>> near = focus_model(whole, 100, whole.replay.owner[99].key)
>>> len(whole.nodes), len(near.nodes)
(53, 12)
>>> sorted((v.path, size) for v, size in ((near.nodes[k], n) for k, n in near.folded.items()))
[((0, 0), 20), ((0, 1, 0, 0), 3)]
"""

from __future__ import annotations

from typing import Any

from aisearch.plot.model import _Model, _Node
from aisearch.plot.step import DONE, OPEN, PRUNED, UNVISITED, _status
from aisearch.trace import Visit

__all__ = ["focus_model", "fits_whole", "KEEP", "FOCUS_DOWN"]

FOCUS_DOWN = 10
"""A neighbourhood of more tips than this is drawn left to right (``orient="auto"``)."""

KEEP = {"current": 6, "parent": 5, "above": 3}
"""How many moves each node of the path shows one by one: the current node's, its
parent's (the current node and its siblings), and those of the nodes above."""


def fits_whole(model: _Model, inches: tuple[float, float], boards: bool = False) -> bool:
    """True when the whole tree reads at its natural size inside ``inches`` (width, height):
    small trees are drawn whole, bigger ones as the neighbourhood of the current node."""
    from aisearch.plot.geometry import _auto_figsize
    from aisearch.plot.layout import choose_orient

    slots, levels = max(model.leaves, 1), max(model.depth, 1)
    direction = choose_orient(model.leaves)
    if direction != "down":
        return False
    w, h = _auto_figsize(model, direction, boards, False, None)
    natural = (0.95 * slots + 1.6) if boards else (0.5 * slots + 1.4)
    return natural <= inches[0] + 1e-9 and h <= inches[1] + 1e-9 and levels <= 7 and w > 0


def _size(node: _Node, u: int, memo: dict) -> int:
    """How many nodes of the subtree of ``node`` were entered before step ``u``."""
    key = (id(node), u)
    if key not in memo:
        total, stack = 0, [node]
        while stack:
            v = stack.pop()
            if v.enter is not None and v.enter < u:
                total += 1
                stack.extend(v.children)
        memo[key] = total
    return memo[key]


def _chain(model: _Model, current: Any, u: int) -> list[_Node]:
    """The nodes from the root to the current one (the root alone before the search)."""
    node = model.nodes.get(current) if current is not None else None
    if node is None:
        root = model.nodes[model.root]
        return [root]
    chain = []
    while node is not None:
        chain.append(node)
        node = node.parent
    return chain[::-1]


def _pick(kids: list[_Node], pivot: _Node | None, keep: int, u: int) -> set:
    """Which of ``kids`` are shown one by one: the pivot, the best finished one, and the
    ones nearest the pivot (or the latest activity) up to ``keep``."""
    if len(kids) <= keep:
        return {id(k) for k in kids}
    status = [_status(k, u) for k in kids]
    if pivot is not None and pivot in kids:
        centre = kids.index(pivot)
    else:  # the latest finished (or else the first to come)
        done = [i for i, s in enumerate(status) if s == DONE]
        centre = done[-1] if done else 0
    shown = {centre}
    finished = [kids[i] for i, s in enumerate(status) if s == DONE and kids[i].value is not None]
    parent = kids[0].parent
    best = parent.best_at(u) if parent is not None else None
    for i, k in enumerate(kids):
        if k in finished and k.value == best:
            shown.add(i)
            break
    step = 1
    while len(shown) < keep and step < len(kids):
        for i in (centre + step, centre - step):
            if 0 <= i < len(kids) and len(shown) < keep:
                shown.add(i)
        step += 1
    return {id(kids[i]) for i in shown}


_WORDS = {UNVISITED: "more", PRUNED: "cut", DONE: "done", OPEN: "open"}


def _runs(kids: list[_Node], shown: set, u: int) -> list:
    """``kids`` in order, each shown one a node and each run of hidden ones of one status
    a list (drawn as a count)."""
    out: list = []
    for kid in kids:
        if id(kid) in shown:
            out.append(kid)
        elif out and isinstance(out[-1], list) and _status(out[-1][0], u) == _status(kid, u):
            out[-1].append(kid)
        else:
            out.append([kid])
    return out


def focus_model(model: _Model, u: int, current: Any) -> _Model:
    """The neighbourhood of ``current`` after ``u`` events, as a model drawn like a tree.

    Each node of the path shows its moves: the next node of the path, and up to
    :data:`KEEP` others one by one (a finished one folded, its size in
    :attr:`_Model.folded`); runs of the others become count marks
    (:attr:`_Model.counts`: text and status).
    """
    sizes: dict = {}  # (one drawing's: visit keys of other recordings are alike)
    chain = _chain(model, current, u)
    on_path = {id(v) for v in chain}
    nodes: dict[Any, _Node] = {}
    children: dict[Any, list] = {}
    counts: dict[Any, tuple[str, int]] = {}
    folded: dict[Any, int] = {}
    for depth, node in enumerate(chain):
        nodes[node.key] = node
        children[node.key] = []
        kids = [c for c in node.children if c.key in model.nodes
                and not (c.researched and (c.enter is None or c.enter >= u))]  # (not yet)
        is_current = depth == len(chain) - 1
        if is_current and _status(node, u) in (UNVISITED, PRUNED):
            continue  # (not entered yet: nothing below it is known)
        pivot = chain[depth + 1] if not is_current else None
        keep = KEEP["current"] if is_current else KEEP["parent"] if depth == len(chain) - 2 \
            else KEEP["above"]
        shown = _pick(kids, pivot, keep, u) | {id(k) for k in kids if id(k) in on_path}
        for item in _runs(kids, shown, u):
            if isinstance(item, list):  # a run of moves not shown: one count mark
                st = _status(item[0], u)
                key = ("more", node.key, len(counts))
                nodes[key] = Visit(node.search, node.path + ("…",), -1 - len(counts), None,
                                   node, key=key)
                children[key] = []
                children[node.key].append(key)
                counts[key] = (f"{len(item)} {_WORDS[st]}", st)
                continue
            children[node.key].append(item.key)
            if id(item) in on_path:
                continue
            nodes[item.key] = item
            children[item.key] = []
            st = _status(item, u)
            inner = any(c.key in model.nodes for c in item.children)
            below = _size(item, u, sizes) - 1 if inner and st in (DONE, OPEN) else 0
            if below > 0:
                folded[item.key] = below  # the nodes below it, drawn as one mark
    near = _Model(nodes, [chain[0].key], model.steps, model.events, model.replay, model.game,
                  children=children)
    near.folded, near.counts = folded, counts
    near.key = (*model.key, "focus", u, current)
    return near
