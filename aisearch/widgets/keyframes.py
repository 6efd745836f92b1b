"""The stepper's key frames as one still picture, for a notebook that is read but not run.

:func:`key_frames` picks the events worth a picture (the first table hit, re-search and
stand-pat the lessons point at, each cut-off, the root's backups, the end);
:func:`stepper_strip` draws them as the stepper shows them (:mod:`aisearch.widgets.frames`),
in a grid of readable frames at most about 1,000 x 1,200 pixels (its example draws the key
frames of an alpha-beta search). Re-exported by :mod:`aisearch.widgets.snapshots` with the
other still pictures.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import Any

from aisearch.widgets.stepper_model import StepperModel

__all__ = ["key_frames", "stepper_strip", "KEY_KINDS", "PANEL", "STRIP_INCHES"]


def _model(recording: Any) -> StepperModel:
    """A fresh StepperModel of a SearchStepper, a StepperModel, a Recorder or events."""
    inner = getattr(recording, "model", recording)  # a SearchStepper holds its model
    return StepperModel(inner.events if isinstance(inner, StepperModel) else inner)


KEY_ROLES = ("cut",)
"""Roles of the events always worth a frame (a cut-off), besides the kinds in
:data:`KEY_KINDS` and the backups at the root."""

KEY_KINDS = ("TableHit", "Research", "StandPat", "Abort")
"""Events a lesson points at that a frame must show when the search has them: the first
of each kind is always among the key frames."""


def key_frames(recording: Any, *, limit: int = 6) -> list[int]:
    """The event indices worth a picture: the first event of each kind the lessons point at
    (:data:`KEY_KINDS`: a table hit, a re-search, ...), each cut-off, each of the root's
    moves but the last backed up, and the end of the recording.

    Parameters
    ----------
    recording : SearchStepper, StepperModel, Recorder or sequence of events
        A recorded search.
    limit : int
        At most this many frames: the end, then the first of each kind, then the others
        evenly spread.

    Returns
    -------
    list of int
        Indices for :meth:`StepperModel.goto`, increasing.

    Examples
    --------
    >>> from aisearch import Recorder, minimax, fig5_2
    >>> rec = Recorder()
    >>> _ = minimax(fig5_2, fig5_2.initial, tracer=rec)
    >>> key_frames(rec)
    [17, 32, 49]
    """
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
        raise ValueError(f"limit must be a positive int, not {limit!r}")
    model = _model(recording)
    events, owner = model.events, model.replay.owner
    roots: list[int] = []
    frames: set[int] = set()
    firsts: dict[str, int] = {}
    for i, e in enumerate(events):
        role, kind = type(e).role, type(e).__name__
        if kind in KEY_KINDS and kind not in firsts:
            firsts[kind] = i + 1
        if role in KEY_ROLES:
            frames.add(i + 1)
        elif role == "backup":
            visit = owner[i]
            if visit is not None and not visit.path:
                roots.append(i + 1)
    frames.update(roots[:-1])
    last = len(events)
    must = sorted(set(firsts.values()) - {last})[:limit - 1]
    others = sorted(frames - {last} - set(must))
    room = limit - 1 - len(must)
    if len(others) > room:
        step = len(others) / room if room > 0 else 0
        others = [others[int(k * step)] for k in range(room)]
    return sorted(set(must) | set(others)) + [last]


STRIP_INCHES = (9.8, 11.6)
"""The largest still picture of key frames (about 1,000 x 1,200 pixels at 100 dpi)."""

PANEL = (4.8, 3.6)
"""The largest tree of one frame in a strip, in inches; two frames side by side."""


def stepper_strip(recording: Any, *, frames: Sequence[int] | None = None, limit: int = 4,
                  ncols: int | None = None, game: Any = None, window: bool | None = None,
                  scale: float = 1.0, **tree_options: Any) -> Any:
    """The stepper's key frames as one picture: a grid of the tree as the stepper shows it,
    the event in words and the pseudocode line that ran.

    Parameters
    ----------
    recording : SearchStepper, StepperModel, Recorder or sequence of events
        A recorded search (as given to :class:`~aisearch.widgets.SearchStepper`).
    frames : sequence of int, optional
        The event indices to draw (``0..len(events)``); default :func:`key_frames`.
    limit : int
        At most this many default frames (fewer when they would not fit about 1,000 x
        1,200 pixels).
    ncols : int, optional
        Frames per row (default: as many as fit in about 10 inches).
    game : Game, optional
        The searched game (pruned subtrees drawn whole, as in the stepper).
    window : bool, optional
        Write alpha and beta beside the nodes (default: when they mean something, for
        alpha-beta and the other windowed searchers).
    scale : float
        Each frame's size relative to the largest (:data:`PANEL`), from 0.5 to 1.
    **tree_options
        More options of :func:`aisearch.plot.tree` (``orient``, ``boards``, ...).

    Returns
    -------
    matplotlib.figure.Figure
        One Axes per frame, titled ``event i of n`` with what happened and the
        pseudocode line that ran. A tree too big to read whole is drawn around the
        current node, as the stepper draws it (:mod:`aisearch.widgets.frames`).

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> from aisearch import Recorder, alphabeta, fig5_2
    >>> rec = Recorder()
    >>> _ = alphabeta(fig5_2, fig5_2.initial, tracer=rec)
    >>> key_frames(rec)  # the root's backups but the last (17, 25), the cut-off, the end
    [17, 23, 25, 42]
    >>> fig = stepper_strip(rec)  # one frame each
    >>> len(fig.axes)
    4
    >>> plt.close(fig)
    >>> fig = stepper_strip(rec, frames=[23])
    >>> print(fig.axes[0].get_title(loc="left"))
    event 23 of 42: Cut: β ≤ α at node (1,) (value 2 ≤ α=3): skip
    moves 1, 2 (alpha cut-off)
    ▶ if β ≤ α: return α (α cut-off: MAX above will not come here)
    >>> plt.close(fig)
    """
    from aisearch.plot.geometry import _auto_figsize
    from aisearch.plot.layout import choose_orient
    from aisearch.plot.model import _model as tree_model
    from aisearch.widgets.frames import draw_frame, frame_options

    model = _model(recording)
    n = len(model)
    if frames is not None:
        frames = list(frames)
        if not frames:
            raise ValueError("frames is empty: give at least one event index")
        for i in frames:
            if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i <= n:
                raise ValueError(f"each frame must be an event index from 0 to {n}, not {i!r}")
    if not isinstance(scale, (int, float)) or not 0.5 <= scale <= 1:
        raise ValueError(f"scale must be a number from 0.5 to 1, not {scale!r}")
    window = model.windowed if window is None else window
    options = frame_options(model.replay, {"window": window, "game": game, **tree_options})
    options.pop("figsize", None)
    if options["focus"]:
        w, h = PANEL
    else:  # the whole tree, at its natural size if that fits a panel
        part = model.replay.search_at(n)
        tm = tree_model(model.replay, game, None, None if len(model.replay.searches) == 1
                        else part.index if part is not None else None)
        direction = choose_orient(tm.leaves, options.get("orient", "auto"))
        w, h = _auto_figsize(tm, direction, bool(options.get("boards")), window, None)
        fit = min(1.0, PANEL[0] / w, PANEL[1] / h)
        w, h = w * fit, h * fit
    w, h = w * scale, h * scale
    title = 0.62  # three lines of 8-point text
    if ncols is None:
        ncols = max(1, int(STRIP_INCHES[0] // w))
    if isinstance(ncols, bool) or not isinstance(ncols, int) or ncols < 1:
        raise ValueError(f"ncols must be a positive int, not {ncols!r}")
    rows_fit = max(1, int(STRIP_INCHES[1] // (h + title)))
    if frames is None:
        frames = key_frames(model, limit=max(1, min(limit, ncols * rows_fit)))
    ncols = min(ncols, len(frames))
    nrows = -(-len(frames) // ncols)
    from aisearch.widgets.still import still_figure  # (after the checks: a wrong call is
    # told at once, not after pyplot loads)

    fig, axes = still_figure(nrows, ncols, figsize=(w * ncols, (h + title) * nrows))
    flat = [ax for row in axes for ax in row]
    for ax in flat[len(frames):]:
        ax.remove()
    # (the axes take their places before the trees are fitted into them)
    fig.subplots_adjust(left=0.01, right=0.99, bottom=0.01, top=1 - title / (h + title) / nrows,
                        wspace=0.04, hspace=title / h)
    chars = max(30, int(w * 13))
    for ax, i in zip(flat, frames, strict=False):
        model.goto(i)
        draw_frame(model.replay, i, ax, options)
        words = textwrap.fill(textwrap.shorten(f"event {i} of {n}: {model.description()}",
                                               2 * chars - 4, placeholder=" …"), chars)
        line = model.pseudocode_line()
        code = " ".join(model.pseudocode.lines[line - 1].split()) if line and model.pseudocode \
            else ""
        code = textwrap.shorten(code, chars, placeholder=" …")
        ax.set_title(words + (f"\n▶ {code}" if code else ""), fontsize=8, loc="left")
    return fig
