"""Random inputs for question tests, drawn at grading time from a seeded generator.

Trees of varied shape (1 to 4 children per node, tips at different depths, explicit
MIN or MAX layers, ties and infinite tips), tic-tac-toe positions reached by random
play, and two-robot grids with walls. Every generator takes a :class:`random.Random`,
so a seed fixes the inputs.

Examples
--------
>>> import random
>>> case = tree_case(random.Random(1), limited=False)
>>> case.depth >= case.height and case.game.moves(case.state) != ()
True
>>> grid = random_grid(random.Random(2), rows=(3, 3), cols=(4, 4))
>>> len(grid), len(grid[0]), set("".join(grid)) <= {".", "#"}
(3, 4, True)
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from aisearch.core import MAX, MIN
from aisearch.games.tree import Max, Min, TreeGame

__all__ = [
    "Case",
    "random_tree",
    "tree_case",
    "tictactoe_case",
    "robots_case",
    "random_grid",
    "free_cells",
    "grid_game",
    "search_cases",
]


@dataclass(frozen=True)
class Case:
    """One search problem: a game, a root state, a depth (plies) and an evaluation.

    ``evaluate`` agrees with ``utility(s, MAX)`` on terminal states, so searchers that
    check the depth before the end of the game still get the same values.
    """

    game: Any
    state: Any
    depth: int
    evaluate: Callable[[Any], float]
    label: str
    size: int
    height: int = 0

    def describe(self) -> str:
        return self.label


def random_tree(
    rng: random.Random, *, max_depth: int = 4, low: int = -5, high: int = 5, p_inf: float = 0.06,
    p_tip: float = 0.15, p_explicit: float = 0.15, branching: tuple[int, ...] = (1, 2, 2, 3, 3, 3),
    root_branching: tuple[int, ...] = (2, 3, 3, 4),
) -> TreeGame:
    """A random tree: uneven branching, early tips, explicit layers, small ints and infinities.

    >>> game = random_tree(random.Random(0), max_depth=2)
    >>> all(len(t) <= 2 for t in game.tips)
    True
    """

    def tip() -> float:
        if rng.random() < p_inf:
            return rng.choice([math.inf, -math.inf])
        return rng.randint(low, high)

    def node(depth: int) -> Any:
        if depth == max_depth or (depth > 0 and rng.random() < p_tip):
            return tip()
        k = rng.choice(root_branching if depth == 0 else branching)
        kids = [node(depth + 1) for _ in range(k)]
        if 0 < depth and rng.random() < p_explicit:
            return rng.choice([Min, Max])(kids)
        return kids

    return TreeGame(node(0))


def tree_case(rng: random.Random, *, limited: bool | None = None, max_depth: int | None = None,
              sure_win: bool = False) -> Case:
    """A random tree with a depth: the full height (``limited=False``) or less (``True``).

    Internal nodes get random evaluations (used at the depth bound), tips their value.
    With ``sure_win``, a root move that is not the last leads straight to a win for the
    player at the root (+inf for MAX, -inf for MIN), where alpha >= beta holds at the root.
    """
    game = random_tree(rng, max_depth=max_depth or rng.choice([2, 3, 3, 4, 4]))
    if sure_win:
        first = rng.choice([MAX, MIN])
        kids = list(game.tree) + [rng.randint(-5, 5)]
        kids[rng.randrange(len(kids) - 1)] = math.inf if first == MAX else -math.inf
        game = TreeGame(kids, first=first)
    height = max(len(t) for t in game.tips)
    if limited is None:
        limited = rng.random() < 0.5
    if limited and height >= 2:
        depth = rng.randint(1, height - 1)
    else:
        limited, depth = False, height + rng.choice([0, 0, 1])
    h = {s: rng.randint(-5, 5) for s in game.states() if not game.is_terminal(s)}

    def evaluate(s: Any) -> float:
        return game.utility(s, MAX) if game.is_terminal(s) else h[s]

    label = f"TreeGame({game.tree!r}) searched to depth {depth}"
    if limited:
        bound = sorted(s for s in h if len(s) == depth)
        shown = ", ".join(f"{s}: {h[s]}" for s in bound[:12]) + (", ..." if len(bound) > 12 else "")
        label += f", where evaluate gives {{{shown}}}"
    return Case(game, game.initial, depth, evaluate, label, len(game), height)


def tictactoe_case(rng: random.Random) -> Case:
    """A tic-tac-toe position after 2 to 6 random moves, depth 1 to 3, Nilsson's e(p)."""
    from aisearch.games.tictactoe import TicTacToe

    game = TicTacToe()
    while True:
        s = game.initial
        for _ in range(rng.randint(2, 6)):
            s = game.result(s, rng.choice(game.moves(s)))
            if game.is_terminal(s):
                break
        if not game.is_terminal(s):
            break
    depth = rng.randint(1, 3)
    e = TicTacToe.nilsson_eval

    def evaluate(b: Any) -> float:
        return game.utility(b, MAX) if game.is_terminal(b) else e(b)

    label = (f"tic-tac-toe board {str(s)!r} ({'X' if game.to_move(s) == MAX else 'O'} to move, "
             f"X is MAX) at depth {depth}, evaluate = Nilsson's e(p)")
    return Case(game, s, depth, evaluate, label, 10 ** depth, depth)


