"""Observing a searcher through a recording game: what it answered, generated and evaluated.

A searcher in the exercises' API, ``f(game, state, depth, evaluate) -> (value, move)``,
is run by :func:`observe` on a :class:`RecordingGame` (a
:class:`~aisearch.trace.CountingGame` that also notes which states were expanded) with a
counting ``evaluate``. The :class:`Observation` it returns holds the answer, the states
``game.result`` generated (in order, as CS188 grades search), the non-terminal states
evaluated, and which package searchers it called: student code and reference alike
are seen from outside, through the game protocol only.

Examples
--------
>>> from aisearch.games import TreeGame
>>> from aisearch.grading.cases import Case
>>> from aisearch.search import alphabeta
>>> game = TreeGame([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
>>> case = Case(game, game.initial, 2, lambda s: 0, "Fig 5.2", len(game), 2)
>>> seen = observe(exercise_api(alphabeta), case)
>>> seen.value, seen.move, len(seen.generated)
(3, 0, 10)
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from aisearch.grading.question import student_error
from aisearch.trace import CountingGame

__all__ = [
    "RecordingGame",
    "Observation",
    "observe",
    "exercise_api",
    "searcher_codes",
    "freeze_searcher_codes",
    "poisoned",
    "TRAPPED",
    "ACTIVE",
    "watch_calls",
    "show",
]

ExerciseSearch = Callable[[Any, Any, int, Any], Any]
"""A searcher in the exercises' API: ``f(game, state, depth, evaluate) -> (value, move)``."""


class RecordingGame(CountingGame):
    """A CountingGame that also remembers which states were expanded (had a child generated).

    Examples
    --------
    >>> from aisearch.games import TreeGame
    >>> game = RecordingGame(TreeGame([[1, 2], 3]))
    >>> game.result(game.result(game.initial, 0), 1)
    (0, 1)
    >>> game.generated, sorted(game.expanded)
    ([(0,), (0, 1)], [(), (0,)])
    """

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self.expanded: set[Any] = set()
        self.parents: list[Any] = []

    def result(self, s: Any, m: Any) -> Any:
        child = self.game.result(s, m)
        self.generated.append(child)
        self.parents.append(s)
        self.expanded.add(s)
        return child

    def eager(self) -> bool:
        """Whether a node's children were generated before the first of them was searched.

        True when two children of one node come one after the other in ``generated``
        while the first of them is expanded later: a searcher that calls
        ``game.result`` only when it is about to search a move expands a child right
        after generating it, so its next sibling comes after that child's subtree.

        >>> from aisearch.games import TreeGame
        >>> game = RecordingGame(TreeGame([[1, 2], [3, 4]]))
        >>> kids = [game.result((), m) for m in (0, 1)]
        >>> _ = game.result(kids[0], 0)
        >>> game.eager()
        True
        """
        try:
            last: dict[Any, int] = {s: i for i, s in enumerate(self.parents)}
            return any(self.parents[i] == self.parents[i - 1]
                       and last.get(self.generated[i - 1], -1) > i
                       for i in range(1, len(self.generated)))
        except TypeError:  # unhashable states: no opinion
            return False

    def revisits(self) -> tuple[tuple[Any, int, int], ...]:
        """The states generated more than once: ``(state, times generated, times expanded
        right after being generated)``. A search that remembers positions expands a
        transposed state on its first visit only.

        >>> from aisearch.games.dag import DagGame
        >>> from aisearch.grading.exercises.ex02_minimax.bugs import minimax_decision
        >>> game = RecordingGame(DagGame(b=2, d=3, width=2, seed=1))
        >>> _ = minimax_decision(game, game.initial, 3, None)
        >>> game.revisits()[0]
        (DagState(level=2, number=0, player=0), 3, 3)
        """
        try:
            times = Counter(self.generated)
            expanded: Counter[Any] = Counter()
            for i, s in enumerate(self.generated[:-1]):
                if times[s] > 1 and self.parents[i + 1] == s:
                    expanded[s] += 1
            return tuple((s, times[s], expanded[s]) for s in dict.fromkeys(self.generated)
                         if times[s] > 1)
        except TypeError:
            return ()


