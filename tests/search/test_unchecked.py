"""The games' unchecked protocol (``GameBase.unchecked``), which the searchers call on the
states they reach from a checked root.

Each unchecked function answers as the checked method on every state it may meet (all
5,478 tic-tac-toe boards, 32,901 Nannon states and every position of robots' grids with
and without walls and ply limits; Connect Four positions of random games);
every searcher returns
the same decision, line and counts with it as without it; a subclass, an instance
attribute or a wrapper that changes a protocol method is obeyed; roots, orders and table
moves that are not the game's own still get the checked path or the game's own moves.
"""

import math
import random

import pytest

from aisearch import CountingGame, IllegalMoveError, Recorder
from aisearch.core import MAX, MIN
from aisearch.games import ConnectFour, Nannon, TicTacToe, TwoRobots, tictactoe
from aisearch.games.robots import RobotsState
from aisearch.search import (
    MCTS,
    TranspositionTable,
    alphabeta,
    alphabeta_tt,
    iterative_deepening,
    minimax,
)
from aisearch.search.efficiency.table import EXACT, Entry
from aisearch.search.efficiency.table_search import table_first
from aisearch.search.registry import REGISTRY
from aisearch.search.runtime.anytime import Budget, OutOfBudget, run_anytime
from aisearch.solve import retrograde


def checked(cls):
    """A subclass of ``cls`` that offers no unchecked functions: its searches call the
    checked methods."""
    return type(f"Checked{cls.__name__}", (cls,), {"unchecked": lambda self: None})


CheckedTicTacToe, CheckedConnectFour, CheckedNannon, CheckedRobots = map(
    checked, (TicTacToe, ConnectFour, Nannon, TwoRobots))


ROBOTS = [  # (text of the grid, ply limit)
    ("B..\n...\n..W", None),
    ("B.#.\n.#..\n...W", None),
    ("B.#.\n.#..\n...W", 7),
    ("B#W", None),  # Black walled in: over at once
    (".B.\n#.#\n.W.", 4),
]


@pytest.mark.parametrize("win", [1, 1.0, 7, float("inf")])
def test_tictactoe_unchecked_answers_as_the_methods_on_every_board(win):
    game = TicTacToe(win=win)
    fast = game.unchecked()
    assert set(fast) == {"is_terminal", "to_move", "moves", "result", "utility"}
    for s in TicTacToe.states():
        assert fast["is_terminal"](s) is game.is_terminal(s)
        assert fast["to_move"](s) == game.to_move(s)
        assert fast["moves"](s) == game.moves(s)
        for m in game.moves(s):
            assert fast["result"](s, m) is game.result(s, m)
        if game.is_terminal(s):
            u = game.utility(s, MAX)
            assert fast["utility"](s) == u and type(fast["utility"](s)) is type(u)


def test_tictactoe_unchecked_utility_follows_a_changed_payoff():
    game = TicTacToe(win=1)
    s = TicTacToe.parse("xxx/oo./...")
    assert game.unchecked()["utility"](s) == 1
    game.win = 5
    assert game.unchecked()["utility"](s) == 5 == game.utility(s)
    assert minimax(game, s).value == 5
    for win in range(1, 40):  # (MAX's utilities are kept for a few payoffs at a time)
        game.win = win
        assert game.unchecked()["utility"](s) == win
    assert len(tictactoe._WITH_UTILITY) <= 8


def random_positions(game, count, seed):
    rng, out = random.Random(seed), []
    for _ in range(count):
        s = game.initial
        for _ in range(rng.randrange(43)):
            out.append(s)
            if game.is_terminal(s):
                break
            s = game.result(s, rng.choice(game.moves(s)))
        out.append(s)
    return out


@pytest.mark.parametrize("win", [math.inf, 1, 7.5])
def test_connect4_unchecked_answers_as_the_methods(win):
    game = ConnectFour(win=win)
    fast = game.unchecked()
    assert fast and "result" not in fast
    ended = 0
    for s in random_positions(game, 60, seed=3):
        assert fast["is_terminal"](s) is game.is_terminal(s)
        assert fast["to_move"](s) == game.to_move(s)
        if game.is_terminal(s):
            ended += 1
            assert fast["utility"](s) == game.utility(s, MAX)
    assert ended > 10


def test_connect4_unchecked_utility_follows_a_changed_payoff():
    game = ConnectFour(win=1)
    s = ConnectFour.parse("......./......./o....../o....../o....../oxx.x.x")  # o has won
    assert game.unchecked()["utility"](s) == -1
    game.win = 5
    assert game.unchecked()["utility"](s) == -5 == game.utility(s)
    assert minimax(game, s).value == -5


