"""Speed of the games' protocol methods: the searchers' hot path.

Run from the repository root::

    python benchmarks/bench_games.py             # 7 rounds, about a minute on two cores
    python benchmarks/bench_games.py --rounds 3  # quicker, noisier

Prints two tables from one run:

- per call, in nanoseconds, for every game: ``to_move``, ``moves``, ``result``,
  ``is_terminal`` and ``utility`` on the states of a few seeded random playouts (so the
  states are the ones a search meets, not one cached favourite);
- whole searches through the protocol: tic-tac-toe solved by ``minimax`` (549,946 nodes),
  Connect Four by ``alphabeta`` to depth 8 from the empty board and from a mid-game with
  its window-count evaluation, and a plain recursion over the tic-tac-toe tree that calls
  only the game (no searcher around it).

The machines are shared: every measurement runs once per round, interleaved, and the table
gives the fastest of the rounds (the least disturbed) with the median beside it. Compare
two versions of the games by running this script on each, one after the other.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from aisearch import alphabeta, minimax  # noqa: E402
from aisearch.games import (  # noqa: E402
    Coins,
    ConnectFour,
    DagGame,
    Nannon,
    Nim,
    Pig,
    TicTacToe,
    TreeGame,
    TwoRobots,
    uniform_tree,
)

MIDGAME = "......./......./......./...o.../...x.../..xo.x."


def playout_states(game: Any, n: int = 200, seed: int = 0) -> list[tuple[Any, Any]]:
    """``(state, move)`` pairs from seeded random playouts (the move is legal there)."""
    rng, pairs = random.Random(seed), []
    while len(pairs) < n:
        s = game.initial
        for _ in range(60):
            moves = game.moves(s)
            if not moves:
                pairs.append((s, None))
                break
            m = rng.choice(list(moves))
            pairs.append((s, m))
            s = game.result(s, m)
    return pairs[:n]


class Sample:
    """One measurement, sampled once per round: seconds per run (or per call)."""

    def __init__(self, name: str, fn: Callable[[], Any], per: int = 1) -> None:
        self.name, self.fn, self.per = name, fn, per
        start = time.perf_counter()
        fn()
        once = time.perf_counter() - start
        self.inner = max(1, int(0.1 / max(once, 1e-6)))
        self.times: list[float] = []

    def sample(self) -> None:
        start = time.perf_counter()
        for _ in range(self.inner):
            self.fn()
        self.times.append((time.perf_counter() - start) / self.inner / self.per)


def call_samples(name: str, game: Any) -> list[Sample]:
    """Per-call timings of the five protocol methods of ``game`` on playout states."""
    pairs = playout_states(game)
    states = [s for s, _ in pairs]
    legal = [(s, m) for s, m in pairs if m is not None]
    ends = [s for s, m in pairs if m is None] or [s for s in states if game.is_terminal(s)]
    to_move, moves, result = game.to_move, game.moves, game.result
    is_terminal, utility = game.is_terminal, game.utility

    def run_to_move() -> None:
        for s in states:
            to_move(s)

    def run_moves() -> None:
        for s in states:
            moves(s)

    def run_result() -> None:
        for s, m in legal:
            result(s, m)

    def run_terminal() -> None:
        for s in states:
            is_terminal(s)

    def run_utility() -> None:
        for s in ends:
            utility(s, 0)

    return [Sample(f"{name}.{label}", fn, per) for label, fn, per in (
        ("to_move", run_to_move, len(states)), ("moves", run_moves, len(states)),
        ("result", run_result, len(legal)), ("is_terminal", run_terminal, len(states)),
        ("utility", run_utility, len(ends)))]


def tree_nodes(game: Any) -> int:
    """A plain recursion over the whole game tree through the protocol: nodes visited."""
    moves, result, is_terminal, utility = game.moves, game.result, game.is_terminal, game.utility

    def visit(s: Any) -> int:
        if is_terminal(s):
            utility(s, 0)
            return 1
        return 1 + sum(visit(result(s, m)) for m in moves(s))

    return visit(game.initial)


GAMES: dict[str, Callable[[], Any]] = {
    "tictactoe": TicTacToe,
    "connect4": ConnectFour,
    "nim": lambda: Nim((3, 4, 5)),
    "robots": lambda: TwoRobots.parse("B.#./..#./...W", max_plies=12),
    "tree": lambda: uniform_tree(3, 6, seed=1),
    "pig": lambda: Pig(goal=20),
    "nannon": Nannon,
    "coins": lambda: Coins((3, 9, 1, 2, 8, 4, 7)),
    "dag": lambda: DagGame(b=3, d=8, width=6, seed=1),
    "explicit tree": lambda: TreeGame([[3, 12, 8], [2, 4, 6], [14, 5, 2]]),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7, help="samples per row (default 7)")
    args = parser.parse_args()
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    calls = [s for name, make in GAMES.items() for s in call_samples(name, make())]
    ttt, c4 = TicTacToe(win=1), ConnectFour()
    searches = [
        Sample("minimax, tic-tac-toe solved (549,946 nodes)",
               lambda: minimax(ttt, ttt.initial)),
        Sample("plain recursion, tic-tac-toe tree (549,946 nodes)", lambda: tree_nodes(ttt)),
        Sample("alphabeta, connect four depth 8, empty board",
               lambda: alphabeta(c4, c4.initial, 8, evaluate=c4.evaluate)),
        Sample("alphabeta, connect four depth 8, mid-game",
               lambda: alphabeta(c4, c4.parse(MIDGAME), 8, evaluate=c4.evaluate)),
    ]
    for _ in range(args.rounds):
        for job in calls + searches:
            job.sample()

    print(f"per call (ns), fastest of {args.rounds} rounds (median in brackets)")
    print(f"{'game':14s}" + "".join(f"{m:>18s}" for m in
                                    ("to_move", "moves", "result", "is_terminal", "utility")))
    for i in range(0, len(calls), 5):
        row = calls[i:i + 5]
        cells = [f"{min(s.times) * 1e9:7.0f} ({statistics.median(s.times) * 1e9:5.0f})"
                 for s in row]
        print(f"{row[0].name.split('.')[0]:14s}" + "".join(f"{c:>18s}" for c in cells))
    print(f"\n{'search':52s} {'best s':>8s} {'median s':>9s}")
    for job in searches:
        print(f"{job.name:52s} {min(job.times):8.3f} {statistics.median(job.times):9.3f}")


if __name__ == "__main__":
    main()
