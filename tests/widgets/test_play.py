"""Playing against a searching agent: the model, the board views and the widget.

Widgets run without a browser: ``Button.click()`` runs the handlers and assigning a
control's ``value`` runs its observers, synchronously. No handler may raise.
"""

import html

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402

from aisearch import MAX, MIN, fig5_2  # noqa: E402
from aisearch.games.nim import Nim  # noqa: E402
from aisearch.games.robots import TwoRobots  # noqa: E402
from aisearch.games.tictactoe import TicTacToe  # noqa: E402
from aisearch.search import iterative_deepening, minimax  # noqa: E402
from aisearch.widgets import PlayGame, PlayModel  # noqa: E402
from aisearch.widgets.play_model import PlayError  # noqa: E402
from aisearch.widgets.views import GridView, MovesView  # noqa: E402

PNG = b"\x89PNG\r\n\x1a\n"
ttt = TicTacToe()


@pytest.fixture(autouse=True)
def _no_open_figures():
    yield
    assert not plt.get_fignums(), "the widgets must not leave figures open in pyplot"


def board(app):
    """The tic-tac-toe buttons as text, e.g. 'X...O....'."""
    return "".join(b.description.strip() or "." for b in app.board.cells)


def error_of(app):
    """The status line's error message ('' when there is none)."""
    text = app.status.value
    return text.split("<b>", 1)[1].split("</b>", 1)[0] if "<b>" in text else ""


# -- the model --------------------------------------------------------------------------
def test_the_model_plays_the_human_move_and_the_agent_answers():
    m = PlayModel(ttt, depth=2)
    assert m.human_to_move and m.moves == []
    m.play(4)
    assert len(m.moves) == 2 and m.movers == [MAX, MIN] and m.human_to_move
    info = m.last_search
    assert info.position == ttt.result(ttt.initial, 4) and info.move == m.moves[1]
    assert info.depth == 2 and info.evaluate == ttt.nilsson_eval


def test_the_model_refuses_illegal_late_and_out_of_turn_moves_with_clear_errors():
    m = PlayModel(ttt, depth=1)
    m.play(4)
    taken = m.moves[1]
    with pytest.raises(PlayError, match=rf"illegal move {taken} \(cell {taken} is taken\); legal"):
        m.play(taken)
    assert len(m.moves) == 2
    while not m.is_over:
        m.play(m.legal_moves[0])
    with pytest.raises(PlayError, match="the game is over"):
        m.play(0)


def test_undo_takes_back_the_human_move_and_the_answer():
    m = PlayModel(ttt, depth=1)
    assert not m.undo()
    m.play(0)
    m.play(m.legal_moves[0])
    assert m.undo() and m.moves == [0, m.moves[1]] and len(m.states) == 3


def test_the_recorded_search_is_the_search_the_agent_made():
    m = PlayModel(ttt, depth=3)
    m.play(0)
    rec, decision = m.record_last_search()
    assert decision == m.last_search.decision
    assert rec.counts() == decision.stats


def test_a_ready_made_agent_plays_but_its_search_cannot_be_rerun():
    m = PlayModel(ttt, lambda game, s: game.moves(s)[-1])
    m.play(0)
    assert m.moves == [0, 8] and m.last_search.decision is None
    with pytest.raises(PlayError, match="cannot be re-run"):
        m.record_last_search()


# -- tic-tac-toe ------------------------------------------------------------------------
def test_clicking_a_cell_plays_it_and_the_agent_answers():
    app = PlayGame(ttt)
    assert board(app) == "........."
    app.board.cells[4].click()
    assert board(app).count("X") == 1 and board(app).count("O") == 1 and board(app)[4] == "X"
    assert app.model.moves[0] == 4 and len(app.model.moves) == 2
    assert "Your move" in app.status.value and not error_of(app)
    assert app.search.value.startswith("The agent (O) played")
    assert f"{app.model.last_search.decision.stats.nodes} nodes" in app.search.value


def test_clicking_an_occupied_cell_gives_a_message_and_changes_nothing():
    app = PlayGame(ttt)
    app.board.cells[4].click()
    reply = app.model.moves[1]
    before = board(app)
    app.board.cells[reply].click()
    app.board.cells[4].click()
    assert board(app) == before and len(app.model.moves) == 2
    assert error_of(app).startswith("Illegal move 4 (cell 4 is taken); legal moves: ")


