"""Pons' notation and scores: positions read from his columns, his scores worked out from a
search's distance to the end, his files read, bad input refused with a clear error."""

from __future__ import annotations

from pathlib import Path

import pytest

from aisearch.games.connect4 import ConnectFour
from aisearch.games.connect4_pons import SAMPLES, from_columns, pons_sample, pons_score, read_pons

PONS = Path(__file__).resolve().parents[2] / "benchmarks" / "data" / "connect4-pons"
game = ConnectFour()


def test_columns_are_played_from_the_left_one_to_seven():
    s = from_columns("4435")
    assert s == ConnectFour.parse("......./......./......./......./...o.../..xxo..")
    assert game.to_move(s) == 0 and game.to_move(from_columns("443")) == 1


def test_the_score_counts_the_winners_discs_at_the_end():
    # x to move after 4455 plays 3 or 6 and wins with its 4th disc three plies on: 22 - 4
    s = from_columns("4455")
    assert pons_score(s, 1, 3) == 18 and pons_score(s, -1, 3) == -18
    # o to move after 5 discs: o winning 3 plies on has 4 discs of 8 (22 - 4); x winning
    # 2 plies on has 4 of 7, and o loses: -(22 - 4); 4 plies on, 5 of 9: -(22 - 5)
    s = from_columns("12345")
    assert game.to_move(s) == 1
    assert pons_score(s, -1, 3) == 18 and pons_score(s, 1, 2) == -18
    assert pons_score(s, 1, 4) == -17 and pons_score(s, 0, None) == 0


def test_a_finished_game_scores_as_pons_counts_it():
    s = from_columns("4455663")  # x's fourth disc made four: o, to move, has lost
    assert game.is_terminal(s) and ConnectFour.winner(s) == 0
    assert pons_score(s, 1, 0) == -(22 - 4)


def test_the_sets_read_as_they_are_written():
    rows = read_pons(PONS / "Test_L3_R1", 3)
    assert len(rows) == 3 and all(len(c) >= 29 and -21 <= v <= 21 for c, v in rows)
    assert len(read_pons(PONS / "Test_L2_R1")) == 200


def test_bad_input_is_refused_with_what_is_allowed(tmp_path):
    with pytest.raises(ValueError, match=r"digits 1 to 7, one per move \(0 is not\)"):
        from_columns("10")
    with pytest.raises(TypeError, match="string of digits"):
        from_columns(44)
    with pytest.raises(ValueError, match="column 3 is full"):
        from_columns("4444444")
    with pytest.raises(ValueError, match="is not a state of ConnectFour"):
        pons_score((0, 0), 1, 3)
    bad = tmp_path / "set"
    bad.write_text("4455 18\n4455\n")
    with pytest.raises(ValueError, match="line 2: '4455' is not 'columns score'"):
        read_pons(bad)


def test_the_kept_samples_are_the_first_lines_of_the_sets():
    for name, rows in SAMPLES.items():
        assert list(rows) == read_pons(PONS / name, len(rows)) == pons_sample(name)
    assert pons_sample("Test_L3_R1", 3) == read_pons(PONS / "Test_L3_R1", 3)
    with pytest.raises(ValueError, match="no sample of 'Test_L2_R2' here; kept: Test_L3_R1"):
        pons_sample("Test_L2_R2")
    with pytest.raises(ValueError, match="count must be an int from 0 to 10"):
        pons_sample("Test_L2_R1", 11)


def test_a_win_without_its_distance_is_refused_not_scored_as_a_draw():
    s = from_columns("4455")
    with pytest.raises(ValueError, match="plies is None"):
        pons_score(s, 1e300, None)
