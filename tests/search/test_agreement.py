"""Every alpha-beta variant agrees with minimax: value and move, ties included.

Random trees of varied shape (uneven branching, explicit MIN/MAX layers, ties, infinite
tips) under both pruning conventions, full depth and depth-limited.
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from aisearch import Recorder, alphabeta, alphabeta_failsoft, minimax, negamax, pearl_ab
from aisearch.trace import Leaf
from tests.search.random_trees import path_evaluation, trees

VARIANTS = [alphabeta, alphabeta_failsoft, negamax, pearl_ab]


def leaves(search, game, **kw):
    rec = Recorder()
    search(game, game.initial, tracer=rec, **kw)
    return [e.path for e in rec.events if type(e) is Leaf]


@settings(max_examples=1000)
@given(game=trees, prune_on_equal=st.booleans())
def test_variants_return_minimax_value_and_first_best_move(game, prune_on_equal):
    expected = minimax(game, game.initial)
    for search in VARIANTS:
        got = search(game, game.initial, prune_on_equal=prune_on_equal)
        assert (got.value, got.move) == (expected.value, expected.move), search.__name__
        assert got.stats.leaves <= expected.stats.leaves


@settings(max_examples=500)
@given(game=trees, depth=st.integers(0, 4), prune_on_equal=st.booleans())
def test_variants_agree_with_minimax_at_a_depth_bound(game, depth, prune_on_equal):
    kw = dict(evaluate=path_evaluation)
    expected = minimax(game, game.initial, depth, **kw)
    for search in VARIANTS:
        got = search(game, game.initial, depth, prune_on_equal=prune_on_equal, **kw)
        assert (got.value, got.move) == (expected.value, expected.move), search.__name__


@settings(max_examples=500)
@given(game=trees)
def test_cutting_on_equality_all_variants_evaluate_the_same_tips(game):
    reference = leaves(alphabeta, game)
    for search in VARIANTS[1:]:
        assert leaves(search, game) == reference, search.__name__


@settings(max_examples=300)
@given(game=trees)
def test_the_principal_variation_leads_to_a_tip_worth_the_value(game):
    for search in [minimax, *VARIANTS]:
        d = search(game, game.initial)
        s = game.initial
        for m in d.pv:
            s = game.result(s, m)
        assert game.is_terminal(s), search.__name__
        assert game.utility(s) == d.value, search.__name__
        assert d.pv[:1] == ((d.move,) if d.move is not None else ())


@pytest.mark.parametrize("search", VARIANTS)
def test_strict_pruning_never_evaluates_fewer_tips_than_pruning_on_equality(search):
    from aisearch import uniform_tree

    for seed in range(50):
        game = uniform_tree(3, 4, seed=seed, low=0, high=3)  # many ties
        strict = search(game, game.initial, prune_on_equal=False).stats.leaves
        equal = search(game, game.initial, prune_on_equal=True).stats.leaves
        assert strict >= equal
