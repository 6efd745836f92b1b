"""Iterative deepening as lesson 04 uses it: the previous best line first, a table kept from
iteration to iteration, guesses for windowed searches, and the partial-iteration rule."""

import math
from fractions import Fraction

import pytest

from aisearch import (
    Budget,
    ConnectFour,
    Nim,
    Recorder,
    TicTacToe,
    TranspositionTable,
    alphabeta,
    alphabeta_tt,
    anytime_agent,
    aspiration,
    expectiminimax,
    iterative_deepening,
    mtdf,
    pvs,
    star1,
    star2,
    uniform_tree,
)
from aisearch.games import Pig, dice_tree
from aisearch.search.efficiency.deepening import proven_better
from aisearch.trace import Start

C4, E = ConnectFour(), ConnectFour.evaluate
MID = ConnectFour.parse("......./......./......./...o.../...x.../..xo.x.")  # MIN to move


def values(runs):
    return [d.value for d in runs]


def test_every_iteration_is_worth_what_alphabeta_to_that_depth_is():
    plain = [alphabeta(C4, MID, d, evaluate=E).value for d in range(1, 7)]
    for kw in ({"pv_first": True}, {"search": alphabeta_tt, "table": TranspositionTable()},
               {"search": pvs, "table": TranspositionTable(), "pv_first": True},
               {"search": mtdf, "table": TranspositionTable()},
               {"search": aspiration, "table": TranspositionTable()}):
        runs = list(iterative_deepening(C4, MID, 6, evaluate=E, **kw))
        assert [d.depth for d in runs] == list(range(1, 7))
        assert values(runs) == plain, kw


@pytest.mark.slow
def test_ordering_by_the_last_iteration_saves_nodes():
    plain = sum(d.stats.nodes for d in iterative_deepening(C4, MID, 7, evaluate=E))
    by_pv = sum(d.stats.nodes for d in iterative_deepening(C4, MID, 7, evaluate=E,
                                                            pv_first=True))
    table = sum(d.stats.nodes for d in iterative_deepening(
        C4, MID, 7, evaluate=E, search=alphabeta_tt, table=TranspositionTable()))
    assert table < by_pv < plain


def test_each_iteration_is_a_generation_of_the_table():
    table = TranspositionTable()
    list(iterative_deepening(C4, MID, 4, evaluate=E, search=alphabeta_tt, table=table))
    assert table.generation == 4


def test_windowed_searches_get_the_previous_iterations_value_as_their_guess():
    rec = Recorder()
    runs = list(iterative_deepening(C4, MID, 4, evaluate=E, search=mtdf,
                                    table=TranspositionTable(), tracer=rec))
    firsts, depth = [], 0
    for ev in rec.events:  # the first MTD pass of each iteration
        if type(ev) is Start and ev.depth != depth:
            depth = ev.depth
            firsts.append(ev.options["window"][1])
    assert firsts[1:] == [d.value for d in runs[:-1]]


@pytest.mark.parametrize("search", [aspiration, mtdf])
def test_a_windowed_search_takes_the_previous_iterations_fraction_value_as_its_guess(search):
    """Leaf values may be Fractions: the previous iteration's value, a Fraction, places the
    next iteration's first window, and every iteration's value is alpha-beta's, exactly."""
    game = uniform_tree(3, 5, seed=4)

    def e(s):
        return Fraction(sum((i + 2) * m for i, m in enumerate(s)) % 13 - 6, 7)

    runs = list(iterative_deepening(game, game.initial, 4, evaluate=e, search=search))
    assert [d.depth for d in runs] == [1, 2, 3, 4]
    for d in runs:
        assert type(d.value) is Fraction
        assert d.value == alphabeta(game, game.initial, d.depth, evaluate=e).value


@pytest.mark.parametrize("search", [star1, star2])
def test_star1_and_star2_deepen_on_a_chance_tree_with_their_bounds(search):
    """Their bounds reach every iteration: the same search as called alone with them (the
    cut-off at depth 3 needs the tight bounds), expectiminimax's values."""
    def zero(s):
        return 0

    runs = list(iterative_deepening(dice_tree, (), evaluate=zero, search=search,
                                    search_options={"bounds": (0, 9)}))
    assert [d.depth for d in runs] == [1, 2, 3] and runs[-1].stats.cutoffs == 1
    for d in runs:
        alone = search(dice_tree, (), d.depth, evaluate=zero, bounds=(0, 9))
        assert (d.value, d.move, d.stats) == (alone.value, alone.move, alone.stats)
        assert d.value == expectiminimax(dice_tree, (), d.depth, evaluate=zero).value


