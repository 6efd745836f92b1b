"""Reports of graded submissions: the text printed, JSON per submission, a CSV for a class.

Text that came from a submission (its file name, its exceptions' messages, the values its
functions returned) is printed and written with its control characters escaped
(:func:`~aisearch.grading.question.printable`): only the grader's own line breaks stay.

Examples
--------
>>> from aisearch.grading.question import QuestionResult, printable
>>> r = Report("alice/03_alpha_beta.ipynb", "alice", "03", seed=7, questions=[
...     QuestionResult("03.value", "values", 2, 2, "passed"),
...     QuestionResult("03.pruning", "pruning", 6, 0, "failed", "no pruning: ...")])
>>> print(format_report(r))
alice/03_alpha_beta.ipynb: exercise 03, 2/8 points (seed 7)
  03.value        2/2  passed   values
  03.pruning      0/6  failed   pruning
              no pruning: ...
"""

from __future__ import annotations

import csv
import json
import os
import re
import textwrap
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from aisearch.grading.question import QuestionResult, printable

__all__ = ["Report", "format_report", "write_json", "write_csv"]


@dataclass
class Report:
    """The grade of one submission."""

    submission: str
    student: str
    exercise: str | None
    seed: int
    sha256: str = ""
    questions: list[QuestionResult] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    cell_errors: list[dict[str, Any]] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def total(self) -> float:
        return round(sum(q.earned for q in self.questions), 3)

    @property
    def possible(self) -> float:
        return round(sum(q.points for q in self.questions), 3)

    def to_dict(self) -> dict[str, Any]:
        return {
            "submission": self.submission, "student": self.student, "exercise": self.exercise,
            "seed": self.seed, "sha256": self.sha256, "total": self.total,
            "possible": self.possible, "questions": [q.to_dict() for q in self.questions],
            "notes": self.notes, "cell_errors": self.cell_errors, "seconds": self.seconds,
        }



def _pts(x: float) -> str:
    return f"{x:g}"


def format_report(report: Report, *, width: int = 96) -> str:
    """The report as text: one line per question, feedback indented below it."""
    head = (f"{printable(report.submission)}: exercise {printable(report.exercise or '?')}, "
            f"{_pts(report.total)}/{_pts(report.possible)} points (seed {report.seed})")
    lines = [head]
    idw = max([len(q.id) for q in report.questions] + [8])
    for q in report.questions:
        score = f"{_pts(q.earned)}/{_pts(q.points)}"
        lines.append(f"  {printable(q.id):<{idw}}  {score:>7}  {printable(q.status):<8} "
                     f"{printable(q.title)}")
        for para in printable(q.feedback, newlines=True).splitlines():
            lines.extend(textwrap.wrap(para, width, initial_indent=" " * (idw + 4),
                                       subsequent_indent=" " * (idw + 6)) or [""])
    for note in report.notes:
        lines.extend(textwrap.wrap(f"note: {printable(note)}", width, initial_indent="  ",
                                   subsequent_indent="        "))
    return "\n".join(lines)


def write_json(reports: list[Report], target: str | Path) -> list[Path]:
    """One report: to ``target`` (a ``.json`` file); several: one file each in folder ``target``."""
    target = Path(target)
    if len(reports) == 1 and target.suffix == ".json" and not target.is_dir():
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(reports[0].to_dict(), indent=1) + "\n", encoding="utf-8")
        return [target]
    target.mkdir(parents=True, exist_ok=True)
    written, used = [], set()
    # (the paths as given, made absolute but not resolved: a link to a classmate's notebook
    # is named after its own place, and a link that loops is not followed)
    paths = [Path(os.path.abspath(r.submission)) for r in reports]
    root = Path(os.path.commonpath([p.parent for p in paths])) if paths else Path()
    for r, path in zip(reports, paths, strict=True):
        rel = path.relative_to(root).with_suffix("")
        name = re.sub(r"[^\w.-]+", "__", str(rel)).strip("_.") or "submission"
        while name in used:
            name += "_"
        used.add(name)
        out = target / f"{name}.json"
        out.write_text(json.dumps(r.to_dict(), indent=1) + "\n", encoding="utf-8")
        written.append(out)
    return written


def _cell(text: str) -> str:
    """A text for a CSV cell that a spreadsheet shows as text: printable, and with a ``'``
    before a leading ``=``, ``+``, ``-``, ``@`` (which would start a formula: a student's
    file may be named ``=HYPERLINK(...).ipynb``).

    >>> _cell("=1+1"), _cell("alice")
    ("'=1+1", 'alice')
    """
    text = printable(text)
    return "'" + text if text[:1] in ("=", "+", "-", "@") else text


def write_csv(reports: list[Report], target: str | Path) -> Path:
    """A class table: one row per submission, one column per question (by exercise, and in
    each exercise in the order the exercise asks them). Texts a student chose (names of
    files and folders) are written so that a spreadsheet does not take them for formulas."""
    target = Path(target)
    ids: list[str] = []
    for r in reports:
        ids += [q.id for q in r.questions if q.id not in ids]
    ids.sort(key=lambda i: i.split(".")[0])  # (stable: each exercise's order is kept)
    target.parent.mkdir(parents=True, exist_ok=True)
    with open(target, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["student", "submission", "exercise", "seed", "total", "possible", *ids,
                    "notes"])
        for r in reports:
            earned = {q.id: _pts(q.earned) for q in r.questions}
            w.writerow([_cell(r.student), _cell(r.submission), _cell(r.exercise or ""),
                        r.seed, _pts(r.total), _pts(r.possible),
                        *[earned.get(i, "") for i in ids],
                        _cell("; ".join(r.notes))])
    return target
