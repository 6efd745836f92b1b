"""Submissions that try to earn marks they did not, to read what they must not, or to harm
the machine: each with the score it must get.

Each file in ``attacks/`` is a student's module (``NN_...``: for exercise NN) that does not
compute its answers itself and attacks the grader another way: keeping the package's
searchers' code objects and running them in a forked process or a worker thread; putting a
search together from the parts the searchers are built from (the runtime, the cores); emptying
the grader's watch; renaming a code object; calling the functions the grader once did not
watch (UCB1, the rewards, max^n, MCTS, Pig's solver); looking for the grader's own right
answer; forging records; patching builtins; leaving processes behind; overwriting a
classmate, or the package copy the next classmate's grading process imports. The grader runs
every question in its own process, on what crosses the channel; the grading process holds a
copy of the package without what the exercise asks for, an empty environment, and in the
sandbox nothing of the disk but Python, that copy and its scratch folder. Every attack
scores 0 on the questions it cheats, in bubblewrap and under the supervisor.
``test_secrets.py`` covers what a submission could read and leak.
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
from tests.grading.homework_helpers import SOLUTIONS, solution_code, write_notebook

ATTACKS = Path(__file__).with_name("attacks")
SEED = 11
POINTS = {}
for _q in load_questions([default_tests()]):
    POINTS[_q.exercise] = POINTS.get(_q.exercise, 0) + _q.points
FULL = POINTS["03"]
"""Full marks of exercise 03."""

# attack -> the bug named on each of its cheated questions (None: the score alone says it).
# An attack that names the grader's modules is refused before it runs ("tampering"); one
# that calls what the exercise asks for reaches a function that only raises ("uses-reference").
SCORED_ZERO = {
    "01_game_steps": "uses-reference",
    "03_patch_reference": "tampering",
    "03_model_answer": "tampering",
    "03_model_answer_unnamed": None,  # the grader's modules are not in the grading process
    "03_forge_records": None,
    "03_search_cores": "uses-reference",  # Run and the table search's core are withheld too
    "05_quiescence_core": "uses-reference",
    "06_star_core": "uses-reference",
    "07_selfplay_trainer": "uses-reference",  # self-play runs the TD(lambda) update too
    "08_stepper_ucb": "uses-reference",  # the stepper's UCB1 terms, self-play's scoring
    "03_patch_builtins": None,
    "03_reference_in_thread": "uses-reference",
    "03_profiler_off": "uses-reference",
    "03_recompiled": "uses-reference",
    "04_grader_search": None,  # the grader's table_search is not there to find
    "05_fork_and_replay": None,  # the forked process finds nothing to run either
    "05_worker_thread": "uses-reference",
    "06_profile_and_pig": "uses-reference",
    "07_renamed_code": "uses-reference",
    "08_unwatched": "uses-reference",
}


def need_sandbox(sandboxed: bool, monkeypatch) -> None:
    if not sandboxed:
        monkeypatch.setenv("AISEARCH_SANDBOX", "off")
    elif sandbox_tool() is None:
        if os.environ.get("CI") == "true":
            raise AssertionError("CI installs bubblewrap: apt-get install bubblewrap")
        pytest.skip("bubblewrap is not installed here (CI requires it)")


def honest(exercise: str) -> str:
    return solution_code(exercise, drawings=False).replace(
        "from aisearch.grading import self_check", "")


def test_the_sandbox_is_there_in_ci():
    if os.environ.get("CI") == "true":
        assert sandbox_tool() is not None, "CI installs bubblewrap: apt-get install bubblewrap"


def test_an_honest_module_gets_full_marks(tmp_path):
    module = tmp_path / "03_honest.py"
    module.write_text(honest("03_alpha_beta"))
    report = grade_file(module, seed=SEED)
    assert report.total == FULL, report.questions


@pytest.mark.parametrize("name", sorted(SCORED_ZERO))
@pytest.mark.parametrize("sandboxed", [True, False], ids=["sandboxed", "supervised"])
def test_an_attack_earns_nothing(name, sandboxed, monkeypatch):
    need_sandbox(sandboxed, monkeypatch)
    report = grade_file(ATTACKS / f"{name}.py", seed=SEED)
    assert report.total == 0, [(q.id, q.earned, q.feedback) for q in report.questions]
    assert report.possible == POINTS[name[:2]]
    bug = SCORED_ZERO[name]
    if bug is not None:
        cheated = [q for q in report.questions if q.bug != "missing"]
        assert cheated and all(q.bug == bug for q in cheated), \
            [(q.id, q.bug, q.feedback) for q in report.questions]


def test_what_an_attack_called_is_named_in_its_feedback(monkeypatch):
    report = grade_file(ATTACKS / "08_unwatched.py", seed=SEED)
    by_id = {q.id: q for q in report.questions}
    assert "ucb1" in by_id["08.ucb1"].feedback and "rewards" in by_id["08.reward"].feedback
    assert "is what this exercise asks you to write yourself" in by_id["08.maxn"].feedback
    pig = grade_file(ATTACKS / "06_profile_and_pig.py", seed=SEED)
    assert "pig_solution" in {q.id: q for q in pig.questions}["06.hold_at"].feedback


@pytest.mark.parametrize("sandboxed", [True, False], ids=["sandboxed", "supervised"])
def test_the_solutions_cannot_be_read_in_the_sandbox_only(sandboxed, tmp_path, monkeypatch):
    """What docs/homework.md says: only the sandbox hides the course's files."""
    need_sandbox(sandboxed, monkeypatch)
    attack = tmp_path / "03_read_solutions.py"
    attack.write_text((ATTACKS / "03_read_solutions.py").read_text().replace(
        '"SOLUTIONS"', repr(str(SOLUTIONS))))
    report = grade_file(attack, seed=SEED)
    assert report.total == (0 if sandboxed else FULL), report.questions
    if sandboxed:
        assert "No such file or directory" in " ".join(e["error"] for e in report.cell_errors)


