"""The package as the grading process gets it: a copy without what the exercise asks for.

For exercise ``NN``, :func:`graded_package` copies the ``aisearch`` package into a folder
of its own, leaving out what only the grader needs (the exercises' questions, checks,
known bugs and right answers, the grader's own tools, compiled files), and replaces, in
the copy's source, the body of every function the exercise asks students to write with

.. code-block:: python

    raise WithheldError("aisearch.search.classic.alphabeta.alphabeta is not available while ...")

(:class:`~aisearch.grading.question.WithheldError`). The grading process imports that
copy: a fork, a thread, a code object kept from an earlier cell or the source read back
with :mod:`inspect` finds no working version of the search to run. What the exercise
provides (the games, their rules, the helpers it names) stays as it is.
The copy is then compiled, from its own sources (none of the original's bytecode is
copied), so that each grading process imports it without compiling it again.

Each exercise declares what it withholds in its ``questions.py``, as ``WITHHELD``: function
objects, classes (every function in them), modules (every function and class defined in
them). They are found by the objects themselves (:func:`inspect.getsourcefile`, the code's
qualified name and first line), so a module that moves is still found; a function whose
code is not its own ``def`` (a decorator's wrapper without ``__wrapped__``, a lambda) is
refused with an error naming it.

Examples
--------
>>> from aisearch.search import alphabeta
>>> folder = graded_package("03")
>>> text = (folder / "aisearch" / Path(inspect.getsourcefile(alphabeta)).relative_to(
...     PACKAGE)).read_text()
>>> "is not available while exercise 03 is graded" in text
True
>>> (folder / "aisearch" / "grading" / "exercises").exists()
False
"""

from __future__ import annotations

import ast
import atexit
import functools
import hashlib
import importlib
import inspect
import os
import pkgutil
import py_compile
import shutil
import stat
import sys
import tempfile
import types
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

__all__ = ["graded_package", "package_changed", "withheld_functions", "searchers", "solvers",
           "everything_in", "stub_source", "PACKAGE", "CHILD_MODULES", "KEPT"]

PACKAGE = Path(__file__).resolve().parents[1]
"""The package being copied (``aisearch/``)."""

CHILD_MODULES = frozenset({"__init__", "question", "codec", "wire", "wire_chess", "remote", "child",
                           "selfcheck", "supervise"})
"""The grader's modules the grading process needs (``aisearch/grading/NAME.py``): the
channel and its codec, the process's own loop, its supervisor (without a sandbox), and
``self_check`` (which does nothing while grading)."""


def everything_in(module: types.ModuleType) -> list[Any]:
    """The functions and classes defined in ``module`` and, for a package, in its
    submodules (imported here).

    >>> import aisearch.solve_pig
    >>> "pig_solution" in [f.__name__ for f in everything_in(aisearch.solve_pig)]
    True
    """
    modules = [module]
    if hasattr(module, "__path__"):
        for info in pkgutil.walk_packages(module.__path__, module.__name__ + "."):
            modules.append(importlib.import_module(info.name))
    out = []
    for m in modules:
        for obj in vars(m).values():
            if (inspect.isfunction(obj) or inspect.isclass(obj)) and \
                    getattr(obj, "__module__", None) == m.__name__:
                out.append(obj)
    return out


def searchers() -> list[Any]:
    """Everything :mod:`aisearch.search` defines but its registry and its argument checks:
    every searcher, the cores and rules they are built from, the runtime they share (a
    search can be put together from those alone: ``Run`` and a core of the table search
    make an alpha-beta), the plain versions the lessons show, and each declared searcher's
    parts wherever they are defined (``REGISTRY``).

    >>> from aisearch.search import alphabeta, plain
    >>> from aisearch.search.runtime.run import Run
    >>> from aisearch.search.efficiency.table_search import alphabeta_core
    >>> found = searchers()
    >>> all(f in found for f in (alphabeta, plain.minimax, Run, alphabeta_core))
    True
    """
    import aisearch.search
    from aisearch.search import REGISTRY

    out = [obj for obj in everything_in(aisearch.search) if obj.__module__ not in KEPT]
    for info in REGISTRY.values():
        out.append(info.function)
        out.extend(info.parts)
    return out


