"""Games called wrongly: foreign states, bad moves, players that do not exist, bad rules.

Every game checks that a state is one of its own before using it (and says which game
expected what), refuses moves a bool or a float would silently stand in for, and answers
``utility`` only for its own players at terminal states. The games, their bad states, bad
moves and terminal states come from their records (tests/games/records.py): a new game is
called wrongly here without an edit of this file.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from aisearch.core import MAX, IllegalMoveError
from aisearch.games import (
    Chance,
    Coins,
    ConnectFour,
    DagGame,
    Max,
    Min,
    Nim,
    SymmetryReduced,
    TicTacToe,
    TreeGame,
    TupleTree,
    TwoRobots,
    uniform_tree,
)
from aisearch.games.connect4 import Position
from aisearch.games.nannon import Nannon
from aisearch.games.nim import NimState
from aisearch.games.pig import Pig
from tests.bad_input.table import Case, check, params
from tests.games.records import RECORDS, Record

TTT, C4, NIM, ROBOTS = TicTacToe(), ConnectFour(), Nim((1, 2, 3)), TwoRobots(3, 4)
PIG, NANNON = Pig(goal=20), Nannon()

# Not states of any game: None, a negative number, text, a list, a tuple of text.
FOREIGN: dict[str, Any] = {
    "None": None,
    "negative int": -7,
    "str": "x.o/.x./..o",
    "list": [0, 1],
    "tuple of str": ("a", "b"),
}
METHODS = ("to_move", "moves", "is_terminal", "utility", "result")


def _firsts() -> dict[str, tuple[Any, Record]]:
    """The first game of every record, by class name, with its record."""
    return {cls.__name__: (next(iter(r.games.values()))(), r) for cls, r in RECORDS.items()}


def _call(game: Any, method: str, state: Any) -> Any:
    if method == "utility":
        return game.utility(state, 0)
    if method == "result":
        return game.result(state, next(iter(game.moves(game.initial))))
    return getattr(game, method)(state)


def _foreign_cases() -> list[Case]:
    """Every game refuses what is not one of its states, naming itself and what a state is:
    values of no game, another game's state (the next record's), the record's bad states."""
    cases = []
    firsts = _firsts()
    names = list(firsts)
    for i, (gname, (game, record)) in enumerate(firsts.items()):
        other = next(o for o, _ in (firsts[n] for n in names[i + 1:] + names[:i])
                     if not game.is_state(o.initial)).initial
        states = {**FOREIGN, "another game's state": other, **record.bad_states}
        for method in (*METHODS, *game.evaluations):
            for sname, state in states.items():
                kind = type(state)  # (a game's own state class is named: its bad values)
                of = f" ({kind.__name__})" if kind.__module__.startswith("aisearch") else ""
                cases.append(Case(
                    f"{gname}.{method}: {sname}{of}",
                    lambda game=game, method=method, state=state: _call(game, method, state),
                    ValueError, ("is not a state of", game.state_help)))
    return cases


def _player_cases() -> list[Case]:
    """``utility`` answers for the game's own players at terminal states only."""
    cases = []
    for gname, (game, record) in _firsts().items():
        players = getattr(game, "players", 2)
        for bad in (7, -1, 2, None, True, "MAX", 0.0):
            if bad.__class__ is int and 0 <= bad < players:
                continue
            cases.append(Case(
                f"{gname}.utility: player {bad!r}",
                lambda game=game, s=record.terminal, p=bad: game.utility(s, p),
                (ValueError, TypeError), ("player", repr(bad))))
        cases.append(Case(f"{gname}.utility: not a terminal state",
                          lambda game=game: game.utility(game.initial, 0), ValueError,
                          (record.not_terminal,)))
    return cases


