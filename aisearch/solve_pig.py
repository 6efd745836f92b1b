"""Pig solved exactly, fast: Neller and Presser's value iteration, one score sum at a time.

:func:`aisearch.solve_chance.solve_chance` solves any game with chance but walks every state
in Python: about two million states for Pig with goal 100. Pig's structure allows much
better (Neller and Presser 2004). Let ``P[i, j, k]`` be the probability that the player to
move wins with score ``i``, the opponent's score ``j`` and turn total ``k``:

- holding gives ``1 - P[j, i + k, 0]``, the opponent's chance taken away (a win once
  ``i + k`` reaches the goal);
- rolling gives ``((1 - P[j, i, 0]) + sum_{r=2..6} P[i, j, k + r]) / 6``.

Holding with ``k > 0`` raises the score sum ``i + j``, so the pairs of scores are solved from
the largest sum down; within one sum the values depend on each other only through
``P[j, i, 0]`` (a 1 gives the turn back with the scores unchanged). For fixed choices every
value is affine in that one unknown, so one sweep down the turn totals and a 2 x 2 solve per
pair of scores give them exactly; choices are improved until none changes (policy
iteration), all pairs of one sum at once with numpy.

Each player plays the best reply to the other's policy (``None``), follows a fixed "hold at
n" rule, or follows the optimal policy held fixed (``"optimal"``: the choices of the solution
where both play optimally), so the same code gives the optimum (both optimal), a simple
policy against its best reply or against the optimal player, or two simple policies. The two
are not the same: the best reply to "hold at 20" exploits it, the optimal player does not.

Examples
--------
>>> solution = pig_solution(100)
>>> round(solution.first_player_wins, 4)
0.5306
>>> from aisearch.games.pig import Pig
>>> solution.best_move(Pig().initial), round(solution.win_probability(Pig().initial), 4)
('roll', 0.5306)
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import numpy as np

from aisearch.core import MAX, MIN, as_int, not_a_player
from aisearch.games.pig import Pig, PigState

__all__ = ["PigSolution", "pig_solution"]


class PigSolution:
    """The win probabilities and choices of every Pig position, for given policies.

    Attributes
    ----------
    goal, die : int
        The game.
    holds : (int, None or "optimal", same)
        Player 1's and player 2's policy: a "hold at n" rule, None for the best reply to the
        other's policy, ``"optimal"`` for the optimal policy held fixed.
    table : numpy.ndarray
        ``table[p, i, j, k]``: the probability that player ``p`` (0 or 1), to move with score
        ``i``, the opponent's score ``j`` and turn total ``k``, wins (1 once ``i + k`` reaches
        the goal).
    roll : numpy.ndarray
        ``roll[p, i, j, k]``: True where the player rolls (False: holds).
    """

    def __init__(self, goal: int, die: int, holds: tuple, table: np.ndarray,
                 roll: np.ndarray) -> None:
        self.goal, self.die, self.holds, self.table, self.roll = goal, die, holds, table, roll
        self.game = Pig(goal, die)

    @property
    def first_player_wins(self) -> float:
        """The probability that player 1 (who moves first) wins."""
        return float(self.table[0, 0, 0, 0])

    def _check(self, s: Any) -> PigState:
        if not isinstance(s, PigState) or s.goal != self.goal:
            raise ValueError(f"{s!r} is not a state of {self.game!r}")
        if min(*s.score, s.turn) < 0:  # (a negative index would read another state's entry)
            raise ValueError(f"{s!r} is not a state of {self.game!r}: scores and the turn "
                             "total are never negative")
        return s

    def win_probability(self, s: PigState, player: int | None = None) -> float:
        """The probability that ``player`` (default: the player whose turn it is) wins."""
        s = self._check(s)
        if player is None:
            player = s.player
        if as_int(player) not in (MAX, MIN):
            raise not_a_player(player, self.game)
        if self.game.is_terminal(s):
            won = s.score[player] >= self.goal
            return 1.0 if won else 0.0
        if s.rolling:  # the expectation over the faces
            faces = self.game.chance_outcomes(s)
            p_mover = sum(q * self.win_probability(self.game.result(s, f), s.player)
                          for f, q in faces)
        else:
            me, other = s.score[s.player], s.score[1 - s.player]
            p_mover = float(self.table[s.player, me, other, min(s.turn, self.goal)])
        return p_mover if player == s.player else 1 - p_mover

    def value(self, s: PigState) -> float:
        """The expected utility for MAX (+1 win, -1 loss): ``2 P(MAX wins) - 1``."""
        return 2 * self.win_probability(s, MAX) - 1

    def best_move(self, s: PigState) -> str:
        """The move the solution makes at decision state ``s``: ``'roll'`` or ``'hold'``."""
        s = self._check(s)
        if s.rolling or self.game.is_terminal(s):
            raise ValueError(f"{s!r} is not a decision state")
        me, other = s.score[s.player], s.score[1 - s.player]
        if me + s.turn >= self.goal:
            return "hold"
        return "roll" if self.roll[s.player, me, other, s.turn] else "hold"

    def agent(self, game: Any, s: PigState) -> str:
        """Play the solution's move (an agent for :func:`aisearch.play` and the widgets)."""
        return self.best_move(s)

    def __repr__(self) -> str:
        both = self.holds == (None, None)
        who = ", ".join("optimal" if h == "optimal" or h is None and both else
                        "best reply" if h is None else f"hold at {h}" for h in self.holds)
        return f"<PigSolution goal={self.goal}: {who}; player 1 wins {self.first_player_wins:.4f}>"


