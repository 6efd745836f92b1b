"""The package the grading process gets: no working version of what the exercise asks for.

For each shipped exercise the copy of ``aisearch`` (:mod:`aisearch.grading.stubs`) is built
and imported in a fresh interpreter, as the grading process imports it: every withheld
function raises ``WithheldError`` naming the exercise, its source is the raise alone, no
code object in the process runs the original body, the grader's own modules and compiled
files are not there, and what the exercise provides (the games) still works.
"""

from __future__ import annotations

import importlib.util
import inspect
import json
import subprocess
import sys
import textwrap

import pytest

from aisearch.grading.exercises import discover
from aisearch.grading.stubs import (
    CHILD_MODULES,
    PACKAGE,
    compiled,
    graded_package,
    stub_source,
    withheld_functions,
)

EXERCISES = discover()


def run_in_copy(exercise: str, code: str) -> subprocess.CompletedProcess:
    folder = graded_package(exercise)
    return subprocess.run([sys.executable, "-s", "-c", textwrap.dedent(code)],
                          env={"PYTHONPATH": str(folder), "PATH": "/usr/bin:/bin",
                               "AISEARCH_GRADING": "1", "MPLBACKEND": "Agg",
                               "PYTHONDONTWRITEBYTECODE": "1"},
                          capture_output=True, text=True, timeout=120, cwd=folder)


def withheld(exercise) -> list[tuple[str, str]]:
    items = exercise.module("questions").WITHHELD
    return [(f.__module__, f.__qualname__) for f in withheld_functions(items)]


@pytest.mark.parametrize("exercise", EXERCISES, ids=lambda e: e.name)
def test_every_withheld_function_raises_and_its_original_code_is_nowhere(exercise):
    names = withheld(exercise)
    assert len(names) >= 3, names
    done = run_in_copy(exercise.number, f"""
        import gc, importlib, inspect, json, pkgutil, sys
        import aisearch, aisearch.grading.child
        from aisearch.grading.question import WithheldError
        for info in pkgutil.walk_packages(aisearch.__path__, "aisearch."):  # every module
            if not info.name.startswith("aisearch.grading"):               # still imports
                importlib.import_module(info.name)
        names = {json.dumps(names)}
        out = {{"file": aisearch.__file__, "bad": [], "calls": 0, "modules": sorted(
            m for m in sys.modules if m.startswith("aisearch.grading"))}}
        codes = [o for o in gc.get_objects() if inspect.iscode(o)]
        for module, qualname in names:
            obj = importlib.import_module(module)
            for part in qualname.split("."):
                obj = getattr(obj, part)
            obj = inspect.unwrap(getattr(obj, "fget", obj))  # (a game's state check wraps)
            code = obj.__code__
            if "_WithheldError" not in code.co_names:
                out["bad"].append(("not a stub", module, qualname))
            body = inspect.getsource(obj)
            if "return" in body.split(":", 1)[-1] or "yield" in body:
                out["bad"].append(("source", module, qualname))
            same = [c for c in codes if c.co_qualname == qualname
                    and c.co_filename == code.co_filename
                    and "_WithheldError" not in c.co_names]
            if same:
                out["bad"].append(("original code alive", module, qualname))
            if qualname.count(".") == 0 and not qualname.startswith("_"):
                params = inspect.signature(obj).parameters.values()
                args = [None for p in params if p.default is p.empty
                        and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
                kwargs = {{p.name: None for p in params if p.default is p.empty
                          and p.kind is p.KEYWORD_ONLY}}
                try:
                    obj(*args, **kwargs)
                except WithheldError as e:
                    out["calls"] += "while exercise {exercise.number} is graded" in str(e)
        print(json.dumps(out))
        """)
    assert done.returncode == 0, done.stderr[-3000:]
    out = json.loads(done.stdout.splitlines()[-1])
    assert out["bad"] == [], out["bad"][:10]
    assert out["file"].startswith(str(graded_package(exercise.number)))
    assert out["calls"] >= 1
    assert all(m.split(".")[2] in CHILD_MODULES for m in out["modules"] if m.count(".") >= 2)


