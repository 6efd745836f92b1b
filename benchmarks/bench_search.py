"""Speed of the search runtime: the package's searchers against their peers and against
the same algorithms written bare, measured in one run.

Run from the repository root::

    python benchmarks/bench_search.py              # 5 rounds, a few minutes on two cores
    python benchmarks/bench_search.py --rounds 3   # quicker, noisier
    python benchmarks/bench_search.py --part overhead   # or: peers
    python benchmarks/bench_search.py --gc off          # the collector off during samples

Prints two tables and their ratios:

1. ``peers``: the work of the course's speed goals, by the package (no tracer, the textbook
   rule ``fastest_wins=False``, as its peers score wins), by OpenSpiel's Python algorithms
   (``pip install -e ".[bench]"``) and by a search written by hand for that game alone
   (``bare_games.py``: bitboards, plain ints): tic-tac-toe minimax and alpha-beta solves,
   expectiminimax of a dice race (Pig cut off after a number of decisions, OpenSpiel's
   ``pig``), MCTS on tic-tac-toe (iterations of one random playout, c = 1.4), Connect Four
   alpha-beta to depths 4, 6 and 8 from four positions with 0 at the bound (12 cases,
   nodes and seconds added). The searchers of a row visit the same nodes (checked; a row
   says so when they do not).
2. ``overhead``: each core searcher of the package against the same algorithm written bare
   on the same game objects (``bare_search.py``: the same recursion returning the value and
   the principal variation, with no checks, counts or tracing), on the same nodes
   (checked): minimax, alpha-beta, alpha-beta with a transposition table, expectiminimax,
   MCTS; and what a tracer costs (``Tally``, ``Recorder``) over none. The package's searchers
   call a game's unchecked functions where it offers them (``GameBase.unchecked``:
   tic-tac-toe's table lookups, Connect Four's ``is_terminal`` and ``to_move``); the bare
   searches call the checked methods, as a user's own search would. ``--checked`` runs this
   table with games that offer none, so that both sides call the same methods and the factor
   is the cost of the runtime alone.

A sample starts after a garbage collection and repeats a fast search until it has taken
0.2 s. The machines are shared and their speed drifts by up to 2x from minute to minute, so
a ratio compares samples taken back to back: in every round the rows of one comparison (the
package, its peer, the bare search; for Connect Four, each case by the three) are sampled one
after the other, in the reverse order every other round, and a ratio is the median over the
rounds of each round's ratio. The tables also show each row's median and fastest sample:
read the ratios, not the absolute numbers.

The garbage collector runs during a sample, as it does for a student: it walks the young
objects a search makes (MCTS makes many: a node, its children and rewards), and whatever
searches leave in reference cycles (the package's leave none; a tree whose nodes held their
parents would stay until a full collection, which then lands in some sample and not in
another). ``--gc off`` turns the collector off while a sample runs (as :mod:`timeit` times);
each sample still starts with a collection.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import bare_games  # noqa: E402
import bare_search  # noqa: E402
import peers  # noqa: E402
from dice_race import HorizonPig  # noqa: E402

from aisearch import Recorder, Tally  # noqa: E402
from aisearch.games import ConnectFour, TicTacToe  # noqa: E402
from aisearch.search import (  # noqa: E402
    MCTS,
    TranspositionTable,
    alphabeta,
    alphabeta_tt,
    expectiminimax,
    minimax,
)

PLAIN = {"fastest_wins": False}  # the textbook rule: every win alike, as the peers score them
RACE = (12, 6)  # the dice race: goal, decisions
PLAYOUTS = 3000  # MCTS iterations per sample
C4_POSITIONS = {  # columns played from the empty board (0-based), and a name
    "empty board": [],
    "opening": [3, 3, 2, 4],
    "mid-game A": [3, 2, 3, 3, 5, 4, 2],
    "mid-game B": [3, 3, 2, 4, 4, 2, 1, 4, 5, 3],
}
C4_DEPTHS = (4, 6, 8)


COLLECTOR = {"on": True}  # the garbage collector runs during a sample (--gc)


class Job:
    """One row: a function to time, and the work it does (nodes or playouts)."""

    def __init__(self, name: str, fn: Callable[[], Any], work: int) -> None:
        self.name, self.fn, self.work = name, fn, work
        start = time.perf_counter()
        fn()
        once = time.perf_counter() - start
        self.inner = max(1, int(0.2 / max(once, 1e-6)))
        self.times: list[float] = []

    def sample(self) -> None:
        # Each sample starts from a collected heap: the garbage of the row before would
        # otherwise make this row pay for its collection.
        gc.collect()
        if not COLLECTOR["on"]:
            gc.disable()
        try:
            start = time.perf_counter()
            for _ in range(self.inner):
                self.fn()
            self.times.append((time.perf_counter() - start) / self.inner)
        finally:
            gc.enable()

    @property
    def rate(self) -> float:
        """Work per second in the fastest sample."""
        return self.work / min(self.times)

    def line(self) -> str:
        median = statistics.median(self.times)
        return (f"  {self.name:50s} {self.work:>10,d} {median * 1000:>10.2f} "
                f"{self.rate:>13,.0f}")


def sample_together(groups: list[list[Job]], rounds: int) -> None:
    """``rounds`` rounds; in each, the jobs of a group back to back (reversed every other
    round, so that neither side always runs first)."""
    for r in range(rounds):
        for group in groups:
            for job in group if r % 2 == 0 else reversed(group):
                job.sample()


def ratio(a: Job, b: Job) -> float:
    """How much faster ``a`` works than ``b``: the median over rounds of their rates'
    ratio, each round's two samples taken back to back."""
    return statistics.median((a.work / ta) / (b.work / tb)
                             for ta, tb in zip(a.times, b.times, strict=True))


