"""Reading a submission's code before it runs: references to the grader's own modules.

Inside the grading process nothing can be made tamper-proof: code that runs there can
switch off the watch on forbidden calls (``aisearch.grading.observe``), replace the
question modules' helpers, or write records with the process's own writer. So the grader
(the trusted parent, which never runs student code) first reads the code cells as syntax
trees and refuses a submission that refers to the grader's modules, ``aisearch.grading``
and everything in it, in any spelling it can see without running the code:

- ``import aisearch.grading...``, ``from aisearch.grading... import ...``,
  ``from aisearch import grading``;
- the attribute ``.grading`` of the ``aisearch`` package (``aisearch.grading.observe``);
- a text naming them (``importlib.import_module("aisearch.grading.observe")``,
  ``__import__``, ``sys.modules[...]``, code handed to ``exec``), and ``"grading"`` handed
  to ``getattr``, ``__import__`` or ``import_module``, or looked up in ``vars(aisearch)``.

The one name a notebook may take from there is ``self_check`` (its self-check cell:
``from aisearch.grading import self_check``).

Not seen, and so still possible for a determined submission: a module name built at run
time (``"aisearch." + "grading"``, decoded from base64, ...), and the grader's objects
reached without naming them (``gc.get_objects()``, scanning ``sys.modules``). Those are
what the grading process's own defences (traps, the watch on calls, the nonce of its
records) and the sandbox are for; a forged record can still only claim answers.

Examples
--------
>>> grader_references([(1, "from aisearch.grading import self_check"), (2, "x = 1")])
[]
>>> grader_references([(3, "import aisearch.grading.observe as o\\no._TRAPS.clear()")])
['cell 3, line 1: import aisearch.grading.observe as o']
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable

from aisearch.grading.question import printable

__all__ = ["grader_references", "ALLOWED", "MAX_CODE_CHARS"]

ALLOWED = frozenset({"self_check"})
"""Names a submission may import from ``aisearch.grading``."""

MAX_CODE_CHARS = 2_000_000
"""Code larger than this (all cells together) is not read, and not run."""

_GRADER = re.compile(r"aisearch\s*\.\s*grading\b")
_LOADERS = frozenset({"getattr", "hasattr", "setattr", "delattr", "__import__",
                      "import_module", "find_spec", "reload"})


def _grader_module(name: str | None) -> bool:
    return name is not None and (name == "aisearch.grading"
                                 or name.startswith("aisearch.grading."))


def _packages(tree: ast.AST) -> set[str]:
    """Names bound to the ``aisearch`` package itself (``import aisearch [as a]``,
    ``import aisearch.search`` binds ``aisearch``)."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name == "aisearch" or (alias.name.startswith("aisearch.")
                                                and alias.asname is None):
                    found.add(alias.asname or "aisearch")
    return found


def _docstrings(tree: ast.AST) -> set[int]:
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                out.add(id(body[0].value))
    return out


def _called(node: ast.Call) -> str:
    f = node.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""


def _findings(tree: ast.AST, packages: set[str]) -> Iterable[ast.AST]:  # noqa: C901
    docstrings = _docstrings(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            if any(_grader_module(a.name) for a in node.names):
                yield node
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                continue
            if node.module == "aisearch.grading":
                if any(a.name not in ALLOWED for a in node.names):
                    yield node
            elif _grader_module(node.module) or (
                    node.module == "aisearch" and any(a.name == "grading" for a in node.names)):
                yield node
        elif isinstance(node, ast.Attribute) and node.attr == "grading":
            base = node.value
            if (isinstance(base, ast.Name) and base.id in packages) or \
                    "aisearch" in ast.unparse(base):
                yield node
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            if id(node) not in docstrings and _GRADER.search(node.value):
                yield node
        elif isinstance(node, ast.Call) and _called(node) in _LOADERS:
            args = [*node.args, *(k.value for k in node.keywords)]
            texts = [a for arg in args for a in ast.walk(arg)
                     if isinstance(a, ast.Constant) and a.value == "grading"]
            if texts:
                yield node
        elif isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant) and \
                node.slice.value == "grading" and re.search(r"aisearch|__dict__|\bvars\b",
                                                            ast.unparse(node.value)):
            yield node


def grader_references(cells: Iterable[tuple[int | str, str]]) -> list[str]:
    """Where the code cells refer to the grader's modules: ``'cell 3, line 1: code'`` each.

    Cells are read as the grading process runs them (IPython magics turned into calls); a
    cell that is not valid Python is skipped (it does not run either).

    Parameters
    ----------
    cells : iterable of (number, source)
        As :func:`aisearch.grading.child.code_cells` gives them.

    Returns
    -------
    list of str
        One entry per reference found, in order (at most 20).

    Examples
    --------
    >>> grader_references([(1, 'import importlib\\nm = importlib.import_module("aisearch.grading.'
    ...                        'exercises.ex03_alpha_beta.bugs").REFERENCES')])
    ... # doctest: +ELLIPSIS
    ['cell 1, line 2: m = importlib.import_module("aisearch.grading.exercises.ex03_alpha_beta...']
    >>> grader_references([("submission", "import aisearch\\nw = aisearch.grading.observe")])
    ['submission, line 2: w = aisearch.grading.observe']
    """
    from aisearch.grading.child import as_python

    cells = list(cells)
    trees = []
    for number, source in cells:
        try:
            trees.append((number, source, ast.parse(as_python(source))))
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            continue  # not Python: it raises where it runs, before doing anything
    packages: set[str] = set()
    for _, _, tree in trees:
        packages |= _packages(tree)
    out: list[str] = []
    for number, source, tree in trees:
        lines = source.splitlines()
        seen_lines = set()
        where = f"cell {number}" if isinstance(number, int) else str(number)
        try:
            found = list(_findings(tree, packages))
        except RecursionError:
            out.append(f"{where}: code nested too deeply to be read")
            continue
        for node in sorted(found, key=lambda n: getattr(n, "lineno", 0)):
            line = getattr(node, "lineno", 0)
            if line in seen_lines:
                continue
            seen_lines.add(line)
            text = lines[line - 1].strip() if 0 < line <= len(lines) else ""
            text = text if len(text) <= 100 else text[:100] + "..."
            out.append(f"{where}, line {line}: {printable(text)}")
            if len(out) >= 20:
                return out
    return out
