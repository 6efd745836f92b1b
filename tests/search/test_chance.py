"""Expectiminimax, and Star1 and Star2 against it.

Hand-worked trees give known values; minimax and expectiminimax agree on values, moves and
the states they generate; Star1 and Star2 return exactly the expectiminimax value and move on
thousands of random trees mixing MAX, MIN and chance nodes (consecutive chance layers too)
while searching no more nodes.
"""

import random
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from aisearch import CHANCE, Chance, CountingGame, Max, Min, Recorder, Replay, TreeGame
from aisearch.games.chance_trees import dice_tree, random_chance_tree, scale_tree
from aisearch.games.pig import Pig, PigState
from aisearch.search import expectiminimax, minimax, star1, star2
from aisearch.trace import Cut, Enter, Exit, Expectation, Leaf

INF = float("inf")


def observed(search, game, depth=None, **options):
    counted = CountingGame(game)
    d = search(counted, counted.initial, depth, **options)
    return d.value, d.move, d.pv, d.stats, counted.generated


def test_the_dice_tree_is_worth_3_5_and_max_takes_the_risky_move():
    """MIN's values after 'a': 3 2 4 3 2 4 (mean 3); after 'b': 1 6 0 5 6 3 (mean 3.5)."""
    d = expectiminimax(dice_tree, ())
    assert (d.value, d.move, d.stats.chance_nodes, d.stats.leaves) == (3.5, "b", 2, 24)


def test_an_order_preserving_change_of_the_tips_changes_expectimax_but_not_minimax():
    """AIMA Fig 5.12: 0.9 * 2 + 0.1 * 3 = 2.1 > 1.3; 0.9 * 20 + 0.1 * 30 = 21 < 40.9."""
    small, large = scale_tree((2, 3, 1, 4)), scale_tree((20, 30, 1, 400))
    assert expectiminimax(small, ()).value == pytest.approx(2.1)
    assert expectiminimax(small, ()).move == "a1"
    assert expectiminimax(large, ()).value == pytest.approx(40.9)
    assert expectiminimax(large, ()).move == "a2"
    as_minimax = [TreeGame({"a1": Min([2, 3]), "a2": Min([1, 4])}),
                  TreeGame({"a1": Min([20, 30]), "a2": Min([1, 400])})]
    assert [minimax(g, ()).move for g in as_minimax] == ["a1", "a1"]


def test_consecutive_chance_layers_multiply_their_probabilities():
    """A coin, then another coin: 1/4 each of 8, 0, 4, 4, so 4; MAX prefers it to 3."""
    game = TreeGame([Chance([(0.5, Chance([(0.5, 8), (0.5, 0)])),
                             (0.5, Chance([(0.5, 4), (0.5, 4)]))]), 3])
    d = expectiminimax(game, ())
    assert (d.value, d.move) == (4, 0)


def test_depth_limited_expectiminimax_evaluates_at_the_bound_and_counts_chance_as_a_ply():
    game = TreeGame([Chance([(0.5, [1, 9]), (0.5, [5, 7])]), 4])
    seen = []

    def evaluate(s):
        seen.append(s)
        return 10 * len(s)

    d = expectiminimax(game, (), 2, evaluate=evaluate)
    assert sorted(seen) == [(0, 0), (0, 1)] and d.value == 20


@pytest.mark.parametrize("seed", range(150))
def test_minimax_and_expectiminimax_agree_on_values_moves_and_states(seed):
    game = random_chance_tree(seed)
    for options in ({}, {"fastest_wins": False}):
        assert observed(minimax, game, **options) == observed(expectiminimax, game, **options)
    assert observed(minimax, game, 3, evaluate=lambda s: len(s)) == observed(
        expectiminimax, game, 3, evaluate=lambda s: len(s))


def test_minimax_and_expectiminimax_agree_on_pig_positions():
    game = Pig(goal=10)
    states = [game.initial, PigState((4, 7), 3, 1, False, 10), PigState((8, 2), 0, 0, False, 10),
              PigState((6, 6), 2, 0, True, 10)]
    for s in states:
        for depth in (1, 2, 4, 6):
            a = minimax(game, s, depth, evaluate=game.score_eval)
            b = expectiminimax(game, s, depth, evaluate=game.score_eval)
            assert (a.value, a.move, a.stats) == (b.value, b.move, b.stats)


