"""Student code touched in the grading process, replayed where the scores are computed.

The grading process (the child) runs a submission, then each question against a
:class:`RecordedNamespace`: every use the question makes of the student's names (reading a
name, calling a function, observing a searcher) is written down as data: what was asked
(a fingerprint of the arguments) and what came back (a value the codec can carry, a new
handle for a function, a stand-in for anything else, or the exception raised). The grader
(the parent) runs the same questions again against a :class:`ReplayNamespace` built from
those notes. The questions, the reference searchers, the comparisons and the scores all
run in the parent, which never runs student code; a forged note can at most claim an
answer the student's code would have had to compute.

Both sides hand the question the same things (copies rebuilt from the notes, handles,
stand-ins), so an honest run asks the same questions in both; a question that asks for
something the notes do not hold scores 0 (:class:`ReplayMismatch`).

Examples
--------
>>> book = Book()
>>> ns = RecordedNamespace({"double": lambda x: 2 * x, "k": (1, 2)}, book)
>>> ns["double"](21), ns["k"], "double" in ns
(42, (1, 2), True)
>>> replayed = ReplayNamespace(Book(book.entries))
>>> replayed["double"](21), replayed["k"], "double" in replayed
(42, (1, 2), True)
"""

from __future__ import annotations

import builtins
import dataclasses
import hashlib
import json
import sys
from collections import defaultdict, deque
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from aisearch.grading import wire  # noqa: F401 (teaches the codec the games and records)
from aisearch.grading.codec import CodecError, Opaque, decode, encode
from aisearch.grading.observe import poisoned
from aisearch.grading.question import (
    QuestionTimeout,
    RemoteError,
    ReplayMismatch,
    brief,
    printable,
    student_error,
)
from aisearch.grading.withheld import GradingOnly

__all__ = ["Book", "RecordedNamespace", "ReplayNamespace", "ReplayMismatch", "Opaque",
           "remote_error", "fingerprint"]

_GRADERS = (QuestionTimeout, ReplayMismatch, GradingOnly)
"""Exceptions of the grading itself: never taken for something a student's code did."""


def _safe_repr(value: Any) -> str:
    """A short repr of a student's value; its type's name if its ``repr`` raises."""
    try:
        return brief(value)
    except _GRADERS:
        raise
    except BaseException:  # noqa: BLE001 (a student's __repr__ may raise anything)
        return f"<{type(value).__name__[:80]} object>"


_ERRORS: dict[str, type] = {}


def remote_error(info: Mapping[str, Any]) -> BaseException:
    """The exception a student's call raised, rebuilt from its description: a
    :class:`~aisearch.grading.question.RemoteError` that is also the nearest builtin
    exception class (so ``except ValueError`` in a question still works).

    >>> e = remote_error({"base": "ValueError", "text": "raised ValueError: no", "plain": "x"})
    >>> isinstance(e, ValueError), student_error(e)
    (True, 'raised ValueError: no')
    """
    base_name = str(info.get("base", "Exception"))
    base = getattr(builtins, base_name, None)
    if not (isinstance(base, type) and issubclass(base, Exception) or base is SystemExit):
        base = RuntimeError
    cls = _ERRORS.get(base.__name__)
    if cls is None:
        cls = _ERRORS[base.__name__] = type(base.__name__, (RemoteError, base), {})
    # the description comes from the grading process: one line each, nothing a terminal acts on
    text = {k: printable(str(info.get(k, "")))[:600]
            for k in ("base", "text", "plain", "message", "type")}
    err = cls(text["message"])
    err.info = text
    return err


def _describe(e: BaseException) -> dict[str, str]:
    base = next((c for c in type(e).__mro__
                 if getattr(builtins, c.__name__, None) is c
                 and (issubclass(c, Exception) or c is SystemExit)), RuntimeError)
    try:
        message = str(e)[:300]
    except _GRADERS:
        raise
    except BaseException:  # noqa: BLE001 (a student's __str__ may raise anything)
        message = ""
    return {"base": base.__name__, "type": type(e).__name__, "message": message,
            "text": student_error(e), "plain": student_error(e, plain=True)}


