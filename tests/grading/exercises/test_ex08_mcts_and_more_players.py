"""Exercise 08's references agree with the package, and each named bug is caught, with its
own feedback, on every one of 30 seeds."""

from __future__ import annotations

import math
import random

import pytest

from aisearch.grading.exercises.ex08_mcts_and_more_players import bugs, checks
from aisearch.grading.question import Context, Fail
from aisearch.search import MCTS
from aisearch.games import TicTacToe

SEEDS = range(30)


@pytest.mark.parametrize("name", sorted(bugs.REFERENCES))
def test_the_references_pass_on_every_seed(name):
    for seed in SEEDS:
        assert checks.check(Context(bugs.REFERENCES, seed=seed, qid=name), name) is None


@pytest.mark.parametrize("bug", bugs.BUGS, ids=lambda b: b.name)
def test_every_named_bug_is_caught_and_named_on_every_seed(bug):
    name = next(n for n, listed in bugs.CATALOGUE.items() if bug in listed)
    for seed in SEEDS:
        namespace = {**bugs.REFERENCES, name: bug.impl}
        with pytest.raises(Fail) as failed:
            checks.check(Context(namespace, seed=seed, qid=name), name)
        assert failed.value.bug == bug.key and bug.kind.feedback in failed.value.feedback


def test_the_backup_reference_is_what_the_package_mcts_does():
    """One iteration of the package's MCTS changes (n, w) along its path as backup says."""
    tree = MCTS(TicTacToe(), TicTacToe.parse("x../.o./..."), seed=3)
    for _ in range(30):
        tree.iterate()
    node, path = tree.root, [tree.root]
    while node.children:
        node = tree.select(node)
        path.append(node)
    before = [(m.n, m.w[m.parent.player] if m.parent else m.w[0]) for m in path]
    movers = [None] + [m.parent.player for m in path[1:]]
    tree.iterate()
    after = [(m.n, m.w[m.parent.player] if m.parent else m.w[0]) for m in path]
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