@dataclass(frozen=True)
class Observation:
    """What one call of a searcher did: its answer and the states it generated and evaluated.

    Attributes
    ----------
    value, move : object
        The answer (``move`` is None when only a number came back).
    shape : str
        ``'pair'`` (a value and a move), ``'number'`` (a value alone), ``'other'`` (a
        bad return, shown in ``returned``) or ``'error'`` (it raised, see ``error``).
    generated : tuple
        The states ``game.result`` returned, in order.
    evaluated : frozenset
        The non-terminal states ``evaluate`` was called on.
    expanded_evaluated : tuple
        The evaluated states that were then expanded (a child generated).
    calls : tuple of str
        The package searchers it called, if any were forbidden.
    evaluated_terminal : tuple
        Terminal states ``evaluate`` was called on (``game.utility`` gives their value).
    eager : bool
        Whether it generated a node's children before searching the first of them
        (:meth:`RecordingGame.eager`).
    revisits : tuple
        The states generated more than once, how often, and how often expanded
        (:meth:`RecordingGame.revisits`).
    """

    value: Any = None
    move: Any = None
    shape: str = "pair"
    returned: str = ""
    generated: tuple[Any, ...] = ()
    evaluated: frozenset[Any] = field(default_factory=frozenset)
    expanded_evaluated: tuple[Any, ...] = ()
    error: str = ""
    calls: tuple[str, ...] = ()
    evaluated_terminal: tuple[Any, ...] = ()
    eager: bool = False
    revisits: tuple[tuple[Any, int, int], ...] = ()

    def remembers(self, reference: Observation) -> Any:
        """A state that ``reference`` expands each time it reaches it and this search
        expanded on its first visit only (a sign of a cache), or None.

        >>> state = (0, 1)
        >>> Observation(revisits=((state, 2, 1),)).remembers(Observation(revisits=((state, 2, 2),)))
        (0, 1)
        """
        if self.eager:
            return None
        again = {s: k for s, _, k in reference.revisits if k >= 2}
        return next((s for s, n, k in self.revisits if n >= 2 and k == 1 and s in again), None)


def exercise_api(search: Callable[..., Any]) -> ExerciseSearch:
    """A package searcher in the exercises' API, run the textbook way.

    The exercises ask for the textbook algorithm, so the reference searches with
    ``fastest_wins=False`` (all wins alike, as the pseudocode has it).

    Parameters
    ----------
    search : callable
        A searcher of :mod:`aisearch.search` returning a Decision.

    Returns
    -------
    callable
        ``f(game, state, depth, evaluate) -> (value, move)``.

    Examples
    --------
    >>> from aisearch.games import fig5_2
    >>> from aisearch.search import minimax
    >>> exercise_api(minimax)(fig5_2, fig5_2.initial, 2, None)
    (3, 0)
    """

    def decide(game: Any, state: Any, depth: int, evaluate: Any) -> tuple[Any, Any]:
        d = search(game, state, depth, evaluate=evaluate, fastest_wins=False)
        return d.value, d.move

    decide.__name__ = getattr(search, "__name__", "search")
    decide.__doc__ = f"The package's {decide.__name__} in the exercises' API."
    return decide


ACTIVE: list[tuple[Mapping[Any, str], list[str]]] = []
"""The :func:`watch_calls` blocks open now (innermost last): what each watches, what it saw."""

_FROZEN: dict[Any, str] | None = None


_TRAPS: list[tuple[Any, Any, Any]] = []  # (function, its code, the trap's code)
TRAPPED: list[str] = []
"""Names of the forbidden functions called while :func:`poisoned` was in force."""


def freeze_searcher_codes() -> None:
    """Take :func:`searcher_codes` now, once, and prepare the traps of :func:`poisoned`:
    the grading process does so before student code runs, so emptying the registry later
    hides nothing."""
    global _FROZEN
    _FROZEN = searcher_codes()
    functions = _searcher_functions()
    _TRAPS.clear()
    for function, name in functions:
        function.__globals__["__grading_trapped__"] = _trapped
        nfree = len(function.__code__.co_freevars)
        _TRAPS.append((function, function.__code__, _trap_code(name, nfree)))


def _trapped(name: str) -> None:
    TRAPPED.append(name)
    raise RuntimeError(f"aisearch's {name} may not be called by the code being graded")


