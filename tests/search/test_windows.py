"""PVS, aspiration windows, MTD(f) and SSS*: the minimax value on random trees and games, and
re-searches that show in recordings (a Research event, then the child entered again)."""

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from aisearch import (
    ConnectFour,
    Recorder,
    TicTacToe,
    TranspositionTable,
    TreeGame,
    alphabeta,
    alphabeta_tt,
    aspiration,
    minimax,
    mtdf,
    pvs,
    sss_star,
    uniform_tree,
)
from aisearch.games.dag import DagGame
from aisearch.search.efficiency.pvs import above, below, null_window
from aisearch.search.efficiency.sss import stockman_sss
from aisearch.trace import Leaf, Research, Start
from aisearch.widgets import StepperModel
from tests.search.random_trees import path_evaluation, trees

WINDOWED = [alphabeta_tt, pvs, aspiration, mtdf, sss_star]


def best_move_value(game, s, move, depth, **kw):
    child = game.result(s, move)
    return minimax(game, child, None if depth is None else depth - 1, **kw).value


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(game=trees, prune_on_equal=st.booleans(), with_table=st.booleans())
def test_every_window_search_finds_the_minimax_value_and_a_best_move(game, prune_on_equal,
                                                                     with_table):
    expected = minimax(game, game.initial)
    for search in WINDOWED:
        table = TranspositionTable() if with_table else None
        d = search(game, game.initial, prune_on_equal=prune_on_equal, table=table)
        assert d.value == expected.value, search.__name__
        if game.moves(game.initial):
            assert best_move_value(game, (), d.move, None) == expected.value, search.__name__


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(game=trees, depth=st.integers(1, 4))
def test_every_window_search_agrees_with_minimax_at_a_depth_bound(game, depth):
    kw = dict(evaluate=path_evaluation)
    expected = minimax(game, game.initial, depth, **kw)
    for search in WINDOWED:
        d = search(game, game.initial, depth, table=TranspositionTable(), **kw)
        assert d.value == expected.value, search.__name__


def test_on_dags_with_wins_every_window_search_is_as_quick_as_alphabeta():
    for seed in range(40):
        game = DagGame(b=3, d=6, width=4, seed=seed, skip=0.3, win=100, p_win=0.3)
        plain = alphabeta(game, game.initial)
        for search in WINDOWED:
            d = search(game, game.initial, table=TranspositionTable())
            assert d.value == plain.value, search.__name__
            rest = alphabeta(game, game.result(game.initial, d.move))
            assert rest.value == plain.value, search.__name__
            if abs(plain.value) == game.win:  # a win as quick, a loss as slow
                assert 1 + len(rest.pv) == len(plain.pv), search.__name__


def test_null_windows_hold_no_value_strictly_inside():
    lo, hi = null_window(3, 10, True)
    assert (lo, hi) == (3, above(3)) and not any(lo < v < hi for v in (3, 3.0, above(3)))
    assert null_window(3, 10, False) == (below(10), 10)


def test_pvs_records_a_research_then_enters_the_child_again():
    rec = Recorder()
    game, e = TicTacToe(), TicTacToe.nilsson_eval
    d = pvs(game, game.initial, 3, evaluate=e, tracer=rec)
    assert d.stats.researches > 0 and rec.counts() == d.stats
    i = next(i for i, ev in enumerate(rec.events) if type(ev) is Research)
    research = rec.events[i]
    assert rec.events[i + 1].path == research.path + (research.move,)
    replay = rec.replay()
    again = replay.find(research.path + (research.move,), search=0, visit=1)
    assert again.researched and again.visit == 1
    model = StepperModel(rec)
    model.goto(i + 1)
    assert model.description().startswith(f"Search move {research.move} of ")
    assert "null-window test failed" in model.description()
    assert model.pseudocode.lines[model.pseudocode_line() - 1].strip().startswith("if α < v < β")
    model.goto(i + 2)
    assert "again (a re-search)" in model.description()


def test_an_aspiration_window_that_fails_high_searches_the_root_again():
    rec = Recorder()
    game, e = ConnectFour(), ConnectFour.evaluate
    plain = alphabeta(game, game.initial, 4, evaluate=e)
    d = aspiration(game, game.initial, 4, evaluate=e, guess=plain.value - 50, width=5,
                   tracer=rec)
    assert d.value == plain.value
    starts = [ev for ev in rec.events if type(ev) is Start]
    assert [s.options["window"] for s in starts] == [(plain.value - 55, plain.value - 45),
                                                      (plain.value - 55, math.inf)]
    replay = rec.replay()
    assert len(replay.searches) == 2 and all(p.finish for p in replay.searches)
    model = StepperModel(rec)
    model.goto(replay.searches[1].first + 1)
    assert model.description().startswith("Start search 2 of 2: aspiration, to depth 4, window")
    assert rec.counts() == d.stats


