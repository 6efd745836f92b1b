"""DagGame: seeded random games whose paths meet (transpositions), at different plies too."""

import pytest

from aisearch import alphabeta, minimax
from aisearch.games.dag import DagGame, DagState


def test_the_same_seed_gives_the_same_game():
    a, b = DagGame(3, 5, 4, seed=7, skip=0.2), DagGame(3, 5, 4, seed=7, skip=0.2)
    assert a.states() == b.states()
    assert [a.utility(s) for s in a.states() if a.is_terminal(s)] == [
        b.utility(s) for s in b.states() if b.is_terminal(s)]
    assert [DagGame(3, 5, 4, seed=8).utility(s) for s in a.states() if a.is_terminal(s)] != [
        a.utility(s) for s in a.states() if a.is_terminal(s)]


def test_narrow_levels_make_many_transpositions():
    game = DagGame(b=3, d=6, width=4, seed=1)
    tree_nodes = sum(3 ** k for k in range(7))
    assert len(game.states()) < 60 < tree_nodes
    assert game.transpositions() == tree_nodes - len(game.states())


def test_skips_reach_a_position_after_different_numbers_of_plies():
    game = DagGame(b=3, d=6, width=3, seed=2, skip=0.4)
    plies = {}
    frontier = [(game.initial, 0)]
    while frontier:
        s, n = frontier.pop()
        plies.setdefault(s, set()).add(n)
        frontier += [(game.result(s, m), n + 1) for m in game.moves(s)]
    assert any(len(p) > 1 for p in plies.values())


def test_wins_are_won_games_and_searchers_take_the_quickest():
    game = DagGame(b=2, d=5, width=3, seed=3, win=10, p_win=0.6)
    assert {abs(game.utility(s)) for s in game.states() if game.is_terminal(s)} & {10}
    assert alphabeta(game, game.initial).value == minimax(game, game.initial).value


def test_the_evaluation_is_seeded_and_in_range():
    game = DagGame(seed=4, low=-3, high=3)
    assert all(-3 <= game.evaluate(s) <= 3 for s in game.states())
    end = next(s for s in game.states() if game.is_terminal(s))
    assert game.evaluate(end) == game.utility(end)


@pytest.mark.parametrize("kwargs, message", [
    ({"b": 0}, "b must be an int in 1..20"),
    ({"width": 20_000}, "width must be an int in 1..10000"),
    ({"skip": 1.5}, "skip must be a probability"),
    ({"low": 3, "high": 1}, "low <= high"),
    ({"win": -1}, "win must be a positive number"),
    ({"p_win": 0.5}, "p_win needs win"),
])
def test_bad_parameters_are_named(kwargs, message):
    with pytest.raises(ValueError, match=message):
        DagGame(**kwargs)


def test_foreign_states_and_illegal_moves_are_refused():
    game = DagGame(b=2, d=3, width=2, seed=0)
    with pytest.raises(ValueError, match="is not a state of DagGame"):
        game.result(DagState(1, 5, 0), 0)
    with pytest.raises(ValueError, match="illegal move 7"):
        game.result(game.initial, 7)
    with pytest.raises(ValueError, match="utility is defined at the end"):
        game.utility(game.initial)
    assert repr(game) == "DagGame(b=2, d=3, width=2, seed=0)"
