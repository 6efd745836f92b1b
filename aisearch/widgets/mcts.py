"""Watch a Monte Carlo search tree grow, one iteration at a time, from its recording.

:class:`MCTSModel` runs the real :class:`~aisearch.search.MCTS` once, seeded, with a
:class:`~aisearch.trace.Recorder`, and reads the recording with the one reader
(:class:`~aisearch.trace.Replay`, through :func:`~aisearch.trace.grown_tree`): moving to
iteration ``k`` is looking at the tree as it stood after the events of ``k`` iterations.
It writes what the widget shows: the path the last iteration followed and the UCB1 terms
of the root's children. :class:`MCTSStepper` is the widget: a slider of iterations, step
buttons, the tree drawn by :func:`aisearch.plot.mcts.mcts_tree`. (The event-by-event
view of the same recording is the :class:`~aisearch.widgets.SearchStepper`.)

Examples
--------
>>> from aisearch import TicTacToe
>>> m = MCTSModel(TicTacToe(), TicTacToe.parse("xx./oo./..."), iterations=50)
>>> m.goto(7)
7
>>> m.last_path(), m.tree.root.visits
((6, 2), 7)
"""

from __future__ import annotations

import html
import math
from typing import Any

from aisearch.core import as_int, check_game, move_name
from aisearch.search.sampling.mcts import MCTS, SQRT2
from aisearch.trace import Expansion, GrownTree, Recorder, Replay, Start, grown_tree
from aisearch.widgets.base import Stepping
from aisearch.widgets.frames import DPI
from aisearch.widgets.stepper import AxesPNG
from aisearch.widgets.text import count

__all__ = ["MCTSModel", "MCTSStepper", "mcts_strip", "LIVE_WIDTH", "MAX_ITERATIONS"]

MAX_ITERATIONS = 5000
"""The most iterations a stepper grows (each one is kept, to be drawn)."""

LIVE_WIDTH = (5, 2)
"""The children the live tree shows one by one: the root's and each deeper node's (the
most visited; the others are folded into one labelled mark)."""


