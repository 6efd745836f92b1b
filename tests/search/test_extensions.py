"""Check and singular extensions, switched on by name, counted, and changing answers where
a forcing move lies at the horizon (lesson 05)."""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest

from aisearch.games import Chess, TreeGame, chess_suite
from aisearch.search import (
    TranspositionTable,
    alphabeta,
    alphabeta_tt,
    aspiration,
    enhanced_search,
    iterative_deepening,
    mtdf,
    pvs,
)
from aisearch.search.runtime.anytime import run_anytime


class Checks(TreeGame):
    """A tree whose nodes in ``checked`` are positions 'in check'."""

    def __init__(self, tree, checked=()):
        super().__init__(tree)
        self.checked = frozenset(checked)

    def in_check(self, s):
        return s in self.checked


def test_a_check_at_the_horizon_is_searched_one_ply_deeper():
    """::

        MAX () ── (0,) MIN, 'in check', evaluates 6 ── (0, 0) = -5, (0, 1) = 7
               └─ (1,) MIN, evaluates 3 ── 3, 2

    Depth 1 takes move 0 (worth 6 statically); extended, (0,) is searched to its leaves
    and is worth -5, so MAX plays move 1 (worth 2 at depth 2).
    """
    game = Checks([[-5, 7], [3, 2]], checked=[(0,)])
    values = {(0,): 6, (1,): 3}.get
    plain = alphabeta_tt(game, (), 1, evaluate=values)
    assert (plain.value, plain.move) == (6, 0)
    for search in (alphabeta_tt, pvs, mtdf, aspiration, enhanced_search):
        d = search(game, (), 1, evaluate=values, extensions=("check",))
        assert (d.value, d.move) == (3, 1), search.__name__
        assert d.stats.check_extensions >= 1
    d = run_anytime(iterative_deepening(game, (), 1, evaluate=values, extensions=("check",)))
    assert (d.value, d.move) == (3, 1)


INF = float("inf")


@pytest.mark.parametrize("search", [alphabeta_tt, pvs, aspiration, mtdf, enhanced_search])
@pytest.mark.parametrize("with_table", [False, True])
def test_a_win_through_extended_moves_is_scored_by_its_real_distance(search, with_table):
    """::

        MAX () ── (0,) 'in check' ── (0, 0) 'in check' ── (0, 0, 0) MAX wins  (3 plies)
               └─ (1,) ── (1, 0) MAX wins                                   (2 plies)

    Two checks keep the depth-2 search's nominal depth at 2 down the first line, where
    MAX wins 3 plies from the root; the second line wins in 2. Scored by the depth left,
    the first win looked 1 ply away and won; scored by its distance, the quick one does.
    """
    game = Checks([[[INF]], [INF]], checked=[(0,), (0, 0)])
    options = {"table": with_table if search is enhanced_search else
               TranspositionTable() if with_table else None}
    d = search(game, (), 2, evaluate=lambda s: 0, extensions=("check",), **options)
    assert (d.value, d.move, d.pv) == (INF, 1, (1, 0))
    assert d.stats.check_extensions >= 1


def test_extensions_per_line_are_capped_by_the_depth():
    """Every node 'in check': a line of depth 1 gets one extension, no more."""
    tree = [[[[1, 2], [3, 4]], 5], 6]
    game = Checks(tree, checked=[s for s in TreeGame(tree).states() if s])
    d = alphabeta_tt(game, (), 1, evaluate=lambda s: 0, extensions=("check",))
    # (0,) and (1,) are extended; below (0,) the line has used its one extension
    assert d.stats.check_extensions == 2 and d.value == 6


def test_a_singular_move_is_searched_one_ply_deeper():
    game = TreeGame([[[-5, -9], 7], [3, 2]])
    values = {(0,): 6, (1,): 3, (0, 0): 6}.get
    assert alphabeta_tt(game, (), 2, evaluate=values).value == 6
    d = enhanced_search(game, (), 2, evaluate=values, extensions=("singular",),
                        singular_margin=2)
    assert (d.value, d.move, d.stats.singular_extensions) == (2, 1, 1)
    assert d.stats.singular_probes > 0
    d = enhanced_search(game, (), 2, evaluate=values, extensions=("singular",),
                        singular_margin=4)  # a lead of 3 is not enough
    assert (d.value, d.stats.singular_extensions) == (6, 0)