def test_a_chance_node_reports_its_expectation_and_outcome_probabilities():
    rec = Recorder()
    expectiminimax(scale_tree(), (), tracer=rec)
    expectations = [e for e in rec.events if type(e) is Expectation]
    assert [e.path for e in expectations] == [("a1",), ("a2",)]
    assert expectations[0].value == pytest.approx(2.1)
    replay = Replay(rec)
    assert replay.find(("a1", 1)).prob == 0.1 and replay.find(("a1",)).player == CHANCE


# -- Star1 and Star2 ---------------------------------------------------------------------
def same_as_expectiminimax(game, bounds, depth=None, state=None, **options):
    state = game.initial if state is None else state
    e = expectiminimax(game, state, depth, **options)
    for search in (star1, star2):
        d = search(game, state, depth, bounds=bounds, **options)
        assert (d.value, d.move) == (e.value, e.move), search.__name__
        if options.get("prune_on_equal", True):
            assert d.stats.nodes <= e.stats.nodes, search.__name__
            assert d.stats.leaves <= e.stats.leaves, search.__name__
    return e


@settings(max_examples=2500, deadline=None, derandomize=True)
@given(st.integers(0, 10**9), st.integers(0, 3))
def test_star1_and_star2_return_the_expectiminimax_value_with_no_more_nodes(seed, slack):
    """Random trees of MAX, MIN and chance nodes in any order, tips in [-6, 6]; the bounds
    are exact or looser by ``slack``."""
    game = random_chance_tree(seed)
    same_as_expectiminimax(game, (-6 - slack, 6 + slack))


@settings(max_examples=400, deadline=None, derandomize=True)
@given(st.integers(0, 10**9))
def test_star1_and_star2_agree_with_strict_pruning_and_at_a_depth_bound(seed):
    game = random_chance_tree(seed, depth=6, p_chance=0.5)
    same_as_expectiminimax(game, (-6, 6), prune_on_equal=False)
    same_as_expectiminimax(game, (-6, 6), 3, evaluate=lambda s: len(s) % 5 - 2)


@pytest.mark.slow
def test_star_pruning_saves_nodes_on_random_trees():
    """Over many trees the cut-offs add up (an observation, not only an upper bound)."""
    total = {f.__name__: 0 for f in (expectiminimax, star1, star2)}
    for seed in range(200):
        game = random_chance_tree(seed, depth=6)
        total["expectiminimax"] += expectiminimax(game, ()).stats.nodes
        total["star1"] += star1(game, (), bounds=(-6, 6)).stats.nodes
        total["star2"] += star2(game, (), bounds=(-6, 6)).stats.nodes
    assert total["star1"] < total["expectiminimax"] and total["star2"] < total["expectiminimax"]


def test_star_searches_agree_on_pig_with_wins_scored_by_distance():
    game = Pig(goal=8)
    for s in (game.initial, PigState((6, 5), 0, 1, False, 8), PigState((3, 7), 4, 0, False, 8)):
        same_as_expectiminimax(game, (-1, 1), 5, s, evaluate=game.score_eval)


def test_a_star1_cut_is_recorded_with_its_kind_and_the_outcome_probabilities():
    rec = Recorder()
    d = star1(scale_tree(), (), bounds=(0, 5), tracer=rec)
    cuts = [e for e in rec.events if type(e) is Cut]
    assert [c.kind for c in cuts] == ["alpha", "star1"] and d.stats.cutoffs == 2
    stubs = [v for v in Replay(rec).searches[0].visits if v.pruned is not None]
    assert any(v.path == ("a2", 1) and v.prob == 0.1 for v in stubs)


def test_star2_probes_and_counts_a_probed_node_once():
    d = star2(scale_tree(), (), bounds=(0, 5))
    assert d.stats.probes == 3 and d.stats.nodes == 11
    rec = Recorder()
    star2(scale_tree(), (), bounds=(0, 5), tracer=rec)
    assert any(type(e) is Cut and e.kind == "star2" for e in rec.events)


