"""Matplotlib pictures of game positions, for widgets, tree thumbnails and PNG output.

Each game has a *painter* that returns plain artists inside a ``size`` by ``size`` box
(y pointing up), so the same picture goes into an Axes (``draw_*``), a tree node
(:func:`thumbnail`, in points) or PNG bytes (:func:`board_png`).

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

__all__ = ["draw_tictactoe", "draw_robots", "draw_connect4", "board_png", "thumbnail"]

X_COLOR, O_COLOR = "#c0392b", "#2c6fbb"  # as the tic-tac-toe SVG pictures
RED, YELLOW, BLUE = "#d62728", "#f2c500", "#1f4e9c"  # as the Connect Four SVG pictures
WALL, FLOOR, GRID = "#3c3c3c", "#f4f1e8", "#999999"


# -- reading states ------------------------------------------------------------------------
def tictactoe_cells(state: Any) -> str:
    """The nine cells of a tic-tac-toe board as a string of ``x``, ``o`` and ``.``.

    Takes a :class:`~aisearch.games.tictactoe.Board` or its text (``'x.o/.x./..o'``).

    >>> tictactoe_cells('x.o/.x./..o')
    'x.o.x...o'
    >>> tictactoe_cells('xo')
    Traceback (most recent call last):
    ...
    ValueError: not a tic-tac-toe board: 'xo' (write 3 rows of x, o, . like 'x.o/.x./..o')
    """
    x, o = getattr(state, "x", None), getattr(state, "o", None)
    if isinstance(x, int) and isinstance(o, int) and x < 512 and o < 512:  # 9-bit masks
        return "".join("x" if x >> i & 1 else "o" if o >> i & 1 else "." for i in range(9))
    text = "".join(str(state).lower().split()).replace("/", "").replace("-", ".")
    if len(text) != 9 or set(text) - set("xo._"):
        raise ValueError(f"not a tic-tac-toe board: {state!r} (write 3 rows of x, o, . like "
                         "'x.o/.x./..o')")
    return text.replace("_", ".")


def _cells_of(highlight: Any, n: int) -> set[int]:
    if highlight is None:
        return set()
    cells = {highlight} if isinstance(highlight, int) else set(highlight)
    bad = [c for c in cells if isinstance(c, bool) or not isinstance(c, int) or not 0 <= c < n]
    if bad:
        raise ValueError(f"highlight cells must be ints 0..{n - 1}, not {bad}")
    return cells


# -- painters: artists inside a size x size box --------------------------------------------
def _tictactoe_artists(state: Any, size: float, lw: float, highlight: Any = None,
                       faint: bool = False) -> list:
    from matplotlib.lines import Line2D
    from matplotlib.patches import Circle, Rectangle

    cells, marked = tictactoe_cells(state), _cells_of(highlight, 9)
    c, alpha = size / 3, 0.35 if faint else 1.0
    out: list = []
    for i in sorted(marked):
        out.append(Rectangle((c * (i % 3), size - c * (i // 3 + 1)), c, c, facecolor="#fff0a8",
                             edgecolor="none", gid="highlight"))
    nan = float("nan")
    lo, hi = 0.04 * size, 0.96 * size
    xs = [c, c, nan, 2 * c, 2 * c, nan, lo, hi, nan, lo, hi]
    ys = [lo, hi, nan, lo, hi, nan, c, c, nan, 2 * c, 2 * c]
    out.append(Line2D(xs, ys, color="#222222", linewidth=lw, alpha=alpha, gid="grid"))
    xs, ys = [], []
    arm = 0.27 * c
    for i, ch in enumerate(cells):
        cx, cy = c * (i % 3 + 0.5), size - c * (i // 3 + 0.5)
        if ch == "x":
            xs += [cx - arm, cx + arm, nan, cx - arm, cx + arm, nan]
            ys += [cy - arm, cy + arm, nan, cy + arm, cy - arm, nan]
        elif ch == "o":
            out.append(Circle((cx, cy), 0.3 * c, facecolor="none", edgecolor=O_COLOR,
                              linewidth=1.9 * lw, alpha=alpha, gid="o"))
    if xs:
        out.append(Line2D(xs, ys, color=X_COLOR, linewidth=1.9 * lw, alpha=alpha,
                          solid_capstyle="round", gid="x"))
    return out


def _robots_artists(game: Any, state: Any, size: float, lw: float, faint: bool = False) -> list:
    """Cells of unit ``size / max(rows, cols)``; row 0 on top."""
    from matplotlib.collections import PatchCollection
    from matplotlib.patches import Circle, Rectangle

    rows, cols = game.rows, game.cols
    c = size / max(rows, cols)
    alpha = 0.35 if faint else 1.0
    squares = [Rectangle((col * c, (rows - 1 - r) * c), c, c) for r in range(rows)
               for col in range(cols)]
    faces = [WALL if (r, col) in game.walls else FLOOR for r in range(rows) for col in range(cols)]
    out: list = [PatchCollection(squares, facecolors=faces, edgecolors=GRID, linewidths=0.5 * lw,
                                 alpha=alpha, gid="grid")]
    together = state.black == state.white
    for cell, face, edge, dx, gid in ((state.black, "#111111", "#111111", -0.17, "black"),
                                      (state.white, "#ffffff", "#111111", 0.17, "white")):
        r, col = cell
        radius = 0.24 * c if together else 0.36 * c
        center = ((col + 0.5 + (dx if together else 0)) * c, (rows - 1 - r + 0.5) * c)
        out.append(Circle(center, radius, facecolor=face, edgecolor=edge, linewidth=lw,
                          alpha=alpha, gid=gid))
    return out


def connect4_grid(state: Any) -> list[str]:
    """Rows of a Connect Four position, top row first, as strings of ``x``, ``o``, ``.``.

    Uses ``state.grid`` / ``state.rows()`` if the state offers them, else its text
    (rows separated by ``/`` or newlines).

    >>> connect4_grid('......./......./......./......./...o.../..xx...')[-1]
    '..xx...'
    """
    for name in ("rows", "grid"):
        got = getattr(state, name, None)
        if callable(got):
            got = got()
        if got is not None and not isinstance(got, (int, str)):
            rows = ["".join(_disc(ch) for ch in row) for row in got]
            break
    else:
        text = str(state).strip().replace("\n", "/")
        rows = ["".join(_disc(ch) for ch in row.strip().replace(" ", "")) for row in
                text.split("/") if row.strip()]
    if not rows or len({len(r) for r in rows}) != 1 or set("".join(rows)) - set("xo."):
        raise ValueError(f"not a Connect Four position: {state!r} (rows of x, o and . "
                         "separated by '/', top row first)")
    return rows


def _disc(ch: Any) -> str:
    key = ch if isinstance(ch, str) else {0: ".", 1: "x", 2: "o", -1: "o", None: "."}.get(ch, "?")
    return {"x": "x", "X": "x", "o": "o", "O": "o", "R": "x", "r": "x", "Y": "o", "y": "o",
            ".": ".", "-": ".", "_": "."}.get(key, "?")


def _connect4_artists(state: Any, size: float, lw: float, faint: bool = False) -> list:
    from matplotlib.collections import PatchCollection
    from matplotlib.patches import Circle, Rectangle

    rows = connect4_grid(state)
    n_rows, n_cols = len(rows), len(rows[0])
    c = size / max(n_rows, n_cols)
    alpha = 0.35 if faint else 1.0
    color = {"x": RED, "o": YELLOW, ".": "#ffffff"}
    board = Rectangle((0, 0), n_cols * c, n_rows * c, facecolor=BLUE, edgecolor="#163a75",
                      linewidth=lw, alpha=alpha, gid="frame")
    holes = [Circle(((j + 0.5) * c, (n_rows - 1 - i + 0.5) * c), 0.4 * c)
             for i in range(n_rows) for j in range(n_cols)]
    faces = [color[ch] for row in rows for ch in row]
    discs = PatchCollection(holes, facecolors=faces, edgecolors="#163a75", linewidths=0.5 * lw,
                            alpha=alpha, gid="discs")
    return [board, discs]


def _text_artists(state: Any, size: float, faint: bool = False) -> list:
    from matplotlib.text import Text

    return [Text(size / 2, size / 2, str(state).replace("/", "\n"), ha="center", va="center",
                 family="monospace", fontsize=max(size / 6, 5), alpha=0.4 if faint else 1.0,
                 gid="text")]


def _kind(state: Any, game: Any) -> str:
    """Which painter draws ``state``: 'tictactoe', 'robots', 'connect4' or 'text'."""
    if hasattr(state, "black") and hasattr(state, "white"):
        if game is None or not hasattr(game, "walls"):
            raise ValueError("drawing a robots state needs its game (the grid): pass game=...")
        return "robots"
    name = type(getattr(game, "game", game)).__name__.lower()
    if "connect" in name or callable(getattr(state, "cell", None)):  # ConnectFour, Position
        return "connect4"
    try:
        tictactoe_cells(state)
        return "tictactoe"
    except ValueError:
        pass
    try:
        connect4_grid(state)
        return "connect4"
    except ValueError:
        return "text"


def _artists(state: Any, game: Any, size: float, lw: float, faint: bool = False) -> list:
    kind = _kind(state, game)
    if kind == "tictactoe":
        return _tictactoe_artists(state, size, lw, faint=faint)
    if kind == "robots":
        return _robots_artists(game, state, size, lw, faint)
    if kind == "connect4":
        return _connect4_artists(state, size, lw, faint)
    return _text_artists(state, size, faint)


def _extent(state: Any, game: Any, size: float) -> tuple[float, float]:
    """Width and height of a painted box (grids are not square)."""
    kind = _kind(state, game)
    if kind == "robots":
        rows, cols = game.rows, game.cols
    elif kind == "connect4":
        grid = connect4_grid(state)
        rows, cols = len(grid), len(grid[0])
    else:
        return size, size
    c = size / max(rows, cols)
    return cols * c, rows * c


def thumbnail(state: Any, game: Any = None, *, size: float = 36, faint: bool = False) -> Any:
    """A small picture of ``state``, ``size`` points wide, as a matplotlib ``DrawingArea``.

    Used by :func:`aisearch.plot.tree` with ``boards=True``; put it in an
    ``AnnotationBbox`` to place it anywhere.

    >>> thumbnail('x.o/.x./..o', size=40).width
    40
    """
    from matplotlib.offsetbox import DrawingArea

    width, height = _extent(state, game, size)
    area = DrawingArea(width, height, clip=False)
    for artist in _artists(state, game, size, lw=max(0.6, size / 36), faint=faint):
        area.add_artist(artist)
    return area


# -- drawing into axes ---------------------------------------------------------------------
def _axes(ax: Any, figsize: tuple[float, float]) -> Any:
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
    cells = tictactoe_cells(state)  # check before making a figure
    ax = _axes(ax, (2, 2))
    lw = _prepare(ax, 3, 3)
    for artist in _tictactoe_artists(cells, 3, lw, highlight):
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

    state = game.initial if state is None else state
    states = [state]
    for m in path or ():
        states.append(game.result(states[-1], m))  # raises for an illegal move
    ax = _axes(ax, (0.8 * game.cols + 0.3, 0.8 * game.rows + 0.3))
    size = max(game.rows, game.cols)
    lw = _prepare(ax, game.cols, game.rows)
    fig, box = ax.figure, ax.get_position()
    cell = min(box.width * fig.get_figwidth() / game.cols,
               box.height * fig.get_figheight() / game.rows) * 72  # points per cell
    for artist in _robots_artists(game, state, size, lw=min(lw, 2)):
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
    state : Connect Four state or str
        A state of :mod:`aisearch.games.connect4` or its text, top row first.
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
    rows = connect4_grid(state)
    ax = _axes(ax, (0.45 * len(rows[0]) + 0.3, 0.45 * len(rows) + 0.3))
    size = max(len(rows), len(rows[0]))
    lw = _prepare(ax, len(rows[0]), len(rows))
    for artist in _connect4_artists(state, size, min(lw, 2)):
        ax.add_artist(artist)
    return ax


def board_png(state: Any, game: Any = None, *, size: float = 1.6, dpi: int = 100,
              highlight: Any = None) -> bytes:
    """PNG bytes of a position (for ``_repr_png_``); the same state gives the same bytes.

    Parameters
    ----------
    state : state of tic-tac-toe, two robots or Connect Four
        The position (anything else is drawn as its text).
    game : Game, optional
        Needed for robots states (the grid).
    size : float
        Width of the longer side, in inches.
    dpi : int
        Resolution.
    highlight : cells, optional
        Shaded tic-tac-toe cells.

    Examples
    --------
    >>> png = board_png('x.o/.x./..o')
    >>> png[:8] == b'\\x89PNG\\r\\n\\x1a\\n', png == board_png('x.o/.x./..o')
    (True, True)
    """
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    kind = _kind(state, game)
    width, height = _extent(state, game, size)
    fig = Figure(figsize=(width, height), dpi=dpi)
    FigureCanvasAgg(fig)
    ax = fig.add_axes((0, 0, 1, 1))
    if kind == "tictactoe":
        draw_tictactoe(state, ax, highlight)
    elif kind == "robots":
        draw_robots(game, state, ax)
    elif kind == "connect4":
        draw_connect4(state, ax)
    else:
        _prepare(ax, 1, 1)
        for artist in _text_artists(state, 1):
            artist.set_fontsize(10)
            ax.add_artist(artist)
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=dpi, metadata={"Software": None})
    return buffer.getvalue()
