"""Nim: Bouton's nim-sum theory against brute force, moves, states, errors."""

from __future__ import annotations

import functools
import itertools

import pytest

from aisearch.core import MAX, MIN, IllegalMoveError
from aisearch.games.nim import Nim, NimMove, NimState, nim_sum


def mover_wins(game, s):
    """Brute force: can the player to move force a win from s?"""

    @functools.cache
    def wins(s):
        if game.is_terminal(s):
            return game.utility(s, game.to_move(s)) > 0
        return any(not wins(game.result(s, m)) for m in game.moves(s))

    return wins(s)


SMALL = [h for n in (1, 2, 3) for h in itertools.product(range(4), repeat=n)]


@pytest.mark.parametrize("heaps", [*SMALL, (1, 2, 3, 4), (2, 2, 5), (1, 1, 1, 1, 1)])
def test_nim_sum_zero_exactly_when_the_player_to_move_loses(heaps):
    game = Nim(heaps)
    for s in game.states():
        assert mover_wins(game, s) == (nim_sum(s.heaps) != 0), s
        assert Nim.sprague_grundy(s) == nim_sum(s.heaps)
        good = game.winning_moves(s)
        assert all(nim_sum(game.result(s, m).heaps) == 0 for m in good)
        assert bool(good) == mover_wins(game, s)


def test_1_2_3_is_lost_and_1_2_4_is_won_for_the_first_player():
    assert not mover_wins(Nim((1, 2, 3)), Nim((1, 2, 3)).initial)
    assert mover_wins(Nim((1, 2, 4)), Nim((1, 2, 4)).initial)
    assert Nim((1, 2, 4)).winning_moves(Nim((1, 2, 4)).initial) == (NimMove(2, 1),)


def test_moves_are_ordered_by_heap_then_count_and_read_well():
    game = Nim((2, 0, 1))
    assert game.moves(game.initial) == ((0, 1), (0, 2), (2, 1))
    assert [str(m) for m in game.moves(game.initial)] == [
        "take 1 from heap 0", "take 2 from heap 0", "take 1 from heap 2"]
    assert game.moves(NimState((0, 0, 0), MIN)) == ()
    assert str(game.initial) == "2 0 1, MAX to move"
    assert eval(repr(game.initial)) == game.initial
    assert repr(game) == "Nim((2, 0, 1))"


def test_play_alternates_and_the_last_taker_wins():
    game = Nim([3])
    s = game.initial
    assert game.to_move(s) == MAX and not game.is_terminal(s)
    s = game.result(s, (0, 2))  # a plain tuple works as a move
    assert s == NimState((1,), MIN)
    s = game.result(s, NimMove(0, 1))
    assert game.is_terminal(s) and game.moves(s) == ()
    assert game.utility(s, MIN) == 1 and game.utility(s) == -1
    with pytest.raises(ValueError, match="all heaps are empty"):
        game.utility(game.initial)


def test_states_are_every_reachable_state():
    game = Nim((1, 2))
    expected = {
        ((1, 2), MAX), ((0, 2), MIN), ((1, 1), MIN), ((1, 0), MIN), ((1, 0), MAX),
        ((0, 1), MAX), ((0, 0), MAX), ((0, 0), MIN),
    }
    assert set(game.states()) == expected
    assert list(game.states()) == sorted(expected)
    assert len(Nim((1, 2, 3)).states()) == 40
    assert Nim.canonical(NimState((3, 0, 2), MAX)) == NimState((0, 2, 3), MAX)


def count_states(heaps):
    """Heaps h' <= h, reached after n moves with (number of changed heaps) <= n <= (objects
    taken): both players can be to move unless those bounds are equal."""
    total = 0
    for smaller in itertools.product(*(range(h + 1) for h in heaps)):
        taken = sum(heaps) - sum(smaller)
        changed = sum(a != b for a, b in zip(heaps, smaller, strict=True))
        total += 2 if taken > changed else 1
    return total


@pytest.mark.parametrize("heaps", [(1, 2), (1, 2, 3), (3, 3), (2, 0, 4), (5,)])
def test_the_number_of_states_matches_a_count_by_formula(heaps):
    assert len(Nim(heaps).states()) == count_states(heaps)


@pytest.mark.parametrize(
    ("move", "why"),
    [
        ((0, 2), "heap 0 holds 1; take 1..1"),
        ((0, 0), "heap 0 holds 1; take 1..1"),
        ((1, -1), "heap 1 holds 2"),
        ((3, 1), "heaps are numbered 0..2"),
        ((-1, 1), "heaps are numbered 0..2"),
        ((0, 1.0), "must be ints"),
        ((True, 1), "must be ints"),
        (1, "a pair (heap, take)"),
        ((0, 1, 2), "a pair (heap, take)"),
        ("01", "a pair (heap, take)"),
    ],
)
def test_illegal_moves_raise_and_list_the_legal_moves(move, why):
    game = Nim((1, 2, 0))
    with pytest.raises(IllegalMoveError) as info:
        game.result(game.initial, move)
    assert why in str(info.value)
    assert info.value.legal == game.moves(game.initial)
    assert "legal moves: take 1 from heap 0, take 1 from heap 1" in str(info.value)


def test_no_move_after_the_end():
    game = Nim((1,))
    end = game.result(game.initial, (0, 1))
    with pytest.raises(IllegalMoveError, match="the game is over"):
        game.result(end, (0, 1))


@pytest.mark.parametrize(
    ("heaps", "error", "words"),
    [
        ((), ValueError, "got no heaps"),
        ([], ValueError, "got no heaps"),
        ((1, -2), ValueError, "heap 1 is -2"),
        ((1, 2.5), TypeError, "heap 1 is 2.5, a float"),
        ((True, 1), TypeError, "a bool"),
        ("123", TypeError, "got '123'"),
        (5, TypeError, "got 5"),
        (None, TypeError, "got None"),
    ],
)
def test_bad_heaps_are_refused_with_a_clear_message(heaps, error, words):
    with pytest.raises(error) as info:
        Nim(heaps)
    assert words in str(info.value)
    assert "non-empty sequence of non-negative ints" in str(info.value)


def test_a_game_holds_no_state_and_results_leave_inputs_alone():
    game = Nim([2, 2])
    s = game.initial
    t = game.result(s, (0, 1))
    assert s == NimState((2, 2), MAX) and t == NimState((1, 2), MIN)
    assert hash(game.result(t, (1, 1))) == hash(NimState((1, 1), MAX))
    assert game.heaps == (2, 2)


def test_the_largest_nim_game_allowed_is_built_and_played_at_once():
    from aisearch.games.nim import MAX_HEAP, MAX_HEAPS

    game = Nim((MAX_HEAP,) * MAX_HEAPS)
    assert len(game.moves(game.initial)) == MAX_HEAP * MAX_HEAPS
    with pytest.raises(ValueError, match="at most 10 heaps of at most 100"):
        Nim((MAX_HEAP + 1,))