def test_leaves_outside_the_bounds_are_an_error():
    with pytest.raises(ValueError, match="bounds"):
        star1(dice_tree, (), bounds=(0, 5))


def test_bounds_default_to_the_win_payoff_and_are_required_otherwise():
    assert star1(Pig(goal=5), Pig(goal=5).initial, 3, evaluate=Pig(5).score_eval).move == "roll"
    with pytest.raises(ValueError, match="needs bounds"):
        star1(dice_tree, ())


@pytest.mark.parametrize("search", [star1, star2])
def test_star_bounds_are_any_real_numbers_numpy_s_and_fractions_included(search):
    """Bounds computed in a notebook (numpy's numbers) or exactly (Fractions) search as the
    ints they equal."""
    want = search(dice_tree, (), bounds=(0, 9))
    for low, high in [(np.int64(0), np.float32(9)), (np.float64(0), np.int32(9)),
                      (Fraction(0), Fraction(9))]:
        assert search(dice_tree, (), bounds=(low, high)) == want


def test_star_searchers_accept_max_and_min_roots_over_explicit_nodes():
    game = TreeGame(Min([Chance([(0.25, Max([1, 5])), (0.75, 2)]), 3]))
    assert star2(game, (), bounds=(0, 5)).value == expectiminimax(game, ()).value == 2.75


@pytest.mark.parametrize("tree, value, move", [
    # A window bound of (7 - 3.0000000000000004) / 0.7 = 10.000000000000002 is over the tip
    # bound 10: a tip worth exactly 10 looked like an upper bound only, and no cut followed.
    (Max([Chance([(1 / 3, 10), (1 / 3, 10), (1 / 3, 1)]),
          Chance([(0.1, 0), (0.2, 0), (0.7, 10)])]), 7.0, 1),
    (Max([Chance([(0.1, 0), (0.2, 5), (0.7, 5)]),
          Chance([(0.3, 10), (0.3, 1), (0.4, 3)])]), 4.5, 0),
    # Rounding at an inner node: the child is searched again, so the sum stays exact.
    (Max([Chance([(1 / 6, Min([1, 0, 5])), (1 / 6, Min([10, 5])), (1 / 6, Min([3, 3, 1])),
                  (1 / 6, Min([1])), (1 / 6, Min([3, 5])), (1 / 6, Min([2, 1]))]),
          Chance([(0.3, Min([3])), (0.3, Min([0, 0, 5])), (0.4, Min([2, 10, 2]))]),
          Chance([(1 / 6, Min([1, 10])), (1 / 6, Min([3])), (1 / 6, Min([1, 2, 1])),
                  (1 / 6, Min([2])), (1 / 6, Min([10, 3])), (1 / 6, Min([3, 1, 1]))])]),
     1.8333333333333333, 0),
])
def test_star_searches_survive_window_bounds_rounded_past_the_tip_bounds(tree, value, move):
    game = TreeGame(tree)
    for prune_on_equal in (True, False):
        e = expectiminimax(game, ())
        assert (e.value, e.move) == (pytest.approx(value), move)
        for search in (star1, star2):
            d = search(game, (), bounds=(0, 10), prune_on_equal=prune_on_equal)
            assert (d.value, d.move) == (e.value, e.move), (search.__name__, prune_on_equal)


# -- Star1 and Star2 where sums round --------------------------------------------------------
# Probabilities like 1/3 or 0.1 are not exact in floating point: a window edge or a sum of
# bounds can land an ulp away from where exact arithmetic puts it.
_ROUNDING = [(1 / 3, 1 / 3, 1 / 3), (0.1, 0.2, 0.7), (0.3, 0.7), (0.7, 0.3), (0.9, 0.1),
             (1 / 6,) * 6, (0.2, 0.3, 0.5), (0.6, 0.4), (0.1, 0.9), (0.4, 0.6), (0.3, 0.3, 0.4),
             (1 / 7,) * 7]


