"""The one reader of recorded events: searches, and the visits that make up their trees.

:class:`Replay` reads a recording once. Each search (from its ``Start`` event, or from an
``Enter`` of the root when a recording has none) becomes a tree of :class:`Visit` objects:
one per ``Enter``, plus one *stub* per move a cut-off skipped. A node entered again in the
same search (a PVS or aspiration re-search) is a new visit beside the first, numbered by
``visit``; so is the root of every further search (iterative deepening, MTD(f) passes).
Nothing is merged and nothing is an error that a correct searcher can do.

Everything that shows a recorded search reads it here: :func:`tree_graph`, the drawings of
:func:`aisearch.plot.tree` and the :class:`~aisearch.widgets.SearchStepper`. Visits keep
the index of every event about them, so a view can show the search as it stood after any
number of events without replaying it.

Examples
--------
>>> from aisearch.games import fig5_2
>>> from aisearch.search import alphabeta
>>> from aisearch.trace import Recorder
>>> rec = Recorder()
>>> _ = alphabeta(fig5_2, fig5_2.initial, tracer=rec)
>>> _ = alphabeta(fig5_2, fig5_2.initial, 1, evaluate=lambda s: 0, tracer=rec)
>>> replay = Replay(rec)
>>> [(s.name, len(s.visits)) for s in replay.searches]
[('alphabeta', 13), ('alphabeta', 4)]
>>> replay.find((1,), search=0)
Visit(search=0, path=(1,), visit=0, value=3, cut='alpha')
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any, NamedTuple

from aisearch.results import Stats
from aisearch.trace.events import Event

__all__ = ["Replay", "SearchPart", "Visit", "VisitKey", "tree_graph"]


class VisitKey(NamedTuple):
    """Names a visit: its search (0 first), its path from the root, and its visit number
    among the visits of that path in that search (0 first; 1 for a re-search, ...).

    Examples
    --------
    >>> from aisearch import Recorder, pvs, uniform_tree
    >>> game, rec = uniform_tree(3, 3, seed=0), Recorder()
    >>> _ = pvs(game, game.initial, tracer=rec)
    >>> [v.key for v in Replay(rec).searches[0].visits if v.researched][0]
    VisitKey(search=0, path=(0, 0, 1), visit=1)
    """

    search: int
    path: tuple
    visit: int


class Visit:
    """One node of a recorded search as it was visited: what the events said about it.

    Indices (``enter``, ``leaf``, ``exit``, the first item of ``cut`` and of each window)
    are positions in the recording, so a view can ask "as it stood after ``i`` events".
    A *stub* (``pruned`` set, ``enter`` None) stands for a move a cut-off skipped.

    Examples
    --------
    >>> from aisearch import Recorder, alphabeta, fig5_2
    >>> rec = Recorder()
    >>> _ = alphabeta(fig5_2, fig5_2.initial, tracer=rec)
    >>> node = Replay(rec).find((1,))  # the MIN node whose last two tips are cut
    >>> node, node.window_at(len(rec.events))
    (Visit(search=0, path=(1,), visit=0, value=3, cut='alpha'), (3, 2))
    >>> [(c.path, c.pruned is not None) for c in node.children]
    [((1, 0), False), ((1, 1), True), ((1, 2), True)]
    """

    __slots__ = ("key", "search", "path", "visit", "move", "parent", "children", "player",
                 "depth", "alpha", "beta", "state", "enter", "exit", "leaf", "terminal", "value",
                 "prob", "cut", "pruned", "windows", "bests", "notes", "order")

    def __init__(self, search: int, path: tuple, visit: int, move: Any = None,
                 parent: Visit | None = None, *, player: Any = None, depth: int | None = None,
                 state: Any = None, enter: int | None = None, pruned: int | None = None,
                 key: Any = None) -> None:
        self.key: Any = VisitKey(search, path, visit) if key is None else key
        self.search, self.path, self.visit, self.move = search, path, visit, move
        self.parent = parent
        self.children: list[Visit] = []
        self.player, self.depth, self.state = player, depth, state
        self.alpha: float | None = None
        self.beta: float | None = None
        self.enter, self.pruned = enter, pruned
        self.exit: int | None = None
        self.leaf: int | None = None
        self.terminal: bool | None = None
        self.value: Any = None
        self.prob: float | None = None
        self.cut: tuple[int, str] | None = None
        self.windows: list[tuple[int, float, float]] = []  # (event index, alpha, beta)
        self.bests: list[tuple[int, float]] = []  # (event index, best so far)
        self.notes: list[tuple[int, Event]] = []  # other events about this node
        self.order: int | None = None  # position among the entered visits

    @property
    def researched(self) -> bool:
        """True for a visit of a path already visited in the same search (a re-search)."""
        return self.visit > 0 and self.enter is not None and self.path != ()

    def window_at(self, i: int) -> tuple[float, float] | None:
        """The node's (alpha, beta) after the first ``i`` events, or None before its Enter."""
        last = None
        for step, a, b in self.windows:
            if step >= i:
                break
            last = (a, b)
        return last

    def best_at(self, i: int) -> Any:
        """The value the node holds after ``i`` events: returned, a tip's, or best so far."""
        if self.exit is not None and self.exit < i:
            return self.value
        if self.leaf is not None and self.leaf < i:
            return self.value
        last = None
        for step, best in self.bests:
            if step >= i:
                break
            last = best
        return last

    def __repr__(self) -> str:
        extra = f", cut={self.cut[1]!r}" if self.cut else ""
        extra += ", pruned" if self.pruned is not None else ""
        return (f"Visit(search={self.search}, path={self.path!r}, visit={self.visit}, "
                f"value={self.value!r}{extra})")


