"""Builders and solvers called wrongly: sizes are checked before anything exponential is
computed, seeds are ints, and every number says which range it must lie in."""

from __future__ import annotations

from aisearch.core import MAX
from aisearch.games import Coins, DagGame, Nim, TicTacToe, TwoRobots, fig5_2, uniform_tree
from aisearch.games.examples import random_tree
from aisearch.games.hexapawn import Hexapawn
from aisearch.games.nim import NimState
from aisearch.games.nplayer import CoinsState
from aisearch.games.robots import RobotsState
from aisearch.search import alphabeta
from aisearch.solve import NotSolvedError, retrograde
from aisearch.trace import CountingGame, Recorder, Replay, Tally
from tests.bad_input.table import Case, check, params

SOLVED = retrograde(TwoRobots.parse("B.W"))
SOLVED_START = TwoRobots.parse("B.W").initial

CASES = [
    # uniform_tree
    Case("uniform_tree(0, 2)", lambda: uniform_tree(0, 2), ValueError, ("b >= 1", "b=0")),
    Case("uniform_tree(2, -1)", lambda: uniform_tree(2, -1), ValueError, ("d >= 0", "d=-1")),
    Case("uniform_tree(1.5, 2)", lambda: uniform_tree(1.5, 2), ValueError, ("b", "1.5")),
    Case("uniform_tree(True, 2)", lambda: uniform_tree(True, 2), ValueError, ("b", "true")),
    Case("uniform_tree(2, '3')", lambda: uniform_tree(2, "3"), ValueError, ("d", "'3'")),
    Case("uniform_tree(2, 30)", lambda: uniform_tree(2, 30), ValueError,
         ("b=2 and d=30", "2,000,000 nodes")),
    Case("uniform_tree(2, 20, 'best'): 1,048,576 tips but 2,097,151 nodes, refused at once",
         lambda: uniform_tree(2, 20, ordering="best"), ValueError,
         ("b=2 and d=20", "more than 2,000,000 nodes", "depth 19"), seconds=0.5),
    Case("uniform_tree(10**9, 10**9)", lambda: uniform_tree(10**9, 10**9), ValueError,
         ("at most 64",), seconds=1),
    Case("uniform_tree(10**9, 2)", lambda: uniform_tree(10**9, 2), ValueError,
         ("2,000,000",), seconds=1),
    Case("uniform_tree(ordering='x')", lambda: uniform_tree(2, 2, ordering="x"), ValueError,
         ("ordering", "'x'", "'best'")),
    Case("uniform_tree(low > high)", lambda: uniform_tree(2, 2, low=5, high=1), ValueError,
         ("low <= high",)),
    Case("uniform_tree(low=0.5)", lambda: uniform_tree(2, 2, low=0.5), ValueError,
         ("low", "0.5")),
    Case("uniform_tree(seed='x')", lambda: uniform_tree(2, 2, seed="x"), TypeError,
         ("seed", "'x'")),
    Case("uniform_tree(first=5)", lambda: uniform_tree(2, 2, first=5), ValueError,
         ("first", "5")),
    # random_tree
    Case("random_tree('x')", lambda: random_tree("x"), TypeError, ("seed", "'x'")),
    Case("random_tree(None)", lambda: random_tree(None), TypeError, ("seed", "none")),
    Case("random_tree(p_tip=2)", lambda: random_tree(1, p_tip=2), ValueError, ("p_tip", "2")),
    Case("random_tree(branching=(3, 1))", lambda: random_tree(1, branching=(3, 1)),
         ValueError, ("branching[0] <= branching[1]", "(3, 1)")),
    Case("random_tree(branching=(0, 1))", lambda: random_tree(1, branching=(0, 1)),
         ValueError, ("1 <= branching[0]",)),
    Case("random_tree(branching=3)", lambda: random_tree(1, branching=3), ValueError,
         ("branching", "3")),
    Case("random_tree(depth=-1)", lambda: random_tree(1, depth=-1), ValueError,
         ("1 <= depth", "depth=-1")),
    Case("random_tree(depth=2.5)", lambda: random_tree(1, depth=2.5), ValueError,
         ("ints", "depth=2.5")),
    Case("random_tree(low > high)", lambda: random_tree(1, low=5, high=1), ValueError,
         ("low <= high",)),
    Case("random_tree: would be huge", lambda: random_tree(1, depth=60, branching=(4, 4),
                                                           p_tip=0),
         ValueError, ("200,000 nodes", "depth", "branching"), seconds=0.5),
    # retrograde
    Case("retrograde(None)", lambda: retrograde(None), TypeError, ("game", "none")),
    Case("retrograde(TicTacToe)", lambda: retrograde(TicTacToe), TypeError,
         ("the class tictactoe",)),
    Case("retrograde(states=3)", lambda: retrograde(TicTacToe(), 3), TypeError,
         ("states", "3")),
    Case("retrograde(limit=0)", lambda: retrograde(TicTacToe(), limit=0), ValueError,
         ("limit", "0")),
    Case("retrograde(limit='9')", lambda: retrograde(TicTacToe(), limit="9"), ValueError,
         ("limit", "'9'")),
    Case("retrograde: more states than the limit", lambda: retrograde(TicTacToe(), limit=10),
         ValueError, ("more than 10 states", "limit=")),
    Case("retrograde: states not closed under moves",
         lambda: retrograde(TicTacToe(), [TicTacToe().initial]), ValueError, ("closed",)),
    Case("retrograde: a cycling game without max_plies, states of another game",
         lambda: retrograde(TwoRobots(2, 2), [TicTacToe().initial]), ValueError,
         ("tworobots",)),
    # a Solution read at a state it does not hold (NotSolvedError: a KeyError and a ValueError)
    Case("Solution[...]: a state of another game (NotSolvedError)", lambda: SOLVED[(1, 2)],
         (KeyError, ValueError), ("(1, 2)", "not among the 3 states", "not a state of")),
    Case("Solution.value: a state not reachable from the start",
         lambda: SOLVED.value(RobotsState((0, 0), (0, 2), MAX)), NotSolvedError,
         ("not among the 3 states", "reachable")),
    Case("Solution.pv: max_moves as text", lambda: SOLVED.pv(SOLVED_START, "5"), ValueError,
         ("max_moves", "non-negative int", "'5'")),
    Case("Solution.pv: max_moves=-1", lambda: SOLVED.pv(SOLVED_START, -1), ValueError,
         ("max_moves", "-1")),
    Case("Solution.pv: max_moves=2.0", lambda: SOLVED.pv(SOLVED_START, 2.0), ValueError,
         ("max_moves", "2.0 (a float)")),
    Case("Solution.plies(None)", lambda: SOLVED.plies(None), NotSolvedError, ("none",)),
    Case("Solution.best_move: a list", lambda: SOLVED.best_move([0, 0]), NotSolvedError,
         ("[0, 0]",)),
    # tracers and the reader of recordings
    Case("Tally()(3): not an event", lambda: Tally()(3), TypeError, ("tally", "event", "3")),
    Case("Tally().finish(3): not a decision", lambda: Tally().finish(3), TypeError,
         ("tally.finish", "decision", "3")),
    Case("CountingGame.counting(3)", lambda: CountingGame(TicTacToe()).counting(3), TypeError,
         ("counting", "evaluation", "3")),
    Case("Replay: the events in reverse order", lambda: Replay(_recording()[::-1]), ValueError,
         ("event 0", "finishes a search before any search started", "in the order")),
    # helpers and states of the smaller games
    Case("Coins().moves(a row of letters)",
         lambda: Coins().moves(CoinsState("abc", (0, 0, 0), 0)), ValueError,
         ("is not a state of Coins", "CoinsState with one score per player")),
    Case("Coins().moves(scores=None)", lambda: Coins().moves(CoinsState((1,), None, 0)),
         ValueError, ("is not a state of Coins",)),
    Case("Nim.sprague_grundy(negative heaps)",
         lambda: Nim.sprague_grundy(NimState((1, -2, 300), 9)), ValueError,
         ("sprague_grundy takes a NimState", "ints >= 0", "-2")),
    Case("Hexapawn.parse(None)", lambda: Hexapawn.parse(None), TypeError,
         ("Hexapawn.parse reads a str", "'bbb/.../www w'", "None")),
    Case("Hexapawn.canonical(None)", lambda: Hexapawn.canonical(None), ValueError,
         ("None is not a state of Hexapawn",)),
    Case("DagGame(low=2**1000, high=2**1001)",
         lambda: DagGame(b=2, d=2, width=2, low=2**1000, high=2**1001), ValueError,
         ("low and high", "below 2**999", "1.072e+301")),
    Case("Replay: a Finish while the root is open",
         lambda: Replay(_recording()[:2] + _recording()[-1:]), ValueError,
         ("event 2", "() is still open", "after its root's exit")),
]


def _recording() -> list:
    rec = Recorder()
    alphabeta(fig5_2, (), tracer=rec)
    return rec.events



@params(CASES)
def test_a_builder_called_wrongly_says_what_was_wrong(case: Case) -> None:
    check(case)
