"""Words and small pictures the widgets share: counts, node names, a position as HTML.

None of it needs ipywidgets or matplotlib; the stepper (:mod:`aisearch.widgets.stepper`)
and the game widget (:mod:`aisearch.widgets.play`) both write with these.
"""

from __future__ import annotations

import html
from typing import Any

__all__ = ["count", "fmt_path", "state_html"]


def count(n: int, word: str, words: str | None = None) -> str:
    """``n`` with its noun in the right number.

    >>> count(1, "cut-off"), count(7, "leaf", "leaves"), count(1234, "node")
    ('1 cut-off', '7 leaves', '1,234 nodes')
    """
    return f"{n:,} {word if n == 1 else words or word + 's'}"


def fmt_path(path: tuple) -> str:
    """A node's name: ``'the root'`` or its moves, e.g. ``'node (0, 1)'``, ``'node (N,)'``.

    >>> fmt_path(()), fmt_path((1,)), fmt_path(("N", "E"))
    ('the root', 'node (1,)', 'node (N, E)')
    """
    if not path:
        return "the root"
    return "node (" + ", ".join(map(str, path)) + ("," if len(path) == 1 else "") + ")"


def state_html(game: Any, state: Any) -> str:
    """A small picture of ``state``: its game's painter's SVG (its text if it has none)."""
    if state is None:
        return ""
    from aisearch.plot.painters import svg

    try:
        return svg(game, state)
    except Exception:  # a picture is a nicety: fall back to text
        return f"<pre>{html.escape(str(state))}</pre>"
