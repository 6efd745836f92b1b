"""One record per game: what the conformance and bad-input tests need to know about it.

The tests find the games themselves (:func:`exported_games`: every class derived from
``GameBase``, and every game wrapper, that the package exports) and fail for a game without a
record here. Adding a game is its module (exported from :mod:`aisearch.games`), its painter
and one entry in :data:`RECORDS`:

- ``games``: instances to test, by name (the variants that behave differently: chance, a ply
  limit, a wrapped game);
- ``terminal``: a terminal state of the first instance (its utility is checked for every
  player, and for players that do not exist);
- ``bad_states``: values that look like states but are not states of the first instance (a
  forged field, another size, another goal), which every protocol method must refuse as the
  game's ``not_a_state`` does;
- ``bad_moves``: ``(move, what the message names)`` pairs, illegal at ``initial``;
- ``not_terminal``: what ``utility`` says at a state that is not terminal;
- ``playouts``: ``(playouts, plies)`` where the default (30, 60) is too slow.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from aisearch.core import MAX, MIN, GameBase, GameWrapper
from aisearch.games import (
    Chance,
    Chess,
    Coins,
    ConnectFour,
    DagGame,
    Min,
    Nannon,
    Nim,
    Notakto,
    Pig,
    SymmetryReduced,
    TicTacToe,
    TreeGame,
    TupleTree,
    TwoRobots,
    dice_tree,
    fig5_2,
    random_chance_tree,
    uniform_tree,
)
from aisearch.games.dag import DagState
from aisearch.games.hexapawn import Hexapawn, HexapawnState
from aisearch.games.nannon import NannonState
from aisearch.games.nim import NimState
from aisearch.games.nplayer import CoinsState
from aisearch.games.pig import PigState
from aisearch.games.robots import RobotsState
from aisearch.games.tictactoe import Board

PUBLIC = ("aisearch", "aisearch.games", "aisearch.search", "aisearch.trace", "aisearch.learn",
          "aisearch.agents", "aisearch.solve")
"""The modules whose ``__all__`` is the package's public API."""


def exported_games() -> set[type]:
    """Every game class the package exports: ``GameBase`` subclasses, and the game
    wrappers of :mod:`aisearch.games` (the search and trace wrappers wrap a game for one
    search and are tested with their searchers)."""
    found = set()
    for name in PUBLIC:
        module = importlib.import_module(name)
        for attr in getattr(module, "__all__", ()):
            obj = getattr(module, attr)
            if obj is GameBase:
                continue
            if isinstance(obj, type) and (issubclass(obj, GameBase) or (
                    issubclass(obj, GameWrapper) and name == "aisearch.games")):
                found.add(obj)
    return found


@dataclass(frozen=True)
class Record:
    """What the tests need to know about one game class (see the module's docstring)."""

    games: dict[str, Callable[[], Any]]
    terminal: Any
    bad_states: dict[str, Any]
    bad_moves: Sequence[tuple[Any, str]] = ()
    not_terminal: str = "terminal"
    playouts: tuple[int, int] = (30, 60)
    extra: dict[str, Any] = field(default_factory=dict)


def _coins_end(game: Coins) -> CoinsState:
    s = game.initial
    while not game.is_terminal(s):
        s = game.result(s, "L")
    return s


_ROBOTS = TwoRobots(3, 4)

