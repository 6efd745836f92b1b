"""Widgets called wrongly: their arguments are checked at construction, they show the value
their model really uses, and nothing a user does raises out of a callback or leaves the
model and the view disagreeing."""

from __future__ import annotations

from typing import Any

import pytest

from aisearch import Recorder, TicTacToe, alphabeta, fig5_2
from aisearch.games import Chess, ConnectFour, Nannon, TwoRobots
from aisearch.search import iterative_deepening, quiescence, star1
from aisearch.widgets import (
    EfficiencyModel,
    MCTSModel,
    PlayGame,
    PlayModel,
    SearchStepper,
    StepperModel,
)
from aisearch.widgets.snapshots import key_frames, play_strip, scripted, stepper_strip
from tests.bad_input.samples import big, small
from tests.bad_input.table import Case, check, params

TTT = TicTacToe()


CASES = [
    Case("StepperModel(None)", lambda: StepperModel(None), TypeError, ("recording", "none")),
    Case("StepperModel(Recorder())", lambda: StepperModel(Recorder()), ValueError,
         ("empty",)),
    Case("StepperModel: algorithm=3", lambda: StepperModel(small(), algorithm=3),
         TypeError, ("algorithm", "3")),
    Case("StepperModel: an unknown algorithm name",
         lambda: StepperModel(small(), algorithm="alphabta"), ValueError,
         ("'alphabta'", "alphabeta")),
    Case("StepperModel: a recording of 28,365 events", lambda: StepperModel(big()),
         ValueError, ("28,365 events", "at most 20,000", "depth="), seconds=5),
    Case("StepperModel.goto(-1)", lambda: StepperModel(small()).goto(-1), IndexError,
         ("-1", "outside 0..42")),
    Case("StepperModel.goto(1.5)", lambda: StepperModel(small()).goto(1.5), TypeError,
         ("1.5", "int")),
    Case("StepperModel.goto(True)", lambda: StepperModel(small()).goto(True), TypeError,
         ("true", "int")),
    Case("SearchStepper: interval=0", lambda: SearchStepper(small(), interval=0),
         ValueError, ("interval", "0")),
    Case("SearchStepper: dpi=-1", lambda: SearchStepper(small(), dpi=-1), ValueError,
         ("dpi", "-1")),
    Case("SearchStepper: window=3", lambda: SearchStepper(small(), window=3), TypeError,
         ("window", "3")),
    Case("SearchStepper: game=3", lambda: SearchStepper(small(), game=3), TypeError,
         ("game", "3")),
    Case("SearchStepper: orient='x'", lambda: SearchStepper(small(), orient="x"),
         ValueError, ("orient", "'x'")),
    Case("SearchStepper: an unknown tree option", lambda: SearchStepper(small(), bogus=1),
         TypeError, ("bogus",)),
    Case("SearchStepper: a search too big to draw", lambda: SearchStepper(big()), ValueError,
         ("at most",), seconds=5),
    Case("PlayModel(None)", lambda: PlayModel(None), TypeError, ("game", "none")),
    Case("PlayModel: human=2", lambda: PlayModel(TTT, human=2), ValueError, ("human", "2")),
    Case("PlayModel: human=True", lambda: PlayModel(TTT, human=True), ValueError,
         ("human", "true")),
    Case("PlayModel: depth=0", lambda: PlayModel(TTT, depth=0), ValueError,
         ("depth", "at least 1", "sees no move")),
    Case("PlayModel: depth=-1", lambda: PlayModel(TTT, depth=-1), ValueError,
         ("depth", "-1")),
    Case("PlayModel: depth='3'", lambda: PlayModel(TTT, depth="3"), ValueError,
         ("depth", "'3'")),
    Case("PlayModel: evaluate=3", lambda: PlayModel(TTT, evaluate=3), TypeError,
         ("evaluate", "3")),
    Case("PlayModel: searcher=3", lambda: PlayModel(TTT, searcher=3), TypeError,
         ("searcher", "3")),
    Case("PlayModel: agent=3", lambda: PlayModel(TTT, agent=3), TypeError, ("agent", "3")),
    Case("PlayModel: seed='x'", lambda: PlayModel(TTT, seed="x"), TypeError, ("seed", "'x'")),
    Case("PlayModel: nodes=0", lambda: PlayModel(TTT, nodes=0), ValueError, ("nodes", "0")),
    Case("PlayModel: an anytime searcher without a limit",
         lambda: PlayModel(TTT, searcher=iterative_deepening, depth=None), ValueError,
         ("anytime", "nodes=")),
    Case("PlayModel: depth set to 0 later", lambda: setattr(PlayModel(TTT), "depth", 0),
         ValueError, ("depth",)),
    Case("PlayModel: evaluate set to 3 later", lambda: setattr(PlayModel(TTT), "evaluate", 3),
         TypeError, ("evaluate",)),
    Case("PlayGame(None)", lambda: PlayGame(None), TypeError, ("game", "none")),
    Case("PlayGame: depth=0", lambda: PlayGame(TTT, depth=0), ValueError,
         ("depth", "sees no move")),
    Case("PlayGame: max_events=0", lambda: PlayGame(TTT, max_events=0), ValueError,
         ("max_events", "0")),
    Case("PlayGame: view=3", lambda: PlayGame(TTT, view=3), TypeError, ("view", "3")),
    Case("SearchStepper.tree_png(1000)", lambda: SearchStepper(small()).tree_png(1000),
         ValueError, ("event index from 0 to 42", "1000")),
    Case("MCTSModel.goto(True)", lambda: MCTSModel(TTT, TTT.initial, iterations=5).goto(True),
         TypeError, ("iteration", "int", "true")),
    Case("MCTSModel.goto(6) of 5", lambda: MCTSModel(TTT, TTT.initial, iterations=5).goto(6),
         IndexError, ("6", "outside 0..5")),
    Case("PlayModel.new_game(human=True)", lambda: PlayModel(TTT).new_game(human=True),
         ValueError, ("human", "true")),
    Case("PlayModel: options prune_on_equal='x'",
         lambda: PlayModel(TTT, options={"prune_on_equal": "x"}), TypeError,
         ("prune_on_equal", "true or false", "'x'")),
    Case("PlayModel: options quiescence=-3",
         lambda: PlayModel(TTT, options={"quiescence": -3}), ValueError,
         ("quiescence", "non-negative int", "-3")),
    Case("PlayModel: options order=3", lambda: PlayModel(TTT, options={"order": 3}),
         TypeError, ("order", "callable", "3")),
    Case("PlayGame: a variant with a bad value",
         lambda: PlayGame(TTT, variants={"a": {}, "b": {"prune_on_equal": "x"}}), TypeError,
         ("variant 'b'", "prune_on_equal", "'x'")),
    Case("PlayModel: star1 without bounds", lambda: PlayModel(TTT, searcher=star1),
         ValueError, ("star1", "bounds=")),
    Case("PlayModel: searcher=quiescence", lambda: PlayModel(TTT, searcher=quiescence),
         ValueError, ("quiescence", "without a depth", "alphabeta")),
    Case("PlayGame: alphabeta on a game with chance",
         lambda: PlayGame(Nannon(), searcher=alphabeta), ValueError,
         ("alphabeta cannot search chance nodes", "expectiminimax")),
    Case("PlayGame: chess to the end", lambda: PlayGame(Chess(), depth=None), ValueError,
         ("too big to search to the end", "1 to 4")),
    Case("PlayGame: chess at depth 6", lambda: PlayGame(Chess(), depth=6), ValueError,
         ("depth 6", "1 to 4")),
    Case("PlayGame: Connect Four to the end", lambda: PlayGame(ConnectFour(), depth=None),
         ValueError, ("too big to search to the end", "1 to 8")),
    Case("PlayGame: endless robots to the end", lambda: PlayGame(TwoRobots(3, 3), depth=None),
         ValueError, ("can go on for ever", "1 to 10")),
    Case("EfficiencyModel: deepening without evaluate",
         lambda: EfficiencyModel(fig5_2, fig5_2.initial, None, None).switch(deepening=True),
         ValueError, ("iterative deepening", "needs evaluate=")),
]


