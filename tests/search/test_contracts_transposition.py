"""The transposition table, operation by operation, against a reference written here from its
description (:mod:`aisearch.search.efficiency.table`).

A slot is the position's key (the position, or ``canonical(position)``), or ``hash(key) %
size``; it holds one entry, and another position's entry in the same slot is a miss. A store
replaces the slot's entry unless (``replace='depth'``) that entry is of this generation and
searched deeper; a depth beyond any search's is stored as "to the end". A win or loss is
stored counted from its node (``+ ply * PLY``) and read back counted from the root of the
look-up; a move is kept only for the very position it was found in, never for a symmetric one.
A look-up at ply 0 settles nothing; elsewhere an entry settles a search of ``depth`` plies in
``(alpha, beta)`` if searched as deep and exact, or a lower bound ``>= beta``, or an upper bound
``<= alpha``. Every count is checked after every operation, through the table's methods and
through :meth:`~TranspositionTable.steps` (the fast path of a search), for a plain table, a
small one, one with canonical keys, one that always replaces, and a subclass.
"""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from aisearch.search import TranspositionTable
from aisearch.search.efficiency.table import EXACT, LOWER, UPPER, Entry, TableStore
from aisearch.search.runtime import PLY, SHOWN, UNBOUNDED, WIN, WON

INF = math.inf
BOUNDS = (EXACT, LOWER, UPPER)


class Reference:
    def __init__(self, size, replace, canonical):
        self.size, self.replace, self.canonical = size, replace, canonical
        self.slots, self.generation, self.settled_old = {}, 0, 0
        self.counts = dict.fromkeys(("probes", "hits", "settled", "stores", "replaced",
                                     "refused"), 0)

    def key(self, s):
        return s if self.canonical is None else self.canonical(s)

    def slot(self, key):
        return key if self.size is None else hash(key) % self.size

    def probe(self, s, ply):
        key = self.key(s)
        self.counts["probes"] += 1
        e = self.slots.get(self.slot(key))
        if e is None or e[4] != key:
            return None
        self.counts["hits"] += 1
        value, bound, depth, move, _, generation = e
        if value > WON:
            value -= ply * PLY
        elif value < -WON:
            value += ply * PLY
        return (value, bound, depth, move if key == s else None, key, generation)

    def lookup(self, s, depth, alpha, beta, ply):
        e = self.probe(s, ply)
        if e is None:
            return None, False
        value, bound = e[0], e[1]
        settles = ply > 0 and e[2] >= depth and (
            bound == EXACT or bound == LOWER and value >= beta or bound == UPPER and value <= alpha)
        if settles:
            self.counts["settled"] += 1
            self.settled_old += e[5] < self.generation
        return e, settles

    def store(self, s, depth, value, bound, move, ply):
        key = self.key(s)
        self.counts["stores"] += 1
        depth = UNBOUNDED if depth > SHOWN else depth
        old = self.slots.get(self.slot(key))
        if old is not None:
            if self.replace == "depth" and depth < old[2] and old[5] == self.generation:
                self.counts["refused"] += 1
                return False
            if old[4] != key:
                self.counts["replaced"] += 1
        if value > WON:
            value += ply * PLY
        elif value < -WON:
            value -= ply * PLY
        self.slots[self.slot(key)] = (value, bound, depth, move if key == s else None, key,
                                      self.generation)
        return True


class Subclass(TranspositionTable):
    """A table of its own kind (its methods, not the fast path, are called)."""


def mirror(s):
    return s % 4  # positions 0-3 and 4-7 are each other's mirror images


def win(k):
    return WIN - k * PLY


values = st.sampled_from([-3, -1, 0, 1, 2.5, 3, win(0), win(1), win(4), -win(2), -win(5),
                          INF, -INF])
