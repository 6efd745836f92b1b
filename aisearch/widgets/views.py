"""Board views for :class:`~aisearch.widgets.PlayGame`: what the human clicks.

A board view is a thin ipywidgets view of a :class:`~aisearch.widgets.PlayModel`:
buttons for the cells of tic-tac-toe, direction buttons and a drawn grid for the two
robots, and one button per legal move for any other game (:func:`default_view` picks
one). ipywidgets is imported when a view is built, never when this module is imported.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from aisearch.widgets.play_model import PlayModel
from aisearch.widgets.text import state_html

__all__ = ["BoardView", "TicTacToeView", "RobotsView", "MovesView", "default_view"]


class BoardView(Protocol):
    """What PlayGame needs from a board view: a widget, ``update`` and ``explain``.

    A view is made as ``View(game, play)``, where ``play(move)`` is what its buttons call.
    """

    widget: Any

    def update(self, model: PlayModel) -> None: ...

    def explain(self, model: PlayModel, move: Any) -> str | None: ...


class TicTacToeView:
    """A 3x3 grid of buttons; the agent's last move and a winning line are coloured."""

    def __init__(self, game: Any, play: Callable[[Any], None]) -> None:
        import ipywidgets as w

        self.cells = []
        for i in range(9):
            b = w.Button(description=" ", layout=w.Layout(width="64px", height="64px"),
                         tooltip=f"cell {i}")
            b.style.font_size = "28px"
            b.style.font_weight = "bold"
            b.on_click(lambda _, i=i: play(i))
            self.cells.append(b)
        self.widget = w.GridBox(self.cells, layout=w.Layout(
            grid_template_columns="repeat(3, 66px)", grid_gap="2px", width="max-content"))

    def update(self, model: PlayModel) -> None:
        from aisearch.games.tictactoe import LINES

        board = str(model.state).replace("/", "")
        won = next((line for line in LINES if board[line[0]] != "."
                    and board[line[0]] == board[line[1]] == board[line[2]]), ())
        last = model.last_search.move if model.last_search else None
        for i, b in enumerate(self.cells):
            b.description = board[i].upper() if board[i] != "." else " "
            b.button_style = "success" if i in won else "warning" if i == last else ""

    def explain(self, model: PlayModel, move: Any) -> str | None:
        return f"Cell {move} is taken: click an empty cell."


class RobotsView:
    """The grid drawn by ``aisearch.plot.draw_robots`` (as PNG) and four direction buttons."""

    def __init__(self, game: Any, play: Callable[[Any], None]) -> None:
        import ipywidgets as w

        self.game = game
        self.image = w.Image(format="png")
        self.buttons = {}
        for m, icon in (("N", "arrow-up"), ("S", "arrow-down"), ("E", "arrow-right"),
                        ("W", "arrow-left")):
            b = w.Button(description=m, icon=icon, layout=w.Layout(width="64px"),
                         tooltip=f"move {m}")
            b.on_click(lambda _, m=m: play(m))
            self.buttons[m] = b
        gap = w.Layout(width="64px")
        pad = [w.Box(layout=gap) for _ in range(5)]
        cross = w.GridBox(
            [pad[0], self.buttons["N"], pad[1], self.buttons["W"], pad[2], self.buttons["E"],
             pad[3], self.buttons["S"], pad[4]],
            layout=w.Layout(grid_template_columns="repeat(3, 66px)", width="max-content"))
        self.widget = w.HBox([self.image, cross])

    def update(self, model: PlayModel) -> None:
        from aisearch import plot

        size = min(0.6 * max(self.game.rows, self.game.cols) + 0.4, 5.0)
        self.image.value = plot.board_png(model.state, self.game, size=size, dpi=80)

    def explain(self, model: PlayModel, move: Any) -> str | None:
        if move not in ("N", "S", "E", "W"):
            return None
        return f"{model.side(model.human)} cannot move {move}: a wall or the edge of the grid."


class MovesView:
    """Any game: the position (its SVG, HTML or text) and one button per legal move."""

    def __init__(self, game: Any, play: Callable[[Any], None]) -> None:
        import ipywidgets as w

        self.game, self._play, self._w = game, play, w
        self.picture = w.HTML()
        self.buttons = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.widget = w.VBox([self.picture, self.buttons])

    def update(self, model: PlayModel) -> None:
        self.picture.value = state_html(self.game, model.state)
        moves = model.legal_moves if model.human_to_move else ()
        buttons = []
        for m in moves:
            b = self._w.Button(description=str(m), layout=self._w.Layout(width="auto"))
            b.on_click(lambda _, m=m: self._play(m))
            buttons.append(b)
        self.buttons.children = buttons

    def explain(self, model: PlayModel, move: Any) -> str | None:
        return None


def default_view(game: Any) -> Callable[[Any, Callable[[Any], None]], BoardView]:
    """The board view class for ``game``: TicTacToeView, RobotsView or MovesView."""
    from aisearch.games.robots import TwoRobots
    from aisearch.games.tictactoe import TicTacToe

    if isinstance(game, TicTacToe):
        return TicTacToeView
    if isinstance(game, TwoRobots):
        return RobotsView
    return MovesView
