"""Known wrong pieces of MCTS and max^n, each an edit of the right piece, and the right ones.

The student's functions (the exercise's API):

- ``ucb1_score(total, visits, parent_visits, c) -> float``: ``inf`` for an unvisited child;
- ``select_child(children, parent_visits, c) -> move``: ``children`` is a list of
  ``(move, total, visits)`` in move order; the highest UCB1 score, the first on ties;
- ``reward(game, state) -> float``: MAX's reward at a terminal state, 1 win, 1/2 draw,
  0 loss (two-player games);
- ``backup(stats, movers, r) -> list``: ``stats[i] = (n, w)`` of the nodes on a path from
  the root down, ``movers[i]`` the player who moved into node ``i`` (``None`` at the root),
  ``r`` MAX's reward of the playout; the new ``(n, w)`` of every node, ``w`` counted for
  the player who moved into it (the root's for MAX);
- ``maxn_value(game, state) -> tuple``: the max^n utility tuple, no pruning, first best
  child on ties;
- ``mcts_move(game, state, iterations, seed) -> (move, visits)``: a whole UCT search of a
  two-player game built from the pieces above (``c = sqrt(2)``; the root and every visited
  node have all their children, unvisited ones first by their infinite score; random
  playouts with ``random.Random(seed)``): the root's most visited move (the first on ties)
  and the visits of the root's children, ``{move: visits}``. Each wrong version is the
  whole search built on one wrong piece.

The pieces are the exercise's own (the lessons' plain :func:`~aisearch.search.plain.uct` is one
function, and its :func:`~aisearch.search.plain.maxn` prunes), so each wrong piece is an edit
of the right piece here with one classic mistake (:func:`~aisearch.grading.mutate.mutant`).

Examples
--------
>>> ucb1_score(3, 4, 10, 2 ** 0.5) == ucb1_score_child_log(3, 4, 10, 2 ** 0.5)
False
>>> backup([(4, 2.0), (2, 1.0)], [None, 0], 0.0)
[(5, 2.0), (3, 1.0)]
>>> backup_not_flipped([(4, 2.0), (2, 1.0)], [None, 1], 1.0)
[(5, 3.0), (3, 2.0)]
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

from aisearch.core import MAX
from aisearch.grading.mutate import mutant
from aisearch.grading.recognise import BugClass, catalogue

__all__ = ["ucb1_score", "select_child", "reward", "backup", "maxn_value", "mcts_move", "BUGS",
           "CATALOGUE", "REFERENCES", "CHILD_LOG", "SIGN", "EXPLORATION", "UNVISITED",
           "NOT_FLIPPED",
           "DRAW_AS_LOSS", "ROOT_PLAYER"]

CHILD_LOG = BugClass(
    "child-log", "the logarithm of the child's visits: UCB1's bonus is "
    "c * sqrt(ln(N_parent) / n_child), with the parent's visits under the logarithm.")
SIGN = BugClass(
    "exploration-subtracted", "the exploration term is subtracted: UCB1 adds it, mean + "
    "c * sqrt(ln(N_parent) / n_child), so that rarely visited children get a bonus.")
EXPLORATION = BugClass(
    "too-little-exploration", "too little exploration: your search goes back to the best "
    "child so far and hardly tries the others. UCB1 adds the bonus c * sqrt(ln(N_parent) / "
    "n_child) to the mean (the parent's visits under the logarithm, the bonus added, not "
    "subtracted), so that a child visited rarely is tried again.")
UNVISITED = BugClass(
    "unvisited-last", "unvisited children not tried first: a child with no visits has UCB1 "
    "score +inf, so every move is tried once before any is tried twice.")
NOT_FLIPPED = BugClass(
    "not-flipped", "values not flipped between players: a node's total counts the reward of "
    "the player who moved into it, 1 - r where that player is MIN (r is MAX's reward).")
DRAW_AS_LOSS = BugClass(
    "draw-as-loss", "draws scored as losses: a draw is worth 1/2 to each player (a win 1, a "
    "loss 0).")
ROOT_PLAYER = BugClass(
    "root-player", "every node maximises the root player's component: in max^n each node "
    "takes the child best for the player to move *there* (its own component).")


def ucb1_score(total: float, visits: int, parent_visits: int, c: float) -> float:
    """UCB1: mean + c * sqrt(ln(parent_visits) / visits); inf when unvisited."""
    if visits == 0:
        return math.inf
    return total / visits + c * math.sqrt(math.log(parent_visits) / visits)


BONUS = "c * math.sqrt(math.log(parent_visits) / visits)"
"""UCB1's exploration bonus."""

