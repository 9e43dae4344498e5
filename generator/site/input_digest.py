"""What an event folder's input files digest to (cache.py keys an event on it): every file
that may feed a page, by relative name and content, a file taken at its recorded hash while
its size and time are as recorded, and the whole folder taken at its recorded digest while
its stamp and its files' are (input_record.py).
"""

from __future__ import annotations

import hashlib
import os
import stat
from pathlib import Path

from generator.files import open_regular_file
from generator.reading.event_listing import section_inputs
from generator.site.input_record import (
    UNREAD_END,
    EventRecord,
    FileStats,
    event_record,
    folder_stamp,
    recorded_files,
    unchanged_digest,
)

__all__ = ["digest_folder", "event_inputs", "input_files"]

# Files that never feed a page: editor swap and backup files, byte-code.
_IGNORED_SUFFIXES = (".pyc", ".pyo", ".swp", ".swx", ".tmp", "~")
_IGNORED_DIRS = frozenset({"__pycache__"})


def _is_input_name(name: str) -> bool:
    return not name.startswith((".", "#")) and not name.endswith(_IGNORED_SUFFIXES)


def input_files(folder: str, below: str = "") -> list[tuple[str, str]]:
    """Every file under ``folder`` that may feed a page, sorted for a stable digest: its
    name from the folder digested (``below`` it, with "/"), and its path."""
    found: list[tuple[str, str]] = []
    try:
        # One listing of the folder, whose entries tell a link, a folder and a file apart
        # without a stat each (an archive of 1,000 events has 2,000 input files).
        with os.scandir(folder) as listing:
            entries = sorted(listing, key=lambda entry: entry.name)
    except (FileNotFoundError, NotADirectoryError):
        return found
    for entry in entries:
        if not _is_input_name(entry.name):
            continue
        if entry.is_symlink():
            # Digested by its text, never followed: a link to / in an event folder made
            # every build (and serve) walk the whole disk, and the reader refuses a linked
            # file or templates folder whatever it points to (generator/files.py).
            found.append((below + entry.name, entry.path))
        elif entry.is_dir():
            if entry.name not in _IGNORED_DIRS:
                found.extend(input_files(entry.path, f"{below}{entry.name}/"))
        elif entry.is_file():
            found.append((below + entry.name, entry.path))
    return found


def digest_folder(folder: Path, known: FileStats | None = None,
                  seen: FileStats | None = None, *, is_section: bool = True,
                  names: list[str] | None = None) -> str:
    """SHA-256 over the relative names and contents of a folder's input files (or of one file,
    for an event given as a loose TRF file).

    ``known``: the files as an earlier digest saw them; a file with the same size and
    modification time (in nanoseconds) is taken at its recorded hash without being opened,
    so an unchanged event costs a ``stat`` per file. ``seen`` receives every file's stats and
    hash, taken *before* it is read: a file written while it is hashed has another time at
    the next build, which reads it again.

    A file that vanishes while being hashed counts as part of the digest (as missing): the
    digest then differs from the next one taken and the caller reads again.

    ``is_section``: False when the caller knows the folder is no festival's section (its
    slug says so: events.event_slug), which spares looking for a festival.yml above it.
    ``names`` receives the names of the files digested.
    """
    digest = hashlib.sha256()
    # A link to no folder (site.yml linked anywhere, even to nothing) is digested as itself.
    try:
        found = os.lstat(folder)
        is_one_file = not folder.is_dir() if stat.S_ISLNK(found.st_mode) \
            else stat.S_ISREG(found.st_mode)
    except OSError:
        is_one_file = False
    files = [(folder.name, os.fspath(folder))] if is_one_file \
        else input_files(os.fspath(folder))
    if names is not None:
        names.extend(name for name, _path in files)
    for name, path in files:
        # As the file system has it: a name of bytes its encoding does not decode is kept
        # by Python with a lone surrogate, which UTF-8 alone refuses to write.
        digest.update(name.encode("utf-8", "surrogateescape"))
        digest.update(b"\0")
        content = _content_digest(path, name, known, seen)
        digest.update(len(content).to_bytes(8, "big"))
        digest.update(content)
    if not is_one_file and is_section:
        # A festival's section: its pages also show what festival.yml gives it.
        digest.update(section_inputs(folder))
    return digest.hexdigest()


def _content_digest(path: str, name: str, known: FileStats | None,
                    seen: FileStats | None) -> bytes:
    # Each file's own digest, read in chunks: a file of gigabytes (which the reader
    # refuses by its size) must not be read into memory just to be hashed.
    try:
        found = os.lstat(path)  # a file's own stat, unless it is a link
        if stat.S_ISLNK(found.st_mode):  # never followed: its target would be read
            return b"\0<link>\0" + os.fsencode(os.readlink(path))
        recorded = None if known is None else known.get(name)
        if recorded is not None and recorded[:2] == (found.st_size, found.st_mtime_ns):
            content = bytes.fromhex(recorded[2])
        else:
            with open_regular_file(path) as file:
                content = hashlib.file_digest(file, "sha256").digest()
        if seen is not None:
            seen[name] = (found.st_size, found.st_mtime_ns, content.hex())
        return content
    except (OSError, ValueError):
        return b"\0<unreadable>\0"


def event_inputs(path: str, record: EventRecord | None, *, is_section: bool,
                 trusted: int) -> EventRecord:
    """An event folder's entry in the inputs' record, its digest in it: ``record`` itself
    while its folder and files are as it recorded them (input_record.py), else the folder
    digested again, a file of the same size and time as recorded taken unopened, and the
    recorded end date kept where the digest is the recorded one (a file touched, not
    changed: the event need not be read to know it)."""
    stamp = "" if is_section else folder_stamp(path, trusted)
    if unchanged_digest(path, stamp, record) is not None:
        assert record is not None
        return record
    seen: FileStats = {}
    names: list[str] = []
    digest = digest_folder(Path(path), recorded_files(record), seen, is_section=is_section,
                           names=names)
    end = record[3] if record is not None and record[1] == digest else UNREAD_END
    return event_record(stamp, digest, seen, len(names), trusted, end)
