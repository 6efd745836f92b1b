"""Step through a recorded search, event by event (lesson 03; DESIGN.md sections 5 and 6).

The stepper *replays* what a searcher recorded with a :class:`~aisearch.trace.Recorder`;
it never searches itself, so what the student sees is the search that ran.
:class:`StepperModel` holds all the state (which event, the open nodes and their
windows, the counts, the pseudocode line) and needs no widgets; the view over it,
:class:`~aisearch.widgets.SearchStepper`, is in :mod:`aisearch.widgets.stepper`.

Examples
--------
>>> from aisearch import Recorder, alphabeta, fig5_2
>>> rec = Recorder()
>>> _ = alphabeta(fig5_2, fig5_2.initial, tracer=rec)
>>> model = StepperModel(rec)
>>> model.algorithm, len(model)
('alphabeta', 40)
>>> model.goto(1)
1
>>> model.description()
'Enter the root MAX with α=−∞ β=∞'
>>> model.goto(len(model))
40
>>> model.counts()
Stats(nodes=11, leaves=7, cutoffs=1)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from typing import Any, NamedTuple

from aisearch.core import Stats, player_name
from aisearch.plot.tree import fmt  # numbers written as in the tree drawing
from aisearch.trace import Backup, Chance, Cut, Enter, Exit, Leaf
from aisearch.widgets.pseudocode import Pseudocode, event_keys, pseudocode_for
from aisearch.widgets.text import fmt_path

__all__ = ["StepperModel", "PathRow", "infer_algorithm"]

INF = math.inf
WINDOWED = frozenset({"alphabeta", "alphabeta_failsoft", "negamax", "pearl_ab"})
"""Searchers whose alpha and beta mean something (minimax's window stays (-inf, inf))."""


class PathRow(NamedTuple):
    """One node on the current path: its window and value so far (MAX's point of view).

    ``done`` is True for a node that has just returned (it is no longer on the stack).
    """

    path: tuple
    player: int
    depth: int | None
    alpha: float
    beta: float
    value: float | None
    done: bool = False


class _Node:
    """What the replay knows about an open node."""

    __slots__ = ("path", "player", "depth", "alpha", "beta", "value", "cut", "leaf", "state")

    def __init__(self, e: Enter) -> None:
        self.path, self.player, self.depth = e.path, e.player, e.depth
        self.alpha, self.beta, self.state = e.alpha, e.beta, e.state
        self.value: float | None = None
        self.cut: str | None = None
        self.leaf: Leaf | None = None

    def row(self, done: bool = False) -> PathRow:
        return PathRow(self.path, self.player, self.depth, self.alpha, self.beta, self.value, done)


def infer_algorithm(events: Iterable[Any]) -> str:
    """Guess which searcher recorded ``events`` (pass ``algorithm=`` to be sure).

    Chance events mean expectiminimax; windows that never narrow and no cut-offs mean
    minimax; an inner node returning a value outside the window it was entered with means
    fail-soft alpha-beta; otherwise fail-hard (Pearl's AB records the same events).

    >>> from aisearch import Recorder, alphabeta_failsoft, fig5_2, minimax
    >>> for search in (minimax, alphabeta_failsoft):
    ...     rec = Recorder()
    ...     _ = search(fig5_2, fig5_2.initial, tracer=rec)
    ...     print(infer_algorithm(rec))
    minimax
    alphabeta_failsoft
    """
    events = list(events)
    if any(type(e) is Chance for e in events):
        return "expectiminimax"
    entered: dict[tuple, tuple[float, float]] = {}
    windowed = soft = False
    for e in events:
        kind = type(e)
        if kind is Enter:
            entered[e.path] = (e.alpha, e.beta)
        if kind is Cut or (kind in (Enter, Backup) and (e.alpha != -INF or e.beta != INF)):
            windowed = True
        if kind is Leaf:  # tips return their own value in every form
            entered.pop(e.path, None)
        if kind is Exit and e.path in entered:
            low, high = entered[e.path]
            soft = soft or not low <= e.value <= high
    if not windowed:
        return "minimax"
    return "alphabeta_failsoft" if soft else "alphabeta"


class StepperModel:
    """The state of a replay: the recorded events and how many of them have happened.

    ``index`` runs from 0 (nothing happened yet) to ``len(events)`` (the search is over);
    the search "as it stands" is the result of ``events[:index]``, and the *current*
    event is ``events[index - 1]``, the one that just happened.

    Parameters
    ----------
    recording : Recorder or sequence of events
        A search recorded with ``tracer=Recorder()`` (any searcher).
    algorithm : str or callable, optional
        The searcher's name or the function, for the pseudocode and the wording;
        inferred from the events when omitted (:func:`infer_algorithm`).

    Examples
    --------
    >>> from aisearch import Recorder, minimax, fig5_2
    >>> rec = Recorder()
    >>> _ = minimax(fig5_2, fig5_2.initial, tracer=rec)
    >>> m = StepperModel(rec, algorithm=minimax)
    >>> m.step(), m.step(), m.step(), m.step()
    (1, 2, 3, 4)
    >>> [fmt_path(r.path) for r in m.path_windows()]
    ['the root', 'node (0,)', 'node (0, 0)']
    >>> m.description(), m.pseudocode_line()
    ('Leaf node (0, 0): terminal, utility 3', 2)
    >>> m.back(), m.reset()
    (3, 0)
    """

    def __init__(self, recording: Any, *,
                 algorithm: str | Callable[..., Any] | None = None) -> None:
        events = list(getattr(recording, "events", recording))
        if not events:
            raise ValueError("the recording is empty: run a searcher with tracer=Recorder() first")
        if type(events[0]) is not Enter or events[0].path != ():
            raise ValueError(
                f"a recording starts by entering the root, not with {events[0]!r}; "
                "pass Recorder().events from one search"
            )
        self.events: list[Any] = events
        if algorithm is None:
            self.algorithm = infer_algorithm(events)
        else:
            self.algorithm = algorithm if isinstance(algorithm, str) else algorithm.__name__
        self.pseudocode: Pseudocode | None = pseudocode_for(self.algorithm)
        self.windowed = self.algorithm in WINDOWED or any(type(e) is Cut for e in events)
        # counts after events[:i], for every i (prefix sums: goto is O(1) for counts)
        self._counts: list[tuple[int, ...]]
        tally, self._counts = [0, 0, 0], [(0, 0, 0)]
        slot = {Enter: 0, Leaf: 1, Cut: 2}
        for e in events:
            k = slot.get(type(e))
            if k is not None:
                tally[k] += 1
            self._counts.append(tuple(tally))
        self.index = 0
        self._replayed: tuple[int, list[_Node], _Node | None] | None = None

    # -- moving ------------------------------------------------------------------------
    def __len__(self) -> int:
        return len(self.events)

    def goto(self, i: int) -> int:
        """Stand after ``events[:i]``; ``0 <= i <= len(self)``. Returns ``i``."""
        if isinstance(i, bool) or not isinstance(i, int):
            raise TypeError(f"an event index is an int, not {i!r}")
        if not 0 <= i <= len(self.events):
            raise IndexError(f"event index {i} is outside 0..{len(self.events)}")
        self.index = i
        return i

    def step(self) -> int:
        """One event forward (stays at the end); returns the new index."""
        return self.goto(min(self.index + 1, len(self.events)))

    def back(self) -> int:
        """One event back (stays at the start); returns the new index."""
        return self.goto(max(self.index - 1, 0))

    def reset(self) -> int:
        """Back to the start, before the root is entered; returns 0."""
        return self.goto(0)

    @property
    def at_end(self) -> bool:
        return self.index == len(self.events)

    # -- what the search looks like now ------------------------------------------------
    @property
    def current_event(self) -> Any:
        """The event that just happened (``events[index - 1]``), or None at the start."""
        return self.events[self.index - 1] if self.index else None

    @property
    def current_path(self) -> tuple | None:
        """The path of the current event's node (the node to highlight), or None."""
        e = self.current_event
        return None if e is None else e.path

    def _replay(self) -> tuple[list[_Node], _Node | None]:
        """The open nodes (root first) and the node that just returned, after events[:index]."""
        if self._replayed is not None and self._replayed[0] == self.index:
            return self._replayed[1], self._replayed[2]
        stack: list[_Node] = []
        returned: _Node | None = None
        for e in self.events[: self.index]:
            kind = type(e)
            returned = None
            if kind is Enter:
                stack.append(_Node(e))
            elif kind is Exit:
                returned = stack.pop()
                returned.value = e.value
            else:
                node = stack[-1]
                if kind is Leaf:
                    node.value, node.leaf = e.value, e
                elif kind is Backup:
                    node.value, node.alpha, node.beta = e.best, e.alpha, e.beta
                elif kind is Cut:
                    node.cut, node.alpha, node.beta = e.kind, e.alpha, e.beta
                elif kind is Chance:
                    node.value = e.value
        self._replayed = (self.index, stack, returned)
        return stack, returned

    def _node(self) -> _Node | None:
        """The current event's node."""
        stack, returned = self._replay()
        return returned if returned is not None else (stack[-1] if stack else None)

    def path_windows(self) -> list[PathRow]:
        """The nodes from the root to the current node, with alpha, beta and value so far.

        After an Exit the node that returned comes last, with ``done=True``.
        """
        stack, returned = self._replay()
        rows = [n.row() for n in stack]
        if returned is not None:
            rows.append(returned.row(done=True))
        return rows

    def current_state(self) -> Any:
        """The game state at the current node (as recorded by Enter), or None."""
        node = self._node()
        return None if node is None else node.state

    def counts(self) -> Stats:
        """Nodes entered, leaves evaluated and cut-offs made in ``events[:index]``."""
        return Stats(*self._counts[self.index])

    def totals(self) -> Stats:
        """The counts of the whole recording (equal to the search's ``Decision.stats``)."""
        return Stats(*self._counts[-1])

    # -- words and pseudocode ----------------------------------------------------------
    def description(self) -> str:
        """One line saying what the current event does.

        >>> from aisearch import Recorder, alphabeta, fig5_2
        >>> rec = Recorder()
        >>> _ = alphabeta(fig5_2, fig5_2.initial, tracer=rec)
        >>> m = StepperModel(rec)
        >>> cut = next(i for i, e in enumerate(rec.events) if type(e) is Cut)
        >>> m.goto(cut + 1)
        22
        >>> m.description()
        'Cut: β ≤ α at node (1,) (value 2 ≤ α=3): skip moves 1, 2 (alpha cut-off)'
        """
        e = self.current_event
        if e is None:
            return f"Before the search ({self.algorithm}): step to enter the root."
        node = self._node()
        assert node is not None
        kind, where, who = type(e), fmt_path(e.path), player_name(node.player)
        if kind is Enter:
            if self.windowed:
                return f"Enter {where} {who} with α={fmt(e.alpha)} β={fmt(e.beta)}"
            left = "" if e.depth is None else f" ({e.depth} plies left)"
            return f"Enter {where} {who}{left}"
        if kind is Leaf:
            if e.terminal:
                return f"Leaf {where}: terminal, utility {fmt(e.value)}"
            return f"Leaf {where}: depth bound, static evaluation {fmt(e.value)}"
        if kind is Backup:
            window = f", α={fmt(e.alpha)} β={fmt(e.beta)}" if self.windowed else ""
            return (f"Back up {fmt(e.value)} from move {e.move} into {where} {who}: "
                    f"best so far {fmt(e.best)}{window}")
        if kind is Cut:
            skipped = ", ".join(map(str, e.skipped))
            moves = f"move{'s' if len(e.skipped) > 1 else ''} {skipped}"
            if e.kind == "alpha":
                test = f"β ≤ α at {where} (value {fmt(node.value)} ≤ α={fmt(e.alpha)})"
            else:
                test = f"α ≥ β at {where} (value {fmt(node.value)} ≥ β={fmt(e.beta)})"
            return f"Cut: {test}: skip {moves} ({e.kind} cut-off)"
        if kind is Chance:
            terms = [f"{fmt(p)}·{fmt(v)}" for _, p, v in e.outcomes]
            if len(terms) > 6:
                terms = terms[:5] + ["…"]
            return f"Chance {where}: expectation {' + '.join(terms)} = {fmt(e.value)}"
        if kind is Exit:
            if not e.path:
                return f"Done: the root's backed-up value is {fmt(e.value)}"
            why = " (cut off)" if node.cut else ""
            return f"Return {fmt(e.value)} from {where} {who}{why}"
        return repr(e)

    def pseudocode_line(self) -> int | None:
        """The (1-based) pseudocode line the current event belongs to, or None."""
        e = self.current_event
        if e is None or self.pseudocode is None:
            return None
        node = self._node()
        player = None if node is None else node.player
        keys = event_keys(e, player, cut=node.cut if node else None,
                          leaf=node.leaf if node else None)
        return self.pseudocode.line(keys)

    def __repr__(self) -> str:
        return f"<StepperModel {self.algorithm}: event {self.index} of {len(self.events)}>"
