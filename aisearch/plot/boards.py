"""Matplotlib pictures of game positions, for notebooks, widgets, tree thumbnails and PNG.

Every picture comes from the game's painter (:mod:`aisearch.plot.painters`): the same
artists go into an Axes (:func:`draw_board`, the one way to draw a position), a tree node
(:func:`thumbnail`, in points) or PNG bytes (:func:`board_png`). Which painter draws a
state is declared by its game, never guessed from the state.

Examples
--------
>>> from matplotlib.figure import Figure
>>> from aisearch.games import TicTacToe
>>> ax = draw_board(TicTacToe(), 'x.o/.x./..o', ax=Figure(figsize=(2, 2)).subplots())
>>> sorted(a.get_gid() for a in ax.get_children() if a.get_gid())
['grid', 'o', 'o', 'x']
"""

from __future__ import annotations

import io
from typing import Any

from aisearch.core import check_game, unwrap
from aisearch.plot.options import check_ax, check_flag, check_resolution, check_size
from aisearch.plot.painters import painter_for

__all__ = ["draw_board", "board_png", "thumbnail"]


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

        ax = plt.figure(figsize=figsize).add_axes((0.02, 0.02, 0.96, 0.96))
    return ax


def _points(ax: Any, width: float, height: float) -> float:
    """The longer side, in points, of a ``width`` x ``height`` box (its longer side 1) that
    fills the axes: a painter drawing at that size writes its text in true points."""
    fig, box = ax.figure, ax.get_position()
    return min(box.width * fig.get_figwidth() / width,
               box.height * fig.get_figheight() / height) * 72 / 1.04


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
    ax = _axes(ax, (inches * width * 1.04 / 0.96, inches * height * 1.04 / 0.96))
    side = _points(ax, width, height)
    lw = _prepare(ax, width * side, height * side)
    for artist in painter.artists(rules, state, side, min(lw, 2), highlight=highlight):
        ax.add_artist(artist)
    return ax


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
        Width of the longer side, in inches (0.1 to 50); the painter writes its text in
        true points at that size.
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
    side = _points(ax, w, h)
    lw = _prepare(ax, w * side, h * side)
    for artist in painter.artists(rules, state, side, min(lw, 2), highlight=highlight):
        ax.add_artist(artist)
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=dpi, metadata={"Software": None})
    return buffer.getvalue()
