"""The artists of one tree drawing, built once and restyled at each step of a search.

Colours and marker shapes by player, then ``_Scene``, which makes the edges, node markers,
labels, cut-off bars and board thumbnails, and updates their colours and texts for a step.
"""

from __future__ import annotations

import math
from typing import Any

from aisearch.core import CHANCE, MAX, MIN
from aisearch.plot import spots
from aisearch.plot.geometry import _clamp, _Geometry
from aisearch.plot.labels import Labels, _marker_path, _markers, _no_points
from aisearch.plot.model import _Model, _Node
from aisearch.plot.place import Placer
from aisearch.plot.spots import folded_text
from aisearch.plot.step import DONE, OPEN, PRUNED, UNVISITED, _node_text, _status, fmt

__all__ = ["COLORS", "CUT_LABELS"]


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
    "star1": "#8e44ad",  # Star1 cut-off at a chance node (Ballard's *-minimax)
    "star2": "#16866e",  # Star2 cut-off at a chance node, settled by probing
    "current": "#f39c12",
    "window": "#555555",
}
"""Colours by player and by role; tests and widgets may read them."""

CUT_LABELS = {"alpha": "α-cut", "beta": "β-cut", "star1": "Star1 cut", "star2": "Star2 cut"}
"""The label drawn beside each kind of cut-off (a ``Cut`` event's ``kind``)."""
MARKERS = {MAX: "s", MIN: "o", CHANCE: "D"}
NAMES = {MAX: "MAX", MIN: "MIN", CHANCE: "CHANCE"}


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
        self.geo = geo = _Geometry(ax, model, direction, window, boards, _least(game))
        ax.set_axis_off()
        ax.set_xlim(*geo.xlim)
        ax.set_ylim(*geo.ylim)
        nodes = model.nodes
        self.thumbs = _thumbnails(ax, model, pos, geo, game) if boards else {}
        self.edges = [(n.parent, n) for n in nodes.values() if n.parent is not None]
        self.edge_lines = LineCollection([(pos[a.key], pos[b.key]) for a, b in self.edges],
                                         zorder=1, gid="edges")
        ax.add_collection(self.edge_lines, autolim=False)
        self.pv_lines = LineCollection([], colors=COLORS["ink"], linewidths=3.4, zorder=1.5,
                                       capstyle="round", gid="pv")
        ax.add_collection(self.pv_lines, autolim=False)
        self._nodes(ax)
        self.cuts = _cut_marks(ax, model, pos, geo)
        self._texts(ax, moves, game)
        self.cut_labels = Labels(ax, "cut-labels", halo=True)
        if title:
            ax.set_title(title, fontsize=11)

    def _nodes(self, ax: Any) -> None:
        """One collection of markers per shape; one for the outline of the current node."""
        groups: dict[str, list[_Node]] = {}
        for p, node in self.model.nodes.items():
            if p not in self.thumbs and p not in self.model.counts:
                groups.setdefault(MARKERS.get(node.player, "h"), []).append(node)
        self.groups = []
        for marker, members in groups.items():
            dots = _markers(ax, marker, [self.pos[n.key] for n in members],
                            [(self.geo.size(n) * _SCALE[marker]) ** 2 for n in members],
                            linewidths=1.2, zorder=3, gid=f"nodes-{_KIND[marker]}")
            self.groups.append((dots, members))
        self.ring = _markers(ax, "o", [], [], facecolors="none", edgecolors=COLORS["current"],
                             linewidths=3.2, zorder=4, gid="current")
        self.folds = []  # a finished subtree folded into one mark: a triangle below its root
        if self.model.folded:
            geo, down = self.geo, self.geo.down
            at = []
            for p in self.model.folded:
                (x, y), half = self.pos[p], geo.size(self.model.nodes[p]) / 2 + 5
                at.append((x, y - half / geo.sy) if down else (x + half / geo.sx, y))
            self.folds = list(self.model.folded)
            self.fold_marks = _markers(ax, "v" if down else ">", at, [9**2] * len(at),
                                       linewidths=1.0, zorder=3, gid="folds")

    def _texts(self, ax: Any, moves: bool, game: Any) -> None:
        """Where each label goes (:mod:`aisearch.plot.spots`): ``spots[kind][node]`` is its
        anchor, offset in points, alignment and size; a label with no room has none."""
        self.labels = {kind: Labels(ax, kind, halo=kind in ("windows", "moves", "counts"))
                       for kind in ("values", "tips", "windows", "moves", "counts", "sizes")}
        self.spots: dict[str, dict] = {kind: {} for kind in self.labels}
        geo = self.geo
        placer = Placer((geo.xlim[0] * geo.sx, geo.ylim[0] * geo.sy, geo.xlim[1] * geo.sx,
                         geo.ylim[1] * geo.sy))  # labels stay in the axes
        placer.avoid([(self.pos[a.key][0] * self.geo.sx, self.pos[a.key][1] * self.geo.sy,
                       self.pos[b.key][0] * self.geo.sx, self.pos[b.key][1] * self.geo.sy)
                      for a, b in self.edges])
        spots.fixed(self, placer)
        levels = Labels(ax, "levels")
        for spot, name in spots.level_names(self, placer, NAMES, game):
            levels.add(spot, name, "#808080")
        levels.show()
        spots.cut_labels(self, placer)
        if self.window:
            spots.windows(self, placer)
        if moves:
            spots.moves(self, placer, lambda node: self.model.move_name(node, game))

    def update(self, u: int, current: Any, pv_edges: list) -> None:
        model, geo = self.model, self.geo
        status = {p: _status(n, u) for p, n in model.nodes.items()}
        ink = {UNVISITED: COLORS["faint_ink"], PRUNED: COLORS["pruned"], OPEN: COLORS["ink"],
               DONE: COLORS["ink"]}
        style = {UNVISITED: (COLORS["faint"], 1.0), PRUNED: (COLORS["pruned"], 1.0),
                 OPEN: (COLORS["edge"], 1.3), DONE: (COLORS["edge"], 1.3)}
        looks = [style[status[b.key]] for _, b in self.edges]
        self.edge_lines.set_color([c for c, _ in looks])
        self.edge_lines.set_linewidth([w for _, w in looks])
        self.pv_lines.set_segments([(self.pos[a.key], self.pos[b.key]) for a, b in pv_edges
                                    if a.key in self.pos and b.key in self.pos])
        for dots, members in self.groups:
            faces = [_look(n, status[n.key]) for n in members]
            dots.set_facecolor([f for f, _ in faces])
            dots.set_edgecolor([e for _, e in faces])
        if self.folds:
            self.fold_marks.set_facecolor(COLORS["faint_face"])
            self.fold_marks.set_edgecolor(COLORS["edge"])
        counts = self.labels["counts"]
        for p, spot in self.spots["counts"].items():
            text, st = model.counts[p]
            counts.add(spot, text, {UNVISITED: COLORS["faint_ink"], PRUNED: COLORS["pruned"]}
                       .get(st, COLORS["window"]), "italic")
        node = model.nodes.get(current) if current is not None else None
        if node is not None and current not in self.thumbs:
            marker = MARKERS.get(node.player, "h")
            self.ring.set_paths([_marker_path(marker)])
            self.ring.set_offsets([self.pos[current]])
            self.ring.set_sizes([(geo.size(node) * _SCALE[marker] + 5) ** 2])
        else:
            self.ring.set_offsets(_no_points())
        sizes = self.labels["sizes"]
        for p, spot in self.spots["sizes"].items():
            sizes.add(spot, folded_text(model.folded[p]), COLORS["window"])
        tips = self.labels["tips"]
        for p, spot in self.spots["tips"].items():
            tips.add(spot, fmt(model.nodes[p].value), ink[status[p]])
        values = self.labels["values"]
        known: dict = {}  # the intervals of step u, read once each
        for p, (x, y, dx, dy, ha, va, size) in self.spots["values"].items():
            node, st = model.nodes[p], status[p]
            if node.children:
                text, provisional = _node_text(node, u, st, known) if self.values else ("", False)
            else:
                text, provisional = fmt(node.value), False
            if text:
                if ha == "center":  # written in the node: as large as fits
                    size = spots.value_size(geo, node, text, size)
                values.add((x, y, dx, dy, ha, va, size), text,
                           COLORS["window"] if provisional else ink[st],
                           "italic" if provisional else "normal", p in self.thumbs)
        windows = self.labels["windows"]
        for p, spot in self.spots["windows"].items():
            ab = model.nodes[p].window_at(u) if status[p] in (OPEN, DONE) else None
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
            if step < u and spot is not None:
                self.cut_labels.add(spot, text, color, bold=True)
        self.cut_labels.show()
        for p, (box, parts) in self.thumbs.items():
            _restyle_thumb(box, parts, model.nodes[p], status[p], p == current)