def fingerprint(x: Any) -> str:
    """A short key for arguments, the same in both processes.

    >>> fingerprint(((1, 2), {})) == fingerprint(((1, 2), {}))
    True
    """
    try:
        text = json.dumps(encode(x), sort_keys=True, separators=(",", ":"))
    except (CodecError, RecursionError, TypeError, ValueError):
        text = _shape(x)
    return hashlib.sha1(text.encode("utf-8", "replace")).hexdigest()[:20]


def _shape(x: Any, depth: int = 0) -> str:
    if depth > 50:
        return "..."
    if isinstance(x, (Handle, ReplayHandle)):
        return f"handle:{x.path}"
    if isinstance(x, (tuple, list)):
        return "(" + ",".join(_shape(v, depth + 1) for v in x) + ")"
    if isinstance(x, dict):
        return "{" + ",".join(f"{_shape(k, depth + 1)}:{_shape(v, depth + 1)}"
                              for k, v in x.items()) + "}"
    try:
        return json.dumps(encode(x), sort_keys=True)
    except (CodecError, RecursionError, TypeError, ValueError):
        kind = type(x)
        name = getattr(x, "__qualname__", "") if callable(x) else ""
        return f"<{kind.__module__}.{kind.__qualname__}{':' + name if name else ''}>"


class Book:
    """The notes of one question: entries in the order they were made (child), or
    indexed by what was asked (parent)."""

    def __init__(self, entries: list[dict[str, Any]] | None = None) -> None:
        self.entries: list[dict[str, Any]] = []
        self._index: dict[tuple[str, str, str], deque[dict[str, Any]]] = defaultdict(deque)
        self._count: dict[tuple[str, str], int] = defaultdict(int)
        for e in entries or []:
            if isinstance(e, dict) and all(type(e.get(k)) is str for k in ("op", "path", "key")):
                self._index[(e["op"], e["path"], e["key"])].append(e)

    def write(self, entry: dict[str, Any]) -> None:
        self.entries.append(entry)

    def read(self, op: str, path: str, key: str) -> dict[str, Any]:
        queue = self._index.get((op, path, key))
        if not queue:
            raise ReplayMismatch(f"the grading process has no record of {op} {path}")
        return queue.popleft()

    def child_path(self, path: str, key: str) -> str:
        """The path of a function returned by the call ``path`` with arguments ``key``."""
        n = self._count[(path, key)]
        self._count[(path, key)] += 1
        return f"{path}({key[:8]})#{n}"


def _carry(value: Any, book: Book, path: str) -> tuple[dict[str, Any], Any]:
    """What the notes hold of ``value``, and what the question is handed (the same on both
    sides: a copy rebuilt from data, a handle, or a stand-in)."""
    try:
        data = encode(value)
        return {"data": data}, decode(data)
    except _GRADERS:
        raise
    except BaseException:  # noqa: BLE001 (no encoding, or a student's method raised)
        pass
    if callable(value):
        try:
            name = printable(value.__name__)[:80]
        except _GRADERS:
            raise
        except BaseException:  # noqa: BLE001 (no name, or not a text)
            name = "function"
        return {"handle": path, "name": name}, Handle(path, name, value, book)
    stand_in = Opaque(type(value).__name__, _safe_repr(value))
    return {"opaque": stand_in.kind, "repr": stand_in.text}, stand_in


def _uncarry(note: Any, book: Book) -> Any:
    if not isinstance(note, dict):
        raise ReplayMismatch("a record of the grading process is not one the grader writes")
    if "data" in note:
        try:
            return decode(note["data"])
        except CodecError as e:
            raise ReplayMismatch(f"a record of the grading process cannot be read: {e}") from None
    if "handle" in note:
        return ReplayHandle(str(note["handle"]), str(note.get("name", "function")), book)
    return Opaque(str(note.get("opaque", "object")), str(note.get("repr", "")))


