"""Games of chance: expectiminimax speed against OpenSpiel, and the exact solutions.

Run from the repository root::

    python benchmarks/bench_chance.py             # 5 rounds; a few minutes on two cores
    python benchmarks/bench_chance.py --rounds 3  # quicker, noisier
    python benchmarks/bench_chance.py --generic-pig   # also solve Pig 100 with the generic
                                                      # solver (about two million states)

Prints three tables, all measured in this one run:

1. ``expectiminimax`` (no tracer) against OpenSpiel's Python ``expectiminimax`` on the same
   game tree: Pig with goal ``W`` cut off after ``H`` decisions (OpenSpiel's ``pig`` with
   ``winscore=W, horizon=H``, its C++ states; ours ``Pig(goal=W)`` in a small wrapper that ends
   the game after ``H`` decisions with payoff 0, as OpenSpiel does; and the same rules written
   directly for the protocol, states as plain tuples, as a game meant for search would be).
   Both search the whole
   tree to its end (OpenSpiel counts depth in decisions, chance nodes not included, so it is
   given ``H + 1``), by the textbook rule (``fastest_wins=False``), and visit the same nodes
   (checked: OpenSpiel's are counted by a wrapper outside the timed runs) and find the same
   value. Target: at least 1.2x OpenSpiel's nodes per second. OpenSpiel is optional:
   ``pip install -e ".[bench]"``.
2. Pig with goal 100 solved exactly (:func:`aisearch.solve_pig.pig_solution`): time, peak
   memory (tracemalloc) and the first player's win probability to 4 decimals (Neller and
   Presser 2004: about 0.5306); also "hold at 20" against the optimum.
3. Nannon solved exactly (:func:`aisearch.solve_chance.solve_chance`): states, time, value.

Samples are interleaved round by round (a busy spell hits both searchers alike); ratios
compare the fastest sample of each.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
import tracemalloc
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from aisearch import MAX, expectiminimax  # noqa: E402
from aisearch.core import CHANCE, GameBase  # noqa: E402
from aisearch.games.nannon import Nannon  # noqa: E402
from aisearch.games.pig import Pig  # noqa: E402
from aisearch.solve_chance import solve_chance  # noqa: E402
from aisearch.solve_pig import pig_solution  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from dice_race import HorizonPig  # noqa: E402


class Horizon(GameBase):
    """Pig ended after ``horizon`` decisions (payoff 0 if nobody won), as OpenSpiel's pig is."""

    has_chance = True
    win = 1

    def __init__(self, game: Pig, horizon: int) -> None:
        self.game, self.horizon = game, horizon
        self.initial = (game.initial, 0)
        self._terminal, self._to_move, self._moves = game.is_terminal, game.to_move, game.moves
        self._outcomes, self._result = game.chance_outcomes, game.result

    def is_terminal(self, s: Any) -> bool:
        return s[1] >= self.horizon or self._terminal(s[0])

    def to_move(self, s: Any) -> int:
        return self._to_move(s[0])

    def moves(self, s: Any) -> Any:
        return () if s[1] >= self.horizon else self._moves(s[0])

    def chance_outcomes(self, s: Any) -> Any:
        return self._outcomes(s[0])

    def result(self, s: Any, m: Any) -> Any:
        inner = s[0]
        return (self._result(inner, m), s[1] + (not inner[3]))  # a decision, not a roll

    def utility(self, s: Any, player: int = MAX) -> float:
        return self.game.utility(s[0], player) if self.game.is_terminal(s[0]) else 0


class Job:
    """One measurement: a search to repeat, and the nodes it visits."""

    def __init__(self, name: str, fn: Any, nodes: int, value: float) -> None:
        self.name, self.fn, self.nodes, self.value = name, fn, nodes, value
        self.times: list[float] = []

    def sample(self) -> None:
        start = time.perf_counter()
        self.fn()
        self.times.append(time.perf_counter() - start)

    @property
    def best_rate(self) -> float:
        return self.nodes / min(self.times)

    def line(self) -> str:
        median = statistics.median(self.times)
        spread = f"{min(self.times):.3f}-{max(self.times):.3f}"
        return (f"{self.name:52s} {self.nodes:>10,d} {self.value:>9.5f} {median:>9.3f} "
                f"{spread:>13s} {self.nodes / median:>10,.0f}")


def openspiel_job(goal: int, horizon: int) -> Job | None:
    try:
        import pyspiel
        from open_spiel.python.algorithms import minimax as os_minimax
    except ImportError:
        print("OpenSpiel is not installed (pip install -e '.[bench]'): no comparison\n")
        return None
    game = pyspiel.load_game("pig", {"winscore": goal, "horizon": horizon})
    run = lambda: os_minimax.expectiminimax(  # noqa: E731
        game.new_initial_state(), horizon + 1, None, 0)
    original, counted = os_minimax.expectiminimax, [0]

    def counting(*args: Any, **kwargs: Any) -> Any:
        counted[0] += 1
        return original(*args, **kwargs)

    os_minimax.expectiminimax = counting
    try:
        value = counting(game.new_initial_state(), horizon + 1, None, 0)[0]
    finally:
        os_minimax.expectiminimax = original
    return Job(f"OpenSpiel expectiminimax, pig W={goal} H={horizon}", run, counted[0], value)


