"""The game protocol, players, the searchers' knobs, and how a game presents itself.

A game holds rules and no mutable state; a state is an immutable, hashable value.
Players are numbers: ``MAX = 0`` moves first in two-player games, ``MIN = 1``, and
``CHANCE = -1`` marks states where a chance event (a die roll) happens.

Examples
--------
>>> from aisearch.games import TreeGame
>>> game = TreeGame([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
>>> game.to_move(game.initial) == MAX
True
>>> game.moves(game.initial)
(0, 1, 2)
"""

from __future__ import annotations

import math
import numbers
import operator
from collections.abc import Hashable, Mapping, Sequence
from typing import Any, ClassVar, Protocol, TypeVar, cast, runtime_checkable

from aisearch.results import Decision, Stats

__all__ = [
    "MAX",
    "MIN",
    "CHANCE",
    "player_name",
    "Game",
    "GameBase",
    "GameWrapper",
    "unwrap",
    "side_name",
    "noisy_moves",
    "not_a_player",
    "for_player",
    "check_seed",
    "check_game",
    "check_outcomes",
    "IllegalMoveError",
    "Evaluate",
    "Order",
    "Stats",
    "Decision",
]

MAX = 0
MIN = 1
CHANCE = -1

S = TypeVar("S", bound=Hashable)
M = TypeVar("M", bound=Hashable)
S_contra = TypeVar("S_contra", contravariant=True)


def player_name(player: int) -> str:
    """Name of a player number: ``'MAX'``, ``'MIN'``, ``'CHANCE'`` or ``'player N'``.

    >>> player_name(MAX), player_name(MIN), player_name(CHANCE)
    ('MAX', 'MIN', 'CHANCE')
    """
    return {MAX: "MAX", MIN: "MIN", CHANCE: "CHANCE"}.get(player, f"player {player}")


@runtime_checkable
class Game(Protocol[S, M]):
    """What every game offers (DESIGN.md section 3).

    ``moves(s)`` lists the legal moves in a fixed, documented order and is empty
    exactly when ``s`` is terminal; ``result(s, m)`` returns a new state and raises
    :class:`IllegalMoveError` for an illegal ``m``; ``utility(s, player)`` is the
    payoff of a terminal state from ``player``'s point of view; at ``CHANCE`` states
    ``chance_outcomes(s)`` lists ``(outcome, probability)`` pairs summing to 1.

    Optional members, read where they exist:

    ``win``
        The payoff of a win (a number > 0, ``inf`` allowed). A terminal utility of
        ``+win`` or ``-win`` is a won or lost game, which searchers score by its distance
        from the root (:mod:`aisearch.search.runtime.run`, "fastest wins"). Games without it
        have no wins, only payoffs (explicit trees); ``±inf`` always counts as a win.
    ``noisy_moves(s)``
        The moves of ``s`` that make the position unquiet (captures, promotions), in
        the order of ``moves(s)``; quiescence search follows only these (lesson 05).
    ``in_check(s)``
        True when the player to move is in check; the check extension reads it (lesson 05).
    ``canonical(s)``
        One representative of the states symmetric to ``s`` (rotations, mirrors).
    ``sides``, ``move_grid``, ``move_label(s, m)``, ``highlight(s)``, ``parse(text)``
        How the game presents itself: see :class:`GameBase`.
    """

    initial: S

    def to_move(self, s: S) -> int: ...

    def moves(self, s: S) -> Sequence[M]: ...

    def result(self, s: S, m: M) -> S: ...

    def is_terminal(self, s: S) -> bool: ...

    def utility(self, s: S, player: int = MAX) -> float: ...

    def chance_outcomes(self, s: S) -> Sequence[tuple[M, float]]: ...


class Evaluate(Protocol[S_contra]):
    """A static evaluation: ``evaluate(state) -> float`` from MAX's point of view.

    Positive favours MAX. Values are real numbers; ``±inf`` means a proven win or loss.
    """

    def __call__(self, state: S_contra, /) -> float: ...


