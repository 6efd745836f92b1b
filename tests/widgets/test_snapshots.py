"""Still pictures of the widgets: the stepper's key frames, a scripted game's boards.

They read the same recording through the same StepperModel, and play through the same
PlayModel, as the widgets do; their figures depend only on their input.
"""

import matplotlib

matplotlib.use("Agg")

import io  # noqa: E402

import pytest  # noqa: E402

from aisearch import (  # noqa: E402
    Recorder,
    SymmetryReduced,
    TicTacToe,
    TwoRobots,
    alphabeta,
    fig5_2,
    minimax,
    pearl_ab,
)
from aisearch.games.examples import eighteen_of_41  # noqa: E402
from aisearch.trace import Cut  # noqa: E402
from aisearch.widgets import PlayModel, SearchStepper, StepperModel  # noqa: E402
from aisearch.widgets.snapshots import key_frames, play_strip, scripted, stepper_strip  # noqa: E402

pytestmark = pytest.mark.usefixtures("close_figures")


def recorded(search, game, *args, **kw):
    rec = Recorder()
    search(game, game.initial, *args, tracer=rec, **kw)
    return rec


def test_the_key_frames_show_every_cut_off_and_end_with_the_search():
    rec = recorded(pearl_ab, eighteen_of_41)
    cuts = [i + 1 for i, e in enumerate(rec.events) if type(e) is Cut]
    frames = key_frames(rec, limit=20)
    assert set(cuts) <= set(frames) and frames[-1] == len(rec.events)
    assert frames == sorted(set(frames))
    few = key_frames(rec, limit=4)
    assert len(few) == 4 and few[-1] == len(rec.events) and set(few[:-1]) <= set(frames)


def test_each_frame_is_the_stepper_at_that_event():
    e = TicTacToe.nilsson_eval
    reduced = SymmetryReduced(TicTacToe())
    rec = recorded(alphabeta, reduced, 2, evaluate=e)
    stepper = SearchStepper(rec, game=reduced)
    frames = key_frames(stepper)
    fig = stepper_strip(stepper, game=reduced)
    assert len(fig.axes) == len(frames)
    model = StepperModel(rec)
    for ax, i in zip(fig.axes, frames, strict=True):
        model.goto(i)
        title = " ".join(ax.get_title(loc="left").split())
        assert title.startswith(f"event {i} of {len(model)}:")
        assert " ".join(model.description().split()) in title
    assert stepper.model.index == 0  # the widget's own model is left where it was


def test_minimax_frames_show_no_window_and_alphabeta_frames_do():
    plain = stepper_strip(recorded(minimax, fig5_2))
    windowed = stepper_strip(recorded(alphabeta, fig5_2))

    def windows(fig):
        return [t for ax in fig.axes for c in ax.collections if c.get_gid() == "windows"
                for t in c.texts]

    assert not windows(plain) and windows(windowed)


def test_the_strip_is_the_same_picture_every_time():
    rec = recorded(alphabeta, fig5_2)

    def png():
        buffer = io.BytesIO()
        fig = stepper_strip(rec)
        fig.savefig(buffer, format="png")
        return fig.get_size_inches().tolist(), buffer.getvalue()

    assert png() == png()


def test_a_strips_text_form_says_what_each_panel_claims():
    """A notebook saves a figure's text form beside its image, and nbval compares the text
    (not the image) with a new run's: a strip whose frames went stale fails there."""
    rec = recorded(alphabeta, fig5_2)
    stepper_fig = stepper_strip(rec, frames=[23, 42])
    model = StepperModel(rec)
    model.goto(23)
    code = " ".join(model.pseudocode.lines[model.pseudocode_line() - 1].split())
    text = repr(stepper_fig)
    assert text.startswith("<Figure size ") and " with 2 Axes: event 23 of 42: " in text
    assert f"▶ {code} | event 42 of 42: Done" in text and "\n" not in text
    play = repr(play_strip(TicTacToe(), [0, 7, 6, 3]))
    assert play.endswith(": X wins, the agent's last value ∞ | start | X 0, O 4 | X 7, O 2 | "
                         "X 6, O 1 | X 3>"), play


