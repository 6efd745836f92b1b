"""Questions that must tell right from wrong on every seed, and honest answers they must not
misjudge: each fault a review found, as a student's code written here (apart from the
grader's catalogue of known bugs), on at least 100 seeds.

- ``07.walk``: the true values returned without learning, TD(1) whatever lambda says, and
  the true values with noise that looks learned score 0; TD(lambda) on walks drawn from the
  seed another way keeps its marks;
- ``04.deepening``: a node budget one call too large, and a budget checked only after each
  whole iteration, score 0;
- ``08.select``: keeping the last of tied children scores 0;
- ``02.move``: searching the moves sorted, not in ``game.moves`` order, scores 0;
- ``07.episode``, ``07.train`` and ``07.walk``: weights returned as ``Fraction`` s earn full
  marks;
- ``08.mcts``: UCT on the fixed trees and minimax in play loses the play points;
- ``08.ucb1``: a UCB1 that subtracts its bonus is named as that, never as the logarithm of
  the child's visits; a whole MCTS built on it is not named as that either.

The questions run in-process here (the grader runs the same questions; only the student's
calls cross into the grading process there).
"""

from __future__ import annotations

import math
import random
from fractions import Fraction

import pytest

from aisearch.core import MAX
from aisearch.grading.exercises.ex07_learning_evaluators.bugs import walk_values as td_walk
from aisearch.grading.question import default_tests, load_questions, run_question

SEEDS = range(100)
QUESTIONS = {q.id: q for q in load_questions([default_tests()])}


def grade(qid: str, namespace: dict, seed: int):
    return run_question(QUESTIONS[qid], namespace, seed)


def fails_on_every_seed(qid: str, namespace: dict, seeds=SEEDS) -> list:
    """The seeds on which the question gave any points (none must)."""
    return [(seed, r.earned, r.feedback[:200]) for seed in seeds
            if (r := grade(qid, namespace, seed)).earned > 0]


# -- 07.walk -------------------------------------------------------------------------------
def _episode(w, xs, outcome, alpha, lam):
    e = [0.0] * len(w)
    for t, x in enumerate(xs):
        e = [lam * a + b for a, b in zip(e, x, strict=True)]
        target = outcome if t == len(xs) - 1 else sum(a * b for a, b in zip(w, xs[t + 1],
                                                                            strict=True))
        error = target - sum(a * b for a, b in zip(w, x, strict=True))
        w = [a + alpha * error * b for a, b in zip(w, e, strict=True)]
    return w


def _walk(episodes, alpha, lam, seed, step=lambda rng: -1 if rng.random() < 0.5 else 1):
    """TD(lambda) on random walks from C; ``step(rng)``: the exercise's step by default."""
    rng = random.Random(seed)
    w = [0.5] * 5
    for _ in range(episodes):
        s, xs = 3, []
        while 0 < s < 6:
            xs.append([1.0 if i == s else 0.0 for i in range(1, 6)])
            s += step(rng)
        w = _episode(w, xs, 1.0 if s == 6 else 0.0, alpha, lam)
    return w


@pytest.mark.slow
def test_the_true_values_without_learning_score_zero_on_every_seed():
    def walk_values(episodes, alpha, lam, seed):
        return [1 / 6, 2 / 6, 3 / 6, 4 / 6, 5 / 6]

    assert fails_on_every_seed("07.walk", {"walk_values": walk_values}) == []


@pytest.mark.slow
def test_td_one_whatever_lambda_says_scores_zero():
    def walk_values(episodes, alpha, lam, seed):
        return _walk(episodes, alpha, 1.0, seed)

    assert fails_on_every_seed("07.walk", {"walk_values": walk_values}, range(20)) == []


@pytest.mark.slow
def test_numbers_that_only_look_learned_score_zero_on_every_seed():
    """The true values plus noise that grows with lambda and changes with the seed: near
    the true values, different for every run, TD(1) further off than TD(0), and not learned
    from any walk."""
    def walk_values(episodes, alpha, lam, seed):
        rng = random.Random(seed * 31 + int(lam * 100))
        a = 0.02 + 0.06 * lam
        return [(i + 1) / 6 + rng.uniform(-a, a) for i in range(5)]

    assert fails_on_every_seed("07.walk", {"walk_values": walk_values}, range(20)) == []


@pytest.mark.parametrize("step", [lambda rng: rng.choice((-1, 1)),
                                  lambda rng: 1 if rng.random() < 0.5 else -1,
                                  lambda rng: -1 if rng.getrandbits(1) else 1],
                         ids=["choice", "right-first", "getrandbits"])
def test_td_lambda_on_walks_drawn_another_way_from_the_seed_keeps_the_marks(step):
    def walk_values(episodes, alpha, lam, seed):
        return _walk(episodes, alpha, lam, seed, step)

    for seed in range(2):
        r = grade("07.walk", {"walk_values": walk_values}, seed)
        assert r.earned == r.points and "drawn another way" in r.feedback, r.feedback


# -- 04.deepening --------------------------------------------------------------------------
class _SpentError(Exception):
    pass


def _deepening(extra: int, check_after: bool):
    def deepening_moves(game, state, evaluate, nodes, search, max_depth=10):
        count = [0]

        class Counted:
            def __getattr__(self, name):
                return getattr(game, name)

            def result(self, s, m):
                count[0] += 1
                if not check_after and count[0] > nodes + extra:
                    raise _SpentError
                return game.result(s, m)

        table, done = {}, []
        for depth in range(1, max_depth + 1):
            try:
                move = search(Counted(), state, depth, evaluate, table)[1]
            except _SpentError:
                break
            if check_after and count[0] > nodes:
                break
            done.append((depth, move))
        return done

    return deepening_moves


