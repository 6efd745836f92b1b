"""Mutation testing of the core searchers: do the tests notice a small wrong change?

A *mutant* is the package with one small change of the kind a slip of the hand makes (a
flipped comparison, ``max`` for ``min``, a dropped update, a changed constant, a loop that
never runs). A mutant is *killed* when a test fails on it; one that *survives* shows
behaviour no test pins down, unless it is *equivalent* (it changes nothing a caller can
observe), which :data:`EQUIVALENT` lists with the reason.

The mutants are made by Cosmic Ray (``pip install -e '.[mutation]'``): its parser, its
operators and its test runner; this script chooses the operators (see :data:`OPERATORS`),
adds two of its own (``max`` <-> ``min`` and a dropped update), leaves type annotations
alone, and runs each module's mutants against the tests that matter for it
(:data:`MODULES`), in a copy of the repository so the working tree is never touched.

Run it from the repository root (it is slow: minutes per module; not part of CI)::

    python benchmarks/mutation.py                    # every module in MODULES
    python benchmarks/mutation.py alphabeta minimax  # some of them
    python benchmarks/mutation.py --list             # mutants per module, nothing run
    python benchmarks/mutation.py --report           # the table of the last runs
    python benchmarks/mutation.py --survivors ab     # test again only last run's survivors

For each module it prints the mutants, killed (timeouts among them: a test that hangs is
a test that noticed), survived, equivalent, the share killed among the non-equivalent
mutants, and the diff of every survivor. Results are kept in ``.mutation/`` (one SQLite
database of Cosmic Ray per module) and are used again only while the module's source and
the tests are unchanged.
"""

from __future__ import annotations

import argparse
import ast
import difflib
import hashlib
import os
import shutil
import sys
import time
import tomllib
import uuid
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WORK = ROOT / ".mutation"
EQUIVALENT = Path(__file__).with_name("mutation_equivalent.toml")

# -- what is mutated, and the tests run against each mutant --------------------------------
# One row per module: a short name (used on the command line and in the list of equivalent
# mutants), the file, and the tests that matter for it (each mutant runs those of them that
# run its line, fastest first, stopping at the first failure). When modules move, change the
# paths here; the names stay ("common" is the runtime, "leaves" its leaf rule, "table"
# alpha-beta with the table, "transposition" the table itself, "chance" expectiminimax).
S = "tests/search/"
DECLARED = [S + "test_contracts.py", S + "test_contracts_runtime.py"]  # declarations, defaults
CONTRACTS = [S + "test_contracts.py", S + "test_contracts_runtime.py",
             S + "test_contracts_table.py", S + "test_registry.py"]
