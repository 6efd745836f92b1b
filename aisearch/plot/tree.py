"""Draw a game tree: an explicit tree, or a recorded search step by step.

Nilsson's conventions: MAX nodes are squares, MIN nodes circles, chance nodes diamonds;
backed-up values sit inside the nodes and tip values under the tips; alpha and beta are
written beside the nodes; pruned subtrees are grey, with a double bar across each pruned
edge (red for an alpha cut-off below a MIN node, blue for a beta cut-off below a MAX
node); the principal variation is drawn bold. The drawing of a recording shows the search
that ran: this module never searches, except to run :func:`~aisearch.search.minimax` on
an explicit tree it is asked to draw.

Examples
--------
>>> from matplotlib.figure import Figure
>>> from aisearch import Recorder, alphabeta, fig5_2
>>> rec = Recorder()
>>> _ = alphabeta(fig5_2, fig5_2.initial, tracer=rec)
>>> ax = tree(rec, ax=Figure(figsize=(6, 3.5)).subplots(), window=True)
>>> [line.get_gid() for line in ax.lines if line.get_gid().startswith("cut")]
['cut-alpha']
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from fractions import Fraction
from typing import Any

from aisearch.core import CHANCE, MAX, MIN
from aisearch.plot.layout import choose_orient, layout
from aisearch.trace import Backup, Chance, Cut, Enter, Exit, Leaf, Recorder

__all__ = ["tree", "COLORS", "Labels"]

COLORS = {
    MAX: "#d6e6f7",  # pale blue squares
    MIN: "#f8d9d6",  # pale red circles
    CHANCE: "#fbefc4",  # pale yellow diamonds
    None: "#e9e9e9",  # any other player
    "ink": "#111111",
    "edge": "#3a3a3a",
    "faint": "#c8c8c8",  # outline of nodes not entered yet
    "faint_face": "#fbfbfb",
    "faint_ink": "#a8a8a8",
    "pruned": "#9c9c9c",
    "pruned_face": "#e2e2e2",
    "alpha": "#c0392b",  # alpha cut-off, below a MIN node
    "beta": "#1f5fa8",  # beta cut-off, below a MAX node
    "current": "#f39c12",
    "window": "#555555",
}
"""Colours by player and by role; tests and widgets may read them."""

UNVISITED, OPEN, DONE, PRUNED = 0, 1, 2, 3
MARKERS = {MAX: "s", MIN: "o", CHANCE: "D"}
NAMES = {MAX: "MAX", MIN: "MIN", CHANCE: "CHANCE"}
INF = math.inf


# -- the model: a tree whose nodes know when things happened to them -------------------------
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
    nodes: dict[tuple, _Node] = {}
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
        if node.player is None and node.pruned is None:
            node.player = MAX if node.parent is None or node.parent.player != MAX else MIN
    _complete_pruned(nodes, None)
    return _Model(nodes, root, 1, None)


def _model(source: Any, game: Any, ax: Any) -> _Model:
    """Build (or reuse, for the same source drawn again on the same axes) the model."""
    from aisearch.games.tree import TreeGame

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


# -- what a node looks like at a step -------------------------------------------------------
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
    text = str(v) if isinstance(v, int) else f"{v:.3g}" if isinstance(v, float) else str(v)
    return text.replace("-", "−")


def _fmt_prob(p: float) -> str:
    f = Fraction(p).limit_denominator(12)
    return str(f) if abs(float(f) - p) < 1e-9 else f"{p:.2g}"


def _interval(node: _Node, u: int) -> tuple[float, float]:
    """What the recorded search proves about a finished node's value: (lowest, highest).

    Read off the tree as drawn, from the tips up (no search is re-run): a tip is exact; a
    MAX node lies between the largest of its children's lower and upper ends, with no upper
    end after a cut-off (its other moves were never searched); MIN mirrors it.
    """
    done = [c for c in node.children if c.exit is not None and c.exit < u]
    if not done or node.player not in (MAX, MIN):
        return node.value, node.value
    ends = [_interval(c, u) for c in done]
    cut = node.cut is not None and node.cut[0] < u
    if node.player == MAX:
        return max(a for a, _ in ends), INF if cut else max(b for _, b in ends)
    return -INF if cut else min(a for a, _ in ends), min(b for _, b in ends)


def _node_text(node: _Node, u: int, status: int) -> tuple[str, bool]:
    """The backed-up value written in an internal node, and whether it is provisional.

    For a finished node, what the search proved about its value (:func:`_interval`):
    exact (``3``), or a bound below a cut-off (``≤2`` at a MIN node, as a textbook writes
    it); this reads the same for fail-hard, fail-soft and negamax, whose returned values
    differ. A chance node's expectation. While the node is being searched, a grey
    provisional bound.
    """
    if status in (UNVISITED, PRUNED) or node.player not in (MAX, MIN):
        return (fmt(node.value) if status == DONE else ""), False
    pick = max if node.player == MAX else min
    sign = "≥" if node.player == MAX else "≤"
    done = [c.value for c in node.children if c.exit is not None and c.exit < u]
    if not done:
        return (fmt(node.value) if status == DONE else ""), False
    if status != DONE:
        return sign + fmt(pick(done)), True
    low, high = _interval(node, u)
    if low == high:
        return fmt(low), False
    if low == -INF:
        return "≤" + fmt(high), False
    if high == INF:
        return "≥" + fmt(low), False
    return f"{fmt(low)}..{fmt(high)}", False


def _window_at(node: _Node, u: int) -> tuple[float, float] | None:
    last = None
    for step, a, b in node.windows:
        if step >= u:
            break
        last = (a, b)
    return last


def _pv(model: _Model, pv: Any, u: int) -> list[tuple[_Node, _Node]]:
    """Edges of the principal variation: recorded (first child worth the node's value)."""
    node, edges = model.nodes[model.root], []
    if pv is True:
        if node.exit is None or node.exit >= u:
            return []  # not known before the root returns
        while node.player != CHANCE:
            nxt = next((c for c in node.children if c.exit is not None and c.exit < u
                        and c.value == node.value), None)
            if nxt is None:
                break
            edges.append((node, nxt))
            node = nxt
        return edges
    if not pv:
        return []
    for m in pv:
        nxt = next((c for c in node.children if c.move == m), None)
        if nxt is None:
            raise ValueError(f"pv move {m!r} is not a move from {node.path!r}; moves there: "
                             f"{[c.move for c in node.children]}")
        edges.append((node, nxt))
        node = nxt
    return edges


# -- drawing -------------------------------------------------------------------------------
def _clamp(x: float, low: float, high: float) -> float:
    return max(low, min(high, x))


def _auto_figsize(model: _Model, direction: str, boards: bool, window: bool,
                  title: Any) -> tuple[float, float]:
    slots, levels = max(model.leaves, 1), max(model.depth, 1)
    extra = 0.35 if title else 0.0
    if boards:
        if direction == "down":
            return _clamp(0.95 * slots + 1.6, 4, 16), _clamp(1.35 * levels + 1.4, 2.5, 12) + extra
        return _clamp(2.0 * levels + 2.0, 5, 16), _clamp(0.75 * slots + 0.8, 3, 40) + extra
    if direction == "down":
        return _clamp(0.5 * slots + 1.4, 4, 15), _clamp(0.95 * levels + 1.1, 2.4, 9) + extra
    slot = 0.42 if window else 0.32  # room for the window under each node
    return _clamp(1.45 * levels + 2.2, 5, 15), _clamp(slot * slots + 0.7, 3, 36) + extra


def _window_size(fs: float) -> float:
    return _clamp(0.8 * fs, 6.5, 8)


class _Geometry:
    """Sizes in points and data limits that fit the tree and its labels into the axes."""

    def __init__(self, ax: Any, model: _Model, direction: str, window: bool, boards: bool):
        fig = ax.figure
        box = ax.get_position()
        width = box.width * fig.get_figwidth() * 72
        height = box.height * fig.get_figheight() * 72
        down = direction == "down"
        slot_len, level_len = (width, height) if down else (height, width)
        slots, levels = max(model.leaves - 1, 1), max(model.depth, 1)
        d = 20.0
        for _ in range(3):  # the pads depend on the node size, which depends on the pads
            fs = _clamp(0.42 * d, 6, 10.5) if not boards else _clamp(0.24 * d, 6.5, 10)
            tip = d if boards else 0.72 * d
            beside = 3.2 * fs if boards else 0  # values beside the boards
            wide = 3.4 * _window_size(fs) if window else 0  # "α=−∞" over "β=∞"
            if down:
                slot_pads = (d / 2 + 3 + 3.2 * fs, d / 2 + 4 + max(beside, wide))
                level_pads = (d / 2 + 5, tip / 2 + 5 + 1.4 * fs)
            else:
                slot_pads = (d / 2 + 5 + 1.6 * fs, d / 2 + 4 + (1.6 * fs if window else 0))
                level_pads = (d / 2 + 5, tip / 2 + 6 + max(beside, 2.6 * fs))
            k_slot = max((slot_len - sum(slot_pads)) / slots, 1.0)
            k_level = max((level_len - sum(level_pads)) / levels, 1.0)
            if boards:
                d = _clamp(min(0.8 * k_slot, 0.62 * k_level), 16, 54)
            else:
                room = 0.62 if window and not down else 0.8  # the window goes under the node
                d = _clamp(min(room * k_slot, 0.48 * k_level), 7, 26)
        self.d, self.tip, self.fs, self.down, self.boards = d, tip, fs, down, boards
        top = model.leaves - 1 if model.leaves > 1 else 0
        if down:
            self.sx, self.sy = k_slot, k_level
            self.xlim = (-slot_pads[0] / k_slot, top + slot_pads[1] / k_slot)
            self.ylim = (-model.depth - level_pads[1] / k_level, level_pads[0] / k_level)
        else:
            self.sx, self.sy = k_level, k_slot
            self.xlim = (-level_pads[0] / k_level, model.depth + level_pads[1] / k_level)
            self.ylim = (-top - slot_pads[1] / k_slot, slot_pads[0] / k_slot)

    def size(self, node: _Node) -> float:
        """Diameter of a node's marker (or board) in points."""
        if self.boards:  # a node without a state (a stub) is drawn as a small marker
            return self.d if node.state is not None else 0.4 * self.d
        return self.tip if not node.children else self.d


def tree(
    source: Any, *, ax: Any = None, upto: int | None = None, current: Any = None,
    values: bool = True, window: bool = False, pv: bool | Sequence = True, moves: bool = True,
    boards: bool = False, orient: str = "auto", title: str | None = None,
    figsize: tuple[float, float] | None = None, game: Any = None,
) -> Any:
    """Draw a game tree, or a recorded search as it stood after ``upto`` events.

    Parameters
    ----------
    source : TreeGame, Recorder, list of events or networkx.DiGraph
        An explicit tree (drawn whole, with minimax values), a recorded search, or the
        graph :func:`aisearch.trace.tree_graph` built from one.
    ax : matplotlib Axes, optional
        Draw here (cleared first; reuse one Axes to step through a search quickly).
        By default a new figure sized for the tree.
    upto : int, optional
        Draw the search after ``events[:upto]``: nodes not entered yet are faint, values
        appear when a node returns, pruned nodes turn grey at their cut-off. The layout is
        the whole recording's, so nodes never move between steps.
    current : path, optional
        Node outlined in orange; by default the node of event ``upto - 1``.
    values : bool
        Backed-up values inside the nodes (tip values are always written under the tips).
        A node that was cut off shows the textbook's bound (``≤2``); a node still being
        searched shows its provisional value in grey italics (``≥3``).
    window : bool
        Write ``α=.. β=..`` beside each internal node: its window after its latest backup.
    pv : bool or sequence of moves
        Draw the principal variation bold: ``True`` follows from the root the first child
        whose returned value equals its parent's; or give the moves.
    moves : bool
        Label edges with their moves (chance edges also with their probabilities).
    boards : bool
        Draw nodes as board thumbnails (tic-tac-toe, robots with ``game=``, connect 4),
        framed square for MAX and round for MIN, values beside.
    orient : {'auto', 'down', 'right'}
        Root on top (``'down'``) or at the left (``'right'``); ``'auto'`` draws down for
        up to 32 tips.
    title : str, optional
        Axes title.
    figsize : (float, float), optional
        Size of the new figure (ignored with ``ax``).
    game : Game, optional
        The searched game: draws pruned subtrees whole (greyed) instead of as stubs, and
        the robots' grid for ``boards=True``.

    Returns
    -------
    matplotlib.axes.Axes

    Raises
    ------
    ValueError
        For an unknown ``orient``, a source that is not a tree, ``upto`` outside
        ``0..len(events)``, or a ``current`` or ``pv`` that is not in the tree.

    Examples
    --------
    >>> from matplotlib.figure import Figure
    >>> from aisearch import Recorder, alphabeta, fig5_2
    >>> ax = tree(fig5_2, ax=Figure().subplots())
    >>> labels = {c.get_gid(): c for c in ax.collections}
    >>> labels["values"].texts
    ['3', '3', '2', '2']
    >>> rec = Recorder()
    >>> _ = alphabeta(fig5_2, fig5_2.initial, tracer=rec)
    >>> ax = tree(rec, ax=ax, upto=6, window=True)
    >>> labels = {c.get_gid(): c for c in ax.collections}
    >>> labels["values"].texts, labels["windows"].texts
    (['≤3'], ['α=−∞\\nβ=∞', 'α=−∞\\nβ=3'])

    Notes
    -----
    Nilsson section 12.3 (Figs 12.3-12.9); lessons ``02_minimax`` and ``03_alpha_beta``.
    """
    choose_orient(0, orient)
    model = _model(source, game, ax)
    if upto is not None:
        if model.events is None:
            raise ValueError("upto needs a recording (a Recorder or its events), not a graph")
        if isinstance(upto, bool) or not isinstance(upto, int) or not 0 <= upto <= model.steps:
            raise ValueError(f"upto must be an int from 0 to {model.steps} (the number of "
                             f"events), not {upto!r}")
    u = model.steps if upto is None else upto
    if current is None and upto:
        current = model.events[upto - 1].path
    elif current is not None and current not in model.nodes:
        raise ValueError(f"current={current!r} is not a node of the tree")
    pv_edges = _pv(model, pv, u)
    direction = choose_orient(model.leaves, orient)
    if ax is None:
        import matplotlib.pyplot as plt

        size = figsize or _auto_figsize(model, direction, boards, window, title)
        fig, ax = plt.subplots(figsize=size)
        fig.subplots_adjust(left=0.01, right=0.99, bottom=0.01,
                            top=1 - (0.4 if title else 0.05) / size[1])
    fig = ax.figure
    key = (model, direction, values, window, moves, boards, game, title,
           tuple(fig.get_size_inches()), tuple(ax.get_position().bounds))
    scene = getattr(ax, "_aisearch_tree_scene", None)
    if scene is None or scene[0] != key or scene[1].edge_lines.axes is not ax:
        if ax.collections or ax.lines or ax.texts or ax.artists or ax.patches or ax.images:
            ax.clear()  # (a caller may have cleared it already)
        scene = (key, _Scene(ax, model, direction, values, window, moves, boards, game, title))
        ax._aisearch_tree_scene = scene
        ax._aisearch_tree_model = (*model.key, model)
    scene[1].update(u, current, pv_edges)
    return ax


class _Scene:
    """Every artist of one drawing, built once; :meth:`update` restyles them for a step.

    A stepper redraws the same recording on the same Axes at every step: only colours,
    texts and visibility change, so nothing is rebuilt (fast enough for 40+ tips).
    """

    def __init__(self, ax: Any, model: _Model, direction: str, values: bool, window: bool,
                 moves: bool, boards: bool, game: Any, title: str | None) -> None:
        from matplotlib.collections import LineCollection

        self.ax, self.model, self.values, self.window = ax, model, values, window
        self.pos = pos = model.positions(direction)
        self.geo = geo = _Geometry(ax, model, direction, window, boards)
        ax.set_axis_off()
        ax.set_xlim(*geo.xlim)
        ax.set_ylim(*geo.ylim)
        nodes = model.nodes
        self.thumbs = _thumbnails(ax, model, pos, geo, game) if boards else {}
        self.edges = [(n.parent, n) for n in nodes.values() if n.parent is not None]
        self.edge_lines = LineCollection([(pos[a.path], pos[b.path]) for a, b in self.edges],
                                         zorder=1, gid="edges")
        ax.add_collection(self.edge_lines, autolim=False)
        self.pv_lines = LineCollection([], colors=COLORS["ink"], linewidths=3.4, zorder=1.5,
                                       capstyle="round", gid="pv")
        ax.add_collection(self.pv_lines, autolim=False)
        self._nodes(ax)
        self._texts(ax, moves)
        self.cuts = _cut_marks(ax, model, pos, geo)
        self.cut_labels = Labels(ax, "cut-labels", halo=True)
        _level_labels(ax, model, geo)
        if title:
            ax.set_title(title, fontsize=11)

    def _nodes(self, ax: Any) -> None:
        """One collection of markers per shape; one for the outline of the current node."""
        groups: dict[str, list[_Node]] = {}
        for p, node in self.model.nodes.items():
            if p not in self.thumbs:
                groups.setdefault(MARKERS.get(node.player, "h"), []).append(node)
        self.groups = []
        for marker, members in groups.items():
            dots = _markers(ax, marker, [self.pos[n.path] for n in members],
                            [(self.geo.size(n) * _SCALE[marker]) ** 2 for n in members],
                            linewidths=1.2, zorder=3, gid=f"nodes-{_KIND[marker]}")
            self.groups.append((dots, members))
        self.ring = _markers(ax, "o", [], [], facecolors="none", edgecolors=COLORS["current"],
                             linewidths=3.2, zorder=4, gid="current")

    def _texts(self, ax: Any, moves: bool) -> None:
        """Where each node's labels go: (anchor, offset in points, alignment, size)."""
        geo, fs, pos = self.geo, self.geo.fs, self.pos
        places = _window_places(self.model, pos, geo) if self.window and not self.thumbs else {}
        self.labels = {kind: Labels(ax, kind, halo=kind in ("windows", "moves"))
                       for kind in ("values", "tips", "windows", "moves")}
        self.spots: dict[str, dict] = {kind: {} for kind in self.labels}
        for p, node in self.model.nodes.items():
            (x, y), half = pos[p], geo.size(node) / 2
            if p in self.thumbs and node.children:
                self.spots["values"][p] = (x, y, half + 4, 0, "left", "center", fs + 1)
            elif not node.children:
                gap = 5 if p in self.thumbs else 2  # clear of a board's frame
                if node.value is not None:
                    self.spots["tips"][p] = (x, y, 0, -half - gap, "center", "top", fs) \
                        if geo.down else (x, y, half + gap + 1, 0, "left", "center", fs)
            elif self.values:
                self.spots["values"][p] = (x, y, 0, 0, "center", "center", fs)
            if self.window and node.children:
                if p in self.thumbs:
                    spot = (geo.d / 2 + 4, -fs - 4, "left", "center")
                else:
                    spot = places[p]
                self.spots["windows"][p] = (x, y, *spot, _window_size(fs))
            if moves and node.parent is not None:
                self.spots["moves"][p] = _move_spot(node, pos, geo)

    def update(self, u: int, current: Any, pv_edges: list) -> None:
        model, geo = self.model, self.geo
        status = {p: _status(n, u) for p, n in model.nodes.items()}
        ink = {UNVISITED: COLORS["faint_ink"], PRUNED: COLORS["pruned"], OPEN: COLORS["ink"],
               DONE: COLORS["ink"]}
        style = {UNVISITED: (COLORS["faint"], 1.0), PRUNED: (COLORS["pruned"], 1.0),
                 OPEN: (COLORS["edge"], 1.3), DONE: (COLORS["edge"], 1.3)}
        looks = [style[status[b.path]] for _, b in self.edges]
        self.edge_lines.set_color([c for c, _ in looks])
        self.edge_lines.set_linewidth([w for _, w in looks])
        self.pv_lines.set_segments([(self.pos[a.path], self.pos[b.path]) for a, b in pv_edges])
        for dots, members in self.groups:
            faces = [_look(n, status[n.path]) for n in members]
            dots.set_facecolor([f for f, _ in faces])
            dots.set_edgecolor([e for _, e in faces])
        node = model.nodes.get(current) if current is not None else None
        if node is not None and current not in self.thumbs:
            marker = MARKERS.get(node.player, "h")
            self.ring.set_paths([_marker_path(marker)])
            self.ring.set_offsets([self.pos[current]])
            self.ring.set_sizes([(geo.size(node) * _SCALE[marker] + 5) ** 2])
        else:
            self.ring.set_offsets(_no_points())
        tips = self.labels["tips"]
        for p, spot in self.spots["tips"].items():
            tips.add(spot, fmt(model.nodes[p].value), ink[status[p]])
        values = self.labels["values"]
        for p, (x, y, dx, dy, ha, va, size) in self.spots["values"].items():
            node, st = model.nodes[p], status[p]
            if node.children:
                text, provisional = _node_text(node, u, st) if self.values else ("", False)
            else:
                text, provisional = fmt(node.value), False
            if text:
                if p not in self.thumbs:
                    size = min(size, 1.3 * geo.size(node) / len(text))
                values.add((x, y, dx, dy, ha, va, size), text,
                           COLORS["window"] if provisional else ink[st],
                           "italic" if provisional else "normal", p in self.thumbs)
        windows = self.labels["windows"]
        for p, spot in self.spots["windows"].items():
            ab = _window_at(model.nodes[p], u) if status[p] in (OPEN, DONE) else None
            if ab is not None:
                sep = "\n" if geo.down else " "  # stacked beside a node, in a line under it
                windows.add(spot, f"α={fmt(ab[0])}{sep}β={fmt(ab[1])}", COLORS["window"])
        moves = self.labels["moves"]
        for p, (spot, text) in self.spots["moves"].items():
            moves.add(spot, text, {UNVISITED: COLORS["faint_ink"],
                                   PRUNED: COLORS["pruned"]}.get(status[p], "#333333"))
        for labels in self.labels.values():
            labels.show()
        for step, bars, spot, text, color in self.cuts:
            bars.set_visible(step < u)
            if step < u:
                self.cut_labels.add(spot, text, color, bold=True)
        self.cut_labels.show()
        for p, (box, parts) in self.thumbs.items():
            _restyle_thumb(box, parts, model.nodes[p], status[p], p == current)


class Labels:
    """Many short labels drawn as one collection of text outlines.

    Drawing a matplotlib ``Text`` costs about half a millisecond; a tree has hundreds
    of labels and a stepper redraws them at every step, so they are drawn as paths
    (cached per string) in a single ``PathCollection``. ``collection.texts`` lists the
    strings drawn, in order, and ``collection.anchors`` their data positions.
    """

    _cache: dict[tuple, Any] = {}

    def __init__(self, ax: Any, gid: str, zorder: float = 5, halo: bool = False) -> None:
        from matplotlib.collections import PathCollection
        from matplotlib.transforms import Affine2D

        # paths are in points; scaling by the figure's dpi follows savefig(dpi=...)
        points = Affine2D().scale(1 / 72) + ax.figure.dpi_scale_trans
        self.halo = None
        if halo:  # a white outline under the letters keeps them legible over edges
            self.halo = PathCollection([], offsets=_no_points(), offset_transform=ax.transData,
                                       facecolors="white", edgecolors="white", linewidths=2.2,
                                       zorder=zorder - 0.01, gid=f"{gid}-halo", clip_on=False)
            self.halo.set_transform(points)
            self.halo.set_snap(False)  # snapping chops thin strokes: "E" would read "F"
            ax.add_collection(self.halo, autolim=False)
        self.collection = PathCollection(
            [], offsets=_no_points(), offset_transform=ax.transData, edgecolors="none",
            zorder=zorder, gid=gid, clip_on=False)
        self.collection.set_transform(points)
        self.collection.set_snap(False)
        self.collection.texts, self.collection.anchors = [], []
        ax.add_collection(self.collection, autolim=False)
        self._pending: list[tuple] = []

    def add(self, spot: tuple, text: str, color: str, style: str = "normal",
            bold: bool = False) -> None:
        self._pending.append((spot, text, color, style, bold))

    def show(self) -> None:
        """Replace the drawn labels by those added since the last call."""
        items, self._pending = self._pending, []
        paths = [self._path(spot[2:], text, style, bold) for spot, text, _, style, bold in items]
        anchors = [spot[:2] for spot, *_ in items]
        for c in (self.collection, self.halo) if self.halo else (self.collection,):
            c.set_paths(paths)
            c.set_offsets(anchors if items else _no_points())
        c = self.collection
        c.set_facecolor([color for _, _, color, _, _ in items])
        c.texts, c.anchors = [text for _, text, _, _, _ in items], anchors

    @classmethod
    def _path(cls, place: tuple, text: str, style: str, bold: bool) -> Any:
        key = (place, text, style, bold)
        path = cls._cache.get(key)
        if path is None:
            import numpy as np
            from matplotlib.font_manager import FontProperties
            from matplotlib.path import Path
            from matplotlib.textpath import TextPath

            dx, dy, ha, va, size = place
            font = FontProperties(style=style, weight="bold" if bold else "normal")
            lines = text.split("\n")
            cap, step = 0.73 * size, 1.2 * size  # DejaVu's cap height aligns '3' and '−∞'
            height = cap + (len(lines) - 1) * step  # first line's cap to last baseline
            top = {"center": height / 2, "top": 0, "bottom": height + 0.25 * size}[va]
            vertices, codes = [], []
            for i, line in enumerate(lines):
                raw = TextPath((0, 0), line or " ", size=size, prop=font)
                box = raw.get_extents()
                x = {"left": 0, "center": -(box.x0 + box.x1) / 2, "right": -box.x1}[ha]
                vertices.append(raw.vertices + (x + dx, top - cap - i * step + dy))
                codes.append(raw.codes)
            path = Path(np.concatenate(vertices), np.concatenate(codes))
            if len(cls._cache) > 20_000:
                cls._cache.clear()
            cls._cache[key] = path
        return path


def _marker_path(marker: str) -> Any:
    from matplotlib.markers import MarkerStyle

    style = MarkerStyle(marker)
    return style.get_path().transformed(style.get_transform())


def _markers(ax: Any, marker: str, xy: list, sizes: list, **style: Any) -> Any:
    """Markers of one shape, sized in points**2, like ``scatter`` but much cheaper to make."""
    from matplotlib.collections import PathCollection
    from matplotlib.transforms import IdentityTransform

    dots = PathCollection([_marker_path(marker)], sizes=sizes, offsets=xy or _no_points(),
                          offset_transform=ax.transData, **style)
    dots.set_transform(IdentityTransform())  # sizes are in points, as for scatter
    ax.add_collection(dots, autolim=False)
    return dots


def _no_points() -> Any:
    import numpy as np

    return np.empty((0, 2))


_SCALE = {"s": 0.9, "o": 1.0, "D": 1.3 / math.sqrt(2), "h": 1.0}
_KIND = {"s": "max", "o": "min", "D": "chance", "h": "other"}


def _look(node: _Node, st: int) -> tuple[str, str]:
    """Face and edge colour of a node marker."""
    if st == UNVISITED:
        return COLORS["faint_face"], COLORS["faint"]
    if st == PRUNED:
        return COLORS["pruned_face"], COLORS["pruned"]
    return COLORS.get(node.player, COLORS[None]), COLORS["ink"]


def _crosses(box: tuple, seg: tuple) -> bool:
    """Does segment ``seg`` (x0, y0, x1, y1) meet rectangle ``box`` (left, bottom, right, top)?"""
    x0, y0, x1, y1 = seg
    left, bottom, right, top = box
    dx, dy, t0, t1 = x1 - x0, y1 - y0, 0.0, 1.0
    for p, q in ((-dx, x0 - left), (dx, right - x0), (-dy, y0 - bottom), (dy, top - y0)):
        if p == 0:
            if q < 0:
                return False
        elif p < 0:
            t0 = max(t0, q / p)
        else:
            t1 = min(t1, q / p)
        if t0 > t1:
            return False
    return True


def _overlap(a: tuple, b: tuple) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _window_places(model: _Model, pos: dict, geo: _Geometry) -> dict:
    """Where each internal node's window goes: the first place free of edges and nodes.

    Down: stacked on the right (centred, raised, lowered), else on the left; right: in a
    line under the node, else over it. A place is free when no edge of the node or of
    its neighbours at that level crosses it, and it covers no neighbour and no window
    placed before; when none is free, the least crowded one is taken.
    """
    size = _window_size(geo.fs)
    if geo.down:
        w, h, slot = 3.0 * size, 2.3 * size, 0
        offsets = [(3, 0, "left", "center"), (3, 1 + h / 2, "left", "center"),
                   (3, -1 - h / 2, "left", "center"), (-3, 1 + h / 2, "right", "center"),
                   (-3, -1 - h / 2, "right", "center"), (0, -3, "center", "top"),
                   (0, 3, "center", "bottom")]
    else:
        w, h, slot = 5.6 * size, 0.8 * size, 1
        offsets = [(0, -2, "center", "top"), (0, 2, "center", "bottom")]
    at = {p: (x * geo.sx, y * geo.sy) for p, (x, y) in pos.items()}  # in points
    by_level: dict[int, list] = {}
    for p in model.nodes:
        by_level.setdefault(model.level[p], []).append(p)
    places, taken = {}, []
    for level in sorted(by_level):
        row = sorted(by_level[level], key=lambda p: at[p][0] if geo.down else -at[p][1])
        for i, p in enumerate(row):
            node = model.nodes[p]
            if not node.children:
                continue
            half, (x, y) = geo.size(node) / 2, at[p]
            near = [q for q in row[max(i - 3, 0):i + 4] if q != p
                    and abs(at[q][slot] - at[p][slot]) < w + geo.d + 20]
            segments = []
            for q in [p, *near]:
                ends = [c.path for c in model.nodes[q].children]
                if model.nodes[q].parent is not None:
                    ends.append(model.nodes[q].parent.path)
                segments += [(*at[q], *at[e]) for e in ends]
            boxes = [(at[q][0] - geo.d / 2, at[q][1] - geo.d / 2, at[q][0] + geo.d / 2,
                      at[q][1] + geo.d / 2) for q in near]
            best = None
            for dx, dy, ha, va in offsets:
                dx += half if dx > 0 else -half if dx < 0 else 0
                if ha == "center":  # under or over the node
                    dy += half if dy > 0 else -half
                left = x + (dx if ha == "left" else dx - w if ha == "right" else dx - w / 2)
                bottom = y + (dy - h / 2 if va == "center" else dy - h if va == "top" else dy)
                box = (left, bottom, left + w, bottom + h)
                # an edge under a haloed label is fine; text on a node or on text is not
                score = sum(_crosses(box, seg) for seg in segments) + \
                    3 * sum(_overlap(box, b) for b in boxes) + 4 * sum(_overlap(box, b)
                                                                    for b in taken)
                if best is None or score < best[0]:
                    best = (score, box, (dx, dy, ha, va))
                if score == 0:
                    break
            taken.append(best[1])
            places[p] = best[2]
    return places


def _move_spot(node: _Node, pos: dict, geo: _Geometry) -> tuple[tuple, str]:
    """The move beside the middle of its edge, on the side facing the parent's level.

    Mid-edge, a label is far from the nodes' own labels and siblings' labels stay apart;
    it is pushed off the line along the edge's normal, so steep and shallow edges alike
    keep their label clear.
    """
    (x0, y0), (x1, y1) = pos[node.parent.path], pos[node.path]
    dx, dy = (x1 - x0) * geo.sx, (y1 - y0) * geo.sy  # in points
    length = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / length, dx / length
    back = ny if geo.down else -nx  # towards the parent's level; ties: right or up
    if back < -1e-9 or (abs(back) <= 1e-9 and (nx if geo.down else ny) < 0):
        nx, ny = -nx, -ny
    text = str(node.move)
    if node.prob is not None:
        text += f" ({_fmt_prob(node.prob)})"
    size = 0.85 * geo.fs
    w, h = 0.62 * size * len(text), 0.75 * size
    gap = 2.5 + abs(nx) * w / 2 + abs(ny) * h / 2
    return ((x0 + x1) / 2, (y0 + y1) / 2, nx * gap, ny * gap, "center", "center", size), text


def _level_labels(ax: Any, model: _Model, geo: _Geometry) -> None:
    """MAX / MIN / CHANCE beside each level whose searched nodes all have one player."""
    players: dict[int, set] = {}
    for p, node in model.nodes.items():
        if node.enter is not None:
            players.setdefault(model.level[p], set()).add(node.player)
    labels = Labels(ax, "levels")
    for level, who in sorted(players.items()):
        if len(who) == 1 and (name := NAMES.get(next(iter(who)))):
            if geo.down:
                spot = (geo.xlim[0], -level, 2, 0, "left", "center", 0.9 * geo.fs)
            else:
                spot = (level, geo.ylim[1], 0, -2, "center", "top", 0.9 * geo.fs)
            labels.add(spot, name, "#808080")
    labels.show()


def _cut_marks(ax: Any, model: _Model, pos: dict, geo: _Geometry) -> list:
    """A double bar across each edge a cut-off skipped (one Line2D per Cut), and its label.

    Returns ``(step, bars, label spot, label text, colour)`` per Cut.
    """
    from matplotlib.lines import Line2D

    out = []
    for p, node in model.nodes.items():
        skipped = [c for c in node.children if node.cut and c.pruned == node.cut[0]
                   and c.enter is None]
        if not skipped:
            continue
        kind = node.cut[1]
        color = COLORS.get(kind, COLORS["alpha"])
        xs: list[float] = []
        ys: list[float] = []
        x0, y0 = pos[p]
        for c in skipped:
            x1, y1 = pos[c.path]
            dx, dy = (x1 - x0) * geo.sx, (y1 - y0) * geo.sy  # in points
            length = math.hypot(dx, dy) or 1.0
            ux, uy = dx / length, dy / length
            at = _clamp(0.72 * length, geo.d / 2 + 8, length - geo.size(c) / 2 - 6)
            half = 0.42 * geo.d
            for shift in (-1.6, 1.6):
                cx, cy = ux * (at + shift), uy * (at + shift)
                xs += [x0 + (cx - uy * half) / geo.sx, x0 + (cx + uy * half) / geo.sx, math.nan]
                ys += [y0 + (cy + ux * half) / geo.sy, y0 + (cy - ux * half) / geo.sy, math.nan]
        bars = Line2D(xs, ys, color=color, linewidth=1.8, zorder=2.5, gid=f"cut-{kind}",
                      solid_capstyle="butt")
        ax.add_line(bars)
        # the label sits beyond the last bar, away from the searched edges
        ends = [(xs[-3], ys[-3]), (xs[-2], ys[-2])]
        if geo.down:
            spot = (*max(ends), 3, 0, "left", "center", 0.85 * geo.fs)
        else:
            spot = (*min(ends, key=lambda e: e[1]), 0, -3, "center", "top", 0.85 * geo.fs)
        text = {"alpha": "α-cut", "beta": "β-cut"}.get(kind, f"{kind} cut")
        out.append((node.cut[0], bars, spot, text, color))
    return out


def _thumbnails(ax: Any, model: _Model, pos: dict, geo: _Geometry, game: Any) -> dict:
    """Board pictures as nodes: square frames for MAX, round ones for MIN."""
    from matplotlib.offsetbox import AnnotationBbox

    from aisearch.plot.boards import thumbnail

    out = {}
    for p, node in model.nodes.items():
        if node.state is None:
            continue
        area = thumbnail(node.state, game, size=geo.d - 6)
        style = "round,pad=0.25,rounding_size=0.9" if node.player == MIN else "square,pad=0.25"
        box = AnnotationBbox(area, pos[p], frameon=True, pad=0.25, zorder=3, gid="board",
                             bboxprops={"boxstyle": style})
        ax.add_artist(box)
        out[p] = (box, area.get_children())
    return out


def _restyle_thumb(box: Any, parts: list, node: _Node, st: int, current: bool) -> None:
    if st == UNVISITED:
        edge, width, face = COLORS["faint"], 1.2, "white"
    elif st == PRUNED:
        edge, width, face = COLORS["pruned"], 1.2, COLORS["pruned_face"]
    else:
        edge = {MAX: COLORS["beta"], MIN: COLORS["alpha"]}.get(node.player, COLORS["ink"])
        width, face = 1.8, COLORS.get(node.player, "white")
    if current:
        edge, width = COLORS["current"], 3.4
    box.patch.set_edgecolor(edge)
    box.patch.set_linewidth(width)
    box.patch.set_facecolor(face)
    for part in parts:
        part.set_alpha(0.35 if st in (UNVISITED, PRUNED) else 1.0)
