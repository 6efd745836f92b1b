"""Tactical test suites for chess searches, as data (lesson 05).

``chess_suite("wac")`` reads *Win At Chess* (Fred Reinfeld, 1958): 300 positions, each
with the move(s) that win, in the EPD form long in public circulation among chess
programmers (``aisearch/data/wac.epd``; every position and move checked with python-chess
when the file was made, and again by the tests). A search *solves* a position when the
move it chooses is one of the best moves (and not the move to avoid, where one is given).

Examples
--------
>>> suite = chess_suite()
>>> len(suite), suite[0].id, [str(m) for m in suite[0].best]
(300, 'WAC.001', ['g3g6'])
>>> suite[0].solved_by(suite[0].best[0])
True
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import chess

    from aisearch.games.chess import Chess, ChessState

# python-chess is imported when a suite is read or a position made, not with the games:
# ``from aisearch.games import chess_suite`` is free.

__all__ = ["chess_suite", "SuitePosition", "SUITES"]

SUITES = {"wac": "wac.epd"}
"""The suites shipped with the package: name -> file in ``aisearch/data``."""


@dataclass(frozen=True)
class SuitePosition:
    """One test position: its ``id``, the ``state``, the ``best`` moves (any of them
    solves it), the moves to ``avoid`` and the suite's comment.

    Examples
    --------
    >>> import chess
    >>> from aisearch import alphabeta
    >>> from aisearch.games import Chess
    >>> game = Chess()
    >>> mate = SuitePosition("back rank", game.parse("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"),
    ...                      best=(chess.Move.from_uci("a1a8"),))
    >>> mate
    <back rank: 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - bm Ra8#>
    >>> mate.solved_by(alphabeta(game, mate.state, 1, evaluate=game.material_eval).move)
    True
    >>> mate.solved_by(chess.Move.from_uci("g1f1")), mate.solved_by("a1a8"), mate.solved_by("Ra8")
    (False, True, True)
    """

    id: str
    state: ChessState
    best: tuple[chess.Move, ...]
    avoid: tuple[chess.Move, ...] = ()
    comment: str = ""

    def __post_init__(self) -> None:
        from aisearch.games.chess import ChessState

        if not isinstance(self.state, ChessState):
            raise TypeError(f"SuitePosition.state must be a ChessState (Chess.parse(fen)), not "
                            f"{self.state!r:.80}")

    def solved_by(self, move: Any) -> bool:
        """True when ``move`` is one of the best moves and not one to avoid.

        ``move`` is a move of this position as :meth:`Chess.result` takes one: a
        ``chess.Move`` or a string in UCI (``'g3g6'``) or SAN (``'Qg6'``). Anything else,
        an illegal move included, raises an :class:`~aisearch.core.IllegalMoveError` (a
        ``ValueError``) listing the legal moves: a search's answer that is no move of the
        position is a mistake to see, not a position left unsolved.
        """
        import chess

        rules = _rules()
        legal = rules.moves(self.state)
        if move.__class__ is not chess.Move or move not in legal:
            move = rules._move(self.state, move, legal)
        return move in self.best and move not in self.avoid

    def __repr__(self) -> str:
        board = self.state.board()
        best = " ".join(board.san(m) for m in self.best)
        return f"<{self.id}: {board.epd()} bm {best}>"


@cache
def _rules() -> Chess:
    """The rules that read a move given as text, as ``Chess.result`` does."""
    from aisearch.games.chess import Chess

    return Chess()


def chess_suite(name: str = "wac") -> list[SuitePosition]:
    """The positions of a tactical test suite, in the suite's order.

    Parameters
    ----------
    name : str
        ``'wac'`` (Win At Chess, 300 positions).

    Returns
    -------
    list of SuitePosition

    Examples
    --------
    >>> from aisearch.games import Chess
    >>> wac = chess_suite()
    >>> len(wac), wac[0].id
    (300, 'WAC.001')
    >>> [Chess().move_label(wac[0].state, m) for m in wac[0].best]  # the move that wins
    ['Qg6']
    """
    if not isinstance(name, str) or name not in SUITES:
        raise ValueError(f"no chess suite {name!r}; the suites are: {', '.join(SUITES)}")
    import chess

    from aisearch.games.chess import ChessState

    text = resources.files("aisearch.data").joinpath(SUITES[name]).read_text(encoding="utf-8")
    out = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip() or line.startswith("#"):
            continue
        try:
            board, ops = chess.Board.from_epd(line)
        except ValueError as e:
            raise ValueError(f"{SUITES[name]} line {number}: {e}") from None
        best = tuple(m for m in ops.get("bm", ()) if isinstance(m, chess.Move))  # type: ignore[union-attr]
        avoid = tuple(m for m in ops.get("am", ()) if isinstance(m, chess.Move))  # type: ignore[union-attr]
        out.append(SuitePosition(str(ops.get("id", number)), ChessState(board), best, avoid,
                                 str(ops.get("c0", ""))))
    return out
