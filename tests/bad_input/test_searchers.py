"""Searchers called wrongly: every searcher of the registry, every option, every value.

Values entering a search are checked once, in the shared leaf rule: an ``evaluate`` or a
``utility`` that returns NaN, None, text, a bool or a list is an error naming the function,
the state and the value. An ``order`` must return exactly the moves it was given. The
cases run over :data:`aisearch.search.SEARCHERS`, so a searcher added by a later lesson
joins the table by being registered. Each searcher gets the cases of the options its kind
declares (:data:`aisearch.search.registry.KINDS`): a depth only where the kind takes one,
an order only where the searcher takes one.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from aisearch.core import MAX, MIN
from aisearch.games import ConnectFour, TicTacToe, TreeGame, fig5_2
from aisearch.search import REGISTRY, SEARCHERS, Budget, History, describe
from aisearch.search.runtime.anytime import run_anytime
from aisearch.trace import Recorder
from tests.bad_input.samples import BadUtility
from tests.bad_input.table import Case, check, params

TTT = TicTacToe()
BOUND = 100  # the bounds given to searchers that need them


def run(searcher: Callable[..., Any], *args: Any, **options: Any) -> Any:
    """A searcher's answer: its Decision, or an anytime searcher's last one."""
    info = describe(searcher)
    if info is not None and info.convention.growing:  # a sampling search: a few iterations
        options.setdefault("iterations", 20)
    if "bounds" in inspect.signature(searcher).parameters:  # Star1, Star2: leaves in [L, U]
        options.setdefault("bounds", (-BOUND, BOUND))
    if info is not None and info.kind == "quiescence":  # one state, along its noisy moves
        options.setdefault("evaluate", lambda s: 0)
        args = _along_noisy_moves(*args)
    out = searcher(*args, **options)
    return run_anytime(out) if info is not None and info.anytime else out


def _along_noisy_moves(game: Any = None, state: Any = None, *rest: Any) -> tuple:
    """The cases' games for a quiescence search: fig5_2 with every move noisy, and the
    end of BadUtility's game (whose utility is what the case is about)."""
    if game is fig5_2:
        from aisearch.games import TreeGame

        game = TreeGame(fig5_2.tree, noisy=[s for s in fig5_2.states() if s])
    if isinstance(game, BadUtility) and state == 0:
        state = 1
    return (game, state, *rest)


def nan_eval(s: Any) -> float:
    return float("nan")


def forgot_return(s: Any) -> None:
    pass


def text_eval(s: Any) -> str:
    return "1"


def bool_eval(s: Any) -> bool:
    return True


def list_eval(s: Any) -> list:
    return [1]


def complex_eval(s: Any) -> complex:
    return 1j


def huge_eval(s: Any) -> int:
    return 2**1000


def drop_one(s: Any, moves: Any) -> list:
    return list(moves)[1:]


def drop_all(s: Any, moves: Any) -> list:
    return []


def repeat_first(s: Any, moves: Any) -> list:
    return [moves[0], *moves]


def add_move(s: Any, moves: Any) -> list:
    return [*moves, 99]


def return_none(s: Any, moves: Any) -> None:
    return None


def two_argument_eval(game: Any, state: Any) -> float:
    return 0.0


class Stuck(TreeGame):
    """A tree whose state (0,) is not terminal and has no moves (rules that forgot to end
    the game there): its moves are ``empty``, () or []."""

    def __init__(self, empty: Any) -> None:
        super().__init__([[1, 2], [3, 4]])
        self.empty = empty

    def moves(self, s: Any) -> Any:
        return self.empty if s == (0,) else super().moves(s)

    def is_terminal(self, s: Any) -> bool:
        return False if s == (0,) else super().is_terminal(s)


