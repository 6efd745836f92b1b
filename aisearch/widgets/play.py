"""Play a game against a searching agent, and look at the search it just made.

:class:`PlayModel` holds the game (state, history, whose turn, the agent's last search)
and needs no widgets; :class:`PlayGame` is a thin ipywidgets view over it with a
pluggable *board view*: buttons for the cells of tic-tac-toe, direction buttons and a
drawn grid for the two robots, and one button per legal move for any other game.
"Show search tree" re-runs the agent's last search on the same position with a
:class:`~aisearch.trace.Recorder` (same searcher, depth and evaluation) and opens it in a
:class:`~aisearch.widgets.SearchStepper`: the widget observes the searcher, it never
searches in its own way.

Examples
--------
>>> from aisearch.games.tictactoe import TicTacToe
>>> game = PlayModel(TicTacToe(), depth=2)
>>> game.play(4)            # X in the centre; O answers at once
>>> game.moves
[4, 0]
>>> game.last_search.decision.stats
Stats(nodes=23, leaves=14, cutoffs=7)
>>> game.play(0)
Traceback (most recent call last):
...
aisearch.widgets.play.PlayError: illegal move 0; legal moves: 1, 2, 3, 5, 6, 7, 8
"""

from __future__ import annotations

import html
import random
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple, Protocol

from aisearch.core import CHANCE, MAX, MIN, Decision, IllegalMoveError, player_name, search_agent
from aisearch.search import alphabeta
from aisearch.trace import Recorder
from aisearch.widgets.stepper import SearchStepper, count, fmt, state_html

__all__ = ["PlayModel", "PlayGame", "PlayError", "SearchInfo", "evaluations", "side_names",
           "BoardView", "TicTacToeView", "RobotsView", "MovesView"]


class PlayError(ValueError):
    """A user's move that cannot be played now (illegal, out of turn, game over)."""


class SearchInfo(NamedTuple):
    """The agent's search of one position: enough to run the same search again."""

    position: Any
    move: Any
    decision: Decision | None
    searcher: Callable[..., Decision] | None
    depth: int | None
    evaluate: Callable[[Any], float] | None
    player: int


def zero_eval(state: Any) -> float:
    """An evaluation that knows nothing: every position is worth 0."""
    return 0


def evaluations(game: Any) -> dict[str, Callable[[Any], float]]:
    """The game's named evaluations (``evaluate`` and ``*_eval`` methods), then ``'zero'``.

    >>> from aisearch.games.tictactoe import TicTacToe
    >>> list(evaluations(TicTacToe()))
    ['nilsson_eval', 'zero']
    """
    found = {name: getattr(game, name) for name in dir(game)
             if (name == "evaluate" or name.endswith("_eval")) and not name.startswith("_")
             and callable(getattr(game, name, None))}
    found["zero"] = zero_eval
    return found


def side_names(game: Any) -> dict[int, str]:
    """What the players are called in ``game``: X and O, White and Black, or MAX and MIN.

    >>> from aisearch.games.robots import TwoRobots
    >>> side_names(TwoRobots(2, 2))[MIN]
    'Black'
    """
    from aisearch.games.robots import TwoRobots
    from aisearch.games.tictactoe import TicTacToe

    if isinstance(game, TicTacToe):
        return {MAX: "X", MIN: "O"}
    if isinstance(game, TwoRobots):
        return {MAX: "White", MIN: "Black"}
    return {MAX: "MAX", MIN: "MIN"}


def _name(f: Any) -> str:
    return getattr(f, "__name__", None) or type(f).__name__


