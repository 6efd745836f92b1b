"""Files the grader reads that a submission may have touched: no links, regular files, capped.

A submission is a file in a folder students filled, and the grading process writes its
results and output into a scratch folder; either may hold a symbolic link (to the host's
secrets, to ``/dev/zero``), a FIFO (which blocks whoever opens it) or a huge file where a
notebook was expected. The grader reads them only through :func:`read_regular`, which
opens without following a link and without blocking, takes regular files only and reads
at most a given number of bytes, and puts a changed submission back with :func:`restore`,
which never writes through a link.

Examples
--------
>>> import tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> _ = (folder / "03_x.py").write_text("x = 1")
>>> read_regular(folder / "03_x.py", 100)
b'x = 1'
>>> (folder / "link.py").symlink_to("/etc/hostname")
>>> read_regular(folder / "link.py", 100)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
aisearch.grading.files.RefusedFileError: ... is a symbolic link (to /etc/hostname)
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from aisearch.grading.question import printable

__all__ = ["RefusedFileError", "FileTooLargeError", "read_regular", "read_tail", "restore"]


class RefusedFileError(OSError):
    """A file the grader does not read: a link, or not a regular file (the reason is the
    message)."""


class FileTooLargeError(OSError):
    """A regular file larger than the limit it was read with."""


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def _open(path: Path) -> int:
    """A descriptor of ``path``, a regular file; :class:`RefusedFileError` for a link or anything
    else (a FIFO is opened without blocking, and refused)."""
    path = Path(path)
    if stat.S_ISLNK(os.lstat(path).st_mode):
        try:
            target = os.readlink(path)
        except OSError:
            target = "?"
        raise RefusedFileError(f"{path} is a symbolic link (to {target})")
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0) | \
        getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as e:
        if os.path.islink(path):  # replaced by a link since it was looked at
            raise RefusedFileError(f"{path} is a symbolic link") from None
        raise e
    mode = os.fstat(fd).st_mode
    if not stat.S_ISREG(mode):
        os.close(fd)
        raise RefusedFileError(f"{path} is {_kind(mode)}, not a regular file")
    return fd


def read_regular(path: Path, limit: int) -> bytes:
    """The content of the regular file ``path``, at most ``limit`` bytes.

    Raises
    ------
    RefusedFileError
        For a symbolic link (its target named) or anything but a regular file.
    FileTooLargeError
        For a file larger than ``limit`` bytes (which is not read beyond the limit).
    OSError
        When it cannot be opened or read.
    """
    fd = _open(path)
    with os.fdopen(fd, "rb") as f:
        data = f.read(limit + 1)
    if len(data) > limit:
        raise FileTooLargeError(f"{path} is larger than {limit:,} bytes")
    return data


def read_tail(path: Path, n: int) -> bytes:
    """The last ``n`` bytes of the regular file ``path`` (b"" for anything else)."""
    try:
        fd = _open(path)
    except OSError:
        return b""
    with os.fdopen(fd, "rb") as f:
        size = os.fstat(f.fileno()).st_size
        f.seek(max(0, size - n))
        return f.read(n)


KEPT = ".changed-while-graded"
"""Added to a submission's name for what it held when it was put back (not ``.ipynb`` or
``.py``: never taken for a submission)."""


def _keep_aside(path: Path) -> Path | None:
    """Move the regular file at ``path`` to a free name beside it (``NAME`` + :data:`KEPT`,
    then ``-2``, ``-3`` ...); where it went, or None if there is no regular file to keep."""
    if os.path.islink(path) or not path.is_file():
        return None
    for k in range(1, 1000):
        aside = path.with_name(path.name + KEPT + ("" if k == 1 else f"-{k}"))
        if not os.path.lexists(aside):
            os.rename(path, aside)
            return aside
    raise FileExistsError(f"no free name for a copy of {path}")


def restore(path: Path, raw: bytes) -> str | None:
    """Put ``raw`` back into ``path`` if the file no longer holds it; the warning to report.

    What the file held then is not lost: a regular file is kept beside it, under its name
    with :data:`KEPT` added (a student may have saved newer work while the class was
    graded). A link or anything else put in the file's place is removed, so nothing is ever
    written through a link.

    >>> import tempfile
    >>> f = Path(tempfile.mkdtemp()) / "03_x.py"
    >>> _ = f.write_text("x = 1")
    >>> restore(f, b"x = 1") is None
    True
    >>> _ = f.write_text("x = 2"); print(restore(f, b"x = 1"))  # doctest: +ELLIPSIS
    warning: the submission file was changed while the class was graded; it was restored ...
    >>> f.read_text(), f.with_name("03_x.py.changed-while-graded").read_text()
    ('x = 1', 'x = 2')
    """
    path = Path(path)
    try:
        if read_regular(path, len(raw)) == raw:
            return None
        what = "changed"
    except FileNotFoundError:
        what = "removed"
    except RefusedFileError:
        what = "replaced by a link or a special file"
    except OSError:
        what = "changed"
    kept = None
    try:
        if os.path.lexists(path) and (os.path.islink(path) or not path.is_file()):
            if path.is_dir() and not path.is_symlink():
                raise IsADirectoryError(f"{path} is now a folder")
            os.unlink(path)
        elif what == "changed":
            kept = _keep_aside(path)
        flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0) | \
            getattr(os, "O_CLOEXEC", 0)
        fd = os.open(path, flags, 0o644)
        with os.fdopen(fd, "wb") as f:
            f.write(raw)
    except OSError as e:
        where = f"; what it held then is in {printable(kept.name)}" if kept else ""
        return (f"warning: the submission file was {what} while the class was graded and "
                f"cannot be restored ({printable(e)}); the grade is for what it held before"
                + where)
    where = f" (what it held then is kept in {printable(kept.name)})" if kept else ""
    return (f"warning: the submission file was {what} while the class was graded; it was "
            f"restored to what it held before grading began{where}")
