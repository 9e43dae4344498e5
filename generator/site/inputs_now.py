"""The events' inputs as a build finds them, before it knows whether anything changed: the
events folder listed, or its listing kept from the last build, and each event's folder
digested (input_digest.py), an archive's shared with a side process (side_process.py).

A listing is kept where it was the event folders alone, each a folder named as its slug,
with nothing to say of the events folder (no TRF file beside them, no festival, no link,
no name refused). It then depends on the names in the events folder, which the folder's
stamp (inode and modification time, input_record.py) vouches for, and on each event
folder holding no festival.yml, which the event's own stamp vouches for: while the events
folder's stamp is the one recorded, the listing is the recorded events', and only the
event folders whose stamp changed, or vouches for nothing, are looked at again. Listing
ten thousand event folders again cost 65 ms of every build.

With the listing known from the record, the side process of an archive digests a share of
the events while the build reads its manifest and digests the rest: at 10,000 events, some
30,000 stats that the build made alone. ``standings build`` begins it before it imports its
first steps (:func:`begin_side`), so that the digests are made while the build is importing
(the readers of the site's and the series' files, the cache: some 70 ms). At the
build's end the side process, which holds the record it read, writes it again with what the
build changed (:class:`InputsChange`) while the build writes its manifest.
"""

from __future__ import annotations

import contextlib
import os
import pickle
import stat
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.errors import Diagnostic
from generator.reading.event_listing import listed_events
from generator.reading.event_places import event_slug, is_festival_folder
from generator.site.event_folders import ListedFolders, Listing
from generator.site.file_replace import DIRECTORY, replace_file
from generator.site.folder_check import FolderCheck, checked_stamps
from generator.site.input_digest import event_inputs
from generator.site.input_record import (
    INPUTS_PATH,
    RACY_NANOSECONDS,
    EventRecord,
    InputsRecord,
    folder_stamp,
    inputs_json,
    load_inputs,
)
from generator.site.side_process import Mailbox, SideProcess
from generator.site.stored_files import FolderStamps, folders_now

__all__ = ["CHANGE_MOST", "INPUTS_WRITTEN", "SIDE_PROCESS_FROM", "EarlySide", "InputsChange",
           "InputsNow", "begin_side", "discover_events", "written_aside"]

SIDE_PROCESS_FROM = 1_000_000
"""Bytes of the inputs' record (some 560 an event: about 2,000 events) from which a build
shares its first steps with a side process (the events folder listed or a share of the
events digested, the output's folders checked): below it, a fork (a few milliseconds) costs
more than the work it takes over."""

BUILD_SHARE = 0.37
"""The share of the events the build digests itself when the side process digests the
rest: the build reads the manifest's index meanwhile (some 30 ms at 10,000 events), and
digests its own share in what is left of the side process's time."""

EARLY_BUILD_SHARE = 0.0
"""The build's share when the side process began before the build's first steps were
imported (:func:`begin_side`): none, the side process has digested the events by the time
the build has read its records (at 10,000 events a tenth more for the side process made the
build 11 ms slower, medians of ten interleaved)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class EarlySide:
    """The side process of an archive's build, begun by :func:`begin_side`."""

    events_root: Path
    out: Path
    digested_at: int
    side: SideProcess


def begin_side(events_dir: Path | str, out_dir: Path | str, *,
               clean: bool = False) -> EarlySide | None:
    """The side process of ``standings build`` on an archive, begun before the build's
    first steps are imported (some 70 ms: the readers of the series' and the site's
    files, the cache): it reads the inputs' record and digests the events meanwhile,
    which :meth:`InputsNow.start` takes over. None for a clean build, a smaller site, or
    no fork."""
    if clean:
        return None
    events_root, out, digested_at = Path(events_dir), Path(out_dir), time.time_ns()
    side = _side_process(events_root, out, INPUTS_PATH, digested_at, EARLY_BUILD_SHARE)
    return None if side is None else EarlySide(events_root=events_root, out=out,
                                               digested_at=digested_at, side=side)


def discover_events(events_root: Path) -> Listing:
    """The events ``read_events(events_root)`` reads, by slug (as the reader names them)."""
    problems: list[Diagnostic] = []
    listed = listed_events(events_root, problems)
    paths = tuple(given for given, _slug in listed)
    festivals: dict[Path, Path | None] = {}  # the events' folders, each looked at once
    slugs = tuple(event_slug(Path(given), festivals) if slug is None else slug
                  for given, slug in listed)
    found = dict(zip(slugs, paths, strict=True))  # a slug listed twice: its last path
    return Listing(folders=ListedFolders(dict(sorted(found.items()))),
                   diagnostics=tuple(problems), paths=paths, slugs=slugs)


