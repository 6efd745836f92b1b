"""The sentence after a bug's name says what really went wrong on the example case.

The bug class's feedback comes first; the example that follows (what the student's code
generated against the reference) must name the same cause, not another one: eager
generation is not told to search in game.moves order, a depth not decremented is not told
to call game.result once per move, a cache is told what it skipped.
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


def test_a_state_generated_twice_is_reported_only_when_the_reference_does_not():
    from aisearch.grading.compare import sequence_diff
    from aisearch.grading.observe import Observation

    s = (0,)
    # the reference generates s twice (a transposition): twice is right
    assert sequence_diff(Observation(generated=(s, s)), Observation(generated=(s, s))) is None
    text = sequence_diff(Observation(generated=(s, s, s)), Observation(generated=(s, s)))
    assert "(0,) 3 times, alpha-beta 2" in text


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
