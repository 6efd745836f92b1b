"""Still pictures of what the widgets show, for a notebook that is read but not run.

A saved notebook opened on GitHub or nbviewer shows a widget as one line of text. Beside
each widget, a lesson also draws what the widget would show:

- :func:`stepper_strip`: the stepper's key frames (the tree as it stood, the event in
  words, the pseudocode line that ran) in a grid, read from the same recording by the
  same :class:`~aisearch.widgets.StepperModel` and :func:`aisearch.plot.tree`
  (:mod:`aisearch.widgets.keyframes`);
- :func:`mcts_strip`: the MCTS stepper's tree at a few iterations, read from the same
  recording by the same :class:`~aisearch.widgets.MCTSModel`;
- :func:`scripted` and :func:`play_strip`: a game against the play widget's agent with the
  human's moves given in advance (the same :class:`~aisearch.widgets.PlayModel`), and its
  positions as small boards drawn by the game's painter.

Both return a pyplot figure (``plt.show()`` shows it) whose size depends only on its
input, so a notebook's saved text output stays the same from run to run.

Examples
--------
A short game against the play widget's agent, the human's moves given in advance, then
its positions as the figure a lesson shows beside the play widget (the stepper's strip
has its example in :mod:`aisearch.widgets.keyframes`):

>>> import matplotlib.pyplot as plt
>>> from aisearch import TicTacToe
>>> scripted(TicTacToe(), [4, 2], depth=2).moves_text(0, 4)
'X 4, O 0, X 2, O 6'
>>> fig = play_strip(TicTacToe(), [4, 2], depth=2)
>>> print(fig.get_suptitle())
You (X) against alphabeta(depth=2, nilsson_eval): the game goes on, the agent's last value 2
>>> plt.close(fig)
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import Any

from aisearch.core import MAX
from aisearch.plot.step import fmt  # numbers written as in the tree drawing
from aisearch.results import Decision
from aisearch.widgets.keyframes import STRIP_INCHES, key_frames, stepper_strip
from aisearch.widgets.mcts import mcts_strip
from aisearch.widgets.play_model import PlayError, PlayModel

__all__ = ["key_frames", "stepper_strip", "scripted", "play_strip", "mcts_strip"]


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
    from aisearch.widgets.still import still_figure  # (after the checks: a wrong call is
    # told at once, not after pyplot loads)

    fig, axes = still_figure(rows, cols, figsize=(panel[0] * cols, panel[1] * rows + 0.4))
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
