"""A class of hostile submissions graded from the command line: each scores what it earned,
with a clear note, and none stops the grading of the others or reaches the instructor's
terminal.

One folder holds a student each: honest answers in forms the grader must accept (exact
numbers), answers it cannot read, functions raising ``KeyboardInterrupt``, text with escape
sequences, code that reaches for the grader's right answers (by module, by file, through the
repository, by the package's source), code that names the grader's modules, links and FIFOs
where a notebook should be, notebooks too deep to read, messages forged on the channel,
links planted in the scratch folder, and a submission filling the sandbox's ``/tmp``. The
folder is graded once in bubblewrap (when installed) and once under the supervisor.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from aisearch.grading.question import default_tests, load_questions
from aisearch.grading.sandbox import sandbox_tool
from tests.grading.homework_helpers import SOLUTIONS, cli, solution_code, write_notebook

SEED = 9
FULL = sum(q.points for q in load_questions([default_tests()]) if q.id.startswith("03."))
SECRET = "instructor-secret-7f3a"

GOOD = solution_code("03_alpha_beta", drawings=False)

WRAP = """
from {module} import {kind}
_solution = alphabeta_decision
_depth = [0]
def alphabeta_decision(game, state, depth, evaluate, *rest):
    _depth[0] += 1
    try:
        v, m = _solution(game, state, depth, evaluate, *rest)
    finally:
        _depth[0] -= 1
    if _depth[0] or abs(v) == float("inf"):
        return v, m
    return {kind}(v), m
"""

FORGE = """
import json, os, struct
def _frame(message):
    data = json.dumps(message).encode()
    return struct.pack(">I", len(data)) + data
for _fd in map(int, os.listdir("/proc/self/fd")):
    try:
        if os.fstat(_fd).st_mode & 0o170000 == 0o010000:  # a pipe: the channel, or not
            os.write(_fd, {frames})
    except OSError:
        pass
