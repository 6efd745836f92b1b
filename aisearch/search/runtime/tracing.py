"""Turning a searcher's work into events (:class:`Tracing`), so that its core needs no path
bookkeeping."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from aisearch.core import MAX
from aisearch.search.runtime.scores import INF, SHOWN
from aisearch.trace.events import Backup, Cut, Enter, Exit, Expectation, Leaf

__all__ = ["Tracing"]


class Tracing:
    """Turns a searcher's work into events, so that its core needs no path bookkeeping.

    The core recurses as ``core(state, depth, ...)``; :meth:`wrap` surrounds each call with
    ``Enter`` and ``Exit`` and keeps the path of the open nodes. The core's ``result`` is
    :meth:`result`, which remembers the move being made, so the child's path is known
    when it is entered; a child entered again (a re-search) gets its move back from the
    node that last returned. Values and windows are converted to MAX's view and to the
    game's payoffs (fastest-win scores become ``±win``).

    Parameters
    ----------
    emit : callable
        The tracer.
    game : Game
        The game searched.
    decode : callable
        Search scores to the game's payoffs (the identity when scores are payoffs).
    mover_view : bool
        True when the core's values and windows are from the view of the player to move
        (negamax forms).
    """

    def __init__(self, emit: Callable[[Any], Any], game: Any, decode: Callable[[Any], Any],
                 mover_view: bool = False) -> None:
        self.emit, self.decode, self.mover_view = emit, decode, mover_view
        self.stack: list[tuple] = []
        self.pending: Any = None
        self.window: tuple[Any, Any] = (-INF, INF)  # of the last backup, in MAX's view
        self._result = game.result
        self._to_move = game.to_move

    def __bool__(self) -> bool:
        return True

    def result(self, s: Any, m: Any) -> Any:
        self.pending = m
        return self._result(s, m)

    def wrap(self, core: Callable[..., Any], kind: type = Enter,
             mover_view: bool | None = None) -> Callable[..., Any]:
        """``core`` reporting its visits as ``kind`` events (Enter; Quiescent beyond the depth
        bound), values converted from the mover's view when ``mover_view`` (the run's)."""
        stack, emit, to_move, decode = self.stack, self.emit, self._to_move, self.decode
        if mover_view is None:
            mover_view = self.mover_view

        def traced(s: Any, d: int, *window: Any) -> tuple[Any, tuple]:
            path = stack[-1] + (self.pending,) if stack else ()
            stack.append(path)
            player = to_move(s)
            low, high = window[:2] if len(window) >= 2 else (-INF, INF)
            flip = mover_view and player != MAX
            if flip:
                low, high = -high, -low
            emit(kind(path, player, None if d > SHOWN else d, decode(low), decode(high), s))
            v, pv = core(s, d, *window)
            emit(Exit(path, decode(-v if flip else v)))
            stack.pop()
            self.pending = path[-1] if path else None
            return v, pv

        traced.__wrapped__ = core  # type: ignore[attr-defined]
        return traced

    def leaf(self, value: Any, terminal: bool, kind: type = Leaf) -> None:
        self.emit(kind(self.stack[-1], value, terminal))

    def backup(self, m: Any, v: Any, best: Any, alpha: float = -INF, beta: float = INF,
               player: int = MAX) -> None:
        """Child ``m`` returned ``v``; the node holds ``best`` and the window (alpha, beta)."""
        if self.mover_view and player != MAX:
            v, best, alpha, beta = -v, -best, -beta, -alpha
        d = self.decode
        self.window = (d(alpha), d(beta))
        self.emit(Backup(self.stack[-1], m, d(v), d(best), *self.window))

    def cut(self, s: Any, skipped: tuple, kind: str | None = None) -> None:
        """A cut-off at the open node, with the window of its last backup (which caused it);
        ``kind`` 'beta' at MAX nodes and 'alpha' at MIN nodes unless given (chance nodes)."""
        kind = kind or ("beta" if self._to_move(s) == MAX else "alpha")
        self.emit(Cut(self.stack[-1], skipped, *self.window, kind))

    def expectation(self, outcomes: Sequence[tuple[Any, float, Any]], value: Any) -> None:
        d = self.decode
        self.emit(Expectation(self.stack[-1], tuple((m, p, d(v)) for m, p, v in outcomes),
                              d(value)))

    def note(self, kind: type, **fields: Any) -> None:
        """Report another kind of event (a table hit, a re-search) about the open node."""
        self.emit(kind(self.stack[-1], **fields))