SNAPSHOTS = [
    Case("key_frames(None)", lambda: key_frames(None), TypeError, ("recording", "none")),
    Case("key_frames: limit=0", lambda: key_frames(small(), limit=0), ValueError,
         ("limit", "0")),
    Case("stepper_strip(3)", lambda: stepper_strip(3), TypeError, ("recording", "3")),
    Case("stepper_strip: frames=[]", lambda: stepper_strip(small(), frames=[]), ValueError,
         ("frames is empty",)),
    Case("stepper_strip: a frame past the end", lambda: stepper_strip(small(), frames=[999]),
         ValueError, ("event index from 0 to", "999")),
    Case("stepper_strip: scale=10", lambda: stepper_strip(small(), scale=10), ValueError,
         ("scale", "0.5 to 1", "10")),
    Case("stepper_strip: ncols=0", lambda: stepper_strip(small(), ncols=0), ValueError,
         ("ncols", "0")),
    Case("scripted(None, [0])", lambda: scripted(None, [0]), TypeError, ("game", "none")),
    Case("scripted: moves=3", lambda: scripted(TTT, 3), TypeError, ("moves", "sequence", "3")),
    Case("scripted: a move that cannot be played", lambda: scripted(TTT, [0, 0]), ValueError,
         ("move 2 of the script", "cell 0 is taken", "legal moves")),
    Case("play_strip: a cell off the board", lambda: play_strip(TTT, [9]), ValueError,
         ("move 1 of the script", "0..8")),
    Case("play_strip: human=5", lambda: play_strip(TTT, [0], human=5), ValueError,
         ("human", "max (0) or min (1)", "5")),
    Case("play_strip: depth=-1", lambda: play_strip(TTT, [0], depth=-1), ValueError,
         ("depth", "-1")),
    Case("play_strip: ncols=0", lambda: play_strip(TTT, [0], ncols=0), ValueError,
         ("ncols", "0")),
]
CASES += SNAPSHOTS


