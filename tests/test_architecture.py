"""The package's layers: no import circle, and no import from a layer above.

Every import statement of the package counts, those inside functions too (grimp reads them
all); imports made only for type checking (``if TYPE_CHECKING:``) do not. The layers are
written once here and drawn in ``docs/architecture.md``; a new top-level module or search
subpackage must be placed in them (a test fails until it is).
"""

from __future__ import annotations

import grimp
import networkx as nx
import pytest

GRAPH = grimp.build_graph("aisearch", exclude_type_checking_imports=True)

# The package, top layer first: a module may import from the layers below its own only.
LAYERS: list[set[str]] = [
    {"aisearch.__main__"},  # python -m aisearch
    {"aisearch"},  # the notebook-facing API
    {"aisearch.grading"},  # homework: build and grade
    {"aisearch.widgets", "aisearch.notebook"},  # views for people
    {"aisearch.plot"},
    {"aisearch.learn"},  # learning evaluation functions
    {"aisearch.agents", "aisearch.solve_chance", "aisearch.solve_pig"},
    {"aisearch.solve"},  # exact solutions by retrograde analysis
    {"aisearch.search"},  # the searchers
    {"aisearch.games", "aisearch.theory", "aisearch.data"},  # the rules
    {"aisearch.trace"},  # what searchers report
    {"aisearch.core"},  # the protocol
    {"aisearch.results", "aisearch._version", "aisearch.states", "aisearch._lazy"},
    {"aisearch.values"},  # reading numbers
]

# Inside aisearch.search, by lesson: the runtime and the registry under everything.
SEARCH_LAYERS: list[set[str]] = [
    {"aisearch.search"},  # exports every public name
    {"aisearch.search.multiplayer"},  # paranoid search is alpha-beta
    {"aisearch.search.efficiency", "aisearch.search.chance", "aisearch.search.sampling",
     "aisearch.search.plain"},
    {"aisearch.search.classic"},  # the alpha-beta forms take a leaf rule (quiescence)
    {"aisearch.search.horizon"},  # the rules a search may be given
    {"aisearch.search.runtime", "aisearch.search.registry"},
]


def _part(module: str, depth: int) -> str:
    return ".".join(module.split(".")[:depth])


def _edges() -> list[tuple[str, str]]:
    return [(m, d) for m in sorted(GRAPH.modules)
            for d in sorted(GRAPH.find_modules_directly_imported_by(m))]


def _level(part: str, layers: list[set[str]]) -> int:
    for i, layer in enumerate(layers):
        if part in layer:
            return len(layers) - i
    raise AssertionError(f"{part} is in no layer: place it in tests/test_architecture.py "
                         "and docs/architecture.md")


def _violations(layers: list[set[str]], depth: int, inside: str | None = None) -> list[str]:
    found = []
    for m, d in _edges():
        if inside is not None and not (m.startswith(inside + ".") and d.startswith(inside)):
            continue
        a, b = _part(m, depth), _part(d, depth)
        if a != b and _level(a, layers) <= _level(b, layers):
            found.append(f"{m} imports {d}")
    return found


def test_every_top_level_module_has_a_layer() -> None:
    for m in GRAPH.modules:
        _level(_part(m, 2), LAYERS)


def test_no_module_imports_from_a_layer_above_its_own() -> None:
    assert _violations(LAYERS, 2) == []


def test_the_searchers_import_only_from_the_lessons_below_theirs() -> None:
    assert _violations(SEARCH_LAYERS, 3, inside="aisearch.search") == []


def test_no_import_circle() -> None:
    graph = nx.DiGraph(_edges())
    circles = [sorted(c) for c in nx.strongly_connected_components(graph) if len(c) > 1]
    assert circles == []


@pytest.mark.parametrize("layers,depth,inside", [(LAYERS, 2, None),
                                                 (SEARCH_LAYERS, 3, "aisearch.search")])
def test_the_checks_can_fail(layers: list[set[str]], depth: int, inside: str | None) -> None:
    """Read upside down, the layers forbid what the package does."""
    assert _violations(layers[::-1], depth, inside)
    circle = nx.DiGraph([("a", "b"), ("b", "a")])
    assert [c for c in nx.strongly_connected_components(circle) if len(c) > 1]
