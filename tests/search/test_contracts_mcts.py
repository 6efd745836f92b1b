"""Monte Carlo tree search, statistic by statistic.

- With a value function and no chance, MCTS draws no random numbers: its whole tree (every
  node's visits and rewards) is compared with a reference UCT written here from the module's
  description (UCB1 with the parent's visits under the logarithm, the mean for the player to
  move, ties to the first move, one expansion per iteration in move order, rewards backed up
  for every player).
- Chance outcomes (in the tree and in playouts) and playout moves are sampled with the right
  frequencies: checked by a chi-square test at a fixed seed, with a threshold (p = 0.001)
  that a wrong distribution exceeds many times over.
- ``value(s)`` is MAX's expected reward whoever is to move, and is never asked at a terminal
  state; the decision's value is MAX's mean even when MIN moves at the root; an unvisited
  node's mean is 1/2.
"""

from __future__ import annotations

import math
from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from aisearch.core import MAX
from aisearch.games import Chance, Max, Min, TicTacToe, TreeGame, TupleTree
from aisearch.search import MCTS, Budget, mcts, mcts_agent, scaled_rewards, ucb1
from aisearch.search.runtime.anytime import run_anytime
from aisearch.trace import EVENT_KINDS, Recorder

Simulation = EVENT_KINDS["Simulation"]


# -- a reference UCT ----------------------------------------------------------------------
class Node:
    def __init__(self, game, s, move=None):
        self.s, self.move = s, move
        self.player = game.to_move(s)
        self.terminal = game.is_terminal(s)
        self.untried = [] if self.terminal else list(game.moves(s))
        self.children = []
        self.n, self.w = 0, [0.0, 0.0]


def reference_tree(game, iterations, value, c=1.4142135623730951):
    """The root of a UCT tree after ``iterations`` (no chance nodes; ``value(s)``: MAX's
    reward at non-terminal states; terminal states score a win 1, a draw 1/2, a loss 0)."""
    root = Node(game, game.initial)
    for _ in range(iterations):
        node, path = root, [root]
        while not node.terminal:
            if node.untried:
                m = node.untried.pop(0)
                child = Node(game, game.result(node.s, m), m)
                node.children.append(child)
                path.append(child)
                node = child
                break
            p = node.player

            def score(j, p=p, parent=node):
                return j.w[p] / j.n + c * math.sqrt(math.log(parent.n) / j.n)

            best = node.children[0]
            for j in node.children[1:]:
                if score(j) > score(best):
                    best = j
            node = best
            path.append(node)
        if node.terminal:
            u = game.utility(node.s)
            r = (1.0, 0.0) if u > 0 else (0.0, 1.0) if u < 0 else (0.5, 0.5)
        else:
            v = value(node.s)
            r = (float(v), 1.0 - float(v))
        for m in path:
            m.n += 1
            m.w[0] += r[0]
            m.w[1] += r[1]
    return root


def same_tree(ours, theirs, path=()):
    assert (theirs.n, theirs.w) == (ours.n, ours.w), path
    assert list(theirs.children) == [j.move for j in ours.children], path
    for j in ours.children:
        same_tree(j, theirs.children[j.move], path + (j.move,))


def most_visited(node):
    best = None
    for j in node.children:
        if best is None or j.n > best.n:
            best = j
    return best


tips = st.integers(-2, 2)


def internal(children):
    kids = st.lists(children, min_size=1, max_size=3)
    return kids | st.builds(Min, kids) | st.builds(Max, kids)


trees = st.builds(TreeGame, st.recursive(tips, internal, max_leaves=16),
                  first=st.sampled_from([0, 1]))


