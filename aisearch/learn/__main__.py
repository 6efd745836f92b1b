"""``python -m aisearch.learn``: train a network by TD(lambda) self-play, or measure one.

Examples (shell)::

    python -m aisearch.learn train nannon --games 30000 --seed 7 --out nannon.npz
    python -m aisearch.learn measure nannon.npz --games 10000 --seed 1
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    from aisearch.learn.shipped import SHIPPED

    defaults = SHIPPED["nannon"]
    parser = argparse.ArgumentParser(prog="python -m aisearch.learn",
                                     description="TD(lambda) self-play for Nannon and Pig.")
    sub = parser.add_subparsers(dest="command", required=True)
    tr = sub.add_parser("train", help="train a network from scratch and save it (.npz)")
    tr.add_argument("game", choices=["nannon", "pig"])
    tr.add_argument("--games", type=int, default=defaults["games"])
    tr.add_argument("--seed", type=int, default=defaults["seed"])
    tr.add_argument("--alpha", type=float, default=defaults["alpha"])
    tr.add_argument("--lam", type=float, default=defaults["lam"])
    tr.add_argument("--hidden", type=int, default=defaults["hidden"])
    tr.add_argument("--goal", type=int, default=20, help="Pig's goal")
    tr.add_argument("--out", required=True, help="the .npz file to write")
    tr.add_argument("--quiet", action="store_true", help="no progress bar or report")
    me = sub.add_parser("measure", help="a saved Nannon network against the exact optimum")
    me.add_argument("weights", help="a .npz file written by train")
    me.add_argument("--games", type=int, default=10_000)
    me.add_argument("--seed", type=int, default=1)
    me.add_argument("--depth", type=int, default=1)
    args = parser.parse_args(argv)
    if args.command == "train":
        from aisearch.learn.files import save
        from aisearch.learn.shipped import train

        start = time.process_time()
        try:
            net, curve = train(args.game, games=args.games, seed=args.seed, alpha=args.alpha,
                               lam=args.lam, hidden=args.hidden, goal=args.goal,
                               progress=not args.quiet)
        except (ValueError, TypeError) as err:  # (the arguments are checked before training)
            parser.error(str(err))
        save(net, args.out)
        if not args.quiet:
            print(f"wrote {args.out}: {net!r} after {args.games:,} games, "
                  f"{time.process_time() - start:.1f} s CPU")
        return 0
    from aisearch.games.nannon import Nannon
    from aisearch.learn.encode import nannon_features
    from aisearch.learn.files import load
    from aisearch.learn.measure import match, value_error
    from aisearch.learn.models import learn_seed
    from aisearch.learn.selfplay import greedy_agent, learned_evaluate
    from aisearch.solve_chance import nannon_solution

    try:
        model = load(args.weights)
        learn_seed(args.seed)
        if not 1 <= args.games or not 1 <= args.depth <= 6:
            raise ValueError("--games must be >= 1 and --depth from 1 to 6")
        evaluate = learned_evaluate(model, nannon_features)  # (refuses a model of Pig)
    except (ValueError, FileNotFoundError) as err:
        parser.error(str(err))
    game, solution = Nannon(), nannon_solution()
    result = match(game, greedy_agent(game, evaluate, args.depth), solution.agent, args.games,
                   seed=args.seed, progress=True)
    print(f"depth {args.depth} against the optimum: {result}")
    print(f"value error (mean |P(White wins) - exact|, decision states): "
          f"{value_error(evaluate, solution):.4f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
