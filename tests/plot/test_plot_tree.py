"""The tree plots: a tidy layout, Nilsson's conventions, and fast steps through a search.

Images are not compared: the tests read the artists (node colours, cut marks, labels).
"""

import random
import subprocess
import sys
import time

import matplotlib
import pytest

matplotlib.use("Agg")

from matplotlib.backends.backend_agg import FigureCanvasAgg  # noqa: E402
from matplotlib.colors import to_rgba  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402

from aisearch import (  # noqa: E402
    Chance,
    Min,
    Recorder,
    TreeGame,
    alphabeta,
    alphabeta_failsoft,
    fig5_2,
    minimax,
    negamax,
    tree_graph,
    uniform_tree,
)
from aisearch.plot import layout, tree  # noqa: E402
from aisearch.plot.layout import MAX_DOWN_LEAVES  # noqa: E402
from aisearch.plot.tree import COLORS  # noqa: E402
from aisearch.trace import Cut, Enter, Exit  # noqa: E402

pytestmark = pytest.mark.usefixtures("close_figures")


def tree41() -> TreeGame:
    """A depth-6 tree with 41 tips and 1 to 3 moves per node (seeded)."""
    rng = random.Random(42)

    def build(d):
        if d == 0:
            return rng.randint(-20, 20)
        return [build(d - 1) for _ in range(rng.choice([1, 2, 2, 2, 3]) if d < 6 else 2)]

    game = TreeGame(build(6))
    assert len(game.tips) == 41 and {len(t) for t in game.tips} == {6}
    return game


def record(search, game, **options) -> Recorder:
    rec = Recorder()
    search(game, game.initial, tracer=rec, **options)
    return rec


def new_figure(figsize=(8, 5)):
    fig = Figure(figsize=figsize)
    FigureCanvasAgg(fig)  # draws for real, without pyplot
    return fig


def new_ax(figsize=(8, 5)):
    return new_figure(figsize).subplots()


def labels(ax) -> dict:
    """The label collections of a drawing by kind: values, tips, windows, moves, ..."""
    return {c.get_gid(): c for c in ax.collections if hasattr(c, "texts")}


def node_colors(ax) -> dict:
    """(x, y) -> (face RGBA, edge RGBA) of every node marker."""
    out = {}
    for c in ax.collections:
        if (c.get_gid() or "").startswith("nodes-"):
            faces, edges = c.get_facecolors(), c.get_edgecolors()
            for (x, y), f, e in zip(c.get_offsets(), faces, edges, strict=True):
                out[round(float(x), 6), round(float(y), 6)] = (tuple(f), tuple(e))
    return out


def color_at(ax, positions, path):
    x, y = positions[path]
    return node_colors(ax)[round(float(x), 6), round(float(y), 6)]


def path_positions(rec) -> dict:
    """Where each node of a one-search recording is drawn, by its path."""
    g = tree_graph(rec.events)
    return {g.nodes[k]["path"]: xy for k, xy in layout(g).items()}


def children_map(game: TreeGame) -> dict:
    return {s: [s + (m,) for m in game.moves(s)] for s in game.states()}


# -- layout ------------------------------------------------------------------------------
def test_leaves_sit_at_consecutive_slots_in_move_order():
    pos = layout(children_map(fig5_2))
    assert [pos[t] for t in fig5_2.tips] == [(i, -2) for i in range(9)]


def test_a_parent_is_centred_over_its_first_and_last_child():
    game = tree41()
    kids = children_map(game)
    pos = layout(kids, orient="down")
    for node, cs in kids.items():
        if cs:
            assert pos[node][0] == (pos[cs[0]][0] + pos[cs[-1]][0]) / 2
            assert pos[node][1] == pos[cs[0]][1] + 1


def test_nodes_at_one_depth_are_at_least_a_slot_apart():
    kids = children_map(tree41())
    pos = layout(kids, orient="down")
    assert len(set(pos.values())) == len(pos)
    by_depth: dict = {}
    for x, y in pos.values():
        by_depth.setdefault(y, []).append(x)
    for xs in by_depth.values():
        xs.sort()
        assert all(b - a >= 1 for a, b in zip(xs, xs[1:], strict=False))


