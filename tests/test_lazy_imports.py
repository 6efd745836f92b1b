"""``import aisearch`` loads what a search needs, not python-chess and numpy.

A grading process, a command-line run and a student's first cell import the package; chess
and the learning helpers are imported when first used (:mod:`aisearch._lazy`). Every
exported name still resolves to the object its module defines, ``dir`` lists it, and a
chess value still travels between the grader and the grading process. Pictures refuse a
wrong call before they load pyplot.
"""

from __future__ import annotations

import importlib
import json
import pkgutil
import subprocess
import sys
import types
from typing import Any

import pytest

HEAVY = ("chess", "numpy", "matplotlib", "networkx", "ipywidgets")
PACKAGES = ("aisearch", "aisearch.games")


def _fresh(code: str) -> Any:
    """What ``code`` prints as JSON, run in a new interpreter."""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=120, check=True)
    return json.loads(out.stdout.splitlines()[-1])


@pytest.mark.parametrize("modules", [
    "aisearch",
    "aisearch.grading.child, aisearch.grading.remote",  # the grading process
    "aisearch.games, aisearch.search, aisearch.solve_chance",
])
def test_importing_the_package_loads_no_heavy_library(modules):
    loaded = _fresh(f"import json, sys, {modules}\n"
                    f"print(json.dumps(sorted(m for m in {HEAVY!r} if m in sys.modules)))")
    assert loaded == []


@pytest.mark.parametrize("package", PACKAGES)
def test_every_exported_name_is_the_object_its_module_defines(package):
    pkg = importlib.import_module(package)
    for name in pkg.__all__:
        obj = getattr(pkg, name)
        assert not isinstance(obj, types.ModuleType), (package, name)
        home = getattr(obj, "__module__", None)
        if isinstance(obj, (type, types.FunctionType)) and home:
            assert getattr(importlib.import_module(home), obj.__name__) is obj, (package, name)
        assert name in dir(pkg)


@pytest.mark.parametrize("package", PACKAGES)
def test_no_name_imported_later_is_also_a_submodule(package):
    # Importing a submodule binds its name in the package: a lazily exported function of
    # the same name would then be shadowed by the module (``from aisearch import x`` giving
    # a module). Eagerly imported names are bound after their module, so they win.
    lazy = _fresh(f"import json, {package} as p\n"
                  "print(json.dumps([n for n in p.__all__ if n not in vars(p)]))")
    assert lazy, f"{package} exports nothing lazily: this test has nothing to check"
    pkg = importlib.import_module(package)
    submodules = {m.name for m in pkgutil.iter_modules(pkg.__path__)}
    assert not set(lazy) & submodules


def test_a_lazily_exported_name_works_after_its_module_was_imported():
    found = _fresh("import json, aisearch.games.chess, aisearch.learn.td\n"
                   "from aisearch import Chess, td_train\n"
                   "from aisearch.games import ChessState\n"
                   "print(json.dumps([Chess.__name__, td_train.__name__, ChessState.__name__]))")
    assert found == ["Chess", "td_train", "ChessState"]


def test_a_name_the_package_does_not_have_is_an_attribute_error():
    import aisearch

    with pytest.raises(AttributeError, match="has no attribute 'chess_engine'"):
        aisearch.chess_engine  # noqa: B018


@pytest.mark.parametrize("direction", ["send", "receive"])
def test_a_chess_value_travels_in_a_process_that_had_not_loaded_chess(direction):
    # The codec imports the chess codecs the first time a chess value is sent or received.
    if direction == "send":
        code = ("from aisearch.grading.codec import encode\n"
                "from aisearch.games.chess import Chess\n"
                "g = Chess(checks_noisy=True); s = g.result(g.initial, 'e4')\n"
                "m = g.moves(s)[0]\n"
                "print(json.dumps([encode(g), encode(s), encode(m), m.uci()]))")
    else:
        code = ("from aisearch.grading.codec import decode\n"
                "loaded = 'chess' in sys.modules\n"
                "s = decode({'object': 'ChessState', 'data': ['8/8/8/8/8/8/8/K1k5 w - - 0 1', "
                "{'tuple': []}]})\n"
                "m = decode({'object': 'chess.Move', 'data': 'a1a2'})\n"
                "print(json.dumps([loaded, s.fen, m.uci()]))")
    out = _fresh("import json, sys, aisearch.grading.wire\n" + code)
    if direction == "send":
        assert out[0] == {"object": "Chess", "data": True}
        assert out[1]["object"] == "ChessState" and out[1]["data"][0].startswith("rnbqkbnr/")
        assert out[2] == {"object": "chess.Move", "data": out[3]}
    else:
        assert out == [False, "8/8/8/8/8/8/8/K1k5 w - - 0 1", "a1a2"]


def test_a_picture_called_wrongly_is_refused_before_matplotlib_loads():
    # A wrong call is told at once, not after pyplot's second or more of importing (which
    # on a busy machine ran past the bad-input tests' 5 s).
    out = _fresh(
        "import json, sys\n"
        "from aisearch import TicTacToe, TwoRobots\n"
        "from aisearch.plot.plies import robot_plies\n"
        "from aisearch.widgets.snapshots import mcts_strip, play_strip, stepper_strip\n"
        "calls = [lambda: mcts_strip(3), lambda: play_strip(TicTacToe(), [4], ncols=0),\n"
        "         lambda: stepper_strip(None), lambda: robot_plies(TwoRobots(2, 3), 'E'),\n"
        "         lambda: play_strip(TicTacToe(), [9]),  # illegal moves\n"
        "         lambda: robot_plies(TwoRobots(2, 3), ['Z'])]\n"
        "errors = []\n"
        "for call in calls:\n"
        "    try:\n"
        "        call()\n"
        "    except (TypeError, ValueError) as e:\n"
        "        errors.append(type(e).__name__)\n"
        "print(json.dumps([errors, 'matplotlib.pyplot' in sys.modules]))")
    assert out == [["TypeError", "ValueError", "TypeError", "TypeError", "ValueError",
                    "IllegalMoveError"], False]