@pytest.mark.slow
@pytest.mark.parametrize("extra, check_after", [(1, False), (0, True)],
                         ids=["one-call-too-many", "checked-after-iteration"])
def test_a_budget_spent_otherwise_than_the_exercise_says_scores_zero(extra, check_after):
    wrong = {"deepening_moves": _deepening(extra, check_after)}
    assert fails_on_every_seed("04.deepening", wrong) == []
    right = {"deepening_moves": _deepening(0, False)}
    assert all(grade("04.deepening", right, seed).earned == 3 for seed in range(5))


# -- 08.select -----------------------------------------------------------------------------
def _score(total, n, parent, c):
    return math.inf if n == 0 else total / n + c * math.sqrt(math.log(parent) / n)


def test_keeping_the_last_of_tied_children_scores_zero_on_every_seed():
    def select_child(children, parent_visits, c):
        best, move = -math.inf, None
        for m, total, n in children:
            if _score(total, n, parent_visits, c) >= best:  # the last of the tied
                best, move = _score(total, n, parent_visits, c), m
        return move

    assert fails_on_every_seed("08.select", {"select_child": select_child}) == []


# -- 02.move -------------------------------------------------------------------------------
def _minimax(order):
    def minimax_decision(game, state, depth, evaluate):
        if game.is_terminal(state):
            return game.utility(state, MAX), None
        if depth == 0:
            return evaluate(state), None
        best, move = None, None
        for m in order(game.moves(state)):
            v, _ = minimax_decision(game, game.result(state, m), depth - 1, evaluate)
            if move is None or (v > best if game.to_move(state) == MAX else v < best):
                best, move = v, m
        return best, move

    return minimax_decision


@pytest.mark.slow
def test_searching_the_moves_sorted_scores_zero_on_every_seed():
    assert fails_on_every_seed("02.move", {"minimax_decision": _minimax(sorted)}) == []
    assert grade("02.move", {"minimax_decision": _minimax(list)}, 1).earned == 2


# -- exact numbers -------------------------------------------------------------------------
def _exact_episode(w, xs, outcome, alpha, lam):
    w = [Fraction(v) for v in w]
    lam, alpha = Fraction(lam), Fraction(alpha)
    return _episode(w, [[Fraction(v) for v in x] for x in xs], Fraction(outcome), alpha, lam)


@pytest.mark.slow
def test_weights_returned_as_fractions_earn_full_marks_on_every_seed():
    def td_train(w, episodes, alpha, lam):
        for xs, outcome in episodes:
            w = _exact_episode(w, xs, outcome, alpha, lam)
        return w

    def walk_values(episodes, alpha, lam, seed):  # the right weights, only as Fractions
        return [Fraction(v) for v in td_walk(episodes, alpha, lam, seed)]

    namespace = {"td_episode": _exact_episode, "td_train": td_train,
                 "walk_values": walk_values}
    for seed in SEEDS:
        for qid in ("07.episode", "07.train", "07.walk"):
            r = grade(qid, namespace, seed)
            assert r.earned == r.points, (seed, qid, r.feedback)


# -- 08.ucb1 and the whole MCTS ------------------------------------------------------------
def test_a_subtracted_bonus_is_named_as_such_never_as_the_childs_logarithm():
    def ucb1_score(total, visits, parent_visits, c):
        if visits == 0:
            return math.inf
        return total / visits - c * math.sqrt(math.log(parent_visits) / visits)

    for seed in SEEDS:
        r = grade("08.ucb1", {"ucb1_score": ucb1_score}, seed)
        assert r.earned == 0 and r.bug == "exploration-subtracted", (seed, r.feedback)
        assert "child's visits" not in r.feedback


@pytest.mark.slow
def test_a_whole_mcts_with_a_subtracted_bonus_is_not_called_the_childs_logarithm():
    from aisearch.grading.exercises.ex08_mcts_and_more_players import bugs

    def select(children, parent, c):
        scores = [math.inf if n == 0 else t / n - c * math.sqrt(math.log(parent) / n)
                  for _, t, n in children]
        return children[scores.index(max(scores))][0]

    def mcts_move(game, state, iterations, seed):
        return bugs.uct(game, state, iterations, seed, select, bugs.reward, bugs.backup)

    for seed in SEEDS:
        r = grade("08.mcts", {"mcts_move": mcts_move}, seed)
        assert r.earned < r.points and r.bug != "child-log", (seed, r.bug, r.feedback)


# -- 08.mcts -------------------------------------------------------------------------------
def test_a_search_that_is_uct_only_on_the_fixed_trees_loses_the_play_points():
    """UCT on the one-move trees, minimax in play (with visits made up to match its move):
    its moves are right, its visits are not UCT's, so it earns the trees' 2 points only."""
    from aisearch.games import TicTacToe
    from aisearch.grading.exercises.ex08_mcts_and_more_players.bugs import mcts_move as uct
    from aisearch.search import minimax

    def mcts_move(game, state, iterations, seed):
        if not isinstance(game, TicTacToe):
            return uct(game, state, iterations, seed)
        move = minimax(game, state, fastest_wins=False).move
        moves = game.moves(state)
        visits = {m: 1 for m in moves}
        visits[move] = iterations - len(moves) + 1
        return move, visits

    for seed in range(3):
        r = grade("08.mcts", {"mcts_move": mcts_move}, seed)
        assert r.earned == 2 and "not UCT's" in r.feedback, (seed, r.earned, r.feedback)
