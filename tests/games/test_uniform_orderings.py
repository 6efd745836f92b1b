"""uniform_tree's controlled orderings: best first with probability p, with or without ties."""

import pytest

from aisearch import MAX, alphabeta, minimax, uniform_tree
from aisearch.theory import knuth_moore_leaves


def first_is_best(game):
    hits = total = 0
    for s in game.states():
        if game.is_terminal(s):
            continue
        values = [minimax(game, game.result(s, m)).value for m in game.moves(s)]
        best = max(values) if game.to_move(s) == MAX else min(values)
        hits += values[0] == best
        total += 1
    return hits / total


def test_best_first_with_probability_one_meets_knuth_and_moore():
    for b, d in [(2, 6), (3, 4), (4, 4), (6, 3)]:
        game = uniform_tree(b, d, ordering="best-first", p=1.0, seed=b * d)
        assert alphabeta(game, game.initial).stats.leaves == knuth_moore_leaves(b, d)
        assert first_is_best(game) == 1


def test_the_probability_controls_how_often_the_best_child_comes_first():
    rates = [first_is_best(uniform_tree(3, 5, ordering="best-first", p=p, seed=1))
             for p in (0.0, 0.5, 1.0)]
    assert rates[0] == 0 and 0.35 < rates[1] < 0.65 and rates[2] == 1
    work = [alphabeta(g, g.initial).stats.leaves for g in
            (uniform_tree(4, 6, ordering="best-first", p=p, seed=2) for p in (0, 0.5, 1))]
    assert work[0] > work[1] > work[2]


def test_ties_on_request():
    distinct = uniform_tree(3, 4, ties=False, low=-1000, high=1000, seed=3)
    assert len(set(distinct.tip_values)) == 81
    tied = uniform_tree(3, 4, ordering="best", ties=True, low=0, high=2, seed=3)
    assert len(set(tied.tip_values)) <= 3
    assert alphabeta(tied, tied.initial).stats.leaves <= knuth_moore_leaves(3, 4)


def test_the_old_orderings_are_unchanged():
    """Seeds give the trees they always gave (lessons 02-03 print them)."""
    assert uniform_tree(2, 3, seed=1).tip_values == uniform_tree(2, 3, seed=1,
                                                                 ties=True).tip_values
    assert uniform_tree(3, 2, ordering="best").tip_values == uniform_tree(
        3, 2, ordering="best", ties=False).tip_values


@pytest.mark.parametrize("kwargs, message", [
    ({"p": 1.5, "ordering": "best-first"}, "p must be a probability"),
    ({"ties": "yes"}, "ties must be True, False or None"),
    ({"ties": False, "low": 0, "high": 5}, "distinct tips need at least"),
])
def test_bad_orderings_are_named(kwargs, message):
    with pytest.raises(ValueError, match=message):
        uniform_tree(3, 3, **kwargs)