def test_nannon_unchecked_answers_as_the_methods_on_every_state():
    game = Nannon()
    fast = game.unchecked()
    assert set(fast) == {"is_terminal", "to_move", "moves", "result"}
    seen, todo = {game.initial}, [game.initial]
    while todo:  # every state a game of Nannon reaches (32,901), and every move of each
        s = todo.pop()
        assert fast["is_terminal"](s) is game.is_terminal(s)
        assert fast["to_move"](s) == game.to_move(s)
        assert fast["moves"](s) == game.moves(s)
        for m in game.moves(s):
            child = fast["result"](s, m)
            assert child == game.result(s, m) and type(child) is type(game.result(s, m))
            if child not in seen:
                seen.add(child)
                todo.append(child)
    assert len(seen) == 32_901
    assert CheckedNannon().unchecked() is None
    patched = Nannon()
    patched.moves = lambda s: ()
    assert patched.unchecked() is None


@pytest.mark.parametrize("text,limit", ROBOTS)
def test_robots_unchecked_answers_as_the_methods_on_every_position(text, limit):
    game = TwoRobots.parse(text, max_plies=limit)
    fast = game.unchecked()
    assert set(fast) == {"is_terminal", "to_move", "moves", "result"}
    for s in game.all_states():
        assert fast["is_terminal"](s) is game.is_terminal(s)
        assert fast["to_move"](s) == game.to_move(s)
        assert fast["moves"](s) == game.moves(s)
        for m in game.moves(s):
            child = fast["result"](s, m)
            assert child == game.result(s, m) and type(child) is RobotsState
            assert hash(child) == hash(game.result(s, m))
    assert CheckedRobots.parse(text, max_plies=limit).unchecked() is None
    patched = TwoRobots.parse(text, max_plies=limit)
    patched.moves = lambda s: ()
    assert patched.unchecked() is None


@pytest.mark.parametrize("text,limit", ROBOTS)
def test_retrograde_solves_alike_with_the_unchecked_protocol(text, limit):
    fast, slow = (cls.parse(text, max_plies=limit) for cls in (TwoRobots, CheckedRobots))
    for states in (None, "all"):
        got = retrograde(fast, None if states is None else fast.all_states())
        want = retrograde(slow, None if states is None else slow.all_states())
        assert list(got.items()) == list(want.items())  # values, plies and their order


def test_retrograde_checks_the_states_it_is_given_before_the_unchecked_functions():
    game = TwoRobots(2, 2)
    with pytest.raises(ValueError, match="states holds .*not a state"):
        retrograde(game, [game.initial, RobotsState((0, 0), (5, 5), MIN)])


SEARCHERS = [info for name, info in REGISTRY.items()
             if info.kind == "minimax" and name not in ("star1", "star2")]


def decide(info, game, state, depth, **options):
    result = info.function(game, state, depth, **options)
    return run_anytime(result) if info.anytime else result


@pytest.mark.parametrize("info", SEARCHERS, ids=lambda i: i.name)
@pytest.mark.parametrize("fastest", [True, False])
def test_every_searcher_decides_alike_with_the_unchecked_protocol(info, fastest):
    cases = [(TicTacToe(win=1), CheckedTicTacToe(win=1), TicTacToe.parse(text), None, None)
             for text in ("x../.o./...", "xo./.x./..o", "x.o/.x./o..")]
    cases.append((TicTacToe(), CheckedTicTacToe(), TicTacToe.initial, 3, TicTacToe.nilsson_eval))
    c4, checked_c4 = ConnectFour(), CheckedConnectFour()
    s = c4.initial
    for m in (3, 3, 2, 4, 4):
        s = c4.result(s, m)
    cases.append((c4, checked_c4, s, 4, c4.evaluate))
    robots, checked_robots = (cls.parse("B.#.\n.#..\n...W", max_plies=9)
                              for cls in (TwoRobots, CheckedRobots))
    cases.append((robots, checked_robots, robots.initial, None, robots.distance_eval))
    cases.append((robots, checked_robots, robots.initial, 4, robots.distance_eval))
    for fast_game, slow_game, state, depth, evaluate in cases:
        if info.anytime:  # (iterations at every depth: they need an evaluation)
            depth, evaluate = depth or 9, evaluate or TicTacToe.nilsson_eval
        options = {"fastest_wins": fastest, "evaluate": evaluate}
        if "table" in info.options and not info.anytime:
            options["table"] = TranspositionTable() if info.name != "enhanced_search" else True
        got = decide(info, fast_game, state, depth, **options)
        if "table" in info.options and info.name not in ("enhanced_search",
                                                         "iterative_deepening"):
            options["table"] = TranspositionTable()
        want = decide(info, slow_game, state, depth, **options)
        assert (got.value, got.move, got.pv, got.stats) == \
            (want.value, want.move, want.pv, want.stats), (info.name, state)


