"""What the grader reads from a submission and its grading process, piece by piece: the code
(references to the grader's modules), the records (shapes), the files (links, FIFOs, sizes),
the text (escapes), the numbers (exact ones), and what the sandbox is told to hide and cap."""

from __future__ import annotations

import decimal
import fractions
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from aisearch.grading import grade
from aisearch.grading.child import MAX_PROCESSES, TMP_BYTES, code_cells
from aisearch.grading.codec import Opaque, decode, encode
from aisearch.grading.files import FileTooLargeError, RefusedFileError, read_regular, restore
from aisearch.grading.grade import exercise_of, grade_paths
from aisearch.grading.question import QuestionResult, printable
from aisearch.grading.records import parse_records, read_records
from aisearch.grading.report import Report, format_report
from aisearch.grading.sandbox import hidden_folders, hidden_paths, sandbox_tool, wrap
from aisearch.grading.screen import grader_references
from tests.grading.homework_helpers import EXERCISES, ROOT, SOLUTIONS


# -- the code --------------------------------------------------------------------------------
@pytest.mark.parametrize("code", [
    "import aisearch.grading.observe as o",
    "from aisearch.grading.observe import watch_calls",
    "from aisearch.grading import Fail",
    "from aisearch.grading import self_check, question",
    "from aisearch import grading",
    "import aisearch\nx = aisearch.grading",
    "import aisearch.search\nx = aisearch.grading.observe._TRAPS",
    "import aisearch as a\nx = a.grading",
    "import importlib\nm = importlib.import_module('aisearch.grading.exercises.ex03_alpha_beta"
    ".bugs')",
    "m = __import__('aisearch.grading.observe')",
    "m = __import__('aisearch', fromlist=['grading'])",
    "import aisearch\ng = getattr(aisearch, 'grading')",
    "import aisearch\ng = vars(aisearch)['grading']",
    "import sys\nm = sys.modules['aisearch.grading.observe']",
    "exec('import aisearch.grading.observe')",
    "def f():\n    import aisearch.grading.replay",
    "%time import aisearch.grading.observe",
])
def test_every_spelling_of_the_graders_modules_that_can_be_read_is_found(code):
    assert grader_references([(2, code)]), code


@pytest.mark.parametrize("code", [
    "from aisearch.grading import self_check\nself_check('03')",
    'def f():\n    """Graded by aisearch.grading."""\n    return 1',
    "grades = {}\ngrades['grading'] = 1",
    "from aisearch.search import alphabeta\nfrom aisearch.games import TreeGame",
    "def broken(:\n    import aisearch.grading",  # not Python: it does not run either
])
def test_the_self_check_import_and_unrelated_code_are_not_refused(code):
    assert grader_references([(1, code)]) == []


def test_no_solution_or_exercise_notebook_refers_to_the_grader_beyond_self_check():
    for path in sorted(SOLUTIONS.glob("*.ipynb")) + sorted(EXERCISES.glob("*.ipynb")):
        cells = code_cells(path.read_text(encoding="utf-8"))
        assert grader_references(cells) == [], path


def test_a_finding_names_the_cell_and_line():
    assert grader_references([(4, "x = 1\nimport aisearch.grading.observe as o")]) == [
        "cell 4, line 2: import aisearch.grading.observe as o"]


# -- the records -----------------------------------------------------------------------------
def lines(*records: object, nonce: str = "n") -> bytes:
    return b"\n".join(r if isinstance(r, bytes) else json.dumps(
        {**r, "nonce": nonce} if isinstance(r, dict) else r).encode() for r in records)