MODULES: dict[str, tuple[str, list[str]]] = {
    "minimax": ("aisearch/search/classic/minimax.py",
                [*CONTRACTS, S + "test_contracts_chance.py", S + "test_known_values.py",
                 S + "test_fastest_wins.py", S + "test_chance.py"]),
    "alphabeta": ("aisearch/search/classic/alphabeta.py",
                  [*CONTRACTS, S + "test_agreement.py", S + "test_known_values.py",
                   S + "test_plain.py", S + "test_quiescence.py"]),
    "common": ("aisearch/search/runtime/run.py",
               [*CONTRACTS, S + "test_contracts_chance.py", S + "test_known_values.py",
                S + "test_fastest_wins.py", S + "test_table.py", S + "test_ordering.py",
                S + "test_quiescence.py", S + "test_extensions.py", S + "test_maxn.py",
                S + "test_unchecked.py", S + "test_no_cycles.py",
                "tests/bad_input/test_searchers.py", "tests/test_trace.py"]),
    "leaves": ("aisearch/search/runtime/leaves.py",
               [*CONTRACTS, S + "test_known_values.py", S + "test_fastest_wins.py",
                S + "test_numpy_numbers.py", S + "test_contracts_chance.py",
                S + "test_quiescence.py", S + "test_maxn.py", "tests/bad_input/test_searchers.py"]),
    "table": ("aisearch/search/efficiency/table_search.py",
              [*DECLARED, S + "test_contracts_table.py", S + "test_table.py",
               S + "test_table_serves.py", S + "test_windows.py", S + "test_deepening.py",
               S + "test_extensions.py", S + "test_quiescence.py", S + "test_unchecked.py",
               "tests/bad_input/test_lesson04.py"]),
    "transposition": ("aisearch/search/efficiency/table.py",
                      [S + "test_contracts_transposition.py", S + "test_contracts_table.py",
                       S + "test_table.py",
                       S + "test_table_serves.py", S + "test_windows.py",
                       S + "test_deepening.py", "tests/bad_input/test_lesson04.py"]),
    "pvs": ("aisearch/search/efficiency/pvs.py",
            [*DECLARED, S + "test_contracts_table.py", S + "test_windows.py", S + "test_table.py",
             S + "test_extensions.py", S + "test_quiescence.py"]),
    "windows": ("aisearch/search/efficiency/windows.py",
                [*DECLARED, S + "test_contracts_windows.py", S + "test_contracts_table.py",
                 S + "test_windows.py", S + "test_deepening.py", S + "test_engine.py",
                 S + "test_extensions.py",
                 "tests/bad_input/test_lesson04.py"]),
    "deepening": ("aisearch/search/efficiency/deepening.py",
                  [*DECLARED, S + "test_contracts_deepening.py", S + "test_deepening.py",
                   S + "test_anytime.py",
                   S + "test_extensions.py",
                   S + "test_contracts_table.py", S + "test_engine.py",
                   "tests/bad_input/test_lesson04.py"]),
    "ordering": ("aisearch/search/efficiency/ordering.py",
                 [S + "test_ordering.py", S + "test_contracts_ordering.py",
                  S + "test_contracts_table.py", S + "test_engine.py",
                  S + "test_deepening.py", "tests/bad_input/test_lesson04.py"]),
    "chance": ("aisearch/search/chance/expectiminimax.py",
               [*DECLARED, S + "test_contracts_chance.py", S + "test_chance.py",
                S + "test_plain_chance.py", "tests/bad_input/test_searchers.py"]),
    "star": ("aisearch/search/chance/star.py",
             [*DECLARED, S + "test_contracts_chance.py", S + "test_chance.py",
              S + "test_plain_chance.py", "tests/bad_input/test_searchers.py"]),
    "mcts_tree": ("aisearch/search/sampling/mcts_tree.py",
                  [S + "test_contracts_mcts.py", S + "test_mcts.py", S + "test_bandit.py",
                   S + "test_unchecked.py", "tests/bad_input/test_lesson08.py"]),
    "ucb": ("aisearch/search/sampling/ucb.py",
            [S + "test_contracts_mcts.py", S + "test_mcts.py", S + "test_bandit.py",
             "tests/bad_input/test_lesson08.py"]),
}

# -- the operators -------------------------------------------------------------------------
# Cosmic Ray's operators, less the ones that only multiply mutants: each comparison becomes
# its boundary, its negation and its mirror (Kaminski, Ammann & Offutt's sufficient set);
# each arithmetic operator its inverse; unary minus and ``not`` are deleted.
_COMPARISONS = {"Lt": ("LtE", "GtE", "Gt"), "LtE": ("Lt", "Gt", "GtE"),
                "Gt": ("GtE", "LtE", "Lt"), "GtE": ("Gt", "Lt", "LtE"),
                "Eq": ("NotEq",), "NotEq": ("Eq",), "Is": ("IsNot",), "IsNot": ("Is",)}
_ARITHMETIC = {"Add": "Sub", "Sub": "Add", "Mul": "Div", "Div": "Mul", "FloorDiv": "Mul",
               "Mod": "FloorDiv", "Pow": "Mul", "LShift": "RShift", "RShift": "LShift",
               "BitOr": "BitAnd", "BitAnd": "BitOr", "BitXor": "BitOr"}
