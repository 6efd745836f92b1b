"""Tests for retrograde analysis (aisearch.solve)."""

from __future__ import annotations

import math
import random
from functools import reduce
from operator import xor

import pytest

from aisearch.core import CHANCE, MAX, MIN, GameBase
from aisearch.games.robots import TwoRobots
from aisearch.solve import Outcome, Solution, retrograde


class GraphGame(GameBase):
    """A game given as a graph: ``edges[s]`` lists successors, move i goes to the i-th.

    ``movers[s]`` says who moves; a state without edges is terminal, worth
    ``payoff[s]`` to MAX.
    """

    def __init__(self, edges, movers, payoff=None, initial=0):
        self.edges, self.movers, self.payoff = edges, movers, payoff or {}
        self.initial = initial

    def to_move(self, s):
        return self.movers[s]

    def moves(self, s):
        return tuple(range(len(self.edges.get(s, ()))))

    def result(self, s, m):
        if m not in self.moves(s):
            raise self.illegal(s, m)
        return self.edges[s][m]

    def utility(self, s, player=MAX):
        v = self.payoff[s]
        return v if player == MAX else -v


class Nim(GameBase):
    """Normal-play Nim: take any number from one heap; who takes the last object wins."""

    def __init__(self, heaps):
        self.initial = (tuple(heaps), MAX)

    def to_move(self, s):
        return s[1]

    def moves(self, s):
        return tuple((i, k) for i, h in enumerate(s[0]) for k in range(1, h + 1))

    def result(self, s, m):
        i, k = m
        heaps = list(s[0])
        heaps[i] -= k
        return (tuple(heaps), 1 - s[1])

    def utility(self, s, player=MAX):
        v = -1 if s[1] == MAX else 1  # the player to move at the end has lost
        return v if player == MAX else -v


def test_a_cycle_nobody_wants_to_leave_is_a_draw():
    """a (MAX) <-> b (MIN); leaving the cycle loses: a -> lose, b -> win for MAX.
    c (MAX) may enter the cycle or win at once."""
    game = GraphGame(
        edges={"a": ["b", "lose"], "b": ["a", "win"], "c": ["b", "win"]},
        movers={"a": MAX, "b": MIN, "c": MAX, "win": MIN, "lose": MAX},
        payoff={"win": 1, "lose": -1},
        initial="c",
    )
    solution = retrograde(game)
    assert solution["c"] == Outcome(1, 1)
    assert solution["a"] == solution["b"] == Outcome(0, math.inf)
    assert solution.best_move("a") == 0 and solution.best_move("b") == 0
    assert solution.pv("a", max_moves=5) == (0, 0, 0, 0, 0)
    assert solution.counts() == {1: 2, 0: 2, -1: 1}
    assert len(solution) == 5 and set(solution) == {"a", "b", "c", "win", "lose"}


def test_winner_wins_fastest_and_loser_delays_longest():
    """MAX at 0 may win at once (via 1) or later (via 2); MIN at 3 chooses to lose late."""
    game = GraphGame(
        edges={0: [2, 1], 2: [1], 3: [1, 4], 4: [5], 5: [1]},
        movers={0: MAX, 1: MIN, 2: MIN, 3: MIN, 4: MAX, 5: MIN},
        payoff={1: 1},
    )
    solution = retrograde(game, [0, 1, 2, 3, 4, 5])
    assert solution[0] == Outcome(1, 1) and solution.best_move(0) == 1
    assert solution[3] == Outcome(1, 3) and solution.best_move(3) == 1
    assert solution.pv(3) == (1, 0, 0)
    assert solution.best_move(1) is None


def test_movers_need_not_alternate():
    """MAX moves twice in a row: 0 -> 1 (MAX again) -> win."""
    game = GraphGame(
        edges={0: [1], 1: [2, 3]},
        movers={0: MAX, 1: MAX, 2: MIN, 3: MIN},
        payoff={2: -1, 3: 1},
    )
    assert retrograde(game)[0] == Outcome(1, 2)


def nim_sum(heaps):
    return reduce(xor, heaps, 0)


@pytest.mark.parametrize("heaps", [(1, 2, 3), (2, 3, 4), (1, 1), (3,), (1, 4, 5)])
def test_nim_agrees_with_nim_sum_theory(heaps):
    """The player to move loses exactly when the nim-sum (xor) of the heaps is 0."""
    game = Nim(heaps)
    solution = retrograde(game)
    for s, outcome in solution.items():
        mover_wins = nim_sum(s[0]) != 0
        mover_sign = 1 if s[1] == MAX else -1
        assert outcome.value == (mover_sign if mover_wins else -mover_sign), s
        if mover_wins:
            assert nim_sum(game.result(s, solution.best_move(s))[0]) == 0
        else:  # every move loses, and the loser takes one object at a time to last longest
            assert outcome.plies >= 1 or sum(s[0]) == 0
    assert solution.value(game.initial) == (-1 if nim_sum(heaps) == 0 else 1)


