"""Chess through python-chess: the rules as the protocol states them, parsing, illegal
moves, the move order, noisy moves and the evaluations (lesson 05)."""

from __future__ import annotations

import chess
import pytest

from aisearch.core import MAX, MIN, IllegalMoveError
from aisearch.games import Chess, ChessState

GAME = Chess()


def play(s: ChessState, *moves: str) -> ChessState:
    for m in moves:
        s = GAME.result(s, m)
    return s


def test_the_initial_position_has_twenty_moves_and_white_is_max():
    s = GAME.initial
    assert len(GAME.moves(s)) == 20 and GAME.to_move(s) == MAX
    assert GAME.to_move(play(s, "e4")) == MIN and not GAME.noisy_moves(s)
    assert GAME.sides == {MAX: "White", MIN: "Black"} and GAME.win == 1


def test_checkmate_is_worth_one_to_the_side_that_mates():
    fools = play(GAME.initial, "f3", "e5", "g4", "Qh4")
    assert GAME.is_terminal(fools) and GAME.moves(fools) == ()
    assert GAME.utility(fools, MAX) == -1 and GAME.utility(fools, MIN) == 1
    assert GAME.outcome(fools) == "checkmate"
    mate = Chess.parse("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1")
    assert GAME.utility(mate) == 1


def test_stalemate_insufficient_material_and_fifty_moves_are_draws():
    stalemate = Chess.parse("k7/8/1Q6/8/8/8/8/7K b - - 0 1")
    assert GAME.is_terminal(stalemate) and GAME.utility(stalemate) == 0
    bare = Chess.parse("k7/8/8/8/8/8/8/6BK w - - 0 1")
    assert GAME.is_terminal(bare) and GAME.outcome(bare) == "insufficient material"
    fifty = Chess.parse("k7/8/8/8/8/8/8/5RRK w - - 100 80")
    assert GAME.is_terminal(fifty) and GAME.outcome(fifty) == "the fifty-move rule"
    assert not GAME.is_terminal(Chess.parse("k7/8/8/8/8/8/8/5RRK w - - 99 80"))
    mate = Chess.parse("k7/2K5/8/8/8/8/8/R7 b - - 100 80")  # mate beats the fifty moves
    assert GAME.outcome(mate) == "checkmate" and GAME.utility(mate) == 1


def test_is_terminal_asked_first_agrees_with_the_moves_and_the_outcome():
    """``is_terminal`` of a state whose moves were never listed (a search's leaf) answers
    from the first legal move; it must say what the full list says, and leave the outcome
    and the moves as they would be."""
    from aisearch.games import chess_suite

    fens = ["k7/8/1Q6/8/8/8/8/7K b - - 0 1", "k7/8/8/8/8/8/8/6BK w - - 0 1",
            "k7/8/8/8/8/8/8/5RRK w - - 100 80", "k7/8/8/8/8/8/8/5RRK w - - 99 80",
            "k7/2K5/8/8/8/8/8/R7 b - - 100 80", "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1"]
    states = [Chess.parse(f) for f in fens] + [p.state for p in chess_suite("wac")[:40]]
    states += [GAME.result(s, m) for s in states[-40:] for m in GAME.moves(s)]
    states.append(play(GAME.initial, *("Nf3", "Nf6", "Ng1", "Ng8") * 2))
    kinds = set()
    for s in states:
        fen, history = s.board().fen(), s.history
        first = ChessState(chess.Board(fen), history)  # nothing listed yet
        listed = ChessState(chess.Board(fen), history)
        moves = GAME.moves(listed)
        assert GAME.is_terminal(first) == (moves == ()), fen
        assert GAME.outcome(first) == GAME.outcome(listed), fen
        assert GAME.moves(first) == moves, fen
        kinds.add(GAME.outcome(first))
    assert kinds == {"", "checkmate", "stalemate", "insufficient material",
                     "the fifty-move rule", "threefold repetition"}


def test_threefold_repetition_in_the_line_is_a_draw():
    knights = ("Nf3", "Nf6", "Ng1", "Ng8")
    s = play(GAME.initial, *knights)
    assert not GAME.is_terminal(s) and s.history  # the start seen twice now
    s = play(s, *knights)
    assert GAME.is_terminal(s) and GAME.outcome(s) == "threefold repetition"
    assert GAME.utility(s) == 0
    assert s != GAME.initial and s.board().board_fen() == GAME.initial.board().board_fen()


def test_a_capture_or_pawn_move_clears_the_history():
    s = play(GAME.initial, "Nf3", "Nf6")
    assert len(s.history) == 2 and play(s, "e4").history == ()


