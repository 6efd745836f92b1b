"""Check a searcher's arguments with the searcher's own checks, before any search.

A widget calls its searcher later: at the agent's first move, when a box is ticked. Bad
arguments should fail at the door instead, and in the searcher's own words (a copy of its
checks would drift). :func:`dry_run` calls the searcher now with a tracer that stops it at
the first event after its ``Start``: every check the searcher makes before it searches has
run, and no node has been searched.

Examples
--------
>>> from aisearch import alphabeta, fig5_2
>>> dry_run(lambda tracer: alphabeta(fig5_2, fig5_2.initial, tracer=tracer))
>>> dry_run(lambda tracer: alphabeta(fig5_2, fig5_2.initial, prune_on_equal="x",
...                                  tracer=tracer))
Traceback (most recent call last):
...
TypeError: prune_on_equal must be True or False, not 'x'
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from aisearch.trace import Start

__all__ = ["dry_run"]


class _Accepted(Exception):  # noqa: N818 (it reads as what happened)
    """The searcher took its arguments and began to search: the dry run is over."""


def _stop(event: Any) -> None:
    if not isinstance(event, Start):
        raise _Accepted


def dry_run(call: Callable[[Callable[[Any], None]], Any]) -> None:
    """Call ``call(tracer)``, which starts one search with ``tracer``; stop it at its first
    node. Whatever the searcher raises before that (a bad option, a missing ``bounds=``)
    is raised here; an anytime search (a generator) is started for its first iteration."""
    try:
        out = call(_stop)
        if isinstance(out, Iterator):
            next(out, None)
    except _Accepted:
        pass
