"""Where the grading process runs: a bubblewrap sandbox when there is one, a supervisor else.

With `bubblewrap <https://github.com/containers/bubblewrap>`_ (``bwrap``; Debian and
Ubuntu package ``bubblewrap``) the grading process gets its own process namespace (when it
ends, every process it started ends with it, whatever they did to escape: a double fork,
``setsid``, a new session), no network, the whole file system read-only except its scratch
folder, a private ``/tmp`` and ``/dev/shm`` of 64 MiB each, and, in place of what only the
grader may read, empty read-only folders (the course's ``solutions/``, ``tests/`` and
``.git``, the folders holding the submissions being graded) and unreadable files (each
exercise's ``bugs.py``, its right answers and known bugs, and the compiled modules beside
it; see :func:`hidden_paths`).

Limits, and what they do not cover:

- Memory (``RLIMIT_AS``), CPU time and file size (``RLIMIT_FSIZE``, 64 MiB) are limits *per
  process*. In a user namespace of its own (bubblewrap run by a user other than root) the
  grading process also caps its processes and threads at
  :data:`~aisearch.grading.child.MAX_PROCESSES` (``RLIMIT_NPROC``), so a submission can hold
  at most that many times the memory limit; as root the kernel does not apply that cap, and
  without bubblewrap it is not set (it would count every process of the user). A per-sandbox
  memory total would need a cgroup, which is not set up here.
- The scratch folder is on the host's disk (in the system's temporary folder), bound to the
  grading process's time: a submission can fill it, file by file up to 64 MiB each, until its
  grading ends and the folder is removed.
- Other copies of the course on the machine (another clone, an installed copy in a
  ``site-packages`` other than the one grading) are not hidden.

Without it (macOS, a machine without the package), the grading process runs under a small
supervisor (:mod:`aisearch.grading.supervise`) that is the *child subreaper* of everything
the submission starts (Linux): when grading ends it kills every descendant, including those
that left the process group. On other systems only the process group is killed. Nothing is
hidden then: the grading process does not import ``bugs.py``, but the submission could read
it, the solutions and the repository.

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

from aisearch.grading.child import TMP_BYTES

__all__ = ["sandbox_tool", "wrap", "hidden_folders", "hidden_paths"]

_CORE = ["--die-with-parent", "--unshare-pid", "--unshare-net", "--unshare-ipc",
         "--ro-bind", "/", "/", "--proc", "/proc"]
_SIZED = [*_CORE, "--dev", "/dev", "--size", str(TMP_BYTES), "--tmpfs", "/dev/shm",
          "--remount-ro", "/dev", "--size", str(TMP_BYTES), "--tmpfs", "/tmp"]
"""The sandbox: ``/tmp`` and ``/dev/shm`` sized (the host's memory holds them), ``/dev``
read-only."""
_PLAIN = [*_CORE, "--dev", "/dev", "--tmpfs", "/tmp"]
"""The sandbox of a bubblewrap too old for ``--size`` (before 0.5): unsized ``/tmp``."""
_BASE = _SIZED


@functools.lru_cache(maxsize=4)
def _base_for(path: str) -> tuple[str, ...] | None:
    """The sandbox options ``path`` (a ``bwrap``) runs with: sized if it can, else plain."""
    for base in (_SIZED, _PLAIN):
        try:
            done = subprocess.run(
                [path, *base, "--", "/bin/sh", "-c", "exit 0"], stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=20)
        except (OSError, subprocess.SubprocessError):
            return None
        if done.returncode == 0:
            return tuple(base)
    return None


def _bwrap_works(path: str) -> bool:
    return _base_for(path) is not None


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


def _git_folders(root: Path) -> list[Path]:
    """The repository's ``.git`` folder (which holds every version of the solutions), or,
    in a worktree whose ``.git`` is a file, the folders it points to."""
    git = root / ".git"
    if git.is_dir():
        return [git]
    out: list[Path] = []
    try:
        text = git.read_text(encoding="utf-8", errors="replace")[:4096]
    except OSError:
        return out
    if text.startswith("gitdir:"):
        gitdir = (root / text[len("gitdir:"):].strip()).resolve()
        out.append(gitdir)
        try:
            common = (gitdir / "commondir").read_text(encoding="utf-8").strip()
            out.append((gitdir / common).resolve())
        except OSError:
            pass
    return out


def hidden_folders(submissions: Iterable[Path]) -> list[Path]:
    """Folders the grading process must not see: the course's ``solutions/``, ``tests/`` and
    ``.git`` next to the package, and the folders of the submissions (the originals: the
    child grades a copy), except folders that hold the package itself.

    >>> Path(__file__).parents[2] in hidden_folders([])
    False
    """
    root = Path(__file__).resolve().parents[2]
    package = Path(__file__).resolve().parents[1]
    found = [root / "solutions", root / "tests", *_git_folders(root)]
    # the folder holding each submission, not the one a link points into (a link to
    # /dev/zero must not hide /dev)
    found += [Path(os.path.abspath(p)).parent.resolve() for p in submissions]
    out: list[Path] = []
    for folder in found:
        if not folder.is_dir() or folder in out:
            continue
        if package.is_relative_to(folder) or Path(sys.prefix).resolve().is_relative_to(folder):
            continue  # hiding it would hide the grader itself
        out.append(folder)
    return out


def hidden_paths(submissions: Iterable[Path]) -> list[Path]:
    """Everything the grading process must not see: :func:`hidden_folders`, and the files
    only the grader reads (:func:`~aisearch.grading.withheld.grader_only_paths`).

    >>> any(p.name == "bugs.py" for p in hidden_paths([]))
    True
    """
    from aisearch.grading.withheld import grader_only_paths

    folders = hidden_folders(submissions)
    files = [p for p in grader_only_paths()
             if not any(p.resolve().is_relative_to(f) for f in folders)]
    return folders + files


def wrap(argv: list[str], work: Path, hide: Iterable[Path], *, tool: str | None = None,
         keep: Iterable[Path] = ()) -> list[str]:
    """The command that runs ``argv`` contained: in ``bwrap`` (``tool``) with only ``work``
    writable, the folders of ``hide`` replaced by empty read-only folders and its files made
    unreadable, or under the supervisor.

    Parameters
    ----------
    argv : list of str
        The grading process's command.
    work : Path
        Its scratch folder (the submission's copy, the results file).
    hide : iterable of Path
        Folders and files to hide (see :func:`hidden_paths`); ``work`` must not lie inside
        one.
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
    out = [tool, *(_base_for(tool) or _PLAIN)]
    # the package, the Python environment and the tests stay visible even under /tmp
    for folder in dict.fromkeys([Path(__file__).resolve().parents[2],
                                 Path(sys.prefix).resolve(), *keep]):
        out += ["--ro-bind", str(folder), str(folder)]
    hidden: list[Path] = []
    for path in sorted({Path(p).resolve() for p in hide}, key=lambda p: len(p.parts)):
        if any(path.is_relative_to(h) for h in hidden):
            continue  # inside a folder already hidden
        if path.is_dir():
            if not Path(work).resolve().is_relative_to(path) and not any(
                    k.is_relative_to(path) for k in keep):
                out += ["--tmpfs", str(path), "--remount-ro", str(path)]
                hidden.append(path)
        elif path.is_file():
            out += ["--ro-bind", os.devnull, str(path)]  # reading it is refused
    out += ["--bind", str(work), str(work), "--chdir", str(work), "--", *argv]
    return out
