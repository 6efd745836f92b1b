"""Where the grading process runs: a bubblewrap sandbox when there is one, a supervisor else.

With `bubblewrap <https://github.com/containers/bubblewrap>`_ (``bwrap``; Debian and
Ubuntu package ``bubblewrap``) the grading process gets its own process namespace (when it
ends, every process it started ends with it, whatever they did to escape: a double fork,
``setsid``, a new session), no network, the whole file system read-only except its scratch
folder and a private ``/tmp``, and empty folders in place of the course's ``solutions/``
and ``tests/`` and of the folders holding the submissions being graded.

Without it (macOS, a machine without the package), the grading process runs under a small
supervisor (:mod:`aisearch.grading.supervise`) that is the *child subreaper* of everything
the submission starts (Linux): when grading ends it kills every descendant, including those
that left the process group. On other systems only the process group is killed.

Set ``AISEARCH_SANDBOX=off`` to run without bubblewrap even when it is installed.

Examples
--------
>>> argv = wrap(["python", "-c", "pass"], Path("/tmp/work"), [], tool=None)
>>> argv[1:4]
['-m', 'aisearch.grading.supervise', 'python']
"""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path

__all__ = ["sandbox_tool", "wrap", "hidden_folders"]


@functools.lru_cache(maxsize=1)
def _bwrap_works(path: str) -> bool:
    try:
        done = subprocess.run(
            [path, *_BASE, "--", "/bin/sh", "-c", "exit 0"], stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=20)
    except (OSError, subprocess.SubprocessError):
        return False
    return done.returncode == 0


_BASE = ["--die-with-parent", "--unshare-pid", "--unshare-net", "--unshare-ipc",
         "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--tmpfs", "/tmp"]


def sandbox_tool() -> str | None:
    """The path of a working ``bwrap``, or None (not installed, not permitted here, or
    ``AISEARCH_SANDBOX=off``).

    >>> sandbox_tool() is None or sandbox_tool().endswith("bwrap")
    True
    """
    if os.environ.get("AISEARCH_SANDBOX", "").lower() in ("off", "0", "no"):
        return None
    path = shutil.which("bwrap")
    return path if path and _bwrap_works(path) else None


def hidden_folders(submissions: Iterable[Path]) -> list[Path]:
    """Folders the grading process must not see: the course's ``solutions/`` and ``tests/``
    next to the package, and the folders of the submissions (the originals: the child
    grades a copy), except folders that hold the package itself.

    >>> Path(__file__).parents[2] in hidden_folders([])
    False
    """
    root = Path(__file__).resolve().parents[2]
    package = Path(__file__).resolve().parents[1]
    found = [root / "solutions", root / "tests"]
    found += [Path(p).resolve().parent for p in submissions]
    out: list[Path] = []
    for folder in found:
        if not folder.is_dir() or folder in out:
            continue
        if package.is_relative_to(folder) or Path(sys.prefix).resolve().is_relative_to(folder):
            continue  # hiding it would hide the grader itself
        out.append(folder)
    return out


def wrap(argv: list[str], work: Path, hide: Iterable[Path], *, tool: str | None = None,
         keep: Iterable[Path] = ()) -> list[str]:
    """The command that runs ``argv`` contained: in ``bwrap`` (``tool``) with only ``work``
    writable and ``hide`` replaced by empty folders, or under the supervisor.

    Parameters
    ----------
    argv : list of str
        The grading process's command.
    work : Path
        Its scratch folder (the submission's copy, the results file).
    hide : iterable of Path
        Folders to hide (see :func:`hidden_folders`); ``work`` must not lie inside one.
    tool : str or None
        ``bwrap``'s path (see :func:`sandbox_tool`), or None for the supervisor.
    keep : iterable of Path
        Folders the grading process reads (the question tests): visible whatever is hidden.
    """
    if not isinstance(argv, list) or not all(isinstance(a, str) for a in argv):
        raise TypeError(f"wrap needs the command as a list of str, not {argv!r:.80}")
    if tool is None:
        return [sys.executable, "-m", "aisearch.grading.supervise", *argv]
    keep = [Path(k).resolve() for k in keep]
    out = [tool, *_BASE]
    # the package, the Python environment and the tests stay visible even under /tmp
    for folder in dict.fromkeys([Path(__file__).resolve().parents[2],
                                 Path(sys.prefix).resolve(), *keep]):
        out += ["--ro-bind", str(folder), str(folder)]
    for folder in hide:
        folder = Path(folder).resolve()
        if not Path(work).resolve().is_relative_to(folder) and not any(
                k.is_relative_to(folder) for k in keep):
            out += ["--tmpfs", str(folder)]
    out += ["--bind", str(work), str(work), "--chdir", str(work), "--", *argv]
    return out
