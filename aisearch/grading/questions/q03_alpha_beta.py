"""Exercise 03, alpha-beta (``solutions/03_alpha_beta.ipynb``).

``alphabeta_decision(game, state, depth, evaluate) -> (value, move)`` is compared with
:func:`aisearch.search.alphabeta` (cut when alpha >= beta, root included; moves left
to right; the first best move wins ties): values, moves, and the exact sequence of
states it generates (through :class:`aisearch.trace.CountingGame`, as CS188 grades).
"""

from aisearch.grading import question
from aisearch.grading.bugs import ALPHABETA_BUGS
from aisearch.grading.checks import REFERENCE_CODES, check_search, reference_alphabeta
from aisearch.grading.randgen import search_cases

NAME = "alphabeta_decision"


def _check(ctx, aspect):
    check_search(ctx, NAME, aspect, search_cases(ctx.rng), reference=reference_alphabeta,
                 bugs=ALPHABETA_BUGS, forbid=REFERENCE_CODES)


@question("03.value", points=2)
def value(ctx):
    """alphabeta_decision returns the minimax value."""
    _check(ctx, "value")


@question("03.move", points=2)
def move(ctx):
    """alphabeta_decision returns the first best move."""
    _check(ctx, "move")


@question("03.pruning", points=6)
def pruning(ctx):
    """alphabeta_decision generates exactly the states alpha-beta generates, in order."""
    _check(ctx, "pruning")
