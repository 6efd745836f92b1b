"""Monte Carlo tree search: UCB1 on hand-worked statistics, the four steps, convergence to
the minimax move on small trees, clear tic-tac-toe positions, chance, budgets, tracing."""

import math
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from aisearch import MAX, Chance, Recorder, Replay, TicTacToe, TreeGame, fig5_2, play
from aisearch.agents import random_agent
from aisearch.games import uniform_tree
from aisearch.search import MCTS, Budget, mcts, mcts_agent, minimax, scaled_rewards, ucb1
from aisearch.search.runtime.anytime import run_anytime
from aisearch.search.sampling.mcts import rewards

TTT = TicTacToe()


def test_ucb1_on_hand_worked_statistics():
    # mean 3/4, parent 10 visits: 0.75 + sqrt(2) * sqrt(ln 10 / 4) = 0.75 + 1.07298
    assert ucb1(3, 4, 10) == pytest.approx(0.75 + math.sqrt(2) * math.sqrt(math.log(10) / 4))
    assert ucb1(3, 4, 10) == pytest.approx(1.82298, abs=1e-5)
    assert ucb1(1, 2, 3, c=1) == pytest.approx(0.5 + math.sqrt(math.log(3) / 2))
    assert ucb1(5, 5, 100, c=0) == 1.0  # no exploration: the mean alone
    assert ucb1(0, 0, 7) == math.inf  # an untried child goes first


def test_the_logarithm_is_of_the_parents_visits_not_the_childs():
    # with the child's own count under the log, a child seen once would score its mean
    assert ucb1(1, 1, 50) > 1 + 2.7 and ucb1(1, 1, 1) == 1


def test_rewards_count_a_win_one_a_draw_half_a_loss_zero():
    assert rewards(TTT, TicTacToe.parse("xxx/oo./...")) == (1.0, 0.0)
    assert rewards(TTT, TicTacToe.parse("ooo/xx./x..")) == (0.0, 1.0)
    assert rewards(TTT, TicTacToe.parse("xox/xoo/oxx")) == (0.5, 0.5)


def test_every_move_is_tried_once_before_any_twice():
    tree = MCTS(TTT, TTT.initial, seed=3)
    for _ in range(9):
        tree.iterate()
    assert sorted(tree.root.children) == list(range(9))
    assert all(child.n == 1 for child in tree.root.children.values())
    tree.iterate()
    assert sum(child.n for child in tree.root.children.values()) == 10


def test_backup_counts_every_node_on_the_path_from_each_players_view():
    tree = MCTS(fig5_2, fig5_2.initial, seed=0, reward=scaled_rewards(2, 14))
    for _ in range(50):
        tree.iterate()
    root = tree.root
    assert root.n == 50 == sum(c.n for c in root.children.values())
    for child in root.children.values():
        assert child.n == sum(g.n for g in child.children.values()) + 1 - (not child.children)
        assert child.w[0] + child.w[1] == pytest.approx(child.n)  # MAX's and MIN's rewards


def test_the_same_seed_gives_the_same_tree_and_another_seed_another():
    a = run_anytime(mcts(TTT, TTT.initial, iterations=300, seed=5))
    b = run_anytime(mcts(TTT, TTT.initial, iterations=300, seed=5))
    c = run_anytime(mcts(TTT, TTT.initial, iterations=300, seed=6))
    assert a == b and a.pv != c.pv


def test_it_yields_after_every_batch():
    runs = list(mcts(TTT, TTT.initial, iterations=250, batch=100))
    assert [d.stats.leaves for d in runs] == [100, 200, 250]


@pytest.mark.parametrize("text, move, why", [
    ("xx./oo./...", 2, "win at once"),
    ("x../oo./x..", 5, "block O's row"),
    ("o.x/.x./...", 6, "win at once on the diagonal"),
])
def test_positions_with_a_clear_answer(text, move, why):
    s = TicTacToe.parse(text)
    for seed in range(5):
        assert run_anytime(mcts(TTT, s, iterations=1000, seed=seed)).move == move, why


