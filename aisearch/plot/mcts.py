"""Draw a recorded Monte Carlo search tree: asymmetric, with visits and mean rewards.

The tree is read from a recording (``tracer=Recorder()``) through the one reader,
:class:`~aisearch.trace.Replay`, by :func:`~aisearch.trace.grown_tree`; ``upto`` draws it
as it stood after that many events, as the stepper does.

The tree is drawn as an outline, the root on the left: each node is a marker (MAX to move
a square, MIN a circle, chance a diamond, another player a hexagon) followed by its move
and ``W/N``, the total reward of the player who moved into it over its ``N`` visits; the
edges to its children start after that text and are as thick as each child's share of
its visits; the most visited line from the root is bold. Each node shows its most visited
children (:data:`WIDTH`) and folds the others into one labelled mark (``+4 more, 9
visits``), so the tree stays readable after hundreds of iterations.

Examples
--------
>>> from matplotlib.figure import Figure
>>> from aisearch import Recorder, TicTacToe
>>> from aisearch.search import mcts
>>> rec = Recorder()
>>> _ = list(mcts(TicTacToe(), TicTacToe.parse("xx./oo./..."), iterations=20, tracer=rec))
>>> ax = mcts_tree(rec, ax=Figure().subplots())
>>> ax.get_title(loc="left")
'MCTS after 20 iterations'
"""

from __future__ import annotations

from typing import Any

from aisearch.core import CHANCE, MAX, MIN, as_int, move_name
from aisearch.plot.options import check_ax

__all__ = ["mcts_tree", "WIDTH", "natural_size"]

SHAPES = {MAX: "s", MIN: "o", CHANCE: "D"}
FACES = {MAX: "#d6e6f7", MIN: "#f8d9d6", CHANCE: "#fbefc4"}
WIDTH = (5, 3)
"""How many children a node shows one by one: the root's, and each deeper node's (the
most visited); the others are folded into one mark."""

_SLOT, _FONT = 22.0, 9.0  # points: between rows; text size


def _shown(node: Any, level: int, depth: int, min_visits: int,
           widths: tuple[int, int]) -> tuple[list, list]:
    """The children drawn one by one (the most visited, kept in move order) and the ones
    folded."""
    if level >= depth:
        return [], []
    kids = [c for c in node.children.values() if c.visits >= max(min_visits, 1)]
    rest = [c for c in node.children.values() if c not in kids]
    width = widths[0] if level == 0 else widths[1]
    if len(kids) > width:
        top = set(map(id, sorted(kids, key=lambda c: -c.visits)[:width]))
        rest += [c for c in kids if id(c) not in top]
        kids = [c for c in kids if id(c) in top]
    return kids, rest


def _label(node: Any, parent: Any, game: Any, state: Any) -> str:
    name = "root" if parent is None else _move_text(node, game, state)
    mover = parent.player if parent is not None else None
    if mover is None or mover == CHANCE:
        return f"{name}  {node.visits}"
    return f"{name}  {node.total:g}/{node.visits}"


def _move_text(node: Any, game: Any, root_state: Any) -> str:
    """The move into ``node`` in the game's notation (read at its parent's state)."""
    if game is None or root_state is None:
        return str(node.move)
    state = root_state
    try:
        for m in node.path[:-1]:
            state = game.result(state, m)
    except Exception:
        return str(node.move)
    return move_name(game, state, node.move)


def mcts_tree(recording: Any, *, upto: int | None = None, depth: int = 3,
              min_visits: int = 1, ax: Any = None, title: str | None = None,
              width: tuple[int, int] = WIDTH) -> Any:
    """Draw a recorded MCTS tree to ``depth`` plies, nodes with at least ``min_visits``
    visits, each node's most visited children one by one and the others folded.

    Parameters
    ----------
    recording : Recorder, Replay, GrownTree or sequence of events
        An MCTS search recorded with ``tracer=Recorder()`` from its first iteration.
    upto : int, optional
        Draw the tree as it stood after this many events (all by default).
    depth, min_visits : int
        How much of the tree to draw.
    ax : matplotlib Axes, optional
        Where to draw (cleared first; by default a new figure sized for the tree, at most
        about 1,000 x 1,200 pixels at 100 dpi).
    title : str, optional
        The title (default: the iterations drawn).
    width : (int, int)
        How many children the root, and each deeper node, shows one by one (1 to 20).

    Returns
    -------
    matplotlib Axes

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> from aisearch import Recorder, TicTacToe, mcts
    >>> rec = Recorder()
    >>> _ = list(mcts(TicTacToe(), TicTacToe.parse("xx./oo./..."), iterations=30, tracer=rec))
    >>> ax = mcts_tree(rec, depth=1)  # the root and its five children
    >>> ax.get_title(loc="left")
    'MCTS after 30 iterations'
    >>> [t.get_text() for t in ax.texts]  # move, reward/visits (of the player who moved)
    ['root  30', '2  14/14', '5  1.5/4', '6  3.5/6', '7  0/3', '8  0.5/3']
    >>> ax = mcts_tree(rec, upto=40, depth=1, ax=ax)  # the same tree after 40 events
    >>> ax.get_title(loc="left"), ax.texts[1].get_text()
    ('MCTS after 6 iterations', '2  2/2')
    >>> plt.close(ax.figure)
    """
    from aisearch.trace import GrownTree, Replay, grown_tree

    numbers = []  # (numpy integers are read as the ints they are)
    for name, v in (("depth", depth), ("min_visits", min_visits)):
        n = as_int(v)
        if n is None or not 0 <= n <= 12:
            raise ValueError(f"{name} must be an int from 0 to 12, not {v!r:.80}")
        numbers.append(n)
    depth, min_visits = numbers
    if not (isinstance(width, tuple) and len(width) == 2
            and all(as_int(k) is not None and 1 <= as_int(k) <= 20 for k in width)):
        raise ValueError(f"width must be a pair of ints from 1 to 20 (the root's children, "
                         f"a deeper node's), not {width!r:.80}")
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
    rows = _rows(grown, depth, min_visits, width)
    title = title if title is not None else f"MCTS after {grown.iterations} iterations"
    return _draw(rows, grown, ax, title, depth)


