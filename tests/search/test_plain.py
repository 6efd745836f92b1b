"""The plain searchers of lessons 02-03 agree with the package's searchers, and every plain
searcher reads at a glance.

Minimax and the three forms of alpha-beta of :mod:`aisearch.search.plain` must return the
value and the move of the package's searcher each stands for, searched the textbook way
(``fastest_wins=False``), and generate the same states in the same order (seen through a
CountingGame), on random trees of every shape (explicit MIN/MAX layers, ties, infinite tips),
depth-limited or not, on tic-tac-toe and on the two robots. The later lessons' plain
searchers are tested in ``test_plain_efficiency.py``, ``test_plain_horizon.py``,
``test_plain_chance.py``, ``test_plain_players.py`` and ``test_plain_mcts.py``.
"""

from __future__ import annotations

import inspect
import math
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from aisearch import MAX, CountingGame, TicTacToe, TwoRobots, search
from aisearch.games.examples import eighteen_of_41, random_tree
from aisearch.search import plain
from tests.search.random_trees import path_evaluation, trees

TWO_PLAYER = ("minimax", "alphabeta", "alphabeta_failsoft", "negamax")  # lessons 02-03
PAIRS = [(name, target) for name in TWO_PLAYER for target in plain.STANDS_FOR[name]]


def run_plain(name, game, depth=None, evaluate=None, state=None):
    counted = CountingGame(game)
    root = game.initial if state is None else state
    value, move = plain.PLAIN[name](counted, root, math.inf if depth is None else depth, evaluate)
    if name == "negamax" and game.to_move(root) != MAX:
        value = -value  # negamax answers from the view of the player to move
    return value, move, counted.generated


def run_package(name, game, depth=None, evaluate=None, state=None):
    counted = CountingGame(game)
    root = game.initial if state is None else state
    d = getattr(search, name)(counted, root, depth, evaluate=evaluate, fastest_wins=False)
    return d.value, d.move, counted.generated


@pytest.mark.parametrize("name, target", PAIRS)
def test_the_named_trees_give_the_same_values_moves_and_states(name, target):
    for game in [eighteen_of_41, *(random_tree(seed) for seed in range(40))]:
        assert run_plain(name, game) == run_package(target, game)


@pytest.mark.parametrize("name, target", PAIRS)
@settings(max_examples=300, deadline=None)
@given(game=trees, depth=st.none() | st.integers(0, 4))
def test_random_trees_give_the_same_values_moves_and_states(name, target, game, depth):
    evaluate = path_evaluation if depth is not None else None
    assert run_plain(name, game, depth, evaluate) == run_package(target, game, depth, evaluate)


@pytest.mark.parametrize("name, target", PAIRS)
def test_tictactoe_and_the_robots_give_the_same_values_moves_and_states(name, target):
    ttt = TicTacToe()
    positions = [ttt.initial, TicTacToe.parse("x../.o./..."), TicTacToe.parse("oox/.x./...")]
    for s in positions:
        for depth in (1, 2, 3):
            assert (run_plain(name, ttt, depth, TicTacToe.nilsson_eval, s)
                    == run_package(target, ttt, depth, TicTacToe.nilsson_eval, s))
    robots = TwoRobots.parse("B . . ./# # . ./W . . .")
    for depth in (1, 3, 4):
        assert (run_plain(name, robots, depth, robots.distance_eval)
                == run_package(target, robots, depth, robots.distance_eval))


def test_solving_tictactoe_from_a_midgame_position_agrees():
    ttt, s = TicTacToe(), TicTacToe.parse("x../.o./...")
    for name, target in PAIRS:
        assert run_plain(name, ttt, state=s) == run_package(target, ttt, state=s), name


LONGEST = {"star2": 65}
"""Star2, in two phases, takes more than the usual 30 lines of code."""


@pytest.mark.parametrize("name", sorted(plain.PLAIN))
def test_each_plain_searcher_reads_at_a_glance(name):
    """At most 30 lines of code below the docstring (minimax: 11; Star2 more): no
    counters, tracer or path bookkeeping."""
    source = inspect.getsource(plain.PLAIN[name])
    body = source.split('"""')[2].strip("\n").splitlines()
    code = [line for line in body if line.strip() and not line.strip().startswith("#")]
    assert 1 <= len(code) <= LONGEST.get(name, 30), len(code)
    text = "\n".join(code)
    for pattern in (r"\btrac(e|er|ing)\b", r"\bstats\b", r"\b\w*count\w*\s*(\+=|=)", r"\bpv\b",
                    r"\bRun\(", r"\bbudget\b"):
        assert not re.search(pattern, text), pattern


def test_every_plain_searcher_says_what_it_stands_for():
    assert sorted(plain.STANDS_FOR) == sorted(plain.PLAIN)
    for name, targets in plain.STANDS_FOR.items():
        for target in targets:
            assert callable(getattr(search, target)), (name, target)
