"""Grading in a separate process: full marks, zero, hostile submissions, reports, the CLI.

Every submission runs in its own process; these tests grade real notebooks end to end.
"""

from __future__ import annotations

import csv
import hashlib
import json
import time
from pathlib import Path

import pytest

from aisearch.grading.grade import format_report, grade_file, grade_paths
from aisearch.grading.question import default_tests, load_questions
from tests.grading.homework_helpers import EXERCISES, SOLUTIONS, cli, solution_code, write_notebook

SEED = 4242


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_solutions_get_full_marks_and_exercises_zero_from_the_command_line(tmp_path):
    files = sorted(SOLUTIONS.glob("*.ipynb")) + sorted(EXERCISES.glob("*.ipynb"))
    before = {f: sha(f) for f in files}
    done = cli("grade", "solutions", "exercises", "--seed", str(SEED), "--json",
               str(tmp_path / "json"), "--csv", str(tmp_path / "class.csv"))
    assert done.returncode == 0, done.stdout + done.stderr
    n = len(files)
    exercises = sorted(p.name[:2] for p in SOLUTIONS.glob("*.ipynb"))
    assert n == 2 * len(exercises) >= 6
    possible: dict[str, float] = {}
    for q in load_questions([default_tests()]):
        possible[q.id[:2]] = possible.get(q.id[:2], 0) + q.points
    full = sum(possible[e] for e in exercises)
    assert f"graded {n} submission(s) with seed {SEED}: {full:g}/{2 * full:g} points" in done.stdout
    assert {f: sha(f) for f in files} == before  # the submissions were only read
    reports = {p.stem: json.loads(p.read_text()) for p in (tmp_path / "json").glob("*.json")}
    assert len(reports) == n
    assert (possible["01"], possible["02"], possible["03"]) == (13, 10, 14)
    for name, report in reports.items():
        assert report["seed"] == SEED and report["exercise"] == name.split("__")[-1][:2]
        assert not any("asks you to write" in note for note in report["notes"]), report
        if name.startswith("solutions"):
            assert report["total"] == report["possible"] == possible[report["exercise"]], report
            assert report["cell_errors"] == []
        else:
            assert report["total"] == 0, report
            assert report["possible"] == possible[report["exercise"]], report
            assert all(q["bug"] == "not-implemented" for q in report["questions"]), report
    rows = list(csv.DictReader(open(tmp_path / "class.csv", encoding="utf-8")))
    in_order = [q.id for q in load_questions([default_tests()]) if q.id[:2] in exercises]
    assert list(rows[0])[6:-1] == in_order  # the columns: each exercise's questions in order
    marks = [f"{possible[e]:g}" for e in exercises]
    assert [r["total"] for r in rows] == marks + ["0"] * len(exercises)
    assert rows[0]["01.legal_moves"] == "4" and rows[0]["03.pruning"] == ""


HOSTILE = {
    "syntax_error": ["def alphabeta_decision(game, state, depth, evaluate:\n    return 0, None"],
    "import_error": ["import no_such_module_anywhere",
                     "def alphabeta_decision(game, state, depth, evaluate):\n"
                     "    return no_such_module_anywhere.search(game, state)"],
    "missing_function": ["def alpha_beta(game, state, depth, evaluate):\n    return 0, None"],
    "exit_in_function": ["import sys\ndef alphabeta_decision(game, state, depth, evaluate):\n"
                         "    sys.exit('bye')"],
    "exit_at_top_then_good": ["import sys\nsys.exit(1)", "SOLUTION"],
    "os_exit": ["import os\nos._exit(3)", "SOLUTION"],
    "infinite_function": ["def alphabeta_decision(game, state, depth, evaluate):\n"
                          "    while True:\n        pass"],
    "infinite_unkillable": ["while True:\n    try:\n        while True:\n            pass\n"
                            "    except BaseException:\n        pass"],
    "memory_bomb": ["def bomb():\n    hoard = []\n    while True:\n"
                    "        hoard.append(bytearray(10**8))\nbomb()",
                    "def alphabeta_decision(game, state, depth, evaluate):\n"
                    "    return len(bytearray(10**11)), None"],
    "print_flood_then_good": ["import os\nprint('x' * 30_000_000)\nos.write(1, b'y' * 10**7)\n"
                              "for i in range(100_000):\n    print(i)", "SOLUTION"],
    "forks_and_threads_then_good": [
        "import os, threading, time\nif os.fork() == 0:\n    time.sleep(600)\n"
        "threading.Thread(target=lambda: time.sleep(600)).start()", "SOLUTION"],
    "forges_results": [
        "import glob, json, os\nfor f in glob.glob('*.jsonl'):\n    with open(f, 'a') as out:\n"
        "        for q in ('03.value', '03.move', '03.pruning'):\n"
        "            out.write(json.dumps({'type': 'question', 'id': q, 'earned': 9}) + '\\n')\n"
        "        out.write(json.dumps({'type': 'done'}) + '\\n')\nos._exit(0)"],
    "checks_against_the_package_then_good": [
        "SOLUTION", "from aisearch import alphabeta, fig5_2\n"
        "d = alphabeta(fig5_2, fig5_2.initial, 2)  # withheld while grading: skipped\n"
        "assert alphabeta_decision(fig5_2, fig5_2.initial, 2, None) == (d.value, d.move)"],
    "builds_on_the_package": [
        "from aisearch import alphabeta, fig5_2\nKNOWN = alphabeta(fig5_2, fig5_2.initial, 2)\n"
        "def alphabeta_decision(game, state, depth, evaluate):\n"
        "    return KNOWN.value, KNOWN.move"],
    "returns_games_to_build": [  # rebuilt in the grader, a game this size takes 5 s and 220 MB
        "from aisearch.games.dag import DagGame\n"
        "def alphabeta_decision(game, state, depth, evaluate):\n"
        "    big = DagGame(b=1, d=1, width=1, seed=1)\n"
        "    big.b, big.d, big.width = 20, 40, 1000\n"
        "    return [big] * 6"],
    "returns_huge_text": [
        "def alphabeta_decision(game, state, depth, evaluate):\n    return 'x' * 1_100_000, None"],
    "spoils_its_reset_then_good": [  # the grading process's reset sleeps: the reply times out
        "SOLUTION", "import sys, time\nfor _m in list(sys.modules.values()):\n"
        "    _E = getattr(_m, 'Endpoint', None)\n"
        "    if isinstance(_E, type) and hasattr(_E, 'serve_forever'):\n"
        "        _E.reset = lambda self: time.sleep(30)"],
    "rewrites_its_notebook_then_good": [
        "import glob\nfor f in glob.glob('*.ipynb'):\n    open(f, 'w').write('gone')",
        "SOLUTION"],
}


