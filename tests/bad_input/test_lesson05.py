"""Lesson 05's entry points called wrongly: quiescence search, ``quiescence=`` beneath the
alpha-beta forms, chess, its evaluations, its test suite and the search extensions."""

from __future__ import annotations

from aisearch.games import TreeGame, fig5_2
from aisearch.search import alphabeta, iterative_deepening, minimax, quiescence
from tests.bad_input.table import Case, check, params

NOISY = TreeGame([[5, -3], 2], noisy=[(0,), (0, 1)])


def zero(s: object) -> int:
    return 0


CASES = [
    # quiescence search
    Case("quiescence: no evaluate", lambda: quiescence(NOISY, ()), TypeError, ("evaluate",)),
    Case("quiescence: evaluate=3", lambda: quiescence(NOISY, (), evaluate=3), TypeError,
         ("evaluate", "3")),
    Case("quiescence: max_depth=-1", lambda: quiescence(NOISY, (), evaluate=zero, max_depth=-1),
         ValueError, ("max_depth", "-1")),
    Case("quiescence: max_depth=1.5",
         lambda: quiescence(NOISY, (), evaluate=zero, max_depth=1.5), ValueError,
         ("max_depth", "1.5")),
    Case("quiescence: alpha='low'", lambda: quiescence(NOISY, (), evaluate=zero, alpha="low"),
         TypeError, ("alpha", "'low'")),
    Case("quiescence: beta=nan", lambda: quiescence(NOISY, (), evaluate=zero,
                                                    beta=float("nan")),
         TypeError, ("beta", "nan")),
    Case("quiescence: a state of another game", lambda: quiescence(NOISY, (7,), evaluate=zero),
         ValueError, ("(7,)",)),
    Case("quiescence: an order that drops a move",
         lambda: quiescence(NOISY, (), evaluate={(): 0, (0,): 0}.get, order=lambda s, ms: ()),
         ValueError, ("order", "dropped")),
    Case("quiescence: evaluate returns text",
         lambda: quiescence(NOISY, (), evaluate=lambda s: "high"), TypeError,
         ("returned 'high'",)),
    Case("quiescence: prune_on_equal='yes'",
         lambda: quiescence(NOISY, (), evaluate=zero, prune_on_equal="yes"), TypeError,
         ("prune_on_equal", "'yes'")),
    # quiescence= beneath the searchers
    Case("alphabeta: quiescence=-1",
         lambda: alphabeta(fig5_2, fig5_2.initial, 1, evaluate=zero, quiescence=-1),
         ValueError, ("quiescence", "-1")),
    Case("alphabeta: quiescence=True",
         lambda: alphabeta(fig5_2, fig5_2.initial, 1, evaluate=zero, quiescence=True),
         ValueError, ("quiescence", "true")),
    Case("iterative_deepening: quiescence='deep'",
         lambda: iterative_deepening(fig5_2, fig5_2.initial, 2, evaluate=zero,
                                     quiescence="deep"),
         ValueError, ("quiescence", "'deep'")),
    Case("iterative_deepening: quiescence with a search that takes none",
         lambda: iterative_deepening(fig5_2, fig5_2.initial, 2, evaluate=zero, search=minimax,
                                     quiescence=2),
         ValueError, ("minimax", "quiescence")),
]


@params(CASES)
def test_bad_input_gets_a_clear_error(case: Case) -> None:
    check(case)
