"""Quiescence search from the package's parts: the runtime (``Run``), the quiescence leaf
rule and its core, and the alpha-beta core of the table search, given no table."""
import math

from aisearch.search.efficiency.table_search import alphabeta_core
from aisearch.search.horizon.quiescence import Quiescence, _core
from aisearch.search.runtime.run import Run


def _searcher():
    """(a stand-in for the searcher a run belongs to)"""


def quiesce(game, state, alpha, beta, evaluate):
    run = Run(_searcher, game, state, 0, evaluate=evaluate, fastest_wins=False)
    _, node = _core(run, None, None)
    return node(state, 0, alpha, beta)[0]


def search_quiescent(game, state, depth, evaluate, alpha=-math.inf, beta=math.inf):
    run = Run(_searcher, game, state, depth, evaluate=evaluate, fastest_wins=False,
              leaf_rule=Quiescence(10**9))
    value, line = run.search(alphabeta_core(run, None), alpha, beta)
    return value, (line[0] if line else None)