def test_records_of_the_wrong_shape_are_ignored_and_the_first_good_one_kept():
    deep = json.loads("[" * 900 + "]" * 900)
    data = lines(
        {"type": "question", "id": ["03.value"]},
        {"type": "question", "id": {"x": 1}},
        b"[" * 200_000,
        {"type": "cells", "cells_run": 2, "cell_errors": [
            {"cell": deep, "error": "x"}, {"cell": 3, "error": "E\x1b[2J\nforged"}, "junk"]},
        {"type": "question", "id": "03.value", "status": "passed", "seconds": float("nan"),
         "book": "not a list"},
        {"type": "question", "id": "03.value", "status": "passed", "book": []},
        {"type": "question", "id": "99.other", "status": "passed"},
        {"type": "done", "skipped": ["03.move", 7, ["x"]]},
        {"type": "fatal", "error": deep},
        ["not", "a", "record"],
        {"type": "done", "skipped": []},
    ) + b"\n" + lines({"type": "question", "id": "03.move"}, nonce="other")
    got = parse_records(data, "n", {"03.value", "03.move"})
    assert got.questions == {"03.value": {"status": "passed", "seconds": None, "book": []}}
    assert got.cells == {"cells_run": 2, "cell_errors": [{"cell": 3,
                                                          "error": "E\\x1b[2J\\nforged"}]}
    assert got.done == {"skipped": ["03.move"]}
    assert got.fatal == "unknown error"


