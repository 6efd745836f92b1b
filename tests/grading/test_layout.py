"""Grading is laid out by exercise: one folder each, found by one discovery function."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import aisearch.grading
from aisearch.grading import default_tests, load_questions
from aisearch.grading.exercises import FOLDER, discover
from tests.grading.homework_helpers import EXERCISES, SOLUTIONS

FRAMEWORK = ["__init__.py", "__main__.py", "build.py", "child.py", "grade.py", "question.py",
             "report.py", "selfcheck.py", "session.py", "remote.py", "stubs.py", "sandbox.py",
             "similarity.py", "codec.py", "wire.py", "observe.py", "search_checks.py"]


@pytest.mark.parametrize("exercise", discover(), ids=lambda e: e.name)
def test_an_exercise_folder_holds_its_questions_checks_and_bugs(exercise):
    folder = FOLDER / exercise.name
    assert {"__init__.py", "questions.py", "checks.py", "bugs.py"} <= {
        p.name for p in folder.iterdir()}
    ids = [q.id for q in load_questions([default_tests()]) if q.exercise == exercise.number]
    assert ids, exercise
    assert (SOLUTIONS / f"{exercise.notebook}.ipynb").is_file()
    assert (EXERCISES / f"{exercise.notebook}.ipynb").is_file()


@pytest.mark.parametrize("exercise", discover(), ids=lambda e: e.name)
def test_the_exercise_states_the_points_of_every_question_as_graded(exercise):
    """The task's "Points:" line names every question of the exercise with its points."""
    import nbformat

    graded = {q.id: q.points for q in load_questions([default_tests()])
              if q.exercise == exercise.number}
    for folder in (SOLUTIONS, EXERCISES):
        nb = nbformat.read(folder / f"{exercise.notebook}.ipynb", as_version=4)
        lines = [c.source[c.source.index("Points:"):] for c in nb.cells
                 if c.cell_type == "markdown" and "Points:" in c.source]
        assert len(lines) == 1, (folder, exercise.name)
        paragraph = lines[0].split("\n\n", 1)[0]
        stated = {k: int(v) for k, v in re.findall(r"`(\d\d\.\w+)` (\d+)", paragraph)}
        assert stated == graded, (folder.name, exercise.name)


def test_the_framework_knows_the_exercises_only_through_discovery():
    root = Path(aisearch.grading.__file__).parent
    for name in FRAMEWORK:
        text = (root / name).read_text(encoding="utf-8")
        assert not re.search(r"exercises\.ex\d\d|ex\d\d_", text), name


def test_a_folder_of_plain_question_files_still_loads_as_before(tmp_path):
    (tmp_path / "mine.py").write_text(
        "from aisearch.grading import question\n\n"
        "@question('03.extra', points=1)\ndef extra(ctx):\n    'An extra question.'\n")
    assert [q.id for q in load_questions([str(tmp_path)])] == ["03.extra"]
    both = [q.id for q in load_questions([default_tests(), str(tmp_path)])]
    threes = [i for i in both if i.startswith("03.")]
    assert threes[-6:] == ["03.value", "03.move", "03.pruning", "03.strict", "03.hand_trace",
                           "03.extra"]
    assert both == sorted(both, key=lambda i: i[:2])  # by exercise


def test_an_exercise_declares_what_its_grading_process_must_not_have():
    for exercise in discover():
        assert exercise.module("questions").WITHHELD, exercise.name


def test_no_import_circle_between_an_exercises_checks_and_its_bugs():
    """The questions hand a check its known bugs; ``checks`` never imports ``bugs``."""
    for exercise in discover():
        text = (FOLDER / exercise.name / "checks.py").read_text(encoding="utf-8")
        code = "\n".join(line for line in text.splitlines()
                         if not line.lstrip().startswith((">>>", "...")))
        assert not re.search(r"^\s*(from|import) .*\bbugs\b", code, re.M) or not re.search(
            r"^\s*(from|import) .*\bchecks\b", (FOLDER / exercise.name / "bugs.py")
            .read_text(encoding="utf-8"), re.M), exercise.name