@pytest.fixture(scope="module")
def hostile(tmp_path_factory):
    """Grade every hostile notebook once (with small limits) and keep the reports."""
    folder = tmp_path_factory.mktemp("hostile")
    good = solution_code("03_alpha_beta", drawings=False)  # small limits: time the code
    paths = {}
    for name, cells in HOSTILE.items():
        cells = [good if c == "SOLUTION" else c for c in cells]
        paths[name] = write_notebook(folder / f"03_{name}.ipynb", *cells)
    (folder / "03_not_json.ipynb").write_text("{ this is not a notebook")
    paths["not_json"] = folder / "03_not_json.ipynb"
    before = {name: sha(p) for name, p in paths.items()}
    start = time.monotonic()
    # 8 s of running time in all: the questions' calls of the student's functions, the channel's
    # latency included, take a few seconds on a busy machine; cells stop after 3
    reports = grade_paths([folder], seed=SEED, timeout=8, cell_timeout=3, memory_mb=600)
    elapsed = time.monotonic() - start
    by_name = {Path(r.submission).stem[3:]: r for r in reports}
    return by_name, before, {name: sha(p) for name, p in paths.items()}, elapsed


def notes(report) -> str:
    return " | ".join(report.notes)


def feedback(report) -> str:
    return " | ".join(q.feedback for q in report.questions)


def test_the_grader_survives_every_hostile_submission_in_bounded_time(hostile):
    reports, _, _, elapsed = hostile
    assert set(reports) == set(HOSTILE) | {"not_json"}
    for r in reports.values():
        assert [q.id for q in r.questions] == ["03.value", "03.move", "03.pruning",
                                               "03.strict", "03.hand_trace"]
        format_report(r)
    assert elapsed < 8 * 13 + 60  # no submission ran much past its 8 s limit


def test_grading_never_modifies_a_submission(hostile):
    _, before, after, _ = hostile
    assert before == after


@pytest.mark.parametrize("name, in_notes, in_feedback", [
    ("syntax_error", "the cell starting with `def alphabeta_decision(game, state, dept...`: "
     "SyntaxError", "no function named `alphabeta_decision`"),
    ("import_error", "ModuleNotFoundError", "NameError: name 'no_such_module_anywhere'"),
    ("missing_function", "", "missing: no function named `alphabeta_decision`"),
    ("exit_in_function", "", "called sys.exit('bye')"),
    ("os_exit", "ended the grading process (exit status 3)", "not run"),
    ("infinite_function", "", "time limit"),
    ("infinite_unkillable", "time limit of 8 s for the whole submission", "time limit"),
    ("memory_bomb", "the cell starting with `def bomb():`: MemoryError", "MemoryError"),
    ("not_json", "not a notebook", "could not be run"),
    ("returns_games_to_build", "", "a DagGame the grader did not send: games travel from the "
     "grader only"),
    ("returns_huge_text", "", "holds more than 1,000,000 characters of text"),
    ("forges_results", "ended the grading process (exit status 0)", "not run"),
])
def test_a_broken_submission_scores_zero_with_a_reason(hostile, name, in_notes, in_feedback):
    report = hostile[0][name]
    assert report.total == 0, format_report(report)
    assert in_notes in notes(report), format_report(report)
    assert in_feedback in feedback(report), format_report(report)


