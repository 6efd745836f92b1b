"""Exercises are built from solutions: markers, stubs, stripping, and the --check guard."""

from __future__ import annotations

import json
import shutil

import nbformat
import pytest

from aisearch.grading.build import BuildError, build, leaks, make_exercise, strip_solution
from tests.grading.homework_helpers import EXERCISES, SOLUTIONS, cli, write_notebook


def test_a_code_solution_becomes_a_stub_at_the_markers_indentation():
    source = ("def f(x):\n    y = 1\n    ### BEGIN SOLUTION\n    return x + y\n"
              "    ### END SOLUTION\n")
    assert strip_solution(source) == (
        "def f(x):\n    y = 1\n    # YOUR CODE HERE\n    raise NotImplementedError()")


def test_a_top_level_solution_region_becomes_an_unindented_stub():
    assert strip_solution("### BEGIN SOLUTION\nx = 1\n### END SOLUTION") == (
        "# YOUR CODE HERE\nraise NotImplementedError()")


def test_a_markdown_answer_becomes_your_answer_here():
    text = "Why?\n\n### BEGIN SOLUTION\nBecause.\n### END SOLUTION\n"
    assert strip_solution(text, markdown=True) == "Why?\n\nYOUR ANSWER HERE"


def test_hidden_tests_are_removed_with_their_markers():
    text = "x = f(2)\n### BEGIN HIDDEN TESTS\nassert x == 4\n### END HIDDEN TESTS\nprint(x)"
    assert strip_solution(text) == "x = f(2)\nprint(x)"


@pytest.mark.parametrize("source, message", [
    ("### BEGIN SOLUTION\nx = 1", "line 1: BEGIN SOLUTION without END SOLUTION"),
    ("x = 1\n### END SOLUTION", "line 2: END SOLUTION without a matching BEGIN"),
    ("### BEGIN SOLUTION\n### BEGIN HIDDEN TESTS", "line 2: BEGIN HIDDEN TESTS inside an open"),
    ("### BEGIN HIDDEN TESTS\n### END SOLUTION", "line 2: END SOLUTION without a matching"),
])
def test_unbalanced_markers_are_refused_with_the_line(source, message):
    with pytest.raises(BuildError, match=message):
        strip_solution(source)


def test_the_exercise_drops_solution_only_cells_and_clears_outputs():
    solution = nbformat.read(SOLUTIONS / "01_two_robots.ipynb", as_version=4)
    assert any("solution-only" in c.metadata.get("tags", []) for c in solution.cells)
    assert any(c.get("outputs") for c in solution.cells if c.cell_type == "code")
    exercise = make_exercise(solution, "01_two_robots")
    assert len(exercise.cells) == len(solution.cells) - 2  # solution-only, hidden tests only
    for cell in exercise.cells:
        assert "solution-only" not in cell.metadata.get("tags", [])
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None
    assert exercise.metadata["aisearch"]["exercise"] == "01_two_robots"
    assert "widgets" not in exercise.metadata
    assert leaks(exercise) == []
    text = "\n".join(c.source for c in exercise.cells)
    assert "raise NotImplementedError()" in text and "YOUR ANSWER HERE" in text
    assert "grid[r][c]" not in text  # the solution's code is gone


def test_the_committed_exercises_are_up_to_date_and_stripped():
    result = build(SOLUTIONS, EXERCISES, check=True)
    assert result.ok, result.problems
    for path in EXERCISES.glob("*.ipynb"):
        nb = json.loads(path.read_text(encoding="utf-8"))
        for cell in nb["cells"]:
            assert not cell.get("outputs") and cell.get("execution_count") is None, path


@pytest.fixture
def course(tmp_path):
    """A copy of solutions/ and exercises/ to break."""
    shutil.copytree(SOLUTIONS, tmp_path / "solutions")
    shutil.copytree(EXERCISES, tmp_path / "exercises")
    return tmp_path


def test_check_passes_on_a_fresh_copy_from_the_command_line(course):
    done = cli("build", "--check", cwd=course)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "up to date" in done.stdout