def pig_solution(goal: int = 100, die: int = 6, *, hold_at: tuple[int | None, int | None] =
                 (None, None)) -> PigSolution:
    """Solve Pig exactly: every position's win probability and the players' choices.

    Parameters
    ----------
    goal, die : int
        The game (:class:`~aisearch.games.pig.Pig`).
    hold_at : (n1, n2)
        Player 1's and player 2's policy: an int ``n`` rolls until the turn total reaches
        ``n`` (or the goal) and holds; ``None`` plays the best reply to the other's policy
        (the optimum when both are None); ``"optimal"`` plays the optimal policy (the
        choices of ``hold_at=(None, None)``) whatever the other does.

    Examples
    --------
    "Hold at 20" moving first, against the player who knows it and exploits it, and against
    the optimal player:

    >>> round(pig_solution(100, hold_at=(20, None)).first_player_wins, 4)
    0.4776
    >>> round(pig_solution(100, hold_at=(20, "optimal")).first_player_wins, 4)
    0.4917
    """
    Pig(goal, die)  # checks goal and die
    if not (isinstance(hold_at, tuple) and len(hold_at) == 2 and all(
            h is None or (isinstance(h, str) and h == "optimal")
            or (not isinstance(h, str) and as_int(h, 0) >= 1) for h in hold_at)):
        raise ValueError(f"hold_at must be a pair, each an int >= 1 (hold at n), None (the best "
                         f"reply) or 'optimal' (the optimal policy), not {hold_at!r}")
    if hold_at == ("optimal", "optimal"):
        hold_at = (None, None)  # (the same policies)
    return _solve(goal, die, hold_at)


