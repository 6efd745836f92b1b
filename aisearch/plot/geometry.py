"""Where things go in a tree drawing: figure size, node and font sizes, label places.

``_Geometry`` fits the laid-out tree and its labels into the axes (sizes in points, data
limits); ``_window_places`` and ``_move_spot`` put the alpha-beta windows and the move
labels where they cross no edge and cover no node.
"""

from __future__ import annotations

import math
from typing import Any

from aisearch.plot.model import _Model, _Node
from aisearch.plot.step import _fmt_prob

__all__: list[str] = []  # all private: the drawing's API is aisearch.plot.tree


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
    offsets: list[tuple[float, float, str, str]]
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
    taken: list[tuple[float, float, float, float]]
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
                ends = [c.key for c in model.nodes[q].children]
                if model.nodes[q].parent is not None:
                    ends.append(model.nodes[q].parent.key)
                segments += [(*at[q], *at[e]) for e in ends if e in at]  # (drawn nodes only)
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
            assert best is not None  # offsets is not empty
            taken.append(best[1])
            places[p] = best[2]
    return places


def _move_spot(node: _Node, pos: dict, geo: _Geometry) -> tuple[tuple, str]:
    """The move beside the middle of its edge, on the side facing the parent's level.

    Mid-edge, a label is far from the nodes' own labels and siblings' labels stay apart;
    it is pushed off the line along the edge's normal, so steep and shallow edges alike
    keep their label clear.
    """
    assert node.parent is not None  # only edges get move labels
    (x0, y0), (x1, y1) = pos[node.parent.key], pos[node.key]
    dx, dy = (x1 - x0) * geo.sx, (y1 - y0) * geo.sy  # in points
    length = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / length, dx / length
    back = ny if geo.down else -nx  # towards the parent's level; ties: right or up
    if back < -1e-9 or (abs(back) <= 1e-9 and (nx if geo.down else ny) < 0):
        nx, ny = -nx, -ny
    text = str(node.move)
    if node.researched:
        text += " again"  # a re-search: the same move searched once more
    if node.prob is not None:
        text += f" ({_fmt_prob(node.prob)})"
    size = 0.85 * geo.fs
    w, h = 0.62 * size * len(text), 0.75 * size
    gap = 2.5 + abs(nx) * w / 2 + abs(ny) * h / 2
    return ((x0 + x1) / 2, (y0 + y1) / 2, nx * gap, ny * gap, "center", "center", size), text
