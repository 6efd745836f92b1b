"""The grading process: run a submission's code cells, then answer the grader's calls.

``python -m aisearch.grading.child CONFIG.json`` is started by the grader
(:mod:`aisearch.grading.session`) in a scratch folder holding a copy of the submission,
with an empty environment, in the sandbox when there is one, and with a copy of the
package in which what the exercise asks students to write raises
:class:`~aisearch.grading.question.WithheldError` (:mod:`aisearch.grading.stubs`). It
limits its own memory (``RLIMIT_AS``), file size and CPU time (and, in a user namespace of
its own, the number of processes), executes the code cells one by one (each with a soft
time limit; an error in one cell does not stop the next), says what happened, and then
answers the grader's requests over the channel (:mod:`aisearch.grading.remote`): the
submission's names, and calls of its functions, each under the time limit the grader
gives. It has no question tests, no right answers and no scores: those stay with the
grader.

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

import ast
import builtins
import io
import json
import linecache
import os
import re
import signal
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any, NamedTuple

from aisearch.grading.question import (
    CELL_LABELS,
    QuestionTimeout,
    WithheldError,
    printable,
    student_error,
    time_limit,
)

__all__ = ["execute_cells", "read_submission", "code_cells", "CodeCell", "as_python",
           "CappedWriter", "Clock", "main", "MAX_PROCESSES", "TMP_BYTES"]

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
    cells: Sequence[tuple[Any, ...]], *, cell_timeout: float | None = None,
    deadline: float | None = None,
) -> tuple[dict[str, Any], dict[str, Any]]:
    r"""Execute code cells in a fresh namespace; return it and what happened.

    ``cells`` are ``(number, source)`` pairs or :class:`CodeCell` s; the code of cell
    ``n`` is compiled as ``<cell n>`` (``<submission>`` for a module), so tracebacks name it
    (by the cell's label, as the student knows it: see
    :data:`~aisearch.grading.question.CELL_LABELS`).

    A statement that calls what the exercise asks for (the package's own version, which
    raises :class:`~aisearch.grading.question.WithheldError` while grading) is noted in
    ``withheld`` and the rest of its cell still runs: a cell that checks an answer against
    the package then still defines what comes after the check. A later statement that
    fails using a value such a statement made or was given (``record``, ``counted``) is
    skipped the same way.

    >>> ns, info = execute_cells([(1, "from aisearch.grading.question import WithheldError\n"
    ...                                "raise WithheldError('no')\ny = 1")])
    >>> ns["y"], info["cell_errors"], [w["error"] for w in info["withheld"]]
    (1, [], ["WithheldError: no (cell 1, line 2: raise WithheldError('no'))"])
    >>> ns, info = execute_cells([(1, "from aisearch.grading.question import WithheldError\n"
    ...                                "def f(x):\n    raise WithheldError('no')"),
    ...                           (2, "made = f(0)\nprint(made)\nz = 2"), (3, "print(made)")])
    >>> ns["z"], info["cell_errors"], [w["cell"] for w in info["withheld"]]
    (2, [], [2, 3])
    """
    ns: dict[str, Any] = {"__name__": "__main__", "__builtins__": builtins, "display": _display}
    shell = _Shell(ns)
    ns["get_ipython"] = lambda: shell
    errors: list[dict[str, Any]] = []
    withheld: list[dict[str, Any]] = []
    tainted: set[str] = set()  # names a skipped statement made, or was given

    def skipped(number: Any, label: str, e: BaseException, stmt: ast.stmt) -> None:
        if not any(w["cell"] == number for w in withheld):
            withheld.append({"cell": number, "where": label,
                             "error": student_error(e, plain=True)})
        tainted.update(n.id for n in ast.walk(stmt) if isinstance(n, ast.Name)
                       and not callable(ns.get(n.id)) and n.id not in vars(builtins))

    for cell in cells:
        number, source = cell[0], cell[1]
        filename = f"<cell {number}>" if isinstance(number, int) else f"<{number}>"
        label = cell[2] if len(cell) > 2 and cell[2] else filename[1:-1]
        CELL_LABELS[filename] = label
        linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
        try:
            python = as_python(source)
            compile(python, filename, "exec")
            statements = [(stmt, compile(ast.Module([stmt], []), filename, "exec"))
                          for stmt in ast.parse(python, filename).body]
        except (SyntaxError, ValueError, RecursionError, MemoryError) as e:
            line = getattr(e, "lineno", None)
            errors.append({"cell": number, "where": label,
                           "error": f"SyntaxError: {getattr(e, 'msg', e)}"
                           + (f" ({label}, line {line})" if line else f" ({label})")})
            continue
        limit: float | None = cell_timeout
        if deadline is not None:
            left = max(deadline - time.monotonic(), 0.001)
            limit = left if limit is None else min(limit, left)
        try:
            with time_limit(limit):
                for stmt, code in statements:
                    try:
                        exec(code, ns)
                    except WithheldError as e:
                        skipped(number, label, e, stmt)
                    except Exception as e:
                        if not any(isinstance(n, ast.Name) and n.id in tainted
                                   for n in ast.walk(stmt)):
                            raise
                        skipped(number, label, e, stmt)
        except QuestionTimeout:
            errors.append({"cell": number, "where": label,
                           "error": f"time limit of {round(limit or 0, 1):g} s "
                           "reached (an infinite loop, or too slow?)"})
        except BaseException as e:  # SystemExit, KeyboardInterrupt: the next cells still run
            errors.append({"cell": number, "where": label,
                           "error": student_error(e, plain=True)})
    return ns, {"cells_run": len(cells), "cell_errors": errors, "withheld": withheld}


class CodeCell(NamedTuple):
    """A code cell: its number among the code cells (from 1; ``'submission'`` for a
    module), its source, and how the student knows it (:func:`cell_label`)."""

    number: int | str
    source: str
    label: str = ""


def cell_label(source: str, execution_count: Any = None, number: int | None = None) -> str:
    r"""How a student finds a code cell in the notebook: ``cell [5]`` (the count JupyterLab
    shows beside it, if the notebook was saved after running it), else by its first line.

    >>> cell_label("def f(x):\n    return x", 5)
    'cell [5]'
    >>> cell_label("\n# the search\ndef deepening_moves(game, state):\n    pass")
    'the cell starting with `# the search`'
    >>> cell_label("", None, 3)
    'code cell 3'
    """
    if type(execution_count) is int and execution_count > 0:
        return f"cell [{execution_count}]"
    first = next((ln.strip() for ln in source.splitlines() if ln.strip()), "")
    if not first:
        return f"code cell {number}" if number is not None else "a code cell"
    first = printable(first if len(first) <= 40 else first[:40] + "...").replace("`", "'")
    return f"the cell starting with `{first}`"


def read_submission(path: str) -> list[CodeCell]:
    """The code cells of a notebook, or a module's source.

    See :func:`code_cells`; raises ``ValueError`` for a file that is not a notebook.
    """
    with open(path, encoding="utf-8", errors="replace") as f:
        text = f.read()
    return code_cells(text, module=path.endswith(".py"))


def code_cells(text: str, *, module: bool = False) -> list[CodeCell]:
    """The code cells of a notebook's text (numbered from 1 among the code cells, labelled
    as the student sees them), or a module's.

    Notebooks in format 4 are read as plain JSON (importing nbformat costs seconds);
    older formats go through ``nbformat``. Raises ``ValueError`` for a text that is not
    a notebook (nested too deep to read included).

    >>> code_cells('{"nbformat": "4", "cells": []}')
    Traceback (most recent call last):
    ...
    ValueError: not a notebook: its "nbformat" must be the integer 4, not the text '4'
    >>> code_cells("x = 1", module=True)
    [CodeCell(number='submission', source='x = 1', label='submission')]
    """
    if module:
        return [CodeCell("submission", text, "submission")]
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
    cells: list[CodeCell] = []
    for c in nb.get("cells", []):
        if isinstance(c, dict) and c.get("cell_type") == "code":
            source = c.get("source", "")
            source = "".join(map(str, source)) if isinstance(source, list) else str(source)
            n = len(cells) + 1
            cells.append(CodeCell(n, source, cell_label(source, c.get("execution_count"), n)))
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


class Clock:
    """The time limit on student code in the grading process: ``SIGALRM`` raising
    :class:`~aisearch.grading.question.QuestionTimeout`, paused while the grader answers a
    call of the grading process."""

    def __init__(self) -> None:
        self.seconds = 0.0
        signal.signal(signal.SIGALRM, self._expire)

    def _expire(self, signum: int, frame: Any) -> None:
        raise QuestionTimeout(f"time limit of {round(self.seconds, 1):g} s reached")

    @contextmanager
    def limit(self, seconds: float) -> Iterator[None]:
        """Student code inside may run ``seconds`` (its time waiting for the grader not
        counted)."""
        self.seconds = seconds
        signal.setitimer(signal.ITIMER_REAL, max(seconds, 0.001))
        try:
            yield
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)

    @contextmanager
    def paused(self) -> Iterator[None]:
        """The grader works: the time limit waits."""
        left = signal.setitimer(signal.ITIMER_REAL, 0)[0]
        try:
            yield
        finally:
            if left:
                signal.setitimer(signal.ITIMER_REAL, left)


def main(argv: list[str] | None = None) -> None:
    """Entry point of the child (see the module docstring); never returns."""
    start = time.monotonic()
    argv = sys.argv[1:] if argv is None else argv
    with open(argv[0], encoding="utf-8") as f:
        config = json.load(f)
    os.remove(argv[0])
    _limit_resources(config.get("memory_mb"), config.get("timeout"),
                     str(config.get("user_namespace", "")))
    from aisearch.grading.remote import Endpoint

    channel = Endpoint(int(config["read_fd"]), int(config["write_fd"]), "child")
    try:
        cells = read_submission(config["submission"])
    except Exception as e:
        channel.send({"fatal": printable(f"{type(e).__name__}: {e}")[:500]})
        os._exit(3)
    deadline = start + float(config["timeout"])
    channel.send({"cells": "begin"})  # (the grader times the cells from here, on its clock)
    sink = CappedWriter()
    sys.stdout = sys.stderr = sink  # type: ignore[assignment]
    ns, info = execute_cells(cells, cell_timeout=config.get("cell_timeout"), deadline=deadline)
    channel.namespace = ns
    channel.clock = Clock()
    channel.send({"ready": True, **info, "output_chars": sink.chars})
    channel.serve_forever()
    os._exit(0)


if __name__ == "__main__":
    main()
