"""Events, tracers and the one reader of recordings: what the plots and the stepper observe."""

import math

import pytest

from aisearch import (
    MAX,
    MIN,
    CountingGame,
    Recorder,
    Stats,
    Tally,
    TicTacToe,
    TreeGame,
    alphabeta,
    alphabeta_failsoft,
    fig5_2,
    iterative_deepening,
    minimax,
    negamax,
    pearl_ab,
    tree_graph,
    uniform_tree,
)
from aisearch.games import Chance, Min
from aisearch.search import Budget
from aisearch.trace import (
    Abort,
    Backup,
    Cut,
    Enter,
    Exit,
    Expectation,
    Finish,
    Leaf,
    Replay,
    Research,
    Start,
    TableHit,
    VisitKey,
)

VARIANTS = [alphabeta, alphabeta_failsoft, negamax, pearl_ab]


def record(search, game, state=None, **kw):
    rec = Recorder()
    d = search(game, game.initial if state is None else state, tracer=rec, **kw)
    return d, rec.events


def test_fig5_2_alpha_beta_events_read_like_the_textbook():
    """MAX root; MIN (2 4 6) is cut after its first tip 2 <= alpha 3: an alpha cut-off."""
    d, events = record(alphabeta, fig5_2)
    assert type(events[0]) is Start and events[0].search == "alphabeta"
    assert events[0].game is fig5_2 and events[0].state == () and events[0].depth is None
    assert events[1] == Enter((), MAX, None, -math.inf, math.inf, ())
    cuts = [e for e in events if type(e) is Cut]
    assert cuts == [Cut((1,), (1, 2), 3, 2, "alpha")]
    enter_second = next(e for e in events if type(e) is Enter and e.path == (1,))
    assert (enter_second.alpha, enter_second.beta) == (3, math.inf)
    assert events[-2] == Exit((), 3)
    assert events[-1] == Finish(3, 0, (0, 0), d.stats)


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
    assert other[1:] == soft[1:]  # all but the Start event, which names the searcher


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


def test_expectation_events_report_the_chance_node():
    game = TreeGame([Chance([(0.25, 4), (0.75, 8)]), 1])
    _, events = record(minimax, game)
    chance = next(e for e in events if type(e) is Expectation)
    assert chance.path == (0,) and chance.value == 7.0
    assert chance.outcomes == ((0, 0.25, 4), (1, 0.75, 8))
    visit = Replay(events).find((0,))
    assert visit.value == 7.0 and [c.prob for c in visit.children] == [0.25, 0.75]


def test_tree_graph_keys_nodes_by_visit_and_marks_pruned_moves():
    _, events = record(alphabeta, fig5_2)
    g = tree_graph(events)
    assert g.number_of_nodes() == 13  # 11 searched + 2 pruned
    key = {d["path"]: k for k, d in g.nodes(data=True)}
    assert key[(1,)] == VisitKey(0, (1,), 0)
    assert g.nodes[key[(1,)]]["cut"] == "alpha" and g.nodes[key[(1,)]]["value"] == 3
    assert [g.nodes[key[p]]["pruned"] for p in [(1, 1), (1, 2)]] == [True, True]
    assert g.edges[key[()], key[(2,)]]["move"] == 2
    assert g.nodes[key[(0, 1)]]["leaf"] and g.nodes[key[(0, 1)]]["value"] == 12


def test_paths_keep_transpositions_apart():
    game = TicTacToe()
    _, events = record(minimax, game, depth=3, evaluate=TicTacToe.nilsson_eval)
    g = tree_graph(events)
    assert g.number_of_nodes() == 1 + 9 + 72 + 504
    states = [d["state"] for _, d in g.nodes(data=True) if len(d["path"]) == 3]
    assert len(states) == 504 and len(set(states)) == 252  # X a, O b, X c == X c, O b, X a


# -- one recording, several searches and re-searches ------------------------------------------
def two_searches_and_a_research():
    """alphabeta on Fig 5.2 twice into one recorder, then a re-search of child (1,) by hand
    (as PVS does: the same move searched again with a wider window)."""
    rec = Recorder()
    alphabeta(fig5_2, fig5_2.initial, tracer=rec)
    alphabeta(fig5_2, fig5_2.initial, 1, evaluate=lambda s: 0, tracer=rec)
    inf = math.inf
    rec.events += [
        Start("pvs", fig5_2, (), None, {}),
        Enter((), MAX, None, -inf, inf, ()),
        Enter((0,), MIN, None, -inf, inf, (0,)),
        Enter((0, 0), MAX, None, -inf, inf, (0, 0)),
        Leaf((0, 0), 3, True), Exit((0, 0), 3),
        Backup((0,), 0, 3, 3, -inf, 3), Exit((0,), 3),
        Backup((), 0, 3, 3, 3, inf),
        Enter((1,), MIN, None, 3, 4, (1,)),  # a null window
        Enter((1, 0), MAX, None, 3, 4, (1, 0)), Leaf((1, 0), 2, True), Exit((1, 0), 2),
        Exit((1,), 2),
        Research((), 1, 3, inf, "fail low"),
        Enter((1,), MIN, None, 3, inf, (1,)),  # the same node again: a new visit
        Enter((1, 0), MAX, None, 3, inf, (1, 0)), Leaf((1, 0), 2, True), Exit((1, 0), 2),
        Cut((1,), (1, 2), 3, 2, "alpha"), Exit((1,), 3),
        Exit((), 3),
        Finish(3, 0, (0, 0), Stats(7, 3, 1, researches=1)),
    ]
    return rec


