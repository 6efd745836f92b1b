"""The cores lesson 04 shows (alpha-beta with a table, PVS, the MTD driver) run as shown:
without their counting and tracing lines they search exactly what the searchers search."""

import inspect
import sys

import pytest

from aisearch import CountingGame, TicTacToe, TranspositionTable, alphabeta_tt, mtdf, pvs
from aisearch.games.dag import DagGame
from aisearch.games.examples import random_tree
from aisearch.notebook import plain_source, show_source
from aisearch.search.efficiency.pvs import pvs_core
from aisearch.search.efficiency.table_search import alphabeta_core
from aisearch.search.efficiency.windows import mtd
from aisearch.search.runtime.run import INF, Run


def plain(function):
    """``function`` rebuilt from the text show_source shows, in its module's globals."""
    namespace = dict(vars(sys.modules[function.__module__]))
    exec(compile(plain_source(inspect.getsource(function)), "<plain>", "exec"), namespace)
    return namespace[function.__name__], namespace


def games():
    out = [(random_tree(seed), None, None) for seed in range(40)]
    out += [(g, None, None) for g in (DagGame(3, 5, 4, seed=s, skip=0.3) for s in range(15))]
    out += [(g, 4, g.evaluate) for g in (DagGame(3, 6, 4, seed=s) for s in range(15))]
    out += [(TicTacToe(), 3, TicTacToe.nilsson_eval)]
    return out


@pytest.mark.parametrize("core, searcher", [(alphabeta_core, alphabeta_tt), (pvs_core, pvs)])
def test_the_shown_core_searches_what_the_searcher_searches(core, searcher):
    shown = show_source(core).code
    assert "if trace" not in shown and "# bookkeeping" not in shown and "trace." not in shown
    plain_core, _ = plain(core)
    for game, depth, e in games():
        for with_table in (False, True):
            mine, theirs = CountingGame(game), CountingGame(game)
            table = TranspositionTable() if with_table else None
            run = Run(searcher, mine, mine.initial, depth, evaluate=e)
            v, pv = run.search(plain_core(run, table), -INF, INF)
            d = searcher(theirs, theirs.initial, depth, evaluate=e,
                         table=TranspositionTable() if with_table else None)
            assert (run.decode(v), pv[:1], mine.generated) == (d.value, d.pv[:1],
                                                               theirs.generated)


def test_the_shown_mtd_driver_searches_what_mtdf_searches():
    shown = show_source(mtd).code
    assert "bookkeeping" not in shown and "counted" not in shown
    plain_mtd, namespace = plain(mtd)
    for game, depth, e in games():
        mine, theirs = CountingGame(game), CountingGame(game)
        d = plain_mtd(mtdf, mine, mine.initial, depth, first=0, table=TranspositionTable(),
                      evaluate=e, order=None, prune_on_equal=True, fastest_wins=True,
                      tracer=None)
        ref = mtdf(theirs, theirs.initial, depth, evaluate=e)
        assert (d.value, d.move, mine.generated) == (ref.value, ref.move, theirs.generated)
