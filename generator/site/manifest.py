"""The cache manifest, kept unit by unit: a small index, and a record file per unit.

At a thousand events one manifest file of every unit's files, warnings and summary was
20 MB, parsed whole by every build (a second, and 67 MB of memory) though a change of one
event reads the records of a few units. So the manifest is a folder (:data:`MANIFEST_DIR`):

- the index (:data:`MANIFEST_NAME`): each unit's name, key, numbers of warnings and notes
  and the names of its two record files: what a build must know of every unit;
- the records (:data:`RECORDS_DIR`): a unit's files and warnings in one file, its summary in
  another, each named by the digest of its bytes, so an unchanged unit's records are never
  written again and two builds of the same site write the same files. A build reads a unit's
  record only when it renders the unit, or the pages it writes need the unit's summary
  (:class:`StoredUnit`, read on first use).

The index is the commit point: the records it names are written first, each whole under a
new name; the index replaces the old one atomically (inplace.py); the records no index names
any more are removed after it. A build killed before the index is replaced leaves the old
index with all its records, and the new records unnamed, removed by the next build.

A manifest of an older version (one file, :data:`LEGACY_MANIFEST_NAME`) is not read: its
keys hold the digest of an older program, so no unit of it could be reused anyway. The
first build of a new version renders and writes every page, as into a folder without a
manifest (the files no page has are removed), then removes it.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from itertools import chain
from operator import attrgetter, itemgetter
from pathlib import Path
from types import MappingProxyType
from typing import Any, cast

import orjson

from generator.errors import Diagnostic, Severity
from generator.files import open_regular_file
from generator.site.stored_files import (
    FileRecord,
    FolderListings,
    files_json,
    files_present,
    stored_files,
)

__all__ = ["LEGACY_MANIFEST_NAME", "MANIFEST_DIR", "MANIFEST_FORMAT", "MANIFEST_NAME",
           "RECORDS_DIR", "FileStamp", "Manifest", "StoredUnit", "Unit", "UnitRecord",
           "diagnostic_from_json", "diagnostic_to_json", "record_bytes", "record_data",
           "record_path", "same_record", "state_bytes"]

MANIFEST_DIR = ".standings-cache"
"""The cache manifest's folder, inside the output folder.

Inside rather than beside it: the manifest is written after the pages it describes, and a
build trusts it only without a journal of a build cut short (generator/site/inplace.py), so
it describes exactly the files next to it (a manifest kept elsewhere could outlive a
``site/`` that someone deleted or replaced). ``site/`` is already ignored by git, so
nothing new needs ignoring. The Pages workflow's upload leaves out names beginning with a
dot, and the README's examples of rsync and rclone exclude it; published by other means, it
holds only file names, hashes and what the public pages show: nothing that matters.
"""
MANIFEST_NAME = MANIFEST_DIR + "/units.json"
RECORDS_DIR = MANIFEST_DIR + "/records"
LEGACY_MANIFEST_NAME = ".standings-cache.json"
"""The one-file manifest of the versions before this one (format 2 and older)."""

MANIFEST_FORMAT = 3
"""3: a record file per unit; 2, one file, the site written in place; 1, swapped in whole."""

FileStamp = tuple[int, int, int]
"""A file's inode, size and modification time: replaced (renamed over), it has another."""

_DIGITS = 32
"""Hex digits of a record file's name: 128 bits of SHA-256, no collision among a site's."""


def record_path(name: str) -> str:
    """A record file's path from the output folder."""
    return f"{RECORDS_DIR}/{name}.json"


def state_bytes(data: Any) -> bytes:
    """A part of the site-wide state as its record file holds it."""
    return record_bytes(data)


