"""TD(lambda) in exact arithmetic: the weights come back as Fractions (read as numbers)."""
import random
from fractions import Fraction


def td_episode(w, xs, outcome, alpha, lam):
    w = [Fraction(v) for v in w]
    alpha, lam = Fraction(alpha), Fraction(lam)
    e = [Fraction(0)] * len(w)
    for t, x in enumerate(xs):
        x = [Fraction(v) for v in x]
        e = [lam * a + b for a, b in zip(e, x, strict=True)]
        nxt = Fraction(outcome) if t == len(xs) - 1 else sum(
            a * Fraction(b) for a, b in zip(w, xs[t + 1], strict=True))
        error = nxt - sum(a * b for a, b in zip(w, x, strict=True))
        w = [a + alpha * error * b for a, b in zip(w, e, strict=True)]
    return w


def td_train(w, episodes, alpha, lam):
    for xs, outcome in episodes:
        w = td_episode(w, xs, outcome, alpha, lam)
    return w


def walk_values(episodes, alpha, lam, seed):
    rng = random.Random(seed)
    w = [0.5] * 5
    for _ in range(episodes):
        s, xs = 3, []
        while 0 < s < 6:
            xs.append([1.0 if i == s else 0.0 for i in range(1, 6)])
            s += -1 if rng.random() < 0.5 else 1
        w = [float(v) for v in td_episode(w, xs, 1.0 if s == 6 else 0.0, alpha, lam)]
    return [Fraction(v) for v in w]
