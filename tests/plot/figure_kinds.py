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


# -- boards and games --------------------------------------------------------------------------
def _nannon_agent() -> Any:
    from aisearch import nannon_solution

    return nannon_solution(progress=False).agent


@kind("board: Nannon")
def _nannon_board() -> Built:
    from aisearch import Nannon

    game = Nannon()
    state = game.result(game.result(game.initial, ("White", 3)), 1)
    return still(plot.draw_board(game, state))


@kind("board: chess")
def _chess_board() -> Built:
    from aisearch.games import Chess

    return still(plot.draw_board(Chess(), Chess.parse(
        "r5k1/B1p2p2/1p5P/6P1/8/8/1PP5/1K6 w - - 0 1")))


@kind("board: Pig")
def _pig_board() -> Built:
    from aisearch import Pig
    from aisearch.games.pig import PigState

    return still(plot.draw_board(Pig(goal=100), PigState((62, 40), 17, 0, False, 100)))


@kind("tree: chess with boards")
def _chess_tree() -> Built:
    from aisearch.games import Chess

    game = Chess()
    state = Chess.parse("7k/8/6K1/8/8/8/8/6R1 w - - 0 1")  # K+R against K: mate in one
    rec = record(alphabeta, game, state, 2, evaluate=game.material_eval)
    return still(plot.tree(rec, boards=True, game=game, focus=True, upto=40,
                           title="Rook and king against king, depth 2"))


@kind("strip: tic-tac-toe game")
def _ttt_strip() -> Built:
    from aisearch.widgets.snapshots import play_strip

    return play_strip(TicTacToe(), [0, 7, 6, 3], depth=2), NOTEBOOK_DPI, True


@kind("strip: chess game")
def _chess_strip() -> Built:
    from aisearch.games import Chess
    from aisearch.widgets.snapshots import play_strip

    game = Chess()
    return play_strip(game, ["e4", "Nc3", "d4", "Nf3"], depth=2, evaluate=game.pst_eval,
                      options={"quiescence": 8}), NOTEBOOK_DPI, True


@kind("strip: Nannon game")
def _nannon_strip() -> Built:
    from aisearch import Nannon
    from aisearch.widgets.snapshots import play_strip

    return play_strip(Nannon(), [1, 0, 0, 0, 2, "pass"], agent=_nannon_agent(), human=0,
                      seed=6, depth=None), NOTEBOOK_DPI, True


@kind("robots: plies")
def _plies() -> Built:
    game = TwoRobots(5, 5)
    path = ["E", "N", "S", "W", "E", "N", "E", "S", "W", "N", "E", "S", "E", "S"]
    return plot.robot_plies(game, path, title="a game ply by ply"), NOTEBOOK_DPI, True


@kind("robots: one board with its moves")
def _robots_path() -> Built:
    game = TwoRobots(5, 5)
    return still(plot.draw_robots(game, path=["E", "N", "S", "W", "E", "N"]))


@kind("robots: start maps")
def _maps() -> Built:
    from aisearch import retrograde
    from aisearch.plot import start_map

    board = TwoRobots(8, 8)
    solution = retrograde(board, board.all_states())
    fig, axes = plt.subplots(1, 2, figsize=(9.5, 5))
    start_map(board, solution, (2, 3), ax=axes[0])
    start_map(board, solution, (7, 0), ax=axes[1])
    return fig, NOTEBOOK_DPI, True


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
