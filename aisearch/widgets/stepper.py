"""Step through a recorded search, event by event (lesson 03).

The stepper *replays* what a searcher recorded with a :class:`~aisearch.trace.Recorder`;
it never searches itself, so what the student sees is the search that ran.
All the state lives in :class:`~aisearch.widgets.stepper_model.StepperModel` (which event,
the open nodes and their windows, the counts, the pseudocode line), which needs no
widgets; :class:`SearchStepper` here is a thin ipywidgets view over it.
"""

from __future__ import annotations

import html
import io
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

from aisearch.core import check_game, player_name
from aisearch.plot.step import fmt  # numbers written as in the tree drawing
from aisearch.widgets.base import Stepping
from aisearch.widgets.frames import DPI, draw_frame, frame_options
from aisearch.widgets.stepper_model import PathRow, StepperModel
from aisearch.widgets.text import count, state_html

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

__all__ = ["SearchStepper", "AxesPNG"]


def path_table_html(rows: list[PathRow], windowed: bool = True, last: int = 8) -> str:
    """The current path as an HTML table: node, player, alpha, beta, value so far; the
    ``last`` nodes of a longer path, under a row saying how many are above."""
    head = ["node", "player", "α", "β", "value so far"] if windowed else [
        "node", "player", "plies left", "value so far"]
    out = ['<table style="border-collapse:collapse;font-size:12px;line-height:1.35">',
           "<tr>" + "".join(f'<th style="padding:1px 6px;text-align:left">{h}</th>'
                            for h in head) + "</tr>"]
    current = rows[-1] if rows else None
    if len(rows) > last:
        above = len(rows) - last
        out.append(f'<tr><td colspan="{len(head)}" style="padding:1px 6px;color:#777">'
                   f"… {above} node{'s' if above > 1 else ''} above</td></tr>")
        rows = rows[-last:]
    for r in rows:
        name = "root" if not r.path else (
            r.name.removeprefix("node (").removesuffix(")").rstrip(",") if r.name
            else ", ".join(map(str, r.path)))
        value = fmt(r.value) + (" (returned)" if r.done else "")
        cells = [name, player_name(r.player)]
        cells += [fmt(r.alpha), fmt(r.beta)] if windowed else [fmt(r.depth)]
        cells.append(value)
        style = "background:#ffe08a" if r is current else ""
        out.append(f'<tr style="{style}">' + "".join(
            f'<td style="padding:1px 6px">{html.escape(c)}</td>' for c in cells) + "</tr>")
    out.append("</table>")
    return "".join(out)


def wrapped(listing: str) -> str:
    """A pseudocode listing (``<pre>``) whose long lines wrap in a narrow panel."""
    wrap = "white-space:pre-wrap;word-break:normal;overflow-wrap:normal;"
    return listing.replace('<pre style="', f'<pre style="{wrap}', 1).replace(
        "font-size:12px", "font-size:11.5px", 1)


class AxesPNG:
    """PNG bytes of a drawing made by an ``aisearch.plot`` function, reusing one Axes.

    The first call draws with ``ax=None``, so the plot function sizes the figure for
    what it draws (the whole recorded tree, say); the figure is then closed in pyplot
    at once, so the inline backend never shows it under the cell, and later calls draw
    into the same Axes. PNG bytes in an ``ipywidgets.Image`` show the same in JupyterLab,
    Notebook 7, JupyterLite and nbval runs (which ignore images), with no Output widget
    and no ``display`` calls to leak into a saved notebook.

    Examples
    --------
    >>> from aisearch import fig5_2, plot
    >>> canvas = AxesPNG(dpi=50)
    >>> png = canvas.render(lambda ax: plot.tree(fig5_2, ax=ax))
    >>> png[:4] == b"\\x89PNG", canvas.render(lambda ax: plot.tree(fig5_2, ax=ax)) == png
    (True, True)
    """

    def __init__(self, dpi: int = DPI) -> None:
        self.dpi = dpi
        self.ax: Axes | None = None

    def render(self, draw: Callable[[Axes | None], Axes]) -> bytes:
        """Call ``draw(ax)`` (``ax`` is None the first time) and return the figure as PNG."""
        ax = draw(self.ax)
        if self.ax is None:
            import matplotlib.pyplot as plt

            plt.close(cast("Figure", ax.figure))  # draw(None) makes a pyplot figure
            self.ax = ax
        buffer = io.BytesIO()
        # zlib level 3, not PIL's 6: a frame of a 64-tip tree encodes 10 ms quicker (of
        # about 35 ms with the drawing) and comes out no bigger
        cast("Figure", ax.figure).savefig(buffer, format="png", dpi=self.dpi,
                                          pil_kwargs={"compress_level": 3})
        return buffer.getvalue()


