"""The question-test format: ``@question``, the grading context, scores and failures.

A question test is a plain function in a ``.py`` file of a tests folder, decorated with
:func:`question`. It receives a :class:`Context` (the student's namespace, a seeded
random generator) and

- returns ``None`` (or ``True``) for full marks,
- returns a number of points, or a :class:`Score` (points earned and feedback), or
- raises :class:`Fail` with feedback (0 points; ``bug`` names a recognised bug class).

Any other exception escaping the question scores 0 and is reported (student code that
raised, with its cell and line; or a grader error).

Examples
--------
>>> @question("99.double", points=2)
... def double(ctx):
...     "double(x) returns twice x."
...     f = ctx.function("double")
...     for x in (ctx.rng.randint(-9, 9) for _ in range(5)):
...         got = ctx.call(f, x)
...         if got != 2 * x:
...             raise Fail(f"double({x}) returned {got!r}, expected {2 * x}")
>>> double.id, double.points, double.title
('99.double', 2.0, 'double(x) returns twice x.')
>>> run_question(double, {"double": lambda x: x + x}, seed=1).earned
2.0
>>> result = run_question(double, {"double": lambda x: x * x}, seed=1)
>>> result.earned, result.status, result.feedback.startswith("double(")
(0.0, 'failed', True)
>>> print(run_question(double, {}, seed=1).feedback)
missing: no function named `double` is defined; define `double` (exact name) in your notebook.
"""

from __future__ import annotations

import itertools
import linecache
import math
import random
import re
import reprlib
import signal
import sys
import traceback
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

__all__ = [
    "ask",
    "Question",
    "question",
    "Fail",
    "Score",
    "Context",
    "QuestionResult",
    "QuestionTimeout",
    "short_numbers",
    "RemoteError",
    "GradingStopped",
    "WithheldError",
    "WITHHELD_CALLS",
    "is_withheld",
    "CELL_LABELS",
    "run_question",
    "student_error",
    "time_limit",
    "load_questions",
    "default_tests",
    "printable",
    "brief",
    "STUDENT_FILE",
    "MAX_FEEDBACK",
]

STUDENT_FILE = re.compile(r"^<(cell \d+|submission)>$")
"""Filenames under which student code is compiled (``<cell 7>``, ``<submission>``)."""

CELL_LABELS: dict[str, str] = {}
"""How a student knows the code compiled under a filename: ``'<cell 3>'`` ->
``'cell [5]'`` (its execution count in the notebook) or ``'the cell starting with
`def f(x):`'``; set by whoever compiles the cells (the grading process, the self-check)."""

_counter = itertools.count()


@dataclass(frozen=True)
class Question:
    """A graded question: an id ``"NN.name"`` (NN = the exercise), points and a test function."""

    id: str
    points: float
    title: str
    func: Callable[[Context], Any]
    timeout: float = 10.0
    order: int = 0

    @property
    def exercise(self) -> str:
        """The exercise number, the part of ``id`` before the first dot (``"03"``)."""
        return self.id.split(".", 1)[0]

    def __call__(self, ctx: Context) -> Any:
        return self.func(ctx)


def question(
    id: str, points: float, *, title: str | None = None, timeout: float = 10.0
) -> Callable[[Callable[[Context], Any]], Question]:
    """Declare a question test.

    Parameters
    ----------
    id : str
        ``"NN.name"``: ``NN`` is the exercise (submissions named ``NN_*`` get it), then a
        short name; unique across the tests folder.
    points : float
        What a full answer earns (> 0).
    title : str, optional
        One line shown in reports; default: the docstring's first paragraph (its lines
        joined), or the id.
    timeout : float
        Seconds the question may take (student code included) before it scores 0.

    >>> q = question("01.moves", points=3)(lambda ctx: None)
    >>> q.exercise, q.points, q.title
    ('01', 3.0, '01.moves')
    >>> def moves(ctx):
    ...     pass
    >>> moves.__doc__ = '''legal_moves lists the moves,
    ...     in order.
    ...
    ...     More for the reader.'''
    >>> question("01.moves", points=3)(moves).title
    'legal_moves lists the moves, in order.'
    """
    if not isinstance(id, str) or not re.fullmatch(r"\d\d\.[A-Za-z0-9_.-]+", id):
        raise ValueError(f"question id must look like '03.alphabeta' (NN.name), not {id!r}")
    if isinstance(points, bool) or not isinstance(points, (int, float)) or not points > 0:
        raise ValueError(f"points must be a positive number, not {points!r}")
    if not timeout > 0:
        raise ValueError(f"timeout must be positive, not {timeout!r}")

    def decorate(func: Callable[[Context], Any]) -> Question:
        doc = " ".join((getattr(func, "__doc__", None) or "").strip().split("\n\n")[0].split())
        return Question(id, float(points), title or doc or id, func, float(timeout),
                        next(_counter))

    return decorate