def test_bad_frames_are_refused():
    rec = recorded(alphabeta, fig5_2)
    for frames in ([], [-1], [43], ["1"]):
        with pytest.raises(ValueError, match="frame"):
            stepper_strip(rec, frames=frames)


def test_a_scripted_game_is_the_play_widgets_game():
    """The depth-2 agent falls for a fork: X 0, 7, 6 threatens 3 and 8 at once."""
    model = scripted(TicTacToe(), [0, 7, 6, 3], depth=2)
    assert model.moves == [0, 4, 7, 2, 6, 1, 3] and model.result_text() == "X wins"
    by_hand = PlayModel(TicTacToe(), depth=2)
    for move in (0, 7, 6, 3):
        by_hand.play(move)
    assert by_hand.moves == model.moves


def test_a_script_that_breaks_the_rules_names_its_move():
    with pytest.raises(ValueError, match=r"move 2 of the script, 4, .*cell 4 is taken"):
        scripted(TicTacToe(), [0, 4], depth=2)


def test_the_play_strip_has_a_board_per_human_move():
    fig = play_strip(TicTacToe(), [0, 7, 6, 3])
    assert [ax.get_title() for ax in fig.axes] == [
        "start", "X 0, O 4", "X 7, O 2", "X 6, O 1", "X 3"]
    assert "X wins" in fig._suptitle.get_text()


def test_the_robots_agent_moves_first_in_its_script():
    game = TwoRobots.parse("B . ./. . ./. . W")
    model = scripted(game, ["N", "W"], depth=2)
    assert model.movers[:3] == [1, 0, 1] and model.moves[1] == "N"


def test_a_search_with_table_hits_draws_its_key_frames_with_the_window():
    """Frames whose nodes have children not drawn yet (a DAG game, table hits) place their
    alpha/beta labels without failing."""
    from aisearch import TranspositionTable
    from aisearch.games.dag import DagGame
    from aisearch.search.efficiency.table_search import alphabeta_tt

    dag = DagGame(b=3, d=4, width=3, seed=1)
    hits = Recorder()
    alphabeta_tt(dag, dag.initial, evaluate=dag.evaluate, table=TranspositionTable(), tracer=hits)
    figure = stepper_strip(hits, game=dag, window=True)
    assert figure.axes


def test_the_key_frames_show_the_first_table_hit_and_re_search_the_lessons_point_at():
    """Lesson 04's still pictures must show a TableHit and a Research, as its text asks."""
    from aisearch import TranspositionTable, pvs, uniform_tree
    from aisearch.games.dag import DagGame
    from aisearch.search import alphabeta_tt
    from aisearch.trace import Research, TableHit

    dag = DagGame(b=3, d=4, width=3, seed=1)
    hits = recorded(alphabeta_tt, dag, evaluate=dag.evaluate, table=TranspositionTable())
    first_hit = next(i + 1 for i, e in enumerate(hits.events) if type(e) is TableHit)
    assert first_hit in key_frames(hits, limit=4)
    tree = uniform_tree(3, 3, seed=0)
    scout = recorded(pvs, tree)
    first_research = next(i + 1 for i, e in enumerate(scout.events) if type(e) is Research)
    frames = key_frames(scout, limit=4)
    assert first_research in frames and frames[-1] == len(scout.events) and len(frames) == 4
    fig = stepper_strip(scout, game=tree)
    titles = [ax.get_title(loc="left") for ax in fig.axes]
    assert any(" again " in t for t in titles)  # the re-search, in words


def test_a_strip_is_a_grid_at_most_about_1000_by_1200_pixels():
    from aisearch import pvs, uniform_tree

    tree = uniform_tree(3, 3, seed=0)
    for rec in (recorded(pearl_ab, eighteen_of_41), recorded(pvs, tree)):
        fig = stepper_strip(rec, limit=6)
        w, h = fig.get_size_inches() * 100
        rows = {round(ax.get_position().y0, 3) for ax in fig.axes}
        assert w <= 1000 and h <= 1200 and len(rows) < len(fig.axes)  # a grid, not a column
