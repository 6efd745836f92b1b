"""Play a game against a searching agent, and look at the search it just made.

:class:`PlayGame` is a thin ipywidgets view over a
:class:`~aisearch.widgets.play_model.PlayModel` (the game, its history and the agent's
last search, with no widgets) with a pluggable *board view*
(:mod:`aisearch.widgets.views`) that the game declares: its move buttons laid out as its
``move_grid`` says (tic-tac-toe's cells, the robots' compass, Connect Four's columns) beside
its painted position, or one button per legal move.
"Show search tree" re-runs the agent's last search on the same position with a
:class:`~aisearch.trace.Recorder` (same searcher, depth and evaluation) and opens it in a
:class:`~aisearch.widgets.SearchStepper`: the widget observes the searcher, it never
searches in its own way.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from aisearch.core import MAX, MIN
from aisearch.results import Decision
from aisearch.search import describe
from aisearch.widgets.base import Widget
from aisearch.widgets.play_model import (
    DepthRange,
    PlayError,
    PlayModel,
    default_searcher,
    depth_range,
)
from aisearch.widgets.stepper import SearchStepper
from aisearch.widgets.views import BoardView, default_view

if TYPE_CHECKING:
    from aisearch.widgets.mcts import MCTSStepper

__all__ = ["PlayGame", "DepthRange", "depth_range"]

class PlayGame(Widget):
    """Play ``game`` against an agent that searches, then look at its search.

    Parameters
    ----------
    game : Game
        Its declared presentation (side names, move grid, painter) gives the board.
    agent, human, depth, evaluate, searcher, seed, nodes
        As for :class:`~aisearch.widgets.PlayModel` (an anytime searcher with ``nodes``).
        ``depth`` is at most the game's deepest search (:func:`depth_range`), and None
        ("to the end") only for a game small enough to search to its end, unless
        ``nodes`` bounds every search of an anytime searcher. A search that generates a
        million states without finishing is stopped, and the status line says so.
    view : callable, optional
        ``view(game, play) -> BoardView``; by default chosen by :func:`default_view`.
    max_events : int
        Largest recorded search "Show search tree" opens in a stepper.
    options : dict, optional
        More options of the searcher for every search (``{"quiescence": 8}``).
    variants : dict, optional
        Named sets of options to choose from with buttons, e.g. ``{"plain": {},
        "quiescence": {"quiescence": 8}}``; the first is used until another is chosen
        (then ``options`` must not be given).

    Notes
    -----
    Every button and control goes through :meth:`play` or a handler that reports any
    error in the status line, so nothing a user does raises out of a callback. The
    settings controls are then put back where the model is, on the range and the choices
    they were made with (even after code changed them), so they never show a setting the
    agent does not use; a setting code gives the model is shown too (an evaluation joins the
    choices, a deeper depth widens the slider, options of no variant select none). A search
    tree shown closes when the agent searches again. Displayed in a saved notebook without
    a kernel, the widget reads as its text repr.

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
                 searcher: Callable[..., Decision] | None = None, view: Any = None,
                 max_events: int = 2000, seed: int | None = 0,
                 nodes: int | None = None, options: dict | None = None,
                 variants: dict | None = None) -> None:
        import ipywidgets as w

        if view is not None and not callable(view):
            raise TypeError(f"view must be a callable view(game, play) -> BoardView or None, "
                            f"not {view!r:.80}")
        if isinstance(max_events, bool) or not isinstance(max_events, int) or max_events < 1:
            raise ValueError(f"max_events must be a positive int, not {max_events!r}")
        if variants is not None:
            if not isinstance(variants, dict) or not variants or not all(
                    isinstance(k, str) and isinstance(v, dict) for k, v in variants.items()):
                raise TypeError(f"variants must be a non-empty dict {{name: options}}, e.g. "
                                f"{{'plain': {{}}, 'quiescence': {{'quiescence': 8}}}}, "
                                f"not {variants!r:.80}")
            if options is not None:
                raise ValueError("give options= or variants=, not both")
            options = next(iter(variants.values()))
        deepest, _, no_end = depth_range(game)
        # a node budget bounds every search of an anytime searcher, however deep
        chosen = default_searcher(game) if searcher is None else searcher
        info = describe(chosen, strict=False) if callable(chosen) else None
        budgeted = bool(info and info.anytime) and nodes is not None
        self.no_end = None if budgeted or agent is not None else no_end
        self.model = PlayModel(game, agent, human=human, depth=depth, evaluate=evaluate,
                               searcher=searcher, seed=seed, nodes=nodes, options=options)
        for name, settings in (variants or {}).items():  # each one checked now, not when chosen
            try:
                self.model.options = settings
            except (TypeError, ValueError) as error:
                kind = TypeError if isinstance(error, TypeError) else ValueError
                raise kind(f"variant {name!r}: {error}") from None
        self.model.options = options
        self.max_events = max_events
        self.stepper: SearchStepper | MCTSStepper | None = None
        self.stuck: str | None = None  # why the agent could not move, while it cannot
        m = self.model
        self.board: BoardView = (view or default_view(game))(
            game, lambda move: self._safely(lambda: self.play(move)))
        first = game.to_move(game.initial)
        if first in (MAX, MIN):
            second = MIN if first == MAX else MAX
            sides = [(f"You first ({m.side(first)})", first),
                     (f"Agent first (you are {m.side(second)})", second)]
        else:  # the dice decide who moves first (Nannon): you choose a side, not the start
            sides = [(f"You play {m.side(MAX)}", MAX), (f"You play {m.side(MIN)}", MIN)]
        self.first = w.ToggleButtons(
            options=sides, value=m.human,
            description="Who starts" if first in (MAX, MIN) else "Your side",
            style={"button_width": "auto"})
        # The slider shows the depth the agent uses, up to the game's deepest search; "to
        # the end" (depth=None) is a box of its own, offered for games small enough to
        # search to their end, and while it is ticked the slider is off.
        self.depth = w.IntSlider(value=depth or min(2, deepest), min=1,
                                 max=max(deepest, depth or 0), description="depth",
                                 continuous_update=False, disabled=depth is None)
        self.to_end = w.Checkbox(value=depth is None, description="to the end", indent=False,
                                 layout=w.Layout(width="auto"),
                                 disabled=bool(self.no_end), tooltip=self.no_end)
        self.evaluation = w.Dropdown(options=list(m.evaluations.items()), value=m.evaluate,
                                     description="evaluation")
        self.variants = variants
        self.variant = w.ToggleButtons(options=list(variants or {"default": {}}),
                                       description="search", style={"button_width": "auto"},
                                       layout=w.Layout(display=None if variants else "none"))
        self.opponent = w.HTML()
        if agent is not None or m.growing:  # no depth or evaluation to set here
            self.depth.disabled = self.to_end.disabled = self.evaluation.disabled = True
            for control in (self.depth, self.to_end, self.evaluation):
                control.layout.display = "none"
            what = ("a Monte Carlo tree search: playouts within a budget of generated states "
                    "per move" if agent is None else "a player with its own search")
            self.opponent.value = (f"The agent: <b>{html.escape(m.agent_name)}</b>, {what} "
                                   "(no depth or evaluation to set)")
        wide = w.Layout(width="auto")
        self.new_button = self._button(self.new_game, description="New game", icon="refresh",
                                       layout=wide)
        self.undo_button = self._button(self.undo, description="Undo", icon="undo", layout=wide)
        self.tree_button = self._button(self.show_tree, description="Show search tree",
                                        icon="sitemap", layout=wide)
        self.status = w.HTML()
        self.search = w.HTML()
        self.tree_area = w.VBox()
        # What the settings controls offer, put back where code changed it (_show_settings)
        self._offered = {control: (control.options, values) for control, values in (
            (self.first, [side for _, side in sides]),
            (self.evaluation, list(m.evaluations.values())),
            (self.variant, list(variants or {"default": {}})))}
        self._depths = (self.depth.min, self.depth.max)
        self._variant = self.variant.value  # the variant the agent uses
        self._tree_of: Any = None  # the agent's search the open tree shows
        self._syncing = False  # (while the controls are put back, they change nothing)
        self._on_setting(self.first, lambda _: self.new_game())
        self._on_setting(self.depth, self._slider)
        self._on_setting(self.to_end, lambda _: self._to_end())
        self._on_setting(self.evaluation, lambda name: self._settings(evaluate=name))
        self._on_setting(self.variant, self._choose_variant)
        for control in (self.depth, *self._offered):  # a range or choices changed by code
            control.observe(self._put_back, names=["min", "max", "options"])
        self.widget = w.VBox([
            self.first,
            w.HBox([self.depth, self.to_end, self.evaluation, self.opponent],
                   layout=w.Layout(flex_flow="row wrap")),
            self.variant,
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

    def _agent_turn(self, action: Callable[[], Any]) -> bool:
        """Run ``action``, which may let the agent move; if the agent fails, remember why.

        The reason stays in the status line for as long as the agent is stuck on that
        move, so a later click cannot hide it (returns False if the agent failed).
        """
        try:
            action()
        except PlayError:
            raise
        except Exception as error:
            self.stuck = f"The agent could not move: {type(error).__name__}: {error}"
            return False
        self.stuck = None
        return True

    def play(self, move: Any) -> None:
        """The human plays ``move`` (what the board's buttons call); the agent answers.

        If the agent failed to answer before, a click asks it again first.
        """
        if self.stuck is not None and not self.model.is_over \
                and not self.model.human_to_move:
            if self._agent_turn(self.model.advance):
                self._refresh(error="The agent has now moved: play again.")
            else:
                self._refresh()
            return
        try:
            if not self._agent_turn(lambda: self.model.play(move)):
                self._refresh()
                return
        except PlayError as error:
            friendly = self.board.explain(self.model, move) if self.model.human_to_move else None
            self._refresh(error=friendly or f"{str(error)[:1].upper()}{str(error)[1:]}.")
            return
        self._close_tree()
        self._refresh()

    def _close_tree(self) -> None:
        """Close the search tree shown (it is of a position no longer on the board)."""
        self.tree_area.children = ()
        self.stepper = None
        self._tree_of = None

    def new_game(self) -> None:
        """Start again, with the side chosen in "Who starts" (or "Your side")."""
        self._close_tree()
        self._agent_turn(lambda: self.model.new_game(human=self.first.value))
        self._refresh()

    def undo(self) -> None:
        """Take back your last move and the agent's answer."""
        if not self.model.undo():
            self._refresh(error="Nothing to undo.")
            return
        self.stuck = None
        self._close_tree()
        self._refresh()

    def _on_setting(self, control: Any, action: Callable[[Any], Any]) -> None:
        """Run ``action(value)``, safely, when a user or code changes ``control``'s value
        to one it offers; a value it does not offer is refused (and put back)."""
        def changed(value: Any) -> None:
            if self._syncing:
                return
            if control in self._offered and value not in self._offered[control][1]:
                raise ValueError(f"{control.description}: {value!r:.60} is not one of the "
                                 "choices offered")
            action(value)

        self._on_change(control, changed)

    def _put_back(self, _: Any) -> None:
        """Code changed a control's range or choices: put them back at once (unless that is
        being done), with the control at the model's setting."""
        if not self._syncing:
            self._safely(self._show_settings)

    def _settings(self, **changed: Any) -> None:
        """A setting changed (given here, or set on the model already): the next search
        uses it, and a stuck agent moves."""
        for name, value in changed.items():
            setattr(self.model, name, value)
        if not self.model.is_over and not self.model.human_to_move:
            self._agent_turn(self.model.advance)
        self._refresh()

    def _slider(self, depth: int) -> None:
        """The depth slider moved: the agent searches that deep (unless "to the end")."""
        lo, hi = self._depths
        if depth > hi:  # (the model refuses a depth below 1 itself)
            raise ValueError(f"depth {depth} is not offered: give a depth from {lo} to {hi}")
        if not self.to_end.value:
            self._settings(depth=depth)

    def _choose_variant(self, name: str) -> None:
        """A variant was chosen: the next search uses its options."""
        self.model.options = (self.variants or {}).get(name, {})
        self._variant = name
        self._settings()

    def _to_end(self) -> None:
        """"to the end" ticked: search to the end (slider off); unticked: the slider's depth."""
        if not self.to_end.value:
            self._slider(self.depth.value)
        elif self.no_end:  # (the box is off: only code can tick it; it is put back)
            raise ValueError(f"{self.no_end}: the deepest search is {self._depths[1]} plies")
        else:
            self._settings(depth=None)

    def show_tree(self) -> None:
        """Re-run the agent's last search with a Recorder and open it in a SearchStepper."""
        info = self.model.last_search
        if info is None:
            self._refresh(error="The agent has not searched yet: make a move first.")
            return
        if info.decision is None:
            self._refresh(error=f"The agent ({self.model.agent_name}) was given ready-made "
                          "and reports no search, so there is no search tree to show.")
            return
        s = info.decision.stats
        if self.model.growing:  # MCTS: its own stepper, the tree grown iteration by iteration
            self._show_growth(info)
            return
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
        self._tree_of = info
        self._refresh()

    def _show_growth(self, info: Any) -> None:
        """Open an MCTSStepper on the agent's last search: the same tree, grown again with
        the same seed for as many iterations as the agent's budget allowed."""
        from aisearch.widgets.mcts import MAX_ITERATIONS, MCTSStepper

        n = info.decision.stats.leaves
        if n > MAX_ITERATIONS:
            self._refresh(error=f"That search ran {n:,} iterations: too many to step through "
                          f"(at most {MAX_ITERATIONS:,}). Give the agent a smaller budget.")
            return
        self.stepper = MCTSStepper(self.model.game, info.position, iterations=n,
                                   **dict(info.options))
        self.tree_area.children = (self.stepper.widget,)
        self._tree_of = info
        self._refresh()

    # -- the view ----------------------------------------------------------------------
    def _show_settings(self) -> None:
        """Put the settings controls where the model is, on the range and the choices they
        were made with: after code changed a control's ``min``, ``max`` or ``options``, or
        set a value that was refused, no control shows what the agent does not use."""
        m = self.model
        self._syncing = True
        try:
            options, values = self._offered[self.evaluation]
            if m.evaluate not in values:  # an evaluation code gave the model: offered too
                name = getattr(m.evaluate, "__name__", "") or "evaluation"
                labels = {label for label, _ in options}
                label = name if name not in labels else f"{name} (from code)"
                self._offered[self.evaluation] = ((*options, (label, m.evaluate)),
                                                  [*values, m.evaluate])
            if m.depth is not None and m.depth > self._depths[1]:  # a depth set from code
                self._depths = (self._depths[0], m.depth)
            if self.variants:  # the variant whose options the agent uses (none: code's own)
                self._variant = next((name for name, chosen in self.variants.items()
                                      if dict(chosen) == dict(m.options)), None)
            lo, hi = self._depths
            if (self.depth.min, self.depth.max) != (lo, hi):
                self.depth.max = max(self.depth.max, lo)  # (so that min can be lo)
                self.depth.min, self.depth.max = lo, hi
            for control, (options, _) in self._offered.items():
                if control.options != options:
                    control.options = options
            if m.depth is not None:
                self.depth.value = m.depth
            self.to_end.value = m.depth is None
            self.depth.disabled = m.depth is None or m.agent is not None or m.growing
            self.evaluation.value = m.evaluate
            self.variant.value = self._variant
            self.first.value = m.human
        finally:
            self._syncing = False

    def _refresh(self, error: str | None = None) -> None:
        m = self.model
        if self._tree_of is not None and self._tree_of is not m.last_search:
            self._close_tree()  # the agent searched again (and moved): not the tree shown
        self._show_settings()
        text = html.escape(m.status())
        if self.stuck is not None and not m.is_over and not m.human_to_move:
            ways = ([] if m.agent is not None or m.growing
                    else ["Change the depth or the evaluation"]) + (
                ["Undo"] if m.human in m.movers else [])
            end = f"{', '.join(ways)}, or start a New game" if ways else "Start a New game"
            error = f"{self.stuck}. {end}."
        if error:
            text = f'<span style="color:#b03a2e"><b>{html.escape(error)}</b></span> ' + text
        moves = m.moves_text()
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