def test_a_singular_margin_is_any_positive_real_number_inf_included():
    """numpy's margins are the numbers they equal; an infinite margin is the limit of ever
    larger ones: only a move that wins (inf) beside moves that do not is singular."""
    game = TreeGame([[[-5, -9], 7], [3, 2]])
    values = {(0,): 6, (1,): 3, (0, 0): 6}.get
    for margin in (np.int64(2), np.float32(2), Fraction(2)):
        d = alphabeta_tt(game, (), 2, evaluate=values, extensions=("singular",),
                         singular_margin=margin)
        assert (d.value, d.move, d.stats.singular_extensions) == (2, 1, 1)
    assert alphabeta_tt(game, (), 2, evaluate=values, extensions=("singular",),
                        singular_margin=math.inf).stats.singular_extensions == 0

    def singular(tips):
        return alphabeta_tt(TreeGame(tips), (), 2, evaluate=lambda s: 0,
                            extensions=("singular",),
                            singular_margin=math.inf).stats.singular_extensions

    assert [singular(t) for t in ([math.inf, 1], [math.inf, math.inf], [9, 1])] == [1, 0, 0]


def test_no_extensions_leave_searches_unchanged():
    game = TreeGame([[[-5, -9], 7], [3, 2]])
    values = {(0,): 6, (1,): 3, (0, 0): 6}.get
    assert alphabeta_tt(game, (), 2, evaluate=values) == alphabeta_tt(
        game, (), 2, evaluate=values, extensions=())


def test_the_check_extension_finds_a_win_at_chess_tactic_depth_two_misses():
    """WAC.012: Black plays Qxf3+, a check that a 2-ply search (with quiescence) cannot
    follow to its end."""
    game = Chess()
    p = next(p for p in chess_suite() if p.id == "WAC.012")
    plain = enhanced_search(game, p.state, 2, evaluate=game.pst_eval, quiescence=4, table=True)
    extended = enhanced_search(game, p.state, 2, evaluate=game.pst_eval, quiescence=4,
                               table=True, extensions=("check",))
    assert not p.solved_by(plain.move) and p.solved_by(extended.move)
    assert extended.stats.check_extensions > 0


def test_quiescence_sees_the_recapture_a_one_ply_search_misses():
    """The queen takes a pawn defended by a pawn: +1 at depth 1, a queen lost in truth."""
    game = Chess()
    s = Chess.parse("4k3/8/3p4/4p3/8/8/8/Q3K3 w - - 0 1")
    plain = alphabeta(game, s, 1, evaluate=game.material_eval)
    assert game.san(s, plain.move) == "Qxe5+" and plain.value == 8
    quiet = alphabeta(game, s, 1, evaluate=game.material_eval, quiescence=4)
    assert game.san(s, quiet.move) != "Qxe5+" and quiet.value == 7
    assert quiet.stats.quiescence >= 1


@pytest.mark.parametrize("bad, error, says", [
    (("checks",), ValueError, "unknown extension 'checks'"),
    ("check", TypeError, "tuple of names"),
])
def test_bad_extensions_are_named(bad, error, says):
    with pytest.raises(error, match=says):
        alphabeta_tt(TreeGame([1, 2]), (), 1, evaluate=lambda s: 0, extensions=bad)


def test_the_check_extension_needs_a_game_that_says_check():
    with pytest.raises(ValueError, match="in_check"):
        alphabeta_tt(TreeGame([1, 2]), (), 1, evaluate=lambda s: 0, extensions=("check",))


def test_an_extended_node_is_answered_from_the_table_at_its_real_ply():
    """(0,) is in check: one ply below the root, yet with the root's depth left. Searched
    again with the table the first search filled, it is answered from its entry (only the
    root is always searched)."""
    game = Checks([[3, 4], [5, 6]], checked=[(0,)])
    table = TranspositionTable()

    def zero(s):
        return 0

    first = alphabeta_tt(game, (), 1, evaluate=zero, extensions=("check",), table=table)
    settled = table.settled
    again = alphabeta_tt(game, (), 1, evaluate=zero, extensions=("check",), table=table)
    assert (again.value, again.move) == (first.value, first.move) == (3, 0)
    assert table.settled == settled + 1 and again.stats.nodes == 3  # (), (0,) settled, (1,)


@pytest.mark.parametrize("search", [alphabeta_tt, pvs, aspiration, mtdf, enhanced_search,
                                    iterative_deepening])
def test_a_singular_lead_of_one_is_enough_unless_told_otherwise(search):
    """The default ``singular_margin`` is 1: a lead of 1.5 extends, as with margin 1, and
    does not with margin 2."""
    game = TreeGame([[[-5, -9], 7], [3, 2]])
    values = {(0,): 6, (1,): 4.5, (0, 0): 6}.get

    def run(**margin):
        d = search(game, (), 2, evaluate=values, extensions=("singular",), **margin)
        return run_anytime(d) if search is iterative_deepening else d

    default, one, two = run(), run(singular_margin=1.0), run(singular_margin=2.0)
    assert (default.value, default.move) == (one.value, one.move) == (2, 1)
    assert (two.value, two.move) == (6, 0)
