"""The check of a whole MCTS (question ``08.mcts``): exact visits, then play.

1. **Visits on fixed trees.** On trees one move deep whose tips end the game (wins,
   draws and losses, some with MIN to move at the root), UCT uses no random number: the
   visits of the root's children after ``n`` iterations follow from UCB1 alone. They are
   compared with the package's :class:`~aisearch.search.MCTS`; a difference is matched
   against the whole searches built on each known wrong piece (``bugs.py``), which names
   the bug (the log of the child's visits, values not flipped, draws as losses, unvisited
   children not tried first). The move returned must be the root's most visited child, the
   first in move order on ties (MCTS's final choice), not the one of best mean.
2. **Play.** Tic-tac-toe positions with a clear answer (a win at once, or one move that
   keeps the best result), where the move must keep the game-theoretic value
   (minimax's) and the root's visits must be UCT's (the exercise fixes the random
   numbers: ``rng = random.Random(seed)``, ``rng.choice(game.moves(s))`` in the playouts,
   so a search that is not UCT, minimax say, cannot earn these points by its moves), and
   four games against a random player (two as X, two as O), which a correct UCT with 300
   iterations a move does not lose.

Everything the student's function does is a call through ``ctx.call``: its answers are
noted in the grading process and the scores are computed from them by the grader.

Examples
--------
>>> from aisearch.grading.exercises.ex08_mcts_and_more_players.bugs import REFERENCES
>>> check_mcts(Context(REFERENCES, seed=1)) is None
True
"""

from __future__ import annotations

import random
from typing import Any

from aisearch.core import MAX
from aisearch.games import Min, TicTacToe, TreeGame
from aisearch.grading.exercises.ex08_mcts_and_more_players.bugs import CATALOGUE, mcts_move
from aisearch.grading.question import Context, Fail, Score
from aisearch.grading.recognise import recognise
from aisearch.search import MCTS, minimax

__all__ = ["check_mcts", "tree_cases", "clear_positions", "PLAY_ITERATIONS"]

PLAY_ITERATIONS = 300
"""Iterations a move in the play part (enough for a correct UCT, measured on 60 seeds)."""
TTT = TicTacToe()


def tree_cases(rng: random.Random) -> list[tuple]:
    """Six one-move trees of terminal tips in {-1, 0, 1}: ``(game, state, iterations,
    seed)``. The first three always hold a MIN root with a win and a loss, a MAX root
    with draws and losses only, and a MIN root with draws and MAX's wins."""
    out = []
    for i in range(6):
        allowed = (0, -1) if i == 1 else (-1, 0, 1)
        needed = [(1, -1), (0, -1), (0, 1)][i] if i < 3 else ()
        tips = [*needed] + [rng.choice(allowed) for _ in range(rng.randint(3, 6) - len(needed))]
        rng.shuffle(tips)
        game = TreeGame(Min(tips) if i % 2 == 0 else tips)
        out.append((game, game.initial, rng.randint(20, 60), rng.randrange(10**6)))
    return out


def _visits(game: Any, state: Any, iterations: int, seed: int) -> dict:
    tree = MCTS(game, state, seed=seed)
    for _ in range(iterations):
        tree.iterate()
    return {m: child.n for m, child in tree.root.children.items()}


def _wins_now(s: Any, player: int) -> list:
    return [m for m in TTT.moves(s) if TTT.is_terminal(TTT.result(s, m))
            and TTT.utility(TTT.result(s, m), player) > 0]


def clear_positions(rng: random.Random, k: int = 6) -> list[tuple[Any, tuple]]:
    """``k`` tic-tac-toe positions after 4-6 random moves with a clear answer: the mover
    wins at once, or one move alone keeps minimax's value; each with its good moves (those
    that keep the value), at most half of the moves."""
    out: list[tuple[Any, tuple]] = []
    while len(out) < k:
        s = TTT.initial
        for _ in range(rng.randint(4, 6)):
            s = TTT.result(s, rng.choice(TTT.moves(s)))
            if TTT.is_terminal(s):
                break
        if TTT.is_terminal(s):
            continue
        mover = TTT.to_move(s)
        sign = 1 if mover == MAX else -1
        values = {m: sign * minimax(TTT, TTT.result(s, m), fastest_wins=False).value
                  for m in TTT.moves(s)}
        best = max(values.values())
        good = tuple(m for m, v in values.items() if v == best)
        if (_wins_now(s, mover) or len(good) == 1) and 2 * len(good) <= len(values):
            out.append((s, good))
    return out


