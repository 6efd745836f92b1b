"""Random inputs for question tests, drawn at grading time from a seeded generator.

Trees of varied shape (1 to 4 children per node, tips at different depths, explicit
MIN or MAX layers, ties and infinite tips), tic-tac-toe positions reached by random
play, and two-robot grids with walls. Every generator takes a :class:`random.Random`,
so a seed fixes the inputs; a question draws from ``ctx.rng``.

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
    "search_cases",
    "losing_case",
    "tree_label",
    "transposition_case",
    "named_case",
    "random_grid",
    "free_cells",
    "grid_game",
    "utility_at_ends",
]


def utility_at_ends(game: Any, estimate: Callable[[Any], float]) -> Callable[[Any], float]:
    """An evaluation that agrees with the game where it has ended: ``game.utility(s, MAX)``
    at a terminal state, ``estimate(s)`` elsewhere.

    >>> from aisearch.games import TreeGame
    >>> game = TreeGame([3, [1, 2]])
    >>> evaluate = utility_at_ends(game, lambda s: 0)
    >>> evaluate((0,)), evaluate((1,))
    (3, 0)
    """

    def evaluate(s: Any) -> float:
        return game.utility(s, MAX) if game.is_terminal(s) else estimate(s)

    return evaluate


@dataclass(frozen=True)
class Case:
    """One search problem: a game, a root state, a depth (plies) and an evaluation.

    ``evaluate`` agrees with ``utility(s, MAX)`` on terminal states, so searchers that
    check the depth before the end of the game still get the same values. ``label``
    describes the case in feedback; ``size`` orders cases (the smallest wrong one is
    shown); ``height`` is the longest path to a tip (trees) or the depth.

    Examples
    --------
    >>> from aisearch.games import fig5_2
    >>> case = Case(fig5_2, fig5_2.initial, 2, lambda s: 0, "Fig 5.2", 13, 2)
    >>> case.describe()
    'Fig 5.2'
    """

    game: Any
    state: Any
    depth: int
    evaluate: Callable[[Any], float]
    label: str
    size: int
    height: int = 0

    def describe(self) -> str:
        """The case in words, for feedback."""
        return self.label


def random_tree(
    rng: random.Random, *, max_depth: int = 4, low: int = -5, high: int = 5, p_inf: float = 0.06,
    p_tip: float = 0.15, p_explicit: float = 0.15, branching: tuple[int, ...] = (1, 2, 2, 3, 3, 3),
    root_branching: tuple[int, ...] = (2, 3, 3, 4), first: int = MAX,
) -> TreeGame:
    """A random tree: uneven branching, early tips, explicit layers, small ints and infinities.

    Parameters
    ----------
    rng : random.Random
        The source of randomness.
    max_depth : int
        Tips lie at most this many plies below the root.
    low, high : int
        Tip values are drawn from ``low..high`` (or are ±inf with probability ``p_inf``).
    p_tip : float
        Chance that an inner node (not the root) is a tip before ``max_depth``.
    p_explicit : float
        Chance that an inner node is an explicit ``Min`` or ``Max`` layer.
    branching, root_branching : tuple of int
        Numbers of children to choose from, below the root and at the root.
    first : {MAX, MIN}
        The player at the root.

    Returns
    -------
    TreeGame

    Examples
    --------
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

    return TreeGame(node(0), first=first)


def tree_case(rng: random.Random, *, limited: bool | None = None, max_depth: int | None = None,
              sure_win: bool = False, first: int = MAX) -> Case:
    """A random tree with a depth: the full height (``limited=False``) or less (``True``).

    Internal nodes get random evaluations (used at the depth bound), tips their value.

    Parameters
    ----------
    rng : random.Random
        The source of randomness.
    limited : bool, optional
        Search to less than the tree's height (default: a coin flip).
    max_depth : int, optional
        The tree's largest depth (default: 2 to 4).
    sure_win : bool
        Add a root move, not the last, that leads straight to a win for the player at
        the root (+inf for MAX, -inf for MIN), where alpha >= beta holds at the root
        (the player at the root is then drawn at random).
    first : {MAX, MIN}
        The player at the root (without ``sure_win``).

    Returns
    -------
    Case

    Examples
    --------
    >>> case = tree_case(random.Random(4), limited=True)
    >>> case.depth < case.height, "where evaluate gives" in case.label
    (True, True)
    >>> win = tree_case(random.Random(4), sure_win=True)
    >>> any(abs(v) == math.inf for v in win.game.tree[:-1])
    True
    """
    game = random_tree(rng, max_depth=max_depth or rng.choice([2, 3, 3, 4, 4]), first=first)
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
    evaluate = utility_at_ends(game, h.__getitem__)
    return Case(game, game.initial, depth, evaluate, tree_label(game, depth, evaluate),
                len(game), height)


