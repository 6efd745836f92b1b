"""Expectiminimax, and minimax at chance nodes, event for event against a reference written
here; chance nodes whose outcomes include wins and losses; Star1 and Star2 against it.

At a chance node the value is ``sum(p * v)`` over the outcomes, added in their order; a win
under chance counts as its payoff (an average has no distance), so an expectation of ``+inf``
is a win *at the chance node* (quicker than a win found deeper), and one mixing ``+inf`` and
``-inf`` is undefined: the searchers refuse it with a clear error.
"""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from aisearch.games import Chance, Max, Min, TreeGame
from aisearch.search import expectiminimax, minimax, star1, star2
from aisearch.trace import Backup, Enter, Exit, Expectation, Leaf, Recorder

INF = math.inf
WIN = 10**6


def scored(v, ply):
    if v == INF:
        return WIN - ply
    if v == -INF:
        return -(WIN - ply)
    return v


def shown(v):
    return INF if v > WIN // 2 else -INF if v < -(WIN // 2) else v


def reference(game, depth, backups_at_chance, evaluate=None):
    """``(value, pv, events)`` of expectiminimax, from the rules of Nilsson 12.6."""
    events = []

    def search(s, d):
        player = game.to_move(s)
        events.append(("Enter", s, player, None if depth is None else d))
        if game.is_terminal(s):
            raw = game.utility(s)
            events.append(("Leaf", s, raw, True))
            v, pv = scored(raw, len(s)), ()
        elif d == 0:
            raw = evaluate(s)
            events.append(("Leaf", s, raw, False))
            v, pv = scored(raw, len(s)), ()
        elif player == -1:
            total, seen = 0.0, []
            for m, p in game.chance_outcomes(s):
                v, _ = search(s + (m,), d - 1)
                total += p * shown(v)  # a win counts as its payoff under chance
                seen.append((m, p, shown(v)))
                if backups_at_chance:
                    events.append(("Backup", s, m, shown(v), total))
            events.append(("Expectation", s, tuple(seen), total))
            v, pv = scored(total, len(s)), ()
        else:
            best, line = None, None
            for m in game.moves(s):
                v, pv = search(s + (m,), d - 1)
                if line is None or (v > best if player == 0 else v < best):
                    best, line = v, (m,) + pv
                events.append(("Backup", s, m, shown(v), shown(best)))
            v, pv = best, line
        events.append(("Exit", s, shown(v)))
        return v, pv

    v, pv = search((), 10**9 if depth is None else depth)
    return shown(v), pv, events


def recorded(search, game, depth=None, **options):
    rec = Recorder()
    d = search(game, game.initial, depth, tracer=rec, **options)
    out = []
    for e in rec.events:
        kind = type(e)
        if kind is Enter:
            assert (e.alpha, e.beta) == (-INF, INF)
            out.append(("Enter", e.path, e.player, e.depth))
        elif kind is Leaf:
            out.append(("Leaf", e.path, e.value, e.terminal))
        elif kind is Backup:
            assert (e.alpha, e.beta) == (-INF, INF)
            out.append(("Backup", e.path, e.move, e.value, e.best))
        elif kind is Expectation:
            out.append(("Expectation", e.path, tuple(e.outcomes), e.value))
        elif kind is Exit:
            out.append(("Exit", e.path, e.value))
    return d, out


# -- random trees with chance nodes (dyadic probabilities: sums are exact) -----------------
PROBABILITIES = [(1.0,), (0.5, 0.5), (0.25, 0.75), (0.5, 0.25, 0.25), (0.125, 0.375, 0.5),
                 (0.25, 0.25, 0.25, 0.25)]
tips = st.integers(-3, 3) | st.sampled_from([INF, -INF])


def internal(children):
    kids = st.lists(children, min_size=1, max_size=3)

    def chance(ps):
        return st.lists(children, min_size=len(ps), max_size=len(ps)).map(
            lambda cs: Chance(list(zip(ps, cs, strict=True))))

    return (kids | st.builds(Min, kids) | st.builds(Max, kids)
            | st.sampled_from(PROBABILITIES).flatmap(chance))


