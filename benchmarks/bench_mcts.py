"""Monte Carlo tree search: playouts per second, and matches against alpha-beta.

Run from the repository root::

    python benchmarks/bench_mcts.py                 # everything, a few minutes on two cores
    python benchmarks/bench_mcts.py --part speed    # playouts/s only
    python benchmarks/bench_mcts.py --part ttt      # MCTS against perfect play, tic-tac-toe
    python benchmarks/bench_mcts.py --part c4       # MCTS against alpha-beta, Connect Four

Prints, measured in this one run:

- ``speed``: MCTS iterations (one random playout each) per second on tic-tac-toe from the
  empty board: ``aisearch.mcts`` against OpenSpiel's Python ``MCTSBot`` with a
  ``RandomRolloutEvaluator`` (target >= 3x), and OpenSpiel's C++ ``MCTSBot``, the ceiling;
  then on two games of chance from their first state, Pig to 100 (against OpenSpiel's
  ``pig`` the same way) and Nannon (which OpenSpiel does not have: ours alone).
  Both OpenSpiel searches run with ``solve=False`` and one rollout per iteration, as ours.
  OpenSpiel is optional (``pip install open_spiel``); rounds are interleaved and the
  ratios compare the fastest round of each;
- ``ttt``: games of MCTS at a number of iterations per move against perfect play
  (alpha-beta to the end, which plays the first best move in move order), each seed playing
  once as X and once as O: losses, draws, and the one-sided 95 % upper bound of the loss
  rate (Clopper-Pearson: the largest rate under which so few losses have a chance of at
  least 5 %); ``--levels`` and ``--seeds`` choose the iterations and the games;
- ``c4``: Connect Four, MCTS against iterative-deepening alpha-beta (``ConnectFour.evaluate``)
  with the same budget of generated states per move; wins, draws and losses of MCTS, its
  score (win 1, draw 1/2) with a 95 % Wilson interval.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from aisearch import Nannon, Pig, TicTacToe, alphabeta, iterative_deepening, play  # noqa: E402
from aisearch.agents import anytime_agent, search_agent  # noqa: E402
from aisearch.games.connect4 import ConnectFour  # noqa: E402
from aisearch.search import mcts, mcts_agent  # noqa: E402
from aisearch.search.runtime.anytime import run_anytime  # noqa: E402


def wilson(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95 % Wilson interval of a proportion ``score`` out of ``n``."""
    if n == 0:
        return (0.0, 1.0)
    p = score / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (centre - half, centre + half)


def speed(iterations: int, rounds: int, title: str = "tic-tac-toe") -> None:
    """Playouts per second from a game's first state: ours against OpenSpiel's MCTSBot (the
    same game where OpenSpiel has it: tic-tac-toe, Pig to 100 (``pig``); Nannon alone)."""
    game, spiel_name, spiel_params = {
        "tic-tac-toe": (TicTacToe(), "tic_tac_toe", {}),
        "Pig": (Pig(), "pig", {"winscore": 100}),  # (the same rules: a 1 ends the turn)
        "Nannon": (Nannon(), None, {}),
    }[title]
    jobs = {"aisearch mcts (Python)": lambda seed: run_anytime(
        mcts(game, game.initial, iterations=iterations, batch=iterations, seed=seed))}
    try:
        import numpy as np
        import pyspiel
        from open_spiel.python.algorithms import mcts as os_mcts

        spiel = pyspiel.load_game(spiel_name, spiel_params) if spiel_name else None

        def python_bot(seed: int) -> object:
            rng = np.random.RandomState(seed)
            bot = os_mcts.MCTSBot(spiel, 2.0 ** 0.5, iterations,
                                  os_mcts.RandomRolloutEvaluator(1, rng), solve=False,
                                  random_state=rng)
            return bot.step(spiel.new_initial_state())

        def cpp_bot(seed: int) -> object:
            bot = pyspiel.MCTSBot(spiel, pyspiel.RandomRolloutEvaluator(1, seed), 2.0 ** 0.5,
                                  iterations, 1000, False, seed, False)
            return bot.step(spiel.new_initial_state())

        if spiel is not None:
            jobs["OpenSpiel MCTSBot (Python)"] = python_bot
            jobs["OpenSpiel MCTSBot (C++)"] = cpp_bot
    except ImportError:
        print("(OpenSpiel not installed: only aisearch is measured)")
    times: dict[str, list[float]] = {name: [] for name in jobs}
    for r in range(rounds):
        for name, job in jobs.items():
            start = time.perf_counter()
            job(r)
            times[name].append(time.perf_counter() - start)
    print(f"\nMCTS on {title} from the first state, {iterations:,} iterations "
          f"(one random playout each), {rounds} rounds")
    print(f"{'search':30} {'best s':>8} {'median s':>9} {'playouts/s':>11}")
    best = {}
    for name, ts in times.items():
        best[name] = iterations / min(ts)
        print(f"{name:30} {min(ts):8.3f} {sorted(ts)[len(ts) // 2]:9.3f} {best[name]:11,.0f}")
    ours = best["aisearch mcts (Python)"]
    if "OpenSpiel MCTSBot (Python)" in best:
        goal = " (goal >= 3x)" if title == "tic-tac-toe" else ""
        print(f"ratio aisearch / OpenSpiel Python: {ours / best['OpenSpiel MCTSBot (Python)']:.1f}x"
              f"{goal}")
        print(f"ratio OpenSpiel C++ / aisearch:    {best['OpenSpiel MCTSBot (C++)'] / ours:.1f}x"
              " (the ceiling)")


