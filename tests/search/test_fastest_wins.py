"""Fastest wins, slowest losses: every searcher prefers the quickest win and the longest loss.

Before this rule, with wins worth +inf and Nilsson's e(p), alpha-beta at depths 3-9 played a
move other than an immediate win in 392 of the 2,358 tic-tac-toe positions where one exists
(every win tied). The rule scores a win k plies away above one k + 1 plies away, inside the
search only: reported values stay the game's payoffs, and Nilsson's figures keep their numbers.
"""

import functools
import math
import random

import pytest

from aisearch import (
    MAX,
    MIN,
    ConnectFour,
    Nim,
    SymmetryReduced,
    TicTacToe,
    TreeGame,
    TwoRobots,
    alphabeta,
    alphabeta_failsoft,
    iterative_deepening,
    minimax,
    negamax,
    pearl_ab,
    search_agent,
)
from aisearch.games.examples import eighteen_of_41

SEARCHERS = [minimax, alphabeta, alphabeta_failsoft, negamax, pearl_ab]
TTT = TicTacToe()
e = TicTacToe.nilsson_eval


@functools.cache
def solve(s):
    """(value for MAX, plies to the end) of a tic-tac-toe board under fastest-win play."""
    if TTT.is_terminal(s):
        return TTT.utility(s, MAX), 0
    mover = TTT.to_move(s)
    outcomes = [solve(TTT.result(s, m)) for m in TTT.moves(s)]

    def key(o):  # what the mover prefers: its win, soon; else a draw; else a loss, late
        v, plies = o
        v = v if mover == MAX else -v
        return (v, -plies if v > 0 else plies)

    best = max(outcomes, key=key)
    return best[0], best[1] + 1


def can_win_now(s):
    mover = TTT.to_move(s)
    return [m for m in TTT.moves(s) if TicTacToe.winner(TTT.result(s, m)) == mover]


POSITIONS = [s for s in TicTacToe.states() if not TTT.is_terminal(s)]
WIN_NOW = [s for s in POSITIONS if can_win_now(s)]


def test_there_are_2358_positions_with_a_win_in_one():
    assert len(WIN_NOW) == 2358


@pytest.mark.parametrize("depth", range(1, 10))
def test_tic_tac_toe_agents_at_every_depth_take_a_win_in_one(depth):
    for search in (alphabeta, minimax):
        agent = search_agent(search, depth, evaluate=e)
        missed = [s for s in WIN_NOW if agent(TTT, s) not in can_win_now(s)]
        assert missed == [], f"{search.__name__} depth {depth}: {len(missed)} missed"


@pytest.mark.parametrize("search", SEARCHERS)
def test_every_searcher_wins_as_fast_and_loses_as_late_as_possible(search):
    """From every decided position, the move's distance to the end is the best possible."""
    checked = 0
    for s in POSITIONS[::3]:
        value, plies = solve(s)
        if value == 0:
            continue
        d = search(TTT, s)
        assert d.value == value and len(d.pv) == plies, (s, d)
        assert solve(TTT.result(s, d.move)) == (value, plies - 1), (s, d.move)
        checked += 1
    assert checked > 300


def test_values_stay_payoffs_and_the_textbook_rule_remains_available():
    s = TicTacToe.parse("xx./oo./...")
    fast, plain = alphabeta(TTT, s), alphabeta(TTT, s, fastest_wins=False)
    assert fast.value == plain.value == math.inf and fast.move == 2
    won = TicTacToe.parse("x../.o./...")  # X to move: no immediate win
    assert alphabeta(TicTacToe(win=1), won).value in (0, 1)
    assert alphabeta(TicTacToe(win=1), TicTacToe.parse("xx./oo./...")).value == 1


def test_nilssons_numbers_are_unchanged():
    reduced = SymmetryReduced(TTT)
    for search in SEARCHERS:
        values = {m: search(reduced, reduced.result(reduced.initial, m), 1, evaluate=e).value
                  for m in reduced.moves(reduced.initial)}
        assert values == {0: -1, 1: -2, 4: 1}
    full = minimax(TTT, TTT.initial)
    assert (full.value, full.stats.nodes) == (0, 549_946)
    d = alphabeta(eighteen_of_41, eighteen_of_41.initial)
    assert (d.value, d.stats.leaves) == (4, 18)


def test_a_slow_win_first_in_move_order_loses_to_a_quick_one():
    """Move 0 wins in 3 plies, move 1 at once: every searcher plays 1 (the textbook: 0)."""
    game = TreeGame([[[math.inf]], math.inf])
    for search in SEARCHERS:
        assert search(game, game.initial).move == 1
        assert search(game, game.initial, fastest_wins=False).move == 0
    losing = TreeGame([-math.inf, [[-math.inf]]])  # MAX must lose: later is better
    for search in SEARCHERS:
        assert search(losing, losing.initial).move == 1


def test_declared_finite_wins_count_too_but_explicit_tips_do_not():
    quick = TreeGame([[[1]], 1], win=1)
    assert all(search(quick, quick.initial).move == 1 for search in SEARCHERS)
    payoffs = TreeGame([[[1]], 1])  # no win declared: plain payoffs, the first best move
    assert all(search(payoffs, payoffs.initial).move == 0 for search in SEARCHERS)


def test_robots_and_nim_capture_and_win_as_soon_as_they_can():
    game = TwoRobots(1, 5, black=(0, 0), white=(0, 2))
    white_turn = game.result(game.initial, "E")  # Black steps next to White
    assert alphabeta(game, white_turn, 4, evaluate=game.distance_eval).move == "W"
    nim = Nim((1, 3))
    s = nim.result(nim.initial, (0, 1))  # MIN faces (0, 3): takes all 3 and wins at once
    assert alphabeta(nim, s).move == (1, 3) and alphabeta(nim, s).value == -1


def connect_four_win_in_one(n, seed=5):
    """Positions from random play where the side to move can complete four at once."""
    game, rng, found = ConnectFour(), random.Random(seed), []
    while len(found) < n:
        s = game.initial
        while not game.is_terminal(s):
            wins = [m for m in game.moves(s) if game.is_terminal(game.result(s, m))
                    and game.winner(game.result(s, m)) == game.to_move(s)]
            if wins and bin(s[0]).count("1") >= 18:  # late in the game: small searches
                found.append((s, wins))
                break
            s = game.result(s, rng.choice(game.moves(s)))
    return found


@pytest.mark.slow
def test_connect_four_agents_at_every_depth_take_a_win_in_one():
    game = ConnectFour()
    for s, wins in connect_four_win_in_one(6):
        for depth in range(1, 10):
            move = alphabeta(game, s, depth, evaluate=ConnectFour.evaluate).move
            assert move in wins, (s, depth, move, wins)


def test_connect_four_sees_a_forced_loss_at_its_true_distance():
    """o (MIN) to move faces x's open three: whatever o does, x wins on the next move."""
    game = ConnectFour()
    s = ConnectFour.parse("......./......./......./......./......o/.xxx..o")
    assert game.to_move(s) == MIN
    for depth in (2, 4, 6):
        d = alphabeta(game, s, depth, evaluate=ConnectFour.evaluate)
        assert d.value == math.inf and len(d.pv) == 2  # o moves, x completes four


def test_iterative_deepening_keeps_the_rule():
    s = TicTacToe.parse("xx./oo./...")
    *_, last = iterative_deepening(TTT, s, 4, evaluate=e)
    assert last.move == 2 and last.value == math.inf and len(last.pv) == 1
