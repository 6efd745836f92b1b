"""The tactical test suite ships with the package and every position in it is sound."""

from __future__ import annotations

import pytest

from aisearch.games import Chess, chess_suite


def test_win_at_chess_has_300_legal_positions_with_legal_best_moves():
    suite = chess_suite("wac")
    assert [p.id for p in suite] == [f"WAC.{k:03d}" for k in range(1, 301)]
    game = Chess()
    for p in suite:
        assert p.best and set(p.best) <= set(game.moves(p.state)), p.id
        assert set(p.avoid) <= set(game.moves(p.state)), p.id
    assert [str(m) for m in suite[273].avoid] == ["g6d6"]  # WAC.274: am Rd6


def test_solved_by_reads_best_and_avoid():
    p = chess_suite()[0]
    other = next(m for m in Chess().moves(p.state) if m not in p.best)
    assert p.solved_by(p.best[0]) and not p.solved_by(other)
    assert repr(p).startswith("<WAC.001: 2rr3k/")


def test_solved_by_reads_a_move_written_as_text_as_chess_result_does():
    """WAC.001 is won by Qg6: in UCI, in SAN or as a chess.Move, the answer is the same."""
    p = chess_suite()[0]
    assert [p.solved_by(m) for m in ("g3g6", "Qg6", p.best[0])] == [True, True, True]
    assert [p.solved_by(m) for m in ("g3g5", "Qg5")] == [False, False]


def test_an_unknown_suite_is_named():
    with pytest.raises(ValueError, match="no chess suite 'bk'; the suites are: wac"):
        chess_suite("bk")