def test_trees_beyond_32_leaves_are_drawn_left_to_right():
    wide = {(): [(i,) for i in range(MAX_DOWN_LEAVES + 1)]}
    narrow = {(): [(i,) for i in range(MAX_DOWN_LEAVES)]}
    assert layout(narrow)[(3,)] == (3, -1)  # x = slot, y = -depth
    assert layout(wide)[(3,)] == (1, -3)  # x = depth, y = -slot
    assert layout(wide, orient="down")[(3,)] == (3, -1)
    assert layout(narrow, orient="right")[(3,)] == (1, -3)


def test_layout_takes_the_graph_that_tree_graph_builds():
    rec = record(alphabeta, fig5_2)
    pos = path_positions(rec)
    assert pos[(1, 2)] == (5, -2) and pos[()] == (4.0, 0)


def test_a_recording_of_two_searches_is_laid_out_as_two_trees_side_by_side():
    rec = record(alphabeta, fig5_2)
    alphabeta(fig5_2, fig5_2.initial, 1, evaluate=lambda s: 0, tracer=rec)
    g = tree_graph(rec.events)
    roots = [k for k in g if g.in_degree(k) == 0]
    pos = layout(g)
    assert len(roots) == 2 and pos[roots[0]][1] == pos[roots[1]][1] == 0
    assert max(x for k, (x, _) in pos.items() if k.search == 0) < pos[roots[1]][0]


def test_layout_handles_deep_trees_and_any_root():
    chain = {i: [i + 1] for i in range(5000)}
    assert layout(chain, root=0)[5000] == (0, -5000)


@pytest.mark.parametrize("bad, root, message", [
    ({(): [(0,), (1,)], (0,): [(1,)]}, None, "reached twice"),
    ({(): [(0,)], (0,): [()]}, None, r"a cycle, \(\) → \(0,\) → \(\)"),
    ({1: [2], 2: [3], 3: [1]}, None, "a cycle, 1 → 2 → 3 → 1"),
    ({(): [(0,)], (0,): [()]}, (), "reached twice"),
    ({"a": ["b"]}, (), "root"),
])
def test_layout_rejects_what_is_not_a_tree(bad, root, message):
    with pytest.raises(ValueError, match=message):
        layout(bad, root)


def test_layout_rejects_an_unknown_orientation():
    with pytest.raises(ValueError, match="orient must be"):
        layout({(): []}, orient="up")


# -- Nilsson's conventions -------------------------------------------------------------------
def test_an_explicit_tree_is_drawn_whole_with_minimax_values():
    ax = tree(fig5_2, ax=new_ax())
    drawn = labels(ax)
    assert drawn["values"].texts == ["3", "3", "2", "2"]
    assert drawn["tips"].texts == ["3", "12", "8", "2", "4", "6", "14", "5", "2"]
    assert drawn["moves"].texts.count("0") == 4
    shapes = {c.get_gid(): len(c.get_offsets()) for c in ax.collections
              if (c.get_gid() or "").startswith("nodes-")}
    assert shapes == {"nodes-max": 10, "nodes-min": 3}  # squares for MAX, circles for MIN


def test_node_markers_are_sized_in_points():
    """Nine tips side by side in 8 inches: each marker is well under an inch wide."""
    ax = tree(fig5_2, ax=new_ax())
    ax.figure.canvas.draw()
    (tips,) = [c for c in ax.collections if c.get_gid() == "nodes-max"]
    extent = tips.get_window_extent(ax.figure.canvas.get_renderer())
    assert extent.width < 8 * ax.figure.dpi and extent.height < 2.5 * ax.figure.dpi
    sizes = tips.get_sizes()
    assert 20**2 < max(sizes) <= 26**2 and min(sizes) < max(sizes)  # tips smaller


def test_pruned_nodes_are_grey_and_searched_ones_coloured():
    rec = record(alphabeta, fig5_2)
    ax = tree(rec, ax=new_ax())
    pos = path_positions(rec)
    grey = (to_rgba(COLORS["pruned_face"]), to_rgba(COLORS["pruned"]))
    assert color_at(ax, pos, (1, 1)) == grey and color_at(ax, pos, (1, 2)) == grey
    assert color_at(ax, pos, (1, 0)) == (to_rgba(COLORS[0]), to_rgba(COLORS["ink"]))
    assert color_at(ax, pos, (1,)) == (to_rgba(COLORS[1]), to_rgba(COLORS["ink"]))


