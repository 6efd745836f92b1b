"""Monte Carlo tree search (몬테카를로 트리 탐색) with UCB1: UCT (Kocsis & Szepesvári 2006).

No evaluation function is needed: the value of a position is estimated by playing it out
at random (or by a given policy, or by a given value function) many times. Each
*iteration* has four steps:

1. **selection**: from the root, follow the child with the highest UCB1 score until a
   node with an untried move (or a terminal state) is reached; at a chance node, sample
   an outcome by its probability;
2. **expansion**: add one child for the first untried move (in the game's move order);
3. **simulation** (playout): play from the new child to the end by random moves, or ask
   ``value(state)`` instead;
4. **backup**: add the result to the visit count and total reward of every node on the
   path, each from the point of view of the player who chose the move into it.

UCB1 (Auer, Cesa-Bianchi & Fischer 2002) scores a child ``j`` of a node ``p`` as::

    UCB1(j) = W_j / n_j + c * sqrt(ln N_p / n_j)

where ``W_j / n_j`` is the child's mean reward for the player to move at ``p``, ``n_j``
the child's visits, ``N_p`` the *parent's* visits (under the logarithm) and ``c`` the
exploration constant (``sqrt(2)`` by default). An unvisited child scores ``+inf``: every
move is tried once before any is tried twice.

Rewards are in [0, 1]: at the end of a playout, each player's reward is the fraction of
the other players whose utility it beats, a tie counting half. In a two-player game that
is 1 for a win, 1/2 for a draw and 0 for a loss; with three players, 1 for the best, 0
for the worst. The move played is the root's most visited child (ties: first in move
order), the robust choice; ``Decision.value`` is MAX's mean reward there.

Examples
--------
>>> from aisearch.games import TicTacToe
>>> game = TicTacToe()
>>> s = TicTacToe.parse("xx./oo./...")
>>> decision = run_anytime(mcts(game, s, iterations=300, seed=1))
>>> decision.move, decision.stats.leaves
(2, 300)
"""
from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

from aisearch.core import Game, as_int, check_seed
from aisearch.results import Decision
from aisearch.search.registry import searcher
from aisearch.search.runtime.anytime import Budget, run_anytime
from aisearch.search.runtime.checks import check_decision_state, check_tracer
from aisearch.search.sampling.mcts_tree import MCTS, MCTSNode
from aisearch.search.sampling.ucb import SQRT2, exploration, rewards, scaled_rewards, ucb1
from aisearch.trace.events import TracerLike

__all__ = ["ucb1", "rewards", "scaled_rewards", "MCTS", "MCTSNode", "mcts", "mcts_agent",
           "SQRT2", "PSEUDOCODE"]

PSEUDOCODE = """
function MCTS(root, iterations)
  repeat iterations times:
    n ← root                                            @select_root @expand_root
    while n is not terminal and n has no untried move:
      n ← the child j of n with the highest UCB1(j)   (chance: sample)   @select
    if n is not terminal: n ← a new child for n's first untried move     @expand
    r ← PLAYOUT(n)      (random moves to the end; or VALUE(n))           @playout
    for every node m on the path from n up to the root:
      N_m ← N_m + 1;  W_m ← W_m + r[player who moved into m]            @backup
  return the root's most visited move
"""

_PARTS = (MCTS.__init__, MCTS.iterate, MCTS.select, MCTS.playout, MCTS.run, MCTS._run,
          MCTS._add, MCTS._valued, MCTS._rewarded, MCTS.decision, MCTS.best, MCTSNode.__init__)


@searcher(title="Monte Carlo tree search (UCT)", pseudocode=PSEUDOCODE, anytime=True,
          chance=True, kind="sampling", parts=_PARTS)
