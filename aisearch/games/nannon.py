"""Nannon: Jordan Pollack's miniature backgammon (six points, three checkers a side, one die).

The rules as implemented here (after Pollack's published rules, nannon.com):

- The board is a row of six points. White (MAX) moves from point 1 towards point 6, Black
  (MIN) the other way. Each player counts positions in their own direction: 0 is *home*
  (off the board, before entering), 1-6 the points, 7 *safety* (borne off). White's point
  ``p`` is Black's point ``7 - p``.
- Each player has three checkers, starting one at home and one on each of their own points 1
  and 2.
- Opening: both players throw a die; the higher throw moves first, using the difference of
  the two throws (1-5); equal throws are thrown again. So the first chance event chooses who
  starts and the opening roll together: roll ``k`` for a given player with probability
  ``(6 - k) / 30``.
- Afterwards a turn is: throw one die, then move one checker exactly that many points
  forward. A checker at home enters on the point equal to the roll. A checker on the board
  whose move would pass point 6 goes to safety (an exact roll is not needed).
- At most one checker stands on a point. A checker may not land on its own side's checker.
  Landing on a single opponent checker *hits* it (it goes back to its home), unless it is
  protected: an opponent checker with another opponent checker on a neighbouring point
  (a *prime*) cannot be hit, and landing there is not allowed.
- A player with a legal move must move; with none, the only move is ``'pass'``.
- The first player to bring all three checkers to safety wins. (Pollack scores a win with
  no enemy checker in safety, a *nannon*, as two games; here every win is worth 1, so
  values are win probabilities: utility +1 when White wins, -1 when Black wins.)

A state is a :class:`NannonState`: both sides' checkers (sorted positions in their own
direction), whose turn, and the die (0 while it is still to be thrown: a CHANCE state). A
move names the position the checker leaves (0 for home), or ``'pass'``.

Examples
--------
>>> game = Nannon()
>>> game.initial
NannonState(white=(0, 1, 2), black=(0, 1, 2), player=-1, roll=0)
>>> game.chance_outcomes(game.initial)[:2]
((('White', 1), 0.16666666666666666), (('White', 2), 0.13333333333333333))
>>> s = game.result(game.initial, ("White", 3))
>>> game.moves(s), game.move_label(s, 1)   # 2→5 would hit a primed checker
((0, 1), '1→4')
>>> game.result(s, 1)
NannonState(white=(0, 2, 4), black=(0, 1, 2), player=1, roll=0)
"""

from __future__ import annotations

from typing import Any, NamedTuple

from aisearch.core import CHANCE, MAX, MIN, GameBase, as_int, checks_state, for_player, picture

__all__ = ["Nannon", "NannonState"]

HOME, SAFE, POINTS = 0, 7, 6
NAMES = ("White", "Black")
_FACES = frozenset(range(1, 7))
_ALL_SAFE = (SAFE, SAFE, SAFE)
_PLAYS: dict = {}  # decision state -> {move: next state}, shared by every Nannon()
_MOVES: dict = {}  # decision state -> its moves (the keys of _PLAYS[s]), as a tuple
_MEMO = 100_000  # states remembered at most (Nannon has fewer decision states)


class _Fields(NamedTuple):
    white: tuple[int, int, int]
    black: tuple[int, int, int]
    player: int
    roll: int