def win_chance(s):
    """A value function: MAX's reward in [0, 1], different for most states."""
    return ((sum(s) * 7 + len(s) * 3) % 11) / 10


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(game=trees, iterations=st.integers(1, 40), c=st.sampled_from([0.0, 0.5, math.sqrt(2)]))
def test_mcts_with_a_value_function_grows_the_tree_uct_prescribes(game, iterations, c):
    tree = MCTS(game, game.initial, c=c, value=win_chance)
    for _ in range(iterations):
        tree.iterate()
    ref = reference_tree(game, iterations, win_chance, c)
    same_tree(ref, tree.root)
    d = tree.decision()
    first = most_visited(ref)
    assert d.move == (first.move if first is not None else None)
    shown = first if first is not None else ref  # (a root without children: its own mean)
    assert d.value == (shown.w[0] / shown.n if shown.n else 0.5)
    line, node = [], ref
    while (node := most_visited(node)) is not None:
        line.append(node.move)
    assert d.pv == tuple(line)
    assert (d.stats.nodes, d.stats.leaves) == (tree.nodes, iterations)


def test_the_decisions_value_is_maxs_mean_when_min_moves_at_the_root():
    """MIN to move; MAX's reward is 0.2 below move 0 and 0.1 below move 1 (long lines, no
    playout reaches their ends): MIN's best move leaves MAX 0.1, the value reported."""
    line = 0
    for _ in range(12):
        line = [line]
    game = TreeGame([line, line], first=1)
    tree = MCTS(game, game.initial, value=lambda s: 0.1 if s[0] == 1 else 0.2, c=0.1)
    for _ in range(10):
        tree.iterate()
    d = tree.decision()
    assert d.move == 1 and d.value == pytest.approx(0.1)
    assert tree.root.children[1].n > tree.root.children[0].n
    assert tree.root.mean(0) == pytest.approx((0.2 * tree.root.children[0].n + 0.1 * (
        tree.root.children[1].n)) / 10)


def test_an_unvisited_node_has_mean_one_half_and_no_decision():
    game = TreeGame([[3, 4], [5]])
    tree = MCTS(game, game.initial)
    assert tree.root.mean(0) == tree.root.mean(1) == 0.5
    d = tree.decision()
    assert (d.move, d.value, d.pv) == (None, 0.5, ())
    tree.iterate()
    rows = tree.ucb_terms()  # (move, visits, mean, bonus, UCB1)
    assert rows[0][:3] == (0, 1, 1.0) and rows[0][4] == 1.0  # ln 1 = 0: no bonus yet
    assert rows[1][:2] == (1, 0) and rows[1][4] == math.inf  # not yet seen


# -- the value function -------------------------------------------------------------------
def test_the_value_function_gives_maxs_reward_whoever_is_to_move():
    game = TreeGame([[3, 4], [5]], first=1)  # MIN at the root, MAX below
    for s in [(), (0,), (1,)]:
        tree = MCTS(game, game.initial, value=lambda s: 0.75)
        assert tree.playout(s) == (0.75, 0.25)


def test_the_value_function_is_never_asked_at_a_terminal_state():
    asked = []

    def value(s):
        asked.append(s)
        return 0.0  # (MAX never wins, it says)

    game = TreeGame([4, [1, -2]])
    tree = MCTS(game, game.initial, value=value)
    assert tree.playout((0,)) == (1.0, 0.0)  # the tip 4: MAX has won
    assert tree.playout((1, 1)) == (0.0, 1.0)
    assert asked == []
    rec = Recorder()
    tree = MCTS(game, game.initial, value=value, tracer=rec)
    for _ in range(4):
        tree.iterate()
    sims = [e for e in rec.events if type(e) is Simulation]
    assert [(e.path, e.by, e.value) for e in sims] == [
        ((0,), "terminal", 1.0), ((1,), "value", 0.0), ((0,), "terminal", 1.0),
        ((0,), "terminal", 1.0)]
    assert asked == [(1,)]


# -- frequencies --------------------------------------------------------------------------
CHI2_P001 = {1: 10.83, 2: 13.82, 3: 16.27}  # chi-square at p = 0.001, by degrees of freedom


