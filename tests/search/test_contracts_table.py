"""Alpha-beta with a transposition table, and PVS, event for event against a reference written
here; the table's entries, their bounds at exactly alpha or beta, symmetric positions, the
root (never answered from the table), and principal variations.

The reference is fail-soft alpha-beta as the lesson writes it: look the position up (an
entry searched deep enough settles it if it is exact, a lower bound ``>= beta`` or an upper
bound ``<= alpha``; never at the root); search the entry's move first; store the best value
flagged ``upper`` if it is ``<= alpha`` on entry, ``lower`` if ``>= beta``, else ``exact``,
with its best move. A new entry replaces one of the same generation only if searched at least
as deep. PVS searches every move after the first with the null window just above alpha (MAX)
or below beta (MIN), and again with the full window when the answer lies strictly inside.
"""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from aisearch.games import ConnectFour, DagGame, TicTacToe, TreeGame
from aisearch.search import (
    TranspositionTable,
    alphabeta,
    alphabeta_tt,
    iterative_deepening,
    minimax,
    mtdf,
    pvs,
)
from aisearch.trace import EVENT_KINDS, Backup, Cut, Enter, Exit, Leaf, Recorder, Research, TableHit

INF = math.inf
TableStore = EVENT_KINDS["TableStore"]


# -- the reference -----------------------------------------------------------------------
class Table:
    """The reference table: a slot (the position itself, or its hash modulo ``size``) holds
    ``[value, bound, depth, move, generation, position]``; counts as the package names them."""

    def __init__(self, size=None, replace="depth"):
        self.size, self.replace = size, replace
        self.slots, self.generation = {}, 0
        self.counts = dict.fromkeys(("probes", "hits", "settled", "stores", "replaced",
                                     "refused"), 0)

    def slot(self, s):
        return s if self.size is None else hash(s) % self.size

    def get(self, s):
        self.counts["probes"] += 1
        e = self.slots.get(self.slot(s))
        if e is None or e[5] != s:
            return None
        self.counts["hits"] += 1
        return e

    def store(self, s, depth, value, bound, move):
        self.counts["stores"] += 1
        old = self.slots.get(self.slot(s))
        if old is not None:
            if self.replace == "depth" and old[4] == self.generation and depth < old[2]:
                self.counts["refused"] += 1
                return
            if old[5] != s:
                self.counts["replaced"] += 1
        self.slots[self.slot(s)] = [value, bound, depth, move, self.generation, s]

    @property
    def entries(self):
        return {e[5]: e for e in self.slots.values()}


def reference(game, depth, *, table=None, window=(-INF, INF), scout=False,
              prune_on_equal=True, evaluate=None):
    """``(value, pv, events)`` of fail-soft alpha-beta (or PVS) with ``table`` (a Table)."""
    events = []
    top = 10**9 if depth is None else depth

    def shown_depth(d):
        return None if depth is None else d

    def cuts(alpha, beta):
        return alpha >= beta if prune_on_equal else alpha > beta

    def search(s, path, d, alpha, beta):
        events.append(("Enter", path, game.to_move(s), shown_depth(d), alpha, beta))
        if game.is_terminal(s):
            v = game.utility(s)
            events.append(("Leaf", path, v, True))
            result = v, ()
        elif d == 0:
            v = evaluate(s)
            events.append(("Leaf", path, v, False))
            result = v, ()
        else:
            result = inner(s, path, d, alpha, beta)
        events.append(("Exit", path, result[0]))
        return result

    def inner(s, path, d, alpha, beta):
        entry = table.get(s) if table is not None else None
        if entry is not None:
            value, bound, deep, move, _, _ = entry
            settles = bool(path) and deep >= d and (
                bound == "exact" or bound == "lower" and value >= beta
                or bound == "upper" and value <= alpha)
            table.counts["settled"] += settles
            events.append(("TableHit", path, bound, value, shown_depth(deep), settles))
            if settles:
                return value, (() if move is None else (move,))
        moves = list(game.moves(s))
        if entry is not None and entry[3] in moves:
            moves.remove(entry[3])
            moves.insert(0, entry[3])
        maximizing = game.to_move(s) == 0
        alpha0, beta0 = alpha, beta
        best, line = (-INF if maximizing else INF), None
        for i, m in enumerate(moves):
            child = game.result(s, m)
            if line is None or not scout:
                v, pv = search(child, path + (m,), d - 1, alpha, beta)
            else:
                null = ((alpha, math.nextafter(alpha, INF)) if maximizing
                        else (math.nextafter(beta, -INF), beta))
                v, pv = search(child, path + (m,), d - 1, *null)
                if alpha < v < beta and d - 1 > 0:
                    events.append(("Research", path, m, alpha, beta,
                                   "fail high" if maximizing else "fail low"))
                    v, pv = search(child, path + (m,), d - 1, alpha, beta)
            if (v > best if maximizing else v < best) or line is None:
                best, line = v, (m,) + pv
                if maximizing:
                    alpha = max(alpha, best)
                else:
                    beta = min(beta, best)
            events.append(("Backup", path, m, v, best, alpha, beta))
            if cuts(alpha, beta):
                if i + 1 < len(moves):
                    events.append(("Cut", path, tuple(moves[i + 1:]), alpha, beta,
                                   "beta" if maximizing else "alpha"))
                break
        bound = "upper" if best <= alpha0 else "lower" if best >= beta0 else "exact"
        if table is not None:
            # a search to the end stores "to the end", whatever it had left
            table.store(s, top if depth is None else d, best, bound, line[0])
            events.append(("TableStore", path, bound, best, shown_depth(d)))
        return best, line

    v, pv = search(game.initial, (), top, *window)
    return v, pv, events


