"""Iterative deepening against its description, and the partial-iteration rule against a
reference.

- ``proven_better(game, state, table, depth, previous)``: the successors' entries of this
  generation searched ``depth - 1`` plies or more; ``previous`` capped (MAX to move: exact or
  upper bound; MIN: exact or lower), a move beyond it (MAX: exact or lower bound above the
  cap; MIN: exact or upper below) returned with its value, the best such move (the first in
  move order on ties), None if none.
- Each completed depth yields the decision of the search to that depth; an iteration that
  met no depth bound (and answered nothing from older entries) ends the run; a windowed
  search gets the previous iteration's value as its guess; with a budget, the unfinished
  iteration is dropped, or yielded as ``partial`` with the nodes it used when the table
  proves a better move.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from aisearch.games import TreeGame, fig5_2
from aisearch.search import (
    Budget,
    TranspositionTable,
    alphabeta,
    alphabeta_tt,
    aspiration,
    iterative_deepening,
    maxn,
    mcts,
    minimax,
    mtdf,
    negamax,
    pvs,
    quiescence,
)
from aisearch.search.efficiency.deepening import proven_better
from aisearch.search.efficiency.table import EXACT, LOWER, UPPER
from aisearch.search.runtime import payoff, win_value
from aisearch.trace import Recorder, Start

entries = st.lists(st.tuples(st.sampled_from([0, 1, 2]), st.integers(-3, 3),
                             st.sampled_from([EXACT, LOWER, UPPER]), st.integers(0, 3),
                             st.booleans()), max_size=6)


def ref_proven(game, state, stored, depth, previous):
    maximizing = game.to_move(state) == 0
    sign = 1 if maximizing else -1
    capping = (EXACT, UPPER) if maximizing else (EXACT, LOWER)
    beating = (EXACT, LOWER) if maximizing else (EXACT, UPPER)
    known = {m: e for m, e in stored.items() if e[2] >= depth - 1 and e[3]}
    first = known.get(previous)
    if first is None or first[1] not in capping:
        return None
    best = None
    for m in game.moves(state):
        e = known.get(m) if m != previous else None
        if e is not None and e[1] in beating and sign * e[0] > sign * first[0]:
            if best is None or sign * e[0] > sign * best[1]:
                best = (m, e[0])
    return best


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(stores=entries, depth=st.integers(1, 4), previous=st.sampled_from([0, 1, 2]),
       first=st.sampled_from([0, 1]))
def test_proven_better_finds_the_move_the_table_proves_beyond_the_previous(stores, depth,
                                                                         previous, first):
    game = TreeGame([[1, 2], [3, 4], [5, 6]], first=first)
    table = TranspositionTable(size=None, replace="always")
    current = {}
    for now in (False, True):
        for m, value, bound, deep, new in stores:
            if new == now:
                table.store((m,), deep, value, bound, 0, ply=1)
                current[m] = (value, bound, deep, now)
        if not now:
            table.age()  # (the entries stored before are of the older generation)
    assert proven_better(game, (), table, depth, previous) == ref_proven(
        game, (), current, depth, previous)


def test_an_older_generations_entry_proves_nothing():
    t = TranspositionTable()
    t.age()
    t.store((0,), 1, 3, EXACT, 0, ply=1)
    t.store((2,), 1, 5, LOWER, 0, ply=1)
    assert proven_better(fig5_2, (), t, 2, previous=0) == (2, 5)
    t.age()
    assert proven_better(fig5_2, (), t, 2, previous=0) is None


# -- the iterations ---------------------------------------------------------------------
@pytest.mark.parametrize("search", [alphabeta, alphabeta_tt, pvs, aspiration, mtdf, minimax])
def test_each_completed_depth_is_the_search_to_that_depth_and_the_end_stops_it(search):
    game = TreeGame([[[3, 1], [4, [1, 5]]], [[9, 2], 6], 5])

    def e(s):
        return (sum(s) * 3 + len(s)) % 7 - 3

    table = {"table": TranspositionTable()} if search not in (alphabeta, minimax) else {}
    runs = list(iterative_deepening(game, game.initial, evaluate=e, search=search, **table))
    # depth 4 reaches every tip (3 may, where the deepest line is cut off): the end
    assert [d.depth for d in runs] == ([1, 2, 3, 4] if search is minimax else
                                       list(range(1, len(runs) + 1)))
    assert len(runs) >= 3 and runs[-1].value == minimax(game, game.initial).value
    for d in runs:
        assert d.value == minimax(game, game.initial, d.depth, evaluate=e).value
        assert not d.partial
    capped = list(iterative_deepening(game, game.initial, 2, evaluate=e, search=search))
    assert [d.depth for d in capped] == [1, 2]


def test_a_windowed_search_gets_the_previous_value_as_its_guess():
    game = TreeGame([[[3, 1], [4, [1, 5]]], [[9, 2], 6], 5])

    def e(s):
        return (sum(s) * 3 + len(s)) % 7 - 3

    rec = Recorder()
    runs = list(iterative_deepening(game, game.initial, 3, evaluate=e, search=aspiration,
                                    tracer=rec))
    guesses = [ev.options.get("guess") for ev in rec.events if type(ev) is Start]
    firsts = [0] + [d.value for d in runs[:-1]]
    assert guesses[0] == 0 and set(firsts) <= set(guesses)


def test_the_last_decision_of_a_budget_is_the_last_completed_depth():
    game = TreeGame([[[3, 1], [4, [1, 5]]], [[9, 2], 6], 5])

    def e(s):
        return (sum(s) * 3 + len(s)) % 7 - 3

    full = list(iterative_deepening(game, game.initial, evaluate=e))
    for nodes in range(1, 40):
        runs = list(iterative_deepening(game, game.initial, evaluate=e,
                                        budget=Budget(nodes=nodes)))
        assert runs == full[:len(runs)]
    with pytest.raises(ValueError, match="depth must be a positive int"):
        iterative_deepening(game, game.initial, 0, evaluate=e)
    for flag in ("pv_first", "partial"):
        with pytest.raises(TypeError, match=f"{flag} must be True or False"):
            iterative_deepening(game, game.initial, 2, evaluate=e, **{flag: 1})
    with pytest.raises(TypeError, match="budget must be a Budget"):
        iterative_deepening(game, game.initial, 2, evaluate=e, budget=100)


def test_a_partial_decision_counts_the_nodes_its_iteration_generated_within_the_budget():
    from aisearch import ConnectFour

    game, e = ConnectFour(), ConnectFour.evaluate
    mid = ConnectFour.parse("......./......./......./...o.../...x.../..xo.x.")
    runs = list(iterative_deepening(game, mid, evaluate=e, search=pvs,
                                    table=TranspositionTable(), budget=Budget(nodes=1619)))
    assert runs[-1].partial and runs[-1].depth == 5
    assert runs[-1].pv == (runs[-1].move,) and runs[-1].move in game.moves(mid)
    before = Budget(nodes=10**6)  # the completed depths alone, on a budget of their own
    list(iterative_deepening(game, mid, 4, evaluate=e, search=pvs, table=TranspositionTable(),
                             budget=before))
    assert runs[-1].stats.nodes == 1619 - before.used


def test_proven_better_takes_the_best_of_several_and_the_first_on_ties():
    """MAX to move: of two moves proven above the cap, the larger; on a tie, the first in
    move order. MIN to move: the smaller."""
    for first, values, want in [(0, (2, 5), (2, 5)), (0, (5, 2), (1, 5)), (0, (4, 4), (1, 4)),
                                (1, (-2, -5), (2, -5)), (1, (-5, -2), (1, -5)),
                                (1, (-4, -4), (1, -4))]:
        game = TreeGame([[1, 2], [3, 4], [5, 6]], first=first)
        t = TranspositionTable(size=None)
        t.age()
        cap, beyond = (UPPER, LOWER) if first == 0 else (LOWER, UPPER)
        t.store((0,), 1, 0, cap, 0, ply=1)
        for m, v in zip((1, 2), values, strict=True):
            t.store((m,), 1, v, beyond, 0, ply=1)
        assert proven_better(game, (), t, 2, previous=0) == want, (first, values)


def test_proven_better_reports_a_proven_win_as_the_games_payoff_by_default():
    game = TreeGame([[1, 2], [3, 4], [5, 6]])
    t = TranspositionTable(size=None)
    t.age()
    t.store((0,), 1, 0, UPPER, 0, ply=1)
    won = win_value(3)  # a win three plies from the root, as the search scores it
    t.store((1,), 1, won, LOWER, 0, ply=1)
    assert proven_better(game, (), t, 2, previous=0) == (1, payoff(game))
    assert proven_better(game, (), t, 2, previous=0, fastest_wins=False)[0] == 1


def test_the_search_must_be_a_depth_limited_searcher_of_maxs_value_that_is_not_anytime():
    """Refused, each with the list of those allowed: a function that is not a searcher, a
    searcher without a depth (quiescence, MCTS), one whose value is not MAX's number (max^n),
    an anytime one (iterative deepening itself)."""
    game = TreeGame([[1, 2], [3, 4]])
    for search in (lambda g, s, d, **o: None, quiescence, mcts, maxn, iterative_deepening):
        with pytest.raises(TypeError, match="search must be a depth-limited searcher of the "
                                            "package .* one of: .*alphabeta"):
            iterative_deepening(game, game.initial, 2, evaluate=lambda s: 0, search=search)


def test_extensions_switch_plain_alphabeta_to_the_table_form_and_no_other_searcher():
    game = TreeGame([[1, 2], [3, 4]])
    runs = list(iterative_deepening(game, game.initial, 2, evaluate=lambda s: 0,
                                    search=alphabeta, extensions=("singular",)))
    assert [d.value for d in runs][-1] == 3
    for search in (minimax, negamax):
        with pytest.raises(ValueError, match=f"{search.__name__} takes no extensions"):
            iterative_deepening(game, game.initial, 2, evaluate=lambda s: 0, search=search,
                                extensions=("singular",))


def test_quiescence_is_passed_to_a_searcher_that_takes_it_and_refused_for_one_that_does_not():
    game = TreeGame([[1, 2], [3, 4]])
    runs = list(iterative_deepening(game, game.initial, 2, evaluate=lambda s: 0,
                                    search=alphabeta, quiescence=2))
    assert runs[-1].value == 3
    with pytest.raises(ValueError, match="minimax takes no quiescence"):
        iterative_deepening(game, game.initial, 2, evaluate=lambda s: 0, search=minimax,
                            quiescence=2)