def chi_square(counts, probabilities):
    n = sum(counts)
    return sum((k - n * p) ** 2 / (n * p) for k, p in zip(counts, probabilities, strict=True))


def test_chance_outcomes_in_the_tree_are_followed_with_their_probabilities():
    ps = (0.5, 0.3, 0.2)
    game = TreeGame(Chance([(p, t) for p, t in zip(ps, (1, 2, 3), strict=True)]))
    tree = MCTS(game, game.initial, seed=5, reward=scaled_rewards(0, 4))
    for _ in range(3000):
        tree.iterate()
    counts = [tree.root.children[m].n for m in range(3)]
    assert sum(counts) == 3000
    assert chi_square(counts, ps) < CHI2_P001[2]
    for wrong in [(1 / 3, 1 / 3, 1 / 3), (0.2, 0.3, 0.5), (0.3, 0.5, 0.2)]:
        assert chi_square(counts, wrong) > 10 * CHI2_P001[2]
    assert tree.root.w[0] / tree.root.n == pytest.approx((0.5 + 0.3 * 2 + 0.2 * 3) / 4,
                                                        abs=0.01)


def test_chance_outcomes_in_playouts_are_sampled_with_their_probabilities():
    ps = (0.6, 0.3, 0.1)
    game = TreeGame([Chance([(p, t) for p, t in zip(ps, (0, 1, 2), strict=True)])])
    tree = MCTS(game, game.initial, seed=11, reward=scaled_rewards(0, 2))
    seen = Counter(tree.playout((0,))[0] for _ in range(4000))
    counts = [seen[0.0], seen[0.5], seen[1.0]]
    assert sum(counts) == 4000
    assert chi_square(counts, ps) < CHI2_P001[2]
    for wrong in [(1 / 3, 1 / 3, 1 / 3), (0.1, 0.3, 0.6), (0.3, 0.6, 0.1)]:
        assert chi_square(counts, wrong) > 10 * CHI2_P001[2]


def test_playout_moves_are_drawn_uniformly():
    game = TreeGame([[0, 1, 2, 3]], first=0)  # a MIN node with four moves
    tree = MCTS(game, game.initial, seed=2, reward=scaled_rewards(0, 3))
    seen = Counter(tree.playout((0,))[0] for _ in range(4000))
    counts = [seen[k / 3] for k in range(4)]
    assert sum(counts) == 4000
    assert chi_square(counts, [0.25] * 4) < CHI2_P001[3]
    for wrong in [(0.4, 0.2, 0.2, 0.2), (0.2, 0.2, 0.2, 0.4), (1 / 3, 1 / 3, 1 / 3, 0)]:
        assert chi_square(counts, [max(p, 1e-9) for p in wrong]) > 10 * CHI2_P001[3]


def test_a_policy_chooses_the_playout_moves():
    game = TreeGame([[0, 1, 2, 3]])
    tree = MCTS(game, game.initial, policy=lambda s, ms, rng: ms[-1],
                reward=scaled_rewards(0, 3))
    assert {tree.playout((0,)) for _ in range(20)} == {(1.0, 0.0)}


# -- rewards and UCB1 ---------------------------------------------------------------------
def test_rewards_with_three_players_count_the_players_beaten_ties_half():
    game = TupleTree([[[(3, 1, 1)], [(0, 5, 5)]]])
    tree = MCTS(game, game.initial)
    assert tree.playout((0, 0, 0)) == (1.0, 0.25, 0.25)
    assert tree.playout((0, 1, 0)) == (0.0, 0.75, 0.75)


