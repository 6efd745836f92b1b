"""Connect Four: the course's engine solves Pascal Pons' test positions, against a bare solver.

Run from the repository root (the full run takes about 5 minutes on two cores)::

    python benchmarks/bench_connect4.py                        # 200 positions of each set
    python benchmarks/bench_connect4.py --count 20             # a quick look
    python benchmarks/bench_connect4.py --part ingredients     # what each ingredient buys

The positions are the first 200 of three of the test sets Pascal Pons published with
"Solving Connect 4: how to build a perfect AI" (blog.gamesolver.org; also in his GitHub
repository PascalPons/connect4): ``Test_L3_R1`` (End-Easy), ``Test_L2_R1`` (Middle-Easy) and
``Test_L2_R2`` (Middle-Medium), in ``benchmarks/data/connect4-pons/`` (its README says where
they come from). Each line is a position, as the columns played from the empty board (1-7),
and Pons' score of it.

**What "right" means.** Pons' score is exact: positive if the player to move wins, 22 minus
the number of discs the winner has then played, so a quicker win scores higher; 0 for a
draw; negative for a loss, the slower the higher. The engine scores a quicker win higher
too (``fastest_wins=True``, :mod:`aisearch.search.runtime.scores`), so its answer holds the
distance to the end, and :func:`~aisearch.search.efficiency.engine.win_distance` reads it: a
position is right when the exact score matches, not only its sign. Best play with either
scoring is the same play (a win sooner in plies is a win with fewer discs), so the two must
agree exactly.

**The engine** is lesson 04's :func:`~aisearch.search.efficiency.engine.enhanced_search` with the
switches the lesson builds up: static ordering (Connect Four's own, ``ConnectFour.move_order``:
wins, blocks, threats), a transposition table, null windows (PVS; ``--window mtdf`` for
MTD(f) from a guess of 0, a draw, as Pons' solver starts), and mate-distance pruning
(:class:`~aisearch.search.efficiency.engine.DistanceBounds`). It runs the course's instrumented
machinery: the shared run, the leaf rule, the orderings and the table's entries.

**The bare solvers** (:class:`BareSolver`) are Pons' algorithm as his blog builds it,
written here in plain Python: negamax on the bitboard, null-window searches bisecting the
score range, score bounds from the discs left, a table of lower and upper bounds, moves
ordered by the threats they make (found for all moves at once, as the course's ordering
finds them). *Pons' own* (his parts 6-12) also never searches a move that lets the opponent
win next (part 9, "anticipate losing moves"): it knows more of Connect Four than a generic
search can be told through a move ordering, which can only put such moves last. *Every
move* is the same solver without part 9: like the engine, it looks at every move, a move
that wins at once first. The goal is the engine within 3x of the time of the solver that
searches every move; its time over Pons' own is printed too.

**Its search, written bare** (:func:`engine_bare`) is the engine's own search with no
machinery: the very nodes (checked), so the engine's time over it is the cost of the
course's machinery.

**Pons' figures** are quoted beside for scale, from the benchmark table of part 12 ("Lower
bound transposition table") of his blog: his C++ solver on all 1000 positions of each set
(mean time and mean positions explored per test position), on his machine. Our times are
pure Python on whatever machine this runs on.

Times are the CPU seconds of this process (``time.process_time``): on a shared machine the
wall clock also counts other programs' turns. The solves follow one another as they do in a
student's loop over the positions: the garbage collector runs when it would (``--gc off``
turns it off while a solver runs, as :mod:`timeit` times), and every solver frees what it
made before its clock stops: none leaves a reference cycle for the collector to free after
it (checked before the timed solves), so none pays for another's garbage. ``--collect``
makes a full collection before every timed solve instead: it walks the whole heap, so each
solve then starts with its code and data out of the processor's caches, which costs a search
of a few dozen positions more than the search itself (most for the solver that runs the
most code). Each position is solved by every solver in turn (rotating which goes first), so
a busy spell (caches, memory) slows them all. Read the ratios.
"""

from __future__ import annotations

import argparse
import gc
import math
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from aisearch import ConnectFour, TranspositionTable  # noqa: E402
from aisearch.games.connect4_pons import from_columns, pons_score, read_pons  # noqa: E402
from aisearch.search import DistanceBounds, enhanced_search, win_distance  # noqa: E402
from aisearch.search.efficiency.table import EXACT, LOWER, UPPER  # noqa: E402
from aisearch.search.runtime import INF, PLY, WIN, WON  # noqa: E402

