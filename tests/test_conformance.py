"""One conformance suite over every game (as OpenSpiel's random_sim_test does).

Random playouts, and at every state on the way: moves are empty iff terminal; result leaves
its input unchanged and equal states hash equal; utilities are zero-sum; chance outcomes sum to
1; noisy moves (quiescence) are some of the legal moves, in their order; a declared move grid
holds every legal move; illegal moves raise IllegalMoveError naming the legal ones; the game
object is not mutated.
"""

import copy
import math
import random

import pytest

from aisearch import CHANCE, MAX, MIN, Chance, IllegalMoveError, Min, TreeGame, fig5_2
from aisearch.core import noisy_moves, side_name, unwrap
from aisearch.games import uniform_tree


def games():
    from aisearch.games import Chess, Coins, SymmetryReduced, TicTacToe
    from aisearch.games.connect4 import ConnectFour
    from aisearch.games.dag import DagGame
    from aisearch.games.nim import Nim
    from aisearch.games.robots import TwoRobots

    walls = TwoRobots.parse("B.#./..#./...W")
    return {
        "fig5_2": fig5_2,
        "tree with chance and MIN layers": TreeGame(
            [Chance([(0.25, [1, 2]), (0.75, [Min([3, -1]), 4])]), Min([Min([5, 6]), 7])]
        ),
        "uniform tree": uniform_tree(3, 4, seed=2),
        "tree with noisy moves": TreeGame([[3, [5, 1]], [2, 7]], noisy=[(0, 1), (1, 1), (0, 1, 0)]),
        "tic-tac-toe": TicTacToe(),
        "tic-tac-toe, symmetry reduced": SymmetryReduced(TicTacToe()),
        "connect four": ConnectFour(),
        "nim": Nim((1, 2, 3)),
        "robots, open grid": TwoRobots(3, 3, black=(0, 0), white=(2, 2)),
        "robots, walls and ply limit": TwoRobots.parse("B.#./..#./...W", max_plies=12),
        "robots, walls": walls,
        "three-player coins": Coins((7, 4, 3, 9, 5, 7)),
        "two-player coins": Coins((3, 1, 4, 1, 5), players=2),
        "chess": Chess(),
        "chess, checks noisy": Chess(checks_noisy=True),
        "dag with skips and wins": DagGame(b=3, d=6, width=4, seed=1, skip=0.3, win=9,
                                           p_win=0.2),
        **chance_games(),
    }


def chance_games():
    from aisearch.games import Nannon, Pig, dice_tree, random_chance_tree

    return {"pig": Pig(goal=20), "pig, four-sided die": Pig(goal=9, die=4), "nannon": Nannon(),
            "dice tree": dice_tree, "random chance tree": random_chance_tree(7)}


GAMES = games()
PLAYOUTS = {"chess": (4, 40), "chess, checks noisy": (2, 30)}
"""(playouts, plies) for games whose moves are slow to generate; others get (30, 60)."""


def replay(game, moves):
    s = game.initial
    for m in moves:
        s = game.result(s, m)
    return s


@pytest.mark.parametrize("name", list(GAMES))
def test_random_playouts_obey_the_protocol(name):
    game = GAMES[name]
    rules_before = copy.deepcopy(vars(game))
    rng = random.Random(0)
    playouts, plies = PLAYOUTS.get(name, (30, 60))
    for _ in range(playouts):
        s, history = game.initial, []
        for _ply in range(plies):
            moves = game.moves(s)
            assert (len(moves) == 0) == game.is_terminal(s)
            if game.is_terminal(s):
                assert not noisy_moves(game, s)
                u = game.utility(s, MAX)
                assert isinstance(u, (int, float)) and not math.isnan(u)
                players = getattr(game, "players", 2)
                if players == 2:
                    assert game.utility(s, MIN) == -u
                else:  # n players: one utility each, summing to 0
                    assert sum(game.utility(s, p) for p in range(players)) == 0
                with pytest.raises(IllegalMoveError):
                    game.result(s, rng.choice(list(game.moves(game.initial))))
                break
            player = game.to_move(s)
            assert player in (CHANCE, *range(getattr(game, "players", 2)))
            assert len(set(moves)) == len(moves), "moves are distinct"
            noisy = list(noisy_moves(game, s))
            assert noisy == [m for m in moves if m in noisy], "noisy moves: legal, in order"
            grid = getattr(unwrap(game), "move_grid", None)
            if grid is not None and player != CHANCE:
                assert set(moves) <= {m for row in grid for m in row}, "the grid holds every move"
            if player == CHANCE:
                outcomes = game.chance_outcomes(s)
                assert math.isclose(sum(p for _, p in outcomes), 1.0)
                assert [m for m, _ in outcomes] == list(moves)
            before = copy.deepcopy(s)
            m = rng.choice(list(moves))
            child = game.result(s, m)
            assert s == before and hash(s) == hash(before), "result left its input unchanged"
            history.append(m)
            again = replay(game, history)
            assert again == child and hash(again) == hash(child), "equal states hash equal"
            s = child
    assert vars(game) == rules_before, "a game holds no mutable state"


@pytest.mark.parametrize("name", list(GAMES))
def test_illegal_moves_raise_and_list_the_legal_ones(name):
    game = GAMES[name]
    s = game.initial
    with pytest.raises(IllegalMoveError) as error:
        game.result(s, "no such move")
    legal = game.moves(s)
    assert tuple(error.value.legal) == tuple(legal)
    assert str(legal[0]) in str(error.value)


@pytest.mark.parametrize("name", list(GAMES))
def test_every_game_names_its_sides_and_declares_whether_it_has_chance(name):
    game = GAMES[name]
    names = {side_name(game, MAX), side_name(game, MIN)}
    assert len(names) == 2 and all(isinstance(n, str) and n for n in names)
    chance = any(game.to_move(s) == CHANCE for s in reachable(game, 2000))
    assert not chance or getattr(game, "has_chance", True), "a game with chance declares it"


def reachable(game, limit):
    seen, frontier = {game.initial}, [game.initial]
    while frontier and len(seen) < limit:
        s = frontier.pop()
        for m in game.moves(s):
            t = game.result(s, m)
            if t not in seen:
                seen.add(t)
                frontier.append(t)
    return seen
