"""The searchers' checks, written once: arguments at the door, values at the leaves.

Each check costs nothing in the common case: arguments are checked once per search, and a
leaf value is checked in full (:func:`checked_value`) only when it is not a plain ``int`` or
``float`` inside the range of payoffs (the leaf rule's one type test,
:mod:`aisearch.search.runtime.leaves`).
"""

from __future__ import annotations

import numbers
import sys
from collections.abc import Sequence
from typing import Any

from aisearch.core import CHANCE, as_int, check_game, type_note, unwrap
from aisearch.search.runtime.scores import INF, UNBOUNDED, WON
from aisearch.values import as_real, number_text

__all__ = ["check_decision_state", "checked_value", "check_args", "check_evaluation",
           "check_function", "check_tracer", "check_window", "count_arg", "order_error",
           "ordered", "no_evaluate", "no_moves_error", "deep_recursion", "per_node", "name_of"]

VALUES = ("values must be real numbers (ints, floats or Fractions; ±inf for a proven win or "
          "loss), within ±2**999 when finite")


def name_of(f: Any) -> str:
    """A callable's name for messages."""
    return getattr(f, "__name__", None) or type(f).__name__


def no_evaluate(state: Any) -> float:
    """The evaluation of a search given none: reaching the depth bound is an error."""
    raise ValueError(
        f"the depth bound was reached at a non-terminal state ({state!r:.200}) but no evaluate "
        "function was given: pass evaluate=... or depth=None"
    )


class deep_recursion:  # noqa: N801  (a context manager used as a function: with deep_recursion())
    """Allow deep searches, and turn runaway recursion into a clear error.

    >>> import sys
    >>> with deep_recursion(50_000):
    ...     sys.getrecursionlimit() >= 50_000
    True
    """

    __slots__ = ("limit", "old")

    def __init__(self, limit: int = 20_000) -> None:
        self.limit, self.old = limit, 0

    def __enter__(self) -> None:
        self.old = sys.getrecursionlimit()
        sys.setrecursionlimit(max(self.old, self.limit))

    def __exit__(self, kind: Any, error: Any, tb: Any) -> None:
        sys.setrecursionlimit(self.old)
        if kind is not None and issubclass(kind, RecursionError):
            raise ValueError(
                "the search went deeper than Python allows: the game may cycle (e.g. TwoRobots "
                "without max_plies); give a depth or a finite game"
            ) from None


def checked_value(v: Any, source: str, s: Any) -> Any:
    """``v``, which ``source`` returned for state ``s``, if it is a value as the searchers'
    leaf rule takes them: a real number, ``±inf`` for a proven win or loss, within
    ``±2**999`` when finite (a numpy number as the Python int or float it equals); else
    the error they give.

    >>> from fractions import Fraction
    >>> checked_value(float("inf"), "evaluate", "s"), checked_value(Fraction(1, 3), "f", "s")
    (inf, Fraction(1, 3))
    >>> import numpy as np  # numpy's numbers come back as Python's
    >>> checked_value(np.float32(0.5), "evaluate", "s"), checked_value(np.int64(2), "f", "s")
    (0.5, 2)
    >>> checked_value(None, "evaluate", "s")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    TypeError: evaluate returned None (a NoneType) for state 's': values must be real numbers ...
    """
    if v.__class__ is bool or not isinstance(v, numbers.Real):
        hint = " (convert it with float())" if isinstance(v, numbers.Number) else ""
        raise TypeError(f"{source} returned {v!r:.80} (a {type(v).__name__}){hint} for state "
                        f"{s!r:.200}: {VALUES}")
    try:
        f = float(v)
    except OverflowError:
        raise ValueError(f"{source} returned {number_text(v)} for state {s!r:.200}: "
                         f"{VALUES}") from None
    if f != f:
        raise ValueError(f"{source} returned NaN for state {s!r:.200}: {VALUES}")
    if -INF < f < INF and not -WON < f < WON:
        raise ValueError(f"{source} returned {number_text(v)} for state {s!r:.200}: {VALUES}")
    return as_real(v, v)  # (numpy's numbers as Python's, exactly: a float32 would round a
    #                        window shut)


def per_node(tracer: Any) -> Any:
    """The tracer to call at every node, or None (no tracer, or one that only wants totals)."""
    if tracer is None or not getattr(tracer, "per_node", True):
        return None
    return tracer


