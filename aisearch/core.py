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
import random
from bisect import bisect
from collections.abc import Callable, Hashable, Mapping, Sequence
from itertools import accumulate
from types import MethodType
from typing import Any, ClassVar, Protocol, TypeVar, cast, runtime_checkable

from aisearch.results import Decision, Stats
from aisearch.states import StateChecked, checks_state  # noqa: F401 (checks_state: for games)

# The readers of numbers (aisearch.values), imported by the rest of the package from here.
from aisearch.values import as_int, as_seed, check_seed, is_number, number_text, type_note  # noqa: F401

__all__ = [
    "MAX",
    "MIN",
    "CHANCE",
    "player_name",
    "Game",
    "GameBase",
    "GameWrapper",
    "game_evaluations",
    "unwrap",
    "picture",
    "provide_pictures",
    "side_name",
    "move_name",
    "noisy_moves",
    "not_a_player",
    "for_player",
    "check_seed",
    "check_game",
    "check_outcomes",
    "outcome_sampler",
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
    """What every game offers: its rules, and states that are immutable, hashable values.

    ``moves(s)`` lists the legal moves in a fixed, documented order and is empty
    exactly when ``s`` is terminal; ``result(s, m)`` returns a new state and raises
    :class:`IllegalMoveError` for an illegal ``m``; ``utility(s, player)`` is the
    payoff of a terminal state from ``player``'s point of view; at ``CHANCE`` states
    ``chance_outcomes(s)`` lists ``(outcome, probability)`` pairs summing to 1.

    The optional members (``win``, ``players``, ``evaluations``, ``noisy_moves``,
    ``canonical``, ...) and the presentation a game declares are listed, with their
    defaults, on :class:`GameBase`, the base class of every game of the package.

    Examples
    --------
    >>> from aisearch.games import Chance, Max, Min, TreeGame
    >>> game = TreeGame(Max({"L": Min({"a": 3, "b": 12}), "R": Chance([(0.5, 2), (0.5, 6)])}))
    >>> s = game.initial
    >>> game.to_move(s), game.moves(s), game.is_terminal(s)
    (0, ('L', 'R'), False)
    >>> game.chance_outcomes(game.result(s, "R"))  # a CHANCE state: (outcome, probability)
    ((0, 0.5), (1, 0.5))
    >>> tip = game.result(game.result(s, "L"), "b")
    >>> game.to_move(game.result(s, "L")), game.is_terminal(tip), game.utility(tip, MAX)
    (1, True, 12)
    >>> s  # result made new states; the root is unchanged
    ()
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

    The message names the move and lists the legal ones: the first :attr:`LISTED`, then how
    many more (``legal`` keeps them all).

    >>> raise IllegalMoveError(7, [0, 1])
    Traceback (most recent call last):
    ...
    aisearch.core.IllegalMoveError: illegal move 7; legal moves: 0, 1
    >>> print(IllegalMoveError(-1, range(20_000)))  # doctest: +ELLIPSIS
    illegal move -1; legal moves: 0, 1, 2, ..., 19 and 19,980 more (20,000 in all)
    """

    LISTED = 20
    """The most legal moves the message lists."""

    def __init__(self, move: Any, legal: Sequence[Any], state: Any = None, why: str = "") -> None:
        self.move, self.legal, self.state, self.why = move, tuple(legal), state, why
        n = len(self.legal)
        listed = ", ".join(f"{m!s:.40}" for m in self.legal[:self.LISTED]) if n else \
            "none (the game is over)"
        if n > self.LISTED:
            listed += f" and {n - self.LISTED:,} more ({n:,} in all)"
        where = f" in state {_shown(state)}" if state is not None else ""
        reason = f" ({why})" if why else ""
        super().__init__(f"illegal move {_shown(move)}{where}{reason}; legal moves: {listed}")


def _shown(x: Any, width: int = 200) -> str:
    """``repr(x)``, cut to ``width`` characters."""
    try:
        text = repr(x)
    except ValueError:  # (an int too long to print)
        return f"a {type(x).__name__}"
    return text if len(text) <= width else text[:width - 3] + "..."


class GameBase(StateChecked):
    """Base class of the games: the protocol's defaults, the one state check, the optional
    members every reader may rely on, and how a game presents itself.

    Subclasses define ``initial``, ``to_move``, ``moves``, ``result`` and ``utility``;
    ``is_terminal`` defaults to "no legal moves", ``chance_outcomes`` to an error (games
    without chance never call it) and ``noisy_moves`` to none.

    **The state check.** A game says once what its states are: ``is_state(s)`` and
    ``state_help`` (what a state is, for the error). Its protocol methods and declared
    evaluations then refuse every other value with ``not_a_state(s)``, a ValueError naming
    the value, the game and ``state_help`` (:mod:`aisearch.states` tells how, without
    slowing the searchers' hot path). ``check_state(s)`` returns ``s`` or raises that error.
    A move that is not legal gets :meth:`illegal`'s :class:`IllegalMoveError`.

    **Optional members**, with their defaults here (readers use them as declared, never
    guess from names):

    ``players = 2``
        How many players; ``n > 2`` games number them ``0..n-1`` and their utilities are
        tuples (:func:`aisearch.games.utilities`).
    ``win = None``
        The payoff of a win (a number > 0, ``inf`` allowed). A terminal utility of ``+win``
        or ``-win`` is a won or lost game, which searchers score by its distance from the
        root (:mod:`aisearch.search`, "fastest wins"). ``None``: the game has no wins, only
        payoffs (explicit trees); ``±inf`` always counts as a win.
    ``has_chance = False``
        True where some state is a ``CHANCE`` state (searchers that cannot search chance
        then check every node; a game that does not derive from this class is checked
        always).
    ``cycles = False``
        True where play can go on for ever (:func:`~aisearch.agents.play` then stops it).
    ``evaluations = ()``
        The names of the game's static evaluations, methods ``evaluate(s) -> float`` from
        MAX's point of view (positive favours MAX, ``±inf`` a proven win or loss), the
        textbook one first: e.g. ``("nilsson_eval",)``. The play widget offers them by
        these names; :func:`game_evaluations` gives them as functions. They apply the state
        check like the protocol methods.
    ``noisy_moves(s)``
        The moves of ``s`` that make the position unquiet (captures, promotions), in the
        order of ``moves(s)``; quiescence search follows only these (lesson 05). None here.
    ``canonical = None``, ``in_check = None``, ``states = None``, ``parse = None``
        Where a game has them, methods: ``canonical(s)``, one representative of the states
        symmetric to ``s`` (symmetry reduction, transposition tables); ``in_check(s)``, True
        when the player to move is in check (the check extension, lesson 05); ``states()``,
        every reachable state; ``parse(text)``, a state from its text.
    ``move_order = None``
        Where a game has one, a method ``move_order(s, moves)``: a cheap ordering of the
        legal ``moves`` of ``s``, the likeliest best first (below).
    ``successor_values(evaluate)``
        A function giving the static values of all successors of a state at once, where
        the game can work them out faster than one by one for ``evaluate``; None here.
    ``max_play_depth = None``
        The deepest search the play widget offers (a second or so of thought).
    ``utility_bounds = None``
        ``(low, high)``: bounds on each player's utility and on their sum, for the pruning
        of max^n (games of more than two players).
    ``unchecked()``
        The protocol's functions without their checks, for the searchers' hot path: a
        mapping from some of ``"is_terminal"``, ``"to_move"``, ``"moves"``, ``"result"`` and
        ``"utility"`` (MAX's, called as ``utility(s)``) to functions that answer as those
        methods do for the states the game made itself and the moves it listed
        (tic-tac-toe's are table lookups). A search checks its root with the methods, then
        reaches every other state through ``result``, so it may call these. None here; a
        game that offers them returns None where a subclass or an instance replaces a
        protocol method (:meth:`protocol_is`).

    **Presentation**, declared per game class and read by the plots and widgets (the board
    pictures themselves are painters in :mod:`aisearch.plot.painters`):

    ``sides``
        What the players are called, e.g. ``{MAX: "X", MIN: "O"}``.
    ``move_grid``
        Where each move's button goes in the play widget: rows of moves, ``None`` for a
        gap (tic-tac-toe's 3 x 3 cells, Connect Four's row of columns, the robots'
        compass); ``None`` gives one button per legal move.
    ``buttons_are_board``, ``cell_label(s, m)``
        True when the grid of buttons *is* the board (tic-tac-toe): the play widget then
        shows no separate picture, and move ``m``'s button shows ``cell_label(s, m)``, what
        stands on its cell.
    ``move_label(s, m)``, ``highlight(s)``
        Move ``m`` of state ``s`` in the game's own notation (chess's SAN, Nannon's
        ``1→6``), written the same on buttons, in move lists, status lines, tree labels
        and captions (read through :func:`move_name`); and the moves to colour (a winning
        line).
    ``move_help``
        What a move is, for the error of a move of the wrong kind (``"a cell number
        0..8"``); None: the legal moves listed say it.

    Examples
    --------
    >>> from aisearch import minimax
    >>> class TakeAway(GameBase):
    ...     '''Take 1 or 2 from a pile of n; whoever takes the last one wins.'''
    ...     win = 1
    ...     state_help = "a pair (pile, player to move), such as game.initial"
    ...     def __init__(self, n=4):
    ...         self.initial = (n, MAX)
    ...     def is_state(self, s):
    ...         return type(s) is tuple and len(s) == 2
    ...     def to_move(self, s):
    ...         return s[1]
    ...     def moves(self, s):
    ...         return tuple(k for k in (1, 2) if k <= s[0])
    ...     def result(self, s, m):
    ...         if m not in self.moves(s):
    ...             raise self.illegal(s, m)
    ...         return (s[0] - m, 1 - s[1])
    ...     def utility(self, s, player=MAX):
    ...         return 1 if s[1] != player else -1  # the player who just moved took the last
    >>> game = TakeAway(4)
    >>> minimax(game, game.initial).move  # leave a multiple of 3
    1
    >>> game.is_terminal((0, MIN))  # the default: no legal moves
    True
    >>> game.result(game.initial, 3)
    Traceback (most recent call last):
    ...
    aisearch.core.IllegalMoveError: illegal move 3 in state (4, 0); legal moves: 1, 2
    >>> game.moves(4)
    Traceback (most recent call last):
    ...
    ValueError: 4 is not a state of TakeAway(): a pair (pile, player to move), such as game.initial
    """

    players: int = 2
    win: float | None = None
    has_chance: bool = False  # True where some state is a CHANCE state
    cycles: bool = False  # True where play can go on for ever (play() then stops it)
    canonical: Any = None
    in_check: Any = None
    states: Any = None
    parse: Any = None
    max_play_depth: int | None = None
    utility_bounds: tuple[float, float] | None = None
    sides: ClassVar[Mapping[int, str]] = {MAX: "MAX", MIN: "MIN"}
    move_grid: ClassVar[tuple[tuple[Any, ...], ...] | None] = None
    buttons_are_board: ClassVar[bool] = False
    move_help: ClassVar[str | None] = None
    _defined_protocol: ClassVar[tuple] = ()  # (the protocol methods as the class defined them)
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
        self.check_state(s)
        raise ValueError(f"{type(self).__name__} has no chance states; {s!r:.80} is not one")

    def noisy_moves(self, s: Any) -> Sequence[Any]:
        """The moves that make ``s`` unquiet (none by default; ``s`` is checked)."""
        cast(Any, self).to_move(s)  # (a game's to_move refuses what is not one of its states)
        return ()

    def successor_values(self, evaluate: Any) -> Any:
        """``values(s)``, all successors' static values at once, where the game has a faster
        way than one by one for ``evaluate`` (none by default)."""
        return None

    def unchecked(self) -> Mapping[str, Callable[..., Any]] | None:
        """The protocol's functions without their checks, by name (none by default)."""
        return None

    def protocol_is(self, cls: type) -> bool:
        """True when this game's protocol methods are those ``cls`` defined: no subclass,
        instance attribute or later assignment replaces ``to_move``, ``moves``, ``result``,
        ``is_terminal`` or ``utility`` (so ``cls``'s :meth:`unchecked` functions answer as
        they do).

        >>> from aisearch.games import TicTacToe
        >>> class Quick(TicTacToe):
        ...     def is_terminal(self, s):
        ...         return True
        >>> TicTacToe().protocol_is(TicTacToe), Quick().protocol_is(TicTacToe)
        (True, False)
        """
        own = getattr(self, "__dict__", None)
        if own and not own.keys().isdisjoint(_PROTOCOL):
            return False
        return _protocol_of(type(self)) == cls.__dict__.get("_defined_protocol")

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)  # (the state checks wrap its methods first)
        cls._defined_protocol = _protocol_of(cls)  # (as defined: a later patch differs)

    def move_label(self, s: Any, m: Any) -> str:
        """Move ``m`` of ``s`` in the game's notation (the move itself by default)."""
        return str(m)

    def cell_label(self, s: Any, m: Any) -> str:
        """What the board shows where move ``m`` plays, when the buttons are the board."""
        return ""

    def highlight(self, s: Any) -> Sequence[Any]:
        """Moves (cells) to colour in the play widget, e.g. a winning line; none by default."""
        return ()

    def illegal(self, s: Any, m: Any, why: str = "") -> IllegalMoveError:
        """The error for move ``m`` in state ``s``: the legal moves listed, and why ``m`` is
        not one of them (``why``, else "the game is over" where there are none, else what a
        move is, for a move of another kind than the legal ones).

        >>> from aisearch.games import TicTacToe
        >>> TicTacToe().illegal(TicTacToe.initial, "4").why
        'a move is a cell number 0..8, not a str'
        """
        legal = self.moves(s)  # type: ignore[attr-defined]
        if not why and not legal:
            why = "the game is over"
        elif not why and self.move_help and not _same_kind(m, legal):
            why = f"a move is {self.move_help}, not a {type(m).__name__}"
        return IllegalMoveError(m, legal, s, why)

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


