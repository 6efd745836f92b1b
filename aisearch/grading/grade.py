"""Grading submissions: a separate process per submission, with time and memory limits.

:func:`grade_file` copies a submission (``.ipynb`` or ``.py``) into a scratch folder and
runs :mod:`aisearch.grading.child` there in a new process group, with a memory limit,
then waits at most ``timeout`` seconds and kills the group. Whatever happens inside
(an infinite loop, a memory bomb, ``sys.exit``, a crash), the parent reports every
question: the child's result, or 0 points with the reason it has none. The submission
file is only read, and its hash is checked after grading.

:func:`grade_namespace` is the in-process fast path (trusted code only: the question
tests run against a namespace you built, with no process around them).

Examples
--------
>>> ns = {}
>>> exec("def legal_moves(grid, state):\\n    return []", ns)
>>> [r.status for r in grade_namespace(ns, "01", seed=1)]
['failed', 'failed', 'failed']
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import secrets
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from aisearch.grading.question import (
    Question,
    QuestionResult,
    default_tests,
    load_questions,
    run_question,
)
from aisearch.grading.report import Report, format_report, write_csv, write_json
from aisearch.grading.sandbox import hidden_folders, sandbox_tool, wrap

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

STATUSES = {"passed", "partial", "failed", "timeout", "not run"}


def new_seed() -> int:
    """A fresh random seed for a grading run (printed in every report)."""
    import random

    return random.SystemRandom().randrange(1, 1_000_000)


def exercise_of(path: Path, raw: bytes | None = None) -> str | None:
    """The exercise number of a submission: notebook metadata, else the file name.

    >>> exercise_of(Path("alice/03_alpha_beta.ipynb")), exercise_of(Path("hw-02.py"))
    ('03', '02')
    >>> exercise_of(Path("homework.ipynb")) is None
    True
    """
    if raw is not None and path.suffix == ".ipynb":
        try:
            meta = json.loads(raw.decode("utf-8")).get("metadata", {}).get("aisearch", {})
            m = re.match(r"(\d\d)", str(meta.get("exercise", "")))
            if m:
                return m.group(1)
        except (ValueError, AttributeError, UnicodeDecodeError):
            pass
    m = re.match(r"(\d\d)(?!\d)", path.stem) or re.search(r"(?<!\d)(\d\d)(?!\d)", path.stem)
    return m.group(1) if m else None


def find_submissions(paths: Iterable[str | Path]) -> list[tuple[Path, str]]:
    """Files to grade, with a student name: files as given, folders searched for ``*.ipynb``.

    In a folder, a file in a subfolder belongs to the student named by the subfolder
    (``submissions/alice/03_alpha_beta.ipynb`` -> ``alice``); elsewhere the student is
    the file's stem. Raises ``ValueError`` for a path that does not exist, a file that
    is neither ``.ipynb`` nor ``.py``, or a folder without notebooks.
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
                found.append((f, rel.parts[0] if len(rel.parts) > 1 else f.stem))
        elif p.is_file():
            if p.suffix not in (".ipynb", ".py"):
                raise ValueError(f"{str(p)!r} is not a notebook (.ipynb) or Python module (.py)")
            found.append((p, p.stem))
        else:
            raise ValueError(f"no such file or folder: {str(p)!r}")
    return found


def _child_env() -> dict[str, str]:
    import aisearch

    env = dict(os.environ)
    root = str(Path(aisearch.__file__).resolve().parent.parent)
    env["PYTHONPATH"] = os.pathsep.join([root] + [p for p in [env.get("PYTHONPATH")] if p])
    env.update(AISEARCH_GRADING="1", MPLBACKEND="Agg", PYTHONDONTWRITEBYTECODE="1",
               PYTHONHASHSEED="0",
               OMP_NUM_THREADS="1", OPENBLAS_NUM_THREADS="1", MKL_NUM_THREADS="1",
               PYTHONUNBUFFERED="1")
    env.pop("PYTHONSTARTUP", None)
    return env


def _read_records(path: Path, nonce: str) -> list[dict[str, Any]]:
    records = []
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            for line in f:
                try:
                    rec = json.loads(line)
                except ValueError:
                    continue
                if isinstance(rec, dict) and rec.get("nonce") == nonce:
                    records.append(rec)
    except OSError:
        pass
    return records


