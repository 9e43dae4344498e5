"""The output's folders checked against their stamps in a side process (side_process.py),
while the build digests the events' inputs.

A build of an archive asks both of every event: are its input files as recorded (a stat of
its folder and of each file, input_record.py), and are its pages all still there (a stat of
each of its output folders, stored_files.py ``stamps_hold``). At 10,000 events that is some
60,000 stats, and the two halves need nothing of each other: the side process reads the
output's stamps from the inputs' record itself, and its answers come back as one byte a
stamp, after the hash of the list of stamps they answer, so that the build uses them only
for the very stamps it read.

The answers are taken before the output's lock (the inputs are digested before it too):
they stand only where the manifest found under the lock is the very one read before it,
with no journal of a build cut short (cache.py ``adopt``), that is where no build wrote in
the output meanwhile.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from generator.site.side_process import SideProcess
from generator.site.stored_files import FolderStamps, stamps_hold

__all__ = ["FolderCheck", "checked_stamps"]

_HOLDS, _CHANGED = b"1", b"0"


def checked_stamps(out_dir: Path, stamps: Iterable[FolderStamps],
                   answers: dict[FolderStamps, bool] | None = None) -> bytes:
    """The side process's task: each distinct stamp checked, after the digest of their
    list (:class:`FolderCheck` reads them); ``answers``: given each answer, for the side
    process's later tasks."""
    distinct = _distinct(stamps)
    held = [stamps_hold(out_dir, each) for each in distinct]
    if answers is not None:
        answers.update(zip(distinct, held, strict=True))
    return _digest(distinct) + bytes(_HOLDS[0] if holds else _CHANGED[0] for holds in held)


class FolderCheck:
    """The answers a side process gives for the stamps of a build (:func:`checked_stamps`)."""

    def __init__(self, side: SideProcess, stamps: Iterable[FolderStamps]) -> None:
        self._side: SideProcess | None = side
        self._stamps = _distinct(stamps)

    def answers(self) -> dict[FolderStamps, bool]:
        """Whether each stamp holds (its folders are as recorded); empty when the side
        process failed, answered other stamps, and after the first call."""
        side, self._side = self._side, None
        data = None if side is None else side.next()
        digest = _digest(self._stamps)
        if data is None or data[:len(digest)] != digest \
                or len(data) != len(digest) + len(self._stamps):
            return {}
        answers = data[len(digest):]
        return {stamps: answers[at] == _HOLDS[0] for at, stamps in enumerate(self._stamps)}

    def drop(self) -> None:
        """The answers not wanted (the output changed under them)."""
        if self._side is not None:
            self._side.drop()
            self._side = None


def _distinct(stamps: Iterable[FolderStamps]) -> list[FolderStamps]:
    """Each stamp once, in the order of the record (which the two processes read alike)."""
    return [each for each in dict.fromkeys(stamps) if each]


def _digest(stamps: list[FolderStamps]) -> bytes:
    """What tells the list the side process answered from the build's own: the hash of
    their tuple, which the forked process makes as the build does (one secret of the
    hashes), rather than a digest of their 2 MB of text (5 ms at 10,000 events with the
    list sorted). Another build's record read between the two has other stamps."""
    return hash(tuple(stamps)).to_bytes(8, "big", signed=True)
