"""Watch a Monte Carlo search tree grow, one iteration at a time.

:class:`MCTSModel` holds the search (the real :class:`~aisearch.search.MCTS`, seeded, so
going back means growing the same tree again to fewer iterations) and writes what the
widget shows: the path the last iteration selected, the playout's result, and the UCB1
terms of the root's children. :class:`MCTSStepper` is the widget: a slider of
iterations, step buttons, the tree drawn by :func:`aisearch.plot.mcts.mcts_tree`.

Examples
--------
>>> from aisearch import TicTacToe
>>> m = MCTSModel(TicTacToe(), TicTacToe.parse("xx./oo./..."), iterations=50)
>>> m.goto(7)
7
>>> m.last_path(), m.search.root.n
((6, 2), 7)
"""

from __future__ import annotations

import html
import math
from typing import Any

from aisearch.core import check_game
from aisearch.search.mcts import MCTS, SQRT2
from aisearch.widgets.stepper import AxesPNG
from aisearch.widgets.text import count

__all__ = ["MCTSModel", "MCTSStepper"]


class MCTSModel:
    """An MCTS search that can be moved to any number of iterations from 0 to ``iterations``.

    Parameters
    ----------
    game, state
        What to search.
    iterations : int
        The most iterations the slider offers (at most 5,000).
    seed, c, reward
        As for :class:`~aisearch.search.MCTS`.
    """

    def __init__(self, game: Any, state: Any, *, iterations: int = 200, seed: int = 0,
                 c: float = SQRT2, **options: Any) -> None:
        check_game(game, initial=False)
        if iterations.__class__ is not int or not 1 <= iterations <= 5000:
            raise ValueError(f"iterations must be an int from 1 to 5,000, not {iterations!r:.80}")
        self.game, self.state, self.iterations = game, state, iterations
        self.options = {"seed": seed, "c": c, **options}
        self.search = MCTS(game, state, **self.options)
        self._last: tuple = ()

    @property
    def index(self) -> int:
        """Iterations done so far."""
        return self.search.iterations

    def goto(self, k: int) -> int:
        """Grow the tree to ``k`` iterations (from scratch when going back); returns ``k``."""
        if k.__class__ is not int or not 0 <= k <= self.iterations:
            raise IndexError(f"iteration {k!r} is outside 0..{self.iterations}")
        if k < self.search.iterations:
            self.search = MCTS(self.game, self.state, **self.options)
        before = dict(_visits(self.search.root))
        while self.search.iterations < k:
            before = dict(_visits(self.search.root))
            self.search.iterate()
        self._last = _grown_path(self.search.root, before) if k else ()
        return k

    def last_path(self) -> tuple:
        """The moves the last iteration followed from the root (down to the node it added)."""
        return self._last

    def ucb_html(self) -> str:
        """The root's children as an HTML table: visits, mean, exploration bonus, UCB1."""
        rows = ["<table style='font-size:12px'><tr><th>move</th><th>visits</th>"
                "<th>mean</th><th>bonus</th><th>UCB1</th></tr>"]
        for m, n, mean, bonus, score in self.search.ucb_terms():
            cells = [html.escape(str(m)), str(n)] + [
                "–" if math.isnan(x) else "∞" if x == math.inf else f"{x:.3f}"
                for x in (mean, bonus, score)]
            rows.append("<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
        return "".join(rows) + "</table>"

    def description(self) -> str:
        """What the last iteration did, in words."""
        k = self.search.iterations
        if k == 0:
            return "No iteration yet: the tree is the root alone."
        path = ", ".join(map(str, self._last)) or "the root"
        best = self.search.best()
        return (f"Iteration {k}: selected and expanded {path}; "
                f"most visited move so far: {best.move if best else None}")

    def __repr__(self) -> str:
        return f"<MCTSModel: iteration {self.index} of {self.iterations}>"


def _visits(root: Any) -> list[tuple[tuple, int]]:
    out: list[tuple[tuple, int]] = []
    stack: list[tuple[tuple, Any]] = [((), root)]
    while stack:
        path, node = stack.pop()
        out.append((path, node.n))
        stack.extend((path + (m,), c) for m, c in node.children.items())
    return out


def _grown_path(root: Any, before: dict) -> tuple:
    """The deepest path whose visits grew in the last iteration."""
    path: tuple = ()
    node = root
    while True:
        grown = [(m, c) for m, c in node.children.items()
                 if c.n > before.get(path + (m,), 0)]
        if not grown:
            return path
        m, node = grown[0]
        path = path + (m,)


class MCTSStepper:
    """A widget to grow an MCTS tree iteration by iteration (see :class:`MCTSModel`).

    Parameters
    ----------
    game, state, iterations, seed, c
        As for :class:`MCTSModel`.
    depth : int
        Plies of the tree to draw.
    """

    def __init__(self, game: Any, state: Any, *, iterations: int = 200, seed: int = 0,
                 c: float = SQRT2, depth: int = 2, **options: Any) -> None:
        import ipywidgets as w

        self.model = MCTSModel(game, state, iterations=iterations, seed=seed, c=c, **options)
        self.depth = depth
        self.canvas = AxesPNG(dpi=70)
        self.slider = w.IntSlider(value=0, min=0, max=iterations, description="iteration")
        self.step_button = w.Button(description="+1")
        self.ten_button = w.Button(description="+10")
        self.text = w.HTML()
        self.table = w.HTML()
        self.image = w.Image(format="png", layout=w.Layout(max_width="100%"))
        self.step_button.on_click(lambda _: self.goto(min(self.model.index + 1, iterations)))
        self.ten_button.on_click(lambda _: self.goto(min(self.model.index + 10, iterations)))
        self.slider.observe(lambda change: self.goto(change["new"]), names="value")
        self.widget = w.VBox([w.HBox([self.slider, self.step_button, self.ten_button]),
                              self.text, w.HBox([self.image, self.table])])
        self._show()

    def goto(self, k: int) -> None:
        """Move to ``k`` iterations and redraw."""
        if k != self.model.index or k == 0:
            self.model.goto(k)
        if self.slider.value != k:
            self.slider.value = k  # (observed: comes back here with nothing to do)
        self._show()

    def _show(self) -> None:
        self.text.value = html.escape(self.model.description())
        self.table.value = self.model.ucb_html()
        self.image.value = self.canvas.render(
            lambda ax: _redraw(ax, self.model.search, self.depth))

    def __repr__(self) -> str:
        return (f"MCTSStepper: {count(self.model.iterations, 'iteration')} of MCTS on "
                f"{type(self.model.game).__name__} (run the notebook to step through)")

    def _repr_mimebundle_(self, **kwargs: Any) -> dict:
        bundle = self.widget._repr_mimebundle_(**kwargs) or {}
        bundle["text/plain"] = repr(self)
        return bundle


def _redraw(ax: Any, search: Any, depth: int) -> Any:
    from aisearch.plot.mcts import mcts_tree

    if ax is not None:
        ax.clear()
    return mcts_tree(search, depth=depth, ax=ax)
