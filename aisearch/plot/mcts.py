"""Draw a recorded Monte Carlo search tree: asymmetric, with visits and mean rewards.

The tree is read from a recording (``tracer=Recorder()``) through the one reader,
:class:`~aisearch.trace.Replay`, by :func:`~aisearch.trace.grown_tree`; ``upto`` draws it
as it stood after that many events, as the stepper does.

Each node shows ``W/N``: the total reward of the player who moved into it (its parent's
player to move) over its ``N`` visits; the edge to it is as thick as its share of its
parent's visits, and the most visited line from the root is drawn bold. MAX to move is a
square, MIN a circle, another player a hexagon, chance a diamond (as in :func:`tree`).

Examples
--------
>>> from matplotlib.figure import Figure
>>> from aisearch import Recorder, TicTacToe
>>> from aisearch.search import mcts
>>> rec = Recorder()
>>> _ = list(mcts(TicTacToe(), TicTacToe.parse("xx./oo./..."), iterations=20, tracer=rec))
>>> ax = mcts_tree(rec, ax=Figure().subplots())
>>> ax.get_title()
'MCTS after 20 iterations'
"""

from __future__ import annotations

from typing import Any

from aisearch.core import CHANCE, MAX, MIN, as_int
from aisearch.plot.options import check_ax

__all__ = ["mcts_tree"]

SHAPES = {MAX: "s", MIN: "o", CHANCE: "D"}


def _shown(node: Any, depth: int, min_visits: int) -> list[Any]:
    if depth == 0:
        return []
    return [c for c in node.children.values() if c.visits >= min_visits]


def mcts_tree(recording: Any, *, upto: int | None = None, depth: int = 3,
              min_visits: int = 1, ax: Any = None, title: str | None = None) -> Any:
    """Draw a recorded MCTS tree to ``depth`` plies, nodes with at least ``min_visits``
    visits.

    Parameters
    ----------
    recording : Recorder, Replay, GrownTree or sequence of events
        An MCTS search recorded with ``tracer=Recorder()`` from its first iteration.
    upto : int, optional
        Draw the tree as it stood after this many events (all by default).
    depth, min_visits : int
        How much of the tree to draw.
    ax : matplotlib Axes, optional
        Where to draw (a new figure by default).
    title : str, optional
        The title (default: the iterations drawn).

    Returns
    -------
    matplotlib Axes
    """
    import matplotlib.pyplot as plt

    from aisearch.trace import GrownTree, Replay, grown_tree

    numbers = []  # (numpy integers are read as the ints they are)
    for name, v in (("depth", depth), ("min_visits", min_visits)):
        n = as_int(v)
        if n is None or not 0 <= n <= 12:
            raise ValueError(f"{name} must be an int from 0 to 12, not {v!r:.80}")
        numbers.append(n)
    depth, min_visits = numbers
    check_ax(ax)
    if title is not None and not isinstance(title, str):
        raise TypeError(f"title must be text or None, not {title!r:.80}")
    if isinstance(recording, GrownTree):
        grown = recording
    elif isinstance(recording, Replay) or hasattr(recording, "events") or isinstance(
            recording, (list, tuple)):
        grown = grown_tree(recording, upto)
    else:
        raise TypeError(f"mcts_tree draws a recorded MCTS search (a Recorder given as "
                        f"mcts(..., tracer=Recorder())), not {recording!r:.80}")
    root = grown.root
    pos: dict[int, tuple[float, float]] = {}
    nodes: list[tuple[Any, Any, int]] = []  # (node, parent, level)
    next_x = [0.0]

    def place(node: Any, parent: Any, level: int) -> float:
        kids = _shown(node, depth - level, min_visits)
        if kids:
            xs = [place(c, node, level + 1) for c in kids]
            x = (xs[0] + xs[-1]) / 2
        else:
            x = next_x[0]
            next_x[0] += 1
        pos[id(node)] = (x, -level)
        nodes.append((node, parent, level))
        return x

    place(root, None, 0)
    width = max(next_x[0], 2)
    if ax is None:
        _, ax = plt.subplots(figsize=(min(2 + 0.9 * width, 16), 1.4 + 1.3 * (depth + 1)))
    best = set()
    node = root
    while node.children:
        node = max(node.children.values(), key=lambda j: j.visits)
        best.add(id(node))
    for node, parent, _ in nodes:
        if parent is None:
            continue
        (x0, y0), (x1, y1) = pos[id(parent)], pos[id(node)]
        share = node.visits / max(parent.visits, 1)
        ax.plot([x0, x1], [y0, y1], color="black" if id(node) in best else "#888",
                lw=0.6 + 4 * share, zorder=1)
        ax.text((x0 + x1) / 2, (y0 + y1) / 2, str(node.move), fontsize=8, color="#555",
                ha="center", va="center", backgroundcolor="white", zorder=2)
    for node, parent, _ in nodes:
        x, y = pos[id(node)]
        who = node.player
        ax.scatter([x], [y], s=900, marker=SHAPES.get(who, "h"), zorder=3,
                   color="#dbe8f7" if who == MAX else "#f7dada" if who == MIN else "#eee",
                   edgecolors="black")
        mover = parent.player if parent is not None else None
        text = f"{node.visits}" if mover is None or mover == CHANCE else (
            f"{node.total:g}/{node.visits}")
        ax.text(x, y, text, fontsize=7, ha="center", va="center", zorder=4)
    ax.set_xlim(-0.7, width - 0.3)
    ax.set_ylim(-depth - 0.6, 0.6)
    ax.axis("off")
    ax.set_title(title if title is not None else f"MCTS after {grown.iterations} iterations")
    return ax
