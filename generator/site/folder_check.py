"""The output's folders checked against their stamps in a second process, while the first
digests the events' inputs.

A build of an archive asks both of every event: are its input files as recorded (a stat of
its folder and of each file, input_record.py), and are its pages all still there (a stat of
each of its output folders, stored_files.py ``stamps_hold``). At 10,000 events that is some
60,000 stats, a fifth of a one-change build, and the two halves need nothing of each other:
the output's stamps are in the inputs' record, read first. So the second half runs in a
forked process on the machine's other core, and its answers come back through a pipe as
one byte a stamp.

The process is forked before the output's lock is taken (the inputs are digested before
it too): its answers are used only where the manifest found under the lock is the very one
read before it, with no journal of a build cut short (cache.py ``adopt``), that is where no
build wrote in the output meanwhile. Any failure of the helper (no fork, a kill, a short
answer) leaves the caller to check the stamps itself, as it did before.
"""

from __future__ import annotations

import contextlib
import os
import weakref
from collections.abc import Iterable
from pathlib import Path

from generator.site.stored_files import FolderStamps, stamps_hold

__all__ = ["FORK_FROM", "FolderCheck"]

FORK_FROM = 2_000
"""Distinct stamps from which a process is forked for them: below it, a fork (a few
milliseconds for a build's memory) costs more than the stats it spares."""

_HOLDS, _CHANGED = b"1", b"0"


class FolderCheck:
    """Stamps being checked in a forked process: :meth:`answers` waits for them."""

    def __init__(self, reading: int, stamps: list[FolderStamps]) -> None:
        self._reading: int | None = reading
        self._stamps = stamps
        self._close = weakref.finalize(self, os.close, reading)

    @classmethod
    def start(cls, out_dir: Path, stamps: Iterable[FolderStamps]) -> FolderCheck | None:
        """The check of each distinct stamp begun in another process; None when there are
        too few to be worth one, or no process can be forked (the caller checks them)."""
        distinct = sorted({each for each in stamps if each})
        if len(distinct) < FORK_FROM or not hasattr(os, "fork"):
            return None
        reading, writing = os.pipe()
        try:
            child = os.fork()
        except OSError:
            os.close(reading)
            os.close(writing)
            return None
        if child == 0:
            _answer(out_dir, distinct, reading, writing)
        os.close(writing)
        # The first child only forks the one that checks and ends: reaped here at once, so
        # no process is left to reap if this one never asks for the answers.
        with contextlib.suppress(ChildProcessError):
            os.waitpid(child, 0)
        return cls(reading, distinct)

    def answers(self) -> dict[FolderStamps, bool]:
        """Whether each stamp holds (its folders are as recorded); empty when the helper
        failed, and after the first call."""
        reading, self._reading = self._reading, None
        if reading is None:
            return {}
        self._close.detach()
        try:
            with os.fdopen(reading, "rb") as pipe:
                data = pipe.read()  # to the end: the helper has ended
        except OSError:
            return {}
        if len(data) != len(self._stamps) or data.strip(_HOLDS + _CHANGED):
            return {}  # cut short: the helper was killed, or failed
        return {stamps: data[at] == _HOLDS[0] for at, stamps in enumerate(self._stamps)}

    def drop(self) -> None:
        """The answers not wanted (the output changed under them): the pipe closed, which
        ends the helper if it is still writing."""
        self._reading = None
        self._close()


def _answer(out_dir: Path, stamps: list[FolderStamps], reading: int,
            writing: int) -> None:
    code = 1
    try:
        os.close(reading)
        if os.fork() != 0:  # the first child ends at once: the second is nobody's to reap
            code = 0
            return
        answers = bytes(_HOLDS[0] if stamps_hold(out_dir, each) else _CHANGED[0]
                        for each in stamps)
        with os.fdopen(writing, "wb") as pipe:
            pipe.write(answers)
        code = 0
    except BaseException:  # any failure: the parent checks the stamps itself
        code = 1
    finally:
        os._exit(code)
