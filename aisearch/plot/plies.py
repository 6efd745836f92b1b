"""The two robots' games drawn with their moves: as small multiples, one small board per
ply (:func:`robot_plies`), or on one board with numbered arrows (:func:`draw_robots`).

On a single board a robot that shuttles between two cells draws its arrows under its own
disc, and the moves are lost. With :func:`robot_plies` every ply gets its own panel: both
robots where they stand after the move, the cell the mover came from as a dotted outline,
and an arrow in the mover's colour from there to where it went (Black's dark, White's
grey), with the ply and the move written above.

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

from aisearch.core import MAX, MIN, as_int, side_name, unwrap
from aisearch.plot.boards import _axes, _prepare, _state
from aisearch.plot.options import check_ax, check_size
from aisearch.plot.painters import painter_for

__all__ = ["robot_plies", "draw_robots", "MOVER_COLORS"]

MOVER_COLORS = {MIN: "#111111", MAX: "#7a7a7a"}
"""Arrow colours: Black's moves dark, White's grey (as in :func:`~aisearch.plot.draw_robots`)."""


def robot_plies(game: Any, path: Sequence[Any], state: Any = None, *, ncols: int = 6,
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
        Width of one panel, in inches (0.3 to 10); narrower when ``ncols`` panels would
        be wider than about 1,000 pixels.
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
    size = min(size, 9.8 / min(ncols, len(path) + 1))  # (at most about 1,000 pixels wide)
    if title is not None and not isinstance(title, str):
        raise TypeError(f"title must be text or None, not {title!r:.80}")
    state = game.initial if state is None else state
    states = [state]
    for m in path:
        states.append(game.result(states[-1], m))  # raises for an illegal move
    import matplotlib.pyplot as plt  # (after the checks: a wrong call is told at once)
    from matplotlib.patches import Circle, FancyArrowPatch

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


def draw_robots(game: Any, state: Any = None, ax: Any = None,
                path: Sequence[Any] | None = None) -> Any:
    """Draw a two-robots position: dark walls, Black and White robots, moves as arrows.

    Parameters
    ----------
    game : TwoRobots
        The grid.
    state : RobotsState, optional
        The position (default: ``game.initial``).
    ax : matplotlib Axes, optional
        Draw here (a new figure by default).
    path : sequence of moves, optional
        Moves played from ``state`` (``'N'``, ``'S'``, ``'E'``, ``'W'``): each is drawn
        as a numbered arrow in the colour of the robot that moves.

    Returns
    -------
    matplotlib.axes.Axes

    Raises
    ------
    ValueError
        For a move of ``path`` that is illegal where it is played.

    Examples
    --------
    >>> from matplotlib.figure import Figure
    >>> from aisearch.games.robots import TwoRobots
    >>> game = TwoRobots.parse('B../.#./..W')
    >>> ax = draw_robots(game, ax=Figure().subplots(), path=['E', 'N'])
    >>> len([p for p in ax.patches if p.get_gid() == "move"])
    2
    """
    from matplotlib.patches import Circle, FancyArrowPatch

    from aisearch.plot.painters.robots import PAINTER

    if painter_for(game) is not PAINTER:  # (the game declares how it is drawn)
        raise TypeError(f"draw_robots draws a TwoRobots game, not {game!r:.80}; "
                        "draw_board(game, state) draws any game")
    game = unwrap(game)
    check_ax(ax)
    state = _state(game, game.initial if state is None else state)
    states = [state]
    for m in path or ():
        states.append(game.result(states[-1], m))  # raises for an illegal move
    ax = _axes(ax, (0.8 * game.cols + 0.3, 0.8 * game.rows + 0.3))
    size = max(game.rows, game.cols)
    lw = _prepare(ax, game.cols, game.rows)
    fig, box = ax.figure, ax.get_position()
    cell = min(box.width * fig.get_figwidth() / game.cols,
               box.height * fig.get_figheight() / game.rows) * 72  # points per cell
    for artist in painter_for(game).artists(game, state, size, min(lw, 2)):
        ax.add_artist(artist)
    together = state.black == state.white
    for (r, c), ink, dx in ((state.black, "white", -0.17), (state.white, "#111111", 0.17)):
        ax.text(c + 0.5 + (dx if together else 0), game.rows - r - 0.5, "B" if ink == "white"
                else "W", ha="center", va="center", color=ink, weight="bold", gid="robot-label",
                fontsize=_clamp(0.3 * cell, 6, 16) * (0.7 if together else 1))
    moved = set()
    for k, (s, t) in enumerate(zip(states, states[1:], strict=False), 1):
        black = s.black != t.black
        (r0, c0), (r1, c1) = (s.black, t.black) if black else (s.white, t.white)
        side = -0.12 if black else 0.12  # the two robots' paths run side by side
        a = (c0 + 0.5 + side * (r1 != r0), game.rows - r0 - 0.5 + side * (c1 != c0))
        b = (c1 + 0.5 + side * (r1 != r0), game.rows - r1 - 0.5 + side * (c1 != c0))
        color = "#111111" if black else "#7a7a7a"
        start = 0.36 * cell if (black, (r0, c0)) not in moved and k <= 2 else 3
        moved.add((black, (r1, c1)))
        ax.add_patch(FancyArrowPatch(a, b, arrowstyle="-|>", mutation_scale=0.35 * cell,
                                     linewidth=max(1.5, 0.05 * cell), color=color, shrinkA=start,
                                     shrinkB=3, zorder=4, gid="move"))
        ax.text((a[0] + b[0]) / 2, (a[1] + b[1]) / 2, str(k), ha="center", va="center",
                fontsize=_clamp(0.18 * cell, 6, 11), color="white", zorder=5, gid="move-number",
                bbox={"boxstyle": "circle,pad=0.2", "facecolor": color, "edgecolor": "white"})
    if path:  # where the robots end up: dashed outlines
        end = states[-1]
        for (r, c), gid in ((end.black, "black-end"), (end.white, "white-end")):
            ax.add_patch(Circle((c + 0.5, game.rows - r - 0.5), 0.36, facecolor="none",
                                edgecolor="#111111", linestyle="--", linewidth=1.2, zorder=3,
                                gid=gid))
    return ax


def _clamp(x: float, low: float, high: float) -> float:
    return max(low, min(high, x))