def test_clicking_after_the_game_is_over_gives_a_message():
    app = PlayGame(ttt, depth=1)
    while not app.model.is_over:
        app.board.cells[app.model.legal_moves[0]].click()
    final = board(app)
    assert "Press New game" in app.status.value
    empty = final.index(".") if "." in final else 0
    app.board.cells[empty].click()
    assert board(app) == final
    assert error_of(app).startswith("The game is over")


def test_new_game_resets_the_board_the_history_and_the_search():
    app = PlayGame(ttt)
    app.board.cells[0].click()
    app.tree_button.click()
    app.new_button.click()
    assert board(app) == "........." and app.model.moves == [] and app.model.last_search is None
    assert app.tree_area.children == () and "not searched yet" in app.search.value


def test_changing_the_depth_changes_the_agents_search():
    app = PlayGame(ttt, depth=1)
    app.board.cells[0].click()
    shallow = app.model.last_search
    app.depth.value = 4
    assert app.model.depth == 4
    app.new_button.click()
    app.board.cells[0].click()
    deep = app.model.last_search
    assert (shallow.depth, deep.depth) == (1, 4)
    assert deep.decision.stats.nodes > 10 * shallow.decision.stats.nodes
    assert "depth 4" in app.search.value


def test_changing_the_evaluation_is_used_by_the_next_search():
    app = PlayGame(ttt)
    app.evaluation.value = app.model.evaluations["zero"]
    app.board.cells[4].click()
    assert app.model.last_search.evaluate is app.model.evaluations["zero"]
    assert "zero" in app.search.value and "zero" in repr(app)


def test_the_depth_slider_keeps_its_range_and_shows_the_depth_the_agent_uses():
    """Code lowers the slider's min to set depth 0, or raises its max past the depths
    offered: the range is put back at once, so the slider keeps the value within it; a
    value that still comes through (notifications held) is refused, and said, and the
    slider goes back to the agent's depth."""
    app = PlayGame(ttt, depth=2)
    app.depth.min = 0
    assert app.depth.min == 1
    app.depth.value = 0  # (kept at the least depth offered)
    assert app.depth.value == app.model.depth == 1 and not error_of(app)
    app.depth.max = 20
    app.depth.value = 15
    assert app.depth.max == app.depth.value == app.model.depth == 10
    app.depth.value = 2
    with app.depth.hold_trait_notifications():
        app.depth.min = 0
        app.depth.value = 0
    assert "at depth 0 the agent sees no move" in error_of(app)
    assert (app.depth.min, app.depth.value, app.model.depth) == (1, 2, 2)
    with app.depth.hold_trait_notifications():
        app.depth.max = 20
        app.depth.value = 15
    assert "depth 15 is not offered: give a depth from 1 to 10" in error_of(app)
    assert (app.depth.max, app.depth.value, app.model.depth) == (10, 2, 2)
    app.board.cells[4].click()
    assert app.model.last_search.depth == 2 and "depth 2" in app.search.value


def test_choices_replaced_by_code_are_refused_and_put_back():
    """New options for the evaluation, the side or the search variant: the choice they
    make is refused, and each control shows its own choices again, at what the agent uses."""
    app = PlayGame(ttt, variants={"strict": {"prune_on_equal": False}, "usual": {}})
    evaluations, sides, variants = (app.evaluation.options, app.first.options,
                                    app.variant.options)
    app.evaluation.options = [("absolute", abs)]
    assert "evaluation: <built-in function abs> is not one of the choices" in html.unescape(
        error_of(app))
    assert app.evaluation.options == evaluations
    assert app.evaluation.value == app.model.evaluate == ttt.nilsson_eval
    app.first.options = [("nobody", 5)]
    assert "Who starts: 5 is not one of the choices" in error_of(app)
    assert app.first.options == sides and app.first.value == app.model.human == MAX
    assert app.stuck is None and app.model.moves == []
    app.variant.options = ["fast"]
    assert app.variant.options == variants and app.variant.value == "strict"
    assert app.model.options == {"prune_on_equal": False}


