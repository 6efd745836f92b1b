"""Where each label of a tree drawing is written: fixed labels first, then the first free
place of each movable one (:class:`~aisearch.plot.place.Placer`).

Fixed: the node markers and board thumbnails, the values in the nodes (or beside a board),
the tip values and the MAX / MIN names of the levels. Movable, in this order: the names of
the cut-offs, the alpha-beta windows and the moves on the edges. A label's box is taken for
the widest text it will show at any step, so a stepper's labels never run into each other
as the search goes on. A movable label with no free place is left out (moves first: the
edges still show the tree).

Private to :mod:`aisearch.plot.scene`.
"""

from __future__ import annotations

import math
from typing import Any

from aisearch.core import side_name, unwrap
from aisearch.plot.geometry import MIN_POINTS, _Geometry, _window_size
from aisearch.plot.model import _Node
from aisearch.plot.place import Placer, text_box
from aisearch.plot.step import DONE, _fmt_prob, _node_text, fmt

__all__: list[str] = []

Spot = tuple  # (x, y, dx, dy, ha, va, size): data anchor, offset in points, alignment, size


def _box(spot: Spot, text: str, geo: _Geometry, bold: bool = False) -> tuple:
    x, y, *place = spot
    return text_box((x * geo.sx, y * geo.sy), tuple(place), text, bold)


def _widest(texts: list[str], size: float) -> str:
    """The text of ``texts`` that is drawn widest (what a label's box is taken for)."""
    if len(texts) == 1:
        return texts[0]
    return max(texts, key=lambda t: text_box((0, 0), (0, 0, "left", "center", size), t)[2])


def folded_text(n: int) -> str:
    """What a folded subtree says under its mark: how many nodes it holds below its root."""
    return f"{n:,} node{'s' if n != 1 else ''}"


def value_texts(node: _Node, steps: int, known: dict | None = None) -> list[str]:
    """Every text an internal node's value label can show: its bounds while it is searched,
    and what it ends with (``known``: as for :func:`~aisearch.plot.step._node_text`)."""
    sign = "" if isinstance(node.value, tuple) else "≥" if node.player == 0 else "≤"
    texts = [sign + fmt(best) for _, best in node.bests if best is not None]
    end, _ = _node_text(node, steps + 1, DONE, known) if node.exit is not None else (
        "", False)
    return [t for t in [*texts, end, fmt(node.value)] if t] or [""]


def value_size(geo: _Geometry, node: _Node, text: str, size: float) -> float:
    """The size of the value written in a node: as large as fits, never below 8 points."""
    return max(MIN_POINTS, min(size, 1.3 * geo.size(node) / max(len(text), 1)))


def fixed(scene: Any, placer: Placer) -> None:
    """Markers, boards, values and tip values: placed where they belong, their boxes taken."""
    model, geo, pos, spots = scene.model, scene.geo, scene.pos, scene.spots
    fs = geo.fs
    known: dict = {}  # the nodes' intervals once the search is over, read once each
    for p, node in model.nodes.items():
        (x, y), half = pos[p], geo.size(node) / 2
        cx, cy = x * geo.sx, y * geo.sy
        if p in model.counts:  # other moves, as a count written where a node would be
            spot = (x, y, 0, 0, "center", "center", MIN_POINTS)
            spots["counts"][p] = spot
            placer.take(_box(spot, model.counts[p][0], geo))
            continue
        if p in model.folded:  # the size of the folded subtree, beyond its triangle
            spot = (x, y, 0, -half - 12, "center", "top", MIN_POINTS) if geo.down else \
                (x, y, half + 16, 0, "left", "center", MIN_POINTS)
            spots["sizes"][p] = spot
            placer.take(_box(spot, folded_text(model.folded[p]), geo))
        pad = 3 if p in scene.thumbs else 0
        placer.take((cx - half - pad, cy - half - pad, cx + half + pad, cy + half + pad))
        if p in scene.thumbs and node.children:
            spot = (x, y, half + 4, 0, "left", "center", fs + 1)
            texts = value_texts(node, model.steps, known)
            spots["values"][p] = spot
            placer.take(_box(spot, _widest(texts, fs + 1), geo))
        elif not node.children:
            gap = 5 if p in scene.thumbs else 2  # clear of a board's frame
            if node.value is not None:
                spot = (x, y, 0, -half - gap, "center", "top", fs) if geo.down else \
                    (x, y, half + gap + 1, 0, "left", "center", fs)
                spots["tips"][p] = spot
                placer.take(_box(spot, fmt(node.value), geo))
        elif scene.values and isinstance(node.value, tuple):  # utility tuples: beside
            spot = (x, y, half + 3, 0, "left", "center", fs)
            spots["values"][p] = spot
            placer.take(_box(spot, _widest(value_texts(node, model.steps, known), fs), geo))
        elif scene.values:
            spots["values"][p] = (x, y, 0, 0, "center", "center", fs)
            text = _widest(value_texts(node, model.steps, known), fs)
            size = value_size(geo, node, text, fs)
            placer.take(_box((x, y, 0, 0, "center", "center", size), text, geo))