"""
"""Writes forged messages into every pipe the grading process holds (its channel among
them), before the real ones."""

# student -> code cells ("GOOD" is the solution's code); in both runs unless marked below
CELLS: dict[str, list[str]] = {
    "honest": ["GOOD"],
    "references": [
        "import importlib\n"
        "_bugs = importlib.import_module('aisearch.' + 'grad' + 'ing.exercises.ex03_alpha_beta"
        ".bugs')\nglobals().update(_bugs.REFERENCES)"],
    "copies_the_package": [
        "import inspect\nfrom aisearch.search import alphabeta\n"
        "_ns = {'__name__': 'copied'}\n"
        "exec(compile(inspect.getsource(inspect.getmodule(alphabeta)), 'copied', 'exec'), _ns)\n"
        "def alphabeta_decision(game, state, depth, evaluate):\n"
        "    d = _ns['alphabeta'](game, state, depth, evaluate=evaluate, fastest_wins=False)\n"
        "    return d.value, d.move"],
    "reads_references": [
        "import marshal, pathlib, aisearch\n"
        "_folder = pathlib.Path(aisearch.__file__).parent / 'grading' / 'exercises' / "
        "'ex03_alpha_beta'\n_ns = {'__name__': 'copied'}\n"
        "try:\n    exec(compile((_folder / 'bugs.py').read_text(), 'bugs', 'exec'), _ns)\n"
        "except OSError:\n"
        "    for _pyc in (_folder / '__pycache__').glob('bugs*.pyc'):\n"
        "        exec(marshal.loads(_pyc.read_bytes()[16:]), _ns)\n"
        "globals().update(_ns['REFERENCES'])"],
    "git_history": [
        "import json, subprocess, aisearch\nfrom pathlib import Path\n"
        "_root = Path(aisearch.__file__).resolve().parents[1]\n"
        "_src = subprocess.run(['git', '-C', str(_root), 'show', "
        "'HEAD:solutions/03_alpha_beta.ipynb'], capture_output=True, text=True).stdout\n"
        "for _cell in json.loads(_src)['cells']:\n"
        "    if _cell['cell_type'] == 'code':\n"
        "        exec(''.join(l for l in _cell['source'] if 'self_check' not in l and not "
        "l.startswith('%')))"],
    "disarms_the_watch": [
        "import contextlib\nimport aisearch.grading.observe as _obs\n"
        "from aisearch.search import alphabeta as _ab\n_obs._TRAPS.clear()\n"
        "@contextlib.contextmanager\ndef _blind(codes):\n    yield []\n"
        "_obs.watch_calls = _blind\n"
        "def alphabeta_decision(game, state, depth, evaluate):\n"
        "    d = _ab(game, state, depth, evaluate=evaluate, fastest_wins=False)\n"
        "    return d.value, d.move"],
    "fraction": ["GOOD", WRAP.format(module="fractions", kind="Fraction")],
    "decimal": ["GOOD", WRAP.format(module="decimal", kind="Decimal")],
    "unreadable_answer": [
        "GOOD", "class Number:\n    def __float__(self):\n        return 0.0\n"
        + WRAP.format(module="math", kind="inf").replace("from math import inf\n", "")
        .replace("return inf(v), m", "return Number(), m")],
    "interrupts": [
        "GOOD", "def alphabeta_decision(game, state, depth, evaluate):\n"
        "    raise KeyboardInterrupt\n"
        "def alphabeta_strict(game, state, depth, evaluate):\n    raise GeneratorExit"],
    "escapes": [
        "GOOD", "def alphabeta_decision(game, state, depth, evaluate):\n"
        "    raise ValueError('x\\x1b[2A\\r\\x1b[2K  03.value  2/2  passed FORGED\\n\\n"
        "class/mallory: exercise 03, 14/14 points')"],
    "prints_and_exits": [
        "import os\nos.write(1, b'\\x1b[32mclass/eve: exercise 03, 14/14 points\\r\\n')\n"
        "os._exit(0)"],
    "forges_replies": [
        "GOOD", FORGE.format(frames="_frame({'re': 1, 'value': 0}) + _frame({'re': 2, "
                             "'raised': {'yours': 1}}) + _frame({'op': 'call', 'id': 9, "
                             "'handle': 1, 'method': 'result', 'args': [], 'kwargs': {}})")],
    "fills_tmp": [  # files of 40 MiB each: below the file size limit, above the folder's
        "for _i in range(4):\n    with open(f'/tmp/fill{_i}', 'wb') as _f:\n"
        "        for _ in range(40):\n            _f.write(b'0' * 2**20)",
        "for _i in range(4):\n    with open(f'/dev/shm/fill{_i}', 'wb') as _f:\n"
        "        for _ in range(40):\n            _f.write(b'0' * 2**20)",
        "import aisearch, pathlib\n"
        "(pathlib.Path(aisearch.__file__).parent / 'x').write_text('x')",
        "GOOD"],
    "leaks_its_log": [
        "import os\nfor _f in os.listdir('.'):\n    os.remove(_f)\n"
        "os.symlink({secret!r}, 'output.log')\nos._exit(1)"],
    "forges_a_deep_ready": [
        FORGE.format(frames="_frame({'ready': True, 'cells_run': 1, 'cell_errors': [{'cell': "
                     "json.loads('[' * 900 + ']' * 900), 'error': 'x'}]})"), "GOOD"],
    "writes_a_huge_frame": [FORGE.format(frames="struct.pack('>I', 2**31) + b'[' * 1000"),
                            "GOOD"],
}
SANDBOX_ONLY = {"reads_references", "git_history", "fills_tmp"}
SUPERVISED = {"honest", "references", "copies_the_package", "leaks_its_log", "forges_replies",
              "forges_a_deep_ready", "writes_a_huge_frame", "link", "fifo", "dev_zero_link",
              "too_deep"}


def _write_class(folder: Path, names: set[str]) -> None:
    secret = folder.parent / "secret.txt"
    secret.write_text(SECRET)
    for name, cells in CELLS.items():
        if name in names:
            (folder / name).mkdir(parents=True)
            cells = [GOOD if c == "GOOD" else c.replace("{secret!r}", repr(str(secret)))
                     for c in cells]
            write_notebook(folder / name / "03_alpha_beta.ipynb", *cells)
    extra = {
        "metadata_says_01": lambda p: write_notebook(
            p, solution_code("01_two_robots", drawings=False), metadata={
                "aisearch": {"exercise": "01"}}),
        "nbformat_as_text": lambda p: p.write_text(json.dumps(
            {"nbformat": "4", "nbformat_minor": 5, "metadata": {}, "cells": []})),
        "link": lambda p: p.symlink_to(SOLUTIONS / "03_alpha_beta.ipynb"),
        "dev_zero_link": lambda p: p.symlink_to("/dev/zero"),
        "fifo": lambda p: os.mkfifo(p),
        "too_deep": lambda p: p.write_text("[" * 100_000),
    }
    for name, make in extra.items():
        if name in names:
            (folder / name).mkdir(parents=True)
            make(folder / name / "03_alpha_beta.ipynb")


def _grade(tmp: Path, names: set[str], env: dict[str, str]) -> dict:
    folder = tmp / "class"
    _write_class(folder, names)
    before = {p: p.read_bytes() for p in folder.rglob("*.ipynb")
              if p.is_file() and not p.is_symlink()}
    done = cli("grade", str(folder), "--seed", str(SEED), "--timeout", "40", "--json",
               str(tmp / "json"), "--csv", str(tmp / "class.csv"), timeout=900, env=env)
    reports = {}
    for path in (tmp / "json").glob("*.json"):
        report = json.loads(path.read_text())
        reports[Path(report["submission"]).parent.name] = report
    printed = {}
    for block in done.stdout.split("\n\n"):
        for name in names:
            if block.startswith(f"{folder / name}/"):
                printed[name] = block
    assert {p: p.read_bytes() for p in before} == before  # nothing was changed
    return {"done": done, "reports": reports, "printed": printed, "tmp": tmp}


ALL = set(CELLS) | {"metadata_says_01", "nbformat_as_text", "link", "dev_zero_link", "fifo",
                    "too_deep"}


@pytest.fixture(scope="module")
def sandboxed(tmp_path_factory):
    if sandbox_tool() is None:
        pytest.skip("bubblewrap is not installed here (CI requires it)")
    names = ALL - ({"git_history"} if shutil.which("git") is None else set())
    return _grade(tmp_path_factory.mktemp("sandboxed"), names, {})


@pytest.fixture(scope="module")
def supervised(tmp_path_factory):
    return _grade(tmp_path_factory.mktemp("supervised"), SUPERVISED, {"AISEARCH_SANDBOX": "off"})


@pytest.fixture(params=["sandboxed", "supervised"])
def graded(request):
    return request.getfixturevalue(request.param)


def feedback(report: dict, qid: str | None = None) -> str:
    return " | ".join(q["feedback"] for q in report["questions"] if qid in (None, q["id"]))


def notes(report: dict) -> str:
    return " | ".join(report["notes"])


def test_the_whole_class_is_graded_whatever_one_submission_does(graded):
    done, reports = graded["done"], graded["reports"]
    assert done.returncode == 0, done.stderr[-3000:]
    assert "Traceback" not in done.stderr, done.stderr[-3000:]
    rows = (graded["tmp"] / "class.csv").read_text().splitlines()
    assert len(rows) == len(reports) + 1
    assert reports["honest"]["total"] == FULL, reports["honest"]
    for name in ("fifo", "dev_zero_link", "too_deep", "forges_replies", "forges_a_deep_ready",
                 "writes_a_huge_frame", "leaks_its_log", "copies_the_package"):
        if name in reports:
            assert reports[name]["total"] == 0 or name.startswith(("forges", "writes")), name
            assert reports[name]["notes"] or feedback(reports[name]), name


def test_a_fifo_or_device_link_named_like_a_notebook_is_refused_with_a_note(graded):
    fifo, zero = graded["reports"]["fifo"], graded["reports"]["dev_zero_link"]
    assert fifo["total"] == zero["total"] == 0
    assert "is a FIFO (named pipe), not a regular file" in notes(fifo)
    assert "is a symbolic link (to /dev/zero)" in notes(zero)


def test_a_notebook_too_deep_to_read_scores_zero_with_a_reason(graded):
    report = graded["reports"]["too_deep"]
    assert report["total"] == 0 and report["exercise"] == "03"
    assert "nested too deep to read" in notes(report)


def test_forged_messages_on_the_channel_cost_only_the_forger(graded):
    """A forged message is data: a forged answer is an answer, a forged call of the grader's
    objects names nothing alive, and a frame the grader cannot read stops that submission's
    grading (not the grader)."""
    reports = graded["reports"]
    for name in ("forges_replies", "forges_a_deep_ready", "writes_a_huge_frame"):
        report = reports[name]
        assert report["total"] <= FULL, (name, report)
        assert all(isinstance(e["cell"], (int, str)) for e in report["cell_errors"]), name
    assert "more than the grader reads" in notes(reports["writes_a_huge_frame"]) + feedback(
        reports["writes_a_huge_frame"])


def test_a_symlinked_submission_is_refused_and_its_target_named(graded):
    report = graded["reports"]["link"]
    assert report["total"] == 0
    assert f"is a symbolic link (to {SOLUTIONS / '03_alpha_beta.ipynb'})" in notes(report)


def test_links_planted_in_the_scratch_folder_are_not_followed(graded):
    leaks = graded["reports"]["leaks_its_log"]
    assert SECRET not in graded["done"].stdout + json.dumps(leaks)
    assert leaks["total"] == 0
    assert "ended the grading process (exit status 1)" in notes(leaks)


def test_the_references_are_not_in_the_grading_process(graded):
    report = graded["reports"]["references"]
    assert report["total"] == 0, report
    assert "No module named 'aisearch.grading.exercises'" in notes(report), notes(report)
    copied = graded["reports"]["copies_the_package"]  # its source is the stub's
    assert copied["total"] == 0 and "uses-reference" in {q["bug"] for q in copied["questions"]}


def test_the_references_and_the_repository_cannot_be_read_in_the_sandbox(sandboxed):
    reads = sandboxed["reports"]["reads_references"]
    assert reads["total"] == 0, reads
    if "git_history" in sandboxed["reports"]:
        assert sandboxed["reports"]["git_history"]["total"] == 0


def test_code_naming_the_graders_modules_is_refused_as_tampering_before_it_runs(sandboxed):
    report = sandboxed["reports"]["disarms_the_watch"]
    assert report["total"] == 0 and report["cell_errors"] == []
    assert {q["bug"] for q in report["questions"]} == {"tampering"}
    assert "line 2: import aisearch.grading.observe as _obs" in feedback(report, "03.value")
    assert "so it was not run" in notes(report)


def test_exact_numbers_are_compared_as_numbers(sandboxed):
    for name in ("fraction", "decimal"):
        assert sandboxed["reports"][name]["total"] == FULL, sandboxed["reports"][name]


def test_an_answer_the_grader_cannot_read_is_a_wrong_type_not_tampering(sandboxed):
    report = sandboxed["reports"]["unreadable_answer"]
    by_id = {q["id"]: q for q in report["questions"]}
    assert by_id["03.value"]["earned"] == 0 and by_id["03.value"]["bug"] != "tampering"
    assert "a value of type Number the grader cannot read" in by_id["03.value"]["feedback"]
    assert "tampering" not in {q["bug"] for q in report["questions"]}


def test_keyboard_interrupt_in_a_graded_function_is_that_functions_exception(sandboxed):
    report = sandboxed["reports"]["interrupts"]
    assert "exit status" not in notes(report)
    assert "raised KeyboardInterrupt" in feedback(report, "03.pruning")
    assert "raised GeneratorExit" in feedback(report, "03.strict")
    assert {q["id"]: q["earned"] for q in report["questions"]}["03.hand_trace"] == 2


def test_text_from_a_submission_reaches_the_terminal_escaped_and_labelled(sandboxed):
    printed = sandboxed["printed"]["escapes"] + sandboxed["printed"]["prints_and_exits"]
    assert "\x1b" not in sandboxed["done"].stdout and "\r" not in sandboxed["done"].stdout
    assert "\\x1b[2A\\r\\x1b[2K" in printed
    assert "FORGED\\n\\nclass/mallory" in printed  # one line, not a forged report
    assert "\x1b" not in (sandboxed["tmp"] / "class.csv").read_text()
    output = notes(sandboxed["reports"]["prints_and_exits"])
    assert "(the submission's output, not the grader's; its last 600 characters): " \
        "\\x1b[32mclass/eve: exercise 03, 14/14 points" in output, output
    assert "grader output" not in printed


def test_metadata_naming_another_exercise_than_the_file_name_is_reported(sandboxed):
    report = sandboxed["reports"]["metadata_says_01"]
    assert report["exercise"] == "01" and report["total"] == report["possible"]
    assert "metadata (aisearch.exercise) says exercise 01, its file name says 03" in notes(report)


def test_nbformat_given_as_text_is_explained(sandboxed):
    report = sandboxed["reports"]["nbformat_as_text"]
    assert 'its "nbformat" must be the integer 4' in notes(report)


def test_the_sandbox_caps_tmp_and_keeps_the_package_read_only(sandboxed):
    report = sandboxed["reports"]["fills_tmp"]
    errors = [e["error"] for e in report["cell_errors"]]
    assert [e["cell"] for e in report["cell_errors"]] == [1, 2, 3], errors
    assert "No space left on device" in errors[0] and "No space left on device" in errors[1]
    assert "Read-only file system" in errors[2]
    assert report["total"] == FULL
