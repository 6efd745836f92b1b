"""Calls between the grader and the grading process: student code runs there, points here.

The grader (the parent) never runs student code; the grading process (the child) runs
nothing else. They talk over a pair of pipes in length-prefixed JSON messages built by
the codec (:mod:`aisearch.grading.codec`), so a message is data and never code. Either
side can call an object of the other:

- the grader reads the submission's names and calls its functions (:class:`Namespace`);
- the functions it calls get the grader's games and evaluations as *references*: the
  game a student's search receives (:class:`RemoteGame`) answers the rules' queries from a
  copy of the rules, and sends every ``result`` back to the grader, whose recording game
  notes it; an evaluation, or a search the exercise hands over, runs in the grader. Of a
  game it hands over, the grader answers the rules (:data:`GAME_QUERIES`) and nothing else:
  its record of what student code did is not student code's to read or clear.

So what the student's code did to the game (the states it generated, what it evaluated,
how much of a budget it used) is recorded where the student's code cannot reach. The
grader's references are valid only during the call that handed them over.

An exception crosses as a description; sent back to the side it came from, it is that
side's own exception object again (so a student's ``except OutOfNodes`` still works, and
so does the grader's catching of its own). A list or dict argument is shared: the callee
works on its own copy, and the caller's container is brought up to date when the call
returns; the same container passed again is the same container on the other side.

Time: the child limits the time student code runs (``limit`` of each call, paused while
the grader answers a call of the child); the grader counts the time it waits, reads the
child's messages and works for it (a search or evaluation it handed over, stopped by
:class:`~aisearch.grading.question.QuestionTimeout` when the question's time is up), and
gives up on a child that overruns (:class:`~aisearch.grading.question.GradingStopped`).

Messages, one JSON object each:

- request ``{"id": n, "op": "get" | "has" | "names" | "call" | "attr" | "reset", ...}``;
- reply ``{"re": n, "value": data}``, ``{"re": n, "raised": description}``, or
  ``{"re": n, "timeout": text}``, with ``"shared"`` containers' new contents.

Examples
--------
>>> grader, child = pair()  # both ends in one process, for the example
>>> child.namespace = {"double": lambda x: 2 * x, "k": (1, 2)}
>>> ns = Namespace(grader)
>>> ns["double"](21), ns["k"], "double" in ns, sorted(ns)
(42, (1, 2), True, ['double', 'k'])
>>> grader.close()
"""

from __future__ import annotations

import builtins
import itertools
import json
import os
import select
import signal
import struct
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any

import aisearch.grading.wire  # noqa: F401 (teaches the codec the games)
from aisearch.grading.codec import MAX_TEXT, CodecError, decode, encode, game_key
from aisearch.grading.question import (
    WITHHELD_CALLS,
    GradingStopped,
    QuestionTimeout,
    RemoteError,
    brief,
    printable,
    student_error,
    time_limit,
)

__all__ = ["Endpoint", "Namespace", "RemoteFunction", "RemoteObject", "RemoteGame",
           "RemoteMethod", "remote_error", "pair", "MAX_MESSAGE", "MAX_GRADER_MESSAGE", "GRACE",
           "GAME_QUERIES"]

MAX_MESSAGE = 4 * 1024 * 1024
"""The largest message the grader reads from the grading process (bytes): the exercises'
answers take a few kilobytes; a bigger message only costs the grader memory."""
MAX_GRADER_MESSAGE = 32 * 1024 * 1024
"""The largest message the grading process reads from the grader (bytes)."""
GRACE = 3.0
"""Seconds the grader waits past a call's time limit before it gives the child up."""


def _public(name: Any) -> bool:
    return isinstance(name, str) and name.isidentifier() and not name.startswith("_")


GAME_QUERIES = frozenset({
    # the game protocol (aisearch.core.Game)
    "initial", "to_move", "moves", "result", "is_terminal", "utility", "chance_outcomes",
    # what the exercises tell students they may ask of a game
    "players", "noisy_moves", "evaluate", "all_states", "cells", "distance", "neighbours",
    # what a game declares of itself (aisearch.core.GameBase)
    "win", "has_chance", "cycles", "max_play_depth", "utility_bounds",
})
"""What student code may ask of a game the grader hands over (besides an evaluation
method, ``*_eval``): the rules and nothing else. The recording game answers only these;
its record (``generated``, ``evaluated``, ``reset``, ``counting``, ...) is the grader's."""


