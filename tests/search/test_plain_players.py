"""Lesson 08's plain max^n (with shallow pruning) and paranoid search agree with the package's.

On thousands of random utility-tuple trees of three and four players, searched to the end or
to a depth bound with an evaluation that keeps the game's utility bounds, and on three-player
coins: the same value and move, the same states generated in the same order.
"""

from __future__ import annotations

import math
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from aisearch import Coins, CountingGame, TupleTree
from aisearch.search import maxn, paranoid, plain

TOTAL = 10


def random_tuple_tree(rng, players, depth, branching):
    if depth == 0 or (depth < 4 and rng.random() < 0.15):
        return split(rng, players)
    return [random_tuple_tree(rng, players, depth - 1, branching)
            for _ in range(rng.randint(1, branching))]


def split(rng, players):
    """A utility tuple of ``players`` parts, each >= 0, summing to TOTAL."""
    cuts = sorted(rng.randint(0, TOTAL) for _ in range(players - 1))
    return tuple(b - a for a, b in zip([0, *cuts], [*cuts, TOTAL], strict=True))


def tuple_evaluation(game):
    """A deterministic evaluation that keeps the game's utility bounds: one of its tips."""
    tips = sorted(set(game.tips()))

    def evaluate(s):
        return tips[len(repr(s)) * 7 % len(tips)]
    return evaluate


@st.composite
def tuple_trees(draw):
    players = draw(st.integers(3, 4))
    rng = random.Random(draw(st.integers(0, 10**9)))
    return TupleTree(random_tuple_tree(rng, players, draw(st.integers(1, 5)), 3))


def observed(run, game, state=None):
    counted = CountingGame(game)
    value, move = run(counted, counted.initial if state is None else state)
    return value, move, counted.generated


@settings(max_examples=1200, deadline=None)
@given(game=tuple_trees(), depth=st.none() | st.integers(1, 4))
def test_maxn_prunes_as_the_package_does(game, depth):
    e = tuple_evaluation(game)
    mine = observed(lambda g, s: plain.maxn(g, s, math.inf if depth is None else depth, e),
                    game)
    assert mine == observed(lambda g, s: (lambda d: (d.value, d.move))(
        maxn(g, s, depth, evaluate=e)), game)


@settings(max_examples=1000, deadline=None)
@given(game=tuple_trees(), depth=st.none() | st.integers(1, 4), me=st.integers(0, 3))
def test_paranoid_searches_as_the_package_does(game, depth, me):
    me %= game.players
    e = tuple_evaluation(game)
    mine = observed(lambda g, s: plain.paranoid(g, s, math.inf if depth is None else depth, e,
                                                me), game)
    assert mine == observed(lambda g, s: (lambda d: (d.value, d.move))(
        paranoid(g, s, depth, evaluate=e, player=me)), game)


def test_three_player_coins():
    def decided(d):
        return d.value, d.move

    for row in ((4, 1, 9, 2, 1), (3, 9, 1, 2, 8, 4, 7), (5, 5, 1, 1, 2)):
        game = Coins(row)

        def evaluate(s, total=game.total):  # the scores so far, as utilities
            return tuple(3 * score - total for score in s.scores)

        for depth in (None, 2, 4):
            bound = math.inf if depth is None else depth
            mine = observed(lambda g, s, b=bound, e=evaluate: plain.maxn(g, s, b, e), game)
            assert mine == observed(lambda g, s, d=depth, e=evaluate: decided(
                maxn(g, s, d, evaluate=e)), game)
            for me in range(3):
                mine = observed(lambda g, s, b=bound, e=evaluate, me=me: plain.paranoid(
                    g, s, b, e, me), game)
                assert mine == observed(lambda g, s, d=depth, e=evaluate, me=me: decided(
                    paranoid(g, s, d, evaluate=e, player=me)), game)