def recorded(search, game, depth, **options):
    rec = Recorder()
    d = search(game, game.initial, depth, tracer=rec, **options)
    out = []
    for e in rec.events:
        kind = type(e)
        if kind is Enter:
            out.append(("Enter", e.path, e.player, e.depth, e.alpha, e.beta))
        elif kind is Leaf:
            out.append(("Leaf", e.path, e.value, e.terminal))
        elif kind is Backup:
            out.append(("Backup", e.path, e.move, e.value, e.best, e.alpha, e.beta))
        elif kind is Cut:
            out.append(("Cut", e.path, e.skipped, e.alpha, e.beta, e.kind))
        elif kind is Exit:
            out.append(("Exit", e.path, e.value))
        elif kind is TableHit:
            out.append(("TableHit", e.path, e.bound, e.value, e.depth, e.used))
        elif kind is TableStore:
            out.append(("TableStore", e.path, e.bound, e.value, e.depth))
        elif kind is Research:
            out.append(("Research", e.path, e.move, e.alpha, e.beta, e.reason))
    return d, out


def same_entries(table, ref, depth):
    """The package's table holds what the reference's does, position by position (and has
    looked up, found, stored, replaced and refused as often)."""
    assert len(table) == len(ref.entries)
    assert table.counts() == ref.counts
    for s, (value, bound, deep, move, _, _) in ref.entries.items():
        e = table.probe(s)
        assert (e.value, e.bound, e.move) == (value, bound, move), s
        assert e.depth == deep if depth is not None else e.depth > 10**6, s


# -- random DAG-shaped games --------------------------------------------------------------
games = st.builds(DagGame, b=st.integers(1, 3), d=st.integers(1, 5), width=st.integers(1, 4),
                  seed=st.integers(0, 10**6), skip=st.sampled_from([0.0, 0.4]),
                  low=st.just(-3), high=st.just(3))


def check(search, game, depth, scout=False, window=(-INF, INF), prune_on_equal=True,
          with_table=True, size=None, replace="depth"):
    evaluate = game.evaluate if depth is not None else None
    ref = Table(size, replace) if with_table else None
    table = TranspositionTable(size=size, replace=replace) if with_table else None
    value, pv, expected = reference(game, depth, table=ref, window=window, scout=scout,
                                    prune_on_equal=prune_on_equal, evaluate=evaluate)
    options = {"table": table, "prune_on_equal": prune_on_equal, "evaluate": evaluate}
    if window != (-INF, INF):
        options["window"] = window
    d, got = recorded(search, game, depth, **options)
    assert got == expected
    assert (d.value, d.pv, d.move) == (value, pv, pv[0] if pv else None)
    assert d.stats.nodes == sum(e[0] == "Enter" for e in expected)
    assert d.stats.leaves == sum(e[0] == "Leaf" for e in expected)
    assert d.stats.cutoffs == sum(e[0] == "Cut" for e in expected)
    if with_table:
        assert d.stats.table_hits == sum(e[0] == "TableHit" for e in expected)
        assert d.stats.table_stores == sum(e[0] == "TableStore" for e in expected)
        assert d.stats.table_hits == table.hits and d.stats.table_stores == table.stores
        same_entries(table, ref, depth)
    return d


