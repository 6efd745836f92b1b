"""A transposition table serves one kind of search: its entries are values of one game, one
evaluation and one way of scoring, and a search of another kind is refused instead of being
given wrong values."""

import pytest

from aisearch import (
    ConnectFour,
    TicTacToe,
    TreeGame,
    anytime_agent,
    iterative_deepening,
    play,
    search_agent,
)
from aisearch.search import TranspositionTable, alphabeta_tt, aspiration, enhanced_search, mtdf, pvs

A = TreeGame([[1, 2], [3, 4]])
B = TreeGame([[10, 20], [30, 40]])
TABLE_SEARCHES = [alphabeta_tt, pvs, aspiration, mtdf,
                  lambda g, s, **kw: enhanced_search(g, s, None, table=kw["table"])]


@pytest.mark.parametrize("search", TABLE_SEARCHES)
def test_a_table_filled_by_one_game_is_refused_by_another(search):
    """Before, the second search read the first game's entries and answered 3, not 30."""
    table = TranspositionTable()
    assert alphabeta_tt(A, (), table=table).value == 3
    with pytest.raises(ValueError, match="another search.*TreeGame\\(\\[\\[1, 2\\]"):
        search(B, (), table=table)
    table.clear()  # forgotten: it may serve any search again
    assert search(B, (), table=table).value == 30


def test_a_table_filled_with_one_evaluation_is_refused_with_another():
    game = TicTacToe()
    table = TranspositionTable()
    alphabeta_tt(game, game.initial, 2, evaluate=game.nilsson_eval, table=table)
    with pytest.raises(ValueError, match="evaluate=nilsson_eval.*evaluate=<lambda>"):
        alphabeta_tt(game, game.initial, 2, evaluate=lambda s: 100, table=table)
    with pytest.raises(ValueError, match="fastest_wins=False"):
        alphabeta_tt(game, game.initial, 2, evaluate=game.nilsson_eval, table=table,
                     fastest_wins=False)
    with pytest.raises(ValueError, match="quiescence=1"):
        alphabeta_tt(game, game.initial, 2, evaluate=game.nilsson_eval, table=table,
                     quiescence=1)
    # The same kind of search, to another depth or from another position, is welcome.
    again = alphabeta_tt(game, game.parse("x../.../..."), 3, evaluate=game.nilsson_eval,
                         table=table)
    fresh = alphabeta_tt(game, game.parse("x../.../..."), 3, evaluate=game.nilsson_eval)
    assert again.value == fresh.value


def test_one_table_serves_every_iteration_and_every_move_of_an_anytime_player():
    """Iterative deepening hands each iteration a counting wrapper of the evaluation: the
    table sees through it, so one table serves the iterations of a move and the moves of a
    game."""
    game, table = ConnectFour(), TranspositionTable()
    agent = anytime_agent(iterative_deepening, nodes=2000, evaluate=ConnectFour.evaluate,
                          search=alphabeta_tt, table=table)
    record = play(game, [agent, search_agent(alphabeta_tt, 2, evaluate=ConnectFour.evaluate)],
                  max_moves=8)
    assert len(record) == 8 and table.stores > 0


@pytest.mark.parametrize("canonical, error, words", [
    (lambda s: None, ValueError, "returned None"),
    (lambda s: [1], TypeError, "canonical\\(state\\) must be hashable.*list"),
])
def test_a_canonical_form_that_is_no_key_is_refused(canonical, error, words):
    """Before, ``canonical`` returning None put every position in one entry (value -1 where
    the true value is 1), and a list gave a bare 'unhashable type'."""
    game = TicTacToe()
    with pytest.raises(error, match=words):
        alphabeta_tt(game, game.initial, 2, evaluate=game.nilsson_eval,
                     table=TranspositionTable(canonical=canonical))
