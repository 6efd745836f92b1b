"""max^n and paranoid search: hand-worked utility-tuple trees, shallow pruning that never
changes a value, paranoid = alpha-beta against a coalition, and a real game where the two
play differently."""

import itertools
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from aisearch import Coins, Recorder, TupleTree, fig5_2, maxn, minimax, paranoid, utilities
from aisearch.games import TreeGame
from aisearch.search import Paranoid

# Three players, 0 at the root, 1 below, then the tips (each sums to 9).
KORF = TupleTree([[(6, 3, 0), (1, 1, 7)], [(2, 7, 0), (4, 4, 1)]])


def brute_maxn(game, s):
    if game.is_terminal(s):
        return utilities(game, s)
    p = game.to_move(s)
    best = None
    for m in game.moves(s):
        v = brute_maxn(game, game.result(s, m))
        if best is None or v[p] > best[p]:
            best = v
    return best


def test_maxn_on_a_hand_worked_tree():
    """Player 1 at (0,) takes (6,3,0) (3 > 1); at (1,) it takes (2,7,0) (7 > 4);
    player 0 then prefers 6 to 2."""
    d = maxn(KORF, (), prune=False)
    assert (d.value, d.move, d.pv) == ((6, 3, 0), 0, (0, 0))
    assert d.stats.nodes == 7 and d.stats.leaves == 4 and d.stats.cutoffs == 0


def test_shallow_pruning_skips_what_the_parent_cannot_want():
    """At (1,), player 1 gets 7 from its first child; player 0 can then get at most
    9 - 7 = 2 there, less than the 6 it has: (1, 1) is never searched."""
    d = maxn(KORF, ())
    assert d.value == (6, 3, 0) and d.stats.cutoffs == 1 and d.stats.nodes == 6
    assert KORF.utility_bounds == (0, 9)


def test_three_levels_hand_worked():
    game = TupleTree([[[(1, 2, 3), (3, 2, 1)], [(2, 2, 2), (0, 6, 0)]],
                      [[(5, 1, 0), (4, 0, 2)], [(0, 0, 6), (3, 3, 0)]]])
    # player 2 picks by its component: (1,2,3), (2,2,2), (4,0,2), (0,0,6);
    # player 1: max(2, 2) -> (1,2,3) first; max(0, 0) -> (4,0,2) first; player 0: 4 > 1
    assert maxn(game, (), prune=False).value == (4, 0, 2) == brute_maxn(game, ())
    assert maxn(game, ()).move == 1


def random_tuple_tree(rng, players, depth, branching, total):
    if depth == 0:
        cuts = sorted(rng.randint(0, total) for _ in range(players - 1))
        parts = [b - a for a, b in zip([0, *cuts], [*cuts, total], strict=True)]
        return tuple(parts)
    return [random_tuple_tree(rng, players, depth - 1, branching, total)
            for _ in range(rng.randint(1, branching))]


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 10**6), st.integers(3, 4), st.integers(1, 5))
def test_shallow_pruning_never_changes_the_value_or_the_move(seed, players, depth):
    rng = random.Random(seed)
    game = TupleTree(random_tuple_tree(rng, players, depth, 3, 10))
    pruned, full = maxn(game, ()), maxn(game, (), prune=False)
    assert pruned.value == full.value == brute_maxn(game, ())
    assert pruned.move == full.move and pruned.stats.nodes <= full.stats.nodes


def test_maxn_with_two_zero_sum_players_is_minimax():
    for seed in range(10):
        from aisearch.games import uniform_tree

        game = uniform_tree(3, 3, seed=seed)
        d, m = maxn(game, ()), minimax(game, ())
        assert d.value == (m.value, -m.value) and d.move == m.move


def test_paranoid_is_alpha_beta_against_the_others():
    """Player 0 assumes 1 and 2 minimise its utility: move 0 guarantees 1, move 1 guarantees 2."""
    d = paranoid(KORF, ())
    assert (d.value, d.move) == (2, 1)
    view = Paranoid(KORF, 0)
    assert minimax(view, ()).value == 2


def test_paranoid_for_every_player_by_brute_force():
    game = Coins((7, 4, 3, 9, 5, 7))
    s = game.result(game.initial, "L")

    def worst(s, me):
        if game.is_terminal(s):
            return game.utility(s, me)
        values = [worst(game.result(s, m), me) for m in game.moves(s)]
        return max(values) if game.to_move(s) == me else min(values)

    assert paranoid(game, s).value == worst(s, 1)
    assert paranoid(game, s, player=2).value == worst(s, 2)