@settings(max_examples=300, deadline=None)
@given(game=games, depth=st.sampled_from([None, 1, 2, 3, 4]), prune_on_equal=st.booleans(),
       with_table=st.booleans())
def test_alphabeta_with_a_table_follows_the_rules_event_for_event(game, depth, prune_on_equal,
                                                                   with_table):
    check(alphabeta_tt, game, depth, prune_on_equal=prune_on_equal, with_table=with_table)


@settings(max_examples=200, deadline=None)
@given(game=games, depth=st.sampled_from([None, 2, 3, 4]), size=st.integers(1, 5),
       replace=st.sampled_from(["depth", "always"]), scout=st.booleans())
def test_a_small_table_keeps_replaces_and_refuses_entries_as_its_policy_says(game, depth, size,
                                                                            replace, scout):
    """Positions share slots (``hash % size``): a new entry replaces one of the same
    generation only if searched at least as deep ('depth'), or always ('always')."""
    check(pvs if scout else alphabeta_tt, game, depth, scout=scout, size=size, replace=replace)


@settings(max_examples=300, deadline=None)
@given(game=games, depth=st.sampled_from([None, 2, 3, 4]), prune_on_equal=st.booleans(),
       with_table=st.booleans())
def test_pvs_follows_the_rules_event_for_event(game, depth, prune_on_equal, with_table):
    check(pvs, game, depth, scout=True, prune_on_equal=prune_on_equal, with_table=with_table)


@settings(max_examples=300, deadline=None)
@given(game=games, depth=st.sampled_from([None, 2, 3]), low=st.integers(-4, 3),
       width=st.integers(1, 4), scout=st.booleans())
def test_a_root_window_flags_values_at_exactly_alpha_or_beta_as_bounds(game, depth, low, width,
                                                                       scout):
    """Windows around the true value, with edges on it: a value equal to alpha is an upper
    bound (it failed low), one equal to beta a lower bound (failed high)."""
    window = (low, low + width)
    d = check(pvs if scout else alphabeta_tt, game, depth, scout=scout, window=window)
    true = minimax(game, game.initial, depth, evaluate=game.evaluate).value
    if low < true < low + width:
        assert d.value == true
    elif true <= low:
        assert true <= d.value <= low
    else:
        assert low + width <= d.value <= true


# -- the table's entries at exactly alpha and beta ----------------------------------------
def test_an_entry_settles_a_look_up_at_exactly_alpha_or_beta_and_not_beyond():
    t = TranspositionTable(size=None)
    t.store("lo", 3, 5, "lower", "m")
    t.store("up", 3, 5, "upper", "m")
    t.store("ex", 3, 5, "exact", "m")
    assert t.lookup("lo", 3, 0, 5, ply=1)[1] and not t.lookup("lo", 3, 0, 6, ply=1)[1]
    assert not t.lookup("lo", 3, 5, 9, ply=1)[1]  # a lower bound 5 says nothing below beta
    assert t.lookup("up", 3, 5, 9, ply=1)[1] and not t.lookup("up", 3, 4, 9, ply=1)[1]
    assert not t.lookup("up", 3, 0, 5, ply=1)[1]
    assert t.lookup("ex", 3, 6, 9, ply=1)[1] and t.lookup("ex", 2, -INF, INF, ply=1)[1]
    for key in ("lo", "up", "ex"):
        assert not t.lookup(key, 4, -INF, INF, ply=1)[1]  # searched too shallow
        assert not t.lookup(key, 1, 5, 5.5, ply=0)[1]  # the root is always searched
    assert t.lookup("ex", 1, 0, 9, ply=1)[0].move == "m"
    assert (t.probes, t.hits, t.settled) == (15, 15, 5)
    assert t.lookup("none", 3, 0, 5, ply=1) == (None, False) and t.probe("none") is None
    assert (t.probes, t.hits, t.misses) == (17, 15, 2)


