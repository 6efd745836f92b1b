"""Every kind of figure the lessons draw, on representative inputs (the lessons' own).

Each builder returns ``(figure, dpi, tight)``: the figure, the resolution it is saved at and
whether it is saved with ``bbox_inches="tight"`` (the notebook's inline backend does; the
widgets' images do not). ``test_readable.py`` checks each with
:func:`aisearch.plot.readable.problems`; ``python -m tests.plot.figure_kinds DIR`` saves
them as PNG files to look at.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402

from aisearch import (  # noqa: E402
    Recorder,
    SymmetryReduced,
    TicTacToe,
    TreeGame,
    alphabeta,
    alphabeta_failsoft,
    expectiminimax,
    fig5_2,
    maxn,
    minimax,
    pearl_ab,
    plot,
    pvs,
    star1,
    uniform_tree,
)
from aisearch.games import TupleTree  # noqa: E402
from aisearch.games.chance_trees import dice_tree, scale_tree  # noqa: E402
from aisearch.games.examples import eighteen_of_41  # noqa: E402
from aisearch.games.robots import TwoRobots  # noqa: E402

NOTEBOOK_DPI = 100  # the inline backend's figures
Built = tuple[Any, float, bool]
KINDS: dict[str, Callable[[], Built]] = {}


def kind(name: str) -> Callable:
    def register(build: Callable[[], Built]) -> Callable[[], Built]:
        KINDS[name] = build
        return build
    return register


def record(search: Callable, game: Any, state: Any = None, *args: Any, **options: Any) -> Recorder:
    rec = Recorder()
    search(game, game.initial if state is None else state, *args, tracer=rec, **options)
    return rec


def still(ax: Any) -> Built:
    return ax.figure, NOTEBOOK_DPI, True


# -- trees -----------------------------------------------------------------------------------
@kind("tree: AIMA Fig 5.2")
def _fig5_2() -> Built:
    return still(plot.tree(fig5_2, title="minimax on AIMA Fig 5.2: value 3, move 0"))


def _fig12(search: Callable, **options: Any) -> Recorder:
    game = SymmetryReduced(TicTacToe())
    return record(search, game, None, 2, evaluate=TicTacToe.nilsson_eval, **options)


@kind("tree: Fig 12.3 with boards")
def _fig12_3() -> Built:
    return still(plot.tree(_fig12(minimax), boards=True,
                           title="Fig 12.3 reproduced: depth 2, symmetry merged"))


@kind("tree: Fig 12.6 with boards and windows")
def _fig12_6() -> Built:
    game = SymmetryReduced(TicTacToe())
    return still(plot.tree(_fig12(alphabeta), boards=True, window=True, game=game,
                           title="Alpha-beta on the first tic-tac-toe stage (depth 2)"))


@kind("tree: robots with boards")
def _robots() -> Built:
    tiny = TwoRobots(3, 3, black=(0, 0), white=(0, 1), max_plies=3)
    return still(plot.tree(record(minimax, tiny), boards=True, game=tiny,
                           title="The whole game tree of a 3-ply game (values for White)"))


@kind("tree: 41 tips, no values")
def _forty_one() -> Built:
    return still(plot.tree(eighteen_of_41, values=False, pv=False,
                           title="Our 41-tip tree: search it by hand"))


@kind("tree: 41 tips, fail-soft with windows")
def _forty_one_soft() -> Built:
    rec = record(alphabeta_failsoft, eighteen_of_41)
    return still(plot.tree(rec, window=True, game=eighteen_of_41,
                           title="18 of 41 tips evaluated: 4 alpha and 3 beta cut-offs"))


@kind("tree: chance edges (dice)")
def _dice() -> Built:
    return still(plot.tree(dice_tree, title="MAX, DICE, MIN: our own tree shaped like Fig 12.8"))


@kind("tree: Star1 with windows")
def _star1() -> Built:
    aima = scale_tree((2, 3, 1, 4))
    rec = record(star1, aima, bounds=(0, 5))
    return still(plot.tree(rec, game=aima, window=True, title="Star1 on the AIMA tree"))


@kind("tree: moves with long names")
def _story() -> Built:
    story = {"wait": {"xB": {"wait": {"wait": 0}}},
             "P sac+": {"xP": {"wait": {"xB": -1}, "P sac+": {"xP": {"wait": {"xB": -2}}}},
                        "K away": {"wait": {"xB": 0}, "B out": 3}}}
    return still(plot.tree(TreeGame(story), title="The trapped bishop: true values"))


@kind("tree: max^n tuples")
def _maxn() -> Built:
    korf = TupleTree([[(6, 3, 0), (1, 1, 7)], [(2, 7, 0), (4, 4, 1)]])
    rec = record(maxn, korf, ())
    return still(plot.tree(rec, title="max^n with shallow pruning"))


@kind("tree: PVS with re-searches")
def _pvs() -> Built:
    tree = uniform_tree(3, 3, seed=0)
    return still(plot.tree(record(pvs, tree), game=tree, window=True, title="PVS"))


@kind("tree: chance (expectiminimax) with window labels off")
def _aima() -> Built:
    aima = scale_tree((2, 3, 1, 4))
    return still(plot.tree(record(expectiminimax, aima), game=aima, title="expectiminimax"))


@kind("tree: pearl_ab on 41 tips at the end")
def _pearl() -> Built:
    return still(plot.tree(record(pearl_ab, eighteen_of_41), window=True))


# -- the stepper's pictures ---------------------------------------------------------------------
def stepper_recordings() -> dict[str, tuple[Recorder, dict]]:
    """Recordings the lessons step through, with the stepper's options."""
    from aisearch import TranspositionTable, alphabeta_tt
    from aisearch.games.dag import DagGame

    reduced = SymmetryReduced(TicTacToe())
    tree = uniform_tree(3, 3, seed=0)
    dag = DagGame(b=3, d=4, width=3, seed=1)
    aima = scale_tree((2, 3, 1, 4))
    korf = TupleTree([[(6, 3, 0), (1, 1, 7)], [(2, 7, 0), (4, 4, 1)]])
    return {
        "Fig 5.2, minimax": (record(minimax, fig5_2), {}),
        "Fig 12.6, boards": (_fig12(alphabeta), {"game": reduced, "boards": True}),
        "41 tips, pearl_ab": (record(pearl_ab, eighteen_of_41), {}),
        "PVS, 3 x 3 x 3": (record(pvs, tree), {"game": tree}),
        "table hits": (record(alphabeta_tt, dag, None, evaluate=dag.evaluate,
                              table=TranspositionTable()), {"game": dag}),
        "Star1, dice": (record(star1, dice_tree, bounds=(0, 9)), {"game": dice_tree}),
        "expectiminimax, AIMA": (record(expectiminimax, aima), {"game": aima}),
        "max^n": (record(maxn, korf, ()), {}),
    }