positions = st.integers(0, 7) | st.integers(0, 2)  # (often the same few)
depths = st.sampled_from([0, 1, 2, 3, 4])
plies = st.integers(0, 4)
edges = st.sampled_from([-INF, -3, -1, 0, 1, 2.5, 3, win(2), INF])
ops = st.one_of(
    st.tuples(st.just("store"), positions, depths | st.sampled_from([SHOWN, SHOWN + 1, 10**9]),
              values, st.sampled_from(BOUNDS), st.sampled_from([None, 0, 1, 2]), plies),
    st.tuples(st.just("lookup"), positions, depths, edges, edges, plies),
    st.tuples(st.just("probe"), positions, plies),
    st.tuples(st.just("age"),),
    st.tuples(st.just("contains"), positions),
)


VALUES = [-3, -1, 0, 1, 2.5, 3, win(0), win(1), win(4), -win(2), -win(5), INF, -INF]
EDGES = [-INF, -3, -1, 0, 1, 2.5, 3, win(2), INF]


def random_ops(rng, n=40):
    """``n`` operations on positions 0-5, most of them stores and look-ups (dense: every
    rule of the table is met in a few hundred of these)."""
    out = []
    for _ in range(n):
        kind = rng.choice(["store"] * 4 + ["lookup"] * 4 + ["probe", "age", "contains"])
        s = rng.randrange(6)
        if kind == "store":
            d = rng.choice([0, 1, 2, 3, 4, 4, SHOWN, SHOWN + 1, 10**9])
            out.append(("store", s, d, rng.choice(VALUES), rng.choice(BOUNDS),
                        rng.choice([None, 0, 1, 2]), rng.randrange(5)))
        elif kind == "lookup":
            out.append(("lookup", s, rng.randrange(5), rng.choice(EDGES), rng.choice(EDGES),
                        rng.randrange(5)))
        elif kind == "probe":
            out.append(("probe", s, rng.randrange(5)))
        elif kind == "age":
            out.append(("age",))
        else:
            out.append(("contains", s))
    return out


def entry(e):
    """The fields of an Entry, the methods' answer (by name: it must be an Entry)."""
    return None if e is None else (e.value, e.bound, e.depth, e.move, e.key, e.generation)


def fields(e):
    """The fields of a search's look-up: an Entry, or written out, a plain tuple in its order."""
    return None if e is None else tuple(e)


def same(table, ref):
    assert table.counts() == ref.counts
    assert (table.generation, table.settled_old) == (ref.generation, ref.settled_old)
    assert len(table) == len(ref.slots)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(size=st.sampled_from([None, 1, 3, 5]), replace=st.sampled_from(["depth", "always"]),
       canonical=st.sampled_from([None, mirror]), kind=st.sampled_from(["plain", "subclass"]),
       operations=st.lists(ops, min_size=4, max_size=30))
def test_a_table_stores_and_answers_as_its_description_says(size, replace, canonical, kind,
                                                          operations):
    check_methods(size, replace, canonical, kind, operations)


@pytest.mark.parametrize("seed", range(8))
def test_a_table_stores_and_answers_as_its_description_says_on_long_runs(seed):
    rng = random.Random(seed)
    for size, replace, canonical, kind in [(None, "depth", None, "plain"),
                                           (3, "depth", None, "plain"),
                                           (None, "always", None, "plain"),
                                           (None, "depth", mirror, "plain"),
                                           (5, "depth", mirror, "subclass")]:
        for _ in range(10):
            check_methods(size, replace, canonical, kind, random_ops(rng))