KEPT = ("aisearch.search.registry", "aisearch.search.runtime.checks")
"""The modules of :mod:`aisearch.search` that :func:`searchers` leaves working: the
registry (each searcher module registers itself when imported) and the argument checks
(which :func:`aisearch.play` uses); neither searches."""


def solvers() -> list[Any]:
    """The exact solvers (retrograde analysis, value iteration, Pig's solver): each gives
    the value a search is asked for.

    >>> from aisearch import pig_solution, retrograde, solve_chance
    >>> all(f in solvers() for f in (retrograde, solve_chance, pig_solution))
    True
    """
    # by name: the package's namespace holds functions of the same names (solve_chance)
    modules = [importlib.import_module(f"aisearch.{name}")
               for name in ("solve", "solve_chance", "solve_pig")]
    return [f for m in modules for f in everything_in(m)]


def _functions(item: Any, seen: set[int]) -> Iterator[types.FunctionType]:
    if id(item) in seen:
        return
    seen.add(id(item))
    if isinstance(item, types.ModuleType):
        for obj in everything_in(item):
            yield from _functions(obj, seen)
    elif isinstance(item, type):
        for name, member in vars(item).items():
            if isinstance(member, type) and member.__qualname__.startswith(item.__qualname__):
                yield from _functions(member, seen)
            elif not isinstance(member, type) and name not in ("__dict__", "__weakref__"):
                if isinstance(member, (types.FunctionType, staticmethod, classmethod,
                                       property, functools.partial)):
                    yield from _functions(member, seen)
    elif isinstance(item, property):
        for f in (item.fget, item.fset, item.fdel):
            if f is not None:
                yield from _functions(f, seen)
    elif isinstance(item, (staticmethod, classmethod, types.MethodType)):
        yield from _functions(item.__func__, seen)
    elif isinstance(item, functools.partial):
        yield from _functions(item.func, seen)
    elif isinstance(item, types.FunctionType):
        yield inspect.unwrap(item)  # type: ignore[misc]
    else:
        raise TypeError(f"cannot withhold {item!r:.80}: give functions, classes or modules")


def _generated(f: types.FunctionType) -> bool:
    """Whether ``f`` was made by code (a dataclass's ``__init__``, a named tuple's
    ``__new__``) or comes from elsewhere (a dataclass's ``__getstate__``) rather than
    written as a ``def`` of the package."""
    code = f.__code__
    return code.co_filename.startswith("<") or \
        getattr(code, "co_qualname", f.__qualname__) != f.__qualname__ or \
        not Path(code.co_filename).resolve().is_relative_to(PACKAGE)


def withheld_functions(items: Iterable[Any]) -> list[types.FunctionType]:
    """The functions ``items`` stand for (see the module's docstring), each once; of a
    class or a module, the functions written in it (not those a dataclass makes).

    >>> from aisearch.search import MCTS
    >>> sorted(f.__name__ for f in withheld_functions([MCTS]))[:3]
    ['__init__', '_add', '_finish']
    """
    seen: set[int] = set()
    out: dict[int, types.FunctionType] = {}
    for item in items:
        whole = isinstance(item, (type, types.ModuleType))
        for f in _functions(item, seen):
            if whole and _generated(f):
                continue
            out.setdefault(id(f), f)
    return list(out.values())


def _where(f: types.FunctionType) -> tuple[Path, str, int]:
    """The package file, qualified name and first line of ``f``'s own ``def``."""
    name = f"{f.__module__}.{f.__qualname__}"
    code = f.__code__
    qualname = getattr(code, "co_qualname", f.__qualname__)
    if qualname != f.__qualname__ or "<lambda>" in qualname:
        raise ValueError(f"cannot withhold {name}: its code is {qualname}'s, not a def of its "
                         "own (a lambda, or a decorator's wrapper without __wrapped__)")
    source = inspect.getsourcefile(f)
    path = Path(source).resolve() if source else None
    if path is None or not path.is_relative_to(PACKAGE):
        raise ValueError(f"cannot withhold {name}: it is not defined in the aisearch package")
    return path, qualname, code.co_firstlineno


