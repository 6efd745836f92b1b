"""Labels and node markers drawn as path collections, cheap to restyle at every step.

A stepper redraws a tree of hundreds of labels at every step: :class:`Labels` draws text
as glyph outlines in one ``PathCollection``, and ``_markers`` draws markers the way
``scatter`` does, for much less. matplotlib is imported inside the functions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal, cast

if TYPE_CHECKING:
    from matplotlib.collections import PathCollection

    class _LabelCollection(PathCollection):
        """The collection drawn, with the strings it shows and their data positions."""

        texts: list[str]
        anchors: list[tuple]
        points: list[float]

__all__ = ["Labels", "outline_box"]


def outline_box(path: Any) -> tuple[float, float, float, float]:
    """``(x0, y0, x1, y1)``: the box of a glyph outline, as ``path.get_extents()`` gives it.

    Glyph outlines are lines and quadratic curves. ``Path.get_extents`` finds each curve's
    extremes one segment at a time (about 13 ms for a label such as ``α=−12, β=37``, on
    every new label of a big tree); here they come from one numpy formula for all of them
    at once: a curve from ``P0`` through control ``P1`` to ``P2`` is furthest out at its
    ends or at ``t = (P0 - P1) / (P0 - 2 P1 + P2)``. An outline with cubic curves is left
    to ``get_extents``.

    >>> from matplotlib.textpath import TextPath
    >>> p = TextPath((0, 0), "α=−12, β=37", size=9)
    >>> e = p.get_extents()
    >>> all(abs(a - b) < 1e-9 for a, b in zip(outline_box(p), (e.x0, e.y0, e.x1, e.y1)))
    True
    """
    import numpy as np
    from matplotlib.path import Path

    vertices, codes = path.vertices, path.codes
    if codes is None or (codes == Path.CURVE4).any():
        e = path.get_extents()
        return e.x0, e.y0, e.x1, e.y1
    curve = np.flatnonzero(codes == Path.CURVE3)
    controls, ends = curve[0::2], curve[1::2]  # (each curve: a control point, then its end)
    if len(controls) != len(ends) or (ends != controls + 1).any():
        e = path.get_extents()
        return e.x0, e.y0, e.x1, e.y1
    on = np.ones(len(codes), dtype=bool)  # the points the outline passes through
    on[controls] = False
    on[codes == Path.CLOSEPOLY] = False
    on[codes == Path.STOP] = False
    points = [vertices[on]]
    if len(controls):
        p0, p1, p2 = vertices[controls - 1], vertices[controls], vertices[ends]
        bend = p0 - 2 * p1 + p2
        with np.errstate(divide="ignore", invalid="ignore"):
            t = np.where(bend != 0, (p0 - p1) / bend, 0.0)
        t = np.clip(t, 0.0, 1.0)
        points.append((1 - t) ** 2 * p0 + 2 * (1 - t) * t * p1 + t**2 * p2)
    every = np.concatenate(points)
    if not len(every):
        return 0.0, 0.0, 0.0, 0.0
    (x0, y0), (x1, y1) = every.min(axis=0), every.max(axis=0)
    return float(x0), float(y0), float(x1), float(y1)


class Labels:
    """Many short labels drawn as one collection of text outlines.

    Drawing a matplotlib ``Text`` costs about half a millisecond; a tree has hundreds
    of labels and a stepper redraws them at every step, so they are drawn as paths
    (cached per string) in a single ``PathCollection``. ``collection.texts`` lists the
    strings drawn, in order, ``collection.anchors`` their data positions and
    ``collection.points`` their sizes in points.
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
        self.collection = cast("_LabelCollection", PathCollection(
            [], offsets=_no_points(), offset_transform=ax.transData, edgecolors="none",
            zorder=zorder, gid=gid, clip_on=False))
        self.collection.set_transform(points)
        self.collection.set_snap(False)
        self.collection.texts, self.collection.anchors, self.collection.points = [], [], []
        ax.add_collection(self.collection, autolim=False)
        self._pending: list[tuple] = []

    def add(self, spot: tuple, text: str, color: str,
            style: Literal["normal", "italic", "oblique"] = "normal",
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
        c.points = [spot[6] for spot, *_ in items]

    @classmethod
    def _path(cls, place: tuple, text: str, style: Literal["normal", "italic", "oblique"],
              bold: bool) -> Any:
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
                if not line.strip():  # (a blank line has no outline to draw)
                    continue
                raw = TextPath((0, 0), line, size=size, prop=font)
                x0, _, x1, _ = outline_box(raw)
                x = {"left": 0, "center": -(x0 + x1) / 2, "right": -x1}[ha]
                vertices.append(raw.vertices + (x + dx, top - cap - i * step + dy))
                codes.append(raw.codes)
            path = Path(np.concatenate(vertices), np.concatenate(codes)) if vertices else \
                Path(np.zeros((1, 2)), [Path.MOVETO])
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
