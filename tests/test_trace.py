"""Events, tracers and the recorded tree: what the plots and the stepper observe."""

import math

import pytest

from aisearch import (
    MAX,
    MIN,
    Counter,
    CountingGame,
    Recorder,
    TicTacToe,
    TreeGame,
    alphabeta,
    alphabeta_failsoft,
    fig5_2,
    minimax,
    negamax,
    pearl_ab,
    tree_graph,
    uniform_tree,
)
from aisearch.games import Chance, Min
from aisearch.trace import Backup, Cut, Enter, Exit, Leaf
from aisearch.trace import Chance as ChanceEvent

VARIANTS = [alphabeta, alphabeta_failsoft, negamax, pearl_ab]


def record(search, game, state=None, **kw):
    rec = Recorder()
    d = search(game, game.initial if state is None else state, tracer=rec, **kw)
    return d, rec.events


def test_fig5_2_alpha_beta_events_read_like_the_textbook():
    """MAX root; MIN (2 4 6) is cut after its first tip 2 <= alpha 3: an alpha cut-off."""
    _, events = record(alphabeta, fig5_2)
    assert events[0] == Enter((), MAX, None, -math.inf, math.inf, ())
    cuts = [e for e in events if type(e) is Cut]
    assert cuts == [Cut((1,), (1, 2), 3, 2, "alpha")]
    enter_second = next(e for e in events if type(e) is Enter and e.path == (1,))
    assert (enter_second.alpha, enter_second.beta) == (3, math.inf)
    assert events[-1] == Exit((), 3)


def test_every_entered_node_exits_once_and_in_nested_order():
    _, events = record(alphabeta, uniform_tree(3, 4, seed=1))
    stack = []
    for e in events:
        if type(e) is Enter:
            stack.append(e.path)
        elif type(e) is Exit:
            assert stack.pop() == e.path
    assert stack == []


def test_leaf_values_are_tip_values_and_backups_name_the_child():
    game = uniform_tree(2, 3, seed=4)
    _, events = record(minimax, game)
    for e in events:
        if type(e) is Leaf:
            assert e.terminal and e.value == game.utility(e.path)
        if type(e) is Backup:
            assert e.path + (e.move,) in {x.path for x in events if type(x) is Exit}


@pytest.mark.parametrize("search", [alphabeta_failsoft, negamax])
def test_negamax_reports_events_from_max_view_exactly_like_fail_soft(search):
    """Negamax works from the mover's view inside; its events speak MAX's language."""
    game = TreeGame([[3, [5, 1], 8], [Min([2, 7]), 4], [[9, 0], 5, 2]])
    _, soft = record(alphabeta_failsoft, game)
    _, other = record(search, game)
    assert other == soft


@pytest.mark.parametrize("search", VARIANTS)
def test_cut_events_count_the_cutoffs_and_skip_only_unsearched_moves(search):
    game = uniform_tree(3, 5, seed=9)
    d, events = record(search, game)
    cuts = [e for e in events if type(e) is Cut]
    assert len(cuts) == d.stats.cutoffs
    entered = {e.path for e in events if type(e) is Enter}
    for cut in cuts:
        assert cut.skipped and all(cut.path + (m,) not in entered for m in cut.skipped)
        assert cut.kind in ("alpha", "beta")


def test_cut_kinds_follow_nilsson_alpha_below_min_beta_below_max():
    game = uniform_tree(3, 5, seed=2)
    _, events = record(alphabeta, game)
    players = {e.path: e.player for e in events if type(e) is Enter}
    kinds = {(players[c.path], c.kind) for c in events if type(c) is Cut}
    assert kinds == {(MIN, "alpha"), (MAX, "beta")}


def test_chance_events_report_the_expectation():
    game = TreeGame([Chance([(0.25, 4), (0.75, 8)]), 1])
    _, events = record(minimax, game)
    chance = next(e for e in events if type(e) is ChanceEvent)
    assert chance.path == (0,) and chance.value == 7.0
    assert chance.outcomes == ((0, 0.25, 4), (1, 0.75, 8))


def test_tree_graph_keys_nodes_by_path_and_marks_pruned_moves():
    _, events = record(alphabeta, fig5_2)
    g = tree_graph(events)
    assert g.number_of_nodes() == 13  # 11 searched + 2 pruned
    assert g.nodes[(1,)]["cut"] == "alpha" and g.nodes[(1,)]["value"] == 3
    assert [g.nodes[p]["pruned"] for p in [(1, 1), (1, 2)]] == [True, True]
    assert g.edges[(), (2,)]["move"] == 2
    assert g.nodes[(0, 1)]["leaf"] and g.nodes[(0, 1)]["value"] == 12


def test_paths_keep_transpositions_apart():
    game = TicTacToe()
    _, events = record(minimax, game, depth=3, evaluate=TicTacToe.nilsson_eval)
    g = tree_graph(events)
    assert g.number_of_nodes() == 1 + 9 + 72 + 504
    states = [data["state"] for path, data in g.nodes(data=True) if len(path) == 3]
    assert len(states) == 504 and len(set(states)) == 252  # X a, O b, X c == X c, O b, X a


def test_counter_adds_up_over_searches_and_equals_replayed_events():
    counter = Counter()
    d1 = alphabeta(fig5_2, fig5_2.initial, tracer=counter)
    d2 = minimax(fig5_2, fig5_2.initial, tracer=counter)
    assert counter.nodes == d1.stats.nodes + d2.stats.nodes
    assert counter.searches == 2
    replayed = Counter()
    for e in record(alphabeta, fig5_2)[1]:
        replayed(e)
    assert replayed.stats() == d1.stats and replayed.searches == 1


def test_counting_game_records_generated_and_evaluated_states():
    game = CountingGame(TicTacToe())
    evaluate = game.counting(TicTacToe.nilsson_eval)
    d = minimax(game, game.initial, 2, evaluate=evaluate)
    assert len(game.generated) == 81 and len(game.evaluated) == 72 == d.stats.leaves
    game.reset()
    assert game.generated == [] and game.evaluated == []


def test_an_empty_recorder_is_still_a_tracer():
    rec = Recorder()
    assert rec and len(rec) == 0
    alphabeta(fig5_2, fig5_2.initial, tracer=rec)
    assert len(rec) > 0 and "events" in repr(rec)


def test_a_plain_function_is_a_tracer():
    seen = []
    alphabeta(fig5_2, fig5_2.initial, tracer=seen.append)
    assert len(seen) == len(record(alphabeta, fig5_2)[1])
