"""Agents and play called wrongly; a game that can go on for ever stops by itself."""

from __future__ import annotations

from aisearch.agents import CYCLE_LIMIT, anytime_agent, play, random_agent, search_agent
from aisearch.core import IllegalMoveError
from aisearch.games import ConnectFour, TicTacToe, TwoRobots, fig5_2
from aisearch.search import alphabeta, iterative_deepening
from tests.bad_input.table import Case, check, params

TTT = TicTacToe()
RANDOM = random_agent(0)

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


def check_returns(call):  # a bound on the time, as in the table
    from tests.bad_input.table import _limit

    with _limit(20):
        return call()
