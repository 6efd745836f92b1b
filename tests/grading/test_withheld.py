"""The grading process works without the exercises' right answers and known bugs.

Only the grader (which replays the grading process's notes) needs ``bugs.py``; the grading
process, where the submission runs, gets stand-ins. These tests prove the questions still
ask everything of the student's code there: every known wrong implementation and every
right one, recorded without ``bugs.py`` and replayed with it, scores exactly as when graded
in-process.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from aisearch.grading.exercises import discover
from aisearch.grading.grade import grade_namespace
from tests.grading.homework_helpers import ROOT

SEED = 11


def run_python(*args: str, timeout: float = 600) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT)] + [p for p in [env.get("PYTHONPATH")] if p])
    return subprocess.run([sys.executable, *args], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=timeout)


def test_the_grading_process_gets_stand_ins_for_the_bugs_modules():
    done = run_python("-c", """
import sys
from aisearch.grading.withheld import GradingOnly, withhold
withhold()
from aisearch.grading.question import default_tests, load_questions
load_questions([default_tests()])
from aisearch.grading.exercises.ex03_alpha_beta import bugs
kinds = {type(m).__name__ for n, m in sys.modules.items() if n.endswith(".bugs")}
try:
    bugs.REFERENCES["alphabeta_decision"]
except GradingOnly as e:
    print(",".join(sorted(kinds)), e)
""")
    assert done.returncode == 0, done.stderr
    assert done.stdout.split()[0] == "_WithheldModule", done.stdout
    assert "REFERENCES is only available to the grader" in done.stdout


@pytest.fixture(scope="module")
def replayed():
    done = run_python("-m", "tests.grading.grading_process", str(SEED))
    assert done.returncode == 0, done.stderr[-3000:]
    return [json.loads(line) for line in done.stdout.splitlines()]


def test_every_implementation_scores_the_same_recorded_without_bugs_py(replayed):
    modules = {e.number: e.module("bugs") for e in discover()}
    graded: dict = {}
    assert len(replayed) > 400
    for row in replayed:
        bugs = modules[row["exercise"]]
        impl = (bugs.REFERENCES[row["name"]] if row["index"] < 0
                else bugs.CATALOGUE[row["name"]][row["index"]].impl)
        key = (row["exercise"], row["name"], row["index"])
        if key not in graded:
            graded[key] = {r.id: r for r in grade_namespace({row["name"]: impl}, row["exercise"],
                                                            seed=SEED)}
        here = graded[key][row["question"]]
        assert (row["earned"], row["bug"]) == (here.earned, here.bug), (key, row, here.feedback)