def _game_query(name: Any) -> bool:
    return _public(name) and (name in GAME_QUERIES or name.endswith("_eval"))


def _is_game(obj: Any) -> bool:
    try:
        return callable(getattr(obj, "result", None)) and callable(getattr(obj, "moves", None))
    except Exception:  # noqa: BLE001 (a student's __getattr__ may raise anything)
        return False


_ERRORS: dict[str, type] = {}


def remote_error(info: Mapping[str, Any]) -> RemoteError:
    """The exception the other side raised, rebuilt from its description: a
    :class:`~aisearch.grading.question.RemoteError` that is also the nearest builtin
    exception class (so ``except ValueError`` around a call still works).

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
    text = {k: printable(str(info.get(k, "")))[:600]
            for k in ("base", "text", "plain", "message", "type", "where")}
    err = cls(text["message"])
    err.info = text
    return err


def _base_name(e: BaseException) -> str:
    return next((c.__name__ for c in type(e).__mro__
                 if getattr(builtins, c.__name__, None) is c
                 and (issubclass(c, Exception) or c is SystemExit)), "RuntimeError")


class _Proxy:
    """An object of the other side, named by its handle there."""

    def __init__(self, endpoint: Endpoint, handle: int, name: str) -> None:
        self._endpoint, self._handle, self.__name__ = endpoint, handle, name

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, _Proxy) and other._endpoint is self._endpoint
                and other._handle == self._handle)

    def __hash__(self) -> int:
        return hash((id(self._endpoint), self._handle))


class RemoteMethod(_Proxy):
    """A method of an object of the other side: calling it calls the method there."""

    def __init__(self, owner: _Proxy, name: str) -> None:
        super().__init__(owner._endpoint, owner._handle, name)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self._endpoint.call(self._handle, self.__name__, args, kwargs)

    def __repr__(self) -> str:
        return f"<method {self.__name__}>"


class _WithMethods(_Proxy):
    """A proxy whose public attributes are the methods of its object on the other side."""

    def __getattr__(self, name: str) -> RemoteMethod:
        if not _public(name):
            raise AttributeError(name)
        return RemoteMethod(self, name)


class RemoteFunction(_WithMethods):
    """A function of the other side (a student's function, or one the grader hands over):
    calling it runs it there."""

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self._endpoint.call(self._handle, None, args, kwargs)

    def __repr__(self) -> str:
        return f"<function {self.__name__}>"


class RemoteObject(_WithMethods):
    """A student's object that is not data (the grader sees its type and a short repr;
    its methods can be called, as a search calls those of a student's wrapped game)."""

    def __init__(self, endpoint: Endpoint, handle: int, name: str, text: str) -> None:
        super().__init__(endpoint, handle, name)
        self.kind, self.text = printable(name)[:80], printable(text)[:120]

    def __repr__(self) -> str:
        return f"<{self.kind}: {self.text}>"


class RemoteGame(_Proxy):
    """The grader's game, as student code receives it: the rules' queries are answered by a
    copy of the rules (when the game has one that travels), ``result`` by the grader,
    which records it."""

    def __init__(self, endpoint: Endpoint, handle: int, name: str, rules: Any) -> None:
        super().__init__(endpoint, handle, name)
        self._rules = rules

    def result(self, s: Any, m: Any) -> Any:
        return self._endpoint.call(self._handle, "result", (s, m), {})

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        if self._rules is not None:
            return getattr(self._rules, name)
        if not _public(name):
            raise AttributeError(name)
        return self._endpoint.attribute(self, name)

    def __repr__(self) -> str:
        return repr(self._rules) if self._rules is not None else f"<game {self.__name__}>"


class Endpoint:
    """One end of the channel: its objects the other side may call, its calls of the
    other side's, and the loop that answers the other side while a call of its own waits.

    Parameters
    ----------
    read_fd, write_fd : int
        The pipe ends.
    side : ``'grader'`` or ``'child'``
        What it may send by reference and what the other side may call of it.
    """

    def __init__(self, read_fd: int, write_fd: int, side: str) -> None:
        if side not in ("grader", "child"):
            raise ValueError(f"side must be 'grader' or 'child', not {side!r}")
        self.side = side
        self._rfd, self._wfd = read_fd, write_fd
        self._buffer = bytearray()
        self._ids = itertools.count(1)
        self._objects: dict[int, Any] = {}
        self._handle_of: dict[int, int] = {}
        self._next_handle = itertools.count(1)
        self._errors: dict[int, BaseException] = {}
        self._next_token = itertools.count(1)
        self._next_shared = itertools.count(1)
        self._out: dict[int, list[Any]] = {}  # id(container) -> [container, sid, snapshot]
        self._in: dict[int, Any] = {}  # the other side's sid -> my copy
        self._touched: list[list[int]] = []
        self._depth = 0
        self._serving = False  # (grader) whether a call of the child is being answered
        self._games_sent: dict[str, Any] = {}  # (grader) game_key -> the game it sent
        self._game_keys: dict[int, tuple[Any, str]] = {}  # id(game) -> (game, its key)
        self.namespace: Mapping[str, Any] = {}
        self.closed: str | None = None  # why the channel can no longer be used
        # the grader's clock: the time it waited for the child, and the budget of a call
        self.waited = 0.0
        self.budget: float | None = None
        self.clock: Any = None  # the child's time limit (see aisearch.grading.child)
        self.withheld: list[str] = []  # (grader) what the child's calls reached of it

    # -- framing -------------------------------------------------------------------------
    def send(self, message: dict[str, Any]) -> None:
        """Write one message (raises GradingStopped when the other side is gone)."""
        data = json.dumps(message, separators=(",", ":"), allow_nan=False).encode()
        frame = struct.pack(">I", len(data)) + data
        # the grader's time limit (SIGALRM) waits until the frame is written whole
        masked = self.side == "grader" and hasattr(signal, "pthread_sigmask")
        old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGALRM}) if masked else None
        try:
            view = memoryview(frame)
            while view:
                n = os.write(self._wfd, view)
                view = view[n:]
        except OSError as e:
            self._stop(f"the grading process closed its channel ({e.strerror})")
        finally:
            if old is not None:
                signal.pthread_sigmask(signal.SIG_SETMASK, old)

    def receive(self, timeout: float | None = None) -> dict[str, Any] | None:
        """The next message, or None when ``timeout`` seconds pass first."""
        end = None if timeout is None else time.monotonic() + timeout
        most = MAX_MESSAGE if self.side == "grader" else MAX_GRADER_MESSAGE
        while True:
            if end is not None and time.monotonic() > end:
                return None  # (messages that keep coming do not hold a reader past its time)
            if len(self._buffer) >= 4:
                (n,) = struct.unpack(">I", self._buffer[:4])
                if n > most:
                    self._stop(f"a message of {n:,} bytes is more than the grader reads")
                if len(self._buffer) >= 4 + n:
                    raw = bytes(self._buffer[4:4 + n])
                    del self._buffer[:4 + n]
                    try:
                        message = json.loads(raw)
                    except (ValueError, RecursionError):
                        self._stop("a message of the grading process is not one the grader reads")
                    if not isinstance(message, dict):
                        self._stop("a message of the grading process is not one the grader reads")
                    return message
            left = None if end is None else max(end - time.monotonic(), 0.0)
            if left is not None:
                ready, _, _ = select.select([self._rfd], [], [], left)
                if not ready:
                    return None
            try:
                chunk = os.read(self._rfd, 1 << 16)
            except OSError as e:
                self._stop(f"the grading process's channel broke ({e.strerror})")
            if not chunk:
                self._stop("the grading process ended")
            self._buffer += chunk

    def close(self) -> None:
        """Close this end's pipes (the other side then sees the channel end)."""
        for fd in (self._rfd, self._wfd):
            try:
                os.close(fd)
            except OSError:
                pass
        self.closed = self.closed or "closed"

    def _stop(self, why: str) -> Any:
        self.closed = self.closed or why
        raise GradingStopped(self.closed)

    # -- values --------------------------------------------------------------------------
    def pack(self, value: Any) -> Any:
        """``value`` as a message: data by value, anything else by reference."""
        if self.side == "grader":
            return encode(value, default=self._reference, games=self._sent)
        return encode(value, default=self._reference)

    def unpack(self, data: Any) -> Any:
        """The value a message of the other side stands for. The grader takes back only the
        games it sent (its own objects, not built again from what the child says)."""
        if self.side == "grader":
            return decode(data, remote=self._referenced, games=self._games_sent,
                          text=MAX_TEXT)
        return decode(data, remote=self._referenced)

    def _sent(self, game: Any, message: Any) -> None:
        known = self._game_keys.get(id(game))
        if known is None or known[0] is not game:
            known = self._game_keys[id(game)] = (game, game_key(message))
        self._games_sent.setdefault(known[1], game)

    def _expose(self, obj: Any) -> int:
        handle = self._handle_of.get(id(obj))
        if handle is None or self._objects.get(handle) is not obj:
            handle = next(self._next_handle)
            self._objects[handle] = obj
            self._handle_of[id(obj)] = handle
        return handle

    def _reference(self, obj: Any) -> Any:
        if isinstance(obj, _Proxy) and obj._endpoint is self:
            return {"ref": {"yours": obj._handle}}
        name = printable(getattr(obj, "__name__", None) or type(obj).__name__)[:80]
        if self.side == "grader":
            if _is_game(obj):
                return {"ref": {"handle": self._expose(obj), "kind": "game",
                                "name": type(obj).__name__, "rules": _rules(obj)}}
            if callable(obj):
                return {"ref": {"handle": self._expose(obj), "kind": "function", "name": name}}
            raise CodecError(f"the grader cannot hand a {type(obj).__name__} to student code")
        if callable(obj):
            return {"ref": {"handle": self._expose(obj), "kind": "function", "name": name}}
        return {"ref": {"handle": self._expose(obj), "kind": "object",
                        "name": printable(type(obj).__name__)[:80], "text": _shown(obj)}}

    def _referenced(self, payload: Any) -> Any:
        if type(payload) is not dict:
            raise CodecError("a reference is a dict")
        if "yours" in payload:
            obj = self._objects.get(payload["yours"]) if type(payload["yours"]) is int else None
            if obj is None and payload["yours"] not in self._objects:
                raise CodecError("an object that is no longer valid: the grader's objects are "
                                 "valid only during the call that handed them over")
            return obj
        if "shared" in payload:
            return self._shared_in(payload)
        handle, kind = payload.get("handle"), payload.get("kind")
        name = printable(str(payload.get("name", "")))[:80]
        if type(handle) is not int:
            raise CodecError("a reference names an object by an int")
        if kind == "function":
            return RemoteFunction(self, handle, name)
        if kind == "game" and self.side == "child":
            rules = payload.get("rules")
            return RemoteGame(self, handle, name, None if rules is None else decode(rules))
        if kind == "object" and self.side == "grader":
            return RemoteObject(self, handle, name, str(payload.get("text", "")))
        raise CodecError(f"not a reference the {self.side} reads: {kind!r:.40}")

    # -- shared containers ---------------------------------------------------------------
    def _shared_out(self, container: Any) -> Any:
        entry = self._out.get(id(container))
        if entry is None or entry[0] is not container:
            entry = self._out[id(container)] = [container, next(self._next_shared), None]
        data = self.pack(container)
        snapshot = json.dumps(data, sort_keys=True)
        payload: dict[str, Any] = {"shared": entry[1]}
        if snapshot != entry[2]:
            payload["data"] = data
        return {"ref": payload}

    def _shared_in(self, payload: dict[str, Any]) -> Any:
        sid = payload["shared"]
        if type(sid) is not int:
            raise CodecError("a shared container is named by an int")
        mine = self._in.get(sid)
        if "data" in payload:
            value = self.unpack(payload["data"])
            if type(value) not in (list, dict):
                raise CodecError("a shared container is a list or a dict")
            if type(mine) is type(value):
                _replace(mine, value)
            else:
                mine = self._in[sid] = value
        elif mine is None:
            raise CodecError("a shared container this side has never seen")
        if self._touched:
            self._touched[-1].append(sid)
        return mine

    def _pack_args(self, args: tuple, kwargs: dict[str, Any]) -> tuple[Any, Any]:
        def one(a: Any) -> Any:
            return self._shared_out(a) if type(a) in (list, dict) else self.pack(a)

        return [one(a) for a in args], {k: one(v) for k, v in kwargs.items()}

    def _update_shared(self, reply: dict[str, Any], args: tuple, kwargs: dict[str, Any]) -> None:
        shared = reply.get("shared")
        if not isinstance(shared, dict):
            return
        for a in [*args, *kwargs.values()]:
            entry = self._out.get(id(a))
            if entry is None or entry[0] is not a or str(entry[1]) not in shared:
                continue
            try:
                value = self.unpack(shared[str(entry[1])])
            except CodecError:
                continue
            if type(value) is type(a):
                _replace(a, value)
                entry[2] = json.dumps(self.pack(a), sort_keys=True)

    # -- calls ---------------------------------------------------------------------------
    def call(self, handle: int, method: str | None, args: tuple, kwargs: dict[str, Any]) -> Any:
        """Call the other side's object ``handle`` (its ``method``, if given)."""
        if self.closed:
            raise GradingStopped(self.closed)
        rid = next(self._ids)
        packed_args, packed_kwargs = self._pack_args(tuple(args), dict(kwargs))
        message = {"id": rid, "op": "call", "handle": handle, "method": method,
                   "args": packed_args, "kwargs": packed_kwargs}
        if self.side == "grader" and self.budget is not None:
            message["limit"] = max(self.budget - self.waited, 0.001)
        self._depth += 1
        try:
            self.send(message)
            reply = self._await(rid)
            with self._counted():
                self._update_shared(reply, args, kwargs)
                return self._outcome(reply)
        finally:
            self._depth -= 1
            if self._depth == 0 and self.side == "grader":
                # the grader's objects were valid for this call only
                self._objects.clear()
                self._handle_of.clear()
                self._errors.clear()

    def request(self, op: str, **fields: Any) -> Any:
        """Ask the other side something (``get``, ``has``, ``names``, ``reset``)."""
        if self.closed:
            raise GradingStopped(self.closed)
        rid = next(self._ids)
        message = {"id": rid, "op": op, **fields}
        if self.side == "grader" and self.budget is not None:
            message["limit"] = max(self.budget - self.waited, 0.001)
        self.send(message)
        reply = self._await(rid)
        with self._counted():
            return self._outcome(reply)

    @contextmanager
    def _counted(self) -> Iterator[None]:
        """(grader) The time inside counts as the child's: reading what it sent, and the
        work done for it (nested waits for the child included once)."""
        if self.side != "grader":
            yield
            return
        start, before = time.monotonic(), self.waited
        try:
            yield
        finally:
            self.waited = before + (time.monotonic() - start)

    def attribute(self, game: RemoteGame, name: str) -> Any:
        """An attribute of the grader's game (read by the child when no rules travelled)."""
        answer = self.request("attr", handle=game._handle, name=name)
        return RemoteMethod(game, name) if answer == {"method": True} else answer

    def _outcome(self, reply: dict[str, Any]) -> Any:
        withheld = reply.get("withheld")
        if self.side == "grader" and isinstance(withheld, list):
            self.withheld.extend(printable(str(w))[:200] for w in withheld[:5])
        if "timeout" in reply:
            raise QuestionTimeout(printable(str(reply["timeout"]))[:200])
        if "raised" in reply:
            raise self._error(reply["raised"])
        try:
            with self._limited(None):  # reading an answer counts against the question's time
                return self.unpack(reply.get("value"))
        except CodecError as e:
            if self.side == "grader":
                return RemoteObject(self, 0, "unreadable", f"an answer the grader cannot read "
                                    f"({printable(e)[:80]})")
            raise

    def _error(self, info: Any) -> BaseException:
        info = info if isinstance(info, dict) else {}
        token = info.get("yours")
        if type(token) is int and token in self._errors:
            e = self._errors[token]
            where = info.get("where")
            if where and not getattr(e, "_grading_where", ""):
                try:
                    e._grading_where = printable(str(where))[:200]  # type: ignore[attr-defined]
                except AttributeError:
                    pass
            return e
        err = remote_error(info)
        err._grading_origin = (self, info.get("mine"))  # type: ignore[attr-defined]
        return err

    def _describe(self, e: BaseException) -> dict[str, Any]:
        where = student_error(e, plain=True)
        origin = getattr(e, "_grading_origin", None)
        if isinstance(e, RemoteError) and origin and origin[0] is self and origin[1] is not None:
            return {"yours": origin[1], "where": _where(where)}
        token = next(self._next_token)
        self._errors[token] = e
        try:
            message = str(e)[:300]
        except (QuestionTimeout, GradingStopped):
            raise
        except BaseException:  # noqa: BLE001 (a student's __str__ may raise anything)
            message = ""
        return {"mine": token, "base": _base_name(e), "type": type(e).__name__,
                "message": message, "text": student_error(e), "plain": where}

    # -- answering the other side ---------------------------------------------------------
    def _await(self, rid: int) -> dict[str, Any]:
        while True:
            message = self._next_message()
            if "re" in message:
                if message["re"] == rid:
                    return message
                continue  # the answer to a call given up (a time limit): not this one
            if "op" in message:
                with self._counted():
                    self._serve(message)
            else:  # neither an answer nor a call: nothing the other side sends now
                self._stop("the grading process sent a message that is neither an answer "
                           "nor a call")

    def _next_message(self) -> dict[str, Any]:
        if self.side == "child":
            with self.clock.paused() if self.clock is not None else _nothing():
                message = self.receive()
            assert message is not None
            return message
        start = time.monotonic()
        wait = None if self.budget is None else self.budget - self.waited + GRACE
        try:
            message = self.receive(None if wait is None else max(wait, 0.0))
        finally:
            self.waited += time.monotonic() - start
        if message is None:
            self._stop(f"the grading process did not answer within the time limit "
                       f"({self.budget:g} s of running time and {GRACE:g} s more)")
        assert message is not None
        return message

    def serve_forever(self) -> None:
        """Answer the other side's requests until it closes the channel (the child's loop)."""
        while True:
            try:
                message = self.receive()
            except GradingStopped:
                return
            if message is not None and "op" in message:
                self._serve(message)

    def _serve(self, message: dict[str, Any]) -> None:
        rid = message.get("id")
        op = message.get("op")
        self._touched.append([])
        before = len(WITHHELD_CALLS)
        reply: dict[str, Any]
        try:
            limit = message.get("limit")
            with self._limited(limit):
                reply = {"value": self.pack(self._answer(op, message))}
        except GradingStopped:
            raise
        except QuestionTimeout as e:
            reply = {"timeout": str(e)}
        except BaseException as e:  # noqa: BLE001 (student code, or a bad request)
            reply = {"raised": self._describe(e)}
        finally:
            touched = self._touched.pop()
        if touched:
            shared = {}
            for sid in dict.fromkeys(touched):
                try:
                    shared[str(sid)] = self.pack(self._in[sid])
                except CodecError:
                    pass
            reply["shared"] = shared
        if self.side == "child" and len(WITHHELD_CALLS) > before:
            reply["withheld"] = list(dict.fromkeys(WITHHELD_CALLS[before:]))[:5]
        reply["re"] = rid
        self.send(reply)

    @contextmanager
    def _limited(self, limit: Any) -> Iterator[None]:
        if self.side == "child" and self.clock is not None and isinstance(limit, (int, float)) \
                and not isinstance(limit, bool):
            with self.clock.limit(float(limit)):
                yield
            return
        if self.side != "grader" or self.budget is None or self._serving:
            yield  # (a call served inside another: the outer one's limit holds)
            return
        # work the grader does for student code (a search it hands over, an evaluation)
        # stops when the question's time is up, as the student's own code does
        self._serving = True
        try:
            with time_limit(max(self.budget - self.waited, 0.001)):
                yield
        finally:
            self._serving = False

    def _answer(self, op: Any, message: dict[str, Any]) -> Any:  # noqa: C901
        if op == "call":
            target = self._target(message.get("handle"), message.get("method"))
            args = message.get("args")
            kwargs = message.get("kwargs")
            if type(args) is not list or type(kwargs) is not dict:
                raise CodecError("a call's arguments are a list and a dict")
            return target(*[self.unpack(a) for a in args],
                          **{str(k): self.unpack(v) for k, v in kwargs.items()})
        if op == "attr" and self.side == "grader":
            obj = self._object(message.get("handle"))
            name = message.get("name")
            if not _is_game(obj) or not isinstance(name, str) or not _game_query(name):
                raise AttributeError(f"no attribute {name!r:.40} of the grader's game")
            value = getattr(obj, name)
            return {"method": True} if callable(value) else value
        if self.side == "grader":
            raise CodecError(f"not a request the grader answers: {op!r:.40}")
        if op == "get":
            name = message.get("name")
            if not isinstance(name, str) or name not in self.namespace:
                return {"missing": True}
            return {"found": self.namespace[name]}
        if op == "has":
            return message.get("name") in self.namespace
        if op == "names":
            return sorted(n for n in self.namespace if isinstance(n, str) and not n.startswith("_"))
        if op == "reset":
            self.reset()
            return None
        raise CodecError(f"not a request the grading process answers: {op!r:.40}")

    def _object(self, handle: Any) -> Any:
        if type(handle) is not int or handle not in self._objects:
            raise LookupError("an object that is no longer valid: the grader's objects are valid "
                              "only during the call that handed them over")
        return self._objects[handle]

    def _target(self, handle: Any, method: Any) -> Callable[..., Any]:
        obj = self._object(handle)
        if method is None:
            if not callable(obj):
                raise TypeError(f"a {type(obj).__name__} is not callable")
            return obj
        if not _public(method) or (self.side == "grader" and not (
                _is_game(obj) and _game_query(method))):
            raise AttributeError(f"no method {method!r:.40} to call here")
        target = getattr(obj, method)
        if not callable(target):
            raise TypeError(f"{method} is not a method")
        return target

    def reset(self) -> None:
        """Forget every reference and shared container (between two questions)."""
        self._objects.clear()
        self._handle_of.clear()
        self._errors.clear()
        self._out.clear()
        self._in.clear()