class CountedTicTacToe(TicTacToe):
    """Tic-tac-toe whose unchecked functions count their calls."""

    def __init__(self, **options):
        super().__init__(**options)
        self.calls = dict.fromkeys(("is_terminal", "to_move", "moves", "result", "utility"), 0)

    def unchecked(self):
        def counted(name, f):
            def call(*args):
                self.calls[name] += 1
                return f(*args)
            return call

        return {name: counted(name, f) for name, f in super().unchecked().items()}


@pytest.mark.slow
def test_a_search_calls_the_unchecked_functions_where_it_may():
    game = CountedTicTacToe()
    d = minimax(game, TicTacToe.initial)
    calls = dict(game.calls)
    assert calls["result"] == d.stats.nodes - 1 == 549_945
    assert calls["is_terminal"] == d.stats.nodes
    assert calls["moves"] == d.stats.nodes - d.stats.leaves
    assert calls["utility"] == d.stats.leaves == 255_168
    assert calls["to_move"] >= d.stats.nodes - d.stats.leaves


def test_a_run_given_its_own_utility_keeps_it_and_the_games_other_functions():
    from aisearch.search.runtime.run import Run

    game = TicTacToe()
    won = TicTacToe.parse("xxx/oo./...")
    run = Run(minimax, game, TicTacToe.initial, None, utility=lambda s, player: 0.5)
    assert run.utility(won, 0) == 0.5
    assert run.is_terminal is game.unchecked()["is_terminal"]
    assert Run(minimax, game, TicTacToe.initial, None).utility(won, 0) > 10 ** 300  # a win


def test_a_traced_search_and_an_ordered_one_call_the_checked_result():
    s = TicTacToe.parse("x../.o./...")

    def same(s, ms):
        return ms

    same.permutes = True
    for options in ({"tracer": Recorder()}, {"order": same}):
        game = CountedTicTacToe()
        d = alphabeta(game, s, **options)
        assert game.calls["result"] == 0 and game.calls["is_terminal"] == d.stats.nodes
    game = CountedTicTacToe()
    d = alphabeta(game, s, order=lambda s, ms: ms[::-1])  # a checked order too
    assert game.calls["result"] == 0 and game.calls["moves"] == d.stats.nodes - d.stats.leaves
    traced = CountedTicTacToe()
    alphabeta(traced, s, tracer=Recorder())
    assert traced.calls["utility"] == 0  # (a traced leaf reports the game's own value)


def test_a_tracer_sees_the_same_search():
    game, checked = TicTacToe(), CheckedTicTacToe()
    s = TicTacToe.parse("x../.o./...")
    a, b = Recorder(), Recorder()
    alphabeta_tt(game, s, table=TranspositionTable(), tracer=a)
    alphabeta_tt(checked, s, table=TranspositionTable(), tracer=b)
    assert [type(e).__name__ for e in a.events] == [type(e).__name__ for e in b.events]
    assert len(a.events) > 100


def test_a_subclass_or_an_instance_that_changes_a_method_is_obeyed():
    class FiveMarks(TicTacToe):  # the game ends after five marks, a draw
        def is_terminal(self, s):
            return s.bit_count() >= 5 or super().is_terminal(s)

        def utility(self, s, player=MAX):
            return 0 if not super().is_terminal(s) else super().utility(s, player)

    assert FiveMarks().unchecked() is None
    assert minimax(FiveMarks(), TicTacToe.initial).stats.nodes == 1 + 9 + 72 + 504 + 3024 + 15120
    game = TicTacToe()
    game.moves = lambda s: TicTacToe.moves(game, s)[:1]  # only the first empty cell
    assert game.unchecked() is None
    assert minimax(game, TicTacToe.initial).pv == (0, 1, 2, 3, 4, 5, 6)


def test_a_method_assigned_to_the_class_later_is_obeyed(monkeypatch):
    assert TicTacToe().unchecked() is not None
    original = TicTacToe.moves
    monkeypatch.setattr(TicTacToe, "moves", lambda self, s: original(self, s)[:1])
    assert TicTacToe().unchecked() is None
    assert minimax(TicTacToe(), TicTacToe.initial).pv == (0, 1, 2, 3, 4, 5, 6)


@pytest.mark.slow
def test_a_wrapper_that_hands_on_its_game_is_searched_through_its_own_methods():
    counted = CountingGame(TicTacToe())
    d = minimax(counted, counted.initial)
    assert len(counted.generated) == d.stats.nodes - 1 == 549_945