@dataclass(slots=True, kw_only=True)
class InputsNow:
    """The events' inputs being digested: :meth:`start` before the manifest is read,
    :meth:`digested` after."""

    events_root: Path
    record: InputsRecord
    """The inputs' record as the last build left it."""
    digested_at: int
    """When the digest began (``time.time_ns``)."""
    stamp: str
    """The events folder's stamp then (empty: not trusted, or no folder)."""
    kept: Listing | None
    """The last build's listing, where the events folder's stamp is the one recorded."""
    given: Listing | None = None
    """A listing the caller made (a stand-in site's in the tests): taken as listed now."""
    side: SideProcess | None = None
    side_share: tuple[str, ...] = ()
    """The slugs of the kept listing the side process digests."""
    folder_check: FolderCheck | None = None

    @property
    def trusted(self) -> int:
        """A file or folder changed after it is not trusted by its time (input_record.py)."""
        return self.digested_at - RACY_NANOSECONDS

    @classmethod
    def start(cls, events_root: Path, out: Path, record_path: str, digested_at: int, *,
              clean: bool = False, early: EarlySide | None = None) -> InputsNow:
        """The inputs' record read (none for a clean build: ``record_path`` in ``out``),
        the events folder's listing kept where it can be, and for an archive a side process
        begun first, which reads the record too, then digests a share of the events (the
        listing kept) or lists the events folder (not kept), then checks the output's
        folders (folder_check.py). ``early``: the side process :func:`begin_side` began,
        taken with the time its digest began where it is this build's."""
        share, side = BUILD_SHARE, None
        if early is not None and not clean and record_path == INPUTS_PATH \
                and (early.events_root, early.out) == (events_root, out):
            side, digested_at, share = early.side, early.digested_at, EARLY_BUILD_SHARE
        else:
            if early is not None:
                early.side.drop()
            if not clean:
                side = _side_process(events_root, out, record_path, digested_at, share)
        record = InputsRecord() if clean else load_inputs(out, record_path)
        stamp, kept = _listing_kept(events_root, record, digested_at)
        now = cls(events_root=events_root, record=record, digested_at=digested_at,
                  stamp=stamp, kept=kept, side=side)
        if side is not None:
            now.folder_check = FolderCheck(side, record.folders.values())
            if kept is not None:
                now.side_share = _side_share(kept, share)
        return now

    @classmethod
    def of_listing(cls, events_root: Path, record: InputsRecord, listing: Listing,
                   ) -> InputsNow:
        """The inputs of the events ``listing`` names, digested by the build alone."""
        return cls(events_root=events_root, digested_at=time.time_ns(), stamp="", kept=None,
                   record=record, given=listing)

    def digested(self) -> tuple[Listing, dict[str, EventRecord], str]:
        """The listing, each listed event's entry in the record as it is now (slug order),
        and the stamp the events folder is to be recorded with (empty when its listing is
        not to be kept)."""
        if self.kept is not None:
            kept = self._kept_digested(self.kept)
            if kept is not None:
                return self.kept, kept, self.stamp
            # A festival.yml or a link where an event folder was: listed again.
            listing = discover_events(self.events_root)
        else:
            listing = self.given or self._listed()
        places = _given(listing)
        inputs = _digested(sorted(places), places, self.record.events, self.trusted)
        within = os.path.join(os.fspath(self.events_root), "")
        return listing, inputs, _plain_listing_stamp(self.stamp, within, listing, inputs)

    def _listed(self) -> Listing:
        # Listed meanwhile in the side process, where there is one.
        found = self._aside(_LISTED)
        if isinstance(found, Listing):
            return found
        return discover_events(self.events_root)

    def _kept_digested(self, listing: Listing) -> dict[str, EventRecord] | None:
        """The kept listing's events digested (in slug order), the side process's share by
        it; None where the listing does not hold."""
        places, recorded = _given(listing), self.record.events
        own = listing.slugs[:len(listing.slugs) - len(self.side_share)]
        inputs = _digested(own, places, recorded, self.trusted)
        # Read whatever this share holds: the side process's next answer is the output's
        # folders' (folder_check.py).
        theirs = _side_entries(self._aside(_SHARED), self.record, self.stamp,
                               frozenset(self.side_share))
        if not _holds(own, places, recorded, inputs):
            return None
        if theirs is None:  # no side process, or it failed: the build digests its share
            rest = _digested(self.side_share, places, recorded, self.trusted)
            if not _holds(self.side_share, places, recorded, rest):
                return None
            inputs.update(rest)
            return inputs
        entries, holds = theirs
        if not holds:
            return None
        inputs.update((slug, entries.get(slug) or recorded[slug]) for slug in self.side_share)
        return inputs

    def _aside(self, kind: bytes) -> Any:
        """The side process's first result, where it is of ``kind``; else None."""
        data = None if self.side is None else self.side.next()
        if data is None or data[:1] != kind:
            return None
        with contextlib.suppress(pickle.UnpicklingError, EOFError, ValueError):
            return pickle.loads(data[1:])
        return None


