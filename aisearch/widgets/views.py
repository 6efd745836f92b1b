"""Board views for :class:`~aisearch.widgets.PlayGame`: what the human sees and clicks.

A board view is a thin ipywidgets view of a :class:`~aisearch.widgets.PlayModel`. Which
view, and how it looks, is declared by the game (:class:`~aisearch.core.GameBase`): a game
with a ``move_grid`` gets a :class:`GridView`, a button per move laid out as the grid says
(tic-tac-toe's cells, Connect Four's columns, the robots' compass), with its picture
painted beside it unless the buttons are the board; any other game gets a
:class:`MovesView`, its picture and one button per legal move. ipywidgets is imported when
a view is built, never when this module is imported.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from aisearch.core import CHANCE, move_name, unwrap
from aisearch.widgets.play_model import PlayError, PlayModel
from aisearch.widgets.text import state_html

__all__ = ["BoardView", "GridView", "MovesView", "default_view"]


class BoardView(Protocol):
    """What PlayGame needs from a board view: a widget, ``update`` and ``explain``.

    A view is made as ``View(game, play)``, where ``play(move)`` is what its buttons call.
    """

    widget: Any

    def update(self, model: PlayModel) -> None: ...

    def explain(self, model: PlayModel, move: Any) -> str | None: ...


class GridView:
    """Buttons laid out as the game's ``move_grid`` says, and the painted position.

    ``buttons`` maps each move of the grid to its button; ``cells`` lists them in the
    grid's reading order. A move's button shows the move in the game's notation
    (:func:`~aisearch.core.move_name`), or what stands on its cell when the buttons are the
    board (``cell_label``); it is enabled while that move is legal and the human is to
    move, and is coloured when the game highlights it (a winning line) or when the agent
    has just played it (the agent's last move).
    """

    def __init__(self, game: Any, play: Callable[[Any], None]) -> None:
        import ipywidgets as w

        rules = unwrap(game)
        self.game, self.rules = game, rules
        grid = rules.move_grid
        self.on_board = bool(getattr(rules, "buttons_are_board", False))
        size = "64px" if self.on_board or len(grid) > 1 else "44px"
        self.buttons: dict[Any, Any] = {}
        children = []
        for row in grid:
            for m in row:
                if m is None:
                    children.append(w.Box(layout=w.Layout(width=size)))
                    continue
                b = w.Button(description=str(m), tooltip=f"move {m}",
                             layout=w.Layout(width=size, height=size if self.on_board else "auto"))
                if self.on_board:
                    b.style.font_size = "28px"
                    b.style.font_weight = "bold"
                b.on_click(lambda _, m=m: play(m))
                self.buttons[m] = b
                children.append(b)
        self.cells = list(self.buttons.values())
        columns = max(len(row) for row in grid)
        self.grid = w.GridBox(children, layout=w.Layout(
            grid_template_columns=f"repeat({columns}, {int(size[:-2]) + 2}px)", grid_gap="2px",
            width="max-content"))
        self.image = w.Image(format="png")
        self.legend = w.HTML()  # what a coloured button means, when one is coloured
        pad = w.VBox([self.grid, self.legend])
        self.widget = pad if self.on_board else (
            w.VBox([pad, self.image]) if len(grid) == 1 else w.HBox([self.image, pad]))

    def update(self, model: PlayModel) -> None:
        state = model.state
        legal = set(model.legal_moves) if model.human_to_move else set()
        marked = set(self.rules.highlight(state))
        last = model.last_search.move if model.last_search else None
        for m, b in self.buttons.items():
            b.description = (self.rules.cell_label(state, m) if self.on_board
                             else move_name(self.game, state, m))
            b.disabled = not self.on_board and m not in legal
            b.button_style = "success" if m in marked else "warning" if m == last else ""
        styles = {b.button_style for b in self.buttons.values()}
        notes = [f'<span style="color:{color}">■</span> {words}' for style, color, words in (
            ("warning", "#f0ad4e", "the agent's last move"),
            ("success", "#5cb85c", "the winning line")) if style in styles]
        self.legend.value = ('<div style="font-size:12px;color:#555">' + " &nbsp; ".join(notes)
                             + "</div>") if notes else ""
        if not self.on_board:
            from aisearch import plot

            self.image.value = plot.board_png(state, self.game, size=3.2, dpi=80)

    def explain(self, model: PlayModel, move: Any) -> str | None:
        return None


class MovesView:
    """Any game: the position (its picture or text), one button per legal move, and a box
    to type a move in (its name or the game's label for it: chess's UCI or SAN), played
    on Enter or with the "Play" button.

    ``typed(text)`` is what the box does: it names the move with
    :meth:`PlayModel.move_from_text` and plays it, or says in the box's hint why not.
    """

    def __init__(self, game: Any, play: Callable[[Any], None]) -> None:
        import ipywidgets as w

        self.game, self._play, self._w = game, play, w
        self.model: PlayModel | None = None
        self._shown: tuple = ()  # the position shown: (state, moves played)
        self.picture = w.HTML()
        self.buttons = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.entry = w.Text(placeholder="type a move, e.g. " + self._example(game),
                            description="your move", continuous_update=False,
                            layout=w.Layout(width="260px"))
        self.entry_button = w.Button(description="Play", tooltip="play the move typed",
                                     layout=w.Layout(width="auto"))
        self.hint = w.HTML()
        self.entry.observe(lambda c: self.typed(c["new"]), names="value")  # on Enter
        self.entry_button.on_click(lambda _: self.typed(self.entry.value))
        self.widget = w.VBox([self.picture, w.HBox([self.entry, self.entry_button, self.hint]),
                              self.buttons])

    @staticmethod
    def _example(game: Any) -> str:
        """A move a player can type: the first of the first position a player moves in
        (past any opening roll of the dice)."""
        label = getattr(unwrap(game), "move_label", None)
        s = game.initial
        for _ in range(20):  # (chance states in a row: the dice of Nannon's opening)
            if game.is_terminal(s) or not game.moves(s):
                return "a move"
            if game.to_move(s) != CHANCE:
                break
            s = game.result(s, game.moves(s)[0])
        else:
            return "a move"
        m = game.moves(s)[0]
        names = [str(m)] + ([str(label(s, m))] if callable(label) else [])
        return " or ".join(dict.fromkeys(names))

    def typed(self, text: str) -> None:
        """Play the move ``text`` names; an unknown name is explained in the hint."""
        import html

        if self.model is None:
            return
        if not text.strip():  # nothing typed: nothing to play, and no older hint stays
            self.hint.value = ""
            return
        try:
            move = self.model.move_from_text(text)
        except PlayError as error:
            self.hint.value = (f'<span style="color:#b03a2e">'
                               f"{html.escape(str(error)[:300])}</span>")
            return
        self.hint.value = ""
        self.entry.value = ""
        self._play(move)

    def update(self, model: PlayModel) -> None:
        if self.model is not None and self._shown != (model.state, len(model.moves)):
            self.hint.value = ""  # (it named the moves of the position before)
            self.entry.value = ""
        self.model, self._shown = model, (model.state, len(model.moves))
        self.picture.value = state_html(self.game, model.state)
        self.entry.disabled = self.entry_button.disabled = not model.human_to_move
        moves = model.legal_moves if model.human_to_move else ()
        buttons = []
        for m in moves:
            text = move_name(self.game, model.state, m)  # the game's words for a move
            b = self._w.Button(description=text, tooltip=f"move {m}",
                               layout=self._w.Layout(width="auto"))
            b.on_click(lambda _, m=m: self._play(m))
            buttons.append(b)
        self.buttons.children = buttons

    def explain(self, model: PlayModel, move: Any) -> str | None:
        return None


def default_view(game: Any) -> Callable[[Any, Callable[[Any], None]], BoardView]:
    """The board view class ``game`` declares: :class:`GridView` if it has a ``move_grid``,
    else :class:`MovesView`."""
    return GridView if getattr(unwrap(game), "move_grid", None) else MovesView
