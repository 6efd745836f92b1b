"""Lesson 08's entry points called wrongly: MCTS and its agent, UCB1, rewards, max^n,
paranoid search, utility-tuple trees and three-player coins."""

from __future__ import annotations

from typing import Any

from aisearch.games import Coins, CoinsState, ConnectFour, TicTacToe, TupleTree, fig5_2, utilities
from aisearch.search import (
    MCTS,
    Budget,
    Killers,
    Paranoid,
    maxn,
    mcts,
    mcts_agent,
    paranoid,
    play_bandit,
    scaled_rewards,
    ucb1,
)
from aisearch.search.runtime.anytime import run_anytime
from aisearch.search.sampling.ucb import rewards
from aisearch.trace import Recorder
from tests.bad_input.samples import BadUtility
from tests.bad_input.table import Case, check, params

TTT = TicTacToe()
COINS = Coins((7, 4, 3, 9, 5, 7))
KORF = TupleTree([[(6, 3, 0), (1, 1, 7)], [(2, 7, 0), (4, 4, 1)]])


def three(s: Any) -> int:
    return 3


def two_each(game: Any, s: Any, players: int = 2) -> tuple:
    return (2, 2)


def nan_reward(game: Any, s: Any, players: int = 2) -> tuple:
    return (float("nan"), 0.5)


def no_reward(game: Any, s: Any, players: int = 2) -> None:
    return None


def last(gen: Any) -> Any:
    return run_anytime(gen)


def _mcts_views() -> list[Case]:
    from aisearch import Recorder, alphabeta
    from aisearch.plot import mcts_tree
    from aisearch.trace import grown_tree
    from aisearch.widgets import MCTSModel, MCTSStepper
    from aisearch.widgets.snapshots import mcts_strip

    search = MCTS(TTT, TTT.initial)
    rec = Recorder()
    _ = list(mcts(TTT, TTT.initial, iterations=5, tracer=rec))
    other = Recorder()
    alphabeta(fig5_2, fig5_2.initial, tracer=other)
    return [
        Case("mcts_tree: the search object, not its recording", lambda: mcts_tree(search),
             TypeError, ("recorded mcts search", "tracer=recorder()")),
        Case("mcts_tree: a list that is no recording", lambda: mcts_tree([1, 2]), ValueError,
             ("event 0", "not a trace event")),
        Case("mcts_tree: depth=-1", lambda: mcts_tree(rec, depth=-1), ValueError,
             ("depth", "-1")),
        Case("mcts_tree: min_visits=1.5", lambda: mcts_tree(rec, min_visits=1.5),
             ValueError, ("min_visits", "1.5")),
        Case("mcts_tree: upto=10**6", lambda: mcts_tree(rec, upto=10**6), ValueError,
             ("upto", "1000000")),
        Case("mcts_strip(3)", lambda: mcts_strip(3), TypeError, ("mctsstepper", "3")),
        Case("mcts_strip: an iteration past the end",
             lambda: mcts_strip(MCTSModel(TTT, TTT.initial, iterations=5), [9]), ValueError,
             ("iterations", "0 to 5", "[9]")),
        Case("mcts_strip: ncols=0",
             lambda: mcts_strip(MCTSModel(TTT, TTT.initial, iterations=5), [2], ncols=0),
             ValueError, ("ncols", "0")),
        Case("grown_tree(3)", lambda: grown_tree(3), TypeError, ("recording", "3")),
        Case("grown_tree: a recording of alpha-beta", lambda: grown_tree(other), ValueError,
             ("no mcts iteration",)),
        Case("grown_tree: upto=-1", lambda: grown_tree(rec, -1), ValueError, ("upto", "-1")),
        Case("MCTSModel: tracer=Recorder()", lambda: MCTSModel(TTT, TTT.initial,
                                                               tracer=Recorder()),
             TypeError, ("tracer",)),
        Case("MCTSModel: iterations=10**6", lambda: MCTSModel(TTT, TTT.initial,
                                                              iterations=10**6),
             ValueError, ("iterations", "5,000")),
        Case("MCTSModel: goto past the end", lambda: MCTSModel(TTT, TTT.initial,
                                                               iterations=5).goto(6),
             IndexError, ("6", "0..5")),
        Case("MCTSModel: game None", lambda: MCTSModel(None, 0), TypeError, ("game",)),
        Case("MCTSModel: a budget spent before the first iteration ends",
             lambda: MCTSModel(TTT, TTT.initial, iterations=5, budget=Budget(nodes=1)),
             ValueError, ("budget ran out before the first iteration",)),
        Case("MCTSModel: goto past the iterations a budget allowed",
             lambda: MCTSModel(TTT, TTT.initial, iterations=50,
                               budget=Budget(nodes=100)).goto(20), IndexError, ("0..13",)),
        Case("MCTSStepper: iterations=0", lambda: MCTSStepper(TTT, TTT.initial, iterations=0),
             ValueError, ("iterations", "0")),
        Case("MCTSStepper: a foreign state", lambda: MCTSStepper(TTT, ConnectFour().initial),
             ValueError, ("tic-tac-toe",)),
    ]


