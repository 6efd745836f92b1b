"""Step through a recorded search, event by event (lesson 03).

The stepper *replays* what a searcher recorded with a :class:`~aisearch.trace.Recorder`;
it never searches itself, so what the student sees is the search that ran. The recording
is read once by :class:`~aisearch.trace.Replay`, the reader the tree drawings use too;
:class:`StepperModel` holds the position in it (which event), and says in words what each
event does and which pseudocode line it belongs to. Which searcher made a recording is
read from its ``Start`` events (the searcher's own declaration), never guessed. The view
over the model, :class:`~aisearch.widgets.SearchStepper`, is in :mod:`aisearch.widgets.stepper`.
(:class:`StepperModel`'s example steps through a recorded alpha-beta search.)
"""

from __future__ import annotations

import dataclasses
import operator
from collections.abc import Callable
from typing import Any, NamedTuple

from aisearch.core import CHANCE, move_name, player_name
from aisearch.plot.step import fmt  # numbers written as in the tree drawing
from aisearch.results import Stats
from aisearch.search import describe
from aisearch.search.registry import Pseudocode
from aisearch.trace import Replay, SearchPart, Visit
from aisearch.widgets.pseudocode import event_keys
from aisearch.widgets.text import fmt_path

__all__ = ["StepperModel", "PathRow", "MAX_EVENTS"]

MAX_EVENTS = 20_000
"""The longest recording the stepper replays (a click must redraw in well under a second)."""


class PathRow(NamedTuple):
    """One node on the current path: its window and value so far (MAX's point of view).

    ``done`` is True for a node that has just returned (it is no longer on the stack).
    """

    path: tuple
    player: int
    depth: int | None
    alpha: float | None
    beta: float | None
    value: float | None
    done: bool = False
    name: str = ""  # the node in the game's notation ('node (e4, e5)')