def _window_candidates(geo: _Geometry, half: float) -> list[tuple]:
    size = _window_size(geo.fs)
    if geo.down:  # stacked beside the node, else under or over it
        h = 2.3 * size
        return [(half + 3, 0, "left", "center"), (half + 3, 1 + h / 2, "left", "center"),
                (half + 3, -1 - h / 2, "left", "center"),
                (-half - 3, 1 + h / 2, "right", "center"),
                (-half - 3, -1 - h / 2, "right", "center"), (-half - 3, 0, "right", "center"),
                (0, -half - 3, "center", "top"), (0, half + 3, "center", "bottom")]
    return [(0, -half - 2, "center", "top"), (0, half + 2, "center", "bottom"),
            (half + 3, half, "left", "bottom"), (half + 3, -half, "left", "top")]


def windows(scene: Any, placer: Placer) -> None:
    """Each internal node's alpha and beta, at the first free place beside it."""
    model, geo, pos = scene.model, scene.geo, scene.pos
    size = _window_size(geo.fs)
    sep = "\n" if geo.down else " "  # stacked beside a node, in a line under it
    for p, node in sorted(model.nodes.items(), key=lambda kv: model.level[kv[0]]):
        if not node.children or not node.windows:
            continue
        texts = [f"α={fmt(a)}{sep}β={fmt(b)}" for _, a, b in node.windows]
        text = _widest(texts, size)
        (x, y), half = pos[p], geo.size(node) / 2
        spots = [(x, y, *c, size) for c in _window_candidates(geo, half)]
        k = placer.place([_box(s, text, geo) for s in spots])
        if k is not None:
            scene.spots["windows"][p] = spots[k]


def move_text(node: _Node, text: str) -> str:
    if node.researched:
        text += " again"  # a re-search: the same move searched once more
    if node.prob is not None:
        text += f" ({_fmt_prob(node.prob)})"
    return text


def segment_distance(x: float, y: float, seg: tuple) -> float:
    """The distance from the point ``(x, y)`` to the segment ``(x0, y0, x1, y1)``.

    >>> segment_distance(0, 1, (-1, 0, 1, 0)), segment_distance(3, 4, (0, 0, 0, 0))
    (1.0, 5.0)
    """
    x0, y0, x1, y1 = seg
    dx, dy = x1 - x0, y1 - y0
    t = ((x - x0) * dx + (y - y0) * dy) / (dx * dx + dy * dy or 1.0)
    t = min(1.0, max(0.0, t))
    return math.hypot(x - x0 - t * dx, y - y0 - t * dy)


def edge_in_points(scene: Any, node: _Node) -> tuple:
    """The edge from ``node``'s parent to ``node``, in points."""
    assert node.parent is not None
    (x0, y0), (x1, y1) = scene.pos[node.parent.key], scene.pos[node.key]
    geo = scene.geo
    return (x0 * geo.sx, y0 * geo.sy, x1 * geo.sx, y1 * geo.sy)