def test_with_three_players_every_node_on_the_path_adds_each_players_reward():
    """Two iterations expand both moves of the root and play each out to its tip: the root
    holds the sum of the two tips' rewards, each child its own, one per player."""
    game = TupleTree([[(3, 1, 1)], [(0, 5, 5)]])
    tree = MCTS(game, game.initial)
    tree.iterate()
    tree.iterate()
    first, second = (tree.root.children[m] for m in (0, 1))
    assert (tree.root.n, tree.root.w) == (2, [1.0, 1.0, 1.0])
    assert (first.n, first.w) == (1, [1.0, 0.25, 0.25])
    assert (second.n, second.w) == (1, [0.0, 0.75, 0.75])


@settings(max_examples=300, deadline=None)
@given(visits=st.integers(1, 1000), extra=st.integers(0, 1000), share=st.floats(0, 1),
       c=st.floats(0, 5))
def test_ucb1_is_the_mean_plus_the_exploration_term(visits, extra, share, c):
    total = share * visits
    expected = total / visits + c * math.sqrt(math.log(visits + extra) / visits)
    assert ucb1(total, visits, visits + extra, c) == pytest.approx(expected, rel=1e-12,
                                                                   abs=1e-12)
    assert ucb1(0, 0, extra, c) == math.inf


def test_mcts_yields_a_decision_after_every_batch_and_at_the_end():
    game = TreeGame([[3, 4], [5, 1]])
    runs = list(mcts(game, game.initial, iterations=250, batch=100, value=win_chance))
    assert [d.stats.leaves for d in runs] == [100, 200, 250]


# -- budgets, the end of the game, chance nodes in the tree -------------------------------
def consistent(tree, game):
    """Every node: visits = the iterations through it; its children and untried moves are
    its moves, the untried ones in the game's order; the tree counts its nodes."""
    count, stack = 0, [tree.root]
    while stack:
        node = stack.pop()
        count += 1
        assert node.n >= 1 or node is tree.root
        kids = sum(j.n for j in node.children.values())
        assert kids <= node.n and node.n - kids <= node.n
        if not node.terminal and node.player != -1:
            moves = list(game.moves(node.state))
            assert sorted(node.children, key=moves.index) + node.untried == moves
        stack.extend(node.children.values())
    assert count == tree.nodes
    assert tree.root.n == tree.iterations


@pytest.mark.parametrize("nodes", [1, 2, 3, 7, 20, 61, 150])
def test_a_node_budget_drops_the_unfinished_iteration_and_leaves_the_tree_whole(nodes):
    from aisearch.games import TicTacToe
    from aisearch.search import Budget

    game = TicTacToe()
    tree = MCTS(game, game.initial, seed=nodes, budget=Budget(nodes=nodes))
    runs = list(tree.run(iterations=None, batch=5))
    consistent(tree, game)
    assert runs[-1].stats.leaves == tree.iterations < nodes + 1
    assert [d.stats.leaves for d in runs[:-1]] == list(range(5, 5 * len(runs) - 4, 5))
    bigger = MCTS(game, game.initial, seed=nodes)
    for _ in range(tree.iterations):
        bigger.iterate()
    assert bigger.decision() == tree.decision()  # the same iterations, the same tree


def test_at_the_end_of_the_game_one_decision_and_no_move():
    game = TreeGame([[3, 4]])
    runs = list(mcts(game, (0, 1), iterations=500, batch=100))
    assert len(runs) == 1 and runs[0].move is None and runs[0].stats.leaves == 100
    assert runs[0].value == 1.0  # MAX has won there (4 > 0)


def test_below_a_chance_node_the_line_stops_and_the_terms_list_its_outcomes():
    game = TreeGame([Chance([(0.5, [1, 2]), (0.5, [3, 4])]), 0])
    tree = MCTS(game, game.initial, seed=1, c=1.0)
    for _ in range(60):
        tree.iterate()
    d = tree.decision()
    assert d.move == 0 and d.pv == (0,)  # what follows depends on the dice
    chance = tree.root.children[0]
    rows = tree.ucb_terms(chance)
    assert sorted(row[0] for row in rows) == [0, 1]
    for m, n, mean, bonus, score in rows:
        j = chance.children[m]
        assert (n, mean) == (j.n, j.w[0] / j.n)  # the mean of MAX, who moved into it
        assert bonus == pytest.approx(math.sqrt(math.log(chance.n) / j.n))
        assert score == pytest.approx(mean + bonus)
    consistent(tree, game)


