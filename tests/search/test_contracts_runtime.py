"""What every searcher shares (the runtime): games that are plain classes, values of any real
number type, which declared payoffs are wins, the chance nodes a searcher refuses, the
options a recording keeps, and the errors an ordering gets.
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest

from aisearch.games import Chance, TreeGame
from aisearch.search import (
    History,
    alphabeta,
    alphabeta_failsoft,
    alphabeta_tt,
    minimax,
    negamax,
    pearl_ab,
    pvs,
)
from aisearch.search.runtime import win_value
from aisearch.search.runtime.leaves import make_leaf
from aisearch.trace import Enter, Recorder, Start

INF = math.inf
FORMS = [alphabeta, alphabeta_failsoft, negamax, pearl_ab, alphabeta_tt, pvs]


class Countdown:
    """A game written from the protocol alone (no base class, no ``has_chance``): a pile of
    ``n`` counters, take 1 or 2, who takes the last wins; MAX moves first."""

    initial = (5, 0)

    def to_move(self, s):
        return s[1]

    def moves(self, s):
        return tuple(k for k in (1, 2) if k <= s[0])

    def result(self, s, m):
        return (s[0] - m, 1 - s[1])

    def is_terminal(self, s):
        return s[0] == 0

    def utility(self, s, player=0):
        won = 1 if s[1] == 1 else -1  # the player who just moved took the last counter
        return won if player == 0 else -won


@pytest.mark.parametrize("search", [minimax, *FORMS])
def test_a_game_written_from_the_protocol_alone_is_searched(search):
    """Five counters: MAX takes 2, leaving a multiple of three (its only winning move)."""
    for order in (None, lambda s, ms: ms[::-1], History()):
        d = search(Countdown(), Countdown.initial, order=order)
        assert (d.value, d.move) == (1, 2), order


@pytest.mark.parametrize("search", FORMS)
def test_searchers_without_chance_refuse_a_chance_node_with_or_without_an_order(search):
    game = TreeGame([[1, 2], Chance([(0.5, 3), (0.5, 4)])])
    for order in (None, lambda s, ms: ms, History()):
        with pytest.raises(ValueError, match="cannot search chance nodes"):
            search(game, (), order=order)


def number_types(v):
    return [v, float(v), np.int64(v), np.float64(v), Fraction(v)]


@pytest.mark.parametrize("search", [minimax, *FORMS])
def test_values_of_any_real_number_type_count_as_their_value(search):
    """An evaluation or a utility may return numpy numbers or fractions: the same decision
    (and no such value is mistaken for a won or lost game)."""
    game = TreeGame([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    for k in range(5):
        d = search(game, (), 1, evaluate=lambda s, k=k: number_types(
            {(0,): 3, (1,): 2, (2,): 2}[s])[k])
        assert (d.value, d.move) == (3, 0)

        class Typed(TreeGame):
            def utility(self, s, player=0, k=k):
                v = number_types(super().utility(s, 0))[k]
                return v if player == 0 else -v

        for win in (None, 20):
            d = search(Typed([[3, 12, 8], [2, 4, 6], [14, 5, 2]], win=win), (), tracer=Recorder())
            assert (d.value, d.move, d.pv) == (3, 0, (0, 0))


LEAF_KINDS = [dict(terminal=True), dict(terminal=True, unary=True), dict(terminal=False)]


def leaf_rule(kind, returns, **more):
    """A leaf rule whose source returns ``returns`` one after another (a state is ignored)."""
    it = iter(returns)
    source = (lambda s: next(it)) if kind.get("unary") or not kind["terminal"] else \
        (lambda s, player: next(it))
    options = dict(name="utility", payoff=INF, fastest=True, ply=lambda s, d: 5 - d,
                   trace=None)
    return make_leaf(source, **{**options, **kind, **more})


@pytest.mark.parametrize("kind", LEAF_KINDS)
def test_a_leaf_value_equal_to_one_seen_before_is_still_checked_by_its_type(kind):
    """The leaf rule remembers the plain numbers it took (the common case costs one type
    test and one look-up); a value equal to one of them but of another type is checked in
    full all the same: a bool is refused, numpy's numbers come back as Python's, a Fraction
    stays one."""
    leaf = leaf_rule(kind, [1, 1, np.int64(1), 0.5, Fraction(1, 2), np.float32(0.5), True])
    got = [leaf("s", 2) for _ in range(6)]
    assert got == [1, 1, 1, 0.5, Fraction(1, 2), 0.5]
    assert [type(v) for v in got] == [int, int, int, float, Fraction, float]
    with pytest.raises(TypeError, match="returned True"):
        leaf("s", 2)
    assert leaf.count() == 7


@pytest.mark.parametrize("kind", LEAF_KINDS)
@pytest.mark.parametrize("bad", [math.nan, 2 ** 999, -2 ** 999, -2 ** 1000, 2.0 ** 999,
                                 -2.0 ** 999, -2.0 ** 1000], ids=repr)
def test_a_leaf_rule_checks_every_value_after_it_has_remembered_its_fill(kind, bad):
    """Past the values it remembers, a value is checked as the first one was: NaN and a
    finite number at or beyond ±2**999, an int or a float, are refused after 2,000 plain
    values."""
    leaf = leaf_rule(kind, [*(k / 7 for k in range(1000)), *range(-500, 500), bad])
    assert [leaf("s", 1) for _ in range(2000)][-1] == 499
    with pytest.raises(ValueError, match=r"returned .*within ±2\*\*999 when finite"):
        leaf("s", 1)


@pytest.mark.parametrize("more", [dict(trace=Recorder()), dict(values=lambda v, name, s: v),
                                  dict(terminal=False)], ids=["trace", "values", "evaluation"])
def test_a_unary_leaf_source_is_only_a_terminal_one_without_tracer_or_values(more):
    """``unary`` (a game's own MAX utility, called with the state alone) serves the common
    case only: asked with a tracer, a values check or for an evaluation it is refused."""
    with pytest.raises(ValueError, match="unary: a terminal leaf's source"):
        leaf_rule(dict(terminal=True, unary=True), [1], **more)


@pytest.mark.parametrize("kind", LEAF_KINDS[:2])
@pytest.mark.parametrize("top", [None, 5])
def test_a_won_game_scores_by_its_distance_from_the_root_the_same_with_or_without_top(
        kind, top):
    """A win ``5 - d`` plies from the root scores ``WIN - (5 - d) * PLY``, from ``top`` or
    from ``ply``, the nearer the higher; the same number each time it is reached; a loss its
    negation; with ``fastest=False`` a win is ``inf`` as it is."""
    leaf = leaf_rule(kind, [INF, -INF] * 6, top=top)
    got = [(leaf("s", d), leaf("s", d)) for d in (0, 1, 2, 0, 1, 2)]
    assert got == [(win_value(5 - d), -win_value(5 - d)) for d in (0, 1, 2, 0, 1, 2)]
    assert got[0][0] < got[1][0] < got[2][0]
    plain = leaf_rule(kind, [INF, -INF, 3], top=top, fastest=False)
    assert [plain("s", d) for d in (0, 1, 2)] == [INF, -INF, 3]


@pytest.mark.parametrize("win", [0, -1, True, "10", None])
def test_a_win_payoff_that_is_not_a_positive_number_declares_no_wins(win):
    """Draws (0) at plies 2 and 3: without wins they tie and the first move is chosen."""
    game = TreeGame([[0], [[0]]])
    game.win = win
    for search in (minimax, alphabeta, negamax):
        d = search(game, ())
        assert (d.value, d.move) == (0, 0)


def test_a_recording_starts_with_the_searcher_and_its_options_but_not_the_tracer():
    game = TreeGame([[3, 12, 8], [2, 4, 6]])
    rec = Recorder()
    evaluate = lambda s: 1  # noqa: E731
    alphabeta(game, (), 1, evaluate=evaluate, tracer=rec)
    start = rec.events[0]
    assert type(start) is Start and start.search == "alphabeta" and start.depth == 1
    assert start.options == {"evaluate": evaluate, "order": None, "prune_on_equal": True,
                             "fastest_wins": True}
    rec = Recorder()
    minimax(game, (), tracer=rec, prune_on_equal=False)
    assert rec.events[0].options == {"evaluate": None, "order": None, "prune_on_equal": False,
                                     "fastest_wins": True}


def test_a_depth_is_shown_as_given_up_to_2_to_the_29_plies_and_none_is_shown_as_none():
    """(Deeper depths, beyond any search, are shown as None: to the end.)"""
    game = TreeGame([[3, 12], [2, 4]])
    for depth in (2, 10**6, 2**29):
        rec = Recorder()
        alphabeta(game, (), depth, tracer=rec)
        assert [e.depth for e in rec.events if type(e) is Enter][:2] == [depth, depth - 1]
    rec = Recorder()
    alphabeta(game, (), tracer=rec)
    assert {e.depth for e in rec.events if type(e) is Enter} == {None}


@pytest.mark.parametrize("search", [alphabeta, minimax])
def test_an_order_that_changes_the_moves_is_told_exactly_which(search):
    game = TreeGame([[1, 2], [3, 4], [5, 6]])
    cases = [(lambda s, ms: (ms[0], ms[0], ms[2]) if len(ms) == 3 else ms,
              "it dropped 1; repeated 0 (given: 0, 1, 2)"),
             (lambda s, ms: (*ms, 7) if len(ms) == 3 else ms, "it added 7 (given: 0, 1, 2)"),
             (lambda s, ms: ms[:2] if len(ms) == 3 else ms, "it dropped 2 (given: 0, 1, 2)")]
    for order, says in cases:
        with pytest.raises(ValueError) as err:
            search(game, (), order=order)
        assert says in str(err.value)


@pytest.mark.parametrize("traced", [False, True])
@pytest.mark.parametrize("search", [minimax, alphabeta, negamax])
def test_a_value_that_is_not_a_real_number_is_refused_traced_or_not(search, traced):
    from decimal import Decimal

    for bad in (True, False, Decimal(1), "3", None, 1j, float("nan"), 10**400):
        options = {"tracer": Recorder()} if traced else {}
        game = TreeGame([[3, 12], [2, 4]])
        with pytest.raises((TypeError, ValueError), match="evaluate|<lambda>"):
            search(game, (), 1, evaluate=lambda s, b=bad: b, **options)

        class Bad(TreeGame):
            def utility(self, s, player=0, b=bad):
                return b

        for win in (None, 5):
            with pytest.raises((TypeError, ValueError), match="utility"):
                search(Bad([[3, 12], [2, 4]], win=win), (), **options)


@pytest.mark.parametrize("search", [minimax, *FORMS])
def test_an_evaluation_of_plus_or_minus_inf_is_a_win_or_loss_at_its_ply(search):
    """Depth 2: move 0 leads to a position evaluated ``±inf`` two plies down, move 1 to a
    terminal ``±inf`` one ply down. MAX wins as early and loses as late as it can."""
    at_bound = lambda v: (lambda s: v)  # noqa: E731
    assert search(TreeGame([[[1, 2]], INF]), (), 2, evaluate=at_bound(INF)).move == 1
    assert search(TreeGame([[[1, 2]], -INF]), (), 2, evaluate=at_bound(-INF)).move == 0
    assert search(TreeGame([INF, [[1, 2]]]), (), 2, evaluate=at_bound(INF)).move == 0
    assert search(TreeGame([-INF, [[1, 2]]]), (), 2, evaluate=at_bound(-INF)).move == 1
    for v in (np.float64(INF), np.float64(-INF)):  # the same through the careful path
        assert search(TreeGame([[[1, 2]], float(v)]), (), 2, evaluate=at_bound(v)).move == (
            1 if v > 0 else 0)


@pytest.mark.parametrize("win", [1, 0.5, 2, 1e300])
def test_any_positive_win_payoff_makes_quicker_wins_better(win):
    for search in (minimax, alphabeta, negamax, alphabeta_tt):
        assert search(TreeGame([[[win]], win], win=win), ()).move == 1
        assert search(TreeGame([-win, [[-win]]], win=win), ()).move == 1
        assert search(TreeGame([[[win]], win]), ()).move == 0  # no win declared: a tie


@pytest.mark.parametrize("search", [minimax, *FORMS])
def test_a_protocol_only_games_nodes_and_leaves_are_counted(search):
    """Five counters, take 1 or 2: 20 positions in the whole tree, 8 of them ends."""
    rec = Recorder()
    d = search(Countdown(), Countdown.initial, tracer=rec)
    assert d.stats.nodes == sum(type(e) is Enter for e in rec.events)
    if search is minimax:
        assert (d.stats.nodes, d.stats.leaves) == (20, 8)


def test_numpy_payoffs_of_a_finite_win_are_wins_and_losses_by_distance():
    class Typed(TreeGame):
        def utility(self, s, player=0):
            v = np.float64(super().utility(s, 0))
            return v if player == 0 else -v

    for win in (0.5, 1, 3):
        for search in (minimax, alphabeta, negamax):
            assert search(Typed([[[win]], win], win=win), ()).move == 1
            assert search(Typed([-win, [[-win]]], win=win), ()).move == 1


class Coin(Countdown):
    """A protocol-only game that starts with a coin toss (a chance node) and knows nothing
    of ``has_chance``; and has no ``initial`` either: searchers take the state they are
    given."""

    @property
    def initial(self):
        raise AttributeError("initial")

    def to_move(self, s):
        return -1 if s == "toss" else super().to_move(s)

    def moves(self, s):
        return ("heads", "tails") if s == "toss" else super().moves(s)

    def chance_outcomes(self, s):
        return (("heads", 0.5), ("tails", 0.5))

    def result(self, s, m):
        if s == "toss":
            return (3, 0) if m == "heads" else (5, 0)
        return super().result(s, m)

    def is_terminal(self, s):
        return s != "toss" and super().is_terminal(s)


def test_a_protocol_only_games_chance_node_is_refused_by_searchers_without_chance():
    assert not hasattr(Coin(), "initial")
    for search in FORMS:
        with pytest.raises(ValueError, match="cannot search chance nodes"):
            search(Coin(), "toss")
    assert minimax(Coin(), "toss").value == 0.0  # 3 counters: MAX loses; 5: MAX wins
    assert alphabeta(Coin(), (3, 0)).value == -1


@pytest.mark.parametrize("search", [minimax, alphabeta, negamax])
def test_a_line_thousands_of_plies_deep_is_searched(search):
    line = 7
    for _ in range(3000):
        line = [line]
    d = search(TreeGame(line), ())
    assert d.value == 7 and len(d.pv) == 3000


def test_every_searcher_prunes_on_equality_and_prefers_quick_wins_by_default():
    """The defaults, as a recording's Start event reports them (a uniform signature: minimax
    and expectiminimax accept prune_on_equal though they never prune)."""
    from aisearch.search import REGISTRY

    game = TreeGame([[3, 12], [2, 4]])
    checked = 0
    for name, info in REGISTRY.items():
        if name in ("mcts", "maxn", "paranoid", "quiescence", "enhanced_search"):
            continue
        rec = Recorder()
        options = {"bounds": (0, 20)} if name.startswith("star") else {}
        options["evaluate"] = lambda s: 5
        result = info.function(game, (), tracer=rec, **options)
        if name == "iterative_deepening":
            list(result)
        starts = [e for e in rec.events if type(e) is Start]
        assert starts, name
        for start in starts:
            assert start.options["prune_on_equal"] is True, name
            assert start.options["fastest_wins"] is True, name
        checked += 1
    assert checked >= 13


def test_options_are_keyword_only():
    from aisearch.search import MCTS

    game = TreeGame([[3, 12], [2, 4]])
    for search in (minimax, alphabeta, negamax, alphabeta_tt, pvs):
        with pytest.raises(TypeError):
            search(game, (), None, None)
    with pytest.raises(TypeError):
        MCTS(game, (), 1.0)


# -- the runtime's own parts ---------------------------------------------------------------
class Finished(Countdown):
    """A finished game says no player is to move (``to_move`` is None at its end)."""

    def to_move(self, s):
        return None if s[0] == 0 else s[1]


@pytest.mark.parametrize("search", [minimax, *(f for f in FORMS if f is not negamax)])
def test_a_finished_root_is_its_value_whatever_its_to_move_says(search):
    """(Negamax is not asked: it needs the player to move at terminal states too, for the
    sign of their value.)"""
    d = search(Finished(), (0, 1))
    assert (d.value, d.move, d.stats.nodes) == (1, None, 1)
    with pytest.raises(ValueError, match="whose to_move is MAX"):
        search(Finished(), (2, 7))  # a live root with no player is refused at once


class Dice(Coin):
    """Coin's game whose chance node gives ``outcomes`` (given by the test), the same
    object every time, and calls ``spoil`` after the first time it gave them."""

    def __init__(self, outcomes, spoil):
        self.outcomes, self.spoil, self.calls = outcomes, spoil, 0

    def chance_outcomes(self, s):
        self.calls += 1
        if self.calls == 2:
            self.spoil(self.outcomes)
        return self.outcomes

    def result(self, s, m):
        if s == "toss":
            return "toss2" if m == "heads" else (5, 0)
        if s == "toss2":
            return "toss" if m == "heads" else (3, 0)
        return super().result(s, m)

    def to_move(self, s):
        return -1 if s in ("toss", "toss2") else Countdown.to_move(self, s)

    def is_terminal(self, s):
        return s not in ("toss", "toss2") and Countdown.is_terminal(self, s)


def test_outcomes_are_checked_at_every_chance_node_unless_they_are_an_immutable_tuple():
    """A tuple of tuples is checked once and can be trusted after; a list (or a tuple of
    lists) may change, so it is checked every time it is given."""
    def halve(outs):
        outs[0][1] = 0.25 if isinstance(outs[0], list) else None

    def spoil_list(outs):
        outs[0] = ("heads", 0.25)

    for outcomes, spoil in [([("heads", 0.5), ("tails", 0.5)], spoil_list),
                            ((["heads", 0.5], ["tails", 0.5]), halve),
                            ([["heads", 0.5], ["tails", 0.5]], halve)]:
        game = Dice(outcomes, spoil)
        with pytest.raises(ValueError, match="probabilit"):
            minimax(game, "toss", 3, evaluate=lambda s: 0)
    game = Dice((("heads", 0.5), ("tails", 0.5)), lambda outs: None)
    assert minimax(game, "toss", 4, evaluate=lambda s: 0).stats.chance_nodes >= 2
    bad = Dice((("heads", 0.5), ("tails", 0.4)), lambda outs: None)
    for depth in (1, 4):  # (1: at the only chance node, the first the search meets)
        with pytest.raises(ValueError, match="probabilit"):
            minimax(bad, "toss", depth, evaluate=lambda s: 0)


def test_a_runs_kind_sees_through_counting_wrappers_of_the_evaluation():
    from aisearch.search.runtime import Run

    game = TreeGame([[3, 12], [2, 4]])

    def e(s):
        return 1

    def f(s):
        return 2

    def counting(g):
        def wrapper(s):
            return g(s)

        wrapper.__wrapped__ = g
        wrapper.counts_for_table = True  # (as the package's own counting wrapper says)
        return wrapper

    kind = Run(alphabeta, game, (), 2, evaluate=e).kind
    assert Run(alphabeta, game, (), 2, evaluate=counting(e)).kind == kind
    assert Run(alphabeta, game, (), 2, evaluate=counting(counting(e))).kind == kind
    assert Run(alphabeta, game, (), 2, evaluate=counting(f)).kind != kind
    none = Run(alphabeta, game, (), 2).kind
    assert Run(alphabeta, game, (), 2, evaluate=counting(None)).kind == none != kind


def test_a_table_serves_no_decorated_evaluation_and_no_other_players_view():
    """``functools.wraps`` marks any decorator, one that changes the values too: a table
    filled with ``e`` gave ``-e``'s search e's values. And a paranoid view of another player
    is another game, though it wraps the same one."""
    import functools

    from aisearch.games import Coins, uniform_tree
    from aisearch.search import TranspositionTable, alphabeta_tt, minimax
    from aisearch.search.multiplayer.maxn import Paranoid

    def negated(f):
        @functools.wraps(f)
        def g(s):
            return -f(s)
        return g

    def leafsum(s):
        return sum(s)

    game, table = uniform_tree(3, 4, seed=1), TranspositionTable()
    alphabeta_tt(game, game.initial, 3, evaluate=leafsum, table=table)
    assert minimax(game, game.initial, 3, evaluate=negated(leafsum)).value == -2
    with pytest.raises(ValueError, match="another search"):
        alphabeta_tt(game, game.initial, 3, evaluate=negated(leafsum), table=table)
    coins, table = Coins((1, 2, 3)), TranspositionTable()
    assert alphabeta_tt(Paranoid(coins, 0), coins.initial, table=table).value == 3
    assert alphabeta_tt(Paranoid(coins, 0), coins.initial, table=table).value == 3  # (again)
    with pytest.raises(ValueError, match="another search"):
        alphabeta_tt(Paranoid(coins, 1), coins.initial, table=table)
    assert alphabeta_tt(Paranoid(coins, 1), coins.initial).value == 0


def test_a_run_scores_quick_wins_by_default_and_takes_its_options_by_keyword():
    from aisearch.search.runtime import Run

    game = TreeGame([[3, 12], [2, 4]])
    run = Run(minimax, game, (), 2)
    assert run.sources.fastest is True
    assert Run(minimax, game, (), 2, fastest_wins=False).sources.fastest is False
    with pytest.raises(TypeError):
        Run(minimax, game, (), 2, True)  # mover_view is a keyword
    leaf = run.make_leaf(source=lambda s, p=0: 5, terminal=True)
    assert leaf((0, 0), 0) == 5

    def mine(game, state, depth):  # a searcher of one's own, declared nowhere
        return Run(mine, game, state, depth)

    assert mine(game, (), 2).moves(()) == (0, 1)  # searched as a two-player game
    three = TreeGame([[3, 12], [2, 4]])
    three.players = 3
    with pytest.raises(ValueError, match="mine searches two-player games"):
        mine(three, (), 2)


class Three(Countdown):
    """Countdown for three players taking turns (0, 1, 2), from 4 counters; who takes the
    last scores 1, the others 0. Nothing says it has no chance nodes."""

    players = 3
    initial = (4, 0)

    def result(self, s, m):
        return (s[0] - m, (s[1] + 1) % 3)

    def utility(self, s, player=0):
        return 1 if player == (s[1] - 1) % 3 else 0


def test_a_search_of_more_players_takes_any_player_but_chance_and_two_player_ones_refuse():
    from aisearch.search import maxn

    game = Three()

    def best(s):  # max^n by brute force: each player takes its own best, the first on ties
        if game.is_terminal(s):
            return tuple(game.utility(s, p) for p in range(3)), None
        p, top = game.to_move(s), None
        for m in game.moves(s):
            v = best(game.result(s, m))[0]
            if top is None or v[p] > top[0][p]:
                top = (v, m)
        return top

    d = maxn(game, Three.initial)
    assert (d.value, d.move) == best(Three.initial)
    for search in (minimax, alphabeta):
        with pytest.raises(ValueError, match="searches two-player games"):
            search(Three(), Three.initial)


def test_an_ordering_changes_no_count_and_a_recording_keeps_the_rules_options():
    game = TreeGame([[[3, 12], [8, 1]], [[2, 4], [6, 14]], [[5, 2], [7, 9]]])
    for search in (minimax, *FORMS):
        plain = search(game, ())
        same = search(game, (), order=lambda s, ms: tuple(ms))
        assert same.stats == plain.stats, search.__name__
    rec = Recorder()
    alphabeta(game, (), 2, evaluate=lambda s: 0, quiescence=2, tracer=rec)
    assert rec.events[0].options["quiescence"] == 2


class ThirdBelow(TreeGame):
    """A tree game whose node (0, 0), below a chance node, says a third player moves."""

    def to_move(self, s):
        return 2 if s == (0, 0) else super().to_move(s)


def test_every_two_player_search_refuses_a_third_player_below_the_root_or_in_the_game():
    from aisearch.search import REGISTRY

    game = ThirdBelow([Chance([(0.5, [[1, 2], 3]), (0.5, 4)]), 0])
    three = TreeGame([[3, 12], [2, 4]])
    three.players = 3
    checked = 0
    for name, info in sorted(REGISTRY.items()):
        if info.convention.players != 2 or name in ("iterative_deepening", "quiescence"):
            continue
        options = {"bounds": (0, 12)} if name.startswith("star") else {}
        if info.chance:
            with pytest.raises(ValueError, match=r"returned 2 at state \(0, 0\)"):
                info.function(game, (), **options)
        with pytest.raises(ValueError, match="has 3 players"):
            info.function(three, (), **options)
        checked += 1
    assert checked >= 12


@pytest.mark.parametrize("search", [minimax, *FORMS])
def test_a_search_to_the_end_of_a_cycling_game_says_so_and_restores_the_recursion_limit(search):
    import sys

    from aisearch.games import TwoRobots

    game, before = TwoRobots(3, 3), sys.getrecursionlimit()  # (no max_plies: it cycles)
    with pytest.raises(ValueError, match="deeper than Python allows: the game may cycle"):
        search(game, game.initial)
    assert sys.getrecursionlimit() == before
    assert search(game, game.initial, 2, evaluate=lambda s: 0).move is not None
    assert sys.getrecursionlimit() == before