def test_a_search_counts_its_look_ups_as_hits_and_misses_by_either_way_of_looking():
    """The written-out steps and the methods (a subclass's) count alike: every look-up is a
    hit or a miss, and the probes are their sum."""
    class Own(TranspositionTable):
        pass

    game = TicTacToe()
    counts = []
    for table in (TranspositionTable(size=None), Own(size=None)):
        alphabeta_tt(game, game.initial, table=table)
        counts.append((table.probes, table.hits, table.misses, table.settled, table.stores))
    assert counts[0] == counts[1]
    probes, hits, misses, settled, stores = counts[0]
    assert probes == hits + misses and misses > 0 and hits > settled > 0
    assert stores == misses + hits - settled  # every position looked up and not answered


def test_the_root_is_never_answered_from_the_table():
    """A second search of the same position with the same table finds the root's entry but
    searches it for a move and a whole line."""
    game = TicTacToe()
    table = TranspositionTable()
    first = alphabeta_tt(game, game.initial, 3, evaluate=game.nilsson_eval, table=table)
    d, events = recorded(alphabeta_tt, game, 3, evaluate=game.nilsson_eval, table=table)
    hit = next(e for e in events if e[0] == "TableHit")
    assert hit[1] == () and hit[5] is False
    assert (d.value, d.move) == (first.value, first.move) and len(d.pv) >= 1
    assert any(e[0] == "Enter" and len(e[1]) == 1 for e in events)


# -- symmetric positions ------------------------------------------------------------------
def mirror(s):
    return TicTacToe.parse("/".join(row[::-1] for row in str(s).split("/")))


def test_a_symmetric_positions_entry_gives_its_value_and_no_move():
    """With ``canonical=``, a position and its mirror image share one entry; the move stored
    is used only for the very position it was found in (in the mirror it may be illegal or
    not the best)."""
    s = TicTacToe.parse("x../.o./...")
    m = mirror(s)
    assert s != m and TicTacToe.canonical(s) == TicTacToe.canonical(m)
    first = s if TicTacToe.canonical(s) == s else m
    other = m if first == s else s
    t = TranspositionTable(size=None, canonical=TicTacToe.canonical)
    t.store(first, 3, 2, "exact", 8)
    assert other in t and len(t) == 1
    assert t.probe(first).move == 8 and t.probe(other).move is None
    assert t.probe(other).value == 2 and t.probe(other).bound == "exact"
    assert t.lookup(other, 3, -INF, INF, ply=1)[0].move is None
    t = TranspositionTable(size=None, canonical=TicTacToe.canonical)
    t.store(other, 3, 2, "exact", 6)  # found in the non-canonical one: no move kept
    assert t.probe(other).move is None and t.probe(first).move is None


def c4_positions(n, seed):
    game, rng, out = ConnectFour(), random.Random(seed), []
    while len(out) < n:
        s = game.initial
        for _ in range(rng.randint(2, 8)):
            s = game.result(s, rng.choice(game.moves(s)))
            if game.is_terminal(s):
                break
        if not game.is_terminal(s) and ConnectFour.canonical(s) != s:
            out.append(s)
    return out


@pytest.mark.parametrize("s", c4_positions(3, seed=7))
def test_a_table_shared_by_mirror_images_gives_the_same_value_and_a_legal_best_move(s):
    game, e = ConnectFour(), ConnectFour.evaluate
    plain = alphabeta(game, s, 4, evaluate=e)
    table = TranspositionTable(canonical=ConnectFour.canonical)
    for depth in (2, 3, 4):  # the same table, deeper and deeper
        d = alphabeta_tt(game, s, depth, evaluate=e, table=table)
    assert d.value == plain.value
    assert alphabeta(game, game.result(s, d.move), 3, evaluate=e).value == plain.value
    here = s
    for m in d.pv:
        assert m in game.moves(here)
        here = game.result(here, m)


def test_tic_tac_toe_with_a_symmetric_table_every_move_of_every_search_is_legal_and_best():
    """Every position of a game played by two table searches sharing one symmetric table."""
    game = TicTacToe()
    table = TranspositionTable(size=None, canonical=TicTacToe.canonical)
    s = game.initial
    while not game.is_terminal(s):
        d = alphabeta_tt(game, s, table=table)
        assert d.move in game.moves(s)
        assert d.value == alphabeta(game, s).value == alphabeta(game, game.result(s, d.move)).value
        s = game.result(s, d.move)