# -- what a value function and a reward function may return ------------------------------
def test_a_value_or_reward_may_be_an_int_a_list_or_a_tuple_in_0_to_1():
    game = TreeGame([[3, 4], [5]])
    assert MCTS(game, (), value=lambda s: 1).playout((0,)) == (1.0, 0.0)
    assert MCTS(game, (), value=lambda s: 0).playout((0,)) == (0.0, 1.0)
    assert MCTS(game, (), value=lambda s: (0.25, 0.75)).playout((0,)) == (0.25, 0.75)
    assert MCTS(game, (), reward=lambda g, s, n: [1, 0]).playout((1, 0)) == (1.0, 0.0)
    assert MCTS(game, (), reward=lambda g, s, n: (0, 1.0)).playout((1, 0)) == (0.0, 1.0)
    for bad in (1.5, -0.1, True, (0.5,), (0.5, 2.0), "1", (-0.5, 1.0), (True, False)):
        with pytest.raises(ValueError, match="value"):
            MCTS(game, (), value=lambda s, b=bad: b).playout((0,))
    for bad in ((1.5, 0.0), (-0.5, 1.0), (0.5, 1.5), (0.5,), [0.5, -1], (True, 0.0), 1.0, None,
                (-0.25, -0.75), (1.5, 2.0), (0.0, -0.5), (1.0, 1.5)):  # (every one out, too)
        with pytest.raises(ValueError, match="reward"):
            MCTS(game, (), reward=lambda g, s, n, b=bad: b).playout((1, 0))


@pytest.mark.parametrize("c", [0, 0.0, 2, 7.5])
def test_any_finite_exploration_constant_from_zero_up_is_taken(c):
    game = TreeGame([[3, 4], [5]])
    tree = MCTS(game, (), c=c, value=win_chance)
    for _ in range(5):
        tree.iterate()
    assert tree.c == c and tree.root.n == 5
    for bad in (-1e-9, math.inf, True, "1"):
        with pytest.raises(ValueError, match="exploration"):
            MCTS(game, (), c=bad)


def test_rewards_and_values_at_the_ends_of_0_to_1_are_taken_as_floats():
    game = TreeGame([[3, 4], [5]])
    for v in ((0.0, 1.0), (1, 0), (1.0, 0), (0, 1)):
        r = MCTS(game, (), value=lambda s, v=v: v).playout((0,))
        assert r == v and all(type(x) is float for x in r)
        r = MCTS(game, (), reward=lambda g, s, n, v=v: v).playout((1, 0))
        assert r == v and all(type(x) is float for x in r)


def test_one_iteration_in_batches_of_one_is_a_search():
    game = TreeGame([[3, 4], [5]])
    runs = list(MCTS(game, (), value=win_chance).run(iterations=1, batch=1))
    assert [d.stats.leaves for d in runs] == [1]
    runs = list(MCTS(game, (), value=win_chance).run(iterations=3, batch=1))
    assert [d.stats.leaves for d in runs] == [1, 2, 3]
    for bad in (0, -1, 1.5, None):
        with pytest.raises(ValueError, match="batch"):
            MCTS(game, ()).run(iterations=3, batch=bad)


def test_ucb1_and_scaled_rewards_refuse_arguments_just_outside_their_ranges():
    for args in [(1, 2, 5, math.inf), (-0.5, 2, 5, 1.0), (2.5, 2, 5, 1.0)]:
        with pytest.raises(ValueError):
            ucb1(*args)
    assert ucb1(0, 2, 5, 0) == 0 and ucb1(2, 2, 5, 0) == 1
    for low, high in [(3, 3), (4, 3)]:
        with pytest.raises(ValueError, match="low must be below high"):
            scaled_rewards(low, high)


