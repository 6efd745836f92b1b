"""Agents and play called wrongly; a game that can go on for ever stops by itself."""

from __future__ import annotations

import numpy as np

from aisearch.agents import (
    CYCLE_LIMIT,
    anytime_agent,
    check_decision_state,
    play,
    random_agent,
    search_agent,
)
from aisearch.core import MIN, IllegalMoveError
from aisearch.games import Coins, ConnectFour, Pig, TicTacToe, TwoRobots, fig5_2
from aisearch.search import alphabeta, iterative_deepening
from aisearch.trace import Recorder
from aisearch.widgets import PlayModel
from tests.bad_input.table import Case, check, params

TTT = TicTacToe()
RANDOM = random_agent(0)
OVER = TicTacToe.parse("xxx/oo./...")  # X has won
PIG = Pig(goal=10)
ROLLING = PIG.result(PIG.initial, "roll")  # chance is to throw the die


def no_decision(game, state, depth=None, **options):
    """A searcher that forgot to return its decision."""


def a_number(game, state, depth=None, **options):
    return 3


class FinishIsNoMethod:
    """A tracer whose ``finish`` is not a method."""

    finish = 3

    def __call__(self, event):
        pass

CASES = [
    Case("play(None, ...)", lambda: play(None, [RANDOM, RANDOM]), TypeError, ("game", "none")),
    Case("play(TicTacToe, ...)", lambda: play(TicTacToe, [RANDOM, RANDOM]), TypeError,
         ("the class tictactoe",)),
    Case("play: agents=None", lambda: play(TTT, None), TypeError, ("agents", "none")),
    Case("play: agents='ab'", lambda: play(TTT, "ab"), TypeError, ("agents", "'ab'")),
    Case("play: an agent that is not callable", lambda: play(TTT, [RANDOM, 3]), TypeError,
         ("agent", "3")),
    Case("play: no agent for MIN", lambda: play(TTT, [RANDOM]), ValueError,
         ("no agent for min",)),
    Case("play: no agents", lambda: play(TTT, []), ValueError, ("no agent for max",)),
    Case("play: max_moves=-1", lambda: play(TTT, [RANDOM, RANDOM], max_moves=-1), ValueError,
         ("max_moves", "-1")),
    Case("play: max_moves=2.5", lambda: play(TTT, [RANDOM, RANDOM], max_moves=2.5),
         ValueError, ("max_moves", "2.5")),
    Case("play: rng='x'", lambda: play(TTT, [RANDOM, RANDOM], rng="x"), TypeError,
         ("rng", "'x'")),
    Case("play: a state of another game",
         lambda: play(TTT, [RANDOM, RANDOM], state=ConnectFour().initial), ValueError,
         ("tic-tac-toe",)),
    Case("play: an agent answering an illegal move", lambda: play(fig5_2, [lambda g, s: 9] * 2),
         IllegalMoveError, ("illegal move 9", "legal moves: 0, 1, 2")),
    Case("play: an agent answering True", lambda: play(TTT, [lambda g, s: True] * 2),
         IllegalMoveError, ("true", "bool")),
    Case("random_agent('x')", lambda: random_agent("x"), TypeError, ("seed", "'x'")),
    Case("random_agent(1.5)", lambda: random_agent(1.5), TypeError, ("seed", "1.5")),
    Case("search_agent(3)", lambda: search_agent(3), TypeError, ("search", "3")),
    Case("search_agent: depth=-1", lambda: search_agent(alphabeta, -1), ValueError,
         ("depth", "-1")),
    Case("search_agent: depth='2'", lambda: search_agent(alphabeta, "2"), ValueError,
         ("depth", "'2'")),
    Case("search_agent: a misspelt option", lambda: search_agent(alphabeta, 2, evalute=len),
         TypeError, ("evalute", "evaluate")),
    Case("search_agent: an anytime searcher without a depth",
         lambda: search_agent(iterative_deepening), ValueError, ("anytime", "depth")),
    Case("search_agent: depth=0", lambda: search_agent(alphabeta, 0), ValueError,
         ("depth", "sees no move")),
    Case("search_agent: evaluate=3", lambda: search_agent(alphabeta, 2, evaluate=3),
         TypeError, ("evaluate", "3")),
    Case("anytime_agent(alphabeta)", lambda: anytime_agent(alphabeta, depth=2), TypeError,
         ("not an anytime search",)),
    Case("anytime_agent: no limit", lambda: anytime_agent(iterative_deepening), ValueError,
         ("depth", "budget")),
    Case("anytime_agent: nodes=0", lambda: anytime_agent(iterative_deepening, nodes=0),
         ValueError, ("nodes", "0")),
    Case("anytime_agent: seconds=-1", lambda: anytime_agent(iterative_deepening, seconds=-1),
         ValueError, ("seconds", "-1")),
    Case("anytime_agent: depth=0", lambda: anytime_agent(iterative_deepening, depth=0),
         ValueError, ("depth", "0")),
    Case("anytime_agent: 3", lambda: anytime_agent(3, depth=2), TypeError, ("search", "3")),
    # agents for players the game does not have
    Case("play: an agent for player 5 of tic-tac-toe",
         lambda: play(TTT, {0: RANDOM, 1: RANDOM, 5: RANDOM}), ValueError,
         ("players 5", "tictactoe", "2 players")),
    Case("play: three agents for two players", lambda: play(TTT, [RANDOM] * 3), ValueError,
         ("players 2", "tictactoe", "0 to 1")),
    Case("play: an agent for player 'x'", lambda: play(TTT, {"x": RANDOM, 0: RANDOM, 1: RANDOM}),
         ValueError, ("players 'x'",)),
    Case("play: an agent for player True", lambda: play(TTT, {0: RANDOM, True: RANDOM}),
         ValueError, ("players true",)),
    Case("play: four agents for three players",
         lambda: play(Coins((1, 2, 3)), [RANDOM] * 4), ValueError, ("players 3", "0 to 2")),
    Case("play: max_moves=np.float64(2.0)",
         lambda: play(TTT, [RANDOM, RANDOM], max_moves=np.float64(2.0)), ValueError,
         ("max_moves", "float64")),
    # agents asked to move where no player chooses
    Case("random_agent at a finished game", lambda: random_agent(1)(TTT, OVER), ValueError,
         ("random_agent", "game is over", "xxx/oo./...")),
    Case("random_agent at a chance state", lambda: random_agent(1)(PIG, ROLLING), ValueError,
         ("random_agent", "chance is to move")),
    Case("search_agent at a finished game",
         lambda: search_agent(alphabeta, 2, evaluate=TTT.nilsson_eval)(TTT, OVER), ValueError,
         ("alphabeta(depth=2)", "game is over")),
    Case("anytime_agent at a finished game",
         lambda: anytime_agent(iterative_deepening, nodes=50)(TTT, OVER), ValueError,
         ("game is over",)),
    Case("check_decision_state: a finished game", lambda: check_decision_state(TTT, OVER),
         ValueError, ("an agent moves only where a player chooses", "game is over")),
    # searchers that are not searchers
    Case("search_agent: a searcher returning None",
         lambda: search_agent(no_decision)(TTT, TTT.initial), TypeError,
         ("no_decision must return a decision", "returned none")),
    Case("search_agent: a searcher returning 3",
         lambda: search_agent(a_number)(TTT, TTT.initial), TypeError,
         ("a_number must return a decision", "returned 3")),
    Case("PlayModel: a searcher returning None",
         lambda: PlayModel(TTT, searcher=no_decision, human=MIN), TypeError,
         ("no_decision must return a decision",)),
    Case("search_agent(Recorder): a class", lambda: search_agent(Recorder), TypeError,
         ("search must be a searcher", "recorder")),
    Case("search_agent: tracer=Recorder (the class)",
         lambda: search_agent(alphabeta, 2, tracer=Recorder), TypeError,
         ("tracer must be a tracer", "the class recorder", "tracer=recorder()")),
    Case("search_agent: a tracer whose finish is 3",
         lambda: search_agent(alphabeta, 2, tracer=FinishIsNoMethod()), TypeError,
         ("tracer.finish", "finish(decision)", "3")),
    Case("anytime_agent: tracer=Recorder (the class)",
         lambda: anytime_agent(iterative_deepening, nodes=50, tracer=Recorder), TypeError,
         ("tracer", "the class recorder")),
    # integral numbers of other types: a clear word on the type given
    Case("search_agent: depth=np.float64(2.0)", lambda: search_agent(alphabeta, np.float64(2.0)),
         ValueError, ("depth", "float64")),
    Case("anytime_agent: depth=2.0", lambda: anytime_agent(iterative_deepening, depth=2.0),
         ValueError, ("depth", "2.0", "a float")),
]


