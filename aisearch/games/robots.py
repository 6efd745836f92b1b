"""Two robots on a grid: Nilsson's first adversarial game (ch. 12.1, lesson 01).

Black and White stand on free cells of a grid with walls. They move in turn,
Black first, and a robot **must** move to a free neighbouring cell in its row or
column (north, south, east or west). White (MAX) wins as soon as both robots are on
one cell, whoever moved there: White may step onto Black, and Black may be forced
onto White. Black (MIN) wins by never being caught.

Without a ply limit the game can go on for ever. A state is then just (Black's
cell, White's cell, side to move), so the state space is finite and small, and
:func:`aisearch.solve.retrograde` finds exactly who wins from where (a position
from which Black can evade for ever is a draw). With ``max_plies=k`` reaching
``k`` plies without capture is a win for Black; the state then also counts plies
and the game is a finite tree, as depth-first search wants.

A robot to move with no free neighbour (walled in) cannot move and loses.

Examples
--------
>>> from aisearch.games.robots import TwoRobots
>>> game = TwoRobots.parse('''
... . . # .
... B . # .
... . . . W
... ''')
>>> game.initial
RobotsState(black=(1, 0), white=(2, 3), to_move=MIN)
>>> game.moves(game.initial)
('N', 'S', 'E')
>>> game.result(game.initial, 'E')
RobotsState(black=(1, 1), white=(2, 3), to_move=MAX)
"""

from __future__ import annotations

import operator
from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from aisearch.core import MAX, MIN, GameBase, as_int, for_player, picture
from aisearch.values import as_limit

__all__ = ["Cell", "RobotsPicture", "RobotsState", "TwoRobots", "MAX_CELLS"]

MAX_CELLS = 900
"""The largest grid, in cells (30 x 30): a game has about 2 cells² positions, and its
shortest paths (all pairs of cells) are worked out when it is made."""

Cell = tuple[int, int]
STEPS = (("N", -1, 0), ("S", 1, 0), ("E", 0, 1), ("W", 0, -1))
SYMBOLS = ".#BW"
_new = tuple.__new__  # builds a RobotsState the rules made, without NamedTuple's Python call
_TO_MOVE = operator.itemgetter(2)  # a RobotsState's side to move


class RobotsState(NamedTuple):
    """A position: the robots' cells ``(row, col)``, the side to move and the ply count.

    ``to_move`` is ``MIN`` (1) when Black moves and ``MAX`` (0) when White moves.
    ``ply`` is ``None`` in games without a ply limit, so that equal positions are
    equal states.

    >>> RobotsState((0, 0), (1, 1), MIN)
    RobotsState(black=(0, 0), white=(1, 1), to_move=MIN)
    """

    black: Cell
    white: Cell
    to_move: int
    ply: int | None = None

    def __repr__(self) -> str:
        mover = {MAX: "MAX", MIN: "MIN"}.get(self.to_move, str(self.to_move))
        ply = "" if self.ply is None else f", ply={self.ply}"
        return f"RobotsState(black={self.black}, white={self.white}, to_move={mover}{ply})"

    def __hash__(self) -> int:
        # (hash(None) differs from one process to the next before Python 3.12: a state without
        # a ply count hashes as its other three fields, so that a table fills its slots alike
        # in every run)
        return hash(self[:3]) if self[3] is None else tuple.__hash__(self)


@dataclass(frozen=True)
class RobotsPicture:
    """A drawn position: SVG in notebooks (``_repr_svg_``), a text map elsewhere.

    >>> from aisearch.games.robots import TwoRobots
    >>> TwoRobots.parse('B.W').picture()
    B . W
    Black to move
    """

    svg: str
    text: str

    def _repr_svg_(self) -> str:
        return self.svg

    def __repr__(self) -> str:
        return self.text

    __str__ = __repr__


