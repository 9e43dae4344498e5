"""Work done in a forked process while the build goes on with its own: a build of an archive
lists its events folder and stats every output folder, tens of thousands of system calls
that need nothing the build does meanwhile (reading its records, digesting the inputs), on
a machine with a second core.

The tasks run one after the other in the forked process, each result sent back through a
pipe as its length and its bytes, read in order when the build asks for it. A task may wait
for a message the build sends it later (:class:`Mailbox`: what the build knows only at its
end). Whatever goes wrong there (no fork, a kill, a task's error, a result cut short, the
build gone) leaves the build to do the work itself: a result is only ever a shortcut.
"""

from __future__ import annotations

import contextlib
import io
import os
import weakref
from collections.abc import Callable, Sequence

__all__ = ["Mailbox", "SideProcess"]

_LENGTH = 8
"""Bytes of the length before each result."""


class Mailbox:
    """The messages the build sends a side process's task (:meth:`SideProcess.send`), each
    its length and its bytes: made before the process is forked, read there by
    :meth:`receive`."""

    def __init__(self) -> None:
        self.reading, self.writing = os.pipe()

    def receive(self) -> bytes:
        """The next message (in the side process); EOFError where the build sent none and
        let the side process go (it ended, or dropped it)."""
        head = _read_exactly(self.reading, _LENGTH)
        return _read_exactly(self.reading, int.from_bytes(head, "big"))


class SideProcess:
    """Tasks running in a forked process: :meth:`next` waits for each result in turn."""

    def __init__(self, reading: int, mailbox: Mailbox | None = None) -> None:
        self._pipe: list[io.BufferedReader] = [os.fdopen(reading, "rb")]
        """The pipe, once: closed when dropped, or when this is let go unread."""
        self._mailbox: list[int] = [] if mailbox is None else [mailbox.writing]
        """The mailbox's end the messages are written to, once: closed with the pipe."""
        self._close = weakref.finalize(self, _close_all, self._pipe, self._mailbox)

    @classmethod
    def start(cls, tasks: Sequence[Callable[[], bytes]],
              mailbox: Mailbox | None = None) -> SideProcess | None:
        """``tasks`` begun in another process; None when none can be forked. ``mailbox``:
        the one a task receives the build's messages from (:meth:`send`)."""
        if not hasattr(os, "fork"):
            for descriptor in _ends(mailbox):
                os.close(descriptor)
            return None
        reading, writing = os.pipe()
        try:
            child = os.fork()
        except OSError:
            for descriptor in (reading, writing, *_ends(mailbox)):
                os.close(descriptor)
            return None
        if child == 0:
            if mailbox is not None:
                os.close(mailbox.writing)
            _run(tasks, reading, writing)
        os.close(writing)
        if mailbox is not None:
            os.close(mailbox.reading)
        # The first child only forks the one that works and ends: reaped here at once, so
        # no process is left to reap if this one never asks for the results.
        with contextlib.suppress(ChildProcessError):
            os.waitpid(child, 0)
        return cls(reading, mailbox)

    def send(self, data: bytes) -> bool:
        """``data`` sent to the task waiting in the mailbox; False where it cannot be (no
        mailbox, dropped, or the side process gone)."""
        if not self._mailbox or not self._pipe:
            return False
        message = memoryview(len(data).to_bytes(_LENGTH, "big") + data)
        try:
            while message:
                message = message[os.write(self._mailbox[0], message):]
        except OSError:  # BrokenPipeError: the side process ended
            self.drop()
            return False
        return True

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


def _close_all(pipes: list[io.BufferedReader], mailbox: list[int]) -> None:
    while pipes:
        pipes.pop().close()
    while mailbox:
        with contextlib.suppress(OSError):
            os.close(mailbox.pop())


def _ends(mailbox: Mailbox | None) -> tuple[int, ...]:
    return () if mailbox is None else (mailbox.reading, mailbox.writing)


def _read_exactly(descriptor: int, size: int) -> bytes:
    found = bytearray()
    while len(found) < size:
        chunk = os.read(descriptor, size - len(found))
        if not chunk:
            raise EOFError("the build sent nothing more")
        found += chunk
    return bytes(found)


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
