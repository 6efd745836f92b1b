"""The search stepper replays recorded events: model, pseudocode lines and the widget view.

Widgets run without a browser: ``Button.click()`` runs the handlers and assigning
``slider.value`` runs the observers, synchronously.
"""

import inspect
import subprocess
import sys
from dataclasses import replace

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402

from aisearch import Chance, Min, Recorder, Stats, TreeGame, fig5_2, uniform_tree  # noqa: E402
from aisearch.games.chance_trees import scale_tree  # noqa: E402
from aisearch.games.tictactoe import TicTacToe  # noqa: E402
from aisearch.search import SEARCHERS, alphabeta, describe, expectiminimax, minimax, star1  # noqa: E402
from aisearch.trace import Backup, Cut, Enter, Exit, Expectation, Leaf  # noqa: E402
from aisearch.widgets import SearchStepper, StepperModel  # noqa: E402
from aisearch.widgets.pseudocode import PSEUDOCODE, event_keys  # noqa: E402

PNG = b"\x89PNG\r\n\x1a\n"
# A MAX root over MIN nodes, with a chance layer below the second one.
DICE = TreeGame([[3, 5], Chance([(0.5, [4, 8]), (0.5, [0, 2])])])


def record(search, game=fig5_2, **options):
    rec = Recorder()
    if "bounds" in inspect.signature(search).parameters:  # Star1, Star2: the tips' range
        tips = game.tip_values
        options.setdefault("bounds", (min(tips), max(tips) + (min(tips) == max(tips))))
    needs = inspect.signature(search).parameters.get("evaluate")
    if needs is not None and needs.default is inspect.Parameter.empty:  # quiescence
        options.setdefault("evaluate", len)  # deeper is better: the path's length
    kind = describe(search).convention
    if kind.growing:  # one tree grows: the last decision counts the whole search
        options.setdefault("iterations", 30)
        decision = list(search(game, game.initial, tracer=rec, **options))[-1]
    elif describe(search).anytime:  # every iteration, to the end of the game tree
        runs = list(search(game, game.initial, tracer=rec, evaluate=lambda s: 0, **options))
        decision = replace(runs[-1], stats=sum((d.stats for d in runs), Stats()))
    else:
        decision = search(game, game.initial, tracer=rec, **options)
    return rec, decision


@pytest.fixture(autouse=True)
def _no_open_figures():
    yield
    assert not plt.get_fignums(), "the stepper must not leave figures open in pyplot"


@pytest.fixture(scope="module")
def fig5_2_alphabeta():
    return record(alphabeta)


# -- the model --------------------------------------------------------------------------
def test_step_back_goto_and_reset_move_the_index_within_the_recording(fig5_2_alphabeta):
    rec, _ = fig5_2_alphabeta
    m = StepperModel(rec)
    assert (m.index, m.current_event, m.current_path) == (0, None, None)
    assert [m.step() for _ in range(4)] == [1, 2, 3, 4]
    assert m.current_event is rec.events[3] and m.current_path == (0, 0)
    assert m.back() == 3
    assert m.goto(len(m)) == len(m) and m.at_end
    assert m.step() == len(m)  # stays at the end
    assert m.reset() == 0 and m.back() == 0  # stays at the start
    with pytest.raises(IndexError, match="outside 0..42"):
        m.goto(43)
    with pytest.raises(TypeError):
        m.goto(1.5)


def test_an_empty_or_headless_recording_is_refused_with_a_clear_message():
    with pytest.raises(ValueError, match="empty"):
        StepperModel(Recorder())
    rec, _ = record(alphabeta)
    with pytest.raises(ValueError, match="before its parent"):
        StepperModel(rec.events[2:])
    with pytest.raises(ValueError, match="enters no node"):
        StepperModel(rec.events[:1])


@pytest.mark.parametrize("name", sorted(SEARCHERS))
@pytest.mark.parametrize("game", [fig5_2, uniform_tree(3, 3, seed=4)], ids=["fig5_2", "b3d3"])
def test_counts_after_all_events_equal_the_decision_stats(name, game):
    rec, decision = record(SEARCHERS[name], game)
    m = StepperModel(rec, algorithm=name)
    assert m.counts() == type(decision.stats)() and m.totals() == decision.stats
    m.goto(len(m))
    assert m.counts() == decision.stats


