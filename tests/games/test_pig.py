"""Pig: the rules move for move (OpenSpiel's pig: roll, hold, a 1 loses the turn)."""

import pytest

from aisearch import CHANCE, MAX, MIN, IllegalMoveError, play
from aisearch.games.pig import Pig, PigState


def test_a_turn_rolls_adds_the_faces_and_holds():
    game = Pig(goal=20)
    s = game.result(game.initial, "roll")
    assert game.to_move(s) == CHANCE and [m for m, _ in game.chance_outcomes(s)] == list(
        range(1, 7))
    s = game.result(game.result(game.result(s, 4), "roll"), 6)
    assert s == PigState((0, 0), 10, MAX, False, 20)
    s = game.result(s, "hold")
    assert s == PigState((10, 0), 0, MIN, False, 20) and game.to_move(s) == MIN


def test_a_one_loses_the_turn_total_and_passes_the_turn():
    game = Pig(goal=20)
    s = PigState((5, 3), 9, MIN, True, 20)
    assert game.result(s, 1) == PigState((5, 3), 0, MAX, False, 20)


def test_reaching_the_goal_leaves_only_hold_which_wins():
    game = Pig(goal=20)
    s = PigState((5, 17), 3, MIN, False, 20)
    assert game.moves(s) == ("hold",)
    end = game.result(s, "hold")
    assert game.is_terminal(end) and game.utility(end) == -1 and game.utility(end, MIN) == 1


def test_holding_with_nothing_passes_the_turn():
    game = Pig(goal=20)
    assert game.result(game.initial, "hold") == PigState((0, 0), 0, MIN, False, 20)


def test_illegal_moves_and_foreign_states_are_errors():
    game = Pig(goal=20)
    with pytest.raises(IllegalMoveError, match="legal moves: roll, hold"):
        game.result(game.initial, 3)
    with pytest.raises(ValueError, match="not a state of Pig"):
        game.result(Pig(goal=30).initial, "roll")
    with pytest.raises(ValueError, match="goal must be an int"):
        Pig(goal=0)


def test_hold_at_policies_play_whole_games():
    game = Pig(goal=30)
    record = play(game, [game.hold_at(20), game.hold_at(10)], rng=3)
    assert game.is_terminal(record.states[-1])


def test_states_draw_themselves():
    assert Pig(goal=20).initial._repr_svg_().startswith("<svg")