class StepperModel:
    """The state of a replay: the recorded events and how many of them have happened.

    ``index`` runs from 0 (nothing happened yet) to ``len(events)`` (the recording is
    over); the search "as it stands" is the result of ``events[:index]``, and the *current*
    event is ``events[index - 1]``, the one that just happened. A recording may hold
    several searches (iterative deepening, re-searches); the model is always in one of
    them, :attr:`search`.

    Parameters
    ----------
    recording : Recorder or sequence of events
        One or more searches recorded with ``tracer=Recorder()`` (any searcher).
    algorithm : str or callable, optional
        The searcher, for a recording that does not name it (events built by hand); a
        recording's own ``Start`` events name theirs.

    Examples
    --------
    >>> from aisearch import Recorder, alphabeta, fig5_2
    >>> rec = Recorder()
    >>> _ = alphabeta(fig5_2, fig5_2.initial, tracer=rec)
    >>> m = StepperModel(rec)
    >>> m.algorithm, len(m)
    ('alphabeta', 42)
    >>> m.step(), m.step()
    (1, 2)
    >>> m.description()
    'Enter the root MAX with α=−∞ β=∞'
    >>> m.step(), m.step(), m.step()
    (3, 4, 5)
    >>> [fmt_path(r.path) for r in m.path_windows()]
    ['the root', 'node (0,)', 'node (0, 0)']
    >>> m.description(), m.pseudocode_line()
    ('Leaf node (0, 0): terminal, utility 3', 2)
    >>> m.back(), m.reset()
    (4, 0)
    >>> m.goto(len(m)), m.counts()
    (42, Stats(nodes=11, leaves=7, cutoffs=1))
    """

    def __init__(self, recording: Any, *,
                 algorithm: str | Callable[..., Any] | None = None, game: Any = None) -> None:
        if algorithm is not None and not isinstance(algorithm, str) and not callable(algorithm):
            raise TypeError(f"algorithm must be a searcher or its name, not {algorithm!r:.80}")
        if isinstance(algorithm, str):
            describe(algorithm)  # a name must be a searcher's (a typo is an error, listing them)
        events = getattr(recording, "events", recording)
        try:
            size = len(events)
        except TypeError:
            raise TypeError(f"a recording is a Recorder or a list of its events, not "
                            f"{recording!r:.80}") from None
        if size > MAX_EVENTS:
            raise ValueError(f"the recording holds {size:,} events; the stepper replays at most "
                             f"{MAX_EVENTS:,}: record a shallower search (a smaller depth=) or a "
                             "smaller tree")
        self.replay = Replay(events)  # raises for a sequence no search could record
        if not self.replay.events:
            raise ValueError("the recording is empty: run a searcher with tracer=Recorder() first")
        if not self.replay.visits:
            raise ValueError("the recording enters no node: pass Recorder().events of a whole "
                             "search, from its first event")
        self.events: list[Any] = self.replay.events
        self._given = None if algorithm is None else (
            algorithm if isinstance(algorithm, str) else algorithm.__name__)
        self._windowed = any(getattr(type(e), "role", "") == "cut" for e in self.events)
        self._game = game  # (else the game each search's Start names): for its notation
        self.index = 0

    # -- moving ------------------------------------------------------------------------
    def __len__(self) -> int:
        return len(self.events)

    def goto(self, i: int) -> int:
        """Stand after ``events[:i]``; ``0 <= i <= len(self)`` (an int, numpy's too).
        Returns ``i``."""
        self.index = self.checked(i)
        return self.index

    def checked(self, i: Any) -> int:
        """``i`` as an event index (0 to ``len(self)``), or an error saying what it is not."""
        try:
            if isinstance(i, bool):
                raise TypeError
            i = operator.index(i)
        except TypeError:
            raise TypeError(f"an event index is an int, not {i!r:.80}") from None
        if not 0 <= i <= len(self.events):
            raise IndexError(f"event index {i} is outside 0..{len(self.events)}")
        return i

    def step(self) -> int:
        """One event forward (stays at the end); returns the new index."""
        return self.goto(min(self.index + 1, len(self.events)))

    def back(self) -> int:
        """One event back (stays at the start); returns the new index."""
        return self.goto(max(self.index - 1, 0))

    def reset(self) -> int:
        """Back to the start, before the first search begins; returns 0."""
        return self.goto(0)

    @property
    def at_end(self) -> bool:
        return self.index == len(self.events)

    # -- which search, which searcher ----------------------------------------------------
    @property
    def search(self) -> SearchPart | None:
        """The search the current event belongs to (the first one before any event)."""
        return self.replay.search_at(self.index)

    @property
    def algorithm(self) -> str:
        """The name of the searcher that made the current search ('search' if unnamed)."""
        part = self.search
        name = part.name if part is not None else None
        return name or self._given or "search"

    @property
    def pseudocode(self) -> Pseudocode | None:
        info = describe(self.algorithm, strict=False)
        return None if info is None else info.pseudocode

    @property
    def windowed(self) -> bool:
        """True when alpha and beta mean something: a windowed searcher, or any cut-off."""
        info = describe(self.algorithm, strict=False)
        return self._windowed or bool(info and info.windowed)

    # -- what the search looks like now ------------------------------------------------
    @property
    def current_event(self) -> Any:
        """The event that just happened (``events[index - 1]``), or None at the start."""
        return self.events[self.index - 1] if self.index else None

    @property
    def current_visit(self) -> Visit | None:
        """The visit (node) the current event is about, or None."""
        return self.replay.owner[self.index - 1] if self.index else None

    @property
    def current_path(self) -> tuple | None:
        """The path of the current event's node (the node to highlight), or None."""
        v = self.current_visit
        return None if v is None else v.path

    def path_windows(self) -> list[PathRow]:
        """The nodes from the root to the current node, with alpha, beta and value so far.

        After an Exit the node that returned comes last, with ``done=True``.
        """
        i, rows = self.index, []
        chain = self.replay.open_at(i)
        for v in chain:
            window = v.window_at(i) or (v.alpha, v.beta)
            done = v.exit is not None and v.exit < i
            rows.append(PathRow(v.path, v.player, v.depth, window[0], window[1], v.best_at(i),
                                done, self.node_name(v)))
        return rows

    def current_state(self) -> Any:
        """The game state at the current node (as recorded by Enter; a search's Start names
        its root), or None."""
        v = self.current_visit
        if v is None:
            return getattr(self.current_event, "state", None)
        return v.state

    def counts(self) -> Stats:
        """What ``events[:index]`` counted: nodes entered, leaves, cut-offs, and any other."""
        return self.replay.counts(self.index)

    def totals(self) -> Stats:
        """The counts of the whole recording (the searches' ``Decision.stats`` added up)."""
        return self.replay.counts()

    # -- words and pseudocode ----------------------------------------------------------
    def _game_of(self, v: Visit) -> Any:
        part = self.replay.searches[v.search] if v.search < len(self.replay.searches) else None
        start = part.start if part is not None else None
        return self._game if self._game is not None else getattr(start, "game", None)

    def move_text(self, parent: Visit | None, move: Any) -> str:
        """``move`` made at ``parent`` in the game's notation (chess: SAN), else as it is."""
        game = None if parent is None else self._game_of(parent)
        if game is None or parent is None or parent.state is None:
            return str(move)
        return move_name(game, parent.state, move)

    def node_name(self, v: Visit | None) -> str:
        """A node by its moves from the root in the game's notation: ``'the root'``,
        ``'node (e4, e5)'``; a game that writes its moves plainly gives ``'node (0, 1)'``."""
        if v is None or v.parent is None:
            return "the root" if v is not None else ""
        names: list[str] = []
        node: Visit | None = v
        while node is not None and node.parent is not None:
            names.append(self.move_text(node.parent, node.move))
            node = node.parent
        if names[::-1] == [str(m) for m in v.path]:
            return fmt_path(v.path)
        return "node (" + ", ".join(reversed(names)) + ")"


    def description(self) -> str:
        """One line saying what the current event does.

        >>> from aisearch import Recorder, alphabeta, fig5_2
        >>> from aisearch.trace import Cut
        >>> rec = Recorder()
        >>> _ = alphabeta(fig5_2, fig5_2.initial, tracer=rec)
        >>> m = StepperModel(rec)
        >>> cut = next(i for i, e in enumerate(rec.events) if type(e) is Cut)
        >>> m.goto(cut + 1)
        23
        >>> m.description()
        'Cut: β ≤ α at node (1,) (value 2 ≤ α=3): skip moves 1, 2 (alpha cut-off)'
        """
        e = self.current_event
        if e is None:
            return f"Before the search ({self.algorithm}): step to begin."
        role = type(e).role
        v = self.current_visit
        if role == "start":
            return self._start_text(e)
        if role == "finish":
            part = self.search
            root = part.root if part is not None else None
            return (f"Done: {self.algorithm} returns value {fmt(e.value)}, move "
                    f"{self.move_text(root, e.move) if e.move is not None else 'none'}")
        if role == "abort":
            return f"Stopped before the end: {e.reason or 'the budget ran out'}"
        assert v is not None
        where, who = self.node_name(v), player_name(v.player)
        describe = getattr(e, "describe", None)  # an event kind that says itself what it means
        if callable(describe):
            if "move" in getattr(e, "__dataclass_fields__", {}):  # its move, as the game writes
                e = dataclasses.replace(e, move=self.move_text(v, e.move))
            return str(e.describe(where, fmt))
        if role == "enter":
            again = " again (a re-search)" if v.researched else ""
            if self.windowed:
                return f"Enter {where}{again} {who} with α={fmt(e.alpha)} β={fmt(e.beta)}"
            left = "" if e.depth is None else f" ({e.depth} plies left)"
            return f"Enter {where}{again} {who}{left}"
        if role == "leaf":
            if e.terminal:
                return f"Leaf {where}: terminal, utility {fmt(e.value)}"
            return f"Leaf {where}: depth bound, static evaluation {fmt(e.value)}"
        if role == "backup":
            window = f", α={fmt(e.alpha)} β={fmt(e.beta)}" if self.windowed else ""
            if v.player == CHANCE:
                return self._chance_backup_text(e, v, where, window)
            return (f"Back up {fmt(e.value)} from move {self.move_text(v, e.move)} into "
                    f"{where} {who}: "
                    f"best so far {fmt(e.best)}{window}")
        if role == "cut":
            return self._cut_text(e, v, where)
        if role == "expect":
            terms = [f"{fmt(p)}·{fmt(val)}" for _, p, val in e.outcomes if val is not None]
            if len(terms) > 6:
                terms = terms[:5] + ["…"]
            if v.cut is not None and v.cut[0] < self.index:  # Star1 / Star2: only a bound
                ab = v.window_at(v.cut[0] + 1) or (e.value, e.value)
                side = "at most" if e.value <= ab[0] else "at least"
                return (f"Chance {where}: cut off, its expectation is {side} {fmt(e.value)} "
                        f"whatever the outcomes not searched are (known exactly: "
                        f"{' + '.join(terms) or 'none'})")
            return f"Chance {where}: expectation {' + '.join(terms)} = {fmt(e.value)}"
        if role == "exit":
            if not e.path:
                return f"Done: the root's backed-up value is {fmt(e.value)}"
            why = " (cut off)" if v.cut else ""
            return f"Return {fmt(e.value)} from {where} {who}{why}"
        fields = ", ".join(f"{k}={fmt(getattr(e, k))}" for k in getattr(e, "__dataclass_fields__",
                                                                        {}) if k != "path")
        return f"{type(e).__name__} at {where}: {fields}"

    def _start_text(self, e: Any) -> str:
        part = self.search
        n = len(self.replay.searches)
        iteration = (e.options or {}).get("iteration")
        if isinstance(iteration, int):  # one search per iteration (MCTS)
            return f"Start iteration {iteration + 1} of {e.search}, from the root"
        which = f"search {part.index + 1} of {n}: " if part is not None and n > 1 else ""
        depth = "to the end" if e.depth is None else f"to depth {e.depth}"
        window = (e.options or {}).get("window")
        if isinstance(window, tuple) and len(window) == 2:  # a root searched with a window
            depth += f", window α={fmt(window[0])} β={fmt(window[1])}"
        return f"Start {which}{e.search}, {depth}"

    def _chance_backup_text(self, e: Any, v: Visit, where: str, window: str) -> str:
        """A Backup into a chance node: expectiminimax adds probability × value up; Star1
        and Star2 (windowed searchers) hold a lower bound of the expectation, with the
        outcomes not known exactly at their least possible value, and a child's search may
        fail outside its window (its value then a bound)."""
        outcome = f"outcome {self.move_text(v, e.move)}"
        info = describe(self.algorithm, strict=False)
        if info is None or not info.windowed:
            return (f"Back up {fmt(e.value)} from {outcome} into {where} CHANCE: probability "
                    f"× value added up so far {fmt(e.best)}{window}")
        child = next((c for c in reversed(v.children) if c.move == e.move and c.exit is not None
                      and c.exit < self.index), None)
        value = fmt(e.value)
        if child is not None and child.leaf is None and child.alpha is not None \
                and child.beta is not None:  # (a leaf's value is exact, whatever the window)
            if e.value <= child.alpha:
                value = f"at most {value} (its search failed low)"
            elif e.value >= child.beta:
                value = f"at least {value} (its search failed high)"
        return (f"Back up {value} from {outcome} into {where} CHANCE: its expectation is at "
                f"least {fmt(e.best)} so far (each outcome not yet known exactly counted at L, "
                f"the least value possible){window}")

    def _cut_text(self, e: Any, v: Visit, where: str) -> str:
        skipped = ", ".join(self.move_text(v, m) for m in e.skipped)
        moves = f"move{'s' if len(e.skipped) > 1 else ''} {skipped}"
        value = fmt(v.best_at(self.index))
        if e.kind == "alpha":
            test = f"β ≤ α at {where} (value {value} ≤ α={fmt(e.alpha)})"
        elif e.kind == "beta":
            test = f"α ≥ β at {where} (value {value} ≥ β={fmt(e.beta)})"
        elif e.kind in ("star1", "star2"):
            how = "probes of its MAX/MIN outcomes" if e.kind == "star2" else "the outcomes so far"
            return (f"Cut at chance {where}: with every value in [L, U], {how} already settle "
                    f"the expectation outside α={fmt(e.alpha)} β={fmt(e.beta)}: skip {moves} "
                    f"({e.kind} cut-off)")
        else:
            test = f"at {where} (value {value}, window α={fmt(e.alpha)} β={fmt(e.beta)})"
        return f"Cut: {test}: skip {moves} ({e.kind} cut-off)"

    def pseudocode_line(self) -> int | None:
        """The (1-based) pseudocode line the current event belongs to, or None."""
        e, code = self.current_event, self.pseudocode
        if e is None or code is None:
            return None
        v = self.current_visit
        player = None if v is None else v.player
        cut = v.cut[1] if v is not None and v.cut and v.cut[0] < self.index else None
        leaf = self.events[v.leaf] if v is not None and v.leaf is not None else None
        first = v is None or not v.bests or v.bests[0][0] >= self.index - 1
        return code.line(event_keys(e, player, cut=cut, leaf=leaf, first=first))

    def __repr__(self) -> str:
        return f"<StepperModel {self.algorithm}: event {self.index} of {len(self.events)}>"
