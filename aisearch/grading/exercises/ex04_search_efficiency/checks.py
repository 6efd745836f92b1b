"""Checks of exercise 04: a transposition table with bound flags, and iterative deepening.

``table_search`` is run on games with many transpositions (:class:`~aisearch.games.dag.
DagGame`, some of whose moves skip a level so that positions recur with different depths
left), on tic-tac-toe and on random trees: once to a depth with a fresh table, or
iteratively, depth 1, 2, ..., with one table (where shallow entries meet deeper searches),
also after a deeper search filled that table (where deeper entries meet shallower ones).
Its values, moves, the exact states it generates and the entries its table holds at
the end are compared with the right answer, which generates exactly what
:func:`aisearch.search.alphabeta_tt` generates (the tests prove it). ``deepening_moves`` is
given the right ``table_search`` and compared by the depths and moves it returns, on Connect
Four, tic-tac-toe and DAG positions with budgets.

Examples
--------
>>> import random
>>> cases = table_cases(random.Random(0))
>>> len(cases), sum(c.deepen for c in cases), sum(c.kept > 0 for c in cases)
(30, 14, 4)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields
from typing import Any

from aisearch.grading.cases import Case, tictactoe_case, tree_case, utility_at_ends
from aisearch.grading.compare import DIFFS, first_difference
from aisearch.grading.observe import Observation, observe, show
from aisearch.grading.question import Context, Fail
from aisearch.grading.recognise import Bug, recognise
from aisearch.search.plain import alphabeta_tt

__all__ = ["table_search", "TableCase", "table_cases", "searched_once", "searched_deeper",
           "runner_for", "cases_for", "TableObservation", "observe_table", "states_diff",
           "check_table", "DeepeningCase", "deepening_cases", "DeepeningRun", "run_deepening",
           "check_deepening", "bounded_search", "SearchOverrun", "SEARCH_CAP"]


def table_search(game: Any, state: Any, depth: int, evaluate: Any,
                 table: dict) -> tuple[Any, Any]:
    """Fail-soft alpha-beta with a transposition table: the exercise's answer, and the
    search the student's ``deepening_moves`` is given (the exercise says so). It is the
    plain :func:`~aisearch.search.plain.alphabeta_tt` the lesson shows, in the exercise's
    API (no window or root flag to pass). It runs in the grader: the student's code gets a
    reference to it, and each of its calls runs here.

    >>> from aisearch.games import fig5_2
    >>> table = {}
    >>> table_search(fig5_2, fig5_2.initial, 2, None, table), table[(1,)]
    ((3, 0), (2, 'upper', 1, 0))
    """
    return alphabeta_tt(game, state, depth, evaluate, table)


@dataclass(frozen=True)
class TableCase(Case):
    """A search problem for ``table_search``: once to ``depth`` with a fresh table, or
    (``deepen``) to depths 1, 2, ..., ``depth`` with one table; with ``kept``, the table is
    first filled by a search to depth ``kept`` (deeper than ``depth``), as a table kept from
    an earlier, deeper search is, so that deeper entries meet shallower searches."""

    deepen: bool = False
    kept: int = 0

    @property
    def depths(self) -> tuple[int, ...]:
        """The depths searched, in order, with one table.

        >>> from aisearch.games import fig5_2
        >>> TableCase(fig5_2, (), 2, None, "Fig 5.2", 9, 2, True, kept=3).depths
        (3, 1, 2)
        """
        return ((self.kept,) if self.kept else ()) + (
            tuple(range(1, self.depth + 1)) if self.deepen else (self.depth,))

    def describe(self) -> str:
        how = (f"searched to depths 1, 2, ..., {self.depth} with one table (the last search "
               "shown)" if self.deepen else f"searched to depth {self.depth} with an empty table")
        if self.kept:
            how = (f"searched to depth {self.kept} with an empty table, then to depths "
                   + ", ".join(map(str, self.depths[1:])) + " with the same table (the "
                   "last search shown; the deeper entries answer the shallower searches)")
        return f"{self.label}, {how}"


def searched_once(f: Callable[..., Any], game: Any, state: Any, depth: int,
                  evaluate: Any) -> Any:
    """``f`` (the exercise's API) to ``depth`` with an empty table (an observe runner)."""
    return f(game, state, depth, evaluate, {})


def searched_deeper(f: Callable[..., Any], game: Any, state: Any, depth: int,
                    evaluate: Any) -> Any:
    """``f`` to depths 1, 2, ..., ``depth`` with one table; the last answer (a runner)."""
    table: dict = {}
    out = None
    for d in range(1, depth + 1):
        out = f(game, state, d, evaluate, table)
    return out


def runner_for(case: TableCase) -> Callable[..., Any]:
    """How :func:`~aisearch.grading.observe.observe` runs ``table_search`` on ``case``:
    to each of ``case.depths`` with one table, the last answer kept.

    >>> from aisearch.games import fig5_2
    >>> case = TableCase(fig5_2, (), 2, None, "Fig 5.2", 9, 2)
    >>> runner_for(case)(table_search, fig5_2, (), 2, None)
    (3, 0)
    """
    if not case.kept:
        return searched_deeper if case.deepen else searched_once

    def searched_after_deeper(f: Callable[..., Any], game: Any, state: Any, depth: int,
                              evaluate: Any) -> Any:
        table: dict = {}
        out = None
        for d in case.depths:
            out = f(game, state, d, evaluate, table)
        return out

    return searched_after_deeper


@dataclass(frozen=True)
class TableObservation(Observation):
    """An :class:`~aisearch.grading.observe.Observation` of ``table_search`` with the
    entries its table holds after the case's searches, as a sorted tuple of
    ``(state, entry)`` pairs (``None`` when the searches raised)."""

    table: tuple[tuple[Any, Any], ...] | None = None


def observe_table(f: Callable[..., Any], case: TableCase) -> TableObservation:
    """Run ``f`` on ``case`` as :func:`runner_for` does, and keep what its table holds.

    >>> import random
    >>> case = table_cases(random.Random(0))[0]
    >>> seen = observe_table(table_search, case)
    >>> len(seen.table) > 0 and all(len(entry) == 4 for _, entry in seen.table)
    True
    """
    tables: list[dict] = []

    def runner(f: Callable[..., Any], game: Any, state: Any, depth: int, evaluate: Any) -> Any:
        table: dict = {}
        tables.append(table)
        out = None
        for d in case.depths:
            out = f(game, state, d, evaluate, table)
        return out

    seen = observe(f, case, runner=runner)
    held = None
    if seen.shape != "error" and tables and isinstance(tables[0], dict):
        held = tuple(sorted(((k, tuple(v) if isinstance(v, (list, tuple)) else v)
                             for k, v in tables[0].items()), key=lambda kv: repr(kv[0])))
    return TableObservation(**{f.name: getattr(seen, f.name) for f in fields(seen)},
                            table=held)


def table_diff(got: TableObservation, want: TableObservation) -> str | None:
    """The entries the table holds after the searches: exactly those of the table search.
    An entry of a kind the grader cannot read (a student's own class, say) is checked for
    its presence only.

    >>> right = TableObservation(table=(((0,), (3, "exact", 1, 0)),))
    >>> print(table_diff(TableObservation(table=(((0,), (3, "upper", 1, 0)),)), right))
    your table holds (3, 'upper', 1, 0) for (0,), where the table search stores (3, 'exact', 1, 0)
    >>> print(table_diff(TableObservation(table=()), right))
    your table holds no entry for (0,), where the table search stores (3, 'exact', 1, 0)
    """
    if got.table is None or want.table is None or got.table == want.table:
        return None
    mine, theirs = dict(got.table), dict(want.table)
    for state, entry in want.table:
        if state not in mine:
            return (f"your table holds no entry for {show(state)}, where the table search "
                    f"stores {show(entry)}")
        if isinstance(mine[state], tuple) and mine[state] != entry:  # (else: unreadable)
            return (f"your table holds {show(mine[state])} for {show(state)}, where the table "
                    f"search stores {show(entry)}")
    extra = next((state for state, _ in got.table if state not in theirs), None)
    if extra is None:
        return None
    return (f"your table holds an entry for {show(extra)}, which the table search does not "
            "store (terminal states and states at the depth bound are not stored)")


def _dag_case(rng: random.Random, *, deepen: bool) -> TableCase:
    from aisearch.games.dag import DagGame

    d = rng.choice([5, 6, 6]) if not deepen else rng.choice([4, 5, 6])
    b, width, skip = rng.choice([2, 3, 3]), rng.randint(3, 5), rng.choice([0.0, 0.0, 0.3])
    game = DagGame(b=b, d=d, width=width, seed=rng.randrange(10**6), skip=skip)
    depth = d if not deepen else rng.randint(3, d)
    label = f"{game!r} (game.evaluate at the depth bound)"
    return TableCase(game, game.initial, depth, game.evaluate, label, b**depth, d, deepen)


def _kept_case(rng: random.Random) -> TableCase:
    """A DAG game searched to its full depth, then to depths 1, 2, ..., k < d with the same
    table: every entry the shallower searches meet below the root is deeper than they need,
    and an exact one (or a bound outside their window) answers them."""
    from aisearch.games.dag import DagGame

    d = rng.choice([4, 5, 6])
    b, width, skip = rng.choice([2, 3, 3]), rng.randint(3, 5), rng.choice([0.0, 0.3])
    game = DagGame(b=b, d=d, width=width, seed=rng.randrange(10**6), skip=skip)
    label = f"{game!r} (game.evaluate at the depth bound)"
    return TableCase(game, game.initial, rng.randint(2, d - 1), game.evaluate, label, b**d, d,
                     True, kept=d)


def table_cases(rng: random.Random) -> list[TableCase]:
    """The cases of the table questions: 12 DAG games searched once and 6 iteratively,
    3 tic-tac-toe positions iteratively, 4 random trees once and 1 iteratively, and 4 DAG
    games searched iteratively with a table kept from a deeper search."""
    cases = [_dag_case(rng, deepen=False) for _ in range(12)]
    cases += [_dag_case(rng, deepen=True) for _ in range(6)]
    for _ in range(3):
        c = tictactoe_case(rng)
        cases.append(TableCase(c.game, c.state, c.depth + 1, c.evaluate, c.label.split(
            " at depth")[0], c.size * 10, c.height + 1, True))
    for i in range(5):
        c = tree_case(rng)
        cases.append(TableCase(c.game, c.state, c.depth, c.evaluate, c.label.split(
            " searched to")[0], c.size, c.height, i == 4))
    cases += [_kept_case(rng) for _ in range(4)]
    return cases


def _check(ctx: Context, name: str, aspect: str, cases: list, run: Callable[..., Any],
           bugs: list[Bug], diff: Callable[[Any, Any], Any], reference: Callable[..., Any],
           agree: Callable[[Any, Any], bool]) -> None:
    """Grade ``name`` on ``cases``: ``run(f, case)`` records what ``f`` did."""
    f = ctx.function(name)
    got = [run(f, c) for c in cases]
    used = next((o for o in got if isinstance(o, Observation) and o.calls), None)
    if used is not None:
        raise Fail(f"{name} {used.error}; the exercise asks you to write it yourself.",
                   bug="uses-reference")
    error = next((o for o in got if _error(o)), None)
    if error is not None and "not implemented" in _error(error):
        raise Fail(f"{name} {_error(error)}.", bug="not-implemented")
    want = [run(reference, c) for c in cases]
    wrong = [(c, d) for c, g, w in zip(cases, got, want, strict=True) if (d := diff(g, w))]
    if not wrong:
        return None
    bug, exact = recognise(got, cases, bugs, run, agree)
    lead = ""
    if bug is not None:
        lead = ("" if exact else "This looks like a known bug. ") + bug.feedback + "\n"
    elif error is not None:
        lead = f"{name} raised an exception on some inputs: {_error(error)}\n"
    case, problem = min(wrong, key=lambda cd: cd[0].size)
    raise Fail(f"{lead}{len(wrong)} of {len(cases)} random cases wrong. For example, on "
               f"{case.describe()}: {problem}.", bug=bug.key if bug else None)


def _error(o: Any) -> str:
    if isinstance(o, Observation):
        return o.error if o.shape == "error" else ""
    return o[1] if isinstance(o, tuple) and len(o) == 2 and o[0] == "error" else ""


def states_diff(got: Observation, want: Observation) -> str | None:
    """The exact sequence of generated states, the evaluated non-terminal states (a state
    evaluated at the bound of one iteration is expanded by the next: not a fault here) and,
    when both are :class:`TableObservation`, the entries the table holds at the end.

    >>> states_diff(Observation(generated=((0,), (1,))), Observation(generated=((0,), (2,))))
    'you generated 2 states, the table search generates 2; the first 1 agree, then you \
generated (1,) where it generates (2,)'
    """
    if got.shape == "error":
        return got.error
    g, w = got.generated, want.generated
    if g != w:
        return (f"you generated {len(g)} states, the table search generates {len(w)}; "
                + first_difference(g, w))
    extra, missing = got.evaluated - want.evaluated, want.evaluated - got.evaluated
    if extra:
        return f"you called evaluate on {show(sorted(extra, key=repr)[0])}, which is not a tip"
    if missing:
        return f"evaluate was not called on {show(sorted(missing, key=repr)[0])}, a tip"
    if isinstance(got, TableObservation) and isinstance(want, TableObservation):
        return table_diff(got, want)
    return None


def check_table(ctx: Context, aspect: str, known: Sequence[Bug] = ()) -> None:
    """Grade ``table_search`` in one aspect: ``'value'``, ``'move'`` or ``'pruning'``;
    ``known`` are the wrong implementations that name a bug.

    >>> check_table(Context({"table_search": table_search}, seed=1), "pruning") is None
    True
    """

    def run(f: Callable[..., Any], case: TableCase) -> Observation:
        return observe_table(f, case)

    diff = states_diff if aspect == "pruning" else DIFFS[aspect]

    def agree(a: Observation, b: Observation) -> bool:
        return a.shape != "error" and b.shape != "error" and diff(a, b) is None

    _check(ctx, "table_search", aspect, cases_for(aspect, ctx.rng), run, list(known), diff,
           table_search, agree)


def cases_for(aspect: str, rng: random.Random) -> list[TableCase]:
    """The cases that grade ``aspect``: all of :func:`table_cases` for ``'pruning'``; for
    the value and the move, those without a table kept from a deeper search. There the
    answer depends on which deeper entries the search meets, so on the order it searches
    the moves in: a search that is right apart from that order is graded by its states.

    >>> len(cases_for("pruning", random.Random(0))), len(cases_for("value", random.Random(0)))
    (30, 26)
    """
    cases = table_cases(rng)
    return cases if aspect == "pruning" else [c for c in cases if not c.kept]


@dataclass(frozen=True)
class DeepeningCase:
    """A position for ``deepening_moves``, a node budget and the deepest iteration."""

    game: Any
    state: Any
    evaluate: Callable[[Any], float]
    nodes: int
    max_depth: int
    label: str
    size: int

    def describe(self) -> str:
        return (f"{self.label} with nodes={self.nodes}, max_depth={self.max_depth} and the "
                "right table_search")


def deepening_cases(rng: random.Random) -> list[DeepeningCase]:
    """Connect Four, tic-tac-toe and DAG positions with budgets from tight to ample.

    >>> [c.nodes for c in deepening_cases(random.Random(1))][:3]
    [51, 64, 76]
    """
    from aisearch.games.connect4 import ConnectFour
    from aisearch.games.dag import DagGame
    from aisearch.games.tictactoe import TicTacToe

    out = []
    c4 = ConnectFour()
    for _ in range(4):
        s = c4.initial
        for _ in range(rng.randint(4, 12)):
            m = rng.choice(c4.moves(s))
            if c4.is_terminal(c4.result(s, m)):
                break
            s = c4.result(s, m)
        nodes = rng.choice([20, 150, 600, 1500]) + rng.randrange(60)
        out.append(DeepeningCase(c4, s, ConnectFour.evaluate, nodes, 8,
                                 f"Connect Four {str(s)!r}, evaluate = ConnectFour.evaluate",
                                 nodes))
    t = TicTacToe()
    for _ in range(3):
        board = t.initial
        for _ in range(rng.randint(0, 3)):
            board = t.result(board, rng.choice(t.moves(board)))
        nodes = rng.choice([30, 200, 800]) + rng.randrange(40)
        out.append(DeepeningCase(t, board, utility_at_ends(t, TicTacToe.nilsson_eval), nodes, 9,
                                 f"tic-tac-toe {str(board)!r}, evaluate = Nilsson's e(p)",
                                 nodes))
    for _ in range(5):
        g = DagGame(b=3, d=rng.randint(5, 7), width=rng.randint(3, 6), seed=rng.randrange(10**6),
                    skip=rng.choice([0.0, 0.3]))
        nodes = rng.choice([15, 60, 200, 500]) + rng.randrange(20)
        out.append(DeepeningCase(g, g.initial, g.evaluate, nodes, g.d, f"{g!r}", nodes))
    return out


SEARCH_CAP, SEARCH_SLACK = 4, 100
"""The ``table_search`` handed to ``deepening_moves`` generates at most ``SEARCH_CAP *
nodes + SEARCH_SLACK`` states in one run, all its calls together: the right loop's budget
stops it at ``nodes``, and a loop that overruns the budget is wrong well before the cap
(it runs in the grader, so a search without a budget must not run on for ever there)."""


class SearchOverrun(Exception):  # noqa: N818 (what the student's code sees)
    """The handed-over ``table_search`` generated more states than any run needs."""


def bounded_search(cap: int) -> Callable[..., Any]:
    """:func:`table_search` stopped by :class:`SearchOverrun` once its calls generated
    ``cap`` states in all (whatever game they were given).

    >>> from aisearch.games import fig5_2
    >>> search = bounded_search(5)
    >>> search(fig5_2, fig5_2.initial, 2, None, {})
    Traceback (most recent call last):
    ...
    aisearch.grading.exercises.ex04_search_efficiency.checks.SearchOverrun: table_search \
generated more than 5 states: the node budget must stop it
    >>> bounded_search(20)(fig5_2, fig5_2.initial, 2, None, {})
    (3, 0)
    """
    from aisearch.core import GameWrapper

    spent = [0]

    class Capped(GameWrapper):
        def __init__(self, game: Any) -> None:
            self.game = game

        def result(self, s: Any, m: Any) -> Any:
            spent[0] += 1
            if spent[0] > cap:
                raise SearchOverrun(f"table_search generated more than {cap} states: the node "
                                    "budget must stop it")
            return self.game.result(s, m)

    def search(game: Any, state: Any, depth: int, evaluate: Any, table: dict) -> Any:
        return table_search(Capped(game), state, depth, evaluate, table)

    search.__name__ = search.__qualname__ = "table_search"
    search.__doc__ = table_search.__doc__
    return search


@dataclass(frozen=True)
class DeepeningRun:
    """What a ``deepening_moves`` did on one case: its answer (a tuple of ``(depth, move)``
    pairs, or ``('error', why)``) and every state the game generated, all iterations
    together, in order (the budget's use, recorded by the grader)."""

    answer: Any
    generated: tuple[Any, ...]


def run_deepening(f: Callable[..., Any], case: DeepeningCase) -> DeepeningRun:
    """Run ``f`` (the student's or a known one) on ``case`` with the right ``table_search``,
    on a game that records what it generates.

    >>> import random
    >>> from aisearch.grading.exercises.ex04_search_efficiency.bugs import deepening_moves
    >>> case = deepening_cases(random.Random(1))[0]
    >>> run = run_deepening(deepening_moves, case)
    >>> len(run.generated) <= case.nodes, run.answer[0][0]
    (True, 1)
    """
    from aisearch.grading.observe import RecordingGame
    from aisearch.grading.question import student_error

    game = RecordingGame(case.game)
    search = bounded_search(SEARCH_CAP * case.nodes + SEARCH_SLACK)
    try:
        out = f(game, case.state, case.evaluate, case.nodes, search, case.max_depth)
    except (Exception, SystemExit) as e:
        return DeepeningRun(("error", student_error(e)), tuple(game.generated))
    try:
        answer: Any = tuple((d, m) for d, m in out)
    except (TypeError, ValueError):
        answer = ("error", f"returned {show(out)}, not a list of (depth, move) pairs")
    return DeepeningRun(answer, tuple(game.generated))


def _deepening_diff(got: DeepeningRun, want: DeepeningRun, case: DeepeningCase) -> str | None:
    g, w = got.answer, want.answer
    if _error(g):
        return f"your function {_error(g)}"
    if g != w:
        return f"you return {list(g)}, the completed iterations are {list(w)}"
    n, m, budget = len(got.generated), len(want.generated), case.nodes
    if n > budget:
        extra = ("one more than the budget" if n == budget + 1 else
                 f"{n - budget} more than the budget")
        return (f"the searches generated {n} states, {extra} of {budget}: game.result may be "
                "called nodes times in all; the call that would go over must raise before it "
                "calls game.result, and stop the search at once (not after the iteration)")
    if got.generated != want.generated:
        k = next((i for i, (a, b) in enumerate(zip(got.generated, want.generated,
                                                    strict=False)) if a != b), min(n, m))
        return (f"the searches generated {n} states where the right loop generates {m}; the "
                f"first {k} agree" + (f", then {show(got.generated[k])} where it generates "
                                      f"{show(want.generated[k])}" if k < min(n, m) else ""))
    return None


def check_deepening(ctx: Context, reference: Callable[..., Any], known: Sequence[Bug] = ()
                    ) -> None:
    """Grade ``deepening_moves`` by the depths and moves it returns and by the states the
    game generated, all its iterations together: exactly those of the right loop
    (``reference``), so the budget is spent, and the searches stopped, as the exercise says.
    ``known`` are the wrong loops that name a bug.

    >>> from aisearch.grading.exercises.ex04_search_efficiency import bugs
    >>> check_deepening(Context({"deepening_moves": bugs.deepening_moves}, seed=1),
    ...                 bugs.deepening_moves)
    """
    f = ctx.function("deepening_moves")
    cases = deepening_cases(ctx.rng)
    got = [run_deepening(f, c) for c in cases]
    used = next((o.answer[1] for o in got if _error(o.answer) and "WithheldError" in
                 o.answer[1]), "")
    if used:
        raise Fail(f"deepening_moves {used}; the exercise asks you to write it yourself.",
                   bug="uses-reference")
    if got and "not implemented" in _error(got[0].answer):
        raise Fail(f"deepening_moves {_error(got[0].answer)}.", bug="not-implemented")
    want = [run_deepening(reference, c) for c in cases]
    wrong = [(c, d) for c, g, w in zip(cases, got, want, strict=True)
             if (d := _deepening_diff(g, w, c))]
    if not wrong:
        return None
    bug, _ = recognise(got, cases, known, run_deepening)
    lead = bug.feedback + "\n" if bug is not None else ""
    case, problem = min(wrong, key=lambda cd: cd[0].size)
    raise Fail(f"{lead}{len(wrong)} of {len(cases)} positions wrong. For example, on "
               f"{case.describe()}: {problem}.", bug=bug.key if bug else None)
