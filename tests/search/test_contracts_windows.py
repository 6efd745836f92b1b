"""Aspiration windows and MTD(f), try by try, against their drivers written here from the
module's description, each try run by alpha-beta with a table and that window.

- Aspiration: the window ``(guess - width, guess + width)``, opened on a side where the guess
  is a win or a loss (``±game.win``); a try that fails low (``v <= alpha``) opens alpha to
  -inf, one that fails high (``v >= beta``) opens beta to +inf; a value inside is the answer.
  Each try is a search of its own; the decision's counts are the tries' added.
- MTD(f): from ``g = guess``, ask "is the value >= gamma?" with the null window just below
  gamma (``gamma = g``, or just above the lower bound when ``g`` is not above it), with one
  table for every pass; failing low lowers the upper bound, failing high raises the lower,
  until they meet. The move is the one of the last pass that proved it (MAX: a pass that
  failed high; MIN: one that failed low).
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from aisearch.games import TreeGame
from aisearch.games.dag import DagGame
from aisearch.results import Stats
from aisearch.search import TranspositionTable, alphabeta_tt, aspiration, minimax, mtdf
from aisearch.search.efficiency.windows import check_guess, mtd
from aisearch.search.runtime import WON
from aisearch.trace import Recorder, Start

INF = math.inf

games = st.builds(DagGame, b=st.integers(1, 3), d=st.integers(1, 4), width=st.integers(1, 4),
                  seed=st.integers(0, 10**6), low=st.just(-3), high=st.just(3),
                  win=st.sampled_from([None, 3]))


def windows_of(rec):
    return [e.options["window"] for e in rec.events if type(e) is Start]


def total(decisions):
    return sum((d.stats for d in decisions), Stats())


def ref_aspiration(game, depth, guess, width):
    payoff = game.win or INF
    alpha = -INF if guess <= -payoff else guess - width
    beta = INF if guess >= payoff else guess + width
    tries = []
    while True:
        d = alphabeta_tt(game, game.initial, depth, evaluate=game.evaluate, window=(alpha, beta))
        tries.append(((alpha, beta), d))
        v = d.value
        if v <= alpha and alpha > -INF:
            alpha = -INF
        elif v >= beta and beta < INF:
            beta = INF
        else:
            return tries


@settings(max_examples=200, deadline=None)
@given(game=games.filter(lambda g: g.win is None), depth=st.sampled_from([1, 2, 3]),
       guess=st.sampled_from([-4, -3, -1, 0, 2, 3, 5]), width=st.sampled_from([0.5, 1, 2, 3]))
def test_aspiration_tries_the_windows_its_description_gives(game, depth, guess, width):
    tries = ref_aspiration(game, depth, guess, width)
    rec = Recorder()
    d = aspiration(game, game.initial, depth, evaluate=game.evaluate, guess=guess, width=width,
                   tracer=rec)
    assert windows_of(rec) == [w for w, _ in tries]
    last = tries[-1][1]
    assert (d.value, d.move, d.pv) == (last.value, last.move, last.pv)
    assert d.stats == total([t for _, t in tries])
    assert d.value == minimax(game, game.initial, depth, evaluate=game.evaluate).value


def test_a_won_root_fails_high_out_of_any_finite_window():
    game = DagGame(b=1, d=1, width=1, seed=0, low=-3, high=3, win=3)
    assert minimax(game, game.initial).value == 3  # (MAX wins)
    rec = Recorder()
    d = aspiration(game, game.initial, 1, evaluate=game.evaluate, guess=2, width=2, tracer=rec)
    assert windows_of(rec) == [(0, 4), (0, INF)] and d.value == 3


def test_a_guess_at_a_win_or_a_loss_opens_the_window_on_that_side():
    game = DagGame(2, 3, 3, seed=4, low=-3, high=3, win=3)
    for guess, first in [(3, (1, INF)), (4, (2, INF)), (-3, (-INF, -1)), (-5, (-INF, -3)),
                         (2.5, (0.5, 4.5))]:
        rec = Recorder()
        aspiration(game, game.initial, 2, evaluate=game.evaluate, guess=guess, width=2,
                   tracer=rec)
        assert windows_of(rec)[0] == first, guess


def test_a_guess_that_leaves_no_window_searches_with_the_full_one():
    """An infinite guess where wins are infinite, or one so large that the width rounds
    away, leaves no room between its bounds: the search takes the full window (an empty one
    would store every node as an upper bound, and a table would keep them)."""
    from aisearch.games import TicTacToe

    game, s = TicTacToe(), TicTacToe.parse(".../.../..x")
    assert alphabeta_tt(game, s, fastest_wins=False).value == 0
    for guess in (INF, -INF, 1e20, -1e20):
        rec = Recorder()
        d = aspiration(game, s, guess=guess, table=TranspositionTable(), fastest_wins=False,
                       tracer=rec)
        assert windows_of(rec) == [(-INF, INF)] and d.value == 0, guess


def ref_mtdf(game, depth, guess):
    table = TranspositionTable()
    maximizing = game.to_move(game.initial) == 0
    g, lower, upper, passes, best = guess, -INF, INF, [], None
    while lower < upper:
        gamma = g if g > lower else math.nextafter(lower, INF)
        window = (math.nextafter(gamma, -INF), gamma)
        d = alphabeta_tt(game, game.initial, depth, evaluate=getattr(game, "evaluate", None),
                         table=table, window=window)
        passes.append((window, d))
        g = d.value
        if g < gamma:
            upper = g
        else:
            lower = g
        if (g >= gamma) == maximizing:
            best = d.pv
    return passes, g, best if best is not None else passes[-1][1].pv


def shown(x):
    """A search score as a recording shows it: beyond every payoff, a win (or a loss)."""
    return math.copysign(INF, x) if abs(x) > WON else x


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(game=games.filter(lambda g: g.win is None), depth=st.sampled_from([1, 2, 3, 4]),
       guess=st.sampled_from([-INF, -5, -1, 0, 1.5, 2, 6, INF]))
def test_mtdf_asks_the_null_windows_its_description_gives(game, depth, guess):
    passes, value, pv = ref_mtdf(game, depth, guess)
    rec = Recorder()
    d = mtdf(game, game.initial, depth, evaluate=game.evaluate, guess=guess, tracer=rec)
    assert windows_of(rec) == [tuple(shown(x) for x in w) for w, _ in passes]
    assert (d.value, d.pv, d.move) == (value, pv, pv[0] if pv else None)
    assert d.stats == total([p for _, p in passes])
    assert d.value == minimax(game, game.initial, depth, evaluate=game.evaluate).value


@pytest.mark.parametrize("tree, guess", [([[[0, 1], 0]], 0), ([[3, [0, 1], 0]], 0),
                                         ([[[1, 3], 1]], 1)])
def test_mtdf_line_is_that_of_the_pass_that_proved_its_move_at_exactly_gamma(tree, guess):
    """The first pass fails high at exactly its gamma: it proves MAX's move, and its line is
    the answer; the pass after it fails low, and its line proves nothing of MAX's move."""
    game = TreeGame(tree)
    passes, value, pv = ref_mtdf(game, None, guess)
    assert [p.value for _, p in passes] == [value, value]  # high at gamma, then low
    d = mtdf(game, game.initial, guess=guess)
    assert (d.value, d.pv) == (value, pv) and pv != passes[-1][1].pv


