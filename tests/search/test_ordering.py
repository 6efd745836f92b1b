"""Move orderings: what they return, what they learn, how they combine, and the minimal tree."""

import pytest

from aisearch import (
    ConnectFour,
    History,
    Killers,
    StaticOrder,
    TicTacToe,
    alphabeta,
    alphabeta_tt,
    chain,
    minimal_tree,
    uniform_tree,
)
from aisearch.search.efficiency.minimal import Oracle
from aisearch.search.efficiency.ordering import Chain, PrincipalVariation, front
from aisearch.theory import knuth_moore_leaves, knuth_moore_nodes


class DepthSpy:
    """An ordering that records the depths it is asked about."""

    uses_depth = True

    def __init__(self):
        self.depths = []

    def __call__(self, state, moves, depth=None):
        self.depths.append(depth)
        return moves


def test_depth_aware_orderings_get_the_plies_left_from_the_lesson_04_searchers():
    spy = DepthSpy()
    alphabeta_tt(uniform_tree(2, 3, seed=1), (), 3, order=spy)
    assert sorted(set(spy.depths)) == [1, 2, 3]
    old = DepthSpy()
    alphabeta(uniform_tree(2, 3, seed=1), (), order=old)  # lesson 03's searchers pass none
    assert set(old.depths) == {None}


def test_killers_keep_the_two_latest_refutations_per_depth():
    k = Killers()
    for move in (3, 5, 3, 6):
        k.cutoff("s", move, 4)
    assert k.by_depth[4] == [6, 3] and k("t", (1, 3, 5, 6), 4) == (6, 3, 1, 5)
    assert k("t", (1, 2), 4) == (1, 2)  # killers that are not legal here are skipped
    assert k("t", (1, 3, 6), None) == (6, 3, 1)  # no depth: the latest of any depth


def test_the_history_heuristic_weights_deep_cutoffs_more():
    h = History()
    h.cutoff("s", 1, 1)
    h.cutoff("s", 1, 1)
    h.cutoff("s", 2, 2)
    assert h("t", (0, 1, 2)) == (2, 1, 0)  # 4 > 1 + 1 > 0
    keyed = History(key=lambda s, m: (s, m))
    keyed.cutoff("s", 1, 3)
    assert keyed("s", (0, 1)) == (1, 0) and keyed("t", (0, 1)) == (0, 1)


def test_a_chain_lets_the_last_ordering_decide_and_tells_every_learner():
    h, k = History(), Killers()
    both = chain(h, k)
    assert isinstance(both, Chain) and both.uses_depth
    both.cutoff("s", 2, 3)
    h.cutoff("s", 1, 5)
    assert both("t", (0, 1, 2), 3) == (2, 1, 0)  # the killer first, then by history
    assert chain() is None and chain(None, h) is h
    with pytest.raises(TypeError, match="must be callable"):
        chain(h, 3)


def test_static_order_puts_the_best_successor_for_the_player_to_move_first():
    game = TicTacToe()
    order = StaticOrder(game, TicTacToe.nilsson_eval)
    assert order(game.initial, game.moves(game.initial), 3)[0] == 4
    s = TicTacToe.parse("x../.../...")
    assert order(s, game.moves(s), 3)[0] == 4  # O takes the centre too
    assert order(s, (1, 2), 1) == (1, 2)  # just above the depth bound: not ordered


class RulesOnly:
    """Tic-tac-toe's rules without a start position: what an ordering needs of a game."""

    def __init__(self):
        self._game = TicTacToe()

    def __getattr__(self, name):
        if name == "initial":
            raise AttributeError(name)
        return getattr(self._game, name)


def test_static_order_needs_the_rules_of_a_game_not_its_start():
    s = TicTacToe.parse("x../.../...")
    order = StaticOrder(RulesOnly(), TicTacToe.nilsson_eval)
    assert order(s, TicTacToe().moves(s), 3)[0] == 4


@pytest.mark.parametrize("game, evaluate", [(TicTacToe(), TicTacToe.nilsson_eval),
                                            (ConnectFour(), ConnectFour.evaluate)])
def test_static_order_met_again_gives_the_same_order_and_ties_follow_the_moves_given(
        game, evaluate):
    """Ties keep the order of the moves given (a stable sort); a position met again is
    answered from the order kept for it, but only for the same moves."""
    s = game.initial
    fresh = StaticOrder(game, evaluate)
    forward = fresh(s, game.moves(s), 4)
    assert fresh(s, game.moves(s), 4) == forward and fresh.orders[s][1] == forward
    backward = fresh(s, tuple(reversed(game.moves(s))), 4)
    assert backward == StaticOrder(game, evaluate)(s, tuple(reversed(game.moves(s))), 4)
    assert sorted(backward) == sorted(forward) and backward != forward  # symmetric ties
    assert fresh(s, game.moves(s)[:2], 4) == StaticOrder(game, evaluate)(s, game.moves(s)[:2], 4)


def test_a_principal_variation_is_searched_first_along_its_line():
    game = ConnectFour()
    pv = (3, 2, 4)
    order = PrincipalVariation(game, game.initial, pv)
    s = game.initial
    for m in pv:
        assert order(s, game.moves(s))[0] == m
        s = game.result(s, m)
    assert order(s, game.moves(s)) == game.moves(s)


def test_front_keeps_the_others_in_order():
    assert front((0, 1, 2, 3), [3]) == (3, 0, 1, 2)
    assert front((0, 1, 2, 3), [9]) == (0, 1, 2, 3)


def test_orderings_never_change_the_value():
    game, e = ConnectFour(), ConnectFour.evaluate
    plain = alphabeta(game, game.initial, 5, evaluate=e)
    for order in (StaticOrder(game, e), History(), Killers(),
                  chain(StaticOrder(game, e), History(), Killers())):
        d = alphabeta_tt(game, game.initial, 5, evaluate=e, order=order)
        assert d.value == plain.value and d.stats.nodes < plain.stats.nodes


@pytest.mark.parametrize("b, d", [(2, 5), (3, 4), (4, 3), (5, 2), (3, 5)])
def test_the_oracle_ordering_meets_knuth_and_moore_on_uniform_trees(b, d):
    game = uniform_tree(b, d, seed=b + d, ties=False, low=-10_000, high=10_000)
    m = minimal_tree(game, game.initial)
    assert m.stats.leaves == knuth_moore_leaves(b, d)
    assert m.stats.nodes == knuth_moore_nodes(b, d)
    assert m.value == alphabeta(game, game.initial).value


def test_the_minimal_tree_of_a_connect_four_position_is_far_below_plain_alphabeta():
    game, e = ConnectFour(), ConnectFour.evaluate
    s = ConnectFour.parse("......./......./......./...o.../...x.../..xo.x.")
    m = minimal_tree(game, s, 5, evaluate=e)
    plain = alphabeta(game, s, 5, evaluate=e)
    assert m.value == plain.value and m.stats.nodes < plain.stats.nodes / 3
    oracle = Oracle(game, e)
    assert oracle(s, game.moves(s), 5)[0] == plain.move or m.move != plain.move