def stepper_frame(recording: Recorder, i: int, options: dict) -> Any:
    """The stepper's picture of step ``i`` (a new figure, as its first render makes it)."""
    from aisearch.trace import Replay
    from aisearch.widgets.frames import draw_frame, frame_options

    replay = Replay(recording)
    return draw_frame(replay, i, None, frame_options(replay, {"window": True, **options})).figure


def _frames() -> None:
    for name, (rec, options) in stepper_recordings().items():
        n = len(rec.events)
        for i in sorted({2, n // 3, n // 2, 2 * n // 3, n}):
            KINDS[f"stepper: {name} @ {i}"] = (
                lambda rec=rec, i=i, options=options: (stepper_frame(rec, i, options), 100,
                                                        False))


_frames()


def _strips() -> None:
    from aisearch.widgets.snapshots import stepper_strip

    for name, (rec, options) in stepper_recordings().items():
        KINDS[f"strip: {name}"] = (lambda rec=rec, options=options: (
            stepper_strip(rec, **options), NOTEBOOK_DPI, True))


_strips()


# -- Monte Carlo trees --------------------------------------------------------------------------
def _corner_mcts(iterations: int = 300) -> Any:
    from aisearch.widgets import MCTSModel

    return MCTSModel(TicTacToe(), TicTacToe.parse("x../.o./..."), iterations=iterations, seed=0)


@kind("MCTS: still, 300 iterations")
def _mcts_still() -> Built:
    return still(plot.mcts_tree(_corner_mcts().recorder, depth=2, min_visits=5))


@kind("MCTS: strip")
def _mcts_strip() -> Built:
    from aisearch.widgets.mcts import mcts_strip

    return mcts_strip(_corner_mcts(), depth=2), NOTEBOOK_DPI, True


def _mcts_live(k: int) -> Built:
    from aisearch.widgets.mcts import _redraw

    model = _corner_mcts()
    model.goto(k)
    return _redraw(None, model.tree, 2).figure, 100, False


for _k in (30, 50, 300):
    KINDS[f"MCTS: live at {_k} iterations"] = lambda k=_k: _mcts_live(k)


def main(folder: str) -> None:
    """Save every kind as PNG into ``folder`` and print what :func:`problems` finds."""
    from aisearch.plot.readable import problems

    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    only = sys.argv[2:]
    for k, (name, build) in enumerate(KINDS.items()):
        if only and not any(o in name for o in only):
            continue
        fig, dpi, tight = build()
        found = problems(fig, dpi=dpi, tight=tight)
        file = out / f"{k:02d}.png"
        fig.savefig(file, dpi=dpi, bbox_inches="tight" if tight else None)
        print(f"{k:02d} {name}: {fig.get_size_inches() * dpi} px, {len(found)} problems")
        for p in found[:10]:
            print("     ", p)
        plt.close(fig)


if __name__ == "__main__":
    main(sys.argv[1])