def check_methods(size, replace, canonical, kind, operations):
    cls = TranspositionTable if kind == "plain" else Subclass
    table = cls(size=size, replace=replace, canonical=canonical)
    ref = Reference(size, replace, canonical)
    for op in operations:
        if op[0] == "store":
            _, s, d, v, b, m, ply = op
            assert table.store(s, d, v, b, m, ply=ply) == ref.store(s, d, v, b, m, ply)
        elif op[0] == "lookup":
            _, s, d, alpha, beta, ply = op
            e, settled = table.lookup(s, d, alpha, beta, ply=ply)
            want, want_settled = ref.lookup(s, d, alpha, beta, ply)
            assert (entry(e), settled) == (want, want_settled), op
            assert e is None or e.line == (() if e.move is None else (e.move,))
        elif op[0] == "probe":
            _, s, ply = op
            assert entry(table.probe(s, ply=ply)) == ref.probe(s, ply), op
        elif op[0] == "age":
            ref.generation += 1
            assert table.age() == ref.generation
        else:
            key = ref.key(op[1])
            e = ref.slots.get(ref.slot(key))
            assert (op[1] in table) == (e is not None and e[4] == key)
        same(table, ref)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(kind=st.sampled_from(["plain", "small", "canonical", "always", "subclass"]),
       top=st.sampled_from([1, 2, 3, 4, UNBOUNDED]),
       operations=st.lists(ops, min_size=4, max_size=30))
def test_a_searchs_steps_store_and_answer_as_the_tables_methods(kind, top, operations):
    """``steps(top)``: look-up and store of a node ``d`` plies above the bound at ply
    ``top - d``, the same whether written out (a plain table) or not."""
    check_steps(kind, top, operations)


@pytest.mark.parametrize("seed", range(8))
def test_a_searchs_steps_store_and_answer_as_the_tables_methods_on_long_runs(seed):
    rng = random.Random(seed)
    for kind in ["plain", "small", "canonical", "always", "subclass"]:
        for top in [1, 2, 3, 4, UNBOUNDED]:
            for _ in range(4):
                check_steps(kind, top, random_ops(rng))


def check_steps(kind, top, operations):
    size = 3 if kind == "small" else None
    replace = "always" if kind == "always" else "depth"
    canonical = mirror if kind == "canonical" else None
    cls = Subclass if kind == "subclass" else TranspositionTable
    table = cls(size=size, replace=replace, canonical=canonical)
    ref = Reference(size, replace, canonical)
    lookup, store = table.steps(top)

    def left(d):  # (a node at most top plies above the bound; a search to the end: top huge)
        return top - d if top == UNBOUNDED else min(d, top)

    for op in operations:
        if op[0] == "store":
            _, s, d, v, b, m, _ = op
            d = left(d if d < 5 else 0)
            assert store(s, d, v, b, m) == ref.store(s, d, v, b, m, top - d)
        elif op[0] == "lookup":
            _, s, d, alpha, beta, _ = op
            d = left(d)
            e, settled = lookup(s, d, alpha, beta)
            assert (fields(e), settled) == ref.lookup(s, d, alpha, beta, top - d), op
        elif op[0] == "age":
            ref.generation += 1
            table.age()
        same(table, ref)


# -- entries, the table's picture, the search it serves ---------------------------------
@settings(max_examples=200, deadline=None)
@given(value=edges, bound=st.sampled_from(BOUNDS), deep=depths, depth=depths, alpha=edges,
       beta=edges, move=st.sampled_from([None, 0, "m"]))
def test_an_entry_settles_what_it_answers_and_gives_its_move_as_its_line(value, bound, deep,
                                                                         depth, alpha, beta,
                                                                         move):
    e = Entry(value, bound, deep, move, "s")
    assert e.settles(depth, alpha, beta) == (deep >= depth and (
        bound == EXACT or bound == LOWER and value >= beta or bound == UPPER and value <= alpha))
    assert e.line == (() if move is None else (move,)) and e.generation == 0


def test_a_table_says_its_size_policy_and_counts_in_its_picture():
    t = TranspositionTable(size=None)
    assert repr(t) == "TranspositionTable(size=None): 0 entries, 0 probes, 0 hits, 0 stores"
    t.store(1, 2, 3, EXACT)
    t.probe(1)
    t.probe(2)
    assert repr(t) == "TranspositionTable(size=None): 1 entry, 2 probes, 1 hit, 1 store"
    t = TranspositionTable(size=8, replace="always")
    for s in range(1002):
        t.store(s, 1, 0, EXACT)
    assert repr(t) == ("TranspositionTable(size=8, replace='always'): 8 entries, 0 probes, "
                       "0 hits, 1,002 stores")
    assert bool(TranspositionTable()) and len(TranspositionTable()) == 0
    t.clear()
    assert len(t) == 0 and t.stores == 1002 and t.search is None


