"""A search put together from the package's parts instead of a searcher: the runtime every
searcher builds (``Run``) and the alpha-beta core of the table search, given no table,
which is a fail-soft alpha-beta generating the states the exercise asks for."""
import math

from aisearch.search.efficiency.table_search import alphabeta_core
from aisearch.search.runtime.run import Run


def _searcher():
    """(a stand-in for the searcher a run belongs to)"""


def _search(game, state, depth, evaluate, prune_on_equal):
    options = {"fastest_wins": False, "prune_on_equal": prune_on_equal}
    if evaluate is not None:
        options["evaluate"] = evaluate
    run = Run(_searcher, game, state, depth, **options)
    value, line = run.search(alphabeta_core(run, None), -math.inf, math.inf)
    return value, (line[0] if line else None)


def alphabeta_decision(game, state, depth, evaluate, alpha=-math.inf, beta=math.inf):
    return _search(game, state, depth, evaluate, True)


def alphabeta_strict(game, state, depth, evaluate, alpha=-math.inf, beta=math.inf):
    return _search(game, state, depth, evaluate, False)