def test_a_state_and_its_history_are_the_same_in_every_process():
    """The history holds the earlier positions themselves, not hash() values (which differ
    between processes): the grader rebuilds states in another process and compares them."""
    import subprocess
    import sys

    code = ("from aisearch.games import Chess\ns = Chess().initial\n"
            "for m in ('Nf3', 'Nf6', 'Ng1'):\n    s = Chess().result(s, m)\nprint(s.history)")
    there = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           check=True).stdout.strip()
    s = play(GAME.initial, "Nf3", "Nf6", "Ng1")
    assert there == str(s.history) and len(s.history) == 3


def test_promotion_en_passant_and_castling_are_moves():
    promote = Chess.parse("8/4P1k1/8/8/8/8/8/4K3 w - - 0 1")
    ms = [str(m) for m in GAME.moves(promote)]
    assert {"e7e8q", "e7e8r", "e7e8b", "e7e8n"} <= set(ms)
    assert {str(m) for m in GAME.noisy_moves(promote)} == {"e7e8q", "e7e8r", "e7e8b", "e7e8n"}
    assert GAME.material_eval(GAME.result(promote, "e8=Q")) == 9
    ep = play(GAME.initial, "e4", "a6", "e5", "d5")
    assert GAME.san(ep, chess.Move.from_uci("e5d6")) == "exd6"
    assert chess.Move.from_uci("e5d6") in GAME.noisy_moves(ep)
    assert GAME.material_eval(GAME.result(ep, "exd6")) == 1
    castle = Chess.parse("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
    sans = {GAME.san(castle, m) for m in GAME.moves(castle)}
    assert {"O-O", "O-O-O"} <= sans


def test_captures_come_first_most_valuable_victim_least_valuable_attacker():
    s = Chess.parse("4k3/8/2r1q3/3P4/8/1N6/8/K7 w - - 0 1")
    sans = [GAME.san(s, m) for m in GAME.moves(s)]
    assert sans[:2] == ["dxe6", "dxc6"] or sans[:3] == ["dxe6", "dxc6", "Nxc6"][:2]
    assert [GAME.san(s, m) for m in GAME.noisy_moves(s)] == sans[:2]


def noisy_of_the_legal_moves(s: ChessState) -> tuple:
    """The noisy moves as the legal moves' captures and promotions, in their order."""
    board = s._board
    return tuple(m for m in GAME.moves(s) if board.is_capture(m) or m.promotion)


def fresh(s: ChessState) -> ChessState:
    """The same state with nothing worked out yet (as a quiescence node first meets it)."""
    return ChessState(s._board.copy(), s.history)


def test_noisy_moves_made_alone_are_the_legal_moves_captures_and_promotions_in_order():
    """A state whose legal moves are not known yet makes only its captures and promotions:
    the same moves in the same order, on positions of random games from the test suite's
    positions, en passant, promotions and a drawn position included."""
    import random

    from aisearch.games import chess_suite

    rng, seen, kinds = random.Random(5), 0, set()
    starts = [p.state for p in chess_suite()][::3] + [
        Chess.parse("8/P6k/8/8/8/8/p6K/8 w - - 0 1"),  # promotions, one a capture away
        Chess.parse("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1"),  # en passant
        Chess.parse("4k3/8/8/8/8/8/8/4K3 w - - 0 1"),  # insufficient material: drawn
    ]
    for start in starts:
        for _ in range(3):
            s = start
            for _ in range(rng.randrange(30)):
                got = GAME.noisy_moves(fresh(s))
                assert got == noisy_of_the_legal_moves(s), s
                kinds.update("promotion" if m.promotion else "en passant"
                             if s._board.is_en_passant(m) else "capture" for m in got)
                seen += 1
                if GAME.is_terminal(s):
                    break
                s = GAME.result(s, rng.choice(GAME.moves(s)))
    assert seen > 300 and kinds == {"capture", "promotion", "en passant"}


def test_a_state_whose_noisy_moves_alone_are_known_plays_every_legal_move_and_no_other():
    position = Chess.parse("4k3/8/2r1q3/3P4/8/1N6/8/K7 w - - 0 1")
    s = fresh(position)
    noisy = GAME.noisy_moves(s)
    assert GAME.material_eval(GAME.result(s, noisy[0])) == -1 and s._moves is None  # 4 - 5
    assert [GAME.san(position, m) for m in noisy] == ["dxe6", "dxc6"]
    assert GAME.result(s, chess.Move.from_uci("b3d4")) == play(s, "Nd4")  # a quiet move
    with pytest.raises(IllegalMoveError, match="illegal move"):
        GAME.result(fresh(s), chess.Move.from_uci("b3b5"))  # not a knight's move
    drawn = fresh(Chess.parse("4k3/8/8/8/8/8/8/4K3 w - - 0 1"))
    assert GAME.noisy_moves(drawn) == () and GAME.is_terminal(drawn)
    with pytest.raises(IllegalMoveError, match="insufficient material"):
        GAME.result(drawn, chess.Move.from_uci("e1e2"))


def test_checks_are_noisy_only_when_asked():
    s = Chess.parse("4k3/8/8/8/8/8/8/R3K3 w - - 0 1")
    assert GAME.noisy_moves(s) == ()
    checks = Chess(checks_noisy=True)
    assert {GAME.san(s, m) for m in checks.noisy_moves(s)} == {"Ra8+"}
    assert checks.in_check(checks.result(s, "Ra8")) and not checks.in_check(s)


def test_states_are_immutable_hashable_and_equal_by_position_and_history():
    a = play(GAME.initial, "e4", "e5", "Nf3", "Nc6", "d4")
    b = play(GAME.initial, "Nf3", "Nc6", "e4", "e5", "d4")
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    before = a.board().fen()
    GAME.result(a, "Nf6")
    assert a.board().fen() == before
    board = a.board()
    board.push_san("Nf6")  # a copy: the state is untouched
    assert a.board().fen() == before
    assert eval(repr(a), {"Chess": Chess}).board().fen() == before


def test_parse_refuses_bad_and_impossible_positions():
    with pytest.raises(ValueError, match="not a FEN position 'hello'"):
        Chess.parse("hello")
    with pytest.raises(ValueError, match="no white king"):
        Chess.parse("8/8/8/8/8/8/8/k7 w - - 0 1")
    with pytest.raises(TypeError, match="FEN string"):
        Chess.parse(42)


def test_illegal_moves_name_the_legal_ones():
    with pytest.raises(IllegalMoveError, match="illegal move 'e2e5'.*legal moves: .*e2e4"):
        GAME.result(GAME.initial, "e2e5")
    with pytest.raises(IllegalMoveError, match=r"illegal move Move.from_uci\('a1a8'\)"):
        GAME.result(GAME.initial, chess.Move.from_uci("a1a8"))
    over = play(GAME.initial, "f3", "e5", "g4", "Qh4")
    with pytest.raises(IllegalMoveError, match="checkmate"):
        GAME.result(over, "e2e4")
    with pytest.raises(ValueError, match="not a state of Chess.*Chess.parse"):
        GAME.moves("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")


def test_moves_take_uci_or_san_text():
    assert play(GAME.initial, "e2e4") == play(GAME.initial, "e4")


POSITIONS = [
    "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "4k3/8/8/3N4/8/8/8/4K3 w - - 0 1",
]


@pytest.mark.parametrize("fen", POSITIONS)
def test_a_colour_mirrored_position_has_the_opposite_value(fen):
    s = Chess.parse(fen)
    mirrored = Chess.parse(s.board().mirror().fen())
    for evaluate in (GAME.material_eval, GAME.pst_eval):
        assert evaluate(mirrored) == pytest.approx(-evaluate(s))


def test_the_evaluations_count_pawns():
    s = Chess.parse("4k3/8/8/8/8/8/8/QR2K3 w - - 0 1")
    assert GAME.material_eval(s) == 14 and GAME.material_eval(GAME.initial) == 0
    assert GAME.pst_eval(GAME.initial) == 0
    knight_centre = Chess.parse("4k3/8/8/8/3N4/8/8/4K3 w - - 0 1")
    knight_corner = Chess.parse("4k3/8/8/8/8/8/8/N3K3 w - - 0 1")
    assert GAME.pst_eval(knight_centre) > GAME.pst_eval(knight_corner)


def test_the_painter_draws_a_board_and_the_state_renders_as_svg():
    from aisearch.plot.painters import painter_for

    assert GAME.initial._repr_svg_().startswith("<svg")
    painter = painter_for(GAME)
    assert painter.name == "chess"
    artists = painter.artists(GAME, GAME.initial, 1.0, 0.5, highlight=GAME.moves(GAME.initial)[:1])
    (pieces,) = [a for a in artists if a.get_gid() == "pieces"]  # silhouettes, as chess.svg
    assert len(pieces.get_paths()) == 32
    assert [tuple(f) for f in pieces.get_facecolors()].count((1.0, 1.0, 1.0, 1.0)) == 16
    assert GAME.move_label(GAME.initial, GAME.moves(GAME.initial)[0]) == "Nh3"


def test_a_piece_moving_to_the_en_passant_square_is_not_a_capture():
    """After ...d5 the en-passant square is d6; the knight's move there captures nothing."""
    s = Chess.parse("4k3/8/8/2N1pP2/8/8/8/4K3 w - e6 0 1")
    noisy = {GAME.san(s, m) for m in GAME.noisy_moves(s)}
    assert noisy == {"fxe6"} and "Ne6" not in noisy
    assert GAME.san(s, GAME.moves(s)[0]) == "fxe6"