def test_mcts_converges_to_the_minimax_move_on_small_trees():
    agree = 0
    for seed in range(20):
        game = uniform_tree(2, 4, seed=seed, low=0, high=20)
        exact = minimax(game, game.initial)
        values = {minimax(game, game.result(game.initial, m)).value for m in game.moves(())}
        if len(values) < 2:
            continue
        d = run_anytime(mcts(game, game.initial, iterations=3000, seed=seed,
                             reward=scaled_rewards(0, 20)))
        agree += d.move == exact.move
    assert agree >= 18


def test_mcts_never_loses_to_perfect_play_at_enough_iterations():
    from aisearch.agents import search_agent
    from aisearch.search import alphabeta

    perfect = search_agent(alphabeta)
    for seed in range(2):
        first, second = mcts_agent(2000, seed=seed), mcts_agent(2000, seed=seed)
        for agents in ((first, perfect), (perfect, second)):
            record = play(TTT, agents)
            assert record.winner is None or agents[record.winner] is not perfect


def test_mcts_beats_a_random_player():
    wins = 0
    for seed in range(10):
        record = play(TTT, (mcts_agent(300, seed=seed), random_agent(seed)))
        wins += record.winner == MAX
        assert record.winner != 1
    assert wins >= 8


def test_chance_nodes_are_sampled_by_their_probabilities():
    # MAX chooses between a sure 4 and a die: 0 with 3/4, 10 with 1/4 (worth 2.5)
    game = TreeGame([Chance([(0.75, [0]), (0.25, [10])]), 4])
    tree = MCTS(game, game.initial, seed=1, reward=scaled_rewards(0, 10))
    for _ in range(2000):
        tree.iterate()
    chance = tree.root.children[0]
    share = chance.children[1].n / chance.n
    assert share == pytest.approx(0.25, abs=0.06)
    assert tree.decision().move == 1


def test_a_value_function_replaces_the_playouts():
    seen = []

    def value(s):
        seen.append(s)
        return 0.5

    d = run_anytime(mcts(TTT, TTT.initial, iterations=50, value=value))
    assert len(seen) == 50 and d.value == 0.5


def test_a_node_budget_stops_the_search_between_iterations():
    budget = Budget(nodes=500)
    runs = list(mcts(TTT, TTT.initial, iterations=None, batch=10, budget=budget))
    last = runs[-1]
    assert 0 < last.stats.leaves < 500 and budget.used == 501
    tree_nodes = last.stats.nodes
    assert tree_nodes == last.stats.leaves + 1  # each completed iteration added one node


def test_the_tracer_records_every_iteration_for_the_one_reader():
    rec = Recorder()
    runs = list(mcts(fig5_2, fig5_2.initial, iterations=20, batch=10, tracer=rec))
    replay = Replay(rec)
    assert [s.name for s in replay.searches] == ["mcts"] * 20  # one per iteration
    leaves = [e for e in rec.events if type(e).__name__ == "Simulation"]
    assert len(leaves) == 20 == runs[-1].stats.leaves
    assert rec.counts() == replay.counts() == runs[-1].stats  # the tree grows from the root
    assert run_anytime(mcts(fig5_2, fig5_2.initial, iterations=20, batch=10)) == runs[-1]


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10_000))
def test_where_a_win_in_one_exists_mcts_plays_a_winning_move(seed):
    """(Perhaps a slower win: MCTS scores every win alike.)"""
    rng = random.Random(seed)
    s = TTT.initial
    while not TTT.is_terminal(s):
        wins = [m for m in TTT.moves(s) if TTT.is_terminal(TTT.result(s, m))
                and TTT.utility(TTT.result(s, m), TTT.to_move(s)) > 0]
        if wins:
            d = run_anytime(mcts(TTT, s, iterations=400, seed=seed))
            mover = TTT.to_move(s)
            after = minimax(TTT, TTT.result(s, d.move)).value
            assert (after if mover == MAX else -after) == math.inf, (s, d)
            return
        s = TTT.result(s, rng.choice(TTT.moves(s)))


def test_ucb_terms_of_the_root_children_add_up():
    tree = MCTS(TTT, TicTacToe.parse("x../.o./..."), seed=2)
    for _ in range(40):
        tree.iterate()
    rows = tree.ucb_terms()
    assert [m for m, *_ in rows] == list(TTT.moves(tree.root.state))
    assert sum(n for _, n, *_ in rows) == 40
    for _, n, mean, bonus, score in rows:
        assert score == pytest.approx(mean + bonus)
        assert bonus == pytest.approx(math.sqrt(2) * math.sqrt(math.log(40) / n))
    # the next iteration selects the highest score (the first on ties)
    best = max(rows, key=lambda r: r[4])[0]
    assert tree.select(tree.root).move == best