def _defs(tree: ast.AST) -> Iterator[tuple[str, ast.FunctionDef | ast.AsyncFunctionDef]]:
    """Every def in a module with its qualified name (``Class.method``,
    ``outer.<locals>.inner``)."""
    stack: list[tuple[ast.AST, str]] = [(tree, "")]
    while stack:
        node, prefix = stack.pop()
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                name = prefix + child.name
                yield name, child
                stack.append((child, name + ".<locals>."))
            elif isinstance(child, ast.ClassDef):
                stack.append((child, prefix + child.name + "."))
            else:
                stack.append((child, prefix))


def stub_source(source: str, targets: Iterable[tuple[str, int]], message: Callable[[str], str]
                ) -> str:
    """``source`` with the body of each def ``(qualname, first line)`` in ``targets``
    replaced by ``raise WithheldError(message(qualname))``.

    >>> print(stub_source("def f(x):\\n    '''Twice x.'''\\n    return 2 * x\\n\\nY = 1",
    ...                   [("f", 1)], lambda q: f"no {q}"), end="")
    def f(x):
        raise _WithheldError('no f')
    <BLANKLINE>
    Y = 1
    from aisearch.grading.question import WithheldError as _WithheldError  # noqa: E402
    """
    wanted = dict(targets)
    lines = source.splitlines(keepends=True)
    spans = []
    for qualname, node in _defs(ast.parse(source)):
        first = min([node.lineno] + [d.lineno for d in node.decorator_list])
        if wanted.get(qualname) == first:
            start, end = node.body[0], node.body[-1]
            spans.append((start.lineno, start.col_offset, end.end_lineno or end.lineno,
                          end.end_col_offset or 0, qualname))
            del wanted[qualname]
    if wanted:
        missing = ", ".join(sorted(wanted))
        raise ValueError(f"cannot find the def of {missing} in its source")
    done: list[tuple[int, int]] = []
    for line, col, end_line, end_col, qualname in sorted(spans, reverse=True):
        if any(a <= line and end_line <= b for a, b in done):
            continue  # inside a def already replaced
        raise_ = f"raise _WithheldError({message(qualname)!r})"
        head = lines[line - 1].encode()[:col].decode()
        tail = lines[end_line - 1].encode()[end_col:].decode()
        if tail.lstrip().startswith("#"):  # the withheld line's comment goes with it
            tail = tail[len(tail.rstrip("\r\n")):]
        lines[line - 1:end_line] = [head + raise_ + tail]
        done.append((line, end_line))
    text = "".join(lines)
    return (text if text.endswith("\n") else text + "\n") + _IMPORT


_IMPORT = "from aisearch.grading.question import WithheldError as _WithheldError  # noqa: E402\n"
"""Appended to a module whose functions are withheld (read when one is called)."""


def _copy(target: Path) -> None:
    grading = PACKAGE / "grading"

    def ignore(folder: str, names: list[str]) -> set[str]:
        here = Path(folder).resolve()
        out = {n for n in names if n == "__pycache__" or n.endswith((".pyc", ".pyo"))}
        if here == grading:
            out |= {n for n in names if not (n.endswith(".py") and n[:-3] in CHILD_MODULES)}
        return out

    shutil.copytree(PACKAGE, target, ignore=ignore, symlinks=False)


def _build(folder: Path, exercise: str, items: Iterable[Any]) -> None:
    package = folder / "aisearch"
    _copy(package)
    by_file: dict[Path, list[tuple[str, int]]] = {}
    names: dict[tuple[Path, str], str] = {}
    for f in withheld_functions(items):
        path, qualname, line = _where(f)
        by_file.setdefault(path, []).append((qualname, line))
        names[path, qualname] = f"{f.__module__}.{qualname}"
    for path, targets in by_file.items():
        copy = package / path.relative_to(PACKAGE)
        if not copy.is_file():
            continue  # a grader's own module, not in the copy

        def message(qualname: str, path: Path = path) -> str:
            return f"{names[path, qualname]} is not available while exercise {exercise} is graded"

        copy.write_text(stub_source(copy.read_text(encoding="utf-8"), targets, message),
                        encoding="utf-8")
    # Compiled here, once, beside the sources (whatever pycache_prefix this process has):
    # the grading processes write no bytecode, and each would compile the package again (a
    # third of a second). Checked against each source's hash, not its time; a change to the
    # copy, these files included, is seen by the fingerprint.
    for source in sorted(package.rglob("*.py")):
        py_compile.compile(str(source), cfile=str(compiled(source)), doraise=True,
                           invalidation_mode=py_compile.PycInvalidationMode.CHECKED_HASH)