def _cases(name: str, f: Callable[..., Any]) -> list[Case]:
    s0 = TTT.initial
    info = describe(f)
    kind, takes = info.convention, set(info.options)
    cases = []
    for depth in (-1, 1.5, True, "3") if kind.depth else ():
        cases.append(Case(f"{name}: depth={depth!r}", lambda d=depth: run(f, TTT, s0, d),
                          ValueError, ("depth", repr(depth))))
    evaluations = ((nan_eval, "nan"), (forgot_return, "none"), (text_eval, "'1'"),
                   (bool_eval, "true"), (list_eval, "[1]"), (complex_eval, "1j"),
                   (huge_eval, "2**999"))
    for evaluate, says in evaluations if "evaluate" in takes and kind.depth else ():
        cases.append(Case(
            f"{name}: evaluate returns {says}",
            lambda e=evaluate: run(f, TTT, s0, 2, evaluate=e),
            (ValueError, TypeError), (evaluate.__name__, says, "returned", "for state")))
    for value, says in ((float("nan"), "nan"), (None, "none"), ("1", "'1'"), (True, "true")):
        cases.append(Case(f"{name}: utility returns {says}",
                          lambda v=value: run(f, BadUtility(v), 0),
                          (ValueError, TypeError), ("utility", says)))
    for order, says in ((drop_one, "dropped 0"), (drop_all, "dropped 0, 1, 2"),
                        (repeat_first, "repeated 0"), (add_move, "added 99"),
                        (return_none, "returned none")) if "order" in takes else ():
        cases.append(Case(f"{name}: order {order.__name__}",
                          lambda o=order: run(f, fig5_2, (), order=o),
                          (ValueError, TypeError), (order.__name__, says)))
    for option, value in (("evaluate", 3), ("order", "best"), ("tracer", 1)):
        if option not in takes:
            continue
        cases.append(Case(f"{name}: {option}={value!r}",
                          lambda o=option, v=value: run(f, fig5_2, (), **{o: v}),
                          TypeError, (option, repr(value))))
    if "evaluate" in takes and kind.depth:  # an evaluation written for (game, state)
        cases.append(Case(f"{name}: evaluate takes (game, state)",
                          lambda: run(f, TTT, s0, 2, evaluate=two_argument_eval), TypeError,
                          ("evaluate(state)", "two_argument_eval(game, state)",
                           "needs 2 arguments")))
    if "order" in takes:  # the class where an instance goes: order=History for History()
        cases.append(Case(f"{name}: order=History (the class)",
                          lambda: run(f, fig5_2, (), order=History), TypeError,
                          ("order must be callable", "the class history", "order=history()")))
    for option in ("prune_on_equal", "fastest_wins"):
        if option not in takes:
            continue
        cases.append(Case(f"{name}: {option}='yes'",
                          lambda o=option: run(f, fig5_2, (), **{o: "yes"}),
                          TypeError, (option, "'yes'")))
    depth2 = (2,) if kind.depth else ()
    cases += [
        Case(f"{name}: a misspelt option", lambda: run(f, fig5_2, (), evalute=len), TypeError,
             ("evalute",)),
        Case(f"{name}: game None", lambda: run(f, None, ()), TypeError, ("game", "none")),
        Case(f"{name}: a class, not a game", lambda: run(f, TicTacToe, s0), TypeError,
             ("game",)),
        Case(f"{name}: another game's state",
             lambda: run(f, TTT, ConnectFour().initial, *depth2), ValueError, ("tic-tac-toe",)),
        Case(f"{name}: state None", lambda: run(f, TTT, None, *depth2), ValueError,
             ("none", "tic-tac-toe")),
        Case(f"{name}: unhashable state", lambda: run(f, fig5_2, [0]), TypeError,
             ("hashable",)),
    ]
    if info.kind != "quiescence":  # (a quiescence search takes a state without noisy moves
        # as quiet: a leaf)
        for empty in ((), []):
            cases.append(Case(
                f"{name}: a state that is not terminal has moves {empty!r}",
                lambda e=empty: run(f, Stuck(e), (), *depth2,
                                    **({"evaluate": lambda s: 0} if kind.depth else {})),
                ValueError, ("stuck.moves returned no moves", "not terminal ((0,))",
                             "must be terminal")))
    if kind.depth:
        cases.append(Case(f"{name}: no evaluation at the depth bound", lambda: run(f, TTT, s0, 2),
                          (ValueError, TypeError), ("evaluate",)))
    return cases