def _replace(old: Any, new: Any) -> None:
    if isinstance(old, list):
        old[:] = new
    else:
        old.clear()
        old.update(new)


def _rules(game: Any) -> Any:
    """The game's rules as data (the innermost game under its wrappers that travels by
    value), or None."""
    for _ in range(20):
        try:
            return encode(game)
        except (CodecError, RecursionError):
            pass
        except Exception:  # noqa: BLE001
            return None
        game = getattr(game, "game", None)
        if game is None:
            return None
    return None


def _shown(obj: Any) -> str:
    try:
        return brief(obj)
    except (QuestionTimeout, GradingStopped):
        raise
    except BaseException:  # noqa: BLE001 (a student's __repr__ may raise anything)
        return f"<{printable(type(obj).__name__)[:80]} object>"


def _where(plain: str) -> str:
    """The ``(cell ..., line ...)`` part of a plain description, if any."""
    i = plain.rfind(" (")
    return plain[i + 1:] if i >= 0 and plain.endswith(")") else ""


@contextmanager
def _nothing() -> Iterator[None]:
    yield


class Namespace(Mapping[str, Any]):
    """The submission's names, as the grader reads them: through the channel.

    ``ns[name]`` is the value (data), a :class:`RemoteFunction` or a :class:`RemoteObject`.
    """

    def __init__(self, endpoint: Endpoint) -> None:
        self._endpoint = endpoint

    def __getitem__(self, name: str) -> Any:
        answer = self._endpoint.request("get", name=name)
        if not isinstance(answer, dict) or "found" not in answer:
            raise KeyError(name)
        return answer["found"]

    def __contains__(self, name: object) -> bool:
        return self._endpoint.request("has", name=name) is True

    def __iter__(self) -> Iterator[str]:
        names = self._endpoint.request("names")
        return iter([str(n) for n in names] if isinstance(names, list) else [])

    def __len__(self) -> int:
        return len(list(iter(self)))


def pair() -> tuple[Endpoint, Endpoint]:
    """A grader's endpoint and a child's joined by pipes in this process, the child's side
    answered by a thread: for examples and tests of the protocol (no sandbox, no clock).

    >>> grader, child = pair()
    >>> child.namespace = {"f": lambda game, s: game.result(s, 0)}
    >>> from aisearch.games import TreeGame
    >>> from aisearch.trace import CountingGame
    >>> game = CountingGame(TreeGame([[1, 2], 3]))
    >>> Namespace(grader)["f"](game, ()), game.generated
    ((0,), [(0,)])
    >>> grader.close()
    """
    import threading

    a_read, b_write = os.pipe()
    b_read, a_write = os.pipe()
    grader = Endpoint(a_read, a_write, "grader")
    child = Endpoint(b_read, b_write, "child")

    def serve() -> None:
        child.serve_forever()
        child.close()

    threading.Thread(target=serve, daemon=True).start()
    return grader, child