def test_a_budget_runs_out_even_when_iterations_reach_only_terminal_nodes():
    s = TicTacToe.parse("xx./oo./...")  # X wins at once: a tiny tree soon fully known
    game = TicTacToe()
    tree_only = TreeGame([[1, 2], [3]])
    for g, state in ((game, s), (tree_only, ())):
        d = run_anytime(mcts(g, state, iterations=None, budget=Budget(nodes=3000), seed=0))
        assert d is not None and d.stats.leaves <= 3000


def test_mcts_plays_pig_and_nannon_sampling_their_dice():
    from aisearch.games import Nannon, Pig

    pig = Pig()
    d = run_anytime(mcts(pig, pig.initial, iterations=200, seed=0))
    assert d.move in pig.moves(pig.initial) and 0 <= d.value <= 1
    nannon = Nannon()
    assert nannon.to_move(nannon.initial) == -1  # the game opens with a roll: no move to choose
    assert run_anytime(mcts(nannon, nannon.initial, iterations=50)).move is None
    rolled = nannon.result(nannon.initial, nannon.moves(nannon.initial)[0])
    d = run_anytime(mcts(nannon, rolled, iterations=300, seed=1))
    assert d.move in nannon.moves(rolled)


@pytest.mark.parametrize("outcomes", [
    tuple((face, 1 / 6) for face in range(1, 7)),
    (("a", 0.5), ("b", 0.25), ("c", 0.125), ("d", 0.125)),
    (("x", 0.1), ("y", 0.7), ("z", 0.2)),
    ((1, 1.0),),
    ((("White", 1), 5 / 30), (("Black", 1), 5 / 30), (("White", 2), 20 / 30)),
])
def test_a_chance_outcome_is_drawn_as_random_choices_draws_it(outcomes):
    from aisearch.core import outcome_sampler

    draw, ours, theirs = outcome_sampler(), random.Random(7), random.Random(7)
    kinds = [o for o, _ in outcomes]
    for _ in range(500):
        expected = theirs.choices(kinds, [p for _, p in outcomes])[0]
        assert draw("s", outcomes, ours) == expected
    assert ours.random() == theirs.random()  # (the same numbers drawn: the rest is alike)
    as_lists = [list(pair) for pair in outcomes]  # (not kept: it could change in place)
    assert draw("s", as_lists, random.Random(3)) == random.Random(3).choices(
        kinds, [p for _, p in outcomes])[0]


@pytest.mark.parametrize("outcomes", [(), (("a", 0), ("b", 1)), (("a", -1.0), ("b", 2.0)),
                                      (("heavy", 3), ("light", 1)), (("a", 0.5), ("b", 0.4)),
                                      [1, 2], (("a", "half"), ("b", 0.5))])
def test_outcomes_that_are_not_probabilities_are_refused_as_check_outcomes_says(outcomes):
    from aisearch.core import check_outcomes, outcome_sampler

    with pytest.raises((ValueError, TypeError)) as said:
        check_outcomes("s", outcomes)
    draw = outcome_sampler()
    for _ in range(2):  # (and again: what was refused is not kept)
        with pytest.raises(said.type, match=re.escape(str(said.value))):
            draw("s", outcomes, random.Random(0))


def test_play_and_mcts_playouts_refuse_a_chance_game_whose_probabilities_are_off():
    from aisearch.agents import random_agent

    class Weighted(TicTacToe):  # a chance throw before X's first move, 0.6 and 0.6
        has_chance = True

        def to_move(self, s):
            return -1 if s == TicTacToe.initial else super().to_move(s)

        def chance_outcomes(self, s):
            return ((4, 0.6), (0, 0.6))

    game = Weighted()
    with pytest.raises(ValueError, match="summing to 1.2"):
        play(game, [random_agent(0), random_agent(1)], rng=0)
    with pytest.raises(ValueError, match="summing to 1.2"):
        MCTS(game, TicTacToe.initial).playout(TicTacToe.initial)