@pytest.mark.parametrize("size", [1, 2, 1 << 26])
def test_any_size_from_one_slot_to_the_limit_is_taken(size):
    t = TranspositionTable(size=size)
    assert t.store("s", 1, 0, EXACT) and "s" in t
    for bad in (0, (1 << 26) + 1, True, 2.0):
        with pytest.raises(ValueError, match="size"):
            TranspositionTable(size=bad)


class Uncomparable:
    def __eq__(self, other):
        raise TypeError("no comparing")

    __hash__ = object.__hash__


def test_a_table_serves_an_equal_search_and_refuses_another_or_an_uncomparable_one():
    t = TranspositionTable()
    same = Uncomparable()
    t.serve(("game", same, True))
    t.serve(("game", same, True))  # the very same objects: served
    t.serve(("ga" + "me", same, True))  # equal ones: served
    for other in [("game", same), ("game", same, True, None), ("game", same, False),
                  ("game", Uncomparable(), True)]:
        with pytest.raises(ValueError, match="another search"):
            t.serve(other)
    t.clear()
    t.serve(("game", same))  # untied: it serves any search again


def test_a_store_event_says_what_went_into_the_table():
    def fmt(v):
        return str(v)

    def say(bound, depth):
        return TableStore(path=(0,), bound=bound, value=2, depth=depth).describe("(0,)", fmt)

    assert say(EXACT, 1) == "Store in the table: (0,) is worth 2, exact value, 1 ply deep"
    assert say(LOWER, 3) == ("Store in the table: (0,) is worth 2, lower bound (it failed "
                             "high), 3 plies deep")
    assert say(UPPER, None) == ("Store in the table: (0,) is worth 2, upper bound (it failed "
                                "low), to the end")


def test_an_unhashable_state_or_canonical_form_is_named_wherever_it_meets_the_table():
    plain, mirrored = TranspositionTable(size=None), TranspositionTable(canonical=list)
    small = TranspositionTable(size=4)
    lookup, store = plain.steps(3)
    for call in (lambda: plain.store([1], 1, 0, EXACT), lambda: small.store([1], 1, 0, EXACT),
                 lambda: store([1], 1, 0, EXACT, None)):
        with pytest.raises(TypeError):  # (Python's own words: unhashable type)
            call()
    for call in (lambda: plain.probe([1]), lambda: plain.lookup([1], 1, -INF, INF, 1),
                 lambda: [1] in plain, lambda: small.probe([1]),
                 lambda: small.lookup([1], 1, -INF, INF, 1), lambda: lookup([1], 1, -INF, INF)):
        with pytest.raises(TypeError, match="^states must be hashable to be stored in a "
                                            "table; got list$"):
            call()
    for call in (lambda: mirrored.probe((1,)), lambda: mirrored.lookup((1,), 1, -INF, INF, 1),
                 lambda: mirrored.store((1,), 1, 0, EXACT), lambda: (1,) in mirrored):
        with pytest.raises(TypeError, match="^canonical\\(state\\) must be hashable to be "
                                            "stored in a table; got list$"):
            call()
    with pytest.raises(ValueError, match="size must be an int in 1..67,108,864 \\(slots\\) "
                                         "or None \\(no limit\\), not 0"):
        TranspositionTable(size=0)
    with pytest.raises(ValueError, match="replace must be one of 'depth', 'always', not 'x'"):
        TranspositionTable(replace="x")
    with pytest.raises(TypeError, match="canonical must be a function of a state or None"):
        TranspositionTable(canonical=3)