_PROTOCOL = ("to_move", "moves", "result", "is_terminal", "utility")


def _protocol_of(cls: type) -> tuple:
    return tuple(getattr(cls, name, None) for name in _PROTOCOL)


def _same_kind(m: Any, legal: Sequence[Any]) -> bool:
    """True when ``m`` is of the kind of some legal move (a numpy integer is an int's kind)."""
    kinds = {k.__class__ for k in legal[:50]}
    return m.__class__ in kinds or (int in kinds and as_int(m) is not None)


def game_evaluations(game: Any) -> dict[str, Any]:
    """The static evaluations ``game`` declares (its ``evaluations``), by name, as functions.

    >>> from aisearch.games import TicTacToe, TwoRobots
    >>> list(game_evaluations(TicTacToe())), list(game_evaluations(TwoRobots(2, 2)))
    (['nilsson_eval'], ['distance_eval'])
    """
    check_game(game, initial=False)
    rules = unwrap(game)
    names = getattr(rules, "evaluations", ())
    return {name: getattr(rules, name) for name in names}


class GameWrapper:
    """Base class of games that wrap another game and pass its rules through.

    ``game`` is the wrapped game; :func:`unwrap` follows the chain to the rules, which is
    what pictures and side names are declared for (symmetry reduction, counting and
    budgets change what a search sees, not what the game looks like).
    """

    game: Any
    same_values: bool = True
    """False for a view whose values differ from its game's (paranoid search's): a
    transposition table then serves it apart from the game, as the view it is."""

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_") or name == "game":  # private names are never passed through
            raise AttributeError(name)
        value = getattr(self.game, name)
        if isinstance(value, MethodType):
            # A method of the wrapped game (fixed at construction) is kept on the wrapper:
            # the next call finds it at once instead of coming here again (about 2 us a call,
            # against 0.1 us for the game's own method; searches call them at every node).
            self.__dict__[name] = value
        return value