def test_a_cut_node_shows_the_textbook_bound():
    """Fail-hard alpha-beta returns 3 from the middle MIN node; the drawing says <= 2."""
    ax = tree(record(alphabeta, fig5_2), ax=new_ax())
    assert labels(ax)["values"].texts == ["3", "3", "≤2", "2"]


def test_one_cut_mark_per_cut_event_alpha_and_beta_told_apart():
    game = tree41()
    rec = record(alphabeta, game)
    cuts = [e for e in rec.events if isinstance(e, Cut)]
    assert {c.kind for c in cuts} == {"alpha", "beta"}
    ax = tree(rec, ax=new_ax((10, 14)))
    marks = [line for line in ax.lines if line.get_gid().startswith("cut-")]
    assert len(marks) == len(cuts)
    for kind in ("alpha", "beta"):
        ours = [m for m in marks if m.get_gid() == f"cut-{kind}"]
        assert len(ours) == sum(c.kind == kind for c in cuts)
        assert {m.get_color() for m in ours} == {COLORS[kind]}
    texts = labels(ax)["cut-labels"].texts
    assert texts.count("α-cut") == sum(c.kind == "alpha" for c in cuts)
    assert texts.count("β-cut") == sum(c.kind == "beta" for c in cuts)


def test_the_principal_variation_is_bold():
    rec = Recorder()
    decision = alphabeta(fig5_2, fig5_2.initial, tracer=rec)
    ax = tree(rec, ax=new_ax())
    pos = path_positions(rec)
    (bold,) = [c for c in ax.collections if c.get_gid() == "pv"]
    ends = [tuple(map(tuple, seg.tolist())) for seg in bold.get_segments()]
    assert ends == [(pos[()], pos[(0,)]), (pos[(0,)], pos[(0, 0)])]
    assert len(ends) == len(decision.pv)
    assert bold.get_linewidths()[0] > 2


def test_an_explicit_pv_is_followed_and_checked():
    ax = tree(fig5_2, ax=new_ax(), pv=(2, 1))
    (bold,) = [c for c in ax.collections if c.get_gid() == "pv"]
    assert len(bold.get_segments()) == 2
    assert not tree(fig5_2, ax=new_ax(), pv=False).collections[1].get_segments()
    with pytest.raises(ValueError, match="pv move 7"):
        tree(fig5_2, ax=new_ax(), pv=(0, 7))


def test_window_labels_give_each_nodes_final_alpha_and_beta():
    ax = tree(record(alphabeta, fig5_2), ax=new_ax(), window=True)
    assert labels(ax)["windows"].texts == [
        "α=3\nβ=∞", "α=−∞\nβ=3", "α=3\nβ=2", "α=3\nβ=2"]


def test_a_chance_tree_has_diamonds_and_expectations():
    game = TreeGame(Chance([(0.5, Min([3, 5])), (0.5, Min([2, 4]))]))
    ax = tree(game, ax=new_ax())
    assert labels(ax)["values"].texts == ["2.5", "3", "2"]
    assert "0 (1/2)" in labels(ax)["moves"].texts
    assert any(c.get_gid() == "nodes-chance" for c in ax.collections)


@pytest.mark.parametrize("search", [alphabeta_failsoft, negamax])
def test_other_forms_of_alpha_beta_draw_the_same_values(search):
    ax = tree(record(search, fig5_2), ax=new_ax())
    assert labels(ax)["values"].texts == ["3", "3", "≤2", "2"]


def test_a_graph_from_tree_graph_draws_like_its_recording():
    rec = record(alphabeta, fig5_2)
    from_graph = labels(tree(tree_graph(rec.events), ax=new_ax(), window=True))
    from_events = labels(tree(rec, ax=new_ax(), window=True))
    for kind in ("values", "tips", "windows", "moves", "cut-labels"):
        assert from_graph[kind].texts == from_events[kind].texts


