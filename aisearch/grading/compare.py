"""Comparing a student's observation with the reference's, one aspect at a time.

Each aspect is a function ``diff(got, want) -> str | None``: None when the student's
:class:`~aisearch.grading.observe.Observation` is right in that aspect, else one sentence
saying what differs, for feedback.

=============  ===============================================================================
aspect         what must agree
=============  ===============================================================================
``value``      the value (float rounding allowed)
``move``       the move, and the answer must be a (value, move) pair
``pruning``    the exact sequence of generated states, and the evaluated non-terminal states
``expansion``  every node generated once (any order), and the evaluated non-terminal states
=============  ===============================================================================

Examples
--------
>>> from aisearch.grading.observe import Observation
>>> want = Observation(3, 0, generated=((0,), (1,)))
>>> DIFFS["value"](Observation(3.0, 1), want) is None
True
>>> DIFFS["move"](Observation(3, 1), want)
'your move is 1, the first best move is 0'
>>> DIFFS["pruning"](Observation(3, 0, generated=((1,), (0,))), want)
'you generated 2 states, alpha-beta generates 2: the same states in another order (search \
moves in game.moves order)'
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from aisearch.grading.observe import Observation, show

__all__ = [
    "same_value",
    "value_diff",
    "move_diff",
    "sequence_diff",
    "first_difference",
    "evaluated_diff",
    "multiset_diff",
    "DIFFS",
    "alike",
    "Diff",
]

Diff = Callable[[Observation, Observation], "str | None"]


def same_value(a: Any, b: Any) -> bool:
    """Equal numbers, allowing float rounding (infinities must match exactly). Text is not
    a number, and a number too large for a float (``10**400``) equals none of the answers.

    Examples
    --------
    >>> same_value(0.1 + 0.2, 0.3), same_value(math.inf, 1e308), same_value("3", 3)
    (True, False, False)
    >>> from fractions import Fraction
    >>> same_value(10**400, math.inf), same_value(Fraction(10**400, 3), 3)
    (False, False)
    """
    if isinstance(a, (str, bytes, bytearray)) or isinstance(b, (str, bytes, bytearray)):
        return False
    try:
        a, b = float(a), float(b)
    except (TypeError, ValueError, ArithmeticError):  # (OverflowError: 10**400)
        return False
    if math.isinf(a) or math.isinf(b):
        return a == b
    return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9)


def _fmt(v: Any) -> str:
    return show(v) if not isinstance(v, float) or not v.is_integer() else repr(int(v))


def _answer_problem(got: Observation, what: str) -> str | None:
    if got.shape == "error":
        return got.error
    if got.shape == "other":
        return f"returned {got.returned}, not a (value, move) pair"
    if what == "move" and got.shape == "number":
        return f"returned just a number ({_fmt(got.value)}), not a (value, move) pair"
    return None


def value_diff(got: Observation, want: Observation) -> str | None:
    """The value, from MAX's point of view.

    >>> value_diff(Observation(2.0, 0), Observation(3, 0))
    'your value is 2, the minimax value is 3'
    """
    problem = _answer_problem(got, "value")
    if problem:
        return problem
    if not same_value(got.value, want.value):
        return f"your value is {_fmt(got.value)}, the minimax value is {_fmt(want.value)}"
    return None


def move_diff(got: Observation, want: Observation) -> str | None:
    """The move: the first best one in ``game.moves`` order.

    >>> move_diff(Observation(3, shape="number"), Observation(3, 0))
    'returned just a number (3), not a (value, move) pair'
    """
    problem = _answer_problem(got, "move")
    if problem:
        return problem
    if got.move != want.move:
        return f"your move is {got.move!r}, the first best move is {want.move!r}"
    return None


def sequence_diff(got: Observation, want: Observation) -> str | None:
    """The exact sequence of generated states, and the set of evaluated non-terminal states.

    >>> sequence_diff(Observation(generated=((0,), (1,))), Observation(generated=((0,),)))
    'you generated 2 states, alpha-beta generates 1; after the first 1, which agree, you went \
on to generate (1,), which alpha-beta does not generate'
    """
    if got.shape == "error":
        return got.error
    g, w = got.generated, want.generated
    if g != w:
        head = f"you generated {len(g)} states, alpha-beta generates {len(w)}"
        cause = _generation_cause(got, want, "alpha-beta")
        if cause:
            return head + "; " + cause
        if Counter(g) == Counter(w):
            return head + ": the same states in another order (search moves in game.moves order)"
        return head + "; " + first_difference(g, w, "alpha-beta",
                                              ", which alpha-beta does not generate")
    return evaluated_diff(got, want)


def first_difference(got: Sequence[Any], want: Sequence[Any], it: str = "it",
                     beyond: str = "") -> str:
    """Where the states a student generated (``got``) leave those the right search, named
    ``it``, generates (``want``); ``beyond`` follows a state past the end of ``want``.

    >>> first_difference([(0,), (1,)], [(0,), (2,)])
    'the first 1 agree, then you generated (1,) where it generates (2,)'
    >>> first_difference([(0,)], [(0,), (2,)])
    'after the first 1, which agree, you stopped before (2,)'
    """
    n = next((i for i, (a, b) in enumerate(zip(got, want, strict=False)) if a != b),
             min(len(got), len(want)))
    if n == len(want):
        return f"after the first {n}, which agree, you went on to generate {show(got[n])}{beyond}"
    if n == len(got):
        return f"after the first {n}, which agree, you stopped before {show(want[n])}"
    return f"the first {n} agree, then you generated {show(got[n])} where {it} generates " \
           f"{show(want[n])}"


def _generation_cause(got: Observation, want: Observation, name: str) -> str | None:
    """What explains a different list of generated states, when one cause stands out:
    children generated up front, a move generated more than once in one visit of its node,
    or positions remembered and not searched again (a cache). A state generated more often
    than ``name`` generates it for another reason (reached again by another path, because
    the search pruned less) has no cause of its own here."""
    if got.eager and not want.eager:
        return ("you generated the children of a node before searching the first of them; "
                "call game.result(state, move) only when you are about to search that move")
    if got.doubled:
        parent, child, times, reached = got.doubled
        visits = "once" if reached == 1 else f"{reached} times"
        return (f"you generated {show(child)} {times} times from {show(parent)}, which you "
                f"reached {visits} (call game.result once per move you search)")
    remembered = got.remembers(want)
    if remembered is not None:
        return (f"you reached {show(remembered)} more than once but searched below it only the "
                "first time: your search seems to remember positions it has seen (a cache or "
                f"transposition table); {name} searches a position each time it is reached")
    return None


def evaluated_diff(got: Observation, want: Observation) -> str | None:
    """``evaluate`` called on exactly the non-terminal tips at the depth bound.

    >>> evaluated_diff(Observation(evaluated=frozenset({(0,)})), Observation())
    'you called evaluate on (0,), which is not a tip'
    """
    if got.shape == "error":
        return got.error
    again = [s for s in got.expanded_evaluated if s not in want.expanded_evaluated]
    if again:  # (a state met at the bound on one path and above it on another is both)
        return (f"you called evaluate on {show(again[0])} and then expanded it "
                "(generated its children)")
    if got.evaluated_terminal and not want.evaluated_terminal:
        return (f"you called evaluate on {show(got.evaluated_terminal[0])}, a terminal state: "
                "its value is game.utility(state, MAX)")
    extra, missing = got.evaluated - want.evaluated, want.evaluated - got.evaluated
    if extra:
        return f"you called evaluate on {show(sorted(extra, key=repr)[0])}, which is not a tip"
    if missing:
        first = show(sorted(missing, key=repr)[0])
        return f"evaluate was not called on {first}, a tip at the depth bound"
    return None


def multiset_diff(got: Observation, want: Observation) -> str | None:
    """Every node generated once (any order), and evaluate on exactly the tips at the bound.

    >>> multiset_diff(Observation(generated=((1,), (0,))), Observation(generated=((0,), (1,))))
    >>> multiset_diff(Observation(generated=((0,), (0,)), doubled=((), (0,), 2, 1)),
    ...               Observation(generated=((0,),)))
    'you generated 2 states, minimax generates 1; you generated (0,) 2 times from (), which \
you reached once (call game.result once per move you search)'
    """
    if got.shape == "error":
        return got.error
    g, w = Counter(got.generated), Counter(want.generated)
    if g != w:
        extra, missing = g - w, w - g
        head = f"you generated {sum(g.values())} states, minimax generates {sum(w.values())}"
        cause = _generation_cause(got, want, "minimax")
        if cause and not got.eager:
            return head + "; " + cause
        if extra:
            s = next(iter(extra))
            again = " more than once" if s in w else ""
            return head + f"; for example {show(s)}{again}, which minimax does not"
        return head + f"; for example you never generated {show(next(iter(missing)))}"
    return evaluated_diff(got, want)


DIFFS: dict[str, Diff] = {
    "value": value_diff, "move": move_diff, "pruning": sequence_diff, "expansion": multiset_diff,
}
"""The aspects a searcher question can grade, by name."""


def alike(aspect: str | Diff) -> Callable[[Observation, Observation], bool]:
    """Whether two observations agree in ``aspect`` (neither of them an error): a name of
    :data:`DIFFS` or a ``diff(got, want)``.

    Examples
    --------
    >>> same = alike("value")
    >>> same(Observation(3, 0), Observation(3, 1)), same(Observation(3, 0), Observation(4, 0))
    (True, False)
    """
    diff = DIFFS[aspect] if isinstance(aspect, str) else aspect

    def agree(a: Observation, b: Observation) -> bool:
        if a.shape == "error" or b.shape == "error":
            return False
        return diff(a, b) is None

    return agree
