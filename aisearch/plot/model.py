"""The tree a drawing shows, built from a recording, an explicit tree or a graph.

A recorded search becomes a tree of ``_Node``: each node keeps the step of every event
about it (entered, returned, cut off, its windows), so the drawing can show the search as
it stood after any number of events without replaying it. Moves a cut-off skipped become
stubs, or with the game their whole subtree. An explicit tree
(:class:`~aisearch.games.tree.TreeGame`) is searched with
:func:`~aisearch.search.minimax` first; a graph from :func:`~aisearch.trace.tree_graph`
is read as it is. Private to :mod:`aisearch.plot.tree`.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from aisearch.core import MAX, MIN
from aisearch.plot.layout import layout
from aisearch.trace import Backup, Chance, Cut, Enter, Exit, Leaf, Recorder

__all__: list[str] = []  # all private: the drawing's API is aisearch.plot.tree


class _Node:
    __slots__ = ("path", "move", "parent", "children", "player", "enter", "leaf", "exit",
                 "value", "state", "pruned", "cut", "windows", "prob", "depth_left")

    def __init__(self, path: Hashable, move: Any, parent: Any, player: Any = None,
                 enter: int | None = None, state: Any = None, pruned: int | None = None,
                 depth_left: int | None = None) -> None:
        self.path, self.move, self.parent, self.player = path, move, parent, player
        self.enter, self.state, self.pruned, self.depth_left = enter, state, pruned, depth_left
        self.children: list[_Node] = []
        self.leaf: int | None = None  # step of the Leaf event (tips only)
        self.exit: int | None = None
        self.value: float | None = None
        self.cut: tuple[int, str] | None = None  # (step, 'alpha' or 'beta')
        self.windows: list[tuple[int, float, float]] = []
        self.prob: float | None = None


class _Model:
    """Nodes keyed by path, the root, the number of steps, and positions per orientation."""

    def __init__(self, nodes: dict, root: Any, steps: int, events: Sequence | None) -> None:
        self.nodes, self.root, self.steps, self.events = nodes, root, steps, events
        self.children = {p: [c.path for c in n.children] for p, n in nodes.items()}
        self.leaves = sum(1 for n in nodes.values() if not n.children)
        self.level = {root: 0}
        stack = [nodes[root]]
        while stack:
            node = stack.pop()
            for c in node.children:
                self.level[c.path] = self.level[node.path] + 1
                stack.append(c)
        self.depth = max(self.level.values())
        self.key: tuple = ()  # what it was built from, to reuse it for the same source
        self._pos: dict[str, dict] = {}

    def positions(self, orient: str) -> dict:
        if orient not in self._pos:
            self._pos[orient] = layout(self.children, self.root, orient=orient)
        return self._pos[orient]


def _from_events(events: Sequence, game: Any) -> _Model:
    nodes: dict[Hashable, _Node] = {}
    node: _Node | None
    root = None
    for i, e in enumerate(events):
        path = getattr(e, "path", None)
        if not isinstance(path, tuple):
            raise ValueError(f"event {i} is not a trace event (Enter, Leaf, Backup, Cut, Chance, "
                             f"Exit): {e!r}")
        kind = type(e)
        if kind is Enter:
            if root is None:
                root = path
            if path in nodes:
                raise ValueError(f"node {path!r} is entered twice (event {i}): pass the events "
                                 "of one search, not of several (e.g. iterative deepening)")
            parent = None
            if path != root:
                parent = nodes.get(path[:-1])
                if parent is None or path[:len(root)] != root:
                    raise ValueError(f"event {i} enters {path!r} before its parent: the events "
                                     "do not describe a tree searched from one root")
            node = nodes[path] = _Node(path, path[-1] if parent else None, parent, e.player,
                                       i, e.state, depth_left=e.depth)
            if parent is not None:
                parent.children.append(node)
            node.windows.append((i, e.alpha, e.beta))
            continue
        node = nodes.get(path)
        if node is None:
            raise ValueError(f"event {i} ({kind.__name__}) names {path!r}, a node that was "
                             "never entered: pass the whole recording, from its first event")
        if kind is Leaf:
            node.leaf, node.value = i, e.value
        elif kind is Backup:
            node.windows.append((i, e.alpha, e.beta))
        elif kind is Cut:
            node.cut = (i, e.kind)
            for m in e.skipped:
                stub = _Node(path + (m,), m, node, pruned=i)
                nodes[stub.path] = stub
                node.children.append(stub)
        elif kind is Chance:
            for m, p, _ in e.outcomes:
                if path + (m,) in nodes:
                    nodes[path + (m,)].prob = p
        elif kind is Exit:
            node.exit, node.value = i, e.value
        # other kinds (table hits, ...) carry nothing this drawing shows
    if root is None:
        raise ValueError("the events hold no Enter event: record a search with "
                         "tracer=Recorder() and pass the recorder")
    _complete_pruned(nodes, game)
    return _Model(nodes, root, len(events), events)


def _complete_pruned(nodes: dict, game: Any, budget: int = 2000) -> None:
    """Give pruned stubs a player, and with ``game`` their whole (greyed) subtree."""
    for stub in [n for n in nodes.values() if n.pruned is not None and n.enter is None]:
        parent = stub.parent
        if game is not None and parent.state is not None:
            try:
                stub.state = game.result(parent.state, stub.move)
                stub.player = game.to_move(stub.state)
            except Exception as err:
                raise ValueError(f"game= does not match the recording at {stub.path!r}: "
                                 f"{err}") from err
            if parent.depth_left is not None:
                stub.depth_left = parent.depth_left - 1
            budget = _expand(stub, game, nodes, budget)
        elif stub.player is None:
            known = [c.player for c in parent.children if c.enter is not None]
            stub.player = known[0] if known else (MIN if parent.player == MAX else MAX)


def _expand(stub: _Node, game: Any, nodes: dict, budget: int) -> int:
    """Add the subtree below a pruned node (an explicit tree's, say), if it is small enough."""
    frontier, new = [stub], []
    while frontier:
        node = frontier.pop()
        if game.is_terminal(node.state):
            node.value = game.utility(node.state, MAX)
            continue
        if node.depth_left == 0:
            continue
        assert isinstance(node.path, tuple)  # stubs come from recorded events: paths of moves
        for m in game.moves(node.state):
            s = game.result(node.state, m)
            d = None if node.depth_left is None else node.depth_left - 1
            child = _Node(node.path + (m,), m, node, game.to_move(s), state=s, pruned=stub.pruned,
                          depth_left=d)
            new.append(child)
            frontier.append(child)
        if len(new) > budget:  # too big to draw: keep the stub only
            return budget
    for child in new:
        nodes[child.path] = child
        child.parent.children.append(child)
    return budget - len(new)


def _from_graph(g: Any) -> _Model:
    roots = [n for n in g.nodes if g.in_degree(n) == 0]
    if len(roots) != 1 or g.number_of_edges() != g.number_of_nodes() - 1:
        raise ValueError(f"the graph is not a tree: {len(roots)} nodes without a parent, "
                         f"{g.number_of_nodes()} nodes and {g.number_of_edges()} edges")
    root = roots[0]
    node: _Node | None
    nodes = {n: _Node(n, None, None) for n in g.nodes}  # tree_graph's order: visit order
    for p in g.nodes:
        for c in g.successors(p):
            move = g.edges[p, c].get("move", c[-1] if isinstance(c, tuple) and c else c)
            nodes[c].move, nodes[c].parent = move, nodes[p]
            nodes[p].children.append(nodes[c])
    preorder, stack = [root], [root]
    while stack:
        for c in nodes[stack.pop()].children:
            preorder.append(c.path)
            stack.append(c.path)
    if len(preorder) != len(nodes):
        raise ValueError("the graph is not a tree: some nodes are not reachable from its root")
    for key, node in nodes.items():
        d = g.nodes[key]
        node.player, node.state = d.get("player"), d.get("state")
        node.value = d.get("value")
        if d.get("pruned"):
            node.pruned = 0
        else:
            node.enter = 0
            node.exit = 0 if node.value is not None else None
        if d.get("leaf") or (not node.children and node.value is not None):
            node.leaf = 0
        if d.get("cut"):
            node.cut = (0, d["cut"])
        if "alpha_now" in d:
            node.windows.append((0, d["alpha_now"], d["beta_now"]))
    for node in map(nodes.get, preorder):  # players missing (hand-made graphs): alternate
        assert node is not None  # preorder holds every node, checked above
        if node.player is None and node.pruned is None:
            node.player = MAX if node.parent is None or node.parent.player != MAX else MIN
    _complete_pruned(nodes, None)
    return _Model(nodes, root, 1, None)


def _model(source: Any, game: Any, ax: Any) -> _Model:
    """Build (or reuse, for the same source drawn again on the same axes) the model."""
    from aisearch.games.tree import TreeGame

    key: tuple[Any, int | None]
    if isinstance(source, Recorder):
        key = (source.events, len(source.events))
    elif isinstance(source, (list, tuple)):
        key = (source, len(source))
    else:
        key = (source, None)
    cached = getattr(ax, "_aisearch_tree_model", None)
    graph = callable(getattr(source, "successors", None))
    if cached and cached[0] is key[0] and cached[1] == key[1] and cached[2] is game and not graph:
        return cached[3]
    if isinstance(source, TreeGame):
        from aisearch.search import minimax

        rec = Recorder()
        minimax(source, source.initial, tracer=rec)
        model = _from_events(rec.events, source)
    elif isinstance(source, (Recorder, list, tuple)):
        model = _from_events(list(source), game)
    elif graph and hasattr(source, "in_degree"):
        model = _from_graph(source)
    else:
        raise ValueError(f"cannot draw a {type(source).__name__}: pass a TreeGame, a Recorder "
                         "(or its list of events) or a networkx.DiGraph from tree_graph()")
    model.key = (*key, game)
    return model
