"""Expectiminimax from the package's parts: the runtime (``Run``) and Star1's core with
unbounded values and the cut test switched off."""
import math

from aisearch.search.chance.star import _core
from aisearch.search.runtime.run import Run


def star1():
    """(a stand-in for the searcher a run belongs to)"""


star1.info = None


def expectiminimax_decision(game, state, depth, evaluate):
    options = {"fastest_wins": False}
    if evaluate is not None:
        options["evaluate"] = evaluate
    run = Run(star1, game, state, depth, **options)
    run.cut = lambda alpha, beta: False
    value, line = run.search(_core(run, -math.inf, math.inf, False), -math.inf, math.inf, None)
    return run.decode(value), (line[0] if line else None)
