"""Exercise 04's plain table search is the package's alpha-beta with a table (the textbook
rule), its deepening loop is the package's iterative deepening under a node budget, and each
wrong one is caught, with its own feedback, by the question that checks it (on a few seeds
here; every named bug on 30 seeds through the whole grading in
``tests/grading/test_bugs_on_30_seeds.py``)."""

from __future__ import annotations

import random

import pytest

from aisearch.grading.exercises.ex04_search_efficiency.bugs import (
    DEEPENING_BUGS,
    TABLE_BUGS,
    deepening_moves,
    exact_depth_only,
    table_search,
)
from aisearch.grading.exercises.ex04_search_efficiency.checks import (
    cases_for,
    check_deepening,
    check_table,
    deepening_cases,
    runner_for,
    table_cases,
)
from aisearch.grading.observe import observe
from aisearch.grading.question import Context, Fail
from aisearch.search import Budget, TranspositionTable, alphabeta_tt, iterative_deepening
from tests.grading.homework_helpers import FEW_SEEDS

SEEDS = range(30)


def package_table_search(game, state, depth, evaluate, table):
    """alphabeta_tt in the exercise's API; ``table`` is ignored for the package's own."""
    d = alphabeta_tt(game, state, depth, evaluate=evaluate, table=table["tt"],
                     fastest_wins=False)
    return d.value, d.move


def package_runner(case):
    def search(game, state, depth, evaluate):
        table = {"tt": TranspositionTable(size=None, replace="always")}
        out = None
        for d in case.depths:
            out = package_table_search(game, state, d, evaluate, table)
        return out
    return search


@pytest.mark.parametrize("seed", range(12))
def test_the_plain_table_search_generates_exactly_what_alphabeta_tt_generates(seed):
    for case in table_cases(random.Random(seed)):
        mine = observe(table_search, case, runner=runner_for(case))
        assert mine == observe(package_runner(case), case), case.describe()


def test_the_plain_deepening_loop_plays_what_the_package_iterative_deepening_plays():
    """Both stop an iteration at the first node past the budget; the package also stops
    when an iteration searched the whole tree, so compare up to there."""
    for seed in range(6):
        for case in deepening_cases(random.Random(seed)):
            mine = deepening_moves(case.game, case.state, case.evaluate, case.nodes,
                                   table_search, case.max_depth)
            theirs = [(d.depth, d.move) for d in iterative_deepening(
                case.game, case.state, case.max_depth, evaluate=case.evaluate,
                search=alphabeta_tt, table=TranspositionTable(size=None, replace="always"),
                budget=Budget(nodes=case.nodes), partial=False, fastest_wins=False)]
            assert mine[:len(theirs)] == theirs, case.describe()


def test_the_table_bugs_give_wrong_values_where_the_issue_says():
    """A table without flags, or one that ignores depths, returns wrong values (not only
    other states) on the cases the grader grades values on."""
    wrong = {bug.name: 0 for bug in TABLE_BUGS}
    for seed in range(10):
        for case in cases_for("value", random.Random(seed)):
            want = observe(table_search, case, runner=runner_for(case)).value
            for bug in TABLE_BUGS:
                wrong[bug.name] += observe(bug.impl, case, runner=runner_for(case)).value != want
    assert wrong["all_exact"] > 0 and wrong["ignores_depth"] > 0
    assert wrong["fail_low_as_exact"] > 0 and wrong["table_move_last"] == 0


def test_a_table_kept_from_a_deeper_search_is_in_every_draw_and_answers_from_deeper_entries():
    """Each draw holds searches after a deeper one with the same table; there the right
    search takes its answers from the deeper entries, so a search that uses an entry only at
    the exact depth left generates more states (and loses 04.states) on every seed."""
    for seed in SEEDS:
        kept = [c for c in table_cases(random.Random(seed)) if c.kept]
        assert kept and all(c.kept > c.depth and c.depths[0] == c.kept for c in kept)
        more = [len(observe(exact_depth_only, c, runner=runner_for(c)).generated)
                > len(observe(table_search, c, runner=runner_for(c)).generated) for c in kept]
        assert all(more), (seed, more)


@pytest.mark.parametrize("bug", TABLE_BUGS, ids=lambda b: b.name)
def test_every_wrong_table_search_is_named_by_the_pruning_question(bug):
    for seed in FEW_SEEDS:
        with pytest.raises(Fail) as failed:
            check_table(Context({"table_search": bug.impl}, seed=seed, qid="04.states"),
                        "pruning", TABLE_BUGS)
        assert failed.value.bug == bug.key, (seed, str(failed.value))


@pytest.mark.parametrize("bug", DEEPENING_BUGS, ids=lambda b: b.name)
def test_every_wrong_deepening_loop_is_named_by_the_deepening_question(bug):
    for seed in FEW_SEEDS:
        with pytest.raises(Fail) as failed:
            check_deepening(Context({"deepening_moves": bug.impl}, seed=seed,
                                    qid="04.deepening"), deepening_moves, DEEPENING_BUGS)
        assert failed.value.bug == bug.key, (seed, str(failed.value))



def _edited(edits, **names):
    """The plain table search with ``edits`` (pairs old -> new) made to its source, run with
    ``names`` defined beside it, in the exercise's API."""
    import inspect
    import textwrap

    from aisearch.search import plain

    source = textwrap.dedent(inspect.getsource(plain.alphabeta_tt))
    for old, new in edits:
        assert old in source, old
        source = source.replace(old, new)
    namespace = {**vars(inspect.getmodule(plain.alphabeta_tt)), **names}
    exec(compile(source, "<student>", "exec"), namespace)  # noqa: S102 (our own edit)
    return namespace["alphabeta_tt"]


def test_the_entries_left_in_the_table_are_graded_as_the_exercise_states_them():
    """Storing the tips at the depth bound (the exercise says not to) loses 04.states on
    every seed, with feedback naming the entry; an entry kept as a list, or as a named
    tuple, is as good as a tuple."""
    from collections import namedtuple

    tips = _edited([("        return evaluate(state), None  # type: ignore[misc]",
                     "        table[state] = (evaluate(state), EXACT, 0, None)\n"
                     "        return table[state][0], None")])
    for seed in range(6):
        with pytest.raises(Fail, match="which the table search does not store"):
            check_table(Context({"table_search": tips}, seed=seed), "pruning", TABLE_BUGS)
    for kind in (list, namedtuple("Entry", "value bound depth move")._make):
        keeps = _edited([("table[state] = (best, bound, depth, best_move)",
                          "table[state] = kind((best, bound, depth, best_move))")], kind=kind)
        for seed in range(3):
            assert check_table(Context({"table_search": keeps}, seed=seed), "pruning") is None
