"""Reading a file a user named, which may be anything: a folder, a named pipe, a device.

Opening a named pipe (FIFO) for reading waits until something writes into it, and a device
can be endless (``/dev/zero``) or do something when opened, so the type is checked before
the file is opened, and again on the open file (it may have been swapped in between).
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from io import BufferedReader

__all__ = ["open_regular_file", "read_regular_file"]

_KINDS = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a named pipe (FIFO)"),
    (stat.S_ISSOCK, "a socket"),
    (stat.S_ISCHR, "a device"),
    (stat.S_ISBLK, "a device"),
)


def _refuse_unless_regular(mode: int, path: str | os.PathLike[str]) -> None:
    if stat.S_ISREG(mode):
        return
    kind = next((name for test, name in _KINDS if test(mode)), "not an ordinary file")
    code = errno.EISDIR if stat.S_ISDIR(mode) else errno.EINVAL
    raise OSError(code, f"it is {kind}, not a file", os.fspath(path))


@contextmanager
def open_regular_file(path: str | os.PathLike[str]) -> Iterator[BufferedReader]:
    """An ordinary file opened for reading; OSError for anything else, never a wait.

    The OSError's ``strerror`` says what the path is instead ("it is a named pipe
    (FIFO), not a file"), ready for a diagnostic.
    """
    _refuse_unless_regular(os.stat(path).st_mode, path)
    # O_NONBLOCK: should a pipe be swapped in after the check, opening it does not wait.
    descriptor = os.open(path, os.O_RDONLY | os.O_CLOEXEC | getattr(os, "O_NONBLOCK", 0))
    with open(descriptor, "rb", closefd=True) as file:
        _refuse_unless_regular(os.fstat(descriptor).st_mode, path)
        yield file


def read_regular_file(path: str | os.PathLike[str], *, limit: int | None = None) -> bytes:
    """The bytes of an ordinary file (:func:`open_regular_file`); with ``limit``, at most its
    first ``limit``, so a hostile file of gigabytes is refused by its size unread."""
    with open_regular_file(path) as file:
        return file.read(-1 if limit is None else limit)