DATA = Path(__file__).resolve().parent / "data" / "connect4-pons"
SETS = {"Test_L3_R1": "End-Easy", "Test_L2_R1": "Middle-Easy", "Test_L2_R2": "Middle-Medium"}
PONS = {  # part 12 of Pons' blog, strong solver: mean time, mean positions explored
    "Test_L3_R1": ("4.568 us", 51.28),
    "Test_L2_R1": ("37.45 us", 449.6),
    "Test_L2_R2": ("3.212 ms", 39_900),
}
PONS_SOURCE = ("P. Pons, 'Solving Connect 4: how to build a perfect AI', part 12 'Lower "
               "bound transposition table', benchmark table (blog.gamesolver.org)")
C4 = ConnectFour()
TABLE_SIZE = 1_048_573  # slots, a prime (as Pons sizes his table): a position key % size spreads


# -- the positions ----------------------------------------------------------------------------
def read_set(name: str, count: int) -> list[tuple[str, int]]:
    """The first ``count`` lines of a test set: (columns played, Pons' score)."""
    return read_pons(DATA / name, count)


def position(moves: str) -> Any:
    """The course's position after the columns ``moves`` (1-7) from the empty board."""
    return from_columns(moves)


# -- the course's engine ------------------------------------------------------------------------
ENGINE = {"static": True, "table": True, "window": "pvs", "mate_distance": True}


def engine_solve(s: Any, switches: dict[str, Any] | None = None,
                 size: int = TABLE_SIZE) -> tuple[int, int]:
    """Pons' score of position ``s`` by the course's engine, and the nodes it searched;
    ``switches`` are :func:`enhanced_search`'s (default :data:`ENGINE`), the table of
    ``size`` slots."""
    switches = dict(ENGINE if switches is None else switches)
    if switches.get("mate_distance"):
        switches["table"] = DistanceBounds(size, remember=bool(switches.get("table")))
    elif switches.get("table"):
        switches["table"] = TranspositionTable(size)
    d = enhanced_search(C4, s, None, **switches)
    if switches.get("table"):
        plies = win_distance(switches["table"], s)
    else:  # no table: the principal variation runs to the end
        plies = None if d.value == 0 else len(d.pv)
    return pons_score(s, d.value, plies), d.stats.nodes


# -- the bare solver ---------------------------------------------------------------------------
_H1 = 7
_COLUMN = tuple(0b111111 << (_H1 * c) for c in range(7))
_BOARD = sum(_COLUMN)
_BOTTOM = sum(1 << (_H1 * c) for c in range(7))
_LANE = 80
_COPIES = sum(1 << (_LANE * c) for c in range(7))
_OWN_COLUMN = sum(_COLUMN[c] << (_LANE * c) for c in range(7))
_LANE_CELLS = tuple(_BOARD << (_LANE * c) for c in range(7))
_RANK = (5, 3, 1, 0, 2, 4, 6)
_BY_RANK = (3, 2, 4, 1, 5, 0, 6)


def winning(x: int, mask: int) -> int:
    """The empty cells where one more disc of ``x`` would make four in a row (on several
    boards side by side too, as the course's ordering finds them)."""
    r = (x << 1) & (x << 2) & (x << 3)
    a, b = x << 7, x >> 7
    r |= a & (a << 7) & ((a << 14) | b) | b & (b >> 7) & (a | (b >> 14))
    a, b = x << 6, x >> 6
    r |= a & (a << 6) & ((a << 12) | b) | b & (b >> 6) & (a | (b >> 12))
    a, b = x << 8, x >> 8
    r |= a & (a << 8) & ((a << 16) | b) | b & (b >> 8) & (a | (b >> 16))
    return r & ~mask