def test_a_chance_node_with_one_sure_outcome_is_always_followed_there():
    game = TreeGame([Chance([(1.0, [3, 4])]), 0])
    tree = MCTS(game, game.initial, seed=0)
    for _ in range(20):
        tree.iterate()
    chance = tree.root.children[0]
    assert list(chance.children) == [0] and chance.children[0].n == chance.n - 1  # (+ its own)
    consistent(tree, game)


def test_the_options_of_a_tree_are_keywords_only():
    game = TreeGame([[3, 4], [5]])
    with pytest.raises(TypeError):
        MCTS(game, (), 1.0)  # (c given by position)
    assert MCTS(game, (), c=1.0).c == 1.0


class Bare:
    """A game that does not derive from ``Game``: the protocol's methods only (no
    ``initial``, no ``has_chance``)."""

    def __init__(self, game):
        self.game = game

    def to_move(self, s):
        return self.game.to_move(s)

    def moves(self, s):
        return self.game.moves(s)

    def result(self, s, m):
        return self.game.result(s, m)

    def is_terminal(self, s):
        return self.game.is_terminal(s)

    def utility(self, s, player=0):
        return self.game.utility(s, player)

    def chance_outcomes(self, s):
        return self.game.chance_outcomes(s)


def test_a_game_not_derived_from_game_needs_no_initial_and_is_checked_for_chance():
    """A tree starts from the state it is given; a game that does not say it has no chance
    nodes is checked for them in playouts (Game's ``has_chance``)."""
    ps = (0.6, 0.3, 0.1)
    inner = TreeGame([Chance([(p, t) for p, t in zip(ps, (0, 1, 2), strict=True)])])
    game = Bare(inner)
    assert not hasattr(game, "initial") and not hasattr(game, "has_chance")
    tree = MCTS(game, (), seed=11, reward=scaled_rewards(0, 2))
    seen = Counter(tree.playout((0,))[0] for _ in range(4000))
    counts = [seen[0.0], seen[0.5], seen[1.0]]
    assert chi_square(counts, ps) < CHI2_P001[2]
    assert tree.players == 2 and len(tree.root.w) == 2  # (two players unless it says)
    assert {tree.playout((0, 0)), tree.playout((0, 2))} == {(0.0, 1.0), (1.0, 0.0)}


def test_every_move_has_its_terms_row_the_unvisited_ones_too():
    game = TreeGame([[3, 4], [5], [1, 2], 0])
    tree = MCTS(game, (), value=win_chance)
    tree.iterate()
    rows = tree.ucb_terms()
    assert [row[:2] for row in rows] == [(0, 1), (1, 0), (2, 0), (3, 0)]
    assert all(row[4] == math.inf and math.isnan(row[2]) for row in rows[1:])


def test_each_iteration_adds_one_node_below_chance_nodes_too():
    """One expansion per iteration: below a chance node, the outcome sampled is added and
    played out from (not expanded further in the same iteration)."""
    game = TreeGame([Chance([(0.5, [[1, 2], [3, 4]]), (0.5, [[5, 6], [7, 8]])]),
                     [[1, 2], [3, 4]]])
    tree = MCTS(game, (), seed=3)
    for i in range(1, 12):
        tree.iterate()
        assert tree.nodes == i + 1
    consistent(tree, game)


def test_terminal_and_chance_nodes_have_no_untried_moves():
    from aisearch.games import TicTacToe

    for game, s in [(TicTacToe(), TicTacToe.parse("xx./oo./...")),
                    (TreeGame([Chance([(0.5, [1, 2]), (0.5, [3, 4])]), 0]), ())]:
        tree = MCTS(game, s, seed=0)
        for _ in range(200):
            tree.iterate()
        stack, seen = [tree.root], set()
        while stack:
            node = stack.pop()
            if node.terminal or node.player == -1:
                assert node.untried == [], node
                seen.add("terminal" if node.terminal else "chance")
            stack.extend(node.children.values())
        assert "terminal" in seen