def ask(id: str, points: float, title: str, check: Callable[..., Any], /, *args: Any,
        timeout: float = 10.0, **options: Any) -> Question:
    """A question whose test is ``check(ctx, *args, **options)``: most questions, each
    declared in one statement (:func:`question` declares any other).

    >>> q = ask("01.moves", 3, "legal_moves lists the moves.", lambda ctx, n: n, 7)
    >>> q.title, q.points, q(None)
    ('legal_moves lists the moves.', 3.0, 7)
    """

    def test(ctx: Context) -> Any:
        return check(ctx, *args, **options)

    return question(id, points, title=title, timeout=timeout)(test)


class Fail(Exception):  # noqa: N818 (it reads well in question code: raise Fail(...))
    """Raised by a question test: 0 points, with ``feedback`` and optionally a ``bug`` class."""

    def __init__(self, feedback: str, bug: str | None = None) -> None:
        super().__init__(feedback)
        self.feedback, self.bug = feedback, bug


@dataclass
class Score:
    """Points earned (between 0 and the question's points) with feedback."""

    earned: float
    feedback: str = ""
    bug: str | None = None


class RemoteError(Exception):  # noqa: N818
    """An exception raised on the other side of the channel, rebuilt here
    (:func:`aisearch.grading.remote.remote_error`): ``info`` describes it."""

    info: dict[str, str]


class WithheldError(RuntimeError):
    """Raised, while an exercise is graded, by the package's own version of what that
    exercise asks students to write: the grading process has no working copy of it.

    Each one made is noted in :data:`WITHHELD_CALLS` (the grading process tells the grader
    which a graded call reached, even where student code caught the error, in a thread).
    """

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        WITHHELD_CALLS.append(str(args[0]) if args else "")


WITHHELD_CALLS: list[str] = []
"""The messages of every :class:`WithheldError` made in this process, in order."""


def is_withheld(e: BaseException) -> bool:
    """Whether ``e`` (or its description from the grading process) is a
    :class:`WithheldError`: student code called what it was asked to write.

    >>> is_withheld(WithheldError("x")), is_withheld(ValueError("x"))
    (True, False)
    """
    if isinstance(e, WithheldError):
        return True
    info = getattr(e, "info", None)
    return isinstance(e, RemoteError) and isinstance(info, dict) and \
        info.get("type") == "WithheldError"


class GradingStopped(BaseException):  # noqa: N818 (not an Exception: questions cannot catch it)
    """The grading process can no longer answer (it ended, broke its channel or overran its
    time): the question stops here, and so do the ones after it."""


class QuestionTimeout(BaseException):  # noqa: N818
    """Raised inside a question that ran out of time (a BaseException: student code
    that catches ``Exception`` cannot swallow it)."""


