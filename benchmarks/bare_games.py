"""Searches written by hand for one game each, in plain Python with nothing generic: the
pure-Python ceiling that the package's generic searchers are compared with.

- tic-tac-toe on two 9-bit boards: minimax, alpha-beta (negamax, fail-soft) and UCT;
- Connect Four on two bitboards (7 x (6 + 1) bits): alpha-beta to a depth, 0 at the bound;
- the dice race (Pig cut off after a number of decisions, :mod:`dice_race`): expectiminimax
  on plain ints.

Each visits the nodes the package's searcher visits on the same game (the same move order,
the same cut test), and returns ``(value, nodes)``, except UCT (the most visited move).
"""

from __future__ import annotations

import math
import random

# -- tic-tac-toe ------------------------------------------------------------------------
LINES = (0o7, 0o70, 0o700, 0o111, 0o222, 0o444, 0o421, 0o124)
WINS = tuple(any(m & w == w for w in LINES) for m in range(512))
EMPTY = tuple(tuple(i for i in range(9) if not m >> i & 1) for m in range(512))


def ttt_minimax() -> tuple[int, int]:
    """Negamax over the whole game (no pruning), cells in order 0..8; (value, nodes)."""
    nodes = 0

    def nm(me: int, other: int) -> int:
        nonlocal nodes
        nodes += 1
        if WINS[other]:
            return -1
        empty = EMPTY[me | other]
        if not empty:
            return 0
        best = -2
        for cell in empty:
            v = -nm(other, me | 1 << cell)
            if v > best:
                best = v
        return best

    return nm(0, 0), nodes


def ttt_alphabeta() -> tuple[int, int]:
    """Fail-soft negamax alpha-beta, cells in order 0..8; (value, nodes)."""
    nodes = 0

    def nm(me: int, other: int, alpha: int, beta: int) -> int:
        nonlocal nodes
        nodes += 1
        if WINS[other]:
            return -1
        empty = EMPTY[me | other]
        if not empty:
            return 0
        best = -2
        for cell in empty:
            v = -nm(other, me | 1 << cell, -beta, -alpha)
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        return best

    return nm(0, 0, -2, 2), nodes


class _Node:
    __slots__ = ("me", "other", "children", "untried", "n", "w", "move", "done")

    def __init__(self, me: int, other: int, move: int = -1) -> None:
        self.me, self.other, self.move = me, other, move  # ``me``: the player to move
        self.done = WINS[other] or not EMPTY[me | other]
        self.untried = [] if self.done else list(EMPTY[me | other])
        self.children: list[_Node] = []
        self.n, self.w = 0, 0.0  # w: rewards of the player who moved into this node


def ttt_uct(iterations: int, c: float = 1.4, seed: int = 0) -> int:
    """UCT from the empty board, one random playout per iteration; the most visited cell."""
    rng = random.Random(seed)
    root = _Node(0, 0)
    log, sqrt = math.log, math.sqrt
    for _ in range(iterations):
        node, path = root, [root]
        while not node.done:
            if node.untried:
                cell = node.untried.pop(0)
                child = _Node(node.other, node.me | 1 << cell, cell)
                node.children.append(child)
                node = child
                path.append(node)
                break
            log_n, best, top = log(node.n), node.children[0], -1.0
            for j in node.children:
                score = j.w / j.n + c * sqrt(log_n / j.n)
                if score > top:
                    best, top = j, score
            node = best
            path.append(node)
        me, other = node.me, node.other  # ``other`` moved into the node
        plies, reward = 0, 0.5  # reward: of the player who moved into the node
        while True:
            if WINS[other]:  # the last to move won: the node's mover if plies are even
                reward = 1.0 if plies % 2 == 0 else 0.0
                break
            empty = EMPTY[me | other]
            if not empty:
                break
            me, other = other, me | 1 << empty[int(rng.random() * len(empty))]
            plies += 1
        for m in reversed(path):
            m.n += 1
            m.w += reward
            reward = 1.0 - reward
    return max(root.children, key=lambda j: j.n).move


# -- Connect Four -------------------------------------------------------------------------
H1, WIDTH = 7, 7
# Per column: its bottom cell, its top cell and all its cells, as bitboard masks.
COLUMNS = tuple((1 << (H1 * c), 1 << (H1 * c + 5), 0x3F << (H1 * c)) for c in range(WIDTH))
FULL = sum(top for _, top, _ in COLUMNS)


def c4_alphabeta(mine: int, theirs: int, depth: int) -> tuple[int, int]:
    """Fail-soft negamax alpha-beta to ``depth`` plies, 0 at the bound, columns 0..6, for
    the player to move holding ``mine``; (value for that player, nodes). Four in a row is
    tested on the whole bitboard of the player who just moved, one shift pair per
    direction written out (vertical, horizontal, the two diagonals)."""
    nodes = 0

    def nm(me: int, other: int, d: int, alpha: int, beta: int) -> int:
        nonlocal nodes
        nodes += 1
        m = other & other >> 1
        if m & m >> 2:
            return -1
        m = other & other >> 7
        if m & m >> 14:
            return -1
        m = other & other >> 6
        if m & m >> 12:
            return -1
        m = other & other >> 8
        if m & m >> 16:
            return -1
        mask = me | other
        if d == 0 or mask & FULL == FULL:  # the bound, or every column full: a draw
            return 0
        best = -2
        for bottom, top, column in COLUMNS:
            if mask & top:
                continue
            v = -nm(other, me | (mask + bottom) & column & ~mask, d - 1, -beta, -alpha)
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        return best

    return nm(mine, theirs, depth, -2, 2), nodes


# -- the dice race -------------------------------------------------------------------------
def race_expectiminimax(goal: int, horizon: int) -> tuple[float, int]:
    """Expectiminimax of the dice race on plain ints (the rules of ``dice_race.HorizonPig``,
    written out); (value for the first player, nodes)."""
    nodes = 0

    def value(a: int, b: int, turn: int, player: int, rolling: bool, n: int) -> float:
        nonlocal nodes
        nodes += 1
        if n >= horizon or a >= goal or b >= goal:
            return 1 if a >= goal else -1 if b >= goal else 0
        if rolling:
            total = value(a, b, 0, 1 - player, False, n) / 6
            for face in range(2, 7):
                total += value(a, b, turn + face, player, False, n) / 6
            return total
        hold = (value(a + turn, b, 0, 1, False, n + 1) if player == 0
                else value(a, b + turn, 0, 0, False, n + 1))
        if (a if player == 0 else b) + turn >= goal:
            return hold
        roll = value(a, b, turn, player, True, n + 1)
        return max(roll, hold) if player == 0 else min(roll, hold)

    return value(0, 0, 0, 0, False, 0), nodes
