"""The tree a drawing shows: visits read by :class:`~aisearch.trace.Replay`, an explicit
tree, or a graph from :func:`~aisearch.trace.tree_graph`.

A recording is read by the one reader, :class:`~aisearch.trace.Replay`; its visits (each
with the index of every event about it) are the nodes drawn, keyed by their
:class:`~aisearch.trace.VisitKey`, so a re-searched node and the root of a second search
are drawn as nodes of their own. With the game, the moves a cut-off skipped are drawn with
their whole (greyed) subtree, worked out from the rules, not from events. An explicit tree
(:class:`~aisearch.games.tree.TreeGame`) is searched with :func:`~aisearch.search.minimax`
first. Private to :mod:`aisearch.plot.tree`.
"""

from __future__ import annotations

import itertools
from collections.abc import Hashable, Sequence
from typing import Any

from aisearch.core import MAX, MIN, as_int, move_name
from aisearch.plot.layout import layout
from aisearch.trace import Recorder, Replay, Visit, VisitKey

__all__: list[str] = []  # all private: the drawing's API is aisearch.plot.tree

_Node = Visit  # a drawn node is a visit (the name the drawing modules use)


class _Model:
    """Nodes keyed by visit, the roots (one per search drawn), the number of steps, and
    positions per orientation."""

    def __init__(self, nodes: dict, roots: list, steps: int, events: Sequence | None,
                 replay: Replay | None = None, game: Any = None,
                 children: dict[Any, list] | None = None) -> None:
        self.nodes, self.roots, self.steps, self.events = nodes, roots, steps, events
        self.replay, self.game = replay, game  # the game pictures are painted for
        self.root = roots[-1]
        self.children: dict[Any, list] = children if children is not None else {
            p: [c.key for c in n.children if c.key in nodes] for p, n in nodes.items()}
        self.folded: dict[Any, int] = {}  # a finished subtree drawn as one mark: its size
        self.counts: dict[Any, tuple[str, int]] = {}  # moves drawn as a count: text, status
        self.leaves = sum(1 for p in nodes if not self.children[p])
        self.level: dict[Any, int] = {}
        for root in roots:
            self.level[root] = 0
            stack = [root]
            while stack:
                p = stack.pop()
                for c in self.children[p]:
                    self.level[c] = self.level[p] + 1
                    stack.append(c)
        self.depth = max(self.level.values())
        self.key: tuple = ()  # what it was built from, to reuse it for the same source
        self._pos: dict[str, dict] = {}

    def positions(self, orient: str) -> dict:
        if orient not in self._pos:  # several searches: their trees side by side
            root = self.root if len(self.roots) == 1 else None
            self._pos[orient] = layout(self.children, root, orient=orient)
        return self._pos[orient]

    def move_name(self, node: Any, game: Any) -> str:
        """The move into ``node`` in ``game``'s notation (read at its parent's state)."""
        parent = node.parent
        state = None if parent is None else parent.state
        return str(node.move) if game is None else move_name(game, state, node.move)

    def resolve(self, node: Any, u: int) -> Any:
        """A node key from a key or a path (a path means its latest visit entered before step
        ``u``, else its first visit); a list of moves is read as the path it spells."""
        given = node
        if isinstance(node, list):
            node = tuple(node)
        try:
            if node in self.nodes:
                return node
        except TypeError:  # (unhashable: not a key, nor a path)
            raise ValueError(f"current must be a path (a tuple of moves from the root) or a "
                             f"VisitKey, not {given!r:.80}") from None
        if isinstance(node, tuple) and not isinstance(node, VisitKey):
            found = [v for v in self.nodes.values() if v.path == node]
            before = [v for v in found if v.enter is not None and v.enter < u]
            if before:
                return max(before, key=lambda v: v.enter).key
            if found:
                return found[0].key
        paths = sorted({v.path for v in self.nodes.values() if v.enter is not None},
                       key=len)[:4]
        example = ", ".join(repr(p) for p in paths)
        raise ValueError(f"current={given!r:.80} is not a node of the tree: give the path of "
                         f"a node (a tuple of moves from the root, e.g. {example}) or a "
                         "VisitKey")