def _move_cases() -> list[Case]:
    cases = []
    for gname, (game, record) in _firsts().items():
        for move, says in record.bad_moves:
            cases.append(Case(f"{gname}.result: move {move!r}",
                              lambda game=game, m=move: game.result(game.initial, m),
                              IllegalMoveError, ("illegal move", says)))
    cases.append(Case("tictactoe.result: a taken cell",
                      lambda: TTT.result(TicTacToe.parse("x../.../..."), 0), IllegalMoveError,
                      ("cell 0 is taken",)))
    cases.append(Case("connect4.result: a full column",
                      lambda: C4.result(ConnectFour.parse(
                          "x....../o....../x....../o....../x....../o......"), 0),
                      IllegalMoveError, ("column 0 is full",)))
    cases.append(Case("result after the game is over",
                      lambda: TTT.result(TicTacToe.parse("xxx/oo./..."), 8), IllegalMoveError,
                      ("illegal move 8", "the game is over")))
    cases.append(Case("IllegalMoveError: 20,000 legal moves are not all listed",
                      lambda: TreeGame(list(range(20_000))).result((), -1), IllegalMoveError,
                      ("legal moves: 0, 1, 2", "19 and 19,980 more (20,000 in all)"), seconds=15))
    forged = RECORDS[ConnectFour].extra["forged"]
    for fields in forged:
        cases.append(Case(f"Position: forged fields {fields!r}",
                          lambda fields=fields: Position(fields), ValueError,
                          ("is not a connect four position",)))
    cases.append(Case("connect4.result: a forged Position is refused where it is built",
                      lambda: C4.result(Position((1 << 7, 0, MAX, False, 0)), 0), ValueError,
                      ("x moves first",)))
    return cases


def _construction_cases() -> list[Case]:
    return [
        Case("TicTacToe(win=0)", lambda: TicTacToe(win=0), ValueError, ("win",)),
        Case("TicTacToe(win='1')", lambda: TicTacToe(win="1"), (ValueError, TypeError),
             ("win",)),
        Case("ConnectFour(win=-1)", lambda: ConnectFour(win=-1), ValueError, ("win",)),
        Case("ConnectFour(win=nan)", lambda: ConnectFour(win=float("nan")), ValueError,
             ("win",)),
        Case("ConnectFour.successor_values: not a position",
             lambda: C4.successor_values(ConnectFour.evaluate)((0, 0, 0, 0, 0)), ValueError,
             ("not a state of connectfour()",)),
        Case("TicTacToe.parse: 4 rows", lambda: TicTacToe.parse("xxx/.../.../..."), ValueError,
             ("3 rows",)),
        Case("TicTacToe.parse: letters", lambda: TicTacToe.parse("xqx/.../..."), ValueError,
             ("'q'",)),
        Case("TicTacToe.parse: not reachable", lambda: TicTacToe.parse("xxx/xxx/..."),
             ValueError, ("impossible board", "6 x and 0 o")),
        Case("TicTacToe.parse: not text", lambda: TicTacToe.parse(None), (ValueError, TypeError),
             ("none",)),
        Case("ConnectFour.parse: 5 rows",
             lambda: ConnectFour.parse("......./......./......./......./......."), ValueError,
             ("6 rows",)),
        Case("ConnectFour.parse: floating disc",
             lambda: ConnectFour.parse("x....../......./......./......./......./......."),
             ValueError, ("above an empty cell",)),
        Case("ConnectFour.parse: not text", lambda: ConnectFour.parse(3), (ValueError, TypeError),
             ("3",)),
        Case("Nim(())", lambda: Nim(()), ValueError, ("non-empty",)),
        Case("Nim((-1,))", lambda: Nim((-1,)), ValueError, ("-1",)),
        Case("Nim((1.5,))", lambda: Nim((1.5,)), (ValueError, TypeError), ("1.5",)),
        Case("Nim((True,))", lambda: Nim((True,)), (ValueError, TypeError), ("true",)),
        Case("Nim(3)", lambda: Nim(3), (ValueError, TypeError), ("3",)),
        Case("Nim('123')", lambda: Nim("123"), (ValueError, TypeError), ("'123'",)),
        Case("SymmetryReduced(None)", lambda: SymmetryReduced(None), (ValueError, TypeError),
             ("none",)),
        Case("SymmetryReduced(3)", lambda: SymmetryReduced(3), (ValueError, TypeError),
             ("canonical", "3")),
        Case("SymmetryReduced(TicTacToe): the class, not a game",
             lambda: SymmetryReduced(TicTacToe), TypeError, ("the class tictactoe",)),
        Case("Nim: a heap of 10**100", lambda: Nim((10**100,)), ValueError,
             ("heap 0", "1.000e+100", "at most 10 heaps of at most 100"), seconds=1),
        Case("Nim: a heap of 10**9, too big to solve", lambda: Nim((3, 10**9)), ValueError,
             ("heap 1", "1000000000", "at most 100"), seconds=1),
        Case("Nim: eleven heaps", lambda: Nim((1,) * 11), ValueError,
             ("11 heaps", "at most 10 heaps")),
        Case("Nim: a heap that is a numpy bool", lambda: Nim((np.True_,)), TypeError,
             ("heap 0", "true")),
        Case("DagGame(seed='x')", lambda: DagGame(seed="x"), TypeError, ("seed", "'x'")),
        Case("DagGame(b=np.int64(30))", lambda: DagGame(b=np.int64(30)), ValueError,
             ("b must be an int in 1..20", "30")),
        Case("Coins: a coin that is a bool", lambda: Coins((1, True)), ValueError,
             ("row", "0 to 1000", "true")),
    ]