def _replay(q: Question, rec: Mapping[str, Any], seed: int, notes: Mapping[str, Any]
            ) -> QuestionResult:
    """Score ``q`` here, from the notes the child took of the student's answers.

    The question runs again in this process (which never runs student code) against a
    :class:`~aisearch.grading.replay.ReplayNamespace`; only the child's time spent and a
    timeout are taken from its record.
    """
    from aisearch.grading.replay import Book, ReplayNamespace

    seconds = rec.get("seconds")
    seconds = seconds if isinstance(seconds, (int, float)) and seconds == seconds else None
    if rec.get("status") == "timeout":
        return QuestionResult(q.id, q.title, q.points, 0.0, "timeout",
                              f"time limit of {q.timeout:g} s reached: is there an infinite loop, "
                              "or is it far too slow?", "timeout", seconds)
    book = rec.get("book")
    result = run_question(q, ReplayNamespace(Book(book if isinstance(book, list) else [])),
                          seed, notes=notes, timeout=max(q.timeout, 30.0))
    result.seconds = seconds
    return result


def _notes(records: list[dict[str, Any]]) -> dict[str, Any]:
    """What the child's cells record tells the questions (as it told them in the child)."""
    for rec in records:
        if rec.get("type") == "cells":
            errors = rec.get("cell_errors")
            errors = [{"cell": e.get("cell"), "error": str(e.get("error"))}
                      for e in errors if isinstance(e, dict)] if isinstance(errors, list) else []
            return {"cells_run": rec.get("cells_run"), "cell_errors": errors}
    return {}


def _died(returncode: int | None, timed_out: bool, timeout: float) -> str:
    if timed_out:
        return f"the time limit of {timeout:g} s for the whole submission was reached"
    if returncode is not None and returncode < 0:
        try:
            name = signal.Signals(-returncode).name
        except ValueError:
            name = f"signal {-returncode}"
        hint = " (the memory or CPU limit?)" if name in ("SIGKILL", "SIGXCPU", "SIGSEGV") else ""
        return f"the grading process was killed by {name}{hint}"
    return f"the submission ended the grading process (exit status {returncode})"


def grade_file(
    path: str | Path, *, questions: list[Question] | None = None, tests: list[str] | None = None,
    seed: int | None = None, timeout: float = 60, memory_mb: int | None = 2048,
    cell_timeout: float | None = None, exercise: str | None = None, student: str | None = None,
    content: bytes | None = None, hide: list[Path] | None = None,
) -> Report:
    """Grade one submission in its own process; never raises for a bad submission.

    Parameters
    ----------
    path : str or Path
        A notebook (``.ipynb``) or a Python module (``.py``); only read.
    questions, tests : optional
        The questions (default: loaded from ``tests`` folders, default the shipped ones).
    seed : int, optional
        Seed of the random inputs (default: a fresh one, reported).
    timeout : float
        Wall-clock seconds for the whole submission (its cells and all its questions).
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
    hide : list of Path, optional
        Folders the grading process must not see when sandboxed (default:
        :func:`~aisearch.grading.sandbox.hidden_folders` of this submission).
    """
    start = time.monotonic()
    path = Path(path)
    seed = new_seed() if seed is None else int(seed)
    tests = tests or [default_tests()]
    questions = load_questions(tests) if questions is None else questions
    report = Report(str(path), student or path.stem, exercise, seed)
    try:
        raw = path.read_bytes() if content is None else content
    except OSError as e:
        report.notes.append(f"cannot read the submission: {e}")
        return report
    report.sha256 = hashlib.sha256(raw).hexdigest()
    report.exercise = exercise or exercise_of(path, raw)
    mine = [q for q in questions if q.exercise == report.exercise]
    if not mine:
        report.notes.append(
            f"no questions for exercise {report.exercise!r}: name the file NN_... after its "
            "exercise (e.g. 03_alpha_beta.ipynb) or pass --exercise NN"
            if report.exercise is None or questions else "no questions were loaded")
        return report
    if len(raw) > MAX_BYTES:
        report.notes.append(f"the submission is larger than {MAX_BYTES // 2**20} MiB; not run")
        report.questions = [QuestionResult(q.id, q.title, q.points, 0.0, "not run",
                                           "the submission was too large to run") for q in mine]
        return report
    records, returncode, timed_out, log_tail = _run_child(
        path, raw, mine, tests, seed, timeout, memory_mb,
        cell_timeout if cell_timeout is not None else max(timeout / 4, 1.0),
        hidden_folders([path]) if hide is None else hide)
    report.questions = _collect(mine, records, returncode, timed_out, timeout, report.notes,
                                seed)
    for rec in records:
        if rec.get("type") == "cells":
            errors = rec.get("cell_errors")
            if isinstance(errors, list):
                report.cell_errors = [
                    {"cell": e.get("cell"), "error": str(e.get("error"))[:500]}
                    for e in errors[:50] if isinstance(e, dict)]
        elif rec.get("type") == "fatal":
            report.notes.append(f"cannot run the submission: {str(rec.get('error'))[:500]}")
    for err in report.cell_errors[:5]:
        report.notes.append(f"cell {err['cell']}: {err['error']}")
    if len(report.cell_errors) > 5:
        report.notes.append(f"... and {len(report.cell_errors) - 5} more cells raised errors")
    if not records and log_tail:
        report.notes.append(f"grader output: {log_tail}")
    note = restore(path, raw)
    if note:
        report.notes.append(note)
    report.seconds = round(time.monotonic() - start, 2)
    return report


