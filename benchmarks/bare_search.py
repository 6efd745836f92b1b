"""The package's core searchers written bare: the same algorithms on the same game objects,
with nothing else (no checks, no counts, no tracing, no fastest-win scoring).

Each returns what the package's searcher returns, ``(value, principal variation)``, and
visits the same nodes in the same order (``bench_search.py`` checks it on every position
it times, counting the nodes outside the timed runs). They are the yardstick of the
runtime's overhead: the package's searcher's time over this one's.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

INF = math.inf
MAX, MIN, CHANCE = 0, 1, -1


def minimax(game: Any, state: Any, depth: float = INF,
            evaluate: Callable[[Any], float] | None = None) -> tuple[Any, tuple]:
    """Minimax (expectiminimax at chance nodes): ``(value, pv)``."""
    is_terminal, to_move, moves, result = game.is_terminal, game.to_move, game.moves, game.result
    utility, outcomes = game.utility, getattr(game, "chance_outcomes", None)

    def value(s: Any, d: float) -> tuple[Any, tuple]:
        if is_terminal(s):
            return utility(s, MAX), ()
        if d == 0:
            return evaluate(s), ()  # type: ignore[misc]
        player = to_move(s)
        if player == CHANCE:
            total = 0.0
            for m, p in outcomes(s):
                total += p * value(result(s, m), d - 1)[0]
            return total, ()
        line = None
        if player == MAX:
            best = -INF
            for m in moves(s):
                v, pv = value(result(s, m), d - 1)
                if v > best or line is None:
                    best, line = v, (m,) + pv
            return best, line
        best = INF
        for m in moves(s):
            v, pv = value(result(s, m), d - 1)
            if v < best or line is None:
                best, line = v, (m,) + pv
        return best, line

    return value(state, depth)


def alphabeta(game: Any, state: Any, depth: float = INF,
              evaluate: Callable[[Any], float] | None = None) -> tuple[Any, tuple]:
    """Alpha-beta, fail-hard, cutting when alpha >= beta: ``(value, pv)``."""
    is_terminal, to_move, moves, result = game.is_terminal, game.to_move, game.moves, game.result
    utility = game.utility

    def ab(s: Any, d: float, alpha: float, beta: float) -> tuple[Any, tuple]:
        if is_terminal(s):
            return utility(s, MAX), ()
        if d == 0:
            return evaluate(s), ()  # type: ignore[misc]
        ms, line = moves(s), None
        if to_move(s) == MAX:
            for m in ms:
                v, pv = ab(result(s, m), d - 1, alpha, beta)
                if v > alpha:
                    alpha, line = v, (m,) + pv
                elif line is None:
                    line = (m,) + pv
                if alpha >= beta:
                    return beta, line
            return alpha, line
        for m in ms:
            v, pv = ab(result(s, m), d - 1, alpha, beta)
            if v < beta:
                beta, line = v, (m,) + pv
            elif line is None:
                line = (m,) + pv
            if alpha >= beta:
                return alpha, line
        return beta, line

    return ab(state, depth, -INF, INF)


def alphabeta_tt(game: Any, state: Any, depth: float = INF,
                 evaluate: Callable[[Any], float] | None = None) -> tuple[Any, tuple]:
    """Fail-soft alpha-beta with a transposition table of bound flags, depth-preferred
    replacement and the table's move first; the root is always searched: ``(value, pv)``.
    Depth ``inf`` is stored as ``inf`` (the package stores its own stand-in)."""
    is_terminal, to_move, moves, result = game.is_terminal, game.to_move, game.moves, game.result
    utility = game.utility
    table: dict[Any, tuple[Any, str, float, Any]] = {}  # state -> (value, bound, depth, move)

    def ab(s: Any, d: float, alpha: float, beta: float, root: bool) -> tuple[Any, tuple]:
        if is_terminal(s):
            return utility(s, MAX), ()
        if d == 0:
            return evaluate(s), ()  # type: ignore[misc]
        known = table.get(s)
        if known is not None:
            value, bound, searched, move = known
            if not root and searched >= d and (bound == "exact" or (
                    value >= beta if bound == "lower" else value <= alpha)):
                return value, (move,)
        ms = moves(s)
        if known is not None and known[3] in ms and ms[0] != known[3]:
            ms = (known[3],) + tuple(m for m in ms if m != known[3])
        alpha0, beta0, line = alpha, beta, None
        if to_move(s) == MAX:
            best = -INF
            for m in ms:
                v, pv = ab(result(s, m), d - 1, alpha, beta, False)
                if v > best or line is None:
                    best, line = v, (m,) + pv
                    alpha = max(alpha, best)
                if alpha >= beta:
                    break
        else:
            best = INF
            for m in ms:
                v, pv = ab(result(s, m), d - 1, alpha, beta, False)
                if v < best or line is None:
                    best, line = v, (m,) + pv
                    beta = min(beta, best)
                if alpha >= beta:
                    break
        bound = "upper" if best <= alpha0 else "lower" if best >= beta0 else "exact"
        if known is None or d >= known[2]:
            table[s] = (best, bound, d, line[0])
        return best, line

    return ab(state, depth, -INF, INF, True)


class Node:
    """A node of the bare UCT tree: no link to its parent (an iteration keeps its path), so
    the tree has no reference cycle, as the package's has none."""

    __slots__ = ("state", "player", "terminal", "children", "untried", "n", "w", "move")

    def __init__(self, game: Any, state: Any, move: Any = None) -> None:
        self.state, self.move = state, move
        self.player = game.to_move(state)
        self.terminal = game.is_terminal(state)
        self.children: dict[Any, Node] = {}
        self.untried = [] if self.terminal else list(game.moves(state))
        self.n = 0
        self.w = [0.0, 0.0]