def test_two_searches_and_a_research_make_one_forest_of_visits():
    replay = Replay(two_searches_and_a_research())
    assert [p.name for p in replay.searches] == ["alphabeta", "alphabeta", "pvs"]
    assert [len(p.visits) for p in replay.searches] == [13, 4, 9]
    first, again = (replay.find((1,), search=2, visit=k) for k in (0, 1))
    assert (first.visit, again.visit) == (0, 1) and again.researched and not first.researched
    assert first.parent is again.parent is replay.searches[2].root
    assert [c.move for c in replay.searches[2].root.children] == [0, 1, 1]
    assert again.notes == [] and replay.searches[2].root.notes[0][1].reason == "fail low"
    assert replay.counts()["researches"] == 1


def test_the_reader_the_plot_and_the_stepper_see_the_same_tree():
    """One reader: tree_graph, plot.tree and the stepper agree on every visit."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.figure import Figure

    from aisearch import plot
    from aisearch.widgets import StepperModel

    rec = two_searches_and_a_research()
    replay = Replay(rec)
    visits = {v.key for part in replay.searches for v in part.visits}
    graph = tree_graph(rec)
    assert set(graph.nodes) == visits and graph.number_of_nodes() == 26
    ax = plot.tree(rec, ax=Figure().subplots())
    drawn = ax._aisearch_tree_model[-1]
    assert set(drawn.nodes) == visits and len(drawn.roots) == 3
    model = StepperModel(rec)
    assert {v.key for v in model.replay.owner if v is not None} <= visits
    seen = set()
    while not model.at_end:
        model.step()
        if model.current_visit is not None:
            seen.add(model.current_visit.key)
    assert seen == {v.key for v in replay.visits}  # every entered visit, nothing else
    for k in range(3):
        part_ax = plot.tree(rec, ax=Figure().subplots(), search=k)
        assert set(part_ax._aisearch_tree_model[-1].nodes) == {
            v.key for v in replay.searches[k].visits}


def test_iterative_deepening_records_one_search_per_depth_and_an_abort():
    game = TicTacToe()
    rec = Recorder()
    done = list(iterative_deepening(game, game.initial, evaluate=game.nilsson_eval,
                                    budget=Budget(nodes=300), tracer=rec))
    replay = Replay(rec)
    assert [p.start.depth for p in replay.searches] == [1, 2, 3, 4]
    assert [d.depth for d in done] == [1, 2, 3]
    assert replay.searches[-1].aborted and replay.searches[-1].finish is None
    assert isinstance(rec.events[-1], Abort)
    assert all(p.finish is not None for p in replay.searches[:-1])


@pytest.mark.parametrize("events, message", [
    ([Leaf((), 1, True)], "names ()"),
    ([Enter((0,), MAX, None, 0, 0)], "before its parent"),
    ([Enter((), MAX, None, 0, 0), Enter((1, 2), MIN, None, 0, 0)], "open node is ()"),
    ([Enter((), MAX, None, 0, 0), Start("x")], "still open"),
    ([Finish(0, None, (), Stats())], "before any search started"),
    (["not an event"], "not a trace event"),
])
def test_sequences_no_search_could_record_are_refused_with_the_event_named(events, message):
    with pytest.raises(ValueError, match=message):
        Replay(events)


# -- counting ----------------------------------------------------------------------------
def test_tally_adds_up_over_searches_and_equals_replayed_events():
    tally = Tally()
    d1 = alphabeta(fig5_2, fig5_2.initial, tracer=tally)
    d2 = minimax(fig5_2, fig5_2.initial, tracer=tally)
    assert tally.nodes == d1.stats.nodes + d2.stats.nodes
    assert tally.searches == 2
    replayed = Tally()
    for e in record(alphabeta, fig5_2)[1]:
        replayed(e)
    assert replayed.stats() == d1.stats and replayed.searches == 1


def test_counts_are_extensible_by_event_kind_without_editing_the_counters():
    """A new count is a new event kind: Tally, Stats, Replay and the stepper count it."""
    from dataclasses import dataclass
    from typing import ClassVar

    from aisearch.trace import Event

    @dataclass(slots=True)
    class Playout(Event):
        tally: ClassVar[str | None] = "playouts"
        path: tuple
        result: float

    events = [Start("mcts"), Enter((), MAX, None, 0, 0), Playout((), 1), Playout((), 0),
              Exit((), 0.5), Finish(0.5, None, (), Stats(1, 0, 0, playouts=2))]
    tally = Tally()
    for e in events:
        tally(e)
    assert tally.playouts == 2 and tally.stats() == Stats(1, playouts=2)
    assert Replay(events).counts()["playouts"] == 2 and Stats().playouts == 0
    assert Stats(1, playouts=2) + Stats(2, table_hits=1) == Stats(3, playouts=2, table_hits=1)
    assert TableHit.tally == "table_hits" and Research.tally == "researches"


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
