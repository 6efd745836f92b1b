"""The project installs as documented: environment.yml and pyproject.toml agree, ruff and mypy
are clean."""

import importlib.util
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


CONDA_NAMES: dict[str, str] = {}  # conda-forge's name -> PyPI's, where they differ


def requirement(spec: str) -> tuple[str, str]:
    name, bound = re.match(r"\s*([A-Za-z0-9_.\-]+)\s*(.*)", spec).groups()
    name = name.lower().replace("_", "-")
    return CONDA_NAMES.get(name, name), bound.replace(" ", "")


def project() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]


def extra(name: str) -> list[str]:
    """The requirements of extra ``name``, the extras it names (``aisearch[lab,grading]``)
    expanded."""
    extras = project()["optional-dependencies"]
    out = []
    for spec in extras[name]:
        nested = re.fullmatch(r"aisearch\[([\w,\s-]+)\]", spec.strip())
        if nested:
            out += [s for e in nested.group(1).split(",") for s in extra(e.strip())]
        else:
            out.append(spec)
    return out


def pyproject_requirements() -> set[tuple[str, str]]:
    """The package's requirements and everything the test extra brings."""
    return {requirement(s) for s in project()["dependencies"] + extra("test")}


def environment_requirements() -> set[tuple[str, str]]:
    deps = []
    text = (ROOT / "environment.yml").read_text()
    for line in text.split("dependencies:", 1)[1].splitlines():
        # conda entries, and pip's (what conda-forge lacks) but the package itself
        m = re.match(r"^(?:  |      )- ([^#:-][^#:]*?)\s*$", line)
        if m:
            deps.append(requirement(m.group(1)))
    return {d for d in deps if d[0] not in {"python", "pip"}}


def test_environment_yml_lists_the_same_packages_and_bounds_as_pyproject():
    assert environment_requirements() == pyproject_requirements()


def test_environment_yml_installs_the_package_itself():
    assert re.search(r"^\s+- -e \.\s*$", (ROOT / "environment.yml").read_text(), re.M)


def test_environment_yml_and_pyproject_agree_on_python():
    assert f"python{project()['requires-python']}" in (ROOT / "environment.yml").read_text()


# Modules that come with a required package or an extra under another name.
BROUGHT_BY = {"IPython": "ipywidgets", "jupyter_client": "jupyterlab", "pyspiel": "open_spiel",
              "open_spiel": "open_spiel"}


def _imports() -> tuple[set[str], set[str]]:
    """The third-party modules the package imports: at module level (when it is imported), and
    inside functions (when the function runs)."""
    import ast

    top: set[str] = set()
    inside: set[str] = set()

    def visit(node: ast.AST, in_function: bool) -> None:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            return  # (for the type checker only)
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        for name in names:
            root = name.split(".")[0]
            if root != "aisearch" and root not in sys.stdlib_module_names:
                (inside if in_function else top).add(root)
        nested = in_function or isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
        for child in ast.iter_child_nodes(node):
            visit(child, nested)

    for path in (ROOT / "aisearch").rglob("*.py"):
        visit(ast.parse(path.read_text()), False)
    return top, inside


def _distribution(module: str) -> str:
    return BROUGHT_BY.get(module, module).lower().replace("_", "-")


@pytest.mark.slow
def test_the_requirements_are_what_the_package_imports():
    """Required: every module imported when the package is imported, and nothing else (no
    JupyterLab, no grader, no notebook runner). Modules imported only inside a function come
    from a requirement or an extra."""
    top, inside = _imports()
    required = {requirement(s)[0] for s in project()["dependencies"]}
    extras = {requirement(s)[0] for name in project()["optional-dependencies"]
              for s in (extra(name) if name != "bench" else project()["optional-dependencies"][
                  name])}
    assert {_distribution(m) for m in top} <= required, "imported at module level, not required"
    assert {_distribution(m) for m in inside} <= required | extras
    used = {_distribution(m) for m in top | inside}
    assert required <= used, f"required but never imported: {required - used}"
    assert not {"jupyterlab", "nbformat", "nbclient"} & required