def tree_label(game: TreeGame, depth: int, evaluate: Callable[[Any], float]) -> str:
    """A tree case in words that rebuild it: the game's constructor call, the depth, and
    what ``evaluate`` gives at every non-terminal node at the depth bound.

    Examples
    --------
    >>> game = TreeGame([[1, [2, 3]], 4], first=MIN)
    >>> tree_label(game, 2, lambda s: 7)
    'TreeGame([[1, [2, 3]], 4], first=MIN) searched to depth 2, where evaluate gives {(0, 1): 7}'
    """
    label = f"{game.source()} searched to depth {depth}"
    bound = sorted(s for s in game.states() if len(s) == depth and not game.is_terminal(s))
    if bound:
        shown = ", ".join(f"{s}: {evaluate(s)!r}" for s in bound)
        label += f", where evaluate gives {{{shown}}}"
    return label


def losing_case(rng: random.Random, first: int = MAX) -> Case:
    """A random tree in which every move of the player at the root loses.

    Below each root move the opponent can end the game at once with a win (-inf for a
    MAX root, +inf for a MIN root), so every root move has the same value, a loss, and
    the answer is the first move (a searcher that only takes a move when it beats the
    value it started from returns none). Searched to the full height.

    Examples
    --------
    >>> case = losing_case(random.Random(3), first=MIN)
    >>> case.game.first == MIN, "first=MIN" in case.label
    (True, True)
    """
    lost = -math.inf if first == MAX else math.inf
    game = random_tree(rng, max_depth=rng.choice([2, 3, 3]), p_explicit=0.0, first=first)
    kids: list[Any] = []
    for kid in game.tree:
        kid = list(kid) if isinstance(kid, list) else [kid]
        kid.insert(rng.randrange(len(kid) + 1), lost)
        kids.append(kid)
    game = TreeGame(kids, first=first)
    height = max(len(t) for t in game.tips)
    evaluate = utility_at_ends(game, lambda s: 0)  # (never needed: every tip is reached)
    return Case(game, game.initial, height, evaluate, tree_label(game, height, evaluate),
                len(game), height)


def named_case(rng: random.Random, first: int = MAX) -> Case:
    """A tree whose root moves are letters in an order that is not sorted, two of which tie
    for the best value, the first of them (in ``game.moves`` order) the later in sorted
    order: a searcher that does not keep ``game.moves`` order (sorting the moves, say)
    returns the wrong one of the two.

    Examples
    --------
    >>> case = named_case(random.Random(2))
    >>> moves = case.game.moves(case.state)
    >>> list(moves) != sorted(moves)
    True
    """
    k = rng.randint(3, 4)
    keys = rng.sample("abcdefghjkmnpqrstuvwxyz", k)
    i, j = sorted(rng.sample(range(k), 2))
    if keys[i] < keys[j]:
        keys[i], keys[j] = keys[j], keys[i]  # the first of the tied moves sorts later
    sub = random_tree(rng, max_depth=2, p_inf=0.0, p_explicit=0.0,
                      root_branching=(2, 3), branching=(1, 2), first=1 - first)
    kids: list[Any] = [sub.tree[n % len(sub.tree)] if isinstance(sub.tree, list) else
                       rng.randint(-5, 5) for n in range(k)]
    best = 6 if first == MAX else -6  # beyond every other value (they are in -5..5)
    kids[i] = kids[j] = best
    game = TreeGame(dict(zip(keys, kids, strict=True)), first=first)
    height = max(len(t) for t in game.tips)

    evaluate = utility_at_ends(game, lambda s: 0)  # (never needed: every tip is reached)
    return Case(game, game.initial, height, evaluate, tree_label(game, height, evaluate),
                len(game), height)


def transposition_case(rng: random.Random) -> Case:
    """A game full of transpositions (:class:`~aisearch.games.dag.DagGame`), depth 4 or 5.

    Many move orders reach the same positions, so a searcher that remembers positions it
    has seen (a cache) generates fewer states than one that searches them again, and a
    cache that ignores the depth or the window changes values too.

    Examples
    --------
    >>> case = transposition_case(random.Random(0))
    >>> case.label.startswith("DagGame("), case.game.transpositions() > 0
    (True, True)
    """
    from aisearch.games.dag import DagGame

    d = rng.choice([4, 5])
    game = DagGame(b=rng.choice([2, 3]), d=d, width=rng.randint(3, 4),
                   seed=rng.randrange(10**6), skip=rng.choice([0.0, 0.3]))
    depth = rng.randint(d - 1, d)
    label = f"{game!r} searched to depth {depth}, evaluate = game.evaluate"
    return Case(game, game.initial, depth, game.evaluate, label, game.b ** depth, depth)


