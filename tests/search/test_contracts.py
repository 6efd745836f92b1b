"""The whole traced search of minimax and the four alpha-beta forms, event for event, against a
reference written here from the textbook rules.

The agreement tests check values and moves; a searcher can keep both and still break its
documented contract (a MAX cut-off that returns alpha instead of beta, a cut test that is
strict where it should not be, a backup that reports the wrong best). Here every event of a
recording is compared with the events the rules prescribe, on thousands of random trees:

- ``Enter(path, player, depth, alpha, beta)``: the window each node is searched with;
- ``Leaf(path, value, terminal)``: the tips evaluated, in order (so the tip lists of both
  ``prune_on_equal`` settings, at MAX and at MIN nodes);
- ``Backup(path, move, value, best, alpha, beta)``: the child's value and what the node
  holds after it;
- ``Cut(path, skipped, alpha, beta, kind)``: where the search stops and what it skips;
- ``Exit(path, value)``: what the node returns. Fail-hard (``alphabeta``, ``pearl_ab``):
  ``beta`` after a cut at a MAX node, ``alpha`` after one at a MIN node, otherwise the
  updated ``alpha`` (MAX) or ``beta`` (MIN). Fail-soft (``alphabeta_failsoft``, ``negamax``,
  reported from MAX's view): the best child value.

Wins (``±inf`` tips) count by their distance from the root (fastest wins): the reference
scores a win at ply ``k`` as ``WIN - k``, which orders them as the package does.
"""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from aisearch.games import TreeGame
from aisearch.search import alphabeta, alphabeta_failsoft, minimax, negamax, pearl_ab
from aisearch.trace import Backup, Cut, Enter, Exit, Leaf, Recorder
from tests.search.random_trees import internal

INF = math.inf
WIN = 10**6  # the reference's score of a win at the root; tips are small


# -- the reference -----------------------------------------------------------------------
def scored(v, ply, payoff=INF, terminal=True):
    """A tip or evaluation as the reference compares it: a win is worth less the deeper. A
    win is ``±inf``, or at a terminal state the game's declared ``±win`` payoff."""
    if v == INF or terminal and v == payoff:
        return WIN - ply
    if v == -INF or terminal and v == -payoff:
        return -(WIN - ply)
    return v