@dataclass
class QuestionResult:
    """The outcome of one question, as reported (JSON-ready through :meth:`to_dict`)."""

    id: str
    title: str
    points: float
    earned: float
    status: str  # passed, partial, failed, timeout, not run
    feedback: str = ""
    bug: str | None = None
    seconds: float | None = None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class Context:
    """What a question test sees.

    Attributes
    ----------
    namespace : mapping
        The names the submission defined (its notebook globals).
    seed : int
        The run's seed (printed in the report).
    rng : random.Random
        Seeded from the run's seed and the question id, so a question draws the same
        inputs whichever other questions run.
    notes : dict
        Facts from executing the submission (e.g. ``cell_errors``) for better feedback.
    """

    namespace: Mapping[str, Any]
    seed: int
    qid: str = ""
    notes: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.rng = random.Random(f"{self.seed}:{self.qid}")

    def function(self, name: str) -> Callable[..., Any]:
        """The student's function ``name``, or :class:`Fail` saying what is missing."""
        f = self.namespace.get(name)
        if f is None:
            hint = ""
            errors = self.notes.get("cell_errors") or []
            stub = next((e for e in errors if _raises_stub(e)), None)
            if stub is not None:  # a cell whose answer is still `raise NotImplementedError()`
                where = stub.get("where") or f"cell {stub['cell']}"
                raise Fail(f"{name} is not written yet: {where} still raises "
                           "NotImplementedError; replace it with your answer.",
                           bug="not-implemented")
            if errors:
                first = errors[0]
                where = first.get("where") or f"cell {first['cell']}"
                hint = f" ({where} raised {first['error']}, maybe before defining it)"
            raise Fail(f"missing: no function named `{name}` is defined{hint}; define `{name}` "
                       "(exact name) in your notebook.", bug="missing")
        if not callable(f):
            raise Fail(f"`{name}` is a {type(f).__name__}, not a function.", bug="missing")
        return f

    def call(self, f: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """Call student code; an exception it raises becomes :class:`Fail` naming it."""
        try:
            return f(*args, **kwargs)
        except (Exception, SystemExit) as e:
            name = getattr(f, "__name__", "your function")
            raise Fail(f"{name}(...) {student_error(e)}", bug=_bug_of(e)) from None


def _raises_stub(error: Mapping[str, Any]) -> bool:
    """Whether a cell error is a stub the cell itself raises (``raise
    NotImplementedError()`` at its top level, not in a function it called).

    >>> _raises_stub({"where": "cell [9]", "error": "NotImplementedError (not implemented "
    ...               "yet) (cell [9], line 2: raise NotImplementedError())"})
    True
    >>> _raises_stub({"where": "cell [4]", "error": "NotImplementedError (not implemented "
    ...               "yet) (cell [3], line 4: raise NotImplementedError())"})
    False
    """
    where, text = str(error.get("where", "")), str(error.get("error", ""))
    return bool(where) and f"({where}, line " in text and "raise NotImplementedError" in text


def _bug_of(e: BaseException) -> str | None:
    if is_withheld(e):
        return "uses-reference"
    return "not-implemented" if isinstance(e, NotImplementedError) else None


def printable(text: Any, *, newlines: bool = False) -> str:
    r"""``text`` with every character a terminal would act on written as an escape.

    Control characters (escape sequences, carriage returns, backspaces), invisible and
    direction-changing characters become ``\x1b``, ``\u202e`` and the like, so text from
    a submission cannot rewrite what the grader prints. With ``newlines``, line breaks stay.

    >>> print(printable("ok\x1b[2K\rforged\nline"))
    ok\x1b[2K\rforged\nline
    >>> printable("two\nlines", newlines=True)
    'two\nlines'
    """
    text = str(text)
    if text.isprintable():
        return text
    out = []
    for c in text:
        if c.isprintable() or (newlines and c == "\n"):
            out.append(c)
        elif c in _NAMED:
            out.append(_NAMED[c])
        else:
            n = ord(c)
            out.append(f"\\x{n:02x}" if n < 0x100 else f"\\u{n:04x}" if n < 0x10000
                       else f"\\U{n:08x}")
    return "".join(out)


_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}

_BRIEF = reprlib.Repr()
_BRIEF.maxstring = _BRIEF.maxother = 100
_BRIEF.maxlong = 60


def brief(x: Any, n: int = 120) -> str:
    r"""A short, printable repr of a value: containers cut after a few items (a list of a
    million numbers is not written out first), text escaped, at most ``n`` characters.

    >>> brief(list(range(10**6)))
    '[0, 1, 2, 3, 4, 5, ...]'
    >>> brief("a\x1b[2Jb")
    "'a\\x1b[2Jb'"
    """
    text = printable(_BRIEF.repr(x))
    return text if len(text) <= n else text[:n] + "..."


def _shown(x: Any, convert: Callable[[Any], str] = str) -> str:
    """``str`` (or ``repr``) of a student's object, or a stand-in if that raises."""
    try:
        return convert(x)
    except QuestionTimeout:
        raise
    except BaseException:  # noqa: BLE001 (a student's __str__ may raise anything)
        return f"<{type(x).__name__} object>"


