"""What each enhancement of alpha-beta buys, on one position: the state of the widget, no widgets.

:class:`EfficiencyModel` holds one position, a depth and an evaluation, and a set of
switches (static ordering, iterative deepening, transposition table, killer moves, history
heuristic, and the window: alpha-beta, PVS, aspiration, MTD(f)). :meth:`EfficiencyModel.run`
searches the position with :func:`~aisearch.search.enhanced_search` as switched, and
keeps every configuration tried with its counts, beside plain alpha-beta in the game's move
order. A small search is also recorded, so the widget can draw the tree that ran.
:class:`~aisearch.widgets.EfficiencyLab` is the view.

Examples
--------
>>> from aisearch.games import TicTacToe
>>> game = TicTacToe()
>>> model = EfficiencyModel(game, TicTacToe.parse("x../.o./..."), 4, game.nilsson_eval)
>>> model.plain.stats.nodes
164
>>> model.switch(table=True, killers=True)
>>> result = model.run()
>>> result.label, result.decision.stats.nodes
('table + killers', 143)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from aisearch.plot.model import MAX_DRAWN
from aisearch.results import Decision
from aisearch.search.efficiency.engine import ENHANCEMENTS, WINDOWS, enhanced_search
from aisearch.trace import Recorder
from aisearch.widgets.dry import dry_run

__all__ = ["EfficiencyModel", "Result", "NAMES"]

NAMES = {"static": "static ordering", "deepening": "iterative deepening",
         "table": "table", "killers": "killers", "history": "history",
         "alphabeta": "alpha-beta", "pvs": "PVS", "aspiration": "aspiration",
         "aspiration-pvs": "aspiration + PVS", "mtdf": "MTD(f)"}
"""How the switches are called in the widget."""


@dataclass(frozen=True)
class Result:
    """One configuration searched: its switches, its decision, and its recording (if small)."""

    switches: tuple[tuple[str, Any], ...]
    decision: Decision
    recording: Recorder | None

    @property
    def label(self) -> str:
        """The switches in words, e.g. ``'table + killers, PVS'``."""
        on = dict(self.switches)
        words = [NAMES[k] for k in ENHANCEMENTS if on.get(k)]
        if on.get("window", "alphabeta") != "alphabeta":
            return ", ".join(filter(None, [" + ".join(words), NAMES[on["window"]]]))
        return " + ".join(words) or "plain alpha-beta"


class EfficiencyModel:
    """One position searched with enhancements switched on and off.

    Parameters
    ----------
    game, state, depth, evaluate
        The search: ``depth`` plies from ``state`` (``None``: to the end), ``evaluate`` at
        the depth bound.
    order : callable, optional
        The base move order (default: the game's).
    record_limit : int
        A configuration whose search visits at most this many nodes is searched again with
        a :class:`~aisearch.trace.Recorder`, for drawing (the same search: the counts agree);
        at most :data:`~aisearch.plot.model.MAX_DRAWN` (3,000), the most a drawing shows.

    Attributes
    ----------
    refused : dict
        The switches (and windows) that cannot work with these arguments, each with the
        searcher's reason, e.g. ``{'deepening': 'iterative deepening needs evaluate=...'}``
        without an evaluation: asked of the searcher itself, which is started with each
        one and stopped at its first node (:func:`~aisearch.widgets.dry.dry_run`).

    Examples
    --------
    >>> from aisearch.games import fig5_2
    >>> sorted(EfficiencyModel(fig5_2, fig5_2.initial, None, None).refused)
    ['deepening', 'static']
    """

    def __init__(self, game: Any, state: Any, depth: int | None,
                 evaluate: Callable[[Any], float] | None, *, order: Any = None,
                 record_limit: int = 400) -> None:
        if isinstance(record_limit, bool) or not isinstance(record_limit, int) or \
                not 0 <= record_limit <= MAX_DRAWN:
            raise ValueError(f"record_limit must be an int from 0 to {MAX_DRAWN:,} (the most nodes "
                             f"a drawing shows), not {record_limit!r:.80}")
        self.game, self.state, self.depth, self.evaluate = game, state, depth, evaluate
        self.order, self.record_limit = order, record_limit
        self.switches: dict[str, Any] = {k: False for k in ENHANCEMENTS}
        self.switches["window"] = "alphabeta"
        self.results: dict[tuple, Result] = {}
        self.plain = self._search({})
        self.current: Result | None = None
        self.refused: dict[str, str] = {}
        tried: dict[str, dict[str, Any]] = {k: {k: True} for k in ENHANCEMENTS}
        tried.update({k: {"window": k} for k in WINDOWS if k != "alphabeta"})
        for key, on in tried.items():
            try:
                dry_run(partial(self._search, on))
            except (TypeError, ValueError) as error:
                self.refused[key] = str(error)

    def switch(self, **changes: Any) -> None:
        """Turn switches on or off: ``static``, ``deepening``, ``table``, ``killers``,
        ``history`` (True/False) and ``window`` (``'alphabeta'``, ``'pvs'``, ...)."""
        for name, value in changes.items():
            if name == "window":
                if value not in WINDOWS:
                    raise ValueError(f"window must be one of {', '.join(map(repr, WINDOWS))}, "
                                     f"not {value!r}")
            elif name not in ENHANCEMENTS:
                raise ValueError(f"no switch {name!r}; the switches are: "
                                 f"{', '.join(ENHANCEMENTS)}, window")
            elif not isinstance(value, bool):
                raise TypeError(f"{name} must be True or False, not {value!r}")
            refused = self.refused.get(value if name == "window" else name)
            if refused and value:
                raise ValueError(f"{NAMES[value if name == 'window' else name]} cannot be "
                                 f"switched on for this search: {refused}")
            self.switches[name] = value

    def _search(self, switches: dict[str, Any], tracer: Any = None) -> Decision:
        return enhanced_search(self.game, self.state, self.depth, evaluate=self.evaluate,
                               order=self.order, tracer=tracer, **switches)

    def run(self) -> Result:
        """Search with the current switches (once per configuration: results are kept)."""
        key = tuple(sorted(self.switches.items()))
        if key not in self.results:
            decision = self._search(self.switches)
            recording = None
            if decision.stats.nodes <= self.record_limit:
                recording = Recorder()
                again = self._search(self.switches, recording)
                assert again.stats == decision.stats  # the recorded search is the one counted
            self.results[key] = Result(key, decision, recording)
        self.current = self.results[key]
        return self.current

    def table(self) -> list[tuple[str, Decision]]:
        """Plain alpha-beta and every configuration tried, fewest nodes last."""
        rows = [("plain alpha-beta", self.plain)]
        rows += sorted(((r.label, r.decision) for r in self.results.values()
                        if r.label != "plain alpha-beta"),
                       key=lambda row: -row[1].stats.nodes)
        return rows

    def __repr__(self) -> str:
        now = self.current.label if self.current else "nothing yet"
        return (f"<EfficiencyModel: {len(self.results)} configurations searched; "
                f"plain {self.plain.stats.nodes:,} nodes; current: {now}>")
