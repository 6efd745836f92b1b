"""Grading submissions: a separate process per submission, with time and memory limits.

:func:`grade_file` copies a submission (``.ipynb`` or ``.py``) into a scratch folder and
runs :mod:`aisearch.grading.child` there in a new process group, with a memory limit,
then waits at most ``timeout`` seconds and kills the group. Whatever happens inside
(an infinite loop, a memory bomb, ``sys.exit``, a crash), the parent reports every
question: the child's result, or 0 points with the reason it has none. The submission
file is only read, and its hash is checked after grading.

Before anything runs, the grader itself (this process, which never runs student code)

- reads each submission once, without following a link: a symbolic link, a FIFO or a
  device where a notebook was expected scores 0 with a note naming what it is
  (:mod:`aisearch.grading.files`);
- takes the exercise from the notebook's metadata, else from the file name, and notes
  when the two disagree;
- reads the code cells as syntax trees and refuses code that refers to the grader's own
  modules (0 points, bug ``tampering``; :mod:`aisearch.grading.screen`).

Residual risk: the checks made inside the grading process (traps on the package's
searchers, the watch on calls, ``uses-reference``) run where the submission runs and can
be switched off by code that reaches the grader's objects without naming them (through
``gc``, or a module name built at run time); the syntax check above sees only names
written in the code. What such a submission gains is bounded by the replay: its records
can only claim answers, which it must compute, and without bubblewrap it can read the
course's right answers. Grade with bubblewrap (:mod:`aisearch.grading.sandbox`).

What the grading process recorded is read back with its shapes checked
(:mod:`aisearch.grading.records`), and everything a submission wrote that reaches a report
(exception messages, returned values, its output) is escaped. One submission that cannot
be graded (whatever the reason) scores 0 with a note; the others are graded.

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
import secrets
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from aisearch.grading.files import FileTooLargeError, RefusedFileError, read_regular, read_tail
from aisearch.grading.files import restore as restore
from aisearch.grading.question import (
    Question,
    QuestionResult,
    default_tests,
    load_questions,
    printable,
    run_question,
)
from aisearch.grading.records import Records, read_records
from aisearch.grading.report import Report, format_report, write_csv, write_json
from aisearch.grading.sandbox import hidden_paths, sandbox_tool, wrap

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

OUTPUT_TAIL = 600
"""How much of what the grading process printed is shown when it recorded nothing."""


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


def _replay(q: Question, rec: Mapping[str, Any], seed: int, notes: Mapping[str, Any]
            ) -> QuestionResult:
    """Score ``q`` here, from the notes the child took of the student's answers.

    The question runs again in this process (which never runs student code) against a
    :class:`~aisearch.grading.replay.ReplayNamespace`; only the child's time spent and a
    timeout are taken from its record (checked by :mod:`aisearch.grading.records`).
    """
    from aisearch.grading.replay import Book, ReplayNamespace

    seconds = rec.get("seconds")
    if rec.get("status") == "timeout":
        return QuestionResult(q.id, q.title, q.points, 0.0, "timeout",
                              f"time limit of {q.timeout:g} s reached: is there an infinite loop, "
                              "or is it far too slow?", "timeout", seconds)
    result = run_question(q, ReplayNamespace(Book(rec.get("book"))), seed, notes=notes,
                          timeout=max(q.timeout, 30.0))
    result.seconds = seconds
    return result


def _notes(records: Records) -> dict[str, Any]:
    """What the child's cells record tells the questions (as it told them in the child)."""
    if records.cells is None:
        return {}
    return {"cells_run": records.cells["cells_run"],
            "cell_errors": [dict(e) for e in records.cells["cell_errors"]]}


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