# -- the child's side ----------------------------------------------------------------------
class _Watch:
    """Which watched functions (see ``observe.watch_calls``) a student call reached."""

    def __init__(self) -> None:
        from aisearch.grading import observe

        self.watchers = list(observe.ACTIVE)
        self.before = [len(hits) for _, hits in self.watchers]
        self.hook = sys.getprofile()

    def hits(self, trapped: list[str]) -> list[str]:
        names = [n for (_, hits), k in zip(self.watchers, self.before, strict=True)
                 for n in hits[k:]] + trapped
        if self.watchers and sys.getprofile() is not self.hook:
            names.append("sys.setprofile")  # the student switched the watch off
            sys.setprofile(self.hook)
        return list(dict.fromkeys(names))


class Handle:
    """A student's function in the grading process: calls go through and are noted."""

    def __init__(self, path: str, name: str, target: Callable[..., Any], book: Book) -> None:
        self.path, self.__name__, self._target, self._book = path, name, target, book

    def __repr__(self) -> str:
        return f"<function {self.__name__}>"

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        key = fingerprint((args, kwargs))
        entry: dict[str, Any] = {"op": "call", "path": self.path, "key": key}
        watch = _Watch()
        trapped: list[str] = []
        try:
            with poisoned() as trapped:
                out = self._target(*args, **kwargs)
        except QuestionTimeout as e:
            entry.update(timeout=str(e), hits=watch.hits(trapped))
            self._book.write(entry)
            raise
        except ReplayMismatch:
            raise
        except BaseException as e:  # noqa: BLE001 (KeyboardInterrupt from student code too)
            entry.update(raised=_describe(e), hits=watch.hits(trapped))
            self._book.write(entry)
            raise remote_error(entry["raised"]) from None
        entry["hits"] = watch.hits(trapped)
        entry["out"], handed = _carry(out, self._book, self._book.child_path(self.path, key))
        self._book.write(entry)
        return handed

    def _grading_observe(self, case: Any, forbid: Mapping[Any, str] | None,
                         runner: Callable[..., Any] | None) -> Any:
        from aisearch.grading.observe import Observation, observe

        key = fingerprint(case)
        try:
            with poisoned() as trapped:
                seen = observe(_own_exceptions(self._target), case, forbid=forbid,
                               runner=runner)
        except _GRADERS:
            raise
        except BaseException as e:  # noqa: BLE001 (an answer that misbehaves when examined)
            seen = Observation(shape="error", error=f"returned an answer that raised "
                               f"{printable(type(e).__name__)[:80]} when the grader read it")
        if trapped:
            calls = tuple(dict.fromkeys((*seen.calls, *trapped)))
            seen = dataclasses.replace(seen, calls=calls)
        data = _encoded(seen)
        self._book.write({"op": "observe", "path": self.path, "key": key, "out": {"data": data}})
        return decode(data)


def _own_exceptions(target: Callable[..., Any]) -> Callable[..., Any]:
    """``target``, with the BaseExceptions it raises (KeyboardInterrupt, GeneratorExit)
    turned into ordinary ones, described as raised: they are the function's own answer."""

    def call(*args: Any, **kwargs: Any) -> Any:
        try:
            return target(*args, **kwargs)
        except (*_GRADERS, Exception, SystemExit):
            raise
        except BaseException as e:  # noqa: BLE001
            raise remote_error(_describe(e)) from None

    return call


def _encoded(seen: Any) -> Any:
    """``seen`` (an Observation) as data; an answer the codec cannot carry becomes an
    :class:`Opaque` stand-in, graded as an answer of the wrong type."""
    from aisearch.grading.observe import Observation

    try:
        return encode(seen)
    except _GRADERS:
        raise
    except BaseException:  # noqa: BLE001 (no encoding, or a student's method raised)
        pass
    changes: dict[str, Any] = {}
    for name in ("value", "move"):
        part = getattr(seen, name)
        try:
            encode(part)
        except _GRADERS:
            raise
        except BaseException:  # noqa: BLE001
            changes[name] = stand_in = Opaque(type(part).__name__, _safe_repr(part))
            if seen.shape != "error":
                changes.update(shape="other", returned=f"a value of type {stand_in.kind} the "
                               f"grader cannot read ({stand_in.text})")
    try:
        return encode(dataclasses.replace(seen, **changes))
    except _GRADERS:
        raise
    except BaseException:  # noqa: BLE001 (states the grader cannot read: passed to evaluate)
        return encode(Observation(shape="error", error="gave the game or evaluate values that "
                                  "are not states of the game"))