@lru_cache(maxsize=8)
def _solve(goal: int, die: int, holds: tuple) -> PigSolution:
    g, width = goal, goal + die + 1
    table = np.ones((2, g, g, width))  # 1 where score + turn total reaches the goal
    roll = np.zeros((2, g, g, width), dtype=bool)
    ks = np.arange(width)
    fixed = [(p, n) for p, n in enumerate(holds) if n is not None]
    optimal: Any = _solve(goal, die, (None, None)).roll if "optimal" in holds else None
    for total in range(2 * g - 2, -1, -1):  # the score sum i + j, largest first
        i = np.arange(max(0, total - g + 1), min(total, g - 1) + 1)
        j = total - i
        swap = j - i[0]  # where (j, i) sits in this block
        open_k = (i[None, :] + ks[:, None]) < g  # [k, r]: not yet at the goal
        at = np.minimum(i[None, :] + ks[:, None], g - 1)
        later = np.stack([np.where(open_k, 1 - table[1 - p, j[None, :], at, 0], 1.0)
                          for p in (0, 1)], axis=1)  # [k, p, r]: holding, for k > 0
        last = int(np.flatnonzero(open_k.any(axis=1)).max())
        # P[p, i, j, 0], the unknowns of this block; first guess: one point more for j
        x = table[:, i, np.minimum(j + 1, g - 1), 0] if total < 2 * g - 2 else \
            np.full((2, len(i)), 0.5)
        forced = [(p, ks[:, None] < n if n != "optimal" else optimal[p, i, j].T)  # [k, r]
                  for p, n in fixed]
        # [k]: no total k reaches the goal in this block
        every_open: list[bool] = np.asarray(open_k.all(axis=1)).tolist()
        previous = None
        for _ in range(100):
            c = np.ones((width, 2, len(i)))  # value = c + a * y, y = P[1 - p, j, i, 0]
            a = np.zeros((width, 2, len(i)))
            choice = np.zeros((width, 2, len(i)), dtype=bool)
            y = x[::-1][:, swap]
            for k in range(last, -1, -1):
                cr = (1 + c[k + 2:k + die + 1].sum(axis=0)) / die
                ar = (a[k + 2:k + die + 1].sum(axis=0) - 1) / die
                if k:  # holding banks the turn total: the opponent's value at the new score
                    ch, ah = later[k], 0.0
                    pick = cr + ar * y >= ch  # roll on ties (first in move order)
                else:  # holding at a turn total of 0: the opponent to move, as after a 1
                    ch, ah = 1.0, -1.0
                    pick = cr + ar * y >= 1 - y
                for p, rolls in forced:
                    pick[p] = rolls[k]
                if every_open[k]:
                    c[k], a[k], choice[k] = np.where(pick, cr, ch), np.where(pick, ar, ah), pick
                else:
                    ok = open_k[k]
                    c[k] = np.where(ok, np.where(pick, cr, ch), 1.0)
                    a[k] = np.where(ok, np.where(pick, ar, ah), 0.0)
                    choice[k] = pick & ok
            c0, a0 = c[0], a[0]
            x = (c0 + a0 * c0[::-1][:, swap]) / (1 - a0 * a0[::-1][:, swap])
            if previous is not None and np.array_equal(choice, previous) or \
                    _consistent(c + a * x[::-1][:, swap][None], x[::-1][:, swap], choice,
                                later, open_k, die, forced):
                break
            previous = choice
        y = x[::-1][:, swap]
        table[:, i, j] = np.moveaxis(c + a * y[None], 0, -1)
        roll[:, i, j] = np.moveaxis(choice, 0, -1)
    return PigSolution(goal, die, holds, table, roll)



def _consistent(values: np.ndarray, y: np.ndarray, choice: np.ndarray, later: np.ndarray,
                open_k: np.ndarray, die: int, fixed: list) -> bool:
    """True when ``choice`` is the best choice everywhere for these ``values`` (so they solve
    the block's optimality equations): checked for all turn totals at once."""
    suffix = np.concatenate([np.cumsum(values[::-1], axis=0)[::-1], np.zeros_like(values[:1])])
    k = np.arange(values.shape[0] - die - 1)
    rolled = ((1 - y)[None] + suffix[k + 2] - suffix[k + die + 1]) / die
    hold = later[k].copy()
    hold[0] = 1 - y
    pick = rolled >= hold
    for p, rolls in fixed:
        pick[:, p] = rolls[k]
    return bool(np.array_equal(pick & open_k[k][:, None, :], choice[k]))
