"""Grading a searcher written in the exercises' API, and the bugs any such searcher can show.

:func:`check_search` observes the student's ``f(game, state, depth, evaluate) -> (value,
move)`` on many random cases (:mod:`aisearch.grading.observe`), compares each observation
with the reference's in one aspect (:mod:`aisearch.grading.compare`) and, on a mismatch,
looks for a known wrong implementation that behaves exactly like the student's code
(:mod:`aisearch.grading.recognise`), naming its bug class in the feedback.

The bug classes below are shared by every exercise whose students write a minimax-style
searcher, and so are their wrong implementations: :func:`depth_limited_bugs` writes each
into a plain searcher of :mod:`aisearch.search.plain` as a small edit of its source
(:mod:`aisearch.grading.mutate`). An exercise's ``bugs.py`` lists them and adds its own.

Examples
--------
A student whose alpha-beta is plain minimax, recognised by a known wrong implementation:

>>> from aisearch.grading.cases import search_cases
>>> from aisearch.grading.observe import exercise_api
>>> from aisearch.grading.question import Context, Fail
>>> from aisearch.search import alphabeta, minimax
>>> no_pruning = Bug(BugClass("no-pruning", "no pruning: ..."), exercise_api(minimax))
>>> ctx = Context({"mine": exercise_api(minimax)}, seed=1)
>>> try:
...     check_search(ctx, "mine", "pruning", search_cases(ctx.rng),
...                  reference=exercise_api(alphabeta), bugs=[no_pruning])
... except Fail as e:
...     print(e.bug, e.feedback.splitlines()[0])
no-pruning no pruning: ...
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from aisearch.grading.cases import Case
from aisearch.grading.compare import DIFFS, Diff, alike
from aisearch.grading.mutate import mutant, value_only
from aisearch.grading.observe import Observation, observe
from aisearch.grading.question import Context, Fail
from aisearch.grading.recognise import Bug, BugClass, recognise

__all__ = [
    "check_search",
    "refuse_borrowed_or_missing",
    "VALUE_FOR_MOVE",
    "DEPTH_OFF_BY_ONE",
    "POINT_OF_VIEW",
    "EVALUATES_NON_TIPS",
    "TIES",
    "EVALUATES_TERMINALS",
    "DEPTH_AT_MIN",
    "REMEMBERS_POSITIONS",
    "NO_MOVE_WHEN_LOST",
    "depth_limited_bugs",
]

VALUE_FOR_MOVE = BugClass(
    "value-for-move", "returns the value instead of the move: return the pair (value, move), "
    "where move is one of game.moves(state).")
DEPTH_OFF_BY_ONE = BugClass(
    "depth-off-by-one", "depth off by one: depth counts plies (single moves). With depth 1 you "
    "look at the children of state; evaluate the non-terminal states where depth reaches 0, "
    "no earlier and no later.")
POINT_OF_VIEW = BugClass(
    "point-of-view", "values from the wrong player's point of view: game.utility(s, MAX) and "
    "evaluate(s) are both from MAX's point of view at every node; do not use the player to "
    "move and do not negate values at MIN nodes.")
EVALUATES_NON_TIPS = BugClass(
    "evaluates-non-tips", "evaluates non-tip nodes: call evaluate only on non-terminal states at "
    "the depth bound (depth == 0), never on a node you go on to expand.")
TIES = BugClass(
    "ties", "ties broken the wrong way: when several moves are equally good, return the first "
    "of them in game.moves order (update the best move with > at MAX, < at MIN, not >= or <=).")

EVALUATES_TERMINALS = BugClass(
    "evaluates-terminals", "evaluates terminal states: test game.is_terminal(state) first and "
    "return game.utility(state, MAX) there; call evaluate only on non-terminal states at the "
    "depth bound.")
DEPTH_AT_MIN = BugClass(
    "depth-at-min", "depth not decremented at every node: depth counts plies, MAX's moves and "
    "MIN's alike. Pass depth - 1 to the children of every node, MIN nodes included.")
REMEMBERS_POSITIONS = BugClass(
    "remembers-positions", "remembers positions it has seen (a cache or transposition table): "
    "this exercise asks for the plain search, which searches a position again each time a move "
    "order reaches it. Many games reach one position by several paths (transpositions); keep "
    "no memory between nodes.")
NO_MOVE_WHEN_LOST = BugClass(
    "no-move-when-lost", "no move when every move loses: your search takes a move only when its "
    "value beats the starting value (-inf at MAX, +inf at MIN), so in a lost position it "
    "returns None. Take the first move whatever its value (e.g. update when best_move is None), "
    "so a lost position still gets a move, the first of the equally bad ones.")


def depth_limited_bugs(plain: Callable[..., Any], call_end: str) -> list[Callable[..., Any]]:
    """The mistakes any depth-limited searcher can make, each written into ``plain``.

    ``plain`` is a searcher of :mod:`aisearch.search.plain` in the exercises' API (``f(game,
    state, depth, evaluate) -> (value, move)``, e.g. ``minimax`` or ``alphabeta_failsoft``)
    and ``call_end`` the end of its recursive call (``'evaluate)'``, ``'alpha, beta)'``).
    The wrong versions come most specific first, named as in the catalogues.

    >>> from aisearch.games import TreeGame
    >>> from aisearch.search.plain import minimax
    >>> bugs = depth_limited_bugs(minimax, "evaluate)")
    >>> [b.__name__ for b in bugs][:3]
    ['value_for_move', 'depth_one_too_early', 'depth_one_too_deep']
    >>> minimax(TreeGame([3, 5]), ()), bugs[3](TreeGame([3, 5]), ())  # utility_of_mover
    ((5, 1), (-3, 0))
    """
    def bug(kind: BugClass, name: str, edits: list[tuple[str, str]], why: str,
            **options: Any) -> Callable[..., Any]:
        return mutant(plain, kind, name, edits, why=why, **options)

    return [
        bug(VALUE_FOR_MOVE, "value_for_move", [], then=value_only, why=(
            "Returns the value alone, not the pair (value, move): the value is what the "
            "textbook's pseudocode returns.")),
        bug(DEPTH_OFF_BY_ONE, "depth_one_too_early", [("depth == 0", "depth <= 1")], why=(
            "Evaluates where depth reaches 1, one ply above the bound (depth counted in "
            "nodes, not plies).")),
        bug(DEPTH_OFF_BY_ONE, "depth_one_too_deep", [("depth == 0", "depth < 0")], why=(
            "Evaluates where depth reaches -1, one ply below the bound.")),
        bug(POINT_OF_VIEW, "utility_of_mover", [
            ("game.utility(state, MAX)", "game.utility(state, game.to_move(state))")], why=(
            "Takes terminal utilities from the view of the player to move (the negamax "
            "habit), not MAX's.")),
        bug(POINT_OF_VIEW, "negated_evaluation", [
            ("return evaluate(state), None",
             "return (evaluate(state) if game.to_move(state) == MAX else -evaluate(state)), "
             "None")], why="Negates the evaluation where MIN is to move (the negamax habit)."),
        bug(EVALUATES_NON_TIPS, "evaluates_non_tips", [
            ("    if depth == 0:", "    estimate = evaluate(state)\n    if depth == 0:"),
            ("return evaluate(state), None", "return estimate, None")], why=(
            "Evaluates every non-terminal node, including those it goes on to expand (the "
            "estimate computed before the depth test).")),
        bug(TIES, "last_best_move", [
            ("value > best_value if maximizing else value < best_value",
             "value >= best_value if maximizing else value <= best_value")], why=(
            "Breaks ties for the last best move, not the first: >= and <= where > and < "
            "belong.")),
        bug(EVALUATES_TERMINALS, "evaluates_terminals", [
            ("    if game.is_terminal(state):",
             "    if depth == 0:\n        return evaluate(state), None\n"
             "    if game.is_terminal(state):")], why=(
            "Tests the depth before the end of the game (AIMA's cutoff test): terminal states "
            "at the bound are evaluated.")),
        bug(DEPTH_AT_MIN, "depth_kept_at_min", [("depth - 1", "depth - (1 if maximizing else 0)")],
            why="Counts only MAX's moves: depth is not decremented below MIN nodes (depth "
                "read as moves of each side, not plies)."),
        bug(REMEMBERS_POSITIONS, "remembers_positions", [
            (") -> tuple[Any, Any]:", ", seen: dict | None = None) -> tuple[Any, Any]:"),
            ("    if game.is_terminal(state):",
             "    seen = {} if seen is None else seen\n    if (state, depth) in seen:\n"
             "        return seen[state, depth]\n    if game.is_terminal(state):"),
            (call_end, call_end[:-1] + ", seen=seen)"),
            ("    return best_value, best_move",
             "    seen[state, depth] = best_value, best_move\n    return best_value, best_move")],
            why="Remembers the answer for each (state, depth) and reuses it (a cache, such as "
                "functools.cache), searching a transposition once; with a window, a value "
                "found inside a narrow window is only a bound."),
        bug(NO_MOVE_WHEN_LOST, "no_move_when_lost", [("best_move is None or ", "")], why=(
            "Takes a move only when it beats the starting value (-inf at MAX): none when "
            "every move loses.")),
    ]


def refuse_borrowed_or_missing(name: str, got: Sequence[Observation]) -> None:
    """Fail ``name`` when its observations show a call of what the exercise asks for (the
    package's own version, which the grading process does not have), or that it is not
    implemented yet."""
    used = next((o for o in got if o.calls), None)
    if used is not None:
        raise Fail(f"{name} {used.error}; the exercise asks you to write the search yourself.",
                   bug="uses-reference")
    if got[0].shape == "error" and "not implemented" in got[0].error:
        raise Fail(f"{name} {got[0].error}.", bug="not-implemented")


def check_search(
    ctx: Context, name: str, aspect: str | Diff, cases: Sequence[Case], *,
    reference: Callable[..., Any], bugs: Sequence[Bug],
    look: Callable[[Callable[..., Any], Any], Observation] | None = None, guess: bool = True,
) -> None:
    """Grade one aspect of the student's searcher ``name``; return None if it is right.

    Parameters
    ----------
    ctx : Context
        The question's context (the student's namespace).
    name : str
        The student's function, in the exercises' API.
    aspect : str or callable
        ``'value'``, ``'move'``, ``'pruning'`` or ``'expansion'``
        (:data:`~aisearch.grading.compare.DIFFS`), or an exercise's own ``diff(got, want)``.
    cases : sequence of Case
        The random problems (:mod:`aisearch.grading.cases`).
    reference : callable
        The right answer in the exercises' API
        (:func:`~aisearch.grading.observe.exercise_api` of a package searcher).
    bugs : sequence of Bug
        Known wrong implementations, most specific first.
    look : callable, optional
        ``look(f, case)`` observes ``f`` on a case (default :func:`observe`).
    guess : bool
        Where no known bug behaves alike, name what the observations show (a non-tip or a
        terminal state evaluated, positions remembered): the bugs of a depth-limited search.

    Raises
    ------
    Fail
        With feedback naming the bug class when a known wrong implementation reproduces
        the student's behaviour, and the smallest case that went wrong.

    Examples
    --------
    >>> from aisearch.grading.question import Context
    >>> from aisearch.grading.cases import search_cases
    >>> from aisearch.grading.observe import exercise_api
    >>> from aisearch.search import alphabeta
    >>> ctx = Context({"mine": exercise_api(alphabeta)}, seed=3)
    >>> reference = exercise_api(alphabeta)
    >>> check_search(ctx, "mine", "pruning", search_cases(ctx.rng), reference=reference,
    ...              bugs=[]) is None
    True
    """
    f = ctx.function(name)
    diff = DIFFS[aspect] if isinstance(aspect, str) else aspect
    look = look or observe
    got = [look(f, c) for c in cases]
    refuse_borrowed_or_missing(name, got)
    want = [look(reference, c) for c in cases]
    wrong = [(c, d) for c, g, w in zip(cases, got, want, strict=True) if (d := diff(g, w))]
    if not wrong:
        return None
    bug, exact = recognise(got, cases, bugs, look, alike(aspect))
    kind = bug.kind if bug is not None else None
    pairs = list(zip(got, want, strict=True))
    if kind is None and guess:  # no known bug alike: name what the observations show
        if any(set(g.expanded_evaluated) - set(w.expanded_evaluated) for g, w in pairs):
            kind = EVALUATES_NON_TIPS
        elif any(g.evaluated_terminal and not w.evaluated_terminal for g, w in pairs):
            kind = EVALUATES_TERMINALS
        elif any(g.remembers(w) is not None for g, w in pairs):
            kind = REMEMBERS_POSITIONS
    case, problem = min(wrong, key=lambda cd: cd[0].size)
    lead = ""
    if kind is not None:
        lead = ("" if exact else "This looks like a known bug. ") + kind.feedback + "\n"
    elif any(o.shape == "error" for o in got):
        every = all(o.shape == "error" for o in got)
        lead = f"{name} raised an exception on {'every input' if every else 'some inputs'}.\n"
    raise Fail(f"{lead}{len(wrong)} of {len(cases)} random cases wrong. For example, on "
               f"{case.describe()}: {problem}.", bug=kind.key if kind else None)
