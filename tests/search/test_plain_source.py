"""What show_source shows is what runs: the plain algorithm, executed, agrees with the searcher.

``show_source`` leaves out the lines that only count and report (``if trace:`` statements and
lines marked ``# bookkeeping``). Here that plain text is compiled and run against the
package's searcher on random trees and tic-tac-toe: same values, moves, principal variations
and the same states generated, in the same order.
"""

import inspect
import sys

import pytest

from aisearch import (
    CountingGame,
    TicTacToe,
    alphabeta,
    alphabeta_failsoft,
    minimax,
    negamax,
    pearl_ab,
    uniform_tree,
)
from aisearch.games.examples import random_tree
from aisearch.notebook import plain_source, show_source

SEARCHERS = [minimax, alphabeta, alphabeta_failsoft, negamax, pearl_ab]


def plain_version(search):
    """The searcher rebuilt from the text show_source shows (in its own module's globals)."""
    code = plain_source(inspect.getsource(search))
    module = sys.modules[search.__module__]
    namespace = dict(vars(module))
    namespace["searcher"] = lambda **declared: (lambda f: f)  # do not declare it a second time
    exec(compile(code, f"<plain {search.__name__}>", "exec"), namespace)
    plain = namespace[search.__name__]
    plain.info = search.info  # what the searcher declared (e.g. that it searches chance nodes)
    return plain


def observed(search, game, depth=None, **options):
    counted = CountingGame(game)
    d = search(counted, counted.initial, depth, **options)
    return d.value, d.move, d.pv, counted.generated


@pytest.mark.parametrize("search", SEARCHERS)
def test_the_shown_source_has_no_counting_or_tracing(search):
    shown = show_source(search).code
    assert "if trace" not in shown and "# bookkeeping" not in shown
    assert "trace." not in shown and "run.nodes" not in shown
    full = show_source(search, instrumented=True).code
    assert "if trace:" in full and len(full.splitlines()) > len(shown.splitlines())


@pytest.mark.parametrize("search", SEARCHERS)
def test_the_shown_source_runs_and_agrees_with_the_searcher(search):
    plain = plain_version(search)
    games = [random_tree(seed) for seed in range(60)]
    games += [uniform_tree(3, 4, seed=seed, low=0, high=3) for seed in range(20)]
    for game in games:
        for options in ({}, {"prune_on_equal": False}, {"fastest_wins": False}):
            assert observed(plain, game, **options) == observed(search, game, **options)
    ttt = TicTacToe()
    for depth in (2, 4):
        kw = {"evaluate": TicTacToe.nilsson_eval}
        assert observed(plain, ttt, depth, **kw) == observed(search, ttt, depth, **kw)


@pytest.mark.parametrize("search", SEARCHERS)
def test_the_core_reads_like_the_book(search):
    """The recursive core returns (value, pv), fits on a screen (about 25-35 lines), and
    loops over the moves the same way in every form."""
    shown = show_source(search).code
    core = shown[shown.index("    def "):shown.index("\n\n", shown.index("    def "))]
    lines = [line for line in core.splitlines() if line.strip()]
    assert 10 <= len(lines) <= 35, len(lines)
    assert "nonlocal" not in core and "return" in core and ", ()" in core
    assert "enumerate(" not in core and "line is None" in core