def test_without_a_seed_a_tree_grows_as_with_seed_0_and_a_bad_batch_is_refused_anyway():
    from aisearch.games import TicTacToe
    from aisearch.search import Budget

    game = TicTacToe()
    trees = [MCTS(game, game.initial), MCTS(game, game.initial, seed=0),
             MCTS(game, game.initial, seed=1)]
    for tree in trees:
        for _ in range(30):
            tree.iterate()
    decided = [t.decision() for t in trees]
    terms = [t.ucb_terms() for t in trees]
    assert decided[0] == decided[1] and terms[0] == terms[1] and terms[0] != terms[2]
    tree = MCTS(game, game.initial, budget=Budget(nodes=50))
    for bad in (0, -1, 1.5, None):
        with pytest.raises(ValueError, match="batch"):
            tree.run(iterations=None, batch=bad)


def test_after_a_playout_that_failed_the_tree_still_answers():
    """A reward function that raises stops the iteration; the move it had added shows as
    unvisited (no visits, mean and bonus nan, UCB1 inf) and the next iteration goes on."""
    game = TreeGame([[3, 4], [5], [1, 2]])
    calls = []

    def flaky(game, s, players):
        calls.append(s)
        if len(calls) == 1:
            raise RuntimeError("a slip in the student's reward")
        return (1.0, 0.0)

    tree = MCTS(game, (), reward=flaky)
    with pytest.raises(RuntimeError):
        tree.iterate()
    rows = tree.ucb_terms()
    assert [row[:2] for row in rows] == [(0, 0), (1, 0), (2, 0)]
    assert math.isnan(rows[0][2]) and rows[0][4] == math.inf
    assert tree.decision().value == 0.5
    tree.iterate()  # (the next untried move)
    assert tree.root.n == 1 and tree.root.children[1].n == 1


def test_an_agent_whose_budget_ends_before_the_first_iteration_plays_the_first_move():
    game = TicTacToe()
    s = TicTacToe.parse("o../xx./..o")  # X to move: cell 5 wins, its first move is cell 1
    agent = mcts_agent(None, nodes=1)  # (the root alone: no playout fits)
    assert agent(game, s) == game.moves(s)[0] and agent.last.move is None
    searched = mcts_agent(None, nodes=2000)
    assert searched(game, s) != game.moves(s)[0] and searched.last.move is not None


def test_no_reward_is_the_default_and_numpy_rewards_and_values_are_numbers():
    game = TicTacToe()
    s = TicTacToe.parse("xx./oo./...")
    default = run_anytime(mcts(game, s, iterations=30))
    assert run_anytime(mcts(game, s, iterations=30, reward=None)) == default
    assert mcts_agent(30, reward=None)(game, s) == default.move == 2
    half = run_anytime(mcts(game, s, iterations=30, value=lambda s: np.float32(0.5)))
    assert half == run_anytime(mcts(game, s, iterations=30, value=lambda s: 0.5))
    assert MCTS(game, s, c=np.float32(1.5)).c == 1.5
    assert mcts_agent(30, c=np.int64(2))(game, s) == 2  # (X completes the top row)
    win = run_anytime(mcts(game, s, iterations=30,
                           reward=lambda g, s, p: (np.float32(1), np.float32(0))))
    assert win.value == 1.0


def test_a_game_that_can_go_on_for_ever_is_searched_under_a_budget_or_with_a_value():
    from aisearch.games import TwoRobots

    walled = TwoRobots.parse("\n. . # . .\nB . # . W\n")
    spent = run_anytime(mcts(walled, walled.initial, iterations=None, budget=Budget(nodes=300)))
    assert spent.stats.leaves == 0  # (the first playout wanders until the budget is spent)
    valued = run_anytime(mcts(walled, walled.initial, iterations=20, value=lambda s: 0.5))
    assert valued.stats.leaves == 20


