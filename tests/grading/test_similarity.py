"""The similarity report: copying is seen, with the evidence side by side.

A class of four: alice wrote the solution's code, bob copied alice's and renamed every
variable and comment, carol wrote her own (negamax), dave pasted the package's plain
alpha-beta under the graded name. The report must put alice and bob first and far above the
others, find dave's code in the package's own version, alice's in the solution notebook, and
show the matching lines.
"""

from __future__ import annotations

import inspect
import json
import re
from pathlib import Path

import pytest

from aisearch.grading.similarity import format_similarity, similarity
from tests.grading.homework_helpers import cli, solution_code, write_notebook

HONEST = solution_code("03_alpha_beta", drawings=False).replace(
    "from aisearch.grading import self_check", "")


NEGAMAX = (Path(__file__).with_name("honest") / "03_negamax.py").read_text().split(
    "def alphabeta_strict")[0]
"""Carol's own alpha-beta (negamax), without the strict version that file shares with the
solution."""


@pytest.fixture(scope="module")
def klass(tmp_path_factory):
    from aisearch.search import plain

    folder = tmp_path_factory.mktemp("class")
    renamed = HONEST
    for old, new in (("best_value", "top"), ("best_move", "choice"), ("value", "score"),
                     ("child", "kid"), ("maximizing", "is_max")):
        renamed = re.sub(rf"\b{old}\b", new, renamed)
    renamed = re.sub(r"#[^\n]*", "# mine", renamed)
    pasted = inspect.getsource(plain.alphabeta) + (
        "\n\ndef alphabeta_decision(game, state, depth, evaluate):\n"
        "    return alphabeta(game, state, depth, evaluate)\n")
    for name, code in (("alice", HONEST), ("bob", renamed), ("dave", pasted),
                       ("carol", NEGAMAX)):
        (folder / name).mkdir()
        write_notebook(folder / name / "03_alpha_beta.ipynb", "import math\n"
                       "from aisearch import MAX\nINF = math.inf", code)
    return folder


@pytest.mark.slow
def test_the_copied_pair_comes_first_far_above_the_others(klass):
    (report,) = similarity([klass])
    first = report.pairs[0]
    assert {first.a.split("/")[-2], first.b.split("/")[-2]} == {"alice", "bob"}
    assert min(first.share_a, first.share_b) > 0.8, first
    others = [m.score for m in report.pairs[1:] if not {"alice", "bob"} >= {
        m.a.split("/")[-2], m.b.split("/")[-2]}]
    assert all(s < first.score / 2 for s in others), report.pairs


@pytest.mark.slow
def test_each_is_compared_with_the_packages_own_versions(klass):
    (report,) = similarity([klass])
    closest = {name.split("/")[-2]: m for name, m in report.closest.items()}
    assert closest["dave"].b.startswith("aisearch.search.plain") and \
        closest["dave"].share_a > 0.5, closest["dave"]
    assert closest["alice"].b == "solutions/03_alpha_beta.ipynb"
    assert closest["alice"].share_a > 0.9


@pytest.mark.slow  # grades the class from the command line
def test_the_report_shows_the_matching_lines_side_by_side(klass, tmp_path):
    text = format_similarity(similarity([klass]), show=1)
    assert "lines with matching code marked >" in text
    assert re.search(r"^> .*\| > ", text, re.M), text
    done = cli("similarity", str(klass), "--html", str(tmp_path / "s.html"), "--json",
               str(tmp_path / "s.json"))
    assert done.returncode == 0, done.stderr
    assert "<mark>" in (tmp_path / "s.html").read_text()
    data = json.loads((tmp_path / "s.json").read_text())
    assert data[0]["exercise"] == "03" and data[0]["pairs"][0]["share_a"] > 0.8
    graded = cli("grade", str(klass), "--similarity", "--quiet", "--seed", "1")
    assert graded.returncode == 0 and "exercise 03: 4 submission(s) compared" in graded.stdout