CASES = [
    Case("mcts: policy=Killers (a class, not a playout policy)",
         lambda: mcts(TicTacToe(), TicTacToe.initial, iterations=5, policy=Killers), TypeError,
         ("policy must be callable", "the class killers")),
    # the bandit
    Case("play_bandit: one arm", lambda: play_bandit((0.5,), 10), ValueError,
         ("at least 2", "[0, 1]")),
    Case("play_bandit: a probability of 2", lambda: play_bandit((0.5, 2), 10), ValueError,
         ("probabilities", "2")),
    Case("play_bandit: steps=0", lambda: play_bandit((0.5, 0.1), 0), ValueError,
         ("steps", "0")),
    Case("play_bandit: steps too many", lambda: play_bandit((0.5, 0.1), 10**9), ValueError,
         ("steps", "1,000,000")),
    Case("play_bandit: policy='best'", lambda: play_bandit((0.5, 0.1), 5, policy="best"),
         ValueError, ("policy", "ucb1", "'best'")),
    Case("play_bandit: c=-1", lambda: play_bandit((0.5, 0.1), 5, c=-1), ValueError,
         ("c (the exploration constant)", "-1")),
    Case("play_bandit: c='2'", lambda: play_bandit((0.5, 0.1), 5, c="2"), ValueError,
         ("c ", "'2'")),
    Case("play_bandit: epsilon=2", lambda: play_bandit((0.5, 0.1), 5, policy="epsilon",
                                                       epsilon=2),
         ValueError, ("epsilon", "probability", "2")),
    Case("play_bandit: steps=5.0", lambda: play_bandit((0.5, 0.1), 5.0), ValueError,
         ("steps", "5.0", "a float")),

    # UCB1 and rewards
    Case("ucb1: parent_visits 0 with a visited child", lambda: ucb1(1, 1, 0), ValueError,
         ("parent_visits must be at least visits", "visits=1, parent_visits=0")),
    Case("ucb1: visits=-1", lambda: ucb1(1, -1, 5), ValueError,
         ("visits must be a non-negative int", "-1")),
    Case("ucb1: visits=2.5", lambda: ucb1(1, 2.5, 5), ValueError, ("visits", "2.5", "a float")),
    Case("ucb1: visits=True", lambda: ucb1(1, True, 5), ValueError, ("visits", "true")),
    Case("ucb1: total='1'", lambda: ucb1("1", 2, 5), ValueError, ("total", "'1'")),
    Case("ucb1: total NaN", lambda: ucb1(float("nan"), 2, 5), ValueError, ("total", "nan")),
    Case("ucb1: more wins than visits", lambda: ucb1(5, 2, 5), ValueError,
         ("total must be a number from 0 to visits (2)", "rewards are in [0, 1]", "5")),
    Case("ucb1: c=-1", lambda: ucb1(1, 2, 5, c=-1), ValueError, ("c (the exploration", "-1")),
    Case("ucb1: c=nan", lambda: ucb1(1, 2, 5, c=float("nan")), ValueError, ("c ", "nan")),
    Case("scaled_rewards: low above high", lambda: scaled_rewards(5, 1), ValueError,
         ("low", "high")),
    Case("scaled_rewards: text", lambda: scaled_rewards("0", 1), TypeError, ("low", "'0'")),
    Case("rewards: players=1", lambda: rewards(TTT, TTT.parse("xxx/oo./..."), 1), ValueError,
         ("players must be an int >= 2", "1")),
    Case("rewards: players='2'", lambda: rewards(TTT, TTT.parse("xxx/oo./..."), "2"),
         ValueError, ("players must be an int >= 2", "'2'")),
    Case("scaled_rewards: a utility that is no number",
         lambda: scaled_rewards(0, 5)(BadUtility(None), 0), ValueError,
         ("none", "not a number on the scale [0, 5]")),
    Case("scaled_rewards: a utility outside the scale",
         lambda: last(mcts(fig5_2, (), iterations=5, reward=scaled_rewards(0, 5))), ValueError,
         ("outside the scale", "[0, 5]")),
    # MCTS
    Case("mcts: iterations=0", lambda: last(mcts(TTT, TTT.initial, iterations=0)),
         ValueError, ("iterations", "0")),
    Case("mcts: iterations=1.5", lambda: last(mcts(TTT, TTT.initial, iterations=1.5)),
         ValueError, ("iterations", "1.5")),
    Case("mcts: batch=True", lambda: last(mcts(TTT, TTT.initial, batch=True)), ValueError,
         ("batch", "true")),
    Case("mcts: iterations=None without a budget",
         lambda: last(mcts(TTT, TTT.initial, iterations=None)), ValueError,
         ("iterations=none", "budget")),
    Case("mcts: c=-1", lambda: last(mcts(TTT, TTT.initial, c=-1)), ValueError,
         ("c (the exploration constant)", "-1")),
    Case("mcts: c='2'", lambda: last(mcts(TTT, TTT.initial, c="2")), ValueError, ("c ",)),
    Case("mcts: seed=1.5", lambda: last(mcts(TTT, TTT.initial, seed=1.5)), TypeError,
         ("seed", "1.5")),
    Case("mcts: policy=3", lambda: last(mcts(TTT, TTT.initial, policy=3)), TypeError,
         ("policy", "3")),
    Case("mcts: budget=100", lambda: last(mcts(TTT, TTT.initial, budget=100)), TypeError,
         ("budget", "100")),
    Case("mcts: value returns 2", lambda: last(mcts(TTT, TTT.initial, iterations=3,
                                                     value=lambda s: 2)),
         ValueError, ("returned 2", "[0, 1]")),
    Case("mcts: utility returns NaN", lambda: last(mcts(BadUtility(float("nan")), 0, iterations=3)),
         ValueError, ("utility", "nan")),
    Case("mcts: reward returns (2, 2)", lambda: last(mcts(TTT, TTT.initial, iterations=3,
                                                          reward=two_each)),
         ValueError, ("two_each returned (2, 2)", "terminal state", "[0, 1]")),
    Case("mcts: reward returns NaN", lambda: last(mcts(TTT, TTT.initial, iterations=3,
                                                       reward=nan_reward)),
         ValueError, ("nan_reward returned (nan, 0.5)", "[0, 1]")),
    Case("mcts: reward returns None", lambda: last(mcts(TTT, TTT.initial, iterations=3,
                                                        reward=no_reward)),
         ValueError, ("no_reward returned none", "a tuple of 2 numbers")),
    Case("mcts: reward returns one number", lambda: last(mcts(TTT, TTT.initial, iterations=3,
                                                              reward=lambda g, s, n: 1.0)),
         ValueError, ("returned 1.0", "a tuple of 2 numbers")),
    Case("mcts: tracer=Recorder (the class)", lambda: MCTS(TTT, TTT.initial, tracer=Recorder),
         TypeError, ("tracer must be a tracer", "the class recorder")),
    Case("MCTS.best(3)", lambda: MCTS(TTT, TTT.initial).best(3), TypeError,
         ("node must be a node of the tree", "3")),
    Case("MCTS.ucb_terms(3)", lambda: MCTS(TTT, TTT.initial).ucb_terms(3), TypeError,
         ("node must be a node of the tree", "3")),
    Case("MCTS.run: iterations=10.0", lambda: MCTS(TTT, TTT.initial).run(10.0), ValueError,
         ("iterations", "10.0", "a float")),
    # game None, a class, a foreign or unhashable state, a misspelt option: test_searchers
    Case("MCTS: tracer=1", lambda: MCTS(TTT, TTT.initial, tracer=1), TypeError,
         ("tracer", "1")),
    Case("MCTS.run: batch=0", lambda: MCTS(TTT, TTT.initial).run(10, 0), ValueError,
         ("batch", "0")),
    Case("mcts_agent: no limit", lambda: mcts_agent(None), ValueError,
         ("iterations", "nodes", "seconds")),
    Case("mcts_agent: iterations=-5", lambda: mcts_agent(-5), ValueError,
         ("iterations", "-5")),
    Case("mcts_agent: nodes=0", lambda: mcts_agent(nodes=0), ValueError, ("nodes", "0")),
    Case("mcts_agent: a misspelt option", lambda: mcts_agent(10, bach=3), TypeError,
         ("bach", "batch")),
    Case("mcts_agent: seed='x'", lambda: mcts_agent(10, seed="x"), TypeError, ("seed", "'x'")),
    Case("mcts_agent at a finished game",
         lambda: mcts_agent(10)(TTT, TicTacToe.parse("xxx/oo./...")), ValueError,
         ("mcts(iterations=10)", "game is over")),
    Case("mcts_agent: c=nan", lambda: mcts_agent(10, c=float("nan")), ValueError, ("c ", "nan")),
    Case("mcts_agent: batch=0", lambda: mcts_agent(10, batch=0), ValueError, ("batch", "0")),
    Case("mcts_agent: value=3", lambda: mcts_agent(10, value=3), TypeError, ("value", "3")),
    Case("mcts_agent: tracer=Recorder (the class)", lambda: mcts_agent(10, tracer=Recorder),
         TypeError, ("tracer", "the class recorder")),
    Case("mcts: budget of seconds=0", lambda: mcts(TTT, TTT.initial,
                                                   budget=Budget(seconds=0)),
         ValueError, ("seconds", "0")),
    # max^n and paranoid
    Case("maxn: depth=-1, three players", lambda: maxn(KORF, (), -1), ValueError, ("depth", "-1")),
    Case("maxn: depth='2'", lambda: maxn(KORF, (), "2"), ValueError, ("depth", "'2'")),
    Case("maxn: prune='yes'", lambda: maxn(KORF, (), prune="yes"), TypeError,
         ("prune", "'yes'")),
    Case("maxn: evaluate=3, three players", lambda: maxn(KORF, (), 1, evaluate=3), TypeError,
         ("evaluate", "3")),
    Case("maxn: no evaluate at the depth bound", lambda: maxn(COINS, COINS.initial, 1),
         ValueError, ("evaluate",)),
    Case("maxn: evaluate returns a number", lambda: maxn(COINS, COINS.initial, 1,
                                                          evaluate=three),
         ValueError, ("tuple of 3", "three returned 3")),
    Case("maxn: an evaluation outside utility_bounds, with pruning",
         lambda: maxn(KORF, (), 1, evaluate=lambda s: (9, 6, 0)), ValueError,
         ("(9, 6, 0)", "utility_bounds (0, 9)", "prune=false")),
    Case("maxn: tracer=Recorder, the class", lambda: maxn(KORF, (), tracer=Recorder), TypeError,
         ("tracer", "class recorder", "recorder()")),
    Case("paranoid: tracer=Recorder, the class", lambda: paranoid(KORF, (), tracer=Recorder),
         TypeError, ("tracer", "class recorder")),
    Case("maxn: a foreign state", lambda: maxn(KORF, (5,)), ValueError, ("tupletree",)),
    Case("maxn: game None, three players", lambda: maxn(None, ()), TypeError, ("game", "none")),
    Case("maxn: unhashable state, three players", lambda: maxn(KORF, [0]), TypeError,
         ("hashable",)),
    Case("paranoid: player 3 of 3", lambda: paranoid(KORF, (), player=3), ValueError,
         ("player", "0 to 2", "3")),
    Case("paranoid: player=True", lambda: paranoid(KORF, (), player=True), ValueError,
         ("player", "true")),
    Case("paranoid: depth=1.5, three players", lambda: paranoid(KORF, (), 1.5), ValueError,
         ("depth", "1.5")),
    Case("paranoid: a foreign state", lambda: paranoid(COINS, ()), ValueError,
         ("coinsstate",)),
    Case("Paranoid: a class", lambda: Paranoid(Coins), TypeError, ("class",)),
    Case("Paranoid: utility for player 2", lambda: Paranoid(KORF).utility((0, 0), 2),
         ValueError, ("max", "min", "2")),
    # games
    Case("TupleTree: tips of different sizes", lambda: TupleTree([(1, 2), (1, 2, 3)]),
         ValueError, ("every tip needs 2", "(1, 2, 3)")),
    Case("TupleTree: a one-player tip", lambda: TupleTree([(1,)]), ValueError,
         ("at least 2",)),
    Case("TupleTree: text at a tip", lambda: TupleTree([(1, "2")]), ValueError,
         ("real numbers",)),
    Case("TupleTree: an empty node", lambda: TupleTree([[], (1, 2)]), ValueError,
         ("at least one child",)),
    Case("TupleTree: a number for a node", lambda: TupleTree([3]), ValueError,
         ("3", "neither")),
    Case("TupleTree: a bool move", lambda: KORF.result((), True), ValueError,
         ("illegal move true",)),
    Case("TupleTree: utility of player 3", lambda: KORF.utility((0, 0), 3), ValueError,
         ("player", "0 to 2")),
    Case("TupleTree: utility before the end", lambda: KORF.utility((0,)), ValueError,
         ("not a tip",)),
    Case("Coins: players=1", lambda: Coins((1, 2), players=1), ValueError,
         ("players", "2 to 6")),
    Case("Coins: a negative coin", lambda: Coins((1, -2)), ValueError, ("row", "-2")),
    Case("Coins: a row of text", lambda: Coins("123"), TypeError, ("row", "'123'")),
    Case("Coins: too many coins", lambda: Coins((1,) * 41), ValueError, ("1 to 40",)),
    Case("Coins: move 'X'", lambda: COINS.result(COINS.initial, "X"), ValueError,
         ("illegal move 'x'", "l, r")),
    Case("Coins: utility before the end", lambda: COINS.utility(COINS.initial), ValueError,
         ("not over",)),
    Case("Coins: utility of player 1.0", lambda: COINS.utility(
        CoinsState((), (10, 15, 10), 0), 1.0), ValueError, ("player", "float")),
    Case("CoinsState: scores that do not add up", lambda: COINS.moves(
        CoinsState((7,), (0, 0, 0), 0)), ValueError, ("add up",)),
    Case("CoinsState: another game's state", lambda: COINS.to_move(TTT.initial), ValueError,
         ("coinsstate",)),
    Case("utilities(None, ())", lambda: utilities(None, ()), TypeError, ("game",)),
    Case("utilities: not a terminal state", lambda: utilities(COINS, COINS.initial),
         ValueError, ("not over",)),
]


def _endless_and_many_players() -> list[Case]:
    from aisearch.games import TwoRobots

    walled = TwoRobots.parse("\n. . # . .\nB . # . W\n")  # the robots can never meet
    return [
        Case("mcts: a game that can go on for ever, no budget", lambda: last(mcts(
            walled, walled.initial, iterations=1)), ValueError,
            ("cycles=true", "playout may never end", "budget=", "value=")),
        Case("mcts_agent: a game that can go on for ever", lambda: mcts_agent(1)(
            walled, walled.initial), ValueError, ("cycles=true",)),
        Case("mcts: c=inf", lambda: MCTS(TTT, TTT.initial, c=float("inf")), ValueError,
             ("finite number >= 0", "inf")),
        Case("mcts_agent: c=inf", lambda: mcts_agent(5, c=float("inf")), ValueError,
             ("finite number >= 0", "inf")),
        Case("mcts: value gives one number for three players", lambda: last(mcts(
            COINS, COINS.initial, iterations=3, value=lambda s: 0.5)), ValueError,
            ("two players", "tuple of 3")),
    ]


CASES += _mcts_views() + _endless_and_many_players()


@params(CASES)
def test_lesson08_called_wrongly_says_what_was_wrong(case: Case) -> None:
    check(case)
