"""Exercise 08's references agree with the package, and each named bug is caught, with its
own feedback, on every one of 30 seeds."""

from __future__ import annotations

import math
import random

import pytest

from aisearch.games import TicTacToe
from aisearch.grading.exercises.ex08_mcts_and_more_players import bugs, checks, whole
from aisearch.grading.question import Context, Fail, Score
from aisearch.search import MCTS

SEEDS = range(30)
PIECES = sorted(n for n in bugs.REFERENCES if n != "mcts_move")  # the whole MCTS: below
PIECE_BUGS = [b for n in PIECES for b in bugs.CATALOGUE[n]]


@pytest.mark.parametrize("name", PIECES)
def test_the_references_pass_on_every_seed(name):
    for seed in SEEDS:
        assert checks.check(Context(bugs.REFERENCES, seed=seed, qid=name), name) is None


@pytest.mark.parametrize("bug", PIECE_BUGS, ids=lambda b: b.name)
def test_every_named_bug_is_caught_and_named_on_every_seed(bug):
    name = next(n for n, listed in bugs.CATALOGUE.items() if bug in listed)
    for seed in SEEDS:
        namespace = {**bugs.REFERENCES, name: bug.impl}
        with pytest.raises(Fail) as failed:
            checks.check(Context(namespace, seed=seed, qid=name), name)
        assert failed.value.bug == bug.key and bug.kind.feedback in failed.value.feedback


def _emptying_select_child(children, parent_visits, c):
    children[1:] = []  # leaves the grader one child: its own answer would be this one
    return children[0][0]


def _emptying_backup(stats, movers, r):
    stats[:], movers[:] = [], []
    return []


def _clearing_select_child(children, parent_visits, c):
    children.clear()  # the grader's max() over no children raised: a grader error
    return "a"


@pytest.mark.parametrize("name, f", [("select_child", _emptying_select_child),
                                     ("backup", _emptying_backup),
                                     ("select_child", _clearing_select_child)])
def test_a_function_that_changes_its_arguments_cannot_change_the_expected_answer(name, f):
    for seed in range(10):
        with pytest.raises(Fail, match="random cases wrong"):
            checks.check(Context({**bugs.REFERENCES, name: f}, seed=seed, qid=name), name)


def test_the_backup_reference_is_what_the_package_mcts_does():
    """One iteration of the package's MCTS changes (n, w) along its path as backup says."""
    tree = MCTS(TicTacToe(), TicTacToe.parse("x../.o./..."), seed=3)
    for _ in range(30):
        tree.iterate()
    node, path = tree.root, [tree.root]
    while node.children:
        node = tree.select(node)
        path.append(node)
    movers = [None] + [m.player for m in path[:-1]]  # who moved into each node

    def stats():
        return [(m.n, m.w[0 if who is None else who]) for m, who in zip(path, movers, strict=True)]

    before = stats()
    tree.iterate()
    after = stats()
    grew = [a for a, b in zip(after, before, strict=True) if a != b]
    assert grew  # the iteration went down this path (selection is deterministic)
    r = after[0][1] - before[0][1]
    expected = bugs.backup(before, movers, r)
    assert [(n, round(w, 9)) for n, w in expected[:len(grew)]] == [
        (n, round(w, 9)) for n, w in after[:len(grew)]]
    assert math.isclose(sum(w for _, w in after[:1]), before[0][1] + r)


def test_the_cases_hold_every_kind_of_outcome():
    rng = random.Random(0)
    outcomes = {game.utility(s, 0) for game, s in checks.cases("reward", rng)}
    assert outcomes == {math.inf, 0, -math.inf}
    assert any(v == 0 for args in checks.cases("ucb1_score", rng) for v in args[1:2])


# -- the whole MCTS (question 08.mcts) -----------------------------------------------------
def test_the_whole_reference_has_the_package_visits_and_full_marks():
    """(The 30 seeds of the reference run in tests/grading/test_bugs_on_30_seeds.py.)"""
    rng = random.Random(5)
    for game, state, n, seed in whole.tree_cases(rng):
        assert bugs.mcts_move(game, state, n, seed)[1] == whole._visits(game, state, n, seed)
    assert whole.check_mcts(Context(bugs.REFERENCES, seed=2)) is None


@pytest.mark.parametrize("bug", bugs.CATALOGUE["mcts_move"], ids=lambda b: b.name)
def test_a_whole_mcts_built_on_a_wrong_piece_is_named_on_every_seed(bug):
    for seed in SEEDS:
        with pytest.raises(Fail) as failed:
            whole.check_mcts(Context({"mcts_move": bug.impl}, seed=seed))
        assert failed.value.bug == bug.key and bug.kind.feedback in failed.value.feedback


def test_the_fixed_trees_hold_what_each_bug_needs():
    """A MIN root with a win and a loss (values not flipped), draws and losses only (draws
    as losses), and more than one child (unvisited children, the child's log)."""
    for seed in range(30):
        cases = whole.tree_cases(random.Random(seed))
        tips = [sorted(set(game.tip_values)) for game, *_ in cases[:3]]
        assert tips[1] == [-1, 0] and {-1, 1} <= set(tips[0]) and {0, 1} <= set(tips[2])
        assert all(len(game.moves(state)) >= 3 for game, state, *_ in cases)


def test_a_search_that_plays_badly_keeps_half_marks_with_what_went_wrong():
    def first_move(game, state, iterations, seed):
        right = bugs.mcts_move(game, state, iterations, seed)
        if isinstance(state, tuple):  # the fixed trees: the right visits
            return right
        return game.moves(state)[0], right[1]  # tic-tac-toe: always the first move

    score = whole.check_mcts(Context({"mcts_move": first_move}, seed=1))
    assert isinstance(score, Score) and score.earned == 2
    assert "keep the best result" in score.feedback


def test_a_search_that_returns_another_move_than_the_most_visited_keeps_half_marks():
    """The right visits, but the last of the most visited moves: MCTS plays the first."""
    def last_most_visited(game, state, iterations, seed):
        move, visits = bugs.mcts_move(game, state, iterations, seed)
        if isinstance(state, tuple):  # the fixed trees
            move = max(reversed(list(visits)), key=visits.get)
        return move, visits

    score = whole.check_mcts(Context({"mcts_move": last_most_visited}, seed=1))
    assert isinstance(score, Score) and score.earned == 2
    assert "most visited move" in score.feedback