def test_in_three_player_coins_max_n_and_paranoid_play_differently():
    """Row 7 4 3 9 5 7: max^n expects the others to look after themselves and takes the 7
    on the right, expecting 13; paranoid fears a coalition, takes the left 7, sure of 1."""
    game = Coins((7, 4, 3, 9, 5, 7))
    a, b = maxn(game, game.initial), paranoid(game, game.initial)
    assert (a.move, a.value) == ("R", (13, -2, -11))
    assert (b.move, b.value) == ("L", 1)
    assert a.value == brute_maxn(game, game.initial)


def test_depth_limited_search_uses_the_evaluation_tuple():
    game = Coins((7, 4, 3, 9, 5, 7))
    d = maxn(game, game.initial, 2, evaluate=game.evaluate)
    assert len(d.pv) == 2 and sum(d.value) == 0
    assert paranoid(game, game.initial, 2, evaluate=game.evaluate).move in ("L", "R")


def test_the_tracer_sees_tuples_and_the_shallow_cut():
    rec = Recorder()
    maxn(KORF, (), tracer=rec)
    kinds = [type(e).__name__ for e in rec.events]
    assert kinds[0] == "Start" and kinds[-1] == "Finish" and kinds.count("Cut") == 1
    cut = next(e for e in rec.events if type(e).__name__ == "Cut")
    assert cut.path == (1,) and cut.skipped == (1,) and cut.kind == "shallow"


def test_a_bad_evaluation_is_named():
    game = Coins((1, 2, 3, 4))
    with pytest.raises(ValueError, match="bad_eval returned 3"):
        def bad_eval(s):
            return 3
        maxn(game, game.initial, 1, evaluate=bad_eval)


def test_paranoid_view_of_a_two_player_game_is_the_game():
    assert paranoid(fig5_2, ()).value == 3
    assert list(itertools.islice(Paranoid(fig5_2).moves(()), 3)) == [0, 1, 2]
    assert isinstance(Paranoid(fig5_2).game, TreeGame)


def test_row_4_1_9_2_1_shows_an_alliance():
    """After player 0 takes the right-hand 1, player 1 can take the 2 (not the 4) so that
    player 2, not player 0, gets the 9: paranoid search fears it and takes the 4."""
    game = Coins((4, 1, 9, 2, 1))
    a, b = maxn(game, game.initial), paranoid(game, game.initial)
    assert (a.move, a.value, b.move, b.value) == ("R", (13, -2, -11), "L", 1)
    after = game.result(game.initial, "R")
    assert paranoid(game, after, player=0).pv == ("R", "R", "L", "L")
    assert paranoid(game, after, player=0).value == -2


class Corridor:
    """Three players take turns moving one step along a corridor of ``length`` steps; at
    the end everyone gets 1. Deeper than Python's default recursion limit allows."""

    players = 3
    initial = 0
    utility_bounds = (0, 3)

    def __init__(self, length):
        self.length = length

    def to_move(self, s):
        return s % 3

    def moves(self, s):
        return () if s >= self.length else ("step",)

    def result(self, s, m):
        return s + 1

    def is_terminal(self, s):
        return s >= self.length

    def utility(self, s, player=0):
        return 1


def test_maxn_searches_games_deeper_than_the_default_recursion_limit():
    d = maxn(Corridor(3000), 0)
    assert d.value == (1, 1, 1) and d.stats.nodes == 3001


def test_shallow_pruning_refuses_evaluations_outside_the_utility_bounds():
    """An evaluation outside ``utility_bounds`` would make shallow pruning cut the best line:
    with (9, 6, 0) at every leaf of KORF's depth-1 search, pruning would return another
    value than max^n's. It is refused, and max^n without pruning takes it."""
    with pytest.raises(ValueError, match="utility_bounds"):
        maxn(KORF, (), 1, evaluate=lambda s: (9, 6, 0))
    assert maxn(KORF, (), 1, evaluate=lambda s: (9, 6, 0), prune=False).value == (9, 6, 0)
    inside = maxn(KORF, (), 1, evaluate=lambda s: (3, 3, 3))
    assert inside.value == (3, 3, 3)


def test_maxn_and_paranoid_take_numpy_depths_like_the_other_searchers():
    assert maxn(KORF, (), np.int64(1), evaluate=lambda s: (3, 3, 3)).value == (3, 3, 3)
    assert paranoid(KORF, (), np.int64(2)).value == paranoid(KORF, (), 2).value
