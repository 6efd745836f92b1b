"""Known wrong implementations, used to recognise a student's bug by its behaviour.

The grader runs each wrong implementation on the same random inputs as the student's
function; when one reproduces the student's values, moves and generated states on
every input, the feedback names its bug class. :func:`textbook` is one plain
minimax / alpha-beta in the exercises' API, ``f(game, state, depth, evaluate) ->
(value, move)``, with switches that each plant one bug; with no switches it agrees
exactly with :func:`aisearch.search.minimax` / :func:`aisearch.search.alphabeta`
(values, moves and the sequence of generated states).

Examples
--------
>>> from aisearch.games import fig5_2
>>> textbook(fig5_2, fig5_2.initial, 2, None)
(3, 0)
>>> textbook(fig5_2, fig5_2.initial, 2, None, bugs={"value_move"})
3
>>> [bug.key for bug in ALPHABETA_BUGS][:3]
['no-pruning', 'cut-rule', 'wrong-side']
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection
from dataclasses import dataclass
from functools import partial
from typing import Any

from aisearch.core import MAX, MIN

__all__ = [
    "Bug",
    "textbook",
    "FEEDBACK",
    "MINIMAX_BUGS",
    "ALPHABETA_BUGS",
    "ROBOT_MOVES_BUGS",
    "ROBOT_RESULT_BUGS",
]

INF = math.inf

FEEDBACK: dict[str, str] = {
    "no-pruning": "no pruning: your search generates every node, as plain minimax does. Stop "
    "searching a node's remaining moves as soon as alpha >= beta.",
    "cut-rule": "wrong cut-off rule: your search cuts only when alpha > beta (strictly). This "
    "exercise cuts on equality too: stop as soon as alpha >= beta.",
    "wrong-side": "cut-offs on the wrong side: a MAX node stops when its value reaches beta "
    "(v >= beta) and a MIN node when its value falls to alpha (v <= alpha); your tests look "
    "swapped between MAX and MIN nodes.",
    "swapped-bounds": "swapped bounds: pass the window to a child as (alpha, beta), in that "
    "order; your children receive (beta, alpha).",
    "root-alpha": "alpha is not carried across the root's children: each root move is searched "
    "with a fresh window (-inf, +inf). Pass the best value found so far at the root (alpha at a "
    "MAX root, beta at a MIN root) on to the next root move.",
    "root-cut": "the root never cuts off: treat the root like any other node. When a root move "
    "reaches +inf (MAX to move) or -inf (MIN to move), alpha >= beta holds at the root too, "
    "so stop there.",
    "value-for-move": "returns the value instead of the move: return the pair (value, move), "
    "where move is one of game.moves(state).",
    "depth-off-by-one": "depth off by one: depth counts plies (single moves). With depth 1 you "
    "look at the children of state; evaluate the non-terminal states where depth reaches 0, "
    "no earlier and no later.",
    "point-of-view": "values from the wrong player's point of view: game.utility(s, MAX) and "
    "evaluate(s) are both from MAX's point of view at every node; do not use the player to "
    "move and do not negate values at MIN nodes.",
    "evaluates-non-tips": "evaluates non-tip nodes: call evaluate only on non-terminal states at "
    "the depth bound (depth == 0), never on a node you go on to expand.",
    "ties": "ties broken the wrong way: when several moves are equally good, return the first "
    "of them in game.moves order (update the best move with > at MAX, < at MIN, not >= or <=).",
    "eager-generation": "children generated up front: call game.result(state, move) only when "
    "you are about to search that move. A child generated before a cut-off counts as generated "
    "(the CS188 rule).",
    "move-order": "moves in the wrong order: list the legal moves in the order N, S, E, W.",
    "off-grid": "moves off the grid: check 0 <= row < rows and 0 <= col < cols before looking "
    "at grid[row][col]; in Python grid[-1] is the last row, so steps off the top or left edge "
    "slip through.",
    "walls": "walls ignored: a robot cannot step onto a '#' cell.",
    "wrong-robot": "the wrong robot moves: Black moves when to_move is MIN, White when it is MAX.",
    "after-capture": "moves after the game is over: when both robots are on one cell, White has "
    "caught Black and there are no legal moves.",
    "axes": "rows and columns swapped: N and S change the row (N is row - 1), E and W the "
    "column (E is col + 1).",
    "directions": "directions flipped: N is row - 1 (up), S is row + 1, E is col + 1, "
    "W is col - 1.",
    "no-switch": "the turn does not pass: after a move the other robot is to move (MIN <-> MAX).",
}


@dataclass(frozen=True)
class Bug:
    """A known wrong implementation: its bug class ``key`` and the function showing it."""

    key: str
    impl: Callable[..., Any]
    name: str = ""

    @property
    def feedback(self) -> str:
        return FEEDBACK[self.key]


def textbook(
    game: Any, state: Any, depth: int, evaluate: Any, *, prune: bool = True,
    bugs: Collection[str] = (),
) -> Any:
    """Minimax (``prune=False``) or alpha-beta, the exercises' way, with optional bugs.

    Alpha-beta here is AIMA's fail-soft form (test ``v >= beta``, then raise alpha), which
    generates the same states as :func:`aisearch.search.alphabeta` (cut when alpha >= beta,
    root included); the switch ``update_first`` raises alpha first and then tests
    ``alpha >= beta``, the same search unless another bug breaks the window.

    >>> from aisearch.games import TreeGame
    >>> game = TreeGame([3, 5])
    >>> textbook(game, (), 1, None), textbook(game, (), 1, None, bugs={"pov_utility"})
    ((5, 1), (-3, 0))
    """
    on_equal = "strict" not in bugs
    stop_at = 1 if "depth_short" in bugs else -1 if "depth_long" in bugs else 0

    def value(s: Any, d: int, alpha: float, beta: float) -> float:
        if "eval_internal" in bugs and not game.is_terminal(s):
            evaluate(s)  # the bug: an evaluation of a node that may then be expanded
        if game.is_terminal(s):
            return game.utility(s, game.to_move(s) if "pov_utility" in bugs else MAX)
        if d <= stop_at:
            v = evaluate(s)
            return -v if "pov_negate" in bugs and game.to_move(s) == MIN else v
        return search(s, d, alpha, beta, False)[0]

    def search(s: Any, d: int, alpha: float, beta: float, root: bool) -> tuple[float, Any]:
        maximizing = game.to_move(s) == MAX
        moves = tuple(game.moves(s))
        kids = [game.result(s, m) for m in moves] if "eager" in bugs else None
        best, best_move, found = (-INF if maximizing else INF), None, False
        for i, m in enumerate(moves):
            child = kids[i] if kids is not None else game.result(s, m)
            if root and "root_reset" in bugs:
                window = (-INF, INF)
            elif "swapped_window" in bugs:
                window = (beta, alpha)
            else:
                window = (alpha, beta)
            v = value(child, d - 1, *window)
            better = v > best if maximizing else v < best
            if root and "last_best" in bugs:
                better = better or v == best
            if better or not found:
                best, best_move, found = v, m, True
            if not prune:
                continue
            if root and ("root_reset" in bugs or "no_root_cut" in bugs):
                if "no_root_cut" in bugs and maximizing:
                    alpha = max(alpha, best)
                elif "no_root_cut" in bugs:
                    beta = min(beta, best)
                continue
            if "update_first" in bugs:  # alpha = max(alpha, v); stop if alpha >= beta
                if maximizing:
                    alpha = max(alpha, best)
                else:
                    beta = min(beta, best)
                if alpha > beta or (on_equal and alpha == beta):
                    break
                continue
            if "wrong_side" in bugs:
                cut = (best < alpha or (on_equal and best == alpha)) if maximizing else (
                    best > beta or (on_equal and best == beta))
            else:
                cut = (best > beta or (on_equal and best == beta)) if maximizing else (
                    best < alpha or (on_equal and best == alpha))
            if cut:
                break
            if maximizing:
                alpha = max(alpha, best)
            else:
                beta = min(beta, best)
        return best, best_move

    if game.is_terminal(state) or depth <= stop_at:
        out: tuple[float, Any] = (value(state, depth, -INF, INF), None)
    else:
        if "eval_internal" in bugs:
            evaluate(state)
        out = search(state, depth, -INF, INF, True)
    return out[0] if "value_move" in bugs else out


def _variant(key: str, *bugs: str, prune: bool = True) -> Bug:
    impl = partial(textbook, prune=prune, bugs=frozenset(bugs))
    return Bug(key, impl, "+".join(bugs) or "minimax")


_COMMON = [
    ("value-for-move", ("value_move",)),
    ("depth-off-by-one", ("depth_short",)),
    ("depth-off-by-one", ("depth_long",)),
    ("point-of-view", ("pov_utility",)),
    ("point-of-view", ("pov_negate",)),
    ("evaluates-non-tips", ("eval_internal",)),
    ("ties", ("last_best",)),
]

MINIMAX_BUGS: list[Bug] = [_variant(key, *bugs, prune=False) for key, bugs in _COMMON]
"""Wrong minimax implementations, most specific first."""

ALPHABETA_BUGS: list[Bug] = [
    _variant("no-pruning", prune=False),
    _variant("cut-rule", "strict"),
    _variant("wrong-side", "wrong_side"),
    _variant("swapped-bounds", "swapped_window"),
    _variant("swapped-bounds", "swapped_window", "update_first"),
    _variant("root-alpha", "root_reset"),
    _variant("root-cut", "no_root_cut"),
    _variant("eager-generation", "eager"),
    *[_variant(key, *bugs) for key, bugs in _COMMON],
    _variant("no-pruning", "value_move", prune=False),
    _variant("cut-rule", "strict", "no_root_cut"),
    _variant("root-alpha", "root_reset", "value_move"),
]
"""Wrong alpha-beta implementations, most specific first (a few common double bugs last)."""


# -- the two robots (exercise 01): grid = tuple of strings, state = (black, white, to_move) ----
STEPS = {"N": (-1, 0), "S": (1, 0), "E": (0, 1), "W": (0, -1)}


def robot_moves(grid: Any, state: Any, *, bugs: Collection[str] = ()) -> list[str]:
    """Legal moves of the robot to move, with optional bugs (no bugs: the right answer).

    >>> robot_moves(("..", "#."), ((0, 0), (1, 1), MIN))
    ['E']
    >>> robot_moves(("..", "#."), ((0, 0), (1, 1), MIN), bugs={"walls"})
    ['S', 'E']
    """
    black, white, to_move = state
    if black == white and "after_capture" not in bugs:
        return []
    mover = (to_move == MAX) if "wrong_robot" in bugs else (to_move == MIN)
    r, c = black if mover else white
    order = sorted(STEPS) if "order" in bugs else list(STEPS)
    out = []
    for m in order:
        dr, dc = _step(m, bugs)
        nr, nc = r + dr, c + dc
        if "off_grid" in bugs:
            try:
                cell = grid[nr][nc]
            except IndexError:
                continue
        elif 0 <= nr < len(grid) and 0 <= nc < len(grid[0]):
            cell = grid[nr][nc]
        else:
            continue
        if cell != "#" or "walls" in bugs:
            out.append(m)
    return out


def _step(m: str, bugs: Collection[str]) -> tuple[int, int]:
    dr, dc = STEPS[m]
    if "axes" in bugs:
        dr, dc = dc, dr
    if "directions" in bugs:
        dr, dc = -dr, -dc
    return dr, dc


def robot_result(grid: Any, state: Any, move: str, *, bugs: Collection[str] = ()) -> tuple:
    """The state after ``move`` (assumed legal), with optional bugs.

    >>> robot_result(("..", ".."), ((0, 0), (1, 1), MIN), "E")
    ((0, 1), (1, 1), 0)
    """
    black, white, to_move = state
    dr, dc = _step(move, bugs)
    black_moves = (to_move == MAX) if "wrong_robot" in bugs else (to_move == MIN)
    nxt = to_move if "no_switch" in bugs else (MAX if to_move == MIN else MIN)
    if black_moves:
        return ((black[0] + dr, black[1] + dc), white, nxt)
    return (black, (white[0] + dr, white[1] + dc), nxt)


ROBOT_MOVES_BUGS: list[Bug] = [
    Bug(key, partial(robot_moves, bugs=frozenset(b)), "+".join(b))
    for key, b in [("move-order", ("order",)), ("off-grid", ("off_grid",)), ("walls", ("walls",)),
                   ("wrong-robot", ("wrong_robot",)), ("after-capture", ("after_capture",)),
                   ("axes", ("axes",)), ("directions", ("directions",))]
]
"""Wrong ``legal_moves`` implementations."""

ROBOT_RESULT_BUGS: list[Bug] = [
    Bug(key, partial(robot_result, bugs=frozenset(b)), "+".join(b))
    for key, b in [("no-switch", ("no_switch",)), ("wrong-robot", ("wrong_robot",)),
                   ("axes", ("axes",)), ("directions", ("directions",))]
]
"""Wrong ``result`` implementations."""
