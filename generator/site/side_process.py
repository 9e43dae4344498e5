"""Work done in a forked process while the build goes on with its own: a build of an archive
lists its events folder and stats every output folder, tens of thousands of system calls
that need nothing the build does meanwhile (reading its records, digesting the inputs), on
a machine with a second core.

The tasks run one after the other in the forked process, each result sent back through a
pipe as its length and its bytes, read in order when the build asks for it. Whatever goes
wrong there (no fork, a kill, a task's error, a result cut short) leaves the build to do the
work itself: a result is only ever a shortcut.
"""

from __future__ import annotations

import contextlib
import io
import os
import weakref
from collections.abc import Callable, Sequence

__all__ = ["SideProcess"]

_LENGTH = 8
"""Bytes of the length before each result."""


class SideProcess:
    """Tasks running in a forked process: :meth:`next` waits for each result in turn."""

    def __init__(self, reading: int) -> None:
        self._pipe: list[io.BufferedReader] = [os.fdopen(reading, "rb")]
        """The pipe, once: closed when dropped, or when this is let go unread."""
        self._close = weakref.finalize(self, _close_all, self._pipe)

    @classmethod
    def start(cls, tasks: Sequence[Callable[[], bytes]]) -> SideProcess | None:
        """``tasks`` begun in another process; None when none can be forked."""
        if not hasattr(os, "fork"):
            return None
        reading, writing = os.pipe()
        try:
            child = os.fork()
        except OSError:
            os.close(reading)
            os.close(writing)
            return None
        if child == 0:
            _run(tasks, reading, writing)
        os.close(writing)
        # The first child only forks the one that works and ends: reaped here at once, so
        # no process is left to reap if this one never asks for the results.
        with contextlib.suppress(ChildProcessError):
            os.waitpid(child, 0)
        return cls(reading)

    def next(self) -> bytes | None:
        """The next task's result; None when the process failed before giving it (the
        caller does the work itself), and for every task after it."""
        if not self._pipe:
            return None
        pipe = self._pipe[0]
        try:
            head = pipe.read(_LENGTH)
            size = int.from_bytes(head, "big")
            data = pipe.read(size) if len(head) == _LENGTH else b""
            if len(head) == _LENGTH and len(data) == size:
                return data
        except OSError:
            pass
        self.drop()
        return None

    def drop(self) -> None:
        """The results not wanted: the pipe closed, which ends the process if it is still
        writing."""
        self._close()


def _close_all(pipes: list[io.BufferedReader]) -> None:
    while pipes:
        pipes.pop().close()


def _run(tasks: Sequence[Callable[[], bytes]], reading: int, writing: int) -> None:
    code = 1
    try:
        os.close(reading)
        if os.fork() != 0:  # the first child ends at once: the second is nobody's to reap
            code = 0
            return
        with os.fdopen(writing, "wb") as pipe:
            for task in tasks:
                data = task()
                pipe.write(len(data).to_bytes(_LENGTH, "big") + data)
                pipe.flush()  # this result read while the next is worked out
        code = 0
    except BaseException:  # any failure: the parent does the work itself
        code = 1
    finally:
        os._exit(code)