def test_mtdf_passes_are_searches_of_their_own_and_a_good_guess_needs_fewer():
    game, e = ConnectFour(), ConnectFour.evaluate
    plain = alphabeta(game, game.initial, 5, evaluate=e)
    rec = Recorder()
    far = mtdf(game, game.initial, 5, evaluate=e, guess=plain.value + 300, tracer=rec)
    near = Recorder()
    close = mtdf(game, game.initial, 5, evaluate=e, guess=plain.value, tracer=near)
    assert far.value == close.value == plain.value
    assert len(rec.replay().searches) > len(near.replay().searches) >= 2
    assert rec.counts() == far.stats and far.stats.nodes > close.stats.nodes
    windows = [ev.options["window"] for ev in rec.events if type(ev) is Start]
    assert all(hi - lo < 1e-9 * max(1, abs(hi)) for lo, hi in windows)  # null windows


def _principal(game, line):
    """Whether every move of ``line`` keeps the root's minimax value (each mover's best)."""
    value, s = minimax(game, game.initial).value, game.initial
    for m in line:
        s = game.result(s, m)
        if minimax(game, s).value != value:
            return False
    return True


def test_mtdf_line_is_a_proof_and_alphabeta_tt_with_its_table_gives_the_principal_one():
    # MIN's move 1 below (0, 0) is worth -5, not -6: a pass proving "at most -6 at MIN's
    # node (0, 1, 0)" may pass through it all the same (mtdf's docstring says so).
    game = TreeGame([[[[6, 2, 6], [-3, 4, 5]], [[-6, 9, 6], [-5, -5]], [[4, -6]]]])
    table = TranspositionTable()
    d = mtdf(game, game.initial, guess=-7, table=table)
    assert (d.value, d.move) == (-6, 0) and not _principal(game, d.pv)
    again = alphabeta_tt(game, game.initial, table=table)
    assert again.pv == minimax(game, game.initial).pv == (0, 2, 0, 1)
    for seed in range(60):
        game = uniform_tree(3, 4, seed=seed, ordering="random", low=-9, high=9)
        table = TranspositionTable()
        d = mtdf(game, game.initial, guess=seed % 21 - 10, table=table)
        again = alphabeta_tt(game, game.initial, table=table)
        assert again.value == d.value and len(again.pv) == 4 and _principal(game, again.pv)
        assert again.stats.nodes <= alphabeta_tt(game, game.initial).stats.nodes


def test_sss_star_as_mtd_plus_infinity_evaluates_the_tips_stockmans_sss_does_in_order():
    """Plaat et al. 1996, on uniform trees with all tips different: the same tips in the same
    order (first evaluations; MT evaluates a tip again in a later pass)."""
    for b, d in [(2, 4), (3, 3), (3, 4), (2, 6), (4, 3), (3, 5)]:
        for seed in range(20):
            game = uniform_tree(b, d, seed=seed, ties=False, low=-10_000, high=10_000)
            value, order = stockman_sss(game, game.initial)
            rec = Recorder()
            decision = sss_star(game, game.initial, table=TranspositionTable(size=None),
                                tracer=rec)
            first = list(dict.fromkeys(ev.path for ev in rec.events if type(ev) is Leaf))
            assert decision.value == value == minimax(game, game.initial).value
            assert first == order, (b, d, seed)
            assert len(order) <= alphabeta(game, game.initial).stats.leaves


def test_stockman_sss_never_evaluates_more_tips_than_alphabeta():
    for seed in range(40):
        game = uniform_tree(3, 4, seed=seed, low=0, high=5)
        value, order = stockman_sss(game, game.initial)
        assert value == minimax(game, game.initial).value
        assert len(set(order)) <= alphabeta(game, game.initial).stats.leaves


def test_stockman_sss_counts_depth_and_limit_in_numpy_integers():
    """A depth or a step limit computed with numpy is the int it is, as for every searcher."""
    import numpy as np

    from aisearch.games import TicTacToe
    game = TicTacToe()
    expected = stockman_sss(game, game.initial, 2, evaluate=game.nilsson_eval)
    assert expected[0] == alphabeta(game, game.initial, 2, evaluate=game.nilsson_eval).value
    assert stockman_sss(game, game.initial, np.int64(2), evaluate=game.nilsson_eval,
                        limit=np.int32(10 ** 6)) == expected
