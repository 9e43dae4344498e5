"""The files of a unit of the site as the cache manifest records them (generator/site/cache.py),
and whether they are still in the output folder."""

from __future__ import annotations

import hashlib
import os
import stat
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any

from generator.speed import keyword_record_maker

__all__ = ["FileRecord", "FolderListings", "FolderStamps", "StoredFiles", "files_json",
           "files_present", "folder_held", "folder_stamps", "folders_now", "listed_files",
           "merged_files",
           "stamped_folders", "stamps_hold", "stored_files", "unit_folders"]


@dataclass(frozen=True, slots=True)
class FileRecord:
    size: int
    sha256: str

    @classmethod
    def of(cls, content: bytes) -> FileRecord:
        return cls(len(content), hashlib.sha256(content).hexdigest())

    def as_json(self) -> list[Any]:
        return [self.size, self.sha256]


# A record is made of each page an archive's build keeps (twenty thousand players' pages at
# a thousand events, on every change): speed.py's way in.
_new_record = keyword_record_maker(FileRecord, "size", "sha256")


class StoredFiles(Mapping[str, FileRecord]):
    """A unit's files as the manifest lists them, each record made when it is asked for:
    an archive's manifest lists some 90,000 files, and a build that changes one event asks
    for a few hundred of them. A record that is not one of ours (an edited manifest) is
    one no file has, so its file is written again."""

    __slots__ = ("raw",)

    def __init__(self, raw: dict[str, Any]) -> None:
        self.raw = raw
        """Path -> [size, SHA-256], as read."""

    def __getitem__(self, path: str) -> FileRecord:
        try:
            size, sha = self.raw[path]
            return _new_record(size=int(size), sha256=str(sha))
        except (TypeError, ValueError):
            return FileRecord(-1, "")

    def __contains__(self, path: object) -> bool:
        # Mapping's would make a record of every path asked about (an archive's players).
        return path in self.raw

    def __iter__(self) -> Iterator[str]:
        return iter(self.raw)

    def __len__(self) -> int:
        return len(self.raw)


def merged_files(kept: Mapping[str, FileRecord], made: Mapping[str, FileRecord],
                 ) -> Mapping[str, FileRecord]:
    """A unit's files: those kept and those made. Kept as the last record read them
    (StoredFiles), they stay its entries, never made records (at 10,000 events the players'
    pages kept in one unit were 190,000, each made a record and written back from it)."""
    if not isinstance(kept, StoredFiles):
        return MappingProxyType(dict(sorted({**kept, **made}.items())))
    raw = dict(kept.raw)
    raw.update((path, record.as_json()) for path, record in made.items())
    return StoredFiles(dict(sorted(raw.items())))


def stored_files(raw: Any) -> StoredFiles:
    if not isinstance(raw, dict):
        raise TypeError("a unit's files are not a mapping")
    return StoredFiles(raw)


def files_json(files: Mapping[str, FileRecord]) -> Mapping[str, Any]:
    """A unit's files as the manifest writes them (keys sorted when it is written)."""
    if isinstance(files, StoredFiles):
        return {path: files[path].as_json() if not _is_record(value) else value
                for path, value in files.raw.items()}
    return {path: record.as_json() for path, record in files.items()}


def _is_record(value: Any) -> bool:
    return (type(value) is list and len(value) == 2 and type(value[0]) is int
            and type(value[1]) is str)


FolderListings = dict[str, frozenset[str] | None]
"""Folders of the output (from its root, "" for the root) -> the names of the regular files
in each, as listed once by a build (None: not a folder that can be listed)."""


def files_present(out_dir: Path, paths: Iterable[str], listings: FolderListings) -> bool:
    """Every path is in the output folder: a listing of each folder, not a stat of each file
    (at a thousand events, the stats of the unchanged events' 90,000 files were a second of
    a one-change build). The sizes and contents are not looked at: a build trusts the
    manifest for them, as a killed build journals every file it was about to change
    (inplace.py); a page deleted by hand is written again, one edited by hand is not until
    its event changes (``standings build --clean`` writes everything)."""
    for path in paths:
        folder, _, name = path.rpartition("/")
        names = listed_files(out_dir, folder, listings)
        if names is None or name not in names:
            return False
    return True


def listed_files(out_dir: Path, folder: str, listings: FolderListings) -> frozenset[str] | None:
    """The regular files of a folder of the output (from its root), listed once into
    ``listings``; None when it is not a folder that can be listed."""
    try:
        return listings[folder]
    except KeyError:
        pass
    names: frozenset[str] | None
    try:
        with os.scandir(os.fspath(out_dir) + os.sep + folder) as entries:
            # The type the folder's listing gives (no stat): a pipe, a link or a folder
            # where the site has a page is not the page.
            names = listings[folder] = frozenset(
                entry.name for entry in entries if entry.is_file(follow_symlinks=False))
    except OSError:
        names = listings[folder] = None
    return names


