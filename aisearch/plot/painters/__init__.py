"""Painters: how the positions of each game look, declared per game type.

A painter draws a position of its game two ways: as matplotlib artists inside a ``size`` by
``size`` box, y pointing up (tree thumbnails, boards in axes, PNG images for the widgets),
and as SVG text (a state's ``_repr_svg_`` in a notebook, the stepper's position). Each game
has one module in this package that registers its painter for its game class
(:func:`register`); the modules are found automatically, so a new game adds one module here
and touches nothing else. A game without a painter is drawn as its text.

Games under wrappers (symmetry reduction, counting, budgets) are drawn by the painter of
the game they wrap.

Examples
--------
>>> from aisearch.games import SymmetryReduced, TicTacToe
>>> painter_for(SymmetryReduced(TicTacToe())).name
'tic-tac-toe'
>>> svg(TicTacToe(), TicTacToe.parse('x../.../...')).startswith('<svg')
True
"""

from __future__ import annotations

import html
import importlib
import pkgutil
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from aisearch.core import provide_pictures, unwrap

__all__ = ["Painter", "register", "painter_for", "svg", "PAINTERS"]


def _square(game: Any, state: Any, size: float) -> tuple[float, float]:
    return size, size


@dataclass(frozen=True)
class Painter:
    """How one game's positions are drawn.

    Attributes
    ----------
    name : str
        For messages.
    artists : callable
        ``artists(game, state, size, lw, faint=False, highlight=None) -> list`` of matplotlib
        artists inside the box ``(0, 0)..extent`` (y up); ``faint`` fades them (nodes not
        searched yet), ``highlight`` marks moves (cells).
    extent : callable
        ``extent(game, state, size) -> (width, height)``: the box, its longer side ``size``.
    svg : callable, optional
        ``svg(game, state, size) -> str``: a standalone SVG picture.
    least : float
        The smallest size (points, the longer side) at which a picture can be read: a
        tree of board thumbnails draws them at least this large.
    inches : float
        The width of a still picture of one position among others (a game's key
        positions): wide enough for its labels to read at 8 points.
    """

    name: str
    artists: Callable[..., list]
    extent: Callable[[Any, Any, float], tuple[float, float]] = _square
    svg: Callable[..., str] | None = None
    least: float = 16.0
    inches: float = 1.6


PAINTERS: dict[type, Painter] = {}
"""The painter of each game class (read through :func:`painter_for`)."""
_loaded = False


def register(game_type: type, painter: Painter) -> Painter:
    """Declare the painter of a game class (and its subclasses)."""
    PAINTERS[game_type] = painter
    return painter


def _load() -> None:
    global _loaded
    if not _loaded:
        _loaded = True
        for module in pkgutil.iter_modules(__path__):
            if not module.name.startswith("_"):
                importlib.import_module(f"{__name__}.{module.name}")


def _text_artists(game: Any, state: Any, size: float, lw: float, faint: bool = False,
                  highlight: Any = None) -> list:
    from matplotlib.text import Text

    return [Text(size / 2, size / 2, str(state).replace("/", "\n"), ha="center", va="center",
                 family="monospace", fontsize=max(size / 6, 5), alpha=0.4 if faint else 1.0,
                 gid="text")]


def _text_svg(game: Any, state: Any, size: float = 40) -> str:
    lines = str(state).replace("/", "\n").splitlines() or [""]
    width = max(len(line) for line in lines) * 9 + 12
    height = 18 * len(lines) + 8
    rows = "".join(f'<text x="6" y="{18 * (k + 1)}">{html.escape(line)}</text>'
                   for k, line in enumerate(lines))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'font-family="monospace" font-size="14">{rows}</svg>')


TEXT = Painter("text", _text_artists, _square, _text_svg)
"""The painter of games that declare none: the state's text."""


def painter_for(game: Any) -> Painter:
    """The painter declared for ``game``'s class (under any wrappers), else :data:`TEXT`."""
    _load()
    for cls in type(unwrap(game)).__mro__:
        if cls in PAINTERS:
            return PAINTERS[cls]
    return TEXT


def svg(game: Any, state: Any, **options: Any) -> str:
    """A position of ``game`` as SVG text (its painter's, or its text).

    >>> from aisearch.games import fig5_2
    >>> svg(fig5_2, (0, 1)).startswith('<svg')
    True
    """
    painter = painter_for(game)
    draw = painter.svg or _text_svg
    return draw(unwrap(game), state, **options)


provide_pictures(svg)  # how states draw themselves in notebooks (``_repr_svg_``)