ucb1_score_child_log = mutant(ucb1_score, CHILD_LOG, "ucb1_score_child_log", [
    (BONUS, "c * math.sqrt(math.log(visits) / visits)")], why=(
    "The logarithm of the child's visits, not the parent's: the two counts of the formula "
    "mixed up."))
ucb1_score_subtracted = mutant(ucb1_score, SIGN, "ucb1_score_subtracted", [
    ("+ " + BONUS, "- " + BONUS)], why=(
    "The exploration term subtracted, as if uncertainty were a risk to avoid."))
ucb1_score_unvisited_zero = mutant(ucb1_score, UNVISITED, "ucb1_score_unvisited_zero", [
    ("return math.inf", "return 0.0")], why=(
    "An unvisited child scores 0, the mean of no rewards, instead of +inf."))


def select_child(children: list, parent_visits: int, c: float) -> Any:
    """The move of the child with the highest UCB1 score (the first on ties)."""
    best, best_move = -math.inf, None
    for move, total, visits in children:
        score = ucb1_score(total, visits, parent_visits, c)
        if best_move is None or score > best:
            best, best_move = score, move
    return best_move


select_child_visited_only = mutant(select_child, UNVISITED, "select_child_visited_only", [
    ("        score = ucb1_score(",
     "        if visits == 0:\n            continue\n        score = ucb1_score("),
    ("    return best_move", "    return best_move if best_move is not None else children[0][0]")],
    why="Skips the unvisited children while others exist (to avoid dividing by zero).")
select_child_child_log = mutant(select_child, CHILD_LOG, "select_child_child_log", [
    ("ucb1_score(", "ucb1_score_child_log(")], why="Scores with the child's logarithm.")
select_child_subtracted = mutant(select_child, SIGN, "select_child_subtracted", [
    ("ucb1_score(", "ucb1_score_subtracted(")], why="Scores with the bonus subtracted.")


def reward(game: Any, state: Any) -> float:
    """MAX's reward at a terminal state: 1 for a win, 1/2 for a draw, 0 for a loss."""
    u = game.utility(state, MAX)
    return 1.0 if u > 0 else 0.0 if u < 0 else 0.5


reward_draw_as_loss = mutant(reward, DRAW_AS_LOSS, "reward_draw_as_loss", [
    (" else 0.0 if u < 0 else 0.5", " else 0.0")], why=(
    "Draws scored as losses: a reward of 'won or not'."))


def backup(stats: list, movers: list, r: float) -> list:
    """Add one visit and the reward of the player who moved into each node."""
    out = []
    for (n, w), mover in zip(stats, movers, strict=True):
        mine = r if mover in (None, MAX) else 1.0 - r
        out.append((n + 1, w + mine))
    return out


backup_not_flipped = mutant(backup, NOT_FLIPPED, "backup_not_flipped", [
    ("mine = r if mover in (None, MAX) else 1.0 - r", "mine = r")], why=(
    "Adds MAX's reward at every node: the values not flipped for MIN's nodes."))


def maxn_value(game: Any, state: Any) -> tuple:
    """The max^n utility tuple: each node takes its child best for its player to move."""
    if game.is_terminal(state):
        return tuple(game.utility(state, p) for p in range(game.players))
    p = game.to_move(state)
    best: tuple | None = None
    for m in game.moves(state):
        v = maxn_value(game, game.result(state, m))
        if best is None or v[p] > best[p]:
            best = v
    assert best is not None
    return best