def tictactoe_case(rng: random.Random) -> Case:
    """A tic-tac-toe position after 2 to 6 random moves, depth 1 to 3, Nilsson's e(p).

    Examples
    --------
    >>> case = tictactoe_case(random.Random(0))
    >>> 1 <= case.depth <= 3 and not case.game.is_terminal(case.state)
    True
    """
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
    evaluate = utility_at_ends(game, TicTacToe.nilsson_eval)
    label = (f"tic-tac-toe board {str(s)!r} ({'X' if game.to_move(s) == MAX else 'O'} to move, "
             f"X is MAX) at depth {depth}, evaluate = Nilsson's e(p)")
    return Case(game, s, depth, evaluate, label, 10 ** depth, depth)


def random_grid(
    rng: random.Random, *, rows: tuple[int, int] = (1, 6), cols: tuple[int, int] = (1, 6),
    walls: float | None = None, connected: bool = False,
) -> tuple[str, ...]:
    """A grid of ``'.'`` (free) and ``'#'`` (wall) rows with at least two free cells.

    Parameters
    ----------
    rng : random.Random
        The source of randomness.
    rows, cols : tuple of int
        The smallest and largest numbers of rows and columns.
    walls : float, optional
        The chance of a wall in each cell (default: 0, 0.15 or 0.3).
    connected : bool
        Only grids whose free cells are all connected.

    Returns
    -------
    tuple of str

    Examples
    --------
    >>> random_grid(random.Random(3), rows=(2, 2), cols=(3, 3), walls=0.0)
    ('...', '...')
    """
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
    """The free cells of a grid in row-major order.

    Examples
    --------
    >>> free_cells((".#", ".."))
    [(0, 0), (1, 0), (1, 1)]
    """
    return [(r, c) for r, row in enumerate(grid) for c, ch in enumerate(row) if ch == "."]


def grid_game(grid: tuple[str, ...], black: tuple[int, int] | None = None,
              white: tuple[int, int] | None = None, max_plies: int | None = None) -> Any:
    """The :class:`~aisearch.games.robots.TwoRobots` game on ``grid``.

    The robots start on ``black`` and ``white``, by default the first and last free cells.

    Examples
    --------
    >>> game = grid_game((".#", ".."))
    >>> game.initial.black, game.initial.white, sorted(game.walls)
    ((0, 0), (1, 1), [(0, 1)])
    """
    from aisearch.games.robots import TwoRobots

    free = free_cells(grid)
    walls = [(r, c) for r, row in enumerate(grid) for c, ch in enumerate(row) if ch == "#"]
    return TwoRobots(len(grid), len(grid[0]), walls, black or free[0], white or free[-1],
                     max_plies=max_plies)


def robots_case(rng: random.Random) -> Case:
    """A two-robot position with a ply limit, depth 1 to 4, evaluate = ``distance_eval``.

    Examples
    --------
    >>> case = robots_case(random.Random(0))
    >>> case.label.startswith("two robots on grid"), case.game.is_terminal(case.state)
    (True, False)
    """
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
    """A mixed list of search problems, as the searcher questions draw them.

    Parameters
    ----------
    rng : random.Random
        The source of randomness.
    trees : int
        Random trees, a fraction ``limited`` of them depth-limited, every fourth with MIN
        at the root; two more trees follow with a sure win at the root.
    tictactoe, robots : int
        Tic-tac-toe and two-robot positions.

    Returns
    -------
    list of Case
        Besides the random ones, every list holds the pitfalls: trees whose root loses
        whatever it plays (MAX and MIN at the root, :func:`losing_case`), a tree searched
        to its full height (tips at the depth bound are terminal: ``utility``, not
        ``evaluate``), two trees whose moves are not in sorted order and tie for the best
        (:func:`named_case`), and two games full of transpositions
        (:func:`transposition_case`).

    Examples
    --------
    >>> len(search_cases(random.Random(0)))
    41
    """
    cases = [tree_case(rng, limited=rng.random() < limited, first=MIN if i % 4 == 3 else MAX)
             for i in range(trees)]
    cases += [tree_case(rng, limited=False, sure_win=True) for _ in range(2)]
    cases += [losing_case(rng, MAX), losing_case(rng, MIN)]
    full = tree_case(rng, limited=False, max_depth=3)
    cases.append(Case(full.game, full.state, full.height, full.evaluate,
                      tree_label(full.game, full.height, full.evaluate), full.size, full.height))
    cases += [named_case(rng, MAX), named_case(rng, MIN)]
    cases += [transposition_case(rng) for _ in range(2)]
    cases += [tictactoe_case(rng) for _ in range(tictactoe)]
    cases += [robots_case(rng) for _ in range(robots)]
    return cases