class RecordedNamespace(Mapping[str, Any]):
    """The submission's names as a question sees them in the grading process (noted)."""

    def __init__(self, namespace: Mapping[str, Any], book: Book) -> None:
        self._ns, self._book = namespace, book

    def __getitem__(self, name: str) -> Any:
        key = fingerprint(name)
        entry: dict[str, Any] = {"op": "get", "path": "ns", "key": key}
        if name not in self._ns:
            entry["missing"] = True
            self._book.write(entry)
            raise KeyError(name)
        entry["out"], handed = _carry(self._ns[name], self._book, f"ns:{name}")
        self._book.write(entry)
        return handed

    def __contains__(self, name: object) -> bool:
        found = name in self._ns
        self._book.write({"op": "has", "path": "ns", "key": fingerprint(name), "out": found})
        return found

    def __iter__(self) -> Iterator[str]:
        names = sorted(n for n in self._ns if isinstance(n, str) and not n.startswith("_"))
        self._book.write({"op": "names", "path": "ns", "key": "", "out": names})
        return iter(names)

    def __len__(self) -> int:
        return len(list(iter(self)))


# -- the parent's side ---------------------------------------------------------------------
class ReplayHandle:
    """A student's function as the grader sees it: its calls answered from the notes."""

    def __init__(self, path: str, name: str, book: Book) -> None:
        self.path, self.__name__, self._book = path, name, book

    def __repr__(self) -> str:
        return f"<function {self.__name__}>"

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        key = fingerprint((args, kwargs))
        entry = self._book.read("call", self.path, key)
        hits = entry.get("hits")
        if isinstance(hits, list):
            _report_hits([str(h) for h in hits])
        if "timeout" in entry:
            raise QuestionTimeout(str(entry["timeout"])[:200])
        if "raised" in entry:
            raised = entry["raised"]
            raise remote_error(raised if isinstance(raised, dict) else {})
        return _uncarry(entry.get("out"), self._book)

    def _grading_observe(self, case: Any, forbid: Mapping[Any, str] | None,
                         runner: Callable[..., Any] | None) -> Any:
        from aisearch.grading.observe import Observation

        seen = _uncarry(self._book.read("observe", self.path, fingerprint(case)).get("out"),
                        self._book)
        if not isinstance(seen, Observation):
            raise ReplayMismatch("an observation of the grading process is not one")
        return seen


def _report_hits(names: list[str]) -> None:
    """Give the watched calls a replayed student call made to the watchers open now."""
    from aisearch.grading import observe

    for codes, hits in observe.ACTIVE:
        allowed = set(codes.values())
        hits.extend(n for n in names if n in allowed or n == "sys.setprofile")


class ReplayNamespace(Mapping[str, Any]):
    """The submission's names as the grader sees them: from the notes of one question."""

    def __init__(self, book: Book) -> None:
        self._book = book

    def __getitem__(self, name: str) -> Any:
        entry = self._book.read("get", "ns", fingerprint(name))
        if entry.get("missing"):
            raise KeyError(name)
        return _uncarry(entry.get("out"), self._book)

    def __contains__(self, name: object) -> bool:
        return self._book.read("has", "ns", fingerprint(name)).get("out") is True

    def __iter__(self) -> Iterator[str]:
        names = self._book.read("names", "ns", "").get("out")
        return iter([str(n) for n in names] if isinstance(names, list) else [])

    def __len__(self) -> int:
        return len(list(iter(self)))

