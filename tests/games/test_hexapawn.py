"""Hexapawn: the rules, and Gardner's published result (1962): Black, moving second, wins."""

from __future__ import annotations

import pytest

from aisearch.core import MAX, MIN, IllegalMoveError, move_name
from aisearch.games import Hexapawn, HexapawnState
from aisearch.plot.painters import painter_for, svg
from aisearch.search import alphabeta, minimax
from aisearch.solve import retrograde

GAME = Hexapawn()


def labels(s: HexapawnState, moves) -> list[str]:
    return [move_name(GAME, s, m) for m in moves]


def play(*names: str) -> HexapawnState:
    """The position after moves given in chess notation."""
    s = GAME.initial
    for name in names:
        s = GAME.result(s, next(m for m in GAME.moves(s) if move_name(GAME, s, m) == name))
    return s


def test_black_wins_and_white_loses_in_three_moves_as_gardner_published() -> None:
    d = minimax(GAME, GAME.initial)
    assert d.value == -1
    # the longest defence: 1.b2 axb2 2.cxb2 c2 3.a2 c1 (Gardner 1962)
    assert labels(GAME.initial, d.pv[:1]) == ["b2"] and len(d.pv) == 6
    for first in GAME.moves(GAME.initial):
        after = GAME.result(GAME.initial, first)
        assert alphabeta(GAME, after).value == -1, move_name(GAME, GAME.initial, first)
    s = play("b2", "axb2", "cxb2", "c2", "a2", "c1")
    assert GAME.is_terminal(s) and GAME.utility(s, MIN) == 1 and GAME.highlight(s) == (8,)


def test_retrograde_analysis_finds_the_loss_in_six_plies() -> None:
    outcome = retrograde(GAME)[GAME.initial]
    assert (outcome.value, outcome.plies) == (-1, 6)


def test_pawns_step_forward_to_empty_cells_and_capture_diagonally_only() -> None:
    assert labels(GAME.initial, GAME.moves(GAME.initial)) == ["a2", "b2", "c2"]
    s = play("b2")
    assert labels(s, GAME.moves(s)) == ["a2", "axb2", "cxb2", "c2"]
    blocked = Hexapawn.parse(".b./.w./... b")
    assert labels(blocked, GAME.moves(blocked)) == [] and GAME.is_terminal(blocked)
    assert GAME.utility(blocked, MAX) == 1  # Black cannot move: White has won


def test_a_side_without_pawns_or_a_pawn_on_its_far_rank_ends_the_game() -> None:
    assert GAME.is_terminal(Hexapawn.parse(".../.w./... b"))
    assert GAME.utility(Hexapawn.parse("w../.b./... b"), MAX) == 1
    with pytest.raises(ValueError, match="over"):
        GAME.utility(GAME.initial)


def test_every_reachable_state_and_the_mirror_image() -> None:
    states = GAME.states()
    assert len(states) == 135 and GAME.initial in states
    s = play("a2")
    assert Hexapawn.canonical(s) == Hexapawn.canonical(play("c2"))
    assert Hexapawn.canonical(play("b2")) == play("b2")


def test_text_round_trips_and_bad_text_says_what_a_position_is() -> None:
    for s in GAME.states():
        assert Hexapawn.parse(str(s)) == s
    for text in ("bbb/.../www", "bbb/..../www w", "bbb/.x./www w", "bbb/bbb/www w"):
        with pytest.raises(ValueError, match="three rows|not a state"):
            Hexapawn.parse(text)


def test_a_wrong_move_names_the_legal_ones() -> None:
    with pytest.raises(IllegalMoveError, match=r"\(7, 4\)"):
        GAME.result(GAME.initial, (7, 1))
    with pytest.raises(IllegalMoveError, match="over"):
        GAME.result(play("b2", "axb2", "cxb2", "c2", "a2", "c1"), (3, 0))


def test_the_painter_draws_the_pawns_and_says_who_is_to_move() -> None:
    assert painter_for(GAME).name == "hexapawn"
    picture = svg(GAME, play("b2"))
    assert picture.count("<circle") == 6 and ">Black to move</text>" in picture
    assert GAME.initial._repr_svg_() == svg(GAME, GAME.initial)
