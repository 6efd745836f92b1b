"""Submissions that try to earn marks they did not, or to harm the machine: each with the
score it must get.

Each file in ``attacks/`` is a student's module for exercise 03 whose answers are wrong (or
come from the package's own searchers) and which attacks the grader: the reference, the
records, the builtins, the watch on forbidden calls, the files of the course and of the
class, the processes. Scores are computed by the grader from what the grading process
recorded, never by the grading process; the grading process runs in bubblewrap when it is
installed (CI installs it), else under a supervisor that ends every process it started.
"""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

import pytest

from aisearch.grading.grade import grade_file, grade_paths
from aisearch.grading.question import default_tests, load_questions
from aisearch.grading.sandbox import sandbox_tool
from tests.grading.homework_helpers import solution_code, write_notebook

ATTACKS = Path(__file__).with_name("attacks")
SEED = 11
FULL = sum(q.points for q in load_questions([default_tests()]) if q.id.startswith("03."))
"""Full marks of exercise 03."""

# (attack, the bug the grader names, or None when the score alone says it); an attack that
# names the grader's modules is refused before it runs (tampering), one that does not meets
# the grading process's own defences
SCORED_ZERO = {
    "03_patch_reference": "tampering",
    "03_forge_records": None,
    "03_patch_builtins": None,
    "03_reference_in_thread": "uses-reference",
    "03_profiler_off": "uses-reference",
    "03_model_answer": "tampering",
    "03_model_answer_unnamed": "uses-reference",
    "03_recompiled": "uses-reference",
}


@pytest.fixture
def no_sandbox(monkeypatch):
    monkeypatch.setenv("AISEARCH_SANDBOX", "off")
    assert sandbox_tool() is None


def test_the_sandbox_is_there_in_ci():
    if os.environ.get("CI") == "true":
        assert sandbox_tool() is not None, "CI installs bubblewrap: apt-get install bubblewrap"


def test_an_honest_module_gets_full_marks(tmp_path):
    honest = tmp_path / "03_honest.py"
    honest.write_text(solution_code("03_alpha_beta").replace("from aisearch.grading import "
                                                             "self_check", ""))
    report = grade_file(honest, seed=SEED)
    assert report.total == FULL, report.questions


@pytest.mark.parametrize("name", sorted(SCORED_ZERO))
@pytest.mark.parametrize("sandboxed", [True, False], ids=["sandboxed", "supervised"])
def test_an_attack_earns_nothing(name, sandboxed, monkeypatch):
    if not sandboxed:
        monkeypatch.setenv("AISEARCH_SANDBOX", "off")
    elif sandbox_tool() is None:
        pytest.skip("bubblewrap is not installed here (CI requires it)")
    report = grade_file(ATTACKS / f"{name}.py", seed=SEED)
    assert report.total == 0, [(q.id, q.earned, q.feedback) for q in report.questions]
    bug = SCORED_ZERO[name]
    if bug is not None:
        # the attacks define alphabeta_decision only: the other questions find nothing to run
        bugs = {q.id: q.bug for q in report.questions}
        assert all(bugs[i] == bug for i in ("03.value", "03.move", "03.pruning")), bugs
        assert all(b in (bug, "missing") for b in bugs.values()), bugs


def test_the_solutions_cannot_be_read_in_the_sandbox():
    if sandbox_tool() is None:
        pytest.skip("bubblewrap is not installed here (CI requires it)")
    report = grade_file(ATTACKS / "03_read_solutions.py", seed=SEED)
    assert report.total == 0
    assert "solutions" in " ".join(report.notes) or report.cell_errors


def test_without_the_sandbox_the_solutions_can_be_read(no_sandbox):
    # what docs/homework.md says: only the sandbox hides the course's files
    assert grade_file(ATTACKS / "03_read_solutions.py", seed=SEED).total == FULL


@pytest.mark.parametrize("sandboxed", [True, False], ids=["sandboxed", "supervised"])
def test_no_process_outlives_its_grading(sandboxed, tmp_path, monkeypatch):
    if not sandboxed:
        monkeypatch.setenv("AISEARCH_SANDBOX", "off")
    elif sandbox_tool() is None:
        pytest.skip("bubblewrap is not installed here (CI requires it)")
    marker = tmp_path / "escaped"
    monkeypatch.setenv("AISEARCH_ATTACK_MARKER", str(marker))
    report = grade_file(ATTACKS / "03_escape.py", seed=SEED)
    assert report.total == 0
    time.sleep(4.5)  # the escaped processes would have written by now
    assert not list(tmp_path.glob("escaped*")), "a process outlived its grading"


@pytest.mark.parametrize("sandboxed", [True, False], ids=["sandboxed", "supervised"])
def test_a_submission_cannot_spoil_a_classmates(sandboxed, tmp_path, monkeypatch):
    if not sandboxed:
        monkeypatch.setenv("AISEARCH_SANDBOX", "off")
    elif sandbox_tool() is None:
        pytest.skip("bubblewrap is not installed here (CI requires it)")
    folder = tmp_path / "class"
    folder.mkdir()
    shutil.copy(ATTACKS / "03_classmates.py", folder / "03_classmates.py")
    alice = folder / "03_zalice.py"  # graded after the attack
    alice.write_text(solution_code("03_alpha_beta").replace("from aisearch.grading import "
                                                            "self_check", ""))
    before = {f.name: f.read_bytes() for f in folder.iterdir()}
    monkeypatch.setenv("AISEARCH_ATTACK_CLASS", str(folder))
    reports = grade_paths([folder / "03_classmates.py", alice], seed=SEED)
    assert [r.total for r in reports] == [0, FULL]
    assert {f.name: f.read_bytes() for f in folder.iterdir()} == before
    if not sandboxed:  # the files were changed, and put back with a warning
        assert any("restored" in n for n in reports[1].notes), reports[1].notes
        assert any("restored" in n for n in reports[0].notes), reports[0].notes


def test_a_cell_raising_keyboard_interrupt_is_a_cell_error(tmp_path):
    nb = write_notebook(tmp_path / "03_interrupted.ipynb",
                        solution_code("03_alpha_beta").replace(
                            "from aisearch.grading import self_check", ""),
                        "raise KeyboardInterrupt")
    report = grade_file(nb, seed=SEED)
    assert report.total == FULL, report.questions
    assert [e["cell"] for e in report.cell_errors] == [2]


def test_jobs_give_the_same_reports(tmp_path):
    folder = tmp_path / "class"
    folder.mkdir()
    for name in ("03_patch_reference", "03_profiler_off", "03_forge_records"):
        shutil.copy(ATTACKS / f"{name}.py", folder / f"{name}.py")
    (folder / "03_honest.py").write_text(solution_code("03_alpha_beta").replace(
        "from aisearch.grading import self_check", ""))
    files = sorted(folder.iterdir())
    one = grade_paths(files, seed=SEED)
    two = grade_paths(files, seed=SEED, jobs=2)
    strip = [[(q.id, q.earned, q.status, q.feedback, q.bug) for q in r.questions]
             for r in one]
    assert strip == [[(q.id, q.earned, q.status, q.feedback, q.bug) for q in r.questions]
                     for r in two]
    assert [r.total for r in one] == [0, FULL, 0, 0]  # forge, honest, patch, profiler
