"""Lesson 06's plain algorithms agree with the package's: expectiminimax, Star1 and Star2.

On thousands of random trees mixing MAX, MIN and chance nodes in any order (consecutive
chance layers, MAX moving twice), with probabilities that are sums of powers of 1/2 and
integer tips, searched to the end or to a depth bound, with tight or loose bounds: the same
value and move as the package's searcher, and the same states generated in the same order.
Expectiminimax agrees on Pig too, whose die has probabilities 1/6.
"""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from aisearch import CountingGame
from aisearch.games import Chance, TreeGame
from aisearch.games.chance_trees import dice_tree, random_chance_tree, scale_tree
from aisearch.games.pig import Pig, PigState
from aisearch.games.tree import Max
from aisearch.search import expectiminimax, minimax, plain, star1, star2

chance_trees = st.builds(
    lambda seed, depth, p_chance, p_tip: random_chance_tree(seed, depth=depth,
                                                            p_chance=p_chance, p_tip=p_tip),
    st.integers(0, 10**6), st.integers(1, 6), st.sampled_from([0.2, 0.4, 0.6]),
    st.sampled_from([0.0, 0.15, 0.3]))


def path_evaluation(s):
    """A deterministic evaluation of a tree's path, within the tips' range -6..6."""
    return (sum(s) * 7 + len(s)) % 13 - 6


def observed_plain(f, game, *args, state=None):
    counted = CountingGame(game)
    value, move = f(counted, counted.initial if state is None else state, *args)
    return value, move, counted.generated


def observed_package(f, game, depth=None, state=None, **options):
    counted = CountingGame(game)
    d = f(counted, counted.initial if state is None else state, depth, fastest_wins=False,
          **options)
    return d.value, d.move, counted.generated


@settings(max_examples=1000, deadline=None)
@given(game=chance_trees, depth=st.none() | st.integers(1, 5))
def test_expectiminimax_backs_up_as_the_package_does(game, depth):
    plain_depth, e = (math.inf, None) if depth is None else (depth, path_evaluation)
    mine = observed_plain(plain.expectiminimax, game, plain_depth, e)
    for package in (expectiminimax, minimax):
        assert mine == observed_package(package, game, depth, evaluate=e)


def test_expectiminimax_on_pig_with_its_die_of_sixths():
    game = Pig(goal=10)
    for state in (game.initial, PigState((4, 7), 3, 1, False, 10),
                  PigState((8, 2), 0, 0, False, 10)):
        for depth in (1, 2, 4, 6):
            mine = observed_plain(plain.expectiminimax, game, depth, game.score_eval, state=state)
            assert mine == observed_package(expectiminimax, game, depth, state=state,
                                            evaluate=game.score_eval)


@pytest.mark.parametrize("name", ["star1", "star2"])
@settings(max_examples=1200, deadline=None)
@given(game=chance_trees, depth=st.none() | st.integers(1, 5),
       slack=st.sampled_from([0, 0, 1, 4, 20]))
def test_star_cuts_as_the_package_does(name, game, depth, slack):
    low, high = -6 - slack, 6 + slack
    plain_depth, e = (math.inf, None) if depth is None else (depth, path_evaluation)
    mine = observed_plain(getattr(plain, name), game, low, high, plain_depth, e)
    package = {"star1": star1, "star2": star2}[name]
    assert mine == observed_package(package, game, depth, evaluate=e, bounds=(low, high))
    assert mine[:2] == observed_plain(plain.expectiminimax, game, plain_depth, e)[:2]


@pytest.mark.parametrize("name", ["star1", "star2"])
def test_star_on_the_lessons_trees(name):
    search = getattr(plain, name)
    for game, bounds in ((dice_tree, (0, 9)), (scale_tree((2, 3, 1, 4)), (0, 5)),
                         (scale_tree((20, 30, 1, 400)), (0, 400))):
        mine = observed_plain(search, game, *bounds)
        package = {"star1": star1, "star2": star2}[name]
        assert mine == observed_package(package, game, bounds=bounds)


def test_star2_probes_and_keeps_what_it_probed():
    """On the AIMA tree Star2 probes the first move of each MIN node below the chance nodes
    and never generates a probed state twice below a MIN node."""
    game = scale_tree((2, 3, 1, 4))
    value, move, generated = observed_plain(plain.star2, game, 0, 5)
    assert (round(value, 9), move) == (2.1, "a1")
    below_min = [s for s in generated if len(s) == 3]
    assert len(below_min) == len(set(below_min))


def test_star2_searches_again_an_outcome_whose_bound_rounding_kept_from_cutting():
    """With probabilities of thirds a failed outcome's bound may round just short of a cut:
    the outcome is searched again for its value (it was left without one: a TypeError)."""
    third = 1 / 3
    game = TreeGame(Max([0, Chance([(third, -4), (third, -2),
                                    (third, Chance([(third, 2), (third, -3), (third, -5)]))])]))
    assert plain.star2(game, game.initial, -6, 6) == plain.expectiminimax(game, game.initial)
    assert plain.star2(game, game.initial, -6, 6) == (0, 0)
