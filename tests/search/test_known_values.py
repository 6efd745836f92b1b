"""Known numbers: AIMA Fig 5.2, the Knuth-Moore minimum, worst ordering."""

import math

import pytest

from aisearch import (
    CountingGame,
    Recorder,
    Tally,
    alphabeta,
    alphabeta_failsoft,
    fig5_2,
    minimax,
    negamax,
    pearl_ab,
    uniform_tree,
)

VARIANTS = [alphabeta, alphabeta_failsoft, negamax, pearl_ab]


def knuth_moore(b, d):
    return b ** math.ceil(d / 2) + b ** math.floor(d / 2) - 1


@pytest.mark.parametrize("search", [minimax, *VARIANTS])
def test_fig5_2_is_worth_3_and_the_first_move_is_best(search):
    """AIMA Fig 5.2: MAX over three MIN nodes (3 12 8) (2 4 6) (14 5 2)."""
    d = search(fig5_2, fig5_2.initial)
    assert (d.value, d.move, d.pv) == (3, 0, (0, 0))


@pytest.mark.parametrize("search", VARIANTS)
def test_fig5_2_alpha_beta_evaluates_7_of_9_tips(search):
    game = CountingGame(fig5_2)
    d = search(game, game.initial)
    assert d.stats.leaves == 7
    assert d.stats.nodes == 11
    assert game.generated == [(0,), (0, 0), (0, 1), (0, 2), (1,), (1, 0),
                              (2,), (2, 0), (2, 1), (2, 2)]


def test_minimax_on_fig5_2_visits_every_node():
    assert minimax(fig5_2, fig5_2.initial).stats == type(minimax(fig5_2, ()).stats)(13, 9, 0)


SIZES = [(b, d) for b in range(2, 9) for d in range(2, 9) if b**d <= 50_000]


@pytest.mark.parametrize("b, d", SIZES)
def test_perfect_ordering_hits_the_knuth_moore_minimum_exactly(b, d):
    game = uniform_tree(b, d, seed=b * 10 + d, ordering="best")
    expected = knuth_moore(b, d)
    for search in VARIANTS:
        assert search(game, game.initial).stats.leaves == expected, search.__name__
    for search in (alphabeta_failsoft, negamax):
        got = search(game, game.initial, prune_on_equal=False).stats.leaves
        assert got == expected, search.__name__


@pytest.mark.parametrize("b, d", [(2, 3), (3, 4), (4, 5)])
def test_fail_hard_with_the_strict_test_misses_the_minimum(b, d):
    """Fail-hard returns the bound itself, so a strict test (CS188) sees a tie and goes on."""
    game = uniform_tree(b, d, seed=1, ordering="best")
    for search in (alphabeta, pearl_ab):
        assert search(game, game.initial, prune_on_equal=False).stats.leaves > knuth_moore(b, d)


@pytest.mark.parametrize("b, d", [(2, 6), (3, 5), (4, 4), (5, 3)])
def test_worst_ordering_prunes_nothing(b, d):
    game = uniform_tree(b, d, seed=3, ordering="worst")
    for search in VARIANTS:
        assert search(game, game.initial).stats.leaves == b**d


def test_random_ordering_lies_between_the_bounds():
    for seed in range(20):
        game = uniform_tree(4, 5, seed=seed)
        leaves = alphabeta(game, game.initial).stats.leaves
        assert knuth_moore(4, 5) <= leaves <= 4**5


@pytest.mark.parametrize("search", [minimax, *VARIANTS])
def test_tracing_never_changes_the_decision(search):
    for seed in range(10):
        game = uniform_tree(3, 4, seed=seed)
        plain = search(game, game.initial)
        rec, counter = Recorder(), Tally()
        assert search(game, game.initial, tracer=rec) == plain
        assert search(game, game.initial, tracer=counter) == plain
        assert rec.counts() == plain.stats == counter.stats()


@pytest.mark.parametrize("search", [minimax, *VARIANTS])
def test_counting_game_sees_every_generated_state(search):
    game = CountingGame(uniform_tree(3, 4, seed=5))
    d = search(game, game.initial)
    assert len(game.generated) == d.stats.nodes - 1
    assert len(set(game.generated)) == len(game.generated)
