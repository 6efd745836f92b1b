"""The neighbourhood of the current node: how the stepper follows a search too big to draw.

The view shows the path from the root, the current node's siblings and children, finished
subtrees folded into one mark that keeps their value and says their size, and the other moves
as counts; it is read from the recording, node for node, never searched again.
"""

import struct

import matplotlib

matplotlib.use("Agg")

import pytest  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402

from aisearch import Recorder, alphabeta, fig5_2, pearl_ab, plot, pvs, uniform_tree  # noqa: E402
from aisearch.games.examples import eighteen_of_41  # noqa: E402
from aisearch.plot.focus import focus_model  # noqa: E402
from aisearch.plot.model import _model  # noqa: E402
from aisearch.trace import Replay, Visit  # noqa: E402
from aisearch.widgets import SearchStepper  # noqa: E402
from aisearch.widgets.frames import BOX, frame_options  # noqa: E402

pytestmark = pytest.mark.usefixtures("close_figures")


def record(search, game, **options):
    rec = Recorder()
    search(game, game.initial, tracer=rec, **options)
    return rec


def labels(ax) -> dict:
    return {c.get_gid(): c.texts for c in ax.collections if hasattr(c, "texts")}


def test_the_path_siblings_and_children_of_the_current_node_are_drawn():
    """Every move of every node on the path is there: drawn, or in a count."""
    rec = record(pearl_ab, eighteen_of_41)
    whole = _model(rec, None, None)
    for u in range(2, len(rec.events) + 1, 7):
        current = whole.replay.owner[u - 1]
        near = focus_model(whole, u, current.key)
        chain, v = [], current
        while v is not None:
            chain.append(v)
            v = v.parent
        assert {v.key for v in chain} <= set(near.nodes)  # the path from the root
        for node in chain:
            moves = [c for c in node.children if not (c.researched and c.enter >= u)]
            drawn = [k for k in near.children[node.key] if k not in near.counts]
            counted = sum(int(near.counts[k][0].split()[0]) for k in near.children[node.key]
                          if k in near.counts)
            if node is current and not moves:
                continue
            assert len(drawn) + counted == len(moves), (u, node.path)
        siblings = current.parent.children if current.parent else []
        if len(siblings) <= 5:  # a few siblings: each drawn
            assert all(c.key in near.nodes for c in siblings if not c.researched)
        assert len(near.nodes) <= 40 and near.leaves <= 24


def test_a_finished_subtree_is_one_mark_with_its_value_and_size():
    rec = record(pearl_ab, eighteen_of_41)
    whole = _model(rec, None, None)
    u = 126  # the root has backed up its first move: that subtree is finished
    near = focus_model(whole, u, whole.replay.owner[u - 1].key)
    (first,) = [k for k in near.folded if k.path == (0,)]
    below = []
    stack = list(whole.nodes[first].children)
    while stack:
        v = stack.pop()
        if v.enter is not None and v.enter < u:
            below.append(v)
            stack.extend(v.children)
    assert near.folded[first] == len(below) == 34
    assert near.children[first] == []  # drawn as one mark
    ax = plot.tree(rec, ax=Figure(figsize=BOX).subplots(), upto=u, focus=True)
    assert "34 nodes" in labels(ax)["sizes"] and "4" in labels(ax)["values"]


def test_other_moves_are_counts_and_only_visits_of_the_recording_are_drawn():
    game = uniform_tree(9, 2, seed=3)
    rec = record(alphabeta, game)
    whole = _model(rec, game, None)
    u = len(rec.events) // 2
    near = focus_model(whole, u, whole.replay.owner[u - 1].key)
    assert near.counts and all(text.split()[0].isdigit() for text, _ in near.counts.values())
    replayed = {v.key for v in Replay(rec).visits} | {k for k in whole.nodes}
    for key, node in near.nodes.items():
        assert key in near.counts or key in replayed
        assert isinstance(node, Visit)


def test_small_trees_stay_whole_and_big_ones_are_followed():
    """Fig 5.2 is drawn whole; the 41-tip tree and a 250-event PVS search are followed."""
    small = record(alphabeta, fig5_2)
    assert frame_options(small, {})["focus"] is False
    big = record(pearl_ab, eighteen_of_41)
    tree = uniform_tree(3, 3, seed=0)
    scout = record(pvs, tree)
    assert len(scout.events) == 248
    for rec, options in ((big, {}), (scout, {"game": tree})):
        assert frame_options(rec, options)["focus"] is True


def test_the_steppers_picture_keeps_its_size_at_every_step():
    tree = uniform_tree(3, 3, seed=0)
    stepper = SearchStepper(record(pvs, tree), game=tree)
    for i in (0, 12, 80, 160, 248):
        png = stepper.tree_png(i)
        width, height = struct.unpack(">II", png[16:24])
        assert (width, height) == (600, 460)
