"""A finished search leaves no reference cycles: what it made is freed at once.

A core written as a nested recursive function refers to itself through its closure; left
so, the cycle (and all it holds: the run, the transposition table, the states) waited for
the cyclic garbage collector, after a long search until a full collection. These tests
search with the collector off and count what a collection then finds: nothing. An MCTS
tree's nodes hold their children but not their parents, so a tree nobody holds is freed at
once too.
"""

import gc
import weakref

import pytest

from aisearch import Coins, Recorder, Tally
from aisearch.games import TicTacToe, TreeGame
from aisearch.games.chance_trees import dice_tree
from aisearch.search import (
    MCTS,
    TranspositionTable,
    alphabeta_tt,
    enhanced_search,
    maxn,
    mcts,
    paranoid,
    quiescence,
)
from aisearch.search.registry import REGISTRY
from aisearch.search.runtime.anytime import Budget, run_anytime

GAME = TicTacToe()
STATE = TicTacToe.parse("xo./.x./...")
TWO_PLAYER = sorted(name for name, info in REGISTRY.items()
                    if info.kind == "minimax" and name not in ("star1", "star2"))


def cyclic_garbage(search) -> int:
    """The objects in reference cycles that ``search()`` left behind: the collector is off
    while it runs, so all it made is in the youngest generation (which alone is walked: a
    full collection in a long test run walks everything the run made)."""
    gc.collect(0)
    gc.disable()
    try:
        search()
        return gc.collect(0)
    finally:
        gc.enable()


def decide(name, **options):
    info = REGISTRY[name]
    result = info.function(GAME, STATE, 3, evaluate=GAME.nilsson_eval, **options)
    return run_anytime(result) if info.anytime else result


@pytest.mark.parametrize("tracer", [None, Tally, Recorder])
@pytest.mark.parametrize("name", TWO_PLAYER)
def test_a_two_player_search_leaves_no_cycle(name, tracer):
    options = {} if tracer is None else {"tracer": tracer()}
    assert cyclic_garbage(lambda: decide(name, **options)) == 0


@pytest.mark.parametrize("options", [
    {"quiescence": 2}, {"quiescence": 2, "tracer": Recorder()},
    {"extensions": ("singular",)}, {"static": True}, {"killers": True}, {"history": True},
    {"deepening": True}, {"window": "mtdf", "table": True},
    {"window": "aspiration-pvs", "table": True, "deepening": True},
], ids=str)
def test_the_rules_and_enhancements_leave_no_cycle(options):
    assert cyclic_garbage(lambda: decide("enhanced_search", **options)) == 0


@pytest.mark.parametrize("name", ["expectiminimax", "minimax", "star1", "star2"])
def test_a_search_under_chance_leaves_no_cycle(name):
    info = REGISTRY[name]
    bounds = {"bounds": (-10, 10)} if name.startswith("star") else {}
    assert cyclic_garbage(lambda: info.function(dice_tree, dice_tree.initial, **bounds)) == 0


@pytest.mark.parametrize("tracer", [None, Recorder])
def test_a_quiescence_search_leaves_no_cycle(tracer):
    game = TreeGame([[5, -3], 2], noisy=[(0,), (0, 1)])
    options = {} if tracer is None else {"tracer": tracer()}
    assert cyclic_garbage(lambda: quiescence(game, (), evaluate={(): 1, (0,): 4}.get,
                                             **options)) == 0


@pytest.mark.parametrize("search", [maxn, paranoid])
def test_a_search_of_several_players_leaves_no_cycle(search):
    game = Coins((7, 4, 3, 9, 5, 7))
    assert cyclic_garbage(lambda: search(game, game.initial)) == 0


@pytest.mark.parametrize("tracer", [None, Recorder])
def test_an_mcts_search_leaves_no_cycle(tracer):
    options = {} if tracer is None else {"tracer": tracer()}
    assert cyclic_garbage(lambda: list(mcts(GAME, STATE, iterations=200, **options))) == 0
    assert cyclic_garbage(lambda: list(mcts(dice_tree, dice_tree.initial, iterations=50))) == 0


def test_an_mcts_tree_nobody_holds_is_freed_without_a_collection():
    def grow():
        tree = MCTS(GAME, GAME.initial, seed=1)
        for _ in range(300):
            tree.iterate()
        assert tree.nodes == 301 and tree.root.children[4].children[0].path == (4, 0)

    assert cyclic_garbage(grow) == 0


def test_a_table_nobody_holds_is_freed_without_a_collection():
    gc.disable()
    try:
        table = TranspositionTable(size=None)
        held = weakref.ref(table)
        alphabeta_tt(GAME, GAME.initial, table=table)
        assert len(table) > 1000
        del table
        assert held() is None
        table = TranspositionTable(size=None)
        held = weakref.ref(table)
        enhanced_search(GAME, GAME.initial, table=table, window="pvs", quiescence=1,
                        evaluate=GAME.nilsson_eval, deepening=True, depth=9)
        del table
        assert held() is None
    finally:
        gc.enable()


def test_a_search_stopped_by_its_budget_leaves_no_cycle():
    def stopped():
        budget = Budget(nodes=300)
        assert run_anytime(REGISTRY["iterative_deepening"].function(
            GAME, GAME.initial, 9, budget=budget, evaluate=GAME.nilsson_eval,
            search=alphabeta_tt, table=TranspositionTable())) is not None
        assert budget.spent

    assert cyclic_garbage(stopped) == 0


def test_unlinking_empties_only_the_cells_that_hold_the_core_and_may_be_repeated():
    from aisearch.search.runtime.run import unlink

    def outer():
        helper = len

        def count_down(n):
            return helper(()) if n == 0 else count_down(n - 1)
        return count_down

    f = outer()
    unlink(f)
    unlink(f)  # (its cell is empty now: nothing to do)
    held = []
    for cell in f.__closure__:
        try:
            held.append(cell.cell_contents)
        except ValueError:  # the emptied one
            held.append("empty")
    assert sorted(map(str, held)) == ["<built-in function len>", "empty"]
    with pytest.raises(NameError):
        f(2)