def rounding_tree(seed):
    """A random tree of MAX, MIN and chance nodes with tips in [0, 10] whose probabilities
    (thirds, sixths, sevenths, tenths) do not add exactly in floating point."""
    rng = random.Random(seed)

    def node(depth):
        if depth == 0 or (depth < 3 and rng.random() < 0.25):
            return rng.randint(0, 10)
        r = rng.random()
        if r < 0.4:
            return Chance([(p, node(depth - 1)) for p in rng.choice(_ROUNDING)])
        children = [node(depth - 1) for _ in range(rng.randint(1, 3))]
        return Max(children) if r < 0.7 else Min(children)

    tree = node(rng.randint(3, 4))
    return TreeGame(tree if isinstance(tree, (Max, Min, Chance)) else Max([tree]))


def eleven(s):
    return (sum(s) * 7 + len(s) * 3) % 11  # an evaluation in [0, 10]


def expectations(search, game, depth, **options):
    rec = Recorder()
    if depth is not None:
        options["evaluate"] = eleven
    d = search(game, (), depth, tracer=rec, **options)
    return d, rec.events, [e for e in rec.events if type(e) is Expectation]


def test_star2_adds_an_expectation_in_order_when_its_probes_value_every_outcome():
    """1/3 * 9 + 1/3 * 9 + 1/3 * 1 adds up to 6.333333333333333 in this order and to
    6.333333333333334 in the order 9, 1, 9: expectiminimax picks the second chance node.
    Star2's probes value all three tips of it; a sum of them in another order (``fsum``) cut
    it off as no better than the first, and Star2 took the first move."""
    third = 1 / 3
    game = TreeGame(Max([Chance([(third, 9), (third, 9), (third, 1)]),
                         Chance([(third, 9), (third, 1), (third, 9)])]))
    e = expectiminimax(game, ())
    assert (e.value, e.move) == (6.333333333333334, 1)
    for prune_on_equal in (True, False):
        for search in (star1, star2):
            d = search(game, (), bounds=(0, 10), prune_on_equal=prune_on_equal)
            assert (d.value, d.move, d.pv) == (e.value, e.move, e.pv), search.__name__


@pytest.mark.slow
@pytest.mark.parametrize("search", [star1, star2])
def test_a_star_expectation_of_every_outcome_is_expectiminimaxs_where_sums_round(search):
    """Wherever Star1 or Star2 reports a chance node's expectation with every outcome's value
    (not cut off), the values and their sum are expectiminimax's at that node, added in the
    same order, to the last bit: a bound is never passed off as a value."""
    checked = 0
    for seed in range(150):
        game = rounding_tree(seed)
        for depth in (None, 2, 3):
            for prune_on_equal in (True, False):
                _, _, want = expectations(expectiminimax, game, depth,
                                          prune_on_equal=prune_on_equal)
                want = {e.path: (e.outcomes, e.value) for e in want}
                _, _, got = expectations(search, game, depth, bounds=(0, 10),
                                         prune_on_equal=prune_on_equal)
                for e in got:
                    if all(v is not None for _, _, v in e.outcomes):
                        assert want.get(e.path) == (e.outcomes, e.value), (seed, depth, e.path)
                        checked += 1
    assert checked > 1000


