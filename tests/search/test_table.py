"""Transposition tables: bound flags and depths make them sound, mate-distance scores keep
quick wins quick, and every hit and store is counted and traced.

The unsound tables here are deliberately broken subclasses: one stores every result as
exact (no bound flags), one ignores the depth an entry was searched to, one stores wins as
distances from the root instead of from the node.
"""

import random
from fractions import Fraction

import pytest

from aisearch import (
    ConnectFour,
    Nim,
    Recorder,
    Tally,
    TicTacToe,
    TranspositionTable,
    alphabeta,
    alphabeta_tt,
    iterative_deepening,
    minimax,
    uniform_tree,
)
from aisearch.games.dag import DagGame
from aisearch.search import DistanceBounds, pvs
from aisearch.search.efficiency.table_search import EXACT, LOWER, UPPER, Entry, from_table, to_table
from aisearch.search.runtime import win_value
from aisearch.trace import TableHit
from aisearch.widgets import StepperModel


class Flagless(TranspositionTable):
    """Stores every result as exact: a fail-low or fail-high bound passes for a value."""

    def store(self, s, depth, value, bound, move=None, ply=0):
        return super().store(s, depth, value, EXACT, move, ply)


class DepthBlind(TranspositionTable):
    """Uses an entry whatever depth it was searched to."""

    def lookup(self, s, depth, alpha, beta, ply=0):
        return super().lookup(s, 0, alpha, beta, ply)


class RootDistances(TranspositionTable):
    """Stores a win as scored at the root of the search that found it (no mate adjustment)."""

    def seen(self, e, ply, own):
        return super().seen(e, 0, own)

    def store(self, s, depth, value, bound, move=None, ply=0):
        return super().store(s, depth, value, bound, move, 0)


def c4_positions(n, seed=1):
    game, rng, out = ConnectFour(), random.Random(seed), []
    while len(out) < n:
        s = game.initial
        for _ in range(rng.randint(4, 12)):
            s = game.result(s, rng.choice(game.moves(s)))
            if game.is_terminal(s):
                break
        if not game.is_terminal(s):
            out.append(s)
    return out


def distance(game, s, move):
    """Plies to the end of best play after ``move`` (fastest wins, slowest losses), plus 1;
    any number for a move that neither wins nor loses (its line's length is a tie-break)."""
    rest = alphabeta(game, game.result(s, move))
    return 1 + len(rest.pv) if abs(rest.value) == game.win else "no win"


def plain_distance(plain, game):
    return len(plain.pv) if abs(plain.value) == game.win else "no win"


def test_an_entry_settles_a_node_only_when_deep_enough_and_exact_or_outside_the_window():
    e = Entry(5, LOWER, 3, 0, "s")
    assert e.settles(3, 0, 5) and e.settles(2, 0, 4)
    assert not e.settles(4, 0, 5) and not e.settles(3, 0, 6)
    assert Entry(5, UPPER, 3, 0, "s").settles(3, 5, 9) and not Entry(5, UPPER, 3, 0, "s").settles(
        3, 4, 9)
    assert Entry(5, EXACT, 3, 0, "s").settles(1, 6, 9)


@pytest.mark.slow
def test_without_bound_flags_a_table_gives_wrong_values_and_with_them_it_does_not():
    """On DAG-shaped random games (many transpositions) and on Connect Four at depth 5."""
    wrong = 0
    for seed in range(60):
        game = DagGame(b=3, d=6, width=5, seed=seed)
        right = minimax(game, game.initial).value
        assert alphabeta_tt(game, game.initial, table=TranspositionTable()).value == right
        wrong += alphabeta_tt(game, game.initial, table=Flagless()).value != right
    assert wrong >= 3
    c4, e, wrong = ConnectFour(), ConnectFour.evaluate, 0
    for s in c4_positions(12):
        right = alphabeta(c4, s, 5, evaluate=e).value
        assert alphabeta_tt(c4, s, 5, evaluate=e, table=TranspositionTable()).value == right
        wrong += alphabeta_tt(c4, s, 5, evaluate=e, table=Flagless()).value != right
    assert wrong >= 1


def test_a_table_ignoring_depth_returns_a_shallower_iterations_values():
    """Iterative deepening keeps the table: entries of depth k must not answer depth k + 1."""
    c4, e, wrong = ConnectFour(), ConnectFour.evaluate, 0
    for s in c4_positions(6, seed=3):
        plain = [alphabeta(c4, s, d, evaluate=e).value for d in range(1, 6)]
        sound = [d.value for d in iterative_deepening(c4, s, 5, evaluate=e, search=alphabeta_tt,
                                                       table=TranspositionTable())]
        blind = [d.value for d in iterative_deepening(c4, s, 5, evaluate=e, search=alphabeta_tt,
                                                       table=DepthBlind())]
        assert sound == plain
        wrong += blind != plain
    assert wrong >= 3