def test_nim_1_2_3_is_lost_for_the_first_player():
    solution = retrograde(Nim((1, 2, 3)))
    assert solution.value(((1, 2, 3), MAX)) == -1
    assert solution.plies(((0, 0, 1), MIN)) == 1


def test_package_nim_when_available():
    nim = pytest.importorskip("aisearch.games.nim")
    game = nim.Nim((1, 2, 3))
    assert retrograde(game).value(game.initial) == -1  # nim-sum 0 (misere agrees here)


def naive_solve(game, states):
    """Label states in rounds: round n settles exactly the states n plies from the end."""
    value, plies = {}, {}
    for s in states:
        if game.is_terminal(s):
            value[s], plies[s] = (game.utility(s) > 0) - (game.utility(s) < 0), 0
    n = 0
    while True:
        n += 1
        new = {}
        for s in states:
            if s in value or game.is_terminal(s):
                continue
            good = 1 if game.to_move(s) == MAX else -1
            kids = [game.result(s, m) for m in game.moves(s)]
            known = [value.get(t) for t in kids if value.get(t) is not None]
            if good in known:
                new[s] = good
            elif len(known) == len(kids) and all(v == -good for v in known):
                new[s] = -good
        if not new:
            break
        for s, v in new.items():
            value[s], plies[s] = v, n
    for s in states:
        if s not in value:
            value[s], plies[s] = 0, (0 if game.is_terminal(s) else math.inf)
    return value, plies


def random_graph_game(rng):
    n = rng.randint(2, 25)
    edges, movers, payoff = {}, {}, {}
    for s in range(n):
        movers[s] = rng.choice((MAX, MIN))
        if rng.random() < 0.25:
            payoff[s] = rng.choice((-1, 0, 1, 2.5, -7))
        else:
            edges[s] = [rng.randrange(n) for _ in range(rng.randint(1, 3))]
    if not payoff:
        edges.pop(n - 1)
        payoff[n - 1] = 1
    return GraphGame(edges, movers, payoff), list(range(n))


@pytest.mark.parametrize("seed", range(300))
def test_retrograde_agrees_with_naive_rounds_on_random_graphs(seed):
    game, states = random_graph_game(random.Random(seed))
    solution = retrograde(game, states)
    value, plies = naive_solve(game, states)
    for s in states:
        assert solution[s] == Outcome(value[s], plies[s]), s
        if solution.value(s) != 0:  # best play ends where the value says, when it says
            end = s
            for m in solution.pv(s):
                end = game.result(end, m)
            assert game.is_terminal(end) and len(solution.pv(s)) == solution.plies(s)
            assert (game.utility(end) > 0) == (solution.value(s) > 0)


def test_robots_solution_is_a_mapping_with_helpers():
    game = TwoRobots.parse("B..W")
    solution = retrograde(game)
    assert isinstance(solution, Solution) and len(solution) == len(game.states())
    assert game.initial in solution and "nonsense" not in solution
    with pytest.raises(KeyError):
        solution["nonsense"]
    assert solution[game.initial].winner == MAX
    assert repr(solution) == "<Solution of 7 states: 7 MAX wins, 0 MIN wins, 0 draws>"
    line = solution.pv(game.initial)
    s = game.initial
    for m in line:
        s = game.result(s, m)
    assert game.is_terminal(s) and len(line) == solution.plies(game.initial) == 5


def test_chance_games_are_refused():
    game = GraphGame(edges={0: [1, 2]}, movers={0: CHANCE, 1: MIN, 2: MIN}, payoff={1: 1, 2: -1})
    with pytest.raises(ValueError, match="games without chance; 0 is a CHANCE state"):
        retrograde(game)


def test_more_than_two_players_are_refused():
    game = GraphGame(edges={0: [1]}, movers={0: 2, 1: MIN}, payoff={1: 1})
    with pytest.raises(ValueError, match="two-player games; player 2 moves in 0"):
        retrograde(game)
    game.players = 3
    with pytest.raises(ValueError, match="has 3 players"):
        retrograde(game)


def test_games_too_large_are_refused():
    game = TwoRobots(5, 5)
    with pytest.raises(ValueError, match="more than 10 states; pass a larger limit="):
        retrograde(game, limit=10)
    with pytest.raises(ValueError, match="more than 10 states"):
        retrograde(game, game.all_states(), limit=10)
    assert len(retrograde(game, limit=2 * 25 * 25)) <= 2 * 25 * 25


def test_states_must_be_closed_under_moves():
    game = TwoRobots.parse("B..W")
    with pytest.raises(ValueError, match="not closed under moves"):
        retrograde(game, [game.initial])


def test_non_zero_sum_games_are_refused():
    class Both(GraphGame):
        def utility(self, s, player=MAX):
            return 1

    game = Both(edges={0: [1]}, movers={0: MAX, 1: MIN}, payoff={1: 1})
    with pytest.raises(ValueError, match="zero-sum"):
        retrograde(game)