def test_counts_grow_event_by_event(fig5_2_alphabeta):
    rec, _ = fig5_2_alphabeta
    m = StepperModel(rec)
    cut = next(i for i, e in enumerate(rec.events) if type(e) is Cut)
    m.goto(cut)
    before = m.counts()
    m.step()
    assert m.counts().cutoffs == before.cutoffs + 1
    m.goto(1)  # the Start event
    assert (m.counts().nodes, m.counts().leaves) == (0, 0)
    m.goto(2)
    assert (m.counts().nodes, m.counts().leaves) == (1, 0)


def test_the_path_shows_alpha_and_beta_of_every_open_node(fig5_2_alphabeta):
    """After the first MIN node returns 3, the second MIN node is entered with α=3."""
    rec, _ = fig5_2_alphabeta
    m = StepperModel(rec)
    enter = next(i for i, e in enumerate(rec.events) if type(e) is Enter and e.path == (1,))
    m.goto(enter + 1)
    rows = m.path_windows()
    assert [r.path for r in rows] == [(), (1,)]
    assert (rows[0].alpha, rows[0].value) == (3, 3)
    assert (rows[1].alpha, rows[1].beta, rows[1].value) == (3, float("inf"), None)
    assert m.description() == "Enter node (1,) MIN with α=3 β=∞"
    m.step()  # enter the tip (1, 0)
    m.step()  # its value, 2
    assert m.description() == "Leaf node (1, 0): terminal, utility 2"
    m.step()
    m.step()  # back up 2 into (1,): beta falls to 2
    assert m.path_windows()[-1].beta == 2
    assert m.description() == "Back up 2 from move 0 into node (1,) MIN: best so far 2, α=3 β=2"
    m.step()
    assert m.description() == (
        "Cut: β ≤ α at node (1,) (value 2 ≤ α=3): skip moves 1, 2 (alpha cut-off)")
    m.step()
    assert m.description() == "Return 3 from node (1,) MIN (cut off)"
    assert m.path_windows()[-1].done and m.path_windows()[-1].value == 3
    m.goto(len(m) - 1)
    assert m.description() == "Done: the root's backed-up value is 3"
    m.goto(len(m))
    assert m.description() == "Done: alphabeta returns value 3, move 0"


def test_minimax_descriptions_leave_out_the_window_that_never_narrows():
    rec, _ = record(minimax)
    m = StepperModel(rec)
    assert m.algorithm == "minimax" and not m.windowed
    m.goto(1)
    assert m.description() == "Start minimax, to the end"
    m.goto(3)
    assert m.description() == "Enter node (0,) MIN"


# -- pseudocode -------------------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(SEARCHERS))
def test_every_event_of_every_searcher_has_a_pseudocode_line(name):
    rec, _ = record(SEARCHERS[name], uniform_tree(3, 3, seed=4))
    m = StepperModel(rec, algorithm=name)
    lines = {}
    for i in range(1, len(m) + 1):
        m.goto(i)
        if type(m.current_event).role in ("start", "finish"):
            continue
        line = m.pseudocode_line()
        assert line is not None, f"{name}: no line for {m.current_event!r}"
        lines.setdefault(type(m.current_event), set()).add(line)
    if not describe(name).anytime:  # an iteration's events are its own searcher's
        backups = lines.get(Backup, set())  # none where nothing is searched below the root
        assert lines[Enter] == {1}
        assert lines[Leaf].isdisjoint(lines[Enter] | backups)
        assert backups.isdisjoint(lines[Exit])


