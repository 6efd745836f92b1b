"""Searchers describe themselves, and every registry is read from those descriptions."""

import inspect

import pytest

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
from aisearch.search.runtime.run import Run
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
    """Adding a searcher touches its own module only: SEARCHERS, the listings, agents."""

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
