"""Games called wrongly: foreign states, bad moves, players that do not exist, bad rules.

Every game checks that a state is one of its own before using it (and says which game
expected what), refuses moves a bool or a float would silently stand in for, and answers
``utility`` only for its own players at terminal states.
"""

from __future__ import annotations

from typing import Any

from aisearch.core import IllegalMoveError
from aisearch.games import (
    Chance,
    ConnectFour,
    Max,
    Min,
    Nim,
    SymmetryReduced,
    TicTacToe,
    TreeGame,
    TwoRobots,
    fig5_2,
)
from aisearch.games.nannon import Nannon, NannonState
from aisearch.games.pig import Pig, PigState
from tests.bad_input.table import Case, check, params

TTT, C4, NIM, ROBOTS = TicTacToe(), ConnectFour(), Nim((1, 2, 3)), TwoRobots(3, 4)
SYM = SymmetryReduced(TicTacToe())
PIG, NANNON = Pig(goal=20), Nannon()

# What each game's messages name when a state is not one of its own.
GAMES: dict[str, tuple[Any, str]] = {
    "tictactoe": (TTT, "tic-tac-toe"),
    "connect4": (C4, "connect four"),
    "nim": (NIM, "nim"),
    "robots": (ROBOTS, "tworobots"),
    "tree": (fig5_2, "tree"),
    "symmetry": (SYM, "tic-tac-toe"),
    "pig": (PIG, "pig"),
    "nannon": (NANNON, "nannon"),
}

# Not states of the game in question: None, a number, text, a list, another game's state.
FOREIGN: dict[str, Any] = {
    "None": None,
    "int": 7,
    "str": "x.o/.x./..o",
    "list": [0, 1],
    "tuple of str": ("a", "b"),
}
OTHERS = {"tictactoe": C4.initial, "connect4": TTT.initial, "nim": C4.initial,
          "robots": NIM.initial, "tree": TTT.initial, "symmetry": ROBOTS.initial,
          "pig": Pig(goal=30).initial, "nannon": PIG.initial}

METHODS = ("to_move", "moves", "is_terminal", "utility")


def _call(game: Any, method: str, state: Any) -> Any:
    if method == "utility":
        return game.utility(state, 0)
    if method == "result":
        return game.result(state, 0)
    return getattr(game, method)(state)


def _foreign_cases() -> list[Case]:
    cases = []
    for gname, (game, says) in GAMES.items():
        states = {**FOREIGN, "another game's state": OTHERS[gname]}
        for method in (*METHODS, "result"):
            for sname, state in states.items():
                cases.append(Case(
                    f"{gname}.{method}: {sname}",
                    lambda game=game, method=method, state=state: _call(game, method, state),
                    (ValueError, TypeError), (says,)))
    return cases


def _player_cases() -> list[Case]:
    ends = {
        "tictactoe": TicTacToe.parse("xxx/oo./..."),
        "connect4": ConnectFour.parse("......./......./......./o....../o....../oxxxx.."),
        "nim": Nim((1,)).result(Nim((1,)).initial, (0, 1)),
        "robots": ROBOTS.state((0, 0), (0, 0), 0),
        "tree": (0, 0),
        "symmetry": TicTacToe.parse("xxx/oo./..."),
        "pig": PigState((20, 5), 0, 1, False, 20),
        "nannon": NannonState((7, 7, 7), (0, 1, 2), 1, 0),
    }
    games = {**{k: g for k, (g, _) in GAMES.items()}, "nim": Nim((1,))}
    cases = []
    for gname, game in games.items():
        for bad in (7, -1, 2, None, True, "MAX", 0.0):
            cases.append(Case(
                f"{gname}.utility: player {bad!r}",
                lambda game=game, s=ends[gname], p=bad: game.utility(s, p),
                (ValueError, TypeError), ("player", repr(bad))))
    says = {"tictactoe": "terminal", "connect4": "terminal", "nim": "all heaps are empty",
            "robots": "end of a game", "tree": "tips only", "symmetry": "terminal",
            "pig": "at the end only", "nannon": "at the end only"}
    for gname, (game, _) in GAMES.items():
        cases.append(Case(f"{gname}.utility: not a terminal state",
                          lambda game=game: game.utility(game.initial, 0), ValueError,
                          (says[gname],)))
    return cases


def _move_cases() -> list[Case]:
    bad_moves = {
        "tictactoe": [(True, "bool"), (4.0, "float"), (9, "0..8"), (-1, "0..8"), ("4", "str"),
                      (None, "nonetype")],
        "connect4": [(True, "bool"), (3.0, "float"), (7, "0..6"), (-1, "0..6"), ("3", "str"),
                     (None, "nonetype")],
        "nim": [((True, 1), "ints"), ((0, 1.0), "ints"), ((0, 2), "take"), ((5, 1), "heap"),
                (3, "(heap, take)"), ((0, 0), "take"), (None, "(heap, take)")],
        "robots": [("X", "'X'"), (0, "0"), (None, "none"), ("n", "'n'")],
        "tree": [(3, "3"), (True, "true"), ("a", "'a'"), (None, "none")],
    }
    cases = []
    for gname, moves in bad_moves.items():
        game = GAMES[gname][0]
        for move, says in moves:
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
                      ("illegal move 8",)))
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
             ("not a connect four position",)),
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
        Case("TwoRobots.state: cell outside", lambda: ROBOTS.state((9, 9), (0, 0)), ValueError,
             ("(9, 9)",)),
        Case("TwoRobots.state: to_move 5", lambda: ROBOTS.state((0, 0), (1, 1), 5), ValueError,
             ("to_move", "5")),
        Case("TwoRobots.state: ply -1", lambda: ROBOTS.state((0, 0), (1, 1), 1, -1), ValueError,
             ("ply", "-1")),
        Case("TwoRobots.distance_eval: foreign state", lambda: ROBOTS.distance_eval(None),
             ValueError, ("tworobots",)),
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
             ("5,000 plies",), seconds=3),
        Case("TreeGame: 3,000,000 tips", lambda: TreeGame([0] * 3_000_000), ValueError,
             ("2,000,000 nodes",), seconds=5),
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
    ]


def _self_list() -> Any:
    tree: list[Any] = [1]
    tree.append(tree)
    return TreeGame(tree)


def _chain(n: int) -> Any:
    node: Any = 1
    for _ in range(n):
        node = [node]
    return node


def _chance(probabilities: dict[float, Any]) -> Any:
    return Chance([(p, v) for p, v in probabilities.items()])


CASES = (_foreign_cases() + _player_cases() + _move_cases() + _construction_cases()
         + _robots_cases() + _tree_cases())


@params(CASES)
def test_a_game_called_wrongly_says_what_was_wrong(case: Case) -> None:
    check(case)
