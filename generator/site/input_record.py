"""The record of a build's inputs as this machine last saw them (cache.py's
:data:`~generator.site.cache.INPUTS_NAME`): each event folder's stamp, digest and files, and
each unit's output folders' stamps. Kept as a few strings an entry, so that ten thousand
events are read and written again in a few tens of milliseconds: an entry is split only
when its event or unit is looked at, and one that did not change is written back as it was
read, never taken apart.

An event's entry is ``(folder, digest, files, end)``: ``folder`` its folder's inode and
modification time, or empty when the folder alone cannot vouch for its files (a festival's
section, a sub-folder, a link, a file changed just before the digest); ``digest`` the folder's
digest (cache.py's ``digest_folder``); ``files`` each input file's name, size, modification
time and SHA-256, joined by NULs (no name holds one); ``end`` the event's end date as the
last build read it from the inputs of that digest (:data:`UNREAD_END` when none did). While
the folder's stamp is the same, no file was added, removed or replaced in it, so a ``stat``
of each recorded file tells the event unchanged without listing its folder or opening a file.

The end date is kept because it is all a page takes of the day of the build (whether it is
still ahead: the event is not over, reading/assembly.py), so that the build keys an unread
event on that alone (cache.py ``BuildCache.prepare``), and a new day renders only the events
it has ended.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Mapping
from dataclasses import dataclass, field
from itertools import chain
from pathlib import Path

from generator.files import open_regular_file
from generator.site.manifest import MANIFEST_DIR, MANIFEST_FORMAT, record_bytes, record_data

__all__ = ["INPUTS_NAME", "INPUTS_PATH", "RACY_NANOSECONDS", "UNREAD_END", "EventRecord",
           "FileStats", "InputsRecord", "event_record", "folder_stamp", "inputs_json",
           "load_inputs", "recorded_files", "unchanged_digest"]

INPUTS_NAME = ".standings-cache-inputs.json"
"""Each event's input files as the last build saw them (this module's record), in the
manifest's folder (:data:`INPUTS_PATH`): the sizes and modification times that let a build
know an event unchanged without opening its files. Apart from the manifest because times
differ between two copies of one project, which build the same manifest; this file is
theirs alone, and only ever saves a read (a wrong time makes a file hashed again, never a
page reused)."""
INPUTS_PATH = f"{MANIFEST_DIR}/{INPUTS_NAME}"

RACY_NANOSECONDS = 2_000_000_000
"""How long after a change a file's or a folder's time is not trusted: a file system keeps
times at a coarse tick, so a second edit of the same size within it would otherwise keep the
time the first one had (cache.py ``BuildCache.inputs_bytes``)."""

EventRecord = tuple[str, str, str, str]
"""An event's entry: its folder's stamp, its digest, its files, its end date (see the
module's docstring)."""

UNREAD_END = "?"
"""An entry's end date when no build read the event from the inputs of its digest: a new
event, or one changed since (an end date is written ``YYYY-MM-DD``, or empty when the event
has none)."""

FileStats = dict[str, tuple[int, int, str]]
"""Files as a digest saw them: relative name -> (size, mtime_ns, SHA-256 of the content)."""

_FORMAT = f"{MANIFEST_FORMAT}.events-with-end-dates"
"""The record's format: an older one is not read (each file is hashed once again)."""


def folder_stamp(folder: str, trusted: int) -> str:
    """The event folder's stamp as its entry keeps it; empty when it is no folder (a loose
    TRF file, a link, nothing) or changed after ``trusted`` (a time in nanoseconds)."""
    try:
        found = os.lstat(folder)
    except OSError:
        return ""
    if not stat.S_ISDIR(found.st_mode) or found.st_mtime_ns >= trusted:
        return ""
    return f"{found.st_ino}:{found.st_mtime_ns}"


def unchanged_digest(folder: str, stamp: str, record: EventRecord | None) -> str | None:
    """The recorded digest of an event folder that has not changed since its entry was
    made: the same folder stamp (not empty), and each recorded file of the same size and
    time. None otherwise: the caller digests the folder."""
    if record is None or not stamp or record[0] != stamp:
        return None
    files = record[2].split("\0") if record[2] else []
    within = os.path.join(folder, "")
    for at in range(0, len(files) - 3, 4):
        try:
            found = os.lstat(within + files[at])
        except OSError:
            return None
        if str(found.st_size) != files[at + 1] or str(found.st_mtime_ns) != files[at + 2]:
            return None
    return record[1]


def recorded_files(record: EventRecord | None) -> FileStats:
    """The files of an event's entry, for a digest to take those unchanged unopened."""
    if record is None or not record[2]:
        return {}
    parts = record[2].split("\0")
    try:
        return {parts[at]: (int(parts[at + 1]), int(parts[at + 2]), parts[at + 3])
                for at in range(0, len(parts) - 3, 4)}
    except ValueError:
        return {}


def event_record(stamp: str, digest: str, seen: FileStats, listed: int, trusted: int,
                 end: str = UNREAD_END) -> EventRecord:
    """An event's entry after its folder was digested: ``seen`` its files as the digest
    took them, of the ``listed`` it digested (a link or an unreadable file is not seen),
    ``end`` its end date where a read of the same digest gave it. A file changed after
    ``trusted`` is left out, to be hashed again; the folder's stamp is kept only where it
    vouches for every file: all seen and trusted, none in a sub-folder (whose own changes
    its folder's time does not show)."""
    kept = sorted((name, stats) for name, stats in seen.items() if stats[1] < trusted)
    whole = len(kept) == listed and not any("/" in name for name, _stats in kept)
    files = "\0".join(f"{name}\0{size}\0{mtime}\0{sha}" for name, (size, mtime, sha) in kept)
    return (stamp if whole else "", digest, files, end)


@dataclass(frozen=True, slots=True, kw_only=True)
class InputsRecord:
    """The record as a build read it (:func:`load_inputs`)."""

    events: dict[str, EventRecord] = field(default_factory=dict)
    """Slug -> the event's entry."""
    folders: dict[str, str] = field(default_factory=dict)
    """Unit -> its output folders' stamps (stored_files.FolderStamps)."""
    listed: str = ""
    """The events folder's stamp when its listing was the events' folders alone, each by
    its name (inputs_now.py); empty when it was more, or changed just before."""
    identity: tuple[int, int, int] | None = None
    """The file read (its inode, size and time): two processes that read the same file
    read the same record (the record is replaced whole, never written in place)."""


def load_inputs(out: Path, path: str) -> InputsRecord:
    """The record as the last build wrote it at ``path`` in the output ``out``; empty when
    missing, unreadable or of another format."""
    try:
        with open_regular_file(out / path) as file:
            found = os.fstat(file.fileno())
            raw = record_data(file.read())
        if raw.get("format") != _FORMAT:
            return InputsRecord()
        # Every entry's fields checked together, as text (the slugs and units are: keys
        # of JSON objects): 24,000 entries at 10,000 events.
        events = {slug: tuple(entry) for slug, entry in raw["events"].items()}
        folders = raw["folders"]
        if set(map(len, events.values())) - {4} \
                or set(map(type, chain.from_iterable(events.values()))) - {str} \
                or not isinstance(folders, dict) or set(map(type, folders.values())) - {str}:
            return InputsRecord()
        # Not in the records of older versions: their listing is not kept.
        return InputsRecord(events=events, folders=folders, listed=str(raw.get("listed", "")),
                            identity=(found.st_ino, found.st_size, found.st_mtime_ns))
    except (OSError, ValueError, TypeError, KeyError, AttributeError, IndexError):
        return InputsRecord()


def inputs_json(events: Mapping[str, EventRecord], folders: Mapping[str, str],
                listed: str = "") -> bytes:
    """The record's bytes (:func:`load_inputs` reads them)."""
    return record_bytes({"format": _FORMAT, "events": dict(events), "folders": dict(folders),
                         "listed": listed})
