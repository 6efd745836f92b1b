"""enhanced_search: every combination of enhancements finds alpha-beta's value, counts all
the searches it ran, and the combinations save what the lesson says they save."""

import itertools
from fractions import Fraction

import pytest

from aisearch import ConnectFour, Recorder, TicTacToe, TranspositionTable, alphabeta, uniform_tree
from aisearch.search.efficiency.engine import ENHANCEMENTS, WINDOWS, enhanced_search

C4, E = ConnectFour(), ConnectFour.evaluate
MID = ConnectFour.parse("......./......./......./...o.../...x.../..xo.x.")


def test_every_combination_finds_the_value_of_alphabeta():
    game, e = TicTacToe(), TicTacToe.nilsson_eval
    s = TicTacToe.parse("x../.o./...")
    plain = alphabeta(game, s, 4, evaluate=e)
    for flags in itertools.product((False, True), repeat=len(ENHANCEMENTS)):
        switches = dict(zip(ENHANCEMENTS, flags, strict=True))
        for window in WINDOWS:
            d = enhanced_search(game, s, 4, evaluate=e, window=window, **switches)
            assert d.value == plain.value, (switches, window)
            assert alphabeta(game, game.result(s, d.move), 3, evaluate=e).value == d.value


def test_the_counts_add_up_every_search_and_match_the_recording():
    rec = Recorder()
    d = enhanced_search(C4, MID, 5, evaluate=E, deepening=True, table=True, killers=True,
                        window="mtdf", tracer=rec)
    assert rec.counts() == d.stats and d.depth == 5
    assert len(rec.replay().searches) > 5  # five iterations, each of several MTD(f) passes


def test_each_enhancement_saves_nodes_on_a_connect_four_middle_game():
    plain = enhanced_search(C4, MID, 6, evaluate=E).stats.nodes
    for switch in ("static", "killers", "history"):
        assert enhanced_search(C4, MID, 6, evaluate=E, **{switch: True}).stats.nodes < plain
    best = enhanced_search(C4, MID, 6, evaluate=E, static="values", table=True, killers=True,
                           history=True, window="pvs")
    assert best.stats.nodes * 4 < plain


def test_a_given_table_is_used_and_kept():
    table = TranspositionTable()
    enhanced_search(C4, MID, 4, evaluate=E, table=table)
    assert len(table) > 0


def test_bad_switches_are_named():
    with pytest.raises(ValueError, match="window must be one of"):
        enhanced_search(C4, MID, 3, evaluate=E, window="scout")
    with pytest.raises(TypeError, match="killers must be True or False"):
        enhanced_search(C4, MID, 3, evaluate=E, killers=1)
    with pytest.raises(ValueError, match="static ordering needs evaluate"):
        enhanced_search(C4, MID, 3, static="values")
    with pytest.raises(ValueError, match="static ordering needs evaluate"):
        enhanced_search(TicTacToe(), TicTacToe.initial, 3, static=True)


def fraction_eval(s):
    """A leaf rule of Fractions (allowed: ints, floats and Fractions), none of them a float."""
    return Fraction(sum((i + 2) * m for i, m in enumerate(s)) % 13 - 6, 7)


@pytest.mark.parametrize("window", ["aspiration", "aspiration-pvs", "mtdf"])
@pytest.mark.parametrize("deepening", [False, True])
def test_a_window_around_a_guess_takes_fraction_values_and_finds_them_exactly(window,
                                                                               deepening):
    """The guess (the root's evaluation, or the previous iteration's value) is a Fraction:
    it places the first window, and the value found is the exact Fraction alpha-beta finds."""
    game = uniform_tree(3, 5, seed=4)
    for depth in (1, 2, 3, 4):
        plain = alphabeta(game, game.initial, depth, evaluate=fraction_eval)
        d = enhanced_search(game, game.initial, depth, evaluate=fraction_eval, window=window,
                            deepening=deepening, table=True)
        assert type(d.value) is Fraction and d.value.denominator == 7
        assert d.value == plain.value, depth
        child = game.result(game.initial, d.move)  # a best move (ties: not always the first)
        assert alphabeta(game, child, depth - 1, evaluate=fraction_eval).value == d.value


@pytest.mark.parametrize("window", ["aspiration", "aspiration-pvs"])
def test_with_deepening_the_window_options_reach_every_iteration(window):
    """``width`` and the PVS search inside an aspiration window apply to each iteration
    of iterative deepening as they do to a single search."""


    game = ConnectFour()
    runs = {width: enhanced_search(game, game.initial, 5, evaluate=game.evaluate, table=True,
                                   deepening=True, window=window, width=width)
            for width in (1, 500)}
    assert runs[1].value == runs[500].value
    assert runs[1].stats.nodes != runs[500].stats.nodes
    assert ("researches" in dict(runs[1].stats)) == (window == "aspiration-pvs")


def test_win_distance_refuses_a_table_whose_wins_carry_no_distance():
    from aisearch import Nim, TranspositionTable, alphabeta_tt
    from aisearch.search import win_distance

    game, table = Nim((1, 2)), TranspositionTable()
    assert alphabeta_tt(game, game.initial, table=table, fastest_wins=False).value == 1
    with pytest.raises(ValueError, match="fastest_wins=False"):
        win_distance(table, game.initial)
