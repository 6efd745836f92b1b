"""Checking a student's searcher against the reference, and naming the bug.

:func:`observe` runs a searcher in the exercises' API ``f(game, state, depth,
evaluate) -> (value, move)`` on a :class:`~aisearch.trace.CountingGame`, recording its
answer, the states it generated (in order) and the non-terminal states it evaluated.
:func:`check_search` compares the student's observations with the reference's on many
random cases; on a mismatch it looks for a known wrong implementation
(:mod:`aisearch.grading.bugs`) that behaves exactly like the student's code, and names
its bug class in the feedback.

Examples
--------
>>> from aisearch.grading.bugs import textbook
>>> from aisearch.grading.randgen import tree_case
>>> import random
>>> case = tree_case(random.Random(3))
>>> good = observe(textbook, case)
>>> good == observe(reference_alphabeta, case), good.shape
(True, 'pair')
"""

from __future__ import annotations

import math
import sys
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from aisearch.grading.bugs import Bug
from aisearch.grading.question import Context, Fail, student_error
from aisearch.grading.randgen import Case
from aisearch.trace import CountingGame

__all__ = [
    "Observation",
    "observe",
    "reference_alphabeta",
    "reference_minimax",
    "check_search",
    "recognise",
    "show",
    "watch_calls",
    "REFERENCE_CODES",
]


class RecordingGame(CountingGame):
    """A CountingGame that also remembers which states were expanded (had a child generated)."""

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self.expanded: set[Any] = set()

    def result(self, s: Any, m: Any) -> Any:
        child = self.game.result(s, m)
        self.generated.append(child)
        self.expanded.add(s)
        return child


@dataclass(frozen=True)
class Observation:
    """What one call of a searcher did: its answer and its generated/evaluated states."""

    value: Any = None
    move: Any = None
    shape: str = "pair"  # pair, number (value only), other (a bad return), error
    returned: str = ""
    generated: tuple = ()
    evaluated: frozenset = field(default_factory=frozenset)
    expanded_evaluated: tuple = ()
    error: str = ""
    calls: tuple = ()  # reference searchers it called (forbidden)


def _reference(search: Callable[..., Any]) -> Callable[..., Any]:
    def decide(game: Any, state: Any, depth: int, evaluate: Any) -> tuple[Any, Any]:
        d = search(game, state, depth, evaluate=evaluate)
        return d.value, d.move

    decide.__name__ = search.__name__
    return decide


def _searchers() -> dict[str, Callable[..., Any]]:
    from aisearch.search import SEARCHERS

    return SEARCHERS


reference_alphabeta = _reference(_searchers()["alphabeta"])
"""The package's :func:`~aisearch.search.alphabeta` in the exercises' API."""
reference_minimax = _reference(_searchers()["minimax"])
"""The package's :func:`~aisearch.search.minimax` in the exercises' API."""

REFERENCE_CODES = {f.__code__: name for name, f in _searchers().items()}
"""Code objects of the package's searchers: student code must not call them."""


@contextmanager
def watch_calls(codes: dict[Any, str]) -> Iterator[list[str]]:
    """Collect the names of the functions in ``codes`` called inside the block."""
    hits: list[str] = []
    if not codes:
        yield hits
        return

    def hook(frame: Any, event: str, arg: Any) -> None:
        if event == "call" and frame.f_code in codes:
            hits.append(codes[frame.f_code])

    old = sys.getprofile()
    sys.setprofile(hook)
    try:
        yield hits
    finally:
        sys.setprofile(old)


def _is_number(x: Any) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool) or (
        hasattr(x, "__float__") and not isinstance(x, (str, bytes, bool)))


