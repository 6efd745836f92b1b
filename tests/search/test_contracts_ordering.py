"""Move orderings against references written here from their descriptions.

- ``front(moves, first)``: the moves of ``first`` that are legal, in ``first``'s order and
  once each, then the others in their order: always a permutation of ``moves``.
- :class:`StaticOrder`: the successors by static value (a terminal one by its utility),
  best first for the player to move, ties in the order given; not below ``min_depth``
  plies, nor with fewer than two moves; the same order when a position is met again, and
  after its cache is emptied.
- :class:`Killers`: per depth left, the ``slots`` latest moves that cut off there (each
  once, the latest first); any depth's latest for a searcher that passes none.
- :class:`History`: a cut-off ``depth`` plies above the bound adds ``depth**2`` to its move
  (its ``key``); moves by score, highest first, ties in their order.
- :class:`PrincipalVariation`: along the line from its state, each position's move first.
- :func:`chain`: each ordering reorders what the one before returned; every learner hears
  every cut-off.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from aisearch import ConnectFour, History, Killers, StaticOrder
from aisearch.games import TreeGame
from aisearch.search.efficiency.ordering import Chain, PrincipalVariation, chain, front

moves_lists = st.lists(st.integers(0, 6), max_size=7, unique=True)


def ref_front(moves, first):
    lead = []
    for m in first:
        if m in moves and m not in lead:
            lead.append(m)
    return tuple(lead) + tuple(m for m in moves if m not in lead)


@settings(max_examples=200, deadline=None)
@given(moves=moves_lists, first=st.lists(st.integers(0, 8), max_size=5))
def test_front_moves_the_legal_ones_of_first_ahead_once_each(moves, first):
    got = front(moves, first)
    assert got == ref_front(moves, first)
    assert sorted(got) == sorted(moves)  # a permutation of the moves


# -- static ordering ---------------------------------------------------------------------
def score(s):
    """A static value with many ties: MAX's view."""
    return (sum(s) * 5 + len(s)) % 4 - 1


tips = st.integers(-3, 3)
trees = st.builds(TreeGame, st.lists(st.lists(tips, min_size=1, max_size=3)
                                     | tips, min_size=1, max_size=6),
                  first=st.sampled_from([0, 1]))


def ref_static(game, evaluate, s, moves):
    def value(m):
        c = game.result(s, m)
        return game.utility(c, 0) if game.is_terminal(c) else evaluate(c)

    return tuple(sorted(moves, key=value, reverse=game.to_move(s) == 0))


@settings(max_examples=150, deadline=None)
@given(game=trees, depth=st.sampled_from([None, 0, 1, 2, 3]), min_depth=st.integers(0, 3),
       keep=st.sampled_from([1, 2, 1 << 16]))
def test_static_order_is_by_value_best_first_ties_in_order_at_every_call(game, depth,
                                                                          min_depth, keep):
    order = StaticOrder(game, score, min_depth=min_depth)
    order.cache_size = keep  # (a small cache is emptied often: the orders stay the same)
    s = game.initial
    moves = tuple(game.moves(s))
    shallow = depth is not None and depth < min_depth
    expected = moves if shallow or len(moves) < 2 else ref_static(game, score, s, moves)
    for ms in (moves, moves, tuple(reversed(moves)), moves):
        want = expected if ms == moves else (
            ms if shallow or len(ms) < 2 else ref_static(game, score, s, ms))
        assert order(s, ms, depth) == want
    if not shallow:
        for m in moves:  # the positions below, ordered for their own player
            c = game.result(s, m)
            if not game.is_terminal(c):
                cm = tuple(game.moves(c))
                want = cm if len(cm) < 2 else ref_static(game, score, c, cm)
                assert order(c, cm, depth) == want
    assert order(s, moves[:1], depth) == moves[:1]


def test_static_order_with_the_games_own_values_at_once_orders_as_one_by_one():
    """Connect Four offers every successor's value at once: the order is the same as
    working them out one by one, position after position (and met again)."""
    game, rng = ConnectFour(), random.Random(3)
    order = StaticOrder(game, ConnectFour.evaluate)
    assert order._at_once is not None
    states = []
    for _ in range(12):
        s = game.initial
        for _ in range(rng.randint(0, 12)):
            if game.is_terminal(s):
                break
            s = game.result(s, rng.choice(game.moves(s)))
        if not game.is_terminal(s):
            states.append(s)
    for s in states + states:
        ms = tuple(game.moves(s))
        assert order(s, ms, 4) == ref_static(game, ConnectFour.evaluate, s, ms)