RECORDS: dict[type, Record] = {
    TreeGame: Record(
        games={
            "fig5_2": lambda: fig5_2,
            "tree with chance and MIN layers": lambda: TreeGame(
                [Chance([(0.25, [1, 2]), (0.75, [Min([3, -1]), 4])]), Min([Min([5, 6]), 7])]),
            "uniform tree": lambda: uniform_tree(3, 4, seed=2),
            "tree with noisy moves": lambda: TreeGame([[3, [5, 1]], [2, 7]],
                                                      noisy=[(0, 1), (1, 1), (0, 1, 0)]),
            "dice tree": lambda: dice_tree,
            "random chance tree": lambda: random_chance_tree(7),
        },
        terminal=(0, 0),
        bad_states={"a path off the tree": (3,), "a path past a tip": (0, 0, 0),
                    "a list": [0, 1]},
        bad_moves=[(3, "3"), (True, "true"), ("a", "'a'"), (None, "none")],
        not_terminal="tips only",
    ),
    TicTacToe: Record(
        games={"tic-tac-toe": TicTacToe, "tic-tac-toe, a win worth 1": lambda: TicTacToe(win=1)},
        terminal=TicTacToe.parse("xxx/oo./..."),
        bad_states={"three x and no o": Board(0b111), "bits past the board": Board(1 << 20),
                    "a float": 0.5},
        bad_moves=[(True, "bool"), (4.0, "float"), (9, "0..8"), (-1, "0..8"), ("4", "str"),
                   (None, "nonetype")],
    ),
    SymmetryReduced: Record(
        games={"tic-tac-toe, symmetry reduced": lambda: SymmetryReduced(TicTacToe())},
        terminal=TicTacToe.parse("xxx/oo./..."),
        bad_states={"three x and no o": Board(0b111)},
        bad_moves=[(2, "symmetric to a listed move"), (9, "illegal move 9")],
    ),
    ConnectFour: Record(
        games={"connect four": ConnectFour},
        terminal=ConnectFour.parse("......./......./......./o....../o....../oxxxx.."),
        bad_states={"a tuple equal to a position": (0, 0, MAX, False, 0),
                    "a Position's fields as a list": [0, 0, MAX, False, 0]},
        bad_moves=[(True, "bool"), (3.0, "float"), (7, "0..6"), (-1, "0..6"), ("3", "str"),
                   (None, "nonetype")],
        extra={"forged": [(2, 0, MIN, False, 0), (1, 1, MIN, False, 0), (1, 0, MAX, False, 0),
                          (1, 0, MIN, True, 0), (1, 0, MIN, False, 1), (1 << 60, 0, MAX, False, 0),
                          (0, 0, 2, False, 0), (0, 0, MAX, 0, 0), "abc"]},
    ),
    Nim: Record(
        games={"nim": lambda: Nim((1, 2, 3))},
        terminal=NimState((0, 0, 0), MIN),
        bad_states={"two heaps in a game of three": NimState((1, 2), MAX),
                    "2 to move": NimState((1, 2, 3), 2), "True to move": NimState((1, 2, 3), True),
                    "a heap that is text": NimState((1, "a", 3), MAX),
                    "a negative heap": NimState((1, -2, 3), MAX)},
        bad_moves=[((True, 1), "ints"), ((0, 1.0), "ints"), ((0, 2), "take"), ((5, 1), "heap"),
                   (3, "(heap, take)"), ((0, 0), "take"), (None, "(heap, take)")],
        not_terminal="all heaps are empty",
    ),
    TwoRobots: Record(
        games={"robots, open grid": lambda: _ROBOTS,
               "robots, walls and ply limit": lambda: TwoRobots.parse("B.#./..#./...W",
                                                                      max_plies=12),
               "robots, walls": lambda: TwoRobots.parse("B.#./..#./...W")},
        terminal=RobotsState((0, 0), (0, 0), MAX),
        bad_states={"a robot off the grid": RobotsState((9, 9), (0, 0), MIN),
                    "to_move 5": RobotsState((0, 0), (1, 1), 5),
                    "a ply count without a ply limit": RobotsState((0, 0), (1, 1), MIN, 3)},
        bad_moves=[("X", "'X'"), (0, "0"), (None, "none"), ("n", "'n'")],
        not_terminal="end of a game",
    ),
    DagGame: Record(
        games={"dag with skips and wins": lambda: DagGame(b=3, d=6, width=4, seed=1, skip=0.3,
                                                          win=9, p_win=0.2)},
        terminal=DagState(6, 0, MAX),
        bad_states={"a number past the width": DagState(1, 99, MAX),
                    "2 to move": DagState(0, 0, 2), "a tuple equal to the start": (0, 0, 0)},
        bad_moves=[(3, "3"), (True, "true"), ("a", "'a'")],
        not_terminal="end of the game",
    ),
    Pig: Record(
        games={"pig": lambda: Pig(goal=20), "pig, four-sided die": lambda: Pig(goal=9, die=4)},
        terminal=PigState((20, 5), 0, 1, False, 20),
        bad_states={"another goal": Pig(goal=30).initial,
                    "a tuple equal to the start": ((0, 0), 0, MAX, False, 20)},
        bad_moves=[("jump", "'jump'"), (3, "3"), (None, "none")],
        not_terminal="at the end only",
    ),
    Nannon: Record(
        games={"nannon": Nannon},
        terminal=NannonState((7, 7, 7), (0, 1, 2), 1, 0),
        bad_states={"a tuple equal to the start": ((0, 1, 2), (0, 1, 2), -1, 0)},
        bad_moves=[(("White", 9), "face"), (None, "none")],
        not_terminal="at the end only",
    ),
    TupleTree: Record(
        games={"three-player tree": lambda: TupleTree([[(1, 2, -3), (4, 0, -4)],
                                                       [(2, 2, -4), (0, 5, -5)]])},
        terminal=(0, 0),
        bad_states={"a path off the tree": (2,), "a list": [0]},
        bad_moves=[(2, "2"), ("a", "'a'"), (True, "true")],
        not_terminal="not a tip",
    ),
    Coins: Record(
        games={"three-player coins": lambda: Coins((7, 4, 3, 9, 5, 7)),
               "two-player coins": lambda: Coins((3, 1, 4, 1, 5), players=2)},
        terminal=_coins_end(Coins((7, 4, 3, 9, 5, 7))),
        bad_states={"scores that do not add up": CoinsState((7, 4), (1, 0, 0), 0),
                    "two scores in a game of three": CoinsState((7, 4, 3, 9, 5, 7), (0, 0), 0),
                    "3 to move": CoinsState((7, 4, 3, 9, 5, 7), (0, 0, 0), 3)},
        bad_moves=[("M", "'M'"), (0, "0"), (None, "none")],
        not_terminal="not over",
    ),
    Notakto: Record(
        games={"notakto": Notakto},
        terminal=0b100010001,
        bad_states={"two lines": 0b111111, "past the board": 512, "True": True},
        bad_moves=[(4.0, "float"), (9, "illegal move 9"), ("4", "cell number 0..8")],
        not_terminal="when a line is complete",
    ),
    Hexapawn: Record(
        games={"hexapawn": Hexapawn},
        terminal=Hexapawn.parse(".b./ww./..b w"),  # 1.b2 axb2 2.cxb2 c2 3.a2 c1
        bad_states={"two pawns on a cell": HexapawnState(0b111000000, 0b001000000, MAX),
                    "four white pawns": HexapawnState(0b111001000, 0b111, MAX),
                    "a pawn home with its side to move": HexapawnState(0b1, 0b0100000, MAX),
                    "a tuple equal to the start": (0b111000000, 0b111, MAX)},
        bad_moves=[((7, 1), "illegal"), ((7.0, 4), "illegal"), ("b2", "(start, end)"),
                   (None, "(start, end)")],
        not_terminal="over",
    ),
    Chess: Record(
        games={"chess": Chess, "chess, checks noisy": lambda: Chess(checks_noisy=True)},
        terminal=Chess.parse("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1"),
        bad_states={"a FEN string": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
        bad_moves=[("e2e5", "e2e4"), ("Ke2", "e2e4"), (None, "none")],
        not_terminal="not over",
        playouts=(4, 40),
    ),
}


def variants() -> dict[str, Any]:
    """Every game instance the records name, by name."""
    return {name: make() for record in RECORDS.values() for name, make in record.games.items()}
