"""UCB1, the score by which MCTS chooses a child, and the rewards it backs up.

UCB1 (Auer, Cesa-Bianchi & Fischer 2002) scores a child ``j`` of a node ``p`` as::

    UCB1(j) = W_j / n_j + c * sqrt(ln N_p / n_j)

with the *parent's* visits ``N_p`` under the logarithm. Rewards are in [0, 1]: each
player's is the fraction of the other players whose utility it beats, a tie counting
half (two players: win 1, draw 1/2, loss 0), or a payoff scaled linearly
(:func:`scaled_rewards`).

Examples
--------
>>> round(ucb1(3, 4, 10), 4)
1.823
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Callable
from typing import Any

from aisearch.core import Game, as_int, is_number, type_note

__all__ = ["SQRT2", "ucb1", "rewards", "scaled_rewards"]

SQRT2 = math.sqrt(2)


def ucb1(total: float, visits: int, parent_visits: int, c: float = SQRT2) -> float:
    """UCB1 score of a child: ``total / visits + c * sqrt(ln(parent_visits) / visits)``.

    Parameters
    ----------
    total : float
        The child's summed reward (for the player choosing at the parent): rewards are in
        [0, 1], so from 0 to ``visits``.
    visits : int
        The child's visits, ``n_j``; 0 gives ``inf`` (an untried child goes first).
    parent_visits : int
        The parent's visits, ``N_p`` (the logarithm is of the parent's count), at least
        the child's.
    c : float
        The exploration constant, a finite number >= 0.

    Examples
    --------
    >>> round(ucb1(3, 4, 10), 4)   # 0.75 + sqrt(2) * sqrt(ln 10 / 4)
    1.823
    >>> ucb1(0, 0, 5)
    inf
    >>> ucb1(5, 2, 10)
    Traceback (most recent call last):
    ...
    ValueError: total must be a number from 0 to visits (2): rewards are in [0, 1], not 5
    """
    counts = {}
    for name, n in (("visits", visits), ("parent_visits", parent_visits)):
        k = as_int(n, -1)
        if k < 0:
            raise ValueError(f"{name} must be a non-negative int (a count of visits), not "
                             f"{n!r:.80}{type_note(n)}")
        counts[name] = k
    if counts["parent_visits"] < counts["visits"]:
        raise ValueError(f"parent_visits must be at least visits: a child's visits are "
                         f"among its parent's; got visits={visits!r}, "
                         f"parent_visits={parent_visits!r}")
    if not is_number(total) or not 0 <= total <= counts["visits"]:
        raise ValueError(f"total must be a number from 0 to visits ({counts['visits']}): "
                         f"rewards are in [0, 1], not {total!r:.80}")
    return ucb1_unchecked(total, counts["visits"], counts["parent_visits"], exploration(c))


def exploration(c: Any) -> float:
    """``c``, UCB1's exploration constant, checked (a finite number >= 0, numpy's too) and
    made a float.

    >>> exploration(2)
    2.0
    >>> exploration(float("inf"))
    Traceback (most recent call last):
    ...
    ValueError: c (the exploration constant) must be a finite number >= 0, not inf
    """
    if not is_number(c) or not 0 <= c < math.inf:
        raise ValueError(f"c (the exploration constant) must be a finite number >= 0, not "
                         f"{c!r:.80}")
    return float(c)


def ucb1_unchecked(total: float, visits: int, parent_visits: int, c: float) -> float:
    """:func:`ucb1` of arguments known to be right (as MCTS keeps them): not checked.

    >>> ucb1_unchecked(3, 4, 10, SQRT2) == ucb1(3, 4, 10)
    True
    """
    if visits == 0:
        return math.inf
    return total / visits + c * math.sqrt(math.log(parent_visits) / visits)


def rewards(game: Game, s: Any, players: int = 2) -> tuple[float, ...]:
    """Each player's reward at terminal state ``s``: the fraction of the other players whose
    utility it beats, ties counting half (two players: win 1, draw 1/2, loss 0).

    Only the order of the utilities counts: in a game of payoffs (an explicit tree) a
    positive payoff is MAX's win however small, and where every payoff has the same sign
    every playout earns the same reward. Give such games :func:`scaled_rewards`.

    >>> from aisearch.games import TicTacToe
    >>> game = TicTacToe()
    >>> rewards(game, TicTacToe.parse("xxx/oo./..."))
    (1.0, 0.0)
    """
    if players == 2:  # the usual case: plain numbers compared at once
        u = [game.utility(s, 0), game.utility(s, 1)]
        a, b = u
        if (a.__class__ is int or a.__class__ is float) and (
                b.__class__ is int or b.__class__ is float) and a == a and b == b:
            return (1.0, 0.0) if a > b else (0.0, 1.0) if a < b else (0.5, 0.5)
    else:
        if players.__class__ is not int or players < 2:
            raise ValueError(f"players must be an int >= 2 (the game's players), not "
                             f"{players!r:.80}")
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
    from [low, high] to [0, 1] (explicit trees with numbers at the tips). In a zero-sum game
    of two players (MIN's utility is minus MAX's), MIN's reward is 1 minus MAX's: MAX's
    payoff lies in [low, high], MIN's need not.

    >>> from aisearch.games import fig5_2
    >>> [round(r, 3) for r in scaled_rewards(2, 14)(fig5_2, (0, 0))]  # the tip worth 3
    [0.083, 0.917]
    """
    for name, x in (("low", low), ("high", high)):
        if not is_number(x) or not math.isfinite(x):
            raise TypeError(f"{name} must be a finite number, not {x!r:.80}")
    if not low < high:
        raise ValueError(f"low must be below high, not low={low!r}, high={high!r}")
    span = high - low

    def scaled(game: Game, s: Any, players: int = 2) -> tuple[float, ...]:
        out: list[float] = []
        first: Any = None
        for p in range(players):
            u = game.utility(s, p)
            if p == 0:
                first = u
            elif players == 2 and u == -first:  # zero-sum: MAX's payoff scaled, flipped
                out.append(1.0 - out[0])
                continue
            if not is_number(u) or not low <= u <= high:
                what = "outside the scale" if is_number(u) else "not a number on the scale"
                raise ValueError(f"utility {u!r:.80} at state {s!r:.80} is {what} "
                                 f"[{low}, {high}] given to scaled_rewards")
            out.append((u - low) / span)
        return tuple(out)

    scaled.__name__ = f"scaled_rewards({low}, {high})"
    return scaled
