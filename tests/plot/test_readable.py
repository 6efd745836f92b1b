"""Every kind of figure the lessons draw can be read at the size it is saved.

Each figure of :mod:`tests.plot.figure_kinds` (trees with board thumbnails, chance edges,
MCTS trees live and still, max^n tuples, Nannon and chess boards, the stepper's pictures
and its strips of key frames, the games' strips) is drawn on the lessons' own inputs and
checked with :func:`aisearch.plot.readable.problems`: no two text labels overlap, none
leaves the figure, none is smaller than 8 points, and the figure is at most about
1,000 x 1,200 pixels at the resolution it is saved at. The stepper's pictures are checked
at events spread over whole searches, as a student steps through them.
"""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402

from aisearch.plot.readable import labels, problems  # noqa: E402
from tests.plot.figure_kinds import KINDS, stepper_frame, stepper_recordings  # noqa: E402

pytestmark = pytest.mark.usefixtures("close_figures")


@pytest.mark.parametrize("name", sorted(KINDS))
def test_every_figure_kind_reads_at_its_saved_size(name):
    fig, dpi, tight = KINDS[name]()
    assert any(ax.get_children() for ax in fig.axes), f"{name}: nothing drawn"
    assert problems(fig, dpi=dpi, tight=tight) == []


@pytest.mark.parametrize("name", sorted(stepper_recordings()))
def test_the_stepper_picture_reads_at_every_step(name):
    rec, options = stepper_recordings()[name]
    n = len(rec.events)
    for i in range(0, n + 1, max(1, n // 24)):
        fig = stepper_frame(rec, i, options)
        found = problems(fig, dpi=100)
        plt.close(fig)
        assert found == [], f"{name}, event {i} of {n}"


def test_the_checker_finds_overlaps_small_text_and_text_outside():
    """The checker can fail: two labels on one spot, 6-point text, a label off the edge, a
    figure too wide, and the tree labels drawn as glyph outlines are seen too."""
    from aisearch import fig5_2, plot

    fig = Figure(figsize=(12, 3), dpi=100)
    ax = fig.subplots()
    ax.set_axis_off()
    ax.text(0.5, 0.5, "one", fontsize=9)
    ax.text(0.5, 0.5, "two", fontsize=9)
    ax.text(0.1, 0.1, "tiny", fontsize=6)
    ax.text(1.5, 0.5, "away", fontsize=9, clip_on=False)
    found = problems(fig)
    assert "'one' and 'two' overlap" in found and "'tiny' is 6 pt, smaller than 8 pt" in found
    assert "'away' leaves the figure" in found
    assert "the figure is 1200 x 300 pixels, larger than 1000 x 1200" in found
    tree_ax = plot.tree(fig5_2, ax=Figure(figsize=(5, 3)).subplots())
    drawn = labels(tree_ax.figure)
    assert {"values", "tips", "moves"} <= {label.source for label in drawn}
    assert all(label.points >= 8 for label in drawn)


def test_every_picture_saved_in_a_lesson_is_at_most_about_1000_by_1200_pixels():
    import base64
    import json
    import struct
    from pathlib import Path

    lessons = sorted((Path(__file__).resolve().parents[2] / "notebooks").glob("[0-9]*.ipynb"))
    assert lessons
    for path in lessons:
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        for k, cell in enumerate(cells):
            for out in cell.get("outputs", []):
                png = out.get("data", {}).get("image/png")
                if png:
                    width, height = struct.unpack(">II", base64.b64decode(png)[16:24])
                    assert width <= 1000 and height <= 1200, (path.name, k, width, height)