@pytest.mark.parametrize("search", [alphabeta_tt])
def test_a_table_never_changes_the_value_where_every_position_has_one_depth_left(search):
    """Tic-tac-toe and Connect Four (a position's ply is its number of marks), DAGs without
    skips: the same values as alpha-beta, and the chosen move is worth the value."""
    cases = [(TicTacToe(), TicTacToe.initial, d, TicTacToe.nilsson_eval) for d in (2, 4, 9)]
    cases += [(ConnectFour(), s, 4, ConnectFour.evaluate) for s in c4_positions(4, seed=5)]
    cases += [(g, g.initial, 4, g.evaluate) for g in (DagGame(3, 6, 4, seed=s) for s in range(20))]
    for game, s, depth, e in cases:
        plain = alphabeta(game, s, depth, evaluate=e)
        for size in (None, 64, 3):
            d = search(game, s, depth, evaluate=e, table=TranspositionTable(size=size))
            assert d.value == plain.value
            assert alphabeta(game, game.result(s, d.move), depth - 1, evaluate=e).value == d.value


GAMES_WITH_WINS = [Nim(h) for h in [(1, 2, 3), (2, 2, 3), (1, 3, 4), (2, 3, 3), (1, 1, 2, 3),
                                    (3, 4), (2, 4, 5)]]
GAMES_WITH_WINS += [DagGame(b=3, d=7, width=4, seed=s, skip=0.4, win=1, p_win=0.5)
                    for s in range(60)]


def test_a_table_keeps_quick_wins_quick_where_positions_recur_at_other_plies():
    """Nim and DAGs with skips reach a position after different numbers of plies: a stored
    win is counted from its node, so the decision is as quick as plain alpha-beta's."""
    broken = 0
    for game in GAMES_WITH_WINS:
        plain = alphabeta(game, game.initial)
        d = alphabeta_tt(game, game.initial, table=TranspositionTable(size=None))
        assert d.value == plain.value
        assert distance(game, game.initial, d.move) == plain_distance(plain, game)
        bad = alphabeta_tt(game, game.initial, table=RootDistances(size=None))
        broken += bad.value != plain.value or distance(game, game.initial, bad.move) != (
            plain_distance(plain, game))
    assert broken >= 1  # the adjustment is needed


def test_one_table_for_a_whole_game_never_turns_a_quick_win_into_a_slow_one():
    """Both sides share one table over every move (new roots, old entries)."""
    for game in [*GAMES_WITH_WINS[:7], TicTacToe(win=1), *GAMES_WITH_WINS[7:25]]:
        table, s = TranspositionTable(size=None), game.initial
        while not game.is_terminal(s):
            plain, d = alphabeta(game, s), alphabeta_tt(game, s, table=table)
            assert d.value == plain.value
            assert distance(game, s, d.move) == plain_distance(plain, game), (game, s)
            s = game.result(s, d.move)


def test_wins_are_stored_counted_from_their_node():
    assert to_table(win_value(7), 3) == win_value(4)
    assert from_table(win_value(4), 5) == win_value(9)
    assert to_table(-win_value(6), 2) == -win_value(4)
    assert to_table(12.5, 4) == 12.5 == from_table(12.5, 9)
    t = TranspositionTable(size=None)
    t.store("s", 2, win_value(7), EXACT, "m", ply=3)
    assert t.probe("s", ply=5).value == win_value(9)
    assert t.probe("s", ply=1).value == win_value(5)


def test_a_full_table_keeps_the_deeper_entry_or_the_newest():
    deep = TranspositionTable(size=1)
    assert deep.store("a", 5, 1, EXACT) and not deep.store("b", 2, 1, EXACT)
    assert "a" in deep and "b" not in deep and deep.refused == 1
    assert deep.store("b", 6, 1, EXACT) and deep.replaced == 1 and len(deep) == 1
    deep.age()  # a new generation: old entries give way
    assert deep.store("c", 1, 1, EXACT) and "c" in deep
    newest = TranspositionTable(size=1, replace="always")
    newest.store("a", 5, 1, EXACT)
    assert newest.store("b", 2, 1, EXACT) and "b" in newest


def test_a_small_table_still_gives_right_values():
    for seed in range(30):
        game = DagGame(b=3, d=6, width=5, seed=seed)
        right = minimax(game, game.initial).value
        for size, policy in ((1, "depth"), (5, "always"), (17, "depth")):
            table = TranspositionTable(size=size, replace=policy)
            assert alphabeta_tt(game, game.initial, table=table).value == right


def test_symmetric_positions_share_entries_with_canonical_keys():
    game, e = ConnectFour(), ConnectFour.evaluate
    plain = alphabeta(game, game.initial, 5, evaluate=e)
    table = TranspositionTable(canonical=ConnectFour.canonical)
    d = alphabeta_tt(game, game.initial, 5, evaluate=e, table=table)
    own = alphabeta_tt(game, game.initial, 5, evaluate=e, table=TranspositionTable())
    assert d.value == plain.value == own.value
    assert d.stats.nodes < own.stats.nodes


@pytest.mark.parametrize("search", [alphabeta_tt, pvs])
@pytest.mark.parametrize("make", [lambda: TranspositionTable(canonical=TicTacToe.canonical),
                                  lambda: DistanceBounds(), TranspositionTable])