def _run_child(path: Path, raw: bytes, mine: list[Question], tests: list[str], seed: int,
               timeout: float, memory_mb: int | None, cell_timeout: float, hide: list[Path]
               ) -> tuple[list[dict[str, Any]], int | None, bool, str]:
    with tempfile.TemporaryDirectory(prefix="aisearch-grade-", ignore_cleanup_errors=True) as tmp:
        work = Path(tmp)
        copy = work / ("submission" + path.suffix)
        copy.write_bytes(raw)
        results = work / "results.jsonl"
        nonce = secrets.token_hex(16)
        config = {
            "submission": str(copy), "results": str(results), "seed": seed, "nonce": nonce,
            "tests": [str(Path(t).resolve()) for t in tests], "questions": [q.id for q in mine],
            "timeout": timeout, "memory_mb": memory_mb, "cell_timeout": cell_timeout,
        }
        (work / "config.json").write_text(json.dumps(config), encoding="utf-8")
        log_path = work / "output.log"
        timed_out = False
        tool = sandbox_tool()
        argv = wrap([sys.executable, "-m", "aisearch.grading.child", str(work / "config.json")],
                    work, hide, tool=tool, keep=[Path(x) for x in tests])
        env = {**_child_env(), "HOME": str(work), "MPLCONFIGDIR": str(work)}
        with open(log_path, "wb") as log:
            proc = subprocess.Popen(argv, cwd=work, env=env, stdin=subprocess.DEVNULL,
                                    stdout=log, stderr=subprocess.STDOUT,
                                    start_new_session=True)
            try:
                proc.wait(timeout=timeout + 2)
            except subprocess.TimeoutExpired:
                timed_out = True
            finally:
                _end(proc, supervised=tool is None)
        records = _read_records(results, nonce)
        tail = ""
        try:
            with open(log_path, "rb") as f:
                f.seek(max(0, os.path.getsize(log_path) - 600))
                tail = f.read().decode("utf-8", "replace").strip()
        except OSError:
            pass
    code = proc.returncode
    if tool is None and code is not None and code > 128:  # the supervisor's "killed by"
        code = 128 - code
    return records, code, timed_out, tail


def _end(proc: subprocess.Popen[bytes], *, supervised: bool) -> None:
    """End the grading process and everything it started: the supervisor is asked to (and
    given a few seconds), bubblewrap's namespace ends with its first process."""
    if supervised and proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            pass
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    proc.wait()


