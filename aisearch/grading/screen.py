"""Reading a submission's code before it runs: references to the grader's own modules.

Nothing a submission can reach in the grading process decides a point: the questions run
in the grader, and the grading process has no question, answer or score. A notebook has no
reason to use the grader's modules, though, and one that names them is trying something:
so the grader (the trusted parent, which never runs student code) first reads the code
cells as syntax trees and refuses a submission that refers to the grader's modules,
``aisearch.grading`` and everything in it, in any spelling it can see without running the
code:

- ``import aisearch.grading...``, ``from aisearch.grading... import ...``,
  ``from aisearch import grading``;
- the attribute ``.grading`` of the ``aisearch`` package (``aisearch.grading.observe``);
- a text naming them (``importlib.import_module("aisearch.grading.observe")``,
  ``__import__``, ``sys.modules[...]``, code handed to ``exec``), and ``"grading"`` handed
  to ``getattr``, ``__import__`` or ``import_module``, or looked up in ``vars(aisearch)``.

The one name a notebook may take from there is ``self_check`` (its self-check cell:
``from aisearch.grading import self_check``).

Not seen: a module name built at run time (``"aisearch." + "grading"``, decoded from
base64, ...), and objects reached without naming them (``gc.get_objects()``, scanning
``sys.modules``). What such code finds is the grading process's own loop and its channel,
which can only send answers its functions would have had to compute.

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
from typing import Any

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


_PACKAGE = re.compile("aisearch")
_LOOKUP = re.compile(r"aisearch|__dict__|\bvars\b")


def _texts(node: ast.AST) -> list[str]:
    """The names and texts a node of an expression writes itself (not its children's)."""
    if isinstance(node, ast.Name):
        return [node.id]
    if isinstance(node, ast.Attribute):
        return [node.attr]
    if isinstance(node, ast.Constant):
        v = node.value
        return [v] if isinstance(v, str) else [v.decode("latin-1")] if isinstance(v, bytes) \
            else []
    if isinstance(node, (ast.keyword, ast.arg)):
        return [node.arg] if node.arg else []
    return []


def _mentions(node: ast.AST, pattern: re.Pattern[str], memo: dict[int, bool]) -> bool:
    """Whether a name, attribute, keyword or text below ``node`` (an expression) matches
    ``pattern``: what ``pattern.search(ast.unparse(node))`` would say, with each subtree
    read once (``memo``; unparsing each link of a chain ``x.a.a.a...`` anew would cost the
    chain's length times its size).

    >>> chain = ast.parse("[aisearch, 1].grading.grading", mode="eval").body
    >>> _mentions(chain.value, _PACKAGE, {}), _mentions(ast.parse("[1]", mode="eval"), _PACKAGE, {})
    (True, False)
    """
    order, stack = [], [node]
    while stack:
        n = stack.pop()
        if id(n) not in memo:
            order.append(n)
            stack.extend(ast.iter_child_nodes(n))
    for n in reversed(order):  # (children before their parents)
        memo[id(n)] = any(pattern.search(t) for t in _texts(n)) or any(
            memo.get(id(child), False) for child in ast.iter_child_nodes(n))
    return memo[id(node)]


def _findings(tree: ast.AST, packages: set[str]) -> Iterable[ast.AST]:  # noqa: C901
    docstrings = _docstrings(tree)
    package: dict[int, bool] = {}
    lookup: dict[int, bool] = {}
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
                    _mentions(base, _PACKAGE, package):
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
                node.slice.value == "grading" and _mentions(node.value, _LOOKUP, lookup):
            yield node


def grader_references(cells: Iterable[tuple[Any, ...]]) -> list[str]:
    """Where the code cells refer to the grader's modules: ``'cell 3, line 1: code'`` each
    (the cell named by its label, when it has one: ``'cell [5], line 1: code'``).

    Cells are read as the grading process runs them (IPython magics turned into calls); a
    cell that is not valid Python is skipped (it does not run either).

    Parameters
    ----------
    cells : iterable of (number, source) or (number, source, label)
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

    trees = []
    for cell in cells:
        number, source = cell[0], cell[1]
        where = (cell[2] if len(cell) > 2 and cell[2] else
                 f"cell {number}" if isinstance(number, int) else str(number))
        try:
            trees.append((where, source, ast.parse(as_python(source))))
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            continue  # not Python: it raises where it runs, before doing anything
    packages: set[str] = set()
    for _, _, tree in trees:
        packages |= _packages(tree)
    out: list[str] = []
    for where, source, tree in trees:
        lines = source.splitlines()
        seen_lines = set()
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
