"""Draw a Monte Carlo search tree as it stands: asymmetric, with visits and mean rewards.

Each node shows ``W/N``: the total reward of the player who moved into it (its parent's
player to move) over its ``N`` visits; the edge to it is as thick as its share of its
parent's visits, and the most visited line from the root is drawn bold. MAX to move is a
square, MIN a circle, another player a hexagon, chance a diamond (as in :func:`tree`).

Examples
--------
>>> from matplotlib.figure import Figure
>>> from aisearch import TicTacToe
>>> from aisearch.search import MCTS
>>> search = MCTS(TicTacToe(), TicTacToe.parse("xx./oo./..."), seed=0)
>>> for _ in range(20): search.iterate()
>>> ax = mcts_tree(search, ax=Figure().subplots())
>>> ax.get_title()
'MCTS after 20 iterations'
"""

from __future__ import annotations

from typing import Any

from aisearch.core import CHANCE, MAX, MIN

__all__ = ["mcts_tree"]

SHAPES = {MAX: "s", MIN: "o", CHANCE: "D"}


def _shown(node: Any, depth: int, min_visits: int) -> list[Any]:
    if depth == 0:
        return []
    return [c for c in node.children.values() if c.n >= min_visits]


def mcts_tree(search: Any, *, depth: int = 3, min_visits: int = 1, ax: Any = None,
              title: str | None = None) -> Any:
    """Draw the tree of an :class:`~aisearch.search.MCTS` search to ``depth`` plies, nodes
    with at least ``min_visits`` visits. Returns the matplotlib Axes."""
    import matplotlib.pyplot as plt

    root = getattr(search, "root", None)
    if root is None or not hasattr(root, "children"):
        raise TypeError(f"mcts_tree draws an MCTS search (aisearch.search.MCTS), not "
                        f"{search!r:.80}")
    for name, v in (("depth", depth), ("min_visits", min_visits)):
        if v.__class__ is not int or not 0 <= v <= 12:
            raise ValueError(f"{name} must be an int from 0 to 12, not {v!r:.80}")
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
        node = max(node.children.values(), key=lambda j: j.n)
        best.add(id(node))
    for node, parent, _ in nodes:
        if parent is None:
            continue
        (x0, y0), (x1, y1) = pos[id(parent)], pos[id(node)]
        share = node.n / max(parent.n, 1)
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
        text = f"{node.n}" if mover is None or mover == CHANCE else (
            f"{node.w[mover]:g}/{node.n}")
        ax.text(x, y, text, fontsize=7, ha="center", va="center", zorder=4)
    ax.set_xlim(-0.7, width - 0.3)
    ax.set_ylim(-depth - 0.6, 0.6)
    ax.axis("off")
    ax.set_title(title if title is not None else f"MCTS after {search.iterations} iterations")
    return ax