class SearchPart:
    """One search of a recording: its ``Start`` (if recorded), root visit and ``Finish``.

    Examples
    --------
    >>> from aisearch import Recorder, alphabeta, fig5_2
    >>> rec = Recorder()
    >>> _ = alphabeta(fig5_2, fig5_2.initial, tracer=rec)
    >>> part = Replay(rec).searches[0]
    >>> part, part.root.key, part.finish.move
    (<search 0: alphabeta, 13 visits>, VisitKey(search=0, path=(), visit=0), 0)
    """

    __slots__ = ("index", "start", "finish", "root", "first", "last", "visits", "aborted")

    def __init__(self, index: int, start: Any, first: int) -> None:
        self.index, self.start, self.first = index, start, first
        self.finish: Any = None
        self.aborted = False  # stopped unfinished (an Abort event)
        self.root: Visit | None = None
        self.last = first
        self.visits: list[Visit] = []  # entered visits and stubs, in creation order

    @property
    def name(self) -> str | None:
        """The searcher's name, as its Start event gives it (None without one)."""
        return None if self.start is None else self.start.search

    def __repr__(self) -> str:
        return f"<search {self.index}: {self.name or 'unnamed'}, {len(self.visits)} visits>"


_IN_ORDER = ("a recording begins with a search's Start (or the Enter of its root ()) and "
             "holds its events in the order they were sent; pass them so, from the first")


