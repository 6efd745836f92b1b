"""Run a command and, when it ends, end every process it started (Linux child subreaper).

``python -m aisearch.grading.supervise CMD ...`` makes itself the *child subreaper* of its
descendants (``prctl(PR_SET_CHILD_SUBREAPER)``): a process the command starts and then
abandons (a double fork, ``setsid``) becomes the supervisor's child instead of init's. When
the command exits, or when the supervisor is told to stop (SIGTERM, SIGINT, SIGHUP), it
kills the command's process group and every process that became its child, until none is
left, then exits with the command's status. Elsewhere than Linux only the command's process
group is killed.

Used by :func:`aisearch.grading.sandbox.wrap` when bubblewrap is not available.
"""

from __future__ import annotations

import ctypes
import os
import signal
import subprocess
import sys
import time

__all__ = ["main", "descendants_killed"]

PR_SET_CHILD_SUBREAPER = 36


def _subreaper() -> bool:
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


def _children() -> list[int]:
    me, out = os.getpid(), []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as f:
                stat = f.read()
        except OSError:
            continue
        fields = stat[stat.rfind(b")") + 2:].split()
        if len(fields) > 1 and int(fields[1]) == me:
            out.append(int(entry))
    return out


def descendants_killed(group: int | None = None) -> int:
    """Kill ``group`` and every child of this process, again and again until none is left
    (orphans of killed processes come back as children); return how many were killed."""
    if group is not None:
        try:
            os.killpg(group, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
    killed = 0
    for _ in range(1000):
        pids = _children() if os.path.isdir("/proc") else []
        if not pids:
            break
        for pid in pids:
            try:
                os.kill(pid, signal.SIGKILL)
                killed += 1
            except ProcessLookupError:
                pass
        for pid in pids:
            try:
                os.waitpid(pid, 0)
            except ChildProcessError:
                pass
        time.sleep(0.01)
    return killed


def main(argv: list[str] | None = None) -> int:
    """Run ``argv`` (default: this process's arguments) supervised; its exit status."""
    argv = sys.argv[1:] if argv is None else argv
    if not argv:
        print("usage: python -m aisearch.grading.supervise CMD [ARGS...]", file=sys.stderr)
        return 2
    _subreaper()
    stop = {"now": False}

    def ask_stop(signum: int, frame: object) -> None:
        stop["now"] = True

    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(sig, ask_stop)
    proc = subprocess.Popen(argv, start_new_session=True, close_fds=False)  # the channel's pipes
    status: int | None = None
    while status is None and not stop["now"]:
        try:
            status = proc.wait(timeout=0.05)
        except subprocess.TimeoutExpired:
            pass
    descendants_killed(proc.pid)
    if status is None:
        proc.wait()
        status = proc.returncode
    return status if status >= 0 else 128 - status


if __name__ == "__main__":
    sys.exit(main())
