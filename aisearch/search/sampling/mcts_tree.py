"""The tree of Monte Carlo tree search and its iterations (:mod:`~aisearch.search.sampling.mcts`).

:class:`MCTS` grows the tree one iteration at a time (selection by UCB1, expansion,
playout, backup) and reports each iteration to a tracer as one search of
:class:`~aisearch.trace.Selection`, :class:`~aisearch.trace.Expansion`,
:class:`~aisearch.trace.Simulation` and :class:`~aisearch.trace.Update` events.
Playouts run from states of the tree, which the game's own methods made, so they call the
game's unchecked functions where it offers them
(:meth:`GameBase.unchecked <aisearch.core.GameBase.unchecked>`), as the other searchers do:
not through a budget (its ``result`` counts states), and a ``policy``'s moves are checked.

Examples
--------
>>> from aisearch.games import TicTacToe
>>> tree = MCTS(TicTacToe(), TicTacToe.parse("xx./oo./..."), seed=0)
>>> for _ in range(5): tree.iterate()
>>> tree.root.n, tree.nodes
(5, 6)
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator
from math import log as _log
from math import sqrt as _sqrt
from typing import Any

from aisearch.core import (
    CHANCE,
    MAX,
    Game,
    as_int,
    check_game,
    check_seed,
    is_number,
    outcome_sampler,
)
from aisearch.results import Decision, Stats
from aisearch.search.runtime import check_function, check_tracer
from aisearch.search.runtime.anytime import Budget, BudgetedGame, OutOfBudget
from aisearch.search.runtime.checks import no_moves_error
from aisearch.search.runtime.run import unchecked
from aisearch.search.sampling.mcts_trace import report_iteration
from aisearch.search.sampling.ucb import SQRT2, exploration, rewards
from aisearch.trace.events import Finish, TracerLike

__all__ = ["MCTS", "MCTSNode"]


class MCTSNode:
    """A node of the search tree: its state, the moves from the root to it (``path``), visits
    ``n``, total rewards ``w`` (one per player), children by move, and the moves not yet tried
    (in the game's order).

    A node holds its children but not its parent (it keeps the moves that lead to it): the
    tree has no reference cycle, and a tree nobody holds any more is freed at once, without
    waiting for the garbage collector.
    """

    __slots__ = ("state", "player", "move", "path", "children", "untried", "n", "w",
                 "terminal")

    def __init__(self, game: Game, state: Any, players: int, move: Any = None,
                 parent: MCTSNode | None = None) -> None:
        self.state, self.move = state, move
        self.path: tuple = () if parent is None else parent.path + (move,)
        self.player = game.to_move(state)
        self.terminal = game.is_terminal(state)
        self.children: dict[Any, MCTSNode] = {}
        self.untried: list[Any] = ([] if self.terminal or self.player == CHANCE
                                   else list(game.moves(state)))
        if not self.untried and not self.terminal and self.player != CHANCE:
            raise no_moves_error("mcts", game, state)
        self.n = 0
        self.w = [0.0] * players

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
        Seeds the generator of playouts and chance samples (ties go to the first in move
        order, with no random number): same seed, same tree.
    policy : callable, optional
        ``policy(state, moves, rng) -> move`` for playouts (default: ``rng.choice``).
    reward : callable
        ``reward(game, state, players) -> rewards``: every player's reward in [0, 1] at a
        terminal state (:func:`rewards`: wins, draws, losses; :func:`scaled_rewards` for
        payoffs; None: :func:`rewards`).
    value : callable, optional
        ``value(state) -> float``: MAX's expected reward in [0, 1] (a win probability),
        used instead of a playout (two-player games), or a tuple of every player's.
    budget : Budget, optional
        States the search may generate (``result`` calls, playouts included) or seconds.
    tracer : callable, optional
        Receives one search (``Start``) per iteration: a ``Selection`` for every node the
        iteration follows (an ``Expansion`` for the node it adds), a ``Simulation`` with
        the rewards, an ``Update`` with the new counts of every node, bottom-up; and a
        ``Finish`` with the decision after every batch. Trace from the first iteration
        and the counts of the recording equal the decision's ``stats``.

    Examples
    --------
    >>> from aisearch.games import fig5_2
    >>> tree = MCTS(fig5_2, fig5_2.initial, seed=0)
    >>> tree.iterate(); tree.iterate(); tree.root.n, sorted(tree.root.children)
    (2, [0, 1])
    """

    def __init__(self, game: Game, state: Any, *, c: float = SQRT2, seed: int | None = 0,
                 policy: Callable[..., Any] | None = None,
                 value: Callable[[Any], Any] | None = None, budget: Budget | None = None,
                 tracer: TracerLike | None = None,
                 reward: Callable[..., tuple[float, ...]] | None = rewards) -> None:
        check_game(game, initial=False)
        seed = as_int(seed, seed)
        check_seed(seed)
        c = exploration(c)
        for name, f in (("policy", policy), ("value", value), ("reward", reward)):
            check_function(name, f)
        check_tracer(tracer)
        if budget is not None and not isinstance(budget, Budget):
            raise TypeError(f"budget must be a Budget(nodes=..., seconds=...) or None, not "
                            f"{budget!r:.80}")
        try:
            hash(state)
        except TypeError:
            raise TypeError(f"states must be hashable; got {type(state).__name__}") from None
        if getattr(game, "cycles", False) is True and value is None and budget is None:
            raise ValueError(f"{game!r:.80} can go on for ever (cycles=True), so a random "
                             "playout may never end: give value= (an estimate in place of "
                             "playouts), budget= (Budget(nodes=...) or Budget(seconds=...)), "
                             "or a game with a move limit (e.g. TwoRobots(..., max_plies=40))")
        self.game, self.c, self.policy, self.value = game, c, policy, value
        self.players = int(getattr(game, "players", 2))
        self.reward = rewards if reward is None else reward
        self.rng = random.Random(seed)
        self.budget, self.tracer = budget, tracer
        self.play = BudgetedGame(game, budget) if budget is not None else game
        # The game's functions without their checks, for playouts from checked states (not
        # through a budget, whose result must count): GameBase.unchecked. A policy's moves
        # are checked (one may not be among the moves): then the game's own result.
        fast, play = unchecked(game, state, utility=False) if budget is None else {}, self.play
        self._rollout = (fast.get("is_terminal", play.is_terminal), fast.get("moves", play.moves),
                         fast.get("to_move", play.to_move),
                         fast["result"] if policy is None and "result" in fast else play.result,
                         getattr(game, "has_chance", True) is not False)  # (else no to_move)
        self._draw = outcome_sampler()
        self.root = MCTSNode(game, state, self.players)
        self.nodes, self.iterations = 1, 0

    # -- one iteration --------------------------------------------------------------------
    def select(self, node: MCTSNode) -> MCTSNode:
        """The child of ``node`` with the highest UCB1 score for its player to move (the
        first in move order on ties): :func:`~aisearch.search.sampling.ucb.ucb1`, the
        logarithm of the parent's visits taken once."""
        p, c, best, top = node.player, self.c, None, -math.inf
        log_n = _log(node.n) if node.n else 0.0
        try:
            for j in node.children.values():
                score = j.w[p] / j.n + c * _sqrt(log_n / j.n)
                if score > top or best is None:
                    best, top = j, score
        except ZeroDivisionError:  # an unvisited child (its playout raised): UCB1 +inf
            return next(j for j in node.children.values() if not j.n)
        return best  # type: ignore[return-value]

    def iterate(self) -> None:
        """One iteration: selection, expansion, playout, backup.

        Under a budget an iteration costs the states it generates, and at least one (an
        iteration that ends at a terminal node of the tree generates none)."""
        used = self.budget.used if self.budget is not None else 0
        node, path = self.root, [self.root]
        while not node.terminal:  # selection
            if node.player == CHANCE:  # an outcome drawn as a playout draws it (checked)
                outcome = self._draw(node.state, self.game.chance_outcomes(node.state),
                                     self.rng)
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
            if node.n == 0 and len(path) > 1:  # undo the expansion
                parent = path[-2]
                del parent.children[node.move]
                if parent.player != CHANCE:
                    parent.untried.insert(0, node.move)
                self.nodes -= 1
            raise
        if self.budget is not None and self.budget.used == used:
            self.budget.spend()  # bookkeeping: a budget always runs out
        if self.players == 2:  # backup (two players, the usual case: no inner loop)
            r0, r1 = r
            for m in path:
                m.n += 1
                w = m.w
                w[0] += r0
                w[1] += r1
        else:
            players = range(self.players)
            for m in path:
                m.n += 1
                w = m.w
                for p in players:
                    w[p] += r[p]
        self.iterations += 1
        if self.tracer is not None:
            report_iteration(self, path, r)

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
        terminal = game.is_terminal(s)  # (checks s: the states after it are made by result)
        if not terminal and self.value is not None:
            return self._valued(s)
        is_terminal, moves, to_move, result, chance = self._rollout
        draw = self._draw
        while not terminal:
            if chance and to_move(s) == CHANCE:
                m = draw(s, game.chance_outcomes(s), rng)
            else:
                ms = moves(s)
                try:
                    m = (policy(s, ms, rng) if policy is not None
                         else ms[int(rng.random() * len(ms))])
                except IndexError:
                    if len(ms) == 0:
                        raise no_moves_error("mcts", game, s) from None
                    raise
            s = result(s, m)
            terminal = is_terminal(s)
        r = self.reward(self.game, s, self.players)
        if self.reward is rewards:  # (the package's own: a tuple of numbers in [0, 1])
            return r
        if r.__class__ is tuple and len(r) == self.players:  # the usual case, checked fast
            for x in r:
                if x.__class__ is not float or not 0.0 <= x <= 1.0:
                    return self._rewarded(r, s)
            return r
        return self._rewarded(r, s)

    def _rewarded(self, r: Any, s: Any) -> tuple[float, ...]:
        """The rewards ``reward`` gave at terminal state ``s``, checked: a tuple of one
        number in [0, 1] per player."""
        if (isinstance(r, (tuple, list)) and len(r) == self.players
                and all(is_number(x) and 0 <= x <= 1 for x in r)):
            return tuple(map(float, r))
        name = getattr(self.reward, "__name__", "reward")
        raise ValueError(f"{name} returned {r!r:.80} for terminal state {s!r:.80}: a reward "
                         f"must be a tuple of {self.players} numbers in [0, 1], one per player "
                         "(1 win, 1/2 draw, 0 loss)")

    def _valued(self, s: Any) -> tuple[float, ...]:
        v = self.value(s)  # type: ignore[misc]
        if is_number(v) and 0 <= v <= 1 and self.players == 2:
            return (float(v), 1.0 - float(v))
        if (isinstance(v, tuple) and len(v) == self.players
                and all(is_number(x) and 0 <= x <= 1 for x in v)):
            return tuple(map(float, v))
        name = getattr(self.value, "__name__", "value")
        if is_number(v) and self.players != 2:
            raise ValueError(f"{name} returned {v!r:.80} for state {s!r:.80}: one number is MAX's "
                             f"expected reward in a game of two players; this game has "
                             f"{self.players}: return a tuple of {self.players} rewards in [0, 1]")
        raise ValueError(f"{name} returned {v!r:.80} for state {s!r:.80}: a value must be MAX's "
                         f"expected reward in [0, 1] (or a tuple of {self.players} rewards)")

    def ucb_terms(self, node: MCTSNode | None = None) -> list[tuple[Any, int, float, float,
                                                                     float]]:
        """The UCB1 terms of ``node``'s children (the root's by default), in move order (a
        chance node's outcomes in the game's order):
        ``(move, visits, mean, exploration bonus, UCB1)``, the mean for the player to move at
        ``node`` (at a chance node, MAX's, as a recording reports it); an unvisited child has
        mean and bonus ``nan`` and UCB1 ``inf``.

        >>> from aisearch.games import TicTacToe
        >>> tree = MCTS(TicTacToe(), TicTacToe.parse("xx./oo./..."), seed=0)
        >>> for _ in range(6): tree.iterate()
        >>> [(m, n) for m, n, *_ in tree.ucb_terms()]
        [(2, 2), (5, 1), (6, 1), (7, 1), (8, 1)]
        """
        node = self._node(node)
        rows = []
        chance = node.player == CHANCE
        p = MAX if chance else node.player  # (not w[-1]: CHANCE is -1)
        outcomes = ([o for o, _ in self.game.chance_outcomes(node.state)] if chance
                    else self.game.moves(node.state))
        for m in outcomes:
            j = node.children.get(m)
            if j is None or j.n == 0:
                rows.append((m, 0, math.nan, math.nan, math.inf))
                continue
            bonus = self.c * math.sqrt(math.log(node.n) / j.n)
            rows.append((m, j.n, j.w[p] / j.n, bonus, j.w[p] / j.n + bonus))
        return rows

    def _node(self, node: Any) -> MCTSNode:
        """``node``, a node of this tree (the root for None)."""
        if node is None:
            return self.root
        if not isinstance(node, MCTSNode):
            raise TypeError(f"node must be a node of the tree (an MCTSNode, such as "
                            f"tree.root or one of its children) or None for the root, not "
                            f"{node!r:.80}")
        return node

    # -- decisions ------------------------------------------------------------------------
    def best(self, node: MCTSNode | None = None) -> MCTSNode | None:
        """The most visited child (first in move order on ties), or None for a leaf."""
        node = self._node(node)
        if not node.children:
            return None
        return max(node.children.values(), key=lambda j: j.n)

    def decision(self) -> Decision:
        """The decision after the iterations so far: the most visited move, MAX's mean
        reward there, the principal variation of most visited children. At a chance node
        there is no move to choose: the value is MAX's mean reward over the outcomes."""
        pv, node = [], self.root
        while (child := self.best(node)) is not None and node.player != CHANCE:
            pv.append(child.move)
            node = child
        first = self.best() if self.root.player != CHANCE else None  # (a chance root: none)
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
            if as_int(n, -1) < 1:
                kind = "" if type(n) is int else f" (a {type(n).__name__})"
                raise ValueError(f"{name} must be a positive int, not {n!r:.80}{kind}")
        return self._run(as_int(iterations, None), as_int(batch, -1))

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