def test_a_searchs_own_options_reach_every_iteration_and_a_guess_only_the_first():
    rec = Recorder()
    runs = list(iterative_deepening(C4, MID, 3, evaluate=E, search=aspiration, tracer=rec,
                                    search_options={"width": 3, "guess": -20}))
    firsts, depth = [], 0
    for ev in rec.events:  # the first try of each iteration
        if type(ev) is Start and ev.depth != depth:
            depth = ev.depth
            firsts.append(ev.options["window"])
    guesses = [-20] + [d.value for d in runs[:-1]]
    assert firsts == [(g - 3, g + 3) for g in guesses]


def test_with_a_table_the_search_still_stops_when_the_whole_game_was_searched():
    game = TicTacToe()
    runs = list(iterative_deepening(game, game.initial, evaluate=game.nilsson_eval,
                                    search=alphabeta_tt, table=TranspositionTable()))
    assert runs[-1].depth <= 9 and runs[-1].value == 0


@pytest.mark.parametrize("search", [alphabeta_tt, pvs, aspiration, mtdf])
@pytest.mark.parametrize("heaps", [(1, 3), (2, 3, 4), (1, 1, 5)])
def test_with_a_table_it_stops_where_a_position_is_met_at_different_plies(search, heaps):
    """In Nim a position is reached at several plies, so entries of an earlier iteration
    answer nodes of the next one: an iteration in which no state met the bound has not by
    itself shown that the whole tree was searched. After two such iterations, the next one
    is answered only by its own entries and shows it: at most two iterations more than
    without a table, and the same value."""
    import itertools

    game = Nim(heaps)
    plain = list(iterative_deepening(game, game.initial, evaluate=lambda s: 0))
    table = TranspositionTable()
    runs = list(itertools.islice(iterative_deepening(
        game, game.initial, evaluate=lambda s: 0, search=search, table=table), 30))
    assert len(runs) < 30, "iterative deepening with a table did not stop"
    assert plain[-1].depth <= runs[-1].depth <= plain[-1].depth + 2
    assert runs[-1].value == plain[-1].value
    assert table.settles_from == 0  # (the table is the caller's again)


def test_entries_of_older_generations_order_moves_but_answer_nothing_before_settles_from():
    table = TranspositionTable(size=None)
    table.store("s", 5, 7, "exact", "m")
    table.age()
    assert table.lookup("s", 2, -math.inf, math.inf, ply=1)[1] and table.settled_old == 1
    table.settles_from = table.generation
    entry, settled = table.lookup("s", 2, -math.inf, math.inf, ply=1)
    assert (entry.move, settled, table.settled, table.settled_old) == ("m", False, 1, 1)


def test_the_searches_own_table_steps_also_answer_nothing_from_before_settles_from():
    """The look-up the searchers run (written out for speed) keeps the same rule as
    TranspositionTable.lookup: an older entry still gives its move, but settles nothing."""
    from aisearch.search.efficiency.table import written_steps
    from aisearch.search.efficiency.table_search import EXACT

    table = TranspositionTable(size=None)
    lookup, store = written_steps(table, 3)
    store("s", 2, 7, EXACT, "m")
    table.age()
    assert lookup("s", 2, -math.inf, math.inf)[1] and table.settled_old == 1
    table.settles_from = table.generation
    entry, settled = lookup("s", 2, -math.inf, math.inf)
    assert (entry[3], settled, table.settled_old) == ("m", False, 1)


def test_an_unfinished_iteration_that_proved_a_better_move_is_played():
    """MIN to move: at depth 5 the unfinished iteration has proven move 3 worth at most -38,
    below move 2's -37 (the last finished iteration's choice, searched first)."""
    runs = list(iterative_deepening(C4, MID, evaluate=E, search=pvs,
                                    table=TranspositionTable(), budget=Budget(nodes=1619)))
    last, previous = runs[-1], runs[-2]
    assert last.partial and not previous.partial and last.depth == previous.depth + 1
    assert last.move != previous.move
    depth = last.depth
    theirs = alphabeta(C4, C4.result(MID, previous.move), depth - 1, evaluate=E).value
    ours = alphabeta(C4, C4.result(MID, last.move), depth - 1, evaluate=E).value
    assert ours <= last.value < theirs  # proven better for MIN
    agent = anytime_agent(iterative_deepening, nodes=1619, evaluate=E, search=pvs,
                          table=TranspositionTable())
    assert agent(C4, MID) == last.move and agent.last.partial