def test_the_recorded_iterations_replay_in_the_stepper_step_by_step():
    """Each of MCTS's steps is an event kind with its own pseudocode line and words; the
    Selection event carries the UCB1 score the child was chosen by."""
    from aisearch.search import describe
    from aisearch.trace import Expansion, Selection, Simulation, Update
    from aisearch.widgets import StepperModel

    rec = Recorder()
    tree = MCTS(TTT, TicTacToe.parse("xx./oo./..."), seed=0, tracer=rec)
    for _ in range(12):
        tree.iterate()
    model = StepperModel(rec)
    code = describe("mcts").pseudocode
    lines = {}
    for i in range(1, len(model) + 1):
        model.goto(i)
        e = model.current_event
        if type(e) in (Selection, Expansion, Simulation, Update):
            lines.setdefault(type(e), set()).add(code.lines[model.pseudocode_line() - 1].strip())
    assert any(line.startswith("n ← the child j") for line in lines[Selection])
    assert lines[Expansion] >= {"if n is not terminal: n ← a new child for n's first untried "
                                "move"}
    assert all(line.startswith("r ← PLAYOUT") for line in lines[Simulation])
    assert all(line.startswith("N_m ← N_m + 1") for line in lines[Update])
    chosen = [e for e in rec.events if type(e) is Selection and e.score is not None]
    assert chosen and all(e.mean < e.score < math.inf for e in chosen)  # mean plus a bonus
    model.goto(len(model))
    assert model.description().startswith("Back up into the root: ")


def test_the_tree_read_from_the_recording_is_the_search_tree_at_every_iteration():
    from aisearch.trace import grown_tree

    rec = Recorder()
    game = TreeGame([[3, Chance([(0.5, [1, 9]), (0.5, [4])])], [2, 8]])
    tree = MCTS(game, game.initial, seed=2, tracer=rec, reward=scaled_rewards(0, 9))
    for k in range(1, 25):
        tree.iterate()
        grown = grown_tree(rec)
        assert grown.iterations == k == grown.root.visits
        stack = [(tree.root, grown.root)]
        while stack:
            node, seen = stack.pop()
            assert (node.n, sorted(node.children)) == (seen.visits, sorted(seen.children))
            stack.extend((node.children[m], seen.children[m]) for m in node.children)
        assert grown.ucb_terms() == [tuple(r) for r in tree.ucb_terms()]


def test_the_tree_read_from_the_recording_at_every_event_the_starts_too():
    """Up to an iteration's Start (no visit of it yet) the tree is the one before it, and
    the last iteration's path is the root's: no event of a recording is refused."""
    from aisearch.trace import grown_tree

    rec = Recorder()
    list(mcts(TicTacToe(), TicTacToe.parse("xx./oo./..."), iterations=10, tracer=rec))
    starts = [k for k, e in enumerate(rec.events) if type(e).__name__ == "Start"]
    assert len(starts) == 10
    for k in range(len(rec.events) + 1):
        grown = grown_tree(rec, k)
        if k - 1 in starts:
            assert grown.last_path == () and grown.iterations == starts.index(k - 1)


def test_the_agents_and_the_play_widget_take_mcts_by_its_registration():
    from aisearch.agents import anytime_agent
    from aisearch.widgets import PlayModel

    agent = anytime_agent(mcts, nodes=300)
    assert agent(TTT, TicTacToe.parse("xx./oo./...")) == 2 and agent.last.stats.leaves > 0
    with pytest.raises(ValueError, match="mcts takes no depth"):
        anytime_agent(mcts, depth=3, nodes=300)
    model = PlayModel(TTT, searcher=mcts, nodes=300)
    model.play(4)
    assert len(model.moves) == 2 and model.agent_name == "mcts(nodes=300)"


class Payoffs(TreeGame):
    """A one-move tree whose tip's utilities for MAX and MIN are given as they are."""

    def __init__(self, max_u, min_u):
        super().__init__([0])
        self.max_u, self.min_u = max_u, min_u

    def utility(self, s, player=MAX):
        return self.max_u if player == MAX else self.min_u