class SearchStepper(Stepping):
    """Step through a recorded search: the tree as it stands, windows, counts, pseudocode.

    Parameters
    ----------
    recording : Recorder or sequence of events
        A search recorded with ``tracer=Recorder()``.
    algorithm : str or callable, optional
        The searcher (name or function), for events that do not name it; a recording's
        ``Start`` events name their searcher.
    game : Game, optional
        The searched game: the tree then shows pruned subtrees whole (greyed), and the
        position at the current node is shown beside the pseudocode.
    window : bool
        Draw alpha and beta beside the nodes of the tree.
    interval : int
        Milliseconds between events when playing.
    dpi : int
        Resolution of the tree image.
    **tree_options
        More options of :func:`aisearch.plot.tree` (``orient``, ``boards``, ``values``,
        ``pv``, ``moves``, ``figsize``, ``focus``, ...).

    Notes
    -----
    All state lives in :attr:`model` (a :class:`StepperModel`); the buttons, the play
    widget and the slider only move its index, and every view is redrawn from it. The
    tree is ``aisearch.plot.tree(events, upto=i, current=path)`` drawn into one figure
    (:class:`AxesPNG`) and shown as PNG bytes in an ``ipywidgets.Image``; images are
    cached per index, so stepping back or replaying costs nothing. A tree too big to read
    whole in :data:`~aisearch.widgets.frames.BOX` is shown as the neighbourhood of the
    current node (``focus=True``), so the whole widget fits in about 1,000 x 800 pixels
    for any recording: the tree, with the path table under it, beside the pseudocode.
    Displayed in a saved notebook without a kernel, the stepper reads as its text repr.

    Examples
    --------
    >>> from aisearch import Recorder, alphabeta, fig5_2
    >>> rec = Recorder()
    >>> _ = alphabeta(fig5_2, fig5_2.initial, tracer=rec)
    >>> stepper = SearchStepper(rec)
    >>> stepper.step(); stepper.step(); stepper.model.description()
    'Enter the root MAX with α=−∞ β=∞'
    >>> print(stepper)  # doctest: +ELLIPSIS
    SearchStepper: alphabeta on 11 nodes (7 leaves, 1 cut-off), 42 events (run the notebook...)
    """

    def __init__(self, recording: Any, *, algorithm: str | Callable[..., Any] | None = None,
                 game: Any = None, window: bool = True, interval: int = 700,
                 dpi: int = DPI, **tree_options: Any) -> None:
        import ipywidgets as w

        if game is not None:
            check_game(game, initial=False)
        self.model = StepperModel(recording, algorithm=algorithm, game=game)
        largest = max(len(p.visits) for p in self.model.replay.searches)
        from aisearch.plot.model import MAX_DRAWN

        if largest > MAX_DRAWN:
            raise ValueError(f"a search of this recording holds {largest:,} nodes; the stepper "
                             f"draws at most {MAX_DRAWN:,}: record a shallower search (a smaller "
                             "depth=)")
        for name, flag in (("window", window),):
            if not isinstance(flag, bool):
                raise TypeError(f"{name} must be True or False, not {flag!r}")
        for name, n in (("interval", interval), ("dpi", dpi)):
            if isinstance(n, bool) or not isinstance(n, int) or n <= 0:
                raise ValueError(f"{name} must be a positive int, not {n!r}")
        self.game = game
        self.tree_options = frame_options(self.model.replay,
                                          {"window": window, "game": game, **tree_options})
        self._canvas = AxesPNG(dpi)
        self._cache: dict[int, bytes] = {}
        n = len(self.model)
        self.slider = w.IntSlider(value=0, min=0, max=n, description="event",
                                  continuous_update=False,
                                  layout=w.Layout(width="min(100%, 520px)"))
        self.player = w.Play(value=0, min=0, max=n, step=1, interval=interval,
                             show_repeat=False, description="play")
        w.link((self.player, "value"), (self.slider, "value"))
        self.reset_button = self._button(self.reset, description="reset", icon="fast-backward",
                                         tooltip="back to the start")
        self.back_button = self._button(self.back, description="back", icon="step-backward",
                                        tooltip="one event back")
        self.step_button = self._button(self.step, description="step", icon="step-forward",
                                        tooltip="one event forward")
        for b in (self.reset_button, self.back_button, self.step_button):
            b.layout = w.Layout(width="90px")
        self.image = w.Image(format="png", layout=w.Layout(max_width="100%", height="auto"))
        self.description = w.HTML()
        self.counts = w.HTML()
        self.path_table = w.HTML()
        self.code = w.HTML()
        self.position = w.HTML()
        self._follow(self.slider, self.player)
        tree = w.VBox([self.image, self.path_table, self.counts],
                      layout=w.Layout(flex="0 1 604px", min_width="0"))
        side = w.VBox([self.code, self.position],
                      layout=w.Layout(flex="1 1 370px", min_width="260px", overflow="hidden"))
        self.widget = w.VBox([
            w.HBox([self.reset_button, self.back_button, self.player, self.step_button,
                    self.slider], layout=w.Layout(flex_flow="row wrap")),
            self.description,
            w.HBox([tree, side], layout=w.Layout(width="100%", max_width="1000px",
                                                 align_items="flex-start")),
        ], layout=w.Layout(max_width="1000px"))
        self._show()

    # -- controls (also what the buttons call) -----------------------------------------
    @property
    def index(self) -> int:
        return self.model.index

    def goto(self, i: int) -> None:
        """Show the search after ``events[:i]`` (moves the slider)."""
        self._sync(self.model.goto(i))  # (goto validates i)

    def step(self) -> None:
        """One event forward."""
        self.goto(min(self.model.index + 1, len(self.model)))

    def back(self) -> None:
        """One event back."""
        self.goto(max(self.model.index - 1, 0))

    def reset(self) -> None:
        """Stop playing and go back to the start."""
        self.player.playing = False
        self.goto(0)

    def _end(self) -> int:
        return len(self.model)

    def _report(self, message: str) -> None:
        self.description.value = message

    # -- drawing -----------------------------------------------------------------------
    def tree_png(self, i: int | None = None) -> bytes:
        """The tree after ``events[:i]`` (default: now) as PNG bytes (cached).

        Raises
        ------
        ValueError
            If ``i`` is not an event index from 0 to the number of events.
        """
        if i is None:
            i = self.model.index
        else:
            try:
                i = self.model.checked(i)
            except (TypeError, IndexError):
                raise ValueError(f"i must be an event index from 0 to {len(self.model)} "
                                 f"(or None: now), not {i!r:.80}") from None
        if i not in self._cache:
            self._cache[i] = self._canvas.render(
                lambda ax: draw_frame(self.model.replay, i, ax, self.tree_options))
            if len(self._cache) > 120:  # keep memory bounded on long recordings
                self._cache.pop(next(iter(self._cache)))
        return self._cache[i]

    def _show(self) -> None:
        m = self.model
        self.image.value = self.tree_png()
        event = f"event {m.index} of {len(m)}"
        self.description.value = (f'<div style="font-size:14px"><b>{event}:</b> '
                                  f"{html.escape(m.description())}</div>")
        now, total = m.counts(), m.totals()
        self.counts.value = (
            f"<b>so far</b>: {now.nodes} of {total.nodes} nodes, {now.leaves} of {total.leaves} "
            f"leaves, {now.cutoffs} of {total.cutoffs} cut-offs")
        self.path_table.value = path_table_html(m.path_windows(), m.windowed)
        if m.pseudocode is None:
            self.code.value = f"<i>no pseudocode for {html.escape(m.algorithm)}</i>"
        else:
            self.code.value = wrapped(m.pseudocode.html(m.pseudocode_line()))
        if self.game is not None:
            state = m.current_state()  # an explicit tree's state is the path: nothing to show
            shown = state is not None and state != m.current_path
            self.position.value = state_html(self.game, state, width=200) if shown else ""

    # -- display -----------------------------------------------------------------------
    def __repr__(self) -> str:
        t = self.model.totals()
        cuts = f", {count(t.cutoffs, 'cut-off')}" if self.model.windowed else ""
        searches = self.model.replay.searches
        what = self.model.algorithm if len(searches) == 1 else count(len(searches), "search",
                                                                     "searches")
        return (f"SearchStepper: {what} on {count(t.nodes, 'node')} "
                f"({count(t.leaves, 'leaf', 'leaves')}{cuts}), {count(len(self.model), 'event')} "
                "(run the notebook to step through)")
