"""Helpers for the homework tests: paths, tiny notebooks, the command line in a subprocess."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from aisearch.grading.exercises import discover
from aisearch.grading.grade import default_tests, grade_namespace, load_questions
from aisearch.grading.mutate import student_module
from aisearch.grading.question import run_question

ROOT = Path(__file__).resolve().parents[2]
WRONG = Path(__file__).with_name("wrong")
SOLUTIONS = ROOT / "solutions"
EXERCISES = ROOT / "exercises"
FEW_SEEDS = range(4)
"""The seeds of the tests that check each named bug question by question; every named bug
of every exercise is graded on 30 seeds in ``tests/grading/test_bugs_on_30_seeds.py``."""

FROM_CATALOGUE = {
    "03_no_pruning": "no_pruning", "03_strict_cut": "strict_cutoff", "03_wrong_side": "wrong_side",
    "03_swapped_bounds": "swapped_bounds", "03_root_alpha": "root_fresh_window",
    "03_no_root_cut": "no_root_cut", "03_value_not_move": "value_for_move",
    "03_depth_off_by_one": "depth_one_too_early", "03_wrong_pov": "utility_of_mover",
    "03_eval_internal": "evaluates_non_tips", "03_eager_children": "eager_children",
    "03_table": "remembers_positions", "03_terminal_eval": "evaluates_terminals",
    "03_strict_fail_hard": "fail_hard_strict", "03_trace_shallow": "trace_shallow",
    "02_depth_off_by_one": "depth_one_too_deep", "02_wrong_pov": "negated_evaluation",
    "02_value_not_move": "value_for_move", "02_last_best": "last_best_move",
    "02_eval_internal": "evaluates_non_tips", "02_functools_cache": "remembers_positions",
    "02_aima_cutoff": "evaluates_terminals", "02_moves_not_plies": "depth_kept_at_min",
    "02_no_move_when_lost": "no_move_when_lost", "02_manhattan_eval": "manhattan_eval",
    "02_unscaled_eval": "unscaled_distance",
    "01_colour_everywhere": "colour_rule_everywhere",
    "05_stand_pat_as_in_negamax": "stand_pat_as_max", "05_fresh_window": "window_not_carried",
    "05_every_move": "quiet_moves_searched", "05_evaluate_at_bound": "no_quiescence",
    "05_no_stand_pat": ("no_stand_pat", "search_without_stand_pat"),
}
"""Wrong submission -> the known bug (or bugs) of its exercise's catalogue it is written out
from, with the right versions of the exercise's other functions beside it, as in a student's
notebook."""


def submission(name: str) -> str:
    """The source of a wrong submission: a file of ``wrong/``, or a catalogued bug written
    out as the student's function beside the other functions' right versions (a hand trace
    as the list of tips it gives)."""
    if name not in FROM_CATALOGUE:
        return (WRONG / f"{name}.py").read_text(encoding="utf-8")
    exercise = next(e for e in discover() if e.number == name[:2])
    bugs, checks = exercise.module("bugs"), exercise.module("checks")
    named = FROM_CATALOGUE[name]
    named = {named} if isinstance(named, str) else set(named)
    functions = dict(bugs.REFERENCES)
    functions.update((f, b.impl) for f, wrong in bugs.CATALOGUE.items() for b in wrong
                     if b.name in named)
    trace = getattr(checks, "TRACE_NAME", None)
    answer = functions.pop(trace)(checks.trace_game()) if trace in functions else None
    return student_module(functions) + (f"\n{trace} = {answer!r}\n" if trace else "")


def named_bugs(catalogue: dict) -> list:
    """``(function name, bug)`` for every bug of an exercise's catalogue, to parametrize over."""
    return [(name, bug) for name, wrong in catalogue.items() for bug in wrong]


def assert_a_question_names(exercise: str, references: dict, name: str, bug, seeds) -> None:
    """With ``bug`` in place of the right ``name`` among ``references``, the questions of
    ``exercise``, run in order, come to one that names the bug on every seed; that question
    takes marks off and gives the bug's feedback. (Each seed draws new random cases; the
    other questions are graded by the whole-exercise tests.)"""
    questions = [q for q in load_questions([default_tests()]) if q.exercise == exercise]
    namespace = {**references, name: bug.impl}
    for seed in seeds:
        seen = []
        for q in questions:
            r = run_question(q, namespace, seed)
            seen.append((r.id, r.bug))
            if r.bug == bug.key:
                assert r.earned < r.points and bug.feedback in r.feedback, (seed, r.feedback)
                break
        else:
            raise AssertionError(f"seed {seed}: no question named {bug.key}: {seen}")


def assert_full_marks(exercise: str, references: dict, seeds=range(5)) -> None:
    """The right functions of ``exercise`` earn every point of every question on each seed."""
    for seed in seeds:
        results = grade_namespace(dict(references), exercise, seed=seed)
        assert all(r.earned == r.points for r in results), [(r.id, r.feedback) for r in results]


def write_notebook(path: Path, *cells: str, markdown: tuple[str, ...] = (),
                   metadata: dict | None = None) -> Path:
    """A minimal nbformat-4 notebook with the given code cells (after optional markdown),
    and ``metadata`` added to the notebook's."""
    nb = {
        "nbformat": 4, "nbformat_minor": 5,
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                    "language": "python"}, **(metadata or {})},
        "cells": [{"cell_type": "markdown", "id": f"m{i}", "metadata": {}, "source": text}
                  for i, text in enumerate(markdown)]
        + [{"cell_type": "code", "id": f"c{i}", "metadata": {}, "execution_count": None,
            "outputs": [], "source": text} for i, text in enumerate(cells)],
    }
    path.write_text(json.dumps(nb, indent=1), encoding="utf-8")
    return path


def solution_code(name: str, drawings: bool = True) -> str:
    """The code cells of a solution notebook, joined (its functions, for reuse in tests).

    With ``drawings=False`` the cells that draw (``plt.show()``) and the import of pyplot
    are left out: tests that grade under tight time limits then time the functions, not
    matplotlib's start-up on a busy machine.
    """
    nb = json.loads((SOLUTIONS / f"{name}.ipynb").read_text(encoding="utf-8"))
    cells = ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]
    cells = [c for c in cells if not c.startswith("self_check(")]
    if not drawings:
        cells = [c.replace("import matplotlib.pyplot as plt\n", "") for c in cells
                 if "plt.show()" not in c]
    return "\n\n".join(cells)


def cli(*args: str, cwd: Path = ROOT, timeout: float = 120,
        env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    """Run ``python -m aisearch.grading ARGS`` (the package need not be installed), with
    ``env`` added to the environment."""
    env = {**os.environ, **(env or {})}
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT)] + [p for p in [env.get("PYTHONPATH")] if p])
    return subprocess.run([sys.executable, "-m", "aisearch.grading", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=timeout)