def _robots_cases() -> list[Case]:
    return [
        Case("TwoRobots(0, 3)", lambda: TwoRobots(0, 3), ValueError, ("rows", "0")),
        Case("TwoRobots(3, -2)", lambda: TwoRobots(3, -2), ValueError, ("cols", "-2")),
        Case("TwoRobots(2.5, 3)", lambda: TwoRobots(2.5, 3), (ValueError, TypeError),
             ("rows", "2.5")),
        Case("TwoRobots(True, 3)", lambda: TwoRobots(True, 3), (ValueError, TypeError),
             ("rows", "true")),
        Case("TwoRobots(1, 1)", lambda: TwoRobots(1, 1), ValueError, ("different cells",)),
        Case("TwoRobots(2000, 2000)", lambda: TwoRobots(2000, 2000), ValueError,
             ("4,000,000 cells", "at most 900"), seconds=2),
        Case("TwoRobots: wall outside", lambda: TwoRobots(3, 3, walls=[(5, 5)]), ValueError,
             ("(5, 5)",)),
        Case("TwoRobots: wall not a cell", lambda: TwoRobots(3, 3, walls=[5]),
             (ValueError, TypeError), ("5",)),
        Case("TwoRobots: black on a wall",
             lambda: TwoRobots(3, 3, walls=[(0, 0)], black=(0, 0)), ValueError, ("(0, 0)",)),
        Case("TwoRobots: white outside", lambda: TwoRobots(3, 3, white=(3, 0)), ValueError,
             ("(3, 0)",)),
        Case("TwoRobots: max_plies=0", lambda: TwoRobots(3, 3, max_plies=0), ValueError,
             ("max_plies",)),
        Case("TwoRobots: max_plies='9'", lambda: TwoRobots(3, 3, max_plies="9"),
             (ValueError, TypeError), ("max_plies",)),
        Case("TwoRobots.parse: ragged rows", lambda: TwoRobots.parse("B../..W./..."),
             ValueError, ("row",)),
        Case("TwoRobots.parse: two black robots", lambda: TwoRobots.parse("BB./.../..W"),
             ValueError, ("b",)),
        Case("TwoRobots.parse: letters", lambda: TwoRobots.parse("B?./.../..W"), ValueError,
             ("'?'",)),
        Case("TwoRobots.parse(3)", lambda: TwoRobots.parse(3), TypeError,
             ("tworobots.parse", "str", "3")),
        Case("TwoRobots.parse(None)", lambda: TwoRobots.parse(None), TypeError,
             ("tworobots.parse", "none")),
        Case("TwoRobots: a wall of numpy floats", lambda: TwoRobots(3, 3, walls=[(np.float64(1),
                                                                                1)]),
             ValueError, ("wall", "pair of ints")),
        Case("TwoRobots.state: to_move True", lambda: ROBOTS.state((0, 0), (1, 1), True),
             ValueError, ("to_move", "true")),
        Case("TwoRobots.state: cell outside", lambda: ROBOTS.state((9, 9), (0, 0)), ValueError,
             ("(9, 9)",)),
        Case("TwoRobots.state: to_move 5", lambda: ROBOTS.state((0, 0), (1, 1), 5), ValueError,
             ("to_move", "5")),
        Case("TwoRobots.state: ply -1", lambda: ROBOTS.state((0, 0), (1, 1), 1, -1), ValueError,
             ("ply", "-1")),
        Case("TwoRobots.distance_eval: foreign state", lambda: ROBOTS.distance_eval(None),
             ValueError, ("tworobots",)),
        Case("TwoRobots(walls=None)", lambda: TwoRobots(3, 3, walls=None), TypeError,
             ("walls", "iterable of (row, col)", "none")),
        Case("TwoRobots.neighbours: a wall", lambda: TwoRobots.parse("B#/.W").neighbours((0, 1)),
             ValueError, ("(0, 1)", "not a free cell", "a wall")),
        Case("TwoRobots.neighbours: off the grid", lambda: ROBOTS.neighbours((9, 9)), ValueError,
             ("(9, 9)", "off the 3x4 grid")),
        Case("TwoRobots.neighbours: not a cell", lambda: ROBOTS.neighbours("x"), ValueError,
             ("cell", "(row, col) pair", "'x'")),
        Case("TwoRobots.distance((0, 0), 'x')", lambda: ROBOTS.distance((0, 0), "x"), ValueError,
             ("b", "(row, col) pair", "'x'")),
        Case("TwoRobots.distance: off the grid", lambda: ROBOTS.distance((0, 0), (5, 0)),
             ValueError, ("(5, 0)", "off the 3x4 grid")),
    ]


