"""The grading child process: run a submission's code, then its question tests.

``python -m aisearch.grading.child CONFIG.json`` is started by
:func:`aisearch.grading.grade.grade_file` in a new session, in a scratch folder holding
a copy of the submission. It limits its own memory (``RLIMIT_AS``), file size and CPU
time (and, in a user namespace of its own, the number of processes), loads the question
tests *before* any student code runs, with the exercises' right answers and known bugs
withheld (:mod:`aisearch.grading.withheld`), executes the code cells one by one (each with
a soft time limit; an error in one cell does not stop the next), runs the questions (each
with a soft time limit), and appends one JSON line per step to the results file, so what
finished survives a later crash or kill; the last line lists the questions the time limit
left out. Each line carries a nonce from the (then deleted) config file; the parent ignores
lines without it. The parent enforces the wall-clock limit and kills the whole process
group.

Student code runs in a fresh namespace; IPython magics and shell escapes are turned
into calls of a stub ``get_ipython()`` that ignores them (``%%time`` and ``%%capture``
bodies still run). Output goes to a capped buffer that is discarded.

Examples
--------
>>> ns, info = execute_cells([(1, "x = 2"), (2, "y = x +"), (3, "%time z = 3")])
>>> ns["x"], ns["z"], [e["cell"] for e in info["cell_errors"]]
(2, 3, [2])
"""

from __future__ import annotations

import builtins
import io
import json
import linecache
import os
import re
import sys
import time
from typing import Any

from aisearch.grading.question import QuestionTimeout, student_error, time_limit

__all__ = ["execute_cells", "read_submission", "code_cells", "as_python", "CappedWriter", "main",
           "MAX_PROCESSES", "TMP_BYTES"]

_MAGIC = re.compile(r"^\s*[%!]|\?\s*$", re.MULTILINE)


class CappedWriter(io.TextIOBase):
    """A text stream that keeps nothing and counts what was written (``chars``)."""

    def __init__(self) -> None:
        self.chars = 0

    def writable(self) -> bool:
        return True

    def write(self, s: str) -> int:
        n = len(s) if isinstance(s, str) else 0
        self.chars += n
        return n


class _Shell:
    """Stands in for ``get_ipython()``: magics and shell commands do nothing while grading."""

    def __init__(self, namespace: dict[str, Any]) -> None:
        self.user_ns = namespace

    def run_line_magic(self, name: str, line: str, *args: Any, **kw: Any) -> None:
        if name == "time" and line.strip():  # %time runs its statement once; %timeit is skipped
            exec(compile(line, "<magic>", "exec"), self.user_ns)
        return None

    def run_cell_magic(self, name: str, line: str, cell: str) -> None:
        if name in ("time", "capture", "timeit"):
            exec(compile(cell, "<magic>", "exec"), self.user_ns)
        return None

    def system(self, cmd: str) -> None:
        return None

    def getoutput(self, cmd: str, *args: Any, **kw: Any) -> list:
        return []

    def __getattr__(self, name: str) -> Any:
        return lambda *args, **kw: None


def as_python(source: str) -> str:
    """Cell source as plain Python (IPython syntax turned into ``get_ipython()`` calls)."""
    if not _MAGIC.search(source):
        return source
    try:
        from IPython.core.inputtransformer2 import TransformerManager
    except ImportError:  # without IPython, magic lines become comments
        return "\n".join("# " + ln if _MAGIC.match(ln) else ln for ln in source.splitlines())
    return TransformerManager().transform_cell(source)


def _display(*objs: Any, **kw: Any) -> None:
    for obj in objs:
        print(repr(obj))