def count_arg(x: Any) -> int:
    """``x`` as a non-negative int (any integral number but a bool: numpy's too), else -1.

    >>> count_arg(3), count_arg(-1), count_arg(2.0), count_arg(True)
    (3, -1, -1, -1)
    """
    n = as_int(x, -1)
    return n if n >= 0 else -1


def check_args(game: Any, state: Any, depth: Any, options: dict[str, Any]) -> int:
    """Validate a searcher's arguments; return the internal depth.

    Depths are counted in any integral type but bool (numpy's ints too).

    >>> import numpy as np
    >>> from aisearch.games import fig5_2
    >>> check_args(fig5_2, (), np.int64(2), {})
    2
    >>> check_args(fig5_2, (), 2.0, {})
    Traceback (most recent call last):
    ...
    ValueError: depth must be a non-negative int (plies) or None (to the end), not 2.0 (a float)
    """
    check_game(game, initial=False)
    if depth is not None:
        d = count_arg(depth)
        if d < 0:
            raise ValueError("depth must be a non-negative int (plies) or None (to the end), "
                             f"not {depth!r:.80}{type_note(depth)}")
        depth = d
    for name in ("evaluate", "order"):
        check_function(name, options.get(name))
    check_evaluation(options.get("evaluate"))
    check_tracer(options.get("tracer"))
    for name in ("prune_on_equal", "fastest_wins"):
        if name in options and not isinstance(options[name], bool):
            raise TypeError(f"{name} must be True or False, not {options[name]!r:.80}")
    try:
        hash(state)
    except TypeError:
        raise TypeError(f"states must be hashable; got {type(state).__name__}") from None
    return UNBOUNDED if depth is None else depth


def check_function(name: str, f: Any) -> None:
    """Refuse, for the option ``name``, what is neither None nor a function to call: a class
    (``order=History`` for ``order=History()``) is one to make an instance of first.

    >>> from aisearch.search import History
    >>> check_function("order", History())
    >>> check_function("order", History)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    TypeError: order must be callable or None, not the class History: make one, order=History()...
    """
    if f is None:
        return
    if isinstance(f, type):
        raise TypeError(f"{name} must be callable or None, not the class {f.__name__}: make "
                        f"one, {name}={f.__name__}() (with its arguments, if it takes any)")
    if not callable(f):
        raise TypeError(f"{name} must be callable or None, not {f!r:.80}")


def check_evaluation(evaluate: Any) -> None:
    """Refuse, before a search starts, an evaluation written to be called with other than one
    argument, such as ``def evaluate(state, player)`` or ``def evaluate(game, state)``: a
    searcher calls ``evaluate(state)``, a number from MAX's point of view. Only a plain
    function is read (one look at its code object); anything else is taken as it is.

    >>> check_evaluation(lambda s: 0)
    >>> check_evaluation(lambda s, player=1: 0)
    >>> def evaluate(game, state):
    ...     return 0
    >>> check_evaluation(evaluate)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    TypeError: evaluate is called as evaluate(state) ..., but evaluate(game, state) needs 2 ...
    """
    code = getattr(evaluate, "__code__", None)
    if code is None or evaluate.__class__ is not _FUNCTION:
        return
    given = code.co_argcount
    needed = given - len(evaluate.__defaults__ or ())
    takes_more = code.co_flags & 0x04  # *args
    if needed == 1 or (needed == 0 and (given >= 1 or takes_more)):
        return
    names = code.co_varnames[:given]
    raise TypeError(
        f"evaluate is called as evaluate(state) and returns a number from MAX's point of view "
        f"(for one that needs the game, close over it: lambda state: my_eval(game, state)), "
        f"but {name_of(evaluate)}({', '.join(names)}) needs {needed} "
        f"argument{'s' if needed != 1 else ''}")


_FUNCTION = type(check_evaluation)


def check_tracer(tracer: Any) -> None:
    """Refuse what is not a tracer: a tracer is called as ``tracer(event)`` (so it is an
    instance, such as ``Recorder()``, not the class), and its ``finish``, if it has one,
    is a method ``finish(decision)``.

    >>> from aisearch.trace import Recorder
    >>> check_tracer(Recorder())
    >>> check_tracer(Recorder)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    TypeError: tracer must be a tracer, not the class Recorder: make one, tracer=Recorder() ...
    """
    if tracer is None:
        return
    what = ("a tracer is called as tracer(event), like Recorder() or Tally(), and may have a "
            "method finish(decision)")
    if isinstance(tracer, type):
        raise TypeError(f"tracer must be a tracer, not the class {tracer.__name__}: make one, "
                        f"tracer={tracer.__name__}() ({what})")
    if not callable(tracer):
        raise TypeError(f"tracer must be callable or None, not {tracer!r:.80} ({what})")
    finish = getattr(tracer, "finish", None)
    if finish is not None and not callable(finish):
        raise TypeError(f"tracer.finish must be a method finish(decision), not {finish!r:.80} "
                        f"({what})")


