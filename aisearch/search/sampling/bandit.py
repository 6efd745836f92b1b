"""The multi-armed bandit, where UCB1 comes from: which slot machine to play next?

Each arm pays 1 with its own unknown probability, else 0. A player who always pulls the
arm that looked best so far may never find a better one; one who explores at random
wastes pulls. UCB1 pulls the arm with the highest *upper confidence bound*
``mean + c * sqrt(ln t / n_arm)`` (``t`` pulls so far): an arm pulled rarely gets a large
bonus, so every arm is tried again now and then, ever more rarely for bad arms. Its
*regret* (reward lost against always pulling the best arm) grows only like ``log t``
(Auer, Cesa-Bianchi & Fischer 2002). MCTS uses the same rule at every node of its tree.

Examples
--------
>>> run = play_bandit((0.2, 0.5, 0.7), 1000, seed=0)
>>> run.pulls[-1] > run.pulls[0], round(run.regret[-1], 1) < 100
(True, True)
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from aisearch.core import as_int, check_seed, is_number, type_note
from aisearch.search.sampling.ucb import SQRT2, exploration, ucb1_unchecked

__all__ = ["BanditRun", "play_bandit", "POLICIES"]

POLICIES = ("ucb1", "greedy", "epsilon", "random")
"""The ways to choose an arm :func:`play_bandit` knows."""


@dataclass(frozen=True)
class BanditRun:
    """What happened: pulls per arm, the arm chosen at each step, and the regret after each
    step (expected reward lost against the best arm)."""

    probabilities: tuple[float, ...]
    policy: str
    choices: tuple[int, ...]
    pulls: tuple[int, ...]
    regret: tuple[float, ...]


def play_bandit(probabilities: Sequence[float], steps: int, *, policy: str = "ucb1",
                c: float = SQRT2, epsilon: float = 0.1, seed: int | None = 0) -> BanditRun:
    """Play a Bernoulli bandit for ``steps`` pulls with one of :data:`POLICIES`.

    ``'ucb1'``: every arm once, then the highest UCB1 score (:func:`~aisearch.search.ucb1`
    with ``t`` under the logarithm); ``'greedy'``: every arm once, then the best mean;
    ``'epsilon'``: the best mean, but a random arm with probability ``epsilon``;
    ``'random'``: any arm.

    >>> play_bandit((0.1, 0.9), 4).choices
    (0, 1, 1, 1)
    """
    probs = tuple(probabilities) if isinstance(probabilities, (list, tuple)) else None
    if not probs or len(probs) < 2 or not all(
            isinstance(p, (int, float)) and not isinstance(p, bool) and 0 <= p <= 1
            for p in probs):
        raise ValueError(f"probabilities must be a list of at least 2 numbers in [0, 1] (one "
                         f"per arm), not {probabilities!r:.80}")
    count = as_int(steps, -1)
    if not 1 <= count <= 1_000_000:
        raise ValueError(f"steps must be an int from 1 to 1,000,000, not {steps!r:.80}"
                         f"{type_note(steps)}")
    steps = count
    if policy not in POLICIES:
        raise ValueError(f"policy must be one of {', '.join(POLICIES)}, not {policy!r:.80}")
    exploration(c)
    if not is_number(epsilon) or not 0 <= epsilon <= 1:
        raise ValueError(f"epsilon must be a probability from 0 to 1, not {epsilon!r:.80}")
    check_seed(seed)
    rng = random.Random(seed)
    k, best = len(probs), max(probs)
    n, w = [0] * k, [0.0] * k
    choices, regret, lost = [], [], 0.0
    for t in range(1, steps + 1):
        untried = [a for a in range(k) if n[a] == 0]
        if policy == "random" or (policy == "epsilon" and rng.random() < epsilon):
            arm = rng.randrange(k)
        elif untried and policy != "epsilon":
            arm = untried[0]
        elif policy == "ucb1":
            arm = max(range(k), key=lambda a: ucb1_unchecked(w[a], n[a], t - 1, c))
        else:
            arm = max(range(k), key=lambda a: w[a] / n[a] if n[a] else math.inf)
        n[arm] += 1
        w[arm] += rng.random() < probs[arm]
        lost += best - probs[arm]
        choices.append(arm)
        regret.append(lost)
    return BanditRun(probs, policy, tuple(choices), tuple(n), tuple(regret))
