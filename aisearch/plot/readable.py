"""Can a picture be read? Its text labels, where they are, how large, and what is wrong.

Every text of a matplotlib figure has a window extent once the figure is drawn: the ``Text``
artists (titles, tick labels, legends, texts in board pictures) and the labels the tree
drawings write as glyph outlines (:class:`~aisearch.plot.labels.Labels`). :func:`labels`
lists them all in pixels; :func:`problems` says which two overlap, which leave the figure,
which are smaller than a given size, and whether the picture is larger than a page of the
notebook. The course's tests run it on every kind of figure the lessons draw; a maintainer
can run it on a new one.

Examples
--------
>>> from matplotlib.figure import Figure
>>> fig = Figure(figsize=(3, 2), dpi=100)
>>> ax = fig.subplots()
>>> _ = ax.text(0.5, 0.5, "here", fontsize=9)
>>> _ = ax.text(0.52, 0.5, "there", fontsize=9)
>>> _ = ax.text(0.9, 0.1, "small", fontsize=5)
>>> ax.set_axis_off()
>>> for p in problems(fig):
...     print(p)
'here' and 'there' overlap
'small' is 5 pt, smaller than 8 pt
"""

from __future__ import annotations

from typing import Any, NamedTuple

__all__ = ["Label", "labels", "problems", "MIN_POINTS", "MAX_PIXELS"]

MIN_POINTS = 8.0
"""No text of a saved figure is smaller than this (points)."""

MAX_PIXELS = (1000, 1200)
"""A saved figure is at most about this wide and tall (pixels at its saved resolution)."""


class Label(NamedTuple):
    """One text of a figure: what it says, its box in pixels ``(x0, y0, x1, y1)`` (origin at
    the bottom left of the figure), its size in points and where it came from."""

    text: str
    box: tuple[float, float, float, float]
    points: float
    source: str


def _drawn_texts(fig: Any) -> tuple[Any, list]:
    """Draw ``fig``; return its renderer and the ``Text`` artists that drew themselves (tick
    labels outside the axis limits, and texts of hidden axes, exist without being drawn)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.text import Text

    if not hasattr(fig.canvas, "get_renderer"):
        FigureCanvasAgg(fig)
    drawn: list = []
    draw = Text.draw

    def noting(self: Any, renderer: Any) -> Any:
        drawn.append(self)
        return draw(self, renderer)

    Text.draw = noting  # type: ignore[method-assign]
    try:
        fig.canvas.draw()
    finally:
        Text.draw = draw  # type: ignore[method-assign]
    return fig.canvas.get_renderer(), drawn


def labels(fig: Any) -> list[Label]:
    """Every text ``fig`` draws, with its box in pixels (the figure is drawn)."""
    renderer, drawn = _drawn_texts(fig)
    out: list[Label] = []
    for t in dict.fromkeys(drawn):
        text = t.get_text()
        if not text.strip() or not t.get_visible():
            continue
        b = t.get_window_extent(renderer)
        out.append(Label(text, (b.x0, b.y0, b.x1, b.y1), float(t.get_fontsize()),
                         t.get_gid() or type(t).__name__))
    for ax in fig.axes:
        for c in ax.collections:
            texts = getattr(c, "texts", None)
            if texts is None or not c.get_visible():
                continue
            paths, offsets = c.get_paths(), c.get_offsets()
            sizes = getattr(c, "points", [MIN_POINTS] * len(texts))
            to_pixels, place = c.get_transform(), c.get_offset_transform()
            for text, path, at, size in zip(texts, paths, offsets, sizes, strict=False):
                if not text.strip() or not len(path.vertices):
                    continue
                x, y = place.transform(at)
                v = to_pixels.transform(path.vertices)
                out.append(Label(text, (x + v[:, 0].min(), y + v[:, 1].min(),
                                        x + v[:, 0].max(), y + v[:, 1].max()), float(size),
                                 c.get_gid() or "labels"))
    return out


def _overlap(a: tuple, b: tuple, slack: float) -> bool:
    return (min(a[2], b[2]) - max(a[0], b[0]) > slack
            and min(a[3], b[3]) - max(a[1], b[1]) > slack)


def problems(fig: Any, *, min_points: float = MIN_POINTS, dpi: float | None = None,
             max_pixels: tuple[int, int] | None = MAX_PIXELS, tight: bool = False,
             slack: float = 0.5) -> list[str]:
    """What makes ``fig`` hard to read, in words (an empty list when nothing does).

    Parameters
    ----------
    fig : matplotlib Figure
    min_points : float
        Texts smaller than this are reported.
    dpi : float, optional
        The resolution the figure is saved at (default: its own); with ``max_pixels``, the
        figure must be at most that many pixels wide and tall at it.
    max_pixels : (int, int) or None
        Largest width and height in pixels (None: any size).
    tight : bool
        The figure is saved with ``bbox_inches="tight"`` (as the notebook's inline backend
        saves it): its picture is the box around what it draws, with a 0.1 inch pad.
    slack : float
        Boxes must overlap by more than this many pixels each way to count (glyph boxes of
        neighbouring labels often touch).

    Returns
    -------
    list of str
        One line per problem: two labels that overlap, a label that leaves the figure, a
        label that is too small, a figure that is too large.
    """
    found = labels(fig)
    left, bottom, width, height = 0.0, 0.0, fig.bbox.width, fig.bbox.height
    if tight:
        box = fig.get_tightbbox(fig.canvas.get_renderer())  # in inches
        pad = 0.1 * fig.dpi
        left, bottom = box.x0 * fig.dpi - pad, box.y0 * fig.dpi - pad
        width, height = box.width * fig.dpi + 2 * pad, box.height * fig.dpi + 2 * pad
    out = []
    if max_pixels is not None:
        scale = (dpi or fig.dpi) / fig.dpi
        w, h = round(width * scale), round(height * scale)
        if w > max_pixels[0] or h > max_pixels[1]:
            out.append(f"the figure is {w} x {h} pixels, larger than {max_pixels[0]} x "
                       f"{max_pixels[1]}")
    for i, a in enumerate(found):
        for b in found[i + 1:]:
            if _overlap(a.box, b.box, slack):
                out.append(f"{a.text!r} and {b.text!r} overlap")
    for a in found:
        x0, y0, x1, y1 = a.box
        if (x0 < left - slack or y0 < bottom - slack or x1 > left + width + slack
                or y1 > bottom + height + slack):
            out.append(f"{a.text!r} leaves the figure")
        if a.points < min_points - 1e-6:
            out.append(f"{a.text!r} is {a.points:g} pt, smaller than {min_points:g} pt")
    return out