OPERATORS = (
    [f"core/ReplaceComparisonOperator_{a}_{b}" for a, bs in _COMPARISONS.items() for b in bs]
    + [f"core/ReplaceBinaryOperator_{a}_{b}" for a, b in _ARITHMETIC.items()]
    + ["core/ReplaceUnaryOperator_Delete_USub", "core/ReplaceUnaryOperator_Delete_Not",
       "core/AddNot", "core/ReplaceTrueWithFalse", "core/ReplaceFalseWithTrue",
       "core/ReplaceAndWithOr", "core/ReplaceOrWithAnd", "core/ReplaceBreakWithContinue",
       "core/ReplaceContinueWithBreak", "core/NumberReplacer", "core/ZeroIterationForLoop",
       "core/ExceptionReplacer", "core/RemoveDecorator",
       "aisearch/SwapMaxMin", "aisearch/DropUpdate"]
)


def _own_operators() -> dict[str, type]:
    """The two operators Cosmic Ray lacks: ``max`` <-> ``min``, and an update dropped (an
    augmented assignment, or an assignment inside a loop, replaced by ``pass``)."""
    import parso.python.tree as tree
    from cosmic_ray.operators.operator import Example, Operator

    class SwapMaxMin(Operator):
        def mutation_positions(self, node):  # type: ignore[no-untyped-def]
            if node.type == "name" and node.value in ("max", "min"):
                after = node.get_next_sibling()
                if after is not None and after.type == "trailer" and after.children[0] == "(":
                    yield node.start_pos, node.end_pos

        def mutate(self, node, index):  # type: ignore[no-untyped-def]
            node.value = "min" if node.value == "max" else "max"
            return node

        @classmethod
        def examples(cls):  # type: ignore[no-untyped-def]
            return (Example("x = max(a, b)", "x = min(a, b)"),)

    class DropUpdate(Operator):
        def mutation_positions(self, node):  # type: ignore[no-untyped-def]
            if node.type == "expr_stmt" and node.parent.type == "simple_stmt" and (
                    node.children[1].type == "operator" and node.children[1].value != "="
                    or _in_loop(node)) and not _annotated(node):
                yield node.start_pos, node.end_pos

        def mutate(self, node, index):  # type: ignore[no-untyped-def]
            return tree.Keyword("pass", node.start_pos, node.get_first_leaf().prefix)

        @classmethod
        def examples(cls):  # type: ignore[no-untyped-def]
            return (Example("for i in x:\n    y += i\n", "for i in x:\n    pass\n"),)

    def _in_loop(node):  # type: ignore[no-untyped-def]
        while node is not None and node.type not in ("funcdef", "classdef", "file_input"):
            if node.type in ("for_stmt", "while_stmt"):
                return True
            node = node.parent
        return False

    def _annotated(node):  # type: ignore[no-untyped-def]
        return any(c.type == "annassign" for c in node.children)

    return {"aisearch/SwapMaxMin": SwapMaxMin, "aisearch/DropUpdate": DropUpdate}


def operator(name: str):  # type: ignore[no-untyped-def]
    """An instance of the operator called ``name`` (Cosmic Ray's, or one of ours)."""
    own = _own_operators()
    if name in own:
        return own[name]()
    import cosmic_ray.plugins

    return cosmic_ray.plugins.get_operator(name)()


# -- mutants ------------------------------------------------------------------------------
@dataclass
class Mutant:
    """One mutant and what became of it."""

    job: str
    module: str
    operator: str
    occurrence: int
    line: int
    function: str
    outcome: str = "pending"  # killed, timeout, survived, error
    diff: str = ""
    before: str = ""
    after: str = ""

    def key(self) -> tuple[str, str, str, str, str]:
        return (self.module, self.function, self.operator, self.before, self.after)


