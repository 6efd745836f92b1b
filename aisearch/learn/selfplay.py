"""Learning by self-play: TD(lambda) on a network that plays both sides (TD-Gammon in miniature).

The learner plays greedily against itself: at each decision it looks one ply ahead and takes
the move whose resulting position (the *afterstate*, before the dice) it values best for the
side to move; the dice supply the exploration (Tesauro 1992). Every position of the game, dice
throws included, is one step of the sequence X_1 .. X_m of :mod:`aisearch.learn.td`; after each
step the weights move by ``alpha (f_{t+1} - f_t) e_t`` with the eligibility trace
``e_t = lam e_{t-1} + grad f_t``, and the last target is the outcome (1 when MAX won, 0 when
MIN won, 1/2 for a draw).

Examples
--------
>>> from aisearch.games.pig import Pig
>>> from aisearch.learn import Network, pig_features
>>> game = Pig(goal=6)
>>> net = Network(len(pig_features(game.initial)), 8, seed=0)
>>> curve = td_train(game, net, pig_features, games=50, alpha=0.1, lam=0.7, seed=1,
...                  progress=False)
>>> curve.games[-1], len(curve.td_error) == len(curve.games)
(50, True)
"""

from __future__ import annotations

import bisect
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from aisearch.agents import Agent
from aisearch.core import CHANCE, MAX, Game, as_int, check_game
from aisearch.learn.checks import (
    _check_encode,
    _check_goal,
    _features,
    _goal_of,
    _same_game,
    check_fit,
    check_model,
)
from aisearch.learn.models import Model, learn_seed
from aisearch.learn.td import check_rates

__all__ = ["LearningCurve", "td_train", "learned_evaluate", "greedy_agent"]

Encode = Callable[[Any], Any]
CACHE_LIMIT = 500_000  # positions whose encodings and successors one training run keeps
MAX_STEPS = 10_000  # a game of self-play stopped unfinished (Pig's players might pass for ever)


@dataclass
class LearningCurve:
    """What :func:`td_train` recorded every ``every`` games.

    Attributes
    ----------
    games : list of int
        Games played so far at each record.
    td_error : list of float
        Mean absolute TD error ``|f_{t+1} - f_t|`` per step since the previous record.
    value_error : list of float
        Mean absolute error of P(MAX wins) against the exact solution (empty without one).
    cpu_seconds : list of float
        Processor time (``time.process_time``) spent training so far.

    Examples
    --------
    >>> from aisearch import solve_chance
    >>> from aisearch.games.pig import Pig
    >>> from aisearch.learn import Network, pig_features
    >>> game = Pig(goal=4)
    >>> net = Network(len(pig_features(game.initial)), 4, seed=0)
    >>> curve = td_train(game, net, pig_features, games=30, alpha=0.3, lam=0.7, seed=0,
    ...                  progress=False, solution=solve_chance(game), every=10)
    >>> curve.games, len(curve.td_error), len(curve.value_error)
    ([10, 20, 30], 3, 3)
    >>> from matplotlib.figure import Figure
    >>> ax = curve.plot(ax=Figure().subplots())  # value error against games
    >>> ax.get_ylabel(), [int(x) for x in ax.lines[0].get_xdata()]
    ('mean |error| of P(MAX wins)', [10, 20, 30])
    """

    games: list[int] = field(default_factory=list)
    td_error: list[float] = field(default_factory=list)
    value_error: list[float] = field(default_factory=list)
    cpu_seconds: list[float] = field(default_factory=list)

    def plot(self, ax: Any = None) -> Any:
        """Draw the curve (value error if recorded, else TD error) against games; return the
        matplotlib axes."""
        import matplotlib.pyplot as plt

        if ax is None:
            ax = plt.subplots(figsize=(6, 3))[1]
        ys, label = ((self.value_error, "mean |error| of P(MAX wins)") if self.value_error
                     else (self.td_error, "mean |TD error|"))
        ax.plot(self.games, ys)
        ax.set_xlabel("self-play games")
        ax.set_ylabel(label)
        return ax


