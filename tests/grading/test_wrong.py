"""Known wrong submissions lose marks, and the feedback names their bug.

Each submission is a student's module with one bug: most are written out from the grader's
catalogue (``homework_helpers.FROM_CATALOGUE``: the changed plain source of a known bug,
renamed to the exercise's function, :func:`~aisearch.grading.mutate.student_module`), so the
grader meets them as source code run where a submission runs. The files in ``wrong/`` hold
what the catalogue does not write: a call of the package's own version, an evaluation no
known bug names, rules with two mistakes at once. They are graded in-process (the fast
path; the process isolation is tested in test_grade.py) on two seeds, except those that call
the package's own version of what they should write: only the grading process's copy of the
package withholds it, so they are graded by the grader itself.
"""

from __future__ import annotations

import pytest

from aisearch.grading.child import execute_cells
from aisearch.grading.exercises import discover
from aisearch.grading.grade import grade_file, grade_namespace
from tests.grading.homework_helpers import FROM_CATALOGUE, WRONG, solution_code, submission

PASS = "pass"

FEEDBACK = {bug.key: bug.feedback for ex in discover()
            for bugs in ex.module("bugs").CATALOGUE.values() for bug in bugs}
"""Every bug class's feedback, from the exercises' catalogues."""

# file -> {question: PASS or the bug class its feedback must name}
EXPECTED = {
    "03_no_pruning": {"03.value": PASS, "03.move": PASS, "03.pruning": "no-pruning"},
    "03_strict_cut": {"03.value": PASS, "03.move": PASS, "03.pruning": "cut-rule"},
    "03_wrong_side": {"03.pruning": "wrong-side"},
    "03_swapped_bounds": {"03.value": "swapped-bounds", "03.pruning": "swapped-bounds"},
    "03_root_alpha": {"03.value": PASS, "03.move": PASS, "03.pruning": "root-alpha"},
    "03_root_loop": {"03.value": PASS, "03.move": PASS, "03.pruning": "root-alpha"},
    "03_no_root_cut": {"03.value": PASS, "03.move": PASS, "03.pruning": "root-cut"},
    "03_value_not_move": {"03.value": PASS, "03.move": "value-for-move", "03.pruning": PASS},
    "03_depth_off_by_one": {"03.value": "depth-off-by-one", "03.pruning": "depth-off-by-one"},
    "03_wrong_pov": {"03.value": "point-of-view", "03.move": "point-of-view"},
    "03_eval_internal": {"03.value": PASS, "03.move": PASS, "03.pruning": "evaluates-non-tips"},
    "03_eager_children": {"03.value": PASS, "03.pruning": "eager-generation"},
    "03_uses_reference": {"03.value": "uses-reference", "03.pruning": "uses-reference"},
    "02_uses_plain": {"02.value": "uses-reference", "02.search": "uses-reference"},
    "02_depth_off_by_one": {"02.value": "depth-off-by-one", "02.robot_eval": PASS},
    "02_wrong_pov": {"02.value": "point-of-view", "02.search": PASS},
    "02_value_not_move": {"02.value": PASS, "02.move": "value-for-move"},
    "02_last_best": {"02.value": PASS, "02.move": "ties", "02.search": PASS},
    "02_eval_internal": {"02.value": PASS, "02.search": "evaluates-non-tips"},
    "02_weak_eval": {"02.value": PASS, "02.move": PASS, "02.robot_eval": "weak-evaluation"},
    "02_functools_cache": {"02.value": PASS, "02.move": PASS, "02.search": "remembers-positions"},
    "02_aima_cutoff": {"02.value": PASS, "02.move": PASS, "02.search": "evaluates-terminals"},
    "02_moves_not_plies": {"02.value": "depth-at-min", "02.search": "depth-at-min"},
    "02_no_move_when_lost": {"02.value": PASS, "02.move": "no-move-when-lost",
                             "02.search": PASS},
    "03_table": {"03.pruning": "remembers-positions"},
    "03_terminal_eval": {"03.value": PASS, "03.move": PASS, "03.pruning": "evaluates-terminals"},
    "01_colour_everywhere": {"01.white_wins": "corridor"},
    "02_manhattan_eval": {"02.robot_eval": "weak-evaluation"},
    "02_unscaled_eval": {"02.value": PASS, "02.move": PASS, "02.robot_eval": "evaluation-range"},
    "03_strict_fail_hard": {"03.strict": "fail-hard-strict"},
    "06_stops_early": {"06.hold_at": "not-converged"},
    "03_trace_shallow": {"03.hand_trace": "trace-shallow"},
    "01_off_grid": {"01.legal_moves": "off-grid", "01.result": PASS, "01.illegal": "illegal-move"},
    "01_move_order": {"01.legal_moves": "move-order", "01.result": "no-switch",
                      "01.illegal": PASS},
    "01_no_checks": {"01.legal_moves": "walls", "01.illegal": "illegal-move"},
    "05_no_stand_pat": {"05.quiesce": "no-stand-pat", "05.stand_pat": "no-stand-pat",
                        "05.search": "no-stand-pat", "05.search_states": "no-stand-pat"},
    "05_stand_pat_as_in_negamax": {"05.quiesce": "stand-pat-side",
                                   "05.stand_pat": "stand-pat-side"},
    "05_fresh_window": {"05.stand_pat": "window-not-carried"},
    "05_every_move": {"05.quiesce": "quiet-moves", "05.stand_pat": "quiet-moves"},
    "05_evaluate_at_bound": {"05.search": "no-quiescence", "05.search_states": "no-quiescence"},
    "05_uses_plain": {"05.quiesce": "uses-reference", "05.stand_pat": "uses-reference"},
    "05_uses_reference": {"05.quiesce": "uses-reference", "05.stand_pat": "uses-reference",
                          "05.search": "uses-reference", "05.search_states": "uses-reference"},
}