def _answer(ctx: Context, f: Any, s: Any, seed: int) -> tuple[Any, Any]:
    out = ctx.call(f, TTT, s, PLAY_ITERATIONS, seed)
    move = out[0] if isinstance(out, tuple) and len(out) == 2 else None
    if move not in TTT.moves(s):
        raise Fail(f"mcts_move must return (move, visits) with a legal move; on "
                   f"{s!r} it returned {out!r:.200}")
    return move, out[1]


def _move(ctx: Context, f: Any, s: Any, seed: int) -> Any:
    return _answer(ctx, f, s, seed)[0]


def _play(ctx: Context, f: Any) -> str | None:
    """What went wrong in play, or None."""
    wrong, unlike = [], []
    for s, good in clear_positions(ctx.rng):
        seed = ctx.rng.randrange(10**6)
        move, visits = _answer(ctx, f, s, seed)
        if move not in good:
            wrong.append(f"on {s!r} you play {move}, the moves that keep the best result "
                         f"are {', '.join(map(str, good))}")
        want = mcts_move(TTT, s, PLAY_ITERATIONS, seed)[1]
        if visits != want:
            unlike.append(f"on {s!r} with seed {seed} the root's children have the visits "
                          f"{visits!r:.200}, UCT's are {want!r}")
    if unlike:
        wrong.append(f"the visits are not UCT's in {len(unlike)} of the positions (the "
                     "exercise fixes the random numbers: rng = random.Random(seed) once per "
                     "search, rng.choice(game.moves(s)) in the playouts); for example "
                     f"{unlike[0]}")
    lost = 0
    for g in range(4):
        side, s = g % 2, TTT.initial
        while not TTT.is_terminal(s):
            m = (_move(ctx, f, s, ctx.rng.randrange(10**6)) if TTT.to_move(s) == side
                 else ctx.rng.choice(TTT.moves(s)))
            s = TTT.result(s, m)
        lost += TTT.utility(s, side) < 0
    if lost:
        wrong.append(f"you lost {lost} of 4 games to a random player ({PLAY_ITERATIONS} "
                     "iterations a move)")
    return "; ".join(wrong) if wrong else None


def _most_visited(game: Any, state: Any, visits: dict) -> Any:
    """The root's most visited move, the first in move order on ties."""
    return max(game.moves(state), key=lambda m: visits.get(m, 0))


def check_mcts(ctx: Context) -> Score | None:
    """Grade ``mcts_move``: 2 points for the exact visits on fixed trees and their most
    visited moves, 2 for play."""
    f = ctx.function("mcts_move")
    cases = tree_cases(ctx.rng)
    got, wrong, moved = [], [], []
    for args in cases:
        out = ctx.call(f, *args)
        visits = out[1] if isinstance(out, tuple) and len(out) == 2 else out
        got.append(visits)
        want = _visits(*args)
        if visits != want:
            wrong.append((args, visits, want))
        elif (most := _most_visited(args[0], args[1], want)) != out[0]:
            moved.append(f"on {args[0]!r} after {args[2]} iterations the visits are {want!r} "
                         f"and you return the move {out[0]!r:.40}, not {most!r}")
    if wrong:
        bug, _ = recognise(got, cases, CATALOGUE["mcts_move"], lambda impl, a: impl(*a)[1])
        args, out, want = wrong[0]
        example = (f"{len(wrong)} of {len(cases)} fixed trees wrong. For example, on "
                   f"{args[0]!r} after {args[2]} iterations the root's children have the "
                   f"visits {out!r:.200}; UCT gives {want!r}.")
        if bug is not None:
            raise Fail(f"{bug.feedback} {example}", bug=bug.key)
        raise Fail(example)
    problem = _play(ctx, f)
    if moved:
        text = (f"The visits on the fixed trees are right, but mcts_move must return the "
                f"root's most visited move (the first in move order on ties): {moved[0]}.")
        if problem is not None:
            raise Fail(f"{text} In play {problem}.")
        return Score(2, text)
    if problem is not None:
        return Score(2, f"The visits on the fixed trees are right, but in play {problem}.")
    return None
