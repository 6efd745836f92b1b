"""Recognising a bug by its behaviour: the answer of the definition (run every known bug on
every case, then compare), found without running a bug past the first case it cannot fit."""

from __future__ import annotations

import random

import pytest

from aisearch.grading.recognise import BugClass, catalogue, recognise, shows


def eager(student, cases, bugs, run, alike=None):
    """:func:`recognise` as its docstring defines it: every bug on every case, then compared."""
    seen = [(bug, [run(bug.impl, c) for c in cases]) for bug in bugs]
    exact = [bug for bug, theirs in seen if list(student) == theirs]
    if exact:
        return (exact[0], True) if len({b.key for b in exact}) == 1 else (None, False)
    if alike is not None:
        close = [bug for bug, theirs in seen
                 if all(alike(a, b) for a, b in zip(student, theirs, strict=True))]
        if close and len({b.key for b in close}) == 1:
            return close[0], False
    return None, False


def table_bug(key: str, table: tuple):
    @shows(BugClass(key, f"feedback of {key}"))
    def impl(x):
        return table[x]

    impl.__name__ = f"{key}_{table}"
    return impl


@pytest.mark.parametrize("seed", range(300))
def test_the_answer_is_the_definitions_on_random_catalogues(seed):
    rng = random.Random(seed)
    cases = list(range(rng.randint(1, 5)))
    values = range(rng.randint(2, 4))  # few values: exact and alike matches happen
    student = [rng.choice(values) for _ in cases]
    bugs = catalogue(*(table_bug(rng.choice("abc"), tuple(
        student[x] if rng.random() < 0.6 else rng.choice(values) for x in cases))
        for _ in range(rng.randint(0, 6))))
    alike = rng.choice([None, lambda a, b: a % 2 == b % 2, lambda a, b: abs(a - b) <= 1])
    run = lambda f, x: f(x)  # noqa: E731
    assert recognise(student, cases, bugs, run, alike) == eager(student, cases, bugs, run, alike)


def test_a_bug_is_not_run_past_the_first_case_it_cannot_fit():
    calls = []

    @shows(BugClass("plus-one", "..."))
    def plus_one(x):
        calls.append(x)
        return x + 1

    student = [0, 1, 2, 3]  # plus_one is wrong on the first case, and not alike
    assert recognise(student, range(4), catalogue(plus_one), lambda f, x: f(x),
                     alike=lambda a, b: a == b) == (None, False)
    assert calls == [0]
    calls.clear()  # alike on every case: run on every case
    bug, exact = recognise(student, range(4), catalogue(plus_one), lambda f, x: f(x),
                           alike=lambda a, b: abs(a - b) <= 1)
    assert (bug.key, exact, calls) == ("plus-one", False, [0, 1, 2, 3])


def test_records_and_cases_must_pair_up():
    with pytest.raises(ValueError, match="3 records of the student's code for 2 cases"):
        recognise([1, 2, 3], [0, 1], [], lambda f, x: f(x))