def check_window(window: Any) -> tuple[float, float]:
    """A root window ``(alpha, beta)``: two real numbers with alpha < beta, numpy's read as
    the ints and floats they equal (:func:`~aisearch.values.as_real`; a float32 bound must
    not round a window shut), a ``Fraction`` as it is.

    >>> import numpy as np
    >>> check_window((np.int64(-1), np.float32(2.5)))
    (-1, 2.5)
    >>> check_window((1, 0))
    Traceback (most recent call last):
    ...
    ValueError: window must be a pair (alpha, beta) of numbers with alpha < beta, not (1, 0)
    """
    pair = isinstance(window, (tuple, list)) and len(window) == 2
    alpha, beta = (as_real(window[0]), as_real(window[1])) if pair else (None, None)
    if alpha is None or beta is None or not alpha < beta:
        raise ValueError(f"window must be a pair (alpha, beta) of numbers with alpha < beta, "
                         f"not {window!r:.80}")
    return alpha, beta


def order_error(order: Any, s: Any, given: Sequence[Any], got: Sequence[Any]) -> str:
    """What an ordering did wrong: the moves it dropped, added or repeated."""
    dropped = [m for m in given if m not in got]
    added = [m for m in got if m not in given]
    repeated = sorted({m for m in got if list(got).count(m) > 1}, key=repr)
    parts = [f"{what} {', '.join(map(repr, ms[:20]))}" for what, ms in
             (("dropped", dropped), ("added", added), ("repeated", repeated)) if ms]
    return (f"order {name_of(order)} must return the moves it was given, in any order; at "
            f"state {s!r:.200} it {'; '.join(parts) or 'changed them'} (given: "
            f"{', '.join(map(repr, given[:40]))}{', ...' if len(given) > 40 else ''})")


def ordered(order: Any, s: Any, ms: Sequence[Any], *args: Any) -> tuple:
    """``order(s, ms, *args)`` checked: the same moves, in any order, as a tuple."""
    got = order(s, ms, *args)
    try:
        result = tuple(got)
    except TypeError:
        raise TypeError(f"order {name_of(order)} must return the moves it was given, in any "
                        f"order (a list or tuple); at state {s!r:.200} it returned "
                        f"{got!r:.80}") from None
    if len(result) != len(ms) or set(result) != set(ms):
        raise ValueError(order_error(order, s, ms, result))
    return result


def check_decision_state(game: Any, state: Any, agent: str = "an agent") -> None:
    """Refuse to move at a state where no player chooses: the game is over, or chance is to
    move (:func:`play` samples chance's outcomes itself).

    >>> from aisearch.games import TicTacToe
    >>> check_decision_state(TicTacToe(), TicTacToe.parse("xxx/oo./..."))
    Traceback (most recent call last):
    ...
    ValueError: an agent moves only where a player chooses a move, and the game is over at \
TicTacToe.parse('xxx/oo./...')
    """
    if game.is_terminal(state):
        why = "the game is over at"
    elif game.to_move(state) == CHANCE:
        why = "chance is to move (play samples its outcomes) at"
    else:
        return
    raise ValueError(f"{agent} moves only where a player chooses a move, and {why} "
                     f"{state!r:.80}")


def no_moves_error(name: str, game: Any, s: Any) -> ValueError:
    """The error of searcher ``name`` at a state ``s`` of ``game`` that is not terminal and
    has no moves (a game's rules that forgot to end it, or to give its player a pass).

    >>> from aisearch.games import TicTacToe
    >>> print(no_moves_error("minimax", TicTacToe(), "s"))  # doctest: +NORMALIZE_WHITESPACE
    minimax: TicTacToe.moves returned no moves at a state that is not terminal ('s'); a state
    with no moves must be terminal (is_terminal true, with its utility), or its player needs a
    move to make (a pass)
    """
    return ValueError(f"{name}: {type(unwrap(game)).__name__}.moves returned no moves at a "
                      f"state that is not terminal ({s!r:.200}); a state with no moves must "
                      "be terminal (is_terminal true, with its utility), or its player needs "
                      "a move to make (a pass)")
