"""Lesson 08's plain UCT grows the package's MCTS tree, draw for draw.

For the same seed and exploration constant, :func:`plain.uct` and the package's
:class:`~aisearch.search.MCTS` must end with the same tree (every node's children in the same
order, its visits and every player's total reward), play the same move and generate the same
states in the same order (playouts included): on random two-player trees, on trees with
chance nodes whose probabilities are sums of powers of 1/2, on tic-tac-toe and on
three-player coins.
"""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from aisearch import Coins, CountingGame, Max, Min, TicTacToe, TreeGame
from aisearch.games.chance_trees import random_chance_tree
from aisearch.search import MCTS, plain
from tests.search.random_trees import internal

tips = st.integers(-3, 3)
trees = st.recursive(tips, internal, max_leaves=25).filter(
    lambda t: isinstance(t, (list, Min, Max))).map(TreeGame)
chance_trees = st.builds(lambda seed, depth: random_chance_tree(seed, depth=depth, p_tip=0.0),
                         st.integers(0, 10**6), st.integers(2, 5))


def shape(node, children):
    """A tree as nested (visits, rewards, [(move, subtree), ...]), children in their order."""
    return (node.n, list(node.w), [(m, shape(c, children)) for m, c in children(node)])


def both(game, state, iterations, c=plain.mcts.SQRT2, seed=0):
    mine, theirs = CountingGame(game), CountingGame(game)
    move, root = plain.uct(mine, state, iterations, c, seed)
    tree = MCTS(theirs, state, c=c, seed=seed)
    for _ in range(iterations):
        tree.iterate()
    a = (move, shape(root, lambda n: n.children.items()), mine.generated)
    b = (tree.decision().move, shape(tree.root, lambda n: n.children.items()), theirs.generated)
    return a, b


@settings(max_examples=1000, deadline=None)
@given(game=trees | chance_trees, iterations=st.integers(1, 120), seed=st.integers(0, 10**6),
       c=st.sampled_from([0.0, 0.5, math.sqrt(2), 3.0]))
def test_uct_grows_the_package_tree_on_random_trees(game, iterations, seed, c):
    a, b = both(game, game.initial, iterations, c, seed)
    assert a == b


@pytest.mark.parametrize("text", ["...|...|...", "x..|.o.|...", "xx.|oo.|..."])
def test_uct_on_tictactoe(text):
    state = TicTacToe.parse(text.replace("|", "/"))
    for seed in range(3):
        a, b = both(TicTacToe(), state, 400, seed=seed)
        assert a == b


def test_uct_with_three_players():
    game = Coins((4, 1, 9, 2, 1))
    a, b = both(game, game.initial, 500, seed=0)
    assert a == b
    assert len(a[1][1]) == 3  # one total reward per player