def _collect(mine: list[Question], records: list[dict[str, Any]], returncode: int | None,
             timed_out: bool, timeout: float, notes: list[str], seed: int
             ) -> list[QuestionResult]:
    got: dict[str, dict[str, Any]] = {}
    for rec in records:
        if rec.get("type") == "question" and rec.get("id") not in got:
            got[str(rec.get("id"))] = rec
    done = any(rec.get("type") == "done" for rec in records)
    fatal = next((str(r.get("error"))[:300] for r in records if r.get("type") == "fatal"), None)
    why = "" if done else _died(returncode, timed_out, timeout)
    if fatal:
        why = f"the submission could not be run ({fatal})"
    if why and not fatal:
        notes.append(why)
    out, first_missing = [], True
    cells = _notes(records)
    for q in mine:
        if q.id in got:
            out.append(_replay(q, got[q.id], seed, cells))
            continue
        if fatal:
            text, status = f"not run: {why}", "not run"
        elif done:
            text, status = "not run: the submission's time limit was reached before it", "not run"
        elif first_missing and any(r.get("type") == "cells" for r in records):
            text = f"0 points: {why} while this question ran"
            status = "timeout" if timed_out else "failed"
        elif not any(r.get("type") == "cells" for r in records):
            text, status = f"not run: {why} while the notebook's cells ran", "not run"
        else:
            text, status = f"not run: {why} before this question", "not run"
        first_missing = False
        out.append(QuestionResult(q.id, q.title, q.points, 0.0, status, text, "crash"))
    return out


def restore(path: Path, raw: bytes) -> str | None:
    """Put ``raw`` back into ``path`` if the file no longer holds it; the warning to report.

    >>> import tempfile
    >>> f = Path(tempfile.mkdtemp()) / "03_x.py"
    >>> _ = f.write_text("x = 1")
    >>> restore(f, b"x = 1") is None
    True
    >>> _ = f.write_text("stolen"); print(restore(f, b"x = 1"))  # doctest: +ELLIPSIS
    warning: the submission file was changed while the class was graded; it was restored ...
    >>> f.read_text()
    'x = 1'
    """
    try:
        if path.read_bytes() == raw:
            return None
        what = "changed"
    except OSError:
        what = "removed"
    try:
        path.write_bytes(raw)
    except OSError as e:
        return (f"warning: the submission file was {what} while the class was graded and "
                f"cannot be restored ({e}); the grade is for what it held before")
    return (f"warning: the submission file was {what} while the class was graded; it was "
            "restored to what it held before grading began")


def grade_paths(
    paths: Iterable[str | Path], *, tests: list[str] | None = None, seed: int | None = None,
    progress: Any = None, jobs: int = 1, **options: Any,
) -> list[Report]:
    """Grade every submission found in ``paths`` (see :func:`find_submissions`), one seed.

    Every submission is read (and hashed) before any is run; each is graded from that copy,
    and a file found changed afterwards (one submission writing over another) is restored and
    the report of its owner warned. ``jobs`` submissions are graded at once, each in its own
    worker process; the reports are the same as with ``jobs=1``, in the same order.
    ``progress(report)`` is called as each report is ready (in order of completion).
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
            originals[path] = path.read_bytes()
        except OSError:
            pass
    hide = hidden_folders(p for p, _ in found)
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
                          content=raw, hide=hide, **options)

    if jobs == 1 or len(found) < 2:
        for i in range(len(found)):
            reports[i] = grade_one(i)
            check_all()
            if progress is not None:
                progress(reports[i])
    else:
        import concurrent.futures as cf
        import multiprocessing

        context = multiprocessing.get_context("fork" if sys.platform.startswith("linux")
                                              else "spawn")
        with cf.ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
            futures = {pool.submit(_grade_job, jobs_list[i], tests, seed, hide, options): i
                       for i in range(len(found))}
            for future in cf.as_completed(futures):
                i = futures[future]
                reports[i] = future.result()
                check_all()
                if progress is not None:
                    progress(reports[i])
    check_all()
    return [r for r in reports if r is not None]


def _grade_job(job: tuple[Path, str, bytes | None], tests: list[str], seed: int,
               hide: list[Path], options: dict[str, Any]) -> Report:
    """One submission, in a worker process (which loads the questions itself)."""
    path, student, raw = job
    return grade_file(path, tests=tests, seed=seed, student=student, content=raw, hide=hide,
                      **options)


def grade_namespace(
    namespace: Mapping[str, Any], exercise: str, *, seed: int = 0,
    tests: list[str] | None = None, timeout: float | None = None,
) -> list[QuestionResult]:
    """Run an exercise's questions in this process against ``namespace`` (trusted code)."""
    questions = [q for q in load_questions(tests or [default_tests()]) if q.exercise == exercise]
    return [run_question(q, namespace, seed, timeout=timeout if timeout is None else
                         min(timeout, q.timeout)) for q in questions]
