"""Speed of the searchers: nodes, median time of several runs (min-max), nodes per second.

Run from the repository root::

    python benchmarks/bench_search.py            # 7 rounds, about two minutes on two cores
    python benchmarks/bench_search.py --rounds 3 # quicker, noisier

Prints one table and the ratios the course aims for, measured in this one run:

- the generic-protocol ``alphabeta`` (no tracer) against OpenSpiel's Python
  ``alpha_beta_search`` on the same tic-tac-toe solve (target >= 2x nodes/s) and on Connect
  Four to depth 9 with a zero evaluation (target >= 1.5x). Both games score a win 1, as
  OpenSpiel does, and both searchers take moves in the same order, so they visit the same
  nodes (checked: OpenSpiel's nodes are counted once by a wrapper, outside the timed runs).
  OpenSpiel is optional: ``pip install -e ".[bench]"``;
- a hand-tuned bitboard negamax written for tic-tac-toe only, the pure-Python ceiling;
- the cost of tracing: none, ``Tally`` (target <= 15 % overhead), ``Recorder``;
- the cost of preferring the fastest win (``fastest_wins=True``, the default): the OpenSpiel
  rows search with ``fastest_wins=False``, the textbook rule OpenSpiel follows, so that both
  visit the same nodes; a row with the default shows what ordering wins by distance costs.

The machines are shared: every measurement runs once per round, all of them interleaved, so
that a busy spell hits them alike; a sample repeats a fast search until it has taken 0.2 s.
The table gives the median and range over the rounds; the ratios compare the fastest sample
of each (the least disturbed by other processes). Read the ratios, not the absolute numbers.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from aisearch import Recorder, Tally, alphabeta, alphabeta_failsoft, minimax  # noqa: E402
from aisearch.games.connect4 import ConnectFour  # noqa: E402
from aisearch.games.tictactoe import TicTacToe  # noqa: E402

MIDGAMES = {
    "mid-game A": "......./......./......./...o.../...x.../..xo.x.",
    "mid-game B": "......./......./...x.../..oo.../..xxo../.oxxo.x",
}


class Job:
    """One measurement: a search to repeat, and the nodes it visits."""

    def __init__(self, name: str, fn: Callable[[], object], nodes: int | None = None) -> None:
        self.name, self.fn = name, fn
        start = time.perf_counter()
        result = fn()
        once = time.perf_counter() - start
        self.nodes = nodes if nodes is not None else result.stats.nodes
        self.inner = max(1, int(0.2 / max(once, 1e-6)))
        self.times: list[float] = []

    def sample(self) -> None:
        start = time.perf_counter()
        for _ in range(self.inner):
            self.fn()
        self.times.append((time.perf_counter() - start) / self.inner)

    @property
    def best_rate(self) -> float:
        return self.nodes / min(self.times)

    def line(self) -> str:
        median = statistics.median(self.times)
        spread = f"{min(self.times):.4f}-{max(self.times):.4f}"
        return (f"{self.name:58s} {self.nodes:>10,d} {median:>9.4f} {spread:>15s} "
                f"{self.nodes / median:>11,.0f}")


# --- the pure-Python ceiling: negamax on two 9-bit ints, nothing generic ----------------
WIN_LINES = (0o7, 0o70, 0o700, 0o111, 0o222, 0o444, 0o421, 0o124)
WINS = tuple(any(m & w == w for w in WIN_LINES) for m in range(512))
EMPTY = tuple(tuple(i for i in range(9) if not m >> i & 1) for m in range(512))


def bitboard_negamax() -> tuple[int, int]:
    """Fail-soft negamax on (mover, other) bitboards, cells in order 0..8; (value, nodes)."""
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


def openspiel_jobs() -> list[Job]:
    """OpenSpiel's Python alpha-beta on the same two searches, its nodes counted once."""
    try:
        import pyspiel
        from open_spiel.python.algorithms import minimax as os_minimax
    except ImportError:
        print("OpenSpiel is not installed (pip install -e '.[bench]'): no comparison rows\n")
        return []
    ttt, c4 = pyspiel.load_game("tic_tac_toe"), pyspiel.load_game("connect_four")
    solve = lambda: os_minimax.alpha_beta_search(ttt)  # noqa: E731
    deep = lambda: os_minimax.alpha_beta_search(  # noqa: E731
        c4, maximum_depth=9, value_function=lambda s: 0.0)
    original, counted = os_minimax._alpha_beta, [0]

    def counting(*args, **kwargs):
        counted[0] += 1
        return original(*args, **kwargs)

    nodes = []
    os_minimax._alpha_beta = counting
    try:
        for fn in (solve, deep):
            counted[0] = 0
            fn()
            nodes.append(counted[0])
    finally:
        os_minimax._alpha_beta = original
    return [Job("OpenSpiel alpha_beta_search, tic-tac-toe solve", solve, nodes[0]),
            Job("OpenSpiel alpha_beta_search, connect four depth 9, eval 0", deep, nodes[1])]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7, help="samples per row (default 7)")
    args = parser.parse_args()
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    ttt, c4 = TicTacToe(win=1), ConnectFour(win=1)  # wins worth 1, as OpenSpiel scores them
    c4_eval = ConnectFour()  # wins +inf: above every static evaluation

    def search(name, searcher, game, state, depth=None, **kw):
        return Job(name, lambda: searcher(game, state, depth, **kw))

    plain = {"fastest_wins": False}  # the textbook rule, as OpenSpiel searches
    ab = search("alphabeta, tic-tac-toe solve", alphabeta, ttt, ttt.initial, **plain)
    fastest = search("alphabeta, fastest wins, tic-tac-toe solve", alphabeta, ttt, ttt.initial)
    counted = search("alphabeta + Tally, tic-tac-toe solve", alphabeta, ttt, ttt.initial,
                     tracer=Tally(), **plain)
    recorded = search("alphabeta + Recorder, tic-tac-toe solve", alphabeta, ttt, ttt.initial,
                      tracer=Recorder(), **plain)
    ceiling = Job("hand-tuned bitboard negamax, tic-tac-toe solve", bitboard_negamax,
                  bitboard_negamax()[1])
    zero = search("alphabeta, connect four depth 9, eval 0", alphabeta, c4, c4.initial, 9,
                  evaluate=lambda s: 0.0, **plain)
    jobs = [
        search("minimax, tic-tac-toe solve", minimax, ttt, ttt.initial),
        ab, fastest,
        search("alphabeta_failsoft, tic-tac-toe solve", alphabeta_failsoft, ttt, ttt.initial,
               **plain),
        counted, recorded, ceiling,
    ]
    for depth in (6, 8):
        jobs.append(search(f"alphabeta, connect four depth {depth}, empty board", alphabeta,
                           c4_eval, c4_eval.initial, depth, evaluate=c4_eval.evaluate))
        for label, text in MIDGAMES.items():
            jobs.append(search(f"alphabeta, connect four depth {depth}, {label}", alphabeta,
                               c4_eval, c4_eval.parse(text), depth, evaluate=c4_eval.evaluate))
    jobs.append(zero)
    spiel = openspiel_jobs()
    jobs += spiel

    for _ in range(args.rounds):
        for job in jobs:
            job.sample()

    print(f"{'search':58s} {'nodes':>10s} {'median s':>9s} {'min-max s':>15s} {'nodes/s':>11s}")
    for job in jobs:
        print(job.line())
    print(f"\nratios of nodes/s (fastest of {args.rounds} interleaved samples each), this run:")
    if spiel:
        for mine, theirs, target in ((ab, spiel[0], 2.0), (zero, spiel[1], 1.5)):
            same = "same nodes" if mine.nodes == theirs.nodes else (
                f"NOT the same nodes: {mine.nodes:,} vs {theirs.nodes:,}")
            print(f"  {mine.name} / OpenSpiel: {mine.best_rate / theirs.best_rate:5.2f}x"
                  f"  (target >= {target}; {same})")
    print(f"  alphabeta / hand-tuned bitboard negamax: {ab.best_rate / ceiling.best_rate:5.2f}x")
    for job, target in ((counted, "  (target <= 15 %)"), (recorded, "")):
        overhead = min(job.times) / min(ab.times) - 1
        print(f"  {job.name.split(',')[0]} overhead: {overhead:+.1%}{target}")


if __name__ == "__main__":
    main()