# -- killers, history, principal variation, chains ---------------------------------------
cutoffs = st.lists(st.tuples(st.integers(0, 5), st.integers(1, 3)), max_size=25)


@settings(max_examples=200, deadline=None)
@given(events=cutoffs, slots=st.integers(1, 3), moves=moves_lists,
       depth=st.sampled_from([None, 1, 2, 3, 4]))
def test_killers_are_the_latest_distinct_cutoff_moves_per_depth(events, slots, moves, depth):
    k = Killers(slots)
    ref: dict = {}
    for move, d in events:
        k.cutoff("s", move, d)
        for key in (d, None):
            ks = [move] + [x for x in ref.get(key, []) if x != move]
            ref[key] = ks[:slots]
    for key in (1, 2, 3, 4, None):
        assert k.by_depth.get(key, []) == ref.get(key, [])
    assert tuple(k("t", moves, depth)) == ref_front(moves, ref.get(depth, []))
    k.clear()
    assert k("t", moves, depth) == moves


@settings(max_examples=200, deadline=None)
@given(events=cutoffs, moves=moves_lists, keyed=st.booleans())
def test_history_scores_cutoffs_by_depth_squared_highest_first(events, moves, keyed):
    key = (lambda s, m: m % 3) if keyed else None
    h = History(key)
    scores: dict = {}
    for move, d in events:
        h.cutoff("s", move, d)
        k = move % 3 if keyed else move
        scores[k] = scores.get(k, 0) + d * d
    got = h("t", moves)
    if not events:
        assert got == moves
    else:
        def of(m):
            return scores.get(m % 3 if keyed else m, 0)

        assert tuple(got) == tuple(sorted(moves, key=of, reverse=True))
    h.cutoff("s", 9, 10**9)  # (a search to the end: beyond any depth shown)
    assert h.scores[9 % 3 if keyed else 9] == scores.get(9 % 3 if keyed else 9, 0) + 1


def test_a_principal_variation_stops_at_the_end_of_the_game_and_keeps_the_first_visit():
    game = TreeGame([[1, [2, 3]], 4])
    pv = PrincipalVariation(game, (), (0, 1, 1))
    assert pv.first == {(): 0, (0,): 1, (0, 1): 1}
    assert pv((0, 1), (0, 1)) == (1, 0) and pv((1,), (0, 1)) == (0, 1)
    short = PrincipalVariation(game, (), (1, 0, 0))  # (1,) is the tip 4: the line ends there
    assert short.first[()] == 1 and (1, 0) not in short.first
    assert short((), [0, 1]) == (1, 0)
    with pytest.raises(TypeError):
        PrincipalVariation(game, (), "01")


class Reverse:
    """An ordering that reverses, and remembers the cut-offs it is told of."""

    def __init__(self, uses_depth=False):
        self.uses_depth, self.told, self.depths = uses_depth, [], []

    def __call__(self, state, moves, depth="none"):
        self.depths.append(depth)
        return tuple(reversed(moves))

    def cutoff(self, state, move, depth):
        self.told.append((state, move, depth))


def test_a_chain_applies_each_in_turn_passes_depths_where_asked_and_tells_every_learner():
    a, b = Reverse(uses_depth=True), Reverse()
    k = Killers()
    c = chain(a, None, k, b)
    assert isinstance(c, Chain) and c.uses_depth and not c.permutes
    k.cutoff("x", 2, 3)
    assert c("s", (0, 1, 2, 3), 3) == (0, 1, 3, 2)  # reversed, killer 2 first, reversed
    assert a.depths == [3] and b.depths == ["none"]
    c.cutoff("s", 1, 2)
    assert a.told == b.told == [("s", 1, 2)] and k.by_depth[2] == [1]
    assert chain(k, History()).permutes and chain(k, History()).uses_depth
    assert not Chain(History(), History()).uses_depth


# -- what the orderings keep, show and declare -------------------------------------------
class Counted:
    """An evaluation that counts its calls (``score`` underneath)."""

    def __init__(self):
        self.calls = []

    def __call__(self, s):
        self.calls.append(s)
        return score(s)