def test_as_second_player_the_agent_moves_first():
    app = PlayGame(ttt)
    app.first.value = MIN
    assert app.model.human == MIN and len(app.model.moves) == 1
    assert board(app).count("X") == 1 and board(app).count("O") == 0
    assert "you play O" in app.status.value
    app.board.cells[app.model.legal_moves[0]].click()
    assert board(app).count("X") == 2 and board(app).count("O") == 1


def test_undo_button_restores_the_board():
    app = PlayGame(ttt)
    assert app.undo_button.disabled
    app.board.cells[0].click()
    app.undo_button.click()
    assert board(app) == "........." and not error_of(app)


def test_after_undo_the_search_of_the_agents_remaining_move_is_shown_and_opened():
    """X 4, O answers, X 8, O answers, Undo: O's first answer is still on the board, so its
    search is the one the search line describes and "Show search tree" opens; a second
    Undo leaves no move of the agent, and no search."""
    app = PlayGame(ttt, depth=2)
    app.board.cells[4].click()
    first = app.model.last_search
    app.board.cells[8].click()
    assert app.model.last_search is not first
    app.undo_button.click()
    assert app.model.moves == [4, first.move] and app.model.last_search is first
    assert not error_of(app) and "not searched yet" not in app.search.value
    assert app.search.value.startswith(html.escape(f"The agent (O) played {first.move} after"))
    assert not app.tree_button.disabled
    app.tree_button.click()
    assert not error_of(app) and app.tree_area.children == (app.stepper.widget,)
    assert app.stepper.model.totals() == first.decision.stats
    app.undo_button.click()
    assert app.model.last_search is None and app.tree_button.disabled
    assert "not searched yet" in app.search.value


def test_undo_keeps_the_search_of_the_agents_opening_move():
    """The agent (X) moved first: after the human's move is taken back, X's opening move
    and its search are still there."""
    m = PlayModel(ttt, human=MIN, depth=2)
    opening = m.last_search
    m.play(m.legal_moves[0])
    assert len(m.searches) == len(m.moves) == 3 and m.searches[1] is None
    assert m.undo() and m.moves == [opening.move] and m.last_search is opening
    m.new_game()
    assert m.searches == [m.last_search] and m.last_search is not opening  # its own search


def test_show_search_tree_opens_a_stepper_on_the_agents_last_search():
    app = PlayGame(ttt, depth=2)
    app.tree_button.click()
    assert "not searched yet" in error_of(app)
    app.board.cells[4].click()
    app.tree_button.click()
    stepper = app.stepper
    assert app.tree_area.children == (stepper.widget,)
    assert stepper.model.totals() == app.model.last_search.decision.stats
    assert stepper.model.algorithm == "alphabeta" and stepper.game is ttt
    stepper.step_button.click()
    assert stepper.model.current_state() == app.model.last_search.position
    for close in (lambda: app.board.cells[8].click(), app.undo_button.click,
                  app.new_button.click):  # the position is gone: so is its tree
        app.tree_button.click()
        assert app.stepper is not None
        close()
        assert app.stepper is None and app.tree_area.children == ()


def test_a_search_too_big_to_step_through_is_not_opened():
    app = PlayGame(ttt, depth=4, max_events=500)
    app.board.cells[4].click()
    app.tree_button.click()
    assert app.tree_area.children == () and "too many" in error_of(app)


def test_an_agent_that_fails_is_reported_in_the_status_not_raised():
    def broken(game, state):
        raise RuntimeError("no idea")

    app = PlayGame(ttt, broken)
    app.board.cells[0].click()
    assert "The agent could not move: RuntimeError: no idea. Undo, or start" in error_of(app)
    assert app.depth.disabled and app.evaluation.disabled


