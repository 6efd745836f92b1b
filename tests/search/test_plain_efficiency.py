"""Lesson 04's plain algorithms agree with the package's searchers.

Iterative deepening (the previous line first), killers and history, the transposition table
with bound flags, PVS, aspiration windows, MTD(f) and SSS* of :mod:`aisearch.search.plain`
must return the value and move of the package's searcher they stand for, searched the
textbook way (``fastest_wins=False``; tables that keep the newest entry, as the plain dict
does), and generate the same states in the same order, seen through a CountingGame: on
thousands of random trees (hypothesis), on DAG-shaped games full of transpositions (some
reached at different depths) and on tic-tac-toe. Searches that share a table, killers or
history run one after another, so that what one search leaves behind is tested too.
"""

from __future__ import annotations

import itertools
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from aisearch import CountingGame, TicTacToe
from aisearch.games.dag import DagGame
from aisearch.search import (
    History,
    Killers,
    TranspositionTable,
    alphabeta,
    alphabeta_tt,
    aspiration,
    chain,
    iterative_deepening,
    mtdf,
    plain,
    pvs,
    sss_star,
)
from tests.search.random_trees import path_evaluation, trees

dags = st.builds(lambda b, d, width, seed, skip: DagGame(b, d, width, seed=seed, skip=skip),
                 st.integers(1, 4), st.integers(1, 6), st.integers(1, 5),
                 st.integers(0, 10**6), st.sampled_from([0.0, 0.3]))
games = trees | dags
depths = st.none() | st.integers(1, 5)


def table():
    """A package table that keeps the newest entry for each position, as a plain dict does."""
    return TranspositionTable(size=None, replace="always")


def counted(game):
    return CountingGame(game)


def ttt_cases():
    ttt = TicTacToe()
    for text in ("...|...|...", "x..|.o.|...", "oox|.x.|...", "x.o|...|..."):
        for depth in (2, 3, 5):
            yield ttt, TicTacToe.parse(text.replace("|", "/")), depth, TicTacToe.nilsson_eval


def compare(plain_run, package_run, game, state=None):
    """Run both on their own CountingGame; return what each observed, for ==."""
    mine, theirs = counted(game), counted(game)
    root = game.initial if state is None else state
    return (plain_run(mine, root), mine.generated), (package_run(theirs, root), theirs.generated)


# -- iterative deepening --------------------------------------------------------------------
def deepening_pair(game, state, depth, evaluate):
    def package(g, s):
        return [(d.depth, d.value, d.move) for d in iterative_deepening(
            g, s, depth, evaluate=evaluate, pv_first=True, fastest_wins=False)]

    runs = package(game, state)  # how many iterations the package makes (it stops early)

    def mine(g, s):
        return list(itertools.islice(plain.iterative_deepening(g, s, evaluate), len(runs)))

    return mine, package


@settings(max_examples=1000, deadline=None)
@given(game=games, depth=depths)
def test_iterative_deepening_searches_what_the_package_searches(game, depth):
    mine, package = deepening_pair(game, game.initial, depth, path_evaluation)
    a, b = compare(mine, package, game)
    assert a == b


def test_iterative_deepening_on_tictactoe():
    for game, state, depth, e in ttt_cases():
        mine, package = deepening_pair(game, state, depth, e)
        a, b = compare(mine, package, game, state)
        assert a == b


@settings(max_examples=600, deadline=None)
@given(game=games, depth=depths)
def test_alphabeta_line_is_the_package_alphabeta_and_its_principal_variation(game, depth):
    e = path_evaluation

    def mine(g, s):
        value, line = plain.alphabeta_line(g, s, math.inf if depth is None else depth, e, {})
        return value, line[0][1] if line else None, tuple(m for _, m in line)

    def package(g, s):
        d = alphabeta(g, s, depth, evaluate=e, fastest_wins=False)
        return d.value, d.move, d.pv

    a, b = compare(mine, package, game)
    assert a == b


# -- killers and history --------------------------------------------------------------------
def ordered_pair(depths_run, evaluate):
    def mine(g, s):
        killers, history = {}, {}
        return [plain.alphabeta_ordered(g, s, d, evaluate, killers, history) for d in depths_run]

    def package(g, s):
        order = chain(History(), Killers())  # killers first, then by history score
        return [(d.value, d.move) for d in (
            alphabeta_tt(g, s, depth, evaluate=evaluate, order=order, fastest_wins=False)
            for depth in depths_run)]

    return mine, package


@settings(max_examples=1000, deadline=None)
@given(game=games, top=st.integers(1, 5))
def test_killers_and_history_order_as_the_package_orders(game, top):
    """Searches to depth 1..top one after another, sharing the killers and the history."""
    a, b = compare(*ordered_pair(range(1, top + 1), path_evaluation), game)
    assert a == b


def test_killers_and_history_on_tictactoe():
    for game, state, depth, e in ttt_cases():
        a, b = compare(*ordered_pair(range(1, depth + 1), e), game, state)
        assert a == b