def test_scaled_rewards_flip_a_zero_sum_payoff_and_scale_each_payoff_of_other_games():
    zero_sum, general = TreeGame([[2, 6]]), TupleTree([[(1, 2), (3, 8)]])
    reward = scaled_rewards(0, 8)
    assert reward(zero_sum, (0, 0), 2) == (0.25, 0.75)  # MIN's -2 is off the scale: 1 - 0.25
    assert reward(general, (0, 1), 2) == (0.375, 1.0)  # each player's own payoff
    assert scaled_rewards(np.int64(0), np.float64(8))(general, (0, 0), 2) == (0.125, 0.25)
    # In this general-sum tree the player to move at (0,) is the second: it takes 8 over 2.
    d = run_anytime(mcts(general, general.initial, iterations=200, reward=reward))
    assert d.pv == (0, 1)


def test_selection_goes_first_to_a_child_whose_playout_failed():
    """Once every move is tried, a child left unvisited by a failed playout has UCB1 +inf:
    selection takes it before the visited ones, the first such child on ties."""
    game = TreeGame([[3, 4], [5], [1, 2]])
    fails = {(0, 1), (1, 0)}  # the playouts of children 0 and 1 (the last move each time)

    def flaky(game, s, players):
        if s in fails:
            fails.discard(s)
            raise RuntimeError("a slip in the student's reward")
        return (1.0, 0.0)

    tree = MCTS(game, (), reward=flaky, policy=lambda s, ms, rng: ms[-1])
    for _ in range(3):
        try:
            tree.iterate()
        except RuntimeError:
            pass
    root = tree.root
    assert [root.children[m].n for m in (0, 1, 2)] == [0, 0, 1] and not root.untried
    assert tree.select(root) is root.children[0]
    tree.iterate()
    assert root.children[0].n == 1 and root.children[0].children[0].path == (0, 0)
    assert tree.select(root) is root.children[1]


def test_a_run_makes_1000_iterations_in_batches_of_100_unless_told():
    game = TreeGame([[3, 4], [5], [1, 2]])
    runs = list(MCTS(game, (), value=win_chance).run())
    assert [d.stats.leaves for d in runs] == list(range(100, 1001, 100))


def test_a_node_shows_its_rewards_to_three_decimals_and_a_state_must_be_hashable():
    game = TreeGame([[3, 4], [5]])
    tree = MCTS(game, (), value=lambda s: 1 / 3)
    tree.iterate()
    assert repr(tree.root) == "MCTSNode(path=(), n=1, w=[0.333, 0.667])"
    assert repr(tree.root.children[0]) == "MCTSNode(path=(0,), n=1, w=[0.333, 0.667])"
    with pytest.raises(TypeError, match="states must be hashable; got list"):
        MCTS(game, [0])


def test_at_a_chance_root_the_value_is_the_mean_over_the_outcomes_listed_in_order():
    """No move is chosen at a chance node: the decision's value is MAX's mean reward over
    all the outcomes (it was the most sampled outcome's), and the UCB1 table lists the
    outcomes in the game's order (it listed them as they were first sampled)."""
    game = TreeGame(Chance([(0.25, [-1, -1]), (0.5, [1, -1]), (0.25, [1, 1])]))
    for seed in range(3):
        tree = MCTS(game, game.initial, seed=seed)
        for _ in range(400):
            tree.iterate()
        d = tree.decision()
        assert d.move is None and d.value == tree.root.mean(MAX)
        assert abs(d.value - 0.75) < 0.1  # (a 0 and a 1 for sure, a 1 on one side of 1/2)
        assert [row[0] for row in tree.ucb_terms()] == [0, 1, 2]
