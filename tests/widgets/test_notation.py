"""Every game in its own notation, declared once (``move_label``) and used everywhere: the
play widget's buttons, moves line and search line, the stepper's words and path table, tree
labels, the MCTS table and the captions of still pictures."""

import matplotlib

matplotlib.use("Agg")

import pytest  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402

from aisearch import MAX, Recorder, alphabeta, expectiminimax, plot  # noqa: E402
from aisearch.core import move_name  # noqa: E402
from aisearch.games import Chess, Nannon, TicTacToe  # noqa: E402
from aisearch.widgets import MCTSModel, PlayGame, PlayModel, StepperModel  # noqa: E402
from aisearch.widgets.snapshots import play_strip  # noqa: E402

CHESS = Chess()
NANNON = Nannon()


pytestmark = pytest.mark.usefixtures("close_figures")


def chess_recording(depth=2):
    rec = Recorder()
    alphabeta(CHESS, CHESS.initial, depth, evaluate=CHESS.material_eval, tracer=rec)
    return rec


def test_a_move_is_named_by_its_game_and_plain_without_one():
    s = NANNON.result(NANNON.initial, ("White", 3))
    assert move_name(NANNON, NANNON.initial, ("White", 3)) == "White starts with 3"
    assert move_name(NANNON, s, 0) == "home→3"
    first = CHESS.moves(CHESS.initial)[0]
    assert move_name(CHESS, CHESS.initial, first) == "Nh3" and str(first) == "g1h3"
    assert move_name(TicTacToe(), TicTacToe.initial, 4) == "4"
    assert move_name(NANNON, None, 0) == "0"  # no state: the move as it is


def test_the_stepper_speaks_chess_in_san():
    m = StepperModel(chess_recording())
    m.goto(len(m))
    assert m.description() == "Done: alphabeta returns value 0, move Nh3"
    texts = []
    for i in range(1, 40):
        m.goto(i)
        texts.append(m.description())
    assert any("node (Nh3, Nh6)" in t for t in texts)
    assert not any("g1h3" in t for t in texts)
    assert m.path_windows()[-1].name.startswith("node (Nh3")


def test_tree_labels_are_the_games_moves():
    ax = plot.tree(chess_recording(1), ax=Figure(figsize=(9, 5)).subplots())
    moves = {c.get_gid(): c.texts for c in ax.collections if hasattr(c, "texts")}["moves"]
    assert "Nh3" in moves and "e4" in moves and not any(len(t) == 4 and t[1].isdigit()
                                                        and t[3].isdigit() for t in moves)


def test_nannon_chance_edges_and_moves_in_its_notation():
    s = NANNON.result(NANNON.initial, ("White", 3))
    rec = Recorder()
    expectiminimax(NANNON, s, 2, evaluate=NANNON.pip_eval, tracer=rec)
    ax = plot.tree(rec, ax=Figure(figsize=(9.8, 6)).subplots())
    moves = {c.get_gid(): c.texts for c in ax.collections if hasattr(c, "texts")}["moves"]
    assert "home→3" in moves and any(t.startswith("roll ") and "(1/6)" in t for t in moves)
    assert not any("(" in t and "'" in t for t in moves)  # no Python tuples


def test_the_play_widget_writes_moves_and_searches_in_the_games_notation():
    app = PlayGame(CHESS, depth=1, evaluate=CHESS.material_eval)
    app.board.typed("e4")
    assert "White e4, Black " in app.status.value and "e2e4" not in app.status.value
    assert "played N" in app.search.value or "played " in app.search.value
    assert "depth 1" in app.search.value
    played = app.model.last_search.move
    assert f"played {move_name(CHESS, app.model.states[1], played)}" in app.search.value
    assert [b.description for b in app.board.buttons.children][:2] == [
        move_name(CHESS, app.model.state, m) for m in app.model.legal_moves][:2]


def test_no_depth_none_a_search_to_the_end_says_so():
    m = PlayModel(TicTacToe(), depth=None)
    m.play(4)
    assert "to the end" in m.search_text() and "None" not in m.search_text()
    assert "to the end" in m.agent_name


def test_nannon_moves_line_has_no_tuples():
    m = PlayModel(NANNON, human=MAX, depth=1, seed=6)
    while not m.human_to_move:
        m.new_game()
    m.play(m.legal_moves[0])
    line = m.moves_text()
    assert "→" in line and "(" not in line and "'" not in line
    assert "roll " in line or "starts with" in line


def test_a_given_agent_is_named_and_the_settings_it_ignores_are_hidden():
    def learned(game, state):
        return game.moves(state)[0]

    app = PlayGame(NANNON, agent=learned, human=MAX, seed=6)
    assert app.depth.layout.display == "none" and app.evaluation.layout.display == "none"
    assert "learned" in app.opponent.value


def test_captions_of_a_game_strip_use_the_notation():
    fig = play_strip(NANNON, [1], human=MAX, seed=6, depth=1)
    titles = [ax.get_title() for ax in fig.axes]
    assert titles[0] == "start" and all("(" not in t for t in titles)
    assert any("→" in t for t in titles[1:])


def test_the_mcts_table_and_words_use_the_notation():
    m = MCTSModel(CHESS, CHESS.initial, iterations=5, seed=0)
    m.goto(5)
    assert "Nh3" in m.ucb_html() and "g1h3" not in m.ucb_html()
    assert "g1h3" not in m.description()
