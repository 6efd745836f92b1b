"""The play widget's searcher options (quiescence on or off) and its typed moves, tested
without a browser: PlayModel's ``options`` and ``move_from_text``, PlayGame's ``variants``
buttons and MovesView's text box."""

from __future__ import annotations

import pytest

from aisearch import TicTacToe, TreeGame, alphabeta
from aisearch.widgets import PlayGame, PlayModel
from aisearch.widgets.play_model import PlayError
from aisearch.widgets.views import MovesView

NAMED = TreeGame({"a1": {"b1": 3, "b2": 12}, "a2": {"b1": 2, "b2": 4}, "a3": {"b1": 14, "b2": 1}})


def test_options_reach_every_search_and_its_recording() -> None:
    """options are given to the searcher, named in the agent's name and search line, and
    used again when the search is recorded."""
    model = PlayModel(TicTacToe(), depth=2, options={"prune_on_equal": False})
    model.play(4)
    assert "prune_on_equal=False" in model.agent_name
    assert "prune_on_equal False" in model.search_text()
    rec, decision = model.record_last_search()
    plain = alphabeta(model.game, model.last_search.position, 2, prune_on_equal=False,
                      evaluate=model.evaluate)
    assert decision.stats == plain.stats and len(rec) > 0


def test_options_are_checked_when_given_and_when_changed() -> None:
    """An option the searcher does not take, a non-dict, or depth/evaluate are refused."""
    with pytest.raises(TypeError, match="quiesence"):
        PlayModel(TicTacToe(), options={"quiesence": 8})
    with pytest.raises(TypeError, match="dict"):
        PlayModel(TicTacToe(), options=[("prune_on_equal", False)])
    model = PlayModel(TicTacToe())
    with pytest.raises(ValueError, match="depth"):
        model.options = {"depth": 3}
    model.options = None
    assert model.options == {}


def test_a_move_is_found_by_its_name_or_label_or_loosely() -> None:
    model = PlayModel(NAMED, human=0)
    assert model.move_from_text("a2") == "a2"
    assert model.move_from_text(" A3 ") == "a3"
    with pytest.raises(PlayError, match=r"no legal move is called 'a4'; legal moves: a1, a2, a3"):
        model.move_from_text("a4")
    with pytest.raises(TypeError):
        model.move_from_text(3)
    model.play_text("a1")
    assert model.moves == ["a1", "b1"]
    with pytest.raises(PlayError, match="game is over"):
        model.move_from_text("b1")


def test_variants_switch_the_options_of_the_next_search() -> None:
    app = PlayGame(TicTacToe(), variants={"strict": {"prune_on_equal": False}, "usual": {}})
    assert app.model.options == {"prune_on_equal": False}
    app.variant.value = "usual"
    assert app.model.options == {}
    app.play(4)
    assert "prune_on_equal" not in app.model.search_text()
    with pytest.raises(TypeError, match="quiesence"):
        PlayGame(TicTacToe(), variants={"plain": {}, "bad": {"quiesence": 8}})
    with pytest.raises(ValueError, match="not both"):
        PlayGame(TicTacToe(), options={}, variants={"plain": {}})
    with pytest.raises(TypeError, match="variants"):
        PlayGame(TicTacToe(), variants={})


def test_the_text_box_plays_a_typed_move_or_explains() -> None:
    app = PlayGame(NAMED)
    view = app.board
    assert isinstance(view, MovesView)
    view.entry.value = "a9"  # as on Enter
    assert "no legal move is called &#x27;a9&#x27;" in view.hint.value and app.model.moves == []
    view.entry.value = "   "  # only spaces: nothing played, and the old hint goes
    assert view.hint.value == "" and app.model.moves == []
    view.typed("A2")
    assert app.model.moves == ["a2", "b1"] and view.hint.value == "" and view.entry.value == ""
    assert view.entry.disabled  # the game is over


def test_a_script_may_name_its_moves() -> None:
    """scripted (and play_strip) take a move by its name when it is not a move itself."""
    from aisearch.widgets.snapshots import scripted

    game = TreeGame([[3, 12], [2, 4], [14, 1]])
    assert scripted(game, ["2"], depth=None).moves == [2, 1]
    with pytest.raises(ValueError, match="move 1 of the script, '7'"):
        scripted(game, ["7"], depth=None)


@pytest.mark.parametrize("options, says", [
    ({"prune_on_equal": "x"}, "prune_on_equal must be True or False, not 'x'"),
    ({"quiescence": -3}, "quiescence must be None .* not -3"),
    ({"order": 3}, "order must be callable or None, not 3"),
])
def test_option_values_are_checked_by_the_searcher_when_given(options, says) -> None:
    """The values, not only the names: the searcher's own checks run at construction (it is
    started and stopped at its first node), not at the agent's first move."""
    error = TypeError if "prune" in says or "order" in says else ValueError
    with pytest.raises(error, match=says):
        PlayModel(TicTacToe(), options=options)
    with pytest.raises(error, match=f"variant 'b': {says}"):
        PlayGame(TicTacToe(), variants={"a": {}, "b": options})
    model = PlayModel(TicTacToe(), options={"prune_on_equal": False})
    with pytest.raises(error, match=says):
        model.options = options
    assert model.options == {"prune_on_equal": False}  # the refused options are not used
    model.play(4)
    assert len(model.moves) == 2


def test_a_searcher_that_cannot_play_is_refused_with_what_it_needs() -> None:
    from aisearch.search import mcts, quiescence, star1

    with pytest.raises(ValueError, match="star1 needs bounds="):
        PlayModel(TicTacToe(), searcher=star1)
    with pytest.raises(ValueError, match="quiescence searches one position without a depth"):
        PlayModel(TicTacToe(), searcher=quiescence)
    with pytest.raises(ValueError, match="c .* must be a finite number >= 0, not -1"):
        PlayModel(TicTacToe(), searcher=mcts, nodes=50, options={"c": -1})
    model = PlayModel(TicTacToe(), searcher=mcts, nodes=50, options={"c": 0.5}, human=1)
    assert len(model.moves) == 1  # (the options reach the searcher)