def test_static_order_evaluates_a_position_once_and_keeps_at_most_cache_size_of_them():
    """A successor met again (from another parent, or in another move list) is not
    evaluated again; a single move is not evaluated at all; both caches are emptied when
    either reaches ``cache_size`` entries (then the new order is kept); an equal move list gets
    the very order worked out before, another move list its own."""
    game = TreeGame([[[1, 2], [3, 4], [5, 6]], [[7, 8], [9, 1]], [[2, 3], [4, 5]]])
    evaluate = Counted()
    order = StaticOrder(game, evaluate, min_depth=0)
    s = game.initial
    first = order(s, (0, 1, 2), 3)
    assert sorted(evaluate.calls) == [(0,), (1,), (2,)]
    assert order(s, tuple([0, 1, 2]), 3) is first  # an equal list: the order kept
    assert order(s, (0, 1), 3) == ref_static(game, score, s, (0, 1))  # kept: no new calls
    assert order(s, (2, 1, 0), 3) == ref_static(game, score, s, (2, 1, 0))
    assert len(evaluate.calls) == 3
    assert order((0,), (1,), 3) == (1,) and len(evaluate.calls) == 3  # one move: no value

    small = StaticOrder(game, Counted(), min_depth=0)
    small.cache_size = 4
    small(s, (0, 1, 2), 3)  # 3 values, 1 order: below the size, kept
    assert len(small.values) == 3 and len(small.orders) == 1
    small((0,), (0, 1, 2), 3)  # 6 values: emptied, then the new order kept
    assert len(small.values) == 0 and small.orders == {(0,): ((0, 1, 2), (2, 0, 1))}
    few = StaticOrder(game, Counted(), min_depth=0)
    few.cache_size = 3
    few(s, (0, 1, 2), 3)  # exactly cache_size values: emptied
    assert len(few.values) == 0
    many = StaticOrder(TreeGame([[1, 2], [3, 4]]), Counted(), min_depth=0)
    many.cache_size = 2
    many((), (0, 1), 2)  # 2 values, then the orders: emptied when the values fill
    assert len(many.values) == 0 and len(many.orders) == 1
    orders = StaticOrder(game, Counted(), min_depth=0)
    orders.cache_size = 10
    orders.orders.update({("other", i): ((), ()) for i in range(10)})  # a full cache
    orders(s, (0, 1, 2), 3)  # emptied though 3 values do not fill theirs
    assert len(orders.orders) == 1 and len(orders.values) == 0


def test_static_order_defaults_and_declarations():
    """Orders from two plies above the bound by default; its options are keywords; it
    declares that it takes the depth and returns the moves it was given."""
    game = TreeGame([[[1, 2], [3, 4]], [[5, 6], [7, 8]]])
    order = StaticOrder(game=game, evaluate=score)
    assert order.min_depth == 2
    assert order((), (0, 1), 2) == ref_static(game, score, (), (0, 1))
    assert order((), (0, 1), 1) == (0, 1)
    with pytest.raises(TypeError):
        StaticOrder(game, score, 3)  # (min_depth is a keyword)
    assert StaticOrder.uses_depth and StaticOrder.permutes and PrincipalVariation.permutes
    assert Killers.uses_depth and Killers.permutes and History.permutes


def test_killers_and_history_show_what_they_hold():
    from aisearch.search.runtime import SHOWN

    k = Killers()
    for move, depth in [(5, 3), (6, 1), (7, SHOWN), (8, SHOWN + 1)]:
        k.cutoff("s", move, depth)
    assert repr(k) == f"Killers(2 per depth: {{1: [6], 3: [5], {SHOWN}: [7]}})"
    h = History()
    h.cutoff("s", 4, SHOWN)
    h.cutoff("s", 5, SHOWN + 1)  # beyond any depth shown: 1
    h.cutoff("s", 6, 2)
    assert h.scores == {4: SHOWN * SHOWN, 5: 1, 6: 4}
    assert repr(h) == "History(3 moves scored)"
    assert repr(History()) == "History(0 moves scored)"


class NoStart:
    """The rules of a tree game, without an initial state (a game need not have one)."""

    def __init__(self, game):
        self.game = game

    def __getattr__(self, name):
        if name == "initial":
            raise AttributeError(name)
        return getattr(self.game, name)


def test_a_principal_variation_needs_no_initial_state_and_leaves_other_lists_alone():
    game = TreeGame([[1, [2, 3]], 4])
    pv = PrincipalVariation(NoStart(game), (), (0, 1))
    assert pv((), (0, 1)) == (0, 1) and pv((0,), (0, 1)) == (1, 0)
    assert pv((1,), (0, 1)) == (0, 1)  # not on the line: as given
    assert pv((0,), (0,)) == (0,)  # the line's move is not among these: as given
    assert pv((), (1,)) == (1,)