def execute_cells(
    cells: list[tuple[int | str, str]], *, cell_timeout: float | None = None,
    deadline: float | None = None,
) -> tuple[dict[str, Any], dict[str, Any]]:
    """Execute code cells in a fresh namespace; return it and what happened.

    ``cells`` are ``(number, source)`` pairs; the code of cell ``n`` is compiled as
    ``<cell n>`` (``<submission>`` for a module), so tracebacks name it.
    """
    ns: dict[str, Any] = {"__name__": "__main__", "__builtins__": builtins, "display": _display}
    shell = _Shell(ns)
    ns["get_ipython"] = lambda: shell
    errors: list[dict[str, Any]] = []
    for number, source in cells:
        filename = f"<cell {number}>" if isinstance(number, int) else f"<{number}>"
        linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
        try:
            code = compile(as_python(source), filename, "exec")
        except (SyntaxError, ValueError) as e:
            line = getattr(e, "lineno", None)
            errors.append({"cell": number, "error": f"SyntaxError: {getattr(e, 'msg', e)}"
                           + (f" (line {line})" if line else "")})
            continue
        limit: float | None = cell_timeout
        if deadline is not None:
            left = max(deadline - time.monotonic(), 0.001)
            limit = left if limit is None else min(limit, left)
        try:
            with time_limit(limit):
                exec(code, ns)
        except QuestionTimeout:
            errors.append({"cell": number, "error": f"time limit of {round(limit or 0, 1):g} s "
                           "reached (an infinite loop, or too slow?)"})
        except BaseException as e:  # SystemExit, KeyboardInterrupt: the next cells still run
            errors.append({"cell": number, "error": student_error(e, plain=True)})
    return ns, {"cells_run": len(cells), "cell_errors": errors}


def read_submission(path: str) -> list[tuple[int | str, str]]:
    """The code cells of a notebook (numbered from 1 among all cells), or a module's source.

    See :func:`code_cells`; raises ``ValueError`` for a file that is not a notebook.
    """
    with open(path, encoding="utf-8", errors="replace") as f:
        text = f.read()
    return code_cells(text, module=path.endswith(".py"))


def code_cells(text: str, *, module: bool = False) -> list[tuple[int | str, str]]:
    """The code cells of a notebook's text (numbered from 1 among all cells), or a module's.

    Notebooks in format 4 are read as plain JSON (importing nbformat costs seconds);
    older formats go through ``nbformat``. Raises ``ValueError`` for a text that is not
    a notebook (nested too deep to read included).

    >>> code_cells('{"nbformat": "4", "cells": []}')
    Traceback (most recent call last):
    ...
    ValueError: not a notebook: its "nbformat" must be the integer 4, not the text '4'
    >>> code_cells("x = 1", module=True)
    [('submission', 'x = 1')]
    """
    if module:
        return [("submission", text)]
    try:
        nb = json.loads(text)
    except ValueError as e:
        raise ValueError(f"not a notebook (invalid JSON: {e})") from None
    except RecursionError:
        raise ValueError("not a notebook (JSON nested too deep to read)") from None
    if not isinstance(nb, dict) or not isinstance(nb.get("cells", []), list):
        raise ValueError("not a notebook (no list of cells)")
    version = nb.get("nbformat")
    if isinstance(version, str):
        raise ValueError(f'not a notebook: its "nbformat" must be the integer 4, not the '
                         f"text {version[:20]!r}")
    if version != 4:
        import nbformat

        try:
            nb = nbformat.reads(text, as_version=4)
        except RecursionError:
            raise ValueError("not a notebook (nested too deep to read)") from None
    cells: list[tuple[int | str, str]] = []
    for i, c in enumerate(nb.get("cells", []), 1):
        if isinstance(c, dict) and c.get("cell_type") == "code":
            source = c.get("source", "")
            cells.append((i, "".join(source) if isinstance(source, list) else str(source)))
    return cells


MAX_PROCESSES = 32
"""Processes and threads a sandboxed submission may have at once (``RLIMIT_NPROC``, set
only in the sandbox's own user namespace, where it counts the sandbox alone)."""

TMP_BYTES = 64 * 1024 * 1024
"""Size of the sandbox's ``/tmp`` (and of ``/dev/shm``), and the largest file the
grading process may write (``RLIMIT_FSIZE``)."""