MAX_DRAWN = 3_000
"""The most nodes a drawing shows; a larger recording is refused with a message."""


def _from_events(events: Sequence | Replay, game: Any, search: int | None) -> _Model:
    if not isinstance(events, Replay):
        entered = sum(1 for e in events if getattr(type(e), "role", None) == "enter")
        if entered > MAX_DRAWN and search is None:
            raise ValueError(f"the recording enters {entered:,} nodes; a drawing shows at most "
                             f"{MAX_DRAWN:,}: record a shallower search (a smaller depth=), or "
                             "draw one search of it (search=)")
    replay = events if isinstance(events, Replay) else Replay(events)
    if not replay.searches or all(p.root is None for p in replay.searches):
        raise ValueError("the events hold no Enter event: record a search with "
                         "tracer=Recorder() and pass the recorder")
    parts = [p for p in replay.searches if p.root is not None]
    if search is not None:
        k = as_int(search)  # (a numpy integer is the int it equals)
        if k is None:
            raise ValueError(f"search must be an int (which search of the recording), not "
                             f"{search!r:.80}")
        if not -len(parts) <= k < len(parts):
            raise ValueError(f"search={k} is not a search of this recording, which "
                             f"holds {len(parts)}")
        parts = [parts[k]]
    nodes: dict[Any, Visit] = {}
    for part in parts:
        for v in part.visits:
            nodes[v.key] = v
    if len(nodes) > MAX_DRAWN:
        raise ValueError(f"the search{'es' if len(parts) > 1 else ''} to draw hold "
                         f"{len(nodes):,} nodes; a drawing shows at most {MAX_DRAWN:,}: record "
                         "a shallower search (a smaller depth=)")
    _complete_pruned(nodes, game)  # with game=, pruned subtrees are drawn whole
    roots = [p.root.key for p in parts if p.root is not None]
    painted = game if game is not None else next(
        (p.start.game for p in parts if p.start is not None), None)
    return _Model(nodes, roots, len(replay.events), replay.events, replay, painted)


_fresh = itertools.count(1)


def _complete_pruned(nodes: dict, game: Any, budget: int = 2000) -> None:
    """Give pruned stubs a player, and with ``game`` their whole (greyed) subtree."""
    for stub in [n for n in nodes.values() if n.pruned is not None and n.enter is None]:
        parent = stub.parent
        if game is not None and parent.state is not None and stub.state is None:
            try:
                stub.state = game.result(parent.state, stub.move)
                stub.player = game.to_move(stub.state)
            except Exception as err:
                raise ValueError(f"game= does not match the recording at {stub.path!r}: "
                                 f"{err}") from err
            if parent.depth is not None:
                stub.depth = parent.depth - 1
            budget = _expand(stub, game, nodes, budget)
        elif stub.player is None:
            known = [c.player for c in parent.children if c.enter is not None]
            stub.player = known[0] if known else (MIN if parent.player == MAX else MAX)


def _expand(stub: Visit, game: Any, nodes: dict, budget: int) -> int:
    """Add the subtree below a pruned node (an explicit tree's, say), if it is small enough."""
    frontier: list[Visit] = [stub]
    new: list[Visit] = []
    while frontier:
        node = frontier.pop()
        if game.is_terminal(node.state):
            node.value = game.utility(node.state, MAX)
            continue
        if node.depth == 0:
            continue
        for m in game.moves(node.state):
            s = game.result(node.state, m)
            d = None if node.depth is None else node.depth - 1
            path = node.path + (m,)
            child = Visit(node.search, path, -next(_fresh), m, node, player=game.to_move(s),
                          state=s, depth=d, pruned=stub.pruned)
            new.append(child)
            frontier.append(child)
        if len(new) > budget:  # too big to draw: keep the stub only
            return budget
    for child in new:
        nodes[child.key] = child
        assert child.parent is not None
        child.parent.children.append(child)
    return budget - len(new)


