"""How the tests are spread over processes (pytest-xdist), and which ones are slow.

The README's test command runs ``pytest -n auto --dist loadgroup``: every test goes to
whichever worker is free, except the groups marked here, which stay on one worker each:

- the cells of a notebook (nbval runs them in order in one kernel);
- the browser tests (one JupyterLab server and one Chromium for all of them).

The long groups are handed out first, so that no worker is left with one at the end.

Tests marked ``slow`` (here: notebooks and the files in :data:`SLOW`) are left out of the
quick subset of the edit-test cycle, ``pytest -n auto -m "not slow and not browser" aisearch
tests`` (see README.md).
"""

from __future__ import annotations

import pytest

SLOW = {
    # the grader end to end: whole classes of submissions graded in sandboxed processes
    "tests/grading/test_attacks.py",
    "tests/grading/test_build.py",
    "tests/grading/test_defences.py",
    "tests/grading/test_grade.py",
    "tests/grading/test_withheld.py",
    "tests/grading/test_bugs_on_30_seeds.py",
    "tests/grading/exercises/test_ex04_search_efficiency.py",
    "tests/grading/exercises/test_ex06_games_of_chance.py",
    # subprocesses that start Python with the whole course (a training run)
    "tests/learn/test_shipped.py",
    # searchers cross-checked on thousands of random trees (hypothesis)
    "tests/search/test_agreement.py",
    "tests/search/test_plain.py",
    "tests/search/test_chance.py::test_star1_and_star2_",
}
"""The slow tests, by file or by the start of their test id: seconds each (processes,
notebooks, 30 seeds, thousands of random trees)."""


@pytest.hookimpl(tryfirst=True)  # (before xdist reads the groups)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    root = config.rootpath
    for item in items:
        path = item.path.relative_to(root).as_posix() if item.path.is_relative_to(root) \
            else str(item.path)
        if item.path.suffix == ".ipynb":
            item.add_marker(pytest.mark.xdist_group(path))
            item.add_marker(pytest.mark.slow)
        elif item.get_closest_marker("browser") or path.startswith("tests/browser/"):
            item.add_marker(pytest.mark.xdist_group("browser"))
        elif path in SLOW or any(item.nodeid.startswith(n) for n in SLOW if "::" in n):
            item.add_marker(pytest.mark.slow)
    # The longest groups first (the browser tests, then the notebooks, then the slow files),
    # so that one worker is not left with a long group at the end while the others wait.
    # (A stable sort: within a file the tests keep their order.)
    items.sort(key=_start_early)


def _start_early(item: pytest.Item) -> int:
    group = item.get_closest_marker("xdist_group")
    if group is not None and group.kwargs.get("name", group.args[0] if group.args else "") \
            == "browser":
        return 0
    if item.path.suffix == ".ipynb":
        return 1
    return 2 if item.get_closest_marker("slow") else 3