def _rows(grown: Any, depth: int, min_visits: int, widths: tuple[int, int]) -> list[tuple]:
    """The outline, row by row: ``(level, node, parent, text)``; a row whose node is None
    is a fold, standing for the children of ``parent`` not drawn one by one."""
    rows: list[tuple] = []
    stack: list[tuple] = [(0, grown.root, None, None)]
    while stack:
        level, node, parent, text = stack.pop()
        if node is None:
            rows.append((level, None, parent, text))
            continue
        rows.append((level, node, parent, _label(node, parent, grown.game, grown.state)))
        kids, rest = _shown(node, level, depth, min_visits, widths)
        if rest and level < depth:  # (pushed first: drawn after the children)
            visits = sum(c.visits for c in rest)
            stack.append((level + 1, None, node, f"+{len(rest)} more, {visits:,} "
                                                 f"visit{'s' if visits != 1 else ''}"))
        stack.extend((level + 1, kid, node, None) for kid in reversed(kids))
    return rows


def _columns(rows: list[tuple], depth: int) -> list[float]:
    """Where each level's markers go (points from the left): after the widest label of the
    level before it, so every edge runs from a label's end to the right."""
    from aisearch.plot.place import text_box

    widest = [0.0] * (depth + 2)
    for lvl, node, _, text in rows:
        size = _FONT if node is not None else 8.0
        w = text_box((0, 0), (0, 0, "left", "center", size), text)[2]
        widest[lvl] = max(widest[lvl], w + (10 if node is not None else -5))
    xs = [12.0]
    for lvl in range(depth + 1):
        xs.append(xs[-1] + widest[lvl] + 34)
    return xs


def natural_size(rows: list[tuple], depth: int) -> tuple[float, float]:
    """The size (inches) of an outline of ``rows``: a row every 22 points."""
    xs = _columns(rows, depth)
    used = max(lvl for lvl, *_ in rows)
    return (xs[used + 1] - 20) / 72, (_SLOT * len(rows) + 34) / 72


def _draw(rows: list[tuple], grown: Any, ax: Any, title: str, depth: int) -> Any:
    from matplotlib.collections import LineCollection

    from aisearch.plot.place import text_box

    n = len(rows)
    if ax is None:
        import matplotlib.pyplot as plt

        w_in, h_in = natural_size(rows, depth)
        fig = plt.figure(figsize=(min(max(w_in, 3.5), 9.8), min(h_in, 11.6)))
        ax = fig.add_axes((0, 0, 1, 1))
    else:
        ax.clear()
    fig = ax.figure
    box = ax.get_position()
    w = box.width * fig.get_figwidth() * 72
    h = box.height * fig.get_figheight() * 72
    slot = min(_SLOT, (h - 34) / max(n, 1))
    xs = _columns(rows, depth)
    ax.set_xlim(0, w)
    ax.set_ylim(0, h)
    ax.set_axis_off()
    at: dict[int, tuple[float, float, float]] = {}  # node id -> x, y, end of its text
    best = set()
    node = grown.root
    while node.children:
        node = max(node.children.values(), key=lambda j: j.visits)
        best.add(id(node))
    lines, widths, colors = [], [], []
    for k, row in enumerate(rows):
        lvl, node, parent = row[0], row[1], row[2]
        x, y = xs[lvl], h - 30 - k * slot
        text = row[3]
        if node is None:  # a fold: the children of parent not drawn one by one
            ax.text(x - 5, y, text, fontsize=8, style="italic", color="#777777",
                    ha="left", va="center", gid="mcts-fold")
            end = x
        else:
            who = node.player
            ax.scatter([x], [y], s=11**2, marker=SHAPES.get(who, "h"), zorder=3,
                       color=FACES.get(who, "#eeeeee"), edgecolors="black", linewidths=0.9)
            ax.text(x + 10, y, text, fontsize=_FONT, ha="left", va="center", zorder=4,
                    gid="mcts-label", weight="bold" if id(node) in best else "normal")
            right = text_box((x + 10, y), (0, 0, "left", "center", _FONT), text)[2]
            at[id(node)] = (x, y, right)
            end = x
        if parent is not None and id(parent) in at:
            px, py, pend = at[id(parent)]
            share = (node.visits / max(parent.visits, 1)) if node is not None else 0.0
            lines.append([(pend + 4, py), (end - 7, y)])
            widths.append(0.6 + 4 * share)
            colors.append("black" if node is not None and id(node) in best else "#999999")
    ax.add_collection(LineCollection(lines, linewidths=widths, colors=colors, zorder=1,
                                     gid="mcts-edges"))
    ax.set_title(title, fontsize=10, loc="left", pad=0, y=1 - 16 / h)
    return ax
