"""The enhancements widget: switches search again, the table of counts and the picture follow,
and its recorded searches open in a stepper; nothing a user does raises."""

import pytest

from aisearch import TicTacToe
from aisearch.games.dag import DagGame
from aisearch.widgets import EfficiencyLab, EfficiencyModel


def test_the_model_keeps_every_configuration_beside_plain_alphabeta():
    game = DagGame(b=3, d=5, width=4, seed=2)
    model = EfficiencyModel(game, game.initial, 5, game.evaluate)
    model.switch(table=True)
    with_table = model.run()
    model.switch(table=False, window="pvs")
    scout = model.run()
    assert with_table.decision.value == scout.decision.value == model.plain.value
    assert with_table.decision.stats.nodes < model.plain.stats.nodes
    assert [label for label, _ in model.table()][0] == "plain alpha-beta"
    assert {"table", "PVS"} <= {label for label, _ in model.table()}
    assert model.run() is scout  # a configuration is searched once


def test_small_searches_are_recorded_and_large_ones_are_not():
    game = TicTacToe()
    model = EfficiencyModel(game, TicTacToe.parse("x../.o./..."), 4, game.nilsson_eval,
                            record_limit=140)
    big = model.run()
    model.switch(static=True, table=True, killers=True)
    small = model.run()
    assert big.recording is None and big.decision.stats.nodes > 140
    assert small.recording is not None and small.recording.counts() == small.decision.stats


def test_switches_are_checked():
    game = DagGame(b=2, d=3, width=2, seed=0)
    model = EfficiencyModel(game, game.initial, 3, game.evaluate)
    with pytest.raises(ValueError, match="no switch 'tables'"):
        model.switch(tables=True)
    with pytest.raises(ValueError, match="window must be one of"):
        model.switch(window="sss")
    with pytest.raises(TypeError, match="killers must be True or False"):
        model.switch(killers="yes")


def test_the_widget_follows_its_checkboxes_and_opens_a_stepper():
    game = DagGame(b=3, d=4, width=3, seed=1)
    lab = EfficiencyLab(game, game.initial, 4, game.evaluate)
    before = lab.image.value
    lab.boxes["table"].value = True
    lab.window.value = "pvs"
    assert lab.model.current.label == "table, PVS"
    assert "table, PVS" in lab.counts.value and lab.image.value != before
    assert lab.image.value[:4] == b"\x89PNG"
    lab.step_button.click()
    assert len(lab.stepper_area.children) == 1
    assert "run the notebook" in repr(lab) and "table, PVS" in repr(lab)


def test_a_large_search_shows_a_chart_and_a_failing_search_shows_an_error():
    game = TicTacToe()
    lab = EfficiencyLab(game, TicTacToe.parse("x../.o./..."), 4, game.nilsson_eval,
                        record_limit=10)
    assert lab.step_button.disabled and lab.image.value[:4] == b"\x89PNG"
    with pytest.raises(TypeError, match="returned 'bad'"):  # a bad evaluation: at the door
        EfficiencyLab(game, TicTacToe.parse("x../.o./..."), 4, lambda s: "bad")

    def fail():
        raise RuntimeError("no luck")

    lab.model.run = fail
    lab.boxes["killers"].value = True  # the callback reports, it does not raise
    assert "RuntimeError: no luck" in lab.status.value


@pytest.mark.slow
def test_switches_that_cannot_work_without_an_evaluation_are_off_and_say_why():
    """Without evaluate=, static ordering and iterative deepening cannot run: their boxes
    are off with the searcher's reason beside them, and every other combination searches."""
    import itertools

    from aisearch import fig5_2

    lab = EfficiencyLab(fig5_2, fig5_2.initial, None, None)
    off = {k for k, box in lab.boxes.items() if box.disabled}
    assert off == {"static", "deepening"} == set(lab.model.refused)
    assert "iterative deepening: off for this search" in lab.refused.value
    assert "needs evaluate=" in lab.boxes["deepening"].tooltip
    usable = [k for k in lab.boxes if k not in off]
    for combo in itertools.product([False, True], repeat=len(usable)):
        for k, on in zip(usable, combo, strict=True):
            lab.boxes[k].value = on
        for _, window in lab.window.options:
            lab.window.value = window
            assert "Error" not in lab.status.value, (combo, window, lab.status.value)
    with pytest.raises(ValueError, match="iterative deepening cannot be switched on for this "
                                         "search: iterative deepening needs evaluate="):
        lab.model.switch(deepening=True)
    lab.boxes["deepening"].value = True  # (only code can tick a box that is off)
    assert "needs evaluate=" in lab.status.value and not lab.model.switches["deepening"]
    game = DagGame(b=3, d=4, width=3, seed=1)
    assert EfficiencyModel(game, game.initial, 4, game.evaluate).refused == {}


def test_a_box_the_model_refuses_is_put_back_off_and_the_error_stays():
    """A box ticked from code for a switch that cannot work here does not stay ticked over a
    search that runs without it; the status keeps the reason."""
    from aisearch import fig5_2

    lab = EfficiencyLab(fig5_2, fig5_2.initial, None, None)
    lab.boxes["deepening"].value = True
    assert lab.boxes["deepening"].value is False is lab.model.switches["deepening"]
    assert "needs evaluate=" in lab.status.value
    lab.boxes["table"].value = True
    assert [k for k, box in lab.boxes.items() if box.value] == ["table"]
    assert lab.status.value.startswith("<b>table</b>")


@pytest.mark.parametrize("limit", [3001, 10 ** 6, -1, True, 2.5])
def test_a_record_limit_beyond_what_a_drawing_shows_is_refused(limit):
    with pytest.raises(ValueError, match="record_limit must be an int from 0 to 3,000 .the most "
                                         "nodes a drawing shows"):
        EfficiencyModel(TicTacToe(), TicTacToe.initial, 2, TicTacToe.nilsson_eval,
                        record_limit=limit)


def test_a_configuration_whose_search_fails_is_put_back_and_the_view_stays_on_the_last():
    """An evaluation that raises only on positions iterative deepening reaches: ticking
    deepening shows the error, unticks the box, and the picture, the table and "Step
    through" stay on the configuration shown before."""
    game = TicTacToe()

    def my_eval(s):
        if sum(ch in "xo" for ch in str(s)) < 4:
            raise ValueError("my_eval: not enough marks")
        return game.nilsson_eval(s)

    lab = EfficiencyLab(game, TicTacToe.parse("x../.o./..."), 2, my_eval)
    lab.boxes["table"].value = True
    shown = lab.model.current
    lab.boxes["deepening"].value = True
    assert "my_eval: not enough marks" in lab.status.value
    assert [k for k, b in lab.boxes.items() if b.value] == ["table"]
    assert lab.model.switches["deepening"] is False and lab.model.current is shown
    lab.window.value = "pvs"  # and the lab goes on working
    assert lab.model.current.label == "table, PVS"


def test_the_boxes_show_the_switches_code_gave_the_model():
    game = DagGame(b=3, d=5, width=4, seed=2)
    lab = EfficiencyLab(game, game.initial, 5, game.evaluate)
    lab.model.switch(killers=True, window="pvs")
    lab.boxes["table"].value = True
    assert lab.status.value.startswith("<b>table + killers, PVS</b>")
    assert lab.boxes["killers"].value and lab.boxes["table"].value
    assert lab.window.value == "pvs"
    lab.boxes["killers"].value = False
    assert lab.status.value.startswith("<b>table, PVS</b>") and not lab.model.switches["killers"]