class BareSolver:
    """Pons' solver in plain Python: ``solve(cur, mask) -> score``, ``nodes`` counted.

    Negamax from the view of the player to move on two bitboards (that player's discs and
    all discs). One table of ``size`` slots, always replaced, holds a lower or an upper bound
    per position (Pons' parts 7, 11, 12). It anticipates (his part 9): a move that lets the
    opponent win at once is never searched, and ``negamax`` is called only where the player
    to move cannot win at once. :class:`BareSolverAll` does not: each node first looks for a
    move that wins at once (his parts 3-8) and searches every other move, ordered.
    """

    def __init__(self, size: int = TABLE_SIZE) -> None:
        self.size, self.slots, self.nodes = size, {}, 0

    def negamax_all(self, cur: int, mask: int, n: int, alpha: int, beta: int) -> int:
        self.nodes += 1
        if n == 42:
            return 0
        possible = (mask + _BOTTOM) & _BOARD
        if winning(cur, mask) & possible:
            return (43 - n) // 2
        high = (41 - n) // 2  # no win at once
        key = cur + mask
        slot = key % self.size
        e = self.slots.get(slot)
        if e is not None and e[0] == key:
            if e[1]:  # a lower bound
                if alpha < e[2]:
                    alpha = e[2]
                    if alpha >= beta:
                        return alpha
            elif e[2] < high:
                high = e[2]
        if beta > high:
            beta = high
            if alpha >= beta:
                return beta
        # every move's threats at once (the boards after each move side by side)
        dropped = (possible * _COPIES) & _OWN_COLUMN
        r = winning(cur * _COPIES | dropped, 0) & ((_BOARD ^ mask) * _COPIES ^ dropped)
        keys = [((63 - (r & _LANE_CELLS[c]).bit_count()) << 3) | _RANK[c]
                for c in range(7) if possible & _COLUMN[c]]
        keys.sort()
        opponent = cur ^ mask
        for k in keys:
            move = possible & _COLUMN[_BY_RANK[k & 7]]
            score = -self.negamax(opponent, mask | move, n + 1, -beta, -alpha)
            if score >= beta:
                self.slots[slot] = (key, True, score)
                return score
            if score > alpha:
                alpha = score
        self.slots[slot] = (key, False, alpha)
        return alpha

    def negamax(self, cur: int, mask: int, n: int, alpha: int, beta: int) -> int:
        self.nodes += 1
        possible = (mask + _BOTTOM) & _BOARD
        threats = winning(cur ^ mask, mask) & _BOARD
        forced = possible & threats
        if forced:
            if forced & (forced - 1):  # two threats: lost whatever we play
                return -((42 - n) // 2)
            possible = forced
        possible &= ~(threats >> 1)  # never below an opponent's winning cell
        if not possible:
            return -((42 - n) // 2)
        if n >= 40:  # (neither can win in the last two moves)
            return 0
        low = -((40 - n) // 2)  # the opponent cannot win on the next move
        if alpha < low:
            alpha = low
            if alpha >= beta:
                return alpha
        high = (41 - n) // 2  # nor can we
        key = cur + mask
        slot = key % self.size
        e = self.slots.get(slot)
        if e is not None and e[0] == key:
            if e[1]:  # a lower bound
                if alpha < e[2]:
                    alpha = e[2]
                    if alpha >= beta:
                        return alpha
            elif e[2] < high:
                high = e[2]
        if beta > high:
            beta = high
            if alpha >= beta:
                return beta
        # every move's threats at once (the boards after each move side by side)
        dropped = (possible * _COPIES) & _OWN_COLUMN
        r = winning(cur * _COPIES | dropped, 0) & ((_BOARD ^ mask) * _COPIES ^ dropped)
        keys = [((63 - (r & _LANE_CELLS[c]).bit_count()) << 3) | _RANK[c]
                for c in range(7) if possible & _COLUMN[c]]
        keys.sort()
        opponent = cur ^ mask
        for k in keys:
            move = possible & _COLUMN[_BY_RANK[k & 7]]
            score = -self.negamax(opponent, mask | move, n + 1, -beta, -alpha)
            if score >= beta:
                self.slots[slot] = (key, True, score)
                return score
            if score > alpha:
                alpha = score
        self.slots[slot] = (key, False, alpha)
        return alpha

    def solve(self, cur: int, mask: int) -> int:
        """Pons' score of the position: ``cur`` the discs of the player to move, ``mask``
        all discs."""
        n = mask.bit_count()
        if winning(cur, mask) & (mask + _BOTTOM) & _BOARD:
            return (43 - n) // 2
        low, high = -((42 - n) // 2), (43 - n) // 2
        while low < high:  # null windows, bisecting the scores left (0 first)
            med = low + (high - low) // 2
            if med <= 0 and int(low / 2) < med:
                med = int(low / 2)
            elif med >= 0 and high // 2 > med:
                med = high // 2
            r = self.negamax(cur, mask, n, med, med + 1)
            if r <= med:
                high = r
            else:
                low = r
        return low


def bitboards(moves: str) -> tuple[int, int]:
    """The discs of the player to move and all discs after the columns ``moves`` (1-7)."""
    cur = mask = 0
    for ch in moves:
        c = int(ch) - 1
        cur ^= mask  # the discs of the player to move next
        mask |= (mask + (1 << (_H1 * c))) & _COLUMN[c]
    return cur, mask


class BareSolverAll(BareSolver):
    """:class:`BareSolver` without ``anticipate``: every move searched, wins at once first.
    (A class, not a method stored on the solver: that would be a reference cycle, which
    leaves the solver's table for the garbage collector, after the clock has stopped.)"""

    negamax = BareSolver.negamax_all


def bare_solve(boards: tuple[int, int], size: int = TABLE_SIZE,
               anticipate: bool = True) -> tuple[int, int]:
    solver = (BareSolver if anticipate else BareSolverAll)(size)
    return solver.solve(*boards), solver.nodes


def bare_solve_all(boards: tuple[int, int], size: int = TABLE_SIZE) -> tuple[int, int]:
    return bare_solve(boards, size, anticipate=False)


# -- the engine's own search, written bare -----------------------------------------------------
def engine_bare(s: Any, size: int = TABLE_SIZE) -> tuple[int, int]:
    """The search :data:`ENGINE` runs, written bare: fail-soft alpha-beta with PVS's null
    windows (or MTD(f) from 0, or the full window, as ``ENGINE["window"]`` says) and a table
    of ``size`` slots (entries as the course's table keeps them, wins counted from their
    node), mate-distance bounds, the table's move first and then ``ConnectFour.move_order``;
    no run, no leaf rule, no entry objects. It searches the engine's very nodes (the
    benchmark checks the counts), so the two times tell the cost of the course's machinery
    from the cost of the search."""
    window = ENGINE["window"]
    if window not in ("pvs", "mtdf", "alphabeta"):
        raise ValueError(f"no bare search for window={window!r}")
    scout = window == "pvs"
    slots: dict[int, tuple] = {}
    nodes = 0
    result, moves_of, order, above, below = (C4.result, C4.moves, C4.move_order,
                                             math.nextafter, math.nextafter)

    def ab(s: Any, ply: int, alpha: float, beta: float) -> float:
        nonlocal nodes
        nodes += 1
        if s[3]:  # the game is over: four in a row (closed == 255) or a full board
            return (WIN - ply * PLY) * (1 if s[2] else -1) if s[4] == 255 else 0
        first = None
        slot = hash(s) % size
        e = slots.get(slot)
        if ply:
            most = WIN - (ply + 1) * PLY
            if alpha >= most:
                return most
            if beta <= -most:
                return -most
            if e is not None and e[4] == s:
                v = e[0]
                v = v - ply * PLY if v > WON else v + ply * PLY if v < -WON else v
                if e[1] == EXACT or (v >= beta if e[1] == LOWER else v <= alpha):
                    return v
                first = e[3]
        elif e is not None and e[4] == s:
            first = e[3]
        ms = order(s, moves_of(s))
        if first is not None and ms[0] != first:
            ms = (first,) + tuple(m for m in ms if m != first)
        maximizing, alpha0, beta0 = s[2] == 0, alpha, beta
        best, move = (-INF if maximizing else INF), None
        for m in ms:
            child = result(s, m)
            if move is None or not scout:
                v = ab(child, ply + 1, alpha, beta)
            else:  # a null window: better than the best so far? if so, search again
                v = (ab(child, ply + 1, alpha, above(alpha, INF)) if maximizing else
                     ab(child, ply + 1, below(beta, -INF), beta))
                if alpha < v < beta:
                    v = ab(child, ply + 1, alpha, beta)
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
        slots[slot] = (stored, bound, None, move, s)
        return best

    if window != "mtdf":
        g = ab(s, 0, -INF, INF)
    else:
        g, lower, upper = 0.0, -INF, INF
        while lower < upper:
            gamma = g if g > lower else above(lower, INF)
            g = ab(s, 0, below(gamma, -INF), gamma)
            if g < gamma:
                upper = g
            else:
                lower = g
    ab = None  # type: ignore[assignment]  # (its cycle broken: what it made goes now)
    plies = None if -WON < g < WON else round((WIN - abs(g)) / PLY)
    return pons_score(s, g, plies), nodes


# -- the comparison ----------------------------------------------------------------------------
COLLECTOR = {"on": True, "before": False}  # on during a timed solve (--gc); --collect: before


def timed(solve: Any, given: Any) -> tuple[int, int, float]:
    """``solve(given)`` and the CPU seconds it took; with ``--gc off``, the collector is off
    while it runs (as :mod:`timeit` times); with ``--collect``, a full collection first."""
    if COLLECTOR["before"]:
        gc.collect()
    if not COLLECTOR["on"]:
        gc.disable()
    try:
        start = time.process_time()
        score, nodes = solve(given)
        return score, nodes, time.process_time() - start
    finally:
        gc.enable()


def fmt_time(t: float) -> str:
    return f"{t * 1e3:.2f} ms" if t < 1 else f"{t:.2f} s"


SOLVERS = {  # name: (label, solve, what it is given)
    "engine": ("course engine", engine_solve, "position"),
    "engine-bare": ("its search, written bare", engine_bare, "position"),
    "bare-all": ("bare solver, every move", bare_solve_all, "bitboards"),
    "bare": ("bare solver, Pons' own", bare_solve, "bitboards"),
}
RATIOS = (  # (top, bottom, label)
    ("engine", "bare-all", "engine / bare, every move (goal 3x)"),
    ("engine", "bare", "engine / bare, Pons' own"),
    ("engine", "engine-bare", "engine / its search bare"),
)


def leaves_no_cycle(solve: Any, given: Any) -> bool:
    """True when ``solve(given)`` leaves nothing for the cyclic garbage collector: all it
    made is freed before its clock stops (else that work would happen outside the clock)."""
    gc.collect(0)
    gc.disable()
    try:
        solve(given)
        return gc.collect(0) == 0
    finally:
        gc.enable()


def compare(name: str, count: int) -> dict[str, float]:
    positions = read_set(name, count)
    for label, solve, given in SOLVERS.values():
        first = positions[0][0]
        assert leaves_no_cycle(solve, position(first) if given == "position" else
                               bitboards(first)), f"{label} leaves reference cycles"
    runs: dict[str, list[tuple[int, int, float]]] = {who: [] for who in SOLVERS}
    for i, (moves, _) in enumerate(positions):  # interleaved, the first one rotating
        names = list(SOLVERS)
        for who in names[i % 4:] + names[:i % 4]:  # (positions are read before the clock)
            _, solve, given = SOLVERS[who]
            runs[who].append(timed(solve, position(moves) if given == "position"
                                   else bitboards(moves)))
    assert [r[1] for r in runs["engine"]] == [r[1] for r in runs["engine-bare"]], \
        "the engine's search written bare searches the engine's nodes"
    want = [score for _, score in positions]
    empties = [42 - len(m) for m, _ in positions]
    print(f"{name} ({SETS[name]}): the first {len(positions)} positions, "
          f"{min(empties)}-{max(empties)} empty cells")
    print(f"  {'':<37}{'right':>7}{'time: median':>14}{'total':>11}{'mean':>11}"
          f"{'nodes: median':>15}{'total':>13}{'mean':>10}")
    rows = {}
    for who, (label, _, _) in SOLVERS.items():
        got = runs[who]
        right = sum(g[0] == w for g, w in zip(got, want, strict=True))
        ts, ns = [g[2] for g in got], [g[1] for g in got]
        rows[who] = (statistics.median(ts), sum(ts), statistics.median(ns), sum(ns), right)
        print(f"  {label:<37}{f'{right}/{len(got)}':>7}{fmt_time(statistics.median(ts)):>14}"
              f"{fmt_time(sum(ts)):>11}{fmt_time(sum(ts) / len(ts)):>11}"
              f"{statistics.median(ns):>15,.0f}{sum(ns):>13,}{sum(ns) / len(ns):>10,.0f}")
        wrong = [(m, w, g[0]) for (m, w), g in zip(positions, got, strict=True) if g[0] != w]
        for m, w, g in wrong[:5]:
            print(f"    wrong: {m} is {w}, {label} says {g}")
    for top, bottom, what in RATIOS:
        a, b = rows[top], rows[bottom]
        print(f"  {what:<44}{a[0] / b[0]:>13.2f}x{a[1] / b[1]:>10.2f}x{'':>11}"
              f"{a[2] / b[2]:>14.2f}x{a[3] / b[3]:>12.2f}x")
    slow = max(range(len(positions)), key=lambda i: runs["engine"][i][2])
    print(f"  slowest for the engine: {positions[slow][0]} ({fmt_time(runs['engine'][slow][2])}; "
          f"the bare solvers {fmt_time(runs['bare-all'][slow][2])} and "
          f"{fmt_time(runs['bare'][slow][2])})")
    mean_time, mean_nodes = PONS[name]
    print(f"  Pons' C++ solver, all 1000 positions: mean {mean_time}, mean {mean_nodes:,} "
          "positions explored\n")
    e = rows["engine"]
    return {"all": e[1] / rows["bare-all"][1], "pons": e[1] / rows["bare"][1],
            "median": e[0] / rows["bare-all"][0], "right": e[4],
            "machinery": e[1] / rows["engine-bare"][1]}


LADDER = {  # each adds one ingredient to the one before (the last swaps the ordering)
    "alpha-beta, column order": {},
    "+ static ordering by values": {"static": "values", "evaluate": ConnectFour.evaluate},
    "+ transposition table": {"static": "values", "evaluate": ConnectFour.evaluate,
                              "table": True},
    "+ null windows (PVS)": {"static": "values", "evaluate": ConnectFour.evaluate,
                             "table": True, "window": "pvs"},
    "+ mate-distance pruning": {"static": "values", "evaluate": ConnectFour.evaluate,
                                "table": True, "window": "pvs", "mate_distance": True},
    "Connect Four's own ordering": ENGINE,
}


def ingredients(name: str, count: int, names: list[str]) -> None:
    """What each ingredient buys: the ladder's searches of the first ``count`` positions."""
    positions = read_set(name, count)
    print(f"{name} ({SETS[name]}), the first {count} positions: each line adds one "
          "ingredient to the line above (the last swaps the ordering)")
    print(f"  {'':<32}{'right':>7}{'nodes':>13}{'CPU seconds':>13}")
    for label in names:
        nodes = seconds = right = 0
        for moves, want in positions:
            score, n, t = timed(lambda s, sw=LADDER[label]: engine_solve(s, sw),
                                position(moves))
            nodes, seconds, right = nodes + n, seconds + t, right + (score == want)
        print(f"  {label:<32}{f'{right}/{count}':>7}{nodes:>13,}{seconds:>13.2f}", flush=True)
    print()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--part", choices=["all", "sets", "ingredients"], default="sets")
    parser.add_argument("--sets", nargs="+", choices=list(SETS), default=list(SETS))
    parser.add_argument("--count", type=int, default=200, help="positions of each set")
    parser.add_argument("--sample", type=int, default=20,
                        help="positions of each set for --part ingredients")
    parser.add_argument("--window", choices=["mtdf", "pvs", "alphabeta", "aspiration-pvs"],
                        default=ENGINE["window"])
    parser.add_argument("--gc", choices=["on", "off"], default="on",
                        help="the garbage collector during a timed solve")
    parser.add_argument("--collect", action="store_true",
                        help="a full collection before every timed solve (caches cold)")
    args = parser.parse_args()
    ENGINE["window"] = args.window
    COLLECTOR["on"], COLLECTOR["before"] = args.gc == "on", args.collect
    print("Engine: enhanced_search(ConnectFour(), s, None, "
          + ", ".join(f"{k}={v!r}" for k, v in ENGINE.items() if k != "table")
          + f", table=DistanceBounds({TABLE_SIZE:,})); the bare solver's table: {TABLE_SIZE:,} "
          "slots too")
    print("Right: Pons' exact score (22 minus the winner's discs at the end, sign of the "
          "player to move; 0 a draw), read from the engine's distance to the end.")
    print(f"Pons' figures: {PONS_SOURCE}.")
    print(f"CPU seconds of this process, the garbage collector {args.gc}"
          + (", a full collection before every solve" if args.collect else "")
          + "; every solver frees what it made before its clock stops (checked: it leaves no "
          "reference cycle).\n")
    if args.part in ("all", "ingredients"):
        for name, count, names in (("Test_L3_R1", args.sample, list(LADDER)),
                                   ("Test_L2_R1", args.sample, list(LADDER)[1:])):
            ingredients(name, count, names)
    if args.part in ("all", "sets"):
        summary = {name: compare(name, args.count) for name in args.sets}
        print("Summary, the engine's time over the bare solvers' (totals; the goal: at most "
              "3x the bare solver that searches every move), and positions right:")
        for name, row in summary.items():
            print(f"  {name:<12}{row['all']:>6.2f}x every move ({row['median']:.2f}x of its "
                  f"median), {row['pons']:.2f}x Pons' own; the machinery "
                  f"{row['machinery']:.2f}x its search bare; {row['right']:.0f}/{args.count} "
                  "right")


if __name__ == "__main__":
    main()