def mcts(game: Game, state: Any, *, iterations: int | None = 1000, batch: int = 100,
         c: float = SQRT2, seed: int | None = 0, policy: Callable[..., Any] | None = None,
         value: Callable[[Any], Any] | None = None, budget: Budget | None = None,
         tracer: TracerLike | None = None,
         reward: Callable[..., tuple[float, ...]] = rewards) -> Iterator[Decision]:
    """Monte Carlo tree search with UCB1, as an anytime generator of decisions.

    Yields a :class:`~aisearch.results.Decision` after every ``batch`` iterations:
    ``move`` is the root's most visited move, ``value`` MAX's mean reward there (1 win,
    1/2 draw, 0 loss), ``pv`` the line of most visited children, ``stats.nodes`` the
    tree's size and ``stats.leaves`` the iterations (playouts) so far. The options are
    those of :class:`MCTS`; use :func:`~aisearch.search.runtime.anytime.run_anytime` for the last
    decision, or :func:`~aisearch.agents.anytime_agent` to play.

    Examples
    --------
    >>> from aisearch.games import fig5_2
    >>> runs = mcts(fig5_2, fig5_2.initial, iterations=300, batch=100,
    ...             reward=scaled_rewards(2, 14))
    >>> [(d.move, d.stats.leaves) for d in runs]
    [(0, 100), (0, 200), (0, 300)]
    """
    return MCTS(game, state, c=c, seed=seed, policy=policy, value=value, budget=budget,
                tracer=tracer, reward=reward).run(iterations, batch)


def mcts_agent(iterations: int | None = 1000, *, nodes: int | None = None,
               seconds: float | None = None, seed: int | None = 0,
               **options: Any) -> Callable[[Game, Any], Any]:
    """An agent that plays MCTS's most visited move after ``iterations`` playouts (or a
    budget of ``nodes`` generated states or ``seconds``; give ``iterations=None`` to be
    bound by the budget alone). Each move is searched with a seed drawn from ``seed``,
    so a game is reproducible (with a node budget). If the budget runs out before the
    first iteration finishes, the agent plays the first legal move, as
    :func:`~aisearch.anytime_agent` does (``agent.last`` then has no move).

    >>> from aisearch.games import TicTacToe
    >>> agent = mcts_agent(200)
    >>> agent(TicTacToe(), TicTacToe.parse("xx./oo./..."))
    2
    """
    seed = as_int(seed, seed)
    check_seed(seed)
    if iterations is None and nodes is None and seconds is None:
        raise ValueError("mcts_agent needs iterations, nodes or seconds (or the search never "
                         "ends)")
    if iterations is not None:
        n = as_int(iterations, -1)
        if n < 1:
            kind = "" if type(iterations) is int else f" (a {type(iterations).__name__})"
            raise ValueError(f"iterations must be a positive int or None, not "
                             f"{iterations!r:.80}{kind}")
        iterations = n
    Budget(nodes=nodes, seconds=seconds)  # checked now, not at the first move
    options.setdefault("batch", iterations or 1000)
    for name in options:
        if name not in ("batch", "c", "policy", "value", "tracer", "reward"):
            raise TypeError(f"mcts_agent takes no option {name!r}; its options are: batch, c, "
                            "policy, value, tracer, reward")
    batch = as_int(options["batch"], -1)
    if batch < 1:
        raise ValueError(f"batch must be a positive int, not {options['batch']!r:.80}")
    options["batch"] = batch
    exploration(options.get("c", SQRT2))  # the search's other options, checked now too
    for name in ("policy", "value", "reward"):
        if options.get(name) is not None and not callable(options[name]):
            raise TypeError(f"{name} must be callable or None, not {options[name]!r:.80}")
    check_tracer(options.get("tracer"))
    seeds = random.Random(seed)

    def agent(game: Game, state: Any) -> Any:
        check_decision_state(game, state, agent.__name__)
        budget = (Budget(nodes=nodes, seconds=seconds)
                  if nodes is not None or seconds is not None else None)
        decision = run_anytime(mcts(game, state, iterations=iterations, budget=budget,
                                    seed=seeds.randrange(2**31), **options))
        agent.last = decision  # type: ignore[attr-defined]
        if decision is None or decision.move is None:
            return game.moves(state)[0]
        return decision.move

    agent.last = None  # type: ignore[attr-defined]
    limits = [f"{k}={v}" for k, v in (("iterations", iterations), ("nodes", nodes),
                                       ("seconds", seconds)) if v is not None]
    agent.__name__ = f"mcts({', '.join(limits)})"
    return agent