def _trap_code(name: str, nfree: int) -> Any:
    cells = "".join(f"    v{i} = None\n" for i in range(nfree))
    use = f"        ({', '.join(f'v{i}' for i in range(nfree))},)\n" if nfree else ""
    source = (f"def outer():\n{cells}    def trap(*args, **kwargs):\n{use}"
              f"        __grading_trapped__({name!r})\n    return trap\n")
    space: dict[str, Any] = {}
    exec(compile(source, f"<forbidden {name}>", "exec"), space)  # noqa: S102 (our own text)
    return space["outer"]().__code__


def _searcher_functions() -> list[tuple[Any, str]]:
    import inspect

    from aisearch.search import REGISTRY
    from aisearch.search.plain import PLAIN
    from aisearch.search.runtime.run import Run

    out = [(info.function, name) for name, info in REGISTRY.items()]
    out += [(part, f"{name} ({part.__qualname__})") for name, info in REGISTRY.items()
            for part in info.parts]  # what a searcher drives (MCTS's methods)
    out += [(function, f"plain.{name}") for name, function in PLAIN.items()]
    for attr, member in vars(Run).items():
        function = getattr(member, "fget", member)
        if inspect.isfunction(function):
            out.append((function, f"Run.{attr}"))
    return out


@contextmanager
def poisoned() -> Iterator[list[str]]:
    """Inside the block the forbidden functions (taken by :func:`freeze_searcher_codes`)
    raise instead of running, and their names are collected in the list yielded."""
    start = len(TRAPPED)
    for function, _, trap in _TRAPS:
        function.__code__ = trap
    hits: list[str] = []
    try:
        yield hits
    finally:
        for function, code, _ in _TRAPS:
            function.__code__ = code
        hits.extend(TRAPPED[start:])
        del TRAPPED[start:]


def searcher_codes() -> dict[Any, str]:
    """The code objects of every declared searcher, by name: student code must not call them.

    Read from :data:`aisearch.search.registry.REGISTRY` when called, so a searcher that
    declares itself later is forbidden too; the plain versions the lessons show
    (:mod:`aisearch.search.plain`) are forbidden as well.

    Examples
    --------
    >>> from aisearch.search import alphabeta, plain
    >>> searcher_codes()[alphabeta.__code__], searcher_codes()[plain.minimax.__code__]
    ('alphabeta', 'plain.minimax')
    """
    if _FROZEN is not None:
        return dict(_FROZEN)
    # with the searchers, what only a searcher uses: a searcher's source run again (copied,
    # recompiled) still calls the package's search machinery (Run)
    codes: dict[Any, str] = {}
    for function, name in _searcher_functions():
        codes.setdefault(function.__code__, name)
    return codes


@contextmanager
def watch_calls(codes: Mapping[Any, str]) -> Iterator[list[str]]:
    """Collect the names of the functions in ``codes`` called inside the block.

    Examples
    --------
    >>> def square(x):
    ...     return x * x
    >>> with watch_calls({square.__code__: "square"}) as called:
    ...     _ = square(2) + square(3)
    >>> called
    ['square', 'square']
    """
    import threading

    hits: list[str] = []
    if not codes:
        yield hits
        return

    def hook(frame: Any, event: str, arg: Any) -> None:
        if event == "call" and frame.f_code in codes:
            hits.append(codes[frame.f_code])

    old, old_threads = sys.getprofile(), threading.getprofile()
    sys.setprofile(hook)
    threading.setprofile(hook)  # threads started inside the block are watched too
    ACTIVE.append((codes, hits))
    try:
        yield hits
    finally:
        ACTIVE.pop()
        if sys.getprofile() is not hook:  # switched off inside the block: that is a call too
            hits.append("sys.setprofile")
        sys.setprofile(old)
        threading.setprofile(old_threads)


def _is_number(x: Any) -> bool:
    if isinstance(x, (str, bytes, bool)):
        return False
    return isinstance(x, (int, float)) or hasattr(type(x), "__float__")


