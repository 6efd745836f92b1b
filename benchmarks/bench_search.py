"""Speed of the searchers: nodes, median time of several runs (min-max), nodes per second.

Run from the repository root::

    python benchmarks/bench_search.py            # about two minutes on two cores
    python benchmarks/bench_search.py --quick    # fewer repeats

Prints one table and the ratios the course aims for, measured in this one run:

- the generic-protocol ``alphabeta`` (no tracer) against OpenSpiel's Python
  ``alpha_beta_search`` on the same tic-tac-toe solve (target >= 2x nodes/s) and on Connect
  Four to depth 9 with a zero evaluation (same move order, so both visit the same nodes;
  target >= 1.5x). OpenSpiel is optional: ``pip install -e ".[bench]"``;
- a hand-tuned bitboard negamax written for tic-tac-toe only, the pure-Python ceiling;
- the cost of tracing: none, ``Counter`` (target <= 15 % overhead), ``Recorder``.

Timings are wall-clock on a shared machine: read the ratios, not the absolute numbers.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from aisearch import Counter, Recorder, alphabeta, alphabeta_failsoft, minimax  # noqa: E402
from aisearch.games.connect4 import ConnectFour  # noqa: E402
from aisearch.games.tictactoe import TicTacToe  # noqa: E402

MIDGAMES = {
    "mid-game A": "......./......./......./...o.../...x.../..xo.x.",
    "mid-game B": "......./......./...x.../..oo.../..xxo../.oxxo.x",
}


def timed(fn: Callable[[], object], repeat: int) -> tuple[float, float, float, object]:
    """Median, min and max seconds of one call over ``repeat`` samples, and the last result.

    A sample repeats a fast call until it has taken at least 0.2 s, so that timer noise and
    scheduling hiccups average out.
    """
    start = time.perf_counter()
    result = fn()
    once = time.perf_counter() - start
    inner = max(1, int(0.2 / max(once, 1e-6)))
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(inner):
            result = fn()
        times.append((time.perf_counter() - start) / inner)
    return statistics.median(times), min(times), max(times), result


def row(name: str, nodes: int, stats: tuple[float, float, float]) -> dict:
    median, low, high = stats
    return {"name": name, "nodes": nodes, "median": median, "min": low, "max": high,
            "rate": nodes / median}


def print_table(rows: list[dict]) -> None:
    print(f"{'search':58s} {'nodes':>10s} {'median s':>9s} {'min-max s':>15s} {'nodes/s':>11s}")
    for r in rows:
        spread = f"{r['min']:.3f}-{r['max']:.3f}"
        print(f"{r['name']:58s} {r['nodes']:>10,d} {r['median']:>9.3f} {spread:>15s} "
              f"{r['rate']:>11,.0f}")


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


def openspiel_rows(repeat: int, ttt_nodes: int, c4_nodes: int) -> tuple[list[dict], dict]:
    try:
        import pyspiel
        from open_spiel.python.algorithms.minimax import alpha_beta_search
    except ImportError:
        print("OpenSpiel not installed (pip install -e '.[bench]'): no comparison rows")
        return [], {}
    from open_spiel.python.algorithms import minimax as os_minimax

    ttt = pyspiel.load_game("tic_tac_toe")
    c4 = pyspiel.load_game("connect_four")
    # Count OpenSpiel's nodes once (a counting wrapper around its recursive function); the
    # timed runs below are unwrapped.
    original, counted = os_minimax._alpha_beta, [0]

    def counting(*args, **kwargs):
        counted[0] += 1
        return original(*args, **kwargs)

    os_minimax._alpha_beta = counting
    try:
        alpha_beta_search(ttt)
        os_ttt_nodes, counted[0] = counted[0], 0
        alpha_beta_search(c4, maximum_depth=9, value_function=lambda s: 0.0)
        os_c4_nodes = counted[0]
    finally:
        os_minimax._alpha_beta = original
    if (os_ttt_nodes, os_c4_nodes) != (ttt_nodes, c4_nodes):
        print(f"note: OpenSpiel visits {os_ttt_nodes:,} / {os_c4_nodes:,} nodes, "
              f"alphabeta {ttt_nodes:,} / {c4_nodes:,}")
    ttt_nodes, c4_nodes = os_ttt_nodes, os_c4_nodes
    rows = [
        row("OpenSpiel alpha_beta_search, tic-tac-toe solve", ttt_nodes,
            timed(lambda: alpha_beta_search(ttt), repeat)[:3]),
        row("OpenSpiel alpha_beta_search, connect four depth 9, eval 0", c4_nodes,
            timed(lambda: alpha_beta_search(c4, maximum_depth=9,
                                            value_function=lambda s: 0.0), repeat)[:3]),
    ]
    return rows, {"ttt": rows[0]["rate"], "c4": rows[1]["rate"]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="3 repeats instead of 5")
    args = parser.parse_args()
    repeat = 3 if args.quick else 5
    # Wins worth 1, as in OpenSpiel, so that both search exactly the same trees.
    ttt, c4 = TicTacToe(win=1), ConnectFour(win=1)
    c4_eval = ConnectFour()  # wins +inf: above every static evaluation
    rows = []

    def search_row(name, search, game, state, depth=None, **kw):
        stats = timed(lambda: search(game, state, depth, **kw), repeat)
        rows.append(row(name, stats[3].stats.nodes, stats[:3]))
        return rows[-1]

    search_row("minimax, tic-tac-toe solve", minimax, ttt, ttt.initial)
    ab = search_row("alphabeta, tic-tac-toe solve", alphabeta, ttt, ttt.initial)
    search_row("alphabeta_failsoft, tic-tac-toe solve", alphabeta_failsoft, ttt, ttt.initial)
    counted = search_row("alphabeta + Counter, tic-tac-toe solve", alphabeta, ttt, ttt.initial,
                         tracer=Counter())
    recorded = search_row("alphabeta + Recorder, tic-tac-toe solve", alphabeta, ttt,
                          ttt.initial, tracer=Recorder())
    value, nodes = bitboard_negamax()
    rows.append(row("hand-tuned bitboard negamax, tic-tac-toe solve", nodes,
                    timed(bitboard_negamax, repeat)[:3]))
    ceiling = rows[-1]

    for depth in (6, 8):
        search_row(f"alphabeta, connect four depth {depth}, empty board", alphabeta, c4_eval,
                   c4_eval.initial, depth, evaluate=c4_eval.evaluate)
        for label, text in MIDGAMES.items():
            search_row(f"alphabeta, connect four depth {depth}, {label}", alphabeta, c4_eval,
                       c4_eval.parse(text), depth, evaluate=c4_eval.evaluate)
    zero = search_row("alphabeta, connect four depth 9, eval 0", alphabeta, c4, c4.initial, 9,
                      evaluate=lambda s: 0.0)

    os_rows, os_rate = openspiel_rows(repeat, ab["nodes"], zero["nodes"])
    rows += os_rows
    print_table(rows)

    print("\nratios (nodes/s), this run:")
    if os_rate:
        print(f"  alphabeta / OpenSpiel, tic-tac-toe:        {ab['rate'] / os_rate['ttt']:.2f}x"
              "  (target >= 2)")
        print(f"  alphabeta / OpenSpiel, connect four:       {zero['rate'] / os_rate['c4']:.2f}x"
              "  (target >= 1.5)")
    print(f"  alphabeta / hand-tuned bitboard negamax:   {ab['rate'] / ceiling['rate']:.2f}x")
    print(f"  Counter overhead:  {counted['median'] / ab['median'] - 1:+.1%}  (target <= 15 %)")
    print(f"  Recorder overhead: {recorded['median'] / ab['median'] - 1:+.1%}")


if __name__ == "__main__":
    main()
