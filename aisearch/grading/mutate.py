"""Known wrong answers as small changes of the plain algorithms the lessons show.

A named bug of an exercise is, most of the time, one classic mistake in an algorithm the
course writes out in :mod:`aisearch.search.plain`: a comparison turned round, a window
passed in the wrong order, a test made too early. :func:`mutant` builds that wrong version
from the plain function's own source text: each edit replaces a fragment that must occur
exactly once in its code, docstring left out (so a change of the plain version that moves
a fragment fails loudly at import, not silently), and the result is compiled in a copy of
the plain module's globals. Its recursive calls reach the mutant itself, or with
``root_only=True`` the right plain function, so a mistake made only at the root stays there.

The catalogue of an exercise then reads as a list of edits, each with why it is a classic
mistake (the mutant's docstring) and the :class:`~aisearch.grading.recognise.BugClass` whose
feedback a student reads; :func:`~aisearch.grading.recognise.catalogue` lists mutants like
any function declared with :func:`~aisearch.grading.recognise.shows`. The mutants are built
in the grader, which has the package; the process that runs a submission does not have the
plain versions an exercise asks for (:mod:`aisearch.grading.stubs`) and never sees these.
:func:`student_module` writes a mutant out as a student's module, for the tests that grade
wrong submissions end to end.

Examples
--------
>>> from aisearch.games import TreeGame
>>> from aisearch.grading.recognise import BugClass
>>> from aisearch.search.plain import minimax
>>> LAST = BugClass("ties", "keep the first best move.")
>>> last = mutant(minimax, LAST, "last_best", [("value > best_value", "value >= best_value")],
...               why="Ties go to the last best move.")
>>> minimax(TreeGame([3, 3]), ()), last(TreeGame([3, 3]), ())
((3, 0), (3, 1))
>>> last.__name__, last.bug_class.key, last.__doc__
('last_best', 'ties', 'Ties go to the last best move.')
"""

from __future__ import annotations
import __future__

import ast
import inspect
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from aisearch.grading.recognise import BugClass

__all__ = ["Edit", "mutant", "edited", "value_only", "student_module"]

Edit = tuple[str, str]
"""``(fragment, replacement)``: a fragment of the plain source and what replaces it."""


def edited(source: str, edits: Iterable[Edit], name: str = "mutant") -> str:
    """``source`` with each edit applied in turn; each fragment must occur exactly once.

    >>> edited("if a >= b:\\n    stop()", [("a >= b", "a > b")])
    'if a > b:\\n    stop()'
    >>> edited("x = y = 1", [("=", ":=")], "spread")
    Traceback (most recent call last):
    ...
    ValueError: spread: the fragment '=' occurs 2 times in the plain source, not once
    """
    for old, new in edits:
        count = source.count(old)
        if count != 1:
            raise ValueError(f"{name}: the fragment {old!r} occurs {count} times in the plain "
                             f"source, not once")
        source = source.replace(old, new)
    return source


def mutant(plain: Callable[..., Any], kind: BugClass | None, name: str, edits: Sequence[Edit] = (),
           *, why: str, root_only: bool = False, then: Callable[[Any], Any] | None = None,
           using: Mapping[str, Any] | None = None,
           adapt: Callable[[Callable[..., Any]], Callable[..., Any]] | None = None
           ) -> Callable[..., Any]:
    """The plain function ``plain`` with ``edits`` applied, named ``name``, showing ``kind``.

    Parameters
    ----------
    plain : function
        A function of :mod:`aisearch.search.plain` (its source is read and edited).
    kind : BugClass or None
        The class of the bug (its key and the feedback a student reads); None for a right
        variant (the base of other mutants).
    name : str
        The wrong implementation's name (in reports and test ids).
    edits : sequence of (str, str)
        The change: each fragment occurs once in ``plain``'s source and is replaced.
    why : str
        Why it is a classic mistake (the mutant's docstring).
    root_only : bool
        Change the root alone: the mutant's recursive calls reach the right ``plain``.
    then : callable, optional
        Applied to what the mutant returns (an answer in the wrong shape, e.g.
        :func:`value_only`).
    using : mapping, optional
        Names the edited code calls besides the plain module's (e.g. a quiescence search).
    adapt : callable, optional
        The exercise's adapter: ``adapt(f)`` calls the changed plain function ``f`` in the
        exercise's API (its recursive calls keep the plain API). Its ``template`` attribute
        writes it out for :func:`student_module` (``{name}`` calling ``{inner}``).

    Examples
    --------
    >>> from aisearch.games import TreeGame
    >>> from aisearch.search.plain import alphabeta_failsoft
    >>> CUT = BugClass("cut-rule", "cut on equality too.")
    >>> strict = mutant(alphabeta_failsoft, CUT, "strict", [("alpha >= beta", "alpha > beta")],
    ...                 why="The strict rule.")
    >>> strict(TreeGame([[3, 5], [3, 9]]), (), 2)
    (3, 0)
    >>> mutant(alphabeta_failsoft, CUT, "typo", [("alpha >== beta", "")], why="")
    Traceback (most recent call last):
    ...
    ValueError: typo: the fragment 'alpha >== beta' occurs 0 times in the plain source, not once
    """
    base = getattr(plain, "changed", plain)  # a mutant's changed function, not its adapter
    defname, text = _base(plain)
    source = edited(text, edits, name)
    namespace = {**base.__globals__,
                 **{k: getattr(v, "changed", v) for k, v in (using or {}).items()}}
    code = compile(source, f"<{name}: {plain.__name__} changed>", "exec",
                   flags=__future__.annotations.compiler_flag, dont_inherit=True)
    exec(code, namespace)  # noqa: S102 - the package's own source, edited by the catalogue
    changed = namespace[defname]
    if root_only:
        namespace[defname] = base.__globals__[defname]
    wrong = changed if adapt is None else adapt(changed)
    if then is not None:
        inner = wrong

        def wrong(*args: Any, **kwargs: Any) -> Any:
            return then(inner(*args, **kwargs))
    wrong.__name__ = wrong.__qualname__ = name
    wrong.__doc__ = why
    described: dict[str, Any] = {} if kind is None else {"bug_class": kind}
    described |= {"plain": plain, "edits": tuple(edits), "root_only": root_only,
                  "source": source, "defname": defname, "then": then, "changed": changed,
                  "adapt": adapt, "using": dict(using or {})}
    for key, value in described.items():  # (what a mutant based on this one reads)
        setattr(wrong, key, value)
    return wrong