def _zero(questions: list[Question], status: str, feedback: str, bug: str | None = None
          ) -> list[QuestionResult]:
    return [QuestionResult(q.id, q.title, q.points, 0.0, status, feedback, bug)
            for q in questions]


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
        A notebook (``.ipynb``) or a Python module (``.py``); only read. A symbolic link
        or a special file is refused (0 points, with a note naming what it is).
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
        Folders and files the grading process must not see when sandboxed (default:
        :func:`~aisearch.grading.sandbox.hidden_paths` of this submission).
    """
    path = Path(path)
    seed = new_seed() if seed is None else int(seed)
    try:
        return _grade_file(path, questions=questions, tests=tests, seed=seed, timeout=timeout,
                           memory_mb=memory_mb, cell_timeout=cell_timeout, exercise=exercise,
                           student=student, content=content, hide=hide)
    except Exception as e:  # noqa: BLE001 (one submission never stops the class)
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
                exercise: str | None, student: str | None, content: bytes | None,
                hide: list[Path] | None) -> Report:
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
    records, returncode, timed_out, log_tail = _run_child(
        path, raw, mine, tests, seed, timeout, memory_mb,
        cell_timeout if cell_timeout is not None else max(timeout / 4, 1.0),
        hidden_paths([path]) if hide is None else hide)
    report.notes.extend(records.problems)
    report.questions = _collect(mine, records, returncode, timed_out, timeout, report.notes,
                                seed)
    if records.cells is not None:
        report.cell_errors = [dict(e) for e in records.cells["cell_errors"]]
    if records.fatal is not None:
        report.notes.append(f"cannot run the submission: {records.fatal}")
    for err in report.cell_errors[:5]:
        report.notes.append(f"cell {err['cell']}: {err['error']}")
    if len(report.cell_errors) > 5:
        report.notes.append(f"... and {len(report.cell_errors) - 5} more cells raised errors")
    if not records and log_tail:
        report.notes.append(f"what the submission's grading process printed (the submission's "
                            f"output, not the grader's; its last {OUTPUT_TAIL} characters): "
                            f"{log_tail}")
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
    if sum(len(source) for _, source in cells) > MAX_CODE_CHARS:
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


def _run_child(path: Path, raw: bytes, mine: list[Question], tests: list[str], seed: int,
               timeout: float, memory_mb: int | None, cell_timeout: float, hide: list[Path]
               ) -> tuple[Records, int | None, bool, str]:
    from aisearch.grading.child import user_namespace

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
            "user_namespace": user_namespace(),
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
        # both files are in reach of the submission: links and special files are not read
        records = read_records(results, nonce, {q.id for q in mine})
        tail = printable(read_tail(log_path, OUTPUT_TAIL).decode("utf-8", "replace").strip())
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


def _collect(mine: list[Question], records: Records, returncode: int | None,
             timed_out: bool, timeout: float, notes: list[str], seed: int
             ) -> list[QuestionResult]:
    got = records.questions
    done = records.done is not None
    skipped = set(records.done["skipped"]) if records.done is not None else set()
    fatal = records.fatal[:300] if records.fatal is not None else None
    why = "" if done else _died(returncode, timed_out, timeout)
    if fatal:
        why = f"the submission could not be run ({fatal})"
    if why and not fatal:
        notes.append(why)
    out, first_missing = [], True
    cells = _notes(records)
    ran_cells = records.cells is not None
    incomplete = False
    for q in mine:
        if q.id in got:
            out.append(_replay(q, got[q.id], seed, cells))
            continue
        bug = "crash"
        if fatal:
            text, status = f"not run: {why}", "not run"
        elif done and q.id in skipped:
            text, status = "not run: the submission's time limit was reached before it", "not run"
        elif done:
            text, status, bug = ("0 points: the grading process's results were incomplete: "
                                 "it finished, but its record of this question is missing "
                                 "(did the submission change its results file?)",
                                 "failed", "tampering")
            incomplete = True
        elif first_missing and ran_cells:
            text = f"0 points: {why} while this question ran"
            status = "timeout" if timed_out else "failed"
        elif not ran_cells:
            text, status = f"not run: {why} while the notebook's cells ran", "not run"
        else:
            text, status = f"not run: {why} before this question", "not run"
        first_missing = False
        out.append(QuestionResult(q.id, q.title, q.points, 0.0, status, text, bug))
    if incomplete:
        notes.append("the grading process's results were incomplete: records of questions it "
                     "ran are missing")
    return out


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
    hide = hidden_paths(p for p, _ in found)
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
                try:
                    reports[i] = future.result()
                except Exception as e:  # noqa: BLE001 (a worker that died: that one only)
                    path, student, _ = jobs_list[i]
                    reports[i] = _failed(path, student, options.get("exercise"), seed,
                                         questions, tests, e)
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
