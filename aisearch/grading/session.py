"""Grading one submission: the grading process started, its cells run, its functions called.

:func:`run_submission` copies the submission into a scratch folder, starts the grading
process (:mod:`aisearch.grading.child`) there with an empty environment, the exercise's
copy of the package (:mod:`aisearch.grading.stubs`) and two pipes, in the sandbox when there
is one (:mod:`aisearch.grading.sandbox`), waits for its cells to run, and then runs each
question *here*, in the grader, against the submission's names as the channel gives them
(:mod:`aisearch.grading.remote`): every call of a student's function runs there, every
reference search, comparison and score here. The process gets no question test, no right
answer and no score.

Time: ``timeout`` seconds of the submission's own running time in all (its cells and the
calls of its functions; the grader's work in between does not count), and each question at
most its own ``timeout`` of it. A call that overruns its limit is stopped by the grading
process (the question scores 0, "timeout"); a process that does not answer within the
limit and :data:`~aisearch.grading.remote.GRACE` seconds more is ended, and the questions
after it are not run.

Examples
--------
>>> import tempfile
>>> from aisearch.grading.question import load_questions, default_tests
>>> questions = [q for q in load_questions([default_tests()]) if q.exercise == "01"]
>>> folder = Path(tempfile.mkdtemp())
>>> path = folder / "01_mine.py"
>>> _ = path.write_text("def legal_moves(grid, state):\\n    return []\\n")
>>> run = run_submission(path, path.read_bytes(), questions, seed=1, exercise="01")
>>> [r.status for r in run.results], run.cells["cells_run"]
(['failed', 'failed', 'failed', 'failed'], 1)
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from aisearch.grading.child import user_namespace
from aisearch.grading.files import read_tail
from aisearch.grading.question import (
    GradingStopped,
    Question,
    QuestionResult,
    printable,
    run_question,
)
from aisearch.grading.remote import GRACE, Endpoint, Namespace
from aisearch.grading.sandbox import sandbox_tool, wrap

__all__ = ["Run", "run_submission", "child_env", "OUTPUT_TAIL", "MAX_CELL_ERRORS"]

OUTPUT_TAIL = 600
"""How much of what the grading process printed is shown when it ended early."""
MAX_CELL_ERRORS = 50
"""Cell errors kept in a report (each at most 500 characters)."""


@dataclass
class Run:
    """What grading one submission found: the cells' outcome (None when they did not run),
    each question's result, notes for the report, the process's exit status and the end of
    what it printed."""

    cells: dict[str, Any] | None = None
    results: list[QuestionResult] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    returncode: int | None = None
    output: str = ""


def child_env(package: Path, work: Path) -> dict[str, str]:
    """The grading process's whole environment: nothing of the grader's but what Python
    needs (the grader's variables, tokens among them, stay here).

    >>> env = child_env(Path("/pkg"), Path("/work"))
    >>> env["PYTHONPATH"], env["HOME"], "PATH" in env
    ('/pkg', '/work', True)
    """
    return {
        "PATH": "/usr/bin:/bin", "HOME": str(work), "TMPDIR": "/tmp",
        "PYTHONPATH": str(package), "PYTHONDONTWRITEBYTECODE": "1", "PYTHONHASHSEED": "0",
        "PYTHONUNBUFFERED": "1", "PYTHONUTF8": "1", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8",
        "MPLBACKEND": "Agg", "MPLCONFIGDIR": str(work), "AISEARCH_GRADING": "1",
        "OMP_NUM_THREADS": "1", "OPENBLAS_NUM_THREADS": "1", "MKL_NUM_THREADS": "1",
    }


def _cells(message: dict[str, Any], seconds: float) -> dict[str, Any]:
    """The cells' outcome as the grading process reported it, checked and capped, with the
    ``seconds`` they took on the grader's clock (the grading process's own clock is the
    submission's to change: it runs in the same process as the cells)."""
    run = message.get("cells_run")
    return {"cells_run": run if type(run) is int and run >= 0 else 0,
            "cell_errors": _errors(message.get("cell_errors")),
            "withheld": _errors(message.get("withheld")),
            "seconds": seconds}


def _errors(found: Any) -> list[dict[str, Any]]:
    errors = []
    for e in found[:MAX_CELL_ERRORS] if isinstance(found, list) else []:
        if not isinstance(e, dict):
            continue
        cell = e.get("cell")
        if not ((type(cell) is int and 0 <= cell < 10**6) or type(cell) is str):
            continue
        where = e.get("where")
        errors.append({"cell": cell if type(cell) is int else printable(cell)[:40],
                       "where": printable(where if isinstance(where, str) else f"cell {cell}")
                       [:80], "error": printable(e.get("error", ""))[:500]})
    return errors


_CPU_DEATHS = (-signal.SIGKILL, -signal.SIGXCPU, 128 + signal.SIGKILL, 128 + signal.SIGXCPU)
"""Exit statuses of a process ended by its CPU-time limit (directly, or as a sandbox reports
its child's death)."""


def _died(returncode: int | None) -> str:
    if returncode is not None and returncode < 0:
        try:
            name = signal.Signals(-returncode).name
        except ValueError:
            name = f"signal {-returncode}"
        hint = " (the memory or CPU limit?)" if name in ("SIGKILL", "SIGXCPU", "SIGSEGV") else ""
        return f"the grading process was killed by {name}{hint}"
    if returncode is None:
        return "the grading process stopped answering"
    return f"the submission ended the grading process (exit status {returncode})"


def run_submission(path: Path, raw: bytes, questions: list[Question], *, seed: int,
                   exercise: str, timeout: float = 60, memory_mb: int | None = 2048,
                   cell_timeout: float | None = None) -> Run:
    """Run the submission ``raw`` (read from ``path``) and grade it on ``questions``.

    Parameters
    ----------
    path : Path
        Where the submission was read (its suffix says notebook or module).
    raw : bytes
        Its content, as read before grading began.
    questions : list of Question
        The exercise's questions, run here in the grader.
    seed : int
        The random inputs' seed.
    exercise : str
        The exercise (``"03"``): which functions the grading process's package withholds.
    timeout : float
        Seconds of the submission's running time in all (cells and calls).
    memory_mb : int or None
        The grading process's address-space limit.
    cell_timeout : float, optional
        Soft limit per code cell (default: a quarter of ``timeout``).
    """
    from aisearch.grading.stubs import graded_package, package_changed

    run = Run()
    cell_timeout = cell_timeout if cell_timeout is not None else max(timeout / 4, 1.0)
    package = graded_package(exercise)
    with tempfile.TemporaryDirectory(prefix="aisearch-grade-", ignore_cleanup_errors=True) as tmp:
        work = Path(tmp) / "work"
        work.mkdir()
        copy = work / ("submission" + path.suffix)
        copy.write_bytes(raw)
        to_child, from_grader = os.pipe()
        from_child, to_grader = os.pipe()
        config = {"submission": str(copy), "read_fd": to_child, "write_fd": to_grader,
                  "timeout": timeout, "cell_timeout": cell_timeout, "memory_mb": memory_mb,
                  "user_namespace": user_namespace()}
        (work / "config.json").write_text(json.dumps(config), encoding="utf-8")
        tool = sandbox_tool()
        argv = wrap([sys.executable, "-s", "-m", "aisearch.grading.child",
                     str(work / "config.json")], work, package, tool=tool)
        log_path = Path(tmp) / "output.log"  # outside the scratch folder: out of reach
        with open(log_path, "wb") as log:
            proc = subprocess.Popen(argv, cwd=work, env=child_env(package, work),
                                    stdin=subprocess.DEVNULL, stdout=log,
                                    stderr=subprocess.STDOUT, start_new_session=True,
                                    pass_fds=(to_child, to_grader))
        os.close(to_child)
        os.close(to_grader)
        channel = Endpoint(from_child, from_grader, "grader")
        began = time.monotonic()

        def why() -> str:
            """Why the channel ended, once the process has: its own exit, or our limit."""
            if channel.closed and "time limit" in channel.closed:
                return channel.closed
            try:
                proc.wait(timeout=2)
            except subprocess.TimeoutExpired:
                return channel.closed or "the grading process stopped answering"
            code = proc.returncode
            if tool is None and code is not None and code > 128:
                code = 128 - code
            if code in _CPU_DEATHS and time.monotonic() - began >= timeout:
                # its CPU-time limit (the whole submission's time and a margin) ended it
                return f"the time limit of {timeout:g} s for the whole submission was reached"
            return _died(code)

        try:
            _grade(channel, run, questions, seed, timeout, why)
        finally:
            channel.close()
            run.returncode = _end(proc, supervised=tool is None)
        run.output = printable(read_tail(log_path, OUTPUT_TAIL).decode("utf-8", "replace")
                               .strip())
    if package_changed(package):
        run.notes.append("the submission changed the grading process's copy of the package, "
                         "which every submission of the exercise is graded with: it is built "
                         "again for the next one")
    return run


def _grade(channel: Endpoint, run: Run, questions: list[Question], seed: int,
           timeout: float, why: Any) -> None:
    start = [time.monotonic()]  # when the cells began: the child says so before they run
    try:
        message = _ready(channel, timeout + GRACE + 5, timeout, start)
    except GradingStopped:
        reason = why()
        run.notes.append(reason)
        run.results = [_lost(q, f"not run: {reason} while the notebook's cells ran", "not run")
                       for q in questions]
        return
    if "fatal" in message:
        why = printable(message.get("fatal"))[:300]
        run.notes.append(f"cannot run the submission: {why}")
        run.results = [_lost(q, f"not run: the submission could not be run ({why})",
                             "not run") for q in questions]
        return
    run.cells = _cells(message, round(time.monotonic() - start[0], 3))
    left = timeout - run.cells["seconds"]
    notes = {"cells_run": run.cells["cells_run"], "cell_errors": run.cells["cell_errors"]}
    stopped = ""
    for q in questions:
        if stopped:
            run.results.append(_lost(q, f"not run: {stopped} before this question", "not run"))
            continue
        if left <= 0.05:
            run.results.append(_lost(q, "not run: the submission's time limit was reached "
                                     "before it", "not run"))
            continue
        channel.budget, channel.waited = min(q.timeout, left), 0.0
        channel.withheld = []
        result = run_question(q, Namespace(channel), seed, notes=notes)
        if channel.withheld and result.bug != "tampering":
            used = channel.withheld[0]
            result.earned, result.status, result.bug = 0.0, "failed", "uses-reference"
            result.feedback = (f"0 points: your code called {used.split(' is not')[0]}, which "
                               "is what this exercise asks you to write yourself (the package's "
                               "own version is not available while grading).")
        result.seconds = round(channel.waited, 3)
        left -= channel.waited
        if channel.closed:  # it ended, or overran: this question is its last
            stopped = why()
            run.notes.append(stopped)
            result.earned, result.feedback = 0.0, f"0 points: {stopped} while this question ran"
            result.status, result.bug = "failed", "crash"
        if result.status == "timeout" or "time limit" in stopped:
            result.status, result.bug = "timeout", "timeout"
            result.feedback = (f"time limit of {channel.budget:g} s reached: is there an "
                               "infinite loop, or is it far too slow?")
            if channel.budget < q.timeout:
                result.feedback = ("the submission's time limit was reached while this "
                                   "question ran")
        run.results.append(result)
        if not channel.closed:
            try:
                channel.budget, channel.waited = 5.0, 0.0
                channel.request("reset")
            except GradingStopped:
                pass
            except KeyboardInterrupt:
                raise
            except BaseException:  # noqa: BLE001 (a reset the submission spoiled: a time-out,
                # an error): the process is not fit for another question
                stopped = "the grading process failed to reset after a question"
                run.notes.append(stopped)


def _ready(channel: Endpoint, wait: float, timeout: float,
           start: list[float]) -> dict[str, Any]:
    """The child's message once its cells have run (or it could not run them); ``start[0]``
    becomes the moment it said the cells begin, before any of the submission's code ran."""
    end = time.monotonic() + wait
    began = False
    while True:
        message = channel.receive(max(end - time.monotonic(), 0.0))
        if message is None:
            channel.closed = (f"the time limit of {timeout:g} s for the whole submission was "
                              "reached")
            raise GradingStopped(channel.closed)
        if message.get("cells") == "begin" and not began:  # (only the first one counts)
            start[0], began = time.monotonic(), True
        elif message.get("ready") is True or "fatal" in message:
            return message


def _lost(q: Question, feedback: str, status: str) -> QuestionResult:
    return QuestionResult(q.id, q.title, q.points, 0.0, status, feedback, "crash")


def _end(proc: subprocess.Popen[bytes], *, supervised: bool) -> int | None:
    """End the grading process and everything it started (given a moment to finish on its
    own, the channel being closed); its exit status."""
    try:
        proc.wait(timeout=2)
    except subprocess.TimeoutExpired:
        if supervised:
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
    code = proc.returncode
    if supervised and code is not None and code > 128:  # the supervisor's "killed by"
        code = 128 - code
    return code
