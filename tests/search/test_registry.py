"""Searchers describe themselves, and every registry is read from those descriptions."""

import ast
import inspect
import json
import subprocess
import sys
from pathlib import Path

import pytest

import aisearch.search as search_package
from aisearch import (
    TicTacToe,
    alphabeta,
    anytime_agent,
    fig5_2,
    iterative_deepening,
    minimax,
    search_agent,
)
from aisearch.search import REGISTRY, SEARCHERS, describe, searcher
from aisearch.search.runtime import Run
from aisearch.widgets.pseudocode import PSEUDOCODE


def test_every_searcher_of_the_package_is_declared_with_what_views_need():
    assert set(SEARCHERS) >= {"minimax", "alphabeta", "alphabeta_failsoft", "negamax",
                              "pearl_ab", "iterative_deepening"}
    for name, info in REGISTRY.items():
        assert SEARCHERS[name] is info.function and info.function.info is info
        assert info.pseudocode is not None and info.pseudocode.lines
        assert info.options == tuple(
            p.name for p in inspect.signature(info.function).parameters.values()
            if p.kind is p.KEYWORD_ONLY)
        for common in info.convention.common:  # what its kind promises
            assert common in info.options, (name, common)
        assert "tracer" in info.options
    assert describe(alphabeta).windowed and not describe(minimax).windowed
    assert describe(minimax).chance and not describe(alphabeta).chance
    deepening = describe(iterative_deepening)
    assert deepening.anytime and "budget" in deepening.options
    assert set(PSEUDOCODE) == set(REGISTRY)
    assert {describe(n).kind for n in ("mcts", "maxn", "paranoid")} == {"sampling", "nplayer"}
    assert describe("mcts").convention.growing and not describe("minimax").convention.growing


def test_a_declaration_must_keep_the_promises_of_its_kind():
    with pytest.raises(ValueError, match="kind must be one of minimax, nplayer, sampling"):
        searcher(title="x", kind="montecarlo")
    with pytest.raises(TypeError, match="lacks its options order, prune_on_equal"):
        @searcher(title="no order")
        def no_order(game, state, depth=None, *, evaluate=None, tracer=None):
            return None
    assert "no_order" not in REGISTRY


def test_a_new_searcher_declared_in_its_own_module_appears_everywhere():
    """A searcher declared in its module appears everywhere once the module is imported:
    SEARCHERS, the listings, agents."""

    @searcher(title="first move", pseudocode="FIRST(n)  @enter\n  return n's first move  @exit")
    def first_move(game, state, depth=None, *, evaluate=None, order=None, prune_on_equal=True,
                   fastest_wins=True, tracer=None):
        run = Run(first_move, game, state, depth, evaluate=evaluate, order=order,
                  prune_on_equal=prune_on_equal, fastest_wins=fastest_wins, tracer=tracer)
        return run.finish(0, (game.moves(state)[0],))

    try:
        assert SEARCHERS["first_move"] is first_move and "first_move" in PSEUDOCODE
        assert search_agent(first_move)(fig5_2, fig5_2.initial) == 0
        with pytest.raises(TypeError, match="first_move takes no option 'budget'"):
            search_agent(first_move, budget=3)
    finally:
        del REGISTRY["first_move"]
    assert "first_move" not in SEARCHERS


def _declared_searchers() -> dict[str, list[str]]:
    """The functions each module of aisearch.search declares with ``@searcher``, by module."""
    root = Path(search_package.__file__).parent
    found = {}
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = [node.name for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)
                 and any(isinstance(d, ast.Call) and getattr(d.func, "id", None) == "searcher"
                         for d in node.decorator_list)]
        if names:
            parts = path.relative_to(root.parent.parent).with_suffix("").parts
            found[".".join(parts)] = names
    return found


def test_every_module_that_declares_a_searcher_is_imported_by_the_search_package():
    """A searcher registers itself when its module is imported: aisearch/search/__init__.py
    imports every such module and exports its searchers (a module it forgets would be
    missing from SEARCHERS, the stepper, the agents and the grader without an error)."""
    declared = _declared_searchers()
    assert "aisearch.search.classic.alphabeta" in declared
    code = ("import json, sys, aisearch.search as s; print(json.dumps([sorted(sys.modules), "
            "sorted(s.REGISTRY), list(s.__all__)]))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    modules, registered, public = json.loads(out.stdout)
    for module, names in declared.items():
        assert module in modules, (
            f"{module} declares {', '.join(names)} but `import aisearch.search` does not import "
            "it: import it in aisearch/search/__init__.py and add its searchers to __all__")
        for name in names:
            assert name in registered and name in public, (
                f"{name} ({module}) is not a public name of aisearch.search: add it to __all__ "
                "in aisearch/search/__init__.py")


def test_agents_refuse_unknown_options_and_misused_anytime_searchers():
    with pytest.raises(TypeError, match="alphabeta takes no option 'evalute'; its options"):
        search_agent(alphabeta, 2, evalute=abs)
    with pytest.raises(ValueError, match="anytime search: give it a depth"):
        search_agent(iterative_deepening)
    with pytest.raises(TypeError, match="not an anytime search"):
        anytime_agent(alphabeta, nodes=10)
    with pytest.raises(ValueError, match="needs a depth, a node budget or a time budget"):
        anytime_agent(iterative_deepening)
    agent = search_agent(iterative_deepening, 2, evaluate=TicTacToe.nilsson_eval)
    assert agent(TicTacToe(), TicTacToe.initial) == 4 and agent.last.depth == 2


def test_describe_names_the_known_searchers_when_it_does_not_know_one():
    with pytest.raises(ValueError, match="no searcher named 'alfabeta'; the searchers are: "):
        describe("alfabeta")
    assert describe("alfabeta", strict=False) is None
    assert describe(lambda g, s: None, strict=False) is None