def observe(f: Callable[..., Any], case: Case, *, forbid: dict[Any, str] | None = None
            ) -> Observation:
    """Run ``f(game, state, depth, evaluate)`` on ``case`` and record what it did.

    Exceptions from ``f`` (``SystemExit`` included) are recorded, not raised.
    """
    game = RecordingGame(case.game)
    evaluate = game.counting(case.evaluate)
    calls: list[str] = []
    try:
        with watch_calls(forbid or {}) as calls:
            out = f(game, case.state, case.depth, evaluate)
    except (Exception, SystemExit) as e:
        return Observation(shape="error", error=student_error(e), generated=tuple(game.generated),
                           calls=tuple(dict.fromkeys(calls)))
    value, move, shape, returned = None, None, "pair", ""
    if isinstance(out, (tuple, list)) and len(out) == 2:
        value, move = out
    elif hasattr(out, "value") and hasattr(out, "move"):
        value, move = out.value, out.move
    elif _is_number(out):
        value, shape = out, "number"
    else:
        shape, returned = "other", _short(repr(out))
    if shape != "other" and not _is_number(value):
        shape, returned = "other", _short(repr(out))
    is_terminal = case.game.is_terminal
    evaluated = [s for s in game.evaluated if not is_terminal(s)]
    return Observation(
        value, move, shape, returned, tuple(game.generated), frozenset(evaluated),
        tuple(dict.fromkeys(s for s in evaluated if s in game.expanded)),
        calls=tuple(dict.fromkeys(calls)),
    )


def _short(text: str, n: int = 120) -> str:
    return text if len(text) <= n else text[:n] + "..."


def same_value(a: Any, b: Any) -> bool:
    """Equal numbers, allowing float rounding (infinities must match exactly)."""
    try:
        a, b = float(a), float(b)
    except (TypeError, ValueError):
        return False
    if math.isinf(a) or math.isinf(b):
        return a == b
    return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9)


def show(s: Any) -> str:
    """A short readable form of a state (a tree path, a board, a robots position)."""
    text = str(s) if type(s).__name__ == "Board" else repr(s)
    return _short(text, 80)


def _fmt(v: Any) -> str:
    return show(v) if not isinstance(v, float) or not v.is_integer() else repr(int(v))


# -- differences, one per aspect; None when the student's observation is right -----------
def _answer_problem(got: Observation, want: Observation, what: str) -> str | None:
    if got.shape == "error":
        return got.error
    if got.shape == "other":
        return f"returned {got.returned}, not a (value, move) pair"
    if what == "move" and got.shape == "number":
        return f"returned just a number ({_fmt(got.value)}), not a (value, move) pair"
    return None


def value_diff(got: Observation, want: Observation) -> str | None:
    problem = _answer_problem(got, want, "value")
    if problem:
        return problem
    if not same_value(got.value, want.value):
        return f"your value is {_fmt(got.value)}, the minimax value is {_fmt(want.value)}"
    return None


def move_diff(got: Observation, want: Observation) -> str | None:
    problem = _answer_problem(got, want, "move")
    if problem:
        return problem
    if got.move != want.move:
        return f"your move is {got.move!r}, the first best move is {want.move!r}"
    return None


def sequence_diff(got: Observation, want: Observation) -> str | None:
    """The exact sequence of generated states, and the set of evaluated non-terminal states."""
    if got.shape == "error":
        return got.error
    g, w = got.generated, want.generated
    if g != w:
        pairs = enumerate(zip(g, w, strict=False))
        n = next((i for i, (a, b) in pairs if a != b), min(len(g), len(w)))
        head = f"you generated {len(g)} states, alpha-beta generates {len(w)}"
        if Counter(g) == Counter(w):
            return head + ": the same states in another order (search moves in game.moves order)"
        dup = next((s for s, k in Counter(g).items() if k > 1), None)
        if dup is not None:
            return head + (f"; you generated {show(dup)} more than once (call game.result "
                           "once per move)")
        if n == len(w):
            return head + (f"; after the first {n}, which agree, you went on to generate "
                           f"{show(g[n])}, which alpha-beta prunes")
        if n == len(g):
            return head + f"; after the first {n}, which agree, you stopped before {show(w[n])}"
        return head + (f"; the first {n} agree, then you generated {show(g[n])} where alpha-beta "
                       f"generates {show(w[n])}")
    return evaluated_diff(got, want)


def evaluated_diff(got: Observation, want: Observation) -> str | None:
    if got.shape == "error":
        return got.error
    if got.expanded_evaluated:
        return (f"you called evaluate on {show(got.expanded_evaluated[0])} and then expanded it "
                "(generated its children)")
    extra, missing = got.evaluated - want.evaluated, want.evaluated - got.evaluated
    if extra:
        return f"you called evaluate on {show(sorted(extra, key=repr)[0])}, which is not a tip"
    if missing:
        first = show(sorted(missing, key=repr)[0])
        return f"evaluate was not called on {first}, a tip at the depth bound"
    return None