def _tree_cases() -> list[Case]:
    return [
        Case("TreeGame(None)", lambda: TreeGame(None), (ValueError, TypeError), ("none",)),
        Case("TreeGame('abc')", lambda: TreeGame("abc"), (ValueError, TypeError), ("'abc'",)),
        Case("TreeGame([])", lambda: TreeGame([]), ValueError, ("at least one child",)),
        Case("TreeGame([1, []])", lambda: TreeGame([1, []]), ValueError,
             ("(1,)", "at least one child")),
        Case("TreeGame([1, 'x'])", lambda: TreeGame([1, "x"]), (ValueError, TypeError),
             ("(1,)", "'x'")),
        Case("TreeGame([1, nan])", lambda: TreeGame([1, float("nan")]), ValueError,
             ("(1,)", "nan")),
        Case("TreeGame([1, True])", lambda: TreeGame([1, True]), (ValueError, TypeError),
             ("(1,)", "true")),
        Case("TreeGame([1, None])", lambda: TreeGame([1, None]), (ValueError, TypeError),
             ("(1,)", "none")),
        Case("TreeGame(first=2)", lambda: TreeGame([1, 2], first=2), ValueError, ("first",)),
        Case("TreeGame(first=CHANCE)", lambda: TreeGame([1, 2], first=True),
             (ValueError, TypeError), ("first",)),
        Case("TreeGame(win=0)", lambda: TreeGame([1, 2], win=0), ValueError, ("win",)),
        Case("TreeGame: a list that contains itself", _self_list, ValueError, ("cycle",)),
        Case("TreeGame: a chain 100,000 deep", lambda: TreeGame(_chain(100_000)), ValueError,
             ("5,000 plies",), seconds=15),
        Case("TreeGame: 3,000,000 tips", lambda: TreeGame([0] * 3_000_000), ValueError,
             ("2,000,000 nodes",), seconds=15),
        Case("TreeGame: chance probabilities sum to 0.5",
             lambda: TreeGame([1, _chance({0.25: 1, 0.25001: 2})]), ValueError, ("sum",)),
        Case("TreeGame: negative probability",
             lambda: TreeGame([1, _chance({-0.5: 1, 1.5: 2})]), ValueError, ("-0.5",)),
        Case("TreeGame: empty chance node", lambda: TreeGame([1, _chance({})]), ValueError,
             ("chance node", "at least one")),
        Case("Max(3)", lambda: TreeGame(Max(3)), (ValueError, TypeError), ("3",)),
        Case("Min([]) in a tree", lambda: TreeGame([1, Min([])]), ValueError,
             ("(1,)", "at least one child")),
        Case("Chance: an outcome that is not a pair", lambda: TreeGame([1, Chance([1, 2])]),
             ValueError, ("(probability, subtree)",)),
        Case("TreeGame.noisy: not a node", lambda: TreeGame([1, 2], noisy=[(5,)]), ValueError,
             ("(5,)",)),
        Case("TreeGame(noisy=3)", lambda: TreeGame([1, 2], noisy=3), TypeError,
             ("noisy", "iterable of paths", "3")),
        Case("TreeGame(noisy='ab')", lambda: TreeGame([1, 2], noisy="ab"), TypeError,
             ("noisy", "'ab'")),
        Case("TreeGame(noisy=[0])", lambda: TreeGame([1, 2], noisy=[0]), TypeError,
             ("noisy", "0 is not a path")),
        Case("TreeGame: a tip of 10**400", lambda: TreeGame([1, 10**400]), ValueError,
             ("path (1,)", "1.000e+400", "±2**999")),
        Case("TreeGame: a tip of -2.0**1000", lambda: TreeGame([[1, -(2.0**1000)]]), ValueError,
             ("path (0, 1)", "±2**999")),
        Case("TreeGame: a numpy tip of 1e308", lambda: TreeGame([np.float32(1), np.float64(1e308)]),
             ValueError, ("path (1,)", "±2**999")),
        Case("TreeGame(win=10**400)", lambda: TreeGame([1, 2], win=10**400), ValueError,
             ("win", "below 2**999", "1.000e+400")),
        Case("TreeGame(first=np.True_)", lambda: TreeGame([1, 2], first=np.True_), ValueError,
             ("first", "true")),
        Case("uniform_tree(b=np.float64(2))", lambda: uniform_tree(np.float64(2), 2), ValueError,
             ("b must be an int", "2.0")),
        Case("TupleTree: a chain 100,000 deep", lambda: TupleTree(_chain(100_000, (1, 2))),
             ValueError, ("5,000 plies",), seconds=15),
        Case("TupleTree: a list that contains itself", _self_tuple_list, ValueError,
             ("path (1,)", "cycle")),
        Case("TupleTree: 200,000 tips", lambda: TupleTree([(1, 2)] * 200_000), ValueError,
             ("100,000 nodes",), seconds=15),
        Case("TupleTree: a tip of 10**400", lambda: TupleTree([(1, 2), (10**400, 0)]),
             ValueError, ("path (1,)", "±2**999")),
    ]


