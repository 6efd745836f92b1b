"""Words and small pictures the widgets share: counts, node names, a position as HTML.

None of it needs ipywidgets or matplotlib; the stepper (:mod:`aisearch.widgets.stepper`)
and the game widget (:mod:`aisearch.widgets.play`) both write with these.
"""

from __future__ import annotations

import html
import re
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


def state_html(game: Any, state: Any, width: int | None = None) -> str:
    """A small picture of ``state``: its game's painter's SVG (its text if it has none), at
    most ``width`` pixels wide when given (the picture scales to fit)."""
    if state is None:
        return ""
    from aisearch.plot.painters import svg

    try:
        picture = svg(game, state)
    except Exception:  # a picture is a nicety: fall back to text
        return f"<pre>{html.escape(str(state))}</pre>"
    if width is None or "viewBox" not in picture[:picture.find(">")]:
        return picture
    # (every painter's SVG has a viewBox: without its own width and height it scales)
    picture = re.sub(r'^(<svg\b[^>]*?)\s(width|height)="[^"]*"', r"\1", picture, count=1)
    picture = re.sub(r'^(<svg\b[^>]*?)\s(width|height)="[^"]*"', r"\1", picture, count=1)
    return f'<div style="width:{width}px;max-width:100%">{picture}</div>'