_LISTED, _SHARED = b"L", b"S"
"""What the side process's first result is: the events folder's listing, or the entries of
its share of the events."""


def _side_process(events_root: Path, out: Path, record_path: str, digested_at: int,
                  build_share: float) -> SideProcess | None:
    """The side process of an archive (:meth:`InputsNow.start`), which leaves the build
    ``build_share`` of the events to digest; None for a smaller site."""
    try:
        if os.stat(out / record_path).st_size < SIDE_PROCESS_FROM:
            return None
    except OSError:
        return None
    read: list[InputsRecord] = []
    answers: dict[FolderStamps, bool] = {}
    mailbox = Mailbox()

    def first() -> bytes:
        # As the build does meanwhile, from the same record: the build takes the result
        # only where both read the same file and found the events folder's same stamp.
        record = load_inputs(out, record_path)
        read.append(record)
        stamp, kept = _listing_kept(events_root, record, digested_at)
        if kept is None:
            return _LISTED + pickle.dumps(discover_events(events_root))
        share, places = _side_share(kept, build_share), _given(kept)
        entries = _digested(share, places, record.events, digested_at - RACY_NANOSECONDS)
        holds = _holds(share, places, record.events, entries)
        changed = {slug: entry for slug, entry in entries.items()
                   if entry is not record.events[slug]}
        return _SHARED + pickle.dumps((record.identity, stamp, changed, holds))

    def stamps_checked() -> bytes:
        return checked_stamps(out, read[0].folders.values(), answers)

    def record_written() -> bytes:
        return _record_written(out, record_path, read[0], answers, mailbox.receive())

    return SideProcess.start([first, stamps_checked, record_written], mailbox)


@dataclass(frozen=True, slots=True, kw_only=True)
class InputsChange:
    """What a build changed of the inputs' record it read, for its side process to write
    the record whole (:func:`_record_written`), which holds the record it read too."""

    identity: tuple[int, int, int] | None
    """The record the build read (the side process writes only from the same)."""
    events: dict[str, EventRecord]
    """The events' entries that are not the record's."""
    gone: frozenset[str]
    """The events the record has and the build does not."""
    listed: str
    """The events folder's stamp to record (input_record.InputsRecord.listed)."""
    made: dict[str, set[str]]
    """The folders of each unit the build rendered."""
    unstamped: dict[str, set[str]]
    """The folders of each unit the build kept that the record has no stamps of."""
    units_gone: frozenset[str]
    """The units the record has stamps of and the build has not."""


INPUTS_WRITTEN = b"W"
"""The side process's answer once it has written the record."""

CHANGE_MOST = 256 * 1024
"""The most bytes of a build's change the side process is handed (:func:`written_aside`):
a change of a few events is a few kilobytes; one of most of an archive (a new version of a
template) is written by the build, as it has to make it anyway."""


def written_aside(side: SideProcess, change: InputsChange,
                  own: Callable[[], bytes]) -> Callable[[], bytes | None]:
    """The inputs' record handed to the side process with the build's ``change`` (cache.py
    ``BuildCache.inputs_record``): what waits for it to be written (None), or gives the
    record's bytes made by the build (``own``) where the side process failed; ``own``
    itself where the change is too large to hand over."""
    message = pickle.dumps(change)
    if len(message) > CHANGE_MOST or not side.send(message):
        side.drop()
        return own

    def written() -> bytes | None:
        if side.next() == INPUTS_WRITTEN:
            return None
        side.drop()
        return own()

    return written


def _record_written(out: Path, record_path: str, record: InputsRecord,
                    answers: Mapping[FolderStamps, bool], message: bytes) -> bytes:
    """The side process's last task: the record the build's change (``message``, an
    :class:`InputsChange`) makes of the one read, written in place of it, with each unit's
    folders' stamps as :func:`~generator.site.stored_files.folders_now` takes them from
    the stamps read and their ``answers``. The build goes on with its manifest meanwhile."""
    change = pickle.loads(message)
    if not isinstance(change, InputsChange) or change.identity != record.identity \
            or record.identity is None:
        return b""
    events = {slug: entry for slug, entry in record.events.items() if slug not in change.gone}
    events.update(change.events)
    kept = record.folders
    units = (kept.keys() - change.units_gone) | change.made.keys() | change.unstamped.keys()
    folders = folders_now(out, units, kept, change.made,
                          lambda _unit, stamps: answers.get(stamps, False),
                          lambda unit: change.unstamped.get(unit, ()))
    data = inputs_json(events, folders, change.listed)
    parent, _, name = record_path.rpartition("/")
    root = os.open(out, DIRECTORY)
    try:
        folder = os.open(parent, DIRECTORY, dir_fd=root)
        try:
            replace_file(folder, name, data)
        finally:
            os.close(folder)
    finally:
        os.close(root)
    return INPUTS_WRITTEN