def compiled(source: Path) -> Path:
    """Where Python looks for the bytecode of ``source`` when no pycache prefix is set
    (:func:`importlib.util.cache_from_source` answers for this process's prefix).

    >>> compiled(Path("/pkg/aisearch/core.py")).parent
    PosixPath('/pkg/aisearch/__pycache__')
    """
    return source.parent / "__pycache__" / f"{source.stem}.{sys.implementation.cache_tag}.pyc"


_BUILT: dict[str, tuple[Path, str]] = {}
"""Exercise -> the copy built for it, and its fingerprint when built."""
_ROOT: list[Path] = []


def _root() -> Path:
    if not _ROOT:
        root = Path(tempfile.mkdtemp(prefix="aisearch-graded-package-"))
        owner = os.getpid()

        def remove() -> None:
            if os.getpid() == owner:  # not in a worker forked from this process
                shutil.rmtree(root, ignore_errors=True)

        atexit.register(remove)
        _ROOT.append(root)
    return _ROOT[0]


def graded_package(exercise: str, items: Iterable[Any] | None = None) -> Path:
    """The folder holding the copy of ``aisearch`` that exercise ``exercise`` is graded
    with (put it first on the grading process's ``sys.path``); built once per process.

    Parameters
    ----------
    exercise : str
        ``"03"``.
    items : iterable, optional
        What to withhold; default: the exercise's ``WITHHELD`` (its ``questions.py``), or
        :func:`searchers` and :func:`solvers` for an exercise that declares nothing (or
        that is not shipped: questions of a ``--tests`` folder).
    """
    key = exercise if items is None else f"{exercise}-{id(items)}"
    built = _BUILT.get(key)
    if built is not None and _fingerprint(built[0]) == built[1]:
        return built[0]
    if built is not None:  # changed since it was built (a submission wrote to it): again
        shutil.rmtree(built[0], ignore_errors=True)
    if items is None:
        items = _declared(exercise)
    folder = Path(tempfile.mkdtemp(prefix=f"ex{exercise}-", dir=_root()))
    _build(folder, exercise, items)
    _BUILT[key] = (folder, _fingerprint(folder))
    return folder


def package_changed(folder: Path) -> bool:
    """Whether the copy :func:`graded_package` built in ``folder`` has changed since (a
    file written, added, removed or replaced by a link: possible without the sandbox, where
    the grading process runs as the grader's user). The next :func:`graded_package` call
    builds it again.

    >>> package_changed(graded_package("03"))
    False
    """
    return any(path == folder and _fingerprint(folder) != printed
               for path, printed in _BUILT.values())


def _fingerprint(folder: Path) -> str:
    """The names, kinds and contents of everything under ``folder`` (links not followed);
    empty when it cannot be read whole."""
    digest = hashlib.sha256()
    try:
        if folder.is_symlink() or not folder.is_dir():
            return ""
        for root, dirs, files in os.walk(folder, onerror=_raise):
            dirs.sort()
            for name in sorted(dirs + files):
                path = os.path.join(root, name)
                mode = os.lstat(path).st_mode
                digest.update(f"{os.path.relpath(path, folder)}\0{stat.S_IFMT(mode)}\0"
                              .encode("utf-8", "surrogateescape"))
                if stat.S_ISREG(mode):
                    with open(path, "rb") as f:
                        digest.update(hashlib.sha256(f.read()).digest())
                elif stat.S_ISLNK(mode):
                    digest.update(os.fsencode(os.readlink(path)))
    except OSError:
        return ""
    return digest.hexdigest()


def _raise(error: OSError) -> None:
    raise error


def _declared(exercise: str) -> list[Any]:
    from aisearch.grading.exercises import discover

    for ex in discover():
        if ex.number == exercise:
            declared = getattr(ex.module("questions"), "WITHHELD", None)
            if declared is not None:
                return list(declared)
    return [*searchers(), *solvers()]
