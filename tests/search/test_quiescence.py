"""Quiescence search: stand pat, noisy moves only, alpha-beta inside; and ``quiescence=k``
beneath every alpha-beta form (lesson 05)."""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from aisearch.core import MAX
from aisearch.games import Chance, TreeGame, fig5_2, uniform_tree
from aisearch.search import (
    alphabeta,
    alphabeta_failsoft,
    alphabeta_tt,
    aspiration,
    enhanced_search,
    iterative_deepening,
    mtdf,
    negamax,
    pearl_ab,
    pvs,
    quiescence,
)
from aisearch.search.runtime.anytime import run_anytime
from aisearch.trace import CountingGame, Recorder, Replay, Tally
from aisearch.trace.events import Leaf, Quiescent, StandPat

INF = math.inf


def test_stand_pat_then_the_capture_and_the_recapture():
    """::

        MAX ()  stand pat 1
         ├─ noisy (0,) MIN, stand pat 4
         │    ├─ (0, 0) quiet: not searched
         │    └─ noisy (0, 1) = -3
         └─ (1,) quiet: not searched

    (0,) is worth min(4, -3) = -3 to MAX, so MAX stands pat at 1.
    """
    game = TreeGame([[5, -3], 2], noisy=[(0,), (0, 1)])
    counting = CountingGame(game)
    d = quiescence(counting, (), evaluate={(): 1, (0,): 4}.get)
    assert (d.value, d.move, d.pv) == (1, None, ())
    assert counting.generated == [(0,), (0, 1)]
    assert (d.stats.nodes, d.stats.leaves, d.stats.quiescence) == (1, 1, 2)


def test_the_cap_and_the_window_cut_by_hand():
    game = TreeGame([[5, -3], 2], noisy=[(0,), (0, 1)])
    values = {(): 1, (0,): 4}.get
    assert quiescence(game, (), evaluate=values, max_depth=1).pv == (0,)  # recapture unseen
    assert quiescence(game, (), evaluate=values, max_depth=0).value == 1
    counting = CountingGame(game)  # stand pat 1 >= beta 0: fail high without a move
    d = quiescence(counting, (), evaluate=values, alpha=-5, beta=0)
    assert d.value == 1 and counting.generated == []
    counting = CountingGame(game)  # at (0,), MIN's stand pat 4 <= alpha 5 cuts
    d = quiescence(counting, (), evaluate=values, alpha=5, beta=9)
    assert d.value == 4 and counting.generated == [(0,)]


def test_the_window_is_any_real_numbers_numpy_s_and_fractions_included():
    """alpha and beta computed with numpy (a float32 0.5) cut as the numbers they equal."""
    game = TreeGame([[5, -3], 2], noisy=[(0,), (0, 1)])
    values = {(): 1, (0,): 4}.get
    want = quiescence(game, (), evaluate=values, alpha=5, beta=9)
    for alpha, beta in [(np.int64(5), np.float32(9)), (np.float32(5), 9),
                        (Fraction(5), Fraction(9))]:
        assert quiescence(game, (), evaluate=values, alpha=alpha, beta=beta) == want
    assert quiescence(game, (), evaluate=values, alpha=np.float32(0.5)).value == 1


def test_min_to_move_in_noisy_order_then_in_the_given_order():
    """MIN at (0,) stands pat at 0 and may capture into 8 or -4 (terminal tips); with a
    window (-5, inf) the reversed order cuts after -4 <= -5 fails, and with (-4, inf) cuts."""
    game = TreeGame([[8, 2, -4]], noisy=[(0, 0), (0, 2)])
    values = {(0,): 0}.get
    counting = CountingGame(game)
    d = quiescence(counting, (0,), evaluate=values)
    assert counting.generated == [(0, 0), (0, 2)] and (d.value, d.move) == (-4, 2)
    counting = CountingGame(game)
    d = quiescence(counting, (0,), evaluate=values, order=lambda s, ms: ms[::-1], alpha=-4)
    assert counting.generated == [(0, 2)] and d.value == -4 and d.stats.cutoffs == 1