@pytest.mark.parametrize("sandboxed", [True, False], ids=["sandboxed", "supervised"])
def test_no_process_outlives_its_grading(sandboxed, tmp_path, monkeypatch):
    need_sandbox(sandboxed, monkeypatch)
    marker = tmp_path / "escaped"
    attack = tmp_path / "03_escape.py"
    attack.write_text((ATTACKS / "03_escape.py").read_text().replace('"MARKER"',
                                                                     repr(str(marker))))
    report = grade_file(attack, seed=SEED)
    assert report.total == 0
    time.sleep(4.5)  # the escaped processes would have written by now
    assert not list(tmp_path.glob("escaped*")), "a process outlived its grading"


@pytest.mark.parametrize("sandboxed", [True, False], ids=["sandboxed", "supervised"])
def test_a_submission_cannot_spoil_a_classmates(sandboxed, tmp_path, monkeypatch):
    need_sandbox(sandboxed, monkeypatch)
    folder = tmp_path / "class"
    folder.mkdir()
    (folder / "03_classmates.py").write_text(
        (ATTACKS / "03_classmates.py").read_text().replace('"CLASS"', repr(str(folder))))
    alice = folder / "03_zalice.py"  # graded after the attack
    alice.write_text(honest("03_alpha_beta"))
    before = {f.name: f.read_bytes() for f in folder.iterdir()}
    reports = grade_paths([folder / "03_classmates.py", alice], seed=SEED)
    assert [r.total for r in reports] == [0, FULL]
    after = {f.name: f.read_bytes() for f in folder.iterdir()}
    kept = {name for name in after if name.endswith(".changed-while-graded")}
    assert {name: after[name] for name in after.keys() - kept} == before
    if not sandboxed:  # the files were changed, put back with a warning, the change kept
        assert any("restored" in n for n in reports[1].notes), reports[1].notes
        assert any("restored" in n for n in reports[0].notes), reports[0].notes
        assert kept and all(after[name] not in before.values() for name in kept)
    else:
        assert not kept


@pytest.mark.parametrize("sandboxed", [True, False], ids=["sandboxed", "supervised"])
def test_a_submission_cannot_spoil_the_package_copy_a_classmate_is_graded_with(
        sandboxed, tmp_path, monkeypatch):
    """The copy of the package a grading process imports is the same for every submission
    of an exercise: one that rewrites it (possible without the sandbox) does not reach the
    next one's grading, and its report says what it did."""
    need_sandbox(sandboxed, monkeypatch)
    attack = tmp_path / "03_spoils_the_package.py"
    shutil.copy(ATTACKS / attack.name, attack)
    alice = tmp_path / "03_zalice.py"  # graded after the attack
    alice.write_text(honest("03_alpha_beta"))
    spoiler, honest_one = grade_paths([attack, alice], seed=SEED)
    assert (spoiler.total, honest_one.total) == (0, FULL), honest_one.notes
    changed = [n for n in spoiler.notes if "copy of the package" in n]
    assert bool(changed) == (not sandboxed), spoiler.notes
    assert not any("copy of the package" in n for n in honest_one.notes), honest_one.notes


def test_a_cell_raising_keyboard_interrupt_is_a_cell_error(tmp_path):
    nb = write_notebook(tmp_path / "03_interrupted.ipynb", honest("03_alpha_beta"),
                        "raise KeyboardInterrupt")
    report = grade_file(nb, seed=SEED)
    assert report.total == FULL, report.questions
    assert [e["cell"] for e in report.cell_errors] == [2]
    assert report.cell_errors[0]["where"] == "the cell starting with `raise KeyboardInterrupt`"