trees = st.builds(TreeGame, st.recursive(tips, internal, max_leaves=20),
                  first=st.sampled_from([0, 1]))


def path_evaluation(s):
    return (sum(s) * 5 + len(s)) % 7 - 3


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(game=trees, depth=st.sampled_from([None, 1, 2, 3]))
def test_every_event_at_max_min_and_chance_nodes_follows_the_rules(game, depth):
    evaluate = path_evaluation if depth is not None else None
    value, pv, expected = reference(game, depth, True, evaluate)
    if any(e[0] == "Expectation" and e[3] != e[3] for e in expected):  # inf - inf: NaN
        for search in (expectiminimax, minimax):
            with pytest.raises(ValueError, match="mixes \\+inf and -inf"):
                search(game, (), depth, evaluate=evaluate)
        return
    d, got = recorded(expectiminimax, game, depth, evaluate=evaluate)
    assert got == expected
    assert (d.value, d.pv, d.move) == (value, pv, pv[0] if pv else None)
    assert d.stats.chance_nodes == sum(e[0] == "Expectation" for e in expected)
    assert d.stats.nodes == sum(e[0] == "Enter" for e in expected)
    # minimax backs up chance nodes the same way, reporting only the expectation
    _, _, plain = reference(game, depth, False, evaluate)
    d2, got = recorded(minimax, game, depth, evaluate=evaluate)
    assert got == plain
    assert (d2.value, d2.pv, d2.stats) == (d.value, d.pv, d.stats)
    if depth is None and all(abs(t) != INF for t in game.tip_values):
        bounds = (-3, 3)
        for search in (star1, star2):
            s = search(game, (), bounds=bounds)
            assert s.value == pytest.approx(d.value, abs=1e-9), search.__name__
            assert s.stats.nodes <= d.stats.nodes


# -- wins and losses under chance ---------------------------------------------------------
@pytest.mark.parametrize("search", [expectiminimax, minimax])
def test_a_chance_node_mixing_a_win_and_a_loss_is_refused(search):
    game = TreeGame([Chance([(0.5, INF), (0.5, -INF)]), 1])
    with pytest.raises(ValueError, match="mixes \\+inf and -inf outcomes"):
        search(game, ())


@pytest.mark.parametrize("search", [expectiminimax, minimax])
def test_a_win_with_some_probability_is_a_win_and_counts_from_the_chance_node(search):
    """Move 0 wins with probability 1/2 (and scores 2 otherwise), an expectation of +inf:
    a win at ply 1, quicker than move 1's win at ply 2; a loss likewise."""
    game = TreeGame([Chance([(0.5, INF), (0.5, 2)]), [INF], 5])
    d = search(game, ())
    assert (d.value, d.move) == (INF, 0)
    game = TreeGame([[INF], Chance([(0.25, 7), (0.75, INF)]), 5])
    assert search(game, ()).move == 1
    game = TreeGame([Chance([(0.5, -INF), (0.5, 9)]), [[-INF]]], first=0)
    d = search(game, ())
    assert (d.value, d.move) == (-INF, 1)  # lose as late as it can
    game = TreeGame([Chance([(0.5, -INF), (0.5, 9)]), 0])
    assert (search(game, ()).value, search(game, ()).move) == (0, 1)


def test_a_chance_nodes_backups_carry_the_running_sum():
    game = TreeGame(Chance([(0.25, 4), (0.25, 8), (0.5, [1, 3])]))
    _, events = recorded(expectiminimax, game)
    backups = [e[2:] for e in events if e[0] == "Backup" and e[1] == ()]
    assert backups == [(0, 4, 1.0), (1, 8, 3.0), (2, 3, 4.5)]
    assert events[-2] == ("Expectation", (), ((0, 0.25, 4), (1, 0.25, 8), (2, 0.5, 3)), 4.5)


