"""Where the grading process runs: a bubblewrap sandbox when there is one, a supervisor else.

With `bubblewrap <https://github.com/containers/bubblewrap>`_ (``bwrap``; Debian and
Ubuntu package ``bubblewrap``) the grading process sees, of the host's disk, only

- the Python installation (the interpreter and the libraries it loads, the standard
  library, the environment's ``site-packages``; any other copy of ``aisearch`` in them is
  covered by an empty folder),
- the exercise's copy of the package (:mod:`aisearch.grading.stubs`), read-only,
- its scratch folder, holding the submission's copy (the one place it may write),

and besides them only a private ``/tmp`` and ``/dev/shm`` of 64 MiB each, ``/proc`` and a
minimal ``/dev``: no home folder, no other clone of the course, no tests folder, no other
submission. It has its own user namespace, with no capability, also when the grader runs as
root (with root's capabilities a process reaches any file past its mounts), its own process
namespace (when it ends, every process it started ends with it, whatever they did to
escape: a double fork, ``setsid``, a new session) and no network. Its environment is empty
but for what Python needs (:func:`~aisearch.grading.session.child_env`).

Limits, and what they do not cover:

- Memory (``RLIMIT_AS``), CPU time and file size (``RLIMIT_FSIZE``, 64 MiB) are limits *per
  process*. In its user namespace the grading process also caps its processes and threads
  at :data:`~aisearch.grading.child.MAX_PROCESSES` (``RLIMIT_NPROC``), so a submission can
  hold at most that many times the memory limit; when the grader runs as root the kernel
  does not apply that cap (root's processes are exempt, in any namespace), and without
  bubblewrap it is not set (it would count every process of the user). A per-sandbox
  memory total would need a cgroup, which is not set up here.
- The scratch folder is on the host's disk (in the system's temporary folder), bound to the
  grading process's time: a submission can fill it, file by file up to 64 MiB each, until its
  grading ends and the folder is removed.
- The Python installation is readable: whatever is installed there (other packages, their
  data) the submission can read.

Without it (macOS, a machine without the package), the grading process runs under a small
supervisor (:mod:`aisearch.grading.supervise`) that is the *child subreaper* of everything
the submission starts (Linux): when grading ends it kills every descendant, including those
that left the process group. On other systems only the process group is killed. Nothing of
the disk is hidden then: the grading process gets the same copy of the package and an empty
environment, but a submission can read any file the grader's user can (the course's
solutions, a tests folder, the original package).

Set ``AISEARCH_SANDBOX=off`` to run without bubblewrap even when it is installed.

Examples
--------
>>> argv = wrap(["python", "-c", "pass"], Path("/tmp/work"), Path("/tmp/pkg"), tool=None)
>>> argv[1:4]
['-m', 'aisearch.grading.supervise', 'python']
"""

from __future__ import annotations

import functools
import os
import re
import shutil
import subprocess
import sys
import sysconfig
from collections.abc import Iterable
from pathlib import Path

from aisearch.grading.child import TMP_BYTES

__all__ = ["sandbox_tool", "wrap", "python_paths", "Mounts"]

_CORE = ("--die-with-parent", "--unshare-user", "--unshare-pid", "--unshare-net",
         "--unshare-ipc", "--unshare-uts", "--hostname", "grading", "--cap-drop", "ALL",
         "--proc", "/proc")
"""A user namespace of its own and no capability, also when the grader runs as root
(bubblewrap run by root keeps every capability otherwise, and with them the host's disk:
``open_by_handle_at`` reaches any file past the mounts)."""
_SIZED = (*_CORE, "--dev", "/dev", "--size", str(TMP_BYTES), "--tmpfs", "/dev/shm",
          "--remount-ro", "/dev", "--size", str(TMP_BYTES), "--tmpfs", "/tmp")
"""The sandbox: ``/tmp`` and ``/dev/shm`` sized (the host's memory holds them), ``/dev``
read-only."""
_SEALED = ("--disable-userns", *_SIZED)
"""The same, with no user namespace inside it (bubblewrap 0.8 or later): a submission
cannot make one of its own, where it would hold capabilities again."""
_PLAIN = (*_CORE, "--dev", "/dev", "--tmpfs", "/tmp")
"""The sandbox of a bubblewrap too old for ``--size`` (before 0.5): unsized ``/tmp``."""
_SETUID = tuple(a for a in _PLAIN if a not in ("--unshare-user", "--cap-drop", "ALL"))
"""For a grader that is not root, where bubblewrap cannot make a user namespace (a setuid
``bwrap`` on a system without unprivileged ones): bubblewrap drops every capability of a
user that is not root itself."""


class Mounts:
    """What of the host a sandbox shows: folders bound read-only where they are on the host,
    the symbolic links on the way to them, and folders covered by an empty one.

    >>> m = Mounts()
    >>> m.show(Path("/usr/lib"))
    >>> "/usr/lib" in m.args()
    True
    """

    def __init__(self) -> None:
        self.binds: list[Path] = []
        self.links: dict[str, str] = {}
        self.covered: list[Path] = []

    def show(self, path: Path, depth: int = 0) -> None:
        """Show ``path`` (a file or folder), following the host's links on the way to it."""
        path = Path(os.path.normpath(path))
        if depth > 20 or not path.is_absolute():
            return
        parts = path.parts
        for i in range(2, len(parts) + 1):
            prefix = Path(*parts[:i])
            if prefix.is_symlink():
                target = os.readlink(prefix)
                self.links[str(prefix)] = target
                resolved = Path(os.path.normpath(prefix.parent / target))
                self.show(resolved.joinpath(*parts[i:]), depth + 1)
                return
        if path.exists() and path not in self.binds:
            self.binds.append(path)

    def cover(self, folder: Path) -> None:
        """Cover ``folder`` with an empty read-only one."""
        if folder.is_dir() and folder not in self.covered:
            self.covered.append(folder)

    def args(self) -> list[str]:
        """bubblewrap's options for these mounts."""
        out: list[str] = []
        shown: list[Path] = []
        for path in sorted(self.binds, key=lambda p: len(p.parts)):
            if any(path.is_relative_to(s) for s in shown):
                continue
            shown.append(path)
            out += ["--ro-bind", str(path), str(path)]
        for link, target in sorted(self.links.items()):
            if not any(Path(link).is_relative_to(s) for s in shown):
                out += ["--symlink", target, link]
        for folder in self.covered:
            out += ["--tmpfs", str(folder), "--remount-ro", str(folder)]
        return out