class NannonState(_Fields):
    """A Nannon position: ``white`` and ``black`` checkers (sorted positions, each in its own
    direction: 0 home, 1-6 points, 7 safety), ``player`` whose turn it is (-1 before the
    opening throw) and ``roll``, the die to play (0: still to be thrown, a CHANCE state).

    ``NannonState(white, black, player, roll)`` checks that the fields describe a position
    (three checkers a side, at most one checker on a point, a player and a die that exist;
    the positions of a side may come in any order and as any sequence of ints, numpy's
    too: they are kept sorted, as a tuple), so the game's methods need only check that a
    state is a NannonState:

    >>> NannonState((0, 1, 2), (0, 1, 2), 5, 0)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: NannonState: player must be 0 (White), 1 (Black) or -1 (before the opening ...

    Examples
    --------
    >>> game = Nannon()
    >>> s = game.initial  # before the opening throw: a CHANCE state
    >>> s, game.to_move(s) == CHANCE
    (NannonState(white=(0, 1, 2), black=(0, 1, 2), player=-1, roll=0), True)
    >>> s = game.result(s, ("White", 1))  # the opening throw: White plays a 1
    >>> game.moves(s), [game.move_label(s, m) for m in game.moves(s)]
    ((2,), ['2→3'])
    >>> s = game.result(s, 2)
    >>> s
    NannonState(white=(0, 1, 3), black=(0, 1, 2), player=1, roll=0)
    >>> s.board()
    ('W', '.', 'W', '.', 'B', 'B')
    """

    __slots__ = ()

    def __new__(cls, white: Any, black: Any, player: Any, roll: Any) -> NannonState:
        return _new(cls, _checked_fields(white, black, player, roll))

    @classmethod
    def _make(cls, iterable: Any) -> NannonState:  # type: ignore[override]  # (_replace: checked)
        return cls(*iterable)

    def board(self) -> tuple[str, ...]:
        """The six points from White's point 1 to 6: ``'W'``, ``'B'`` or ``'.'``.

        >>> Nannon().initial.board()
        ('W', 'W', '.', '.', 'B', 'B')
        """
        cells = ["."] * POINTS
        for p in self.white:
            if 1 <= p <= POINTS:
                cells[p - 1] = "W"
        for p in self.black:
            if 1 <= p <= POINTS:
                cells[POINTS - p] = "B"
        return tuple(cells)

    def __str__(self) -> str:
        home = (self.white.count(HOME), self.black.count(HOME))
        safe = (self.white.count(SAFE), self.black.count(SAFE))
        turn = "opening" if self.player < 0 else NAMES[self.player]
        die = f" rolled {self.roll}" if self.roll else ""
        return (f"W home {home[0]} safe {safe[0]} | {''.join(self.board())} | "
                f"B home {home[1]} safe {safe[1]} | {turn}{die}")

    def _repr_svg_(self) -> str | None:
        return picture(Nannon(), self)


_new = tuple.__new__  # builds a NannonState the rules made, without checking it again
_WHERE = "positions 0 (home) to 7 (safety), in the side's own direction"


def _checked_fields(white: Any, black: Any, player: Any, roll: Any) -> tuple:
    """The fields of a NannonState, checked and made canonical (sorted tuples of ints)."""
    sides = []
    for name, given in (("white", white), ("black", black)):
        try:
            ps = [as_int(p) for p in given]
        except TypeError:
            ps = []
        if len(ps) != 3 or any(p is None or not HOME <= p <= SAFE for p in ps):
            raise ValueError(f"NannonState: {name} must be three checkers' {_WHERE}, such as "
                             f"(0, 1, 2), not {given!r:.80}")
        on_board = [p for p in ps if p != HOME and p != SAFE]
        if len(set(on_board)) < len(on_board):
            raise ValueError(f"NannonState: {name} has two checkers on one point: {given!r}")
        sides.append(tuple(sorted(ps)))
    p, r = as_int(player), as_int(roll)
    if p not in (-1, MAX, MIN):
        raise ValueError(f"NannonState: player must be 0 (White), 1 (Black) or -1 (before the "
                         f"opening throw), not {player!r:.80}")
    if r is None or not 0 <= r <= 6 or (p == -1 and r != 0):
        raise ValueError(f"NannonState: roll must be the die to play, 1 to 6, or 0 (still to "
                         f"be thrown; always 0 before the opening throw), not {roll!r:.80}")
    w, b = sides
    shared = sorted(q for q in w if q not in (HOME, SAFE) and SAFE - q in b)
    if shared:
        raise ValueError(f"NannonState: White's point {shared[0]} is also Black's point "
                         f"{SAFE - shared[0]}: at most one checker stands on a point")
    if w == _ALL_SAFE and b == _ALL_SAFE:
        raise ValueError("NannonState: both sides have borne off all their checkers: only "
                         "one side can win")
    return w, b, p, r


def _opening() -> tuple:
    out = []
    for player in NAMES:
        for k in range(1, 6):
            out.append(((player, k), (6 - k) / 30))
    return tuple(out)