class PlayModel:
    """A game between a human and an agent, without any widgets.

    Parameters
    ----------
    game : Game
        The rules (tic-tac-toe, the robots, or any other game).
    agent : callable, optional
        ``agent(game, state) -> move``; by default an agent is built from ``searcher``,
        ``depth`` and ``evaluate`` with :func:`~aisearch.core.search_agent` for every move
        (so changing them changes the next search).
    human : {MAX, MIN}
        The human's side; the agent plays the other one (and chance is sampled).
    depth : int or None
        Plies the agent searches.
    evaluate : callable, optional
        Static evaluation at the depth bound (MAX's view); default: the game's first
        named evaluation (:func:`evaluations`).
    searcher : callable
        Any searcher of :mod:`aisearch.search`.
    seed : int, optional
        Seeds the chance outcomes.

    Attributes
    ----------
    states, moves, movers : list
        The history: ``states[0]`` is the start, ``moves[k]`` made by ``movers[k]``
        leads to ``states[k + 1]``.
    last_search : SearchInfo or None
        The agent's latest search.

    Examples
    --------
    >>> from aisearch.games.tictactoe import TicTacToe
    >>> game = PlayModel(TicTacToe(), human=MIN, depth=1)   # the agent (X) moves first
    >>> game.moves, game.human_to_move
    ([4], True)
    """

    def __init__(self, game: Any, agent: Callable[[Any, Any], Any] | None = None, *,
                 human: int = MAX, depth: int | None = 2,
                 evaluate: Callable[[Any], float] | None = None,
                 searcher: Callable[..., Decision] = alphabeta, seed: int | None = 0) -> None:
        if human not in (MAX, MIN):
            raise ValueError(f"human must be MAX (0) or MIN (1), not {human!r}")
        self.game, self.agent, self.searcher, self.depth = game, agent, searcher, depth
        self.evaluations = evaluations(game)
        if evaluate is None:
            evaluate = next(iter(self.evaluations.values()))
        elif evaluate not in self.evaluations.values():
            self.evaluations = {_name(evaluate): evaluate, **self.evaluations}
        self.evaluate = evaluate
        self.sides = side_names(game)
        self.rng = random.Random(seed)
        self.human = human
        self.new_game()

    # -- the position ------------------------------------------------------------------
    @property
    def state(self) -> Any:
        return self.states[-1]

    @property
    def to_move(self) -> int:
        return self.game.to_move(self.state)

    @property
    def is_over(self) -> bool:
        return self.game.is_terminal(self.state)

    @property
    def human_to_move(self) -> bool:
        return not self.is_over and self.to_move == self.human

    @property
    def legal_moves(self) -> Sequence[Any]:
        return self.game.moves(self.state)

    def side(self, player: int) -> str:
        """The name of ``player`` in this game (``'X'``, ``'Black'``, ``'MAX'``, ...)."""
        return self.sides.get(player, player_name(player))

    @property
    def evaluation_name(self) -> str:
        for name, f in self.evaluations.items():
            if f is self.evaluate or f == self.evaluate:
                return name
        return _name(self.evaluate)

    @property
    def agent_name(self) -> str:
        if self.agent is not None:
            return _name(self.agent)
        return f"{_name(self.searcher)}(depth={self.depth}, {self.evaluation_name})"

    # -- playing -----------------------------------------------------------------------
    def new_game(self, human: int | None = None) -> None:
        """Start again (optionally on the other side); the agent moves if it is first."""
        if human is not None:
            if human not in (MAX, MIN):
                raise ValueError(f"human must be MAX (0) or MIN (1), not {human!r}")
            self.human = human
        self.states, self.moves, self.movers = [self.game.initial], [], []
        self.last_search: SearchInfo | None = None
        self.advance()

    def _apply(self, move: Any) -> None:
        player = self.to_move
        self.states.append(self.game.result(self.state, move))
        self.moves.append(move)
        self.movers.append(player)

    def check(self, move: Any) -> None:
        """Raise :class:`PlayError` if the human cannot play ``move`` now."""
        if self.is_over:
            raise PlayError(f"the game is over ({self.result_text()}): start a new game")
        if self.to_move != self.human:
            raise PlayError(f"it is not your turn: {self.side(self.to_move)} is to move")
        legal = self.legal_moves
        if move not in legal:
            raise PlayError(str(IllegalMoveError(move, legal)))

    def play(self, move: Any) -> None:
        """The human plays ``move``; then the agent (and chance) play until the human's turn.

        Raises
        ------
        PlayError
            If the game is over, it is not the human's turn, or ``move`` is illegal.
        """
        self.check(move)
        self._apply(move)
        self.advance()

    def advance(self) -> None:
        """Let chance and the agent move until the human is to move or the game is over."""
        while not self.is_over and self.to_move != self.human:
            if self.to_move == CHANCE:
                outcomes, weights = zip(*self.game.chance_outcomes(self.state), strict=True)
                self._apply(self.rng.choices(outcomes, weights)[0])
            else:
                self.agent_move()

    def agent_move(self) -> Any:
        """The agent searches the current position and plays; returns its move."""
        position, player = self.state, self.to_move
        if self.agent is not None:
            move = self.agent(self.game, position)
            info = SearchInfo(position, move, getattr(self.agent, "last", None), None, None,
                              None, player)
        else:
            agent = search_agent(self.searcher, self.depth, evaluate=self.evaluate)
            move = agent(self.game, position)
            info = SearchInfo(position, move, agent.last, self.searcher, self.depth,
                              self.evaluate, player)
        self._apply(move)
        self.last_search = info
        return move

    def undo(self) -> bool:
        """Take back the human's last move (and what followed it); False if there is none."""
        for k in range(len(self.moves) - 1, -1, -1):
            if self.movers[k] == self.human:
                del self.states[k + 1:], self.moves[k:], self.movers[k:]
                self.last_search = None
                return True
        return False

    # -- words -------------------------------------------------------------------------
    @property
    def outcome(self) -> float | None:
        """The final utility for MAX, or None while the game goes on."""
        return self.game.utility(self.state, MAX) if self.is_over else None

    def result_text(self) -> str:
        """``'X wins'``, ``'draw'``, or ``''`` while the game goes on."""
        u = self.outcome
        if u is None:
            return ""
        if u == 0:
            return "draw"
        return f"{self.side(MAX if u > 0 else MIN)} wins"

    def status(self) -> str:
        """One line: the result, or whose turn it is.

        >>> from aisearch.games.tictactoe import TicTacToe
        >>> PlayModel(TicTacToe()).status()
        'Your move: you play X.'
        """
        u = self.outcome
        if u is not None:
            if u == 0:
                return "Draw. Press New game to play again."
            winner = MAX if u > 0 else MIN
            who = "you win!" if winner == self.human else "the agent wins."
            return f"{self.side(winner)} wins: {who} Press New game to play again."
        if self.to_move == self.human:
            return f"Your move: you play {self.side(self.human)}."
        return f"The agent ({self.side(self.to_move)}) is to move."

    def search_text(self) -> str:
        """The agent's last search in one line (value, nodes, leaves, cut-offs, move)."""
        info = self.last_search
        if info is None:
            return "The agent has not searched yet."
        who = self.side(info.player)
        if info.decision is None:
            return f"The agent ({who}) played {info.move}."
        d, s = info.decision, info.decision.stats
        how = (f"{_name(info.searcher)}, depth {info.depth}, {self.evaluation_of(info)}"
               if info.searcher else _name(self.agent))
        pv = " ".join(map(str, d.pv))
        return (f"The agent ({who}) played {info.move} after {how}: value {fmt(d.value)}, "
                f"{count(s.nodes, 'node')}, {count(s.leaves, 'leaf', 'leaves')}, "
                f"{count(s.cutoffs, 'cut-off')}; best line {pv}")

    def evaluation_of(self, info: SearchInfo) -> str:
        for name, f in self.evaluations.items():
            if f is info.evaluate or f == info.evaluate:
                return name
        return _name(info.evaluate)

    # -- the search, observed ----------------------------------------------------------
    def record_last_search(self) -> tuple[Recorder, Decision]:
        """Run the agent's last search again, same position and settings, with a Recorder."""
        info = self.last_search
        if info is None:
            raise PlayError("the agent has not searched yet")
        if info.searcher is None:
            raise PlayError("the agent was given ready-made, so its search cannot be re-run; "
                            "build it from searcher=, depth= and evaluate= instead")
        rec = Recorder()
        decision = info.searcher(self.game, info.position, info.depth, evaluate=info.evaluate,
                                 tracer=rec)
        return rec, decision

    def __repr__(self) -> str:
        return (f"<PlayModel {self.game!r}: {len(self.moves)} moves, you play "
                f"{self.side(self.human)} against {self.agent_name}>")


