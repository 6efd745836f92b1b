"""Switch alpha-beta's enhancements on and off and see the node counts and the tree change.

:class:`EfficiencyLab` is a thin ipywidgets view over an
:class:`~aisearch.widgets.efficiency_model.EfficiencyModel`: one checkbox per enhancement,
a choice of window, a table of the counts of every configuration tried (beside plain
alpha-beta), and a picture: the searched tree when it is small enough to draw (each
iteration, aspiration try or MTD(f) pass a tree of its own; re-searched nodes marked
"again"), else a chart of the nodes each configuration needed. "Step through" opens the
recorded search in a :class:`~aisearch.widgets.SearchStepper`.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

from aisearch.search.efficiency.engine import ENHANCEMENTS, WINDOWS
from aisearch.widgets.base import Widget
from aisearch.widgets.efficiency_model import NAMES, EfficiencyModel
from aisearch.widgets.frames import DPI
from aisearch.widgets.stepper import AxesPNG, SearchStepper
from aisearch.widgets.text import count

__all__ = ["EfficiencyLab", "counts_table_html"]


def replay_parts(recording: Any) -> list[bool]:
    """For each search of a recording, whether it entered a root (is drawn)."""
    from aisearch.trace import Replay

    return [part.root is not None for part in Replay(recording).searches]


def counts_table_html(rows: list[tuple[str, Any]], current: str | None = None) -> str:
    """The counts of several searches as an HTML table (the current one highlighted)."""
    head = ["configuration", "nodes", "× plain", "leaves", "cut-offs", "table hits",
            "re-searches", "value", "move"]
    base = rows[0][1].stats.nodes if rows else 1
    out = ['<table style="border-collapse:collapse;font-size:12px;line-height:1.35">',
           "<tr>" + "".join(f'<th style="padding:1px 6px;text-align:left">{h}</th>'
                            for h in head) + "</tr>"]
    for label, d in rows:
        s = d.stats
        cells = [label, f"{s.nodes:,}", f"{s.nodes / base:.2f}", f"{s.leaves:,}",
                 f"{s.cutoffs:,}", f"{s.table_hits:,}", f"{s.researches:,}", str(d.value),
                 str(d.move)]
        style = "background:#ffe08a;font-weight:bold" if label == current else ""
        out.append(f'<tr style="{style}">' + "".join(
            f'<td style="padding:1px 6px">{html.escape(c)}</td>' for c in cells) + "</tr>")
    out.append("</table>")
    return "".join(out)


class EfficiencyLab(Widget):
    """Search one position with alpha-beta's enhancements switched on and off.

    Parameters
    ----------
    game, state, depth, evaluate
        The search (see :class:`EfficiencyModel`).
    record_limit : int
        Searches of at most this many nodes are recorded and drawn as trees.
    dpi : int
        Resolution of the picture.

    Notes
    -----
    All the state is in :attr:`model`; each control changes a switch and the view is
    redrawn from the model. A switch that cannot work with the given arguments (iterative
    deepening without ``evaluate``, say) is off, with the reason written beside the
    boxes. Nothing a user does raises out of a callback. Displayed in a
    saved notebook without a kernel, the widget reads as its text repr.

    Examples
    --------
    >>> from aisearch.games.dag import DagGame
    >>> game = DagGame(b=3, d=4, width=3, seed=1)
    >>> lab = EfficiencyLab(game, game.initial, 4, game.evaluate)
    >>> lab.boxes["table"].value = True
    >>> lab.model.current.label, lab.model.current.decision.stats.table_hits > 0
    ('table', True)
    >>> print(lab)  # doctest: +ELLIPSIS
    EfficiencyLab: DagGame(b=3, d=4, width=3, seed=1) to depth 4: plain alpha-beta 39 nodes; ...
    """

    def __init__(self, game: Any, state: Any, depth: int | None,
                 evaluate: Callable[[Any], float] | None, *, order: Any = None,
                 record_limit: int = 400, dpi: int = DPI) -> None:
        import ipywidgets as w

        if isinstance(dpi, bool) or not isinstance(dpi, int) or dpi <= 0:
            raise ValueError(f"dpi must be a positive int, not {dpi!r}")
        self.model = EfficiencyModel(game, state, depth, evaluate, order=order,
                                     record_limit=record_limit)
        self._canvas = AxesPNG(dpi)
        self._chart = AxesPNG(dpi)
        refused = self.model.refused  # switches that cannot work here: off, and why
        self.boxes = {k: w.Checkbox(value=False, description=NAMES[k], indent=False,
                                    disabled=k in refused, tooltip=refused.get(k),
                                    layout=w.Layout(width="auto", margin="0 12px 0 0"))
                      for k in ENHANCEMENTS}
        self.window = w.Dropdown(options=[(NAMES[k], k) for k in WINDOWS if k not in refused],
                                 value="alphabeta", description="window")
        self.refused = w.HTML("<br>".join(
            f"<i>{html.escape(NAMES[k])}: off for this search ({html.escape(why)})</i>"
            for k, why in refused.items()))
        self._syncing = False  # (while the controls are put where the model is)
        for k, box in self.boxes.items():
            self._on_change(box, lambda on, k=k: self._set(**{k: on}))
        self._on_change(self.window, lambda window: self._set(window=window))
        self.step_button = self._button(self.open_stepper, description="Step through",
                                        icon="step-forward",
                                        tooltip="open the recorded search in a stepper")
        self.status = w.HTML()
        self.counts = w.HTML(layout=w.Layout(max_height="190px", overflow="auto"))
        self.image = w.Image(format="png", layout=w.Layout(max_width="100%", height="auto"))
        self.stepper_area = w.VBox()
        self.widget = w.VBox([
            w.HBox(list(self.boxes.values()), layout=w.Layout(flex_flow="row wrap")),
            self.refused,
            w.HBox([self.window, self.step_button]),
            self.status, self.counts, self.image, self.stepper_area,
        ])
        self._set()

    def _report(self, message: str) -> None:
        self.status.value = message

    def _set(self, **changes: Any) -> None:
        """Change switches, search, and redraw. A switch the model refuses (a box ticked
        from code, say), or whose search fails (an evaluation that raises on a position
        only that configuration reaches), is put back, and the error says why: the boxes,
        the picture, the table and "Step through" stay on the configuration shown."""
        if self._syncing:
            return
        before = dict(self.model.switches)
        try:
            self.model.switch(**changes)
            result = self.model.run()
        except Exception:
            self.model.switches.update(before)
            # (putting a control back runs _set again: the search shown before, kept)
            for k, box in self.boxes.items():
                if box.value != before.get(k, False):
                    box.value = before.get(k, False)
            if self.window.value != before["window"]:
                self.window.value = before["window"]
            raise
        self.stepper_area.children = ()
        self.image.layout.display = None  # (the stepper, when open, shows this tree)
        m, d = self.model, result.decision
        self._syncing = True  # the controls show the switches searched (code may set them)
        try:
            for k, box in self.boxes.items():
                box.value = bool(m.switches.get(k, False))
            if m.switches["window"] in [value for _, value in self.window.options]:
                self.window.value = m.switches["window"]
        finally:
            self._syncing = False
        ratio = d.stats.nodes / max(1, m.plain.stats.nodes)
        self.status.value = (f"<b>{html.escape(result.label)}</b>: "
                             f"{count(d.stats.nodes, 'node')} ({ratio:.0%} of plain "
                             f"alpha-beta's), value {html.escape(str(d.value))}, "
                             f"move {html.escape(str(d.move))}")
        self.counts.value = counts_table_html(m.table(), result.label)
        self.step_button.disabled = result.recording is None
        self.image.value = self.picture()

    def picture(self) -> bytes:
        """The current search's tree if it was recorded and reads whole in about 1,000 x 550
        pixels, else a chart of the node counts ("Step through" follows a bigger tree)."""
        from aisearch import plot

        result = self.model.current
        if result is not None and result.recording is not None and self._fits(result):
            self._canvas = AxesPNG(self._canvas.dpi)  # a tree sizes its own figure
            return self._canvas.render(lambda ax: plot.tree(
                result.recording, ax=ax, values=True, moves=True,
                title=f"{result.label}: {count(result.decision.stats.nodes, 'node')}"))

        def chart(ax: Any) -> Any:
            import matplotlib.pyplot as plt

            if ax is None:
                ax = plt.figure(figsize=(7, 3.2)).subplots()
            ax.clear()
            rows = self.model.table()
            names = [label for label, _ in rows]
            nodes = [d.stats.nodes for _, d in rows]
            colors = ["#999999"] + ["#1f5fa8"] * (len(rows) - 1)
            ax.barh(names, nodes, color=colors)
            ax.set_xscale("log")
            ax.set_xlabel("nodes (log scale)")
            recorded = result is not None and result.recording is not None
            ax.set_title("Nodes per configuration\n(the tree is too big to read whole: Step "
                         "through follows it)" if recorded else
                         "Nodes per configuration\n(too many nodes to record the tree)",
                         fontsize=10)
            ax.figure.tight_layout()
            return ax

        return self._chart.render(chart)

    @staticmethod
    def _fits(result: Any) -> bool:
        """Does every search of the recording read whole in about 1,000 x 620 pixels?"""
        from aisearch.plot.geometry import _auto_figsize
        from aisearch.plot.layout import MAX_DOWN_LEAVES
        from aisearch.plot.model import _model

        drawn = [k for k, part in enumerate(replay_parts(result.recording)) if part]
        for k in drawn:
            m = _model(result.recording, None, None, k if len(drawn) > 1 else None)
            if m.leaves * len(drawn) > MAX_DOWN_LEAVES or \
                    _auto_figsize(m, "down", False, False, "title")[1] > 6.2:
                return False
        return True

    def open_stepper(self) -> None:
        """Open the current (recorded) search in a stepper, in place of its picture."""
        result = self.model.current
        if result is None or result.recording is None:
            self.status.value += " (too large to step through: no recording)"
            return
        self.image.layout.display = "none"
        self.stepper_area.children = (SearchStepper(result.recording, game=self.model.game,
                                                    window=True).widget,)

    def __repr__(self) -> str:
        m = self.model
        depth = "to the end" if m.depth is None else f"to depth {m.depth}"
        now = m.current
        current = "" if now is None else (
            f"; {now.label} {count(now.decision.stats.nodes, 'node')}")
        return (f"EfficiencyLab: {m.game!r} {depth}: plain alpha-beta "
                f"{count(m.plain.stats.nodes, 'node')}{current} (run the notebook to switch "
                "enhancements on and off)")
