"""How the tests are spread over processes (pytest-xdist), and which ones are slow.

The README's test command runs ``pytest -n auto --dist loadgroup``: every test goes to
whichever worker is free, except these groups, which each stay on one worker
(:func:`work_group`):

- the cells of a notebook (nbval runs them in order in one kernel);
- the browser tests (one JupyterLab server and one Chromium for all of them);
- the tests of a file that declares a fixture of module or session scope (a class of
  submissions graded once, a network trained once): spread over two workers, each worker
  would build it again.

The groups are made here, by test id, in a scheduler of our own: xdist's ``loadgroup`` marks
a group by renaming the tests, which pytest 9 no longer allows, so its groups silently fall
apart (pytest-dev/pytest-xdist#1386).
The long groups are handed out first, so that no worker is left with one at the end.

Tests marked ``slow`` (here: notebooks and the tests in :data:`SLOW`; in the test files:
single tests that take a second or more on a 2-GHz core) are left out of the quick subset of
the edit-test cycle, ``pytest -n auto -m "not slow and not browser" aisearch
tests`` (see README.md).

Every process of a test run (the workers, the notebooks' kernels, the subprocesses the
tests start) keeps the bytecode it compiles in ``~/.cache/aisearch-pycache`` (the user's own:
not a shared folder, where another user could leave bytecode to run), outside the checkout,
even where ``PYTHONDONTWRITEBYTECODE`` is set: compiling the package and the tests
again in each process cost a worker 8 s of its collection and every process that imports
the package a third of a second. (The grader's sandboxed processes get an environment of
their own and write no bytecode: the grader compiles the copy of the package they import.)

nbval is loaded from here (``pytest_plugins``; ``-p no:nbval`` in ``pyproject.toml`` keeps
pytest from loading it a second time by its entry point), after one import is deferred:
nbval imports nbformat, which imports jsonschema, which imports ``rfc3987_syntax``, which
builds twenty grammars at import. That took 2.8 s in every process of a test run (the
controller and each worker, before the first test) for a check of IRIs no test makes; the
module is now imported when one of its functions is first called (:func:`_defer_import`).
"""

from __future__ import annotations

import functools
import importlib
import importlib.util
import os
import re
import sys
import types
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).parent
_SHARED_FIXTURE = re.compile(r"""@pytest\.fixture\([^)]*scope=["'](module|session)["']""")

if os.environ.get("PYTHONDONTWRITEBYTECODE") or sys.dont_write_bytecode:
    PYCACHE = os.environ.get("PYTHONPYCACHEPREFIX") or str(
        Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "aisearch-pycache")
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    os.environ["PYTHONPYCACHEPREFIX"] = sys.pycache_prefix = PYCACHE
    sys.dont_write_bytecode = False


def _defer_import(name: str) -> None:
    """Put a stand-in for the module ``name`` in ``sys.modules`` whose functions import the
    module on their first call, unless it is imported already or not installed.

    >>> _defer_import("colorsys")
    >>> type(sys.modules["colorsys"]).__name__
    'Deferred'
    >>> sys.modules["colorsys"].rgb_to_hsv(1.0, 0.0, 0.0)  # imports colorsys
    (0.0, 1.0, 1.0)
    >>> type(sys.modules["colorsys"]).__name__
    'module'
    """
    if name in sys.modules or importlib.util.find_spec(name) is None:
        return

    def module() -> types.ModuleType:
        if sys.modules.get(name) is stand_in:
            del sys.modules[name]
        return importlib.import_module(name)

    class Deferred(types.ModuleType):
        def __getattr__(self, attribute: str) -> Any:
            if attribute.startswith("__"):
                raise AttributeError(attribute)

            def call(*args: Any, **kwargs: Any) -> Any:
                return getattr(module(), attribute)(*args, **kwargs)

            return call

    stand_in = Deferred(name)
    sys.modules[name] = stand_in


if "nbval.plugin" not in sys.modules:  # (not loaded by its entry point: see the top)
    _defer_import("rfc3987_syntax")
    pytest_plugins = ["nbval.plugin"]