def _listing_kept(events_root: Path, record: InputsRecord, digested_at: int,
                  ) -> tuple[str, Listing | None]:
    """The events folder's stamp, and the last build's listing where it may be kept."""
    stamp = folder_stamp(os.fspath(events_root), digested_at - RACY_NANOSECONDS)
    return stamp, _kept_listing(events_root, record, stamp)


def _side_share(kept: Listing, build_share: float) -> tuple[str, ...]:
    """The slugs of a kept listing whose events the side process digests, the first
    ``build_share`` of them left to the build."""
    return kept.slugs[round(len(kept.slugs) * build_share):]


def _plain_listing_stamp(stamp: str, within: str, listing: Listing,
                        inputs: Mapping[str, EventRecord]) -> str:
    """``stamp`` where ``listing`` of the events folder ``within`` (its path, ending in a
    separator) may be kept (the module's docstring), else empty: nothing said of the
    events folder, each event a folder of it named as its slug, no link (a link's target
    may change under the same events folder) and no festival."""
    given = _given(listing)
    if not stamp or listing.diagnostics or not given or len(listing.paths) != len(given):
        return ""
    if any("/" in slug or path != within + slug for slug, path in given.items()):
        return ""
    # An event's stamp says it is a folder (input_record.folder_stamp); one without (a file
    # changed just before the digest) is looked at.
    if not all(inputs[slug][0] or _is_event_folder(path) for slug, path in given.items()):
        return ""
    return stamp


def _kept_listing(events_root: Path, record: InputsRecord, stamp: str) -> Listing | None:
    """The recorded events' listing, where the events folder's stamp is the one recorded
    with it; None where it must be listed again."""
    if not stamp or record.listed != stamp or not record.events:
        return None
    slugs = sorted(record.events)
    # Checked at once for them all: a plain name each, no path (the record lies in the
    # output folder, which a hostile clone of a site may carry).
    names = "\n" + "\n".join(slugs) + "\n"
    if any(part in names for part in ("/", "\0", "\n\n", "\n.", "\n_", os.sep)):
        return None
    within = os.path.join(os.fspath(events_root), "")
    paths = tuple(within + slug for slug in slugs)
    return Listing(folders=ListedFolders(dict(zip(slugs, paths, strict=True))), paths=paths,
                   slugs=tuple(slugs))


def _holds(slugs: Sequence[str], places: Mapping[str, str],
           recorded: Mapping[str, EventRecord], inputs: Mapping[str, EventRecord]) -> bool:
    """Whether a kept listing holds for ``slugs``: each event folder whose stamp changed,
    or vouches for nothing, is still a folder (no link) without a festival.yml."""
    return all(_is_event_folder(places[slug]) for slug in slugs
               if not inputs[slug][0] or inputs[slug][0] != recorded[slug][0])


def _is_event_folder(path: str) -> bool:
    """A folder, no link, without a festival.yml: listed as the event of its name."""
    try:
        found = os.lstat(path)
    except OSError:
        return False
    return stat.S_ISDIR(found.st_mode) and not is_festival_folder(path)


def _given(listing: Listing) -> Mapping[str, str]:
    folders = listing.folders
    if isinstance(folders, ListedFolders):
        return folders.given
    return {slug: os.fspath(folder) for slug, folder in folders.items()}


def _digested(slugs: Sequence[str], places: Mapping[str, str],
              recorded: Mapping[str, EventRecord], trusted: int) -> dict[str, EventRecord]:
    """Each of ``slugs``' entries as its folder is now (input_digest.py)."""
    return {slug: event_inputs(places[slug], recorded.get(slug), is_section="/" in slug,
                               trusted=trusted)
            for slug in slugs}


def _side_entries(found: Any, record: InputsRecord, stamp: str, share: frozenset[str],
                  ) -> tuple[dict[str, EventRecord], bool] | None:
    """The side process's entries of its share that changed, and whether the listing
    holds for it (``found``), where it read the same record and found the same stamp of
    the events folder; None otherwise."""
    if not isinstance(found, tuple) or len(found) != 4 or record.identity is None \
            or found[0] != record.identity or found[1] != stamp:
        return None
    entries, holds = found[2], found[3]
    if not isinstance(entries, dict) or not isinstance(holds, bool) \
            or not share.issuperset(entries) or not all(
                isinstance(entry, tuple) and len(entry) == 4
                and all(isinstance(part, str) for part in entry) for entry in entries.values()):
        return None
    return entries, holds