_PICTURES: list[Callable[..., str]] = []  # the presentation layer's drawing, once imported


def picture(game: Any, state: Any, **options: Any) -> str | None:
    """An SVG picture of ``state``, drawn by the painter declared for ``game``'s type.

    Games draw their states in notebooks with it (``_repr_svg_``) without importing the
    presentation layer: :mod:`aisearch.plot.painters` provides the drawing when it is
    imported (``import aisearch`` imports it); before that there is no picture (None).

    >>> from aisearch.games import TicTacToe
    >>> picture(TicTacToe(), TicTacToe.initial).startswith("<svg")
    True
    """
    check_game(game, initial=False)
    game.is_terminal(state)  # a game refuses a state that is not its own
    return _PICTURES[0](game, state, **options) if _PICTURES else None


def provide_pictures(draw: Callable[..., str]) -> None:
    """Declare how states are drawn: ``draw(game, state, **options) -> SVG text``."""
    if not callable(draw):
        raise TypeError(f"draw must be callable, draw(game, state, **options) -> SVG text, "
                        f"not {draw!r:.80}")
    _PICTURES[:] = [draw]


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


def move_name(game: Any, state: Any, move: Any) -> str:
    """Move ``move`` of ``state`` as ``game`` writes it (its ``move_label``), else ``str(move)``;
    a state the game cannot read (None, say) gets the plain move.

    >>> from aisearch.games import Nannon
    >>> game = Nannon()
    >>> s = game.result(game.initial, ("White", 3))
    >>> move_name(game, s, 1), move_name(game, None, 1), move_name(object(), None, "e4")
    ('1→4', '1', 'e4')
    """
    label = getattr(unwrap(game), "move_label", None)
    if state is not None and callable(label):
        try:
            return str(label(state, move))
        except Exception:  # a name is a nicety: the move itself still reads
            pass
    return str(move)


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
    """A utility ``u`` for MAX, as ``player`` sees it (``-u`` for MIN; a numpy integer is
    the int it is); any other player (7, True, 0.0) is an error naming the game's sides.

    >>> for_player(3, MIN)
    -3
    """
    if player.__class__ is int:  # (a bool or a float is not a player)
        if player == MAX:
            return u
        if player == MIN:
            return -u
    elif (p := as_int(player)) is not None:  # a numpy integer: the int it is
        return for_player(u, p, game)
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