class Order(Protocol):
    """Move ordering: ``order(state, moves) -> moves``, the same moves in another order.

    An ordering object may also have ``cutoff(state, move, depth)``, which alpha-beta
    searchers call when ``move`` caused a cut-off at ``state`` with ``depth`` plies left
    (killer moves and the history heuristic learn from it, lesson 04).
    """

    def __call__(self, state: Any, moves: Sequence[Any], /) -> Sequence[Any]: ...


class IllegalMoveError(ValueError):
    """A move that is not legal in the given state.

    The message names the move and lists the legal ones.

    >>> raise IllegalMoveError(7, [0, 1])
    Traceback (most recent call last):
    ...
    aisearch.core.IllegalMoveError: illegal move 7; legal moves: 0, 1
    """

    def __init__(self, move: Any, legal: Sequence[Any], state: Any = None, why: str = "") -> None:
        self.move, self.legal, self.state, self.why = move, tuple(legal), state, why
        listed = ", ".join(map(str, self.legal)) if self.legal else "none (the game is over)"
        where = f" in state {state!r}" if state is not None else ""
        reason = f" ({why})" if why else ""
        super().__init__(f"illegal move {move!r}{where}{reason}; legal moves: {listed}")


class GameBase:
    """Convenience base class with the protocol's defaults and the presentation a game declares.

    Subclasses define ``initial``, ``to_move``, ``moves``, ``result`` and ``utility``;
    ``is_terminal`` defaults to "no legal moves", ``chance_outcomes`` to an error (games
    without chance never call it), ``noisy_moves`` to none and ``move_order`` to none (see
    below). A game with chance states
    sets ``has_chance = True`` (searchers that cannot search them then check every node;
    a game that does not derive from this class is checked always), and a game whose play
    can go on for ever sets ``cycles = True`` (:func:`~aisearch.agents.play` then stops it).

    Presentation, declared per game class and read by the plots and widgets (the board
    pictures themselves are painters in :mod:`aisearch.plot.painters`):

    ``sides``
        What the players are called, e.g. ``{MAX: "X", MIN: "O"}``.
    ``move_grid``
        Where each move's button goes in the play widget: rows of moves, ``None`` for a
        gap (tic-tac-toe's 3 x 3 cells, Connect Four's row of columns, the robots'
        compass); ``None`` gives one button per legal move.
    ``buttons_are_board``
        True when the grid of buttons *is* the board (tic-tac-toe): the play widget then
        shows no separate picture.
    ``move_label(s, m)``, ``highlight(s)``
        The text on a move's button, and the moves to colour (a winning line).
    """

    players = 2
    has_chance: bool = False  # True where some state is a CHANCE state
    cycles: bool = False  # True where play can go on for ever (play() then stops it)
    sides: ClassVar[Mapping[int, str]] = {MAX: "MAX", MIN: "MIN"}
    move_grid: ClassVar[tuple[tuple[Any, ...], ...] | None] = None
    buttons_are_board: ClassVar[bool] = False
    move_order: Any = None
    """A cheap move ordering the game offers, or None (the default: none). A game that has
    one defines ``move_order(s, moves)``: the legal ``moves`` of ``s`` (all or some of them)
    reordered, the likeliest best for the player to move first, quickly (Connect Four's looks
    for wins, blocks and threats on its bitboard). Lesson 04's engine orders by it where a
    game offers one (``enhanced_search(..., static=True)``), and checks its answers unless
    the game declares ``move_order.permutes = True``."""

    def is_terminal(self, s: Any) -> bool:
        return not self.moves(s)  # type: ignore[attr-defined]

    def chance_outcomes(self, s: Any) -> Sequence[tuple[Any, float]]:
        raise ValueError(f"{type(self).__name__} has no chance states; {s!r} is not one")

    def noisy_moves(self, s: Any) -> Sequence[Any]:
        """The moves that make ``s`` unquiet (none by default; ``s`` is checked)."""
        cast(Any, self).to_move(s)  # (a game's to_move refuses what is not one of its states)
        return ()

    def move_label(self, s: Any, m: Any) -> str:
        """The text on move ``m``'s button in the play widget (the move itself by default)."""
        return str(m)

    def highlight(self, s: Any) -> Sequence[Any]:
        """Moves (cells) to colour in the play widget, e.g. a winning line; none by default."""
        return ()

    def illegal(self, s: Any, m: Any, why: str = "") -> IllegalMoveError:
        """Build the error for move ``m`` in state ``s`` (listing the legal moves)."""
        return IllegalMoveError(m, self.moves(s), s, why)  # type: ignore[attr-defined]

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class GameWrapper:
    """Base class of games that wrap another game and pass its rules through.

    ``game`` is the wrapped game; :func:`unwrap` follows the chain to the rules, which is
    what pictures and side names are declared for (symmetry reduction, counting and
    budgets change what a search sees, not what the game looks like).
    """

    game: Any

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_") or name == "game":  # private names are never passed through
            raise AttributeError(name)
        return getattr(self.game, name)