def uct(game: Any, state: Any, iterations: int, c: float = math.sqrt(2),
        seed: int = 0) -> tuple[Any, int]:
    """UCT for two-player games without chance: select by UCB1 (first best on ties),
    expand the first untried move, one random playout, back up win 1 / draw 1/2 / loss 0;
    the same random numbers as the package's MCTS for the same seed. ``(most visited
    move, root visits of it)``."""
    rng = random.Random(seed)
    is_terminal, moves, result, utility = game.is_terminal, game.moves, game.result, game.utility
    root = Node(game, state)
    log, sqrt = math.log, math.sqrt
    for _ in range(iterations):
        node, path = root, [root]
        while not node.terminal:
            if node.untried:
                m = node.untried.pop(0)
                child = Node(game, result(node.state, m), m)
                node.children[m] = child
                node = child
                path.append(node)
                break
            p, log_n, best, top = node.player, log(node.n), None, -INF
            for j in node.children.values():
                score = j.w[p] / j.n + c * sqrt(log_n / j.n)
                if score > top or best is None:
                    best, top = j, score
            node = best  # type: ignore[assignment]
            path.append(node)
        s = node.state
        while not is_terminal(s):
            ms = moves(s)
            s = result(s, ms[int(rng.random() * len(ms))])
        a, b = utility(s, MAX), utility(s, MIN)
        r = (1.0, 0.0) if a > b else (0.0, 1.0) if a < b else (0.5, 0.5)
        for m in path:
            m.n += 1
            w = m.w
            w[0] += r[0]
            w[1] += r[1]
    best = max(root.children.values(), key=lambda j: j.n)
    return best.move, best.n


class Counting:
    """A game that counts the nodes a search visits (its ``is_terminal`` calls: every
    searcher here asks it once per node); used outside the timed runs."""

    def __init__(self, game: Any) -> None:
        self.game, self.nodes = game, 0

    def is_terminal(self, s: Any) -> bool:
        self.nodes += 1
        return self.game.is_terminal(s)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)
