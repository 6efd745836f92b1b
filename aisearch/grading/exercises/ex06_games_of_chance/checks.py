"""Checks of exercise 06: the student's expectiminimax, and a Pig policy's win probability.

``expectiminimax_decision`` is compared with :func:`aisearch.search.expectiminimax` (the
textbook rule, ``fastest_wins=False``; a chance node is a ply) on random trees that mix MAX,
MIN and chance nodes in any order (consecutive chance layers, uneven probabilities, depth
limits), on two trees whose root has two moves tying for the best value (the first of them
is the answer) and on Pig positions: values and moves; on the trees also the states
generated and evaluated.
``hold_at_win_probability(goal, n)`` is compared with the exact solver
(:func:`aisearch.solve_pig.pig_solution` with both players holding at ``n``): within 1e-6;
a wrong answer's feedback says how far off it is, and answers all near the exact ones are
named as a value iteration stopped too early.

Examples
--------
>>> from aisearch.games.chance_trees import dice_tree
>>> reference(dice_tree, (), 3, None)
(3.5, 'b')
>>> import random
>>> len(chance_cases(random.Random(0)))
21
"""

from __future__ import annotations

import copy
import functools
import math
import random
from typing import Any

from aisearch.core import MAX, MIN
from aisearch.games.chance_trees import random_chance_tree
from aisearch.games.pig import Pig, PigState
from aisearch.games.tree import TreeGame
from aisearch.grading.cases import Case, tree_label, utility_at_ends
from aisearch.grading.exercises.ex06_games_of_chance.bugs import BUGS, POLICY_BUGS
from aisearch.grading.observe import exercise_api
from aisearch.grading.question import Context, Fail
from aisearch.grading.search_checks import check_search
from aisearch.search import expectiminimax
from aisearch.solve_pig import pig_solution

__all__ = ["NAME", "POLICY", "reference", "chance_cases", "tie_case", "check_expectiminimax",
           "policy_cases", "check_policy", "TOLERANCE"]

NAME = "expectiminimax_decision"
"""The student's searcher."""
POLICY = "hold_at_win_probability"
"""The student's Pig function."""

reference = exercise_api(expectiminimax)
"""The package's :func:`~aisearch.search.expectiminimax` in the exercises' API."""


def _salted(salt: int, s: Any) -> int:
    """A static evaluation of a tree node: a small int from its path."""
    return hash((salt, s)) % 13 - 6


def tie_case(rng: random.Random, first: int) -> Case:
    """A tree whose root (``first`` to move) has three moves to chance nodes, two of them the
    same random subtree, which is at least as good for the root's player as the third: the
    answer is the first of the two, and a searcher that breaks ties for the last best move
    returns the other.

    >>> case = tie_case(random.Random(1), MIN)
    >>> value, move = reference(case.game, case.state, case.depth, case.evaluate)
    >>> [reference(case.game, (m,), case.depth, case.evaluate)[0] == value
    ...  for m in case.game.moves(case.state)].count(True) >= 2
    True
    """
    a, b = (random_chance_tree(rng.randrange(10**9), depth=3, p_chance=0.5).tree.children[0]
            for _ in range(2))
    pair = TreeGame([a, b], first=first)
    height = max(len(t) for t in pair.tips)
    va, vb = (reference(pair, (k,), height, None)[0] for k in range(2))
    best, worse = (a, b) if (va >= vb if first == MAX else va <= vb) else (b, a)
    kids = [best, copy.deepcopy(best)]
    kids.insert(rng.randrange(3), worse)
    game = TreeGame(kids, first=first)
    height = max(len(t) for t in game.tips)
    evaluate = utility_at_ends(game, lambda s: 0)  # (never needed: every tip is reached)
    return Case(game, game.initial, height, evaluate, tree_label(game, height, evaluate),
                len(game), height)


def chance_cases(rng: random.Random, trees: int = 16, pig: int = 3) -> list[Case]:
    """Random chance trees (about half depth-limited), two trees whose root's best moves tie
    (:func:`tie_case`, MAX and MIN at the root) and Pig positions, as the questions draw
    them."""
    cases = []
    for _ in range(trees):
        game = random_chance_tree(rng.randrange(10**9), depth=rng.choice((3, 4, 5)),
                                  p_chance=rng.choice((0.3, 0.5)))
        height = max(len(t) for t in game.tips)
        depth = rng.randint(1, height - 1) if rng.random() < 0.5 and height > 1 else height
        evaluate = utility_at_ends(game, functools.partial(_salted, rng.randrange(1000)))
        cases.append(Case(game, game.initial, depth, evaluate, tree_label(game, depth, evaluate),
                          len(game), height))
    cases += [tie_case(rng, MAX), tie_case(rng, MIN)]
    pig_game = Pig(goal=10)
    for _ in range(pig):
        a, b = rng.randrange(10), rng.randrange(10)
        player = rng.choice((0, 1))
        turn = rng.randrange(0, 10 - (a, b)[player], 2)
        s = PigState((a, b), turn, player, rng.random() < 0.3, 10)
        depth = rng.randint(2, 4)
        cases.append(Case(pig_game, s, depth, utility_at_ends(pig_game, pig_game.score_eval),
                          f"Pig(goal=10) at {s!r}, depth {depth}, evaluate=score_eval",
                          10**depth, depth))
    return cases


