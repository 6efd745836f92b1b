"""Draw a game tree: an explicit tree, or a recorded search step by step.

Nilsson's conventions: MAX nodes are squares, MIN nodes circles, chance nodes diamonds;
backed-up values sit inside the nodes and tip values under the tips; alpha and beta are
written beside the nodes; pruned subtrees are grey, with a double bar across each pruned
edge (red for an alpha cut-off below a MIN node, blue for a beta cut-off below a MAX
node); the principal variation is drawn bold. The drawing of a recording shows the search
that ran: it never searches, except to run :func:`~aisearch.search.minimax` on an explicit
tree it is asked to draw.

This module holds :func:`tree`; the pieces it draws with live beside it: the tree built
from the source (:mod:`~aisearch.plot.model`), what a node shows at a step
(:mod:`~aisearch.plot.step`), sizes and label places (:mod:`~aisearch.plot.geometry`),
the artists (:mod:`~aisearch.plot.scene`) and text as glyph outlines
(:mod:`~aisearch.plot.labels`).

Examples
--------
>>> from matplotlib.figure import Figure
>>> from aisearch import Recorder, alphabeta, fig5_2
>>> rec = Recorder()
>>> _ = alphabeta(fig5_2, fig5_2.initial, tracer=rec)
>>> ax = tree(rec, ax=Figure(figsize=(6, 3.5)).subplots(), window=True)
>>> [line.get_gid() for line in ax.lines if line.get_gid().startswith("cut")]
['cut-alpha']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from aisearch.core import as_int, check_game, is_number
from aisearch.plot.geometry import _auto_figsize
from aisearch.plot.labels import Labels
from aisearch.plot.layout import choose_orient
from aisearch.plot.model import _model
from aisearch.plot.options import check_ax, check_flag
from aisearch.plot.scene import COLORS, _least, _Scene
from aisearch.plot.step import _pv
from aisearch.plot.step import fmt as fmt  # re-exported: widgets write numbers the same way

__all__ = ["tree", "COLORS", "Labels"]


def check_figsize(figsize: Any) -> None:
    """Refuse a ``figsize`` that is not None or a pair of positive numbers (inches, below
    1,000), saying so.

    >>> check_figsize((6, 4))
    >>> check_figsize(5)
    Traceback (most recent call last):
    ...
    ValueError: figsize must be a pair of positive numbers (width, height) in inches, not 5
    """
    if figsize is not None and not (
            isinstance(figsize, Sequence) and len(figsize) == 2
            and all(is_number(x) and 0 < x < 1000 for x in figsize)):
        raise ValueError(f"figsize must be a pair of positive numbers (width, height) in "
                         f"inches, not {figsize!r:.80}")


def _check_options(ax: Any, pv: Any, figsize: Any, game: Any, title: Any,
                   flags: dict[str, Any]) -> None:
    """Refuse options :func:`tree` could only misread, saying what each must be."""
    check_ax(ax)
    for name, value in flags.items():
        check_flag(name, value)
    if not isinstance(pv, bool) and (isinstance(pv, str) or not isinstance(pv, Sequence)):
        raise TypeError(f"pv must be True, False or a sequence of moves from the root, "
                        f"not {pv!r:.80}")
    check_figsize(figsize)
    if game is not None:
        check_game(game, initial=False)
    if title is not None and not isinstance(title, str):
        raise TypeError(f"title must be text or None, not {title!r:.80}")


def tree(
    source: Any, *, ax: Any = None, upto: int | None = None, current: Any = None,
    values: bool = True, window: bool = False, pv: bool | Sequence = True, moves: bool = True,
    boards: bool = False, orient: str = "auto", title: str | None = None,
    figsize: tuple[float, float] | None = None, game: Any = None, search: int | None = None,
    focus: bool = False,
) -> Any:
    """Draw a game tree, or a recorded search as it stood after ``upto`` events.

    Parameters
    ----------
    source : TreeGame, Recorder, list of events or networkx.DiGraph
        An explicit tree (drawn whole, with minimax values), a recording, or the graph
        :func:`aisearch.trace.tree_graph` built from one. A recording of several searches
        (iterative deepening, or two searches into one recorder) is drawn as their trees
        side by side; a node searched again (a re-search) is drawn beside its first visit,
        its move marked "again".
    ax : matplotlib Axes, optional
        Draw here (cleared first; reuse one Axes to step through a search quickly).
        By default a new figure sized for the tree.
    upto : int, optional
        Draw the search after ``events[:upto]``: nodes not entered yet are faint, values
        appear when a node returns, pruned nodes turn grey at their cut-off. The layout is
        the whole recording's, so nodes never move between steps.
    current : path or VisitKey, optional
        Node outlined in orange (a path means its latest visit); by default the node of
        event ``upto - 1``.
    values : bool
        Backed-up values inside the nodes (tip values are always written under the tips).
        A node that was cut off shows the textbook's bound (``≤2``); a node still being
        searched shows its provisional value in grey italics (``≥3``).
    window : bool
        Write ``α=.. β=..`` beside each internal node: its window after its latest backup.
    pv : bool or sequence of moves
        Draw the principal variation bold: ``True`` follows from the root the first child
        whose returned value equals its parent's; or give the moves.
    moves : bool
        Label edges with their moves (chance edges also with their probabilities).
    boards : bool
        Draw nodes as board thumbnails, by the searched game's painter
        (:mod:`aisearch.plot.painters`), framed square for MAX and round for MIN, values
        beside.
    orient : {'auto', 'down', 'right'}
        Root on top (``'down'``) or at the left (``'right'``); ``'auto'`` draws down for
        up to 32 tips.
    title : str, optional
        Axes title.
    figsize : (float, float), optional
        Size of the new figure (ignored with ``ax``).
    game : Game, optional
        The searched game: draws pruned subtrees whole (greyed) instead of as stubs. (The
        boards are painted for the game the recording names in its ``Start`` event.)
    search : int, optional
        Draw only this search of a recording of several (0 the first, -1 the last).
    focus : bool
        Draw only the neighbourhood of the current node (:mod:`aisearch.plot.focus`): the
        path from the root, the current node's siblings and children, finished subtrees
        folded into one mark with their value and size, other moves as counts. How a
        stepper follows a search too big to draw whole.

    Returns
    -------
    matplotlib.axes.Axes

    Raises
    ------
    ValueError
        For an unknown ``orient``, a source that is not a tree, ``upto`` outside
        ``0..len(events)``, or a ``current`` or ``pv`` that is not in the tree.

    Examples
    --------
    >>> from matplotlib.figure import Figure
    >>> from aisearch import Recorder, alphabeta, fig5_2
    >>> ax = tree(fig5_2, ax=Figure().subplots())
    >>> labels = {c.get_gid(): c for c in ax.collections}
    >>> labels["values"].texts
    ['3', '3', '2', '2']
    >>> rec = Recorder()
    >>> _ = alphabeta(fig5_2, fig5_2.initial, tracer=rec)
    >>> ax = tree(rec, ax=ax, upto=7, window=True)
    >>> labels = {c.get_gid(): c for c in ax.collections}
    >>> labels["values"].texts, labels["windows"].texts
    (['≤3'], ['α=−∞\\nβ=∞', 'α=−∞\\nβ=3'])

    Notes
    -----
    Nilsson section 12.3 (Figs 12.3-12.9); lessons ``02_minimax`` and ``03_alpha_beta``.
    """
    choose_orient(0, orient)
    _check_options(ax, pv, figsize, game, title, {"values": values, "window": window,
                                                  "moves": moves, "boards": boards,
                                                  "focus": focus})
    model = _model(source, game, ax, search)
    if upto is not None:
        if model.events is None:
            raise ValueError("upto needs a recording (a Recorder or its events), not a graph")
        given, upto = upto, as_int(upto)  # (a numpy integer is the int it equals)
        if upto is None or not 0 <= upto <= model.steps:
            raise ValueError(f"upto must be an int from 0 to {model.steps} (the number of "
                             f"events), not {given!r:.80}")
    u = model.steps if upto is None else upto
    if current is None and upto:
        assert model.replay is not None  # upto was checked above: a graph has no events
        owner = model.replay.owner[upto - 1]
        current = owner.key if owner is not None and owner.key in model.nodes else None
    elif current is not None:
        current = model.resolve(current, u)
    pv_edges = _pv(model, pv, u)
    whole = model
    if focus:
        from aisearch.plot.focus import FOCUS_DOWN, focus_model

        model = focus_model(model, u, current)
        direction = choose_orient(model.leaves if model.leaves > FOCUS_DOWN else 1, orient)
    else:
        direction = choose_orient(model.leaves, orient)
    painted = game if game is not None else model.game
    if ax is None:
        import matplotlib.pyplot as plt

        size = figsize or _auto_figsize(model, direction, boards, window, title,
                                        _least(painted))
        fig, ax = plt.subplots(figsize=size)
        fig.subplots_adjust(left=0.01, right=0.99, bottom=0.01,
                            top=1 - (0.4 if title else 0.05) / size[1])
    fig = ax.figure
    key = (model, direction, values, window, moves, boards, painted, title,
           tuple(fig.get_size_inches()), tuple(ax.get_position().bounds))
    scene = getattr(ax, "_aisearch_tree_scene", None)
    if scene is None or scene[0] != key or scene[1].edge_lines.axes is not ax:
        drawn = [*ax.collections, *ax.lines, *ax.texts, *ax.artists, *ax.patches, *ax.images]
        if scene is not None and scene[1].edge_lines.axes is ax:
            # The axes show the last scene: taking its artists away costs a tenth of
            # ax.clear(), which makes the (hidden) ticks and spines anew at every step.
            for artist in (*drawn, *ax.child_axes):
                artist.remove()
            if ax.get_legend() is not None:
                ax.get_legend().remove()
            ax.set_title("")
        elif drawn:
            ax.clear()  # (a caller may have cleared it already)
        scene = (key, _Scene(ax, model, direction, values, window, moves, boards, painted,
                             title))
        ax._aisearch_tree_scene = scene
        ax._aisearch_tree_model = (*whole.key, whole)
    scene[1].update(u, current, pv_edges)
    return ax