def test_an_agent_stuck_on_a_failing_evaluation_keeps_saying_why_until_it_moves():
    failing = [True]

    def fragile(state):
        if failing[0]:
            raise ZeroDivisionError("no board")
        return 0

    app = PlayGame(ttt, evaluate=fragile, depth=2)
    app.board.cells[0].click()
    reason = "The agent could not move: ZeroDivisionError: no board"
    assert reason in error_of(app) and app.model.moves == [0]
    app.board.cells[4].click()  # asks the agent again: it still fails, and still says why
    assert reason in html.unescape(app.status.value) and "Change the depth" in app.status.value
    assert "not your turn" not in app.status.value and app.model.moves == [0]
    failing[0] = False
    app.board.cells[4].click()  # now it moves; the click was its retry, not a move of yours
    assert len(app.model.moves) == 2 and app.model.human_to_move
    assert "has now moved" in error_of(app) and reason not in app.status.value
    app.board.cells[8 if app.model.moves[1] != 8 else 7].click()
    assert len(app.model.moves) == 4 and app.stuck is None


def test_an_agent_that_fails_on_the_first_move_is_not_offered_an_undo():
    def broken(game, state):
        raise RuntimeError("no idea")

    app = PlayGame(ttt, broken)
    app.first.value = MIN  # the agent moves first, and fails: there is nothing to undo
    assert app.model.moves == [] and app.stuck is not None
    assert error_of(app) == "The agent could not move: RuntimeError: no idea. Start a New game."


def test_an_agent_stuck_then_set_another_way_moves_at_once():
    app = PlayGame(ttt, evaluate=lambda state: 1 / 0, depth=2)
    app.board.cells[0].click()
    assert app.stuck is not None
    app.depth.value = 1  # a depth-1 search still evaluates: still stuck, still said
    assert "ZeroDivisionError" in app.status.value and len(app.model.moves) == 1
    app.evaluation.value = app.model.evaluations["nilsson_eval"]
    assert app.stuck is None and len(app.model.moves) == 2 and app.model.human_to_move


def test_the_text_repr_is_stable_and_tells_a_reader_to_run_the_notebook():
    app = PlayGame(ttt)
    text = ("PlayGame: TicTacToe(), you play X against alphabeta(depth=2, nilsson_eval) "
            "(run the notebook to play)")
    assert repr(app) == text
    app.board.cells[4].click()
    bundle = app._repr_mimebundle_()
    assert bundle["text/plain"] == text
    assert "application/vnd.jupyter.widget-view+json" in bundle


# -- the robots and other games ---------------------------------------------------------
def test_robot_direction_buttons_move_black_and_white_answers():
    game = TwoRobots(3, 3)
    app = PlayGame(game, human=MIN)
    assert isinstance(app.board, GridView) and bytes(app.board.image.value).startswith(PNG)
    assert app.board.buttons["W"].disabled and not app.board.buttons["S"].disabled
    picture = bytes(app.board.image.value)
    app.board.buttons["S"].click()
    black, white = app.model.state.black, app.model.state.white
    assert app.model.moves[0] == "S" and black == (1, 0) and white != game.white
    assert bytes(app.board.image.value) != picture
    app.board.buttons["W"].click()  # the west wall (a disabled button, clicked by code)
    assert html.unescape(error_of(app)).startswith("Illegal move 'W' (a wall or the edge of")
    assert (app.model.state.black, app.model.state.white) == (black, white)


def test_playing_white_the_robot_agent_moves_black_first():
    app = PlayGame(TwoRobots(3, 3), human=MAX)
    assert app.model.movers == [MIN] and "you play White" in app.status.value
    app.board.buttons["N"].click()
    assert app.model.movers == [MIN, MAX, MIN]


def test_connect_four_declares_a_row_of_column_buttons_over_its_picture():
    from aisearch import ConnectFour

    app = PlayGame(ConnectFour(), depth=2)
    assert isinstance(app.board, GridView) and list(app.board.buttons) == list(range(7))
    picture = bytes(app.board.image.value)
    app.board.buttons[3].click()
    assert app.model.moves[0] == 3 and len(app.model.moves) == 2
    assert bytes(app.board.image.value) != picture and "you play Red" in app.status.value


def test_an_anytime_searcher_plays_within_its_node_budget():
    from aisearch import iterative_deepening

    app = PlayGame(ttt, searcher=iterative_deepening, depth=None, nodes=200)
    app.board.cells[4].click()
    info = app.model.last_search
    assert info.nodes == 200 and info.decision.depth >= 1 and len(app.model.moves) == 2
    app.tree_button.click()
    assert app.stepper is not None and len(app.stepper.model.replay.searches) >= 2
    with pytest.raises(ValueError, match="anytime search"):
        PlayModel(ttt, searcher=iterative_deepening, depth=None)


