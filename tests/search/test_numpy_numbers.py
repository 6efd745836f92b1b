"""Numbers computed with numpy (``np.argmax``, ``np.min``, an array's entry) are the numbers
they are: every searcher's numeric option takes a numpy integer as the int it is, and
searches exactly as with a Python int."""

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from aisearch.games import Coins, TicTacToe, dice_tree
from aisearch.search import (
    Paranoid,
    TranspositionTable,
    alphabeta_tt,
    aspiration,
    mcts,
    mtdf,
    paranoid,
    pvs,
    quiescence,
    star1,
    star2,
)

T = TicTacToe()
S = T.parse("x../.o./...")
DICE = dice_tree
E = T.nilsson_eval


def _last(gen: Any) -> Any:
    return list(gen)[-1]


CALLS: list[tuple[str, Callable[[Callable[[int], Any]], Any]]] = [
    ("alphabeta_tt window", lambda n: alphabeta_tt(T, S, 2, evaluate=E, window=(n(-5), n(5)))),
    ("pvs window", lambda n: pvs(T, S, 2, evaluate=E, window=(n(-5), n(5)))),
    ("aspiration guess and width", lambda n: aspiration(T, S, 2, evaluate=E, guess=n(1),
                                                        width=n(2))),
    ("mtdf guess", lambda n: mtdf(T, S, 2, evaluate=E, guess=n(3))),
    ("alphabeta_tt table size", lambda n: alphabeta_tt(T, S, 3, evaluate=E,
                                                       table=TranspositionTable(size=n(64)))),
    ("star1 bounds", lambda n: star1(DICE, DICE.initial, bounds=(n(-10), n(10)))),
    ("star2 bounds", lambda n: star2(DICE, DICE.initial, bounds=(n(-10), n(10)))),
    ("quiescence window and cap", lambda n: quiescence(T, S, evaluate=E, alpha=n(-5),
                                                       beta=n(5), max_depth=n(2))),
    ("mcts c", lambda n: _last(mcts(T, S, iterations=50, c=n(1)))),
    ("paranoid player", lambda n: paranoid(Coins(), Coins().initial, player=n(1))),
    ("Paranoid player", lambda n: Paranoid(Coins(), n(2)).player),
]


@pytest.mark.parametrize("what, call", CALLS, ids=[c[0] for c in CALLS])
@pytest.mark.parametrize("numpy_int", [np.int64, np.int32], ids=["int64", "int32"])
def test_a_numpy_integer_is_the_int_it_is(what: str, call: Any, numpy_int: Any) -> None:
    assert call(numpy_int) == call(int)


@pytest.mark.parametrize("numpy_float", [np.float32, np.float16])
def test_numpy_floats_at_the_tips_are_searched_as_python_floats(numpy_float: Any) -> None:
    """Null windows are one float apart (``math.nextafter``): in float32 the two sides of such
    a window round to one number, and MTD(f) never closed its bounds (a hang), PVS and SSS*
    answered wrong. The leaf rule hands numpy's numbers on as Python's."""
    from aisearch.games import TreeGame
    from aisearch.search import expectiminimax, minimax, sss_star

    rng = np.random.default_rng(3)
    for _ in range(40):
        tips = [[numpy_float(x) for x in rng.integers(-3, 4, size=3) / 2] for _ in range(3)]
        game = TreeGame(tips)
        want = minimax(game, game.initial)
        for search in (pvs, mtdf, sss_star, aspiration, alphabeta_tt):
            d = search(game, game.initial)
            assert d.value == want.value and type(d.value) is float
            assert minimax(game, game.result(game.initial, d.move)).value == want.value
    game = TreeGame([[numpy_float(1), [[numpy_float(1.5), numpy_float(0)]]]])
    assert pvs(game, game.initial).value == minimax(game, game.initial).value == 0.0
    assert mtdf(TreeGame([numpy_float(1), numpy_float(2)]), ()).value == 2.0
    assert type(expectiminimax(DICE, (), 1, evaluate=lambda s: numpy_float(1)).value) is float
