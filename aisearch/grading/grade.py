"""Grading submissions: a separate process per submission, with time and memory limits.

:func:`grade_file` copies a submission (``.ipynb`` or ``.py``) into a scratch folder and
runs it there in its own process, the *grading process*, which runs nothing but student
code: its code cells, then the calls the grader makes of its functions
(:mod:`aisearch.grading.session`). The questions run here, in the grader, which never runs
student code: every reference search, comparison and score is computed here, on what came
back across the channel (:mod:`aisearch.grading.remote`). Whatever happens inside (an
infinite loop, a memory bomb, ``sys.exit``, a crash), the grader reports every question:
its result, or 0 points with the reason it has none. The submission file is only read,
and its hash is checked after grading.

The grading process holds nothing secret. It starts with an empty environment, gets a copy
of the package in which what the exercise asks for raises instead of answering
(:mod:`aisearch.grading.stubs`; the exercises' questions, checks, known bugs and right
answers are not in it), never receives a question test or an expected answer, and in the
sandbox sees nothing of the disk but the Python installation, that copy and its scratch
folder (:mod:`aisearch.grading.sandbox`). The game a student's search receives sends each
move it makes back to the grader, which records the states generated and evaluated and the
budget used.

Before anything runs, the grader itself

- reads each submission once, without following a link: a symbolic link, a FIFO or a
  device where a notebook was expected scores 0 with a note naming what it is
  (:mod:`aisearch.grading.files`);
- takes the exercise from the notebook's metadata, else from the file name, and notes
  when the two disagree;
- reads the code cells as syntax trees and refuses code that refers to the grader's own
  modules (0 points, bug ``tampering``; :mod:`aisearch.grading.screen`).

Everything a submission wrote that reaches a report (exception messages, returned values,
its output) is escaped. One submission that cannot be graded (whatever the reason) scores
0 with a note; the others are graded.

:func:`grade_namespace` is the in-process fast path (trusted code only: the question
tests run against a namespace you built, with no process around them).

Examples
--------
>>> ns = {}
>>> exec("def legal_moves(grid, state):\\n    return []", ns)
>>> [r.status for r in grade_namespace(ns, "01", seed=1)]
['failed', 'failed', 'failed', 'failed']
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import re
import sys
import time
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from aisearch.grading.files import FileTooLargeError, RefusedFileError, read_regular
from aisearch.grading.files import restore as restore
from aisearch.grading.question import (
    Question,
    QuestionResult,
    default_tests,
    load_questions,
    printable,
    run_question,
)
from aisearch.grading.report import Report, format_report, write_csv, write_json

__all__ = [
    "Report",
    "grade_file",
    "grade_paths",
    "grade_namespace",
    "find_submissions",
    "exercise_of",
    "format_report",
    "write_json",
    "write_csv",
    "new_seed",
    "MAX_BYTES",
]

MAX_BYTES = 20 * 1024 * 1024
"""Submissions larger than this are not run."""



def new_seed() -> int:
    """A fresh random seed for a grading run (printed in every report)."""
    import random

    return random.SystemRandom().randrange(1, 1_000_000)


def _exercises(path: Path, raw: bytes | None) -> tuple[str | None, str | None]:
    """The exercise named by a notebook's metadata (``metadata.aisearch.exercise``) and the
    one named by the file name, each None when there is none."""
    meta = None
    if raw is not None and path.suffix == ".ipynb":
        try:
            nb = json.loads(raw.decode("utf-8"))
            found = nb.get("metadata", {}).get("aisearch", {}).get("exercise", "")
            m = re.match(r"(\d\d)", found) if isinstance(found, str) else None
            meta = m.group(1) if m else None
        except (ValueError, AttributeError, UnicodeDecodeError, RecursionError, MemoryError):
            pass
    m = re.match(r"(\d\d)(?!\d)", path.stem) or re.search(r"(?<!\d)(\d\d)(?!\d)", path.stem)
    return meta, (m.group(1) if m else None)


def exercise_of(path: Path, raw: bytes | None = None) -> str | None:
    """The exercise number of a submission: notebook metadata, else the file name.

    >>> exercise_of(Path("alice/03_alpha_beta.ipynb")), exercise_of(Path("hw-02.py"))
    ('03', '02')
    >>> exercise_of(Path("homework.ipynb")) is None
    True
    >>> exercise_of(Path("03_x.ipynb"), b"[" * 100_000)  # not JSON one can read: the name
    '03'
    """
    meta, name = _exercises(Path(path), raw)
    return meta or name


def find_submissions(paths: Iterable[str | Path]) -> list[tuple[Path, str]]:
    """Files to grade, with a student name: files as given, folders searched for ``*.ipynb``.

    In a folder, a file in a subfolder belongs to the student named by the subfolder
    (``submissions/alice/03_alpha_beta.ipynb`` -> ``alice``); elsewhere the student is
    the file's stem. Links and special files (a FIFO named like a notebook) are listed too,
    and refused when graded. Raises ``ValueError`` for a path that does not exist, a file
    that is neither ``.ipynb`` nor ``.py``, or a folder without notebooks.
    """
    found: list[tuple[Path, str]] = []
    for p in map(Path, paths):
        if p.is_dir():
            nbs = sorted(f for f in p.rglob("*.ipynb")
                         if not any(part.startswith(".") for part in f.relative_to(p).parts))
            if not nbs:
                raise ValueError(f"no notebooks (*.ipynb) found in folder {str(p)!r}")
            for f in nbs:
                rel = f.relative_to(p)
                found.append((f, printable(rel.parts[0] if len(rel.parts) > 1 else f.stem)))
        elif os.path.lexists(p):
            if p.suffix not in (".ipynb", ".py"):
                raise ValueError(f"{str(p)!r} is not a notebook (.ipynb) or Python module (.py)")
            found.append((p, printable(p.stem)))
        else:
            raise ValueError(f"no such file or folder: {str(p)!r}")
    return found


def _zero(questions: list[Question], status: str, feedback: str, bug: str | None = None
          ) -> list[QuestionResult]:
    return [QuestionResult(q.id, q.title, q.points, 0.0, status, feedback, bug)
            for q in questions]


def grade_file(
    path: str | Path, *, questions: list[Question] | None = None, tests: list[str] | None = None,
    seed: int | None = None, timeout: float = 60, memory_mb: int | None = 2048,
    cell_timeout: float | None = None, exercise: str | None = None, student: str | None = None,
    content: bytes | None = None,
) -> Report:
    """Grade one submission in its own process; never raises for a bad submission.

    Parameters
    ----------
    path : str or Path
        A notebook (``.ipynb``) or a Python module (``.py``); only read. A symbolic link
        or a special file is refused (0 points, with a note naming what it is).
    questions, tests : optional
        The questions (default: loaded from ``tests`` folders, default the shipped ones).
    seed : int, optional
        Seed of the random inputs (default: a fresh one, reported).
    memory_mb : int or None
        Address-space limit of the child process in MiB.
    cell_timeout : float, optional
        Soft limit per code cell (default: a quarter of ``timeout``).
    exercise : str, optional
        Grade as this exercise (``"03"``) whatever the file's name and metadata.
    student : str, optional
        The name in the report (default: the file's stem).
    content : bytes, optional
        The submission as read before grading began (:func:`grade_paths` reads every
        submission first); graded instead of what the file holds now.
    timeout : float
        Seconds of the submission's own running time: its cells and every call of its
        functions together (the grader's work in between is not counted).
    """
    path = Path(path)
    seed = new_seed() if seed is None else int(seed)
    try:
        return _grade_file(path, questions=questions, tests=tests, seed=seed, timeout=timeout,
                           memory_mb=memory_mb, cell_timeout=cell_timeout, exercise=exercise,
                           student=student, content=content)
    except KeyboardInterrupt:
        raise
    except BaseException as e:  # noqa: BLE001 (one submission never stops the class: a
        # QuestionTimeout or a GradingStopped that got out is a BaseException)
        return _failed(path, student, exercise, seed, questions, tests, e)


def _failed(path: Path, student: str | None, exercise: str | None, seed: int,
            questions: list[Question] | None, tests: list[str] | None, e: BaseException
            ) -> Report:
    """The report of a submission the grader could not grade: 0 points, and why."""
    report = Report(printable(str(path)), printable(student or path.stem), exercise, seed)
    report.exercise = exercise or _exercises(path, None)[1]
    why = f"{type(e).__name__}: {printable(str(e))[:300]}"
    report.notes.append(f"the grader could not grade this submission ({why}); it scores 0")
    try:
        questions = load_questions(tests or [default_tests()]) if questions is None else questions
        report.questions = _zero([q for q in questions if q.exercise == report.exercise],
                                 "not run", f"not run: the grader could not grade it ({why})")
    except Exception:  # noqa: BLE001 (the report stands without its questions)
        pass
    return report


def _grade_file(path: Path, *, questions: list[Question] | None, tests: list[str] | None,
                seed: int, timeout: float, memory_mb: int | None, cell_timeout: float | None,
                exercise: str | None, student: str | None, content: bytes | None) -> Report:
    start = time.monotonic()
    tests = tests or [default_tests()]
    questions = load_questions(tests) if questions is None else questions
    report = Report(printable(str(path)), printable(student or path.stem), exercise, seed)
    raw, refused, too_large = content, "", False
    if raw is None:
        try:
            raw = read_regular(path, MAX_BYTES)
        except FileTooLargeError:
            too_large = True
        except RefusedFileError as e:
            refused = printable(e)
            if "symbolic link" in refused:
                refused += "; grade the file itself, not a link to it"
        except OSError as e:
            report.exercise = exercise or _exercises(path, None)[1]
            report.notes.append(f"cannot read the submission: {printable(e)}")
            return report
    meta, name = _exercises(path, raw)
    report.exercise = exercise or meta or name
    if exercise is None and meta and name and meta != name:
        report.notes.append(
            f"the notebook's metadata (aisearch.exercise) says exercise {meta}, its file name "
            f"says {name}: graded as exercise {meta}, as the metadata says (pass --exercise "
            "NN to choose)")
    mine = [q for q in questions if q.exercise == report.exercise]
    if not mine:
        report.notes.append(
            f"no questions for exercise {report.exercise!r}: name the file NN_... after its "
            "exercise (e.g. 03_alpha_beta.ipynb) or pass --exercise NN"
            if report.exercise is None or questions else "no questions were loaded")
        if refused:
            report.notes.append(f"refused: {refused}")
        return report
    if refused:
        report.notes.append(f"refused: {refused}")
        report.questions = _zero(mine, "not run", f"not run: {refused}")
        return report
    if raw is not None:
        report.sha256 = hashlib.sha256(raw).hexdigest()
    if raw is None or too_large or len(raw) > MAX_BYTES:
        report.notes.append(f"the submission is larger than {MAX_BYTES // 2**20} MiB; not run")
        report.questions = _zero(mine, "not run", "the submission was too large to run")
        return report
    problem = _screen(path, raw)
    if problem is not None:
        status, feedback, bug, notes = problem
        report.notes.extend(notes)
        report.questions = _zero(mine, status, feedback, bug)
        return report
    from aisearch.grading.session import OUTPUT_TAIL, run_submission

    assert report.exercise is not None
    run = run_submission(path, raw, mine, seed=seed, exercise=report.exercise, timeout=timeout,
                         memory_mb=memory_mb, cell_timeout=cell_timeout)
    report.questions = run.results
    report.notes.extend(run.notes)
    withheld = run.cells["withheld"] if run.cells is not None else []
    if run.cells is not None:
        report.cell_errors = [dict(e) for e in run.cells["cell_errors"]]
    for err in report.cell_errors[:5]:
        report.notes.append(f"{err['where']}: {err['error']}")
    if len(report.cell_errors) > 5:
        report.notes.append(f"... and {len(report.cell_errors) - 5} more cells raised errors")
    # A skipped statement (a check against the package's own version, say) matters only
    # where a question lost points for more than a blank answer: it may explain why.
    explains = any(q.earned < q.points and q.bug != "not-implemented" for q in run.results)
    if withheld and explains:
        where = ", ".join(e["where"] for e in withheld[:3]) + (", ..." if len(withheld) > 3
                                                               else "")
        report.notes.append(f"{where} called what exercise {report.exercise} asks you to "
                            "write; the package's own version is not there while grading, so "
                            "that statement was skipped (fine in a cell that checks your answer)")
    if (run.cells is None or run.returncode not in (0, None)) and run.output:
        report.notes.append(f"what the submission's grading process printed (the submission's "
                            f"output, not the grader's; its last {OUTPUT_TAIL} characters): "
                            f"{run.output}")
    note = restore(path, raw)
    if note:
        report.notes.append(note)
    report.seconds = round(time.monotonic() - start, 2)
    return report


def _screen(path: Path, raw: bytes) -> tuple[str, str, str | None, list[str]] | None:
    """Why the submission must not run, read before it does: ``(status, feedback, bug,
    notes)``; None when it may run."""
    from aisearch.grading.child import code_cells
    from aisearch.grading.screen import MAX_CODE_CHARS, grader_references

    text = io.TextIOWrapper(io.BytesIO(raw), encoding="utf-8", errors="replace").read()
    try:
        cells = code_cells(text, module=path.suffix == ".py")
    except ValueError:
        return None  # the grading process refuses it too, and says why
    except Exception as e:  # noqa: BLE001 (nbformat on a broken old notebook)
        why = f"its code cells cannot be read ({type(e).__name__}: {printable(str(e))[:200]})"
        return "not run", f"not run: {why}", None, [f"not run: {why}"]
    if sum(len(cell.source) for cell in cells) > MAX_CODE_CHARS:
        why = f"its code is larger than {MAX_CODE_CHARS:,} characters"
        return "not run", f"not run: {why}", None, [f"not run: {why}"]
    found = grader_references(cells)
    if not found:
        return None
    where = "; ".join(found[:3]) + ("; ..." if len(found) > 3 else "")
    feedback = ("0 points: the submission refers to the grader's own modules (" + where +
                "); a notebook may take only self_check from aisearch.grading")
    notes = ["tampering: the submission refers to the grader's own modules, so it was not run: "
             + "; ".join(found)]
    return "failed", feedback, "tampering", notes


def grade_paths(
    paths: Iterable[str | Path], *, tests: list[str] | None = None, seed: int | None = None,
    progress: Any = None, jobs: int = 1, **options: Any,
) -> list[Report]:
    """Grade every submission found in ``paths`` (see :func:`find_submissions`), one seed.

    Every submission is read (and hashed) before any is run; each is graded from that copy,
    and a file found changed afterwards (one submission writing over another) is restored and
    the report of its owner warned. A link or special file is not read (its report says
    why). ``jobs`` submissions are graded at once, each in its own worker process; the
    reports are the same as with ``jobs=1``, in the same order. ``progress(report)`` is
    called as each report is ready (in order of completion). A submission that cannot be
    graded scores 0 with a note, and the others are graded.
    """
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
        raise ValueError(f"jobs must be a positive int, not {jobs!r}")
    seed = new_seed() if seed is None else seed
    tests = tests or [default_tests()]
    questions = load_questions(tests)
    found = find_submissions(paths)
    originals: dict[Path, bytes] = {}
    for path, _ in found:
        try:
            originals[path] = read_regular(path, MAX_BYTES)
        except OSError:
            pass  # refused, too large or unreadable: grade_file says so
    jobs_list = [(path, student, originals.get(path)) for path, student in found]
    reports: list[Report | None] = [None] * len(found)

    pending: dict[int, list[str]] = {}

    def check_all() -> None:
        for i, (path, _) in enumerate(found):
            if path in originals:
                note = restore(path, originals[path])
                if note:
                    pending.setdefault(i, []).append(note)
            report = reports[i]
            if report is not None and i in pending:
                report.notes.extend(pending.pop(i))

    def grade_one(i: int) -> Report:
        path, student, raw = jobs_list[i]
        return grade_file(path, questions=questions, tests=tests, seed=seed, student=student,
                          content=raw, **options)

    if jobs == 1 or len(found) < 2:
        for i in range(len(found)):
            reports[i] = grade_one(i)
            check_all()
            if progress is not None:
                progress(reports[i])
    else:
        import concurrent.futures as cf
        import multiprocessing

        fork = sys.platform.startswith("linux")
        context = multiprocessing.get_context("fork" if fork else "spawn")
        # forked workers grade with the questions read here, before any submission ran (one
        # may rewrite a --tests folder when there is no sandbox); spawned ones read them again
        _FORKED_QUESTIONS[:] = [questions] if fork else []

        def done(i: int, future: Any) -> None:
            try:
                reports[i] = future.result()
            except KeyboardInterrupt:
                raise
            except BaseException as e:  # noqa: BLE001 (that submission only)
                path, student, _ = jobs_list[i]
                reports[i] = _failed(path, student, options.get("exercise"), seed, questions,
                                     tests, e)
            check_all()
            if progress is not None:
                progress(reports[i])

        left = []  # submissions a worker's death took down with it
        with cf.ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
            futures = {pool.submit(_grade_job, jobs_list[i], tests, seed, options): i
                       for i in range(len(found))}
            for future in cf.as_completed(futures):
                if isinstance(future.exception(), cf.process.BrokenProcessPool):
                    left.append(futures[future])
                else:
                    done(futures[future], future)
        # A worker that died (killed for its memory, say) breaks the pool, and every
        # submission not graded yet fails with it: each is graded again in a worker of its
        # own, so that only the one that kills its worker again scores 0.
        for i in sorted(left):
            with cf.ProcessPoolExecutor(max_workers=1, mp_context=context) as solo:
                done(i, solo.submit(_grade_job, jobs_list[i], tests, seed, options))
    check_all()
    return [r for r in reports if r is not None]


def _grade_job(job: tuple[Path, str, bytes | None], tests: list[str], seed: int,
               options: dict[str, Any]) -> Report:
    """One submission, in a worker process (which loads the questions itself)."""
    path, student, raw = job
    questions = _FORKED_QUESTIONS[0] if _FORKED_QUESTIONS else None
    return grade_file(path, questions=questions, tests=tests, seed=seed, student=student,
                      content=raw, **options)


_FORKED_QUESTIONS: list[list[Question]] = []
"""The questions a forked worker of :func:`grade_paths` grades with (read before it forked)."""


def grade_namespace(
    namespace: Mapping[str, Any], exercise: str, *, seed: int = 0,
    tests: list[str] | None = None, timeout: float | None = None,
    notes: Mapping[str, Any] | None = None,
) -> list[QuestionResult]:
    """Run an exercise's questions in this process against ``namespace`` (trusted code);
    ``notes`` tell the questions about the cells (``cell_errors``)."""
    questions = [q for q in load_questions(tests or [default_tests()]) if q.exercise == exercise]
    return [run_question(q, namespace, seed, notes=notes,
                         timeout=timeout if timeout is None else min(timeout, q.timeout))
            for q in questions]
