"""A game of the two robots as small multiples: one small board per ply.

On a single board a robot that shuttles between two cells draws its arrows under its own
disc, and the moves are lost. Here every ply gets its own panel: both robots where they
stand after the move, the cell the mover came from as a dotted outline, and an arrow in
the mover's colour from there to where it went (Black's dark, White's grey), with the ply
and the move written above.

Examples
--------
>>> import matplotlib.pyplot as plt
>>> from aisearch.games.robots import TwoRobots
>>> game = TwoRobots.parse('B../.#./..W')
>>> fig = robot_plies(game, ['E', 'N', 'W'])
>>> [ax.get_title() for ax in fig.axes]
['start', '1  Black E', '2  White N', '3  Black W']
>>> plt.close(fig)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from aisearch.core import MAX, MIN, as_int, side_name
from aisearch.plot.boards import _prepare
from aisearch.plot.options import check_size
from aisearch.plot.painters import painter_for

__all__ = ["robot_plies", "MOVER_COLORS"]

MOVER_COLORS = {MIN: "#111111", MAX: "#7a7a7a"}
"""Arrow colours: Black's moves dark, White's grey (as in :func:`~aisearch.plot.draw_robots`)."""


def robot_plies(game: Any, path: Sequence[Any], state: Any = None, *, ncols: int = 8,
                size: float = 1.45, title: str | None = None) -> Any:
    """Draw a game of the two robots ply by ply, one small board per ply.

    Parameters
    ----------
    game : TwoRobots
        The grid.
    path : sequence of moves
        Moves played from ``state`` (``'N'``, ``'S'``, ``'E'``, ``'W'``), at most 200.
    state : RobotsState, optional
        Where the game starts (default: ``game.initial``).
    ncols : int
        Panels per row (the first panel shows the start).
    size : float
        Width of one panel, in inches (0.3 to 10).
    title : str, optional
        A title above all the panels.

    Returns
    -------
    matplotlib.figure.Figure
        A pyplot figure (``plt.show()`` shows it), one Axes per panel.

    Raises
    ------
    TypeError
        For a game without robots, or a path that is not a sequence of moves.
    ValueError
        For a move of ``path`` that is illegal where it is played, or a path too long to
        draw.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> from aisearch.games.robots import TwoRobots
    >>> fig = robot_plies(TwoRobots(2, 3), ['E', 'W', 'E'], ncols=2)
    >>> len(fig.axes), fig.axes[-1].get_title()
    (4, '3  Black E')
    >>> plt.close(fig)
    """
    import matplotlib.pyplot as plt
    from matplotlib.patches import Circle, FancyArrowPatch

    if not all(hasattr(game, name) for name in ("rows", "cols", "walls", "distance")):
        raise TypeError(f"robot_plies draws TwoRobots games, not {game!r}")
    if isinstance(path, (str, bytes)) or not isinstance(path, Sequence):
        raise TypeError(f"path must be a sequence of moves such as ['E', 'N'], not {path!r}")
    if len(path) > 200:
        raise ValueError(f"path has {len(path)} moves: too many panels to draw (at most 200)")
    columns = as_int(ncols)  # (a numpy integer is the int it equals)
    if columns is None or columns < 1:
        raise ValueError(f"ncols must be a positive int, not {ncols!r:.80}")
    ncols = columns
    size = check_size("size", size, 0.3, 10, "inches, the width of one panel")
    if title is not None and not isinstance(title, str):
        raise TypeError(f"title must be text or None, not {title!r:.80}")
    state = game.initial if state is None else state
    states = [state]
    for m in path:
        states.append(game.result(states[-1], m))  # raises for an illegal move
    n = len(states)
    cols = min(ncols, n)
    rows = math.ceil(n / cols)
    height = size * game.rows / game.cols + 0.3
    fig, axes = plt.subplots(rows, cols, figsize=(size * cols, height * rows + (0.35 if title
                                                                                 else 0)),
                             squeeze=False)
    flat = [ax for row in axes for ax in row]
    for ax in flat[n:]:
        ax.remove()
    painter, side = painter_for(game), max(game.rows, game.cols)
    for k, (ax, s) in enumerate(zip(flat, states, strict=False)):
        lw = _prepare(ax, game.cols, game.rows)
        for artist in painter.artists(game, s, side, min(lw, 1.5)):
            ax.add_artist(artist)
        if k == 0:
            ax.set_title("start", fontsize=8)
            continue
        before = states[k - 1]
        mover = game.to_move(before)
        (r0, c0), (r1, c1) = ((before.black, s.black) if mover == MIN
                              else (before.white, s.white))
        a, b = (c0 + 0.5, game.rows - r0 - 0.5), (c1 + 0.5, game.rows - r1 - 0.5)
        ax.add_patch(Circle(a, 0.36, facecolor="none", edgecolor=MOVER_COLORS[mover],
                            linestyle=":", linewidth=1.0, zorder=3, gid="came-from"))
        cell = 72 * size / game.cols  # points per cell
        ax.add_patch(FancyArrowPatch(a, b, arrowstyle="-|>", mutation_scale=0.42 * cell,
                                     color=MOVER_COLORS[mover], linewidth=2.2, shrinkA=0,
                                     shrinkB=0.3 * cell, zorder=5, gid="move"))
        caught = " caught" if s.black == s.white else ""
        ax.set_title(f"{k}  {side_name(game, mover)} {path[k - 1]}{caught}", fontsize=8,
                     weight="bold" if caught else "normal")
    if title:
        fig.suptitle(title, fontsize=10)
    fig.tight_layout(pad=0.3)
    return fig
