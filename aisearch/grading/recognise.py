"""Recognising a bug by its behaviour: known wrong implementations, run on the same inputs.

An exercise's ``bugs.py`` holds its known wrong implementations, each with exactly one bug
and the :class:`BugClass` it belongs to (a short ``key`` for reports and the feedback a
student reads): most are edits of a plain algorithm (:mod:`aisearch.grading.mutate`), the
others small functions declared with :func:`shows`.
:func:`catalogue` lists them, most specific first, and :func:`recognise` finds the first
that behaves exactly like the student's code on every input.

Examples
--------
>>> TOO_BIG = BugClass("too-big", "one too many: count from 0.")
>>> @shows(TOO_BIG)
... def plus_two(x):
...     return x + 2
>>> bugs = catalogue(plus_two)
>>> bugs
[Bug(too-big: plus_two)]
>>> student = [x + 2 for x in range(5)]
>>> bug, exact = recognise(student, range(5), bugs, lambda f, x: f(x))
>>> bug.feedback, exact
('one too many: count from 0.', True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

__all__ = ["BugClass", "Bug", "shows", "catalogue", "recognise"]

F = TypeVar("F", bound=Callable[..., Any])


@dataclass(frozen=True)
class BugClass:
    """A kind of mistake: its ``key`` in reports and the ``feedback`` a student reads.

    Examples
    --------
    >>> BugClass("cut-rule", "cut on equality too.").key
    'cut-rule'
    """

    key: str
    feedback: str


@dataclass(frozen=True)
class Bug:
    """A known wrong implementation ``impl`` and the class of its bug."""

    kind: BugClass
    impl: Callable[..., Any]

    @property
    def key(self) -> str:
        """The bug class's key, e.g. ``'cut-rule'``."""
        return self.kind.key

    @property
    def feedback(self) -> str:
        """What the student reads when their code behaves like this one."""
        return self.kind.feedback

    @property
    def name(self) -> str:
        """The wrong implementation's name, e.g. ``'strict_cutoff'``."""
        return getattr(self.impl, "__name__", repr(self.impl))

    def __repr__(self) -> str:
        return f"Bug({self.key}: {self.name})"


def shows(kind: BugClass) -> Callable[[F], F]:
    """Declare that a function is a known wrong implementation showing bug class ``kind``.

    The function is returned unchanged (it stays a plain function to call and read);
    ``function.bug_class`` records ``kind`` for :func:`catalogue`.

    Examples
    --------
    >>> NOISY = BugClass("noisy", "print nothing.")
    >>> @shows(NOISY)
    ... def hello():
    ...     return "hello"
    >>> hello(), hello.bug_class.key
    ('hello', 'noisy')
    """

    def declare(f: F) -> F:
        f.bug_class = kind  # type: ignore[attr-defined]
        return f

    return declare


def catalogue(*functions: Callable[..., Any]) -> list[Bug]:
    """The :class:`Bug` of each function declared with :func:`shows`, in the order given.

    Order matters: :func:`recognise` reports the first that fits, so list the most
    specific first.

    Examples
    --------
    >>> catalogue(len)
    Traceback (most recent call last):
    ...
    ValueError: len is not declared with @shows(...)
    """
    bugs = []
    for f in functions:
        kind = getattr(f, "bug_class", None)
        if not isinstance(kind, BugClass):
            raise ValueError(f"{getattr(f, '__name__', f)} is not declared with @shows(...)")
        bugs.append(Bug(kind, f))
    return bugs


def recognise(
    student: Sequence[Any], cases: Sequence[Any], bugs: Sequence[Bug],
    run: Callable[[Callable[..., Any], Any], Any],
    alike: Callable[[Any, Any], bool] | None = None,
) -> tuple[Bug | None, bool]:
    """The first bug whose implementation behaves like the student's on every case.

    Parameters
    ----------
    student : sequence
        What the student's code did on each case (as ``run`` records it).
    cases : sequence
        The inputs.
    bugs : sequence of Bug
        The known wrong implementations, most specific first.
    run : callable
        ``run(impl, case)`` records what ``impl`` does on ``case``.
    alike : callable, optional
        ``alike(student_record, bug_record)``: agreement in the aspect being graded,
        tried when no bug agrees in everything.

    Returns
    -------
    (Bug or None, bool)
        The bug and whether all of its behaviour agrees (``==``); else the first bug
        that is ``alike`` on every case, with False; ``(None, False)`` if none is, or if
        bugs of different classes fit alike (the cases cannot tell which it is, and a
        wrong name would send the student the wrong way).

    Examples
    --------
    >>> ODD = BugClass("odd", "...")
    >>> @shows(ODD)
    ... def double_plus_one(x):
    ...     return 2 * x + 1
    >>> recognise([1, 3, 5], [0, 1, 2], catalogue(double_plus_one), lambda f, x: f(x))
    (Bug(odd: double_plus_one), True)
    >>> recognise([1, 3, 7], [0, 1, 2], catalogue(double_plus_one), lambda f, x: f(x),
    ...           alike=lambda a, b: a % 2 == b % 2)
    (Bug(odd: double_plus_one), False)
    >>> PLUS = BugClass("plus", "...")
    >>> @shows(PLUS)
    ... def plus_one(x):
    ...     return x + 1
    >>> recognise([1], [0], catalogue(double_plus_one, plus_one), lambda f, x: f(x))
    (None, False)
    """
    student = list(student)
    if len(student) != len(cases):
        raise ValueError(f"{len(student)} records of the student's code for {len(cases)} cases")
    exact: list[Bug] = []
    close: list[Bug] = []
    for bug in bugs:  # a bug is run case by case until it can fit in neither way
        same, near, seen = True, alike is not None, []
        for record, case in zip(student, cases, strict=True):
            theirs = run(bug.impl, case)
            if same and (record is theirs or record == theirs):  # (as lists compare)
                seen.append(theirs)
                continue
            if same:  # the first difference: alike on the cases before it, too?
                same = False
                near = near and all(alike(a, b)  # type: ignore[misc]
                                    for a, b in zip(student, seen, strict=False))
            near = near and alike(record, theirs)  # type: ignore[misc]
            if not near:
                break
        if same:
            exact.append(bug)
        elif near:
            close.append(bug)
    if exact:
        return (exact[0], True) if len({b.key for b in exact}) == 1 else (None, False)
    if close and len({b.key for b in close}) == 1:
        return close[0], False
    return None, False
