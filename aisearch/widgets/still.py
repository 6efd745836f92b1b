"""Figures that say in words what they show: the widgets' still pictures.

A still picture (:func:`~aisearch.widgets.snapshots.stepper_strip`,
:func:`~aisearch.widgets.snapshots.mcts_strip`, :func:`~aisearch.widgets.snapshots.play_strip`)
stands for a widget in a notebook that is read but not run, and its panels' titles carry what
it claims: the event, the pseudocode line that ran, the moves played. The figure's text form
lists those titles, so a notebook saves them beside the image, and a check that compares a
notebook's saved text outputs with a new run's (nbval, which leaves images alone) sees a
picture that no longer shows what the code draws.

Examples
--------
>>> import matplotlib.pyplot as plt
>>> fig, axes = still_figure(1, 2, figsize=(4, 2))
>>> _ = axes[0][0].set_title("event 3 of 9:", loc="left"), axes[0][1].set_title("two\\nlines")
>>> fig
<Figure size 400x200 with 2 Axes: event 3 of 9: | two lines>
>>> plt.close(fig)
"""

from __future__ import annotations

import functools
from typing import Any

__all__ = ["still_figure"]


def still_figure(nrows: int, ncols: int, **options: Any) -> tuple[Any, Any]:
    """A grid of axes on a figure whose text form lists its titles.

    Parameters
    ----------
    nrows, ncols : int
        The grid, as for ``plt.subplots``.
    **options
        More arguments of ``plt.subplots`` (``figsize``, ...).

    Returns
    -------
    (matplotlib.figure.Figure, numpy.ndarray of Axes)
        As ``plt.subplots(nrows, ncols, squeeze=False, **options)`` returns them; the
        figure's ``repr`` adds its title and its axes' titles, each on one line, to pyplot's
        ``<Figure size WxH with N Axes>``.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> fig, axes = still_figure(1, 1, figsize=(2, 1))
    >>> _ = fig.suptitle("start")
    >>> fig
    <Figure size 200x100 with 1 Axes: start>
    >>> plt.close(fig)
    """
    import matplotlib.pyplot as plt

    return plt.subplots(nrows, ncols, squeeze=False, FigureClass=_still_class(), **options)


@functools.cache
def _still_class() -> type:
    from matplotlib.figure import Figure

    class StillFigure(Figure):
        """A figure whose text form lists its titles (see :mod:`aisearch.widgets.still`)."""

        def __repr__(self) -> str:
            titles = [self.get_suptitle()] + [ax.get_title(loc=where) for ax in self.axes
                                   for where in ("left", "center", "right")]
            words = " | ".join(" ".join(t.split()) for t in titles if t.strip())
            base = super().__repr__().replace(type(self).__name__, "Figure", 1)
            return f"{base[:-1]}: {words}>" if words else base

    return StillFigure
