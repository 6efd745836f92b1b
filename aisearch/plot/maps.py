"""Maps of start positions for the two robots: who wins from where (lesson 01).

Fix Black's cell and the side to move; every other free cell is a possible start for
White. :func:`start_outcomes` reads each start's exact :class:`~aisearch.solve.Outcome`
from a :func:`~aisearch.solve.retrograde` solution, :func:`start_text` prints them as a
small text grid, and :func:`start_map` colours the grid by outcome (White wins, draw,
Black wins), writes the plies to capture in White's winning cells, draws the walls dark
and marks Black's cell.

Examples
--------
>>> from aisearch import TwoRobots, retrograde
>>> game = TwoRobots(3, 3)
>>> solution = retrograde(game, game.all_states())
>>> print(start_text(game, solution, black=(0, 0)))
B  =  6
=  2  =
6  =  6
"""

from __future__ import annotations

from typing import Any

from aisearch.core import MAX, MIN
from aisearch.plot.options import check_ax, check_flag

__all__ = ["OUTCOME_COLORS", "OUTCOME_NAMES", "start_outcomes", "start_text", "start_map"]

OUTCOME_COLORS = {1: "#8fc1e8", 0: "#e4e4e4", -1: "#f2a66b"}
"""Cell colours by value for White (MAX): +1 White wins (blue), 0 draw (grey), -1 Black wins."""

OUTCOME_NAMES = {1: "White wins", 0: "draw", -1: "Black wins"}
"""Legend text and patch ``gid`` stem by value: the gid is the name with ``-`` for spaces."""

WALL, FLOOR, GRID = "#3c3c3c", "#f4f1e8", "#999999"


def _kind(value: int) -> str:
    return OUTCOME_NAMES[value].replace(" ", "-").lower()


def start_outcomes(game: Any, solution: Any, black: Any, *, to_move: int = MIN) -> dict:
    """The exact outcome of every start with Black on ``black``, keyed by White's cell.

    Parameters
    ----------
    game : TwoRobots
        The grid.
    solution : Solution
        ``retrograde(game, game.all_states())``: it must hold every start (the default
        ``retrograde(game)`` solves only the states reachable from ``game.initial``).
    black : (row, col)
        Black's cell, a free cell of the grid.
    to_move : {MIN, MAX}
        Who moves first: ``MIN`` (Black, as in a game's start) or ``MAX`` (White).

    Returns
    -------
    dict
        ``{white_cell: Outcome}`` for every free cell except ``black``, in row-major order.

    Raises
    ------
    TypeError
        If ``game`` is not a two-robots game or ``solution`` is not a solution.
    ValueError
        If ``black`` is not a free cell, ``to_move`` is neither ``MIN`` nor ``MAX``, the
        solution belongs to another game, or it lacks a start.

    Examples
    --------
    >>> from aisearch import TwoRobots, retrograde
    >>> game = TwoRobots(1, 3)
    >>> start_outcomes(game, retrograde(game, game.all_states()), (0, 0))
    {(0, 1): Outcome(value=1, plies=1), (0, 2): Outcome(value=1, plies=2)}
    """
    _check(game, solution)
    if to_move not in (MIN, MAX):
        raise ValueError(f"to_move must be MIN (Black) or MAX (White), not {to_move!r}")
    cells = game.cells()
    try:
        black = tuple(black)
    except TypeError:
        raise ValueError(f"black must be a (row, col) pair, not {black!r}") from None
    if black not in cells:
        where = "a wall" if black in game.walls else "not on the grid"
        raise ValueError(f"black cell {black!r} is {where}; free cells are e.g. {cells[:3]}")
    found = {}
    for white in cells:
        if white == black:
            continue
        s = game.state(black, white, to_move)
        try:
            found[white] = solution[s]
        except KeyError:
            raise ValueError(f"the solution has no value for {s!r}: solve every start with "
                             "retrograde(game, game.all_states())") from None
    return found


def _check(game: Any, solution: Any) -> None:
    if not all(hasattr(game, a) for a in ("rows", "cols", "walls", "cells", "state")):
        raise TypeError(f"start maps are for TwoRobots games, not {type(game).__name__}")
    other = getattr(solution, "game", None)
    if other is None or not callable(getattr(solution, "plies", None)):
        raise TypeError(f"solution must come from retrograde(game, game.all_states()), "
                        f"not a {type(solution).__name__}")
    if other is not game and other != game:
        raise ValueError(f"the solution is of another game ({other!r}), not of {game!r}")


def start_text(game: Any, solution: Any, black: Any, *, to_move: int = MIN) -> str:
    """The start map as text: plies where White wins, ``=`` draw, ``b`` Black wins.

    ``B`` is Black's cell and ``#`` a wall; columns are aligned. Arguments as for
    :func:`start_outcomes`.

    >>> from aisearch import TwoRobots, retrograde
    >>> game = TwoRobots.parse('B.#/..W')
    >>> print(start_text(game, retrograde(game, game.all_states()), (0, 0)))
    B  =  #
    =  2  =
    """
    outcomes = start_outcomes(game, solution, black, to_move=to_move)

    def mark(cell: tuple) -> str:
        if cell == tuple(black):
            return "B"
        if cell in game.walls:
            return "#"
        o = outcomes[cell]
        return {1: f"{o.plies:g}", 0: "=", -1: "b"}[o.value]

    grid = [[mark((r, c)) for c in range(game.cols)] for r in range(game.rows)]
    width = max(len(m) for row in grid for m in row)
    return "\n".join("  ".join(m.rjust(width) for m in row).rstrip() for row in grid)