def observe(f: ExerciseSearch, case: Any, *, forbid: Mapping[Any, str] | None = None,
            runner: Callable[..., Any] | None = None) -> Observation:
    """Run ``f(game, state, depth, evaluate)`` on ``case`` and record what it did.

    Parameters
    ----------
    f : callable
        A searcher in the exercises' API (student code, a reference or a known bug).
    case : Case
        The problem (:class:`~aisearch.grading.cases.Case`).
    forbid : mapping, optional
        Code objects of functions ``f`` must not call (see :func:`searcher_codes`); the
        names of those it called go to ``calls``.
    runner : callable, optional
        How to call ``f`` when the exercise's API is not ``f(game, state, depth,
        evaluate)``: ``runner(f, game, state, depth, evaluate)`` returns the answer (e.g.
        several searches sharing one table). Pass ``f`` itself, not a closure around it:
        the grader observes a student's function in the grading process and answers from
        its notes (:mod:`aisearch.grading.replay`), which only works on the function.

    Returns
    -------
    Observation
        Exceptions from ``f`` (``SystemExit`` included) are recorded, not raised.

    Examples
    --------
    >>> from aisearch.games import TreeGame
    >>> from aisearch.grading.cases import Case
    >>> game = TreeGame([[3, 12], [2, 4]])
    >>> case = Case(game, game.initial, 1, {(0,): 5, (1,): 7}.get, "a tree", 7, 2)
    >>> observe(lambda g, s, d, e: max(e(g.result(s, m)) for m in g.moves(s)), case)
    ... # doctest: +NORMALIZE_WHITESPACE
    Observation(value=7, move=None, shape='number', returned='', generated=((0,), (1,)),
                evaluated=frozenset({(0,), (1,)}), expanded_evaluated=(), error='', calls=(),
                evaluated_terminal=(), eager=False, revisits=())
    >>> observe(lambda g, s, d, e: 1 / 0, case).error
    'raised ZeroDivisionError: division by zero'
    """
    from aisearch.grading.replay import Handle, ReplayHandle

    if isinstance(f, (Handle, ReplayHandle)):  # a student's function: noted, or replayed
        return f._grading_observe(case, forbid, runner)
    game = RecordingGame(case.game)
    evaluate = game.counting(case.evaluate)
    calls: list[str] = []
    try:
        with watch_calls(forbid or {}) as calls:
            out = (f(game, case.state, case.depth, evaluate) if runner is None
                   else runner(f, game, case.state, case.depth, evaluate))
    except (Exception, SystemExit) as e:
        return Observation(shape="error", error=student_error(e), generated=tuple(game.generated),
                           calls=tuple(dict.fromkeys(calls)))
    value, move, shape, returned = _answer(out)
    is_terminal = case.game.is_terminal
    evaluated = [s for s in game.evaluated if not is_terminal(s)]
    return Observation(
        value, move, shape, returned, tuple(game.generated), frozenset(evaluated),
        tuple(dict.fromkeys(s for s in evaluated if s in game.expanded)),
        calls=tuple(dict.fromkeys(calls)),
        evaluated_terminal=tuple(dict.fromkeys(s for s in game.evaluated if is_terminal(s))),
        eager=game.eager(), revisits=game.revisits(),
    )


def _answer(out: Any) -> tuple[Any, Any, str, str]:
    """``(value, move, shape, returned)`` of what a searcher returned (see Observation); an
    answer that raises while it is read is an answer of the wrong kind."""
    try:
        if isinstance(out, (tuple, list)) and len(out) == 2:
            value, move = out
            shape = "pair"
        elif hasattr(out, "value") and hasattr(out, "move"):
            value, move, shape = out.value, out.move, "pair"
        elif _is_number(out):
            value, move, shape = out, None, "number"
        else:
            return None, None, "other", _shown(out)
        if not _is_number(value):
            return None, None, "other", _shown(out)
        return value, move, shape, ""
    except (Exception, KeyboardInterrupt, GeneratorExit):
        return None, None, "other", (f"a value of type {type(out).__name__} that raised "
                                     "when it was read")


def _shown(x: Any) -> str:
    """A short repr of a returned value (its type's name if its ``repr`` raises)."""
    from aisearch.grading.question import brief

    try:
        return brief(x)
    except (Exception, KeyboardInterrupt, GeneratorExit):
        return f"a value of type {type(x).__name__}"


def short(text: str, n: int = 120) -> str:
    """``text`` cut to ``n`` characters (with ``...``).

    >>> short("abcdef", 3)
    'abc...'
    """
    return text if len(text) <= n else text[:n] + "..."


def show(s: Any) -> str:
    """A short readable form of a state: its repr, which rebuilds it (a tree path,
    ``TicTacToe.parse('x../.o./...')``, a robots position), cut to 80 characters.

    Examples
    --------
    >>> show((0, 2, 1))
    '(0, 2, 1)'
    """
    return short(repr(s), 80)