def test_other_games_get_one_button_per_legal_move():
    app = PlayGame(Nim((1, 2)), depth=None)
    assert isinstance(app.board, MovesView)
    labels = [b.description for b in app.board.buttons.children]
    assert labels == [str(m) for m in Nim((1, 2)).moves(Nim((1, 2)).initial)]
    app.board.buttons.children[0].click()
    assert len(app.model.moves) == 2


def test_an_explicit_tree_is_played_to_its_end():
    app = PlayGame(fig5_2, depth=None, searcher=minimax)
    app.board.buttons.children[0].click()
    assert app.model.is_over and "MAX wins: you win!" in app.status.value
    assert app.board.buttons.children == ()


def test_a_custom_board_view_is_used():
    made = []

    def view(game, play):
        made.append(game)
        return GridView(game, play)

    app = PlayGame(ttt, view=view)
    assert made == [ttt] and isinstance(app.board, GridView)


def test_a_board_that_fails_to_draw_is_reported_not_raised():
    class Broken(GridView):
        def update(self, model):
            if model.moves:
                raise RuntimeError("cannot draw")
            super().update(model)

    app = PlayGame(ttt, view=Broken)
    app.board.cells[4].click()
    assert "cannot draw" in app.status.value and len(app.model.moves) == 2


# -- games with chance, and games too big to search to the end -------------------------
def test_a_game_with_chance_is_played_by_expectiminimax_unless_told_otherwise():
    """Alpha-beta cannot search chance nodes: the default for Nannon is expectiminimax,
    and the agent moves; a searcher that cannot search them is refused at once."""
    from aisearch import Nannon, alphabeta

    app = PlayGame(Nannon(), human=MIN)
    assert app.model.searcher.__name__ == "expectiminimax" and app.model.human_to_move
    for _ in range(3):
        app.play(app.model.legal_moves[0])
        assert app.model.human_to_move or app.model.is_over, app.status.value
        assert not error_of(app)
    assert app.model.last_search.decision is not None
    assert "expectiminimax, depth 2" in app.search.value
    with pytest.raises(ValueError, match="alphabeta cannot search chance nodes.*expectiminimax"):
        PlayGame(Nannon(), searcher=alphabeta)
    assert PlayGame(ttt).model.searcher is alphabeta


def test_a_model_starts_a_new_game_only_for_a_side_it_would_start_with():
    m = PlayModel(ttt, depth=1)
    for human in (True, 2, "MIN"):
        with pytest.raises(ValueError, match=f"human must be MAX \\(0\\) or MIN \\(1\\), "
                                             f"not {human!r}"):
            m.new_game(human=human)
    assert m.human == MAX
    m.new_game(human=MIN)
    assert m.human == MIN and m.moves == [4]


@pytest.mark.parametrize("name, deepest", [("Chess", 4), ("ConnectFour", 8)])
def test_a_big_game_offers_its_declared_depths_and_no_search_to_the_end(name, deepest):
    import aisearch.games

    game = getattr(aisearch.games, name)()
    app = PlayGame(game, depth=2)
    assert app.depth.max == deepest == game.max_play_depth
    assert app.to_end.disabled and "too big to search to the end" in app.to_end.tooltip
    app.depth.value = 10  # (a slider keeps within its range)
    assert app.model.depth == deepest
    app.depth.max = 12  # code may raise it: it is put back, a deeper search is not made
    app.depth.value = 12
    assert (app.depth.value, app.depth.max, app.model.depth) == (deepest, deepest, deepest)
    app.to_end.value = True  # the box is off; code that ticks it is refused, not obeyed
    assert not app.to_end.value and app.model.depth == deepest
    assert "too big to search to the end" in error_of(app)
    with pytest.raises(ValueError, match=f"too big to search to the end.*1 to {deepest}"):
        PlayGame(game, depth=None)
    with pytest.raises(ValueError, match=f"depth {deepest + 1} is too deep.*1 to {deepest}"):
        PlayGame(game, depth=deepest + 1)
    # the model holds the same limits when code sets its depth (no search for hours)
    for depth, why in [(deepest + 1, "too deep"), (None, "too big to search to the end")]:
        with pytest.raises(ValueError, match=why):
            app.model.depth = depth
        with pytest.raises(ValueError, match=why):
            PlayModel(game, depth=depth)
    assert app.model.depth == deepest
    budgeted = PlayModel(game, searcher=iterative_deepening, depth=None, nodes=50)
    assert budgeted.depth is None  # a node budget bounds every search, however deep