@pytest.mark.parametrize("search", [star1, star2])
def test_star_searches_refuse_a_value_outside_their_bounds(search):
    game = TreeGame([Chance([(0.5, 4), (0.5, 12)]), 1])
    with pytest.raises(ValueError, match="within the bounds"):
        search(game, (), bounds=(0, 10))


@pytest.mark.parametrize("search", [expectiminimax, minimax])
def test_a_win_under_chance_is_worth_a_win_at_the_same_ply_ties_to_the_first(search):
    """The chance node at ply 1 wins (or loses) with its expectation ``±inf``: worth exactly
    a tip ``±inf`` at ply 1, so the first of the two is chosen, by MAX and by MIN."""
    win, loss = Chance([(0.5, INF), (0.5, 2)]), Chance([(0.5, -INF), (0.5, 9)])
    for tree, first, move in [([win, INF], 0, 0), ([INF, win], 0, 0), ([win, INF], 1, 0),
                              ([INF, win], 1, 0), ([loss, -INF], 0, 0), ([-INF, loss], 0, 0),
                              ([loss, -INF], 1, 0), ([-INF, loss], 1, 0)]:
        d = search(TreeGame(tree, first=first), ())
        assert d.move == move, (tree, first)
        assert d.value == (INF if tree[0] in (win, INF) else -INF)


@pytest.mark.parametrize("search", [star1, star2])
def test_star_searches_cut_on_equality_unless_told_to_cut_strictly(search):
    """The dice tree, bounds (0, 9): one outcome is cut off where a bound equals the window's
    edge (38 nodes); with ``prune_on_equal=False`` it is searched (39, all of them)."""
    from aisearch.games import dice_tree

    equal = search(dice_tree, (), bounds=(0, 9))
    strict = search(dice_tree, (), bounds=(0, 9), prune_on_equal=False)
    assert (equal.value, equal.stats.nodes, equal.stats.cutoffs) == (3.5, 38, 1)
    assert (strict.value, strict.stats.nodes, strict.stats.cutoffs) == (3.5, 39, 0)
    assert expectiminimax(dice_tree, ()).stats.nodes == 39


def test_a_chance_node_whose_window_lies_beyond_the_bounds_is_cut_before_any_outcome():
    """Random chance tree 121 (values in [-6, 6]): the chance node at (1, 1) is searched
    with beta = -6, the least value there is, so its expectation is at least beta before any
    outcome is searched: every outcome is skipped."""
    from aisearch.games import random_chance_tree
    from aisearch.trace import Cut

    game = random_chance_tree(121, depth=4)
    for search in (star1, star2):
        rec = Recorder()
        d = search(game, (), bounds=(-6, 6), tracer=rec)
        cuts = [e for e in rec.events if type(e) is Cut and e.path == (1, 1)]
        assert [(e.skipped, e.alpha, e.beta) for e in cuts] == [((0, 1), -INF, -6)]
        assert d.value == pytest.approx(expectiminimax(game, ()).value)


@pytest.mark.parametrize("search", [star1, star2])
def test_star_bounds_come_from_a_finite_positive_win_or_are_given_with_l_below_u(search):
    """Without ``bounds`` a star search takes ``(-win, win)`` from a game with a finite,
    positive win; a win of 0 or of ``inf`` (or none) gives no bounds; given bounds need
    L < U."""
    tree = [Chance([(0.5, 1), (0.5, -1)]), 0]
    game = TreeGame(tree)
    game.win = 1
    assert search(game, ()).value == 0
    for win in (0, INF, None):
        game.win = win
        with pytest.raises(ValueError, match="needs bounds"):
            search(game, ())
    with pytest.raises(ValueError, match="need L < U"):
        search(TreeGame(tree), (), bounds=(1, 1))
    assert search(TreeGame(tree), (), bounds=(-1, 1)).value == 0


@pytest.mark.parametrize("search", [star1, star2])
def test_star_bounds_must_be_finite_real_numbers(search):
    game = TreeGame([Chance([(0.5, 1), (0.5, -1)]), 0])
    for bounds in ((True, 5), (-5, "5"), (-INF, 5), (-5, math.nan)):
        with pytest.raises(ValueError, match="bounds must be finite real numbers"):
            search(game, (), bounds=bounds)


