"""One step of a recorded search as a picture: the tree whole, or around the current node.

The stepper (:class:`~aisearch.widgets.SearchStepper`) and its still pictures
(:func:`~aisearch.widgets.snapshots.stepper_strip`) draw a step the same way: a tree small
enough to read whole inside :data:`BOX` is drawn whole, as the textbook draws it; a bigger
one is drawn as the neighbourhood of the current node (``plot.tree(..., focus=True)``), in a
picture of the same size at every step.

Examples
--------
>>> from aisearch import Recorder, alphabeta, fig5_2
>>> from aisearch.games.examples import eighteen_of_41
>>> small, big = Recorder(), Recorder()
>>> _ = alphabeta(fig5_2, fig5_2.initial, tracer=small)
>>> _ = alphabeta(eighteen_of_41, eighteen_of_41.initial, tracer=big)
>>> frame_options(small, {})["focus"], frame_options(big, {})["focus"]
(False, True)
"""

from __future__ import annotations

from typing import Any

from aisearch.trace import Replay

__all__ = ["BOX", "DPI", "frame_options", "draw_frame"]

BOX = (6.0, 4.6)
"""The largest tree picture of a step, in inches (600 x 460 pixels at :data:`DPI`)."""

DPI = 100
"""Dots per inch of a step's picture: text of 8 points is 11 pixels tall."""


def frame_options(recording: Any, options: dict, box: tuple[float, float] = BOX) -> dict:
    """The options of :func:`aisearch.plot.tree` for every step of ``recording``.

    ``focus`` is decided once for the whole recording (``options`` may say it): whole when
    the largest search drawn reads at its natural size inside ``box``. A ``figsize`` asked
    for is kept inside ``box``; a focused picture is ``box`` large.
    """
    from aisearch.plot.focus import fits_whole
    from aisearch.plot.model import _model
    from aisearch.plot.tree import check_figsize

    check_figsize(options.get("figsize"))  # (before it is kept inside the box)

    replay = recording if isinstance(recording, Replay) else Replay(
        getattr(recording, "events", recording))
    out = dict(options)
    focus = out.get("focus")
    if focus is None:
        boards = bool(out.get("boards"))
        focus = False
        for k, part in enumerate(replay.searches):
            if part.root is not None:
                whole = _model(replay, out.get("game"), None, k)
                focus = focus or not fits_whole(whole, box, boards)
    out["focus"] = focus
    size = out.get("figsize")
    if focus:
        out["figsize"] = box
    elif size is not None:
        out["figsize"] = (min(size[0], box[0]), min(size[1], box[1]))
    return out


def draw_frame(replay: Replay, i: int, ax: Any, options: dict) -> Any:
    """Draw the search after ``i`` events into ``ax`` (None: a new figure), as the
    stepper shows it: the current node outlined, the search of a recording of several that
    event ``i`` belongs to."""
    from aisearch import plot

    visit = replay.owner[i - 1] if i else None
    current = visit.key if visit is not None else None
    part = replay.search_at(i)
    search = None if len(replay.searches) == 1 or part is None else part.index
    return plot.tree(replay, ax=ax, upto=i, current=current, search=search, **options)