@pytest.mark.parametrize("bad", [math.nan, "1", None])
def test_rewards_refuse_a_utility_that_is_not_a_real_number_for_either_player(bad):
    for game in (Payoffs(bad, 0.0), Payoffs(0.0, bad), Payoffs(bad, bad)):
        with pytest.raises(ValueError, match="utilities must be real numbers"):
            rewards(game, (0,))


def test_scaled_rewards_give_min_the_complement_of_max():
    low_tip = TreeGame([2, 14, 8])
    assert scaled_rewards(2, 14)(low_tip, (0,)) == (0.0, 1.0)
    assert scaled_rewards(2, 14)(low_tip, (2,)) == (0.5, 0.5)
    assert scaled_rewards(2, 14)(low_tip, (1,)) == (1.0, 0.0)


@pytest.mark.parametrize("count", [2.5, "3", -1, True])
def test_ucb1_refuses_visits_that_are_not_counts(count):
    with pytest.raises(ValueError, match="must be a non-negative int"):
        ucb1(1, count, 10)
    with pytest.raises(ValueError, match="must be a non-negative int"):
        ucb1(0, 0, count)


class Fixed(random.Random):
    """A random source whose ``random()`` gives ``x`` (the rest as a seeded Random)."""

    def __init__(self, x):
        super().__init__(0)
        self.x = x

    def random(self):
        return self.x


def test_a_chance_outcome_covers_its_probability_from_the_one_before_up_to_its_own():
    game = TreeGame(Chance([(0.5, [0]), (0.5, [10])]))
    for x, outcome in ((0.0, 0), (0.4999999999999999, 0), (0.5, 1), (0.9999999999999999, 1)):
        tree = MCTS(game, game.initial, seed=1, reward=scaled_rewards(0, 10))
        tree.rng = Fixed(x)
        tree.iterate()
        assert list(tree.root.children) == [outcome], x


def test_a_draw_beyond_the_rounded_sum_of_probabilities_takes_the_last_outcome():
    tenths = [(0.1, [k]) for k in range(10)]
    x = 0.9999999999999999  # the largest float below 1, and the sum of ten 0.1s
    assert sum(p for p, _ in tenths) <= x < 1.0
    game = TreeGame(Chance(tenths))
    tree = MCTS(game, game.initial, seed=1, reward=scaled_rewards(0, 10))
    tree.rng = Fixed(x)
    tree.iterate()
    assert list(tree.root.children) == [9]


def test_a_chance_node_selected_again_has_its_outcomes_checked_as_in_a_playout():
    # With value= no playout draws from a chance node: the selection step draws from it,
    # and must refuse probabilities that do not sum to 1 as a playout does.
    from aisearch.games import Pig

    class HalfDice(Pig):
        def chance_outcomes(self, s):
            return tuple((o, p / 2) for o, p in super().chance_outcomes(s))

    game = HalfDice(goal=10)
    tree = MCTS(game, game.result(game.initial, "roll"), seed=0, value=lambda s: 0.5)
    with pytest.raises(ValueError, match="sum"):
        for _ in range(20):
            tree.iterate()


class _StuckBelow(TreeGame):
    """State (0, 0) is not terminal and has no moves: the playout from (0,), whose one move
    leads there, reaches it before any node of the tree does."""

    def __init__(self, empty):
        super().__init__([[[1, 2]], [4, 5]])
        self.empty = empty

    def moves(self, s):
        return self.empty if s == (0, 0) else super().moves(s)

    def is_terminal(self, s):
        return False if s == (0, 0) else super().is_terminal(s)


@pytest.mark.parametrize("empty", [(), []], ids=["tuple", "list"])
def test_a_playout_that_reaches_a_state_without_moves_names_it(empty):
    with pytest.raises(ValueError, match=r"mcts: _StuckBelow\.moves returned no moves .*"
                                         r"\(\(0, 0\)\)"):
        list(mcts(_StuckBelow(empty), (), iterations=2, seed=0))


def test_a_playout_policy_that_fails_is_not_taken_for_a_state_without_moves():
    def policy(s, moves, rng):
        return moves[len(moves)]  # (a slip: one past the end)

    with pytest.raises(IndexError):
        list(mcts(TreeGame([[[1, 2], 3], [4, 5]]), (), iterations=20, seed=0, policy=policy))