def moves(scene: Any, placer: Placer, name: Any) -> None:
    """Each edge's move, beside the edge: at its middle on the side facing the parent's
    level first, then further along or on the other side; where edges fan out, only where
    the label is nearer its own edge than any other edge of the same parent (else a label
    could be read as the neighbouring edge's), if such a place is free."""
    model, geo, pos = scene.model, scene.geo, scene.pos
    size = max(MIN_POINTS, 0.85 * geo.fs)
    order = sorted((n for n in model.nodes.values()
                    if n.parent is not None and n.key not in model.counts),
                   key=lambda n: model.level[n.key])
    edges = {node.key: edge_in_points(scene, node) for node in order}
    children: dict[Any, list[_Node]] = {}
    for node in order:
        children.setdefault(node.parent.key, []).append(node)  # type: ignore[union-attr]
    for node in order:
        parent = node.parent
        assert parent is not None
        text = move_text(node, name(node))
        own = edges[node.key]
        others = [edges[n.key] for n in children[parent.key] if n is not node]
        (x0, y0), (x1, y1) = pos[parent.key], pos[node.key]
        dx, dy = (x1 - x0) * geo.sx, (y1 - y0) * geo.sy  # in points
        length = math.hypot(dx, dy) or 1.0
        nx, ny = -dy / length, dx / length
        back = ny if geo.down else -nx  # towards the parent's level; ties: right or up
        if back < -1e-9 or (abs(back) <= 1e-9 and (nx if geo.down else ny) < 0):
            nx, ny = -nx, -ny
        plain = text_box((0, 0), (0, 0, "center", "center", size), text)
        w, h = plain[2] - plain[0], plain[3] - plain[1]
        gap = 2.5 + abs(nx) * w / 2 + abs(ny) * h / 2
        spots = []
        for t in (0.5, 0.38, 0.62, 0.28, 0.72):
            for side in (1, -1):
                spots.append((x0 + t * (x1 - x0), y0 + t * (y1 - y0), side * nx * gap,
                              side * ny * gap, "center", "center", size))
        for t in (0.62, 0.72, 0.5):  # on the edge itself (its halo keeps the edge readable)
            spots.append((x0 + t * (x1 - x0), y0 + t * (y1 - y0), 0.0, 0.0, "center", "center",
                          size))
        clear = [spot for spot in spots if _nearest_is_own(spot, geo, own, others)]
        k = placer.place([_box(s, text, geo) for s in clear], gap=1.0) if clear else None
        if k is not None:
            scene.spots["moves"][node.key] = (clear[k], text)
            continue
        k = placer.place([_box(s, text, geo) for s in spots], gap=1.0)
        if k is not None:
            scene.spots["moves"][node.key] = (spots[k], text)


def _nearest_is_own(spot: Spot, geo: _Geometry, own: tuple, others: list[tuple]) -> bool:
    """Whether the middle of a label at ``spot`` is nearer the edge ``own`` than every edge
    of ``others`` (all in points)."""
    x, y = spot[0] * geo.sx + spot[2], spot[1] * geo.sy + spot[3]
    mine = segment_distance(x, y, own)
    return all(segment_distance(x, y, seg) > mine for seg in others)


def cut_labels(scene: Any, placer: Placer) -> None:
    """The name of each cut-off beside its bars: beyond them, before them, over or under."""
    geo = scene.geo
    size = max(MIN_POINTS, 0.85 * geo.fs)
    placed = []
    for step, bars, ends, text, color in scene.cuts:
        (xa, ya), (xb, yb) = ends
        right, left = max(ends), min(ends)
        low, high = min(ends, key=lambda e: e[1]), max(ends, key=lambda e: e[1])
        spots = [(*right, 3, 0, "left", "center", size), (*left, -3, 0, "right", "center", size),
                 (*low, 0, -3, "center", "top", size), (*high, 0, 3, "center", "bottom", size)]
        if not geo.down:
            spots = spots[2:] + spots[:2]
        k = placer.place([_box(s, text, geo, bold=True) for s in spots])
        placed.append((step, bars, None if k is None else spots[k], text, color))
    scene.cuts = placed


def level_names(scene: Any, placer: Placer, names: dict, game: Any) -> list:
    """MAX / MIN / CHANCE beside each level whose searched nodes all have one player (player
    0, 1, 2, ... in a game of more than two players)."""
    model, geo = scene.model, scene.geo
    if getattr(unwrap(game), "players", 2) > 2:
        names = {p: side_name(game, p) for p in range(unwrap(game).players)}
    players: dict[int, set] = {}
    for p, node in model.nodes.items():
        if node.enter is not None:
            players.setdefault(model.level[p], set()).add(node.player)
    out = []
    size = max(MIN_POINTS, 0.9 * geo.fs)
    for level, who in sorted(players.items()):
        if len(who) == 1 and (name := names.get(next(iter(who)))):
            if geo.down:
                spot = (geo.xlim[0], -level, 2, 0, "left", "center", size)
            else:
                spot = (level, geo.ylim[1], 0, -2, "center", "top", size)
            box = _box(spot, name, geo)
            if placer.free(box):
                placer.take(box)
                out.append((spot, name))
    return out
