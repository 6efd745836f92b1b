"""The state of a game against a searching agent, without any widgets.

:class:`PlayModel` holds the game (state, history, whose turn, the agent's last search)
and needs neither ipywidgets nor matplotlib; :class:`~aisearch.widgets.PlayGame`
(:mod:`aisearch.widgets.play`) is a thin view over it. :meth:`PlayModel.record_last_search`
re-runs the agent's last search on the same position with a
:class:`~aisearch.trace.Recorder` (same searcher, depth and evaluation), so what the
widget shows is the search the agent made, not a search of its own.

Examples
--------
>>> from aisearch.games.tictactoe import TicTacToe
>>> game = PlayModel(TicTacToe(), depth=2)
>>> game.play(4)            # X in the centre; O answers at once
>>> game.moves
[4, 0]
>>> game.last_search.decision.stats
Stats(nodes=23, leaves=14, cutoffs=7)
>>> game.play(0)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
aisearch.widgets.play_model.PlayError: illegal move 0 (cell 0 is taken); legal moves: 1, 2, ...
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple

from aisearch.agents import anytime_agent, check_depth, search_agent
from aisearch.core import (
    CHANCE,
    MAX,
    MIN,
    IllegalMoveError,
    check_game,
    check_seed,
    move_name,
    outcome_sampler,
    player_name,
    side_name,
    unwrap,
)
from aisearch.plot.step import fmt  # numbers written as in the tree drawing
from aisearch.results import Decision
from aisearch.search import REGISTRY, alphabeta, describe, expectiminimax
from aisearch.trace import Recorder
from aisearch.widgets.dry import dry_run
from aisearch.widgets.text import count

__all__ = ["PlayModel", "PlayError", "SearchTooBigError", "SearchInfo", "evaluations",
           "side_names", "default_searcher", "DepthRange", "depth_range"]


class PlayError(ValueError):
    """A user's move that cannot be played now (illegal, out of turn, game over)."""


class SearchInfo(NamedTuple):
    """The agent's search of one position: enough to run the same search again."""

    position: Any
    move: Any
    decision: Decision | None
    searcher: Callable[..., Decision] | None
    depth: int | None
    evaluate: Callable[[Any], float] | None
    player: int
    nodes: int | None = None  # the node budget of an anytime searcher
    options: tuple = ()  # more options of the searcher, as (name, value) pairs


def zero_eval(state: Any) -> float:
    """An evaluation that knows nothing: every position is worth 0."""
    return 0


def evaluations(game: Any) -> dict[str, Callable[[Any], float]]:
    """The game's named evaluations (``evaluate`` and ``*_eval`` methods), then ``'zero'``.

    >>> from aisearch.games.tictactoe import TicTacToe
    >>> list(evaluations(TicTacToe()))
    ['nilsson_eval', 'zero']
    """
    found = {name: getattr(game, name) for name in dir(game)
             if (name == "evaluate" or name.endswith("_eval")) and not name.startswith("_")
             and callable(getattr(game, name, None))}
    found["zero"] = zero_eval
    return found


def side_names(game: Any) -> dict[int, str]:
    """What the players are called in ``game`` (its declared ``sides``): X and O, White and
    Black, or MAX and MIN.

    >>> from aisearch.games.robots import TwoRobots
    >>> side_names(TwoRobots(2, 2))[MIN]
    'Black'
    """
    return {p: side_name(game, p) for p in (MAX, MIN)}


def _name(f: Any) -> str:
    return getattr(f, "__name__", None) or type(f).__name__


def check_options(searcher: Any, options: Any) -> dict[str, Any]:
    """``options`` as a dict, once checked against what ``searcher`` takes.

    >>> check_options(alphabeta, {"prune_on_equal": False})
    {'prune_on_equal': False}
    >>> check_options(alphabeta, {"depth": 3})
    Traceback (most recent call last):
    ...
    ValueError: options may not set depth: the play widget sets it (depth=)
    """
    if options is None:
        return {}
    if not isinstance(options, Mapping):
        raise TypeError(f"options must be a dict of the searcher's options, such as "
                        f"{{'quiescence': 8}}, or None, not {options!r:.80}")
    for name in options:
        if name in ("depth", "evaluate", "tracer", "budget"):
            raise ValueError(f"options may not set {name}: the play widget sets it "
                             f"({name}=)" if name in ("depth", "evaluate") else
                             f"options may not set {name}: the play widget sets it")
    info = describe(searcher, strict=False)
    if info is not None:
        info.check_options(dict(options))
    return dict(options)