def test_the_open_command_installs_jupyterlab_through_the_lab_extra():
    readme = (ROOT / "README.md").read_text()
    block = re.search(r"<!-- open-command -->(.*?)<!-- /open-command -->", readme, re.S).group(1)
    assert re.search(r"pip install -e \"?\.\[lab\]\"?", block), block
    assert any(requirement(s)[0] == "jupyterlab" for s in extra("lab"))


def test_the_test_command_runs_on_every_core_with_each_notebook_on_one_worker():
    readme = (ROOT / "README.md").read_text()
    block = re.search(r"<!-- test-command -->(.*?)<!-- /test-command -->", readme, re.S).group(1)
    assert "-n auto" in block and "--dist loadgroup" in block, block
    assert any(requirement(s)[0] == "pytest-xdist" for s in extra("test"))


def test_the_package_ships_py_typed():
    assert (ROOT / "aisearch" / "py.typed").exists()


def test_ruff_is_clean():
    ruff = shutil.which("ruff")
    if ruff is None:
        pytest.fail("ruff is not installed: pip install -e '.[test]'")
    out = subprocess.run([ruff, "check", "."], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr


@pytest.mark.slow
def test_mypy_is_clean():
    out = subprocess.run([sys.executable, "-m", "mypy", "aisearch"], cwd=ROOT,
                         capture_output=True, text=True)
    if "No module named mypy" in out.stderr:
        pytest.fail("mypy is not installed: pip install -e '.[test]'")
    assert out.returncode == 0, out.stdout + out.stderr


def test_the_package_imports_without_plotting_or_widget_libraries():
    code = (
        "import sys, aisearch, aisearch.search, aisearch.games\n"
        "bad = [m for m in ('matplotlib', 'ipywidgets', 'networkx') if m in sys.modules]\n"
        "assert not bad, bad"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)


def test_games_never_import_search():
    """The rules know nothing of the searchers (doctests may use them, the code may not)."""
    import ast

    for path in (ROOT / "aisearch" / "games").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            else:
                continue
            assert not any(n.startswith("aisearch.search") for n in names), path.name


@pytest.mark.slow
def test_python_m_aisearch_reports_version_lessons_and_a_healthy_environment():
    out = subprocess.run([sys.executable, "-m", "aisearch"], cwd=ROOT, capture_output=True,
                         text=True, timeout=120)
    import aisearch

    assert out.returncode == 0, out.stdout + out.stderr
    assert out.stdout.startswith(f"aisearch {aisearch.__version__} at ")
    assert f"lessons: {ROOT / 'notebooks'} (" in out.stdout
    assert "jupyterlab_widgets" in out.stdout and "environment OK" in out.stdout


def _root_conftest():
    import importlib.util

    spec = importlib.util.spec_from_file_location("root_conftest", ROOT / "conftest.py")
    conftest = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(conftest)
    return conftest


def test_the_cells_of_a_notebook_and_the_browser_tests_stay_on_one_worker():
    """The root conftest's work groups, and the order it hands them out in: the long groups
    first (browser, notebooks and files whose tests share a fixture, slow files), the
    notebooks and the grader's end-to-end files marked slow."""
    conftest = _root_conftest()
    group = conftest.work_group
    assert group("notebooks/02_minimax.ipynb::Cell 0") == group(
        "notebooks/02_minimax.ipynb::Cell 7") != group("solutions/02_minimax.ipynb::Cell 0")
    assert group("tests/browser/test_lessons.py::test_01") == group(
        "tests/browser/test_harness.py::test_x") == "browser"
    assert group("tests/test_core.py::test_a") != group("tests/test_core.py::test_b")
    # a class graded once by a module fixture: its tests stay together
    assert group("tests/grading/test_grade.py::test_a") == group(
        "tests/grading/test_grade.py::test_b") == "tests/grading/test_grade.py"
    shared = [p.relative_to(ROOT).as_posix() for p in sorted((ROOT / "tests").rglob("test_*.py"))
              if re.search(r"fixture\(scope=.(module|session)", p.read_text())]
    assert "tests/learn/test_checks.py" in shared
    assert all(conftest.shares_fixtures(p) for p in shared)

    class Item:
        def __init__(self, nodeid):
            self.nodeid, self.marks = nodeid, []
            self.path = ROOT / nodeid.split("::")[0]

        def get_closest_marker(self, name):
            return next((m for m in self.marks if m.name == name), None)

        def add_marker(self, mark):
            self.marks.append(mark.mark)

    class Config:
        rootpath = ROOT

    given = [Item("tests/test_core.py::test_a"), Item("tests/grading/test_grade.py::test_b"),
             Item("notebooks/02_minimax.ipynb::Cell 0"), Item("notebooks/02_minimax.ipynb::Cell 1"),
             Item("solutions/02_minimax.ipynb::Cell 0"), Item("tests/browser/test_lessons.py::t"),
             Item("tests/search/test_chance.py::test_star1_and_star2_agree")]
    items = list(given)
    conftest.pytest_collection_modifyitems(Config(), items)
    slow = [i.get_closest_marker("slow") is not None for i in given]
    assert slow == [False, True, True, True, True, False, True]
    assert items == [given[i] for i in (5, 1, 2, 3, 4, 6, 0)]


@pytest.mark.slow  # (a pytest of its own, with two workers)
def test_the_test_command_spreads_the_work_groups_over_the_workers(tmp_path):
    """Under ``-n 2 --dist loadgroup`` the tests of a group run on one worker, the others on
    both (xdist's own loadgroup renames tests to group them, which pytest 9 ignores: the
    root conftest's scheduler groups them instead)."""
    (tmp_path / "conftest.py").write_text((ROOT / "conftest.py").read_text())
    (tmp_path / "pytest.ini").write_text("[pytest]\n")
    (tmp_path / "tests" / "browser").mkdir(parents=True)
    def body(seconds: float) -> str:
        return "import time\n" + "".join(f"def test_{i}():\n    time.sleep({seconds})\n"
                                         for i in range(6))
    # (a short group: the worker that runs it is free long before the others are done)
    (tmp_path / "tests" / "browser" / "test_group.py").write_text(body(0.01))
    (tmp_path / "tests" / "test_spread.py").write_text(body(0.4))
    out = subprocess.run([sys.executable, "-m", "pytest", "-n", "2", "--dist", "loadgroup",
                          "-p", "no:cacheprovider", "-p", "no:nbval", "-v"], cwd=tmp_path,
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stdout + out.stderr
    ran = re.findall(r"\[(gw\d)\].*PASSED (tests/\S+)::", out.stdout)
    grouped = {w for w, f in ran if f == "tests/browser/test_group.py"}
    spread = {w for w, f in ran if f == "tests/test_spread.py"}
    assert len(ran) == 12 and len(grouped) == 1 and len(spread) == 2, out.stdout


def test_every_slow_entry_names_a_test_that_exists():
    """The root conftest's list of slow tests follows renames: each entry is a file, or a file
    and the start of a test's name, or a module's doctests (``aisearch/m.py::aisearch.m``) or
    a function's (``aisearch/m.py::aisearch.m.f``), that exists."""
    for entry in _root_conftest().SLOW:
        path, _, name = entry.partition("::")
        assert (ROOT / path).is_file(), entry
        text = (ROOT / path).read_text()
        module = path.removesuffix(".py").replace("/", ".")
        if name.startswith(module):  # a doctest: the module's, or one of its functions'
            *owner, last = name[len(module):].lstrip(".").split(".")  # (a method: Class.f)
            assert last == "" or re.search(rf"^\s*(def|class) {re.escape(last)}\b", text,
                                           re.M), entry
            assert all(re.search(rf"^class {re.escape(c)}\b", text, re.M) for c in owner), entry
        else:
            assert not name or re.search(rf"^def {re.escape(name)}", text, re.M), entry


def test_a_test_process_loads_nbval_once_and_defers_rfc3987_syntax(request):
    """nbval comes from the root conftest (its entry point is off), after ``rfc3987_syntax``
    (which jsonschema imports under nbval and builds its grammars at import, seconds in every
    process) was put off until a function of it is called: no test calls one."""
    plugins = request.config.pluginmanager
    assert plugins.get_plugin("nbval.plugin") is not None and plugins.get_plugin("nbval") is None
    assert "jsonschema" in sys.modules
    deferred = sys.modules.get("rfc3987_syntax")
    assert type(deferred).__name__ == "Deferred" or (
        deferred is None and importlib.util.find_spec("rfc3987_syntax") is None), deferred
