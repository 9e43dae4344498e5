"""Incremental builds: reuse an event's pages while nothing they are made from has changed.

An event's output is a pure function of four things, so its cache key is made of their digests:

- the event folder's files (every non-hidden file, by relative name and content);
- whether the event's end date is still ahead of the day of the build (then it is not over:
  reading/assembly.py), which is all a page takes of the day: an event without an end date
  has a key of any day, and one with an end date has a new key only on the day it passes.
  The end date is the one the last build read from the same files (input_record.py), so
  that an unread event is keyed without being read; an event read gets its key from the
  end date just read (:meth:`BuildCache.key_read`);
- the program: ``generator.__version__`` *and* every file of the installed package (code,
  tie-break explanations), so an editable install under development never reuses pages
  made by older code (digested once per process: the code that renders is the code the
  process imported; the files it reads while rendering are in the template folders below);
- the templates: the package's (with its static assets) and the club's ``templates/``
  override folder beside ``events/``.

Only content and names below these folders count, never where they are: the same folder
given as ``events``, ``./events/`` or its absolute path is the same cache, and two copies of
a project in two folders build the same manifest. (A warning names its file as the events
folder was given; the manifest keeps it below a placeholder and a build names it in the
spelling of the day, see :data:`generator.site.portable_paths.EVENTS_PLACEHOLDER`.)

The index and cross-event pages depend on every event, so their key is a digest of all the
event keys. ``standings build`` keeps the keys, with the size and SHA-256 of every file they
produced, in ``SITE/.standings-cache/`` (generator/site/manifest.py: an index of the units
and a record file per unit, each read only when the build needs it).
``standings serve`` keeps the same units in memory instead (generator/preview/livebuild.py).

Digests are taken *before* reading the files: if a file changes while it is being read, the
recorded key describes older content than the pages, so the next build renders again rather
than trusting a torn read.
"""

from __future__ import annotations

import datetime
import hashlib
import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from generator.clock import build_date
from generator.errors import Diagnostic, Severity, StandingsError, refused_by_strict
from generator.files import read_regular_file
from generator.site.cache_keys import (
    event_ending,
    event_key,
    index_key,
    program_digest,
)
from generator.site.event_folders import Listing
from generator.site.folder_check import FolderCheck
from generator.site.input_record import INPUTS_NAME as INPUTS_NAME
from generator.site.input_record import INPUTS_PATH as INPUTS_PATH
from generator.site.input_record import (
    EventRecord,
    InputsRecord,
    inputs_json,
)
from generator.site.inputs_now import InputsChange, written_aside
from generator.site.manifest import (
    LEGACY_MANIFEST_NAME as LEGACY_MANIFEST_NAME,
)
from generator.site.manifest import (
    MANIFEST_DIR as MANIFEST_DIR,
)
from generator.site.manifest import (
    MANIFEST_FORMAT as MANIFEST_FORMAT,
)
from generator.site.manifest import (
    MANIFEST_NAME as MANIFEST_NAME,
)
from generator.site.manifest import (
    FileStamp as FileStamp,
)
from generator.site.manifest import (
    Manifest,
    StoredUnit,
    Unit,
    UnitRecord,
    same_record,
)
from generator.site.people_units import PeoplePages, is_people_unit
from generator.site.portable_paths import local_diagnostic, portable_diagnostic
from generator.site.stored_files import (
    FileRecord as FileRecord,
)
from generator.site.stored_files import (
    FolderListings,
    FolderStamps,
    folders_now,
    merged_files,
    stamps_hold,
    unit_folders,
)

if TYPE_CHECKING:
    from generator.site.inputs_now import InputsNow
    from generator.site.side_process import SideProcess

Written = bytes | FileRecord
"""A rendered file as a renderer hands it over: its bytes, or its record once written."""

LEGACY_INPUTS_NAME = INPUTS_NAME
"""Where the versions before the manifest's folder kept it: in the output folder itself."""
INDEX_UNIT = ""
"""The manifest's name for the pages that list events (no event folder has an empty name)."""
# --- the build cache behind `standings build` ---------------------------------------------


class _Planned(Protocol):
    @property
    def slug(self) -> str:
        """The event folder's name: the unit the plan's pages are cached under."""
        ...


PlanT = TypeVar("PlanT", bound=_Planned)

# A unit of BuildCache.others in one language: its renderer, and its manifest summary.
OtherUnit = tuple[Callable[[], Mapping[str, bytes]], Callable[[], Mapping[str, Any]] | None]