def _sum(jobs: list[Job], name: str) -> Job:
    """The 12 Connect Four cases as one row: work and seconds added."""
    row = Job.__new__(Job)
    row.name, row.fn, row.work, row.inner = name, None, sum(j.work for j in jobs), 1
    row.times = [sum(ts) for ts in zip(*(j.times for j in jobs), strict=True)]
    return row


def c4_state(game: ConnectFour, columns: list[int]) -> Any:
    s = game.initial
    for c in columns:
        s = game.result(s, c)
    return s


def peers_table(rounds: int) -> None:
    have_peers = peers.available()
    if not have_peers:
        print("OpenSpiel is not installed (pip install -e '.[bench]'): no OpenSpiel column\n")
    ttt, c4, race = TicTacToe(win=1), ConnectFour(win=1), HorizonPig(*RACE)
    rows: list[tuple[str, list[Job], tuple[float, float | None]]] = []

    def row(label: str, ours: Job, theirs: Callable[[], Any] | None, bare: Job,
            goals: tuple[float, float | None]) -> None:
        jobs = [ours, bare]
        if theirs is not None and have_peers:
            run, work = theirs()
            jobs.insert(1, Job(f"OpenSpiel, {label}", run, work))
        rows.append((label, jobs, goals))

    mm = minimax(ttt, ttt.initial, **PLAIN).stats.nodes
    row("tic-tac-toe minimax", Job("aisearch minimax", lambda: minimax(
        ttt, ttt.initial, **PLAIN), mm), peers.ttt_minimax,
        Job("by hand (bitboards), minimax", bare_games.ttt_minimax,
            bare_games.ttt_minimax()[1]), (2.5, None))
    ab = alphabeta(ttt, ttt.initial, **PLAIN).stats.nodes
    row("tic-tac-toe alpha-beta", Job("aisearch alphabeta", lambda: alphabeta(
        ttt, ttt.initial, **PLAIN), ab), peers.ttt_alphabeta,
        Job("by hand (bitboards), alpha-beta", bare_games.ttt_alphabeta,
            bare_games.ttt_alphabeta()[1]), (2.5, 0.45))
    em = expectiminimax(race, race.initial, **PLAIN).stats.nodes
    row(f"expectiminimax, dice race W={RACE[0]} H={RACE[1]}", Job(
        "aisearch expectiminimax", lambda: expectiminimax(race, race.initial, **PLAIN), em),
        lambda: peers.race_expectiminimax(*RACE),
        Job("by hand (ints), expectiminimax", lambda: bare_games.race_expectiminimax(*RACE),
            bare_games.race_expectiminimax(*RACE)[1]), (1.5, None))

    def grow() -> Any:
        tree = MCTS(ttt, ttt.initial, c=1.4, seed=1)
        for _ in range(PLAYOUTS):
            tree.iterate()
        return tree

    row("MCTS tic-tac-toe (playouts)", Job("aisearch MCTS", grow, PLAYOUTS),
        (lambda: (peers.ttt_mcts(PLAYOUTS, 1.4), PLAYOUTS)),
        Job("by hand (bitboards), UCT", lambda: bare_games.ttt_uct(PLAYOUTS, 1.4), PLAYOUTS),
        (3.0, None))
    cases: dict[str, list[Job]] = {"ours": [], "theirs": [], "bare": []}
    for name, columns in C4_POSITIONS.items():
        s = c4_state(c4, columns)
        for depth in C4_DEPTHS:
            d = alphabeta(c4, s, depth, evaluate=lambda _: 0.0, **PLAIN)
            cases["ours"].append(Job(name, lambda s=s, depth=depth: alphabeta(
                c4, s, depth, evaluate=lambda _: 0.0, **PLAIN), d.stats.nodes))
            mine, theirs = s[1], s[0] ^ s[1]
            cases["bare"].append(Job(name, lambda m=mine, t=theirs, depth=depth:
                                     bare_games.c4_alphabeta(m, t, depth),
                                     bare_games.c4_alphabeta(mine, theirs, depth)[1]))
            if have_peers:
                run, work = peers.c4_alphabeta(columns, depth)
                cases["theirs"].append(Job(name, run, work))
    by_case = [list(js) for js in zip(*(js for js in cases.values() if js), strict=True)]
    sample_together(by_case + [js for _, js, _ in rows], rounds)
    c4_jobs = [_sum(cases["ours"], "aisearch alphabeta"),
               _sum(cases["bare"], "by hand (bitboards), alpha-beta")]
    if have_peers:
        c4_jobs.insert(1, _sum(cases["theirs"], "OpenSpiel alpha_beta_search"))
    rows.append(("Connect Four alpha-beta, 0 at the bound, 12 cases", c4_jobs, (2.0, 0.6)))

    print(f"1. peers ({rounds} rounds): work (nodes, or playouts), median ms, work/s at best")
    for label, jobs, (goal_peer, goal_bare) in rows:
        print(f"{label}")
        for job in jobs:
            print(job.line())
        ours, bare = jobs[0], jobs[-1]
        parts = []
        if len(jobs) == 3:
            peer = jobs[1]
            same = "" if peer.work == ours.work else f" (not the same work: {peer.work:,})"
            parts.append(f"{ratio(ours, peer):.2f}x OpenSpiel (goal >= {goal_peer}x){same}")
        parts.append(f"{ratio(ours, bare):.2f}x by hand"
                     + (f" (goal >= {goal_bare}x)" if goal_bare else ""))
        print("  -> " + "; ".join(parts))
    print()