def _anytime_cases() -> list[Case]:
    from aisearch.search import iterative_deepening, maxn, mcts, quiescence

    return [
        Case("Budget(nodes=0)", lambda: Budget(nodes=0), ValueError, ("nodes", "0")),
        Case("Budget(nodes=True)", lambda: Budget(nodes=True), ValueError, ("nodes", "true")),
        Case("Budget(seconds=-1)", lambda: Budget(seconds=-1), ValueError, ("seconds", "-1")),
        Case("Budget(seconds='1')", lambda: Budget(seconds="1"), (ValueError, TypeError),
             ("seconds", "'1'")),
        Case("Budget(clock=3)", lambda: Budget(seconds=1, clock=3), TypeError, ("clock",)),
        Case("iterative_deepening: budget=100",
             lambda: run(iterative_deepening, TTT, TTT.initial, 3, evaluate=TTT.nilsson_eval,
                         budget=100), TypeError, ("budget", "100")),
        Case("iterative_deepening: search=3",
             lambda: run(iterative_deepening, TTT, TTT.initial, 3, evaluate=TTT.nilsson_eval,
                         search=3), TypeError, ("search", "3")),
        Case("iterative_deepening: depth=0",
             lambda: run(iterative_deepening, TTT, TTT.initial, 0, evaluate=TTT.nilsson_eval),
             ValueError, ("depth", "positive")),
        Case("iterative_deepening: search=iterative_deepening",
             lambda: run(iterative_deepening, TTT, TTT.initial, 2, evaluate=TTT.nilsson_eval,
                         search=iterative_deepening), TypeError, ("depth-limited",)),
        Case("Budget(clock=lambda: 'x')", lambda: Budget(seconds=1, clock=lambda: "x"),
             TypeError, ("clock", "returning seconds as a number", "returned 'x'")),
        Case("Budget(nodes=np.float64(5))", lambda: Budget(nodes=np.float64(5)), ValueError,
             ("nodes", "float64")),
        Case("iterative_deepening: search=<lambda>",
             lambda: run(iterative_deepening, TTT, TTT.initial, 2, evaluate=TTT.nilsson_eval,
                         search=lambda g, s, d, **k: None),
             TypeError, ("search must be a depth-limited searcher", "alphabeta, ", "<lambda>")),
        Case("iterative_deepening: search=maxn",
             lambda: run(iterative_deepening, TTT, TTT.initial, 2, evaluate=TTT.nilsson_eval,
                         search=maxn), TypeError, ("search", "one of: alphabeta", "'maxn'")),
        Case("iterative_deepening: search=quiescence",
             lambda: run(iterative_deepening, TTT, TTT.initial, 2, evaluate=TTT.nilsson_eval,
                         search=quiescence), TypeError, ("search", "one of:", "'quiescence'")),
        Case("iterative_deepening: search=mcts",
             lambda: run(iterative_deepening, TTT, TTT.initial, 2, evaluate=TTT.nilsson_eval,
                         search=mcts), TypeError, ("search", "one of:", "'mcts'")),
        Case("iterative_deepening: tracer=Recorder (the class)",
             lambda: run(iterative_deepening, TTT, TTT.initial, 2, evaluate=TTT.nilsson_eval,
                         tracer=Recorder), TypeError, ("tracer", "the class recorder")),
        Case("SEARCHERS['nope']", lambda: SEARCHERS["nope"], KeyError,
             ("no searcher named 'nope'", "alphabeta, alphabeta_failsoft")),
        Case("SEARCHERS[3]", lambda: SEARCHERS[3], KeyError, ("no searcher named 3", "minimax")),
        Case("run_anytime(3)", lambda: run_anytime(3), TypeError, ("3",)),
        Case("describe('nope')", lambda: describe("nope"), (ValueError, KeyError),
             ("nope", "alphabeta")),
        Case("describe(print)", lambda: describe(print), (ValueError, TypeError), ("print",)),
    ]


class FinishIsNoMethod:
    """A tracer whose ``finish`` is not a method."""

    finish = 3

    def __call__(self, event: Any) -> None:
        pass


def _tracer_cases() -> list[Case]:
    """Tracers that are not tracers, given to the searchers built on the shared checks."""
    from aisearch.search import alphabeta, expectiminimax, minimax, pvs, quiescence

    cases = []
    for f in (minimax, alphabeta, pvs, expectiminimax):
        cases += [
            Case(f"{f.__name__}: tracer=Recorder (the class)",
                 lambda f=f: f(fig5_2, (), tracer=Recorder), TypeError,
                 ("tracer must be a tracer", "the class recorder", "tracer=recorder()")),
            Case(f"{f.__name__}: a tracer whose finish is 3",
                 lambda f=f: f(fig5_2, (), tracer=FinishIsNoMethod()), TypeError,
                 ("tracer.finish", "finish(decision)", "3")),
        ]
    cases.append(Case("quiescence: tracer=Recorder (the class)",
                      lambda: run(quiescence, fig5_2, (), tracer=Recorder), TypeError,
                      ("tracer", "the class recorder")))
    cases.append(Case("alphabeta: depth=np.float64(2.0)",
                      lambda: alphabeta(TTT, TTT.initial, np.float64(2.0)), ValueError,
                      ("depth must be a non-negative int", "float64")))
    cases.append(Case("alphabeta: quiescence=2.0",
                      lambda: alphabeta(TTT, TTT.initial, 2, quiescence=2.0), ValueError,
                      ("quiescence", "2.0", "a float")))
    return cases