@pytest.mark.slow
def test_without_a_table_or_a_proof_the_last_finished_iteration_is_played():
    for n in range(500, 8000, 997):
        runs = list(iterative_deepening(C4, MID, evaluate=E, budget=Budget(nodes=n)))
        assert not any(d.partial for d in runs)
        tabled = list(iterative_deepening(C4, MID, evaluate=E, search=pvs,
                                          table=TranspositionTable(), budget=Budget(nodes=n),
                                          partial=False))
        assert not any(d.partial for d in tabled)


def test_proven_better_needs_a_bound_on_the_right_side():
    from aisearch.games import fig5_2
    from aisearch.search.efficiency.table_search import EXACT, LOWER, UPPER

    t = TranspositionTable()
    t.age()
    t.store((0,), 1, 3, LOWER, 0, ply=1)  # move 0 at least 3: no cap on it
    t.store((2,), 1, 5, LOWER, 0, ply=1)
    assert proven_better(fig5_2, (), t, 2, previous=0) is None
    t.store((0,), 1, 3, EXACT, 0, ply=1)
    assert proven_better(fig5_2, (), t, 2, previous=0) == (2, 5)
    t.store((2,), 1, 2, UPPER, 0, ply=1)
    assert proven_better(fig5_2, (), t, 2, previous=0) is None
    assert proven_better(fig5_2, (), t, 4, previous=0) is None  # too shallow for depth 4


def test_a_table_needs_a_searcher_that_takes_one():
    with pytest.raises(ValueError, match="takes no table"):
        next(iterative_deepening(C4, MID, 3, evaluate=E, table=TranspositionTable()))
    with pytest.raises(TypeError, match="table must be a TranspositionTable"):
        next(iterative_deepening(C4, MID, 3, evaluate=E, search=pvs, table={}))


def test_star1_deepens_on_pig_with_the_bounds_of_its_win_of_1():
    game = Pig(goal=6)  # utilities +1 and -1: bounds (-1, 1) from its declared win
    last = list(iterative_deepening(game, game.initial, 3, evaluate=lambda s: 0,
                                    search=star1))[-1]
    assert last.value == expectiminimax(game, game.initial, 3, evaluate=lambda s: 0).value


def test_a_table_filled_by_iterative_deepening_serves_a_search_with_the_same_evaluation():
    """Iterative deepening counts the evaluation's calls through a wrapper; the table takes
    the wrapper for the evaluation itself, so a later search with the same evaluation is
    served, not refused as another kind of search."""
    table = TranspositionTable()
    last = list(iterative_deepening(C4, C4.initial, 3, evaluate=E, search=alphabeta_tt,
                                    table=table))[-1]
    again = alphabeta_tt(C4, C4.initial, 3, evaluate=E, table=table)
    assert again.value == last.value and again.stats.table_hits > 0


@pytest.mark.parametrize("search", [alphabeta_tt, pvs])
@pytest.mark.parametrize("heaps", [(1, 3), (2, 3, 4), (1, 1, 5)])
def test_an_iteration_is_answered_by_its_own_entries_right_after_two_without_evaluations(
        search, heaps):
    """Older entries answer nodes in the other iterations; the check runs after exactly two
    iterations in a row that evaluated nothing (met no depth bound), not after one or three.
    Searched again with the same table, the second search meets such pairs early, and a
    check that evaluates something is followed by more iterations."""
    game, table = Nim(heaps), TranspositionTable()
    evaluations: list[int] = []
    alone: list[bool] = []

    def evaluate(state):
        evaluations[-1] += 1
        return 0

    def tracer(event):
        if isinstance(event, Start):  # one search per iteration
            evaluations.append(0)
            alone.append(table.settles_from == table.generation)

    for _ in range(2):
        evaluations.clear()
        alone.clear()
        runs = list(iterative_deepening(game, game.initial, evaluate=evaluate, search=search,
                                        table=table, tracer=tracer))
        assert len(alone) == len(runs) and alone[-1]
        for i, checked in enumerate(alone):
            after_two = i >= 2 and evaluations[i - 1] == evaluations[i - 2] == 0
            assert checked == after_two, (i, evaluations, alone)
        assert table.settled_old > 0 and table.settles_from == 0