def unwrap(game: Any) -> Any:
    """The game under any wrappers (:class:`GameWrapper`).

    >>> from aisearch.games import SymmetryReduced, TicTacToe
    >>> unwrap(SymmetryReduced(TicTacToe()))
    TicTacToe()
    """
    while isinstance(game, GameWrapper):
        game = game.game
    return game


def side_name(game: Any, player: int) -> str:
    """What ``player`` is called in ``game`` (its declared ``sides``), else ``'MAX'``, ...

    >>> from aisearch.games import TicTacToe
    >>> side_name(TicTacToe(), MIN), side_name(object(), MIN)
    ('O', 'MIN')
    """
    sides = getattr(unwrap(game), "sides", None) or {}
    return sides.get(player) or player_name(player)


def noisy_moves(game: Any, s: Any) -> Sequence[Any]:
    """``game.noisy_moves(s)`` where the game declares it, else no moves.

    >>> from aisearch.games import TicTacToe
    >>> noisy_moves(TicTacToe(), TicTacToe.initial)
    ()
    """
    method = getattr(game, "noisy_moves", None)
    if callable(method):
        return method(s)
    check_game(game, initial=False)
    game.to_move(s)
    return ()


def for_player(u: Any, player: Any, game: Any = None) -> Any:
    """A utility ``u`` for MAX, as ``player`` sees it (``-u`` for MIN); any other player
    (7, True, 0.0) is an error naming the game's sides.

    >>> for_player(3, MIN)
    -3
    """
    if player.__class__ is int:  # (a bool or a float is not a player)
        if player == MAX:
            return u
        if player == MIN:
            return -u
    raise not_a_player(player, game)


def not_a_player(player: Any, game: Any = None) -> ValueError:
    """The error for a player that does not exist (in ``utility``, say): players are the
    ints MAX (0) and MIN (1), named as ``game`` calls them.

    >>> not_a_player(True)
    ValueError('player must be MAX (0) or MIN (1), not True (a bool)')
    """
    sides = ""
    if game is not None:
        names = [side_name(game, p) for p in (MAX, MIN)]
        if names != ["MAX", "MIN"]:
            sides = f", {names[0]} and {names[1]} in {type(unwrap(game)).__name__}"
    kind = f" (a {type(player).__name__})" if not isinstance(player, int) or isinstance(
        player, bool) else ""
    return ValueError(f"player must be MAX (0) or MIN (1){sides}, not {player!r:.80}{kind}")


def check_game(game: Any, *, initial: bool = True) -> None:
    """Refuse what is not a game: a class instead of an instance, or an object without the
    protocol's methods (:class:`Game`; ``initial`` too unless told otherwise).

    >>> check_game(None)
    Traceback (most recent call last):
    ...
    TypeError: game must be a game such as TicTacToe() (see aisearch.core.Game), not None: \
it has no 'initial'
    """
    if isinstance(game, type):
        raise TypeError(f"game must be a game, not the class {game.__name__}: make one, e.g. "
                        f"{game.__name__}(...)")
    for name in ("initial", "to_move", "moves", "result", "is_terminal", "utility"):
        if name == "initial" and not initial:
            continue
        if not hasattr(game, name) or (name != "initial" and not callable(getattr(game, name))):
            raise TypeError(f"game must be a game such as TicTacToe() (see aisearch.core.Game), "
                            f"not {game!r:.80}: it has no {name!r}")