class _Graph:
    """Each position met once: its encoding, kind and successors (so a move is chosen by one
    matrix product over its afterstates)."""

    def __init__(self, game: Game, encode: Encode, n_inputs: int) -> None:
        self.game, self.encode, self.n = game, encode, n_inputs
        self.nodes: dict[Any, tuple] = {}
        self.win = float(getattr(game, "win", 1) or 1)

    def outcome(self, s: Any) -> float:
        """1 when MAX won, 0 when MIN won, 1/2 for a draw (compared, so a win of inf works)."""
        u = self.game.utility(s, MAX)
        if u == self.win:
            return 1.0
        if u == -self.win:
            return 0.0
        if u == 0:
            return 0.5
        raise ValueError(f"td_train learns P(MAX wins), so every end must be a win "
                         f"(+{self.win:g}), a loss ({-self.win:g}) or a draw (0), but "
                         f"{s!r:.80} has utility {u!r:.40} (a game with win=... scores ends "
                         f"so)")

    def node(self, s: Any) -> tuple:
        found = self.nodes.get(s)
        if found is not None:
            return found  # type: ignore[no-any-return]
        game = self.game
        if game.is_terminal(s):
            found = ("end", self.outcome(s), None, None, None)
        else:
            x = _features(self.encode, s, self.n)
            player = game.to_move(s)
            if player == CHANCE:
                outcomes = game.chance_outcomes(s)
                kids = [game.result(s, m) for m, _ in outcomes]
                found = (CHANCE, x, kids, list(np.cumsum([p for _, p in outcomes])), None)
            else:
                kids = [game.result(s, m) for m in game.moves(s)]
                ends = [game.is_terminal(k) for k in kids]
                live = [k for k, e in zip(kids, ends, strict=True) if not e]
                try:
                    xs = np.array([self.encode(k) for k in live], dtype=np.float64) if live \
                        else np.empty((0, self.n))
                except ValueError:  # (encodings of different lengths)
                    xs = np.empty(0)
                if xs.shape != (len(live), self.n) or not np.isfinite(xs).all():
                    for k in live:  # (names the position whose encoding is wrong)
                        _features(self.encode, k, self.n)
                fixed = [self.node(k)[1] if e else None for k, e in zip(kids, ends, strict=True)]
                found = (player, x, kids, fixed, xs)
        if len(self.nodes) < CACHE_LIMIT:
            self.nodes[s] = found
        return found


def _choose(model: Model, node: tuple) -> tuple[int, float]:
    """The greedy move at a decision node: (index, its value P(MAX wins))."""
    player, _, kids, fixed, xs = node
    values = model._batch(xs) if len(xs) else ()
    live = iter(values)
    best, k = None, 0
    for i, f in enumerate(fixed):
        v = float(next(live)) if f is None else f
        if best is None or (v > best if player == MAX else v < best):
            best, k = v, i
    assert best is not None
    return k, best