def test_small_games_are_searched_to_the_end_and_endless_ones_are_not():
    for game in (ttt, Nim((2, 3)), fig5_2):
        app = PlayGame(game, depth=None)
        assert not app.to_end.disabled and app.to_end.value and app.model.depth is None
    robots = TwoRobots(3, 3)  # without a ply limit, its play can go on for ever
    assert PlayGame(robots, depth=2).to_end.disabled
    with pytest.raises(ValueError, match="can go on for ever"):
        PlayGame(robots, depth=None)
    assert not PlayGame(TwoRobots(3, 3, max_plies=8), depth=2).to_end.disabled


def test_an_evaluation_named_like_one_of_the_games_keeps_a_name_of_its_own():
    """Another board's ``pst_eval`` is not this game's: both are offered, and the widget
    builds with the given one chosen."""
    from aisearch import Chess

    game, given = Chess(), Chess().pst_eval
    app = PlayGame(game, depth=1, evaluate=given)
    assert app.evaluation.value is given and app.model.evaluation_name == "pst_eval (given)"
    assert app.model.evaluations["pst_eval"] == game.pst_eval


def test_where_the_dice_decide_who_starts_the_toggle_chooses_a_side():
    """In Nannon the opening throw decides who moves first: "You first" would be untrue."""
    from aisearch import Nannon

    app = PlayGame(Nannon(), human=MAX, seed=6)
    labels = [label for label, _ in app.first.options]
    assert labels == ["You play White", "You play Black"] and app.first.description == "Your side"
    app.first.value = MIN
    assert app.model.human == MIN and not error_of(app)
    assert [label for label, _ in PlayGame(ttt).first.options][0] == "You first (X)"


def test_an_agent_given_ready_made_has_no_tree_to_show_and_says_so():
    def first_move(game, state):
        return game.moves(state)[0]

    app = PlayGame(ttt, agent=first_move)
    app.board.cells[4].click()
    app.tree_button.click()
    assert app.tree_area.children == () and "not searched yet" not in error_of(app)
    assert "no search tree to show" in error_of(app)


def test_an_mcts_agent_shows_no_depth_or_evaluation_and_its_tree_in_the_mcts_stepper():
    """MCTS takes a budget, not a depth or an evaluation: those controls are hidden, the
    search line names the budget, and "Show search tree" grows the agent's tree again."""
    from aisearch.search import mcts
    from aisearch.widgets.mcts import MCTSStepper

    app = PlayGame(TicTacToe(), searcher=mcts, nodes=200)
    assert app.depth.layout.display == app.evaluation.layout.display == "none"
    assert app.depth.disabled and app.evaluation.disabled
    app.board.buttons[4].click()
    info = app.model.last_search
    assert "mcts (a budget of 200 states)" in app.search.value
    assert "depth" not in app.search.value and "playouts" in app.search.value
    app.tree_button.click()
    assert isinstance(app.stepper, MCTSStepper), app.status.value
    assert "wrong" not in app.status.value
    assert app.stepper.model.iterations == info.decision.stats.leaves
    _, again = app.model.record_last_search()
    assert (again.move, again.stats) == (info.decision.move, info.decision.stats)


def test_a_hint_about_a_typed_move_goes_when_the_position_changes():
    app = PlayGame(Nim((1, 2, 3)), depth=1)
    app.board.entry.value = "zzz"
    assert "no legal move" in app.board.hint.value
    app.board.buttons.children[0].click()  # played with a button instead
    assert app.board.hint.value == "" and app.board.entry.value == ""
    app.board.entry.value = "zzz"
    app.new_button.click()
    assert app.board.hint.value == ""