def random_grid(
    rng: random.Random, *, rows: tuple[int, int] = (1, 6), cols: tuple[int, int] = (1, 6),
    walls: float | None = None, connected: bool = False,
) -> tuple[str, ...]:
    """A grid of ``'.'`` (free) and ``'#'`` (wall) rows with at least two free cells."""
    while True:
        r, c = rng.randint(*rows), rng.randint(*cols)
        p = rng.choice([0.0, 0.15, 0.3]) if walls is None else walls
        grid = tuple("".join("#" if rng.random() < p else "." for _ in range(c)) for _ in range(r))
        free = [(i, j) for i in range(r) for j in range(c) if grid[i][j] == "."]
        if len(free) < 2:
            continue
        if connected and len(_reach(grid, free[0])) != len(free):
            continue
        return grid


def _reach(grid: tuple[str, ...], start: tuple[int, int]) -> set[tuple[int, int]]:
    seen, todo = {start}, [start]
    while todo:
        r, c = todo.pop()
        for nr, nc in ((r - 1, c), (r + 1, c), (r, c + 1), (r, c - 1)):
            if (0 <= nr < len(grid) and 0 <= nc < len(grid[0]) and grid[nr][nc] == "."
                    and (nr, nc) not in seen):
                seen.add((nr, nc))
                todo.append((nr, nc))
    return seen


def free_cells(grid: tuple[str, ...]) -> list[tuple[int, int]]:
    """The free cells of a grid in row-major order."""
    return [(r, c) for r, row in enumerate(grid) for c, ch in enumerate(row) if ch == "."]


def grid_game(grid: tuple[str, ...], black: tuple[int, int] | None = None,
              white: tuple[int, int] | None = None, max_plies: int | None = None) -> Any:
    """The :class:`~aisearch.games.robots.TwoRobots` game on ``grid`` (robots default to the
    first and last free cells)."""
    from aisearch.games.robots import TwoRobots

    free = free_cells(grid)
    walls = [(r, c) for r, row in enumerate(grid) for c, ch in enumerate(row) if ch == "#"]
    return TwoRobots(len(grid), len(grid[0]), walls, black or free[0], white or free[-1],
                     max_plies=max_plies)


def robots_case(rng: random.Random) -> Case:
    """A two-robot position with a ply limit, depth 1 to 4, evaluate = ``distance_eval``."""
    from aisearch.games.robots import RobotsState

    while True:
        grid = random_grid(rng, rows=(2, 5), cols=(3, 5), walls=0.2, connected=True)
        free = free_cells(grid)
        if len(free) >= 4:
            break
    limit = rng.randint(6, 12)
    game = grid_game(grid, max_plies=limit)
    while True:  # connected, >= 4 free cells: most pairs are live positions
        b, w = rng.sample(free, 2)
        s = RobotsState(b, w, rng.choice([MAX, MIN]), rng.randint(0, limit - 2))
        if not game.is_terminal(s):
            break
    depth = rng.randint(1, 4)
    text = "/".join(grid)
    label = (f"two robots on grid {text!r} (max_plies={limit}), black at {b}, white at {w}, "
             f"{'White' if s.to_move == MAX else 'Black'} to move, ply {s.ply}, depth {depth}, "
             "evaluate = game.distance_eval")
    return Case(game, s, depth, game.distance_eval, label, 3 ** depth, depth)


def search_cases(rng: random.Random, trees: int = 24, tictactoe: int = 4, robots: int = 4,
                 limited: float = 0.5) -> list[Case]:
    """A mixed list: random trees (``limited`` of them depth-limited) and two with a sure win
    at the root, tic-tac-toe and robot positions."""
    cases = [tree_case(rng, limited=rng.random() < limited) for _ in range(trees)]
    cases += [tree_case(rng, limited=False, sure_win=True) for _ in range(2)]
    cases += [tictactoe_case(rng) for _ in range(tictactoe)]
    cases += [robots_case(rng) for _ in range(robots)]
    return cases
