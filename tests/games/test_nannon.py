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


def test_a_state_is_checked_when_built_and_kept_canonical():
    """Positions in any order, as a list or numpy's ints, make the one sorted state; a
    state that cannot occur is refused when built, _replace included."""
    import numpy as np

    s = NannonState([2, 0, 1], np.array([0, 1, 2]), np.int64(0), np.int64(3))
    assert s == NannonState((0, 1, 2), (0, 1, 2), 0, 3) and hash(s) == hash(tuple(s))
    assert type(s.white) is tuple and type(s.player) is int
    for fields in [((0, 1, 2), (0, 1, 2), 5, 0), ((0, 1, 2), (0, 1, 2), 0, 9),
                   ((0, 1, 2, 3), (0, 1, 2), 0, 1), ((0, 1, 8), (0, 1, 2), 0, 1),
                   ((1, 1, 2), (0, 1, 2), 0, 1), ((0, 1, 2), (0, 1, 5), 0, 1),
                   ((0, 1, 2), (0, 1, 2), -1, 3), ((7, 7, 7), (7, 7, 7), 0, 0),
                   ((0, 1, 2), (0, 1, 2), True, 1)]:
        with pytest.raises(ValueError, match="NannonState"):
            NannonState(*fields)
    with pytest.raises(ValueError, match="player must be 0"):
        Nannon().initial._replace(player=5)


def test_result_refuses_a_throw_or_a_move_that_only_equals_one():
    """A list is no opening throw, and False or 1.0 is no move (False == 0, 1.0 == 1):
    each gets the illegal-move error, as in Pig; numpy's ints are the moves they equal."""
    import numpy as np

    game = Nannon()
    s = game.result(game.initial, ("White", 3))
    assert game.result(game.initial, ("White", np.int64(3))) == s
    assert game.result(s, np.int64(1)) == game.result(s, 1)
    for state, bad in [(game.initial, ["White", 3]), (game.initial, ("White", True)),
                       (s, False), (s, 1.0), (s, [1])]:
        with pytest.raises(IllegalMoveError):
            game.result(state, bad)
