"""Checks of the options the drawings share: where to draw, sizes, resolution and switches.

Each check refuses a wrong value before any figure is made, naming the option, the value
given and what is allowed (matplotlib would fail later and deeper, or draw nothing).

Examples
--------
>>> check_size("size", 36, 1, 1000, "points")
36.0
>>> check_flag("values", "yes")
Traceback (most recent call last):
...
TypeError: values must be True or False, not 'yes'
"""

from __future__ import annotations

from typing import Any

from aisearch.core import is_number

__all__ = ["check_ax", "check_flag", "check_size", "check_resolution", "MAX_PIXELS"]

MAX_PIXELS = 5_000
"""The longest side of a picture drawn to pixels (``board_png``)."""


def check_ax(ax: Any) -> None:
    """Refuse an ``ax`` that is neither None nor a matplotlib Axes (a Figure holds Axes).

    >>> check_ax(3)
    Traceback (most recent call last):
    ...
    TypeError: ax must be a matplotlib Axes (e.g. from plt.subplots()) or None, not 3
    """
    if ax is None:
        return
    from matplotlib.axes import Axes

    if not isinstance(ax, Axes):
        hint = ("; a Figure holds Axes: pass fig.add_subplot() or the ax of "
                "plt.subplots()") if callable(getattr(ax, "add_subplot", None)) else ""
        raise TypeError(f"ax must be a matplotlib Axes (e.g. from plt.subplots()) or None, "
                        f"not {ax!r:.80}{hint}")


def check_flag(name: str, value: Any) -> None:
    """Refuse a switch that is not ``True`` or ``False`` (``'yes'`` would count as true)."""
    if value is not True and value is not False:
        raise TypeError(f"{name} must be True or False, not {value!r:.80}")


def check_size(name: str, value: Any, low: float, high: float, unit: str) -> float:
    """``value`` as a float if it is a number from ``low`` to ``high``; else a ValueError
    naming ``name``, the value and the range (in ``unit``)."""
    if not is_number(value) or not low <= value <= high:
        raise ValueError(f"{name} must be a number from {low:g} to {high:g} ({unit}), not "
                         f"{value!r:.80}")
    return float(value)


def check_resolution(width: float, height: float, dpi: Any) -> float:
    """``dpi`` as a float if it is a number from 10 to 1000 and a ``width`` x ``height``
    inch picture at that resolution has from 1 to :data:`MAX_PIXELS` pixels a side."""
    dpi = check_size("dpi", dpi, 10, 1000, "dots per inch")
    pixels = (round(width * dpi), round(height * dpi))
    if min(pixels) < 1 or max(pixels) > MAX_PIXELS:
        raise ValueError(f"a {width:g} x {height:g} inch picture at dpi={dpi:g} is "
                         f"{pixels[0]} x {pixels[1]} pixels: each side must be from 1 to "
                         f"{MAX_PIXELS:,} pixels (change size or dpi)")
    return dpi
