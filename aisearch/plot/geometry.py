"""How large a tree drawing is: figure size, node and font sizes, data limits.

``_Geometry`` fits the laid-out tree and its labels into the axes (sizes in points, data
limits); :mod:`aisearch.plot.spots` then puts each label where it covers nothing. No text
is smaller than :data:`MIN_POINTS`.
"""

from __future__ import annotations

from typing import Any

from aisearch.plot.model import _Model, _Node

__all__ = ["MIN_POINTS"]  # the rest is private: the drawing's API is aisearch.plot.tree

MIN_POINTS = 8.0
"""The smallest text a tree drawing writes (points)."""


def _clamp(x: float, low: float, high: float) -> float:
    return max(low, min(high, x))


MAX_INCHES = (9.8, 11.6)
"""The largest figure a tree drawing makes for itself (with its title), in inches: at the
notebook's 100 dots per inch, with the margin of a tight bounding box, at most about
1,000 x 1,200 pixels."""


def _auto_figsize(model: _Model, direction: str, boards: bool, window: bool,
                  title: Any, least: float = 16) -> tuple[float, float]:
    slots, levels = max(model.leaves, 1), max(model.depth, 1)
    extra = 0.35 if title else 0.0
    wide, tall = MAX_INCHES[0], MAX_INCHES[1] - extra
    if boards:
        k = max(1.0, least / 54)  # (boards that need more room to be read: chess)
        if direction == "down":
            return (_clamp(0.95 * k * slots + 1.6, 4, wide),
                    _clamp(1.35 * k * levels + 1.4, 2.5, tall) + extra)
        return (_clamp(2.0 * k * levels + 2.0, 5, wide),
                _clamp(0.75 * k * slots + 0.8, 3, tall) + extra)
    if direction == "down":
        return _clamp(0.5 * slots + 1.4, 4, wide), _clamp(0.95 * levels + 1.1, 2.4, 9) + extra
    slot = 0.42 if window else 0.32  # room for the window under each node
    return _clamp(1.45 * levels + 2.2, 5, wide), _clamp(slot * slots + 0.7, 3, tall) + extra


def _window_size(fs: float) -> float:
    return _clamp(0.8 * fs, MIN_POINTS, 8.5)


class _Geometry:
    """Sizes in points and data limits that fit the tree and its labels into the axes."""

    def __init__(self, ax: Any, model: _Model, direction: str, window: bool, boards: bool,
                 least: float = 16):
        fig = ax.figure
        box = ax.get_position()
        width = box.width * fig.get_figwidth() * 72
        height = box.height * fig.get_figheight() * 72
        down = direction == "down"
        slot_len, level_len = (width, height) if down else (height, width)
        slots, levels = max(model.leaves - 1, 1), max(model.depth, 1)
        d = 20.0
        for _ in range(3):  # the pads depend on the node size, which depends on the pads
            fs = _clamp(0.42 * d, MIN_POINTS, 10.5) if not boards else \
                _clamp(0.24 * d, MIN_POINTS, 10)
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
                d = _clamp(min(0.8 * k_slot, 0.62 * k_level), 16, max(54, least))
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
