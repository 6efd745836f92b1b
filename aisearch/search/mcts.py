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

import math
import numbers
import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from aisearch.core import CHANCE, MAX, Game, check_game, check_seed, is_number
from aisearch.results import Decision, Stats
from aisearch.search.anytime import Budget, BudgetedGame, OutOfBudget, run_anytime
from aisearch.trace.events import Enter, Exit, Finish, Leaf, Start, TracerLike

__all__ = ["ucb1", "rewards", "scaled_rewards", "MCTS", "MCTSNode", "mcts", "mcts_agent"]

SQRT2 = math.sqrt(2)

PSEUDOCODE = """
function MCTS(root, iterations)
  repeat iterations times:
    n ← root
    while n is not terminal and n has no untried move:
      n ← the child j of n with the highest UCB1(j)   (chance: sample)
    if n is not terminal: n ← a new child for n's first untried move
    r ← PLAYOUT(n)            (random moves to the end; or VALUE(n))
    for every node m on the path from n up to the root:
      N_m ← N_m + 1;  W_m ← W_m + r[player who moved into m]
  return the root's most visited move
"""


def ucb1(total: float, visits: int, parent_visits: int, c: float = SQRT2) -> float:
    """UCB1 score of a child: ``total / visits + c * sqrt(ln(parent_visits) / visits)``.

    Parameters
    ----------
    total : float
        The child's summed reward (for the player choosing at the parent).
    visits : int
        The child's visits, ``n_j``; 0 gives ``inf`` (an untried child goes first).
    parent_visits : int
        The parent's visits, ``N_p`` (the logarithm is of the parent's count).
    c : float
        The exploration constant.

    Examples
    --------
    >>> round(ucb1(3, 4, 10), 4)   # 0.75 + sqrt(2) * sqrt(ln 10 / 4)
    1.823
    >>> ucb1(0, 0, 5)
    inf
    """
    if visits == 0:
        return math.inf
    return total / visits + c * math.sqrt(math.log(parent_visits) / visits)


def rewards(game: Game, s: Any, players: int = 2) -> tuple[float, ...]:
    """Each player's reward at terminal state ``s``: the fraction of the other players whose
    utility it beats, ties counting half (two players: win 1, draw 1/2, loss 0).

    >>> from aisearch.games import TicTacToe
    >>> game = TicTacToe()
    >>> rewards(game, TicTacToe.parse("xxx/oo./..."))
    (1.0, 0.0)
    """
    u = [game.utility(s, p) for p in range(players)]
    for x in u:
        if not isinstance(x, numbers.Real) or not is_number(x):
            raise ValueError(f"utility returned {x!r:.80} at state {s!r:.80}: utilities must "
                             "be real numbers (ints or floats, ±inf allowed)")
    return tuple(sum(1.0 if u[p] > u[q] else 0.5 if u[p] == u[q] else 0.0
                     for q in range(players) if q != p) / (players - 1)
                 for p in range(players))


def scaled_rewards(low: float, high: float) -> Callable[[Game, Any, int], tuple[float, ...]]:
    """Rewards for games of payoffs rather than wins: each player's utility mapped linearly
    from [low, high] to [0, 1] (explicit trees with numbers at the tips).

    >>> from aisearch.games import fig5_2
    >>> [round(r, 3) for r in scaled_rewards(2, 14)(fig5_2, (0, 0))]  # the tip worth 3
    [0.083, 0.917]
    """
    for name, x in (("low", low), ("high", high)):
        if isinstance(x, bool) or not isinstance(x, (int, float)) or not math.isfinite(x):
            raise TypeError(f"{name} must be a finite number, not {x!r:.80}")
    if not low < high:
        raise ValueError(f"low must be below high, not low={low!r}, high={high!r}")
    span = high - low

    def scaled(game: Game, s: Any, players: int = 2) -> tuple[float, ...]:
        out: list[float] = []
        for p in range(players):
            u = game.utility(s, p)
            if players == 2 and p == 1:  # MIN's utility is -MAX's: scale MAX's, flipped
                out.append(1.0 - out[0])
                continue
            if not low <= u <= high:
                raise ValueError(f"utility {u!r} at state {s!r:.80} is outside the scale "
                                 f"[{low}, {high}] given to scaled_rewards")
            out.append((u - low) / span)
        return tuple(out)

    scaled.__name__ = f"scaled_rewards({low}, {high})"
    return scaled