CASES = ([c for name, f in sorted(SEARCHERS.items()) for c in _cases(name, f)]
         + _anytime_cases() + _tracer_cases())


@params(CASES)
def test_a_searcher_called_wrongly_says_what_was_wrong(case: Case) -> None:
    check(case)


@pytest.mark.parametrize("name", sorted(SEARCHERS))
def test_every_registered_searcher_is_in_the_table(name: str) -> None:
    assert any(c.id.startswith(f"{name}: ") for c in CASES)


def test_the_values_that_are_fine_still_pass() -> None:
    # (the checks refuse only what is wrong: ints, floats and infinities are values)
    for value in (3, -2.5, float("inf"), float("-inf")):
        for f in SEARCHERS.values():
            if abs(value) > BOUND and "bounds" in inspect.signature(f).parameters:
                continue  # beyond the bounds given: refused, as the next test shows
            decision = run(f, BadUtility(value), 0)
            kind = describe(f).convention
            if kind.value == "reward":  # both players get the same utility: a draw
                assert decision.value == 0.5, (f, value)
                continue
            got = decision.value
            assert (got[MAX] if isinstance(got, tuple) else got) == value, (f, value)
    assert MIN == 1


def test_numpy_integers_are_depths() -> None:
    from aisearch.search import alphabeta, iterative_deepening

    e = TTT.nilsson_eval
    assert (alphabeta(TTT, TTT.initial, np.int64(2), evaluate=e)
            == alphabeta(TTT, TTT.initial, 2, evaluate=e))
    assert (alphabeta(TTT, TTT.initial, 2, evaluate=e, quiescence=np.int32(1)).value
            == alphabeta(TTT, TTT.initial, 2, evaluate=e, quiescence=1).value)
    assert [d.depth for d in iterative_deepening(TTT, TTT.initial, np.int64(2), evaluate=e)] == [
        1, 2]


def test_every_depth_limited_searcher_of_the_registry_can_be_deepened() -> None:
    from aisearch.search import iterative_deepening
    from aisearch.search.efficiency.deepening import _iterable

    deepened = {name for name, info in REGISTRY.items() if _iterable(info)}
    assert {"minimax", "alphabeta", "pvs", "mtdf", "expectiminimax"} <= deepened
    assert not deepened & {"iterative_deepening", "quiescence", "maxn", "paranoid", "mcts"}
    for name in sorted(deepened - {"star1", "star2"}):  # (those need bounds)
        last = run_anytime(iterative_deepening(fig5_2, (), 2, evaluate=lambda s: 0,
                                               search=SEARCHERS[name]))
        assert last.value == 3, name


def test_a_value_beyond_the_bounds_is_refused() -> None:
    bounded = [f for f in SEARCHERS.values() if "bounds" in inspect.signature(f).parameters]
    assert bounded, "Star1 and Star2 take bounds"
    for f in bounded:
        with pytest.raises(ValueError, match="bounds"):
            run(f, BadUtility(float("inf")), 0)


class StuckMaybeChance(Stuck):
    """Stuck, in a game that says it may have chance nodes (each node's player checked)."""

    def __init__(self, empty: Any) -> None:
        super().__init__(empty)
        self.has_chance = True


def _permuting(s: Any, moves: Any) -> list:
    return list(moves)


_permuting.permutes = True  # type: ignore[attr-defined]  # (as the course's orders declare)


@pytest.mark.parametrize("empty", [(), []], ids=["tuple", "list"])
@pytest.mark.parametrize("how", ["players checked", "an order", "an order that permutes"])
def test_no_moves_at_a_state_that_is_not_terminal_is_refused_on_every_path(empty, how) -> None:
    from aisearch.search import alphabeta

    game = StuckMaybeChance(empty) if how == "players checked" else Stuck(empty)
    order = {"an order": lambda s, ms: list(ms), "an order that permutes": _permuting}.get(how)
    with pytest.raises(ValueError, match=r"Stuck\w*\.moves returned no moves .* \(\(0,\)\)"):
        alphabeta(game, (), 2, evaluate=lambda s: 0, order=order)


def test_an_evaluation_too_large_for_a_payoff_is_named_by_its_size_not_cut_digits():
    from aisearch.search import alphabeta

    with pytest.raises(ValueError, match=r"returned 1\.000e\+302 for state"):
        alphabeta(fig5_2, fig5_2.initial, 1, evaluate=lambda s: 10**302)