@params(CASES)
def test_an_agent_called_wrongly_says_what_was_wrong(case: Case) -> None:
    check(case)


def test_a_game_that_can_cycle_stops_at_the_default_move_limit() -> None:
    # Two robots side by side that never meet: without a move limit, play would not return.
    game = TwoRobots(3, 3, black=(0, 0), white=(0, 1))
    chase = search_agent(alphabeta, 2, evaluate=game.distance_eval)
    record = check_returns(lambda: play(game, [chase, chase]))
    assert game.cycles and not record.finished
    assert len(record.moves) == CYCLE_LIMIT
    # a game that cannot cycle is played to its end, however long
    assert not TTT.cycles and play(TTT, [RANDOM, RANDOM]).finished


def test_numpy_integers_are_integers_to_the_agents() -> None:
    # what an array or a numpy loop hands over counts as the int it is
    depth, seed, moves = np.int64(2), np.int64(1), np.int64(3)
    agent = search_agent(alphabeta, depth, evaluate=TTT.nilsson_eval)
    assert agent(TTT, TTT.initial) == search_agent(alphabeta, 2, evaluate=TTT.nilsson_eval)(
        TTT, TTT.initial)
    assert random_agent(seed)(TTT, TTT.initial) == random_agent(1)(TTT, TTT.initial)
    assert len(play(TTT, [RANDOM, RANDOM], max_moves=moves, rng=np.int64(0))) == 3
    assert anytime_agent(iterative_deepening, depth=depth, nodes=np.int64(500),
                         evaluate=TTT.nilsson_eval)(TTT, TTT.initial) in TTT.moves(TTT.initial)


def test_agents_for_every_player_of_a_three_player_game_are_accepted() -> None:
    coins = Coins((1, 2, 3))
    assert play(coins, {0: RANDOM, 1: RANDOM, 2: RANDOM}).finished
    assert play(coins, [RANDOM] * 3).finished


def check_returns(call):  # a bound on the time, as in the table
    from tests.bad_input.table import _limit

    with _limit(20):
        return call()
