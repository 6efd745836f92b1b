"""The grading process's records as the grader reads them: checked, capped, one of each.

The process that runs a submission appends one JSON line per step to its results file
(:mod:`aisearch.grading.child`); the submission runs in that process and can write lines
of its own, truncate the file or put a link in its place. The grader reads the file with
:func:`~aisearch.grading.files.read_regular` (no link followed, at most
:data:`RESULTS_LIMIT` bytes) and keeps, of the lines signed with the run's nonce, the
*first* well-formed record of each kind (and of each question it asked for), in the shapes
below; anything else is ignored. Text in them is made printable
(:func:`~aisearch.grading.question.printable`).

=========  =========================================================================
record     fields kept
=========  =========================================================================
cells      ``cells_run`` (int), ``cell_errors`` (up to 50 of ``{"cell", "error"}``)
question   ``id`` (one asked for), ``status``, ``seconds``, ``book`` (a list)
done       ``skipped``: the questions the time limit left out
fatal      ``error``: why the submission could not be run
=========  =========================================================================

Examples
--------
>>> lines = [{"type": "question", "id": ["03.value"], "nonce": "n"},
...          {"type": "question", "id": "03.value", "status": "passed", "nonce": "n"},
...          {"type": "done", "skipped": [], "nonce": "n"}]
>>> got = parse_records(b"\\n".join(json.dumps(x).encode() for x in lines), "n", {"03.value"})
>>> sorted(got.questions), got.questions["03.value"]["status"], got.done
(['03.value'], 'passed', {'skipped': []})
"""

from __future__ import annotations

import json
import math
from collections.abc import Collection
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from aisearch.grading.child import TMP_BYTES
from aisearch.grading.files import FileTooLargeError, RefusedFileError, read_regular
from aisearch.grading.question import printable

__all__ = ["Records", "parse_records", "read_records", "RESULTS_LIMIT", "STATUSES"]

RESULTS_LIMIT = TMP_BYTES
"""The most the grader reads of a results file (the grading process cannot write a larger
file: its file size limit is the same)."""

STATUSES = frozenset({"passed", "partial", "failed", "timeout", "not run"})


@dataclass
class Records:
    """What the grading process recorded, checked (see the module's table)."""

    cells: dict[str, Any] | None = None
    questions: dict[str, dict[str, Any]] = field(default_factory=dict)
    done: dict[str, Any] | None = None
    fatal: str | None = None
    problems: list[str] = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(self.cells or self.questions or self.done or self.fatal)


def _text(x: Any, n: int) -> str:
    return printable(x if isinstance(x, str) else "")[:n]


def _cell_errors(errors: Any) -> list[dict[str, Any]]:
    out = []
    for e in errors[:50] if isinstance(errors, list) else []:
        if not isinstance(e, dict):
            continue
        cell = e.get("cell")
        if not ((type(cell) is int and 0 <= cell < 10**6) or type(cell) is str):
            continue
        out.append({"cell": cell if type(cell) is int else _text(cell, 40),
                    "error": _text(e.get("error"), 500)})
    return out


def _add(found: Records, rec: dict[str, Any], ids: Collection[str]) -> None:
    kind = rec.get("type")
    if kind == "question":
        qid = rec.get("id")
        if type(qid) is not str or qid not in ids or qid in found.questions:
            return
        seconds = rec.get("seconds")
        ok = isinstance(seconds, (int, float)) and type(seconds) is not bool and (
            math.isfinite(seconds) and seconds >= 0)
        status = rec.get("status")
        book = rec.get("book")
        found.questions[qid] = {"status": status if status in STATUSES else "failed",
                                "seconds": seconds if ok else None,
                                "book": book if isinstance(book, list) else []}
    elif kind == "cells" and found.cells is None:
        run = rec.get("cells_run")
        found.cells = {"cells_run": run if type(run) is int and run >= 0 else 0,
                       "cell_errors": _cell_errors(rec.get("cell_errors"))}
    elif kind == "done" and found.done is None:
        skipped = rec.get("skipped")
        found.done = {"skipped": [s for s in skipped if type(s) is str]
                      if isinstance(skipped, list) else []}
    elif kind == "fatal" and found.fatal is None:
        found.fatal = _text(rec.get("error"), 500) or "unknown error"


def parse_records(data: bytes, nonce: str, ids: Collection[str]) -> Records:
    """The records of the run signed ``nonce`` in ``data`` (the results file's bytes),
    for the questions ``ids``."""
    found = Records()
    for line in data.split(b"\n"):
        if not line.strip():
            continue
        try:
            rec = json.loads(line.decode("utf-8", "replace"))
        except (ValueError, RecursionError, MemoryError):
            continue
        if isinstance(rec, dict) and rec.get("nonce") == nonce:
            _add(found, rec, ids)
    return found


def read_records(path: Path, nonce: str, ids: Collection[str]) -> Records:
    """The checked records of the results file ``path`` (see :func:`parse_records`)."""
    try:
        data = read_regular(path, RESULTS_LIMIT)
    except FileNotFoundError:
        return Records()
    except FileTooLargeError:  # the grading process cannot write that much: not its file
        found = Records()
        found.problems.append(f"the results file is larger than {RESULTS_LIMIT // 2**20} MiB "
                              "and was not read")
        return found
    except RefusedFileError as e:
        found = Records()
        found.problems.append(f"the results file was replaced ({printable(e)}) and was not read")
        return found
    except OSError as e:
        found = Records()
        found.problems.append(f"the results file cannot be read ({printable(e)})")
        return found
    return parse_records(data, nonce, ids)