# -- move ordering and principal variations -----------------------------------------------
def test_the_tables_move_is_searched_first_at_every_node_it_knows():
    """Depth 2 then depth 3 with one table: at every node the table knows, the first child
    entered is the entry's move."""
    game, e = TicTacToe(), TicTacToe.nilsson_eval
    table = TranspositionTable(size=None)
    alphabeta_tt(game, game.initial, 2, evaluate=e, table=table)
    known = {}
    rec = Recorder()
    state_of = {(): game.initial}
    alphabeta_tt(game, game.initial, 3, evaluate=e, table=table, tracer=rec)
    for ev in rec.events:
        if type(ev) is Enter:
            state_of[ev.path] = ev.state
    firsts = {}
    for ev in rec.events:
        if type(ev) is TableHit and not ev.used:
            known[ev.path] = True
        if type(ev) is Enter and ev.path and ev.path[:-1] not in firsts:
            firsts[ev.path[:-1]] = ev.path[-1]
    fresh = TranspositionTable(size=None)
    alphabeta_tt(game, game.initial, 2, evaluate=e, table=fresh)
    checked = 0
    for path in known:
        entry = fresh.probe(state_of[path])
        if entry is not None and entry.move is not None:
            assert firsts[path] == entry.move, path
            checked += 1
    assert checked >= 9


def test_with_a_table_the_principal_variation_reaches_the_value_or_a_settled_node():
    """The line runs to a tip worth the value, or stops at a node whose exact entry is."""
    for seed in range(40):
        game = DagGame(b=3, d=6, width=4, seed=seed)
        for search in (alphabeta_tt, pvs):
            table = TranspositionTable(size=None)
            d = search(game, game.initial, table=table)
            assert d.value == minimax(game, game.initial).value
            s = game.initial
            for m in d.pv:
                s = game.result(s, m)
            if game.is_terminal(s):
                assert game.utility(s) == d.value
            else:
                entry = table.probe(s)
                assert entry.bound == "exact" and entry.value == d.value
            without = search(game, game.initial)
            s = game.initial
            for m in without.pv:
                s = game.result(s, m)
            assert game.is_terminal(s) and game.utility(s) == d.value


def test_iterative_deepening_with_a_table_and_mtdf_agree_with_alphabeta_at_every_depth():
    game, e = TicTacToe(), TicTacToe.nilsson_eval
    s = TicTacToe.parse("x../.o./...")
    table = TranspositionTable()
    for d in iterative_deepening(game, s, 6, evaluate=e, search=alphabeta_tt, table=table):
        plain = alphabeta(game, s, d.depth, evaluate=e)
        assert d.value == plain.value  # and a best move (ties go by the table's order)
        assert alphabeta(game, game.result(s, d.move), d.depth - 1, evaluate=e).value == d.value
        assert mtdf(game, s, d.depth, evaluate=e).value == plain.value


def test_a_tree_searched_with_and_without_a_table_evaluates_the_same_tips():
    """On a tree (no transpositions) the table only stores: the same tips, in order."""
    game = TreeGame([[[3, 5], [6, 9]], [[1, 2], [0, -1]], [[8, 4], [2, 7]]])
    _, with_table = recorded(alphabeta_tt, game, None, table=TranspositionTable())
    _, plain = recorded(alphabeta_tt, game, None)
    assert [e for e in with_table if e[0] == "Leaf"] == [e for e in plain if e[0] == "Leaf"]


@settings(max_examples=200, deadline=None)
@given(ms=st.lists(st.integers(0, 5), min_size=1, max_size=5, unique=True),
       move=st.sampled_from([None, 0, 1, 2, 3, 4, 5]), known=st.booleans(),
       kind=st.sampled_from([tuple, list, range]), stored=st.booleans())
def test_the_tables_move_goes_first_only_where_it_is_legal(ms, move, known, kind, stored):
    """Moves as a game or an order gives them (a tuple, a list, a range); the entry as the
    methods answer it (an Entry) or as a search's written-out look-up does (a plain tuple)."""
    from aisearch.search.efficiency.table_search import Entry, table_first

    entry = Entry(0, "exact", 1, move, ()) if known else None
    if entry is not None and stored:
        entry = tuple(entry)
    given = range(ms[0], ms[0] + len(ms)) if kind is range else kind(ms)
    got = table_first(given, entry)
    if entry is None or move is None or move not in given:
        assert tuple(got) == tuple(given)
    else:
        assert tuple(got) == (move,) + tuple(m for m in given if m != move)