class MCTSModel:
    """A recorded MCTS search that can be looked at after any number of iterations from 0
    to ``iterations``.

    Parameters
    ----------
    game, state
        What to search.
    iterations : int
        The most iterations the slider offers (at most 5,000); with a ``budget`` that runs
        out first, the iterations it completed.
    seed, c, **options
        As for :class:`~aisearch.search.MCTS` (``reward``, ``policy``, ``value``).

    Examples
    --------
    >>> from aisearch import TicTacToe
    >>> model = MCTSModel(TicTacToe(), TicTacToe.parse("xx./oo./..."), iterations=20)
    >>> model.goto(3), model.tree.root.visits
    (3, 3)
    >>> model.description()
    'Iteration 3: selected and expanded 6; most visited move so far: 2'
    >>> model.goto(20), model.tree.best_move(), model.last_path()
    (20, 2, (6, 7))
    >>> model
    <MCTSModel: iteration 20 of 20>
    """

    def __init__(self, game: Any, state: Any, *, iterations: int = 200, seed: int = 0,
                 c: float = SQRT2, **options: Any) -> None:
        check_game(game, initial=False)
        n = as_int(iterations)
        if n is None or not 1 <= n <= MAX_ITERATIONS:
            raise ValueError(f"iterations must be an int from 1 to {MAX_ITERATIONS:,}, not "
                             f"{iterations!r:.80}")
        iterations = n
        if "tracer" in options:
            raise TypeError("MCTSModel records the search itself: give no tracer")
        self.game, self.state = game, state
        self.recorder = Recorder()
        search = MCTS(game, state, seed=seed, c=c, tracer=self.recorder, **options)
        for _ in search.run(iterations, batch=iterations):
            pass
        if not any(type(e) is Start for e in self.recorder.events):
            raise ValueError(f"the budget ran out before the first iteration ended "
                             f"({options.get('budget')!r:.80}): give a larger one, or none")
        self.replay = Replay(self.recorder)
        # the number of events after k iterations: ends[k]
        self.ends = [0] + [part.last + 1 for part in self.replay.searches]
        self.iterations = len(self.ends) - 1  # (fewer where a budget ran out first)
        self.index = 0
        self.tree: GrownTree = grown_tree(self.replay, 0)

    def goto(self, k: int) -> int:
        """Look at the tree after ``k`` iterations (an int, numpy's too); returns ``k``."""
        n = as_int(k)
        if n is None:
            raise TypeError(f"an iteration count is an int, not {k!r:.80}")
        k = n
        if not 0 <= k <= self.iterations:
            raise IndexError(f"iteration {k} is outside 0..{self.iterations}")
        self.index = k
        self.tree = grown_tree(self.replay, self.ends[k])
        return k

    def last_path(self) -> tuple:
        """The moves the last iteration followed from the root (down to the node it added)."""
        return self.tree.last_path if self.index else ()

    def ucb_html(self) -> str:
        """The root's children as an HTML table: visits, mean, exploration bonus, UCB1."""
        rows = ["<table style='font-size:12px;line-height:1.35'><tr><th>move</th>"
                "<th>visits</th><th>mean</th><th>bonus</th><th>UCB1</th></tr>"]
        for m, n, mean, bonus, score in self.tree.ucb_terms():
            cells = [html.escape(self.name(m)), str(n)] + [
                "–" if math.isnan(x) else "∞" if x == math.inf else f"{x:.3f}"
                for x in (mean, bonus, score)]
            rows.append("<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
        return "".join(rows) + "</table>"

    def name(self, move: Any, path: tuple = ()) -> str:
        """A move after ``path`` from the root, in the game's notation."""
        state = self.state
        try:
            for m in path:
                state = self.game.result(state, m)
        except Exception:
            return str(move)
        return move_name(self.game, state, move)

    def description(self) -> str:
        """What the last iteration did, in words (moves in the game's notation)."""
        k = self.index
        if k == 0:
            return "No iteration yet: the tree is the root alone."
        line = self.last_path()
        path = ", ".join(self.name(m, line[:i]) for i, m in enumerate(line)) or "the root"
        best = self.tree.best_move()
        events = self.recorder.events[self.ends[k - 1]:self.ends[k]]
        did = ("selected and expanded" if any(type(e) is Expansion for e in events) else
               "selected")  # (an iteration that ends at a terminal node adds nothing)
        end = "" if did != "selected" else ", a position where the game is over: no node added"
        return (f"Iteration {k}: {did} {path}{end}; "
                f"most visited move so far: {'none' if best is None else self.name(best)}")

    def __repr__(self) -> str:
        return f"<MCTSModel: iteration {self.index} of {self.iterations}>"


class MCTSStepper(Stepping):
    """A widget to grow an MCTS tree iteration by iteration (see :class:`MCTSModel`).

    Parameters
    ----------
    game, state, iterations, seed, c
        As for :class:`MCTSModel`.
    depth : int
        Plies of the tree to draw.

    Examples
    --------
    >>> from aisearch import TicTacToe
    >>> stepper = MCTSStepper(TicTacToe(), TicTacToe.parse("xx./oo./..."), iterations=20)
    >>> stepper.goto(20)  # what the +1, +10 buttons and the slider do
    >>> stepper.slider.value, stepper.model.tree.root.visits, stepper.text.value
    (20, 20, 'Iteration 20: selected and expanded 6, 7; most visited move so far: 2')
    >>> bytes(stepper.image.value[:4]) == b"\\x89PNG", "<th>UCB1</th>" in stepper.table.value
    (True, True)
    >>> print(stepper)
    MCTSStepper: 20 iterations of MCTS on TicTacToe (run the notebook to step through)
    """

    def __init__(self, game: Any, state: Any, *, iterations: int = 200, seed: int = 0,
                 c: float = SQRT2, depth: int = 2, **options: Any) -> None:
        import ipywidgets as w

        self.model = MCTSModel(game, state, iterations=iterations, seed=seed, c=c, **options)
        self.depth = depth
        self.canvas = AxesPNG(DPI)
        last = self.model.iterations
        self.slider = w.IntSlider(value=0, min=0, max=last, description="iteration",
                                  continuous_update=False)  # (a redraw per value dragged past)
        self.step_button = self._button(lambda: self.goto(min(self.model.index + 1, last)),
                                        description="+1")
        self.ten_button = self._button(lambda: self.goto(min(self.model.index + 10, last)),
                                       description="+10")
        self.text = w.HTML()
        self.table = w.HTML()
        self.image = w.Image(format="png", layout=w.Layout(max_width="100%"))
        self._follow(self.slider)  # (a range changed by hand is put back)
        self.widget = w.VBox([w.HBox([self.slider, self.step_button, self.ten_button]),
                              self.text, w.HBox([self.image, self.table],
                                                layout=w.Layout(align_items="flex-start"))],
                             layout=w.Layout(max_width="1000px"))
        self._show()

    def goto(self, k: int) -> None:
        """Move to ``k`` iterations and redraw (moves the slider)."""
        self._sync(self.model.goto(k))  # (goto checks k)

    def _end(self) -> int:
        return self.model.iterations

    def _report(self, message: str) -> None:
        self.text.value = message

    def _show(self) -> None:
        self.text.value = html.escape(self.model.description())
        self.table.value = self.model.ucb_html()
        self.canvas = AxesPNG(self.canvas.dpi)  # (each tree sizes its own picture)
        self.image.value = self.canvas.render(
            lambda ax: _redraw(ax, self.model.tree, self.depth))

    def __repr__(self) -> str:
        return (f"MCTSStepper: {count(self.model.iterations, 'iteration')} of MCTS on "
                f"{type(self.model.game).__name__} (run the notebook to step through)")


def _redraw(ax: Any, tree: GrownTree, depth: int) -> Any:
    from aisearch.plot.mcts import mcts_tree

    if ax is not None:
        ax.clear()
    return mcts_tree(tree, depth=depth, ax=ax, width=LIVE_WIDTH)


STRIP_WIDTH = (4, 1)
"""The children a frame of :func:`mcts_strip` shows one by one (the root's, deeper ones')."""


def mcts_strip(stepper: Any, iterations: Any = None, *, depth: int | None = None,
               ncols: int = 2, size: float = 4.8) -> Any:
    """What the MCTS stepper shows, at several iterations, as one still picture.

    Parameters
    ----------
    stepper : MCTSStepper or MCTSModel
        The widget (or its model): the same recording is read again.
    iterations : sequence of int, optional
        The iterations to draw (default: four spread up to the stepper's last).
    depth : int, optional
        Plies of the tree to draw (default: the stepper's); below the root's children,
        only nodes with at least 1/30 of the iterations are drawn, as in the lesson, and
        each node shows its most visited children (:data:`STRIP_WIDTH`), the others folded.
    ncols : int
        Panels per row.
    size : float
        The least width of one panel, in inches (a wider tree makes it wider).

    Returns
    -------
    matplotlib.figure.Figure
        One panel per iteration: the tree, what the last iteration did, and the UCB1
        terms of the root's children.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> from aisearch import TicTacToe
    >>> model = MCTSModel(TicTacToe(), TicTacToe.parse("xx./oo./..."), iterations=20)
    >>> fig = mcts_strip(model, [5, 20])
    >>> [ax.get_title(loc="left").split(":")[0] for ax in fig.axes]
    ['Iteration 5', 'Iteration 20']
    >>> plt.close(fig)
    """
    model = getattr(stepper, "model", stepper)
    if not isinstance(model, MCTSModel):
        raise TypeError(f"mcts_strip draws an MCTSStepper or MCTSModel, not {stepper!r:.80}")
    depth = getattr(stepper, "depth", 2) if depth is None else depth
    last = model.iterations
    chosen = list(iterations) if iterations is not None else sorted(
        {max(1, last // 30), max(1, last // 6), max(1, last // 2), last})
    if not chosen or any(k.__class__ is not int or not 0 <= k <= last for k in chosen):
        raise ValueError(f"iterations must be ints from 0 to {last}, not {iterations!r:.80}")
    if ncols.__class__ is not int or ncols < 1:
        raise ValueError(f"ncols must be a positive int, not {ncols!r:.80}")
    import textwrap  # (after the checks: a wrong call is told at once, not after pyplot loads)

    from aisearch.plot.mcts import _rows, mcts_tree, natural_size
    from aisearch.widgets.still import still_figure

    at = model.index
    wide, tall = size, 1.0
    for k in chosen:  # the widest and tallest outlines set the panels' size
        model.goto(k)
        w, h = natural_size(_rows(model.tree, depth, max(1, k // 30), STRIP_WIDTH), depth)
        wide, tall = max(wide, w), max(tall, h)
    cols = min(ncols, len(chosen))
    nrows = -(-len(chosen) // cols)
    title = 0.5  # three lines of 8-point text
    panel = (wide, tall)
    fig, axes = still_figure(nrows, cols, figsize=(wide * cols, (panel[1] + title) * nrows))
    flat = [ax for row in axes for ax in row]
    for ax in flat[len(chosen):]:
        ax.remove()
    fig.subplots_adjust(left=0.01, right=0.99, bottom=0.01,  # (before the trees are drawn)
                        top=1 - title / (panel[1] + title) / nrows, wspace=0.05,
                        hspace=title / panel[1])
    chars = int(wide * 13)
    for ax, k in zip(flat, chosen, strict=False):
        model.goto(k)
        terms = "  ".join(f"{model.name(m)}: {n}" + ("" if n == 0 else f", {score:.2f}")
                          for m, n, _, _, score in model.tree.ucb_terms())
        words = textwrap.fill(textwrap.shorten(
            f"{model.description()}. The root's children (visits, UCB1): {terms}",
            3 * chars - 6, placeholder=" …"), chars)
        mcts_tree(model.tree, depth=depth, ax=ax, title="", min_visits=max(1, k // 30),
                  width=STRIP_WIDTH)
        ax.set_title(words, fontsize=8, loc="left")
    model.goto(at)
    return fig