maxn_value_root_player = mutant(maxn_value, ROOT_PLAYER, "maxn_value_root_player", [
    ("state: Any)", "state: Any, player: int | None = None)"),
    ("p = game.to_move(state)", "p = game.to_move(state) if player is None else player"),
    ("game.result(state, m))", "game.result(state, m), p)")], why=(
    "Every node maximises the root player's component (the two-player habit of one point of "
    "view)."))


def uct(game: Any, state: Any, iterations: int, seed: int, select: Callable[..., Any],
        score: Callable[..., float], back: Callable[..., list]) -> tuple[Any, dict]:
    """UCT from the pieces: ``select`` a child, ``score`` a terminal state, ``back`` up."""
    rng = random.Random(seed)
    stats: dict[tuple, tuple[int, float]] = {(): (0, 0.0)}
    for _ in range(iterations):
        path: tuple = ()
        s, movers = state, [None]
        while not game.is_terminal(s) and (stats[path][0] > 0 or path == ()):
            ms = game.moves(s)
            children = [(m, *reversed(stats.setdefault(path + (m,), (0, 0.0)))) for m in ms]
            m = select(children, stats[path][0], math.sqrt(2))
            movers.append(game.to_move(s))
            path, s = path + (m,), game.result(s, m)
        while not game.is_terminal(s):  # the playout
            s = game.result(s, rng.choice(game.moves(s)))
        nodes = [path[:k] for k in range(len(path) + 1)]
        for node, new in zip(nodes, back([stats[n] for n in nodes], movers, score(game, s)),
                             strict=True):
            stats[node] = new
    visits = {m: stats[(m,)][0] for m in game.moves(state) if (m,) in stats}
    best = max(visits, key=lambda m: visits[m]) if visits else None
    return best, visits


def mcts_move(game: Any, state: Any, iterations: int, seed: int) -> tuple[Any, dict]:
    """UCT: the most visited root move and the root's children's visits."""
    return uct(game, state, iterations, seed, select_child, reward, backup)


PIECES = "select_child, reward, backup"
"""The pieces the right UCT is built from."""

# On the graded trees the visits of the child's logarithm and of the subtracted bonus agree:
# both name the same class, too little exploration.
mcts_move_child_log = mutant(mcts_move, EXPLORATION, "mcts_move_child_log", [
    (PIECES, "select_child_child_log, reward, backup")], why="UCT built on the child's log.")
mcts_move_subtracted = mutant(mcts_move, EXPLORATION, "mcts_move_subtracted", [
    (PIECES, "select_child_subtracted, reward, backup")], why="UCT with the bonus subtracted.")
mcts_move_visited_only = mutant(mcts_move, UNVISITED, "mcts_move_visited_only", [
    (PIECES, "select_child_visited_only, reward, backup")], why=(
    "UCT that skips unvisited children."))
mcts_move_not_flipped = mutant(mcts_move, NOT_FLIPPED, "mcts_move_not_flipped", [
    (PIECES, "select_child, reward, backup_not_flipped")], why="UCT that never flips values.")
mcts_move_draw_as_loss = mutant(mcts_move, DRAW_AS_LOSS, "mcts_move_draw_as_loss", [
    (PIECES, "select_child, reward_draw_as_loss, backup")], why="UCT that scores draws as losses.")


CATALOGUE = {
    "ucb1_score": catalogue(ucb1_score_child_log, ucb1_score_subtracted,
                            ucb1_score_unvisited_zero),
    "select_child": catalogue(select_child_child_log, select_child_subtracted,
                              select_child_visited_only),
    "reward": catalogue(reward_draw_as_loss),
    "backup": catalogue(backup_not_flipped),
    "maxn_value": catalogue(maxn_value_root_player),
    "mcts_move": catalogue(mcts_move_child_log, mcts_move_subtracted, mcts_move_visited_only,
                           mcts_move_not_flipped, mcts_move_draw_as_loss),
}
BUGS = [bug for bugs in CATALOGUE.values() for bug in bugs]
REFERENCES = {"ucb1_score": ucb1_score, "select_child": select_child, "reward": reward,
              "backup": backup, "maxn_value": maxn_value, "mcts_move": mcts_move}