def annotation_spans(source: str) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """The (line, column) spans of every type annotation in ``source`` (columns counted in
    characters, as parso counts them): mutating an annotation changes nothing."""
    lines = source.splitlines()

    def chars(line: int, col: int) -> int:  # ast counts UTF-8 bytes
        return len(lines[line - 1].encode()[:col].decode(errors="ignore"))

    spans = []
    for node in ast.walk(ast.parse(source)):
        notes: list[ast.expr | None] = []
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            a = node.args
            notes += [x.annotation for x in (*a.posonlyargs, *a.args, *a.kwonlyargs)]
            notes += [a.vararg.annotation if a.vararg else None,
                      a.kwarg.annotation if a.kwarg else None, node.returns]
        elif isinstance(node, ast.AnnAssign):
            notes.append(node.annotation)
        for n in notes:
            if n is not None and n.end_lineno is not None and n.end_col_offset is not None:
                spans.append(((n.lineno, chars(n.lineno, n.col_offset)),
                              (n.end_lineno, chars(n.end_lineno, n.end_col_offset))))
    return spans


def enumerate_mutants(name: str, path: Path) -> Iterator[tuple[str, int, tuple, tuple, str]]:
    """``(operator, occurrence, start, end, function)`` of every mutant of ``path`` outside
    type annotations."""
    from cosmic_ray.ast import ast_nodes, get_ast_from_path
    from cosmic_ray.ast.ast_query import ASTQuery

    skip = annotation_spans(path.read_text(encoding="utf-8"))
    tree = get_ast_from_path(path)
    for op_name in OPERATORS:
        op = operator(op_name)
        positions = ((node, start, end) for node in ast_nodes(tree)
                     for start, end in op.mutation_positions(node))
        for occurrence, (node, start, end) in enumerate(positions):
            if any(a <= start and end <= b for a, b in skip):
                continue
            yield op_name, occurrence, start, end, ASTQuery(node).get_definition_name() or ""


def statement_lines(source: str) -> dict[int, int]:
    """Each line of ``source`` mapped to the first line of the innermost statement it belongs
    to (coverage reports a statement by its first line; the header of a compound statement
    up to its body)."""
    first: dict[int, int] = {}

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.stmt):
                body = [getattr(child, f) for f in ("body", "orelse", "handlers", "finalbody")
                        if getattr(child, f, None)]
                inner = [s.lineno for b in body for s in b if hasattr(s, "lineno")]
                last = min(inner) - 1 if inner else (child.end_lineno or child.lineno)
                for ln in range(child.lineno, max(last, child.lineno) + 1):
                    first[ln] = child.lineno
            visit(child)

    visit(ast.parse(source))
    return first


def changed_lines(diff: str) -> tuple[str, str]:
    """The first removed and first added source line of a diff, stripped."""
    before = next((ln[1:].strip() for ln in diff.splitlines()
                   if ln.startswith("-") and not ln.startswith("---")), "")
    after = next((ln[1:].strip() for ln in diff.splitlines()
                  if ln.startswith("+") and not ln.startswith("+++")), "")
    return before, after


# -- equivalent mutants -------------------------------------------------------------------
def load_equivalent() -> dict[tuple[str, str, str, str, str], str]:
    """The mutants known to change nothing, by (module, function, operator, line, mutated
    line), with the reason given for each."""
    if not EQUIVALENT.exists():
        return {}
    data = tomllib.loads(EQUIVALENT.read_text(encoding="utf-8"))
    out = {}
    for e in data.get("equivalent", []):
        missing = {"module", "function", "operator", "line", "mutant", "reason"} - set(e)
        if missing:
            raise SystemExit(f"{EQUIVALENT.name}: an entry lacks {', '.join(sorted(missing))}: {e}")
        out[(e["module"], e["function"], e["operator"], e["line"].strip(),
             e["mutant"].strip())] = e["reason"]
    return out


# -- running ------------------------------------------------------------------------------
def digest(paths: Sequence[Path]) -> str:
    h = hashlib.sha256()
    for p in paths:  # (the contents: a module that only moved keeps its results)
        h.update(p.read_bytes() if p.is_file() else b"")
    return h.hexdigest()[:16]


PYTEST = ["-q", "-p", "no:cacheprovider", "-p", "no:nbval", "-p", "no:benchmark",
          "-o", "addopts=", "--doctest-modules"]


