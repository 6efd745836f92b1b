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
    best move first). Goal for the best combination: at most 1.5. Killers and history have
    the last word over static ordering (killer moves first, then by history score, the static
    value breaking ties): in Connect Four the static values of the successors order far
    better than either, so each on top of static ordering costs nodes, history most.
``endgames``
    Connect Four end-games with 10-16 empty cells from seeded random play (none decided by a
    3-ply search), solved exactly by plain alpha-beta in column order and by the best
    combinations; values compared; median and worst nodes and times, the ratio of nodes, and
    nodes per second (goals: at least 10x fewer nodes; the machinery costs at most 30 % of
    plain alpha-beta's nodes per second). A node is a state searched: static ordering's
    evaluations of the children it sorts are not nodes, but their time is in the seconds,
    and is also printed apart. One more row, :func:`bare_static_table`, is static+table
    written bare: the same nodes (checked), without the course's instrumented machinery,
    to tell the cost of the algorithm in Python from the cost of the machinery.

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
from aisearch.results import Decision, Stats  # noqa: E402
from aisearch.search.efficiency.table import EXACT, LOWER, UPPER  # noqa: E402
from aisearch.search.runtime import INF, PLY, WIN, WON, deep_recursion  # noqa: E402
from aisearch.theory import knuth_moore_leaves  # noqa: E402

C4, E = ConnectFour(), ConnectFour.evaluate

# Static ordering by the values of the successors (ConnectFour.evaluate), as the minimal-tree
# and end-game tables measure it; Connect Four's own ordering is bench_connect4.py's.
COMBINATIONS: dict[str, dict[str, Any]] = {
    "table+killers+history": {"table": True, "killers": True, "history": True},
    "static+table": {"static": "values", "table": True},
    "static+table+killers": {"static": "values", "table": True, "killers": True},
    "static+table+history": {"static": "values", "table": True, "history": True},
    "static+table+killers+history": {"static": "values", "table": True, "killers": True,
                                     "history": True},
    "ID+static+table+killers+history": {"static": "values", "table": True, "killers": True,
                                        "history": True, "deepening": True},
    "ID+all, PVS": {"static": "values", "table": True, "killers": True, "history": True,
                    "deepening": True, "window": "pvs"},
    "ID+all, MTD(f)": {"static": "values", "table": True, "killers": True, "history": True,
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
        print(f"  {'position':<48}{'minimal':>9}{'plain':>9}"
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
            print(f"  {str(s):<48}{least.stats.nodes:>9,}{row[0]:>9.2f}"
                  + "".join(f"{r:>7.2f}" for r in row[1:]))
        print(f"  {'overall (sum of nodes / sum of minimal)':<48}{sums['minimal']:>9,}"
              + f"{sums['plain'] / sums['minimal']:>9.2f}"
              + "".join(f"{sums[n] / sums['minimal']:>7.2f}" for n in names))
        print(f"  {'worst position':<66}"
              + "".join(f"{max(totals[(depth, n)]):>7.2f}" for n in names))
    print("  columns: " + "; ".join(f"{i + 1} = {n}" for i, n in enumerate(names)) + "\n")


# -- end-games ------------------------------------------------------------------------------
class ClockedOrdering(ConnectFour):
    """Connect Four (the same rules) that clocks what static ordering spends valuing the
    successors it sorts (:meth:`ConnectFour.successor_values`), in :attr:`seconds`."""

    seconds = 0.0

    def successor_values(self, evaluate: Any) -> Any:
        values = super().successor_values(evaluate)
        if values is None:
            return None
        clock = time.perf_counter

        def clocked(s: Any) -> Any:
            start = clock()
            out = values(s)
            self.seconds += clock() - start
            return out

        return clocked


BARE = "static+table, written bare"


def bare_static_table(s: Any, game: ConnectFour = C4, size: int = 1 << 18) -> tuple[float, int]:
    """Fail-soft alpha-beta solving ``s`` with static ordering and a transposition table,
    written bare (no Run, tracer, Entry objects or ordering objects): ``(value, nodes)``.

    It searches exactly the nodes of ``enhanced_search(C4, s, None, evaluate=E,
    static="values", table=True)`` (the benchmark checks it), so the two times compare the
    course's machinery with none. A win ``k`` plies from the root scores ``WIN - k * PLY``;
    a table entry holds wins counted from its own node; every entry is a search to the end.
    """
    values_of = game.successor_values(E)
    is_terminal, utility, moves, result = game.is_terminal, game.utility, game.moves, game.result
    slots: dict[int, tuple] = {}
    orders: dict[Any, tuple] = {}
    nodes = 0

    def ab(s: Any, ply: int, alpha: float, beta: float) -> tuple[float, Any]:
        nonlocal nodes
        nodes += 1
        if is_terminal(s):
            u = utility(s, MAX)
            return (0.0 if u == 0 else WIN - ply * PLY if u > 0 else ply * PLY - WIN), None
        slot = hash(s) % size
        e = slots.get(slot)
        first = None
        if e is not None and e[3] == s:
            v = e[0]
            v = v - ply * PLY if v > WON else v + ply * PLY if v < -WON else v
            if ply and (e[1] == EXACT or (v >= beta if e[1] == LOWER else v <= alpha)):
                return v, e[2]
            first = e[2]
        ms = moves(s)
        if len(ms) > 1:
            ordered = orders.get(s)
            if ordered is None:
                keys = values_of(s)
                ordered = orders[s] = tuple(sorted(ms, key=keys.__getitem__,
                                                   reverse=s[2] == MAX))
            ms = ordered
        if first is not None and ms[0] != first:
            ms = (first,) + tuple(m for m in ms if m != first)
        alpha0, beta0 = alpha, beta
        maximizing = s[2] == MAX
        best, move = (-INF if maximizing else INF), None
        for m in ms:
            v = ab(result(s, m), ply + 1, alpha, beta)[0]
            if maximizing:
                if v > best or move is None:
                    best, move = v, m
                    alpha = max(alpha, best)
            elif v < best or move is None:
                best, move = v, m
                beta = min(beta, best)
            if alpha >= beta:
                break
        bound = UPPER if best <= alpha0 else LOWER if best >= beta0 else EXACT
        stored = best + ply * PLY if best > WON else best - ply * PLY if best < -WON else best
        slots[slot] = (stored, bound, move, s)
        return best, move

    with deep_recursion():
        v = ab(s, 0, -INF, INF)[0]
    return (v if -WON < v < WON else INF if v > 0 else -INF), nodes


def endgame_table(count: int, combinations: list[str]) -> None:
    rng = random.Random(7)
    positions = [random_position(rng, empty=rng.randint(10, 16), undecided=3)
                 for _ in range(count)]
    names = ["plain alpha-beta", *combinations]
    if "static+table" in combinations:
        names.insert(names.index("static+table") + 1, BARE)
    nodes: dict[str, list[int]] = {n: [] for n in names}
    seconds: dict[str, list[float]] = {n: [] for n in names}
    valuing = {n: 0.0 for n in names}
    for s in positions:  # interleaved, so that a busy spell of the machine hits all alike
        values = set()
        for n in names:
            t = time.perf_counter()
            if n == "plain alpha-beta":
                d = alphabeta(C4, s)
            elif n == BARE:
                game = ClockedOrdering()
                value, searched = bare_static_table(s, game)
                d = Decision(value, None, (), Stats(searched))
                valuing[n] += game.seconds
            else:
                game = ClockedOrdering()
                d = enhanced_search(game, s, None, evaluate=E, **COMBINATIONS[n])
                valuing[n] += game.seconds
            seconds[n].append(time.perf_counter() - t)
            nodes[n].append(d.stats.nodes)
            values.add(d.value)
        assert len(values) == 1, str(s)
    if BARE in names:
        assert nodes[BARE] == nodes["static+table"], "the bare search searches the same nodes"
    print(f"Connect Four end-games: {count} positions with 10-16 empty cells (median "
          f"{statistics.median(empties(s) for s in positions):.0f}), solved exactly; every "
          f"search found the same value in all {count}")
    print(f"  {'':<34}{'nodes: median':>14}{'worst':>11}{'total':>12}{'seconds: median':>17}"
          f"{'worst':>8}{'total':>8}{'nodes/s':>9}{'of plain':>9}{'plain/it':>9}")
    rate0 = sum(nodes[names[0]]) / sum(seconds[names[0]])
    for n in names:
        xs, ts = nodes[n], seconds[n]
        rate = sum(xs) / sum(ts)
        ratio = statistics.median(a / b for a, b in zip(nodes[names[0]], xs, strict=True))
        print(f"  {n:<34}{statistics.median(xs):>14,.0f}{max(xs):>11,}{sum(xs):>12,}"
              f"{statistics.median(ts):>17.4f}{max(ts):>8.2f}{sum(ts):>8.1f}{rate:>9,.0f}"
              f"{rate / rate0:>9.0%}{ratio:>8.1f}x")
    print("  plain/it: the median over positions of plain alpha-beta's nodes / this search's")
    for n in names:
        if valuing[n]:
            rest = sum(nodes[n]) / (sum(seconds[n]) - valuing[n])
            print(f"  {n}: valuing the successors to sort them took {valuing[n]:.2f} s of "
                  f"{sum(seconds[n]):.2f} s ({valuing[n] / sum(seconds[n]):.0%}); the rest of "
                  f"the search ran at {rest:,.0f} nodes/s ({rest / rate0:.0%} of plain's)")
    if BARE in names:
        print(f"  {BARE}: the same nodes without the course's machinery (no Run, tracer, "
              f"Entry or ordering objects); the course's static+table takes "
              f"{sum(seconds['static+table']) / sum(seconds[BARE]):.2f}x its time")
    print("  nodes/s: nodes (states searched: inner nodes, leaves, table answers) per second of\n"
          "  the whole search; static ordering's valuing of the successors it sorts counts no\n"
          "  nodes, but its time is in the seconds. 'of plain': this nodes/s / plain's\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--part", choices=["all", "knuth-moore", "minimal", "endgames"],
                        default="all")
    parser.add_argument("--depths", type=int, nargs="+", default=[8, 9])
    parser.add_argument("--endgames", type=int, default=120)
    parser.add_argument("--combinations", nargs="+", choices=list(COMBINATIONS),
                        default=["table+killers+history", "static+table",
                                 "static+table+killers+history",
                                 "ID+static+table+killers+history"])
    args = parser.parse_args()
    if args.part in ("all", "knuth-moore"):
        knuth_moore_table()
    if args.part in ("all", "minimal"):
        minimal_table(args.depths)
    if args.part in ("all", "endgames"):
        endgame_table(args.endgames, args.combinations)


if __name__ == "__main__":
    main()
