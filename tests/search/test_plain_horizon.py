"""Lesson 05's plain quiescence searches.

:func:`plain.quiesce` agrees with the package's quiescence search (same value, same states
generated in the same order) from any window, on random trees with noisy nodes.
:func:`plain.quiesce_in_check` does too where nobody is in check; where the side to move is
in check it may not stand pat (the package's quiescence lets it), so there it is compared
with the same rule searched without pruning: its fail-soft value is the exact value inside
the window and a bound on the right side outside it, on random trees with nodes in check and
on chess positions.
"""

from __future__ import annotations

import math
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from aisearch import MAX, CountingGame, TreeGame
from aisearch.games import Chess
from aisearch.grading.cases import random_tree
from aisearch.search import plain, quiescence

WINDOWS = [(-math.inf, math.inf), (-2, math.inf), (-math.inf, 1), (-1, 2), (0, 1)]


class CheckTree(TreeGame):
    """A tree with noisy moves and nodes where the player to move is in check."""

    def __init__(self, tree, first, noisy, checks):
        super().__init__(tree, first, noisy=noisy)
        self.checks = frozenset(checks)

    def in_check(self, s):
        return s in self.checks


def random_case(rng, p_check):
    shape = random_tree(rng, max_depth=rng.choice([3, 4, 5]), first=rng.choice([0, 1]))
    noisy = [s for s in shape.states() if s and rng.random() < 0.5]
    inner = [s for s in shape.states() if not shape.is_terminal(s)]
    checks = [s for s in inner if rng.random() < p_check]
    game = CheckTree(shape.tree, shape.first, noisy, checks)
    values = {s: rng.randint(-5, 5) for s in inner}

    def evaluate(s):
        return game.utility(s, MAX) if game.is_terminal(s) else values[s]

    return game, inner, evaluate


def reference(game, s, evaluate):
    """The quiescence value with the in-check rule, searched without pruning."""
    if game.is_terminal(s):
        return game.utility(s, MAX)
    if game.in_check(s):
        values = [reference(game, game.result(s, m), evaluate) for m in game.moves(s)]
    else:
        values = [evaluate(s)] + [reference(game, game.result(s, m), evaluate)
                                  for m in game.noisy_moves(s)]
    return max(values) if game.to_move(s) == MAX else min(values)


def test_the_plain_quiescence_search_agrees_with_the_package_one_from_any_window():
    """Random trees with noisy nodes (MIN or MAX at the root, noisy tips, chains of noisy
    moves), searched from every internal node with full, one-sided and narrow windows: the
    same value, and the same states generated in the same order; with nobody in check,
    :func:`plain.quiesce_in_check` too."""
    rng = random.Random(5)
    for _ in range(60):
        game, inner, evaluate = random_case(rng, p_check=0.0)
        for root in inner:
            for alpha, beta in WINDOWS:
                mine, theirs, checked = CountingGame(game), CountingGame(game), CountingGame(game)
                value = plain.quiesce(mine, root, evaluate, alpha, beta)
                other = plain.quiesce_in_check(checked, root, evaluate, alpha, beta)
                d = quiescence(theirs, root, evaluate=evaluate, alpha=alpha, beta=beta,
                               fastest_wins=False)
                assert (value, mine.generated) == (d.value, theirs.generated), (game, root)
                assert (other, checked.generated) == (value, mine.generated), (game, root)


@settings(max_examples=1000, deadline=None)
@given(seed=st.integers(0, 10**9), p_check=st.sampled_from([0.2, 0.5, 1.0]),
       window=st.sampled_from(WINDOWS))
def test_a_side_in_check_answers_the_check_instead_of_standing_pat(seed, p_check, window):
    game, inner, evaluate = random_case(random.Random(seed), p_check)
    alpha, beta = window
    for root in inner:
        exact = reference(game, root, evaluate)
        value = plain.quiesce_in_check(game, root, evaluate, alpha, beta)
        if exact <= alpha:
            assert value <= alpha
        elif exact >= beta:
            assert value >= beta
        else:
            assert value == exact


def test_in_check_the_two_rules_differ_and_the_plain_one_is_right():
    """White in check (Re8+) with its queen attacked: standing pat keeps the queen; the best
    answer to the check, Qe2 Rxe2+ Kxe2, gives it up for a rook."""
    game = Chess()
    s = Chess.parse("k3r3/8/6p1/7Q/8/8/8/4K3 w - - 0 1")
    assert game.in_check(s)
    assert plain.quiesce(game, s, game.material_eval) == 3
    assert quiescence(game, s, evaluate=game.material_eval).value == 3
    assert plain.quiesce_in_check(game, s, game.material_eval) == -1
    assert reference(game, s, game.material_eval) == -1


def test_chess_positions_where_captures_give_check():
    """Checks arising inside the quiescence search: the plain value is the unpruned one, and
    where a side in check would stand pat on a lost position the two rules differ."""
    game = Chess()
    cases = {"4k3/8/8/3q4/8/8/3R4/3K4 w - - 0 1": (5, 5),        # Rxd5: no check
             "4k3/4r3/8/8/8/8/4Q3/4K3 w - - 0 1": (4, 4),        # Qxe7+ Kxe7
             "r3k3/8/8/8/8/8/8/R3K3 w - - 0 1": (5, 5),          # Rxa8+
             "k3r3/8/6p1/7Q/8/8/8/4K3 w - - 0 1": (3, -1),       # in check, queen attacked
             "4k3/8/8/8/8/8/r7/R3K2R b - - 0 1": (0, -5)}        # Rxa1+, then Rxh1
    for fen, (stand_pat, answered) in cases.items():
        s = Chess.parse(fen)
        assert plain.quiesce(game, s, game.material_eval) == stand_pat, fen
        assert plain.quiesce_in_check(game, s, game.material_eval) == answered, fen
        assert reference(game, s, game.material_eval) == answered, fen