def test_a_line_that_a_table_entry_ends_holds_only_moves(search, make):
    """A settled node gives its entry's move as the line's end, or nothing where the entry
    has none (a symmetric position's, a mate-distance bound's): every line is playable."""
    game = TicTacToe()
    for text in ("x../.../...", "x../.o./...", "xo./.x./...", "..x/.o./x.."):
        s = TicTacToe.parse(text)
        for depth in (None, 3, 5):
            table = make()
            for _ in range(2):  # (the second search meets the first one's entries)
                d = search(game, s, depth, evaluate=TicTacToe.nilsson_eval, table=table)
                state = s
                for m in d.pv:
                    state = game.result(state, m)


def test_the_tables_move_first_with_no_moves_is_no_moves():
    from aisearch.search.efficiency.table_search import table_first

    assert table_first((), Entry(0, EXACT, 1, 2, ())) == ()
    assert table_first([], (0, EXACT, 1, None, ())) == []


def test_hits_and_stores_are_counted_and_traced_and_tracing_changes_nothing():
    game, e = TicTacToe(), TicTacToe.nilsson_eval
    d = alphabeta_tt(game, game.initial, 4, evaluate=e, table=TranspositionTable())
    rec, tally = Recorder(), Tally()
    assert alphabeta_tt(game, game.initial, 4, evaluate=e, table=TranspositionTable(),
                        tracer=rec) == d
    assert alphabeta_tt(game, game.initial, 4, evaluate=e, table=TranspositionTable(),
                        tracer=tally) == d
    assert rec.counts() == d.stats == tally.stats()
    assert d.stats.table_hits > 0 and d.stats.table_stores > 0
    hits = [ev for ev in rec.events if type(ev) is TableHit]
    assert len(hits) == d.stats.table_hits and any(h.used for h in hits)
    used = next(i for i, ev in enumerate(rec.events) if type(ev) is TableHit and ev.used)
    model = StepperModel(rec)
    model.goto(used + 1)
    assert model.description().startswith("Table hit at node (")
    assert "settles the node" in model.description()
    assert model.pseudocode.lines[model.pseudocode_line() - 1].strip().startswith("look n up")


def test_a_settled_node_is_entered_but_not_searched():
    rec = Recorder()
    game = DagGame(b=3, d=5, width=3, seed=4)
    d = alphabeta_tt(game, game.initial, table=TranspositionTable(), tracer=rec)
    replay = rec.replay()
    settled = [v for v in replay.visits if any(type(e) is TableHit and e.used for _, e in v.notes)]
    assert settled and all(not v.children and v.leaf is None for v in settled)
    assert d.stats.nodes == len(replay.visits)


def test_a_table_refuses_what_it_cannot_use():
    with pytest.raises(ValueError, match="size must be"):
        TranspositionTable(size=0)
    with pytest.raises(ValueError, match="replace must be"):
        TranspositionTable(replace="oldest")
    with pytest.raises(TypeError, match="table must be a TranspositionTable"):
        alphabeta_tt(TicTacToe(), TicTacToe.initial, table={})
    with pytest.raises(ValueError, match="window must be a pair"):
        alphabeta_tt(TicTacToe(), TicTacToe.initial, window=(3, 3))


def test_a_table_kept_for_a_shallower_search_gives_it_the_deeper_values():
    """As TranspositionTable's Notes say: depth 3 then depth 2 with one table returns the
    depth-3 value, which differs from the depth-2 minimax on these trees."""
    from aisearch import minimax, uniform_tree

    def e(s):
        return sum(s) % 7 - 3

    for seed in range(6):
        game, table = uniform_tree(3, 5, seed=seed), TranspositionTable()
        deep = alphabeta_tt(game, game.initial, 3, evaluate=e, table=table)
        again = alphabeta_tt(game, game.initial, 2, evaluate=e, table=table)
        alone = minimax(game, game.initial, 2, evaluate=e)
        assert again.value == deep.value != alone.value, seed


def test_a_window_of_any_real_numbers_is_the_window_of_the_numbers_they_equal():
    """numpy's numbers (from an array of bounds) and fractions bound the root as the ints and
    floats they equal: the same value, move and nodes; a value inside the window is exact."""
    import numpy as np

    game = uniform_tree(3, 4, seed=2)
    exact = alphabeta_tt(game, game.initial).value
    for lo, hi in [(exact - 3, exact + 3), (exact - 1, exact), (exact + 1, exact + 9)]:
        plain = alphabeta_tt(game, game.initial, window=(float(lo), float(hi)))
        for wrap in (np.float64, np.float32, np.int64, Fraction):
            d = alphabeta_tt(game, game.initial, window=(wrap(lo), wrap(hi)))
            assert (d.value, d.move, d.stats.nodes) == (plain.value, plain.move,
                                                        plain.stats.nodes), (wrap, lo, hi)
    for bad in [(np.float64("nan"), 1), (True, 2), (Fraction(1, 2), Fraction(1, 2))]:
        with pytest.raises(ValueError, match="window must be a pair"):
            alphabeta_tt(game, game.initial, window=bad)