class Replay:
    """A recording read into searches and visits.

    Parameters
    ----------
    events : Recorder or iterable of events
        Events of one or more searches, in the order they were recorded.

    Raises
    ------
    ValueError
        For a sequence that no search could have recorded (an event about a node that is
        not open, a child entered before its parent, a search started inside another),
        naming the event.

    Examples
    --------
    >>> from aisearch import Recorder, alphabeta, fig5_2
    >>> rec = Recorder()
    >>> _ = alphabeta(fig5_2, fig5_2.initial, tracer=rec)
    >>> replay = Replay(rec)
    >>> replay.searches
    [<search 0: alphabeta, 13 visits>]
    >>> [v.path for v in replay.tips()]  # the tips evaluated, in order: not (1, 1), (1, 2)
    [(0, 0), (0, 1), (0, 2), (1, 0), (2, 0), (2, 1), (2, 2)]
    >>> replay.counts()
    Stats(nodes=11, leaves=7, cutoffs=1)
    """

    def __init__(self, events: Iterable[Event] | Any) -> None:
        source = getattr(events, "events", events)
        if isinstance(source, (str, bytes)) or not isinstance(source, Iterable):
            raise TypeError(f"a Replay reads a recording: a Recorder, its list of events or "
                            f"another Replay, not {events!r:.80}")
        self.events: list[Event] = list(source)
        self.searches: list[SearchPart] = []
        self.visits: list[Visit] = []  # entered visits, in the order they were entered
        self.owner: list[Visit | None] = []  # the visit each event is about
        self.part: list[int] = []  # the search each event belongs to
        names: dict[str, list[int]] = {}
        self._read(names)
        self._tallies = names

    # -- reading -------------------------------------------------------------------------
    def _read(self, tallies: dict[str, list[int]]) -> None:
        stack: list[Visit] = []
        part: SearchPart | None = None
        seen: dict[tuple, int] = {}
        counts: dict[str, int] = {}
        for i, e in enumerate(self.events):
            role = getattr(type(e), "role", None)
            if not isinstance(e, Event) or role is None:
                raise ValueError(f"event {i} is not a trace event (Start, Enter, Leaf, Backup, "
                                 f"Cut, Expectation, Exit, Finish, ...): {e!r}")
            owner: Visit | None = stack[-1] if stack else None
            if role == "start":
                if stack:
                    raise ValueError(f"event {i} starts a search while node {stack[-1].path!r} "
                                     "of another is still open: one recording holds searches "
                                     "one after the other, not inside each other")
                part = self._new_search(e, i)
            elif role == "enter":
                if not stack:
                    if e.path != ():
                        raise ValueError(f"event {i} enters {e.path!r} before its parent: the "
                                         "events do not describe a tree searched from one root")
                    if part is None or part.root is not None:
                        part = self._new_search(None, i)
                elif e.path[:-1] != stack[-1].path or len(e.path) != len(stack[-1].path) + 1:
                    raise ValueError(f"event {i} enters {e.path!r}, but the open node is "
                                     f"{stack[-1].path!r}: a child is entered from its parent")
                assert part is not None
                owner = self._enter(e, i, part, stack, seen)
            elif role == "abort":
                if part is None:
                    raise ValueError(f"event {i} ({type(e).__name__}) aborts a search before any "
                                     f"search started: {_IN_ORDER}")
                part.aborted, owner = True, part.root
                stack.clear()
            elif role == "finish":
                if part is None:
                    raise ValueError(f"event {i} ({type(e).__name__}) finishes a search before "
                                     f"any search started: {_IN_ORDER}")
                if stack:
                    raise ValueError(f"event {i} ({type(e).__name__}) finishes a search while "
                                     f"node {stack[-1].path!r} is still open: a search finishes "
                                     f"after its root's Exit; {_IN_ORDER}")
                part.finish, owner = e, part.root
            else:
                if not stack or stack[-1].path != e.path:
                    where = repr(stack[-1].path) if stack else "none"
                    raise ValueError(f"event {i} ({type(e).__name__}) names {e.path!r}, but the "
                                     f"open node is {where}: pass the whole recording, from its "
                                     "first event")
                self._about(stack[-1], e, role, i, part, seen)
                if role == "exit":
                    stack.pop()
            self.owner.append(owner)
            self.part.append(-1 if part is None else part.index)
            if part is not None:
                part.last = i
            name = type(e).tally
            if name is not None:
                if name not in tallies:
                    tallies[name] = [0] * (i + 1)
                counts[name] = counts.get(name, 0) + 1
            for key, series in tallies.items():  # series[k]: the count after k events
                series.append(counts.get(key, 0))

    def _new_search(self, start: Any, i: int) -> SearchPart:
        part = SearchPart(len(self.searches), start, i)
        self.searches.append(part)
        return part

    def _enter(self, e: Any, i: int, part: SearchPart, stack: list[Visit],
               seen: dict[tuple, int]) -> Visit:
        parent = stack[-1] if stack else None
        n = seen.get((part.index, e.path), 0)
        seen[(part.index, e.path)] = n + 1
        v = Visit(part.index, e.path, n, e.path[-1] if parent else None, parent,
                  player=e.player, depth=e.depth, state=e.state, enter=i)
        v.alpha, v.beta = e.alpha, e.beta
        v.windows.append((i, e.alpha, e.beta))
        v.order = len(self.visits)
        if parent is None:
            part.root = v
        else:
            parent.children.append(v)
        part.visits.append(v)
        self.visits.append(v)
        stack.append(v)
        return v

    def _about(self, v: Visit, e: Any, role: str, i: int, part: Any,
               seen: dict[tuple, int]) -> None:
        if role == "leaf":
            v.leaf, v.value, v.terminal = i, e.value, e.terminal
        elif role == "backup":
            v.windows.append((i, e.alpha, e.beta))
            v.bests.append((i, e.best))
        elif role == "cut":
            v.cut = (i, e.kind)
            v.windows.append((i, e.alpha, e.beta))
            for m in e.skipped:
                path = v.path + (m,)
                n = seen.get((part.index, path), 0)
                seen[(part.index, path)] = n + 1
                stub = Visit(part.index, path, n, m, v, pruned=i)
                v.children.append(stub)
                part.visits.append(stub)
        elif role == "expect":
            v.value = e.value
            v.bests.append((i, e.value))
            last = {c.move: c for c in v.children}
            for m, p, _ in e.outcomes:
                if m in last:
                    last[m].prob = p
        elif role == "exit":
            v.exit, v.value = i, e.value
        else:
            v.notes.append((i, e))

    # -- asking --------------------------------------------------------------------------
    def __len__(self) -> int:
        return len(self.events)

    def __iter__(self) -> Iterator[Visit]:
        return iter(self.visits)

    def counts(self, i: int | None = None) -> Stats:
        """What the first ``i`` events counted (all of them by default), by event tally."""
        i = len(self.events) if i is None else i
        return Stats(**{name: series[i] for name, series in self._tallies.items()})

    def search_at(self, i: int) -> SearchPart | None:
        """The search event ``i - 1`` belongs to (the one being replayed after ``i`` events)."""
        if i <= 0 or not self.events:
            return self.searches[0] if self.searches else None
        k = self.part[min(i, len(self.events)) - 1]
        return self.searches[k] if k >= 0 else None

    def find(self, path: tuple, *, search: int = -1, visit: int = -1) -> Visit:
        """The visit of ``path`` (the last visit of the last search, by default).

        Raises KeyError naming the path when it was never visited.
        """
        if not self.searches:
            raise KeyError(f"the recording holds no search, so no node {path!r}")
        part = self.searches[search]
        found = [v for v in part.visits if v.path == tuple(path)]
        if not found:
            raise KeyError(f"search {part.index} never reached {tuple(path)!r}")
        return found[visit]

    def tips(self, *, search: int = -1) -> list[Visit]:
        """The visits where a value was taken without search (Leaf events), in order."""
        return [v for v in self.searches[search].visits if v.leaf is not None]

    def open_at(self, i: int) -> list[Visit]:
        """The visits on the search stack after ``i`` events, the root first; a node whose
        Exit is event ``i - 1`` comes last (it has just returned)."""
        if i <= 0:
            return []
        v = self.owner[min(i, len(self.events)) - 1]
        chain = []
        while v is not None:
            chain.append(v)
            v = v.parent
        return chain[::-1]

    def __repr__(self) -> str:
        return (f"<Replay: {len(self.events)} events, {len(self.searches)} "
                f"search{'es' if len(self.searches) != 1 else ''}, {len(self.visits)} visits>")


