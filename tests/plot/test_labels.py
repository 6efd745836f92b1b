"""Label outlines are measured as matplotlib measures them, much faster."""

from __future__ import annotations

import random

import numpy as np
import pytest
from matplotlib.font_manager import FontProperties
from matplotlib.path import Path
from matplotlib.textpath import TextPath

from aisearch.plot.labels import outline_box

# What tree labels show (values, windows, moves, cut-off names) and more.
ALPHABET = ("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789αβ−∞+=,.;:()[]≥≤→"
            "←↑↓♔♕♖♗♘♙♚♛♜♝♞♟✓✗·…'\"/|-_ ")


def _extents(path) -> tuple:
    e = path.get_extents()
    return e.x0, e.y0, e.x1, e.y1


@pytest.mark.parametrize("style", ["normal", "italic", "oblique"])
@pytest.mark.parametrize("weight", ["normal", "bold"])
def test_the_box_of_a_label_is_its_outlines_extents(style, weight):
    rng, font = random.Random(f"{style}{weight}"), FontProperties(style=style, weight=weight)
    for _ in range(40):
        text = "".join(rng.choice(ALPHABET) for _ in range(rng.randint(1, 14)))
        if not text.strip():
            continue
        path = TextPath((0, 0), text, size=rng.choice([6, 7.5, 9, 11, 14]), prop=font)
        assert outline_box(path) == pytest.approx(_extents(path), abs=1e-9), text


def test_a_curve_bulging_past_its_end_points_counts_where_it_bulges():
    """The control point of a quadratic curve lies outside the curve: the box holds the
    curve's furthest point (y = 1 here, half way to the control point's 2), not the point."""
    path = Path([(0, 0), (1, 2), (2, 0), (0, 0)],
                [Path.MOVETO, Path.CURVE3, Path.CURVE3, Path.CLOSEPOLY])
    assert outline_box(path) == pytest.approx((0, 0, 2, 1)) == _extents(path)


def test_cubic_curves_and_lines_alone_are_measured_too():
    cubic = Path([(0, 0), (1, 3), (2, -3), (3, 0)], [Path.MOVETO] + [Path.CURVE4] * 3)
    lines = Path(np.array([(0, 0), (4, 1), (2, 5)]), [Path.MOVETO, Path.LINETO, Path.LINETO])
    for path in (cubic, lines):
        assert outline_box(path) == pytest.approx(_extents(path))