def test_the_highlighted_alphabeta_line_follows_the_event_kind(fig5_2_alphabeta):
    rec, _ = fig5_2_alphabeta
    m = StepperModel(rec, algorithm="alphabeta")
    code = m.pseudocode
    seen = {}
    for i in range(2, len(m)):  # from the root's Enter to its Exit
        m.goto(i)
        seen.setdefault(m.description().split()[0], set()).add(code.lines[m.pseudocode_line() - 1])
    assert seen["Enter"] == {code.lines[0]}
    assert all("UTILITY" in line for line in seen["Leaf"])
    assert {"β ← min" in line for line in seen["Back"]} == {True, False}  # MIN and MAX nodes
    assert all("β ≤ α" in line for line in seen["Cut:"])
    m.goto(len(m) - 1)
    assert "<span" in m.pseudocode.html(m.pseudocode_line())


def test_chance_events_are_replayed_with_the_expectation_line():
    rec, decision = record(minimax, DICE)
    m = StepperModel(rec)
    assert m.algorithm == "minimax"
    i = next(i for i, e in enumerate(rec.events) if type(e) is Expectation)
    m.goto(i + 1)
    assert m.description() == "Chance node (1,): expectation 0.5·4 + 0.5·0 = 2"
    assert "Σ" in m.pseudocode.lines[m.pseudocode_line() - 1]
    m.goto(len(m))
    assert m.counts() == decision.stats


def chance_backups(searcher, game, **options):
    rec = Recorder()
    searcher(game, game.initial, tracer=rec, **options)
    m = StepperModel(rec)
    said = []
    for i, e in enumerate(rec.events):
        if type(e) is Backup:
            m.goto(i + 1)
            said.append(m.description())
    return [line for line in said if "CHANCE" in line]


def test_a_backup_into_a_chance_node_says_what_the_node_holds():
    """Expectiminimax adds probability × value up; Star1's chance node holds a lower bound
    of its expectation (outcomes not known counted at L), and an outcome whose search
    failed outside its window is said to be a bound."""
    said = chance_backups(expectiminimax, DICE)
    assert said == [
        "Back up 4 from outcome 0 into node (1,) CHANCE: probability × value added up so far 2",
        "Back up 0 from outcome 1 into node (1,) CHANCE: probability × value added up so far 2"]
    game = scale_tree((2, 3, 1, 4))  # p = 0.9, 0.1; a2's first outcome fails low at α = 2.1
    said = chance_backups(star1, game, bounds=(0, 4))
    assert said == [
        "Back up 2 from outcome 0 into node (a1,) CHANCE: its expectation is at least 1.8 so "
        "far (each outcome not yet known exactly counted at L, the least value possible), "
        "α=−∞ β=∞",
        "Back up 3 from outcome 1 into node (a1,) CHANCE: its expectation is at least 2.1 so "
        "far (each outcome not yet known exactly counted at L, the least value possible), "
        "α=−∞ β=∞",
        "Back up at most 1 (its search failed low) from outcome 0 into node (a2,) CHANCE: its "
        "expectation is at least 0 so far (each outcome not yet known exactly counted at L, "
        "the least value possible), α=2.1 β=∞"]


def test_the_searcher_is_read_from_the_recording_never_guessed():
    for name in ("minimax", "pearl_ab", "alphabeta_failsoft"):
        assert StepperModel(record(SEARCHERS[name])[0]).algorithm == name
    game = TreeGame([Min([Min([1, 2]), 5]), 4])
    headless = record(alphabeta, game)[0].events[1:-1]  # no Start, no Finish: events by hand
    assert StepperModel(headless).algorithm == "search"
    assert StepperModel(headless).pseudocode is None
    assert StepperModel(headless, algorithm=alphabeta).pseudocode is PSEUDOCODE["alphabeta"]


def test_a_recording_of_iterative_deepening_steps_through_each_search():
    from aisearch import TicTacToe, iterative_deepening

    game = TicTacToe()
    rec = Recorder()
    list(iterative_deepening(game, game.initial, 2, evaluate=game.nilsson_eval, tracer=rec))
    m = StepperModel(rec)
    assert m.algorithm == "alphabeta" and len(m.replay.searches) == 2
    m.goto(len(m))
    assert m.search.index == 1 and m.totals() == m.counts()
    starts = [i for i, e in enumerate(rec.events) if type(e).role == "start"]
    m.goto(starts[1] + 1)
    assert m.description() == "Start search 2 of 2: alphabeta, to depth 2"