def td_train(game: Game, model: Model, encode: Encode, *, games: int, alpha: float, lam: float,
             seed: int | np.random.Generator, progress: bool = True, solution: Any = None,
             every: int | None = None) -> LearningCurve:
    """Train ``model`` in place by TD(lambda) self-play; return the learning curve.

    Parameters
    ----------
    game : Game
        A two-player game (chance allowed) whose every end is a win or a loss
        (``±game.win``; ±1 for a game without ``win``) or a draw (0): the targets are 1, 0
        and 1/2. A game that scores a win as ``inf`` (``TicTacToe()``) works too; any other
        terminal utility (a tree's leaf values) is refused.
    model : Linear or Network
        Predicts P(MAX wins) from ``encode(state)``; its weights are updated in place. If
        they diverge (too large an ``alpha``), a FloatingPointError says so and the model
        keeps its weights from before the game that diverged.
    encode : callable
        ``encode(state) -> features`` (e.g. :func:`~aisearch.learn.encode.nannon_features`),
        finite numbers, checked once per position; an encoding made for another game than
        ``model.meta["game"]`` is refused.
    games : int
        Self-play games to play, at least one.
    alpha : float
        Learning rate, ``>= 0``.
    lam : float
        Trace decay lambda in [0, 1].
    seed : int or numpy.random.Generator
        Seeds the dice (an int >= 0). A Generator continues its stream, so
        ``td_train(..., games=a, seed=g)`` then ``games=b`` equals one run of ``a + b`` games
        from the same seed, bit for bit.
    progress : bool
        Show a progress bar (tqdm, notebook-aware).
    solution : ChanceSolution, optional
        The exact solution of ``game`` (of this very game: another goal is refused); then
        the curve records the value error too.
    every : int, optional
        Games between records of the curve (default: about 50 records).

    Returns
    -------
    LearningCurve

    Notes
    -----
    Nilsson 12.7; Sutton 1988; Tesauro 1992 and 1995. Lesson ``07_learning_evaluators``.

    The dice explore only where they are thrown. In a game where a player may pass without
    a throw (Pig's hold at a turn total of 0), two greedy players that both value the pass
    best pass the turn back and forth, and only the learning itself, slowly, breaks the
    tie: 20 games of ``Pig(goal=20)`` (alpha 0.1, lambda 0.7, seed 0) take 60,889
    decisions with a ``Network`` of 8 hidden units made with ``seed=1``, and 237 with one
    made with ``seed=0``.

    Examples
    --------
    >>> from aisearch import solve_chance
    >>> from aisearch.games.pig import Pig
    >>> from aisearch.learn import Network, learned_evaluate, pig_features, value_error
    >>> game = Pig(goal=6)
    >>> exact = solve_chance(game)
    >>> net = Network(len(pig_features(game.initial)), 8, seed=0)
    >>> round(value_error(learned_evaluate(net, pig_features), exact), 2)  # untrained
    0.45
    >>> curve = td_train(game, net, pig_features, games=300, alpha=0.3, lam=0.7, seed=0,
    ...                  progress=False, solution=exact, every=100)
    >>> curve.games, round(value_error(learned_evaluate(net, pig_features), exact), 2)
    ([100, 200, 300], 0.23)
    """
    check_game(game)
    check_model(model)
    _check_encode(game, model, encode)
    if as_int(games, 0) < 1:
        raise ValueError(f"games must be a positive int (self-play games to play), not "
                         f"{games!r:.80}")
    a, lm = check_rates(alpha, lam)
    if isinstance(seed, np.random.Generator):
        rng = seed
    elif as_int(seed) is None:
        raise TypeError(f"seed must be an int or a numpy Generator, not {seed!r:.80}")
    else:
        rng = np.random.default_rng(learn_seed(seed))
    if progress.__class__ is not bool:
        raise TypeError(f"progress must be True or False, not {progress!r}")
    if every is None:
        every = max(1, games // 50)
    if as_int(every, 0) < 1:
        raise ValueError(f"every must be a positive int (games), not {every!r}")
    from aisearch.learn.measure import _solution_rows

    if solution is not None:
        _same_game(solution, game)
    truth = _solution_rows(solution, encode) if solution is not None else None
    graph, curve, w = _Graph(game, encode, model.n_inputs), LearningCurve(), model.weights
    start, errors, steps = time.process_time(), 0.0, 0
    last_good = w.copy()  # the weights before the current game, restored if it diverges
    bar = None
    if progress:
        from tqdm.auto import tqdm

        bar = tqdm(total=games, desc="self-play", unit=" games", mininterval=0.5)
    for g in range(1, games + 1):
        np.copyto(last_good, w)
        node = graph.node(game.initial)
        e = np.zeros_like(w)
        v, grad = model.value_and_gradient(node[1])
        with np.errstate(over="ignore", invalid="ignore"):  # (a divergence is said below)
            for t in range(1, MAX_STEPS + 1):
                e *= lm
                e += grad  # the eligibility trace: sum_k lam^(t-k) grad f_k
                if node[0] == CHANCE:
                    nxt = graph.node(node[2][bisect.bisect_right(node[3], rng.random())
                                             if len(node[2]) > 1 else 0])
                    target = nxt[1] if nxt[0] == "end" else float(model._batch(nxt[1]))
                else:
                    k, target = _choose(model, node)
                    nxt = graph.node(node[2][k])
                delta = target - v
                w += (a * delta) * e  # in place: the model's layers are views of w
                errors += abs(delta)
                steps += 1
                if nxt[0] == "end" or t == MAX_STEPS:
                    break
                node = nxt
                v, grad = model.value_and_gradient(node[1])
        if not (np.isfinite(v) and np.isfinite(w).all()):
            np.copyto(w, last_good)
            if bar is not None:
                bar.close()
            raise FloatingPointError(f"the weights diverged in game {g}: try a smaller alpha "
                                     f"than {alpha} (the model keeps its weights from before "
                                     f"that game)")
        if g % every == 0 or g == games:
            curve.games.append(g)
            curve.td_error.append(errors / max(steps, 1))
            errors, steps = 0.0, 0
            if truth is not None:
                curve.value_error.append(float(np.mean(np.abs(model._batch(truth[0])
                                                              - truth[1]))))
            curve.cpu_seconds.append(time.process_time() - start)
        if bar is not None:
            bar.update(1)
    if bar is not None:
        bar.close()
    return curve


def learned_evaluate(model: Model, encode: Encode) -> Callable[[Any], float]:
    """An evaluation ``evaluate(state) -> float`` from a model, for searchers and agents.

    MAX's point of view on the payoff scale of a game won at +1 and lost at -1: ``2 p - 1``
    where ``p = model(encode(state))`` is the predicted P(MAX wins). Encodings are cached,
    each checked once (shape, finite values). A model whose ``meta`` names the game (and
    goal) it was trained for refuses an encoding of another game, or a state of another goal.

    Examples
    --------
    >>> from aisearch.games.nannon import Nannon
    >>> from aisearch.learn import Network, nannon_features
    >>> evaluate = learned_evaluate(Network(33, 4, seed=0), nannon_features)
    >>> -1 < evaluate(Nannon().initial) < 1
    True
    """
    check_model(model)
    check_fit(model, encode)
    cache: dict[Any, Any] = {}
    goal = _goal_of(model)

    def evaluate(state: Any) -> float:
        x = cache.get(state)
        if x is None:
            _check_goal(goal, state)
            x = _features(encode, state, model.n_inputs)
            if len(cache) < CACHE_LIMIT:
                cache[state] = x
        return 2.0 * float(model._batch(x)) - 1.0

    evaluate.__name__ = f"learned_evaluate({model!r})"
    return evaluate


def greedy_agent(game: Game, evaluate: Callable[[Any], float], depth: int = 1) -> Agent:
    """An agent that plays the move best for it under ``evaluate`` looked ``depth`` plies ahead.

    ``depth=1`` values each move's resulting position (its afterstate: the die not yet
    thrown) with ``evaluate``, a terminal one with its utility; deeper, it plays
    :func:`~aisearch.search.expectiminimax`'s move (a chance node counts as a ply, so
    ``depth=2`` averages ``evaluate`` over the next throw). Ties go to the first best move.

    Examples
    --------
    >>> from aisearch.games.nannon import Nannon, NannonState
    >>> game = Nannon()
    >>> agent = greedy_agent(game, Nannon.pip_eval)
    >>> agent(game, NannonState((1, 2, 4), (0, 1, 2), 0, 3))   # 4 -> off: the race
    4
    """
    check_game(game)
    if not callable(evaluate):
        raise TypeError(f"evaluate must be a function state -> float, not {evaluate!r:.80}")
    if not 1 <= as_int(depth, 0) <= 6:
        raise ValueError(f"depth must be an int from 1 to 6 (plies), not {depth!r}")

    from aisearch.search.efficiency.ordering import checked_value

    name = getattr(evaluate, "__name__", None) or type(evaluate).__name__

    def agent(g: Game, s: Any) -> Any:
        player = game.to_move(s)
        if player == CHANCE or game.is_terminal(s):
            raise ValueError(f"{s!r:.80} is not a decision state: an agent moves only there")
        if depth > 1:
            from aisearch.search.chance.expectiminimax import expectiminimax

            return expectiminimax(game, s, depth, evaluate=evaluate).move
        best, choice = None, None
        for m in game.moves(s):
            t = game.result(s, m)
            # checked as the searchers check evaluations (as depth > 1 does)
            v = (checked_value(game.utility(t, MAX), "utility", t) if game.is_terminal(t)
                 else checked_value(evaluate(t), name, t))
            if best is None or (v > best if player == MAX else v < best):
                best, choice = v, m
        return choice

    agent.__name__ = f"greedy_agent(depth={depth})"
    return agent
