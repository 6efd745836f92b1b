"""Search extensions (lesson 05): some moves are searched one ply deeper than the rest.

A depth-limited search stops every line at the same depth, so a forcing line (checks, a
move that alone holds the position) is cut off just where it matters. An *extension* gives
such a move one more ply. Two are offered, each switched on by name in the ``extensions``
option of :func:`~aisearch.search.enhanced_search`, :func:`~aisearch.search.iterative_deepening`
and the searchers built on the shared cores (:func:`~aisearch.search.alphabeta_tt`,
:func:`~aisearch.search.pvs`, :func:`~aisearch.search.aspiration`, :func:`~aisearch.search.mtdf`):

``"check"``
    A move that gives check (the game declares ``in_check(s)``, true when the player to
    move is in check) is searched one ply deeper.
``"singular"`` (simplified)
    At a node with at least 2 plies left, every move is first probed by a fail-soft
    alpha-beta search 2 plies shallower (with the search's evaluation, and its quiescence
    where the probe is at least 1 ply deep; a 0-ply probe is the static value); a
    move whose probe value beats every sibling's by at least ``singular_margin`` (for the
    player to move) is searched one ply deeper. The probes' nodes are counted in
    ``stats.singular_probes``. The margin is any positive real number; ``math.inf`` is the
    limit of ever larger margins: only a move whose probe finds a win worth ``inf`` (a game
    that declares no finite ``win``), beside siblings that find none, is singular.

Each line gets at most as many extensions as the nominal depth (so no line is longer than
twice the depth, and a perpetual check cannot run away). ``stats.check_extensions`` and
``stats.singular_extensions`` count the extended moves. A win is scored by its real
distance from the root, extensions included (``extend.ply``), so an extended line never
makes a slow win look quicker than a short one.

Examples
--------
>>> from aisearch.games import TreeGame
>>> from aisearch.search import alphabeta_tt

Move 0 looks 3 better than move 1 one ply down, so it is searched a ply deeper, where
MIN's reply ``(0, 0)`` turns out to lose for MAX:

>>> game = TreeGame([[[-5, -9], 7], [3, 2]])
>>> values = {(0,): 6, (1,): 3, (0, 0): 6}
>>> alphabeta_tt(game, (), 2, evaluate=values.get).value
6
>>> d = alphabeta_tt(game, (), 2, evaluate=values.get, extensions=("singular",),
...                  singular_margin=2)
>>> d.value, d.move, d.stats.singular_extensions
(2, 1, 1)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from aisearch.core import MAX, type_note
from aisearch.results import register_count
from aisearch.values import as_real

__all__ = ["EXTENSIONS", "check_extensions", "extended", "Extensions", "singular_margin"]

EXTENSIONS = ("check", "singular")
"""The extensions by name."""

for _name in ("check_extensions", "singular_extensions", "singular_probes"):
    register_count(_name)


def check_extensions(game: Any, extensions: Any, margin: Any) -> tuple[str, ...]:
    """The extensions asked for, checked: known names, a game that can say "in check",
    a positive margin (see :func:`singular_margin`)."""
    if isinstance(extensions, str) or not isinstance(extensions, (tuple, list)):
        raise TypeError(f"extensions must be a tuple of names from {EXTENSIONS}, e.g. "
                        f"('check',), not {extensions!r:.80}")
    for name in extensions:
        if name not in EXTENSIONS:
            raise ValueError(f"unknown extension {name!r}; the extensions are: "
                             f"{', '.join(EXTENSIONS)}")
    if "check" in extensions and not callable(getattr(game, "in_check", None)):
        raise ValueError(f"the check extension needs a game with in_check(state); "
                         f"{game!r:.60} has none")
    singular_margin(margin)
    return tuple(extensions)


def singular_margin(margin: Any) -> Any:
    """The option ``singular_margin`` checked: a positive real number (numpy's as the Python
    number it equals), ``math.inf`` included.

    >>> import numpy as np
    >>> singular_margin(np.int64(2)), singular_margin(0.5), singular_margin(float("inf"))
    (2, 0.5, inf)
    >>> singular_margin(0)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: singular_margin must be a positive real number (an int, a float, a Fraction ...
    """
    m = as_real(margin)
    if m is None or not m > 0:
        raise ValueError(f"singular_margin must be a positive real number (an int, a float, a "
                         f"Fraction or a numpy number; inf: only a won move beside moves not "
                         f"won is singular), not {margin!r:.80}{type_note(margin)}")
    return m


def extended(game: Any, extensions: Any, margin: Any = 1.0, *,
             probe: Callable[..., Any]) -> Extensions | None:
    """The depth rule of the options ``extensions=...`` and ``singular_margin=...`` (checked),
    or None when no extension is asked for; ``probe`` is the search that values each move
    for the singular test (the package's fail-soft alpha-beta).

    >>> from aisearch.games import TreeGame
    >>> from aisearch.search import alphabeta_failsoft
    >>> game = TreeGame([1, 2])
    >>> extended(game, ("singular",), 2, probe=alphabeta_failsoft), extended(game, (), probe=max)
    (Extensions(('singular',), 2), None)
    """
    if not extensions:
        return None
    return Extensions(check_extensions(game, extensions, margin), singular_margin(margin),
                      probe)


class Extensions:
    """A :class:`~aisearch.search.runtime.run.DepthRule`: the moves a search extends.

    ``rule(run)`` returns ``extend(s, m, child, d) -> 0 or 1``: the plies to add to
    ``d - 1`` for move ``m`` of ``s`` (``d`` plies left at ``s``). Cores call it once per
    child, just before searching it. ``extend.ply(s, d)`` is the distance of a node on the
    line being searched from the root: ``top - d`` plus the extensions on the way to it (a
    quiescence node beyond the depth bound counts those of the leaf it started from).
    """

    def __init__(self, extensions: tuple[str, ...], margin: float,
                 probe: Callable[..., Any]) -> None:
        self.extensions, self.margin, self.probe = extensions, margin, probe
        singular = "singular" in extensions
        self.key: Hashable = ("extensions", (tuple(sorted(extensions)),
                                             margin if singular else None))
        self.options: dict[str, Any] = {"extensions": extensions, "singular_margin": margin}

    def __repr__(self) -> str:
        return f"Extensions({self.extensions!r}, {self.margin!r})"

    def __call__(self, run: Any) -> Callable[..., int]:
        return _extend(run, self.extensions, self.margin, self.probe)


def _extend(run: Any, extensions: tuple[str, ...], margin: float,
            search: Callable[..., Any]) -> Callable[..., int]:
    game, top = run.game, run.top
    in_check = game.in_check if "check" in extensions else None
    singular = "singular" in extensions
    counts = {"check_extensions": 0, "singular_extensions": 0, "singular_probes": 0}
    for name in counts:
        run.count(name, lambda name=name: counts[name])
    # (node, extensions on the way to it), root first: the line being searched, and after a
    # return the line below it too, until the next call cuts it back.
    line: list[tuple[Any, int]] = [(run.state, 0)]
    chosen: dict[tuple[int, int], Any] = {}  # (id of node, d) -> its singular move or None
    # (what the probes need of the run, read now: the functions made here do not hold it)
    evaluate = run.sources.evaluate
    deeper = run.leaf_rule.options if run.leaf_rule is not None else {}

    def singular_move(s: Any, d: int) -> Any:
        key = (id(s), d)
        if key not in chosen:
            below = deeper if d > 2 else {}
            scored = []
            for m in game.moves(s):
                child = game.result(s, m)
                counts["singular_probes"] += 1
                if d == 2 and not game.is_terminal(child):  # a 0-ply probe: the static value
                    value = evaluate(child)
                else:
                    probe = search(game, child, d - 2, evaluate=evaluate, **below)
                    counts["singular_probes"] += probe.stats.nodes + probe.stats.get(
                        "quiescence", 0) - 1
                    value = probe.value
                scored.append((value if game.to_move(s) == MAX else -value, m))
            scored.sort(key=lambda vm: vm[0], reverse=True)
            best = scored[0][1] if len(scored) > 1 and (
                scored[0][0] - scored[1][0] >= margin) else None
            chosen[key] = (s, best)  # (s kept alive, so its id is not reused)
        return chosen[key][1]

    def extend(s: Any, m: Any, child: Any, d: int) -> int:
        while line and line[-1][0] is not s:
            line.pop()
        used = line[-1][1] if line else 0
        ext = 0
        if used < top:
            if in_check is not None and in_check(child):
                ext = 1
                counts["check_extensions"] += 1
            elif singular and d >= 2 and singular_move(s, d) == m:
                ext = 1
                counts["singular_extensions"] += 1
        line.append((child, used + ext))
        return ext

    def ply(s: Any, d: int) -> int:
        for node, used in reversed(line):
            if node is s:
                return top - d + used
        # Beyond the depth bound (a quiescence node): as the leaf it started from.
        return top - d + (line[-1][1] if line else 0)

    extend.ply = ply  # type: ignore[attr-defined]
    return extend