def measured(fn: Any) -> tuple[Any, float, int]:
    """Run ``fn`` twice: its result and seconds (untraced), then its peak memory in bytes
    (a second run under tracemalloc, which slows it down)."""
    start = time.perf_counter()
    out = fn()
    seconds = time.perf_counter() - start
    tracemalloc.start()
    fn()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return out, seconds, peak


def _fresh(goal: int, holds: tuple) -> Any:
    """pig_solution without its cache (each call solves again)."""
    from aisearch.solve_pig import _solve

    return _solve.__wrapped__(goal, 6, holds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="samples per row (default 5)")
    parser.add_argument("--goal", type=int, default=20, help="Pig goal of the speed test")
    parser.add_argument("--horizon", type=int, default=7, help="decisions before the end")
    parser.add_argument("--generic-pig", action="store_true",
                        help="also solve Pig 100 with the generic solver (slow)")
    args = parser.parse_args()

    print("1. Expectiminimax, the whole tree of Pig cut off after H decisions\n")
    lean = HorizonPig(args.goal, args.horizon)
    wrapped = Horizon(Pig(goal=args.goal), args.horizon)
    mine: list[Job] = []
    for label, game in (("a game written for it", lean), ("aisearch's Pig in a wrapper",
                                                           wrapped)):
        fn = (lambda g: lambda: expectiminimax(g, g.initial, fastest_wins=False))(game)
        d = fn()
        mine.append(Job(f"expectiminimax, {label}", fn, d.stats.nodes, d.value))
    theirs = openspiel_job(args.goal, args.horizon)
    jobs = mine + ([theirs] if theirs else [])
    for _ in range(args.rounds):
        for job in jobs:
            job.sample()
    print(f"{'search':52s} {'nodes':>10s} {'value':>9s} {'median s':>9s} {'min-max s':>13s} "
          f"{'nodes/s':>10s}")
    for job in jobs:
        print(job.line())
    if theirs:
        print(f"\n  nodes/s against OpenSpiel's (fastest of {args.rounds} samples each), "
              "target >= 1.2:")
        for job in mine:
            same = "same nodes" if job.nodes == theirs.nodes else (
                f"NOT the same nodes: {job.nodes:,} vs {theirs.nodes:,}")
            same += ", same value" if abs(job.value - theirs.value) < 1e-12 else ", VALUES DIFFER"
            print(f"  {job.name:52s} {job.best_rate / theirs.best_rate:5.2f}x  ({same})")

    print("\n2. Pig, goal 100, solved exactly (Neller and Presser: about 0.5306)\n")
    rows = []
    solve = pig_solution.__wrapped__ if hasattr(pig_solution, "__wrapped__") else pig_solution
    solution, seconds, peak = measured(lambda: _fresh(100, (None, None)))
    rows.append(("pig_solution(100), both optimal", 2 * 100 * 100 * 100, seconds, peak,
                 solution.first_player_wins))
    hold, seconds, peak = measured(lambda: _fresh(100, (20, None)))
    del solve
    rows.append(("pig_solution(100), player 1 holds at 20", 2 * 100 * 100 * 100, seconds, peak,
                 hold.first_player_wins))
    if args.generic_pig:
        general, seconds, peak = measured(lambda: solve_chance(Pig(goal=100), progress=False))
        rows.append(("solve_chance(Pig(goal=100)), generic", len(general), seconds, peak,
                     general.win_probability(Pig().initial)))
    print(f"{'solver':44s} {'states':>10s} {'seconds':>8s} {'peak MB':>8s} "
          f"{'P(player 1 wins)':>17s}")
    for name, states, seconds, peak, p in rows:
        print(f"{name:44s} {states:>10,d} {seconds:>8.2f} {peak / 2**20:>8.1f} {p:>17.4f}")
    print("  (pig_solution's states: the table P[player, i, j, k] it fills)")

    print("\n3. Nannon solved exactly\n")
    nannon = Nannon()
    general, seconds, peak = measured(lambda: solve_chance(nannon, progress=False))
    opening = [(m, general.win_probability(nannon.result(nannon.initial, m), MAX))
               for m, _ in nannon.chance_outcomes(nannon.initial)]
    decisions = sum(1 for s in general.states if nannon.to_move(s) in (0, 1)
                    and not nannon.is_terminal(s))
    chance = sum(1 for s in general.states if nannon.to_move(s) == CHANCE
                 and not nannon.is_terminal(s))
    print(f"{'states':>8s} {'decision':>9s} {'chance':>7s} {'seconds':>8s} {'peak MB':>8s} "
          f"{'value':>7s} {'P(White wins)':>14s}")
    print(f"{len(general):>8,d} {decisions:>9,d} {chance:>7,d} {seconds:>8.2f} "
          f"{peak / 2**20:>8.1f} {general.value(nannon.initial):>7.4f} "
          f"{general.win_probability(nannon.initial, MAX):>14.4f}")
    print("  White's chance to win after each opening throw: " + ", ".join(
        f"{who[0]}{k}: {p:.4f}" for (who, k), p in opening))


if __name__ == "__main__":
    main()