def test_a_results_file_replaced_by_a_link_or_a_fifo_is_not_read(tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text('{"type": "done", "nonce": "n"}')
    for target in (secret, Path("/dev/zero")):
        link = tmp_path / "results.jsonl"
        link.unlink(missing_ok=True)
        link.symlink_to(target)
        got = read_records(link, "n", {"03.value"})
        assert not got and "was replaced" in got.problems[0], got
    link.unlink()
    os.mkfifo(link)
    assert "FIFO" in read_records(link, "n", set()).problems[0]


# -- the files -------------------------------------------------------------------------------
def test_a_link_a_fifo_and_a_large_file_are_refused_without_reading_them(tmp_path):
    (tmp_path / "03_link.ipynb").symlink_to("/dev/zero")
    os.mkfifo(tmp_path / "03_fifo.ipynb")
    (tmp_path / "03_big.py").write_bytes(b"x" * 101)
    with pytest.raises(RefusedFileError, match=r"symbolic link \(to /dev/zero\)"):
        read_regular(tmp_path / "03_link.ipynb", 100)
    with pytest.raises(RefusedFileError, match="FIFO"):
        read_regular(tmp_path / "03_fifo.ipynb", 100)
    with pytest.raises(FileTooLargeError):
        read_regular(tmp_path / "03_big.py", 100)


def test_restoring_a_submission_replaced_by_a_link_never_writes_through_the_link(tmp_path):
    victim = tmp_path / "bashrc"
    victim.write_text("mine")
    submission = tmp_path / "03_alice.py"
    submission.symlink_to(victim)
    note = restore(submission, b"x = 1")
    assert "replaced by a link" in note and "restored" in note
    assert victim.read_text() == "mine"
    assert not submission.is_symlink() and submission.read_bytes() == b"x = 1"


def test_the_exercise_of_a_notebook_too_deep_to_read_comes_from_its_name():
    assert exercise_of(Path("03_deep.ipynb"), b"[" * 100_000) == "03"


def test_nbformat_given_as_text_is_explained():
    with pytest.raises(ValueError, match='"nbformat" must be the integer 4'):
        code_cells(json.dumps({"nbformat": "4", "cells": []}))


# -- the text --------------------------------------------------------------------------------
def test_text_a_terminal_would_act_on_is_escaped():
    assert printable("a\x1b[2Kb\rc\u202ed\x00") == "a\\x1b[2Kb\\rc\\u202ed\\x00"
    assert printable("one\ntwo") == "one\\ntwo"
    assert printable("one\ntwo", newlines=True) == "one\ntwo"
    assert printable("élève ✓") == "élève ✓"


def test_a_printed_report_escapes_what_came_from_the_submission():
    report = Report("class/\x1b[2Jmallory.ipynb", "mallory", "03", 1, questions=[
        QuestionResult("03.value", "values", 2, 0, "failed", "raised \x1b[1A\rforged\nsecond")],
        notes=["cell 1: \x1b]0;title\x07"])
    text = format_report(report)
    assert "\x1b" not in text and "\r" not in text and "\x07" not in text
    assert "\\x1b[2Jmallory" in text and "\\x1b]0;title\\x07" in text
    assert "second" in text.splitlines()[-2]  # the grader's own line breaks stay


# -- the numbers -----------------------------------------------------------------------------
def test_exact_numbers_and_numpy_integers_travel_as_numbers():
    import numpy as np

    from aisearch.grading import wire  # noqa: F401 (the codec's registered types)

    for value in (fractions.Fraction(2, 3), decimal.Decimal("-1.25"), decimal.Decimal("Infinity")):
        back = decode(encode(value))
        assert type(back) is type(value) and back == value
    assert decode(encode(np.int64(7))) == 7 and type(decode(encode(np.int64(7)))) is int
    assert repr(Opaque("ndarray", "array([1,\x1b 2])")) == "<ndarray: array([1,\\x1b 2])>"


# -- the sandbox -----------------------------------------------------------------------------
def test_the_process_cap_is_set_only_in_a_user_namespace_of_its_own():
    code = ("import resource, sys\nfrom aisearch.grading.child import _limit_resources, "
            "user_namespace\n_limit_resources(None, None, sys.argv[1] or user_namespace())\n"
            "print(resource.getrlimit(resource.RLIMIT_NPROC)[0])")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    other = subprocess.run([sys.executable, "-c", code, "user:[1]"], capture_output=True,
                           text=True, env=env)
    same = subprocess.run([sys.executable, "-c", code, ""], capture_output=True, text=True,
                          env=env)
    assert other.stdout.split() == [str(MAX_PROCESSES)], other.stderr
    assert same.stdout.split() != [str(MAX_PROCESSES)], same.stderr


def test_the_sandbox_hides_the_repository_and_the_bugs_and_caps_tmp(tmp_path):
    hidden = hidden_paths([])
    if (ROOT / ".git").is_dir():
        assert ROOT / ".git" in hidden
    bugs = [p for p in hidden if p.name == "bugs.py"]
    assert len(bugs) == len(list((ROOT / "aisearch/grading/exercises").glob("ex*/bugs.py")))
    tool = sandbox_tool()
    if tool is None:
        pytest.skip("bubblewrap is not installed here (CI requires it)")
    argv = wrap(["true"], tmp_path, hidden, tool=tool)
    assert ["--size", str(TMP_BYTES), "--tmpfs", "/tmp"] == argv[argv.index("/tmp") - 3:
                                                                argv.index("/tmp") + 1]
    assert ["--tmpfs", str(ROOT / "solutions"), "--remount-ro", str(ROOT / "solutions")] == \
        argv[argv.index(str(ROOT / "solutions")) - 1:argv.index(str(ROOT / "solutions")) + 3]
    assert argv[argv.index(str(bugs[0])) - 2:argv.index(str(bugs[0]))] == ["--ro-bind",
                                                                            os.devnull]


def test_a_link_among_the_submissions_does_not_hide_the_folder_it_points_into(tmp_path):
    (tmp_path / "03_zero.ipynb").symlink_to("/dev/zero")
    assert hidden_folders([tmp_path / "03_zero.ipynb"])[-1] == tmp_path.resolve()
    assert Path("/dev") not in hidden_folders([tmp_path / "03_zero.ipynb"])


# -- the class -------------------------------------------------------------------------------
def test_a_submission_the_grader_fails_on_scores_zero_and_the_others_are_graded(
        tmp_path, monkeypatch):
    for name in ("03_alice.py", "03_bob.py"):
        (tmp_path / name).write_text("x = 1")
    run = grade._run_child

    def fails_for_alice(path, *args, **kwargs):
        if path.name == "03_alice.py":
            raise MemoryError("out of memory while reading its records")
        return run(path, *args, **kwargs)

    monkeypatch.setattr(grade, "_run_child", fails_for_alice)
    alice, bob = grade_paths([tmp_path / "03_alice.py", tmp_path / "03_bob.py"], seed=1)
    assert alice.total == 0 and len(alice.questions) == len(bob.questions) == 5
    assert "the grader could not grade this submission (MemoryError" in " ".join(alice.notes)
    assert bob.questions[0].feedback.startswith("missing: no function named")
