"""Matplotlib pictures of game positions, for notebooks, widgets, tree thumbnails and PNG.

Every picture comes from the game's painter (:mod:`aisearch.plot.painters`): the same
artists go into an Axes (:func:`draw_board`, and the three named shortcuts), a tree node
(:func:`thumbnail`, in points) or PNG bytes (:func:`board_png`). Which painter draws a
state is declared by its game, never guessed from the state.

Examples
--------
>>> from matplotlib.figure import Figure
>>> ax = draw_tictactoe('x.o/.x./..o', ax=Figure(figsize=(2, 2)).subplots())
>>> sorted(a.get_gid() for a in ax.get_children() if a.get_gid())
['grid', 'o', 'o', 'x']
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Sequence
from typing import Any

from aisearch.core import check_game, unwrap
from aisearch.plot.options import check_ax, check_flag, check_resolution, check_size
from aisearch.plot.painters import painter_for

__all__ = ["draw_board", "draw_tictactoe", "draw_robots", "draw_connect4", "board_png",
           "thumbnail"]


def _state(game: Any, state: Any) -> Any:
    """A state of ``game``; text is read with the game's ``parse`` (tic-tac-toe, Connect Four)
    when it has one (a game whose states are strings keeps them as they are). The game
    checks it (its ``to_move`` refuses what is not one of its states, saying what is)."""
    rules = unwrap(game)
    if not callable(getattr(rules, "to_move", None)):
        raise TypeError(f"game must be a game such as TicTacToe() (see aisearch.core.Game), "
                        f"not {game!r:.80}")
    parse = getattr(rules, "parse", None)
    if isinstance(state, str) and callable(parse):
        state = parse(state)
    rules.to_move(state)
    return state


def thumbnail(state: Any, game: Any, *, size: float = 36, faint: bool = False) -> Any:
    """A small picture of ``state``, ``size`` points wide, as a matplotlib ``DrawingArea``.

    Used by :func:`aisearch.plot.tree` with ``boards=True``; put it in an
    ``AnnotationBbox`` to place it anywhere.

    >>> from aisearch.games import TicTacToe
    >>> thumbnail(TicTacToe.parse('x.o/.x./..o'), TicTacToe(), size=40).width
    40
    """
    from matplotlib.offsetbox import DrawingArea

    check_size("size", size, 1, 1000, "points")
    check_flag("faint", faint)
    state = _state(game, state)
    painter, game = painter_for(game), unwrap(game)
    width, height = painter.extent(game, state, size)
    area = DrawingArea(width, height, clip=False)
    for artist in painter.artists(game, state, size, max(0.6, size / 36), faint=faint):
        area.add_artist(artist)
    return area


def _axes(ax: Any, figsize: tuple[float, float]) -> Any:
    check_ax(ax)
    if ax is None:
        import matplotlib.pyplot as plt

        _, ax = plt.subplots(figsize=figsize)
    return ax


def _prepare(ax: Any, width: float, height: float) -> float:
    """Fit the axes to a width x height box; return a line width in points."""
    ax.set_xlim(-0.02 * width, 1.02 * width)
    ax.set_ylim(-0.02 * height, 1.02 * height)
    ax.set_aspect("equal")
    ax.set_axis_off()
    fig, box = ax.figure, ax.get_position()
    points = min(box.width * fig.get_figwidth(), box.height * fig.get_figheight()) * 72
    return max(0.8, points / 90)


def draw_board(game: Any, state: Any = None, ax: Any = None, highlight: Any = None,
               *, inches: float = 3.2) -> Any:
    """Draw a position of any game with its painter (its text if it has none).

    Parameters
    ----------
    game : Game
        The game (its painter, and for the robots its grid).
    state : state or str, optional
        The position (default: ``game.initial``); text is read with ``game.parse``.
    ax : matplotlib Axes, optional
        Draw here (by default a new figure, its longer side ``inches`` long).
    highlight : moves, optional
        Moves (cells) to shade, where the painter supports it (tic-tac-toe).

    Returns
    -------
    matplotlib.axes.Axes

    Examples
    --------
    >>> from matplotlib.figure import Figure
    >>> from aisearch.games import ConnectFour
    >>> ax = draw_board(ConnectFour(), ax=Figure().subplots())
    >>> [c.get_gid() for c in ax.collections]
    ['discs']
    """
    check_game(unwrap(game))
    check_ax(ax)
    inches = check_size("inches", inches, 0.2, 40, "inches, the longer side")
    state = _state(game, game.initial if state is None else state)
    painter, rules = painter_for(game), unwrap(game)
    width, height = painter.extent(rules, state, 1.0)
    ax = _axes(ax, (inches * width + 0.3, inches * height + 0.3))
    lw = _prepare(ax, width, height)
    for artist in painter.artists(rules, state, 1.0, min(lw, 2), highlight=highlight):
        ax.add_artist(artist)
    return ax


def draw_tictactoe(state: Any, ax: Any = None, highlight: int | Iterable[int] | None = None) -> Any:
    """Draw a tic-tac-toe board: red crosses, blue noughts, ``highlight`` cells shaded.

    Parameters
    ----------
    state : Board or str
        A :class:`~aisearch.games.tictactoe.Board` or its text, e.g. ``'x.o/.x./..o'``.
    ax : matplotlib Axes, optional
        Draw here (a new 2 x 2 inch figure by default).
    highlight : int or iterable of int, optional
        Cells ``0..8`` (row by row) to shade, e.g. the last move or a winning line.

    Returns
    -------
    matplotlib.axes.Axes

    Examples
    --------
    >>> from matplotlib.figure import Figure
    >>> ax = draw_tictactoe('xxx/oo./...', ax=Figure().subplots(), highlight=(0, 1, 2))
    >>> len([p for p in ax.patches if p.get_gid() == "highlight"])
    3
    """
    from aisearch.games.tictactoe import TicTacToe

    game = TicTacToe()
    check_ax(ax)
    state = _state(game, state)
    painter = painter_for(game)
    painter.artists(game, state, 3, 1, highlight=highlight)  # check before making a figure
    ax = _axes(ax, (2, 2))
    lw = _prepare(ax, 3, 3)
    for artist in painter.artists(game, state, 3, lw, highlight=highlight):
        ax.add_artist(artist)
    return ax


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

    from aisearch.games.robots import TwoRobots

    if not isinstance(unwrap(game), TwoRobots):
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


def draw_connect4(state: Any, ax: Any = None) -> Any:
    """Draw a Connect Four position: a blue frame, red (first player) and yellow discs.

    Parameters
    ----------
    state : Position or str
        A position of :class:`~aisearch.games.connect4.ConnectFour` or its text, top row
        first (``ConnectFour.parse`` reads it).
    ax : matplotlib Axes, optional
        Draw here (a new figure by default).

    Returns
    -------
    matplotlib.axes.Axes

    Examples
    --------
    >>> from matplotlib.figure import Figure
    >>> ax = draw_connect4('......./......./......./......./...o.../..xx...',
    ...                    ax=Figure().subplots())
    >>> [c.get_gid() for c in ax.collections]
    ['discs']
    """
    from aisearch.games.connect4 import ConnectFour

    if state is None:
        raise ValueError("draw_connect4 needs a position (a Connect Four state or its text); "
                         "draw_board(ConnectFour()) draws the empty board")
    return draw_board(ConnectFour(), state, ax)


def board_png(state: Any, game: Any, *, size: float = 1.6, dpi: float = 100,
              highlight: Any = None) -> bytes:
    """PNG bytes of a position (for ``_repr_png_`` and widgets); the same state, the same bytes.

    Parameters
    ----------
    state : state or str
        The position; text is read with ``game.parse``.
    game : Game
        Its game (the painter; the robots' grid).
    size : float
        Width of the longer side, in inches (0.1 to 50).
    dpi : float
        Resolution, 10 to 1000 dots per inch; the picture may be at most 5,000 pixels a
        side.
    highlight : moves, optional
        Moves (cells) to shade, where the painter supports it.

    Examples
    --------
    >>> from aisearch.games import TicTacToe
    >>> png = board_png('x.o/.x./..o', TicTacToe())
    >>> png[:8] == b'\\x89PNG\\r\\n\\x1a\\n', png == board_png('x.o/.x./..o', TicTacToe())
    (True, True)
    """
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    size = check_size("size", size, 0.1, 50, "inches, the longer side")
    state = _state(game, state)
    painter, rules = painter_for(game), unwrap(game)
    width, height = painter.extent(rules, state, size)
    dpi = check_resolution(width, height, dpi)
    fig = Figure(figsize=(width, height), dpi=dpi)
    FigureCanvasAgg(fig)
    ax = fig.add_axes((0, 0, 1, 1))
    w, h = painter.extent(rules, state, 1.0)
    lw = _prepare(ax, w, h)
    for artist in painter.artists(rules, state, 1.0, min(lw, 2), highlight=highlight):
        if artist.get_gid() == "text":
            artist.set_fontsize(10)
        ax.add_artist(artist)
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=dpi, metadata={"Software": None})
    return buffer.getvalue()
