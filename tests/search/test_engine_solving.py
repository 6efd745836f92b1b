"""Lesson 04's engine as a solver: it orders by the game's own ordering where there is one,
mate-distance pruning changes the work and never the answer, the distance to the end is read
back exactly, and a sample of Pascal Pons' published positions is solved to his exact scores
(all 600 of the benchmark's are ``benchmarks/bench_connect4.py``'s)."""

from __future__ import annotations

import math
import random
from pathlib import Path

import pytest

from aisearch import ConnectFour, Recorder, TicTacToe, TranspositionTable, alphabeta
from aisearch.games.connect4_pons import from_columns, read_pons
from aisearch.games.connect4_pons import pons_score as pons_from
from aisearch.search import DistanceBounds, StaticOrder, alphabeta_tt, enhanced_search, win_distance
from aisearch.search.efficiency.engine import WINDOWS
from aisearch.search.efficiency.ordering import game_order
from aisearch.search.runtime import win_value

C4, E = ConnectFour(), ConnectFour.evaluate
PONS = Path(__file__).resolve().parents[2] / "benchmarks" / "data" / "connect4-pons"


def play(columns: str):
    """The position after ``columns`` (1-7, Pons' notation) from the empty board."""
    return from_columns(columns)


def pons_score(s, decision, plies):
    """Pons' score from the engine's answer (see :mod:`aisearch.games.connect4_pons`)."""
    return pons_from(s, decision.value, plies)


def endgames(n, seed, empty=(10, 13)):
    """Connect Four positions with ``empty`` empty cells from seeded random play."""
    rng, out = random.Random(seed), []
    while len(out) < n:
        s = C4.initial
        for _ in range(42 - rng.randint(*empty)):
            s = C4.result(s, rng.choice(C4.moves(s)))
            if C4.is_terminal(s):
                break
        else:
            out.append(s)
    return out


def test_static_ordering_is_the_games_own_where_it_offers_one():
    s = play("4453")
    own = alphabeta_tt(C4, s, 5, evaluate=E, order=C4.move_order)
    d = enhanced_search(C4, s, 5, evaluate=E, static=True)
    assert (d.value, d.pv, d.stats) == (own.value, own.pv, own.stats)
    by_values = alphabeta_tt(C4, s, 5, evaluate=E, order=StaticOrder(C4, E))
    d = enhanced_search(C4, s, 5, evaluate=E, static="values")
    assert (d.value, d.pv, d.stats) == (by_values.value, by_values.pv, by_values.stats)
    assert own.stats != by_values.stats  # two orderings, two searches
    game = TicTacToe()  # no ordering of its own: by static values
    plain = alphabeta_tt(game, game.initial, 3, evaluate=game.nilsson_eval,
                         order=StaticOrder(game, game.nilsson_eval))
    d = enhanced_search(game, game.initial, 3, evaluate=game.nilsson_eval, static=True)
    assert d.stats == plain.stats and game_order(game) is None


def test_the_games_ordering_needs_no_evaluation_and_a_bad_one_is_caught():
    s = play("2252576253462244111563365343671351441")  # Pons: the player to move loses
    assert enhanced_search(C4, s, None, static=True, table=True).value == math.inf

    class Dropping(ConnectFour):
        def move_order(self, s, moves):  # drops a move, and says nothing of permuting
            return tuple(moves)[1:]

    with pytest.raises(ValueError, match="must return the moves it was given"):
        enhanced_search(Dropping(), s, 3, evaluate=E, static=True)
    with pytest.raises(TypeError, match="static must be True, False or 'values'"):
        enhanced_search(C4, s, 3, evaluate=E, static="game")


@pytest.mark.parametrize("window", list(WINDOWS))
def test_mate_distance_changes_the_work_never_the_value_or_the_distance(window):
    fewer = 0
    for s in endgames(6, seed=11):
        answers = []
        for mate in (False, True):
            table = DistanceBounds() if mate else TranspositionTable()
            d = enhanced_search(C4, s, None, static=True, table=table, window=window,
                                mate_distance=mate)
            answers.append((d.value, win_distance(table, s), d.stats.nodes))
            # the move is a best move: after it, the opponent does no better
            after = alphabeta(C4, C4.result(s, d.move), None)
            assert after.value == d.value
        (v0, k0, n0), (v1, k1, n1) = answers
        assert (v0, k0) == (v1, k1)
        fewer += n1 < n0
    assert fewer >= 3