def start_map(game: Any, solution: Any, black: Any, *, to_move: int = MIN, ax: Any = None,
              plies: bool = True, legend: bool = True, title: str | None = None) -> Any:
    """Colour each White start by its exact outcome, for Black fixed on ``black``.

    Parameters
    ----------
    game : TwoRobots
        The grid.
    solution : Solution
        ``retrograde(game, game.all_states())``.
    black : (row, col)
        Black's cell (marked with a black disc).
    to_move : {MIN, MAX}
        Who moves first (default Black, as at the start of a game).
    ax : matplotlib Axes, optional
        Draw here (a new figure sized for the grid by default).
    plies : bool
        Write in each cell where White wins the plies to capture under best play.
    legend : bool
        Explain the colours under the map.
    title : str, optional
        Axes title (default: Black's cell and who moves first).

    Returns
    -------
    matplotlib.axes.Axes
        Cells are ``Rectangle`` patches at ``(col, row)`` (row 0 on top) with ``gid``
        ``'white-wins'``, ``'draw'``, ``'black-wins'``, ``'wall'`` or ``'black-cell'``;
        the plies are texts with ``gid='plies'``.

    Raises
    ------
    TypeError, ValueError
        As :func:`start_outcomes`.

    Examples
    --------
    >>> from matplotlib.figure import Figure
    >>> from aisearch import TwoRobots, retrograde
    >>> game = TwoRobots.parse('B..#/...W')
    >>> solution = retrograde(game, game.all_states())
    >>> ax = start_map(game, solution, (0, 0), ax=Figure().subplots())
    >>> sorted(p.get_gid() for p in ax.patches)[:4]
    ['black', 'black-cell', 'draw', 'draw']
    >>> [t.get_text() for t in ax.texts if t.get_gid() == "plies"]
    ['4', '2', '6']

    Notes
    -----
    Nilsson section 12.1; lesson ``01_two_robots``. On a grid without walls the map is a
    chessboard: White wins exactly the starts on Black's colour (with Black to move).
    """
    from matplotlib.patches import Circle, Patch, Rectangle

    check_ax(ax)
    check_flag("plies", plies)
    check_flag("legend", legend)
    if title is not None and not isinstance(title, str):
        raise TypeError(f"title must be text or None, not {title!r:.80}")
    outcomes = start_outcomes(game, solution, black, to_move=to_move)
    black = tuple(black)
    if ax is None:
        import matplotlib.pyplot as plt

        _, ax = plt.subplots(figsize=(0.5 * game.cols + 0.9, 0.5 * game.rows + 1.1))
    fig, box = ax.figure, ax.get_position()
    cell_pt = 72 * min(box.width * fig.get_figwidth() / game.cols,
                       box.height * fig.get_figheight() / game.rows)
    size = max(8.0, min(14.0, 0.36 * cell_pt))  # (never under 8 points)
    for r in range(game.rows):
        for c in range(game.cols):
            cell = (r, c)
            if cell in game.walls:
                face, gid = WALL, "wall"
            elif cell == black:
                face, gid = FLOOR, "black-cell"
            else:
                face, gid = OUTCOME_COLORS[outcomes[cell].value], _kind(outcomes[cell].value)
            ax.add_patch(Rectangle((c, r), 1, 1, facecolor=face, edgecolor=GRID, linewidth=0.8,
                                   gid=gid))
            if plies and cell in outcomes and outcomes[cell].value == 1:
                ax.text(c + 0.5, r + 0.5, f"{outcomes[cell].plies:g}", ha="center",
                        va="center", fontsize=size, color="#0d2a45", gid="plies")
    r, c = black
    ax.add_patch(Circle((c + 0.5, r + 0.5), 0.36, facecolor="#111111", edgecolor="#111111",
                        gid="black"))
    ax.text(c + 0.5, r + 0.5, "B", ha="center", va="center", fontsize=size, color="white",
            fontweight="bold", gid="black-label")
    ax.set_xlim(0, game.cols)
    ax.set_ylim(game.rows, 0)
    ax.set_aspect("equal")
    ax.set_xticks([k + 0.5 for k in range(game.cols)], [str(k) for k in range(game.cols)])
    ax.set_yticks([k + 0.5 for k in range(game.rows)], [str(k) for k in range(game.rows)])
    ax.tick_params(length=0, labelsize=max(8.0, size * 0.7), labelcolor="#777777")
    for spine in ax.spines.values():
        spine.set_visible(False)
    if title is None:
        title = f"Black on {black}, {'Black' if to_move == MIN else 'White'} to move"
    ax.set_title(title, fontsize=10)
    if legend:
        handles = [Patch(facecolor=OUTCOME_COLORS[v], edgecolor=GRID, label=OUTCOME_NAMES[v])
                   for v in (1, 0, -1)]
        ax.legend(handles=handles, loc="upper center", bbox_to_anchor=(0.5, 0.0), ncol=3,
                  frameon=False, fontsize=8, handlelength=1.2, columnspacing=0.8,
                  handletextpad=0.4, borderaxespad=1.8)
    return ax
