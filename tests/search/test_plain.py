"""The plain searchers shown in the lessons agree with the package's searchers.

Each function of :mod:`aisearch.search.plain` must return the value and the move of the
package's searcher it stands for, searched the textbook way (``fastest_wins=False``), and
generate the same states in the same order (seen through a CountingGame), on random trees
of every shape (explicit MIN/MAX layers, ties, infinite tips), depth-limited or not, on
tic-tac-toe and on the two robots. And each is short enough to read at a glance.
"""

from __future__ import annotations

import inspect
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from aisearch import MAX, CountingGame, Max, Min, TicTacToe, TreeGame, TwoRobots, search
from aisearch.games.examples import eighteen_of_41, random_tree
from aisearch.search import plain

PAIRS = [(name, target) for name, targets in plain.STANDS_FOR.items() for target in targets]

tips = st.integers(-4, 4) | st.sampled_from([math.inf, -math.inf])


def internal(children):
    kids = st.lists(children, min_size=1, max_size=4)
    return kids | st.builds(Min, kids) | st.builds(Max, kids)


trees = st.recursive(tips, internal, max_leaves=30).map(TreeGame)


def path_evaluation(s):
    """A deterministic evaluation of internal nodes (MAX's view) for depth-limited searches."""
    return (sum(s) * 7 + len(s)) % 9 - 4


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


@pytest.mark.parametrize("name", sorted(plain.PLAIN))
def test_each_plain_searcher_reads_at_a_glance(name):
    """At most 20 lines of code below the docstring (minimax: 11): no counters, tracer or
    path bookkeeping."""
    source = inspect.getsource(plain.PLAIN[name])
    body = source.split('"""')[2].strip("\n").splitlines()
    code = [line for line in body if line.strip()]
    assert 11 <= len(code) <= 20, len(code)
    for word in ("trace", "stats", "count", "path", "pv", "Run("):
        assert word not in "\n".join(code), word



def test_the_plain_quiescence_search_agrees_with_the_package_one_from_any_window():
    """Random trees with noisy nodes (MIN or MAX at the root, noisy tips, chains of noisy
    moves), searched from every internal node with full, one-sided and narrow windows: the
    same value, and the same states generated in the same order."""
    import random

    from aisearch.grading.cases import random_tree
    from aisearch.search.horizon.quiescence import quiescence

    rng = random.Random(5)
    windows = [(-math.inf, math.inf), (-2, math.inf), (-math.inf, 1), (-1, 2), (0, 1)]
    for _ in range(60):
        shape = random_tree(rng, max_depth=rng.choice([3, 4, 5]), first=rng.choice([0, 1]))
        noisy = [s for s in shape.states() if s and rng.random() < 0.5]
        game = TreeGame(shape.tree, shape.first, noisy=noisy)
        values = {s: rng.randint(-5, 5) for s in game.states() if not game.is_terminal(s)}

        def evaluate(s, game=game, values=values):
            return game.utility(s, MAX) if game.is_terminal(s) else values[s]

        for root in [s for s in game.states() if not game.is_terminal(s)]:
            for alpha, beta in windows:
                mine, theirs = CountingGame(game), CountingGame(game)
                value = plain.quiesce(mine, root, evaluate, alpha, beta)
                d = quiescence(theirs, root, evaluate=evaluate, alpha=alpha, beta=beta,
                                      fastest_wins=False)
                assert (value, mine.generated) == (d.value, theirs.generated), (game, root)