def test_with_the_game_pruned_subtrees_are_drawn_whole_and_grey():
    game = tree41()
    rec = record(alphabeta, game)
    stubs = tree(rec, ax=new_ax((10, 14)))
    whole = tree(rec, ax=new_ax((10, 14)), game=game)
    assert len(labels(whole)["tips"].texts) == 41
    assert len(labels(stubs)["tips"].texts) == rec.counts().leaves
    grey = to_rgba(COLORS["pruned"])
    n_grey = sum(edge == grey for _, edge in node_colors(whole).values())
    assert n_grey == len(game) - rec.counts().nodes


# -- stepping through a recording ------------------------------------------------------------
def test_upto_fades_the_nodes_not_entered_yet():
    rec = record(alphabeta, fig5_2)
    pos = path_positions(rec)
    entered = {e.path: i for i, e in enumerate(rec.events) if isinstance(e, Enter)}
    ax = new_ax()
    for upto in (1, 5, 12, len(rec.events)):
        tree(rec, ax=ax, upto=upto)
        faint = {p for p in entered if color_at(ax, pos, p)[1] == to_rgba(COLORS["faint"])}
        assert faint == {p for p, i in entered.items() if i >= upto}


def test_values_cuts_and_pv_appear_when_their_events_happen():
    rec = record(alphabeta, fig5_2)
    cut_at = next(i for i, e in enumerate(rec.events) if isinstance(e, Cut))
    ax = new_ax()
    tree(rec, ax=ax, upto=cut_at)
    assert not any(line.get_visible() for line in ax.lines if line.get_gid() == "cut-alpha")
    assert labels(ax)["cut-labels"].texts == []
    pos = path_positions(rec)
    assert color_at(ax, pos, (1, 1))[1] == to_rgba(COLORS["faint"])  # not pruned yet
    tree(rec, ax=ax, upto=cut_at + 1)
    assert all(line.get_visible() for line in ax.lines if line.get_gid() == "cut-alpha")
    assert labels(ax)["cut-labels"].texts == ["α-cut"]
    assert color_at(ax, pos, (1, 1))[1] == to_rgba(COLORS["pruned"])
    assert not [c for c in ax.collections if c.get_gid() == "pv"][0].get_segments()
    tree(rec, ax=ax, upto=len(rec.events))
    assert len([c for c in ax.collections if c.get_gid() == "pv"][0].get_segments()) == 2


def test_provisional_values_are_bounds_until_a_node_returns():
    rec = record(minimax, fig5_2)
    exits = [i for i, e in enumerate(rec.events) if isinstance(e, Exit) and e.path == (0,)]
    ax = tree(rec, ax=new_ax(), upto=exits[0])
    assert labels(ax)["values"].texts == ["≤3"]  # MIN node (0,) after its three tips
    tree(rec, ax=ax, upto=exits[0] + 1)
    assert labels(ax)["values"].texts == ["≥3", "3"]  # (0,) returned; the root knows >= 3


def test_current_defaults_to_the_node_of_the_last_event():
    rec = record(alphabeta, fig5_2)
    pos = path_positions(rec)
    ax = tree(rec, ax=new_ax(), upto=4)
    rings = [c for c in ax.collections if c.get_gid() == "current" and len(c.get_offsets())]
    assert [tuple(rings[0].get_offsets()[0])] == [pos[rec.events[3].path]]
    tree(rec, ax=ax, upto=4, current=(2,))
    rings = [c for c in ax.collections if c.get_gid() == "current" and len(c.get_offsets())]
    assert [tuple(rings[0].get_offsets()[0])] == [pos[(2,)]]


@pytest.mark.slow
def test_steps_reuse_the_artists_and_are_fast():
    """A stepper redraws one Axes: 41 tips, every event, well under 150 ms a step."""
    game = tree41()
    rec = record(minimax, game)
    fig = new_figure((10, 14))
    ax = fig.subplots()
    tree(rec, ax=ax, upto=0, window=True)
    first = list(ax.collections)
    start = time.process_time()
    steps = range(0, len(rec.events) + 1, 10)
    for i in steps:
        tree(rec, ax=ax, upto=i, window=True)
        fig.canvas.draw()
    per_step = (time.process_time() - start) / len(steps)
    assert list(ax.collections) == first
    assert per_step < 0.3  # CPU seconds; about 0.02 on the development machine