def _self_list() -> Any:
    tree: list[Any] = [1]
    tree.append(tree)
    return TreeGame(tree)


def _self_tuple_list() -> Any:
    tree: list[Any] = [(1, 2)]
    tree.append(tree)
    return TupleTree(tree)


def _chain(n: int, tip: Any = 1) -> Any:
    node: Any = tip
    for _ in range(n):
        node = [node]
    return node


def _chance(probabilities: dict[float, Any]) -> Any:
    return Chance([(p, v) for p, v in probabilities.items()])


def _numpy_cases() -> list[Case]:
    """Numpy integers are the ints they equal, so a message about one names its value and
    never says a number is not a number; numpy bools and floats are refused."""
    return [
        Case("TicTacToe.result: np.int64(9)", lambda: TTT.result(TTT.initial, np.int64(9)),
             IllegalMoveError, ("np.int64(9)", "cells are numbered 0..8")),
        Case("TicTacToe.result: np.True_", lambda: TTT.result(TTT.initial, np.True_),
             IllegalMoveError, ("illegal move", "not a bool")),
        Case("TicTacToe.result: np.float64(4)", lambda: TTT.result(TTT.initial, np.float64(4)),
             IllegalMoveError, ("illegal move", "float64")),
        Case("ConnectFour.result: np.int64(7)", lambda: C4.result(C4.initial, np.int64(7)),
             IllegalMoveError, ("np.int64(7)", "columns are numbered 0..6")),
        Case("Nim.result: (np.int64(0), np.int64(5))",
             lambda: NIM.result(NIM.initial, (np.int64(0), np.int64(5))), IllegalMoveError,
             ("heap 0 holds 1",)),
        Case("TicTacToe(win=np.True_)", lambda: TicTacToe(win=np.True_), ValueError,
             ("win", "true")),
        Case("ConnectFour(win=10**400)", lambda: ConnectFour(win=10**400), ValueError,
             ("win", "below 2**999", "1.000e+400")),
        Case("Pig(goal=np.int64(2000))", lambda: Pig(goal=np.int64(2000)), ValueError,
             ("goal 2000", "at most 1000")),
        Case("Pig.result: face np.int64(7)",
             lambda: PIG.result(PIG.result(PIG.initial, "roll"), np.int64(7)),
             IllegalMoveError, ("np.int64(7)", "the die shows a face")),
    ]