SEEDS = (11, 12)


def grade_module(name: str, seed: int) -> dict:
    if "_uses_" in name:  # the package's own version: withheld in the grading process only
        report = grade_file(WRONG / f"{name}.py", seed=seed)
        return {r.id: r for r in report.questions}
    source = submission(name)
    ns, info = execute_cells([("submission", source)])
    assert not info["cell_errors"], info
    return {r.id: r for r in grade_namespace(ns, name[:2], seed=seed)}


def test_at_least_six_wrong_alphabeta_implementations_are_covered():
    bugs = {b for name, exp in EXPECTED.items() if name.startswith("03") for b in exp.values()}
    assert {"no-pruning", "cut-rule", "wrong-side", "swapped-bounds", "root-alpha",
            "value-for-move", "depth-off-by-one", "point-of-view",
            "evaluates-non-tips"} <= bugs


def test_the_wrong_submissions_are_files_or_catalogued_bugs():
    files = {path.stem for path in WRONG.glob("*.py")}
    assert set(EXPECTED) == files | set(FROM_CATALOGUE) and not files & set(FROM_CATALOGUE)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_a_wrong_implementation_loses_marks_with_the_matching_feedback(name, seed):
    results = grade_module(name, seed)
    assert sum(r.earned for r in results.values()) < sum(r.points for r in results.values())
    for qid, expected in EXPECTED[name].items():
        r = results[qid]
        if expected == PASS:
            assert r.earned == r.points, (qid, r.feedback)
            continue
        assert r.earned < r.points, (qid, r)
        assert r.bug == expected, (qid, r.bug, r.feedback)
        if expected in FEEDBACK:
            assert FEEDBACK[expected] in r.feedback


@pytest.mark.parametrize("seed", range(5))
@pytest.mark.parametrize("exercise", ["01_two_robots", "02_minimax", "03_alpha_beta"])
def test_the_solutions_code_gets_full_marks_whatever_the_seed(exercise, seed):
    ns, info = execute_cells([("submission", solution_code(exercise))])
    assert not info["cell_errors"], info
    for r in grade_namespace(ns, exercise[:2], seed=seed):
        assert r.earned == r.points, (r.id, r.feedback)