def tree_graph(events: Iterable[Event] | Any) -> Any:
    """The recorded searches as a ``networkx.DiGraph`` (a forest: one tree per search).

    Node keys are :class:`VisitKey` ``(search, path, visit)``, so a re-searched node and the
    root of a second search are nodes of their own. Node attributes: ``path``, ``search``,
    ``visit``, ``player``, ``depth``, ``alpha`` and ``beta`` (window on entry),
    ``alpha_now``/``beta_now`` (after the last backup), ``value`` (returned), ``leaf``
    (True for evaluated tips), ``terminal``, ``state``, ``order`` (visit order),
    ``research`` (True for a re-search), ``prob`` (below chance nodes). Moves skipped by a
    cut-off are nodes with ``pruned=True``, and their cutting parent has ``cut`` set to its
    kind (``'alpha'`` or ``'beta'``). Edges carry ``move``.

    >>> from aisearch.games import fig5_2
    >>> from aisearch.search import alphabeta
    >>> from aisearch.trace import Recorder
    >>> rec = Recorder()
    >>> _ = alphabeta(fig5_2, fig5_2.initial, tracer=rec)
    >>> g = tree_graph(rec)
    >>> sorted(d["path"] for _, d in g.nodes(data=True) if d["pruned"])
    [(1, 1), (1, 2)]
    """
    import networkx as nx

    replay = events if isinstance(events, Replay) else Replay(events)
    g = nx.DiGraph()
    for part in replay.searches:
        for v in part.visits:
            window = v.windows[-1] if v.windows else (None, None, None)
            g.add_node(
                v.key, path=v.path, search=v.search, visit=v.visit, player=v.player,
                depth=v.depth, alpha=v.alpha, beta=v.beta, alpha_now=window[1],
                beta_now=window[2], value=v.value, leaf=v.leaf is not None,
                terminal=v.terminal, state=v.state, order=v.order, pruned=v.pruned is not None,
                research=v.researched, prob=v.prob, cut=v.cut[1] if v.cut else None,
            )
            if v.parent is not None:
                g.add_edge(v.parent.key, v.key, move=v.move)
    return g