@params(CASES)
def test_a_widget_called_wrongly_says_what_was_wrong(case: Case) -> None:
    check(case)


# -- the widgets show what their models use ----------------------------------------------
@pytest.mark.parametrize("depth", [1, 2, 10, 12])
def test_the_depth_slider_shows_the_depth_the_agent_uses(depth: int) -> None:
    app = PlayGame(TTT, depth=depth)
    assert app.depth.value == app.model.depth == depth
    assert not app.to_end.value and not app.depth.disabled


def test_to_the_end_is_a_box_of_its_own_and_the_slider_is_off_while_it_is_ticked() -> None:
    app = PlayGame(TTT, depth=None)
    assert app.to_end.value and app.depth.disabled and app.model.depth is None
    app.depth.value = 3  # (a slider that is off changes nothing)
    assert app.model.depth is None
    app.to_end.value = False
    assert app.model.depth == 3 and not app.depth.disabled
    app.to_end.value = True
    assert app.model.depth is None


def test_a_cell_out_of_range_is_not_reported_as_taken() -> None:
    app = PlayGame(TTT, depth=1)
    for move, says in ((9, "cells are numbered 0..8"), (-1, "cells are numbered 0..8"),
                       (True, "not a bool"), (4.0, "not a float"), ("4", "not a str")):
        app.play(move)
        assert says in app.status.value and "taken" not in app.status.value, move
        assert app.model.moves == []
    app.play(4)
    app.play(4)
    assert "cell 4 is taken" in app.status.value


def test_an_evaluation_that_forgets_to_return_is_named_in_the_status() -> None:
    def my_eval(s: Any) -> None:
        pass

    app = PlayGame(TTT, depth=2, evaluate=my_eval)
    app.play(4)  # the agent's search fails: reported, not raised
    assert "my_eval returned None" in app.status.value
    assert app.model.moves == [4]


@pytest.mark.parametrize("value", [-5, 10**6, 17, 3])
def test_the_stepper_slider_and_model_agree_wherever_the_slider_is_set(value: int) -> None:
    stepper = SearchStepper(small())
    n = len(stepper.model)
    stepper.slider.max = n + 50  # (a changed maximum)
    stepper.slider.min = -10
    stepper.slider.value = value
    expected = min(max(value, 0), n)
    assert stepper.model.index == stepper.slider.value == expected
    assert f"{expected}" in stepper.description.value or expected == 0


def test_robot_buttons_refuse_a_move_into_a_wall_with_the_rule() -> None:
    app = PlayGame(TwoRobots.parse("B#./.../..W"), depth=1, human=1)
    app.play("E")
    assert "wall" in app.status.value.lower() and app.model.moves == []