def test_check_fails_when_a_solution_changed_and_build_repairs_it(course):
    path = course / "solutions" / "03_alpha_beta.ipynb"
    nb = nbformat.read(path, as_version=4)
    nb.cells[0].source += "\n\nOne more sentence."
    nbformat.write(nb, path)
    result = build(course / "solutions", course / "exercises", check=True)
    assert not result.ok and "03_alpha_beta.ipynb is stale" in result.problems[0]
    done = cli("build", "--check", cwd=course)
    assert done.returncode == 1 and "stale" in done.stdout
    assert build(course / "solutions", course / "exercises").written == [
        str(course / "exercises" / "03_alpha_beta.ipynb")]
    assert build(course / "solutions", course / "exercises", check=True).ok


def test_check_fails_when_an_exercise_leaks_a_marker(course):
    path = course / "exercises" / "02_minimax.ipynb"
    nb = nbformat.read(path, as_version=4)
    nb.cells[4].source = "### BEGIN SOLUTION\n" + nb.cells[4].source + "\n### END SOLUTION"
    nbformat.write(nb, path)
    problems = build(course / "solutions", course / "exercises", check=True).problems
    assert any("leaks solution markers: cell 5: BEGIN SOLUTION" in p for p in problems), problems


def test_check_fails_for_a_missing_exercise_and_an_orphan(course):
    (course / "exercises" / "01_two_robots.ipynb").unlink()
    write_notebook(course / "exercises" / "99_orphan.ipynb", "x = 1")
    problems = build(course / "solutions", course / "exercises", check=True).problems
    assert any("01_two_robots.ipynb is missing" in p for p in problems)
    assert any("99_orphan.ipynb has no solution" in p for p in problems)


def test_a_marker_in_the_middle_of_a_line_is_reported_not_leaked(course):
    path = course / "solutions" / "03_alpha_beta.ipynb"
    nb = nbformat.read(path, as_version=4)
    nb.cells[2].source += "\nx = 1  ### BEGIN SOLUTION"
    nbformat.write(nb, path)
    problems = build(course / "solutions", course / "exercises").problems
    assert any("a marker would leak" in p for p in problems), problems


def test_build_without_a_solutions_folder_is_a_clear_error(tmp_path):
    done = cli("build", cwd=tmp_path)
    assert done.returncode == 2 and "no solutions folder" in done.stderr


def test_the_cells_of_an_exercise_that_run_a_stub_are_tagged_to_let_run_all_go_on():
    from aisearch.grading.build import RAISES, runs_a_stub

    for path in sorted(EXERCISES.glob("*.ipynb")):
        nb = json.loads(path.read_text(encoding="utf-8"))
        code = [c for c in nb["cells"] if c["cell_type"] == "code"]
        sources = ["".join(c["source"]) for c in code]
        tagged = [RAISES in c.get("metadata", {}).get("tags", []) for c in code]
        assert tagged == runs_a_stub(sources), path
        assert any(tagged) and not tagged[-1], path  # the self-check cell runs, untagged


@pytest.mark.slow
@pytest.mark.parametrize("path", sorted(EXERCISES.glob("*.ipynb")), ids=lambda p: p.stem)
def test_run_all_on_an_untouched_exercise_reaches_its_self_check(path):
    """As JupyterLab's Run All does (nbclient honours the same tag): every cell runs, and
    the self-check says of each question that it is not implemented yet."""
    import nbclient
    import nbformat

    nb = nbformat.read(path, as_version=4)
    nbclient.NotebookClient(nb, timeout=300, kernel_name="python3",
                            resources={"metadata": {"path": str(EXERCISES)}}).execute()
    last = [c for c in nb.cells if c.cell_type == "code"][-1]
    text = "".join(o.get("text", "") for o in last.outputs)
    lines = [line for line in text.splitlines() if line.startswith("  0")]
    assert text.startswith(f"Self-check of exercise {path.name[:2]}") and lines, text
    assert all("not implemented yet" in line or "not written yet" in line for line in lines), text