def test_event_keys_fall_back_from_specific_to_general_lines():
    assert event_keys(Leaf((0,), 3, False)) == ("eval", "leaf")
    assert PSEUDOCODE["pearl_ab"].line(event_keys(Leaf((0,), 3, False))) == 2


def test_a_quiescence_visit_points_at_its_own_entry_line_or_at_the_hosts_eval_line():
    """Beyond the depth bound the quiescence search stands in for EVAL: the stepper
    highlights that line of the host's listing, not the host's entry line."""
    from aisearch.search import quiescence
    from aisearch.trace.events import Quiescent

    game = TreeGame([[5, -3], 2], noisy=[(0,), (0, 1)])
    values = {(0,): 4, (1,): 2}

    def evaluate(s):
        return values.get(s, 0)

    for search, options, key in ((alphabeta, {"depth": 1, "quiescence": 2}, "eval"),
                                 (quiescence, {}, "enter")):
        rec = Recorder()
        search(game, (0,) if search is quiescence else (), evaluate=evaluate, tracer=rec,
               **options)
        visits = [e for e in rec.events if isinstance(e, Quiescent)]
        code = PSEUDOCODE[describe(search).name]
        assert visits and {code.line(event_keys(e)) for e in visits} == {code.line((key,))}
        assert key == "enter" or code.line((key,)) != code.line(("enter",))


def test_the_model_needs_neither_ipywidgets_nor_matplotlib():
    code = ("import sys, aisearch.widgets as w; from aisearch import Recorder, alphabeta, fig5_2; "
            "r = Recorder(); alphabeta(fig5_2, (), tracer=r); m = w.StepperModel(r); m.step(); "
            "m.description(); print('ipywidgets' in sys.modules, 'matplotlib' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False"]


# -- the widget -------------------------------------------------------------------------
@pytest.fixture(scope="module")
def stepper():
    rec, _ = record(alphabeta)
    return SearchStepper(rec, dpi=40)


def test_buttons_slider_and_play_stay_in_sync(stepper):
    s = stepper
    s.reset_button.click()
    assert (s.model.index, s.slider.value, s.player.value) == (0, 0, 0)
    s.step_button.click()
    s.step_button.click()
    assert (s.model.index, s.slider.value, s.player.value) == (2, 2, 2)
    s.back_button.click()
    assert (s.model.index, s.slider.value) == (1, 1)
    s.slider.value = 7
    assert (s.model.index, s.player.value) == (7, 7)
    s.player.value = 9  # what the Play widget does when it ticks
    assert (s.model.index, s.slider.value) == (9, 9)
    s.goto(len(s.model))
    s.step_button.click()  # nothing after the end
    assert s.slider.value == s.slider.max == len(s.model) == 42
    s.reset_button.click()
    assert (s.model.index, s.slider.value, s.player.playing) == (0, 0, False)


def test_a_range_set_by_hand_is_put_back_and_the_model_follows_the_slider(stepper):
    """A student sets the slider's max below the event shown: the picture, the slider and
    the model still show one event, and the range comes back to the whole recording."""
    s = stepper
    s.goto(6)
    s.slider.max = 5
    assert (s.model.index, s.slider.value, s.player.value) == (5, 5, 5)
    assert (s.slider.min, s.slider.max, s.player.max) == (0, 42, 42)
    assert "event 5 of 42" in s.description.value
    s.step_button.click()
    assert (s.model.index, s.slider.value) == (6, 6) and "event 6 of 42" in s.description.value
    s.player.min = 10
    assert (s.model.index, s.slider.value, s.player.min) == (10, 10, 0)
    s.reset_button.click()


def test_a_step_changes_the_tree_the_current_node_and_the_window_text(stepper):
    s = stepper
    s.goto(1)  # the search has started: the tree is all faint, the listing has no line
    before = (s.image.value, s.description.value, s.path_table.value, s.code.value)
    s.step_button.click()
    after = (s.image.value, s.description.value, s.path_table.value, s.code.value)
    assert all(a != b for a, b in zip(before, after, strict=True))
    assert bytes(after[0]).startswith(PNG)
    assert "Enter the root MAX with α=−∞ β=∞" in s.description.value
    assert "<td" in s.path_table.value and "−∞" in s.path_table.value
    s.goto(len(s.model))
    assert "7 of 7 leaves, 1 of 1 cut-offs" in s.counts.value