def multiset_diff(got: Observation, want: Observation) -> str | None:
    """Every node generated once (any order), and evaluate on exactly the tips at the bound."""
    if got.shape == "error":
        return got.error
    g, w = Counter(got.generated), Counter(want.generated)
    if g != w:
        extra, missing = g - w, w - g
        head = f"you generated {sum(g.values())} states, minimax generates {sum(w.values())}"
        if extra:
            s = next(iter(extra))
            again = " more than once" if s in w else ""
            return head + f"; for example {show(s)}{again}, which minimax does not"
        return head + f"; for example you never generated {show(next(iter(missing)))}"
    return evaluated_diff(got, want)


DIFFS: dict[str, Callable[[Observation, Observation], str | None]] = {
    "value": value_diff, "move": move_diff, "pruning": sequence_diff, "expansion": multiset_diff,
}


def recognise(
    student: Sequence[Any], cases: Sequence[Any], bugs: Sequence[Bug],
    run: Callable[[Callable[..., Any], Any], Any],
    alike: Callable[[Any, Any], bool] | None = None,
) -> tuple[Bug | None, bool]:
    """The first bug whose implementation behaves like the student's on every case.

    Returns ``(bug, exact)``: ``exact`` when all of the behaviour agrees (``==``), else
    ``alike`` (the question's aspect) agrees on every case; ``(None, False)`` if no bug does.
    """
    seen: list[tuple[Bug, list[Any]]] = []
    for bug in bugs:
        theirs = [run(bug.impl, c) for c in cases]
        if list(student) == theirs:
            return bug, True
        seen.append((bug, theirs))
    if alike is not None:
        for bug, theirs in seen:
            if all(alike(a, b) for a, b in zip(student, theirs, strict=True)):
                return bug, False
    return None, False


def _alike(aspect: str) -> Callable[[Observation, Observation], bool]:
    diff = DIFFS[aspect]

    def alike(a: Observation, b: Observation) -> bool:
        if a.shape == "error" or b.shape == "error":
            return False
        return diff(a, b) is None

    return alike


def check_search(
    ctx: Context, name: str, aspect: str, cases: Sequence[Case], *,
    reference: Callable[..., Any], bugs: Sequence[Bug], forbid: dict[Any, str] | None = None,
) -> None:
    """Grade one aspect (``value``, ``move``, ``pruning`` or ``expansion``) of a searcher.

    Raises :class:`~aisearch.grading.question.Fail` with feedback naming the bug class
    when a known wrong implementation reproduces the student's behaviour.
    """
    f = ctx.function(name)
    diff = DIFFS[aspect]
    got = [observe(f, c, forbid=forbid) for c in cases]
    used = next((o.calls for o in got if o.calls), ())
    if used:
        raise Fail(f"{name} calls aisearch's {used[0]}(); the exercise asks you to write the "
                   "search yourself.", bug="uses-reference")
    if got[0].shape == "error" and "not implemented" in got[0].error:
        raise Fail(f"{name} {got[0].error}.", bug="not-implemented")
    want = [observe(reference, c) for c in cases]
    wrong = [(c, d) for c, g, w in zip(cases, got, want, strict=True) if (d := diff(g, w))]
    if not wrong:
        return None
    bug, exact = recognise(got, cases, bugs, observe, _alike(aspect))
    if bug is None and any(o.expanded_evaluated for o in got):
        bug = next((b for b in bugs if b.key == "evaluates-non-tips"), None)
    case, problem = min(wrong, key=lambda cd: cd[0].size)
    lead = ""
    if bug is not None:
        lead = ("" if exact else "This looks like a known bug. ") + bug.feedback + "\n"
    elif any(o.shape == "error" for o in got):
        every = all(o.shape == "error" for o in got)
        lead = f"{name} raised an exception on {'every input' if every else 'some inputs'}.\n"
    raise Fail(f"{lead}{len(wrong)} of {len(cases)} random cases wrong. For example, on "
               f"{case.describe()}: {problem}.", bug=bug.key if bug else None)
