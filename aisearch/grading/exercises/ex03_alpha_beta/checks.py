"""Checks of exercise 03: the student's alpha-beta against the package's, the textbook way.

``alphabeta_decision`` is compared with :func:`aisearch.search.alphabeta` (cut when
alpha >= beta, root included; moves left to right; the first best move wins ties;
``fastest_wins=False``): values, moves, and the exact sequence of states it generates.
``alphabeta_strict`` is compared the same way with
:func:`aisearch.search.alphabeta_failsoft` under CS188's strict rule
(``prune_on_equal=False``): fail-soft, because with the strict rule fail-hard loses
cut-offs. The hand trace, ``evaluated_tips``, is compared with the tips alpha-beta
evaluates in :data:`TRACE_TREE`.

Examples
--------
>>> from aisearch.games import fig5_2
>>> reference(fig5_2, fig5_2.initial, 2, None), strict_reference(fig5_2, fig5_2.initial, 2, None)
((3, 0), (3, 0))
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from aisearch.grading.cases import search_cases
from aisearch.grading.observe import exercise_api, show
from aisearch.grading.question import Context, Fail
from aisearch.grading.recognise import Bug
from aisearch.grading.search_checks import check_search
from aisearch.search import alphabeta, alphabeta_failsoft

__all__ = ["NAME", "STRICT_NAME", "TRACE_NAME", "TRACE_TREE", "reference", "strict_reference",
           "check_alphabeta", "check_strict", "trace_game", "check_hand_trace"]

NAME = "alphabeta_decision"
"""The student's searcher."""

STRICT_NAME = "alphabeta_strict"
"""The student's searcher with the strict rule."""

TRACE_NAME = "evaluated_tips"
"""The student's hand trace: the tips of TRACE_TREE alpha-beta evaluates."""

TRACE_TREE = [[[[5, 6], [0, 7]], [[5, 7], [1, 2]]], [[[0, 2], [8, 5]], [[9, 1], [6, 9]]]]
"""The tree of the hand-trace question: MAX at the root, 16 tips at depth 4 (the notebook
shows it; its right trace and the wrong ones are in ``bugs.py``)."""

reference = exercise_api(alphabeta)
"""The package's :func:`~aisearch.search.alphabeta` in the exercises' API, textbook rule."""


def strict_reference(game: Any, state: Any, depth: int, evaluate: Any) -> tuple[Any, Any]:
    """The package's fail-soft alpha-beta with the strict rule, in the exercises' API."""
    d = alphabeta_failsoft(game, state, depth, evaluate=evaluate, prune_on_equal=False,
                           fastest_wins=False)
    return d.value, d.move


strict_reference.__name__ = "alphabeta_failsoft"


def check_alphabeta(ctx: Context, aspect: str, known: Sequence[Bug] = ()) -> None:
    """Grade one aspect of ``alphabeta_decision`` on the question's random cases.

    ``aspect`` is ``'value'``, ``'move'`` or ``'pruning'`` (the exact sequence of
    generated states, and ``evaluate`` on exactly the tips at the bound); ``known`` are
    the wrong versions that name a bug.

    >>> from aisearch.grading.exercises.ex03_alpha_beta.bugs import alphabeta_decision
    >>> check_alphabeta(Context({NAME: alphabeta_decision}, seed=1), "pruning") is None
    True
    """
    check_search(ctx, NAME, aspect, search_cases(ctx.rng), reference=reference, bugs=known)


def check_strict(ctx: Context, known: Sequence[Bug] = ()) -> None:
    """Grade ``alphabeta_strict``: the value, then the exact sequence of generated states.

    >>> from aisearch.grading.exercises.ex03_alpha_beta.bugs import alphabeta_strict
    >>> check_strict(Context({STRICT_NAME: alphabeta_strict}, seed=1)) is None
    True
    """
    cases = search_cases(ctx.rng)
    for aspect in ("value", "pruning"):
        check_search(ctx, STRICT_NAME, aspect, cases, reference=strict_reference, bugs=known)


def trace_game() -> Any:
    """The tree of the hand trace as a game (MAX at the root).

    >>> len(trace_game().tips)
    16
    """
    from aisearch.games.tree import TreeGame

    return TreeGame(TRACE_TREE)


def _paths(answer: Any) -> tuple[tuple, ...] | None:
    """The answer as a tuple of tip paths, or None if it is not a sequence of them."""
    if isinstance(answer, (str, bytes, dict)) or not isinstance(answer, (Sequence, set,
                                                                         frozenset)):
        return None
    out = []
    for path in answer:
        if isinstance(path, (str, bytes)) or not isinstance(path, Sequence):
            return None
        if not all(isinstance(m, int) and not isinstance(m, bool) for m in path):
            return None
        out.append(tuple(path))
    return tuple(out)


def check_hand_trace(ctx: Context, right: Callable[[Any], Any], known: Sequence[Bug] = (),
                     name: str = TRACE_NAME) -> None:
    """``evaluated_tips``, the tips alpha-beta evaluates in TRACE_TREE, as paths of moves;
    ``right(game)`` lists them, ``known`` are the wrong traces that name a bug.

    Any order is accepted; each tip once. (A function of the tree's game returning the
    list is read the same way.)

    >>> from aisearch.grading.exercises.ex03_alpha_beta.bugs import trace_tips
    >>> check_hand_trace(Context({TRACE_NAME: trace_tips(trace_game())}, seed=1),
    ...                  trace_tips) is None
    True
    """
    game = trace_game()
    if name not in ctx.namespace:
        errors = ctx.notes.get("cell_errors") or []
        if any("NotImplementedError" in str(e.get("error", "")) for e in errors):
            raise Fail(f"{name} is not written yet (its cell raises NotImplementedError).",
                       bug="not-implemented")
        ctx.function(name)  # Fail: missing, naming a cell that raised
    answer = ctx.namespace[name]
    if callable(answer):
        answer = ctx.call(answer, game)
    paths = _paths(answer)
    if paths is None:
        raise Fail(f"{name} must be a list of tip paths such as [(0, 0, 0, 0), (0, 0, 0, 1)], "
                   f"not {show(answer)}.")
    want = right(game)
    tips = set(game.tips)
    strange = [p for p in paths if p not in tips]
    if strange:
        raise Fail(f"{show(strange[0])} is not a tip of the tree: a tip's path has four moves, "
                   "each 0 (left) or 1 (right), e.g. (0, 1, 1, 0).")
    if len(set(paths)) != len(paths):
        raise Fail(f"{name} lists a tip twice; alpha-beta evaluates each tip at most once.")
    if set(paths) == set(want):
        return None
    bug = next((b for b in known if set(b.impl(game)) == set(paths)), None)
    extra = sorted(set(paths) - set(want))
    missing = sorted(set(want) - set(paths))
    detail = []
    if extra:
        detail.append(f"alpha-beta never evaluates {', '.join(map(str, extra[:3]))}"
                      + (", ..." if len(extra) > 3 else ""))
    if missing:
        detail.append(f"it does evaluate {', '.join(map(str, missing[:3]))}"
                      + (", ..." if len(missing) > 3 else ""))
    lead = bug.feedback + "\n" if bug else ""
    raise Fail(f"{lead}You listed {len(paths)} tips; {'; '.join(detail)}.",
               bug=bug.key if bug else None)