def default_searcher(game: Any) -> Callable[..., Decision]:
    """The agent's searcher when none is named: alpha-beta, or expectiminimax for a game
    that declares chance states (``has_chance``), which alpha-beta cannot search.

    >>> from aisearch.games import Nannon, TicTacToe
    >>> default_searcher(TicTacToe()).__name__, default_searcher(Nannon()).__name__
    ('alphabeta', 'expectiminimax')
    """
    return expectiminimax if getattr(game, "has_chance", False) is True else alphabeta


def _check_human(human: Any) -> None:
    if human not in (MAX, MIN) or isinstance(human, bool):
        raise ValueError(f"human must be MAX (0) or MIN (1), not {human!r}")


def _check_chance(game: Any, searcher: Any) -> None:
    """Refuse a searcher that cannot search the chance states ``game`` declares."""
    info = describe(searcher, strict=False)
    if info is None or info.chance or getattr(game, "has_chance", False) is not True:
        return
    able = ", ".join(name for name, i in REGISTRY.items() if i.chance)
    raise ValueError(f"{info.name} cannot search chance nodes, and {game!r:.60} has them: "
                     f"use a searcher that can ({able}), or leave searcher= out "
                     "(expectiminimax)")


MOVE_NODES = 1_000_000
"""The most states one search of the agent may generate (a few seconds) before it is
stopped with :class:`SearchTooBigError`, unless a node budget of its own bounds it."""


class SearchTooBigError(RuntimeError):
    """The agent's search generated :data:`MOVE_NODES` states and was stopped."""


DEEPEST = 10
"""The deepest search the depth slider offers for a game that declares no
``max_play_depth``."""


class DepthRange(NamedTuple):
    """The searches the play widget offers for a game (see :func:`depth_range`)."""

    deepest: int  # the depth slider's maximum
    declared: bool  # declared by the game: deeper searches are refused
    no_end: str | None  # why there is no search "to the end" (None: there is)


def depth_range(game: Any) -> DepthRange:
    """The deepest search the play widget offers for ``game``, and why it does not offer
    to search to the end (None: it does), as the game declares them.

    A game too big to search deep declares ``max_play_depth`` (plies) with its other
    presentation (chess: 4, Connect Four: 8); a search to its end would not return while
    one waits, so only a game that declares no limit is searched "to the end", unless its
    play can go on for ever (``cycles``). A game that declares none is offered depths up
    to 10, where a deeper search of a small game is the same as one to its end.

    >>> from aisearch.games import Chess, TicTacToe
    >>> depth_range(TicTacToe())
    DepthRange(deepest=10, declared=False, no_end=None)
    >>> depth_range(Chess()).no_end
    'Chess() is too big to search to the end while you wait'
    """
    rules = unwrap(game)
    deepest = getattr(rules, "max_play_depth", None)
    if deepest is None:
        if getattr(rules, "cycles", False):
            return DepthRange(DEEPEST, False, f"the play of {game!r:.60} can go on for ever: "
                              "it has no end to search to")
        return DepthRange(DEEPEST, False, None)
    if isinstance(deepest, bool) or not isinstance(deepest, int) or deepest < 1:
        raise TypeError(f"{type(rules).__name__}.max_play_depth must be a positive int "
                        f"(plies) or None, not {deepest!r:.80}")
    return DepthRange(deepest, True,
                      f"{game!r:.60} is too big to search to the end while you wait")


def _check_settings(game: Any, agent: Any, human: Any, depth: Any, evaluate: Any,
                    searcher: Any, seed: Any, nodes: Any) -> None:
    """Refuse settings the model could not play with, naming the rule that was broken."""
    check_game(game)
    _check_human(human)
    if agent is not None and not callable(agent):
        raise TypeError(f"agent must be a callable agent(game, state) -> move or None, "
                        f"not {agent!r:.80}")
    check_depth(depth)
    if evaluate is not None and not callable(evaluate):
        raise TypeError(f"evaluate must be a callable evaluate(state) -> number or None, "
                        f"not {evaluate!r:.80}")
    if not callable(searcher):
        raise TypeError(f"searcher must be a searcher such as alphabeta, not {searcher!r:.80}")
    if agent is None:
        info = describe(searcher, strict=False)
        if info is not None and not info.convention.depth and not info.anytime:
            raise ValueError(f"{info.name} searches one position without a depth: it cannot "
                             "choose the agent's moves; use a searcher such as alphabeta")
        _check_chance(game, searcher)
    check_seed(seed)
    if nodes is not None and (isinstance(nodes, bool) or not isinstance(nodes, int)
                              or nodes < 1):
        raise ValueError(f"nodes must be a positive int (a node budget per move) or None, "
                         f"not {nodes!r}")