def _evaluation_cases() -> list[Case]:
    return [
        Case("TicTacToe.symmetries(None)", lambda: TicTacToe.symmetries(None), ValueError,
             ("none", "not a state of tictactoe()")),
        Case("TicTacToe.symmetries: an unreachable board", lambda: TicTacToe.symmetries(7),
             ValueError, ("7", "reachable tic-tac-toe board")),
        Case("TicTacToe.winner('xxx/...')", lambda: TicTacToe.winner("xxx/oo./..."), ValueError,
             ("'xxx/oo./...'", "tictactoe.parse")),
        Case("TicTacToe.canonical(None)", lambda: TicTacToe.canonical(None), ValueError,
             ("none", "not a state of tictactoe()")),
        Case("Nim.canonical('x')", lambda: Nim.canonical("x"), ValueError,
             ("'x'", "not a nim state", "nimstate(heaps, player)")),
        Case("Nim.canonical: player 2", lambda: Nim.canonical(NimState((1, 2), 2)), ValueError,
             ("player=2", "max (0) or min (1)")),
        Case("Nim.winning_moves(None)", lambda: NIM.winning_moves(None), ValueError,
             ("none", "not a state of nim((1, 2, 3))")),
        Case("Nim.winning_moves: a state of two heaps", lambda: NIM.winning_moves(
            Nim((1, 2)).initial), ValueError, ("one heap", "per heap of the game")),
        Case("Nannon.pip_eval(None)", lambda: NANNON.pip_eval(None), ValueError,
             ("none", "nannon state")),
        Case("Nannon.pip_eval of a Pig state", lambda: Nannon.pip_eval(PIG.initial), ValueError,
             ("nannon state",)),
        Case("Pig.score_eval(None)", lambda: PIG.score_eval(None), ValueError,
             ("none", "pig(goal=20)")),
        Case("Pig.hold_at('x')", lambda: PIG.hold_at("x"), ValueError,
             ("hold_at", "int >= 1", "'x'")),
        Case("Pig.hold_at(0)", lambda: PIG.hold_at(0), ValueError, ("hold_at", "int >= 1", "0")),
        Case("Pig.hold_at(True)", lambda: PIG.hold_at(True), ValueError,
             ("hold_at", "true")),
    ]


CASES = (_foreign_cases() + _player_cases() + _move_cases() + _construction_cases()
         + _robots_cases() + _tree_cases() + _numpy_cases() + _evaluation_cases())


@params(CASES)
def test_a_game_called_wrongly_says_what_was_wrong(case: Case) -> None:
    check(case)