def test_the_text_repr_is_stable_and_tells_a_reader_to_run_the_notebook(stepper):
    text = "SearchStepper: alphabeta on 11 nodes (7 leaves, 1 cut-off), 42 events"
    assert repr(stepper).startswith(text) and "run the notebook" in repr(stepper)
    bundle = stepper._repr_mimebundle_()
    assert bundle["text/plain"] == repr(stepper)
    assert "application/vnd.jupyter.widget-view+json" in bundle
    stepper.goto(5)
    assert stepper._repr_mimebundle_()["text/plain"] == repr(stepper)


def test_a_game_shows_the_position_at_the_current_node_and_pruned_subtrees_whole():
    game = TicTacToe()
    rec, _ = record(alphabeta, game, depth=2, evaluate=game.nilsson_eval)
    s = SearchStepper(rec, game=game, dpi=30)
    assert s.position.value == ""  # nothing entered yet
    s.step()
    s.step()
    s.step()
    assert s.position.value.startswith('<div style="width:200px') and "<svg" in s.position.value
    assert s.tree_options["game"] is game


def test_an_explicit_trees_states_are_its_paths_so_no_position_is_shown():
    rec, _ = record(alphabeta)
    s = SearchStepper(rec, game=fig5_2, dpi=30)
    s.goto(4)
    assert s.position.value == "" and s.model.current_state() == (0, 0)


def test_a_tree_picture_of_an_event_past_the_end_is_refused_naming_the_range(stepper):
    n = len(stepper.model)
    with pytest.raises(ValueError, match=rf"event index from 0 to {n} .*not 1000"):
        stepper.tree_png(1000)
    with pytest.raises(ValueError, match=rf"from 0 to {n} .*not -1"):
        stepper.tree_png(-1)
    with pytest.raises(ValueError, match="not True"):
        stepper.tree_png(True)
    assert stepper.tree_png(n)[:8] == PNG


def test_an_event_index_may_be_a_numpy_integer(stepper):
    stepper.goto(np.int64(3))
    assert stepper.model.index == stepper.slider.value == 3 and type(stepper.index) is int
    with pytest.raises(TypeError, match="an event index is an int, not True"):
        stepper.model.goto(True)


@pytest.mark.parametrize("figsize", ["big", 5, (5,), (-3, -3), (4, float("nan"))])
@pytest.mark.parametrize("game", [fig5_2, uniform_tree(3, 3)], ids=["whole", "focused"])
def test_a_figsize_that_is_not_a_size_is_refused_whether_drawn_whole_or_focused(game, figsize):
    """Checked before the stepper keeps it inside its box (it raised a bare TypeError or
    IndexError there, or was dropped without a word where the picture follows a node)."""
    rec = Recorder()
    alphabeta(game, game.initial, tracer=rec)
    with pytest.raises(ValueError, match="figsize must be a pair of positive numbers"):
        SearchStepper(rec, figsize=figsize)


def test_pvs_backups_of_later_successors_show_the_line_that_folds_them_in():
    """PVS searches the first successor apart: its backup is the line "first successor",
    a later successor's (searched with a null window, and again if it failed high) the
    line that takes the best of them."""
    from aisearch.search import pvs

    rec = Recorder()
    pvs(fig5_2, fig5_2.initial, tracer=rec)
    m = StepperModel(rec)
    seen = set()
    for i in range(1, len(m) + 1):
        m.goto(i)
        if isinstance(m.current_event, Backup):
            line = m.pseudocode.lines[m.pseudocode_line() - 1]
            first = m.current_visit.bests[0][0] == i - 1
            assert ("first successor" in line) == first, (i, line)
            assert first or "best ← max(best, v)" in line, (i, line)
            seen.add(first)
    assert seen == {True, False}