def _base(plain: Callable[..., Any]) -> tuple[str, str]:
    """The name ``plain`` is defined with in its source, and that source without its
    docstring: a plain function's own, or a mutant's edited text."""
    if hasattr(plain, "source"):
        return plain.defname, plain.source  # type: ignore[attr-defined]
    source = inspect.getsource(plain)
    lines = source.splitlines(keepends=True)
    function = ast.parse(source).body[0]
    body = function.body  # type: ignore[attr-defined]
    if isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        lines[body[0].lineno - 1:body[0].end_lineno] = []  # edits change code, not the docs
    return plain.__name__, "".join(lines[function.lineno - 1:])  # no decorators


def value_only(answer: tuple[Any, Any]) -> Any:
    """The value of a ``(value, move)`` answer: the shape of the bug 'value for move'.

    >>> value_only((3, 0))
    3
    """
    return answer[0]


_PREAMBLE = ("import math\nimport random\nfrom collections.abc import Callable, Sequence\n"
             "from typing import Any\n\nfrom aisearch import CHANCE, MAX, MIN\n\nINF = math.inf\n")
_PREAMBLE_NAMES = {"math", "random", "Callable", "Sequence", "Any", "CHANCE", "MAX", "MIN", "INF"}


def student_module(functions: Mapping[str, Callable[..., Any]]) -> str:
    """A student's module defining each name of ``functions`` as its function, written out.

    A function is a mutant (built by :func:`mutant`: its edited source, with the right
    function it calls beside it for a root-only change, since the process that runs a
    submission does not have it) or a plain function of the package; each is renamed to its
    name, so the grader meets it as a student's code.

    >>> from aisearch.search.plain import minimax
    >>> from aisearch.grading.recognise import BugClass
    >>> wrong = mutant(minimax, BugClass("k", "f"), "w", [("depth == 0", "depth <= 1")], why="")
    >>> text = student_module({"decide": wrong, "right": minimax})
    >>> "def decide(" in text, "depth <= 1" in text, "def right(" in text
    (True, True, True)
    """
    parts = [_PREAMBLE] + [_written(f, name) for name, f in functions.items()]
    written = set(functions) | _PREAMBLE_NAMES
    for f in functions.values():
        parts[1:1] = _helpers(f, written)
    return "\n\n".join(parts)


def _rename(source: str, old: str, new: str) -> str:
    return re.sub(rf"\b{old}\(", f"{new}(", source)


def _written(f: Callable[..., Any], name: str, *, plain_api: bool = False) -> str:
    """The source of ``f`` renamed to ``name`` (in the plain API: without its adapter and the
    change of the answer's shape), with the functions it calls written out beside it."""
    defname, source = _base(f)
    adapt, then = getattr(f, "adapt", None), getattr(f, "then", None)
    shaped = not plain_api and (adapt is not None or then is not None)
    inner = f"_{name}" if shaped else name
    for used, g in (getattr(f, "using", None) or {}).items():
        source = _written(g, f"plain_{used}", plain_api=True) + "\n\n" + _rename(
            source, used, f"plain_{used}")
    if getattr(f, "root_only", False):
        right = _written(f.plain, defname, plain_api=True)  # type: ignore[attr-defined]
        source = right + "\n\n" + source.replace(f"def {defname}(", f"def {inner}(", 1)
    else:
        source = _rename(source, defname, inner)
    if shaped and adapt is not None:
        source += "\n\n" + adapt.template.format(name=name, inner=inner)
    if shaped and then is not None:  # the answer in the wrong shape: the value alone
        source += f"\n\ndef {name}(*args, **kwargs):\n    return {inner}(*args, **kwargs)[0]\n"
    return source


def _helpers(f: Callable[..., Any], written: set[str]) -> list[str]:
    """The module-level helpers ``f``'s source uses (functions and plain constants of its
    module), written out once each, helpers' helpers first."""
    base = getattr(f, "changed", f)
    defname, source = _base(f)
    names = {n.id for n in ast.walk(ast.parse(source)) if isinstance(n, ast.Name)}
    out = []
    for name in sorted(names - written - {defname}):
        value = base.__globals__.get(name)
        if inspect.isfunction(value):
            written.add(name)
            out += _helpers(value, written) + [_base(value)[1]]
        elif isinstance(value, (str, int, float, tuple, dict)) and not isinstance(value, bool):
            written.add(name)
            out.append(f"{name} = {value!r}\n")
    return out