# -- board views -------------------------------------------------------------------------
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


# -- the widget ----------------------------------------------------------------------------
class PlayGame:
    """Play ``game`` against an agent that searches, then look at its search.

    Parameters
    ----------
    game : Game
        Tic-tac-toe and the robots have their own boards; other games get one button
        per legal move.
    agent, human, depth, evaluate, searcher, seed
        As for :class:`PlayModel`.
    view : callable, optional
        ``view(game, play) -> BoardView``; by default chosen by :func:`default_view`.
    max_events : int
        Largest recorded search "Show search tree" opens in a stepper.

    Notes
    -----
    Every button and control goes through :meth:`play` or a handler that reports any
    error in the status line, so nothing a user does raises out of a callback. Displayed
    in a saved notebook without a kernel, the widget reads as its text repr.

    Examples
    --------
    >>> from aisearch.games.tictactoe import TicTacToe
    >>> app = PlayGame(TicTacToe())
    >>> app.play(4); app.model.moves
    [4, 0]
    >>> print(app)  # doctest: +ELLIPSIS
    PlayGame: TicTacToe(), you play X against alphabeta(depth=2, nilsson_eval) (run the...)
    """

    def __init__(self, game: Any, agent: Callable[[Any, Any], Any] | None = None, *,
                 human: int = MAX, depth: int | None = 2,
                 evaluate: Callable[[Any], float] | None = None,
                 searcher: Callable[..., Decision] = alphabeta, view: Any = None,
                 max_events: int = 2000, seed: int | None = 0) -> None:
        import ipywidgets as w

        self.model = PlayModel(game, agent, human=human, depth=depth, evaluate=evaluate,
                               searcher=searcher, seed=seed)
        self.max_events = max_events
        self.stepper: SearchStepper | None = None
        m = self.model
        self.board: BoardView = (view or default_view(game))(
            game, lambda move: self._safely(lambda: self.play(move)))
        first = game.to_move(game.initial)
        first = first if first in (MAX, MIN) else MAX
        second = MIN if first == MAX else MAX
        self.first = w.ToggleButtons(
            options=[(f"You first ({m.side(first)})", first),
                     (f"Agent first (you are {m.side(second)})", second)],
            value=m.human, description="Who starts", style={"button_width": "auto"})
        top = max(10, depth or 0)  # depth=None (to the end) shows as the top of the slider
        self.depth = w.IntSlider(value=depth or top, min=1, max=top, description="depth",
                                 continuous_update=False)
        self.evaluation = w.Dropdown(options=list(m.evaluations.items()), value=m.evaluate,
                                     description="evaluation")
        if agent is not None:
            self.depth.disabled = self.evaluation.disabled = True
        wide = w.Layout(width="auto")
        self.new_button = w.Button(description="New game", icon="refresh", layout=wide)
        self.undo_button = w.Button(description="Undo", icon="undo", layout=wide)
        self.tree_button = w.Button(description="Show search tree", icon="sitemap", layout=wide)
        self.status = w.HTML()
        self.search = w.HTML()
        self.tree_area = w.VBox()
        self.new_button.on_click(lambda _: self._safely(self.new_game))
        self.undo_button.on_click(lambda _: self._safely(self.undo))
        self.tree_button.on_click(lambda _: self._safely(self.show_tree))
        self.first.observe(lambda c: self._safely(self.new_game), names="value")
        self.depth.observe(lambda c: self._safely(lambda: self._settings(depth=c["new"])),
                           names="value")
        self.evaluation.observe(
            lambda c: self._safely(lambda: self._settings(evaluate=c["new"])), names="value")
        self.widget = w.VBox([
            self.first,
            w.HBox([self.depth, self.evaluation], layout=w.Layout(flex_flow="row wrap")),
            w.HBox([self.new_button, self.undo_button, self.tree_button]),
            self.status,
            self.board.widget,
            self.search,
            self.tree_area,
        ])
        self._refresh()

    # -- what the controls do ----------------------------------------------------------
    def _safely(self, action: Callable[[], Any]) -> None:
        """Run a handler; report any error in the status line instead of raising."""
        try:
            action()
        except Exception as error:  # nothing a user does may raise out of a callback
            message = f"Something went wrong: {type(error).__name__}: {error}"
            try:
                self._refresh(error=message)
            except Exception:  # the board itself failed to draw: say so, plainly
                self.status.value = f"<b>{html.escape(message)}</b>"

    def play(self, move: Any) -> None:
        """The human plays ``move`` (what the board's buttons call); the agent answers."""
        try:
            self.model.play(move)
        except PlayError as error:
            friendly = self.board.explain(self.model, move) if self.model.human_to_move else None
            self._refresh(error=friendly or f"{str(error)[:1].upper()}{str(error)[1:]}.")
            return
        except Exception as error:
            self._refresh(error=f"The agent could not move: {type(error).__name__}: {error}")
            return
        self.tree_area.children = ()
        self._refresh()

    def new_game(self) -> None:
        """Start again, with the side chosen in "Who starts"."""
        self.tree_area.children = ()
        self.stepper = None
        self.model.new_game(human=self.first.value)
        self._refresh()

    def undo(self) -> None:
        """Take back your last move and the agent's answer."""
        if not self.model.undo():
            self._refresh(error="Nothing to undo.")
            return
        self.tree_area.children = ()
        self._refresh()

    def _settings(self, **changed: Any) -> None:
        """Depth or evaluation changed: the next search uses it (and a stuck agent moves)."""
        for name, value in changed.items():
            setattr(self.model, name, value)
        if not self.model.is_over and not self.model.human_to_move:
            self.model.advance()
        self._refresh()

    def show_tree(self) -> None:
        """Re-run the agent's last search with a Recorder and open it in a SearchStepper."""
        info = self.model.last_search
        if info is None or info.decision is None:
            self._refresh(error="The agent has not searched yet: make a move first.")
            return
        s = info.decision.stats
        if 2 * s.nodes + s.leaves > self.max_events:  # Enter, Exit, Leaf: at least this many
            self._refresh(error=f"That search visited {s.nodes:,} nodes: too many events to "
                          f"step through (at most {self.max_events:,}). Lower the depth.")
            return
        rec, _ = self.model.record_last_search()
        if len(rec) > self.max_events:
            self._refresh(error=f"That search recorded {len(rec):,} events: too many to step "
                          f"through (at most {self.max_events:,}). Lower the depth.")
            return
        self.stepper = SearchStepper(rec, algorithm=info.searcher, game=self.model.game)
        self.tree_area.children = (self.stepper.widget,)
        self._refresh()

    # -- the view ----------------------------------------------------------------------
    def _refresh(self, error: str | None = None) -> None:
        m = self.model
        text = html.escape(m.status())
        if error:
            text = f'<span style="color:#b03a2e"><b>{html.escape(error)}</b></span> ' + text
        moves = " ".join(f"{m.side(p)}:{mv}" for p, mv in zip(m.movers, m.moves, strict=True))
        self.status.value = (f'<div style="font-size:15px">{text}</div>'
                             f'<div style="color:#555">moves: {html.escape(moves) or "none yet"}'
                             "</div>")
        self.search.value = html.escape(m.search_text())
        self.undo_button.disabled = m.human not in m.movers
        self.tree_button.disabled = m.last_search is None or m.last_search.searcher is None
        self.board.update(m)

    def __repr__(self) -> str:
        m = self.model
        return (f"PlayGame: {m.game!r}, you play {m.side(m.human)} against {m.agent_name} "
                "(run the notebook to play)")

    def _repr_mimebundle_(self, **kwargs: Any) -> dict:
        bundle = self.widget._repr_mimebundle_(**kwargs) or {}
        bundle["text/plain"] = repr(self)
        return bundle
