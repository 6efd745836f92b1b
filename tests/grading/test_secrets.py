"""Nothing secret reaches the grading process, so nothing secret can leave through a report.

A notebook knows where the instructor keeps things (the paths are written into its cells, as
a student who knows the machine would write them) and puts what it finds into its cell
errors, one per cell: the whole environment and anything named like a token, the files of a
``--tests`` folder holding an expected answer, another clone of the course with its
solutions, the grader's own environment through ``/proc``. Graded from the command line with
a token in the grader's environment, neither the report, the JSON nor the class table holds
any of it: the grading process starts with an empty environment and, in the sandbox, sees
none of those files and no other process.
"""

from __future__ import annotations

import json
import secrets
import shutil

import pytest

from tests.grading.homework_helpers import SOLUTIONS, cli, solution_code, write_notebook
from tests.grading.test_attacks import need_sandbox

LEAK = """
import os
from pathlib import Path
_found = []
for _path in {paths!r}:
    _p = Path(_path)
    try:
        _files = [_p] if _p.is_file() else sorted(f for f in _p.rglob("*") if f.is_file())
        _found += [(str(f), f.read_text(errors="replace")[:400]) for f in _files[:20]]
    except OSError as e:
        _found.append((_path, repr(e)))
raise RuntimeError(repr(_found))
"""


@pytest.mark.parametrize("sandboxed", [True, False], ids=["sandboxed", "supervised"])
def test_no_secret_of_the_grader_reaches_a_report(sandboxed, tmp_path, monkeypatch):
    need_sandbox(sandboxed, monkeypatch)
    token = "tok-" + secrets.token_hex(8)
    expected = "EXPECTED-ANSWER-" + secrets.token_hex(4)
    clone_mark = "CLONE-SOLUTION-" + secrets.token_hex(4)
    hidden = tmp_path / "private-tests"
    hidden.mkdir()
    (hidden / "extra.py").write_text(
        "from aisearch.grading import Fail, question\n\n"
        f"EXPECTED = {expected!r}\n\n"
        "@question('03.hidden', points=1)\ndef hidden(ctx):\n"
        "    'Fig 5.2.'\n    from aisearch import fig5_2\n"
        "    f = ctx.function('alphabeta_decision')\n"
        "    if ctx.call(f, fig5_2, fig5_2.initial, 2, None) != (3, 0):\n"
        "        raise Fail('wrong')\n")
    clone = tmp_path / "another-clone"
    (clone / "solutions").mkdir(parents=True)
    shutil.copy(SOLUTIONS / "03_alpha_beta.ipynb", clone / "solutions")
    (clone / "solutions" / "answers.txt").write_text(clone_mark)
    cells = [
        "import os\nraise RuntimeError(repr(dict(os.environ)))",
        "import os\nraise RuntimeError(repr({k: v for k, v in os.environ.items() "
        "if 'TOKEN' in k}))",
        LEAK.format(paths=[str(hidden)]),
        LEAK.format(paths=[str(clone)]),
        LEAK.format(paths=["/proc/1/environ", f"/proc/{'self'}/../1/environ"]),
        "import os\n_e = []\nfor _pid in os.listdir('/proc'):\n    try:\n"
        "        _e += [v for v in open(f'/proc/{_pid}/environ').read().split('\\0')\n"
        "               if 'TOKEN' in v]\n    except OSError:\n"
        "        pass\nraise RuntimeError(repr(_e))",
        solution_code("03_alpha_beta", drawings=False).replace(
            "from aisearch.grading import self_check", ""),
    ]
    (tmp_path / "class").mkdir()
    nb = write_notebook(tmp_path / "class" / "03_leaks.ipynb", *cells)
    out = tmp_path / "out"
    done = cli("grade", str(nb), "--tests", "shipped", "--tests", str(hidden), "--seed", "3",
               "--json", str(out), "--csv", str(tmp_path / "class.csv"),
               env={"AISEARCH_TEST_API_TOKEN": token,
                    **({"AISEARCH_SANDBOX": "off"} if not sandboxed else {})})
    assert done.returncode == 0, done.stderr[-2000:]
    report = json.loads(next(out.glob("*.json")).read_text())
    text = done.stdout + json.dumps(report) + (tmp_path / "class.csv").read_text()
    assert report["total"] == report["possible"] == 15, report["questions"]  # it still grades
    assert len(report["cell_errors"]) == 6  # each cell tried, and raised
    assert "PYTHONPATH" in text  # (what the grading process does get: what Python needs)
    if sandboxed:  # the files and the other processes: hidden only in the sandbox
        assert token not in text and "AISEARCH_TEST_API_TOKEN" not in text
        assert expected not in text and str(hidden / "extra.py") not in text
        assert clone_mark not in text and "03_alpha_beta.ipynb" not in text
    else:  # what docs/homework.md says: the environment passed is empty, but the grader's
        # own can be read through /proc, and so can every file of the grader's user
        environment = report["cell_errors"][0]["error"] + report["cell_errors"][1]["error"]
        assert token not in environment and "AISEARCH_TEST_API_TOKEN" not in environment
        assert token in text and str(clone / "solutions" / "03_alpha_beta.ipynb") in text