def test_a_tree_without_noisy_moves_is_its_static_value():
    d = quiescence(fig5_2, fig5_2.initial, evaluate=lambda s: 7)
    assert d.value == 7 and d.stats.quiescence == 0


@pytest.mark.parametrize("search", [alphabeta, alphabeta_failsoft, pearl_ab, alphabeta_tt, pvs,
                                    aspiration, mtdf, enhanced_search])
def test_a_noisy_chance_node_is_refused_and_a_quiet_one_is_its_static_value(search):
    """A chance node has no player to stand pat or choose: quiescence does not search its
    outcomes as a MIN node's moves (which took the worse die, -2, and changed the move)."""
    values = {(0,): 3, (1,): 1}
    noisy = TreeGame([Chance([(0.5, 10), (0.5, -2)]), 1], noisy=[(0, 0), (0, 1)])
    with pytest.raises(ValueError, match=r"chance node with noisy outcomes at state \(0,\)"):
        search(noisy, (), 1, evaluate=values.get, quiescence=2)
    quiet = TreeGame([Chance([(0.5, 10), (0.5, -2)]), 1], noisy=[(1,)])
    d = search(quiet, (), 1, evaluate=values.get, quiescence=2)
    assert (d.value, d.move) == (3, 0)
    with pytest.raises(ValueError, match="quiescence search met a chance node"):
        quiescence(noisy, (0,), evaluate=lambda s: 3)
    assert quiescence(quiet, (0,), evaluate=lambda s: 3).value == 3


def test_quiescence_below_the_depth_bound_changes_the_decision():
    """At (0,) MIN can capture into (0, 0), worth -3: a depth-1 search cannot see it."""
    game = TreeGame([[-3, 6], [2, 1]], noisy=[(0, 0)])
    values = {(0,): 5, (1,): 2}.get
    assert alphabeta(game, (), 1, evaluate=values).move == 0
    for search in (alphabeta, alphabeta_failsoft, negamax, pearl_ab, pvs, alphabeta_tt, mtdf,
                   aspiration, enhanced_search):
        d = search(game, (), 1, evaluate=values, quiescence=1)
        assert (d.value, d.move) == (2, 1), search.__name__
        passes = 1 if search not in (mtdf, aspiration) else d.stats.quiescence  # added up
        assert d.stats.quiescence == passes >= 1
    d = run_anytime(iterative_deepening(game, (), 1, evaluate=values, quiescence=1))
    assert d.value == 2


def test_quiescence_nodes_are_traced_below_the_depth_bound_and_counted():
    game = TreeGame([[-3, 6], [2, 1]], noisy=[(0, 0)])
    rec, tally = Recorder(), Tally()
    d = alphabeta(game, (), 1, evaluate={(0,): 5, (1,): 2}.get, quiescence=1, tracer=rec)
    alphabeta(game, (), 1, evaluate={(0,): 5, (1,): 2}.get, quiescence=1, tracer=tally)
    q = [e for e in rec.events if isinstance(e, Quiescent)]
    assert [e.path for e in q] == [(0, 0)] and q[0].depth == -1
    assert [e.path for e in rec.events if type(e) is Leaf] == [(0,), (1,)]
    assert [e.path for e in rec.events if isinstance(e, StandPat)] == [(0, 0)]
    assert tally.stats() == d.stats
    Replay(rec.events)  # the one reader accepts it


def random_tree(seed: int, b: int = 3, depth: int = 4) -> tuple[TreeGame, dict]:
    import random

    rng = random.Random(seed)
    tree = uniform_tree(b, depth, seed=seed)
    paths = [p for p in tree.states() if p and rng.random() < 0.4]
    game = TreeGame(tree.tree, noisy=paths)
    values = {s: rng.randint(-9, 9) for s in game.states() if not game.is_terminal(s)}
    return game, values


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 3), st.integers(0, 3), st.booleans())
def test_every_alpha_beta_form_agrees_on_the_value_with_quiescence(seed, depth, k, equal):
    game, values = random_tree(seed)
    evaluate = values.__getitem__
    want = alphabeta(game, (), depth, evaluate=evaluate, quiescence=k, prune_on_equal=equal)
    for search in (alphabeta_failsoft, negamax, pearl_ab, pvs, alphabeta_tt, mtdf, aspiration):
        d = search(game, (), depth, evaluate=evaluate, quiescence=k, prune_on_equal=equal)
        assert d.value == want.value, search.__name__


