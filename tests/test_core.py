"""Players, decisions, game records, agents, and the searchers' input checks."""

import math

import pytest

from aisearch import (
    MAX,
    MIN,
    Chance,
    IllegalMoveError,
    TicTacToe,
    TreeGame,
    TwoRobots,
    alphabeta,
    alphabeta_failsoft,
    fig5_2,
    minimax,
    negamax,
    pearl_ab,
    play,
    random_agent,
    search_agent,
)

SEARCHERS = [minimax, alphabeta, alphabeta_failsoft, negamax, pearl_ab]


def test_play_records_states_moves_and_outcome():
    record = play(fig5_2, [search_agent(alphabeta), search_agent(alphabeta)])
    assert record.moves == (0, 0)
    assert record.states == ((), (0,), (0, 0))
    assert record.outcome == 3 and record.winner == MAX and record.finished


def test_perfect_tic_tac_toe_players_draw():
    game = TicTacToe()
    record = play(game, [search_agent(alphabeta), search_agent(alphabeta)])
    assert record.outcome == 0 and record.winner is None and len(record) == 9


def test_random_agents_are_reproducible_for_a_seed():
    game = TicTacToe()
    a = play(game, [random_agent(1), random_agent(2)])
    b = play(game, [random_agent(1), random_agent(2)])
    assert a.moves == b.moves
    assert play(game, [random_agent(3), random_agent(2)]).moves != a.moves


def test_search_agent_keeps_its_last_decision():
    agent = search_agent(minimax, 2, evaluate=TicTacToe.nilsson_eval)
    game = TicTacToe()
    assert agent(game, game.initial) == 4
    assert agent.last.value == 1


def test_play_stops_a_cycling_game_after_max_moves():
    game = TwoRobots(3, 3, black=(0, 0), white=(0, 1))  # opposite colours: Black evades
    record = play(game, [search_agent(minimax, 2, evaluate=game.distance_eval),
                         search_agent(minimax, 2, evaluate=game.distance_eval)], max_moves=20)
    assert not record.finished and record.winner is None and len(record) == 20


def test_play_samples_chance_outcomes_with_a_seeded_rng():
    game = TreeGame([Chance([(0.5, 1), (0.5, -1)])])
    outcomes = {play(game, [search_agent(minimax)] * 2, rng=seed).outcome for seed in range(20)}
    assert outcomes == {1, -1}


def test_play_needs_an_agent_for_every_player():
    with pytest.raises(ValueError, match="no agent for MIN"):
        play(fig5_2, [search_agent(minimax)])


@pytest.mark.parametrize("search", SEARCHERS)
@pytest.mark.parametrize(
    "kwargs, error, message",
    [
        ({"depth": -1}, ValueError, "depth must be a non-negative int"),
        ({"depth": 2.5}, ValueError, "depth must be a non-negative int"),
        ({"evaluate": 3}, TypeError, "evaluate must be callable"),
        ({"order": "best"}, TypeError, "order must be callable"),
        ({"prune_on_equal": "yes"}, TypeError, "prune_on_equal must be True or False"),
        ({"tracer": []}, TypeError, "tracer must be callable"),
    ],
)
def test_searchers_reject_bad_arguments_with_a_clear_message(search, kwargs, error, message):
    with pytest.raises(error, match=message):
        search(fig5_2, fig5_2.initial, **kwargs)


@pytest.mark.parametrize("search", SEARCHERS)
def test_a_depth_bound_without_evaluate_says_what_to_pass(search):
    with pytest.raises(ValueError, match="no evaluate function was given"):
        search(fig5_2, fig5_2.initial, 1)


@pytest.mark.parametrize("search", SEARCHERS)
def test_a_non_game_is_rejected(search):
    with pytest.raises(TypeError, match="game must be a game .* it has no .to_move."):
        search(object(), ())


@pytest.mark.parametrize("search", SEARCHERS)
def test_unhashable_states_are_rejected(search):
    with pytest.raises(TypeError, match="states must be hashable"):
        search(fig5_2, [])


@pytest.mark.parametrize("search", SEARCHERS[1:])
def test_alpha_beta_refuses_chance_nodes_and_names_the_alternative(search):
    game = TreeGame([Chance([(0.5, 1), (0.5, 2)]), 0])
    with pytest.raises(ValueError, match=r"chance nodes .*state \(0,\).*minimax"):
        search(game, game.initial)


def test_minimax_backs_up_expectations_at_chance_nodes():
    """AIMA Fig 5.12-like: a1 -> .9*2 + .1*3 = 2.1, a2 -> .9*1 + .1*4 = 1.3."""
    game = TreeGame({"a1": Chance([(0.9, 2), (0.1, 3)]), "a2": Chance([(0.9, 1), (0.1, 4)])})
    d = minimax(game, game.initial)
    assert d.move == "a1" and math.isclose(d.value, 2.1)


@pytest.mark.parametrize("search", SEARCHERS)
def test_a_cycling_game_searched_without_depth_gives_a_clear_error(search):
    game = TwoRobots(3, 3, black=(0, 0), white=(0, 1))
    with pytest.raises(ValueError, match="the game may cycle"):
        search(game, game.initial, evaluate=game.distance_eval)


@pytest.mark.parametrize("search", SEARCHERS)
def test_ties_go_to_the_first_best_move_even_when_every_move_loses(search):
    game = TreeGame([-math.inf, -math.inf, -math.inf])
    d = search(game, game.initial)
    assert (d.value, d.move) == (-math.inf, 0)


@pytest.mark.parametrize("search", SEARCHERS)
def test_a_min_root_and_a_terminal_root(search):
    assert search(TreeGame([[1, 2], [3, 4]], first=MIN), ()).value == 2
    d = search(TreeGame(5), ())
    assert (d.value, d.move, d.pv) == (5, None, ())


@pytest.mark.parametrize("search", SEARCHERS)
def test_order_changes_the_search_order_not_the_value(search):
    reverse = lambda s, moves: list(reversed(moves))  # noqa: E731
    d = search(fig5_2, fig5_2.initial, order=reverse)
    assert d.value == 3 and d.move == 0


def test_illegal_tic_tac_toe_move_lists_the_legal_ones():
    game = TicTacToe()
    s = game.result(game.initial, 4)
    with pytest.raises(IllegalMoveError, match="legal moves: 0, 1, 2, 3, 5, 6, 7, 8"):
        game.result(s, 4)


def test_a_wrapper_keeps_its_games_methods_and_passes_its_data_through():
    """A wrapped game's method is looked up once, then kept on the wrapper (the searches
    call it at every node); other attributes are read from the game each time."""
    from aisearch.core import GameWrapper
    from aisearch.games import TreeGame

    class Wrapped(GameWrapper):
        def __init__(self, game):
            self.game = game

    game = TreeGame([[3, 12], [2, 4]])
    game.note = "before"
    wrapped = Wrapped(game)
    assert "is_terminal" not in vars(wrapped)
    assert wrapped.is_terminal(wrapped.game.initial) is False
    assert vars(wrapped)["is_terminal"] == game.is_terminal
    assert wrapped.result(game.initial, 1) == game.result(game.initial, 1)
    assert wrapped.note == "before"
    game.note = "after"
    assert wrapped.note == "after" and "note" not in vars(wrapped)
    with pytest.raises(AttributeError):
        wrapped._private  # noqa: B018 (private names are never passed through)