_SCALE = {"s": 0.9, "o": 1.0, "D": 1.3 / math.sqrt(2), "h": 1.0}
_KIND = {"s": "max", "o": "min", "D": "chance", "h": "other"}


def _least(game: Any) -> float:
    """The smallest board thumbnail that reads, in points (the game's painter says)."""
    from aisearch.plot.painters import painter_for

    return max(16.0, painter_for(game).least) if game is not None else 16.0


def _look(node: _Node, st: int) -> tuple[str, str]:
    """Face and edge colour of a node marker."""
    if st == UNVISITED:
        return COLORS["faint_face"], COLORS["faint"]
    if st == PRUNED:
        return COLORS["pruned_face"], COLORS["pruned"]
    return COLORS.get(node.player, COLORS[None]), COLORS["ink"]


def _cut_marks(ax: Any, model: _Model, pos: dict, geo: _Geometry) -> list:
    """A double bar across each edge a cut-off skipped (one Line2D per Cut), and its label.

    Returns ``(step, bars, ends of the last bar, label text, colour)`` per Cut; the label's
    place is chosen with the others (:func:`aisearch.plot.spots.cut_labels`).
    """
    from matplotlib.lines import Line2D

    out = []
    for p, node in model.nodes.items():
        skipped = [c for c in node.children if node.cut and c.pruned == node.cut[0]
                   and c.enter is None and c.key in pos]
        if not skipped:
            continue
        kind = node.cut[1]
        color = COLORS.get(kind, COLORS["alpha"])
        xs: list[float] = []
        ys: list[float] = []
        x0, y0 = pos[p]
        for c in skipped:
            x1, y1 = pos[c.key]
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
        ends = ((xs[-3], ys[-3]), (xs[-2], ys[-2]))
        text = CUT_LABELS.get(kind, f"{kind} cut")
        out.append((node.cut[0], bars, ends, text, color))
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