class MCTSNode:
    """A node of the search tree: its state, visits ``n``, total rewards ``w`` (one per
    player), children by move, and the moves not yet tried (in the game's order)."""

    __slots__ = ("state", "player", "move", "parent", "children", "untried", "n", "w",
                 "terminal")

    def __init__(self, game: Game, state: Any, players: int, move: Any = None,
                 parent: MCTSNode | None = None) -> None:
        self.state, self.move, self.parent = state, move, parent
        self.player = game.to_move(state)
        self.terminal = game.is_terminal(state)
        self.children: dict[Any, MCTSNode] = {}
        self.untried: list[Any] = ([] if self.terminal or self.player == CHANCE
                                   else list(game.moves(state)))
        self.n = 0
        self.w = [0.0] * players

    @property
    def path(self) -> tuple:
        """The moves from the root to this node."""
        moves, node = [], self
        while node.parent is not None:
            moves.append(node.move)
            node = node.parent
        return tuple(reversed(moves))

    def mean(self, player: int) -> float:
        """Mean reward of ``player`` over this node's visits (0.5 before any)."""
        return self.w[player] / self.n if self.n else 0.5

    def __repr__(self) -> str:
        return f"MCTSNode(path={self.path!r}, n={self.n}, w={[round(x, 3) for x in self.w]})"


