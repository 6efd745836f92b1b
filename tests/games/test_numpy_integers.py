"""Numpy integers are the ints they equal: a game built or played with them is the game built
or played with Python ints (``np.argmax`` and ``np.arange`` give numpy integers)."""

import numpy as np
import pytest

from aisearch.games import (
    Coins,
    ConnectFour,
    DagGame,
    Nim,
    Pig,
    TicTacToe,
    TreeGame,
    TupleTree,
    TwoRobots,
    uniform_tree,
)
from aisearch.games.nannon import Nannon

I = np.int64  # noqa: E741 (reads as the int it wraps)


@pytest.mark.parametrize("build, same", [
    (lambda: TicTacToe(win=I(3)), TicTacToe(win=3)),
    (lambda: ConnectFour(win=np.int32(5)), ConnectFour(win=5)),
    (lambda: Nim((I(1), np.uint8(2))), Nim((1, 2))),
    (lambda: Pig(goal=I(20), die=I(4)), Pig(goal=20, die=4)),
    (lambda: TwoRobots(I(3), I(4), walls=[(I(1), 1)], max_plies=I(9)),
     TwoRobots(3, 4, walls=[(1, 1)], max_plies=9)),
])
def test_a_game_built_with_numpy_integers_is_the_game_built_with_ints(build, same):
    game = build()
    assert repr(game) == repr(same)
    assert game.moves(game.initial) == same.moves(same.initial)


def test_numpy_integers_build_the_same_trees_and_random_games():
    assert TreeGame([1, 2], first=I(1)).to_move(()) == 1
    assert uniform_tree(I(2), I(3), seed=I(4)).tip_values == uniform_tree(2, 3, seed=4).tip_values
    dag, same = DagGame(b=I(2), d=I(3), width=I(4), seed=I(5)), DagGame(2, 3, 4, seed=5)
    assert repr(dag) == repr(same) and dag.states() == same.states()
    assert Coins((1, I(2)), players=I(2)).row == (1, 2)
    assert type(Coins((I(1),)).row[0]) is int


def test_a_numpy_integer_move_is_the_move_it_equals():
    ttt, c4, nim = TicTacToe(), ConnectFour(), Nim((1, 2, 3))
    assert ttt.result(ttt.initial, I(4)) == ttt.result(ttt.initial, 4)
    assert c4.result(c4.initial, np.int8(3)) == c4.result(c4.initial, 3)
    assert nim.result(nim.initial, (I(2), I(3))) == nim.result(nim.initial, (2, 3))
    pig = Pig(goal=10)
    rolling = pig.result(pig.initial, "roll")
    assert pig.result(rolling, I(5)) == pig.result(rolling, 5)
    nannon = Nannon()
    s = nannon.result(nannon.result(nannon.initial, ("White", 3)), 1)
    assert nannon.result(s, I(3)) == nannon.result(s, 3)
    assert type(nannon.result(s, I(3)).roll) is int
    korf = TupleTree([[(6, 3, 0), (1, 1, 7)], [(2, 7, 0), (4, 4, 1)]])
    assert korf.result((), I(1)) == (1,) and type(korf.result((), I(1))[0]) is int
    dag = DagGame(b=2, d=3, width=4, seed=5)
    assert dag.result(dag.initial, I(1)) == dag.result(dag.initial, 1)
    robots = TwoRobots(3, 3)
    assert robots.state((I(0), 0), (2, I(2)), I(1)) == robots.initial


def test_bools_stay_refused_where_numpy_integers_are_accepted():
    ttt = TicTacToe()
    with pytest.raises(ValueError, match="not a bool"):
        ttt.result(ttt.initial, np.True_)
    with pytest.raises(ValueError, match="win"):
        TicTacToe(win=True)
    with pytest.raises(ValueError, match="goal"):
        Pig(goal=True)
    with pytest.raises(ValueError, match="ints"):
        Nim((1, 2)).result(Nim((1, 2)).initial, (True, 1))


def test_numpy_integer_seeds_and_sizes_build_the_same_random_trees():
    from aisearch.games import random_chance_tree
    from aisearch.games.examples import random_tree

    assert random_chance_tree(I(4), depth=I(3)).tree == random_chance_tree(4, depth=3).tree
    assert random_chance_tree(5, low=I(-2), high=I(2), p_tip=np.float32(0.5),
                              p_chance=np.float64(0.25)).tree == random_chance_tree(
        5, low=-2, high=2, p_tip=0.5, p_chance=0.25).tree
    assert random_tree(I(3), depth=I(3), low=I(-2)).tree == random_tree(3, depth=3, low=-2).tree
    with pytest.raises(TypeError, match="seed must be an int or None, not True"):
        random_chance_tree(True)


def test_a_numpy_integer_player_is_the_player_it_equals_and_a_bool_none():
    won = TicTacToe.parse("xxx/oo./...")
    assert TicTacToe().utility(won, I(1)) == TicTacToe().utility(won, 1) == -float("inf")
    from aisearch.games.nim import NimState

    assert Nim((1, 2)).utility(NimState((0, 0), 1), np.int8(1)) == -1  # (MAX took the last)
    coins = Coins((3, 1))
    end = coins.result(coins.result(coins.initial, "L"), "L")
    assert coins.utility(end, I(2)) == coins.utility(end, 2)
    for game, s in ((TicTacToe(), won), (Nim((1, 2)), NimState((0, 0), 1))):
        with pytest.raises(ValueError, match="not True"):
            game.utility(s, True)