# -- sizes, boards and errors ------------------------------------------------------------------
def test_a_new_figure_is_sized_for_the_tree():
    narrow = tree(fig5_2).figure.get_size_inches()
    wide = tree(tree41()).figure.get_size_inches()
    assert narrow[0] > narrow[1] and wide[1] > 10  # 41 tips: tall, drawn left to right


def test_boards_draw_each_node_as_its_position():
    from aisearch.games import SymmetryReduced, TicTacToe

    game = SymmetryReduced(TicTacToe())
    rec = Recorder()
    minimax(game, game.initial, 2, evaluate=TicTacToe.nilsson_eval, tracer=rec)
    ax = tree(rec, boards=True)
    boxes = [a for a in ax.artists if a.get_gid() == "board"]
    assert len(boxes) == sum(isinstance(e, Enter) for e in rec.events) == 16
    styles = {type(b.patch.get_boxstyle()).__name__ for b in boxes}
    assert styles == {"Square", "Round"}  # MAX framed square, MIN round
    assert labels(ax)["values"].texts == ["1", "−1", "−2", "1"]
    assert len(labels(ax)["tips"].texts) == 12


def test_robot_boards_are_painted_for_the_game_the_recording_names():
    from aisearch.games.robots import TwoRobots

    game = TwoRobots.parse("B.#/..W", max_plies=2)
    rec = record(minimax, game)
    ax = tree(rec, ax=new_ax(), boards=True)
    boards = [a for a in ax.artists if a.get_gid() == "board"]
    assert len(boards) == rec.counts().nodes
    grid = [c for b in boards for c in b.offsetbox.get_children() if c.get_gid() == "grid"]
    assert len(grid) == len(boards)  # each a robots grid, not a text


@pytest.mark.parametrize("kwargs, message", [
    ({"orient": "up"}, "orient must be"),
    ({"upto": -1}, "upto must be an int from 0 to 42"),
    ({"upto": 43}, "upto must be an int from 0 to 42"),
    ({"upto": True}, "upto must be"),
    ({"upto": 2.0}, "upto must be"),
    ({"current": (5,)}, r"current=\(5,\) is not a node"),
    ({"current": (9, 9)}, r"current=\(9, 9\) is not a node of the tree: give the path"),
    ({"search": 1}, "not a search of this recording"),
])
def test_bad_arguments_raise_clear_errors(kwargs, message):
    rec = record(alphabeta, fig5_2)
    assert len(rec.events) == 42
    with pytest.raises(ValueError, match=message):
        tree(rec, ax=new_ax(), **kwargs)


def test_sources_that_are_not_one_tree_are_refused():
    import networkx as nx

    with pytest.raises(ValueError, match="not a tree"):
        tree(nx.DiGraph([((), (0,)), ((), (1,)), ((0,), (2,)), ((1,), (2,))]), ax=new_ax())
    with pytest.raises(ValueError, match="cannot draw"):
        tree(42, ax=new_ax())
    with pytest.raises(ValueError, match="open node is none"):
        tree(record(alphabeta, fig5_2).events[4:], ax=new_ax())
    with pytest.raises(ValueError, match="no Enter event"):
        tree([], ax=new_ax())
    with pytest.raises(ValueError, match="upto needs a recording"):
        tree(tree_graph(record(alphabeta, fig5_2).events), ax=new_ax(), upto=3)


def test_a_chain_hundreds_of_plies_deep_is_drawn():
    """Drawn as accepted: the bounds in the nodes are read without recursion."""
    chain: object = 5
    for _ in range(900):
        chain = {"a": chain}
    game = TreeGame(chain)
    ax = tree(game, ax=new_ax())
    assert labels(ax)["tips"].texts == ["5"] and len(labels(ax)["values"].texts) == 900


def test_the_bounds_in_the_nodes_are_read_once_a_drawing(monkeypatch: pytest.MonkeyPatch):
    """Each node's interval comes from its children's, worked out once for all the nodes of
    a step (not again below every ancestor: a chain of n nodes would cost n * n)."""
    import aisearch.plot.step as step

    calls = []
    finished = step._finished
    monkeypatch.setattr(step, "_finished", lambda v, u: calls.append(1) or finished(v, u))
    for n in (100, 400):
        chain: object = 5
        for _ in range(n):
            chain = [chain]
        calls.clear()
        tree(TreeGame(chain), ax=new_ax())
        assert len(calls) <= 8 * n, (n, len(calls))  # (was n * n / 2)