def test_a_table_has_262144_slots_kept_by_depth_unless_told():
    t = TranspositionTable()
    assert (t.size, t.replace, t.canonical) == (262_144, "depth", None)
    assert repr(t).startswith("TranspositionTable(size=262144): ")


def test_a_position_read_at_ply_0_unless_told_and_its_own_move_kept_under_an_equal_key():
    """``probe`` and ``lookup`` read a win as scored from the position itself unless given
    its ply (and at ply 0, the root, nothing is settled); a canonical form equal to the
    position (a copy of it) is the position: its move is kept."""
    t = TranspositionTable(size=None)
    t.store("s", 3, win(5), EXACT, "m", ply=2)  # a win 3 plies below s
    assert t.probe("s").value == win(3) and t.probe("s", ply=1).value == win(4)
    e, settled = t.lookup("s", 3, -INF, INF)
    assert (e.value, settled) == (win(3), False)
    t.store("r", 3, -win(5), EXACT, "m")  # a root's entry: stored at ply 0 unless told
    assert t.probe("r").value == -win(5) and t.probe("r", ply=2).value == -win(7)
    copies = TranspositionTable(size=None, canonical=lambda s: tuple(list(s)))
    for value in (win(4), -win(4), 2):
        copies.store((1, 2), 3, value, EXACT, "m", ply=1)
        assert copies.probe((1, 2)).move == "m"
        assert copies.lookup((1, 2), 3, -INF, INF, ply=1)[0].move == "m"


@pytest.mark.parametrize("seed", range(6))
def test_mate_distance_steps_answer_and_count_as_the_tables_own_methods(seed):
    """A DistanceBounds table's written-out steps (a search's fast path) answer every look-up
    and store as its methods do, counts (``bounded`` too) and all."""
    from aisearch.search import DistanceBounds

    rng, answered = random.Random(seed), 0
    for size in (None, 3):
        for top in (1, 2, 3, 4):
            fast, slow = DistanceBounds(size=size), DistanceBounds(size=size)
            lookup, store = fast.steps(top)
            for op in random_ops(rng, 60):
                if op[0] == "store":
                    _, s, d, v, b, m, _ = op
                    d = min(d, top)
                    assert store(s, d, v, b, m) == slow.store(s, d, v, b, m, ply=top - d)
                elif op[0] == "lookup":
                    _, s, d, alpha, beta, _ = op
                    d = min(d, top)
                    e, settled = lookup(s, d, alpha, beta)
                    want, want_settled = slow.lookup(s, d, alpha, beta, ply=top - d)
                    assert (fields(e), settled) == (entry(want), want_settled), op
                elif op[0] == "age":
                    fast.age()
                    slow.age()
                assert fast.counts() == slow.counts() and fast.bounded == slow.bounded
                assert (fast.generation, fast.settled_old) == (slow.generation,
                                                               slow.settled_old)
            for d in range(top):  # windows exactly at a win one ply below: answered
                ply = top - d
                for window in ((win(ply + 1), INF), (-INF, -win(ply + 1))):
                    e, settled = lookup(9, d, *window)
                    want, want_settled = slow.lookup(9, d, *window, ply=ply)
                    assert settled and (fields(e), settled) == (entry(want), want_settled)
            answered += fast.bounded
    assert answered > 0  # (the look-ups the distance alone answers were met)


def test_an_equal_key_in_its_own_slot_is_no_replacement():
    """A sized table: storing a position again under an equal (not identical) key replaces
    nothing; another position in the same slot does."""
    def stored(via_steps):
        table = TranspositionTable(size=1)
        _, store = table.steps(3)
        for s in [(1, 2), tuple([1, 2]), (3, 4)]:  # the second is equal, another object
            if via_steps:
                store(s, 2, 1, EXACT, 0)
            else:
                table.store(s, 2, 1, EXACT, 0, ply=1)
            yield table.replaced

    for via_steps in (False, True):
        assert list(stored(via_steps)) == [0, 0, 1]