def student_error(e: BaseException, *, plain: bool = False) -> str:
    r"""Describe an exception from student code: ``raised X: msg (cell 4, line 2: code)``.

    With ``plain``, just ``X: msg (cell 4, line 2: code)``. The message is written on one
    line with its control characters escaped (see :func:`printable`).

    >>> student_error(ValueError("bad"))
    'raised ValueError: bad'
    >>> student_error(NotImplementedError(), plain=True)
    'NotImplementedError (not implemented yet)'
    >>> student_error(ValueError("a\nb"))
    'raised ValueError: a\\nb'
    """
    if isinstance(e, RemoteError) and isinstance(getattr(e, "info", None), dict):
        return e.info["plain" if plain else "text"]
    if not plain and isinstance(e, NotImplementedError):
        return "is not implemented yet (it raises NotImplementedError)"
    if not plain and isinstance(e, SystemExit):
        code = printable(_shown(e.code, repr))[:100]
        return f"called sys.exit({code}); a graded function must return a value"
    message = _shown(e)
    name = type(e).__name__
    text = printable(f"{name}: {message}" if message else name)
    if isinstance(e, NotImplementedError) and not str(e):
        text += " (not implemented yet)"
    if len(text) > 300:
        text = text[:300] + "..."
    where = ""
    for frame in reversed(traceback.extract_tb(e.__traceback__)):
        filename = frame.filename or ""
        if filename in CELL_LABELS or STUDENT_FILE.match(filename):
            line = (frame.line or linecache.getline(filename, frame.lineno or 0)).strip()
            place = CELL_LABELS.get(filename) or filename[1:-1]
            line = printable(line[:80])
            where = f" ({place}, line {frame.lineno}" + (f": {line}" if line else "") + ")"
            break
    found = getattr(e, "_grading_where", None)
    if not where and found:
        where = " " + str(found)
    return f"{text}{where}" if plain else f"raised {text}{where}"


@contextmanager
def time_limit(seconds: float | None) -> Iterator[None]:
    """Raise :class:`QuestionTimeout` in the main thread after ``seconds`` (None: no limit).

    Uses ``SIGALRM``; elsewhere than the main thread, or without it, no limit is set.

    >>> with time_limit(5):
    ...     sum(range(10))
    45
    """
    import threading

    if (seconds is None or not hasattr(signal, "setitimer")
            or threading.current_thread() is not threading.main_thread()):
        yield
        return
    limit = float(seconds)

    def expire(signum: int, frame: Any) -> None:
        raise QuestionTimeout(f"time limit of {round(limit, 1):g} s reached")

    old = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, max(limit, 0.001))
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def run_question(
    q: Question, namespace: Mapping[str, Any], seed: int, *, notes: Mapping[str, Any] | None = None,
    timeout: float | None = None,
) -> QuestionResult:
    """Run one question against a namespace; never raises (except on KeyboardInterrupt).

    ``timeout`` (default: none) limits the question's wall-clock time.
    """
    import time

    ctx = Context(namespace, seed, q.id, notes or {})
    earned, status, feedback, bug = 0.0, "failed", "", None
    start = time.perf_counter()
    try:
        with time_limit(timeout):
            out = q.func(ctx)
        if out is None or out is True:
            earned, feedback = q.points, ""
        elif out is False:
            earned, feedback = 0.0, "wrong answer"
        elif isinstance(out, Score):
            earned, feedback, bug = float(out.earned), out.feedback, out.bug
        elif isinstance(out, (int, float)):
            earned = float(out)
        else:
            raise TypeError(f"question {q.id} returned {out!r}; return None, points or a Score")
    except Fail as e:
        earned, feedback, bug = 0.0, e.feedback, e.bug
    except QuestionTimeout as e:
        earned, status, bug = 0.0, "timeout", "timeout"
        feedback = f"{e}: is there an infinite loop, or is it far too slow?"
    except KeyboardInterrupt:
        raise
    except GradingStopped as e:
        earned, bug = 0.0, "crash"
        feedback = f"0 points: {printable(e)} while this question ran"
    except BaseException as e:  # student code raising through the test, or a grader bug
        earned = 0.0
        if isinstance(e, RemoteError):
            feedback = f"your code {student_error(e)}"
        elif isinstance(e, OverflowError):  # the grader's arithmetic on a student's number
            feedback = (f"your answer holds a number too large to compare with the right one "
                        f"({printable(e)}): the answers here are numbers a float holds")
        elif any(STUDENT_FILE.match(f.filename or "")
                 for f in traceback.extract_tb(e.__traceback__)):
            feedback = f"your code {student_error(e)}"
        else:
            tb = "".join(traceback.format_exception_only(type(e), e)).strip()
            feedback = f"grader error in question {q.id} (please report): {tb}"
            bug = "grader-error"
    if not math.isfinite(earned):
        earned = 0.0
    earned = min(max(earned, 0.0), q.points)
    if len(feedback) > MAX_FEEDBACK:  # (a check that showed a huge answer whole)
        feedback = feedback[:MAX_FEEDBACK] + " [...]"
    feedback = short_numbers(feedback)
    if status != "timeout":
        status = "passed" if earned == q.points else "partial" if earned > 0 else "failed"
    return QuestionResult(q.id, q.title, q.points, round(earned, 3), status, feedback, bug,
                          round(time.perf_counter() - start, 3))


