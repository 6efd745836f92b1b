"""Still pictures of what the widgets show, for a notebook that is read but not run.

A saved notebook opened on GitHub or nbviewer shows a widget as one line of text. Beside
each widget, a lesson also draws what the widget would show:

- :func:`stepper_strip`: the stepper's key frames (the tree as it stood, the event in
  words, the pseudocode line that ran) side by side, read from the same recording by the
  same :class:`~aisearch.widgets.StepperModel` and :func:`aisearch.plot.tree`;
- :func:`mcts_strip`: the MCTS stepper's tree at a few iterations, read from the same
  recording by the same :class:`~aisearch.widgets.MCTSModel`;
- :func:`scripted` and :func:`play_strip`: a game against the play widget's agent with the
  human's moves given in advance (the same :class:`~aisearch.widgets.PlayModel`), and its
  positions as small boards drawn by the game's painter.

Both return a pyplot figure (``plt.show()`` shows it) whose size depends only on its
input, so a notebook's saved text output stays the same from run to run.

Examples
--------
>>> import matplotlib.pyplot as plt
>>> from aisearch import Recorder, alphabeta, fig5_2
>>> rec = Recorder()
>>> _ = alphabeta(fig5_2, fig5_2.initial, tracer=rec)
>>> key_frames(rec)
[17, 23, 25, 42]
>>> fig = stepper_strip(rec)
>>> len(fig.axes)
4
>>> plt.close(fig)
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import Any

from aisearch.core import MAX
from aisearch.plot.step import fmt  # numbers written as in the tree drawing
from aisearch.results import Decision
from aisearch.widgets.mcts import mcts_strip
from aisearch.widgets.play_model import PlayError, PlayModel
from aisearch.widgets.stepper_model import StepperModel

__all__ = ["key_frames", "stepper_strip", "scripted", "play_strip", "mcts_strip"]


def _model(recording: Any) -> StepperModel:
    """A fresh StepperModel of a SearchStepper, a StepperModel, a Recorder or events."""
    inner = getattr(recording, "model", recording)  # a SearchStepper holds its model
    return StepperModel(inner.events if isinstance(inner, StepperModel) else inner)


KEY_ROLES = ("cut",)
"""Roles of the events always worth a frame (a cut-off), besides the kinds in
:data:`KEY_KINDS` and the backups at the root."""

KEY_KINDS = ("TableHit", "Research", "StandPat", "Abort")
"""Events a lesson points at that a frame must show when the search has them: the first
of each kind is always among the key frames."""


def key_frames(recording: Any, *, limit: int = 6) -> list[int]:
    """The event indices worth a picture: the first event of each kind the lessons point at
    (:data:`KEY_KINDS`: a table hit, a re-search, ...), each cut-off, each of the root's
    moves but the last backed up, and the end of the recording.

    Parameters
    ----------
    recording : SearchStepper, StepperModel, Recorder or sequence of events
        A recorded search.
    limit : int
        At most this many frames: the end, then the first of each kind, then the others
        evenly spread.

    Returns
    -------
    list of int
        Indices for :meth:`StepperModel.goto`, increasing.

    Examples
    --------
    >>> from aisearch import Recorder, minimax, fig5_2
    >>> rec = Recorder()
    >>> _ = minimax(fig5_2, fig5_2.initial, tracer=rec)
    >>> key_frames(rec)
    [17, 32, 49]
    """
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
        raise ValueError(f"limit must be a positive int, not {limit!r}")
    model = _model(recording)
    events, owner = model.events, model.replay.owner
    roots: list[int] = []
    frames: set[int] = set()
    firsts: dict[str, int] = {}
    for i, e in enumerate(events):
        role, kind = type(e).role, type(e).__name__
        if kind in KEY_KINDS and kind not in firsts:
            firsts[kind] = i + 1
        if role in KEY_ROLES:
            frames.add(i + 1)
        elif role == "backup":
            visit = owner[i]
            if visit is not None and not visit.path:
                roots.append(i + 1)
    frames.update(roots[:-1])
    last = len(events)
    must = sorted(set(firsts.values()) - {last})[:limit - 1]
    others = sorted(frames - {last} - set(must))
    room = limit - 1 - len(must)
    if len(others) > room:
        step = len(others) / room if room > 0 else 0
        others = [others[int(k * step)] for k in range(room)]
    return sorted(set(must) | set(others)) + [last]


STRIP_INCHES = (9.8, 11.6)
"""The largest still picture of key frames (about 1,000 x 1,200 pixels at 100 dpi)."""

PANEL = (4.8, 3.6)
"""The largest tree of one frame in a strip, in inches; two frames side by side."""


def stepper_strip(recording: Any, *, frames: Sequence[int] | None = None, limit: int = 4,
                  ncols: int | None = None, game: Any = None, window: bool | None = None,
                  scale: float = 1.0, **tree_options: Any) -> Any:
    """The stepper's key frames as one picture: a grid of the tree as the stepper shows it,
    the event in words and the pseudocode line that ran.

    Parameters
    ----------
    recording : SearchStepper, StepperModel, Recorder or sequence of events
        A recorded search (as given to :class:`~aisearch.widgets.SearchStepper`).
    frames : sequence of int, optional
        The event indices to draw (``0..len(events)``); default :func:`key_frames`.
    limit : int
        At most this many default frames (fewer when they would not fit about 1,000 x
        1,200 pixels).
    ncols : int, optional
        Frames per row (default: as many as fit in about 10 inches).
    game : Game, optional
        The searched game (pruned subtrees drawn whole, as in the stepper).
    window : bool, optional
        Write alpha and beta beside the nodes (default: when they mean something, for
        alpha-beta and the other windowed searchers).
    scale : float
        Each frame's size relative to the largest (:data:`PANEL`), from 0.5 to 1.
    **tree_options
        More options of :func:`aisearch.plot.tree` (``orient``, ``boards``, ...).

    Returns
    -------
    matplotlib.figure.Figure
        One Axes per frame, titled ``event i of n`` with what happened and the
        pseudocode line that ran. A tree too big to read whole is drawn around the
        current node, as the stepper draws it (:mod:`aisearch.widgets.frames`).

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> from aisearch import Recorder, alphabeta, fig5_2
    >>> rec = Recorder()
    >>> _ = alphabeta(fig5_2, fig5_2.initial, tracer=rec)
    >>> fig = stepper_strip(rec, frames=[23])
    >>> print(fig.axes[0].get_title(loc="left"))
    event 23 of 42: Cut: β ≤ α at node (1,) (value 2 ≤ α=3): skip
    moves 1, 2 (alpha cut-off)
    ▶ if β ≤ α: return α (α cut-off: MAX above will not come here)
    >>> plt.close(fig)
    """
    import matplotlib.pyplot as plt

    from aisearch.plot.geometry import _auto_figsize
    from aisearch.plot.layout import choose_orient
    from aisearch.plot.model import _model as tree_model
    from aisearch.widgets.frames import draw_frame, frame_options

    model = _model(recording)
    n = len(model)
    if frames is not None:
        frames = list(frames)
        if not frames:
            raise ValueError("frames is empty: give at least one event index")
        for i in frames:
            if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i <= n:
                raise ValueError(f"each frame must be an event index from 0 to {n}, not {i!r}")
    if not isinstance(scale, (int, float)) or not 0.5 <= scale <= 1:
        raise ValueError(f"scale must be a number from 0.5 to 1, not {scale!r}")
    window = model.windowed if window is None else window
    options = frame_options(model.replay, {"window": window, "game": game, **tree_options})
    options.pop("figsize", None)
    if options["focus"]:
        w, h = PANEL
    else:  # the whole tree, at its natural size if that fits a panel
        part = model.replay.search_at(n)
        tm = tree_model(model.replay, game, None, None if len(model.replay.searches) == 1
                        else part.index if part is not None else None)
        direction = choose_orient(tm.leaves, options.get("orient", "auto"))
        w, h = _auto_figsize(tm, direction, bool(options.get("boards")), window, None)
        fit = min(1.0, PANEL[0] / w, PANEL[1] / h)
        w, h = w * fit, h * fit
    w, h = w * scale, h * scale
    title = 0.62  # three lines of 8-point text
    if ncols is None:
        ncols = max(1, int(STRIP_INCHES[0] // w))
    if isinstance(ncols, bool) or not isinstance(ncols, int) or ncols < 1:
        raise ValueError(f"ncols must be a positive int, not {ncols!r}")
    rows_fit = max(1, int(STRIP_INCHES[1] // (h + title)))
    if frames is None:
        frames = key_frames(model, limit=max(1, min(limit, ncols * rows_fit)))
    ncols = min(ncols, len(frames))
    nrows = -(-len(frames) // ncols)
    fig, axes = plt.subplots(nrows, ncols, figsize=(w * ncols, (h + title) * nrows),
                             squeeze=False)
    flat = [ax for row in axes for ax in row]
    for ax in flat[len(frames):]:
        ax.remove()
    # (the axes take their places before the trees are fitted into them)
    fig.subplots_adjust(left=0.01, right=0.99, bottom=0.01, top=1 - title / (h + title) / nrows,
                        wspace=0.04, hspace=title / h)
    chars = max(30, int(w * 13))
    for ax, i in zip(flat, frames, strict=False):
        model.goto(i)
        draw_frame(model.replay, i, ax, options)
        words = textwrap.fill(textwrap.shorten(f"event {i} of {n}: {model.description()}",
                                               2 * chars - 4, placeholder=" …"), chars)
        line = model.pseudocode_line()
        code = " ".join(model.pseudocode.lines[line - 1].split()) if line and model.pseudocode \
            else ""
        code = textwrap.shorten(code, chars, placeholder=" …")
        ax.set_title(words + (f"\n▶ {code}" if code else ""), fontsize=8, loc="left")
    return fig


def scripted(game: Any, moves: Sequence[Any], **options: Any) -> PlayModel:
    """A game against the play widget's agent, the human's moves given in advance.

    Parameters
    ----------
    game : Game
        The rules.
    moves : sequence
        The human's moves, in order; after each one the agent (and chance) answer. A
        string that is not itself a legal move may name one (chess: ``"e2e4"`` or
        ``"e4"``, see :meth:`~aisearch.widgets.PlayModel.move_from_text`).
    **options
        Options of :class:`~aisearch.widgets.PlayModel` (``human``, ``depth``,
        ``evaluate``, ``searcher``, ``seed``, ...).

    Returns
    -------
    PlayModel
        The finished script: ``states``, ``moves``, ``movers``, ``last_search``.

    Raises
    ------
    ValueError
        For a move that cannot be played when its turn comes (naming the move, its
        number in the script and the legal moves).

    Examples
    --------
    >>> from aisearch.games.tictactoe import TicTacToe
    >>> scripted(TicTacToe(), [4, 2], depth=2).moves
    [4, 0, 2, 6]
    """
    if isinstance(moves, (str, bytes)) or not isinstance(moves, Sequence):
        raise TypeError(f"moves must be a sequence of the human's moves, not {moves!r}")
    model = PlayModel(game, **options)
    for k, move in enumerate(moves, 1):
        try:
            try:
                model.play(move)
            except PlayError:
                if not isinstance(move, str):
                    raise
                model.play_text(move)  # a move given by its name (chess: e2e4 or e4)
        except PlayError as error:
            raise ValueError(f"move {k} of the script, {move!r}, cannot be played: "
                             f"{error}") from None
    return model


def play_strip(game: Any, moves: Sequence[Any], *, human: int = MAX, depth: int | None = 2,
               searcher: Any = None, ncols: int | None = None, size: float | None = None,
               title: str | None = None, **options: Any) -> Any:
    """A scripted game against the play widget's agent, one small board per human move.

    Parameters
    ----------
    game : Game
        The rules (its painter draws the boards).
    moves : sequence
        The human's moves (see :func:`scripted`).
    human, depth, searcher, **options
        As for :class:`~aisearch.widgets.PlayModel` (its searcher by default: alpha-beta,
        or expectiminimax for a game of chance).
    ncols : int, optional
        Boards per row (default: as many as fit in about 10 inches).
    size : float, optional
        Width of one board, in inches (default: the painter's, the width at which its
        labels read at 8 points).
    title : str, optional
        A title above the boards (default: who plays whom, and the result).

    Returns
    -------
    matplotlib.figure.Figure
        The start, then the position after each human move and the answer to it, the
        cells just played shaded where the painter can (tic-tac-toe); each panel titled
        with the moves played since the last, in the game's notation.

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> from aisearch.games.tictactoe import TicTacToe
    >>> fig = play_strip(TicTacToe(), [4, 2])
    >>> [ax.get_title() for ax in fig.axes]
    ['start', 'X 4, O 0', 'X 2, O 6']
    >>> plt.close(fig)
    """
    import matplotlib.pyplot as plt

    from aisearch.plot import draw_board
    from aisearch.plot.painters import painter_for

    painter = painter_for(game)
    size = painter.inches if size is None else size
    if not isinstance(size, (int, float)) or isinstance(size, bool) or not 0.5 <= size <= 9.8:
        raise ValueError(f"size must be a number of inches from 0.5 to 9.8, not {size!r:.80}")
    if ncols is None:
        ncols = max(1, int(STRIP_INCHES[0] // size))
    if isinstance(ncols, bool) or not isinstance(ncols, int) or ncols < 1:
        raise ValueError(f"ncols must be a positive int, not {ncols!r}")
    model = scripted(game, moves, human=human, depth=depth, searcher=searcher, **options)
    # a panel after each of the human's moves and the replies to it (and the start)
    cuts = [0] + [k for k in range(1, len(model.moves) + 1)
                  if k == len(model.moves) or model.movers[k] == model.human]
    cuts = sorted(set(cuts))
    titles, start = [], 0
    for k in cuts:  # what was played since the last panel, in the game's notation
        titles.append(textwrap.fill(model.moves_text(start, k) or "start",
                                    width=max(12, int(size * 13))))
        start = k
    lines = max(t.count("\n") for t in titles) + 1
    width, height = painter.extent(game, game.initial, 1.0)
    cols = min(ncols, len(cuts))
    rows = -(-len(cuts) // cols)
    panel = (size, size * height / width * 1.04 + 0.08 + 0.15 * lines)
    fig, axes = plt.subplots(rows, cols, figsize=(panel[0] * cols, panel[1] * rows + 0.4),
                             squeeze=False)
    flat = [ax for row in axes for ax in row]
    for ax in flat[len(cuts):]:
        ax.remove()
    # (the axes take their places before the boards are fitted into them)
    fig.subplots_adjust(left=0.01, right=0.99, bottom=0.01, top=1 - 0.4 / fig.get_figheight(),
                        wspace=0.06, hspace=(0.15 * lines + 0.08) / (panel[1] - 0.15 * lines))
    start = 0
    for ax, k, text in zip(flat, cuts, titles, strict=False):
        played = model.moves[start:k]
        draw_board(game, model.states[k], ax=ax, highlight=played or None)
        ax.set_title(text, fontsize=8)
        start = k
    d: Decision | None = model.last_search.decision if model.last_search else None
    result = model.result_text() or "the game goes on"
    value = f", the agent's last value {fmt(d.value)}" if d else ""
    fig.suptitle(title or f"You ({model.side(model.human)}) against {model.agent_name}: "
                 f"{result}{value}", fontsize=10)
    return fig