# Random rounding trees kept as literals (found with the generator above, seeds 5141, 273,
# 104 and 1996 with a depth of 5), each pinning one place where Star1 must not mistake a
# window's bound for a value or value a leaf twice.
_ROUNDING_CASES = [
    # The chance node (1, 2) fails low by an ulp less than its window: the sum of the
    # bounds stays above alpha, so the node is searched again for its value (it is not cut).
    (Max([9, Chance([(1 / 3, Max([9, 8, 1])), (1 / 3, 8),
                     (1 / 3, Chance([(0.2, 1), (0.3, 3), (0.5, 0)]))])]), None, False),
    # Depth 4, strict cuts: the MIN node (0, 1, 0) two plies above the bound fails by an
    # ulp too little and is searched again, with the plies it had (so its leaves twice).
    (Min([Min([Min([Chance([(0.3, Max([0, 0])), (0.3, Max([0, 2])), (0.4, Min([8, 6]))])]),
               Chance([(0.9, Min([Chance([(1 / 3, 6), (1 / 3, 5), (1 / 3, 4)]),
                                  Min([9, 7, 1])])),
                       (0.1, Max([Min([2, 9]), Chance([(0.3, 3), (0.3, 2), (0.4, 9)]),
                                  Min([4])]))]),
               Chance([(0.3, 2),
                       (0.3, Min([Max([5, 7, 2]), Chance([(0.1, 9), (0.2, 6), (0.7, 3)]),
                                  Chance([(0.4, 7), (0.6, 9)])])),
                       (0.4, Min([Min([7, 5, 3]), Min([10, 4])]))])]),
          Max([Max([Chance([(0.3, Min([0, 6, 1])), (0.7, Min([9, 0]))]),
                    Min([Chance([(0.1, 5), (0.9, 8)]), 6])])])]), 4, False),
    # At the depth bound a leaf's value is exact whatever its window: (1, 1) is valued once.
    (Max([9, Chance([(0.1, Max([10, 6])), (0.2, Min([2, 6])),
                     (0.7, Chance([(0.3, 2), (0.3, 2), (0.4, 9)]))]),
          Chance([(1 / 6, 9), (1 / 6, Min([2, 2])), (1 / 6, Chance([(0.9, 7), (0.1, 2)])),
                  (1 / 6, Max([3, 8, 5])), (1 / 6, Max([2, 1, 9])), (1 / 6, Max([4, 0]))])]), 2,
     True),
    # One ply above the bound a MAX or MIN node's value is only as exact as its window.
    (Min([Chance([(1 / 3, Min([2])), (1 / 3, 2), (1 / 3, 10)]),
          Chance([(1 / 3, Max([5, 9])), (1 / 3, 4), (1 / 3, Max([3, 4, 2]))]),
          Chance([(1 / 3, Min([4])), (1 / 3, Chance([(0.1, 5), (0.2, 9), (0.7, 8)])),
                  (1 / 3, 1)])]), 3, True),
]


@pytest.mark.parametrize("tree, depth, once", _ROUNDING_CASES)
def test_star_values_each_leaf_once_and_reports_expectiminimaxs_expectations(tree, depth, once):
    """Values, moves, lines and every full expectation as expectiminimax's; each leaf valued
    once where no inner node has to be searched again (``once``)."""
    game = TreeGame(tree)
    for prune_on_equal in (True, False):
        e, _, want = expectations(expectiminimax, game, depth, prune_on_equal=prune_on_equal)
        want = {x.path: (x.outcomes, x.value) for x in want}
        for search in (star1, star2):
            d, events, got = expectations(search, game, depth, bounds=(0, 10),
                                          prune_on_equal=prune_on_equal)
            assert (d.value, d.move, d.pv) == (e.value, e.move, e.pv)
            leaves = [x.path for x in events if type(x) is Leaf]
            if once:
                assert len(leaves) == len(set(leaves)), search.__name__
            for x in got:
                if all(v is not None for _, _, v in x.outcomes):
                    assert want.get(x.path) == (x.outcomes, x.value), (search.__name__, x.path)


@pytest.mark.parametrize("tree, probe", [
    # beta = 5 at the chance node: the probe of (1, 0) may fail high at
    # b = (5 - 0.5 * L) / 0.5 = 10 = U, so its first move (1, 0, 0) stops at the tip 10.
    (Min([5, Chance([(0.5, Max([Max([10, 3]), 4])), (0.5, Max([0, 6]))])]), (-INF, 10)),
    # alpha = 5: the probe of (1, 0) may fail low at a = (5 - 0.5 * U) / 0.5 = 0 = L.
    (Max([5, Chance([(0.5, Min([Min([0, 7]), 4])), (0.5, Min([10, 6]))])]), (0, INF)),
])
def test_a_star2_probe_whose_window_edge_is_a_bound_cuts_on_equality(tree, probe):
    """A probe's window edge at U (or L) is a real edge: reaching it cuts, as it does in
    Star1, where the outcome gets the same edge. Tips 10 then a cut: 2 leaves each."""
    game = TreeGame(tree)
    rec = Recorder()
    d = star2(game, (), bounds=(0, 10), tracer=rec)
    assert (d.value, d.move) == (5, 0) and d.stats.probes == 1
    assert [(e.alpha, e.beta) for e in rec.events if type(e) is Enter and e.path == (1, 0)][
        0] == probe
    cuts = [(e.path, e.skipped) for e in rec.events if type(e) is Cut]
    assert cuts == [((1, 0, 0), (1,)), ((1,), (1,))]
    assert d.stats.leaves == star1(game, (), bounds=(0, 10)).stats.leaves == 2


