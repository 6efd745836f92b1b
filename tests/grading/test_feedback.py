"""The sentence after a bug's name says what really went wrong on the example case.

The bug class's feedback comes first; the example that follows (what the student's code
generated against the reference) must name the same cause, not another one: eager
generation is not told to search in game.moves order, a depth not decremented is not told
to call game.result once per move (nor is a state reached again by another path), a cache
is told what it skipped.
"""

from __future__ import annotations

import pytest

from aisearch.grading.exercises.ex02_minimax import bugs as bugs02
from aisearch.grading.exercises.ex03_alpha_beta import bugs as bugs03
from aisearch.grading.grade import grade_namespace

SEEDS = range(4)


def feedback(impl, name: str, number: str, qid: str, seed: int) -> str:
    results = {r.id: r for r in grade_namespace({name: impl}, number, seed=seed)}
    assert results[qid].earned < results[qid].points
    return results[qid].feedback


@pytest.mark.parametrize("seed", SEEDS)
def test_eager_generation_is_told_its_cause_not_the_move_order(seed):
    text = feedback(bugs03.eager_children, "alphabeta_decision", "03", "03.pruning", seed)
    assert bugs03.EAGER_GENERATION.feedback in text
    assert "search moves in game.moves order" not in text


def test_eager_generation_is_named_in_the_example_when_a_searched_child_shows_it():
    from aisearch.games import TreeGame
    from aisearch.grading.cases import Case
    from aisearch.grading.compare import sequence_diff
    from aisearch.grading.observe import exercise_api, observe
    from aisearch.search import alphabeta

    game = TreeGame([[3, 5], [2, 9], [1, 7]])
    case = Case(game, (), 2, lambda s: 0, "a tree", len(game), 2)
    text = sequence_diff(observe(bugs03.eager_children, case),
                         observe(exercise_api(alphabeta), case))
    assert "generated the children of a node before searching the first" in text


@pytest.mark.parametrize("seed", SEEDS)
def test_a_depth_kept_at_min_nodes_is_not_told_to_call_result_once(seed):
    for impl, name, number, qid in (
            (bugs03.depth_kept_at_min, "alphabeta_decision", "03", "03.pruning"),
            (bugs02.depth_kept_at_min, "minimax_decision", "02", "02.search")):
        text = feedback(impl, name, number, qid, seed)
        assert "depth not decremented at every node" in text
        assert "once per move" not in text


@pytest.mark.parametrize("seed", SEEDS)
def test_a_cache_is_told_which_position_it_did_not_search_again(seed):
    for impl, name, number, qid in (
            (bugs03.remembers_positions, "alphabeta_decision", "03", "03.pruning"),
            (bugs02.remembers_positions, "minimax_decision", "02", "02.search")):
        text = feedback(impl, name, number, qid, seed)
        assert "searched below it only the first time" in text, text


def _dag_cases(count: int):
    from aisearch.games.dag import DagGame
    from aisearch.grading.cases import Case

    for seed in range(count):
        game = DagGame(b=2, d=4, width=3, seed=seed)
        yield Case(game, game.initial, 3, game.evaluate, "a DAG", 0, 3)


def test_a_state_reached_again_because_the_search_pruned_less_is_not_told_to_call_result_once():
    """Without alpha carried across the root, a DAG's transpositions are reached by more
    paths than alpha-beta reaches them: each move is still generated once per visit."""
    from collections import Counter

    from aisearch.grading.compare import sequence_diff
    from aisearch.grading.observe import exercise_api, observe
    from aisearch.search import alphabeta

    reached_more = 0
    for case in _dag_cases(40):
        got = observe(bugs03.root_fresh_window, case)
        want = observe(exercise_api(alphabeta), case)
        g, w = Counter(got.generated), Counter(want.generated)
        if any(k > w[s] >= 1 for s, k in g.items()):
            reached_more += 1
            assert got.doubled == ()
            assert "once per move" not in sequence_diff(got, want)
    assert reached_more >= 5


def test_a_move_generated_twice_in_one_visit_is_told_to_call_result_once():
    """A search that calls game.result again for its best move, after its loop."""
    import math

    from aisearch.grading.compare import multiset_diff, sequence_diff
    from aisearch.grading.observe import exercise_api, observe
    from aisearch.search import alphabeta, minimax

    def again(game, state, depth, evaluate, alpha=-math.inf, beta=math.inf):
        value, move = bugs03.alphabeta_decision(game, state, depth, evaluate, alpha, beta)
        if move is not None and depth == 3:
            game.result(state, move)  # "the position after my move", at the root
        return value, move

    for case in _dag_cases(3):
        got = observe(again, case)
        assert got.doubled[0] == case.state and got.doubled[2:] == (2, 1)
        for diff, right in ((sequence_diff, alphabeta), (multiset_diff, minimax)):
            text = diff(got, observe(exercise_api(right), case))
            assert "2 times from" in text and "which you reached once" in text, text
            assert "once per move you search" in text


def test_every_named_bug_is_in_the_instructors_table():
    """docs/homework.md lists the bug names a report can show: each one the grader declares
    (the exercises' bugs and checks, the shared ones in search_checks) is in its table."""
    from pathlib import Path

    from aisearch.grading import search_checks
    from aisearch.grading.exercises import discover
    from aisearch.grading.recognise import BugClass

    doc = (Path(__file__).resolve().parents[2] / "docs" / "homework.md").read_text()
    table = doc[doc.index("## Bug classes named in feedback"):]
    modules = [search_checks] + [ex.module(m) for ex in discover() for m in ("bugs", "checks")]
    keys = {v.key for m in modules for v in vars(m).values() if isinstance(v, BugClass)}
    assert len(keys) > 50
    assert sorted(k for k in keys if f"`{k}`" not in table) == []