class CheckedTicTacToe(TicTacToe):
    """Tic-tac-toe whose searches call its checked methods (``--checked``)."""

    def unchecked(self) -> None:
        return None


class CheckedConnectFour(ConnectFour):
    """Connect Four whose searches call its checked methods (``--checked``)."""

    def unchecked(self) -> None:
        return None


def overhead_table(rounds: int, checked: bool = False) -> None:
    if checked:
        ttt, c4 = CheckedTicTacToe(win=1), CheckedConnectFour()
    else:
        ttt, c4 = TicTacToe(win=1), ConnectFour()
    race = HorizonPig(*RACE)
    c4_mid = c4_state(c4, C4_POSITIONS["mid-game A"])
    pairs: list[tuple[str, Job, Job]] = []

    def pair(label: str, ours: Callable[[], Any], bare: Callable[[], Any],
             game: Any, bare_on: Callable[[Any], Any]) -> None:
        """``ours()`` and ``bare()`` timed; nodes: ours from its stats, the bare one's
        counted on ``bare_on(counting game)``; they must agree."""
        decision = ours()
        counting = bare_search.Counting(game)
        value, pv = bare_on(counting)
        if counting.nodes != decision.stats.nodes or value != decision.value \
                or tuple(pv) != decision.pv:
            raise SystemExit(f"{label}: the bare search does other work: {counting.nodes:,} "
                             f"nodes, value {value!r}, pv {pv!r} against "
                             f"{decision.stats.nodes:,}, {decision.value!r}, {decision.pv!r}")
        pairs.append((label, Job("aisearch", ours, decision.stats.nodes),
                       Job("bare", bare, counting.nodes)))

    inf = float("inf")
    pair("minimax, tic-tac-toe solve", lambda: minimax(ttt, ttt.initial, **PLAIN),
         lambda: bare_search.minimax(ttt, ttt.initial), ttt,
         lambda g: bare_search.minimax(g, g.initial))
    pair("alpha-beta, tic-tac-toe solve", lambda: alphabeta(ttt, ttt.initial, **PLAIN),
         lambda: bare_search.alphabeta(ttt, ttt.initial), ttt,
         lambda g: bare_search.alphabeta(g, g.initial))
    pair("alpha-beta, Connect Four depth 7, evaluate", lambda: alphabeta(
        c4, c4_mid, 7, evaluate=c4.evaluate, **PLAIN),
        lambda: bare_search.alphabeta(c4, c4_mid, 7, c4.evaluate), c4,
        lambda g: bare_search.alphabeta(g, c4_mid, 7, c4.evaluate))
    pair("alpha-beta + table, tic-tac-toe solve", lambda: alphabeta_tt(
        ttt, ttt.initial, table=TranspositionTable(size=None), **PLAIN),
        lambda: bare_search.alphabeta_tt(ttt, ttt.initial), ttt,
        lambda g: bare_search.alphabeta_tt(g, g.initial, inf))
    pair("alpha-beta + table, Connect Four depth 8, evaluate", lambda: alphabeta_tt(
        c4, c4_mid, 8, evaluate=c4.evaluate, table=TranspositionTable(size=None), **PLAIN),
        lambda: bare_search.alphabeta_tt(c4, c4_mid, 8, c4.evaluate), c4,
        lambda g: bare_search.alphabeta_tt(g, c4_mid, 8, c4.evaluate))
    pair(f"expectiminimax, dice race W={RACE[0]} H={RACE[1]}", lambda: expectiminimax(
        race, race.initial, **PLAIN), lambda: bare_search.minimax(race, race.initial), race,
        lambda g: bare_search.minimax(g, g.initial))

    def grow() -> Any:
        tree = MCTS(ttt, ttt.initial, seed=1)
        for _ in range(PLAYOUTS):
            tree.iterate()
        return tree

    tree = grow()
    best = tree.best()
    if bare_search.uct(ttt, ttt.initial, PLAYOUTS, seed=1) != (best.move, best.n):
        raise SystemExit("MCTS: the bare UCT grew another tree")
    pairs.append(("MCTS, tic-tac-toe (playouts)", Job("aisearch", grow, PLAYOUTS),
                  Job("bare", lambda: bare_search.uct(ttt, ttt.initial, PLAYOUTS, seed=1),
                      PLAYOUTS)))
    plain = Job("no tracer", lambda: alphabeta(ttt, ttt.initial, **PLAIN), 1)
    tally = Job("Tally", lambda: alphabeta(ttt, ttt.initial, tracer=Tally(), **PLAIN), 1)
    recorder = Job("Recorder", lambda: alphabeta(ttt, ttt.initial, tracer=Recorder(),
                                                 **PLAIN), 1)
    sample_together([[a, b] for _, a, b in pairs] + [[plain, tally, recorder]], rounds)
    print(f"2. overhead ({rounds} rounds): the package's searcher against the same algorithm "
          "written bare, same game objects, same nodes (goal: at most 1.3x)")
    print("   " + ("both call the games' checked methods (--checked)" if checked else
                   "the package calls the games' unchecked functions where they offer them; "
                   "the bare searches call the checked methods"))
    print("   (ms: the fastest sample; overhead: the median of the rounds' paired ratios)")
    print(f"  {'search':50s} {'nodes':>10s} {'aisearch ms':>12s} {'bare ms':>9s} "
          f"{'overhead':>9s}")
    for label, ours, bare in pairs:
        print(f"  {label:50s} {ours.work:>10,d} {min(ours.times) * 1000:>12.2f} "
              f"{min(bare.times) * 1000:>9.2f} {1 / ratio(ours, bare):>8.2f}x")
    print("  tracers, alpha-beta solving tic-tac-toe, over no tracer: "
          f"Tally {1 / ratio(tally, plain) - 1:+.0%}, "
          f"Recorder {1 / ratio(recorder, plain) - 1:+.0%}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="samples per row (default 5)")
    parser.add_argument("--part", choices=("all", "peers", "overhead"), default="all")
    parser.add_argument("--checked", action="store_true",
                        help="overhead: games without unchecked functions on both sides")
    parser.add_argument("--gc", choices=["on", "off"], default="on",
                        help="the garbage collector during a sample (default on)")
    args = parser.parse_args()
    COLLECTOR["on"] = args.gc == "on"
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    if args.part in ("all", "peers"):
        peers_table(args.rounds)
    if args.part in ("all", "overhead"):
        overhead_table(args.rounds, args.checked)


if __name__ == "__main__":
    main()