FolderStamps = str
"""The folders holding a unit's files (from the output's root, "" for the root), each with
its inode and modification time as the last build left them: "folder\\0inode:mtime", joined
by NULs in the folders' order (a string, so that an archive's record of thirty thousand
folders is read and written again whole, and split only when its unit is looked at)."""


def unit_folders(paths: Iterable[str]) -> set[str]:
    """The folders that hold these files."""
    return {path.rpartition("/")[0] for path in paths}


def stamped_folders(stamps: FolderStamps) -> list[str]:
    """The folders a unit's stamps are of."""
    return stamps.split("\0")[::2] if stamps else []


def folder_held(out_dir: Path, stamps: FolderStamps | None, folder: str) -> bool:
    """One folder of a unit's stamps is as the last build left it (:func:`stamps_hold`),
    so it holds every file of the unit recorded in it; False when the stamps have none of
    it."""
    parts = stamps.split("\0") if stamps else []
    for at in range(0, len(parts) - 1, 2):
        if parts[at] == folder:
            return stamps_hold(out_dir, f"{folder}\0{parts[at + 1]}")
    return False


def folder_stamps(out_dir: Path, folders: Iterable[str]) -> FolderStamps | None:
    """Each folder's stamp now; None when one is not a folder (a link: not followed)."""
    base = os.fspath(out_dir) + os.sep
    found: list[str] = []
    for folder in sorted(folders):
        try:
            state = os.lstat(base + folder)
        except OSError:
            return None
        if not stat.S_ISDIR(state.st_mode):
            return None
        found.append(f"{folder}\0{state.st_ino}:{state.st_mtime_ns}")
    return "\0".join(found)


def folders_now(out_dir: Path, units: Iterable[str], kept: Mapping[str, FolderStamps],
                made: Mapping[str, Collection[str]], held: Callable[[str, FolderStamps], bool],
                folders_of: Callable[[str], Collection[str]]) -> dict[str, FolderStamps]:
    """Each of ``units``' folders' stamps as a build leaves them, once its files are
    written and the old ones removed: a unit's ``kept`` stamps where they ``held`` at the
    build's start and no unit the build rendered (``made``: their folders) has a folder
    among them; else taken again, of the folders they are of (of a unit without stamps,
    ``folders_of`` it). A stamp kept of a folder the build did write in after all (a file
    removed from it) no longer holds, so the next build lists the folder: it costs time,
    never a missing page. A unit one of whose folders is no folder has none."""
    written = set().union(*made.values())
    found: dict[str, FolderStamps] = {}
    # The players' pages' units (4,096 at 10,000 events) share their one folder, which a
    # change writes in: its stamp taken once, and their kept stamps looked at once.
    taken: dict[frozenset[str], FolderStamps | None] = {}
    untouched: dict[FolderStamps, bool] = {}
    folders_kept: dict[FolderStamps, frozenset[str]] = {}
    for name in units:
        stamps = kept.get(name) if name not in made else None
        if stamps:
            if held(name, stamps):
                holds = untouched.get(stamps)
                if holds is None:
                    holds = untouched[stamps] = written.isdisjoint(stamped_folders(stamps))
                if holds:
                    found[name] = stamps
                    continue
            folders = folders_kept.get(stamps)
            if folders is None:
                folders = folders_kept[stamps] = frozenset(stamped_folders(stamps))
        else:
            folders = frozenset(made.get(name) or folders_of(name))
        if folders not in taken:
            taken[folders] = folder_stamps(out_dir, folders)
        now = taken[folders]
        if now is not None:
            found[name] = now
    return found


def stamps_hold(out_dir: Path, stamps: FolderStamps | None) -> bool:
    """The folders are as the last build left them, so each still holds every file it
    listed: removing or renaming a file changes its folder's modification time. A stat per
    folder (a few per event) rather than a listing of each: at ten thousand events the
    listings were most of a one-change build. A page edited in place is not seen, as with a
    listing (:func:`files_present`); a folder that has changed is listed."""
    if not stamps:
        return False
    base = os.fspath(out_dir) + os.sep
    parts = stamps.split("\0")
    for at in range(0, len(parts) - 1, 2):
        try:
            state = os.lstat(base + parts[at])
        except OSError:
            return False
        if f"{state.st_ino}:{state.st_mtime_ns}" != parts[at + 1] \
                or not stat.S_ISDIR(state.st_mode):
            return False
    return len(parts) % 2 == 0