def test_importing_the_plot_package_does_not_import_matplotlib():
    code = "import sys, aisearch.plot; print('matplotlib' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "False"


def test_uniform_trees_of_every_size_draw_without_overlapping_labels_errors():
    for b, d in [(1, 1), (2, 1), (3, 3), (2, 6)]:
        game = uniform_tree(b, d, seed=1)
        ax = tree(record(alphabeta, game), ax=new_ax(), window=True, game=game)
        assert len(labels(ax)["tips"].texts) == b**d


def test_numpy_integers_and_lists_of_moves_are_read_as_ints_and_paths():
    import numpy as np

    rec = Recorder()
    alphabeta(fig5_2, (), tracer=rec)
    ax = Figure().subplots()
    step = tree(rec, ax=ax, upto=np.int64(7), window=True)
    same = tree(rec, ax=Figure().subplots(), upto=7, window=True)
    texts = lambda a: {c.get_gid(): c.texts for c in a.collections if hasattr(c, "texts")}  # noqa: E731
    assert texts(step) == texts(same)
    tree(rec, ax=ax, current=[0, 1])  # a list of moves is the path it spells
    tree(rec, ax=Figure().subplots(), search=np.int64(0))


def test_a_drawing_into_axes_that_showed_another_tree_is_the_drawing_on_fresh_axes():
    """Redrawing takes the last scene's artists away instead of clearing the axes: nothing
    of the old tree (its title, thumbnails, labels) stays, pixel for pixel."""
    import io

    from aisearch import TicTacToe

    def png(ax) -> bytes:
        out = io.BytesIO()
        ax.figure.savefig(out, format="png", dpi=40)
        return out.getvalue()

    ttt = TicTacToe()
    first = record(alphabeta, uniform_tree(3, 3, seed=2))
    boards = Recorder()
    alphabeta(ttt, TicTacToe.parse("xo./.x./o.."), tracer=boards)
    again = record(minimax, fig5_2)
    ax = new_ax()
    tree(boards, ax=ax, game=ttt, boards=True, title="boards")
    tree(first, ax=ax, upto=40, window=True, title="first")
    ax.legend(ax.collections[:1], ["a legend of the reader's"])
    tree(again, ax=ax, upto=9)
    assert png(ax) == png(tree(again, ax=new_ax(), upto=9))
    assert ax.get_title() == ""


def _ambiguous_move_labels(ax) -> list:
    """The move labels drawn at least as near another edge of the same parent as their own."""
    from aisearch.plot.spots import edge_in_points, segment_distance

    scene = ax._aisearch_tree_scene[1]
    geo, out = scene.geo, []
    kids: dict = {}
    for parent, child in scene.edges:
        kids.setdefault(parent.key, []).append(child)
    for key, (spot, text) in scene.spots["moves"].items():
        node = scene.model.nodes[key]
        x, y = spot[0] * geo.sx + spot[2], spot[1] * geo.sy + spot[3]
        own = segment_distance(x, y, edge_in_points(scene, node))
        if any(segment_distance(x, y, edge_in_points(scene, n)) <= own
               for n in kids[node.parent.key] if n is not node):
            out.append(text)
    return out


def test_each_move_label_is_nearest_its_own_edge_where_six_edges_fan_out():
    """Lesson 06's dice tree: six outcomes under each chance node, labelled "3 (1/6)" and so
    on; a label beside the wrong edge names the wrong outcome."""
    from aisearch.games.chance_trees import dice_tree
    from aisearch.search import star1

    rec = Recorder()
    star1(dice_tree, dice_tree.initial, bounds=(0, 9), tracer=rec)
    for source in (dice_tree, rec):
        ax = new_ax((9, 5))
        tree(source, ax=ax, game=dice_tree)
        assert len(labels(ax)["moves"].texts) == 38
        assert _ambiguous_move_labels(ax) == []
    wide = TreeGame([[1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14]])
    ax = new_ax((8, 4))
    tree(wide, ax=ax)
    assert _ambiguous_move_labels(ax) == []
