"""Named example trees: the 18-of-41 tree keeps its advertised properties; random trees agree."""

from __future__ import annotations

import pytest

from aisearch.core import MAX, MIN
from aisearch.games.examples import EIGHTEEN_OF_41, eighteen_of_41, random_tree
from aisearch.search import alphabeta, alphabeta_failsoft, minimax, negamax, pearl_ab
from aisearch.trace import Cut, Recorder

ALPHA_BETA = [alphabeta, alphabeta_failsoft, negamax, pearl_ab]

# (path of the node that stops early, kind of cut-off), in search order
CUTS = [
    ((0, 0, 0, 1), "beta"),
    ((0, 0, 1, 0, 1), "alpha"),
    ((0, 0, 1, 1), "beta"),
    ((0, 1, 0, 0), "beta"),
    ((1, 0, 0, 0, 0), "alpha"),
    ((1, 0, 0), "alpha"),
    ((1,), "alpha"),
]


def test_the_tree_has_41_tips_all_at_depth_6_with_alternating_players():
    game = eighteen_of_41
    assert game.tree is EIGHTEEN_OF_41
    assert len(game.tips) == 41
    assert {len(t) for t in game.tips} == {6}
    assert all(game.to_move(s) == (MAX if len(s) % 2 == 0 else MIN) for s in game.states())
    assert set(game.tip_values) <= set(range(10))
    assert {len(game.moves(s)) for s in game.states() if s not in game.tips} == {1, 2, 3}


@pytest.mark.parametrize("search", ALPHA_BETA, ids=lambda f: f.__name__)
def test_every_alpha_beta_form_evaluates_exactly_18_tips_with_the_cut_on_equality(search):
    d = search(eighteen_of_41, (), prune_on_equal=True)
    assert d.stats.leaves == 18
    assert d.stats.nodes == 45
    assert d.stats.cutoffs == 7


@pytest.mark.parametrize("search", ALPHA_BETA, ids=lambda f: f.__name__)
def test_every_alpha_beta_form_agrees_with_minimax(search):
    full = minimax(eighteen_of_41, ())
    assert (full.value, full.move, full.stats.leaves) == (4, 0, 41)
    d = search(eighteen_of_41, ())
    assert (d.value, d.move) == (full.value, full.move)


@pytest.mark.parametrize("search", ALPHA_BETA, ids=lambda f: f.__name__)
def test_the_cut_offs_are_the_documented_ones_and_include_both_kinds(search):
    rec = Recorder()
    search(eighteen_of_41, (), tracer=rec)
    cuts = [(e.path, e.kind) for e in rec.events if isinstance(e, Cut)]
    assert cuts == CUTS
    assert {kind for _, kind in cuts} == {"alpha", "beta"}


def test_the_deep_cut_offs_come_from_ancestors_above_the_parent():
    """(0, 1, 0, 0) is cut by the beta of (0,), (1, 0, 0, 0, 0) by the alpha of the root."""
    rec = Recorder()
    alphabeta(eighteen_of_41, (), tracer=rec)
    window = {e.path: (e.alpha, e.beta) for e in rec.events if isinstance(e, Cut)}
    assert window[(0, 1, 0, 0)][1] == minimax(eighteen_of_41, (0, 0)).value == 4
    assert window[(1, 0, 0, 0, 0)][0] == minimax(eighteen_of_41, (0,)).value == 4


def test_the_strict_test_costs_fail_hard_16_tips_but_not_fail_soft():
    leaves = {f.__name__: f(eighteen_of_41, (), prune_on_equal=False).stats.leaves
              for f in ALPHA_BETA}
    assert leaves == {"alphabeta": 34, "alphabeta_failsoft": 18, "negamax": 18, "pearl_ab": 34}


@pytest.mark.parametrize("seed", range(60))
def test_random_trees_are_seeded_and_every_form_agrees_with_minimax(seed):
    game = random_tree(seed)
    assert game.tree == random_tree(seed).tree
    assert max(len(t) for t in game.tips) <= 4
    full = minimax(game, ())
    for poe in (True, False):
        results = [f(game, (), prune_on_equal=poe) for f in ALPHA_BETA]
        assert {(d.value, d.move) for d in results} == {(full.value, full.move)}
        if poe:
            assert len({d.stats.leaves for d in results}) == 1


def test_random_tree_rejects_bad_shapes():
    with pytest.raises(ValueError, match="depth"):
        random_tree(0, depth=0)
    with pytest.raises(ValueError, match="branching"):
        random_tree(0, branching=(3, 2))