def copy_tree(dest: Path) -> None:
    """A copy of the package and the tests, where mutants are written (never the work tree)."""
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", ".hypothesis")
    for part in ("aisearch", "tests"):
        shutil.copytree(ROOT / part, dest / part, ignore=ignore)
    shutil.copy2(ROOT / "pyproject.toml", dest / "pyproject.toml")


def environment(tree: Path) -> dict[str, str]:
    # CI=true: hypothesis derandomized (tests/conftest.py), the same examples for every mutant
    os.environ["CI"] = "true"  # (for the forked children too)
    return {**os.environ, "CI": "true", "PYTHONPATH": str(tree), "PYTHONDONTWRITEBYTECODE": "1",
            "MPLBACKEND": "Agg"}


@dataclass
class Selection:
    """Which tests run which lines of the module, and how long each test takes."""

    by_line: dict[int, list[str]]  # line -> test ids (file::function), fastest first
    seconds: dict[str, float]
    total: float


CONTEXTS = """
# Written by benchmarks/mutation.py: coverage contexts named by the running test's id.
import json, os, time
import coverage, pytest

SECONDS = {}


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item):
    cov = coverage.Coverage.current()
    name = item.nodeid.split("[")[0]
    if cov is not None:
        cov.switch_context(name)
    t0 = time.perf_counter()
    yield
    SECONDS[name] = SECONDS.get(name, 0.0) + time.perf_counter() - t0
    if cov is not None:
        cov.switch_context("")


def pytest_sessionfinish(session):
    with open(os.environ["MUTATION_SECONDS"], "w") as f:
        json.dump(SECONDS, f)
"""


def select_tests(rel: str, tests: list[str], tree: Path, work: Path) -> Selection:
    """Run the module's tests (and its doctests) once on the unmutated copy under coverage,
    recording which test runs which line, and how long each takes: a mutant is then tested
    by the tests that run its line, fastest first."""
    import json
    import subprocess

    import coverage

    rc, data, seconds_file = work / "coverage.rc", work / "coverage.data", work / "seconds.json"
    rc.write_text("[run]\n", encoding="utf-8")
    (work / "mutation_contexts.py").write_text(CONTEXTS, encoding="utf-8")
    cmd = [sys.executable, "-m", "coverage", "run", f"--rcfile={rc}", f"--data-file={data}",
           f"--include={tree / rel}", "-m", "pytest", *PYTEST, "-p", "mutation_contexts",
           rel, *tests]
    env = environment(tree)
    env["PYTHONPATH"] = f"{tree}{os.pathsep}{work}"
    env["MUTATION_SECONDS"] = str(seconds_file)
    for attempt in (1, 2):  # (once more: a test with a time limit may trip on a busy machine)
        for f in work.glob("coverage.data*"):
            f.unlink()
        t0 = time.perf_counter()
        out = subprocess.run(cmd, cwd=tree, env=env, capture_output=True, text=True)
        total = time.perf_counter() - t0
        if out.returncode == 0:
            break
        if attempt == 1:
            print(f"{rel}: the tests failed on the unmutated code; running them once more")
    if out.returncode != 0:
        raise SystemExit(f"the tests fail on the unmutated code; fix them first:\n"
                         f"(cd {tree} && {' '.join(cmd)})\n{out.stdout[-5000:]}")
    seconds: dict[str, float] = json.loads(seconds_file.read_text())
    cov = coverage.CoverageData(basename=str(data))
    cov.read()
    measured = next((f for f in cov.measured_files() if f.endswith(rel)), None)
    by_line: dict[int, list[str]] = {}
    if measured is not None:
        for line, contexts in cov.contexts_by_lineno(measured).items():
            ids = {c for c in contexts if c in seconds}
            by_line[line] = sorted(ids, key=lambda t: (seconds[t], t))
    return Selection(by_line, seconds, total)