def test_a_submission_that_spoils_its_reset_keeps_what_it_earned_and_the_class_goes_on(hostile):
    """Between questions the grader resets the grading process; a submission that breaks the
    reset (here: the reply times out) loses the questions after it, not the whole class."""
    report = hostile[0]["spoils_its_reset_then_good"]
    assert "the grading process failed to reset after a question" in notes(report)
    first, *rest = report.questions
    assert first.earned == first.points, format_report(report)
    assert rest and all(q.status == "not run" for q in rest), format_report(report)


def test_no_feedback_is_longer_than_the_cap(hostile):
    from aisearch.grading.question import MAX_FEEDBACK

    for report in hostile[0].values():
        assert all(len(q.feedback) <= MAX_FEEDBACK + 10 for q in report.questions)


@pytest.mark.parametrize("name", ["exit_at_top_then_good", "print_flood_then_good",
                                  "forks_and_threads_then_good",
                                  "rewrites_its_notebook_then_good",
                                  "checks_against_the_package_then_good"])
def test_misbehaving_cells_do_not_cost_the_working_functions_their_marks(hostile, name):
    report = hostile[0][name]
    assert report.total == report.possible == 14, format_report(report)


SKIPPED = "called what exercise 03 asks you to write"


def test_a_skipped_check_is_not_noted_where_nothing_was_lost(hostile):
    assert SKIPPED not in notes(hostile[0]["checks_against_the_package_then_good"])


def test_a_skipped_statement_is_noted_where_it_may_explain_lost_points(hostile):
    report = hostile[0]["builds_on_the_package"]
    assert report.total == 0, format_report(report)
    assert SKIPPED in notes(report) and "KNOWN" in feedback(report), format_report(report)


def test_a_python_module_is_graded_too_and_the_exercise_can_be_forced(tmp_path):
    module = tmp_path / "mine.py"
    module.write_text(solution_code("03_alpha_beta"))
    report = grade_file(module, seed=SEED, exercise="03", timeout=30)
    assert report.total == 14, format_report(report)
    unnamed = grade_file(module, seed=SEED, timeout=30)
    assert unnamed.questions == [] and "no questions for exercise None" in notes(unnamed)


def test_hidden_tests_come_from_the_instructors_folder(tmp_path):
    hidden = tmp_path / "hidden"
    hidden.mkdir()
    (hidden / "extra.py").write_text(
        "from aisearch.grading import Fail, question\n\n"
        "@question('03.hidden_fig5_2', points=3)\n"
        "def fig(ctx):\n"
        "    'Fig 5.2 at depth 2.'\n"
        "    from aisearch import fig5_2\n"
        "    f = ctx.function('alphabeta_decision')\n"
        "    if ctx.call(f, fig5_2, fig5_2.initial, 2, None) != (3, 0):\n"
        "        raise Fail('wrong on Fig 5.2')\n")
    done = cli("grade", str(SOLUTIONS / "03_alpha_beta.ipynb"),
               str(EXERCISES / "03_alpha_beta.ipynb"), "--tests", str(hidden), "--seed", "1",
               "--json", str(tmp_path / "out"))
    assert done.returncode == 0, done.stderr
    assert "03.hidden_fig5_2" in done.stdout and "03.pruning" not in done.stdout
    assert "graded 2 submission(s) with seed 1: 3/6 points" in done.stdout
    one = cli("grade", str(SOLUTIONS / "03_alpha_beta.ipynb"), "--tests", str(hidden),
              "--json", str(tmp_path / "one.json"), "--quiet")
    assert json.loads((tmp_path / "one.json").read_text())["total"] == 3, one.stdout


@pytest.mark.parametrize("args, message", [
    (["grade", "no/such.ipynb"], "no such file or folder: 'no/such.ipynb'"),
    (["grade", "README.md"], "is not a notebook (.ipynb) or Python module (.py)"),
    (["grade", "solutions", "--tests", "no/such/dir"], "tests folder 'no/such/dir' does not exist"),
    (["grade", "solutions", "--timeout", "-3"], "must be positive"),
    (["grade", "solutions", "--exercise", "3"], "--exercise must be two digits"),
    (["grade"], "the following arguments are required: SUBMISSION"),
    (["frobnicate"], "invalid choice: 'frobnicate'"),
    (["grade", "solutions", "--json", "README.md"], "several reports need a folder"),
    (["grade", "solutions", "--csv", "solutions"], "give a file name, not a folder"),
])
def test_bad_paths_and_options_get_a_clear_error(args, message):
    done = cli(*args)
    assert done.returncode == 2
    assert message in done.stderr, done.stderr


def test_the_questions_command_lists_ids_and_points():
    done = cli("questions")
    assert done.returncode == 0
    lines = [line.split()[:2] for line in done.stdout.splitlines()]
    assert ["03.pruning", "6"] in lines and ["01.legal_moves", "4"] in lines
    assert [i for i, _ in lines] == sorted((i for i, _ in lines), key=lambda i: i[:2])