def check_expectiminimax(ctx: Context, aspect: str) -> None:
    """Grade one aspect of ``expectiminimax_decision`` (``'value'``, ``'move'`` or
    ``'expansion'``) on the question's random cases.

    >>> from aisearch.grading.exercises.ex06_games_of_chance.bugs import (
    ...     expectiminimax_decision)
    >>> check_expectiminimax(Context({NAME: expectiminimax_decision}, seed=1),
    ...                      "expansion") is None
    True
    """
    # Pig is a graph: a state met on two paths may be evaluated on one and expanded on the
    # other, so the states generated are compared on trees only
    cases = chance_cases(ctx.rng, pig=0 if aspect == "expansion" else 3)
    check_search(ctx, NAME, aspect, cases, reference=reference, bugs=BUGS)


def policy_cases(rng: random.Random) -> list[tuple[int, int]]:
    """Three (goal, n) pairs: a small n, an n at or past the goal, and any n.

    >>> policy_cases(random.Random(3))
    [(6, 3), (6, 10), (6, 4)]
    """
    g1, g2, g3 = rng.randint(5, 8), rng.randint(4, 6), rng.randint(5, 8)
    return [(g1, rng.randint(2, 3)), (g2, rng.randint(g2 + 2, g2 + 4)), (g3, rng.randint(1, g3))]


def check_policy(ctx: Context) -> None:
    """Grade ``hold_at_win_probability`` against the exact solver on random (goal, n).

    >>> from aisearch.grading.exercises.ex06_games_of_chance.bugs import (
    ...     hold_at_win_probability)
    >>> check_policy(Context({POLICY: hold_at_win_probability}, seed=2)) is None
    True
    """
    f = ctx.function(POLICY)
    cases = policy_cases(ctx.rng)
    want = [pig_solution(goal, hold_at=(n, n)).first_player_wins for goal, n in cases]
    got = [ctx.call(f, goal, n) for goal, n in cases]
    wrong = [(c, g, w) for c, g, w in zip(cases, got, want, strict=True)
             if not _close(g, w)]
    if not wrong:
        return None
    for bug in POLICY_BUGS:
        theirs = [bug.impl(goal, n) for goal, n in cases]
        if all(_close(g, t) for g, t in zip(got, theirs, strict=True)):
            raise Fail(f"{bug.feedback}\n{len(wrong)} of {len(cases)} cases wrong.",
                       bug=bug.key)
    (goal, n), g, w = max(wrong, key=lambda c: _off(c[1], c[2]))
    lead = ""
    if all(_off(g2, w2) < NEAR for _, g2, w2 in wrong):
        lead = (f"Your answers are near the exact ones, but not within the {TOLERANCE:g} "
                "allowed: a value iteration stopped too early. Sweep until the largest change "
                f"in a sweep is far below {TOLERANCE:g} (1e-12, say).\n")
    off = _off(g, w)
    how_far = f", {off:.2g} away" if off < math.inf else ""
    raise Fail(f"{lead}{len(wrong)} of {len(cases)} cases wrong. For example, with goal {goal} "
               f"and both players holding at {n}: you answered {g!r}, the exact solver says "
               f"{w!r}{how_far}; an answer must be within {TOLERANCE:g} of it.",
               bug="not-converged" if lead else None)


TOLERANCE = 1e-6
"""How far ``hold_at_win_probability`` may be from the exact solver's answer."""

NEAR = 1e-3
"""Wrong answers all nearer than this to the exact ones are named as a value iteration
stopped too early (a wrong equation is off by more: each of the catalogue's is off by more
than 0.007 on at least one case of every one of 30 draws)."""


def _off(a: Any, b: float) -> float:
    """How far the answer ``a`` is from ``b`` (inf when it is not a number)."""
    try:
        off = abs(float(a) - b)
    except (TypeError, ValueError, OverflowError):
        return math.inf
    return off if off == off else math.inf  # (nan)


def _close(a: Any, b: float) -> bool:
    """Whether the answer ``a`` is within :data:`TOLERANCE` of ``b`` (False for text, and
    for a number no float holds).

    >>> _close(0.5 + 1e-9, 0.5), _close("0.5", 0.5), _close(10**400, 0.5)
    (True, False, False)
    """
    if isinstance(a, (str, bytes, bool)):
        return False
    try:
        return math.isclose(float(a), b, rel_tol=0, abs_tol=TOLERANCE)
    except (TypeError, ValueError, ArithmeticError):
        return False