class PlayModel:
    """A game between a human and an agent, without any widgets.

    Parameters
    ----------
    game : Game
        The rules (tic-tac-toe, the robots, or any other game).
    agent : callable, optional
        ``agent(game, state) -> move``; by default an agent is built from ``searcher``,
        ``depth`` and ``evaluate`` with :func:`~aisearch.agents.search_agent` for every move
        (so changing them changes the next search).
    human : {MAX, MIN}
        The human's side; the agent plays the other one (and chance is sampled).
    depth : int or None
        Plies the agent searches (None: to the end). With the package's agent and no node
        budget, at most the game's deepest search, and None only for a game that can be
        searched to its end while one waits (:func:`depth_range`), here as in the widget
        (set later too: ``model.depth = 20`` on chess is refused, not searched for hours).
        A search that generates :data:`MOVE_NODES` (1,000,000) states without finishing
        is stopped with :class:`SearchTooBigError` (a game that declares no deepest search,
        such as the robots, offers depths up to 10 but takes any depth from code); an
        anytime searcher without ``nodes`` plays its last complete iteration then.
    evaluate : callable, optional
        Static evaluation at the depth bound (MAX's view); default: the game's first
        named evaluation (:func:`evaluations`).
    searcher : callable, optional
        Any searcher of :mod:`aisearch.search`; an anytime searcher (iterative deepening)
        runs up to ``depth`` within a budget of ``nodes`` generated states per move.
        Default: :func:`default_searcher` (alpha-beta; expectiminimax for a game with
        chance states). One that cannot search chance states is refused for a game that
        has them.
    seed : int, optional
        Seeds the chance outcomes.
    nodes : int, optional
        The node budget per move of an anytime searcher (reproducible, unlike a clock).
    options : dict, optional
        More options of the searcher for every search, e.g. ``{"quiescence": 8}``:
        their names against what the searcher takes, their values by the searcher's own
        checks (it is started on the initial position and stopped at its first node).

    Attributes
    ----------
    states, moves, movers, searches : list
        The history: ``states[0]`` is the start, ``moves[k]`` made by ``movers[k]``
        leads to ``states[k + 1]``, and ``searches[k]`` is the agent's search that chose
        it (None for the human's moves and chance's).
    last_search : SearchInfo or None
        The search of the agent's last move on the board (None while there is none).

    Examples
    --------
    >>> from aisearch.games.tictactoe import TicTacToe
    >>> game = PlayModel(TicTacToe(), human=MIN, depth=1)   # the agent (X) moves first
    >>> game.moves, game.human_to_move
    ([4], True)
    """

    def __init__(self, game: Any, agent: Callable[[Any, Any], Any] | None = None, *,
                 human: int = MAX, depth: int | None = 2,
                 evaluate: Callable[[Any], float] | None = None,
                 searcher: Callable[..., Decision] | None = None, seed: int | None = 0,
                 nodes: int | None = None, options: Mapping[str, Any] | None = None) -> None:
        if searcher is None:
            searcher = default_searcher(game)
        _check_settings(game, agent, human, depth, evaluate, searcher, seed, nodes)
        self.game, self.agent, self.searcher = game, agent, searcher
        self._options = check_options(searcher, options)
        info = describe(searcher, strict=False)
        self.anytime = bool(info and info.anytime)
        # A search that grows a tree by sampling (MCTS): a node budget, no depth or
        # evaluation (the settings controls are hidden, the stepper is MCTS's own)
        self.growing = bool(info and info.convention.growing)
        if self.anytime and depth is None and nodes is None:
            raise ValueError(f"{info.name if info else searcher} is an anytime search: give it "
                             "depth= (the deepest iteration) or nodes= (a node budget per move)")
        self.nodes = nodes
        self.depth = depth
        self.evaluations = evaluations(game)
        if evaluate is None:
            evaluate = next(iter(self.evaluations.values()))
        elif evaluate not in self.evaluations.values():
            name = _name(evaluate)  # (another game's pst_eval is not this game's)
            name = name if name not in self.evaluations else f"{name} (given)"
            self.evaluations = {name: evaluate, **self.evaluations}
        self.evaluate = evaluate
        self._dry_run()
        self.sides = side_names(game)
        self.rng = random.Random(seed)
        self._draw = outcome_sampler()  # (chance's moves, as rng.choices draws them)
        self.human = human
        self.new_game()

    # -- settings (checked whenever they change) --------------------------------------
    @property
    def depth(self) -> int | None:
        """Plies the agent searches (None: to the end)."""
        return self._depth

    @depth.setter
    def depth(self, depth: int | None) -> None:
        check_depth(depth)
        if self.agent is None and not (self.anytime and self.nodes is not None):
            # (an agent of one's own, or a node budget, bounds every search however deep)
            deepest, capped, no_end = depth_range(self.game)
            if no_end and depth is None:
                raise ValueError(f"{no_end}: give a depth from 1 to {deepest}")
            if capped and depth is not None and depth > deepest:
                raise ValueError(f"depth {depth} is too deep to search {self.game!r:.60} while "
                                 f"you wait: give a depth from 1 to {deepest}")
        self._depth = depth

    @property
    def evaluate(self) -> Callable[[Any], float]:
        """The agent's static evaluation at the depth bound."""
        return self._evaluate

    @evaluate.setter
    def evaluate(self, evaluate: Callable[[Any], float]) -> None:
        if not callable(evaluate):
            raise TypeError(f"evaluate must be a callable evaluate(state) -> number, "
                            f"not {evaluate!r:.80}")
        self._evaluate = evaluate

    @property
    def options(self) -> dict[str, Any]:
        """More options of the searcher used by the next search (``{}``: none)."""
        return self._options

    @options.setter
    def options(self, options: Mapping[str, Any] | None) -> None:
        before, self._options = self._options, check_options(self.searcher, options)
        try:
            self._dry_run()
        except Exception:
            self._options = before  # refused: the options in use stay as they were
            raise

    def _dry_run(self) -> None:
        """Check the settings with the searcher's own checks: start the agent's search of
        the first position where a player moves, and stop it at its first node (see
        :func:`dry_run`)."""
        if self.agent is not None or describe(self.searcher, strict=False) is None:
            return
        state = self.game.initial
        for _ in range(100):  # past the opening rolls (the first outcome of each)
            if self.game.is_terminal(state) or self.game.to_move(state) != CHANCE:
                break
            state = self.game.result(state, self.game.chance_outcomes(state)[0][0])
        if not self.game.is_terminal(state) and self.game.to_move(state) != CHANCE:
            dry_run(lambda tracer: self._agent(tracer=tracer)(self.game, state))

    # -- the position ------------------------------------------------------------------
    @property
    def state(self) -> Any:
        return self.states[-1]

    @property
    def to_move(self) -> int:
        return self.game.to_move(self.state)

    @property
    def is_over(self) -> bool:
        return self.game.is_terminal(self.state)

    @property
    def human_to_move(self) -> bool:
        return not self.is_over and self.to_move == self.human

    @property
    def legal_moves(self) -> Sequence[Any]:
        return self.game.moves(self.state)

    def side(self, player: int) -> str:
        """The name of ``player`` in this game (``'X'``, ``'Black'``, ``'MAX'``, ...)."""
        return self.sides.get(player, player_name(player))

    @property
    def evaluation_name(self) -> str:
        for name, f in self.evaluations.items():
            if f is self.evaluate or f == self.evaluate:
                return name
        return _name(self.evaluate)

    @property
    def agent_name(self) -> str:
        if self.agent is not None:
            return _name(self.agent)
        if self.growing:  # MCTS: playouts, a budget
            return f"{_name(self.searcher)}(nodes={self.nodes})"
        extra = "".join(f", {k}={v!r}" for k, v in self.options.items())
        deep = "to the end" if self.depth is None else f"depth={self.depth}"
        return f"{_name(self.searcher)}({deep}, {self.evaluation_name}{extra})"

    # -- playing -----------------------------------------------------------------------
    def new_game(self, human: int | None = None) -> None:
        """Start again (optionally on the other side); the agent moves if it is first."""
        if human is not None:
            _check_human(human)
            self.human = human
        self.moves: list[Any]
        self.movers: list[int]
        self.searches: list[SearchInfo | None]
        self.states, self.moves, self.movers = [self.game.initial], [], []
        self.searches = []
        self.advance()

    @property
    def last_search(self) -> SearchInfo | None:
        """The search of the agent's last move on the board (None while there is none):
        after an undo, the search of the agent's move that is left."""
        return next((info for info in reversed(self.searches) if info is not None), None)

    def _apply(self, move: Any, search: SearchInfo | None = None) -> None:
        player = self.to_move
        self.states.append(self.game.result(self.state, move))
        self.moves.append(move)
        self.movers.append(player)
        self.searches.append(search)

    def check(self, move: Any) -> None:
        """Raise :class:`PlayError` if the human cannot play ``move`` now."""
        if self.is_over:
            raise PlayError(f"the game is over ({self.result_text()}): start a new game")
        if self.to_move != self.human:
            raise PlayError(f"it is not your turn: {self.side(self.to_move)} is to move")
        legal = self.legal_moves
        try:
            self.game.result(self.state, move)  # the game says which rule is broken
        except IllegalMoveError as error:
            why = f" ({error.why})" if error.why else ""
            raise PlayError(f"illegal move {move!r}{why}; legal moves: "
                            f"{', '.join(map(str, legal))}") from None
        except Exception:  # a move the game cannot even read
            raise PlayError(str(IllegalMoveError(move, legal))) from None
        if move not in legal:
            raise PlayError(str(IllegalMoveError(move, legal)))

    def move_from_text(self, text: str) -> Any:
        """The legal move of the human that ``text`` names: its ``str`` (chess: UCI such as
        ``e2e4``) or the game's label for it (``move_label``; chess: SAN such as ``Nf3``).
        Exact spelling first, then ignoring case and spaces if that names one move only.

        >>> from aisearch.games.tictactoe import TicTacToe
        >>> PlayModel(TicTacToe()).move_from_text(" 4 ")
        4
        >>> PlayModel(TicTacToe()).move_from_text("9")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        aisearch.widgets.play_model.PlayError: no legal move is called '9'; legal moves: 0, ...
        """
        if not isinstance(text, str):
            raise TypeError(f"text must be a str naming a move, not {text!r:.80}")
        if self.is_over:
            raise PlayError(f"the game is over ({self.result_text()}): start a new game")
        if self.to_move != self.human:
            raise PlayError(f"it is not your turn: {self.side(self.to_move)} is to move")
        label = getattr(unwrap(self.game), "move_label", None)
        names: dict[Any, set[str]] = {}
        shown = []
        for m in self.legal_moves:
            spelt = {str(m)}
            called = str(label(self.state, m)) if callable(label) else ""
            if called.strip():  # tic-tac-toe labels an empty cell " "
                spelt.add(called)
            names[m] = spelt
            shown.append(called if called.strip() else str(m))
        wanted = text.strip()
        exact = [m for m, spelt in names.items() if wanted in spelt]
        if len(exact) == 1:
            return exact[0]
        loose = "".join(wanted.split()).lower()
        found = [m for m, spelt in names.items()
                 if loose in {"".join(n.split()).lower() for n in spelt}]
        if len(found) == 1:
            return found[0]
        if found:
            raise PlayError(f"{wanted!r} names more than one move "
                            f"({', '.join(map(str, found))}): write it exactly")
        raise PlayError(f"no legal move is called {wanted!r}; legal moves: {', '.join(shown)}")

    def play_text(self, text: str) -> None:
        """The human plays the move ``text`` names (see :meth:`move_from_text`)."""
        self.play(self.move_from_text(text))

    def play(self, move: Any) -> None:
        """The human plays ``move``; then the agent (and chance) play until the human's turn.

        Raises
        ------
        PlayError
            If the game is over, it is not the human's turn, or ``move`` is illegal.
        """
        self.check(move)
        self._apply(move)
        self.advance()

    def advance(self) -> None:
        """Let chance and the agent move until the human is to move or the game is over."""
        while not self.is_over and self.to_move != self.human:
            if self.to_move == CHANCE:
                self._apply(self._draw(self.state, self.game.chance_outcomes(self.state),
                                       self.rng))
            else:
                self.agent_move()

    def agent_move(self) -> Any:
        """The agent searches the current position and plays; returns its move."""
        position, player = self.state, self.to_move
        if self.agent is not None:
            move = self.agent(self.game, position)
            info = SearchInfo(position, move, getattr(self.agent, "last", None), None, None,
                              None, player)
        else:
            agent = self._agent()
            move = self._capped(agent, position)
            info = SearchInfo(position, move, agent.last, self.searcher, self.depth,
                              self.evaluate, player, self.nodes if self.anytime else None,
                              tuple(self.options.items()))
        self._apply(move, info)
        return move

    def _capped(self, agent: Any, position: Any) -> Any:
        """``agent``'s move at ``position``, its search stopped after :data:`MOVE_NODES`
        states unless a budget of its own bounds it: a depth typed in code (the slider
        stops at the game's deepest search) must not leave the widget searching for hours.
        (An anytime search takes the stop as the end of its budget: its last complete
        iteration plays.)
        """
        if self.growing or self.anytime and self.nodes is not None:  # (nodes= bounds it)
            return agent(self.game, position)
        from aisearch.search.runtime.anytime import Budget, BudgetedGame, OutOfBudget

        try:
            return agent(BudgetedGame(self.game, Budget(nodes=MOVE_NODES)), position)
        except OutOfBudget:
            deep = "to the end" if self.depth is None else f"to depth {self.depth}"
            raise SearchTooBigError(
                f"the search {deep} generated {MOVE_NODES:,} states without finishing, the "
                f"most one move may take here: choose a smaller depth (or an anytime "
                f"searcher such as iterative_deepening, with a node budget nodes=...)"
            ) from None

    def _agent(self, **more: Any) -> Any:
        """The agent that searches as set now (``more``: options for this agent only)."""
        if self.growing:  # MCTS: playouts, a budget
            return anytime_agent(self.searcher, nodes=self.nodes, **self.options, **more)
        if self.anytime:
            return anytime_agent(self.searcher, depth=self.depth, nodes=self.nodes,
                                 evaluate=self.evaluate, **self.options, **more)
        return search_agent(self.searcher, self.depth, evaluate=self.evaluate,
                            **self.options, **more)

    def undo(self) -> bool:
        """Take back the human's last move (and what followed it); False if there is none.

        The agent's last search is then the one of its move that is left on the board.

        >>> from aisearch.games.tictactoe import TicTacToe
        >>> m = PlayModel(TicTacToe(), depth=1)
        >>> m.play(4); m.play(8); m.moves
        [4, 0, 8, 2]
        >>> m.undo(), m.moves, m.last_search.move
        (True, [4, 0], 0)
        >>> m.undo(), m.moves, m.last_search
        (True, [], None)
        """
        for k in range(len(self.moves) - 1, -1, -1):
            if self.movers[k] == self.human:
                del self.states[k + 1:], self.moves[k:], self.movers[k:], self.searches[k:]
                return True
        return False

    # -- words -------------------------------------------------------------------------
    @property
    def outcome(self) -> float | None:
        """The final utility for MAX, or None while the game goes on."""
        return self.game.utility(self.state, MAX) if self.is_over else None

    def result_text(self) -> str:
        """``'X wins'``, ``'draw'``, or ``''`` while the game goes on."""
        u = self.outcome
        if u is None:
            return ""
        if u == 0:
            return "draw"
        return f"{self.side(MAX if u > 0 else MIN)} wins"

    def move_text(self, k: int) -> str:
        """Move ``k`` of the game (0 first) in the game's notation, where it was played."""
        return move_name(self.game, self.states[k], self.moves[k])

    def moves_text(self, start: int = 0, stop: int | None = None) -> str:
        """The moves from ``start`` to ``stop``, each after its player; chance's outcomes as
        the game writes them (Nannon: ``roll 5``).

        >>> from aisearch.games.tictactoe import TicTacToe
        >>> m = PlayModel(TicTacToe(), depth=1)
        >>> m.play(4)
        >>> m.moves_text()
        'X 4, O 0'
        """
        stop = len(self.moves) if stop is None else stop
        return ", ".join(self.move_text(k) if self.movers[k] == CHANCE
                         else f"{self.side(self.movers[k])} {self.move_text(k)}"
                         for k in range(start, stop))

    def line_text(self, state: Any, line: Sequence[Any]) -> str:
        """A line of moves from ``state`` in the game's notation (as far as it can be
        read)."""
        words = []
        for m in line:
            words.append(move_name(self.game, state, m))
            try:
                state = self.game.result(state, m)
            except Exception:
                state = None
        return " ".join(words)

    def status(self) -> str:
        """One line: the result, or whose turn it is.

        >>> from aisearch.games.tictactoe import TicTacToe
        >>> PlayModel(TicTacToe()).status()
        'Your move: you play X.'
        """
        u = self.outcome
        if u is not None:
            if u == 0:
                return "Draw. Press New game to play again."
            winner = MAX if u > 0 else MIN
            who = "you win!" if winner == self.human else "the agent wins."
            return f"{self.side(winner)} wins: {who} Press New game to play again."
        if self.to_move == self.human:
            return f"Your move: you play {self.side(self.human)}."
        return f"The agent ({self.side(self.to_move)}) is to move."

    def search_text(self) -> str:
        """The agent's last search in one line (value, nodes, leaves, cut-offs, move)."""
        info = self.last_search
        if info is None:
            return "The agent has not searched yet."
        who = self.side(info.player)
        played = move_name(self.game, info.position, info.move)
        if info.decision is None:
            return f"The agent ({who}) played {played}."
        d, s = info.decision, info.decision.stats
        extra = "".join(f", {k} {v}" for k, v in info.options)
        if self.growing and info.searcher is not None:
            budget = "" if info.nodes is None else f"a budget of {info.nodes:,} states"
            return (f"The agent ({who}) played {played} after {_name(info.searcher)} "
                    f"({budget}{extra}): value {fmt(d.value)} (MAX's mean reward), "
                    f"{count(s.leaves, 'playout')}, a tree of {count(s.nodes, 'node')}; "
                    f"most visited line {self.line_text(info.position, d.pv)}")
        deep = "to the end" if info.depth is None else f"depth {info.depth}"
        how = (f"{_name(info.searcher)}, {deep}, {self.evaluation_of(info)}{extra}"
               if info.searcher else _name(self.agent))
        pv = self.line_text(info.position, d.pv)
        return (f"The agent ({who}) played {played} after {how}: value {fmt(d.value)}, "
                f"{count(s.nodes, 'node')}, {count(s.leaves, 'leaf', 'leaves')}, "
                f"{count(s.cutoffs, 'cut-off')}; best line {pv}")

    def evaluation_of(self, info: SearchInfo) -> str:
        for name, f in self.evaluations.items():
            if f is info.evaluate or f == info.evaluate:
                return name
        return _name(info.evaluate)

    # -- the search, observed ----------------------------------------------------------
    def record_last_search(self) -> tuple[Recorder, Decision]:
        """Run the agent's last search again, same position and settings, with a Recorder."""
        info = self.last_search
        if info is None:
            raise PlayError("the agent has not searched yet")
        if info.searcher is None:
            raise PlayError("the agent was given ready-made, so its search cannot be re-run; "
                            "build it from searcher=, depth= and evaluate= instead")
        rec = Recorder()
        if self.anytime:  # the same iterations again, within the same node budget
            from aisearch.search.runtime.anytime import Budget, run_anytime

            budget = None if info.nodes is None else Budget(nodes=info.nodes)
            if self.growing:  # MCTS: the budget alone ends it, as it did for the agent
                grown: Any = info.searcher(self.game, info.position, iterations=None,
                                           budget=budget, tracer=rec, **dict(info.options))
                decision = run_anytime(grown)
                if decision is None:
                    raise PlayError("the agent's budget ran out before its first iteration "
                                    "ended")
                return rec, decision
            runs: Any = info.searcher(self.game, info.position, info.depth,
                                      evaluate=info.evaluate, budget=budget, tracer=rec,
                                      **dict(info.options))
            decision = run_anytime(runs)
            if decision is None:
                raise PlayError("the agent's budget ran out before its first iteration ended")
            return rec, decision
        decision = info.searcher(self.game, info.position, info.depth, evaluate=info.evaluate,
                                 tracer=rec, **dict(info.options))
        return rec, decision

    def __repr__(self) -> str:
        return (f"<PlayModel {self.game!r}: {len(self.moves)} moves, you play "
                f"{self.side(self.human)} against {self.agent_name}>")