def _plays(s: NannonState) -> dict:
    """The legal moves at a decision state and the states they lead to (cached)."""
    found = _PLAYS.get(s)
    if found is not None:
        return found  # type: ignore[return-value]
    mine, theirs = (s.white, s.black) if s.player == MAX else (s.black, s.white)
    r = s.roll
    plays: dict[Any, NannonState] = {}
    for q in sorted(set(mine)):
        if q == SAFE:
            continue
        to = q + r
        if to > POINTS:
            if q == HOME:
                continue
            to = SAFE
        elif to in mine:
            continue
        hit = list(theirs)
        if to != SAFE:
            mirror = SAFE - to  # the same point in the opponent's direction
            if mirror in theirs:
                if mirror - 1 in theirs and mirror - 1 >= 1 or \
                        mirror + 1 in theirs and mirror + 1 <= POINTS:
                    continue  # protected by a prime
                hit[hit.index(mirror)] = HOME
        moved = list(mine)
        moved[moved.index(q)] = to
        a: Any = tuple(sorted(moved))
        b: Any = tuple(sorted(hit))
        white, black = (a, b) if s.player == MAX else (b, a)
        plays[q] = _new(NannonState, (white, black, 1 - s.player, 0))
    if not plays:
        plays["pass"] = _new(NannonState, (s.white, s.black, 1 - s.player, 0))
    if len(_PLAYS) < _MEMO:  # a memo of the rules (they never change): not game state
        _PLAYS[s], _MOVES[s] = plays, tuple(plays)
    return plays


_OPENING_MOVES = tuple(m for m, _ in _opening())
_FACE_MOVES = tuple(range(1, 7))


def _fast_is_terminal(s: NannonState) -> bool:
    return s[0] == _ALL_SAFE or s[1] == _ALL_SAFE


def _fast_to_move(s: NannonState) -> int:
    white, black, player, roll = s
    if roll == 0 and white != _ALL_SAFE and black != _ALL_SAFE:
        return CHANCE
    return player if player >= 0 else CHANCE


def _fast_moves(s: NannonState) -> tuple:
    white, black, player, roll = s
    if white == _ALL_SAFE or black == _ALL_SAFE:
        return ()
    if roll == 0:
        return _OPENING_MOVES if player < 0 else _FACE_MOVES
    found = _MOVES.get(s)
    return found if found is not None else tuple(_plays(s))


def _fast_result(s: NannonState, m: Any) -> NannonState:
    white, black, player, roll = s
    if roll:
        plays = _PLAYS.get(s)
        return (plays if plays is not None else _plays(s))[m]
    if player < 0:  # the opening throw: (who starts, the difference of the faces)
        return _new(NannonState, (white, black, NAMES.index(m[0]), m[1]))
    return _new(NannonState, (white, black, player, m))


# The protocol without the class test and the checks of a move, for the searchers
# (Nannon.unchecked); the methods below make those checks first.
_UNCHECKED = {"is_terminal": _fast_is_terminal, "to_move": _fast_to_move,
              "moves": _fast_moves, "result": _fast_result}