SLOW = {
    # the grader end to end: whole classes of submissions graded in sandboxed processes
    "tests/grading/test_attacks.py",
    "tests/grading/test_build.py",
    "tests/grading/test_defences.py",
    "tests/grading/test_grade.py",
    "tests/grading/test_stubs.py",
    "tests/grading/test_secrets.py",
    "tests/grading/test_bugs_on_30_seeds.py",
    "tests/grading/exercises/test_ex04_search_efficiency.py",
    "tests/grading/exercises/test_ex06_games_of_chance.py",
    # subprocesses that start Python with the whole course (a training run)
    "tests/learn/test_shipped.py",
    # the grader's catalogue: every named wrong implementation run against its checks
    "tests/grading/test_bugs.py",
    "tests/grading/test_wrong.py",
    "tests/grading/test_questions_tell.py",
    "tests/grading/exercises/test_ex05_horizon_effect.py",
    "tests/grading/exercises/test_ex07_learning_evaluators.py",
    "tests/grading/exercises/test_ex08_mcts_and_more_players.py",
    # searchers cross-checked on thousands of random trees (hypothesis), the plain versions
    # of the lessons' second edition against the package's
    "tests/search/test_agreement.py",
    "tests/search/test_plain.py",
    "tests/search/test_plain_chance.py",
    "tests/search/test_plain_efficiency.py",
    "tests/search/test_plain_horizon.py",
    "tests/search/test_plain_mcts.py",
    "tests/search/test_plain_players.py",
    "tests/search/test_chance.py::test_star1_and_star2_",
    # every figure measured for overlaps at its saved size, the stepper's at every step
    "tests/plot/test_readable.py",
    # training networks and solving Pig to its goal of 100
    "tests/learn/test_checks.py",
    "tests/learn/test_selfplay.py",
    "tests/test_solve_pig.py",
    "tests/test_solve_chance.py",
    "aisearch/solve_pig.py",
    "aisearch/learn/shipped.py::aisearch.learn.shipped.train",
    "aisearch/learn/selfplay.py::aisearch.learn.selfplay",
    # doctests of a second or more: solving Nannon, grading a question on its grid pool
    "aisearch/solve_chance.py::aisearch.solve_chance.ChanceSolution.regret",
    "aisearch/solve_chance.py::aisearch.solve_chance.nannon_solution",
    "aisearch/grading/exercises/ex02_minimax/checks.py::"
    "aisearch.grading.exercises.ex02_minimax.checks.check_evaluation",
    "aisearch/grading/exercises/ex02_minimax/checks.py::"
    "aisearch.grading.exercises.ex02_minimax.checks.match_positions",
    "aisearch/grading/session.py::aisearch.grading.session",
}
"""The slow tests, by file or by the start of their test id: seconds each (processes,
notebooks, 30 seeds, thousands of random trees), and doctests of a second or more."""


def work_group(nodeid: str) -> str:
    """The unit of work a test belongs to: its notebook, ``'browser'``, its file if the file
    declares a fixture shared by its tests (:func:`shares_fixtures`), or the test itself.

    >>> work_group("notebooks/02_minimax.ipynb::Cell 3")
    'notebooks/02_minimax.ipynb'
    >>> work_group("tests/browser/test_lessons.py::test_02_minimax")
    'browser'
    >>> work_group("tests/grading/test_grade.py::test_x")
    'tests/grading/test_grade.py'
    >>> work_group("tests/test_core.py::test_x")
    'tests/test_core.py::test_x'
    """
    path = nodeid.split("::", 1)[0]
    if path.endswith(".ipynb"):
        return path
    if path.startswith("tests/browser/"):
        return "browser"
    if shares_fixtures(path):
        return path
    return nodeid


@functools.cache
def shares_fixtures(path: str) -> bool:
    """Whether the test file ``path`` declares a fixture of module or session scope.

    >>> shares_fixtures("tests/grading/test_grade.py"), shares_fixtures("tests/test_core.py")
    (True, False)
    """
    file = ROOT / path
    return path.endswith(".py") and file.is_file() and bool(
        _SHARED_FIXTURE.search(file.read_text(encoding="utf-8")))


@pytest.hookimpl(optionalhook=True)  # (a hook of pytest-xdist, which may not be installed)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    if config.getvalue("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class Groups(LoadScopeScheduling):
        """xdist's scheduling by scope, with :func:`work_group` as the scope, in the order
        of the collection (long groups first)."""

        def _split_scope(self, nodeid: str) -> str:
            return work_group(nodeid)

    config.option.loadscopereorder = False  # (keep the order set below)
    return Groups(config, log)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    root = config.rootpath
    for item in items:
        path = item.path.relative_to(root).as_posix() if item.path.is_relative_to(root) \
            else str(item.path)
        if item.path.suffix == ".ipynb" or path in SLOW or any(
                item.nodeid.startswith(n) for n in SLOW if "::" in n):
            item.add_marker(pytest.mark.slow)
    # The longest groups first (the browser tests, then the notebooks, then the slow files),
    # so that one worker is not left with a long group at the end while the others wait.
    # (A stable sort: within a file the tests keep their order.)
    items.sort(key=_start_early)


def _start_early(item: pytest.Item) -> int:
    group = work_group(item.nodeid)
    if group == "browser":
        return 0
    if group != item.nodeid:
        return 1
    return 2 if item.get_closest_marker("slow") else 3