def test_mate_distance_bounds_answer_only_what_no_search_could_change():
    t = DistanceBounds()  # a position 3 plies from the root: a win at ply 4 at best
    e, settled = t.lookup("s", 4, win_value(4), math.inf, ply=3)  # better than that?
    assert settled and e.bound == "upper" and e.value == win_value(4)
    e, settled = t.lookup("s", 4, -math.inf, -win_value(4), ply=3)  # worse than a loss then?
    assert settled and e.bound == "lower" and e.value == -win_value(4)
    assert t.lookup("s", 4, win_value(5), math.inf, ply=3) == (None, False)  # a win at 4?
    assert t.lookup("s", 4, -math.inf, -win_value(5), ply=3) == (None, False)
    assert t.lookup("root", 4, win_value(1), math.inf, ply=0) == (None, False)
    assert t.bounded == t.hits == t.settled == 2
    forgetful = DistanceBounds(remember=False)
    assert not forgetful.store("s", 3, 1.0, "exact") and len(forgetful) == 0
    d = enhanced_search(C4, play("4455"), None, static=True, mate_distance=True)
    assert d.value == math.inf and d.stats.table_stores == 0


def test_the_counts_of_a_search_with_mate_distance_match_its_recording():
    s = play("5554224333234511764415115")
    for window in ("pvs", "mtdf"):
        rec, table = Recorder(), DistanceBounds()
        d = enhanced_search(C4, s, None, static=True, table=table, window=window,
                            mate_distance=True, tracer=rec)
        assert rec.counts() == d.stats and table.bounded > 0


def test_mate_distance_is_refused_where_it_would_be_wrong():
    s = play("4455")
    with pytest.raises(ValueError, match="needs fastest_wins=True"):
        enhanced_search(C4, s, None, static=True, mate_distance=True, fastest_wins=False)
    with pytest.raises(TypeError, match="must be a DistanceBounds"):
        enhanced_search(C4, s, None, static=True, mate_distance=True,
                        table=TranspositionTable())
    with pytest.raises(TypeError, match="mate_distance must be True or False"):
        enhanced_search(C4, s, None, static=True, mate_distance=1)


def test_win_distance_reads_the_plies_to_the_end():
    game, table = TicTacToe(), TranspositionTable()
    s = TicTacToe.parse("x.o/.x./o..")
    assert enhanced_search(game, s, table=table).value == math.inf
    assert win_distance(table, s) == 1
    table = TranspositionTable()
    enhanced_search(game, game.initial, table=table)
    assert win_distance(table, game.initial) is None  # a draw
    with pytest.raises(ValueError, match="is not in the table"):
        win_distance(TranspositionTable(), s)
    s = play("4455")  # Pons' example: x wins with its 4th disc, 3 plies from here
    table = DistanceBounds()
    d = enhanced_search(C4, s, None, static=True, table=table, window="mtdf",
                        mate_distance=True)
    assert win_distance(table, s) == 3 and pons_score(s, d, 3) == 18


def read(name, lines):
    rows = read_pons(PONS / name)
    return [rows[i] for i in lines]


@pytest.mark.parametrize(("name", "lines"), [
    ("Test_L3_R1", range(0, 12)),  # End-Easy
    ("Test_L2_R1", range(0, 8)),  # Middle-Easy
    ("Test_L2_R2", (3, 6, 10, 11)),  # Middle-Medium: four of the quicker ones
])
@pytest.mark.parametrize("window", ["mtdf", "pvs"])
def test_the_engine_solves_pons_positions_to_his_exact_scores(name, lines, window):
    for columns, score in read(name, lines):
        s = play(columns)
        table = DistanceBounds()
        d = enhanced_search(C4, s, None, static=True, table=table, window=window,
                            mate_distance=True)
        assert pons_score(s, d, win_distance(table, s)) == score, columns
