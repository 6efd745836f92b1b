"""OpenSpiel's Python searchers on the same work as the package's (``pip install -e ".[bench]"``).

Each function returns ``(run, nodes)``: a function that runs the search once, and the nodes
it visits, counted once by wrapping OpenSpiel's recursive function (outside the timed runs);
or None when OpenSpiel is not installed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Work = tuple[Callable[[], Any], int]


def _counted(module: Any, name: str, run: Callable[[], Any]) -> int:
    """The calls of ``module.name`` (OpenSpiel's recursion) while ``run()`` runs once."""
    original, calls = getattr(module, name), [0]

    def counting(*args: Any, **kwargs: Any) -> Any:
        calls[0] += 1
        return original(*args, **kwargs)

    setattr(module, name, counting)
    try:
        run()
    finally:
        setattr(module, name, original)
    return calls[0]


def available() -> bool:
    try:
        import pyspiel  # noqa: F401
        from open_spiel.python.algorithms import mcts, minimax  # noqa: F401
    except ImportError:
        return False
    return True


def ttt_minimax() -> Work:
    """Minimax over the whole tic-tac-toe tree (OpenSpiel's ``expectiminimax``, no pruning)."""
    import pyspiel
    from open_spiel.python.algorithms import minimax

    game = pyspiel.load_game("tic_tac_toe")
    run = lambda: minimax.expectiminimax(game.new_initial_state(), 10, None, 0)  # noqa: E731
    return run, _counted(minimax, "expectiminimax", run)


def ttt_alphabeta() -> Work:
    """OpenSpiel's ``alpha_beta_search`` solving tic-tac-toe."""
    import pyspiel
    from open_spiel.python.algorithms import minimax

    game = pyspiel.load_game("tic_tac_toe")
    run = lambda: minimax.alpha_beta_search(game)  # noqa: E731
    return run, _counted(minimax, "_alpha_beta", run)


def c4_alphabeta(moves: list[int], depth: int) -> Work:
    """``alpha_beta_search`` of Connect Four after ``moves`` (columns), to ``depth`` plies,
    0 at the bound."""
    import pyspiel
    from open_spiel.python.algorithms import minimax

    game = pyspiel.load_game("connect_four")
    state = game.new_initial_state()
    for column in moves:
        state.apply_action(column)
    player = state.current_player()
    run = lambda: minimax.alpha_beta_search(  # noqa: E731
        game, state.clone(), value_function=lambda s: 0.0, maximum_depth=depth,
        maximizing_player_id=player)
    return run, _counted(minimax, "_alpha_beta", run)


def race_expectiminimax(goal: int, horizon: int) -> Work:
    """OpenSpiel's ``expectiminimax`` of its ``pig`` (``winscore``, ``horizon``): the dice
    race to the end (its depth counts decisions, not chance nodes)."""
    import pyspiel
    from open_spiel.python.algorithms import minimax

    game = pyspiel.load_game("pig", {"winscore": goal, "horizon": horizon})
    run = lambda: minimax.expectiminimax(  # noqa: E731
        game.new_initial_state(), horizon + 1, None, 0)
    return run, _counted(minimax, "expectiminimax", run)


def ttt_mcts(iterations: int, c: float, seed: int = 0) -> Callable[[], Any]:
    """OpenSpiel's Python ``MCTSBot`` choosing a first move in tic-tac-toe: ``iterations``
    simulations of one random rollout each, ``solve=False``."""
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import mcts

    game = pyspiel.load_game("tic_tac_toe")

    def run() -> Any:
        rng = np.random.RandomState(seed)
        bot = mcts.MCTSBot(game, c, iterations, mcts.RandomRolloutEvaluator(1, rng),
                           solve=False, random_state=rng)
        return bot.step(game.new_initial_state())

    return run