class Nannon(GameBase):
    """Pollack's Nannon: a backgammon of six points, three checkers a side and one die.

    White is MAX, Black is MIN; the opening throw decides who starts. See the module's
    docstring for the rules implemented. Every state is a :class:`NannonState`.

    Examples
    --------
    >>> game = Nannon()
    >>> s = NannonState((0, 1, 2), (0, 1, 2), 0, 4)   # White to play a 4
    >>> game.moves(s)   # 1→5 and 2→6 would land on Black's primed checkers
    (0,)
    >>> game.result(s, 0)
    NannonState(white=(1, 2, 4), black=(0, 1, 2), player=1, roll=0)
    """

    has_chance = True
    win = 1
    sides = {MAX: "White", MIN: "Black"}
    max_play_depth = 8  # the play widget's deepest search (a roll is a ply): a fraction of a second

    def __init__(self) -> None:
        self.initial = NannonState((0, 1, 2), (0, 1, 2), -1, 0)
        self._opening = _opening()
        self._openings = frozenset(o for o, _ in self._opening)
        self._faces = tuple((face, 1 / 6) for face in range(1, 7))

    evaluations = ("pip_eval",)
    state_help = "a state is a Nannon state (a NannonState): start from game.initial"

    def is_state(self, s: Any) -> bool:
        """True for a :class:`NannonState` (checked when it is built, so its class is the
        check, and every protocol method makes it inline).

        >>> Nannon().is_state(Nannon().initial), Nannon().is_state((0, 1, 2))
        (True, False)
        """
        return s.__class__ is NannonState

    def unchecked(self) -> dict[str, Any] | None:
        """``is_terminal``, ``to_move``, ``moves`` and ``result`` without the class test and
        the checks of a move, for the searchers (:meth:`GameBase.unchecked
        <aisearch.core.GameBase.unchecked>`): right for the states the rules make and the
        moves and outcomes they list; None for a subclass that replaces a protocol method.

        >>> game = Nannon()
        >>> fast, s = game.unchecked(), NannonState((0, 1, 2), (0, 1, 2), 0, 4)
        >>> fast["moves"](s) == game.moves(s), fast["result"](s, 0) == game.result(s, 0)
        (True, True)
        """
        return _UNCHECKED if self.protocol_is(Nannon) else None

    # The protocol methods, on the searchers' hot path, make the same class test inline.

    @checks_state
    def is_terminal(self, s: NannonState) -> bool:
        if s.__class__ is not NannonState:  # (is_state, inline)
            raise self.not_a_state(s)
        return s[0] == _ALL_SAFE or s[1] == _ALL_SAFE

    @checks_state
    def to_move(self, s: NannonState) -> int:
        if s.__class__ is not NannonState:  # (is_state, inline)
            raise self.not_a_state(s)
        if s[3] == 0 and s[0] != _ALL_SAFE and s[1] != _ALL_SAFE:
            return CHANCE
        return s[2] if s[2] >= 0 else CHANCE

    @checks_state
    def chance_outcomes(self, s: NannonState) -> tuple:
        if s.__class__ is not NannonState:  # (is_state, inline)
            raise self.not_a_state(s)
        if s.roll or s.white == _ALL_SAFE or s.black == _ALL_SAFE:
            raise ValueError(f"{s!r} is not a chance state (the die has been thrown)")
        return self._opening if s.player < 0 else self._faces

    @checks_state
    def moves(self, s: NannonState) -> tuple:
        if s.__class__ is not NannonState:  # (is_state, inline)
            raise self.not_a_state(s)
        return _fast_moves(s)

    @checks_state
    def result(self, s: NannonState, m: Any) -> NannonState:
        if s.__class__ is not NannonState:  # (is_state, inline)
            raise self.not_a_state(s)
        if s.white == _ALL_SAFE or s.black == _ALL_SAFE:
            raise self.illegal(s, m)  # (the game is over)
        if s.roll == 0:
            if s.player < 0:
                try:
                    known = m in self._openings
                except TypeError:  # (unhashable: a list is no throw)
                    known = False
                k = as_int(m[1]) if known else None  # (("White", True) equals ("White", 1))
                if k is not None:
                    return _new(NannonState, (s.white, s.black, NAMES.index(m[0]), k))
                raise self.illegal(s, m, "the opening throw is a pair (who starts, the "
                                         "difference of the two faces, 1 to 5), such as "
                                         "('White', 3)")
            face = as_int(m)  # (a numpy integer is the face it equals; a bool none)
            if face is not None and face in _FACES:
                return _new(NannonState, (s.white, s.black, s.player, face))
            raise self.illegal(s, m, "the die shows a face")
        if m.__class__ is not int and m.__class__ is not str and as_int(m) is None:  # (True, 1.0)
            raise self.illegal(s, m, "a move is the position a checker leaves, an int")
        try:
            return _plays(s)[m]
        except (KeyError, TypeError):
            raise self.illegal(s, m) from None

    @checks_state
    def utility(self, s: NannonState, player: int = MAX) -> int:
        if s.__class__ is not NannonState:  # (is_state, inline)
            raise self.not_a_state(s)
        if s.white != _ALL_SAFE and s.black != _ALL_SAFE:
            raise ValueError(f"utility of a non-terminal state {s!r}: Nannon pays at the end "
                             "only")
        return for_player(1 if s.white == _ALL_SAFE else -1, player, self)

    def move_label(self, s: NannonState, m: Any) -> str:
        if s.roll == 0:
            return f"{m[0]} starts with {m[1]}" if isinstance(m, tuple) else f"roll {m}"
        if m == "pass":
            return "pass"
        to = m + s.roll
        where = "off" if to > POINTS else str(to)
        return f"{'home' if m == HOME else m}→{where}"

    @staticmethod
    def pip_eval(s: NannonState) -> float:  # (static: it checks its state itself)
        """A simple evaluation in [-1, 1]: the race, Black's pips to go minus White's, over 21.

        >>> Nannon.pip_eval(Nannon().initial)
        0.0
        """
        if s.__class__ is not NannonState:
            raise _RULES.not_a_state(s)
        return (sum(SAFE - p for p in s.black) - sum(SAFE - p for p in s.white)) / 21

    def __repr__(self) -> str:
        return "Nannon()"


_RULES = Nannon()  # (says what is wrong where a static method meets a non-state)