def test_the_example_in_the_move_box_is_a_move_a_player_can_type():
    """Nannon opens with a roll of the dice: the example is a player's move after it."""
    from aisearch.core import CHANCE
    from aisearch.games.nannon import Nannon

    app = PlayGame(Nannon(), depth=1)
    example = app.board.entry.placeholder.split("e.g. ")[1].split(" or ")[0]
    assert "starts" not in app.board.entry.placeholder
    game, s = app.model.game, app.model.game.initial
    while game.to_move(s) == CHANCE:  # (the example's position: past the opening roll)
        s = game.result(s, game.moves(s)[0])
    assert example in [str(m) for m in game.moves(s)]


def test_a_search_too_big_for_one_move_is_stopped_with_a_reason(monkeypatch):
    """A depth typed in code is not capped by the slider: the agent's search is stopped
    after MOVE_NODES states (the robots game has cycles: depth 40 would run for hours),
    and the widget says why instead of hanging; a search inside the cap plays as before;
    an anytime agent is bounded by its own budget, not by the cap, and one without a budget
    plays its last complete iteration when the cap stops the next."""
    from aisearch.widgets import play_model

    monkeypatch.setattr(play_model, "MOVE_NODES", 3000)
    robots = TwoRobots(3, 3)
    with pytest.raises(play_model.SearchTooBigError, match="depth 40 generated 3,000 states"):
        PlayModel(robots, depth=40, human=MAX)  # Black (MIN) moves first
    small = PlayModel(robots, depth=4, human=MAX)  # 200-odd states
    assert small.moves == [minimax(robots, robots.initial, 4,
                                   evaluate=small.evaluate).move]

    app = PlayGame(robots, depth=2, human=MIN)
    app.model.depth = 40
    app.play(app.model.legal_moves[0])
    assert "generated 3,000 states" in error_of(app) and len(app.model.moves) == 1
    app.model.depth = 2
    app.play(app.model.legal_moves[0])  # asked again, the agent now moves
    assert len(app.model.moves) == 2 and app.stuck is None

    anytime = PlayModel(robots, searcher=iterative_deepening, depth=40, nodes=5000, human=MAX)
    assert len(anytime.moves) == 1  # 5,000 states, more than the cap: not stopped by it
    # without a budget of its own, the cap ends its iterations: the last complete one plays
    capped = PlayModel(robots, searcher=iterative_deepening, depth=40, human=MAX)
    assert len(capped.moves) == 1 and 1 <= capped.last_search.decision.depth < 40


def test_the_open_tree_closes_when_a_stuck_agent_moves_after_a_new_setting():
    def breaks_on_full_boards(s):  # a student's evaluation that fails deep in the game
        if str(s).count("x") + str(s).count("o") >= 5:
            raise ValueError("broken here")
        return ttt.nilsson_eval(s)

    app = PlayGame(ttt, depth=2, evaluate=breaks_on_full_boards)
    app.board.buttons[4].click()
    app.tree_button.click()
    assert app.stepper is not None
    app.board.buttons[8].click()  # the agent's search fails: it is stuck, the tree stays
    assert app.stuck is not None and app.stepper is not None
    app.evaluation.value = ttt.nilsson_eval  # it moves now: its old tree is closed
    assert app.model.moves == [4, 0, 8, 2] and app.stuck is None
    assert app.stepper is None and app.tree_area.children == ()


def test_the_controls_show_the_settings_code_gives_the_model():
    app = PlayGame(ttt, depth=2, variants={"plain": {}, "strict": {"prune_on_equal": False}})

    def zero(s):
        return 0

    app.model.evaluate, app.model.depth = zero, 12
    app.model.options = {"prune_on_equal": False}
    app.board.buttons[4].click()
    assert error_of(app) == "" and board(app) == "O...X...."
    assert app.evaluation.value is zero and ("zero (from code)", zero) in app.evaluation.options
    assert (app.depth.value, app.depth.max) == (12, 12) and app.variant.value == "strict"
    app.model.options = {"prune_on_equal": True}  # a variant of no name: none is shown
    app.board.buttons[8].click()
    assert app.variant.value is None
    app.variant.value = "plain"
    assert app.model.options == {} and app.variant.value == "plain"