def moves_entered_and_skipped(events, skips):
    """Per visit of a node: the moves entered below it and those its cuts say they skip."""
    stack, visits = [], []
    for e in events:
        if type(e) is Enter:
            if stack and e.path[:-1] == stack[-1][0]:
                stack[-1][1].add(e.path[-1])
            stack.append((e.path, set(), set()))
        elif type(e) is Cut and skips(e):
            stack[-1][2].update(e.skipped)
        elif type(e) is Exit:
            visits.append(stack.pop())
    return visits


@pytest.mark.parametrize("search", [star1, star2])
def test_a_star_cut_skips_only_outcomes_it_has_not_searched(search):
    """A cut lists the moves it leaves out: never one searched in the same visit. (After
    Star2's probes, a Star1 cut may skip outcomes that were probed: their full search is
    what it leaves out.)"""
    cuts = 0
    for seed in range(40):
        rec = Recorder()
        search(random_chance_tree(seed, depth=5), (), bounds=(-6, 6), tracer=rec)
        visits = moves_entered_and_skipped(
            rec.events, lambda e: search is star1 or e.kind != "star1")
        for path, entered, skipped in visits:
            assert not entered & skipped, (seed, path)
        cuts += sum(bool(skipped) for _, _, skipped in visits)
    assert cuts > 40


@pytest.mark.parametrize("tree, probe", [
    # beta = 6: b = (6 - 0.5 * L) / 0.5 = 12 is past U, so no first move fails high.
    (Min([6, Chance([(0.5, Max([Max([10, 3]), 4])), (0.5, Max([0, 6]))])]), (-INF, INF)),
    # alpha = 4: a = (4 - 0.5 * U) / 0.5 = -2 is below L, so no first move fails low.
    (Max([4, Chance([(0.5, Min([Min([0, 7]), 4])), (0.5, Min([10, 6]))])]), (-INF, INF)),
])
def test_a_star2_probe_that_cannot_fail_is_searched_with_an_open_window(tree, probe):
    game = TreeGame(tree)
    rec = Recorder()
    d = star2(game, (), bounds=(0, 10), tracer=rec)
    assert (d.value, d.move) == (expectiminimax(game, ()).value, expectiminimax(game, ()).move)
    assert [(e.alpha, e.beta) for e in rec.events if type(e) is Enter and e.path == (1, 0)][
        0] == probe


@pytest.mark.parametrize("search", [star1, star2])
def test_a_learning_order_is_told_of_cut_offs_among_moves_never_among_outcomes(search):
    """Killers and history learn from the moves they ordered: a chance node's cut-off skips
    dice outcomes, which no ordering saw (the cut is counted all the same)."""

    class Spy:
        def __init__(self):
            self.told = []

        def __call__(self, s, moves):
            return moves

        def cutoff(self, s, move, depth):
            self.told.append(s)

    told = cut = 0
    for seed in range(40):
        game = random_chance_tree(seed, depth=4)
        spy, rec = Spy(), Recorder()
        search(game, game.initial, order=spy, bounds=(-6, 6), tracer=rec)
        assert all(game.to_move(s) != CHANCE for s in spy.told), seed
        told += len(spy.told)
        cut += sum(1 for e in rec.events if type(e) is Cut and e.kind in ("star1", "star2"))
    assert told > 0 and cut > 0  # (both kinds of cut-off happen on these trees)
