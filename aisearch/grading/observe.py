"""Observing a searcher through a recording game: what it answered, generated and evaluated.

A searcher in the exercises' API, ``f(game, state, depth, evaluate) -> (value, move)``,
is run by :func:`observe` on a :class:`RecordingGame` (a
:class:`~aisearch.trace.CountingGame` that also notes which states were expanded) with a
counting ``evaluate``. The :class:`Observation` it returns holds the answer, the states
``game.result`` generated (in order, as CS188 grades search) and the non-terminal states
evaluated: student code and reference alike are seen from outside, through the game
protocol only. A student's function runs in the grading process and calls this game
through the channel (:mod:`aisearch.grading.remote`), so the record is kept here.

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

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aisearch.grading.question import is_withheld, student_error
from aisearch.trace import CountingGame

__all__ = [
    "RecordingGame",
    "Observation",
    "observe",
    "exercise_api",
    "show",
    "short",
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
        self.played: list[Any] = []

    def result(self, s: Any, m: Any) -> Any:
        child = self.game.result(s, m)
        self.generated.append(child)
        self.parents.append(s)
        self.played.append(m)
        self.expanded.add(s)
        return child

    def reset(self) -> None:
        super().reset()
        self.expanded.clear()
        self.parents.clear()
        self.played.clear()

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
        >>> from aisearch.search import minimax
        >>> game = RecordingGame(DagGame(b=2, d=3, width=2, seed=1))
        >>> _ = exercise_api(minimax)(game, game.initial, 3, None)
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

    def doubled(self) -> tuple[Any, ...]:
        """The first move generated more than once in one visit of its node: ``(parent,
        child, times generated from parent by that move, times parent was reached)``, or
        ``()``.

        A search that calls ``game.result`` once per move it searches generates a move of
        a node at most as often as it reaches the node (the root once); a state reached
        again by another path (a transposition), or by two moves of one node, is not
        doubled.

        >>> from aisearch.games import TreeGame
        >>> game = RecordingGame(TreeGame([[1, 2], 3]))
        >>> kids = [game.result((), 0), game.result((), 0)]
        >>> game.doubled()
        ((), (0,), 2, 1)
        """
        try:
            reached = Counter(self.generated)
            # (not strict: a student's code holds the lists and may have changed them)
            times = Counter(zip(self.parents, self.played, strict=False))
            child = dict(zip(zip(self.parents, self.played, strict=False), self.generated,
                             strict=False))
            return next(((p, child[p, m], k, max(reached[p], 1)) for (p, m), k in times.items()
                         if k > max(reached[p], 1)), ())
        except TypeError:  # unhashable states or moves: no opinion
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
        ``('withheld',)`` when it called what the exercise asks for, which the grading
        process does not have (:class:`~aisearch.grading.question.WithheldError`).
    evaluated_terminal : tuple
        Terminal states ``evaluate`` was called on (``game.utility`` gives their value).
    eager : bool
        Whether it generated a node's children before searching the first of them
        (:meth:`RecordingGame.eager`).
    revisits : tuple
        The states generated more than once, how often, and how often expanded
        (:meth:`RecordingGame.revisits`).
    doubled : tuple
        A move generated more than once in one visit of its node, or ``()``
        (:meth:`RecordingGame.doubled`).
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
    doubled: tuple[Any, ...] = ()

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


def _is_number(x: Any) -> bool:
    if isinstance(x, (str, bytes, bool)):
        return False
    return isinstance(x, (int, float)) or hasattr(type(x), "__float__")


def observe(f: ExerciseSearch, case: Any, *,
            runner: Callable[..., Any] | None = None) -> Observation:
    """Run ``f(game, state, depth, evaluate)`` on ``case`` and record what it did.

    Parameters
    ----------
    f : callable
        A searcher in the exercises' API (student code, a reference or a known bug).
    case : Case
        The problem (:class:`~aisearch.grading.cases.Case`).
    runner : callable, optional
        How to call ``f`` when the exercise's API is not ``f(game, state, depth,
        evaluate)``: ``runner(f, game, state, depth, evaluate)`` returns the answer (e.g.
        several searches sharing one table).

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
                evaluated_terminal=(), eager=False, revisits=(), doubled=())
    >>> observe(lambda g, s, d, e: 1 / 0, case).error
    'raised ZeroDivisionError: division by zero'
    """
    game = RecordingGame(case.game)
    evaluate = game.counting(case.evaluate)
    try:
        out = (f(game, case.state, case.depth, evaluate) if runner is None
               else runner(f, game, case.state, case.depth, evaluate))
    except (Exception, SystemExit) as e:
        return Observation(shape="error", error=student_error(e), generated=tuple(game.generated),
                           calls=("withheld",) if is_withheld(e) else ())
    value, move, shape, returned = _answer(out)
    is_terminal = case.game.is_terminal
    evaluated = [s for s in game.evaluated if not is_terminal(s)]
    return Observation(
        value, move, shape, returned, tuple(game.generated), frozenset(evaluated),
        tuple(dict.fromkeys(s for s in evaluated if s in game.expanded)),
        evaluated_terminal=tuple(dict.fromkeys(s for s in game.evaluated if is_terminal(s))),
        eager=game.eager(), revisits=game.revisits(), doubled=game.doubled(),
    )


def _answer(out: Any) -> tuple[Any, Any, str, str]:
    """``(value, move, shape, returned)`` of what a searcher returned (see Observation); an
    answer that raises while it is read is an answer of the wrong kind, and so is a student's
    object that is not data (it stayed in the grading process)."""
    from aisearch.grading.remote import RemoteObject

    if isinstance(out, RemoteObject):
        return None, None, "other", (f"a value of type {out.kind} the grader cannot read "
                                     f"({out.text})")
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
        if isinstance(value, RemoteObject):
            return None, None, "other", (f"a value of type {value.kind} the grader cannot "
                                         f"read ({value.text})")
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