def run_forked(args: list[str], tree: Path, timeout: float) -> str:
    """Run pytest with ``args`` in a child forked from this process (pytest, hypothesis and
    numpy already imported; the package, mutated, imported afresh): 'survived' if the tests
    pass, 'killed' if one fails, 'timeout' past ``timeout`` seconds."""
    import signal

    pid = os.fork()
    if pid == 0:  # the child
        code = 3
        try:
            os.setsid()
            os.chdir(tree)
            sys.path.insert(0, str(tree))
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, 1)
            os.dup2(devnull, 2)
            import pytest

            code = int(pytest.main([*PYTEST, "-x", *args]))
        finally:
            os._exit(code)
    deadline = time.monotonic() + timeout
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return "survived" if os.waitstatus_to_exitcode(status) == 0 else "killed"
        if time.monotonic() > deadline:
            try:
                os.killpg(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            os.waitpid(pid, 0)
            return "timeout"
        time.sleep(0.01)


def session(name: str, tests: list[str] | None = None) -> tuple[Path, list[str], Path]:
    module_path, listed = MODULES[name]
    tests = listed if tests is None else tests
    missing = [p for p in (module_path, *tests) if not (ROOT / p).exists()]
    if missing:
        raise SystemExit(f"{name}: no such file(s): {', '.join(missing)} (update MODULES in "
                         f"{Path(__file__).name})")
    return ROOT / module_path, tests, WORK / name


def load(db_path: Path) -> list[Mutant]:
    import sqlite3

    if not db_path.exists():
        return []
    with sqlite3.connect(db_path) as con:
        rows = con.execute("SELECT job, module, operator, occurrence, line, function, outcome,"
                           " diff, before, after FROM mutants ORDER BY line, operator").fetchall()
    return [Mutant(*r) for r in rows]


def save(db_path: Path, mutants: list[Mutant], stamp: str) -> None:
    import sqlite3

    with sqlite3.connect(db_path) as con:
        con.execute("CREATE TABLE IF NOT EXISTS mutants (job TEXT PRIMARY KEY, module TEXT, "
                    "operator TEXT, occurrence INT, line INT, function TEXT, outcome TEXT, "
                    "diff TEXT, before TEXT, after TEXT)")
        con.execute("CREATE TABLE IF NOT EXISTS stamp (value TEXT)")
        con.execute("DELETE FROM stamp")
        con.execute("INSERT INTO stamp VALUES (?)", (stamp,))
        con.executemany("INSERT OR REPLACE INTO mutants VALUES (?,?,?,?,?,?,?,?,?,?)",
                        [(m.job, m.module, m.operator, m.occurrence, m.line, m.function,
                          m.outcome, m.diff, m.before, m.after) for m in mutants])


def stored_stamp(db_path: Path) -> str | None:
    import sqlite3

    if not db_path.exists():
        return None
    with sqlite3.connect(db_path) as con:
        try:
            row = con.execute("SELECT value FROM stamp").fetchone()
        except sqlite3.OperationalError:
            return None
    return row[0] if row else None


def carry_over(mutants: list[Mutant], name: str, path: Path) -> bool:
    """Whether the last run's ``mutants`` are still the mutants of the module at ``path`` (it
    moved, or changed only where nothing is mutated): the same operators at the same
    occurrences, in the same functions, each changing the same line. If so, each mutant's
    line and diff are brought up to date (the tests are chosen by line) and its outcome holds;
    if not (a mutant more or less, another change), every mutant must be tested again."""
    from cosmic_ray.mutating import MutationVisitor

    now = {(op, occurrence): (start[0], function)
           for op, occurrence, start, _end, function in enumerate_mutants(name, path)}
    if len(now) != len(mutants) or any(
            now.get((m.operator, m.occurrence), (0, None))[1] != m.function for m in mutants):
        return False
    source = path.read_text(encoding="utf-8")
    rel = str(path.relative_to(ROOT))
    updated = []
    for m in mutants:
        diff = ""
        if m.before or m.after:
            mutated = MutationVisitor.mutate_code(source, operator(m.operator), m.occurrence)
            if mutated is None:
                return False
            diff = "".join(difflib.unified_diff(source.splitlines(True),
                                                mutated.splitlines(True), f"a/{rel}",
                                                f"b/{rel}", n=1))
            if changed_lines(diff) != (m.before, m.after):
                return False
        updated.append((m, now[m.operator, m.occurrence][0], diff))
    for m, line, diff in updated:
        m.line = line
        m.diff = diff or m.diff
    return True


def run_module(name: str, survivors_only: bool, verbose: bool,
               tests: list[str] | None = None) -> list[Mutant]:
    """Make and test every mutant of module ``name``; the mutants with their outcomes."""
    from cosmic_ray.mutating import MutationVisitor

    path, tests, work = session(name, tests)
    rel = str(path.relative_to(ROOT))
    db = work / "mutants.sqlite"
    old = load(db) if survivors_only and db.exists() else []
    if old and (stored_stamp(db) or "").split(":")[0] != digest([path]) and not carry_over(
            old, name, path):
        print(f"{name}: the module changed since the last run: testing every mutant")
        old = []
    work.mkdir(parents=True, exist_ok=True)
    tree = work / "tree"
    copy_tree(tree)
    target = tree / rel
    original = target.read_text(encoding="utf-8")
    chosen = select_tests(rel, tests, tree, work)

    if old:
        mutants = old
    else:
        if db.exists():
            db.unlink()
        mutants = [Mutant(uuid.uuid4().hex, name, op_name, occurrence, start[0], function)
                   for op_name, occurrence, start, _end, function in
                   enumerate_mutants(name, target)]
    known = load_equivalent()  # (listed as equivalent: not tested again)
    todo = [m for m in mutants if m.outcome in ("pending", "error")
            or m.outcome == "survived" and m.key() not in known]
    print(f"{name}: {len(mutants)} mutants, {len(todo)} to test; the tests take "
          f"{chosen.total:.0f} s unmutated (with coverage)", flush=True)
    import hypothesis  # noqa: F401  (imported once, before the children fork)
    import numpy  # noqa: F401
    import pytest  # noqa: F401

    first_lines = statement_lines(original)
    everything = sorted(chosen.seconds, key=lambda t: (chosen.seconds[t], t))
    started = time.perf_counter()
    try:
        for i, m in enumerate(todo, 1):
            try:
                mutated = MutationVisitor.mutate_code(original, operator(m.operator),
                                                      m.occurrence)
            except Exception as why:  # noqa: BLE001 (a mutation Cosmic Ray cannot make)
                m.outcome, m.diff = "error", f"{type(why).__name__}: {why}"
                continue
            if mutated is None or mutated == original:
                m.outcome = "error"
                continue
            m.diff = "".join(difflib.unified_diff(
                original.splitlines(True), mutated.splitlines(True), f"a/{rel}", f"b/{rel}",
                n=1))
            m.before, m.after = changed_lines(m.diff)
            try:
                compile(mutated, rel, "exec")
            except SyntaxError:
                m.outcome = "killed"  # (it does not even load)
                continue
            # the tests that run the mutated line (a line that only runs when the module is
            # imported, such as a decorator or a constant, is tested by all of them)
            line = first_lines.get(m.line, m.line)
            if line not in chosen.by_line:  # no test runs it
                m.outcome = "survived"
                continue
            ids = chosen.by_line[line] or everything
            timeout = 30 + 5 * sum(chosen.seconds.get(t, 1.0) for t in ids)
            target.write_text(mutated, encoding="utf-8")
            try:
                m.outcome = run_forked(ids, tree, timeout)
            finally:
                target.write_text(original, encoding="utf-8")
            if i % 25 == 0:  # (a run stopped midway keeps what it found)
                save(db, mutants, f"{digest([path])}:{digest([ROOT / t for t in tests])}")
            if verbose or m.outcome == "survived":
                rate = (time.perf_counter() - started) / i
                print(f"  [{i}/{len(todo)}, {rate:.1f} s each] {m.outcome}: line {m.line} "
                      f"{m.operator}: {m.before!r} -> {m.after!r} ({len(ids)} tests)",
                      flush=True)
    finally:
        save(db, mutants, f"{digest([path])}:{digest([ROOT / t for t in tests])}")
    return mutants


# -- reporting ----------------------------------------------------------------------------
@dataclass
class Row:
    module: str
    mutants: int
    killed: int
    timeouts: int
    survived: int
    equivalent: int
    pending: int

    @property
    def share(self) -> float:
        counted = self.mutants - self.equivalent - self.pending
        return self.killed / counted if counted else float("nan")


def summarise(name: str, mutants: list[Mutant], equivalent: dict,
              show: bool = True) -> Row:
    eq = [m for m in mutants if m.outcome == "survived" and m.key() in equivalent]
    survived = [m for m in mutants if m.outcome == "survived" and m.key() not in equivalent]
    killed = sum(m.outcome in ("killed", "timeout") for m in mutants)
    row = Row(name, len(mutants), killed, sum(m.outcome == "timeout" for m in mutants),
              len(survived), len(eq), sum(m.outcome in ("pending", "error") for m in mutants))
    if show and survived:
        print(f"\n== {name}: {len(survived)} surviving mutants ==")
        for m in survived:
            print(f"-- {m.operator} in {m.function or '(module)'}, line {m.line}")
            print(m.diff.rstrip())
    return row


def table(rows: list[Row]) -> str:
    head = ("module", "mutants", "killed", "timeouts", "survived", "equivalent", "not run",
            "killed share")
    lines = [head]
    for r in rows:
        lines.append((r.module, str(r.mutants), str(r.killed), str(r.timeouts),
                      str(r.survived), str(r.equivalent), str(r.pending), f"{r.share:.1%}"))
    total = Row("all", *(sum(getattr(r, f) for r in rows) for f in (
        "mutants", "killed", "timeouts", "survived", "equivalent", "pending")))
    lines.append(("all", str(total.mutants), str(total.killed), str(total.timeouts),
                  str(total.survived), str(total.equivalent), str(total.pending),
                  f"{total.share:.1%}"))
    widths = [max(len(r[i]) for r in lines) for i in range(len(head))]
    out = []
    for k, r in enumerate(lines):
        cells = zip(r, widths, strict=True)
        out.append("| " + " | ".join(c.ljust(w) if i == 0 else c.rjust(w)
                                       for i, (c, w) in enumerate(cells)) + " |")
        if k == 0:
            out.append("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    return "\n".join(out)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("modules", nargs="*", help=f"any of: {', '.join(MODULES)} (default all)")
    parser.add_argument("--list", action="store_true", help="count the mutants, run nothing")
    parser.add_argument("--report", action="store_true", help="print the last runs' results")
    parser.add_argument("--survivors", action="store_true",
                        help="test again only the mutants that survived the last run")
    parser.add_argument("--tests", nargs="+", metavar="TEST",
                        help="run these tests instead of the module's own selection")
    parser.add_argument("-v", "--verbose", action="store_true", help="print every mutant")
    args = parser.parse_args(argv)
    if Path.cwd().resolve() != ROOT:
        parser.error(f"run it from the repository root ({ROOT})")
    unknown = [m for m in args.modules if m not in MODULES]
    if unknown:
        parser.error(f"unknown module(s) {', '.join(unknown)}; known: {', '.join(MODULES)}")
    names = args.modules or list(MODULES)
    try:
        import cosmic_ray  # noqa: F401
    except ImportError:
        parser.error("Cosmic Ray is not installed: pip install -e '.[mutation]'")
    import signal

    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # (kill: results are saved)
    equivalent = load_equivalent()
    rows = []
    for name in names:
        if args.list:
            path, _, _ = session(name)
            print(f"{name}: {sum(1 for _ in enumerate_mutants(name, path))} mutants")
            continue
        if args.report:
            mutants = load(WORK / name / "mutants.sqlite")
            if not mutants:
                print(f"{name}: not run yet")
                continue
        else:
            mutants = run_module(name, args.survivors, args.verbose, args.tests)
        rows.append(summarise(name, mutants, equivalent))
    if rows:
        print()
        print(table(rows))
        print("\nkilled share = killed / (mutants - equivalent - not run); timeouts count as "
              f"killed. Equivalent mutants: {EQUIVALENT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