def test_star_reports_its_cut_its_bound_and_its_running_sums():
    """At the chance node (1, 1) of random chance tree 121 (see above) the cut is Star1's or
    Star2's and the expectation reported is the bound that cut: at least beta = -6. With
    lower bound 0 and nothing cut, the backups at the dice tree's chance nodes carry the
    running sum, as expectiminimax's do."""
    from aisearch.games import dice_tree, random_chance_tree
    from aisearch.trace import Cut

    game = random_chance_tree(121, depth=4)
    for search in (star1, star2):
        rec = Recorder()
        search(game, (), bounds=(-6, 6), tracer=rec)
        assert [e.kind for e in rec.events if type(e) is Cut and e.path == (1, 1)] == [
            search.__name__]
        assert [e.value for e in rec.events if type(e) is Expectation and e.path == (1, 1)] \
            == [-6]

    def backups(search, **options):
        rec = Recorder()
        search(dice_tree, (), tracer=rec, **options)
        return [(e.path, e.move, e.value, e.best) for e in rec.events if type(e) is Backup]

    def at_chance_nodes(events):
        return [b for b in events if len(b[0]) == 1]  # the dice tree's chance nodes: ply 1

    want = backups(expectiminimax)
    for search in (star1, star2):
        got = backups(search, bounds=(0, 9), prune_on_equal=False)
        if search is star1:  # (Star2 probes first: its other backups come in another order)
            assert [b[:3] for b in got] == [b[:3] for b in want]
        got, want_here = at_chance_nodes(got), at_chance_nodes(want)
        assert [b[:3] for b in got] == [b[:3] for b in want_here]
        assert [b[3] for b in got] == pytest.approx([b[3] for b in want_here])  # (fsum)


@pytest.mark.parametrize("search", [star1, star2])
def test_star_finds_expectiminimaxs_value_move_and_line_on_random_chance_trees(search):
    """The same value (added in the same order), the same first best move and the same
    principal variation: Star1 and Star2 only leave out what cannot change them."""
    from aisearch.games import random_chance_tree

    def e(s):
        return (sum(s) * 7 + len(s)) % 13 - 6

    for seed in range(60):
        game = random_chance_tree(seed, depth=5, p_chance=0.4, p_tip=0.15)
        for depth in (None, 2, 3, 4):
            options = {} if depth is None else {"evaluate": e}
            want = expectiminimax(game, (), depth, **options)
            got = search(game, (), depth, bounds=(-6, 6), **options)
            assert (got.value, got.move, got.pv) == (want.value, want.move, want.pv), (seed,
                                                                                       depth)
            assert got.stats.nodes <= want.stats.nodes


@pytest.mark.parametrize("search", [star1, star2])
def test_star_bounds_must_be_a_pair(search):
    game = TreeGame([Chance([(0.5, 1), (0.5, -1)]), 0])
    for bounds in (5, (1, 2, 3), (1,)):
        with pytest.raises(ValueError, match="bounds must be a pair"):
            search(game, (), bounds=bounds)


def test_star2s_probe_and_the_search_after_it_report_the_first_move_first():
    """In a recording, every visit of a MAX or MIN node backs up its first move first: the
    probe of that move, and the probed node searched again, which starts from the probe's
    value."""
    from aisearch.games import random_chance_tree

    visits = 0
    for seed in range(20):
        game = random_chance_tree(seed, depth=4, p_chance=0.4)
        rec = Recorder()
        star2(game, (), bounds=(-6, 6), tracer=rec)
        waiting = set()  # nodes entered whose first backup is still to come
        for e in rec.events:
            if type(e) is Enter and game.to_move(e.path) in (0, 1) \
                    and not game.is_terminal(e.path):
                waiting.add(e.path)
            elif type(e) is Backup and e.path in waiting:
                waiting.discard(e.path)
                visits += 1
                assert e.move == game.moves(e.path)[0], (seed, e.path)
    assert visits > 100