def test_a_root_that_is_not_a_board_is_refused_as_by_the_methods():
    with pytest.raises(ValueError, match="not a state of TicTacToe"):
        minimax(TicTacToe(), 3 << 9)
    with pytest.raises(ValueError, match="not a state of ConnectFour"):
        alphabeta(ConnectFour(), (0, 0, 0, False, 0), 2, evaluate=lambda s: 0)


def test_an_order_that_answers_equal_moves_of_another_type_meets_the_checked_result():
    with pytest.raises(IllegalMoveError, match="not a float"):
        minimax(TicTacToe(), TicTacToe.parse("xo./.x./..o"),
                order=lambda s, ms: [float(m) for m in ms])


def test_an_order_that_skips_the_check_and_lies_meets_the_checked_result():
    def taken(s, ms):
        return (0, *ms)  # cell 0 is taken

    taken.permutes = True
    with pytest.raises(IllegalMoveError, match="cell 0 is taken"):
        alphabeta(TicTacToe(), TicTacToe.parse("x../.../..."), order=taken)


def test_the_table_move_first_is_the_games_own_move():
    assert table_first((0, 1, 2, 3), Entry(0, EXACT, 1, 2.0, ())) == (2, 0, 1, 3)
    assert type(table_first((0, 1, 2, 3), Entry(0, EXACT, 1, 2.0, ()))[0]) is int
    game, table = TicTacToe(), TranspositionTable()
    s = TicTacToe.parse("xo./.x./..o")
    table.store(s, 9, 0, "lower", 7.0)  # a move stored by hand, equal to cell 7
    recorder = Recorder()
    alphabeta_tt(game, s, table=table, tracer=recorder)
    first = next(e.path for e in recorder.events if len(getattr(e, "path", ())) == 1)
    assert first == (7,) and type(first[0]) is int


def test_a_budget_still_stops_the_search():
    budget = Budget(nodes=300)
    decisions = list(iterative_deepening(TicTacToe(), TicTacToe.initial, 9, budget=budget,
                                         evaluate=TicTacToe.nilsson_eval))
    assert decisions and budget.used <= 301 and budget.spent


# -- MCTS: playouts from the tree's states ------------------------------------------------
def grown(game, state, iterations=400, **options):
    tree = MCTS(game, state, seed=3, **options)
    for _ in range(iterations):
        tree.iterate()
    return tree


def picture(tree):
    """Every node of the tree: its path, visits and rewards."""
    out, todo = [], [tree.root]
    while todo:
        node = todo.pop()
        out.append((node.path, node.n, tuple(node.w)))
        todo.extend(node.children[m] for m in sorted(node.children))
    return out


@pytest.mark.parametrize("fast, slow, state", [
    (TicTacToe(), CheckedTicTacToe(), TicTacToe.initial),
    (TicTacToe(win=1), CheckedTicTacToe(win=1), TicTacToe.parse("x../.o./...")),
    (ConnectFour(), CheckedConnectFour(), ConnectFour.initial),
    (Nannon(), CheckedNannon(), Nannon().initial),  # (opening throws, dice in the playouts)
    (Nannon(), CheckedNannon(), Nannon().result(Nannon().initial, ("Black", 2))),
])
def test_mcts_grows_the_same_tree_with_the_unchecked_protocol(fast, slow, state):
    assert picture(grown(fast, state)) == picture(grown(slow, state))


def test_mcts_playouts_call_the_unchecked_functions_but_a_policys_move_is_checked():
    game = CountedTicTacToe()
    grown(game, TicTacToe.initial, 200)
    assert game.calls["result"] > 200 and game.calls["is_terminal"] > 200  # (the playouts)
    game = CountedTicTacToe()
    grown(game, TicTacToe.initial, 200, policy=lambda s, ms, rng: ms[0])
    assert game.calls["result"] == 0 and game.calls["is_terminal"] > 200
    with pytest.raises(IllegalMoveError):  # a policy's move that is no move
        grown(TicTacToe(), TicTacToe.initial, 5, policy=lambda s, ms, rng: 9)


def test_mcts_under_a_budget_counts_every_state_through_the_budget():
    game = CountedTicTacToe()
    budget = Budget(nodes=500)
    tree = MCTS(game, TicTacToe.initial, seed=0, budget=budget)
    with pytest.raises(OutOfBudget):
        while True:
            tree.iterate()
    assert game.calls["result"] == 0 and budget.spent and 500 <= budget.used <= 501


def test_mcts_playout_of_a_given_state_checks_it_first():
    tree = MCTS(TicTacToe(), TicTacToe.initial, seed=0)
    with pytest.raises(ValueError, match="not a state of TicTacToe"):
        tree.playout("x........")
    assert tree.playout(TicTacToe.parse("xxx/oo./...")) == (1.0, 0.0)