def _cell(value: Any, what: str) -> Cell:
    """``value`` as a ``(row, col)`` tuple of ints, or a ValueError naming ``what``."""
    try:
        pair: tuple[Any, ...] = tuple(value)
    except TypeError:
        raise ValueError(f"{what} must be a (row, col) pair, not {value!r}") from None
    if len(pair) != 2:
        raise ValueError(f"{what} must be a (row, col) pair, not {value!r}")
    row, col = as_int(pair[0]), as_int(pair[1])  # (numpy integers are ints too)
    if row is None or col is None:
        raise ValueError(f"{what} must be a (row, col) pair of ints, not {value!r}")
    return (row, col)


class TwoRobots(GameBase):
    """Nilsson's two robots: White (MAX) chases Black (MIN) on a grid; Black moves first.

    Parameters
    ----------
    rows, cols : int
        Size of the grid; row 0 is the top row, column 0 the left column.
    walls : iterable of (row, col)
        Wall cells; every other cell is free.
    black, white : (row, col), optional
        Start cells (default: Black top-left, White bottom-right); free and different.
    max_plies : int, optional
        If given, reaching this many plies without capture is a win for Black.

    Notes
    -----
    Moves are ``'N'``, ``'S'``, ``'E'``, ``'W'`` (row - 1, row + 1, col + 1, col - 1),
    listed in that order, only the legal ones. Utilities are +1 for a White win
    (capture, or Black walled in) and -1 for a Black win (White walled in, or the
    ply limit), from MAX's point of view.

    Examples
    --------
    >>> game = TwoRobots(2, 2)
    >>> game
    TwoRobots.parse('B./.W')
    >>> s = game.result(game.initial, 'S')
    >>> game.result(s, 'W')
    RobotsState(black=(1, 0), white=(1, 0), to_move=MIN)
    >>> game.utility(game.result(s, 'W'), MAX)
    1
    """

    win = 1  # the payoff of a win: searchers score quicker captures (and escapes) higher
    sides = {MAX: "White", MIN: "Black"}
    move_grid = ((None, "N", None), ("W", None, "E"), (None, "S", None))

    def __init__(
        self,
        rows: int,
        cols: int,
        walls: Iterable[Cell] = (),
        black: Cell | None = None,
        white: Cell | None = None,
        max_plies: int | None = None,
    ) -> None:
        sizes = []  # (numpy integers are read as the ints they are)
        for name, size in (("rows", rows), ("cols", cols)):
            n = as_int(size)
            if n is None or n < 1:
                raise ValueError(f"{name} must be a positive int, not {size!r:.80}")
            sizes.append(n)
        rows, cols = sizes
        if rows * cols > MAX_CELLS:
            raise ValueError(f"a {rows}x{cols} grid has {rows * cols:,} cells; at most "
                             f"{MAX_CELLS:,}, such as 30x30 (a game has 2 cells² positions)")
        self.rows, self.cols = rows, cols
        wall_set = set()
        if isinstance(walls, (str, bytes)) or not isinstance(walls, Iterable):
            raise TypeError(f"walls must be an iterable of (row, col) cells, like [(0, 1)], or () "
                            f"for none, not {walls!r:.80}")
        for w in walls:
            w = _cell(w, "a wall")
            if not self._inside(w):
                raise ValueError(f"wall {w} is outside the {rows}x{cols} grid")
            wall_set.add(w)
        self.walls: frozenset[Cell] = frozenset(wall_set)
        black = (0, 0) if black is None else _cell(black, "black")
        white = (rows - 1, cols - 1) if white is None else _cell(white, "white")
        for name, cell in (("black", black), ("white", white)):
            if not self._inside(cell):
                raise ValueError(f"{name} start {cell} is outside the {rows}x{cols} grid")
            if cell in self.walls:
                raise ValueError(f"{name} start {cell} is a wall")
        if black == white:
            raise ValueError(f"black and white must start on different cells, both are {black}")
        max_plies = as_limit(max_plies, "max_plies", 1)
        self.max_plies = max_plies
        self.black, self.white = black, white
        self.initial = RobotsState(black, white, MIN, None if max_plies is None else 0)
        self._steps: dict[Cell, tuple[tuple[str, Cell], ...]] = {
            cell: tuple(
                (m, (cell[0] + dr, cell[1] + dc))
                for m, dr, dc in STEPS
                if self._inside((cell[0] + dr, cell[1] + dc))
                and (cell[0] + dr, cell[1] + dc) not in self.walls
            )
            for cell in self.cells()
        }
        # Per free cell: the moves from it, in order, and where each goes (for the protocol).
        self._moves_from = {cell: tuple(m for m, _ in steps) for cell, steps in self._steps.items()}
        self._goes_to = {cell: dict(steps) for cell, steps in self._steps.items()}
        self._dist = {a: self._bfs(a) for a in self._steps}  # all shortest paths, once
        self.cycles = max_plies is None  # without a ply limit, play can go on for ever

    # -- construction and text ---------------------------------------------------------
    @classmethod
    def parse(cls, text: str, max_plies: int | None = None) -> TwoRobots:
        """Read a grid from text: ``.`` free, ``#`` wall, ``B`` Black, ``W`` White.

        Rows are lines or are separated by ``/``; cells may be separated by spaces.

        >>> TwoRobots.parse('B.#/..W').walls
        frozenset({(0, 2)})
        """
        if not isinstance(text, str):
            raise TypeError(f"TwoRobots.parse expects a str of rows like 'B../.#./..W', not "
                            f"{text!r:.80}")
        lines = [line.strip() for line in text.replace("/", "\n").splitlines()]
        grid = [line.split() if " " in line else list(line) for line in lines if line]
        if not grid:
            raise ValueError("empty map: give rows of '.', '#', 'B', 'W'")
        walls, found = [], {}
        for r, row in enumerate(grid):
            if len(row) != len(grid[0]):
                raise ValueError(f"row {r} has {len(row)} cells, row 0 has {len(grid[0])}")
            for c, sym in enumerate(row):
                if sym not in SYMBOLS:
                    raise ValueError(f"unknown symbol {sym!r} at row {r}, column {c}; use . # B W")
                if sym == "#":
                    walls.append((r, c))
                elif sym in "BW":
                    if sym in found:
                        raise ValueError(f"more than one {sym} in the map")
                    found[sym] = (r, c)
        for sym in "BW":
            if sym not in found:
                raise ValueError(f"the map has no {sym}")
        return cls(len(grid), len(grid[0]), walls, found["B"], found["W"], max_plies)

    def diagram(self, s: RobotsState | None = None, sep: str = " ") -> str:
        """The grid as text, one line per row; ``X`` marks a capture.

        >>> print(TwoRobots.parse('B.#/..W').diagram())
        B . #
        . . W
        """
        s = self.initial if s is None else s
        marks = {s.black: "X"} if s.black == s.white else {s.black: "B", s.white: "W"}
        return "\n".join(
            sep.join(
                marks.get((r, c), "#" if (r, c) in self.walls else ".") for c in range(self.cols)
            )
            for r in range(self.rows)
        )

    def __str__(self) -> str:
        return self.diagram()

    def __repr__(self) -> str:
        limit = "" if self.max_plies is None else f", max_plies={self.max_plies}"
        return f"TwoRobots.parse({self.diagram(sep='').replace(chr(10), '/')!r}{limit})"

    def _key(self) -> tuple:
        return (self.rows, self.cols, self.walls, self.black, self.white, self.max_plies)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, TwoRobots) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    # -- the grid --------------------------------------------------------------------
    def _inside(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.rows and 0 <= cell[1] < self.cols

    def cells(self) -> tuple[Cell, ...]:
        """The free cells in row-major order.

        >>> TwoRobots.parse('B#/.W').cells()
        ((0, 0), (1, 0), (1, 1))
        """
        return tuple(
            (r, c) for r in range(self.rows) for c in range(self.cols) if (r, c) not in self.walls
        )

    def neighbours(self, cell: Cell) -> tuple[Cell, ...]:
        """The free cells one step N, S, E or W of a free ``cell``, in that order.

        >>> TwoRobots.parse('B#/.W').neighbours((1, 0))
        ((0, 0), (1, 1))
        >>> TwoRobots.parse('B#/.W').neighbours((0, 1))
        Traceback (most recent call last):
        ...
        ValueError: cell (0, 1) is not a free cell of the grid: it is a wall
        """
        return tuple(t for _, t in self._steps[self._free(cell, "cell")])

    def _free(self, value: Any, what: str) -> Cell:
        """``value`` as a free cell of the grid, or a ValueError naming ``what``."""
        cell = _cell(value, what)
        if cell not in self._steps:
            where = "a wall" if cell in self.walls else f"off the {self.rows}x{self.cols} grid"
            raise ValueError(f"{what} {cell} is not a free cell of the grid: it is {where}")
        return cell

    def _bfs(self, source: Cell) -> dict[Cell, int]:
        dist, frontier = {source: 0}, deque([source])
        while frontier:
            a = frontier.popleft()
            for _, b in self._steps[a]:
                if b not in dist:
                    dist[b] = dist[a] + 1
                    frontier.append(b)
        return dist

    def distance(self, a: Cell, b: Cell) -> float:
        """Length of a shortest path from cell ``a`` to cell ``b`` of the grid around the walls
        (``inf`` if there is none: a wall is never reached).

        >>> game = TwoRobots.parse('B#./..W')
        >>> game.distance((0, 0), (0, 2)), game.distance((0, 0), (0, 1))
        (4, inf)
        >>> game.distance((0, 0), 'x')
        Traceback (most recent call last):
        ...
        ValueError: b must be a (row, col) pair, not 'x'
        """
        for what, cell in (("a", a), ("b", b)):
            if not self._inside(_cell(cell, what)):
                raise ValueError(f"{what} {cell!r:.40} is off the {self.rows}x{self.cols} grid")
        return self._dist.get(_cell(a, "a"), {}).get(_cell(b, "b"), float("inf"))

    # -- the game protocol -----------------------------------------------------------
    state_help = ("a state is a RobotsState(black, white, to_move, ply) with both robots on free "
                  "cells of the grid, to_move MAX (White) or MIN (Black), and ply None without "
                  "a ply limit, else an int from 0 to the limit: use game.initial or "
                  "game.state(...)")

    def is_state(self, s: Any) -> bool:
        """True for a :class:`RobotsState` of this grid: robots on free cells, a side to
        move, and a ply count within the limit (None without one).

        >>> game = TwoRobots(2, 2)
        >>> game.is_state(game.initial), game.is_state(RobotsState((5, 5), (0, 0), MIN))
        (True, False)
        """
        return (s.__class__ is RobotsState and s.black in self._steps
                and s.white in self._steps and (s.to_move == MIN or s.to_move == MAX)
                and s.to_move.__class__ is int
                and (s.ply is None if self.max_plies is None
                     else s.ply.__class__ is int and 0 <= s.ply <= self.max_plies))

    def unchecked(self) -> dict[str, Any] | None:
        """``is_terminal``, ``to_move``, ``moves`` and ``result`` without the state check and
        the checks of a move, for the searchers and :func:`~aisearch.solve.retrograde`
        (:meth:`GameBase.unchecked <aisearch.core.GameBase.unchecked>`): right for the
        states the rules make and the moves they list; None for a subclass that replaces a
        protocol method. Made for the grid and ply limit the game has when asked.

        >>> game = TwoRobots(3, 3)
        >>> fast, s = game.unchecked(), game.initial
        >>> fast["moves"](s) == game.moves(s), fast["result"](s, "E") == game.result(s, "E")
        (True, True)
        """
        if not self.protocol_is(TwoRobots):
            return None
        moves_from, goes_to, limit = self._moves_from, self._goes_to, self.max_plies

        def is_terminal(s: RobotsState) -> bool:
            black, white, mover, ply = s
            return (black == white or limit is not None and ply is not None and ply >= limit
                    or not moves_from[black if mover == MIN else white])

        def moves(s: RobotsState) -> tuple[str, ...]:
            black, white, mover, ply = s
            if black == white or limit is not None and ply is not None and ply >= limit:
                return ()
            return moves_from[black if mover == MIN else white]

        def result(s: RobotsState, m: str) -> RobotsState:
            black, white, mover, ply = s
            ply = None if ply is None else ply + 1
            if mover == MIN:
                return _new(RobotsState, (goes_to[black][m], white, MAX, ply))
            return _new(RobotsState, (black, goes_to[white][m], MIN, ply))

        return {"is_terminal": is_terminal, "to_move": _TO_MOVE, "moves": moves,
                "result": result}

    def to_move(self, s: RobotsState) -> int:
        """``MIN`` when Black is to move, ``MAX`` when White is.

        >>> TwoRobots(2, 2).to_move(TwoRobots(2, 2).initial) == MIN
        True
        """
        return s.to_move

    def is_terminal(self, s: RobotsState) -> bool:
        """Capture, the ply limit reached, or the robot to move walled in.

        >>> game = TwoRobots(1, 2)
        >>> game.is_terminal(game.initial), game.is_terminal(game.result(game.initial, 'E'))
        (False, True)
        """
        return self._over(s)

    def _over(self, s: RobotsState) -> bool:
        return s.black == s.white or self._out_of_plies(s) or not self._mover_steps(s)

    def _out_of_plies(self, s: RobotsState) -> bool:
        return self.max_plies is not None and s.ply is not None and s.ply >= self.max_plies

    def _mover_steps(self, s: RobotsState) -> tuple[tuple[str, Cell], ...]:
        return self._steps[s.black if s.to_move == MIN else s.white]

    def moves(self, s: RobotsState) -> tuple[str, ...]:
        """The legal moves among ``'N'``, ``'S'``, ``'E'``, ``'W'`` (in that order).

        >>> TwoRobots(3, 3).moves(TwoRobots(3, 3).initial)
        ('S', 'E')
        """
        if self._over(s):
            return ()
        return self._moves_from[s.black if s.to_move == MIN else s.white]

    def result(self, s: RobotsState, m: str) -> RobotsState:
        """The state after the robot to move steps ``m``; ``s`` is unchanged.

        >>> game = TwoRobots(1, 3)
        >>> game.result(game.initial, 'E')
        RobotsState(black=(0, 1), white=(0, 2), to_move=MAX)
        """
        if self._over(s):
            raise self.illegal(s, m)  # (the game is over)
        black, white, mover, ply = s
        try:
            cell = self._goes_to[black if mover == MIN else white][m]
        except (KeyError, TypeError):  # (not a move from here; unhashable: not a move at all)
            pass
        else:
            ply = None if ply is None else ply + 1
            if mover == MIN:
                return _new(RobotsState, (cell, white, MAX, ply))
            return _new(RobotsState, (black, cell, MIN, ply))
        why = ("not one of N, S, E, W" if m not in ("N", "S", "E", "W")
               else "a wall or the edge of the grid")
        raise self.illegal(s, m, why)

    def utility(self, s: RobotsState, player: int = MAX) -> int:
        """+1 if ``player`` won, -1 if it lost (terminal states only).

        >>> game = TwoRobots(1, 2)
        >>> end = game.result(game.initial, 'E')
        >>> game.utility(end, MAX), game.utility(end, MIN)
        (1, -1)
        """
        return for_player(self._payoff(s), player, self)

    def _payoff(self, s: RobotsState) -> int:
        """The utility of a terminal state for White (MAX)."""
        if not self._over(s):
            raise ValueError(f"utility is defined at the end of a game only, not at {s!r}")
        if s.black == s.white:
            return 1
        if self._out_of_plies(s):
            return -1
        return 1 if s.to_move == MIN else -1  # the robot to move is walled in and loses

    # -- evaluation and enumeration ----------------------------------------------------
    evaluations = ("distance_eval",)

    def distance_eval(self, s: RobotsState) -> float:
        """Static evaluation for White (MAX): ``-distance / free cells``, in ``(-1, 0)``.

        Closer is better for the chaser. Robots that cannot reach each other score
        -1; a terminal state scores its utility.

        >>> game = TwoRobots(1, 4)
        >>> game.distance_eval(game.initial)
        -0.75
        """
        if self._over(s):
            return float(self._payoff(s))
        d = self._dist[s.black].get(s.white)
        return -1.0 if d is None else -d / len(self._steps)

    def state(self, black: Cell, white: Cell, to_move: int = MIN, ply: int = 0) -> RobotsState:
        """A checked state of this game (``ply`` is ignored without ``max_plies``).

        >>> TwoRobots(2, 2).state((0, 1), (1, 0), MAX)
        RobotsState(black=(0, 1), white=(1, 0), to_move=MAX)
        """
        for name, cell in (("black", black), ("white", white)):
            if _cell(cell, name) not in self._steps:
                raise ValueError(f"{name} cell {cell} is not a free cell of the grid")
        player, plies = as_int(to_move), as_int(ply)  # (numpy integers are ints too)
        if player not in (MAX, MIN):
            raise ValueError(f"to_move must be MAX (White) or MIN (Black), not {to_move!r:.80}")
        if plies is None or plies < 0 or (self.max_plies is not None
                                          and plies > self.max_plies):
            most = "" if self.max_plies is None else f" up to max_plies={self.max_plies}"
            raise ValueError(f"ply must be an int from 0{most} (moves played), not {ply!r:.80}")
        k = None if self.max_plies is None else plies
        return RobotsState(_cell(black, "black"), _cell(white, "white"), player, k)

    def states(self) -> tuple[RobotsState, ...]:
        """Every state reachable from ``initial``, in breadth-first order.

        >>> len(TwoRobots(1, 3).states())
        3
        """
        seen, frontier = {self.initial: None}, deque([self.initial])
        while frontier:
            s = frontier.popleft()
            for m in self.moves(s):
                t = self.result(s, m)
                if t not in seen:
                    seen[t] = None
                    frontier.append(t)
        return tuple(seen)

    def all_states(self) -> tuple[RobotsState, ...]:
        """Every position: all pairs of free cells, either side to move (and every ply).

        The set is closed under moves; solve it to learn who wins from every start.

        >>> len(TwoRobots(1, 3).all_states())
        18
        """
        plies: Sequence[int | None] = (
            [None] if self.max_plies is None else range(self.max_plies + 1)
        )
        return tuple(
            RobotsState(b, w, p, k)
            for k in plies
            for p in (MIN, MAX)
            for b in self._steps
            for w in self._steps
        )

    # -- pictures --------------------------------------------------------------------
    def caption(self, s: RobotsState) -> str:
        """A position in words: who is to move (or who won), and the ply with a ply limit.

        >>> game = TwoRobots(1, 2)
        >>> game.caption(game.initial), game.caption(game.result(game.initial, 'E'))
        ('Black to move', 'White wins')
        """
        if self.is_terminal(s):
            caption = ("White" if self.utility(s, MAX) > 0 else "Black") + " wins"
        else:
            caption = ("Black" if s.to_move == MIN else "White") + " to move"
        return caption + ("" if s.ply is None else f" (ply {s.ply})")

    def picture(self, s: RobotsState | None = None, size: int = 40) -> RobotsPicture:
        """Draw a state (default: the initial one); shows as SVG in a notebook.

        >>> svg = TwoRobots(2, 3).picture()._repr_svg_()
        >>> svg.startswith('<svg') and '>B</text>' in svg
        True
        """
        s = self.initial if s is None else s
        text = self.diagram(s) + "\n" + self.caption(s)
        return RobotsPicture(picture(self, s, size=size) or '', text)

    def _repr_svg_(self) -> str:
        return self.picture()._repr_svg_()