def _q_minimax(game, s, evaluate, k):
    """Quiescence by its definition: max/min of the stand pat and the noisy children."""
    if game.is_terminal(s):
        return game.utility(s, MAX)
    best = evaluate(s)
    if k == 0:
        return best
    kids = [_q_minimax(game, game.result(s, m), evaluate, k - 1) for m in game.noisy_moves(s)]
    return max([best, *kids]) if game.to_move(s) == MAX else min([best, *kids])


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 4))
def test_quiescence_equals_its_definition_from_every_state(seed, k):
    game, values = random_tree(seed)
    for s in values:
        assert quiescence(game, s, evaluate=values.__getitem__, max_depth=k).value == (
            _q_minimax(game, s, values.__getitem__, k))


def test_without_quiescence_searches_are_unchanged():
    game, values = random_tree(7)
    for search in (alphabeta, negamax, pvs):
        a = search(game, (), 2, evaluate=values.__getitem__)
        b = search(game, (), 2, evaluate=values.__getitem__, quiescence=None)
        assert a == b and "quiescence" not in dict(a.stats)


def test_quiescence_zero_is_the_plain_search_with_the_same_counts():
    game, values = random_tree(11)
    a = alphabeta(game, (), 2, evaluate=values.__getitem__)
    b = alphabeta(game, (), 2, evaluate=values.__getitem__, quiescence=0)
    assert a == b


@pytest.mark.parametrize("bad", [-1, 1.5, True, "2"])
def test_a_bad_quiescence_is_refused(bad):
    with pytest.raises(ValueError, match="quiescence must be None"):
        alphabeta(fig5_2, fig5_2.initial, 1, evaluate=lambda s: 0, quiescence=bad)


def test_quiescence_on_chess_in_mvv_lva_order_or_move_order_has_one_value():
    """White's queen can take a pawn guarded by a pawn, or a free knight."""
    from aisearch.games import Chess

    game = Chess()
    s = Chess.parse("4k3/8/3p4/4p3/8/8/1n6/Q3K3 w - - 0 1")
    a = quiescence(game, s, evaluate=game.material_eval)
    b = quiescence(game, s, evaluate=game.material_eval, order=game.mvv_lva)
    assert a.value == b.value == 7 and game.san(s, a.move) == "Qxb2"


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(st.integers(0, 10_000), st.integers(1, 3), st.integers(1, 3))
def test_pvs_and_mtdf_agree_with_alphabeta_when_quiescence_bounds_the_tips(seed, depth, k):
    game, values = random_tree(seed)
    want = alphabeta(game, (), depth, evaluate=values.__getitem__, quiescence=k).value
    for search in (pvs, mtdf):
        assert search(game, (), depth, evaluate=values.__getitem__, quiescence=k).value == want


def test_the_quiescence_searcher_is_traced_like_the_others():
    game = TreeGame([[5, -3], 2], noisy=[(0,), (0, 1)])
    values = {(): 1, (0,): 4}.get
    rec, tally = Recorder(), Tally()
    d = quiescence(game, (), evaluate=values, tracer=rec)
    quiescence(game, (), evaluate=values, tracer=tally)
    assert tally.stats() == d.stats
    assert [type(e).__name__ for e in rec.events if e.path == (0,)][:2] == ["Quiescent",
                                                                            "StandPat"]
    Replay(rec.events)
    from aisearch.search import describe

    info = describe(quiescence)
    assert info.kind == "quiescence" and info.windowed and not info.convention.depth
    assert info.pseudocode.line(("eval",)) == 3
