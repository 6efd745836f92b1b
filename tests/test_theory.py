"""The numbers of Nilsson 12.4: Knuth-Moore's minimal tree, Pearl's branching factor."""

import math

import pytest

from aisearch import MAX, MIN, alphabeta, alphabeta_tt, minimax, pvs, uniform_tree
from aisearch.core import GameBase
from aisearch.theory import (
    effective_branching_factor,
    knuth_moore_leaves,
    knuth_moore_nodes,
    pearl_branching,
    pearl_xi,
)


def test_knuth_moore_has_minus_one_not_plus_one():
    assert [knuth_moore_leaves(3, d) for d in range(6)] == [1, 3, 5, 11, 17, 35]
    for b in range(2, 9):
        for d in range(2, 9):
            assert knuth_moore_leaves(b, d) == b ** math.ceil(d / 2) + b ** math.floor(d / 2) - 1


@pytest.mark.parametrize("b, d", [(b, d) for b in range(2, 9) for d in range(2, 9)
                                  if b ** d <= 50_000])
def test_perfectly_ordered_trees_enter_exactly_the_minimal_trees_nodes(b, d):
    game = uniform_tree(b, d, seed=b * 10 + d, ordering="best")
    stats = alphabeta(game, game.initial).stats
    assert (stats.leaves, stats.nodes) == (knuth_moore_leaves(b, d), knuth_moore_nodes(b, d))


def test_pearls_branching_factor_against_its_approximation():
    """Nilsson 12.4 via Pearl 1982: b=2 gives 1.618 (b**0.75 = 1.682), b=10 gives 5.064."""
    assert round(pearl_branching(2), 3) == 1.618 and round(2 ** 0.75, 3) == 1.682
    assert round(pearl_branching(10), 3) == 5.064 and round(10 ** 0.75, 3) == 5.623
    for b in range(1, 30):
        xi = pearl_xi(b)
        assert abs(xi ** b + xi - 1) < 1e-12 and 0 < xi < 1
        assert math.sqrt(b) - 1e-9 <= pearl_branching(b) <= b


def test_effective_branching_factor_inverts_the_uniform_tree_counts():
    assert effective_branching_factor(1 + 4 + 16 + 64, 3) == pytest.approx(4)
    assert effective_branching_factor(knuth_moore_leaves(9, 6), 6, leaves=True) == pytest.approx(
        (2 * 9 ** 3 - 1) ** (1 / 6))
    with pytest.raises(ValueError, match="depth must be"):
        effective_branching_factor(10, 0)
    with pytest.raises(ValueError, match="n must be a finite count"):
        effective_branching_factor(0.5, 2)


@pytest.mark.slow
def test_random_ordering_grows_like_pearls_factor():
    """Average tips over 30 random trees, b = 3: the growth per ply lies between Knuth-Moore's
    sqrt(3) and 3, near R(3) = 2.15 (a loose check: trees are small)."""
    b = 3
    tips = [sum(alphabeta(g, g.initial).stats.leaves for g in
                (uniform_tree(b, d, seed=s, ties=False, low=-10 ** 6, high=10 ** 6)
                 for s in range(30))) / 30 for d in (6, 8)]
    growth = math.sqrt(tips[1] / tips[0])
    assert math.sqrt(b) < growth < b
    assert abs(growth - pearl_branching(b)) < 0.5


class PerfectlyOrdered(GameBase):
    """A uniform tree built lazily, every node's first child strictly its best (a node's value
    is its parent's for child 0, worse by ``i`` for the parent's player for child ``i``)."""

    def __init__(self, b, d):
        self.b, self.d, self.initial = b, d, ()

    def to_move(self, s):
        return MAX if len(s) % 2 == 0 else MIN

    def moves(self, s):
        return tuple(range(self.b)) if len(s) < self.d else ()

    def result(self, s, m):
        return s + (m,)

    def is_terminal(self, s):
        return len(s) >= self.d

    def utility(self, s, player=MAX):
        v = sum(-m if k % 2 == 0 else m for k, m in enumerate(s))
        return v if player == MAX else -v


@pytest.mark.parametrize("b", range(2, 9))
def test_perfect_order_meets_knuth_and_moore_exactly_for_b_and_d_from_2_to_8(b):
    """Up to 8**8 tips: the lazy tree costs only the nodes alpha-beta visits."""
    for d in range(2, 9):
        game = PerfectlyOrdered(b, d)
        for search in (alphabeta, alphabeta_tt, pvs):
            stats = search(game, game.initial).stats
            assert stats.leaves == knuth_moore_leaves(b, d), (search.__name__, d)
        if b ** d <= 5000:  # the root's value is its first line's: 0
            assert minimax(game, game.initial).value == 0