def record_bytes(data: Any) -> bytes:
    """Deterministic JSON: a clean build and a cached one write the same records. orjson
    rather than the standard library's: an archive's build writes its records' index, its
    inputs' record and its events' lines whole (10 MB at 10,000 events), which json wrote
    in 45 ms and orjson writes in 5 (issue 26). These files are the build's own, read
    only by it: no page is written with it, so no published byte depends on it.

    A text no UTF-8 writes (a file name of bytes the file system's encoding does not
    decode, kept as Python keeps it: with a lone surrogate) is refused by orjson: such a
    record is written by json, each such character escaped, as before orjson."""
    try:
        return orjson.dumps(data, option=orjson.OPT_SORT_KEYS | orjson.OPT_APPEND_NEWLINE)
    except orjson.JSONEncodeError:
        return (json.dumps(data, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
                + "\n").encode()


def record_data(data: bytes | str) -> Any:
    """A record's JSON data (a ValueError where it is none): read by orjson, or by json
    where it holds what orjson does not read back (a lone surrogate, :func:`record_bytes`)."""
    try:
        return orjson.loads(data)
    except orjson.JSONDecodeError:
        return json.loads(data)


def _are_record_names(names: list[Any]) -> bool:
    """Whether each of ``names`` is a record file's: :data:`_DIGITS` lower-case hex digits,
    never a path. Checked for them all at once (28,000 at 10,000 events): each of the length,
    and their text together hex digits throughout (``bytes.fromhex`` skips white space,
    which leaves it short) in lower case (a join raises TypeError on what is no text)."""
    if not names:
        return True
    joined = "".join(names)
    return set(map(len, names)) == {_DIGITS} \
        and len(bytes.fromhex(joined)) * 2 == len(joined) and joined == joined.lower()


def _names(*names: Iterable[str | None]) -> frozenset[str]:
    """The record names among ``names`` (None: a unit without a summary); taken by maps
    rather than a loop: an archive's index names 28,000 records."""
    found: frozenset[str | None] = frozenset(chain(*names))
    return cast("frozenset[str]", found - {None})


def _named(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:_DIGITS]


@dataclass(frozen=True, slots=True, kw_only=True)
class UnitRecord:
    """One cached unit (an event's pages, or the index pages) as this build made it."""

    key: str
    """cache_keys.event_key / index_key of the inputs these files were rendered from."""
    files: Mapping[str, FileRecord]
    """Site-relative path -> size and hash of the bytes written."""
    warnings: tuple[Diagnostic, ...] = ()
    """Warnings the reader gave for these inputs (as cache.py keeps them, below a
    placeholder for the events folder): counted when the unit is unchanged, and printed
    whole only by a ``--strict`` build they stop."""
    summary: Mapping[str, Any] | None = None
    """An event's summary (generator/site/stored_summary.py): what the pages outside its folder
    read of it, so that a build lists it unchanged without reading it."""

    @classmethod
    def of(cls, key: str, files: Mapping[str, bytes | FileRecord],
           warnings: Iterable[Diagnostic] = (),
           summary: Mapping[str, Any] | None = None) -> UnitRecord:
        """``files``: each file's bytes, or its record when the bytes were written and let
        go already (the players' pages of an archive are not all held at once)."""
        return cls(
            key=key,
            files=MappingProxyType({path: content if isinstance(content, FileRecord)
                                    else FileRecord.of(content)
                                    for path, content in sorted(files.items())}),
            warnings=tuple(warnings),
            summary=summary,
        )

    @property
    def warning_count(self) -> int:
        """Its warnings ``--strict`` refuses (not its notes)."""
        return sum(1 for warning in self.warnings if warning.is_refused_by_strict)

    @property
    def diagnostic_count(self) -> int:
        """Its warnings and notes."""
        return len(self.warnings)

    def rekeyed(self, key: str) -> UnitRecord:
        """The same unit under another key (:meth:`StoredUnit.rekeyed`)."""
        return replace(self, key=key)

    def is_intact_in(self, out_dir: Path, listings: FolderListings | None = None) -> bool:
        """Every file is still there (:func:`files_present`)."""
        return files_present(out_dir, self.files, {} if listings is None else listings)

    def record_files(self) -> tuple[tuple[str, bytes], tuple[str, bytes] | None]:
        """Its two record files, each (name, bytes): the files and warnings, the summary."""
        record = record_bytes({"files": files_json(self.files),
                               "warnings": [diagnostic_to_json(w) for w in self.warnings]})
        summary = None if self.summary is None else record_bytes(self.summary)
        return ((_named(record), record),
                None if summary is None else (_named(summary), summary))


class StoredUnit:
    """A unit as the last build's index lists it; its records read when first asked for.

    A record file missing or not one of ours makes the unit one whose files are not all
    there (:meth:`is_intact_in`), so it is rendered again, and its summary None."""

    __slots__ = ("_files", "_verified", "_warnings", "diagnostic_count", "key", "out",
                 "record", "summary_name", "warning_count")

    def __init__(self, out: Path, key: str, warning_count: int, diagnostic_count: int,
                 record: str, summary: str | None, verified: set[str]) -> None:
        """By position, in the order of the index's entry (:meth:`Manifest.from_index`
        makes one for each of an archive's 14,000 units on every build); ``verified``:
        the manifest's (:attr:`Manifest.verified`)."""
        self.out = out
        self._verified = verified
        self.key = key
        self.warning_count = warning_count
        self.diagnostic_count = diagnostic_count
        self.record = record
        self.summary_name = summary
        self._files: Mapping[str, FileRecord] | None = None
        self._warnings: tuple[Diagnostic, ...] = ()

    def rekeyed(self, key: str) -> StoredUnit:
        """The same unit, its records unread, under another key: a unit of the players'
        pages that a change leaves as it was takes the index's new key (cache.people_unit)."""
        unit = StoredUnit(self.out, key, self.warning_count, self.diagnostic_count,
                          self.record, self.summary_name, self._verified)
        unit._files, unit._warnings = self._files, self._warnings
        return unit

    def _load(self) -> Mapping[str, FileRecord] | None:
        if self._files is None:
            try:
                raw = record_data(_read_record(self.out, self.record))
                files = stored_files(raw["files"])
                self._warnings = tuple(diagnostic_from_json(w) for w in raw["warnings"])
            except (OSError, ValueError, TypeError, KeyError, AttributeError):
                return None
            self._files = files
            self._verified.add(self.record)
        return self._files

    @property
    def readable(self) -> bool:
        return self._load() is not None

    @property
    def files(self) -> Mapping[str, FileRecord]:
        """Its files as recorded; none when its record cannot be read."""
        return self._load() or {}

    @property
    def warnings(self) -> tuple[Diagnostic, ...]:
        self._load()
        return self._warnings

    @property
    def summary(self) -> Mapping[str, Any] | None:
        """Read each time it is asked for, never kept: the build makes its stand-in of an
        unchanged event from it once (stored_summary.py), and at a thousand events the
        summaries' JSON kept beside the stand-ins was 35 MB of a one-change build's 88."""
        if self.summary_name is None:
            return None
        try:
            data = record_data(_read_record(self.out, self.summary_name))
        except (OSError, ValueError):
            return None
        self._verified.add(self.summary_name)
        return data if isinstance(data, dict) else None

    def is_intact_in(self, out_dir: Path, listings: FolderListings | None = None) -> bool:
        files = self._load()
        return files is not None and files_present(out_dir, files,
                                                   {} if listings is None else listings)


Unit = UnitRecord | StoredUnit


def same_record(now: Unit | None, before: Unit) -> bool:
    """A unit of the last build is kept as it was: the same record (a unit of the players'
    pages is kept under the index's new key, :meth:`StoredUnit.rekeyed`)."""
    return now is before or (isinstance(now, StoredUnit) and isinstance(before, StoredUnit)
                             and now.record == before.record)


def _read_record(out: Path, name: str) -> bytes:
    """A record file's bytes, checked against its name (a file edited by hand is not ours).

    A build of an archive reads a thousand of these: paths as strings, and the file opened
    without following a link (O_NOFOLLOW) rather than stat-ed again to ask."""
    base = os.fspath(out) + os.sep
    for folder in (MANIFEST_DIR, RECORDS_DIR):  # a link put there is not followed
        if not stat.S_ISDIR(os.lstat(base + folder).st_mode):
            raise OSError(f"{base + folder} is not a folder")
    with open_regular_file(f"{base}{RECORDS_DIR}/{name}.json", follow_links=False) as file:
        data = file.read()
    if _named(data) != name:
        raise ValueError(f"{name} is not the record it names")
    return data


@dataclass(frozen=True, slots=True, kw_only=True)
class Manifest:
    units: Mapping[str, Unit]
    """Event folder name -> its record; cache.INDEX_UNIT -> the index pages' record."""
    state: Mapping[str, str | bytes] = field(default_factory=dict)
    """The site-wide state the pages outside the events' folders are made from
    (site_state.py), by part: the name of its record file on disk, or the bytes of a part
    this build made (its record file written with the units')."""
    out: Path | None = None
    """The output folder its state's records are read from (None: a manifest made here)."""
    verified: set[str] = field(default_factory=set, compare=False)
    """The names of its record files read whole and found to be the records they name:
    on disk with these bytes (inplace.py writes a record this build makes again only
    where it is not)."""

    def read_state(self, part: str) -> Any:
        """A part of the state as JSON data; None when it is not kept or cannot be read."""
        found = self.state.get(part)
        if isinstance(found, bytes):
            return record_data(found)
        if found is None or self.out is None:
            return None
        try:
            data = record_data(_read_record(self.out, found))
        except (OSError, ValueError):
            return None
        self.verified.add(found)
        return data

    def record_names(self) -> frozenset[str]:
        """The names of the record files on disk it names (a unit this build made names
        its records only once :meth:`files` has written them)."""
        stored = [unit for unit in self.units.values() if isinstance(unit, StoredUnit)]
        return _names(map(attrgetter("record"), stored), map(attrgetter("summary_name"), stored),
                      (found for found in self.state.values() if isinstance(found, str)))

    def files(self) -> tuple[bytes, dict[str, bytes], frozenset[str]]:
        """The index's bytes; the record files of the units this build made (by name; the
        others' are on disk already); the names of every record file the index names."""
        # In the units' order: the index is written with its keys sorted (record_bytes).
        index: dict[str, list[Any]] = {}
        made: dict[str, bytes] = {}
        for name, unit in self.units.items():
            if isinstance(unit, StoredUnit):
                record, summary = unit.record, unit.summary_name
            else:
                (record, data), summarised = unit.record_files()
                made[record] = data
                summary = None
                if summarised is not None:
                    summary, made[summary] = summarised
            index[name] = [unit.key, unit.warning_count, unit.diagnostic_count, record, summary]
        state: dict[str, str] = {}
        for part, found in sorted(self.state.items()):
            if isinstance(found, bytes):
                state[part] = _named(found)
                made[state[part]] = found
            else:
                state[part] = found
        entries = index.values()
        named = _names(map(itemgetter(3), entries), map(itemgetter(4), entries), state.values())
        kept: dict[str, Any] = {"format": MANIFEST_FORMAT, "units": index}
        if state:
            kept["state"] = state
        return record_bytes(kept), made, named

    @classmethod
    def from_index(cls, data: bytes, out: Path) -> Manifest | None:
        """The manifest an index lists, its records in ``out``; None when it is unreadable
        or from another format (build all)."""
        try:
            raw = record_data(data)
            if raw.get("format") != MANIFEST_FORMAT:
                return None
            listed = raw["units"]
            state = {str(part): name for part, name in raw.get("state", {}).items()}
            entries = list(listed.values())
            names = [*map(itemgetter(3), entries),
                     *(entry[4] for entry in entries if entry[4] is not None),
                     *state.values()]
            # The types of every entry's fields checked at once, for all of them (a unit's
            # name is text: a key of the JSON object).
            if not _are_record_names(names) or set(map(len, entries)) - {5} \
                    or set(map(type, map(itemgetter(0), entries))) - {str} \
                    or set(map(type, map(itemgetter(1), entries))) - {int} \
                    or set(map(type, map(itemgetter(2), entries))) - {int}:
                return None
            verified: set[str] = set()
            units: dict[str, Unit] = {
                name: StoredUnit(out, key, warnings, diagnostics, record, summary, verified)
                for name, (key, warnings, diagnostics, record, summary) in listed.items()}
        except (ValueError, TypeError, KeyError, AttributeError, IndexError):
            return None
        return cls(units=MappingProxyType(units), state=MappingProxyType(state), out=out,
                   verified=verified)

    @classmethod
    def load(cls, out_dir: Path) -> Manifest | None:
        return cls.load_stamped(out_dir)[0]

    @classmethod
    def load_stamped(cls, out_dir: Path) -> tuple[Manifest | None, FileStamp | None]:
        """The manifest and the stamp of the index file it was read from (a build that
        finds the same file again under its lock keeps what it read, see inplace.py)."""
        try:
            if not stat.S_ISDIR(os.lstat(out_dir / MANIFEST_DIR).st_mode):
                return None, None
            # No link followed, no pipe waited on: only a regular file is read.
            with open(out_dir / MANIFEST_NAME, "rb", opener=lambda path, flags: os.open(
                    path, flags | os.O_NOFOLLOW | os.O_NONBLOCK)) as file:
                found = os.fstat(file.fileno())
                if not stat.S_ISREG(found.st_mode):
                    return None, None
                data = file.read()
        except OSError:
            return None, None
        return cls.from_index(data, out_dir), (found.st_ino, found.st_size, found.st_mtime_ns)


def diagnostic_to_json(diagnostic: Diagnostic) -> dict[str, Any]:
    return {"path": diagnostic.path, "line": diagnostic.line, "column": diagnostic.column,
            "message": diagnostic.message, "expected": diagnostic.expected,
            "severity": str(diagnostic.severity)}


def diagnostic_from_json(data: Mapping[str, Any]) -> Diagnostic:
    def number(value: Any) -> int | None:
        return None if value is None else int(value)

    return Diagnostic(path=str(data["path"]), line=number(data.get("line")),
                      column=number(data.get("column")), message=str(data["message"]),
                      expected=None if data.get("expected") is None else str(data["expected"]),
                      severity=Severity(data.get("severity", "warning")))
