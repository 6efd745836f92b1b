"""Where the labels of a tree drawing go: the first free place, or none.

A drawing puts its fixed things first (node markers, values in the nodes, tip values) and
then each movable label (cut-off names, alpha-beta windows, moves) at the first of its
candidate places that covers nothing placed before; a label that fits nowhere is left out
rather than drawn over another. Boxes are in points, measured from the glyph outlines the
labels are drawn with (:class:`~aisearch.plot.labels.Labels`), so what is checked is what
is drawn.

Examples
--------
>>> placer = Placer()
>>> placer.take((0, 0, 10, 10))
>>> placer.free((5, 5, 20, 20)), placer.free((12, 0, 20, 8))
(False, True)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

__all__ = ["Placer", "text_box", "GAP"]

GAP = 1.5
"""Points kept clear around a label."""

_CELL = 48.0  # points: the side of a bucket of the spatial index


def text_box(anchor: tuple[float, float], place: tuple, text: str, bold: bool = False,
             style: str = "normal") -> tuple[float, float, float, float]:
    """The box in points of ``text`` drawn at ``anchor`` (points) with ``place = (dx, dy,
    ha, va, size)``, as :class:`~aisearch.plot.labels.Labels` draws it."""
    from aisearch.plot.labels import Labels, outline_box

    x, y = anchor
    if not text.strip():
        return x, y, x, y
    dx, dy, ha, va, size = place
    key = (text, ha, va, size, bold, style)
    box = _EXTENTS.get(key)
    if box is None:  # (the outline at no offset: an offset only moves it)
        outline = Labels._path((0, 0, ha, va, size), text, style, bold)  # type: ignore[arg-type]
        box = _EXTENTS[key] = outline_box(outline)
        if len(_EXTENTS) > 50_000:
            _EXTENTS.clear()
    return x + dx + box[0], y + dy + box[1], x + dx + box[2], y + dy + box[3]


_EXTENTS: dict[tuple, tuple] = {}


def _grow(box: tuple, by: float) -> tuple:
    return box[0] - by, box[1] - by, box[2] + by, box[3] + by


def _overlap(a: tuple, b: tuple) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


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


class Placer:
    """Boxes (points) already taken, and segments (edges) a label should rather not cross.

    ``bounds`` (left, bottom, right, top), when given, is the area a label must stay in.
    """

    def __init__(self, bounds: tuple[float, float, float, float] | None = None) -> None:
        self.bounds = bounds
        self._boxes: dict[tuple[int, int], list[tuple]] = {}
        self._segments: dict[tuple[int, int], list[tuple]] = {}

    @staticmethod
    def _cells(box: tuple) -> Iterable[tuple[int, int]]:
        for i in range(math.floor(box[0] / _CELL), math.floor(box[2] / _CELL) + 1):
            for j in range(math.floor(box[1] / _CELL), math.floor(box[3] / _CELL) + 1):
                yield i, j

    def take(self, box: tuple) -> None:
        """Mark ``box`` as covered."""
        for cell in self._cells(box):
            self._boxes.setdefault(cell, []).append(box)

    def avoid(self, segments: Iterable[tuple]) -> None:
        """Lines (x0, y0, x1, y1) in points that labels should rather not cross (edges)."""
        for seg in segments:
            box = (min(seg[0], seg[2]), min(seg[1], seg[3]), max(seg[0], seg[2]),
                   max(seg[1], seg[3]))
            if (box[2] - box[0]) * (box[3] - box[1]) > 400 * _CELL * _CELL:
                continue  # (a very long edge: its crossings are not worth indexing)
            for cell in self._cells(box):
                self._segments.setdefault(cell, []).append(seg)

    def free(self, box: tuple, gap: float = 0.0) -> bool:
        """True when ``box`` (grown by ``gap``) covers no taken box and stays in bounds."""
        b = self.bounds
        if b is not None and (box[0] < b[0] or box[1] < b[1] or box[2] > b[2] or box[3] > b[3]):
            return False
        grown = _grow(box, gap)
        return not any(_overlap(grown, other) for cell in self._cells(grown)
                       for other in self._boxes.get(cell, ()))

    def crossings(self, box: tuple) -> int:
        """How many avoided segments cross ``box``."""
        seen = {seg for cell in self._cells(box) for seg in self._segments.get(cell, ())}
        return sum(_crosses(box, seg) for seg in seen)

    def place(self, boxes: Sequence[tuple], gap: float = GAP) -> int | None:
        """Take the first of ``boxes`` that is free and crosses no edge, else the first free
        one (a label has a white halo: an edge under it still reads); return its index, or
        None when every one is covered."""
        free = [k for k, box in enumerate(boxes) if self.free(box, gap)]
        if not free:
            return None
        best = next((k for k in free if not self.crossings(boxes[k])), free[0])
        self.take(_grow(boxes[best], gap))
        return best
