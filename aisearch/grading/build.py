"""Exercises from solutions: nbgrader's markers, our own small build step.

============================================  ==============================================
in ``solutions/*.ipynb``                      in ``exercises/*.ipynb``
============================================  ==============================================
code between ``### BEGIN SOLUTION`` and       ``# YOUR CODE HERE`` and
``### END SOLUTION``                          ``raise NotImplementedError()``, same indent
markdown between the same markers             ``YOUR ANSWER HERE``
``### BEGIN HIDDEN TESTS`` ... ``END``        removed (a cell left empty is dropped)
cell tagged ``solution-only``                 dropped
outputs, execution counts, widget state       cleared
============================================  ==============================================

The exercise notebook's metadata records ``aisearch.exercise`` (the solution's name), so
the grader knows a renamed submission. A code cell of the exercise that runs a stub (a check
calling a function still to write, or an answer still ``raise NotImplementedError()``) is
tagged ``raises-exception``: JupyterLab's Run All and nbclient then go on past it, so an
untouched exercise runs to its self-check at the end (:func:`runs_a_stub`). ``check``
reports stale or missing exercises, exercises without a solution, leaked markers and
unbalanced markers.

Examples
--------
>>> code = "def f(x):\\n    ### BEGIN SOLUTION\\n    return 2 * x\\n    ### END SOLUTION"
>>> print(strip_solution(code))
def f(x):
    # YOUR CODE HERE
    raise NotImplementedError()
>>> print(strip_solution("x = 1\\n### BEGIN HIDDEN TESTS\\nassert x\\n### END HIDDEN TESTS"))
x = 1
>>> strip_solution("Because\\n### BEGIN SOLUTION\\nit is.\\n### END SOLUTION", markdown=True)
'Because\\nYOUR ANSWER HERE'
"""

from __future__ import annotations

import ast
import copy
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

__all__ = [
    "BuildError",
    "strip_solution",
    "make_exercise",
    "render",
    "build",
    "leaks",
    "runs_a_stub",
    "MARKERS",
    "RAISES",
]

MARKERS = ("BEGIN SOLUTION", "END SOLUTION", "BEGIN HIDDEN TESTS", "END HIDDEN TESTS")
_MARKER = re.compile(r"^\s*#*\s*(" + "|".join(MARKERS) + r")\s*$")
_ANY_MARKER = re.compile("|".join(MARKERS))
SOLUTION_ONLY = "solution-only"
RAISES = "raises-exception"
"""The tag that lets Run All (JupyterLab 4, nbclient, nbval) go on past a cell that raises."""


class BuildError(ValueError):
    """A solution notebook whose markers do not pair up (named with cell and line)."""


def strip_solution(source: str, *, markdown: bool = False, where: str = "") -> str:
    """Replace solution regions by stubs and drop hidden-test regions."""
    out: list[str] = []
    region: str | None = None
    opened = 0
    for n, line in enumerate(source.splitlines(), 1):
        m = _MARKER.match(line)
        kind = m.group(1) if m else None
        if kind in ("BEGIN SOLUTION", "BEGIN HIDDEN TESTS"):
            if region is not None:
                raise BuildError(f"{where}line {n}: {kind} inside an open {region} region")
            region, opened = kind[6:], n
            if kind == "BEGIN SOLUTION":
                indent = line[: len(line) - len(line.lstrip())]
                out += ["YOUR ANSWER HERE"] if markdown else [
                    f"{indent}# YOUR CODE HERE", f"{indent}raise NotImplementedError()"]
        elif kind in ("END SOLUTION", "END HIDDEN TESTS"):
            if region != kind[4:]:
                raise BuildError(f"{where}line {n}: {kind} without a matching BEGIN")
            region = None
        elif region is None:
            out.append(line)
    if region is not None:
        raise BuildError(f"{where}line {opened}: BEGIN {region} without END {region}")
    return "\n".join(out)


def leaks(nb: Any) -> list[str]:
    """Where an exercise notebook still shows a marker (``cell N: MARKER``)."""
    found = []
    for i, cell in enumerate(nb.cells, 1):
        m = _ANY_MARKER.search("".join(cell.get("source", "")))
        if m:
            found.append(f"cell {i}: {m.group(0)}")
    return found


def _stubs(tree: ast.Module) -> set[str]:
    """Top-level functions whose body raises NotImplementedError."""
    return {node.name for node in tree.body
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
            and any(isinstance(n, ast.Raise) and "NotImplementedError" in ast.unparse(n)
                    for n in ast.walk(node))}


