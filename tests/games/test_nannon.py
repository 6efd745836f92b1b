"""Nannon: the rules as the module states them (entering, hitting, primes, safety, passes)."""

import pytest

from aisearch import CHANCE, MAX, MIN, IllegalMoveError
from aisearch.games.nannon import Nannon, NannonState


def test_the_opening_throw_picks_the_first_player_and_the_difference():
    game = Nannon()
    outcomes = dict(game.chance_outcomes(game.initial))
    assert sum(outcomes.values()) == pytest.approx(1)
    assert outcomes[("White", 1)] == pytest.approx(10 / 60)  # 10 of 30 ordered pairs, halved
    assert outcomes[("Black", 5)] == pytest.approx(2 / 60)
    s = game.result(game.initial, ("Black", 2))
    assert game.to_move(s) == MIN and s.roll == 2


def test_a_checker_enters_from_home_on_the_point_of_the_roll():
    game = Nannon()
    s = NannonState((0, 1, 2), (0, 1, 2), MAX, 3)
    assert game.result(s, 0) == NannonState((1, 2, 3), (0, 1, 2), MIN, 0)


def test_a_single_checker_is_hit_and_goes_home():
    """White on 3 plays a 1 onto point 4 = Black's 3, a lone Black checker."""
    game = Nannon()
    s = NannonState((0, 0, 3), (0, 3, 6), MAX, 1)
    assert game.result(s, 3) == NannonState((0, 0, 4), (0, 0, 6), MIN, 0)


def test_a_checker_with_a_neighbour_is_primed_and_cannot_be_hit():
    """Black's 1 and 2 (White's 6 and 5) protect each other."""
    game = Nannon()
    s = NannonState((0, 1, 2), (0, 1, 2), MAX, 4)
    assert game.moves(s) == (0,)
    with pytest.raises(IllegalMoveError):
        game.result(s, 1)


def test_a_checker_leaves_to_safety_with_any_high_enough_roll():
    game = Nannon()
    s = NannonState((0, 5, 7), (0, 0, 7), MAX, 6)
    assert game.result(s, 5).white == (0, 7, 7)


def test_no_legal_move_means_pass_and_the_last_checker_off_wins():
    game = Nannon()
    s = NannonState((7, 7, 7), (0, 1, 2), MIN, 0)
    assert game.is_terminal(s) and game.utility(s) == 1
    blocked = NannonState((4, 5, 7), (0, 7, 7), MIN, 2)  # Black's home -> 2 = White's 5: primed
    assert game.moves(blocked) == ("pass",)
    assert game.to_move(game.result(blocked, "pass")) == CHANCE


def test_nannon_draws_itself_and_reads_as_text():
    s = Nannon().initial
    assert s._repr_svg_().startswith("<svg") and "WW..BB" in str(s)
