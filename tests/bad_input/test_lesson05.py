"""Lesson 05's entry points called wrongly: quiescence search, ``quiescence=`` beneath the
alpha-beta forms, chess, its evaluations, its test suite and the search extensions."""

from __future__ import annotations

import math
from decimal import Decimal
from fractions import Fraction

import chess

from aisearch.core import IllegalMoveError
from aisearch.games import Chess, ChessState, SuitePosition, TreeGame, chess_suite, fig5_2
from aisearch.search import (
    alphabeta,
    alphabeta_tt,
    enhanced_search,
    iterative_deepening,
    minimax,
    quiescence,
)
from tests.bad_input.table import Case, check, params

CHESS = Chess()
FOOLS = Chess.parse("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")
WAC1 = chess_suite()[0]
NOISY = TreeGame([[5, -3], 2], noisy=[(0,), (0, 1)])


def zero(s: object) -> int:
    return 0


CASES = [
    # quiescence search
    Case("quiescence: no evaluate", lambda: quiescence(NOISY, ()), TypeError, ("evaluate",)),
    Case("quiescence: evaluate is a number", lambda: quiescence(NOISY, (), evaluate=3), TypeError,
         ("evaluate", "3")),
    Case("quiescence: max_depth=-1", lambda: quiescence(NOISY, (), evaluate=zero, max_depth=-1),
         ValueError, ("max_depth", "-1")),
    Case("quiescence: max_depth=1.5",
         lambda: quiescence(NOISY, (), evaluate=zero, max_depth=1.5), ValueError,
         ("max_depth", "1.5")),
    Case("quiescence: alpha='low'", lambda: quiescence(NOISY, (), evaluate=zero, alpha="low"),
         TypeError, ("alpha", "'low'")),
    Case("quiescence: beta=nan", lambda: quiescence(NOISY, (), evaluate=zero,
                                                    beta=float("nan")),
         TypeError, ("beta", "nan")),
    Case("quiescence: alpha=Decimal(1)",
         lambda: quiescence(NOISY, (), evaluate=zero, alpha=Decimal(1)), TypeError,
         ("alpha must be a real number", "fraction or a numpy number", "decimal('1')")),
    Case("quiescence: a Fraction alpha above beta",
         lambda: quiescence(NOISY, (), evaluate=zero, alpha=Fraction(3), beta=1),
         ValueError, ("alpha must be below beta",)),
    Case("quiescence: alpha above beta", lambda: quiescence(NOISY, (), evaluate=zero, alpha=5,
                                                             beta=1),
         ValueError, ("alpha must be below beta", "alpha=5, beta=1")),
    Case("quiescence: an empty window", lambda: quiescence(NOISY, (), evaluate=zero, alpha=2,
                                                             beta=2),
         ValueError, ("alpha must be below beta", "alpha=2, beta=2")),
    Case("quiescence: a state of another game", lambda: quiescence(NOISY, (7,), evaluate=zero),
         ValueError, ("(7,)",)),
    Case("quiescence: an order that drops a move",
         lambda: quiescence(NOISY, (), evaluate={(): 0, (0,): 0}.get, order=lambda s, ms: ()),
         ValueError, ("order", "dropped")),
    Case("quiescence: evaluate returns text",
         lambda: quiescence(NOISY, (), evaluate=lambda s: "high"), TypeError,
         ("returned 'high'",)),
    Case("quiescence: prune_on_equal is text",
         lambda: quiescence(NOISY, (), evaluate=zero, prune_on_equal="yes"), TypeError,
         ("prune_on_equal", "'yes'")),
    # chess
    Case("Chess: checks_noisy='yes'", lambda: Chess(checks_noisy="yes"), TypeError,
         ("checks_noisy", "'yes'")),
    Case("Chess.parse: not FEN", lambda: Chess.parse("e4 e5"), ValueError,
         ("not a fen position", "'e4 e5'")),
    Case("Chess.parse: no black king", lambda: Chess.parse("8/8/8/8/8/8/8/K7 w - - 0 1"),
         ValueError, ("no black king",)),
    Case("Chess.parse: a board, not text", lambda: Chess.parse(CHESS), TypeError,
         ("fen string",)),
    Case("Chess: an illegal move", lambda: CHESS.result(CHESS.initial, "e5"), IllegalMoveError,
         ("'e5'", "e2e4", "g1f3")),
    Case("Chess: a move after checkmate", lambda: CHESS.result(FOOLS, "e2e4"),
         IllegalMoveError, ("checkmate", "none (the game is over)")),
    Case("Chess: a FEN string as a state", lambda: CHESS.moves("8/8/8/8/8/8/8/K6k w - - 0 1"),
         ValueError, ("not a state of chess()", "chess.parse")),
    Case("Chess: material_eval of a number", lambda: CHESS.material_eval(3), ValueError,
         ("not a state of chess()",)),
    Case("Chess: pst_eval of None", lambda: CHESS.pst_eval(None), ValueError,
         ("not a state of chess()",)),
    Case("Chess: san of an illegal move", lambda: CHESS.san(CHESS.initial, "e2e5"),
         IllegalMoveError, ("'e2e5'",)),
    Case("Chess: utility before the end", lambda: CHESS.utility(CHESS.initial), ValueError,
         ("not over",)),
    Case("Chess: mvv_lva of a tuple", lambda: CHESS.mvv_lva((), ()), ValueError,
         ("not a state of chess()",)),
    Case("Chess: in_check of text", lambda: CHESS.in_check("start"), ValueError,
         ("not a state of chess()",)),
    Case("ChessState: a FEN string", lambda: ChessState("8/8/8/8/8/8/8/K6k w - - 0 1"),
         TypeError, ("chess.board", "chess.parse")),
    Case("chess_suite('bk')", lambda: chess_suite("bk"), ValueError, ("'bk'", "wac")),
    Case("SuitePosition: a FEN, not a state", lambda: SuitePosition("x", "8/8 w", ()),
         TypeError, ("chessstate", "chess.parse")),
    Case("chess_suite(3)", lambda: chess_suite(3), ValueError, ("3", "wac")),
    Case("chess_suite(['wac'])", lambda: chess_suite(["wac"]), ValueError,
         ("['wac']", "the suites are: wac")),
    Case("SuitePosition.solved_by(None)", lambda: WAC1.solved_by(None), IllegalMoveError,
         ("illegal move none", "g3g6")),
    Case("SuitePosition.solved_by(3)", lambda: WAC1.solved_by(3), IllegalMoveError,
         ("illegal move 3", "g3g6")),
    Case("SuitePosition.solved_by('zzzz')", lambda: WAC1.solved_by("zzzz"), IllegalMoveError,
         ("illegal move 'zzzz'", "g3g6")),
    Case("SuitePosition.solved_by: a move of another position",
         lambda: WAC1.solved_by(chess.Move.from_uci("e2e4")), IllegalMoveError,
         ("e2e4", "g3g6")),
    # extensions
    Case("enhanced_search: extensions=('checks',)",
         lambda: enhanced_search(fig5_2, fig5_2.initial, 1, evaluate=zero,
                                 extensions=("checks",)),
         ValueError, ("unknown extension 'checks'", "check, singular")),
    Case("enhanced_search: extensions='check'",
         lambda: enhanced_search(fig5_2, fig5_2.initial, 1, evaluate=zero, extensions="check"),
         TypeError, ("tuple of names", "'check'")),
    Case("enhanced_search: the check extension on a game without in_check",
         lambda: enhanced_search(fig5_2, fig5_2.initial, 1, evaluate=zero,
                                 extensions=("check",)),
         ValueError, ("in_check",)),
    Case("alphabeta_tt: singular_margin=0",
         lambda: alphabeta_tt(fig5_2, fig5_2.initial, 1, evaluate=zero,
                              extensions=("singular",), singular_margin=0),
         ValueError, ("singular_margin", "0")),
    Case("alphabeta_tt: singular_margin=nan",
         lambda: alphabeta_tt(fig5_2, fig5_2.initial, 1, evaluate=zero,
                              extensions=("singular",), singular_margin=float("nan")),
         ValueError, ("singular_margin must be a positive real number", "nan (a float)")),
    Case("alphabeta_tt: singular_margin='2'",
         lambda: alphabeta_tt(fig5_2, fig5_2.initial, 1, evaluate=zero,
                              extensions=("singular",), singular_margin="2"),
         ValueError, ("singular_margin", "numpy number", "'2' (a str)")),
    Case("alphabeta_tt: singular_margin=-inf",
         lambda: alphabeta_tt(fig5_2, fig5_2.initial, 1, evaluate=zero,
                              extensions=("singular",), singular_margin=-math.inf),
         ValueError, ("singular_margin must be a positive", "-inf")),
    Case("iterative_deepening: extensions=('deep',)",
         lambda: iterative_deepening(fig5_2, fig5_2.initial, 2, evaluate=zero,
                                     extensions=("deep",)),
         ValueError, ("unknown extension 'deep'",)),
    Case("iterative_deepening: extensions with minimax",
         lambda: iterative_deepening(fig5_2, fig5_2.initial, 2, evaluate=zero, search=minimax,
                                     extensions=("singular",)),
         ValueError, ("minimax", "extensions")),
    # quiescence= beneath the searchers
    Case("alphabeta: quiescence=-1",
         lambda: alphabeta(fig5_2, fig5_2.initial, 1, evaluate=zero, quiescence=-1),
         ValueError, ("quiescence", "-1")),
    Case("alphabeta: quiescence=True",
         lambda: alphabeta(fig5_2, fig5_2.initial, 1, evaluate=zero, quiescence=True),
         ValueError, ("quiescence", "true")),
    Case("iterative_deepening: quiescence='deep'",
         lambda: iterative_deepening(fig5_2, fig5_2.initial, 2, evaluate=zero,
                                     quiescence="deep"),
         ValueError, ("quiescence", "'deep'")),
    Case("iterative_deepening: quiescence with a search that takes none",
         lambda: iterative_deepening(fig5_2, fig5_2.initial, 2, evaluate=zero, search=minimax,
                                     quiescence=2),
         ValueError, ("minimax", "quiescence")),
]


@params(CASES)
def test_bad_input_gets_a_clear_error(case: Case) -> None:
    check(case)
