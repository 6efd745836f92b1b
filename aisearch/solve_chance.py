"""The exact solution of a game with chance: retrograde analysis with expectations.

Expectiminimax searches a tree; a game of chance such as Pig or Nannon is a *graph* with
cycles (in Pig, two 1s in a row give the same scores back), so no depth is enough. Here the
whole graph of reachable states is solved instead:

1. enumerate every reachable state, with its successors (and probabilities at chance states);
2. split the graph into strongly connected components (Tarjan) and solve them from the end of
   the game backwards, each component once every state it leads to is known;
3. inside a component with cycles, solve the optimality equations ``v(s) = max`` / ``min`` /
   expectation of ``v`` over the successors exactly: for fixed choices (a policy) the values
   are affine in the values of a few *feedback* states (targets of back edges), found with one
   linear solve; the choices are then improved and the step repeated until no choice changes
   (policy iteration: value iteration, but each step exact). A component with more than 12
   feedback states, or one that will not settle this way, is solved by plain value iteration
   to a fixed point; where :data:`SWEEPS` sweeps do not reach one (long cycles of even odds,
   such as a fair random walk over hundreds of squares), a ``RuntimeWarning`` says that the
   values are approximate.

The result, a :class:`ChanceSolution`, holds the optimal value (expected utility for MAX) of
every reachable state and an optimal move at each decision state (the first best in move
order). For games that end in a win or a loss (utility ``±win``), ``win_probability`` turns a
value into the probability that a player wins. A progress bar (``tqdm.auto``) appears when a
solve takes more than a few seconds.

Examples
--------
>>> from aisearch.games.pig import Pig
>>> solution = solve_chance(Pig(goal=6))
>>> len(solution), round(solution.win_probability(Pig(goal=6).initial), 4)
(580, 0.7742)
>>> solution.best_move(Pig(goal=6).initial)
'roll'
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from aisearch.core import CHANCE, MAX, MIN, Game, as_int, check_outcomes, not_a_player, player_name
from aisearch.solve import NotSolvedError

if TYPE_CHECKING:
    import numpy as np

__all__ = ["ChanceSolution", "solve_chance", "nannon_solution", "LIMIT", "SWEEPS"]

LIMIT = 3_000_000
"""The most states :func:`solve_chance` enumerates unless told otherwise."""
SWEEPS = 100_000
"""The most sweeps of value iteration over one component with cycles."""
TERMINAL, DECIDE_MAX, DECIDE_MIN, DICE = 0, 1, 2, 3


class ChanceSolution:
    """Optimal values and moves for every reachable state of a game with chance.

    Attributes
    ----------
    game : Game
        The game solved.
    states : list
        The reachable states, in the order they were found (breadth first).
    values : numpy.ndarray
        ``values[i]``: the optimal expected utility of ``states[i]`` for MAX.
    moves : list
        ``moves[i]``: an optimal move at ``states[i]`` (None at chance and terminal states).
    """

    def __init__(self, game: Game, states: list, values: np.ndarray, moves: list) -> None:
        self.game, self.states, self.values, self.moves = game, states, values, moves
        self.index = {s: i for i, s in enumerate(states)}

    def _at(self, s: Hashable) -> int:
        try:
            return self.index[s]
        except (KeyError, TypeError):
            raise NotSolvedError(f"{s!r:.80} is not a reachable state of {self.game!r:.80} "
                                 f"(this solution holds its {len(self.states):,} reachable "
                                 "states)") from None

    def value(self, s: Hashable) -> float:
        """The optimal expected utility of ``s`` for MAX."""
        return float(self.values[self._at(s)])

    def win_probability(self, s: Hashable, player: int | None = None) -> float:
        """The probability that ``player`` (default: the player to move; MAX at chance and
        terminal states) wins from ``s`` under optimal play.

        Meaningful for games whose every end is a win or a loss (``utility = ±win``)."""
        win = getattr(self.game, "win", 1) or 1
        p_max = (self.value(s) / win + 1) / 2
        if player is None:
            player = MAX if self.game.is_terminal(s) else self.game.to_move(s)
        elif as_int(player) not in (MAX, MIN):
            raise not_a_player(player, self.game)
        return p_max if player != MIN else 1 - p_max

    def best_move(self, s: Hashable) -> Any:
        """An optimal move at the decision state ``s`` (the first best in move order)."""
        m = self.moves[self._at(s)]
        if m is None:
            raise ValueError(f"{s!r} is not a decision state (it is a chance or terminal state)")
        return m

    def regret(self, s: Hashable, m: Any) -> float:
        """What playing ``m`` at the decision state ``s`` costs the player to move: the
        probability of winning lost against an optimal move (0 for an optimal move).

        An exact yardstick for any player's choice, one move at a time (lessons 07-08).
        Meaningful where :meth:`win_probability` is.

        Examples
        --------
        >>> from aisearch.games import Nannon
        >>> game, solution = Nannon(), nannon_solution(progress=False)
        >>> s = game.result(game.initial, ("White", 3))  # White opens with a 3
        >>> [(m, round(solution.regret(s, m), 4)) for m in game.moves(s)]
        [(0, 0.0), (1, 0.2738)]
        """
        player = self.game.to_move(s)
        if self.moves[self._at(s)] is None:
            raise ValueError(f"{s!r} is not a decision state (it is a chance or terminal state)")
        moves = self.game.moves(s)
        if m not in moves:
            raise self.game.illegal(s, m) if hasattr(self.game, "illegal") else ValueError(
                f"illegal move {m!r}; legal moves: {', '.join(map(str, moves))}")
        best = max(self.win_probability(self.game.result(s, n), player) for n in moves)
        return best - self.win_probability(self.game.result(s, m), player)

    def agent(self, game: Any, s: Hashable) -> Any:
        """Play the optimal move: an agent for :func:`aisearch.play` and the play widget."""
        return self.best_move(s)

    def __len__(self) -> int:
        return len(self.states)

    def __contains__(self, s: object) -> bool:
        try:
            return s in self.index
        except TypeError:
            return False

    def __repr__(self) -> str:
        return f"<ChanceSolution of {self.game!r}: {len(self.states)} states>"


def _progress(total: int, what: str, progress: bool | None) -> Any:
    """A tqdm bar (notebook-aware) shown only if the work takes more than a few seconds."""
    if progress is False:
        return None
    from tqdm.auto import tqdm

    return tqdm(total=total, desc=what, unit=" states", delay=0 if progress else 3,
                leave=False, mininterval=0.5)


def _enumerate(game: Game, limit: int, policies: Mapping[int, Callable[..., Any]]
               ) -> tuple[list, list, list, list, list]:
    """Every reachable state (breadth first) with its kind, successors and probabilities."""
    is_terminal, to_move, result = game.is_terminal, game.to_move, game.result
    index = {game.initial: 0}
    states: list = [game.initial]
    kinds: list[int] = []
    succ: list[tuple] = []
    probs: list[Any] = []
    payoff: list[float] = []
    i = 0
    while i < len(states):
        s = states[i]
        i += 1
        if is_terminal(s):
            kinds.append(TERMINAL)
            succ.append(())
            probs.append(None)
            payoff.append(game.utility(s, MAX))
            continue
        player = to_move(s)
        if player == CHANCE:
            outcomes = check_outcomes(s, game.chance_outcomes(s))
            ms = [m for m, _ in outcomes]
            probs.append(tuple(p for _, p in outcomes))
            kinds.append(DICE)
        else:
            ms = list(game.moves(s))
            if player in policies:  # a fixed policy: its move is the only choice
                m = policies[player](game, s)
                if m not in ms:
                    raise ValueError(f"the policy of {player_name(player)} chose {m!r} at "
                                     f"{s!r}, not a legal move ({', '.join(map(str, ms))})")
                ms = [m]
            probs.append(tuple(ms))  # the moves, kept to name the optimal one
            kinds.append(DECIDE_MAX if player == MAX else DECIDE_MIN)
        payoff.append(0.0)
        kids = []
        for m in ms:
            t = result(s, m)
            j = index.get(t)
            if j is None:
                j = index[t] = len(states)
                states.append(t)
                if j >= limit:
                    raise ValueError(f"{game!r} has more than {limit:,} reachable states: too "
                                     "many to solve exactly here (raise limit= to try)")
            kids.append(j)
        succ.append(tuple(kids))
    return states, kinds, succ, probs, payoff


def _depth_first(roots: Iterable[int], succ: list, within: Callable[[int], bool] | None = None
                 ) -> Iterator[tuple[str, int, int]]:
    """The edges of a depth-first search of ``succ`` from each root not yet reached, labelled
    as networkx's ``dfs_labeled_edges`` labels them (iterative: no recursion limit).

    ``('forward', v, w)``: ``w`` is reached from ``v`` (``v == w`` at a root);
    ``('nontree', v, w)``: an edge to a state reached before; ``('reverse', v, w)``: ``w``
    is finished (``v`` its parent, or ``w`` itself at a root). Only states ``within``
    accepts are followed.

    >>> list(_depth_first([0], [(1,), (0,)]))
    [('forward', 0, 0), ('forward', 0, 1), ('nontree', 1, 0), ('reverse', 0, 1), \
('reverse', 0, 0)]
    """
    seen: set[int] = set()
    for root in roots:
        if root in seen:
            continue
        seen.add(root)
        yield "forward", root, root
        work = [(root, iter(succ[root]))]
        while work:
            v, kids = work[-1]
            for w in kids:
                if within is not None and not within(w):
                    continue
                if w in seen:
                    yield "nontree", v, w
                else:
                    seen.add(w)
                    yield "forward", v, w
                    work.append((w, iter(succ[w])))
                    break
            else:
                work.pop()
                yield "reverse", work[-1][0] if work else v, v


def _components(succ: list) -> list[list[int]]:
    """Strongly connected components (Tarjan), sinks first."""
    n = len(succ)
    order = [-1] * n
    low = [0] * n
    on = bytearray(n)
    stack: list[int] = []
    comps: list[list[int]] = []
    reached = 0
    for label, v, w in _depth_first(range(n), succ):
        if label == "forward":
            order[w] = low[w] = reached
            reached += 1
            stack.append(w)
            on[w] = 1
        elif label == "nontree":
            if on[w] and order[w] < low[v]:
                low[v] = order[w]
        else:  # w is finished: its parent v reaches as low as w; w may close a component
            if low[w] < low[v]:
                low[v] = low[w]
            if low[w] == order[w]:
                comp = []
                while True:
                    x = stack.pop()
                    on[x] = 0
                    comp.append(x)
                    if x == w:
                        break
                comps.append(comp)
    return comps


def solve_chance(game: Game, *, policies: Mapping[int, Callable[..., Any]] | None = None,
                 limit: int = LIMIT, progress: bool | None = None) -> ChanceSolution:
    """Solve a finite game with chance exactly: optimal values and moves of every state.

    Parameters
    ----------
    game : Game
        Two players (MAX, MIN) and chance; finitely many reachable states; cycles allowed.
    policies : mapping, optional
        ``{player: agent}``: players who do not play optimally but follow ``agent(game,
        state) -> move`` (e.g. ``Pig(20).hold_at(10)``); the solution then gives the other
        player's best reply and everyone's chances against it.
    limit : int
        Stop with an error past this many reachable states.
    progress : bool or None
        ``None`` shows a progress bar once the solve has taken 3 seconds, ``True`` at once,
        ``False`` never.

    Returns
    -------
    ChanceSolution

    Examples
    --------
    >>> from aisearch.games.chance_trees import dice_tree
    >>> solve_chance(dice_tree).value(())
    3.5
    """
    if not callable(getattr(game, "moves", None)) or not hasattr(game, "initial"):
        raise TypeError(f"solve_chance needs a game (aisearch.core.Game), not {game!r}")
    if as_int(limit, 0) < 1:
        raise ValueError(f"limit must be a positive int (states), not {limit!r}")
    if progress is not None and progress.__class__ is not bool:
        raise TypeError(f"progress must be True, False or None (a bar after a few seconds), "
                        f"not {progress!r}")
    if policies is not None and not isinstance(policies, Mapping):
        raise TypeError(f"policies must be a mapping {{player: agent}}, such as {{MIN: "
                        f"Pig(20).hold_at(10)}}, or None (both play their best), not "
                        f"{policies!r:.80}")
    chosen: dict[int, Callable[..., Any]] = {}
    for player, agent in (policies or {}).items():
        side = as_int(player)  # (a numpy integer is the player it equals; a bool none)
        if side not in (MAX, MIN) or not callable(agent):
            raise ValueError(f"policies maps MAX (0) or MIN (1) to an agent(game, state) -> "
                             f"move, not {player!r}: {agent!r}")
        chosen[side] = agent
    states, kinds, succ, probs, payoff = _enumerate(game, limit, chosen)
    comps = _components(succ)
    value = list(payoff)
    choice = [-1] * len(states)
    bar = _progress(len(states), f"solving {game!r}", progress)
    member = [-1] * len(states)
    try:
        for c, comp in enumerate(comps):
            if len(comp) == 1 and comp[0] not in succ[comp[0]]:
                _backup(comp[0], kinds, succ, probs, value, choice)
            else:
                for v in comp:
                    member[v] = c
                _solve_cycle(comp, c, member, kinds, succ, probs, value, choice)
            if bar is not None:
                bar.update(len(comp))
    except _UndefinedError as e:
        if bar is not None:
            bar.close()
        s, outcomes = states[e.v], [value[j] for j in succ[e.v]]
        why = ("an outcome's value is NaN" if any(x != x for x in outcomes) else
               "it mixes +inf and -inf outcomes")
        raise ValueError(f"the expectation at chance state {s!r:.200} is undefined ({why}): "
                         "use finite payoffs under chance") from None
    if bar is not None:
        bar.close()
    moves = [probs[i][k] if k >= 0 else None for i, k in enumerate(choice)]
    import numpy as np  # (here: ``import aisearch`` does not load numpy)

    return ChanceSolution(game, states, np.array(value, dtype=float), moves)


class _UndefinedError(ValueError):
    """The expectation at state number ``v`` is NaN (named by :func:`solve_chance`)."""

    def __init__(self, v: int) -> None:
        super().__init__(v)
        self.v = v


def _backup(v: int, kinds: list, succ: list, probs: list, value: list, choice: list) -> None:
    """The value of a state whose successors are all solved (first best move on ties)."""
    kind = kinds[v]
    if kind == DICE:
        total = 0.0
        for j, p in zip(succ[v], probs[v], strict=True):
            total += p * value[j]
        if total != total:  # (inf - inf: as expectiminimax, refused)
            raise _UndefinedError(v)
        value[v] = total
    elif kind != TERMINAL:
        kids = succ[v]
        best, k = value[kids[0]], 0
        for i in range(1, len(kids)):
            x = value[kids[i]]
            if (x > best) if kind == DECIDE_MAX else (x < best):
                best, k = x, i
        value[v], choice[v] = best, k


def _solve_cycle(comp: list, c: int, member: list, kinds: list, succ: list, probs: list,
                 value: list, choice: list) -> None:
    """Solve one strongly connected component exactly (policy iteration over its feedback
    states; value iteration if that does not settle)."""
    import numpy as np

    order, feedback = _dag_order(comp, c, member, succ)
    slot = {v: k for k, v in enumerate(feedback)}
    f = len(feedback)
    for v in comp:  # a first guess: one sweep of value iteration from 0
        value[v] = 0.0
    for v in order:
        _backup(v, kinds, succ, probs, value, choice)
    for _ in range(60 if f <= 12 else 0):  # many feedback states: value iteration only
        coef: dict[int, list[float]] = {}  # value = coef[0] + sum(coef[k + 1] * x[k])
        for v in order:
            kids = succ[v]
            if kinds[v] == DICE:
                vec = [0.0] * (f + 1)
                for j, p in zip(kids, probs[v], strict=True):
                    k = slot.get(j)
                    if k is not None:
                        vec[k + 1] += p
                    elif member[j] == c:
                        for t, y in enumerate(coef[j]):
                            vec[t] += p * y
                    else:
                        vec[0] += p * value[j]
            else:
                j = kids[choice[v]]
                k = slot.get(j)
                if k is not None:
                    vec = [0.0] * (f + 1)
                    vec[k + 1] = 1.0
                elif member[j] == c:
                    vec = coef[j]
                else:
                    vec = [value[j]] + [0.0] * f
            coef[v] = vec
        a = np.array([coef[v][1:] for v in feedback]).reshape(f, f)
        b = np.array([coef[v][0] for v in feedback])
        try:
            x = [float(y) for y in np.linalg.solve(np.eye(f) - a, b)]
        except np.linalg.LinAlgError:
            break
        for v in order:
            vec = coef[v]
            value[v] = vec[0] + sum(y * z for y, z in zip(vec[1:], x, strict=True))
        changed = False
        for v in order:
            if kinds[v] in (DECIDE_MAX, DECIDE_MIN):
                kids = succ[v]
                old = choice[v]
                _backup(v, kinds, succ, probs, value, choice)
                k = choice[v]
                gain = value[kids[k]] - value[kids[old]]
                if (gain > 1e-12 if kinds[v] == DECIDE_MAX else gain < -1e-12):
                    changed = True
                else:
                    choice[v] = old
                value[v] = value[kids[choice[v]]]
        if not changed:
            break
    # confirm by value iteration (Gauss-Seidel, successors first) to a fixed point; it does
    # the work when no policy settled
    settled = 1e-15 * max(1.0, max(abs(value[v]) for v in order))  # (a last bit may flip)
    for _ in range(SWEEPS):
        delta = 0.0
        for v in order:
            old = value[v]
            _backup(v, kinds, succ, probs, value, choice)
            delta = max(delta, abs(value[v] - old))
        if delta <= settled:
            break
    else:
        warnings.warn(f"solve_chance: the values of a cycle of {len(comp):,} states did not "
                      f"settle in {SWEEPS:,} sweeps of value iteration (the last changed them "
                      f"by up to {delta:.1e}): they are approximate", RuntimeWarning,
                      stacklevel=3)


def _dag_order(comp: list, c: int, member: list, succ: list) -> tuple[list, list]:
    """An order of the component's states, successors first, once the edges into its
    *feedback* states (targets of back edges of a depth-first search) are cut; and those
    feedback states."""
    path: set[int] = set()  # the states on the search's path
    order: list[int] = []
    feedback: list[int] = []
    for label, _, w in _depth_first(comp, succ, lambda w: member[w] == c):
        if label == "forward":
            path.add(w)
        elif label == "nontree":
            if w in path and w not in feedback:
                feedback.append(w)
        else:
            path.remove(w)
            order.append(w)
    return order, feedback


@lru_cache(maxsize=1)
def nannon_solution(progress: bool | None = None) -> ChanceSolution:
    """Nannon solved exactly (kept after the first call): values, win chances, best moves.

    ``progress`` as for :func:`solve_chance` (a bar after 3 seconds by default).

    >>> from aisearch.games.nannon import Nannon
    >>> solution = nannon_solution()
    >>> len(solution), solution.win_probability(Nannon().initial, 0)
    (32901, 0.5)
    """
    from aisearch.games.nannon import Nannon

    return solve_chance(Nannon(), progress=progress)
