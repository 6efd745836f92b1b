"""The MCTS stepper: the model grows the real search, the widget steps and redraws."""

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402

from aisearch import TicTacToe  # noqa: E402
from aisearch.search import MCTS  # noqa: E402
from aisearch.widgets import MCTSModel, MCTSStepper  # noqa: E402

S = TicTacToe.parse("x../.o./...")


def test_going_back_grows_the_same_tree_again():
    m = MCTSModel(TicTacToe(), S, iterations=60, seed=4)
    m.goto(50)
    forward = [(r[0], r[1]) for r in m.tree.ucb_terms()]
    m.goto(10)
    m.goto(50)
    assert [(r[0], r[1]) for r in m.tree.ucb_terms()] == forward
    direct = MCTS(TicTacToe(), S, seed=4)
    for _ in range(50):
        direct.iterate()
    assert [(r[0], r[1]) for r in direct.ucb_terms()] == forward
    assert m.tree.ucb_terms() == direct.ucb_terms()  # read from the recording, the same


def test_the_model_reads_the_recording_of_the_search_that_ran():
    from aisearch import Replay

    m = MCTSModel(TicTacToe(), S, iterations=12, seed=1)
    assert isinstance(m.replay, Replay) and len(m.replay.searches) == 12
    assert m.replay.counts().leaves == 12 and m.goto(12) == 12
    assert m.tree.iterations == 12 == m.tree.root.visits


def test_the_last_path_is_the_one_whose_visits_grew():
    m = MCTSModel(TicTacToe(), S, iterations=20)
    m.goto(3)
    assert m.last_path() == (TicTacToe().moves(S)[2],)
    assert "Iteration 3" in m.description() and "<table" in m.ucb_html()


def test_the_widget_steps_with_its_buttons_and_slider_and_leaves_no_figure_open():
    w = MCTSStepper(TicTacToe(), S, iterations=30)
    w.step_button.click()
    w.ten_button.click()
    assert w.model.index == 11 == w.slider.value
    w.slider.value = 4
    assert w.model.index == 4 and w.image.value[:4] == b"\x89PNG"
    assert "30 iterations" in repr(w)
    assert not plt.get_fignums()


def test_a_slider_moved_past_the_last_iteration_keeps_the_model_and_the_slider_together():
    """The slider's maximum raised and the slider moved past the recording: nothing raises
    out of the observer, and the slider comes back to the last iteration the model shows."""
    w = MCTSStepper(TicTacToe(), S, iterations=5)
    w.slider.max = 100
    w.slider.value = 50
    assert w.model.index == w.slider.value == 5 and "Iteration 5" in w.text.value
    w.slider.min = -5
    w.slider.value = -5
    assert w.model.index == w.slider.value == 0


def shown(w):
    """The iteration the text says the widget shows."""
    return int(w.text.value.split(":")[0].removeprefix("Iteration ")) if w.model.index else 0


@pytest.mark.slow
def test_a_range_set_by_hand_is_put_back_and_the_buttons_move_model_and_view_together():
    """Code lowers the slider's max below where +10 leads, or raises its min above the
    value: the slider, the words and the model still show one iteration, and the slider
    gets its whole range (0 to the iterations) back."""
    w = MCTSStepper(TicTacToe(), S, iterations=80)
    w.slider.value = 45
    w.slider.max = 50
    w.ten_button.click()
    w.ten_button.click()
    assert w.model.index == w.slider.value == shown(w) == 65
    assert (w.slider.min, w.slider.max) == (0, 80)
    w.slider.max = 60  # below the value: the slider clamps it, the model follows
    w.step_button.click()
    assert w.model.index == w.slider.value == shown(w) == 61 and w.slider.max == 80
    w.slider.min = 70  # above the value
    assert w.model.index == w.slider.value == shown(w) == 70 and w.slider.min == 0
    w.goto(10)
    assert w.model.index == w.slider.value == shown(w) == 10
    w.slider.min = -5
    w.slider.value = -5  # (kept at the least the model has)
    assert w.model.index == w.slider.value == shown(w) == 0
    assert (w.slider.min, w.slider.max) == (0, 80) and not plt.get_fignums()


def test_the_buttons_stop_at_the_last_iteration_and_report_instead_of_raising():
    w = MCTSStepper(TicTacToe(), S, iterations=5)
    for _ in range(3):
        w.ten_button.click()
    w.step_button.click()
    assert w.model.index == w.slider.value == 5

    def fail(k):
        raise RuntimeError("no tree")

    w.model.goto = fail
    w.step_button.click()  # the callback reports, it does not raise
    assert "RuntimeError: no tree" in w.text.value


def test_an_iteration_is_any_integer_but_not_a_bool():
    m = MCTSModel(TicTacToe(), S, iterations=5)
    assert m.goto(np.int64(3)) == 3 and type(m.index) is int and m.tree.iterations == 3
    with pytest.raises(TypeError, match="an iteration count is an int, not True"):
        m.goto(True)
    with pytest.raises(IndexError, match=r"iteration 6 is outside 0\.\.5"):
        m.goto(np.int64(6))
    assert MCTSModel(TicTacToe(), S, iterations=np.int64(4)).iterations == 4


def test_an_iteration_that_ends_at_a_finished_game_is_not_said_to_expand():
    """X wins at once with 6: once that node is in the tree, an iteration that selects it
    adds nothing, and the words say so; an iteration that adds a node says it expanded."""
    from aisearch.trace import Expansion

    m = MCTSModel(TicTacToe(), TicTacToe.parse("xo./xo./..."), iterations=60, seed=0)
    added = {k: any(type(e) is Expansion for e in m.recorder.events[m.ends[k - 1]:m.ends[k]])
             for k in range(1, 61)}
    assert set(added.values()) == {True, False}
    for k, expanded in added.items():
        m.goto(k)
        text = m.description()
        assert ("expanded" in text) is expanded and ("no node added" in text) is not expanded
