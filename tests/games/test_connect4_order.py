"""Connect Four's own move ordering (``ConnectFour.move_order``) against brute force: the same
moves come back, wins first, blocks next, moves handing the opponent a win last, the rest by
the threats they leave, the centre first on ties."""

from __future__ import annotations

import random

import pytest

from aisearch.core import IllegalMoveError
from aisearch.games.connect4 import ConnectFour
from aisearch.games.connect4_order import threat_order, winning_cells

game = ConnectFour()
CENTRE_FIRST = (3, 2, 4, 1, 5, 0, 6)


def grid(s):
    """{(column, row): 'x' or 'o'} read from the position's text, top row first."""
    rows = str(s).split("/")
    return {(c, 5 - i): ch for i, row in enumerate(rows) for c, ch in enumerate(row) if ch != "."}


def four_through(cells, player, c, r):
    """True if ``player`` has four in a row through (c, r), counting (c, r) as theirs."""
    for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
        run = 1
        for sign in (1, -1):
            k = 1
            while cells.get((c + sign * k * dc, r + sign * k * dr)) == player:
                run += 1
                k += 1
        if run >= 4:
            return True
    return False


def brute_force(s, m):
    """(class, threats) of move ``m`` worked out cell by cell: class 0 wins, 1 blocks the
    opponent's four, 7 lets the opponent win by playing on top of it, 3 otherwise; threats are
    the empty cells where the mover's disc would then make four (class 3 only)."""
    cells = grid(s)
    me = "x" if s[2] == 0 else "o"
    them = "o" if me == "x" else "x"
    row = sum(1 for (c, _) in cells if c == m)
    if four_through(cells, me, m, row):
        return 0, 0
    if four_through(cells, them, m, row):
        return 1, 0
    if row + 1 < 6 and four_through({**cells, (m, row): me}, them, m, row + 1):
        return 7, 0
    after = {**cells, (m, row): me}
    threats = sum(1 for c in range(7) for r in range(6)
                  if (c, r) not in after and four_through(after, me, c, r))
    return 3, threats


def positions(n, seed):
    """Non-final positions met in random playouts."""
    rng, out = random.Random(seed), []
    while len(out) < n:
        s = game.initial
        while not game.is_terminal(s) and len(out) < n:
            out.append(s)
            s = game.result(s, rng.choice(game.moves(s)))
    return out


@pytest.mark.slow
def test_the_ordering_matches_a_brute_force_ranking_on_random_positions():
    seen = {0: 0, 1: 0, 3: 0, 7: 0}
    for s in positions(1500, seed=4):
        moves = game.moves(s)
        ranked = {m: brute_force(s, m) for m in moves}
        for kind, _ in ranked.values():
            seen[kind] += 1
        want = sorted(moves, key=lambda m: (ranked[m][0], -ranked[m][1], CENTRE_FIRST.index(m)))
        assert game.move_order(s, moves) == tuple(want), str(s)
    assert min(seen.values()) > 50, seen  # every kind of move met, many times


def test_wins_come_first_and_blocks_next_as_the_rules_say():
    for s in positions(600, seed=5):
        order = game.move_order(s, game.moves(s))
        wins = [m for m in order if game.is_terminal(game.result(s, m))
                and ConnectFour.winner(game.result(s, m)) == s[2]]
        assert list(order[:len(wins)]) == sorted(wins, key=CENTRE_FIRST.index)
        # a block: the opponent, were it to move now, would win in that column
        cells, them = grid(s), "o" if s[2] == 0 else "x"
        blocks = [m for m in order if m not in wins and four_through(
            cells, them, m, sum(1 for (c, _) in cells if c == m))]
        assert set(order[len(wins):len(wins) + len(blocks)]) == set(blocks)


def test_it_returns_the_moves_it_was_given_in_any_order_and_any_number():
    rng = random.Random(6)
    for s in positions(400, seed=6):
        legal = game.moves(s)
        given = tuple(rng.choice(legal) for _ in range(rng.randint(0, 9)))
        got = game.move_order(s, given)
        assert sorted(got) == sorted(given)
        assert game.move_order(s, got) == got  # ordered already


def test_winning_cells_are_the_cells_that_make_four():
    for s in positions(300, seed=7):
        cells = grid(s)
        for discs, who in ((s.x, "x"), (s.o, "o")):
            want = sum(1 << (7 * c + r) for c in range(7) for r in range(6)
                       if (c, r) not in cells and four_through(cells, who, c, r))
            assert winning_cells(discs, s[0]) == want


def test_bad_moves_and_states_are_refused():
    s = game.initial
    with pytest.raises(IllegalMoveError, match="columns are numbered 0..6"):
        game.move_order(s, (3, 7))
    with pytest.raises(IllegalMoveError, match="not a bool"):
        game.move_order(s, (True, 2))
    full = ConnectFour.parse("x....../o....../x....../o....../x....../o......")
    with pytest.raises(IllegalMoveError, match="column 0 is full"):
        game.move_order(full, (0, 1))
    with pytest.raises(ValueError, match="is not a state of ConnectFour"):
        game.move_order((0, 0), (0, 1))
    assert threat_order(s[0], s[1], ()) == () and game.move_order(s, (5,)) == (5,)


def test_a_games_own_ordering_applies_the_games_state_check():
    """A game that offers ``move_order`` gets it behind its one state check, like the
    protocol's methods; Connect Four's checks for itself, on its fast path."""
    from aisearch.core import GameBase

    class Count(GameBase):
        initial, win, state_help = 0, 1, "a state is the int said last, from 0 to 4"

        def is_state(self, s):
            return s.__class__ is int and 0 <= s <= 4

        def to_move(self, s):
            return s % 2

        def moves(self, s):
            return () if s >= 3 else (1, 2)

        def result(self, s, m):
            return s + m

        def utility(self, s, player=0):
            return 1 if (s % 2 == 1) == (player == 0) else -1

        def move_order(self, s, moves):
            return tuple(reversed(moves))

    assert Count().move_order(1, (1, 2)) == (2, 1)
    with pytest.raises(ValueError, match="'1' is not a state of .*the int said last"):
        Count().move_order("1", (1, 2))
    assert getattr(ConnectFour.move_order, "checks_state", False)
