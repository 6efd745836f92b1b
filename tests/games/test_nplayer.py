"""Games of more than two players: utility-tuple trees and three-player coins."""

import pytest

from aisearch import Coins, TupleTree, utilities
from aisearch.core import IllegalMoveError


def test_tuple_trees_cycle_through_the_players():
    game = TupleTree([[[(1, 2, 3)]], [(0, 0, 9)]])
    assert [game.to_move(s) for s in ((), (0,), (0, 0))] == [0, 1, 2]
    assert utilities(game, (1, 0)) == (0, 0, 9) and game.tips() == [(1, 2, 3), (0, 0, 9)]
    assert game.utility_bounds == (0, 9)


def test_coins_rules_and_zero_sum_utilities():
    game = Coins((3, 1, 2))
    s = game.initial
    for m in ("R", "L", "L"):
        s = game.result(s, m)
    assert s.scores == (2, 3, 1) and game.is_terminal(s) and game.moves(s) == ()
    assert utilities(game, s) == (0, 3, -3) and sum(utilities(game, s)) == 0


def test_one_coin_left_has_one_move():
    game = Coins((5,))
    assert game.moves(game.initial) == ("L",)
    with pytest.raises(IllegalMoveError, match="legal moves: L"):
        game.result(game.initial, "R")


def test_two_player_coins_is_zero_sum_between_max_and_min():
    game = Coins((1, 5, 2), players=2)
    s = game.result(game.result(game.result(game.initial, "R"), "R"), "L")
    assert s.scores == (3, 5)
    assert game.utility(s, 0) == -game.utility(s, 1) == 2 * 3 - 8


def _chain(n, tip):
    node = tip
    for _ in range(n):
        node = [node]
    return node


@pytest.mark.slow
def test_a_tuple_tree_as_deep_as_a_tree_game_may_be_is_searched_and_shown():
    from aisearch import maxn
    from aisearch.games.tree import MAX_DEPTH

    game = TupleTree(_chain(MAX_DEPTH, (1, 2)))
    assert maxn(game, ()).value == (1, 2)
    assert repr(game) == "TupleTree(<1 tips>)"
    with pytest.raises(ValueError, match="at most 5,000 plies deep"):
        TupleTree(_chain(MAX_DEPTH + 1, (1, 2)))


def test_a_tuple_tree_shows_its_tips_when_small_and_counts_them_when_large():
    assert repr(TupleTree([(1, 2), (3, 4)])) == "TupleTree([(1, 2), (3, 4)])"
    assert repr(TupleTree([(1, 2)] * 500)) == "TupleTree(<500 tips>)"


def test_infinite_tips_are_proven_wins_and_losses_not_out_of_range():
    game = TupleTree([(float("inf"), float("-inf")), (0, 0)])
    assert game.utility((0,), 0) == float("inf")