@pytest.mark.parametrize("exercise", EXERCISES, ids=lambda e: e.name)
def test_the_copy_holds_no_question_answer_and_the_bytecode_of_its_own_sources(exercise):
    folder = graded_package(exercise.number) / "aisearch"
    grading = sorted(p.name for p in (folder / "grading").iterdir() if p.name != "__pycache__")
    assert grading == sorted(f"{m}.py" for m in CHILD_MODULES)
    assert not (folder / "grading" / "exercises").exists()
    # compiled once by the grader, beside each source, checked against the source's hash
    sources = sorted(folder.rglob("*.py"))
    assert sorted(folder.rglob("*.pyc")) == sorted(compiled(p) for p in sources)
    for path in sources:
        pyc = compiled(path).read_bytes()
        assert pyc[4:8] == (3).to_bytes(4, "little"), f"{path}: not a checked hash-based pyc"
        assert pyc[8:16] == importlib.util.source_hash(path.read_bytes()), path
    for path in folder.rglob("*.py"):  # the rest of the package is copied as it is
        original = PACKAGE / path.relative_to(folder)
        if "_WithheldError" not in path.read_text(encoding="utf-8"):
            assert path.read_bytes() == original.read_bytes(), path


def test_the_games_an_exercise_provides_still_work_in_its_copy():
    done = run_in_copy("03", """
        from aisearch import TreeGame, TicTacToe, CountingGame
        game = CountingGame(TreeGame([[3, 12, 8], [2, 4, 6]]))
        s = game.result(game.initial, 1)
        print(game.moves(s), TicTacToe().moves(TicTacToe().initial)[:3])
        """)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == ["(0,", "1,", "2)", "(0,", "1,", "2)"]
    robots = run_in_copy("01", """
        from aisearch import TicTacToe
        from aisearch.games.robots import RobotsState, TwoRobots
        print(TicTacToe().moves(TicTacToe().initial)[:3], RobotsState((0, 0), (1, 1), 1))
        try:  # (the game's constructor works out every cell's moves: the rules asked for)
            TwoRobots(3, 3)
        except Exception as e:
            print(type(e).__name__)
        """)
    assert robots.returncode == 0 and robots.stdout.split()[-1] == "WithheldError", robots
    assert "RobotsState(" in robots.stdout, robots


def test_a_stub_keeps_decorators_and_replaces_one_line_and_nested_bodies():
    source = textwrap.dedent('''\
        import functools

        @functools.lru_cache
        def cached(x):
            """Twice x."""
            return 2 * x

        def short(x): return x + 1

        class Box:
            def open(self):
                def inner():
                    return 3
                return inner()

            @property
            def size(self):
                return 4
        ''')
    out = stub_source(source, [("cached", 3), ("short", 8), ("Box.open", 11),
                               ("Box.open.<locals>.inner", 12), ("Box.size", 16)],
                      lambda q: f"no {q}")
    ns: dict = {}
    exec(compile(out.replace("from aisearch.grading.question import WithheldError as "
                             "_WithheldError", "_WithheldError = RuntimeError"), "m", "exec"),
         ns)
    for call in (lambda: ns["cached"](1), lambda: ns["short"](1), lambda: ns["Box"]().open(),
                 lambda: ns["Box"]().size):
        with pytest.raises(RuntimeError, match="no "):
            call()
    assert "@functools.lru_cache" in out and "return" not in out


def test_what_cannot_be_withheld_by_its_own_def_is_refused_by_name():
    from aisearch.grading.stubs import _where

    def wrapper_without_wrapped(f):
        def call(*a):
            return f(*a)
        call.__qualname__ = f.__qualname__
        return call

    with pytest.raises(ValueError, match="not a def of its own"):
        _where(wrapper_without_wrapped(inspect.getmodule(PACKAGE) and len))
    with pytest.raises(ValueError, match="not defined in the aisearch package"):
        _where(test_what_cannot_be_withheld_by_its_own_def_is_refused_by_name)
    with pytest.raises(TypeError, match="give functions, classes or modules"):
        withheld_functions([42])
