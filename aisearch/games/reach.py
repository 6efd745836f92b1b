"""The states play can reach: one walk for the games that list their states.

>>> from aisearch.games import Nim
>>> len(reachable(Nim((1, 2))))
8
"""

from __future__ import annotations

from typing import Any

__all__ = ["reachable"]


def reachable(game: Any, limit: int | None = None) -> set[Any]:
    """Every state reachable from ``game.initial`` by the moves ``game.moves`` lists (the
    outcomes at chance states); with ``limit``, the search stops once it has seen that many."""
    seen, frontier = {game.initial}, [game.initial]
    while frontier and (limit is None or len(seen) < limit):
        s = frontier.pop()
        for m in game.moves(s):
            t = game.result(s, m)
            if t not in seen:
                seen.add(t)
                frontier.append(t)
    return seen