@dataclass(slots=True, kw_only=True)
class BuildCache:
    """What ``standings build`` may reuse from the site it built last time.

    Made *before* the events are read (see the module docstring for why), then asked either
    :meth:`unchanged_warnings` (nothing changed: write nothing) or, during the build, to
    :meth:`render_site` with each unchanged event's files read back from the old site.
    """

    out_dir: Path
    events_spelling: str
    """The events folder as the user wrote it: the manifest stores paths below it without it."""
    keys: Mapping[str, str]
    """Slug -> unit key of the event's inputs as they are now."""
    index: str
    previous: Manifest | None
    listing: tuple[Diagnostic, ...] = ()
    """The problems of the events folder itself, listed by prepare (never cached: a stray
    TRF file or a link changes no event's key)."""
    rendered: list[str] = field(default_factory=list)
    """Units rendered by this build (INDEX_UNIT for the index pages)."""
    reused: list[str] = field(default_factory=list)
    clean: bool = False
    inputs: Mapping[str, EventRecord] = field(default_factory=dict)
    """Slug -> its entry in :data:`INPUTS_NAME` as :meth:`prepare` made it."""
    inputs_new: bool = False
    """An event's entry is not the one read: the record is worth writing again even when
    nothing changed (its files hashed once, not on every build)."""
    digested_at: int = 0
    """When :meth:`prepare` began (``time.time_ns``)."""
    units: Mapping[str, Unit] = field(default_factory=dict)
    """The units of the manifest :meth:`render_languages` made last."""
    on_render: Callable[[str], None] | None = None
    """Told the name of each unit before it is rendered: the writer reads the files it had
    in the last build, to compare its new files with them (inplace.py ``expect``), without
    every unit's records being read."""
    stamp: FileStamp | None = None
    """The stamp of the manifest file :meth:`prepare` read (``previous``)."""
    program: str = ""  # program_digest as prepare took it
    day: str = ""
    """The day of the build (clock.py), as an ISO date: each event's key compares its end
    date with it (:func:`event_ending`)."""
    others: Mapping[str, str] = field(default_factory=dict)
    """Other units' keys by name: the series (site/series_unit.py; in :attr:`index`'s)."""
    others_of: Callable[[Mapping[str, str]], Mapping[str, str]] | None = None
    """:attr:`others` from the events' keys, their own files digested once, when
    :attr:`others` was made (series_keys.py): made again when an event read gets its key."""
    checked: dict[str, bool] = field(default_factory=dict)
    """Units whose files :meth:`intact` has looked for, and whether all were there."""
    listings: FolderListings = field(default_factory=dict)
    """The output's folders as this build listed them (:func:`files_present`)."""
    found: Listing | None = None
    """The events folder's listing :meth:`prepare` was given, which the build reuses."""
    listed: str = ""
    """The events folder's stamp, recorded with :attr:`inputs` where its listing may be
    kept (inputs_now.py); empty where it may not."""
    moved: frozenset[str] = frozenset()
    """The events whose entry in :attr:`inputs` is not the one recorded (a file changed, or
    touched, a new event): :meth:`unchanged_warnings` asks their keys first."""
    stamps: Mapping[str, FolderStamps] = field(default_factory=dict)
    """Unit -> its folders as the last build left them (:func:`stamps_hold`), from
    :data:`INPUTS_NAME`: this machine's, like the inputs' times."""
    held: set[str] = field(default_factory=set)
    """Units :meth:`intact` found by their stamps: kept in the record as they were."""
    relisted: set[str] = field(default_factory=set)
    """Units with files that :meth:`intact` found only by listing their folders."""
    state: Mapping[str, str | bytes] = field(default_factory=dict)
    """The site-wide state this build leaves (site_state.py), for the manifest."""
    before: Manifest | None = None
    """The manifest as :meth:`adopt` took it, every unit in it: what the last finished
    build listed, even of an event a killed build had begun to change since."""
    people_rendered: list[str] = field(default_factory=list)
    """Units of the players' pages (:func:`people_unit`) rendered by this build, wholly
    or in part (apart from :attr:`rendered`: they go with the index's)."""
    people_reused: list[str] = field(default_factory=list)
    """Units of the players' pages kept as the last build left them, under the index's key."""
    held_stamps: dict[str, bool] = field(default_factory=dict)
    """Folder stamps :func:`stamps_hold` was asked of by this build: the units of the
    players' pages, 4,096 at 10,000 events, share one folder's."""
    folder_check: FolderCheck | None = None
    """Every unit's stamps being checked in a side process while :meth:`prepare` digests
    the inputs (folder_check.py): their answers, asked for on the first stamp looked at,
    stand only for the manifest :meth:`prepare` read (:meth:`adopt`)."""
    side: SideProcess | None = None
    """The side process of an archive's build (inputs_now.py), which writes the inputs'
    record at the build's end (:meth:`inputs_record`) where it checked the stamps."""
    recorded: InputsRecord = field(default_factory=InputsRecord)
    """The inputs' record as :meth:`prepare` read it."""

    @classmethod
    def prepare(cls, events_dir: Path | str, out_dir: Path | str, *, inputs: InputsNow,
                template_folders: Iterable[Path], clean: bool = False) -> BuildCache:
        """``inputs``: the events' inputs being digested (inputs_now.py, begun before the
        manifest is read); ``template_folders``: the folders and files besides the package
        that shape pages (site.build's ``page_inputs``: the templates, site.yml and its
        logo)."""
        # Not the events folder's spelling: no page names it, and the warnings are kept
        # without it (_portable) and replayed in the spelling given now (_local).
        program = program_digest(template_folders)
        out = Path(out_dir)
        previous, stamp = (None, None) if clean else Manifest.load_stamped(out)
        listing, entries, listed = inputs.digested()
        day = build_date().isoformat()
        keys = {slug: event_key(program, entry[1], event_ending(entry[3], day))
                for slug, entry in entries.items()}
        recorded = inputs.record.events
        moved = frozenset(slug for slug, entry in entries.items()
                          if entry != recorded.get(slug))
        # As the build hands it to the reader (a Path: "./events/" is "events" there).
        return cls(out_dir=out, events_spelling=os.fspath(Path(events_dir)),
                   keys=MappingProxyType(keys), index=index_key(program, keys), program=program,
                   day=day,
                   previous=previous, stamp=stamp,
                   listing=listing.diagnostics, clean=clean, inputs=entries,
                   inputs_new=bool(moved) or len(entries) != len(recorded)
                   or listed != inputs.record.listed,
                   digested_at=inputs.digested_at, stamps=inputs.record.folders,
                   folder_check=inputs.folder_check, found=listing, listed=listed, moved=moved,
                   side=inputs.side, recorded=inputs.record)

    def key_read(self, ends: Mapping[str, datetime.date | None]) -> None:
        """The keys of the events this build read (slug -> the end date read, None for an
        event without one) from the end dates just read, and the record of their inputs
        with them: a new or changed event was keyed in :meth:`prepare` by no end date
        (:data:`~generator.site.input_record.UNREAD_END`), and must be recorded under the
        key the next build, reading nothing, gives it. The series' keys and the index's,
        which take the events', follow. Before any unit is rendered."""
        read = {}
        for slug, end in ends.items():
            entry = self.inputs.get(slug)
            text = "" if end is None else end.isoformat()
            if entry is not None and entry[3] != text:
                read[slug] = (*entry[:3], text)
        if not read:
            return
        self.inputs, self.inputs_new = {**self.inputs, **read}, True
        keys = {**self.keys, **{slug: event_key(self.program, entry[1],
                                                event_ending(entry[3], self.day))
                                for slug, entry in read.items()}}
        self.keys = MappingProxyType(keys)
        if self.others_of is not None:
            self.others = {**self.others, **self.others_of(keys)}
        self.key_index()

    def key_index(self) -> None:
        """:attr:`index` from the events' keys and the other units' (the index lists them)."""
        self.index = index_key(self.program, {**self.keys, **self.others})

    def adopt(self, previous: Manifest | None, dirty: frozenset[str]) -> None:
        """Take the manifest as read under the output's lock (another build may have
        finished since :meth:`prepare`), without the units of a file a killed build had
        begun to change (``dirty``, inplace.py's journal): those render again."""
        self.before = None if self.clean else previous
        self.checked = {}
        self.held, self.relisted = set(), set()
        self.listings, self.held_stamps = {}, {}
        if self.folder_check is not None and (dirty or previous is not self.previous):
            # Another build wrote in the output since prepare read its manifest, or one was
            # cut short: the answers are of folders that may have changed since.
            self.folder_check.drop()
            self.folder_check = self.side = None
        if self.clean or previous is None:
            self.previous = None
            return
        if not dirty:
            self.previous = previous
            return
        # After a killed build only: every unit's record is read to find the dirty ones.
        self.previous = Manifest(units=MappingProxyType({
            name: unit for name, unit in previous.units.items()
            if dirty.isdisjoint(unit.files)}))

    def inputs_record(self) -> Callable[[], bytes | None]:
        """The inputs' record of this build, once its files are written and the old ones
        removed: handed to the side process of an archive, which holds the record it read
        and writes it again with this build's change while the build writes its manifest
        (at 10,000 events the record's 24,000 entries took 17 ms to make and 6 to write).
        The result, called where the record is to be written, waits for it and gives None
        once it is written; else (no side process, or it failed) the record's bytes."""
        side, check = self.side, self.folder_check
        self.side = None
        if side is None or self.clean:
            return self.inputs_bytes
        if check is not None:  # its answers read first: the side process's task before
            self.held_stamps = {**check.answers(), **self.held_stamps}
            self.folder_check = None
        recorded, units, made = self.recorded.events, self._units_now(), self._made_folders()
        change = InputsChange(
            identity=self.recorded.identity,
            events={slug: entry for slug, entry in self.inputs.items()
                    if entry is not recorded.get(slug)},
            gone=frozenset(recorded.keys() - self.inputs.keys()), listed=self.listed,
            made=made,
            unstamped={name: unit_folders(units[name].files)
                       for name in units.keys() - made.keys() - self.stamps.keys()},
            units_gone=frozenset(self.stamps.keys() - units.keys()))
        return written_aside(side, change, self.inputs_bytes)

    def inputs_bytes(self) -> bytes:
        """The record of :data:`INPUTS_NAME`. A file changed less than
        :data:`RACY_NANOSECONDS` before the digest is left out (hashed again next time): a
        file system keeps times at a coarse tick, so a second edit of the same size within
        it would otherwise keep the time the first one had."""
        return inputs_json(self.inputs, self._folders_now(), self.listed)

    def inputs_outdated(self) -> bool:
        """Whether a build that found nothing changed should write :data:`INPUTS_NAME`
        again: a file was hashed or a unit's folders listed to know it, which the record
        would otherwise have every following build do again (asked once every unit was
        looked for)."""
        return self.inputs_new or bool(self.relisted)

    def _folders_now(self) -> dict[str, FolderStamps]:
        """Each unit's folders as this build leaves them (stored_files.folders_now): a unit
        rendered by its files, one kept by its stamps as read where they held (this build's
        own look at them, :meth:`intact`), or its record's files."""
        units, held = self._units_now(), self.held
        return folders_now(self.out_dir, units, self.stamps, self._made_folders(),
                           lambda name, _stamps: name in held,
                           lambda name: unit_folders(units[name].files))

    def _units_now(self) -> Mapping[str, Unit]:
        """This build's units; the last build's where it made none (nothing changed)."""
        return self.units or (self.previous.units if self.previous is not None else {})

    def _made_folders(self) -> dict[str, set[str]]:
        """The folders of each unit this build rendered."""
        return {name: unit_folders(unit.files) for name, unit in self.units.items()
                if not isinstance(unit, StoredUnit)}

    def unchanged_warnings(self) -> tuple[Diagnostic, ...] | None:
        """The warnings to print when nothing changed since the last build (the events
        folder's own, listed afresh, and the line counting the events' own, which are not
        printed again: :meth:`unchanged_note`); None when something did, or the events folder
        has an error.

        "Nothing changed" means the same events with the same keys, the same program, and
        every file of the last build still in the output folder (:func:`files_present`).
        """
        previous = self.previous
        if previous is None:
            return None
        # An event whose inputs are not those recorded has nearly always another key than
        # its unit: asked first, a change is known without a look at every unit.
        units = previous.units
        if any(slug not in units or units[slug].key != self.keys[slug] for slug in self.moved):
            return None
        expected = keys = {**self.keys, **self.others, INDEX_UNIT: self.index}
        # A language under a folder has its units as "en/" + the unit (render_languages);
        # a festival's section is "festival/section" (reading/festival.py). The players'
        # pages are the index's, in units of their own under its key (people_unit).
        def base(name: str) -> str:
            if is_people_unit(name):
                return INDEX_UNIT
            return name if name in expected else name.partition("/")[2]

        bases = {name: base(name) for name in units}
        if set(bases.values()) != set(keys) or not set(keys) <= set(units):
            return None
        if any(d.is_error for d in self.listing):  # the build reports them and fails
            return None
        if any(unit.key != keys[bases[name]] for name, unit in units.items()):
            return None
        if not all(self.intact(name) for name in previous.units):
            return None
        self.reused = sorted(previous.units)
        return (*self.listing, *self.unchanged_note(self.keys))

    def unchanged_note(self, slugs: Iterable[str]) -> tuple[Diagnostic, ...]:
        """One line counting the warnings of the events ``slugs``, unchanged since the last
        build, which printed them: an archive's thousands of events would otherwise print
        every warning they ever had on every build (the index counts them, no record is
        read). Empty when they have none. ``--strict`` still refuses them:
        :meth:`unchanged_refused`."""
        previous = self.previous
        counts = [] if previous is None else [
            unit.warning_count for slug in slugs
            if (unit := previous.units.get(slug)) is not None]
        warnings, events = sum(counts), sum(1 for count in counts if count)
        if not warnings:
            return ()
        return (Diagnostic(
            path=self.events_spelling, severity=Severity.REMARK,
            message=f"{warnings:,} warning{'s' if warnings != 1 else ''} of {events:,} "
                    f"unchanged event{'s' if events != 1 else ''}, printed when "
                    f"{'they were' if events != 1 else 'it was'} last built, not repeated",
            expected=f"'standings check {self.events_spelling}' to list them"),)

    def strict_refusal(self, printed: Iterable[Diagnostic], slugs: Iterable[str],
                       ) -> StandingsError | None:
        """What ``--strict`` raises when the build's warnings (``printed``) or those of the
        unchanged events ``slugs`` hold one (None: nothing it refuses): every warning and
        note in full, as a clean build's ``--strict`` prints them (the unchanged events'
        records read, of those that have some)."""
        previous = self.previous
        slugs = sorted(slugs)
        unchanged = [] if previous is None else [
            unit for slug in slugs if (unit := previous.units.get(slug)) is not None]
        note = self.unchanged_note(slugs)
        shown = [warning for warning in printed if warning not in note]
        if not refused_by_strict(shown) and not any(unit.warning_count for unit in unchanged):
            return None
        return StandingsError(warning.as_error() for warning in (
            *shown, *(local_diagnostic(w, self.events_spelling) for unit in unchanged
                      if unit.diagnostic_count for w in unit.warnings)))

    def render_site(
        self,
        plans: Sequence[PlanT],
        render_event: Callable[[PlanT], Mapping[str, bytes]],
        render_index: Callable[[], Mapping[str, bytes]],
        warnings: Mapping[str, Sequence[Diagnostic]],
    ) -> dict[str, bytes]:
        """Every file of the site (:attr:`manifest` its manifest): unchanged units read back,
        others rendered.

        ``plans``: each has a ``slug``; ``warnings``: slug -> the warnings of that event.
        The result is what a clean build renders, byte for byte: a reused file is used only
        if its hash is the one recorded when it was rendered from the same key.
        """
        return self.render_languages(plans, [("", render_event, render_index)], warnings)

    def render_languages(
        self,
        plans: Sequence[PlanT],
        passes: Sequence[tuple[str, Callable[[PlanT], Mapping[str, Written]],
                               Callable[[], Mapping[str, Written]]]],
        warnings: Mapping[str, Sequence[Diagnostic]],
        *,
        read_back: bool = True,
        summarise: Callable[[PlanT], Mapping[str, Any]] | None = None,
        index_kept: Mapping[str, Mapping[str, FileRecord]] | None = None,
        people: PeoplePages | None = None,
        others: Sequence[Mapping[str, OtherUnit]] = (),
        index_summary: Callable[[str], Mapping[str, Any] | None] | None = None,
    ) -> dict[str, bytes]:
        """:meth:`render_site` for a site in several languages: ``passes`` holds, per
        language, its folder ("" for the first, "en/" ...) and its two renderers. A unit of
        a language under a folder is named by it ("en/" + slug) and keyed as the slug's unit:
        the language is site.yml's, which the program digest takes. Its warnings are the
        first language's, said once.

        Without ``read_back`` (a site written in place, generator/site/inplace.py) the
        result is empty: each renderer wrote its files as it made them (the index's may give
        their records, not their bytes), the others stay on disk unread (an archive's pages
        are not held to the end of its build). ``others``: per language, their renderers.
        ``index_kept``: per language, the index pages kept as they are, which the index
        unit's record lists with those rendered. ``people``: the units of the players'
        pages (:func:`people_unit`), which go with the index's.
        ``index_summary(home)``: what the next build keeps of a language's index pages when
        they are rendered (the find index's state, find_update.py), asked after they are."""
        files: dict[str, bytes] = {}
        units: dict[str, Unit] = {}
        for number, (home, render_event, render_index) in enumerate(passes):
            for name, (render, summary) in (others[number] if others else {}).items():
                units[home + name] = self._unit(
                    home + name, self.others[name], render, (), files, read_back=read_back,
                    summarise=None if home else summary)
            for plan in plans:
                slug = plan.slug
                # Discovery and the reader name events by the same rule (events.event_slug),
                # so every planned event has a key; a missing one is a bug, never a stale
                # reuse.
                key = self.keys[slug]
                # An archive's unchanged events (10,000) taken as they are before their
                # renderers are made: some 8 ms of every change at 10,000 events.
                as_it_was = None if read_back else self._kept_unread(home + slug, key)
                if as_it_was is not None:
                    units[home + slug] = as_it_was
                    continue
                units[home + slug] = self._unit(
                    home + slug, key, partial(render_event, plan),
                    () if home else warnings.get(slug, ()), files, read_back=read_back,
                    summarise=None if home or summarise is None else partial(summarise, plan))
            # Where a unit of the players' pages is not all there (a page removed by hand,
            # or a killed build's), the index's renders it, as it renders the pages it touches.
            index = self._unit(home + INDEX_UNIT, self.index, render_index, (), files,
                               read_back=read_back,
                               summarise=None if index_summary is None
                               else partial(index_summary, home),
                               again=people is not None and not people.whole(home))
            # The index pages a change did not touch, kept unread (index_update.py).
            kept = {} if index_kept is None else index_kept.get(home, {})
            if kept and home + INDEX_UNIT in self.rendered and isinstance(index, UnitRecord):
                index = replace(index, files=merged_files(kept, index.files))
            units[home + INDEX_UNIT] = index
            if people is not None:
                for name, unit in people.units(home, self.index).items():
                    units[name] = unit
                    (self.people_rendered if isinstance(unit, UnitRecord)
                     else self.people_reused).append(name)
        self.units = MappingProxyType(units)
        return dict(sorted(files.items()))

    def left_behind(self, before: Manifest, dirty: Iterable[str]) -> list[str]:
        """The files of the site ``before`` (and those a killed build journaled,
        ``dirty``) that the units :meth:`render_languages` made no longer have. Only the
        units rendered again or gone are read: a unit kept as it was keeps its files, and
        no two units have a file in common (each event's under its folder)."""
        made = {path for unit in self.units.values() if not isinstance(unit, StoredUnit)
                for path in unit.files}
        replaced = (unit for name, unit in before.units.items()
                    if not same_record(self.units.get(name), unit))
        return [path for path in (*(p for unit in replaced for p in unit.files), *dirty)
                if path not in made]

    @property
    def manifest(self) -> Manifest:
        """The manifest of the units :meth:`render_languages` made, for the writer to keep
        (inplace.py ``finish``)."""
        return Manifest(units=self.units, state=self.state)

    def summary(self, slug: str, homes: Iterable[str], key: str | None = None,
                ) -> Mapping[str, Any] | None:
        """The summary of event ``slug`` (or of another unit whose ``key`` is given) when
        every language's unit of it is reused as it is (same key, every file there), so
        that the build need not read it; None when the event is to be read."""
        if not self.is_kept(slug, homes, key):
            return None
        # read from its record file each time: asked once
        return self.previous.units[slug].summary  # type: ignore[union-attr]

    def is_kept(self, slug: str, homes: Iterable[str], key: str | None = None) -> bool:
        """Every language's unit of event ``slug`` (or of another unit whose ``key`` is
        given) is reused as it is (same key, every file there): its summary stands for it."""
        previous = self.previous
        if previous is None or self.clean or slug not in previous.units:
            return False
        key = self.keys[slug] if key is None else key
        for home in homes:
            record = previous.units.get(home + slug)
            if record is None or record.key != key or not self.intact(home + slug):
                return False
        return True

    def intact(self, unit: str) -> bool:
        """The last build's unit ``unit`` has its files all in the output (its folders'
        stamps, else a listing of them; asked once per unit)."""
        known = self.checked.get(unit)
        if known is None:
            record = self.previous.units.get(unit) if self.previous is not None else None
            stamps = self.stamps.get(unit)
            held = record is not None and stamps is not None and self._stamps_hold(stamps)
            if held:
                self.held.add(unit)
            known = self.checked[unit] = record is not None and (
                held or record.is_intact_in(self.out_dir, self.listings))
            if known and not held and record is not None and record.files:
                self.relisted.add(unit)
        return known

    def _stamps_hold(self, stamps: FolderStamps) -> bool:
        known = self.held_stamps.get(stamps)
        if known is None and self.folder_check is not None:
            answers, self.folder_check = self.folder_check.answers(), None
            self.held_stamps = {**answers, **self.held_stamps}
            known = self.held_stamps.get(stamps)
        if known is None:
            known = self.held_stamps[stamps] = stamps_hold(self.out_dir, stamps)
        return known

    def replayed_warnings(self, slug: str) -> tuple[Diagnostic, ...]:
        """The warnings event ``slug`` had when it was last read, as a build prints them."""
        previous = self.previous
        record = previous.units.get(slug) if previous is not None else None
        return () if record is None else tuple(local_diagnostic(w, self.events_spelling)
                                               for w in record.warnings)

    def renders(self, unit: str, slug: str) -> bool:
        """Whether :meth:`render_languages` will render event ``slug``'s ``unit`` (``home +
        slug``) rather than read it back: no record of it, or one of other inputs. (One
        read back may still be rendered: a file of it changed since.) The build renders
        these ahead, in worker processes."""
        record = self.previous.units.get(unit) if self.previous else None
        return record is None or record.key != self.keys[slug]

    def _unit(self, unit: str, key: str, render: Callable[[], Mapping[str, Written]],
              warnings: Iterable[Diagnostic], files: dict[str, bytes], *,
              read_back: bool = True,
              summarise: Callable[[], Mapping[str, Any] | None] | None = None,
              again: bool = False) -> Unit:
        """Add one unit's files to ``files``, read back from the last build when it made them
        from the same key, else rendered; returns the unit's record. Without ``read_back``
        (a site written in place), a unit whose files are all there is
        kept as it is, unread. ``again``: rendered whatever the last build made."""
        if not again:
            kept = self._read_back(unit, key, files) if read_back \
                else self._kept_unread(unit, key)
            if kept is not None:
                return kept
        if self.on_render is not None:
            self.on_render(unit)
        produced = dict(render())
        if read_back:  # the renderers of a site read back give bytes, never records
            files.update((path, content) for path, content in produced.items()
                         if isinstance(content, bytes))
        self.rendered.append(unit)
        return UnitRecord.of(key, produced, self._portable(warnings),
                             None if summarise is None else summarise())

    def _kept_unread(self, unit: str, key: str) -> Unit | None:
        """The last build's record of ``unit``, where it was made from the same key and its
        files are all there (a site written in place keeps them, unread); else None."""
        record = self.previous.units.get(unit) if self.previous else None
        if record is None or record.key != key or not self.intact(unit):
            return None
        self.reused.append(unit)
        # The same key: the same warnings, kept in the record as they are.
        return record

    def _read_back(self, unit: str, key: str, files: dict[str, bytes]) -> Unit | None:
        """:meth:`_kept_unread` for a site read back: the unit's files added to ``files``
        from the output (load_from checked each against the record's size and hash)."""
        record = self.previous.units.get(unit) if self.previous else None
        if record is None or record.key != key:
            return None
        reused = _load_from(record, self.out_dir)
        if reused is None:
            return None
        files.update(reused)
        self.reused.append(unit)
        return record

    def _portable(self, warnings: Iterable[Diagnostic]) -> tuple[Diagnostic, ...]:
        return tuple(portable_diagnostic(w, self.events_spelling) for w in warnings)


def _load_from(record: Unit, out_dir: Path) -> dict[str, bytes] | None:
    """The files as built last time, or None when any was changed or removed since."""
    loaded: dict[str, bytes] = {}
    if isinstance(record, StoredUnit) and not record.readable:
        return None
    for path, stored in record.files.items():
        try:
            content = read_regular_file(out_dir / path)
        except OSError:
            return None
        if len(content) != stored.size or hashlib.sha256(content).hexdigest() != stored.sha256:
            return None
        loaded[path] = content
    return loaded