MAX_FEEDBACK = 3000
"""Most characters of a question's feedback; the rest is cut (reports are read by people)."""

_LONG_NUMBER = re.compile(r"\d{25,}(\.\.\.)?")


def short_numbers(text: str) -> str:
    """``text`` with every run of 25 or more digits cut to its first ten and its length
    (a student's ``10**400`` is not printed out in feedback).

    >>> short_numbers(f"returned {10**400}, expected 0.5")
    'returned 1000000000... (401 digits), expected 0.5'
    >>> short_numbers("your value is " + "9" * 80 + "..., the minimax value is 3")
    'your value is 9999999999... (more than 80 digits), the minimax value is 3'
    """
    def cut(m: re.Match[str]) -> str:
        digits = m.group(0).rstrip(".")
        more = "more than " if m.group(1) else ""
        return f"{digits[:10]}... ({more}{len(digits)} digits)"

    return _LONG_NUMBER.sub(cut, text)


def load_questions(folders: list[str] | tuple[str, ...]) -> list[Question]:
    """Collect the questions of the tests folders, sorted by exercise.

    A folder of question files contributes every ``*.py`` file in it whose name does not
    start with ``_``, imported from its path. The shipped folder (:func:`default_tests`)
    contributes the ``questions`` module of every exercise package found by
    :func:`aisearch.grading.exercises.discover`, imported by name.

    Parameters
    ----------
    folders : list of str
        Tests folders, in order.

    Returns
    -------
    list of Question
        Sorted by exercise, then in the order they were declared.

    Raises
    ------
    ValueError
        For a missing folder, a file that fails to import (the instructor's error, named
        with its file) or two questions with the same id.

    Examples
    --------
    >>> [q.id for q in load_questions([default_tests()])][:3]
    ['01.legal_moves', '01.result', '01.illegal']
    """
    found: dict[str, Question] = {}
    for folder in folders:
        root = Path(folder)
        if not root.is_dir():
            raise ValueError(f"tests folder {str(folder)!r} does not exist or is not a folder")
        if root.resolve() == Path(default_tests()).resolve():
            modules = _shipped_modules()
        else:
            modules = [(str(path), _load_file(path)) for path in sorted(root.glob("*.py"))
                       if not path.name.startswith("_")]
        for where, module in modules:
            for obj in vars(module).values():
                if isinstance(obj, Question):
                    if obj.id in found and found[obj.id] is not obj:
                        raise ValueError(f"two questions have the id {obj.id!r} (in {where})")
                    found[obj.id] = obj
    return sorted(found.values(), key=lambda q: (q.exercise, q.order))


def _shipped_modules() -> list[tuple[str, ModuleType]]:
    from aisearch.grading.exercises import discover

    return [(f"{e.package}.questions", e.module("questions")) for e in discover()]


def _load_file(path: Path) -> ModuleType:
    """Import a question file from its path (again when its content changed)."""
    import hashlib
    import importlib.util

    key = hashlib.sha1(str(path.resolve()).encode() + path.read_bytes()).hexdigest()
    name = f"aisearch_questions_{path.stem}_{key[:12]}"
    module = sys.modules.get(name)
    if module is None:
        spec = importlib.util.spec_from_file_location(name, path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        try:
            spec.loader.exec_module(module)
        except Exception as e:
            raise ValueError(f"cannot load question tests {path}: "
                             f"{type(e).__name__}: {e}") from e
        sys.modules[name] = module
    return module


def default_tests() -> str:
    """The folder of the shipped questions: one package per exercise.

    Examples
    --------
    >>> Path(default_tests()).name
    'exercises'
    """
    from aisearch.grading.exercises import FOLDER

    return str(FOLDER)