def _from_graph(g: Any) -> _Model:
    roots = [n for n in g.nodes if g.in_degree(n) == 0]
    if not roots or g.number_of_edges() != g.number_of_nodes() - len(roots):
        raise ValueError(f"the graph is not a tree or a forest: {len(roots)} nodes without a "
                         f"parent, {g.number_of_nodes()} nodes and {g.number_of_edges()} edges")
    nodes: dict[Hashable, Visit] = {}
    for k in g.nodes:  # tree_graph's order: visit order
        d = g.nodes[k]
        path = d.get("path", k if isinstance(k, tuple) else (k,))
        nodes[k] = Visit(d.get("search", 0), path, d.get("visit", 0), key=k)
    for p in g.nodes:
        for c in g.successors(p):
            move = g.edges[p, c].get("move", c[-1] if isinstance(c, tuple) and c else c)
            nodes[c].move, nodes[c].parent = move, nodes[p]
            nodes[p].children.append(nodes[c])
    preorder, stack = list(roots), list(roots)
    while stack:
        for c in nodes[stack.pop()].children:
            preorder.append(c.key)
            stack.append(c.key)
    if len(preorder) != len(nodes):
        raise ValueError("the graph is not a tree: some nodes are not reachable from a root")
    for key, node in nodes.items():
        d = g.nodes[key]
        node.player, node.state = d.get("player"), d.get("state")
        node.value, node.prob = d.get("value"), d.get("prob")
        if d.get("pruned"):
            node.pruned = 0
        else:
            node.enter = 0
            node.exit = 0 if node.value is not None else None
        if d.get("leaf") or (not node.children and node.value is not None):
            node.leaf = 0
        if d.get("cut"):
            node.cut = (0, d["cut"])
        if d.get("alpha_now") is not None:
            node.windows.append((0, d["alpha_now"], d["beta_now"]))
    for key in preorder:  # players missing (hand-made graphs): alternate
        node = nodes[key]
        if node.player is None and node.pruned is None:
            node.player = MAX if node.parent is None or node.parent.player != MAX else MIN
    _complete_pruned(nodes, None)
    return _Model(nodes, roots, 1, None)


def _model(source: Any, game: Any, ax: Any, search: int | None = None) -> _Model:
    """Build (or reuse, for the same source drawn again on the same axes) the model."""
    from aisearch.games.tree import TreeGame

    key: tuple[Any, int | None]
    if isinstance(source, Recorder):
        key = (source.events, len(source.events))
    elif isinstance(source, Replay):
        key = (source, len(source.events))
    elif isinstance(source, (list, tuple)):
        key = (source, len(source))
    else:
        key = (source, None)
    cached = getattr(ax, "_aisearch_tree_model", None)
    graph = callable(getattr(source, "successors", None))
    if (cached and cached[0] is key[0] and cached[1] == key[1] and cached[2] is game
            and cached[3] == search and not graph):
        return cached[4]
    if isinstance(source, TreeGame):
        from aisearch.search import minimax

        if len(source) > MAX_DRAWN:
            raise ValueError(f"the tree has {len(source):,} nodes; a drawing shows at most "
                             f"{MAX_DRAWN:,}: draw a smaller tree")
        rec = Recorder()
        minimax(source, source.initial, tracer=rec)
        model = _from_events(rec.events, source, search)
    elif isinstance(source, Replay):
        model = _from_events(source, game, search)
    elif isinstance(source, (Recorder, list, tuple)):
        model = _from_events(list(source), game, search)
    elif graph and hasattr(source, "in_degree"):
        model = _from_graph(source)
    else:
        raise ValueError(f"cannot draw a {type(source).__name__}: pass a TreeGame, a Recorder "
                         "(or its list of events, or its Replay) or a networkx.DiGraph from "
                         "tree_graph()")
    model.key = (*key, game, search)
    return model