@settings(max_examples=100, deadline=None)
@given(game=games.filter(lambda g: g.win is None), depth=st.sampled_from([2, 3]),
       guess=st.sampled_from([-5, 0, 6]))
def test_mtdf_at_a_min_root_proves_its_move_by_failing_low(game, depth, guess):
    s = game.result(game.initial, game.moves(game.initial)[0])
    if game.is_terminal(s):
        return
    plain = minimax(game, s, depth, evaluate=game.evaluate)
    d = mtdf(game, s, depth, evaluate=game.evaluate, guess=guess)
    assert d.value == plain.value
    assert minimax(game, game.result(s, d.move), depth - 1,
                   evaluate=game.evaluate).value == plain.value  # (a best move for MIN)


@pytest.mark.parametrize("guess", [0, -7, 2.5, INF, -INF, 10**300])
def test_any_number_is_a_guess(guess):
    check_guess(guess)


def test_a_fraction_guess_places_the_window_as_the_float_nearest_it():
    assert check_guess(Fraction(1, 3)) == 1 / 3 and type(check_guess(Fraction(1, 3))) is float
    assert type(check_guess(np.float32(0.5))) is float and check_guess(np.int64(-2)) == -2


@pytest.mark.parametrize("guess, why", [(True, "(a bool)"), ("1", "(a str)"),
                                        (math.nan, "nan"), (None, "None"),
                                        (10**400, "too large")])
def test_a_guess_that_is_no_number_is_refused(guess, why):
    with pytest.raises(ValueError, match="guess must be a number") as err:
        check_guess(guess)
    assert why in str(err.value)


@pytest.mark.parametrize("width", [0, -1, INF, True, "2"])
def test_an_aspiration_width_must_be_positive_and_finite(width):
    game = DagGame(2, 2, 2, seed=1)
    with pytest.raises(ValueError, match="width must be a positive finite number"):
        aspiration(game, game.initial, 2, evaluate=game.evaluate, width=width)


def test_by_default_the_guess_is_0_and_the_aspiration_width_10():
    game = DagGame(2, 3, 3, seed=2, low=-30, high=30)
    rec = Recorder()
    aspiration(game, game.initial, 2, evaluate=game.evaluate, tracer=rec)
    assert windows_of(rec)[0] == (-10, 10)
    rec = Recorder()
    mtdf(game, game.initial, 2, evaluate=game.evaluate, tracer=rec)
    assert windows_of(rec)[0] == (math.nextafter(0, -INF), 0)


@pytest.mark.parametrize("fastest_wins", [True, False])
def test_a_root_that_wins_fails_high_once_then_is_answered(fastest_wins):
    from aisearch.games import TicTacToe

    game, s = TicTacToe(), TicTacToe.parse("xx./oo./...")
    rec = Recorder()
    d = aspiration(game, s, 3, evaluate=game.nilsson_eval, fastest_wins=fastest_wins, tracer=rec)
    assert (d.value, d.move) == (INF, 2)
    assert windows_of(rec) == [(-10, 10), (-10, INF)]
    rec = Recorder()
    d = aspiration(game, TicTacToe.parse("xx./oo./x.."), 3, evaluate=game.nilsson_eval,
                   fastest_wins=fastest_wins, tracer=rec)  # O to move wins at once
    assert (d.value, d.move) == (-INF, 5)
    assert windows_of(rec) == [(-10, 10), (-INF, 10)]


def test_mtd_takes_the_search_and_the_position_by_name_too_and_its_options_by_name_only():
    game = TreeGame([[[0, 1], 0]])
    named = mtd(search=mtdf, game=game, state=game.initial, depth=None, first=0,
                table=TranspositionTable(), evaluate=None, order=None, prune_on_equal=True,
                fastest_wins=True, tracer=None)
    assert named == mtdf(game, game.initial, guess=0)
    with pytest.raises(TypeError):
        mtd(mtdf, game, game.initial, None, 0)  # type: ignore[misc]  (first= by name only)
