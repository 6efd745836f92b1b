"""Every game the package exports is drawn by its painter, in every form a view asks for.

The games come from their records (tests/games/records.py), so a new game's painter is
tested here without an edit of this file: positions along a seeded random playout are drawn
as SVG (well-formed XML), as a tree thumbnail and as PNG bytes (the same state, the same
bytes), with the game's own highlight where it has one.
"""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from typing import Any

import matplotlib
import pytest

matplotlib.use("Agg")

from aisearch.core import CHANCE, unwrap  # noqa: E402
from aisearch.plot.boards import board_png, thumbnail  # noqa: E402
from aisearch.plot.painters import painter_for, svg  # noqa: E402
from tests.games.records import variants  # noqa: E402

GAMES = variants()
PNG = b"\x89PNG"


def playout(game: Any, plies: int = 10, seed: int = 1) -> list[Any]:
    """The states of a seeded random playout of at most ``plies`` plies."""
    rng, s = random.Random(seed), game.initial
    seen = [s]
    for _ in range(plies):
        if game.is_terminal(s):
            break
        if game.to_move(s) == CHANCE:
            outcomes = list(game.chance_outcomes(s))
            move = rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            move = rng.choice(list(game.moves(s)))
        s = game.result(s, move)
        seen.append(s)
    return seen


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_game_draws_its_positions_in_every_form(name: str) -> None:
    game = GAMES[name]
    painter = painter_for(game)
    rules = unwrap(game)
    states = playout(game)
    for s in states[:: max(1, len(states) // 3)] + states[-1:]:
        picture = svg(game, s)
        assert ET.fromstring(picture).tag.endswith("svg"), (painter.name, picture[:80])
        area = thumbnail(s, game, size=painter.least * 2)
        assert area.get_children(), f"the {painter.name} painter drew nothing at {s!r:.60}"
        highlight = rules.highlight(s) if hasattr(rules, "highlight") else None
        png = board_png(s, game, highlight=highlight or None)
        assert png.startswith(PNG) and png == board_png(s, game, highlight=highlight or None)
