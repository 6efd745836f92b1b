"""The project installs as documented: environment.yml and pyproject.toml agree, ruff and mypy
are clean."""

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


def pyproject_requirements() -> set[tuple[str, str]]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    specs = project["dependencies"] + project["optional-dependencies"]["test"]
    return {requirement(s) for s in specs}


def environment_requirements() -> set[tuple[str, str]]:
    deps = []
    text = (ROOT / "environment.yml").read_text()
    for line in text.split("dependencies:", 1)[1].splitlines():
        m = re.match(r"^  - ([^#:]+?)\s*$", line)  # top-level conda entries only
        if m:
            deps.append(requirement(m.group(1)))
    return {d for d in deps if d[0] not in {"python", "pip"}}


def test_environment_yml_lists_the_same_packages_and_bounds_as_pyproject():
    assert environment_requirements() == pyproject_requirements()


def test_environment_yml_installs_the_package_itself():
    assert re.search(r"^\s+- -e \.\s*$", (ROOT / "environment.yml").read_text(), re.M)


def test_environment_yml_and_pyproject_agree_on_python():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert f"python{project['requires-python']}" in (ROOT / "environment.yml").read_text()


def test_the_package_ships_py_typed():
    assert (ROOT / "aisearch" / "py.typed").exists()


def test_ruff_is_clean():
    ruff = shutil.which("ruff")
    if ruff is None:
        pytest.fail("ruff is not installed: pip install -e '.[test]'")
    out = subprocess.run([ruff, "check", "."], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr


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


def test_python_m_aisearch_reports_version_lessons_and_a_healthy_environment():
    out = subprocess.run([sys.executable, "-m", "aisearch"], cwd=ROOT, capture_output=True,
                         text=True, timeout=120)
    import aisearch

    assert out.returncode == 0, out.stdout + out.stderr
    assert out.stdout.startswith(f"aisearch {aisearch.__version__} at ")
    assert f"lessons: {ROOT / 'notebooks'} (" in out.stdout
    assert "jupyterlab_widgets" in out.stdout and "environment OK" in out.stdout