def runs_a_stub(sources: list[str]) -> list[bool]:
    r"""For each cell's source, whether running it runs a stub: a top-level ``raise
    NotImplementedError``, or a top-level statement that uses a function still to write
    (or a notebook function that calls one).

    >>> runs_a_stub(["def f(x):\n    raise NotImplementedError()",
    ...              "def g(x):\n    return f(x)", "print(g(1))", "def h():\n    g(2)",
    ...              "raise NotImplementedError()", "y = 1"])
    [False, False, True, False, True, False]
    """
    from aisearch.grading.child import as_python

    trees: list[ast.Module | None] = []
    for source in sources:
        try:
            trees.append(ast.parse(as_python(source)))
        except (SyntaxError, ValueError, RecursionError):
            trees.append(None)
    stubs: set[str] = set()
    calls: dict[str, set[str]] = {}
    for tree in trees:
        if tree is None:
            continue
        stubs |= _stubs(tree)
        for node in tree.body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                calls[node.name] = {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}
    grown = True
    while grown:
        more = {name for name, used in calls.items() if used & stubs} - stubs
        stubs |= more
        grown = bool(more)
    out = []
    for tree in trees:
        runs = False
        for node in tree.body if tree is not None else []:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                continue
            if isinstance(node, ast.Raise) and "NotImplementedError" in ast.unparse(node):
                runs = True
            if any(isinstance(n, ast.Name) and n.id in stubs for n in ast.walk(node)):
                runs = True
        out.append(runs)
    return out


def make_exercise(solution: Any, name: str) -> Any:
    """The exercise notebook made from a solution notebook (``nbformat`` node)."""
    import nbformat

    nb = nbformat.v4.new_notebook()
    nb.nbformat, nb.nbformat_minor = 4, max(solution.get("nbformat_minor", 5), 5)
    meta = solution.get("metadata", {})
    nb.metadata = {k: copy.deepcopy(meta[k]) for k in ("kernelspec",) if k in meta}
    if "language_info" in meta:
        nb.metadata["language_info"] = {"name": meta["language_info"].get("name", "python")}
    nb.metadata["aisearch"] = {"exercise": name, "generated_from": f"solutions/{name}.ipynb"}
    for i, cell in enumerate(solution.cells, 1):
        tags = list(cell.get("metadata", {}).get("tags", []))
        if SOLUTION_ONLY in tags:
            continue
        original = "".join(cell.source)
        source = strip_solution(original, markdown=cell.cell_type == "markdown",
                                where=f"solutions/{name}.ipynb cell {i}, ")
        if original.strip() and not source.strip():
            continue  # a cell of hidden tests only: nothing left for the student
        cid = cell.get("id") or f"cell-{i}"
        if cell.cell_type == "code":
            new = nbformat.v4.new_code_cell(source, id=cid)
        elif cell.cell_type == "markdown":
            new = nbformat.v4.new_markdown_cell(source, id=cid)
        else:
            new = nbformat.v4.new_raw_cell(source, id=cid)
        if tags:
            new.metadata["tags"] = tags
        nb.cells.append(new)
    code = [c for c in nb.cells if c.cell_type == "code"]
    for cell, runs in zip(code, runs_a_stub([c.source for c in code]), strict=True):
        tags = list(cell.metadata.get("tags", []))
        if runs and RAISES not in tags:
            cell.metadata["tags"] = [*tags, RAISES]
    return nb


def render(nb: Any) -> str:
    """The notebook as the exact text written to disk."""
    import nbformat

    text = nbformat.writes(nb)
    return text if text.endswith("\n") else text + "\n"


@dataclass
class BuildResult:
    """What :func:`build` did or, with ``check=True``, found wrong."""

    written: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


def build(solutions: str | Path = "solutions", exercises: str | Path = "exercises", *,
          check: bool = False) -> BuildResult:
    """Write (or with ``check``, compare) ``exercises/NN_*.ipynb`` for every solution.

    Raises ``FileNotFoundError`` when the solutions folder is missing and
    :class:`BuildError` for unbalanced markers.
    """
    src, dst = Path(solutions), Path(exercises)
    if not src.is_dir():
        raise FileNotFoundError(f"no solutions folder {str(src)!r}: run from the course root "
                                "or pass --solutions DIR")
    import nbformat

    result = BuildResult()
    names = []
    for path in sorted(src.glob("*.ipynb")):
        name = path.stem
        names.append(name)
        nb = nbformat.read(path, as_version=4)
        text = render(make_exercise(nb, name))
        target = dst / path.name
        leaked = leaks(nbformat.reads(text, as_version=4))
        if leaked:  # cannot happen after strip_solution, unless a marker sits mid-line
            result.problems.append(f"{target}: a marker would leak ({', '.join(leaked)}); put "
                                   "each marker alone on its line")
            continue
        current = target.read_text(encoding="utf-8") if target.exists() else None
        if current == text:
            continue
        if check:
            result.problems.append(f"{target} is {'missing' if current is None else 'stale'}: "
                                   "run `python -m aisearch.grading build`")
        else:
            dst.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
            result.written.append(str(target))
    if dst.is_dir():
        for path in sorted(dst.glob("*.ipynb")):
            if path.stem not in names:
                result.problems.append(f"{path} has no solution in {src}/ (delete it, or add "
                                       f"{src / path.name})")
            else:
                leaked = leaks(nbformat.read(path, as_version=4))
                if leaked:
                    result.problems.append(f"{path} leaks solution markers: {', '.join(leaked)}")
    return result
