"""Pig, the dice game: roll to build a turn total, or hold to bank it; a 1 loses the turn.

Rules as Neller and Presser (2004) solve them, and as OpenSpiel's ``pig`` plays them (two
players, one die):

- Players take turns; player 1 (MAX) starts. On a turn the player rolls a die again and
  again. A 1 ends the turn and scores nothing; any other face is added to the *turn total*.
- Instead of rolling, the player may *hold*: the turn total is added to their score and the
  turn passes. Holding with a turn total of 0 is allowed (it only passes the turn).
- Whoever reaches ``goal`` points (100 by default) wins. Once score plus turn total reaches
  the goal, holding is the only move (and wins).

A state is a :class:`PigState` (both scores, the turn total, whose turn, and whether the die
is in the air: the CHANCE state between a roll and its outcome). Moves are ``'roll'`` and
``'hold'``; the die's outcomes are the faces ``1..die``. The utility is +1 when MAX wins and
-1 when MIN wins, so an expected utility ``v`` is a win probability ``(v + 1) / 2``.

Examples
--------
>>> game = Pig(goal=20)
>>> s = game.result(game.initial, "roll")
>>> game.to_move(s), game.chance_outcomes(s)[0]
(-1, (1, 0.16666666666666666))
>>> s = game.result(s, 5)
>>> s
PigState(score=(0, 0), turn=5, player=0, rolling=False, goal=20)
>>> game.moves(s), game.result(s, "hold").score
(('roll', 'hold'), (5, 0))

Notes
-----
Neller and Presser, "Optimal play of the dice game Pig", *The UMAP Journal* 25(1), 2004:
with goal 100 the first player wins with probability about 0.5306 under optimal play
(reproduced by :func:`aisearch.solve_chance.pig_solution` and ``benchmarks/bench_chance.py``).
Lesson ``06_games_of_chance``.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from aisearch.core import (
    CHANCE,
    MAX,
    MIN,
    GameBase,
    as_int,
    checks_state,
    for_player,
    number_text,
    picture,
)

__all__ = ["Pig", "PigState", "MAX_GOAL", "MAX_DIE"]

MAX_GOAL = 1000
"""The highest goal a game of Pig may have (it has about goal**3 / 2 states)."""
MAX_DIE = 100
"""The most faces the die may have."""

_new = tuple.__new__  # builds a PigState without the NamedTuple constructor's Python call


class PigState(NamedTuple):
    """A Pig position: ``score`` (MAX's, MIN's), the ``turn`` total, whose turn (``player``),
    ``rolling`` (the die is in the air: a CHANCE state) and the ``goal``.

    Examples
    --------
    >>> game = Pig(goal=6)
    >>> s = game.result(game.initial, "roll")  # the die is in the air
    >>> s, game.to_move(s) == CHANCE
    (PigState(score=(0, 0), turn=0, player=0, rolling=True, goal=6), True)
    >>> s = game.result(s, 5)  # a 5: add it to the turn total
    >>> s = game.result(s, "hold")  # bank it: MIN's turn
    >>> s.score, s.turn, s.player, hash(s) == hash(PigState((5, 0), 0, 1, False, 6))
    ((5, 0), 0, 1, True)
    """

    score: tuple[int, int]
    turn: int
    player: int
    rolling: bool
    goal: int

    def _repr_svg_(self) -> str | None:
        return picture(Pig(self.goal), self)


class Pig(GameBase):
    """The dice game Pig for two players: roll or hold, first to ``goal`` wins.

    Parameters
    ----------
    goal : int
        Points needed to win (1 to 1000; Neller and Presser's game is 100).
    die : int
        Faces of the die (2 to 100); face 1 ends the turn.

    Examples
    --------
    >>> game = Pig(goal=2)
    >>> s = game.result(game.result(game.initial, "roll"), 3)
    >>> game.moves(s)
    ('hold',)
    >>> t = game.result(s, "hold")
    >>> game.is_terminal(t), game.utility(t)
    (True, 1)
    """

    has_chance = True
    win = 1
    sides = {MAX: "Player 1", MIN: "Player 2"}
    move_grid = (("roll", "hold"),)
    max_play_depth = 10  # the play widget's deepest search (a roll is a ply): under a second

    def __init__(self, goal: int = 100, die: int = 6) -> None:
        sizes = []  # (numpy integers are read as the ints they are)
        for name, v, least in (("goal", goal, 1), ("die", die, 2)):
            n = as_int(v)
            if n is None or n < least:
                raise ValueError(f"Pig: {name} must be an int >= {least}, not {v!r:.80}")
            sizes.append(n)
        goal, die = sizes
        if goal > MAX_GOAL:
            raise ValueError(f"Pig: goal {number_text(goal)} is too large (at most "
                             f"{MAX_GOAL}): the game has about goal**3 / 2 states")
        if die > MAX_DIE:
            raise ValueError(f"Pig: die {number_text(die)} is too large (at most {MAX_DIE} "
                             "faces): every roll has one outcome per face")
        self.goal, self.die = goal, die
        self.initial = PigState((0, 0), 0, MAX, False, goal)
        self._faces = tuple((face, 1 / die) for face in range(1, die + 1))

    evaluations = ("score_eval",)

    def is_state(self, s: Any) -> bool:
        """True for a :class:`PigState` with this game's goal. The protocol methods, on the
        searchers' hot path, test the same two things inline.

        >>> Pig(goal=20).is_state(Pig(goal=20).initial), Pig(goal=20).is_state(Pig().initial)
        (True, False)
        """
        return s.__class__ is PigState and s[4] == self.goal

    @property
    def state_help(self) -> str:  # type: ignore[override]
        return f"a state is a PigState with goal {self.goal}: start from game.initial"

    @checks_state
    def to_move(self, s: PigState) -> int:
        if s.__class__ is not PigState or s[4] != self.goal:  # (is_state, inline)
            raise self.not_a_state(s)
        return CHANCE if s[3] else s[2]

    @checks_state
    def is_terminal(self, s: PigState) -> bool:
        if s.__class__ is not PigState or s[4] != self.goal:  # (is_state, inline)
            raise self.not_a_state(s)
        return s[0][0] >= self.goal or s[0][1] >= self.goal

    @checks_state
    def moves(self, s: PigState) -> tuple:
        if s.__class__ is not PigState or s[4] != self.goal:  # (is_state, inline)
            raise self.not_a_state(s)
        score, turn, player, rolling, goal = s
        if score[0] >= goal or score[1] >= goal:
            return ()
        if rolling:
            return tuple(range(1, self.die + 1))
        if score[player] + turn >= goal:
            return ("hold",)
        return ("roll", "hold")

    @checks_state
    def chance_outcomes(self, s: PigState) -> tuple:
        if s.__class__ is not PigState or s[4] != self.goal:  # (is_state, inline)
            raise self.not_a_state(s)
        if not s[3] or s[0][0] >= self.goal or s[0][1] >= self.goal:
            raise ValueError(f"{s!r} is not a chance state (the die is not in the air)")
        return self._faces

    @checks_state
    def result(self, s: PigState, m: Any) -> PigState:
        if s.__class__ is not PigState or s[4] != self.goal:  # (is_state, inline)
            raise self.not_a_state(s)
        score, turn, player, rolling, goal = s
        if rolling:
            if m.__class__ is not int or not 1 <= m <= self.die:  # a bool is no face
                face = as_int(m)  # (a numpy integer is the face it equals)
                if face is None or not 1 <= face <= self.die:
                    raise self.illegal(s, m, "the die shows a face")
                m = face
            if m == 1:  # the turn is lost
                return _new(PigState, (score, 0, 1 - player, False, goal))
            return _new(PigState, (score, turn + m, player, False, goal))
        if m == "roll" and score[player] + turn < goal and score[0] < goal > score[1]:
            return _new(PigState, (score, turn, player, True, goal))
        if m == "hold" and score[0] < goal > score[1]:
            banked = (score[0] + turn, score[1]) if player == MAX else (score[0], score[1] + turn)
            return _new(PigState, (banked, 0, 1 - player, False, goal))
        raise self.illegal(s, m)

    @checks_state
    def utility(self, s: PigState, player: int = MAX) -> int:
        if s.__class__ is not PigState or s[4] != self.goal:  # (is_state, inline)
            raise self.not_a_state(s)
        if s[0][0] < self.goal > s[0][1]:
            raise ValueError(f"utility of a non-terminal state {s!r}: Pig pays at the end only")
        return for_player(1 if s.score[MAX] >= self.goal else -1, player, self)

    def move_label(self, s: PigState, m: Any) -> str:
        if m == "hold":
            return f"hold (+{s.turn})" if s.turn else "hold (pass)"
        return str(m)

    def score_eval(self, s: PigState) -> float:
        """A simple evaluation in [-1, 1]: MAX's lead, turn total counted, over the goal.

        >>> Pig(goal=20).score_eval(PigState((10, 4), 2, 0, False, 20))
        0.4
        """
        a, b = s.score
        if s.player == MAX:
            a += s.turn
        else:
            b += s.turn
        return max(-1.0, min(1.0, (a - b) / self.goal))

    def hold_at(self, n: int) -> Any:
        """The policy "roll until the turn total reaches ``n`` (or the goal), then hold", as an
        agent ``agent(game, state) -> move``.

        >>> policy = Pig(goal=20).hold_at(10)
        >>> policy(None, PigState((0, 0), 12, 0, False, 20)), policy(None, Pig(20).initial)
        ('hold', 'roll')
        """
        at = as_int(n)
        if at is None or at < 1:
            raise ValueError(f"hold_at(n): n must be an int >= 1 (the turn total to hold at), "
                             f"not {n!r:.80}")
        goal, n = self.goal, at

        def agent(game: Any, s: PigState) -> str:
            if s.score[s.player] + s.turn >= goal or s.turn >= n:
                return "hold"
            return "roll"

        agent.__name__ = f"hold_at_{n}"
        return agent

    def __repr__(self) -> str:
        die = "" if self.die == 6 else f", die={self.die}"
        return f"Pig(goal={self.goal}{die})"