class MCTS:
    """A Monte Carlo search tree that grows by iterations (see the module's description).

    Parameters
    ----------
    game, state
        The game and the root state.
    c : float
        UCB1's exploration constant (``sqrt(2)``).
    seed : int, optional
        Seeds the generator of playouts, chance samples and ties: same seed, same tree.
    policy : callable, optional
        ``policy(state, moves, rng) -> move`` for playouts (default: ``rng.choice``).
    reward : callable
        ``reward(game, state, players) -> rewards``: every player's reward in [0, 1] at a
        terminal state (:func:`rewards`: wins, draws, losses; :func:`scaled_rewards` for
        payoffs).
    value : callable, optional
        ``value(state) -> float``: MAX's expected reward in [0, 1] (a win probability),
        used instead of a playout (two-player games), or a tuple of every player's.
    budget : Budget, optional
        States the search may generate (``result`` calls, playouts included) or seconds.
    tracer : callable, optional
        Receives ``Enter`` for every node of an iteration's path, ``Leaf`` with MAX's
        reward, ``Exit`` with MAX's new mean, bottom-up: one search (``Start``) per
        iteration, and a ``Finish`` with the decision after every batch.

    Examples
    --------
    >>> from aisearch.games import fig5_2
    >>> tree = MCTS(fig5_2, fig5_2.initial, seed=0)
    >>> tree.iterate(); tree.iterate(); tree.root.n, sorted(tree.root.children)
    (2, [0, 1])
    """

    PSEUDOCODE = PSEUDOCODE

    def __init__(self, game: Game, state: Any, *, c: float = SQRT2, seed: int | None = 0,
                 policy: Callable[..., Any] | None = None,
                 value: Callable[[Any], Any] | None = None, budget: Budget | None = None,
                 tracer: TracerLike | None = None,
                 reward: Callable[..., tuple[float, ...]] = rewards) -> None:
        check_game(game, initial=False)
        check_seed(seed)
        if isinstance(c, bool) or not isinstance(c, (int, float)) or not 0 <= c < math.inf:
            raise ValueError(f"c (the exploration constant) must be a number >= 0, not {c!r}")
        for name, f in (("policy", policy), ("value", value), ("tracer", tracer),
                        ("reward", reward)):
            if f is not None and not callable(f):
                raise TypeError(f"{name} must be callable or None, not {f!r:.80}")
        if budget is not None and not isinstance(budget, Budget):
            raise TypeError(f"budget must be a Budget(nodes=..., seconds=...) or None, not "
                            f"{budget!r:.80}")
        try:
            hash(state)
        except TypeError:
            raise TypeError(f"states must be hashable; got {type(state).__name__}") from None
        self.game, self.c, self.policy, self.value = game, float(c), policy, value
        self.reward = reward
        self.players = int(getattr(game, "players", 2))
        self.rng = random.Random(seed)
        self.budget, self.tracer = budget, tracer
        self.play = BudgetedGame(game, budget) if budget is not None else game
        self.root = MCTSNode(game, state, self.players)
        self.nodes, self.iterations = 1, 0

    # -- one iteration --------------------------------------------------------------------
    def select(self, node: MCTSNode) -> MCTSNode:
        """The child of ``node`` with the highest UCB1 score for its player to move (the
        first in move order on ties)."""
        p, big_n = node.player, node.n
        return max(node.children.values(), key=lambda j: ucb1(j.w[p], j.n, big_n, self.c))

    def iterate(self) -> None:
        """One iteration: selection, expansion, playout, backup.

        Under a budget an iteration costs the states it generates, and at least one (an
        iteration that ends at a terminal node of the tree generates none)."""
        used = self.budget.used if self.budget is not None else 0
        node, path = self.root, [self.root]
        while not node.terminal:  # selection
            if node.player == CHANCE:
                outcomes = self.game.chance_outcomes(node.state)
                x, acc = self.rng.random(), 0.0
                outcome = outcomes[-1][0]
                for m, prob in outcomes:
                    acc += prob
                    if x < acc:
                        outcome = m
                        break
                child = node.children.get(outcome)
                if child is None:  # expansion below a chance node
                    node = self._add(node, outcome)
                    path.append(node)
                    break
                node = child
            elif node.untried:  # expansion
                node = self._add(node, node.untried[0])
                path.append(node)
                break
            else:
                node = self.select(node)
            path.append(node)
        try:
            r = self.playout(node.state)
        except OutOfBudget:
            if node.n == 0 and node.parent is not None:  # undo the expansion
                del node.parent.children[node.move]
                if node.parent.player != CHANCE:
                    node.parent.untried.insert(0, node.move)
                self.nodes -= 1
            raise
        if self.budget is not None and self.budget.used == used:
            self.budget.spend()  # bookkeeping: a budget always runs out
        for m in path:  # backup
            m.n += 1
            for p in range(self.players):
                m.w[p] += r[p]
        self.iterations += 1
        if self.tracer is not None:
            self._trace(path, r)

    def _add(self, node: MCTSNode, move: Any) -> MCTSNode:
        child = MCTSNode(self.game, self.play.result(node.state, move), self.players, move,
                         node)
        if node.player != CHANCE:
            node.untried.remove(move)
        node.children[move] = child
        self.nodes += 1
        return child

    def playout(self, s: Any) -> tuple[float, ...]:
        """Every player's reward from state ``s``: ``value(s)`` if given, else a playout."""
        game, rng, policy = self.play, self.rng, self.policy
        if self.value is not None and not game.is_terminal(s):
            return self._valued(s)
        while not game.is_terminal(s):
            if game.to_move(s) == CHANCE:
                outcomes = game.chance_outcomes(s)
                m = rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0]
            else:
                ms = game.moves(s)
                m = policy(s, ms, rng) if policy is not None else ms[int(rng.random() * len(ms))]
            s = game.result(s, m)
        return self.reward(self.game, s, self.players)

    def _valued(self, s: Any) -> tuple[float, ...]:
        v = self.value(s)  # type: ignore[misc]
        if isinstance(v, (int, float)) and not isinstance(v, bool) and 0 <= v <= 1:
            return (float(v), 1.0 - float(v))
        if (isinstance(v, tuple) and len(v) == self.players
                and all(isinstance(x, (int, float)) and 0 <= x <= 1 for x in v)):
            return tuple(map(float, v))
        name = getattr(self.value, "__name__", "value")
        raise ValueError(f"{name} returned {v!r:.80} for state {s!r:.80}: a value must be MAX's "
                         f"expected reward in [0, 1] (or a tuple of {self.players} rewards)")

    def _trace(self, path: Sequence[MCTSNode], r: Sequence[float]) -> None:
        emit = self.tracer
        assert emit is not None
        emit(Start("mcts", self.game, self.root.state, None,
                   {"c": self.c, "iteration": self.iterations}))
        for node in path:
            emit(Enter(node.path, node.player, None, -math.inf, math.inf, node.state))
        emit(Leaf(path[-1].path, r[MAX], path[-1].terminal))
        for node in reversed(path):
            emit(Exit(node.path, node.mean(MAX)))

    def ucb_terms(self, node: MCTSNode | None = None) -> list[tuple[Any, int, float, float,
                                                                     float]]:
        """The UCB1 terms of ``node``'s children (the root's by default), in move order:
        ``(move, visits, mean, exploration bonus, UCB1)``, the mean for the player to move at
        ``node``; an unvisited child has mean and bonus ``nan`` and UCB1 ``inf``.

        >>> from aisearch.games import TicTacToe
        >>> tree = MCTS(TicTacToe(), TicTacToe.parse("xx./oo./..."), seed=0)
        >>> for _ in range(6): tree.iterate()
        >>> [(m, n) for m, n, *_ in tree.ucb_terms()]
        [(2, 2), (5, 1), (6, 1), (7, 1), (8, 1)]
        """
        node = self.root if node is None else node
        rows = []
        p = node.player
        for m in self.game.moves(node.state) if p != CHANCE else node.children:
            j = node.children.get(m)
            if j is None or j.n == 0:
                rows.append((m, 0, math.nan, math.nan, math.inf))
                continue
            bonus = self.c * math.sqrt(math.log(node.n) / j.n)
            rows.append((m, j.n, j.w[p] / j.n, bonus, j.w[p] / j.n + bonus))
        return rows

    # -- decisions ------------------------------------------------------------------------
    def best(self, node: MCTSNode | None = None) -> MCTSNode | None:
        """The most visited child (first in move order on ties), or None for a leaf."""
        node = self.root if node is None else node
        if not node.children:
            return None
        return max(node.children.values(), key=lambda j: j.n)

    def decision(self) -> Decision:
        """The decision after the iterations so far: the most visited move, MAX's mean
        reward there, the principal variation of most visited children."""
        pv, node = [], self.root
        while (child := self.best(node)) is not None and node.player != CHANCE:
            pv.append(child.move)
            node = child
        first = self.best()
        value = first.mean(MAX) if first is not None else self.root.mean(MAX)
        return Decision(value, pv[0] if pv else None, tuple(pv),
                        Stats(self.nodes, self.iterations, 0))

    def run(self, iterations: int | None = 1000, batch: int = 100) -> Iterator[Decision]:
        """Iterate, yielding a decision after every ``batch`` iterations (and at the end).

        ``iterations=None`` goes on until the budget is spent (a budget is then needed).
        When the budget runs out inside an iteration, that iteration is dropped, the
        decision of the completed ones is yielded, and the generator ends.
        """
        for name, n in (("iterations", iterations), ("batch", batch)):
            if n is None and name == "iterations":
                if self.budget is None:
                    raise ValueError("iterations=None needs a budget (Budget(nodes=...) or "
                                     "Budget(seconds=...)), or the search never ends")
                continue
            if isinstance(n, bool) or not isinstance(n, int) or n < 1:
                raise ValueError(f"{name} must be a positive int, not {n!r}")
        return self._run(iterations, batch)

    def _run(self, iterations: int | None, batch: int) -> Iterator[Decision]:
        done = 0
        while iterations is None or done < iterations:
            todo = batch if iterations is None else min(batch, iterations - done)
            try:
                for _ in range(todo):
                    self.iterate()
                    done += 1
            except OutOfBudget:
                yield self._finish()
                return
            if self.root.terminal:
                yield self._finish()
                return
            yield self._finish()

    def _finish(self) -> Decision:
        decision = self.decision()
        if self.tracer is not None:
            self.tracer(Finish(decision.value, decision.move, decision.pv, decision.stats))
        return decision


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
    those of :class:`MCTS`; use :func:`~aisearch.search.anytime.run_anytime` for the last
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
    so a game is reproducible (with a node budget).

    >>> from aisearch.games import TicTacToe
    >>> agent = mcts_agent(200)
    >>> agent(TicTacToe(), TicTacToe.parse("xx./oo./..."))
    2
    """
    check_seed(seed)
    if iterations is None and nodes is None and seconds is None:
        raise ValueError("mcts_agent needs iterations, nodes or seconds (or the search never "
                         "ends)")
    if iterations is not None and (isinstance(iterations, bool)
                                   or not isinstance(iterations, int) or iterations < 1):
        raise ValueError(f"iterations must be a positive int or None, not {iterations!r}")
    Budget(nodes=nodes, seconds=seconds)  # checked now, not at the first move
    options.setdefault("batch", iterations or 1000)
    for name in options:
        if name not in ("batch", "c", "policy", "value", "tracer", "reward"):
            raise TypeError(f"mcts_agent takes no option {name!r}; its options are: batch, c, "
                            "policy, value, tracer, reward")
    seeds = random.Random(seed)

    def agent(game: Game, state: Any) -> Any:
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
