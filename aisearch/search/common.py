"""What every searcher shares: argument checks, the leaf rule, and the finish step.

Conventions, documented once (DESIGN.md section 4):

- ``depth`` counts plies (single moves); ``None`` searches to terminal states.
- At a terminal state the value is ``game.utility(s, MAX)``; at the depth bound it is
  ``evaluate(s)``, from MAX's point of view (positive favours MAX).
- ``order(state, moves)`` may return the moves in another order (searched first to last).
- Ties at a node go to the first best move in (ordered) move order.
- ``prune_on_equal=True`` cuts when ``alpha >= beta`` (aima-python, OpenSpiel, MIT 6.034);
  ``False`` only when ``alpha > beta`` (Berkeley CS188's graded convention).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from contextlib import contextmanager
from typing import Any

from aisearch.core import Decision, Stats

__all__ = [
    "UNBOUNDED", "check_args", "finish", "per_node", "no_evaluate", "deep_recursion",
    "chance_error",
]

UNBOUNDED = 1 << 30  # internal stand-in for depth=None; events report it as None

Order = Callable[[Any, Sequence[Any]], Sequence[Any]]


def check_args(
    game: Any, state: Any, depth: int | None, evaluate: Any, order: Any, prune_on_equal: Any,
    tracer: Any,
) -> int:
    """Validate a searcher's arguments; return the internal depth."""
    for name in ("to_move", "moves", "result", "is_terminal", "utility"):
        if not callable(getattr(game, name, None)):
            raise TypeError(f"game {game!r} has no method {name}(); see aisearch.core.Game")
    if depth is not None and (isinstance(depth, bool) or not isinstance(depth, int) or depth < 0):
        raise ValueError(
            f"depth must be a non-negative int (plies) or None (to the end), not {depth!r}"
        )
    for name, f in (("evaluate", evaluate), ("order", order), ("tracer", tracer)):
        if f is not None and not callable(f):
            raise TypeError(f"{name} must be callable or None, not {f!r}")
    if not isinstance(prune_on_equal, bool):
        raise TypeError(f"prune_on_equal must be True or False, not {prune_on_equal!r}")
    try:
        hash(state)
    except TypeError:
        raise TypeError(f"states must be hashable; got {type(state).__name__}") from None
    return UNBOUNDED if depth is None else depth


def no_evaluate(state: Any) -> float:
    raise ValueError(
        f"the depth bound was reached at a non-terminal state ({state!r}) but no evaluate "
        "function was given: pass evaluate=... or depth=None"
    )


def chance_error(name: str, state: Any) -> ValueError:
    return ValueError(
        f"{name} cannot search chance nodes (found one at state {state!r}); use minimax, "
        "which backs up expectations at chance nodes (expectiminimax)"
    )


def finish(value: float, move: Any, pv: tuple, nodes: int, leaves: int, cutoffs: int,
           tracer: Any) -> Decision:
    """Build the Decision and hand it to the tracer's ``finish`` if it has one."""
    decision = Decision(value, move, pv, Stats(nodes, leaves, cutoffs))
    done = getattr(tracer, "finish", None)
    if done is not None:
        done(decision)
    return decision


def per_node(tracer: Any) -> Any:
    """The tracer to call at every node, or None (no tracer, or one that only wants totals)."""
    if tracer is None or not getattr(tracer, "per_node", True):
        return None
    return tracer


@contextmanager
def deep_recursion(limit: int = 20_000):
    """Allow deep searches, and turn runaway recursion into a clear error."""
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old, limit))
    try:
        yield
    except RecursionError:
        raise ValueError(
            "the search went deeper than Python allows: the game may cycle (e.g. TwoRobots "
            "without max_plies); give a depth or a finite game"
        ) from None
    finally:
        sys.setrecursionlimit(old)

