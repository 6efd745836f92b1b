"""Observing a search: labelled events, tracers, the one reader of recordings, and a
zero-touch counting wrapper.

A searcher given ``tracer=f`` calls ``f(event)`` as it works, then ``f.finish(decision)``
if ``f`` has that method; a tracer with ``per_node = False`` gets only ``finish``. The
events are defined in :mod:`aisearch.trace.events`; :class:`Tally` counts them,
:class:`Recorder` keeps them, and :class:`~aisearch.trace.replay.Replay` reads a recording
into searches and visits, for :func:`tree_graph`, the plots and the stepper alike.

Examples
--------
>>> from aisearch.games import TreeGame
>>> from aisearch.search import alphabeta
>>> game = TreeGame([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
>>> rec = Recorder()
>>> alphabeta(game, game.initial, tracer=rec).value
3
>>> [e.path for e in rec.events if isinstance(e, Cut)]
[(1,)]
>>> rec.counts()
Stats(nodes=11, leaves=7, cutoffs=1)
"""

from aisearch.trace.events import (
    EVENT_KINDS,
    Abort,
    Backup,
    Cut,
    Enter,
    Event,
    Exit,
    Expansion,
    Expectation,
    Finish,
    Leaf,
    Research,
    Selection,
    Simulation,
    Start,
    TableHit,
    Tracer,
    Update,
)
from aisearch.trace.grown import GrownNode, GrownTree, grown_tree
from aisearch.trace.replay import Replay, SearchPart, Visit, VisitKey, tree_graph
from aisearch.trace.tracers import CountingGame, Recorder, Tally

__all__ = [
    "Event", "Start", "Enter", "Leaf", "Backup", "Cut", "Expectation", "Research", "TableHit",
    "Exit", "Finish", "Abort", "Tracer", "EVENT_KINDS", "Tally", "Recorder", "CountingGame",
    "Replay", "SearchPart", "Visit", "VisitKey", "tree_graph", "Selection", "Expansion",
    "Simulation", "Update", "GrownNode", "GrownTree", "grown_tree",
]