def test_jobs_give_the_same_reports(tmp_path):
    folder = tmp_path / "class"
    folder.mkdir()
    for name in ("03_patch_reference", "03_profiler_off", "03_forge_records"):
        shutil.copy(ATTACKS / f"{name}.py", folder / f"{name}.py")
    (folder / "03_honest.py").write_text(honest("03_alpha_beta"))
    files = sorted(folder.iterdir())
    one = grade_paths(files, seed=SEED)
    two = grade_paths(files, seed=SEED, jobs=2)
    strip = [[(q.id, q.earned, q.status, q.feedback, q.bug) for q in r.questions]
             for r in one]
    assert strip == [[(q.id, q.earned, q.status, q.feedback, q.bug) for q in r.questions]
                     for r in two]
    assert [r.total for r in one] == [0, FULL, 0, 0]  # forge, honest, patch, profiler


HONEST = Path(__file__).with_name("honest")


@pytest.mark.parametrize("path", sorted(HONEST.glob("*.py")), ids=lambda p: p.stem)
def test_honest_answers_written_differently_keep_full_marks(path):
    """Alpha-beta written as negamax, a budget kept in a closure, TD(lambda) in Fractions:
    honest submissions the grader must not misjudge (``honest/``)."""
    for seed in (SEED, SEED + 1):
        report = grade_file(path, seed=seed)
        assert report.total == report.possible == POINTS[path.name[:2]], [
            (q.id, q.earned, q.feedback) for q in report.questions]


HIDDEN = '''from aisearch.grading import Fail, question


@question("03.answer", points=1)
def answer(ctx):
    """alphabeta_decision answers (1, 2) when asked with no game."""
    if ctx.call(ctx.function("alphabeta_decision"), None, None, 0, None) != (1, 2):
        raise Fail("not (1, 2)")
'''

REWRITES_TESTS = '''from pathlib import Path


def alphabeta_decision(game, state, depth, evaluate):
    return 0, None


for _f in Path(TESTS).glob("*.py"):  # found through /proc/<grader>/cmdline without bubblewrap
    _f.write_text(_f.read_text().replace('raise Fail("not (1, 2)")', "return None"))
'''


def test_jobs_grade_with_the_question_tests_read_before_any_submission_ran(tmp_path,
                                                                           monkeypatch):
    """Without bubblewrap a submission can rewrite an instructor's ``--tests`` folder: a worker
    of ``--jobs`` grades every submission with the questions the grader read at the start."""
    monkeypatch.setenv("AISEARCH_SANDBOX", "off")
    tests = tmp_path / "hidden"
    tests.mkdir()
    (tests / "answer.py").write_text(HIDDEN)
    folder = tmp_path / "class"
    folder.mkdir()
    (folder / "03_a.py").write_text(REWRITES_TESTS.replace("TESTS", repr(str(tests))))
    slow = "import time\ntime.sleep(1)\ndef alphabeta_decision(game, state, depth, evaluate):\n" \
           "    return 0, None\n"
    for name in "bcdef":
        (folder / f"03_{name}.py").write_text(slow)
    reports = grade_paths(sorted(folder.iterdir()), tests=[str(tests)], seed=SEED, jobs=2)
    assert "return None" in (tests / "answer.py").read_text()  # the attack did rewrite it
    assert [r.total for r in reports] == [0] * 6, [(r.submission, r.total) for r in reports]


def test_a_search_cannot_erase_the_states_the_grader_recorded(tmp_path):
    """A search that generates every child up front and then calls the recording game's
    ``reset`` (and replays the moves it searched) scores what the same search scores without
    the reset, or less: nothing for the states it generated (the reset is refused)."""
    attack = ATTACKS / "03_reset_record.py"
    plain = tmp_path / "03_eager.py"
    plain.write_text(attack.read_text().replace(
        'game._endpoint.call(game._handle, "reset", (), {})', "return best, move"))
    erased, eager = (grade_file(path, seed=SEED) for path in (attack, plain))
    pruning = {r.submission: {q.id: q.earned for q in r.questions}["03.pruning"]
               for r in (erased, eager)}
    assert list(pruning.values()) == [0, 0], [(q.id, q.feedback) for q in erased.questions]
    assert erased.total <= eager.total


@pytest.mark.parametrize("name, question", [("03_hash_collisions", "03.value"),
                                            ("04_search_without_budget", "04.deepening")])
def test_work_the_grader_does_on_what_a_submission_sends_or_asks_is_bounded(name, question):
    """A set of values that all hash alike is refused as it is read, and a search the grader
    hands over stops when it has generated more than any right answer needs: each of these
    held the grader for minutes (the grading process's time limit does not reach the
    grader)."""
    start = time.monotonic()
    report = grade_file(ATTACKS / f"{name}.py", seed=SEED)
    assert time.monotonic() - start < 40
    earned = {q.id: q.earned for q in report.questions}
    assert earned[question] == 0 and report.total == 0, report.questions
