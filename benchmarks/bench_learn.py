"""TD(lambda) self-play on Nannon, measured against the exact optimum as it learns.

Run from the repository root::

    python benchmarks/bench_learn.py                 # the shipped settings; a few minutes
    python benchmarks/bench_learn.py --every 2000    # fewer checkpoints, quicker

Trains a network from scratch with the settings of the shipped one
(:data:`aisearch.learn.SHIPPED`: same seed, rates, size and number of games) and prints, every
``--every`` games:

- the processor time spent *training* so far (``time.process_time``, measurements excluded),
- the mean absolute error of its P(White wins) against the exact solution, over the decision
  states and over the chance states (the afterstates the 1-ply player compares),
- the win rate of the greedy 1-ply player (expectimax over the dice, learned value) against
  the exact optimal player over ``--match-games`` games (10,000: sides alternated, each pair
  of games with the same dice), with its 95 % interval.

The bar: at least 47 % wins within 10 minutes of training CPU (the optimum against itself
wins 50 %). At the end it prints reference players measured the same way (the optimum
against itself, random, the pip count, the untrained network), the depth-2 expectiminimax
player with the learned value, and whether the final weights equal the shipped file's bit for
bit (they should, on the machine that trained them: the run continues one random stream, as
``python -m aisearch.learn train`` does).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from aisearch.agents import random_agent  # noqa: E402
from aisearch.games.nannon import Nannon  # noqa: E402
from aisearch.learn import (  # noqa: E402
    SHIPPED,
    Network,
    greedy_agent,
    learned_evaluate,
    match,
    nannon_features,
    shipped,
    td_train,
    value_error,
)
from aisearch.solve_chance import nannon_solution  # noqa: E402

BAR = 0.47


def main() -> None:
    settings = SHIPPED["nannon"]
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=settings["games"])
    parser.add_argument("--seed", type=int, default=settings["seed"])
    parser.add_argument("--alpha", type=float, default=settings["alpha"])
    parser.add_argument("--lam", type=float, default=settings["lam"])
    parser.add_argument("--hidden", type=int, default=settings["hidden"])
    parser.add_argument("--every", type=int, default=1000, help="games between checkpoints")
    parser.add_argument("--match-games", type=int, default=10_000)
    parser.add_argument("--depth2-games", type=int, default=10_000)
    args = parser.parse_args()

    game, solution = Nannon(), nannon_solution(progress=False)
    optimal = solution.agent
    net = Network(len(nannon_features(game.initial)), args.hidden, seed=args.seed)
    untrained = net.copy()
    rng = np.random.default_rng(args.seed)  # one stream, as the train command uses

    def measure(model: Network, depth: int = 1, games: int = args.match_games) -> str:
        agent = greedy_agent(game, learned_evaluate(model, nannon_features), depth)
        return str(match(game, agent, optimal, games, seed=1))

    print(f"Nannon, Network(33, {args.hidden}), alpha {args.alpha}, lambda {args.lam}, "
          f"seed {args.seed}; matches of {args.match_games:,} games against the optimum")
    print(f"{'games':>7} {'train CPU s':>11} {'err decision':>12} {'err chance':>10}  "
          f"1-ply player against the optimum")
    cpu, done, reached = 0.0, 0, None
    while done < args.games:
        chunk = min(args.every, args.games - done)
        start = time.process_time()
        td_train(game, net, nannon_features, games=chunk, alpha=args.alpha, lam=args.lam,
                 seed=rng, progress=False)
        cpu += time.process_time() - start
        done += chunk
        evaluate = learned_evaluate(net, nannon_features)
        result = match(game, greedy_agent(game, evaluate), optimal, args.match_games, seed=1)
        if reached is None and result.rate >= BAR:
            reached = (done, cpu, str(result))
        print(f"{done:>7,} {cpu:>11.1f} {value_error(evaluate, solution):>12.4f} "
              f"{value_error(evaluate, solution, kind='chance'):>10.4f}  {result}", flush=True)

    print()
    if reached:
        print(f"bar: >= {BAR:.0%} wins reached after {reached[0]:,} games and {reached[1]:.1f} s "
              f"of training CPU (limit 600 s): {reached[2]}")
    else:
        print(f"bar: {BAR:.0%} wins NOT reached in {done:,} games ({cpu:.1f} s CPU)")
    print(f"training CPU for all {done:,} games: {cpu:.1f} s")
    final = learned_evaluate(net, nannon_features)
    print(f"value error at the end: decision states {value_error(final, solution):.4f}, "
          f"chance states {value_error(final, solution, kind='chance'):.4f}, all "
          f"{value_error(final, solution, kind='all'):.4f}")
    print()
    print("against the exact optimum, the same dice:")
    start = time.process_time()
    print(f"  learned value, depth 2 (expectiminimax): {measure(net, 2, args.depth2_games)}"
          f"  [{time.process_time() - start:.0f} s CPU]")
    print(f"  learned value, depth 1 (greedy):         {measure(net)}")
    print(f"  the optimum itself:                      "
          f"{match(game, optimal, optimal, args.match_games, seed=1)}")
    print(f"  pip count, depth 1:                      "
          f"{match(game, greedy_agent(game, Nannon.pip_eval), optimal, args.match_games, seed=1)}")
    print(f"  the untrained network, depth 1:          {measure(untrained)}")
    print(f"  random moves:                            "
          f"{match(game, random_agent(seed=0), optimal, args.match_games, seed=1)}")
    same = (args.games, args.seed, args.alpha, args.lam, args.hidden) == tuple(
        settings[k] for k in ("games", "seed", "alpha", "lam", "hidden"))
    if same:
        equal = shipped("nannon").weights.tobytes() == net.weights.tobytes()
        print(f"\nfinal weights equal the shipped file's bit for bit: {equal}")


if __name__ == "__main__":
    main()
