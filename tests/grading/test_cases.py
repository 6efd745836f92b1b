"""The random cases the searcher questions draw are varied enough to tell searchers apart."""

from __future__ import annotations

import random

from aisearch.grading.cases import search_cases

SEEDS = range(12)


def test_the_random_trees_have_varied_shapes():
    cases = [c for seed in SEEDS for c in search_cases(random.Random(seed))[:26]]
    games = [c.game for c in cases]
    text = " ".join(c.label for c in cases)
    assert "Min(" in text and "Max(" in text and "inf" in text
    assert {len(g.moves(g.initial)) for g in games} >= {2, 3, 4}
    assert any(len({len(t) for t in g.tips}) > 1 for g in games)  # tips at several depths
    assert any(c.depth < c.height for c in cases) and any(c.depth >= c.height for c in cases)


def test_the_same_seed_draws_the_same_cases():
    a, b = search_cases(random.Random(7)), search_cases(random.Random(7))
    assert [c.label for c in a] == [c.label for c in b]


def _rebuilt(label: str):
    """The game and the evaluations a tree case's label prints, built from the text."""
    import math  # noqa: F401  (inf in the text)

    from aisearch.core import MIN  # noqa: F401
    from aisearch.games.tree import Max, Min, TreeGame  # noqa: F401

    inf = math.inf  # noqa: F841
    head, _, rest = label.partition(" searched to depth ")
    depth_text, _, shown = rest.partition(", where evaluate gives ")
    return eval(head), int(depth_text), eval(shown) if shown else {}  # noqa: S307


def test_every_tree_case_label_rebuilds_the_case_exactly():
    from aisearch.core import MAX

    for seed in SEEDS:
        for case in search_cases(random.Random(seed)):
            if not case.label.startswith("TreeGame("):
                continue
            game, depth, shown = _rebuilt(case.label)
            assert (game.tree, game.first, game.win) == (case.game.tree, case.game.first,
                                                         case.game.win), case.label
            assert depth == case.depth
            bound = [s for s in game.states() if len(s) == depth and not game.is_terminal(s)]
            assert shown == {s: case.evaluate(s) for s in bound}
            assert all(case.evaluate(s) == game.utility(s, MAX) for s in game.tips)


def test_every_draw_holds_the_pitfalls():
    import math

    from aisearch.core import MAX, MIN
    from aisearch.search import minimax

    for seed in SEEDS:
        cases = search_cases(random.Random(seed))
        trees = [c for c in cases if c.label.startswith("TreeGame(")]
        assert any(c.game.first == MIN for c in trees)
        lost = []
        for c in trees:  # a root that loses whatever it plays, for MAX and for MIN
            first = c.game.first
            values = {minimax(c.game, c.game.result(c.state, m), c.depth - 1,
                              evaluate=c.evaluate, fastest_wins=False).value
                      for m in c.game.moves(c.state)}
            if values == {-math.inf if first == MAX else math.inf}:
                lost.append(first)
        assert set(lost) == {MAX, MIN}
        # terminal states at the depth bound
        assert any(any(len(t) == c.depth for t in c.game.tips) for c in trees)
        dags = [c for c in cases if c.label.startswith("DagGame(")]
        assert len(dags) >= 2 and all(c.game.transpositions() > 0 for c in dags)
