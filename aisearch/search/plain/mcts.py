"""Lesson 08 in plain sight, part 1: Monte Carlo tree search with UCB1 (UCT).

:func:`uct` runs the four steps of every iteration (selection by UCB1, expansion of one
node, a random playout, the backup of its rewards) and plays the root's most visited move;
a :class:`Node` keeps a position's visits ``n`` and every player's total reward ``w``.
Rewards are in [0, 1]: each player's share of the other players it beats, a tie counting
half (two players: a win 1, a draw 1/2, a loss 0). At a chance node the selection samples an
outcome by its probability.

It stands for the package's :class:`~aisearch.search.MCTS` with the same ``c`` and
``seed`` (no ``value``, ``policy`` or budget): for the same seed the two draw the same
random numbers, grow the same tree (every node's visits and rewards) and generate the same
states in the same order (``tests/search/test_plain_mcts.py``). The package samples an
outcome in the tree by a running sum of the probabilities and in a playout with
``random.choices``, which draw the same outcome from the same random number when the
probabilities add up to exactly 1 (as on the test trees, whose probabilities are sums of
powers of 1/2); the plain version uses ``random.choices`` for both.

Examples
--------
>>> from aisearch.games import TicTacToe
>>> game = TicTacToe()
>>> move, root = uct(game, TicTacToe.parse("xx./oo./..."), 300, seed=1)
>>> move, root.n
(2, 300)
"""

from __future__ import annotations

import math
import random
from typing import Any

from aisearch.core import CHANCE

__all__ = ["uct", "Node", "rewards", "SQRT2"]

SQRT2 = math.sqrt(2)


class Node:
    """A node of the tree: its state, the player to move, the moves not tried yet (in the
    game's order), its children by move, its visits ``n`` and each player's reward ``w``."""

    def __init__(self, game: Any, state: Any, move: Any = None) -> None:
        self.state, self.move, self.player = state, move, game.to_move(state)
        terminal = game.is_terminal(state)
        self.untried = [] if terminal or self.player == CHANCE else list(game.moves(state))
        self.children: dict[Any, Node] = {}
        self.n, self.w = 0, [0.0] * getattr(game, "players", 2)


def uct(game: Any, state: Any, iterations: int, c: float = SQRT2,
        seed: int = 0) -> tuple[Any, Node]:
    """``iterations`` of MCTS with UCB1 from ``state``: the most visited move, and the tree.

    >>> from aisearch.games import fig5_2
    >>> uct(fig5_2, fig5_2.initial, 3)[1].n
    3
    """
    rng, root = random.Random(seed), Node(game, state)
    for _ in range(iterations):
        node, path = root, [root]
        while not game.is_terminal(node.state):  # 1. selection
            if node.player == CHANCE:  # the dice: an outcome at random, by its probability
                outcomes = game.chance_outcomes(node.state)
                move = rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0]
            elif node.untried:
                move = node.untried.pop(0)
            else:  # every move tried: the child of highest UCB1 for the player to move
                p, parent_visits = node.player, node.n
                node = max(node.children.values(), key=lambda j: j.w[p] / j.n + c * math.sqrt(
                    math.log(parent_visits) / j.n))
                path.append(node)
                continue
            if move not in node.children:  # 2. expansion: one new node
                node.children[move] = Node(game, game.result(node.state, move), move)
                node = node.children[move]
                path.append(node)
                break
            node = node.children[move]
            path.append(node)
        r = playout(game, node.state, rng)  # 3. simulation
        for m in path:  # 4. backup: each node adds every player's reward
            m.n += 1
            m.w = [w + x for w, x in zip(m.w, r, strict=True)]
    return max(root.children.values(), key=lambda j: j.n).move, root


def playout(game: Any, state: Any, rng: random.Random) -> list[float]:
    """Random moves (and dice) to the end of the game; every player's reward there."""
    while not game.is_terminal(state):
        if game.to_move(state) == CHANCE:
            outcomes = game.chance_outcomes(state)
            move = rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            moves = game.moves(state)
            move = moves[int(rng.random() * len(moves))]
        state = game.result(state, move)
    return rewards(game, state)


def rewards(game: Any, state: Any) -> list[float]:
    """Each player's share of the other players whose utility it beats, ties half.

    >>> from aisearch.games import TicTacToe
    >>> rewards(TicTacToe(), TicTacToe.parse("xxx/oo./..."))
    [1.0, 0.0]
    """
    n = getattr(game, "players", 2)
    u = [game.utility(state, p) for p in range(n)]
    return [sum(1.0 if u[p] > u[q] else 0.5 if u[p] == u[q] else 0.0
                for q in range(n) if q != p) / (n - 1) for p in range(n)]
