"""Anytime search: iterative deepening yields a decision per depth; budgets stop it inside an
iteration, and the agent plays the last completed depth's move."""

import pytest

from aisearch import (
    Budget,
    ConnectFour,
    CountingGame,
    Recorder,
    TicTacToe,
    alphabeta,
    anytime_agent,
    fig5_2,
    iterative_deepening,
    play,
    search_agent,
    uniform_tree,
)
from aisearch.search.runtime.anytime import BudgetedGame, OutOfBudget, run_anytime

e = TicTacToe.nilsson_eval


def test_each_depth_yields_the_decision_of_a_search_to_that_depth():
    game = TicTacToe()
    runs = list(iterative_deepening(game, game.initial, 5, evaluate=e))
    assert [d.depth for d in runs] == [1, 2, 3, 4, 5]
    for d in runs:
        plain = alphabeta(game, game.initial, d.depth, evaluate=e)
        assert (d.value, d.move, d.pv, d.stats) == (plain.value, plain.move, plain.pv, plain.stats)


def test_it_stops_when_a_depth_searched_the_whole_tree():
    runs = list(iterative_deepening(fig5_2, fig5_2.initial, evaluate=lambda s: 0))
    assert [d.depth for d in runs] == [1, 2]
    game = uniform_tree(2, 5, seed=3)
    assert [d.depth for d in iterative_deepening(game, game.initial, evaluate=lambda s: 0)][-1] == 5


def test_a_node_budget_drops_the_unfinished_depth_and_is_reproducible():
    game = ConnectFour()
    counted = CountingGame(game)
    runs = list(iterative_deepening(counted, game.initial, evaluate=ConnectFour.evaluate,
                                    budget=Budget(nodes=2000)))
    again = list(iterative_deepening(game, game.initial, evaluate=ConnectFour.evaluate,
                                     budget=Budget(nodes=2000)))
    assert runs == again and len(runs) >= 3
    assert len(counted.generated) == 2000  # the budget is spent before a state is generated
    assert sum(d.stats.nodes - 1 for d in runs) <= 2000


def test_a_time_budget_is_read_from_the_callers_clock():
    ticks = iter(range(10**6))
    budget = Budget(seconds=50, clock=lambda: next(ticks))
    game = TicTacToe()
    runs = list(iterative_deepening(game, game.initial, evaluate=e, budget=budget))
    assert runs and budget.spent and budget.used % 64 == 0


def test_the_anytime_agent_plays_the_last_completed_depth_or_the_first_move():
    game = TicTacToe()
    agent = anytime_agent(iterative_deepening, nodes=200, evaluate=e)
    move = agent(game, game.initial)
    depths = [d.depth for d in iterative_deepening(game, game.initial, evaluate=e,
                                                   budget=Budget(nodes=200))]
    assert agent.last.depth == depths[-1] and move == agent.last.move
    starved = anytime_agent(iterative_deepening, nodes=3, evaluate=e)
    assert starved(game, game.initial) == 0 and starved.last is None


def test_play_runs_anytime_agents_like_any_other():
    game = TicTacToe()
    agents = [anytime_agent(iterative_deepening, nodes=300, evaluate=e), search_agent(alphabeta)]
    first, second = play(game, agents), play(game, agents)
    assert first.moves == second.moves and first.finished


def test_budgets_check_their_arguments_and_say_what_is_spent():
    with pytest.raises(ValueError, match="nodes must be a positive int"):
        Budget(nodes=0)
    with pytest.raises(ValueError, match="seconds must be a positive number"):
        Budget(seconds=-1)
    b = Budget(nodes=1)
    game = BudgetedGame(TicTacToe(), b)
    game.result(game.initial, 0)
    with pytest.raises(OutOfBudget, match="the budget of 1 node is spent"):
        game.result(game.initial, 1)
    assert run_anytime(iter([])) is None and "used 2 nodes" in repr(b)


def test_a_recording_of_iterative_deepening_ends_with_an_abort_when_the_budget_runs_out():
    rec = Recorder()
    game = ConnectFour()
    list(iterative_deepening(game, game.initial, evaluate=ConnectFour.evaluate,
                             budget=Budget(nodes=500), tracer=rec))
    assert type(rec.events[-1]).__name__ == "Abort"
    replay = rec.replay()
    assert replay.searches[-1].aborted and all(p.finish for p in replay.searches[:-1])