def loss_rate_bound(losses: int, games: int, confidence: float = 0.95) -> float:
    """One-sided upper bound of a loss rate (Clopper-Pearson): the rate ``p`` at which
    ``losses`` or fewer losses in ``games`` games have probability ``1 - confidence``.

    >>> round(loss_rate_bound(0, 20), 3), round(loss_rate_bound(0, 1000), 4)
    (0.139, 0.003)
    """
    def at_most(p: float) -> float:
        return sum(math.comb(games, k) * p ** k * (1 - p) ** (games - k)
                   for k in range(losses + 1))

    low, high = losses / games, 1.0
    for _ in range(100):  # at_most falls as p rises: bisect for 1 - confidence
        mid = (low + high) / 2
        low, high = (mid, high) if at_most(mid) > 1 - confidence else (low, mid)
    return high


def against_perfect(levels: list[int], seeds: int) -> None:
    game = TicTacToe()
    perfect = search_agent(alphabeta)
    print(f"\nTic-tac-toe: MCTS against perfect play (alpha-beta to the end), {seeds} seeds, "
          "each seed once as X and once as O")
    print(f"{'iterations':>10} {'games':>6} {'MCTS lost':>10} {'draws':>6} "
          f"{'loss rate, 95% upper bound':>27} {'s':>7}")
    for n in levels:
        start = time.perf_counter()
        lost = draws = games = 0
        for seed in range(seeds):
            for side in (0, 1):
                agent = mcts_agent(n, seed=seed)
                agents = (agent, perfect) if side == 0 else (perfect, agent)
                record = play(game, agents)
                games += 1
                if record.winner is None:
                    draws += 1
                elif agents[record.winner] is perfect:
                    lost += 1
        print(f"{n:10,} {games:6} {lost:10} {draws:6} {loss_rate_bound(lost, games):27.2%} "
              f"{time.perf_counter() - start:7.1f}")


def connect_four(nodes: int, games: int) -> None:
    game = ConnectFour()
    score = wins = draws = losses = 0
    start = time.perf_counter()
    for g in range(games):
        rng = random.Random(g)
        opening = game.initial
        for _ in range(2):  # two random opening moves, so the games differ
            opening = game.result(opening, rng.choice(game.moves(opening)))
        ours = mcts_agent(None, nodes=nodes, seed=g, batch=10**6)
        theirs = anytime_agent(iterative_deepening, nodes=nodes, evaluate=ConnectFour.evaluate)
        agents = (ours, theirs) if g % 2 == 0 else (theirs, ours)
        record = play(game, agents, state=opening)
        if record.winner is None:
            draws += 1
            score += 0.5
        elif agents[record.winner] is ours:
            wins += 1
            score += 1
        else:
            losses += 1
    low, high = wilson(score, games)
    print(f"{nodes:>8,} {games:6} {wins:5} {draws:6} {losses:7} {score / games:6.2f} "
          f"[{low:.2f}, {high:.2f}] {time.perf_counter() - start:7.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--part", choices=["all", "speed", "ttt", "c4"], default="all")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seeds", type=int, default=10)
    parser.add_argument("--levels", type=int, nargs="+", default=[50, 200, 800, 1600, 3200],
                        help="iterations per move for --part ttt")
    parser.add_argument("--games", type=int, default=20)
    args = parser.parse_args()
    if args.part in ("all", "speed"):
        speed(2000, args.rounds)
        speed(500, args.rounds, "Pig")  # (a random playout of Pig runs about 180 plies)
        speed(2000, args.rounds, "Nannon")
    if args.part in ("all", "ttt"):
        against_perfect(args.levels, args.seeds)
    if args.part in ("all", "c4"):
        print("\nConnect Four: MCTS against iterative-deepening alpha-beta, the same budget of "
              "generated states per move, two random opening moves per game, sides alternating")
        print(f"{'nodes':>8} {'games':>6} {'wins':>5} {'draws':>6} {'losses':>7} {'score':>6} "
              f"{'95% interval':>13} {'s':>7}")
        for nodes in (2_000, 10_000):
            connect_four(nodes, args.games)


if __name__ == "__main__":
    main()
