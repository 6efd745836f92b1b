"""The bad-input table: every public entry point, called wrongly, fails clearly and fast.

A case is one wrong call. It passes when the call raises the expected kind of error, the
message names the culprit (every string in ``mentions``, case-insensitive), and the call
returns within ``seconds`` (a guard against hangs, not a speed test). Each module of this
package holds the cases of one part of the course in a list ``CASES`` and runs them with
:func:`check`; a new entry point joins the table the day it lands.

Example, in a module ``tests/bad_input/test_mine.py``::

    from tests.bad_input.table import Case, check, params

    CASES = [
        Case("uniform_tree: b is not an int", lambda: uniform_tree("3", 2), ValueError,
             ("b must be an int", "'3'")),
    ]

    @params(CASES)
    def test_bad_input_gets_a_clear_error(case):
        check(case)
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pytest

__all__ = ["Case", "check", "params", "TooSlow"]


class TooSlow(BaseException):  # noqa: N818 (it reads as what happened)
    """A call ran past its time bound (raised inside it, so a hang cannot stall the tests)."""


@dataclass(frozen=True)
class Case:
    """One wrong call: what it is, the call, the error it must raise, what the message names."""

    id: str
    call: Callable[[], Any]
    error: type[BaseException] | tuple[type[BaseException], ...]
    mentions: Sequence[str] = ()
    seconds: float = 5.0


def _limit(seconds: float) -> Any:
    class Limit:
        def __enter__(self) -> None:
            self.on = (hasattr(signal, "setitimer")
                       and threading.current_thread() is threading.main_thread())
            if self.on:
                def expire(signum: int, frame: Any) -> None:
                    raise TooSlow(f"still running after {seconds} s")

                self.old = signal.signal(signal.SIGALRM, expire)
                signal.setitimer(signal.ITIMER_REAL, seconds)

        def __exit__(self, *exc: Any) -> None:
            if self.on:
                signal.setitimer(signal.ITIMER_REAL, 0)
                signal.signal(signal.SIGALRM, self.old)

    return Limit()


def check(case: Case) -> None:
    """Run one case; fail with what happened instead (no error, another error, a vague
    message, or a call that did not return in time)."""
    try:
        with _limit(case.seconds):
            outcome = case.call()
    except TooSlow as e:
        pytest.fail(f"{case.id}: {e} (a bad input must fail fast, not hang)")
    except case.error as e:
        message = str(e).lower()
        missing = [m for m in case.mentions if m.lower() not in message]
        assert not missing, (f"{case.id}: the message does not name {missing}: "
                             f"{type(e).__name__}: {e}")
        return
    except BaseException as e:  # noqa: BLE001 - reported as the wrong kind of error
        pytest.fail(f"{case.id}: expected {_names(case.error)}, got {type(e).__name__}: {e}")
    pytest.fail(f"{case.id}: no error; the call returned {outcome!r:.200}")


def _names(error: Any) -> str:
    errors = error if isinstance(error, tuple) else (error,)
    return " or ".join(e.__name__ for e in errors)


def params(cases: Sequence[Case]) -> Any:
    """``pytest.mark.parametrize`` over cases, with their ids; a case allowed more than the
    default 5 s is marked slow (left out of the quick subset)."""
    return pytest.mark.parametrize("case", [
        pytest.param(c, id=c.id, marks=[pytest.mark.slow] if c.seconds > 5 else [])
        for c in cases])