def outcome_sampler() -> Callable[[Any, Any, random.Random], Any]:
    """``draw(s, outcomes, rng)``: an outcome of chance state ``s``, whose ``outcomes`` are
    its ``(outcome, probability)`` pairs, drawn as ``rng.choices`` draws it from the same
    random number (the same outcome), the pairs checked first (:func:`check_outcomes`).

    A game's dice are usually one tuple of pairs returned at every throw: a tuple of tuples
    (which cannot change) is checked and summed once, and kept by identity for the draws
    after; any other sequence is checked at every draw.

    >>> draw, dice = outcome_sampler(), tuple((face, 1 / 6) for face in range(1, 7))
    >>> a, b = random.Random(5), random.Random(5)
    >>> [draw("roll", dice, a) for _ in range(8)] == [b.choices(range(1, 7), [1 / 6] * 6)[0]
    ...                                               for _ in range(8)]
    True
    """
    kept: dict[int, tuple[Any, list[Any], list[Any], float]] = {}

    def draw(s: Any, outcomes: Any, rng: random.Random) -> Any:
        entry = kept.get(id(outcomes))
        if entry is None or entry[0] is not outcomes:
            pairs = check_outcomes(s, outcomes)
            cumulative = list(accumulate(p for _, p in pairs))
            entry = (outcomes, [o for o, _ in pairs], cumulative, cumulative[-1] + 0.0)
            if outcomes.__class__ is tuple and all(pair.__class__ is tuple for pair in outcomes):
                if len(kept) >= 64:
                    kept.clear()
                kept[id(outcomes)] = entry
        _, population, cumulative, total = entry
        try:
            x = rng.random()
        except AttributeError:
            raise TypeError(f"rng must be a random.Random, not {rng!r:.80}") from None
        return population[bisect(cumulative, x * total, 0, len(cumulative) - 1)]

    return draw
