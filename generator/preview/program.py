"""The program digest of ``standings serve``, taken again only when its files may have moved.

Every refresh must know whether what renders every page (the templates, a club's override,
the explanations, the catalogues, site.yml and its logo) changed, since a change there
renders every event again. Hashing those few hundred files took 20-40 ms, the largest part
of an edit's rebuild at 300 players. Their names, sizes and times tell the same in a few
milliseconds, as ``git status`` tells a modified file from its index, and with git's rule
for a file written in the same instant as it was looked at ("racily clean"): a file whose
time is not safely older than the last look cannot be vouched for by it, so the digest is
taken again until it is.

The day of the build is not in the program's digest (``standings build`` keys an event by
whether its end date is still ahead: cache.py), but serve, which reads an event only once
its key tells it to, keeps it in its own (:func:`of_the_day`): on a new day every event is
read and rendered again, once.
"""

from __future__ import annotations

import hashlib
import os
import stat
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from generator.clock import build_date
from generator.site.cache_keys import program_digest

RACY_NS = 2_000_000_000
"""A file changed less than this long before a look may change again within the same tick
of the file system's clock (coarse on most of them) with the same size: until it is older,
each refresh digests the files again."""

_FileState = tuple[str, int, int, int, int, int] | tuple[str]
"""A file's path, size, modification and change times, inode and mode; its path alone
when it could not be looked at."""


@dataclass(slots=True, kw_only=True)
class ProgramDigest:
    """:func:`~generator.site.cache_keys.program_digest` of some folders and files, kept while
    none of them changed."""

    digest_files: Callable[[Sequence[Path]], str] = program_digest
    racy_ns: int = RACY_NS
    _names: tuple[str, ...] = ()
    _files: tuple[_FileState, ...] | None = None
    _digest: str = ""
    _vouched: bool = False

    def of(self, inputs: Sequence[Path]) -> str:
        """The program digest of ``inputs`` (folders, or single files such as site.yml)."""
        now = time.time_ns()
        # The inputs' names are part of the digest (an empty templates folder appearing
        # is a new input).
        names = tuple(map(str, inputs))
        files = tuple(_file_states(inputs))
        if not (self._vouched and names == self._names and files == self._files):
            self._digest = self.digest_files(inputs)
            self._names, self._files = names, files
            newest = max((max(state[2], state[3]) for state in files if len(state) > 1),
                         default=0)
            self._vouched = newest < now - self.racy_ns
        return self._digest


def of_the_day(program: str) -> str:
    """``program`` (a program digest) with the day of the build, as serve keys its events:
    an event whose end date is still ahead is not over."""
    return hashlib.sha256(f"{program}\0{build_date().isoformat()}".encode()).hexdigest()


def _file_states(inputs: Sequence[Path]) -> Iterator[_FileState]:
    """Every file under the inputs (links not followed), editor and bytecode files too: a
    superset of what the digest reads, so that no change to it goes unseen."""
    for place in inputs:
        try:
            status = os.lstat(place)
        except OSError:
            yield (str(place),)
            continue
        if stat.S_ISDIR(status.st_mode):
            yield from _folder_states(str(place))
        else:
            yield _state(str(place), status)


def _folder_states(folder: str) -> Iterator[_FileState]:
    try:
        with os.scandir(folder) as listing:
            entries = sorted(listing, key=lambda entry: entry.name)
    except OSError:
        yield (folder,)
        return
    for entry in entries:
        if entry.is_dir(follow_symlinks=False):
            if entry.name != "__pycache__":
                yield from _folder_states(entry.path)
            continue
        try:
            yield _state(entry.path, entry.stat(follow_symlinks=False))
        except OSError:
            yield (entry.path,)


def _state(path: str, status: os.stat_result) -> _FileState:
    return (path, status.st_size, status.st_mtime_ns, status.st_ctime_ns, status.st_ino,
            status.st_mode)