def check_seed(seed: Any, optional: bool = True) -> None:
    """Refuse a seed that is not an int (or None, where ``optional``): a string or a float
    would seed a generator too, but not as the reader of the call expects.

    >>> check_seed("1")
    Traceback (most recent call last):
    ...
    TypeError: seed must be an int or None, not '1'
    """
    if seed is None and optional:
        return
    if isinstance(seed, bool) or not isinstance(seed, int):
        allowed = "an int or None" if optional else "an int"
        raise TypeError(f"seed must be {allowed}, not {seed!r:.80}")


def as_int(value: Any, otherwise: Any = None) -> Any:
    """``value`` as a Python int if it is an integral number (an int, a numpy integer:
    anything ``operator.index`` reads) but not a bool; ``otherwise`` if it is not.

    A notebook often computes a size, a depth or a move with numpy (``np.argmax`` returns a
    numpy integer): the package takes such numbers as the ints they are. A bool is refused:
    ``True`` for 1 is a slip, not a number.

    >>> import numpy as np
    >>> as_int(np.int64(3)), as_int(3), as_int(True), as_int(3.0), as_int("3", -1)
    (3, 3, None, None, -1)
    """
    if value.__class__ is int:
        return value
    if isinstance(value, bool):
        return otherwise
    try:
        return operator.index(value)
    except TypeError:
        return otherwise


def type_note(x: Any) -> str:
    """`` (a float)``: the type of a value that is not an int, for an error message.

    >>> type_note(2), type_note(2.0)
    ('', ' (a float)')
    """
    return "" if type(x) is int else f" (a {type(x).__name__})"


def is_number(x: Any) -> bool:
    """True for real numbers (ints, floats, fractions, numpy scalars), False for bools, NaN
    and anything else, strings that spell a number included.

    >>> is_number(3), is_number(0.5), is_number(True), is_number(float("nan")), is_number("1")
    (True, True, False, False, False)
    """
    if isinstance(x, bool) or not isinstance(x, numbers.Real):
        return False
    try:
        return not math.isnan(x)
    except (TypeError, ValueError, OverflowError):
        return False


def check_outcomes(s: Any, outcomes: Sequence[tuple[Any, float]]) -> Sequence[tuple[Any, float]]:
    """``outcomes`` (a chance state's ``(outcome, probability)`` pairs), checked: every
    probability a number above 0, all of them summing to 1.

    An outcome that cannot happen is left out rather than given probability 0 (its value
    would still count: 0 times an infinite value is undefined).

    >>> check_outcomes("s", [("heads", 0.5), ("tails", 0.5)])
    [('heads', 0.5), ('tails', 0.5)]
    >>> check_outcomes("s", [("heads", 1.0), ("tails", 0.0)])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: chance outcome 'tails' at state 's' has probability 0.0: each outcome needs ...
    """
    try:
        pairs = list(outcomes)
        ps = [p for _, p in pairs]
    except (TypeError, ValueError):
        raise TypeError(f"chance_outcomes({s!r:.80}) must give (outcome, probability) pairs, "
                        f"not {outcomes!r:.80}") from None
    if not pairs:
        raise ValueError(f"chance_outcomes({s!r:.80}) gave no outcomes: a chance state needs at "
                         "least one, with probabilities summing to 1")
    for (m, p) in pairs:
        if not is_number(p) or not 0 < p <= 1:
            raise ValueError(f"chance outcome {m!r:.40} at state {s!r:.80} has probability "
                             f"{p!r:.40}: each outcome needs a probability above 0 (leave out "
                             "outcomes that cannot happen), and together they must sum to 1")
    total = math.fsum(float(p) for p in ps)
    if abs(total - 1) > 1e-9:
        raise ValueError(f"the chance outcomes at state {s!r:.80} have probabilities summing to "
                         f"{total!r}, not 1")
    return pairs