def _libraries(files: Iterable[Path]) -> set[Path]:
    """The shared libraries ``files`` load, as ``ldd`` lists them (empty without ``ldd``)."""
    ldd = shutil.which("ldd")
    found: set[Path] = set()
    names = [str(f) for f in files]
    for i in range(0, len(names), 50):
        try:
            out = subprocess.run([ldd, *names[i:i + 50]], capture_output=True, text=True,
                                 timeout=60).stdout if ldd else ""
        except (OSError, subprocess.SubprocessError):
            out = ""
        for m in re.finditer(r"(?:=>\s*)?(/[^\s()]+)\s+\(0x", out):
            found.add(Path(m.group(1)))
    return found


@functools.lru_cache(maxsize=1)
def python_paths() -> Mounts:
    """The Python installation, as the grading process needs it: the environment and the
    installation it is made from, the interpreter, the libraries they load, and empty
    folders over any copy of ``aisearch`` installed there.

    >>> mounts = python_paths()
    >>> any(Path(sys.prefix).resolve().is_relative_to(p) or p == Path(sys.prefix)
    ...     for p in mounts.binds)
    True
    """
    mounts = Mounts()
    prefixes = {sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix}
    for prefix in sorted(prefixes):
        mounts.show(Path(prefix))
    mounts.show(Path(sys.executable))
    paths = sysconfig.get_paths()
    for key in ("stdlib", "platstdlib", "purelib", "platlib"):
        if key in paths:
            mounts.show(Path(paths[key]))
    site_dirs = [Path(p) for p in sys.path if p and Path(p).is_dir()
                 and any(Path(p).resolve().is_relative_to(Path(x).resolve()) for x in prefixes)]
    dynload = [Path(paths["platstdlib"]) / "lib-dynload"]
    so_files = [f for d in dynload if d.is_dir() for f in d.glob("*.so")]
    for lib in _libraries([Path(sys.executable).resolve(), *so_files]):
        mounts.show(lib.parent)
    # other copies of the package (an installed course, a second clone's editable install)
    for prefix in prefixes:
        for folder in [*Path(prefix).glob("lib/python3*/site-packages"),
                       *Path(prefix).glob("lib/python3*/dist-packages"), *site_dirs]:
            for name in ("aisearch",):
                if (folder / name).is_dir():
                    mounts.cover(folder / name)
    return mounts


@functools.lru_cache(maxsize=4)
def _base_for(path: str) -> tuple[str, ...] | None:
    """The sandbox options ``path`` (a ``bwrap``) runs with: sealed if it can, else
    sized, else plain (else, for a grader that is not root, without a user namespace);
    None if it runs none of them (then there is no sandbox)."""
    python = python_paths().args()
    for base in (_SEALED, _SIZED, _PLAIN, *((_SETUID,) if os.geteuid() != 0 else ())):
        try:
            done = subprocess.run(
                [path, *base, *python, "--", sys.executable, "-S", "-c", "pass"],
                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                timeout=30, env={"PATH": "/usr/bin:/bin"})
        except (OSError, subprocess.SubprocessError):
            return None
        if done.returncode == 0:
            return base
    return None


def sandbox_tool() -> str | None:
    """The path of a working ``bwrap``, or None (not installed, not permitted here, or
    ``AISEARCH_SANDBOX=off``).

    >>> sandbox_tool() is None or sandbox_tool().endswith("bwrap")
    True
    """
    if os.environ.get("AISEARCH_SANDBOX", "").lower() in ("off", "0", "no"):
        return None
    path = shutil.which("bwrap")
    return path if path and _base_for(path) is not None else None


def wrap(argv: list[str], work: Path, package: Path, *, tool: str | None = None) -> list[str]:
    """The command that runs ``argv`` contained: in ``bwrap`` (``tool``) seeing only the
    Python installation, ``package`` (read-only) and ``work`` (its scratch folder, the one
    place it writes), or under the supervisor.

    Parameters
    ----------
    argv : list of str
        The grading process's command.
    work : Path
        Its scratch folder (the submission's copy).
    package : Path
        The folder holding the exercise's copy of ``aisearch``.
    tool : str or None
        ``bwrap``'s path (see :func:`sandbox_tool`), or None for the supervisor.
    """
    if not isinstance(argv, list) or not all(isinstance(a, str) for a in argv):
        raise TypeError(f"wrap needs the command as a list of str, not {argv!r:.80}")
    if tool is None:
        return [sys.executable, "-m", "aisearch.grading.supervise", *argv]
    work, package = Path(work).resolve(), Path(package).resolve()
    out = [tool, *(_base_for(tool) or _PLAIN), *python_paths().args()]
    out += ["--ro-bind", str(package), str(package), "--bind", str(work), str(work),
            "--chdir", str(work), "--", *argv]
    return out
