"""What lesson 04's enhancements buy: printed tables, measured in one run.

Run from the repository root::

    python benchmarks/bench_efficiency.py                 # all three parts, depths 8 and 9
    python benchmarks/bench_efficiency.py --part minimal --depths 8 9 10
    python benchmarks/bench_efficiency.py --part endgames --endgames 200

Three parts:

``knuth-moore``
    Perfectly ordered uniform trees, ``b`` and ``d`` from 2 to 8: the tips alpha-beta
    evaluates against ``b**ceil(d/2) + b**floor(d/2) - 1`` (Knuth and Moore 1975). The trees
    are built lazily (a node's value is defined from its path, the best child first), so that
    ``8**8`` tips cost only the nodes alpha-beta visits.
``minimal``
    Twelve Connect Four middle-game positions (10-14 plies of seeded random play, none decided
    by a 4-ply search), searched to each depth by several combinations of enhancements
    (:func:`aisearch.enhanced_search`): nodes of each divided by the nodes of the position's
    minimal tree at that depth (:func:`aisearch.minimal_tree`, alpha-beta with each node's
    best move first). Goal for the best combination: at most 1.5.
``endgames``
    Connect Four end-games with 10-16 empty cells from seeded random play (none decided by a
    3-ply search), solved exactly by plain alpha-beta in column order and by the best
    combination; values compared; median and worst nodes and times, the ratio of nodes, and
    nodes per second of both (goals: at least 10x fewer nodes; the machinery costs at most
    30 % of plain alpha-beta's nodes per second).

Times are wall-clock on a shared machine: read the ratios, not the absolute numbers.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from aisearch import MAX, MIN, ConnectFour, alphabeta, enhanced_search, minimal_tree  # noqa: E402
from aisearch.core import GameBase  # noqa: E402
from aisearch.theory import knuth_moore_leaves  # noqa: E402

C4, E = ConnectFour(), ConnectFour.evaluate

COMBINATIONS: dict[str, dict[str, Any]] = {
    "static+table": {"static": True, "table": True},
    "static+table+killers+history": {"static": True, "table": True, "killers": True,
                                     "history": True},
    "ID+static+table+killers+history": {"static": True, "table": True, "killers": True,
                                        "history": True, "deepening": True},
    "ID+all, PVS": {"static": True, "table": True, "killers": True, "history": True,
                    "deepening": True, "window": "pvs"},
    "ID+all, MTD(f)": {"static": True, "table": True, "killers": True, "history": True,
                       "deepening": True, "window": "mtdf"},
}


# -- Knuth-Moore ----------------------------------------------------------------------------
class PerfectlyOrdered(GameBase):
    """A uniform tree whose every node has its best child first (strictly best), built lazily.

    A node's value is its parent's for the first child, and worse by ``i`` for the player
    to move at the parent for child ``i``; a tip's payoff is its value.
    """

    def __init__(self, b: int, d: int) -> None:
        self.b, self.d = b, d
        self.initial: tuple = ()

    def to_move(self, s: tuple) -> int:
        return MAX if len(s) % 2 == 0 else MIN

    def moves(self, s: tuple) -> tuple:
        return tuple(range(self.b)) if len(s) < self.d else ()

    def result(self, s: tuple, m: int) -> tuple:
        return s + (m,)

    def is_terminal(self, s: tuple) -> bool:
        return len(s) >= self.d

    def utility(self, s: tuple, player: int = MAX) -> float:
        v = sum(-m if k % 2 == 0 else m for k, m in enumerate(s))
        return v if player == MAX else -v


def knuth_moore_table() -> bool:
    print("Perfectly ordered uniform trees: tips alpha-beta evaluates / Knuth-Moore minimum")
    print("  b\\d" + "".join(f"{d:>12}" for d in range(2, 9)))
    exact = True
    for b in range(2, 9):
        cells = []
        for d in range(2, 9):
            game = PerfectlyOrdered(b, d)
            got = alphabeta(game, game.initial).stats.leaves
            want = knuth_moore_leaves(b, d)
            exact &= got == want
            cells.append(f"{got}/{want}")
        print(f"{b:>5}" + "".join(f"{c:>12}" for c in cells))
    print(f"  every count exact: {exact}\n")
    return exact


# -- positions ------------------------------------------------------------------------------
def empties(s: Any) -> int:
    return str(s).count(".")


def random_position(rng: random.Random, *, plies: int | None = None,
                    empty: int | None = None, undecided: int) -> Any:
    """A position from random play, not over and not decided by a search of ``undecided``."""
    while True:
        s, ok = C4.initial, True
        target = plies if plies is not None else 42 - (empty or 0)
        for _ in range(target):
            s = C4.result(s, rng.choice(C4.moves(s)))
            if C4.is_terminal(s):
                ok = False
                break
        if ok and not math.isinf(alphabeta(C4, s, undecided, evaluate=E).value):
            return s


# -- minimal tree ---------------------------------------------------------------------------
def minimal_table(depths: list[int], count: int = 12) -> None:
    rng = random.Random(2024)
    positions = [random_position(rng, plies=rng.randint(10, 14), undecided=4)
                 for _ in range(count)]
    names = list(COMBINATIONS)
    print(f"Connect Four, {count} middle-game positions: nodes / minimal-tree nodes")
    totals: dict[tuple[int, str], list[float]] = {}
    for depth in depths:
        print(f"depth {depth}")
        print(f"  {'position':<48}{'minimal':>9}{'plain':>8}"
              + "".join(f"{i + 1:>7}" for i in range(len(names))))
        sums = {n: 0 for n in ["minimal", "plain", *names]}
        for s in positions:
            least = minimal_tree(C4, s, depth, evaluate=E)
            plain = alphabeta(C4, s, depth, evaluate=E)
            row = [plain.stats.nodes / least.stats.nodes]
            sums["minimal"] += least.stats.nodes
            sums["plain"] += plain.stats.nodes
            for n in names:
                d = enhanced_search(C4, s, depth, evaluate=E, **COMBINATIONS[n])
                assert d.value == least.value == plain.value, (str(s), n)
                row.append(d.stats.nodes / least.stats.nodes)
                sums[n] += d.stats.nodes
                totals.setdefault((depth, n), []).append(row[-1])
            print(f"  {str(s):<48}{least.stats.nodes:>9,}" + "".join(f"{r:>7.2f}" for r in row))
        print(f"  {'overall (sum of nodes / sum of minimal)':<48}{sums['minimal']:>9,}"
              + "".join(f"{sums[n] / sums['minimal']:>7.2f}" for n in ["plain", *names]))
        print(f"  {'worst position':<57}"
              + "".join(f"{max(totals[(depth, n)]):>7.2f}" for n in names))
    print("  columns: " + "; ".join(f"{i + 1} = {n}" for i, n in enumerate(names)) + "\n")


# -- end-games ------------------------------------------------------------------------------
def endgame_table(count: int, best: str) -> None:
    rng = random.Random(7)
    positions = [random_position(rng, empty=rng.randint(10, 16), undecided=3)
                 for _ in range(count)]
    rows = []
    for s in positions:
        t = time.perf_counter()
        plain = alphabeta(C4, s)
        tp = time.perf_counter() - t
        t = time.perf_counter()
        fast = enhanced_search(C4, s, None, evaluate=E, **COMBINATIONS[best])
        tb = time.perf_counter() - t
        assert fast.value == plain.value, str(s)
        rows.append((empties(s), plain.stats.nodes, tp, fast.stats.nodes, tb))
    print(f"Connect Four end-games: {count} positions with 10-16 empty cells, solved exactly "
          f"(values equal in all {count})")
    print(f"  best combination: {best}")
    print(f"  {'':<32}{'median':>12}{'worst':>12}{'total':>14}")
    for label, k in (("plain alpha-beta, nodes", 1), ("best combination, nodes", 3)):
        xs = [r[k] for r in rows]
        print(f"  {label:<32}{statistics.median(xs):>12,.0f}{max(xs):>12,}{sum(xs):>14,}")
    for label, k in (("plain alpha-beta, seconds", 2), ("best combination, seconds", 4)):
        xs = [r[k] for r in rows]
        print(f"  {label:<32}{statistics.median(xs):>12.4f}{max(xs):>12.4f}{sum(xs):>14.2f}")
    ratios = [r[1] / r[3] for r in rows]
    print(f"  nodes plain / best: median {statistics.median(ratios):.1f}x, smallest "
          f"{min(ratios):.1f}x, overall {sum(r[1] for r in rows) / sum(r[3] for r in rows):.1f}x")
    rate_plain = sum(r[1] for r in rows) / sum(r[2] for r in rows)
    rate_best = sum(r[3] for r in rows) / sum(r[4] for r in rows)
    print(f"  nodes per second: plain {rate_plain:,.0f}, best {rate_best:,.0f} "
          f"({rate_best / rate_plain:.0%} of plain)")
    print(f"  time plain / best: overall {sum(r[2] for r in rows) / sum(r[4] for r in rows):.1f}x"
          "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--part", choices=["all", "knuth-moore", "minimal", "endgames"],
                        default="all")
    parser.add_argument("--depths", type=int, nargs="+", default=[8, 9])
    parser.add_argument("--endgames", type=int, default=120)
    parser.add_argument("--best", choices=list(COMBINATIONS), default="static+table")
    args = parser.parse_args()
    if args.part in ("all", "knuth-moore"):
        knuth_moore_table()
    if args.part in ("all", "minimal"):
        minimal_table(args.depths)
    if args.part in ("all", "endgames"):
        endgame_table(args.endgames, args.best)


if __name__ == "__main__":
    main()