def shown_as(v, payoff=INF):
    """A score back as the game's payoff (what the events show): a win is ``+win``."""
    if v > WIN // 2:
        return payoff
    if v < -(WIN // 2):
        return -payoff
    return v


def reference(game, depth, form, prune_on_equal=True, evaluate=None):
    """``(value, pv, events)`` of a search of ``game`` (a TreeGame: a state is its path),
    written from the rules of section 12.3 and Pearl's AB(n; alpha, beta).

    ``form`` is 'minimax', 'hard' (fail-hard) or 'soft' (fail-soft). Events are tuples
    named as the package's, values and windows from MAX's view.
    """
    events = []
    bound = 10**9 if depth is None else depth
    payoff = INF if getattr(game, "win", None) is None else game.win

    def shown(v):
        return shown_as(v, payoff)

    def cut_test(alpha, beta):
        return alpha >= beta if prune_on_equal else alpha > beta

    def search(s, d, alpha, beta):
        player = game.to_move(s)
        events.append(("Enter", s, player, None if depth is None else d, shown(alpha),
                       shown(beta)))
        if game.is_terminal(s):
            raw = game.utility(s)
            events.append(("Leaf", s, raw, True))
            v, pv = scored(raw, len(s), payoff), ()
        elif d == 0:
            raw = evaluate(s)
            events.append(("Leaf", s, raw, False))
            v, pv = scored(raw, len(s), payoff, terminal=False), ()
        else:
            v, pv = inner(s, d, alpha, beta, player)
        events.append(("Exit", s, shown(v)))
        return v, pv

    def inner(s, d, alpha, beta, player):
        moves = game.moves(s)
        maximizing = player == 0
        best, line = (-INF if maximizing else INF), None
        for i, m in enumerate(moves):
            if form == "minimax":
                v, pv = search(s + (m,), d - 1, -INF, INF)
            else:
                v, pv = search(s + (m,), d - 1, alpha, beta)
            better = v > best if maximizing else v < best
            if better or line is None:
                best, line = v, (m,) + pv
            if form == "minimax":
                events.append(("Backup", s, m, shown(v), shown(best), shown(-INF), shown(INF)))
                continue
            if maximizing:
                alpha = max(alpha, v)
            else:
                beta = min(beta, v)
            held = best if form == "soft" else (alpha if maximizing else beta)
            events.append(("Backup", s, m, shown(v), shown(held), shown(alpha), shown(beta)))
            if cut_test(alpha, beta):
                if i + 1 < len(moves):
                    events.append(("Cut", s, tuple(moves[i + 1:]), shown(alpha), shown(beta),
                                   "beta" if maximizing else "alpha"))
                if form == "soft":
                    return best, line
                return (beta if maximizing else alpha), line  # fail-hard: the bound crossed
        if form in ("soft", "minimax"):
            return best, line
        return (alpha if maximizing else beta), line

    v, pv = search((), bound, -INF, INF)
    return shown(v), pv, events


def recorded(search, game, depth=None, **options):
    rec = Recorder()
    d = search(game, game.initial, depth, tracer=rec, **options)
    kinds = (Enter, Leaf, Backup, Cut, Exit)
    out = []
    for e in rec.events:
        if type(e) is Enter:
            out.append(("Enter", e.path, e.player, e.depth, e.alpha, e.beta))
        elif type(e) is Leaf:
            out.append(("Leaf", e.path, e.value, e.terminal))
        elif type(e) is Backup:
            out.append(("Backup", e.path, e.move, e.value, e.best, e.alpha, e.beta))
        elif type(e) is Cut:
            out.append(("Cut", e.path, e.skipped, e.alpha, e.beta, e.kind))
        elif type(e) is Exit:
            out.append(("Exit", e.path, e.value))
        else:
            assert not isinstance(e, kinds), e
    return d, out


FORMS = [(minimax, "minimax"), (alphabeta, "hard"), (pearl_ab, "hard"),
         (alphabeta_failsoft, "soft"), (negamax, "soft")]


# -- random trees ------------------------------------------------------------------------
tips = st.integers(-3, 3) | st.sampled_from([INF, -INF])
trees = st.builds(TreeGame, st.recursive(tips, internal, max_leaves=24),
                  first=st.sampled_from([0, 1]), win=st.sampled_from([None, None, 3]))


def path_evaluation(s):
    """A deterministic evaluation of inner nodes, ties and proven wins included."""
    v = (sum(s) * 7 + len(s) * 3) % 11 - 5
    return INF if v == 5 else -INF if v == -5 else v


def check(search, form, game, depth=None, prune_on_equal=True):
    evaluate = path_evaluation if depth is not None else None
    value, pv, expected = reference(game, depth, form, prune_on_equal, evaluate)
    d, got = recorded(search, game, depth, evaluate=evaluate, prune_on_equal=prune_on_equal)
    assert got == expected, search.__name__
    assert (d.value, d.pv, d.move) == (value, pv, pv[0] if pv else None), search.__name__
    assert d.stats.nodes == sum(e[0] == "Enter" for e in expected)
    assert d.stats.leaves == sum(e[0] == "Leaf" for e in expected)
    assert d.stats.cutoffs == sum(e[0] == "Cut" for e in expected)


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(game=trees, prune_on_equal=st.booleans())
def test_every_event_of_a_search_to_the_end_follows_the_rules(game, prune_on_equal):
    for search, form in FORMS:
        check(search, form, game, None, prune_on_equal)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(game=trees, depth=st.integers(0, 3), prune_on_equal=st.booleans())
def test_every_event_of_a_depth_limited_search_follows_the_rules(game, depth, prune_on_equal):
    for search, form in FORMS:
        check(search, form, game, depth, prune_on_equal)


# -- the contracts on small trees, by hand ------------------------------------------------
def exits(search, game, **options):
    return {p: v for kind, p, *rest in recorded(search, game, **options)[1] if kind == "Exit"
            for v in rest}


def tips_of(search, game, **options):
    return [e[1] for e in recorded(search, game, **options)[1] if e[0] == "Leaf"]


def test_a_max_cut_off_returns_beta_when_fail_hard_and_its_best_when_fail_soft():
    """MIN root: child 0 (MAX over 3) sets beta = 3; child 1 (MAX over 5, 9) finds 5 >= 3
    and cuts: fail-hard returns beta = 3, fail-soft its best, 5; the 9 is never seen."""
    game = TreeGame([[3], [5, 9]], first=1)
    for search in (alphabeta, pearl_ab):
        assert exits(search, game)[(1,)] == 3, search.__name__
    for search in (alphabeta_failsoft, negamax):
        assert exits(search, game)[(1,)] == 5, search.__name__
    for search, _ in FORMS[1:]:
        assert tips_of(search, game) == [(0, 0), (1, 0)]


def test_a_min_cut_off_returns_alpha_when_fail_hard_and_its_best_when_fail_soft():
    """MAX root: child 0 (MIN over 4) sets alpha = 4; child 1 (MIN over 2, 0) cuts at 2."""
    game = TreeGame([[4], [2, 0]])
    for search in (alphabeta, pearl_ab):
        assert exits(search, game)[(1,)] == 4, search.__name__
    for search in (alphabeta_failsoft, negamax):
        assert exits(search, game)[(1,)] == 2, search.__name__


def test_a_fail_hard_node_without_a_cut_off_returns_its_bound_not_its_best():
    """MAX root, window (-inf, inf): child 0 (MIN over 6) gives alpha 6. Child 1, MIN with
    window (6, inf), sees 8 then 7: no cut, it returns beta = 7. Child 2, window (7, inf),
    MIN over 1, cuts at once and returns alpha = 7 (fail-hard) or 1 (fail-soft)."""
    game = TreeGame([[6], [8, 7], [1, 9]])
    hard, soft = exits(alphabeta, game), exits(alphabeta_failsoft, game)
    assert (hard[(1,)], hard[(2,)], hard[()]) == (7, 7, 7)
    assert (soft[(1,)], soft[(2,)], soft[()]) == (7, 1, 7)


def test_pruning_on_equality_at_a_max_node_skips_what_the_strict_test_searches():
    """MIN root: child 0 (MAX over 3) sets beta = 3. Child 1 is MAX over (3, 8): the 3
    equals beta, so ``alpha >= beta`` cuts there; ``alpha > beta`` goes on to the 8."""
    game = TreeGame([[3], [3, 8]], first=1)
    for search, _ in FORMS[1:]:
        assert tips_of(search, game) == [(0, 0), (1, 0)], search.__name__
        assert tips_of(search, game, prune_on_equal=False) == [(0, 0), (1, 0), (1, 1)], (
            search.__name__)


def test_pruning_on_equality_at_a_min_node_skips_what_the_strict_test_searches():
    """MAX root: child 0 (MIN over 5) sets alpha = 5; child 1 is MIN over (5, 1, 7)."""
    game = TreeGame([[5], [5, 1, 7]])
    for search, _ in FORMS[1:]:
        assert tips_of(search, game) == [(0, 0), (1, 0)], search.__name__
        strict = tips_of(search, game, prune_on_equal=False)
        assert strict == [(0, 0), (1, 0), (1, 1)], search.__name__


@pytest.mark.parametrize("search", [alphabeta, pearl_ab, alphabeta_failsoft, negamax])
def test_a_cut_reports_the_window_that_caused_it_and_the_moves_skipped(search):
    game = TreeGame([[4], [2, 0, 9]])
    cuts = [e for e in recorded(search, game)[1] if e[0] == "Cut"]
    assert cuts == [("Cut", (1,), (1, 2), 4, 2, "alpha")]
    game = TreeGame([[4], [6, 0, 9]], first=1)
    cuts = [e for e in recorded(search, game)[1] if e[0] == "Cut"]
    assert cuts == [("Cut", (1,), (1, 2), 6, 4, "beta")]


def test_backups_carry_the_childs_value_and_what_the_node_holds():
    """MAX root over MIN nodes (3, 12) and (2, 9): minimax holds the running max; fail-hard
    alpha-beta holds alpha at MAX nodes and beta at MIN nodes (at (1,), beta falls to 2,
    below alpha = 3: the cut-off, and the node returns alpha, 3)."""
    game = TreeGame([[3, 12], [2, 9]])
    backups = [e[1:] for e in recorded(minimax, game)[1] if e[0] == "Backup"]
    assert backups == [((0,), 0, 3, 3, -INF, INF), ((0,), 1, 12, 3, -INF, INF),
                       ((), 0, 3, 3, -INF, INF), ((1,), 0, 2, 2, -INF, INF),
                       ((1,), 1, 9, 2, -INF, INF), ((), 1, 2, 3, -INF, INF)]
    backups = [e[1:] for e in recorded(alphabeta, game)[1] if e[0] == "Backup"]
    assert backups == [((0,), 0, 3, 3, -INF, 3), ((0,), 1, 12, 3, -INF, 3),
                       ((), 0, 3, 3, 3, INF), ((1,), 0, 2, 2, 3, 2), ((), 1, 3, 3, 3, INF)]


def test_a_quicker_win_is_preferred_and_a_slower_loss():
    """MAX can win at once (move 1) or in three plies (move 0); MIN, at the root of the
    mirror tree, loses at once (move 0) or later (move 1)."""
    win_late, win_now = [[[INF]]], INF
    game = TreeGame([win_late, win_now])
    for search, _ in FORMS:
        d = search(game, ())
        assert (d.value, d.move, d.pv) == (INF, 1, (1,)), search.__name__
    game = TreeGame([INF, [[INF]]], first=1)
    for search, _ in FORMS:
        d = search(game, ())
        assert (d.value, d.move, len(d.pv)) == (INF, 1, 3), search.__name__


# -- principal variations -----------------------------------------------------------------
@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(game=trees, depth=st.integers(1, 4), prune_on_equal=st.booleans())
def test_the_principal_variation_is_the_whole_searched_line(game, depth, prune_on_equal):
    """It runs from the root to a tip of the search (terminal, or at the depth bound) whose
    value is the decision's value."""
    for search, _ in FORMS:
        d = search(game, (), depth, evaluate=path_evaluation, prune_on_equal=prune_on_equal)
        s = ()
        for m in d.pv:
            assert m in game.moves(s)
            s = s + (m,)
        assert game.is_terminal(s) or len(s) == depth, search.__name__
        tip = game.utility(s) if game.is_terminal(s) else path_evaluation(s)
        payoff = INF if game.win is None else game.win  # (a win shows as the payoff)
        assert shown_as(scored(tip, 0, payoff, game.is_terminal(s)), payoff) == d.value


# -- what each searcher declares (the widgets, the stepper and the grader read it) ---------
DECLARED = {  # name: (windowed, searches chance nodes, anytime)
    "minimax": (False, True, False), "expectiminimax": (False, True, False),
    "alphabeta": (True, False, False), "alphabeta_failsoft": (True, False, False),
    "negamax": (True, False, False), "pearl_ab": (True, False, False),
    "alphabeta_tt": (True, False, False), "pvs": (True, False, False),
    "aspiration": (True, False, False), "mtdf": (True, False, False),
    "sss_star": (True, False, False), "iterative_deepening": (True, False, True),
    "star1": (True, True, False), "star2": (True, True, False),
    "mcts": (False, True, True),
}


@pytest.mark.parametrize("name", sorted(DECLARED))
def test_each_searcher_declares_its_window_chance_and_anytime_kind(name):
    from aisearch.search import REGISTRY, describe

    info = describe(REGISTRY[name].function)
    assert (info.windowed, info.chance, info.anytime) == DECLARED[name]


# -- the leaf rule: what a value may be -----------------------------------------------------
EDGE = 2.0**999  # finite values lie strictly within ±2**999 (beyond: a won or lost game)


class Payoffs(TreeGame):
    """A tree whose tips pay what ``pay`` says (TreeGame itself refuses such tips)."""

    def __init__(self, tree, pay, **kw):
        super().__init__(tree, **kw)
        self.pay = pay

    def utility(self, s, player=0):
        v = self.pay(super().utility(s, 0))
        return v if player == 0 else -v


@pytest.mark.parametrize("traced", [False, True])
@pytest.mark.parametrize("search", [minimax, alphabeta, negamax])
def test_values_at_exactly_plus_or_minus_2_to_the_999_are_refused_and_just_inside_accepted(
        search, traced):
    inside = math.nextafter(EDGE, 0)
    options = {"tracer": Recorder()} if traced else {}
    for edge in (EDGE, -EDGE):
        game = TreeGame([[1, 2], [3]])
        with pytest.raises(ValueError, match="2\\*\\*999"):
            search(game, (), 1, evaluate=lambda s, e=edge: e, **options)
        game = Payoffs([[1, 2], [3]], lambda v, e=edge: e if v == 3 else v)
        with pytest.raises(ValueError, match="2\\*\\*999"):
            search(game, (), **options)
        game = Payoffs([[1, 2], [3]], lambda v, e=edge: e if v == 3 else v, win=5)
        with pytest.raises(ValueError, match="2\\*\\*999"):
            search(game, (), **options)
    assert search(TreeGame([[1, 2], [3]]), (), 1, evaluate=lambda s: inside).value == inside
    game = Payoffs([[1, 2], [3]], lambda v: inside if v == 3 else v)
    assert search(game, (), **options).value == inside


@pytest.mark.parametrize("search", [minimax, alphabeta, pearl_ab, negamax])
def test_with_a_finite_win_payoff_a_quicker_win_and_a_slower_loss_are_preferred(search):
    """``win=10``: a tip worth ±10 is a won or lost game, scored by its distance (a tip of 9
    is not); an evaluation of 10 is not a win, one of ``inf`` is (shown as 10)."""
    assert search(TreeGame([[[10]], 10], win=10), ()).move == 1
    assert search(TreeGame([-10, [[-10]]], win=10), ()).move == 1
    assert search(TreeGame([[[9]], 9], win=10), ()).move == 0  # no wins: a tie, the first
    assert search(TreeGame([10, [[10]]], first=1, win=10), ()).move == 1
    assert search(TreeGame([[[-10]], -10], first=1, win=10), ()).move == 1
    d = search(TreeGame([[1, 2], [3, 4]], win=10), (), 1, evaluate=lambda s: INF)
    assert (d.value, d.move) == (10, 0)
    d = search(TreeGame([[1, 2], [3, 4]], win=10), (), 1,
               evaluate=lambda s: 10 if s == (1,) else 1)
    assert (d.value, d.move) == (10, 1)