# -- the transposition table ------------------------------------------------------------------
def table_pair(depths_run, evaluate, window=(-math.inf, math.inf)):
    def mine(g, s):
        kept = {}
        return [plain.alphabeta_tt(g, s, math.inf if d is None else d, evaluate, kept, *window)
                for d in depths_run]

    def package(g, s):
        kept = table()
        return [(d.value, d.move) for d in (
            alphabeta_tt(g, s, depth, evaluate=evaluate, table=kept, window=window,
                         fastest_wins=False) for depth in depths_run)]

    return mine, package


windows = st.sampled_from([(-math.inf, math.inf), (-2, 2), (0, 1), (-math.inf, 0), (1, 5)])


@settings(max_examples=1000, deadline=None)
@given(game=games, top=st.integers(1, 5), window=windows, to_the_end=st.booleans())
def test_the_table_settles_and_orders_as_the_package_table_does(game, top, window, to_the_end):
    """Depths 1..top with one table (deeper searches meet shallower entries), then a search
    to the end of the game; in every window."""
    depths_run = list(range(1, top + 1)) + ([None] if to_the_end else [])
    a, b = compare(*table_pair(depths_run, path_evaluation, window), game)
    assert a == b


def test_the_table_on_tictactoe_and_on_dags_to_the_end():
    for game, state, depth, e in ttt_cases():
        a, b = compare(*table_pair(range(1, depth + 1), e), game, state)
        assert a == b
    for seed in range(40):
        game = DagGame(3, 6, 4, seed=seed, skip=0.3)
        a, b = compare(*table_pair([None], None), game)
        assert a == b


def test_a_table_without_flags_is_wrong_where_the_plain_table_is_right():
    """The bound flag matters: storing every value as exact gives some wrong values."""
    wrong = 0
    for seed in range(60):
        game = DagGame(b=3, d=6, width=5, seed=seed)
        right = plain.minimax(game, game.initial)[0]
        assert plain.alphabeta_tt(game, game.initial, math.inf, None, {})[0] == right

        class Flagless(dict):
            def __setitem__(self, key, entry):
                super().__setitem__(key, (entry[0], plain.EXACT) + tuple(entry[2:]))

        wrong += plain.alphabeta_tt(game, game.initial, math.inf, None, Flagless())[0] != right
    assert wrong > 0


# -- windows -----------------------------------------------------------------------------------
@settings(max_examples=1000, deadline=None)
@given(game=games, depth=depths, window=windows)
def test_pvs_tests_and_searches_again_as_the_package_does(game, depth, window):
    def mine(g, s):
        return plain.pvs(g, s, math.inf if depth is None else depth, path_evaluation, *window)

    def package(g, s):
        d = pvs(g, s, depth, evaluate=path_evaluation, window=window, fastest_wins=False)
        return d.value, d.move

    a, b = compare(mine, package, game)
    assert a == b


@settings(max_examples=800, deadline=None)
@given(game=games, depth=depths, guess=st.integers(-6, 6), width=st.sampled_from([1, 2, 5]))
def test_aspiration_windows_search_as_the_package_does(game, depth, guess, width):
    def mine(g, s):
        return plain.aspiration(g, s, math.inf if depth is None else depth, path_evaluation,
                                guess, width)

    def package(g, s):
        d = aspiration(g, s, depth, evaluate=path_evaluation, guess=guess, width=width,
                       fastest_wins=False)
        return d.value, d.move

    a, b = compare(mine, package, game)
    assert a == b


@settings(max_examples=1000, deadline=None)
@given(game=games, depth=depths, guess=st.integers(-6, 6) | st.just(math.inf))
def test_mtdf_and_sss_star_search_as_the_package_does(game, depth, guess):
    plain_depth = math.inf if depth is None else depth

    def mine(g, s):
        return plain.mtdf(g, s, plain_depth, path_evaluation, guess)

    def package(g, s):
        d = mtdf(g, s, depth, evaluate=path_evaluation, guess=guess, table=table(),
                 fastest_wins=False)
        return d.value, d.move

    a, b = compare(mine, package, game)
    assert a == b
    a, b = compare(lambda g, s: plain.sss_star(g, s, plain_depth, path_evaluation),
                   lambda g, s: (lambda d: (d.value, d.move))(sss_star(
                       g, s, depth, evaluate=path_evaluation, table=table(),
                       fastest_wins=False)), game)
    assert a == b


@pytest.mark.parametrize("name", ["pvs", "mtdf", "sss_star"])
def test_the_windowed_searches_on_tictactoe(name):
    search = {"pvs": pvs, "mtdf": mtdf, "sss_star": sss_star}[name]
    options = {} if name == "pvs" else {"table": table}
    for game, state, depth, e in ttt_cases():
        def mine(g, s, depth=depth, e=e):
            return getattr(plain, name)(g, s, depth, e)

        def package(g, s, depth=depth, e=e):
            d = search(g, s, depth, evaluate=e, fastest_wins=False,
                       **{k: make() for k, make in options.items()})
            return d.value, d.move

        a, b = compare(mine, package, game, state)
        assert a == b