def user_namespace() -> str:
    """This process's user namespace (``/proc/self/ns/user``), or "" where unknown."""
    try:
        return os.readlink("/proc/self/ns/user")
    except OSError:
        return ""


def _limit_resources(memory_mb: int | None, cpu_seconds: float | None,
                     parent_namespace: str = "") -> None:
    import resource
    import signal

    def lower(kind: int, value: int) -> None:
        soft, hard = resource.getrlimit(kind)
        if hard != resource.RLIM_INFINITY:
            value = min(value, hard)
        resource.setrlimit(kind, (value, value))

    if memory_mb:
        lower(resource.RLIMIT_AS, int(memory_mb) * 1024 * 1024)
    lower(resource.RLIMIT_FSIZE, TMP_BYTES)  # output written at the fd level
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a too big write fails instead of killing
    lower(resource.RLIMIT_CORE, 0)
    if cpu_seconds:
        lower(resource.RLIMIT_CPU, int(cpu_seconds) + 5)
    mine = user_namespace()
    if parent_namespace and mine and mine != parent_namespace:
        # a user namespace of its own (bubblewrap, not as root): the count is the sandbox's
        # alone. Elsewhere it would count every process of the user, so it is not set.
        try:
            lower(resource.RLIMIT_NPROC, MAX_PROCESSES)
        except (ValueError, OSError):
            pass


def main(argv: list[str] | None = None) -> None:
    """Entry point of the child (see the module docstring); never returns."""
    start = time.monotonic()
    argv = sys.argv[1:] if argv is None else argv
    with open(argv[0], encoding="utf-8") as f:
        config = json.load(f)
    os.remove(argv[0])  # the nonce that signs our records is not left lying around
    nonce = config.get("nonce", "")
    _limit_resources(config.get("memory_mb"), config.get("timeout"),
                     str(config.get("user_namespace", "")))
    out = open(config["results"], "a", encoding="utf-8", buffering=1)
    dumps, write, flush = json.dumps, out.write, out.flush  # bound before student code runs

    def emit(record: dict[str, Any]) -> None:
        write(dumps({**record, "nonce": nonce}, default=str) + "\n")
        flush()

    from aisearch.grading.withheld import withhold

    withhold()  # the right answers and known bugs stay with the grader
    from aisearch.grading.observe import freeze_searcher_codes
    from aisearch.grading.question import QuestionResult, load_questions, run_question
    from aisearch.grading.replay import Book, RecordedNamespace

    freeze_searcher_codes()  # before any student code
    try:
        wanted = set(config["questions"])
        questions = [q for q in load_questions(config["tests"]) if q.id in wanted]
        cells = read_submission(config["submission"])
    except Exception as e:
        emit({"type": "fatal", "error": f"{type(e).__name__}: {e}"})
        out.close()
        os._exit(3)
    deadline = start + float(config["timeout"]) - 0.5
    sink = CappedWriter()
    sys.stdout = sys.stderr = sink  # type: ignore[assignment]
    ns, info = execute_cells(cells, cell_timeout=config.get("cell_timeout"), deadline=deadline)
    emit({"type": "cells", **info, "output_chars": sink.chars})
    skipped = []
    for q in questions:
        left = deadline - time.monotonic()
        if left <= 0.05:
            skipped.append(q.id)
            continue
        book = Book()
        try:
            result = run_question(q, RecordedNamespace(ns, book), int(config["seed"]),
                                  notes=info, timeout=min(q.timeout, left))
        except KeyboardInterrupt:  # raised by student code where the question did not call
            result = QuestionResult(q.id, q.title, q.points, 0.0, "failed",
                                    "raised KeyboardInterrupt")
        emit({"type": "question", **result.to_dict(), "book": book.entries})
    emit({"type": "done", "output_chars": sink.chars, "skipped": skipped})
    out.close()
    os._exit(0)


if __name__ == "__main__":
    main()
