"""Incremental builds: reuse an event's pages while nothing they are made from has changed.

An event's output is a pure function of three things, so its cache key is a digest of them:

- the event folder's files (every non-hidden file, by relative name and content);
- the program and the day: ``generator.__version__``, the day of the build (an end date
  still ahead keeps an event provisional), *and* every file of the installed package (code,
  tie-break explanations), so an editable install under development never reuses pages
  made by older code (digested once per process: the code that renders is the code the
  process imported; the files it reads while rendering are in the template folders below);
- the templates: the package's (with its static assets) and the club's ``templates/``
  override folder beside ``events/``.

Only content and names below these folders count, never where they are: the same folder
given as ``events``, ``./events/`` or its absolute path is the same cache, and two copies of
a project in two folders build the same manifest. (A warning names its file as the events
folder was given; the manifest keeps it below a placeholder and a build replays it in the
spelling of the day, see :data:`EVENTS_PLACEHOLDER`.)

The index and cross-event pages depend on every event, so their key is a digest of all the
event keys. ``standings build`` keeps the keys, with the size and SHA-256 of every file they
produced, in ``SITE/.standings-cache.json`` (see :data:`MANIFEST_NAME` for why there).
``standings serve`` keeps the same units in memory instead (generator/preview/livebuild.py).

Digests are taken *before* reading the files: if a file changes while it is being read, the
recorded key describes older content than the pages, so the next build renders again rather
than trusting a torn read.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache, partial
from pathlib import Path
from types import MappingProxyType
from typing import Any, Protocol, TypeVar

from generator import __version__
from generator.clock import build_date
from generator.errors import Diagnostic, Severity
from generator.files import open_regular_file, read_regular_file
from generator.reading.festival import section_inputs
from generator.site.stored_files import (
    FileRecord as FileRecord,
)
from generator.site.stored_files import (
    FolderListings,
    files_json,
    files_present,
    stored_files,
)

MANIFEST_NAME = ".standings-cache.json"
"""The cache manifest, kept inside the output folder.

Inside rather than beside it: the manifest is written after the pages it describes, and a
build trusts it only without a journal of a build cut short (generator/site/inplace.py), so
it describes exactly the files next to it (a manifest kept elsewhere could outlive a
``site/`` that someone deleted or replaced). ``site/`` is already ignored by git, so
nothing new needs ignoring. On GitHub Pages the file is reachable (``.nojekyll`` serves
dotfiles) but holds only file names and hashes of public pages: nothing that matters.
"""

MANIFEST_FORMAT = 2
"""2: the site is written in place (generator/site/inplace.py); a manifest of 1 described a
site swapped in whole, and is rebuilt once."""

INPUTS_NAME = ".standings-cache-inputs.json"
"""Each event's input files as the last build saw them (:data:`InputStats`), beside the
manifest: the sizes and modification times that let a build know an event unchanged
without opening its files. Apart from the manifest because times differ between two copies
of one project, which build the same manifest; this file is theirs alone, and only ever
saves a read (a wrong time makes a file hashed again, never a page reused)."""
INDEX_UNIT = ""
"""The manifest's name for the pages that list events (no event folder has an empty name)."""

PACKAGE_DIR = Path(__file__).resolve().parents[1]

# Files that never feed a page: editor swap and backup files, byte-code.
_IGNORED_SUFFIXES = (".pyc", ".pyo", ".swp", ".swx", ".tmp", "~")
_IGNORED_DIRS = frozenset({"__pycache__"})


def _is_input_name(name: str) -> bool:
    return not name.startswith((".", "#")) and not name.endswith(_IGNORED_SUFFIXES)


def input_files(folder: Path) -> list[Path]:
    """Every file under ``folder`` that may feed a page, sorted for a stable digest."""
    found: list[Path] = []
    try:
        entries = sorted(folder.iterdir())
    except (FileNotFoundError, NotADirectoryError):
        return found
    for entry in entries:
        if not _is_input_name(entry.name):
            continue
        if entry.is_symlink():
            # Digested by its text, never followed: a link to / in an event folder made
            # every build (and serve) walk the whole disk, and the reader refuses a linked
            # file or templates folder whatever it points to (generator/files.py).
            found.append(entry)
        elif entry.is_dir():
            if entry.name not in _IGNORED_DIRS:
                found.extend(input_files(entry))
        elif entry.is_file():
            found.append(entry)
    return found


InputStats = dict[str, tuple[int, int, str]]
"""A folder's files as the last digest saw them: relative name -> (size, mtime_ns, SHA-256
of the content): what :func:`digest_folder` trusts without opening the file."""


def digest_folder(folder: Path, known: Mapping[str, tuple[int, int, str]] | None = None,
                  seen: InputStats | None = None) -> str:
    """SHA-256 over the relative names and contents of a folder's input files (or of one file,
    for an event given as a loose TRF file).

    ``known``: the files as an earlier digest saw them; a file with the same size and
    modification time (in nanoseconds) is taken at its recorded hash without being opened,
    so an unchanged event costs a ``stat`` per file. ``seen`` receives every file's stats and
    hash, taken *before* it is read: a file written while it is hashed has another time at
    the next build, which reads it again.

    A file that vanishes while being hashed counts as part of the digest (as missing): the
    digest then differs from the next one taken and the caller reads again.
    """
    digest = hashlib.sha256()
    # A link to no folder (site.yml linked anywhere, even to nothing) is digested as itself.
    is_one_file = folder.is_file() or (folder.is_symlink() and not folder.is_dir())
    files = [folder] if is_one_file else input_files(folder)
    for path in files:
        name = path.name if path == folder else path.relative_to(folder).as_posix()
        digest.update(name.encode())
        digest.update(b"\0")
        content = _content_digest(path, name, known, seen)
        digest.update(len(content).to_bytes(8, "big"))
        digest.update(content)
    if not is_one_file:
        # A festival's section: its pages also show what festival.yml gives it.
        digest.update(section_inputs(folder))
    return digest.hexdigest()


def _content_digest(path: Path, name: str, known: Mapping[str, tuple[int, int, str]] | None,
                    seen: InputStats | None) -> bytes:
    # Each file's own digest, read in chunks: a file of gigabytes (which the reader
    # refuses by its size) must not be read into memory just to be hashed.
    try:
        if path.is_symlink():  # never followed: its target would be read, not published
            return b"\0<link>\0" + os.fsencode(os.readlink(path))
        found = os.stat(path)
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


@cache
def package_digest() -> str:
    """The installed package's files as this process imported them.

    Once per process: ``standings serve`` asks for the program digest on every refresh, and
    hashing the whole package each time (half a megabyte) was a few milliseconds of every
    edit's latency, while a code change on disk cannot change what the running server renders.
    """
    return digest_folder(PACKAGE_DIR)


def program_digest(template_folders: Iterable[Path] = ()) -> str:
    """Digest of what renders every page: version, package files, a club's templates, and
    any single files given among the folders (site.yml: its title is on every page); and the
    day of the build, since an event whose end date is still ahead is not final (a new day
    renders once again, to the same bytes unless an event has ended meanwhile)."""
    digest = hashlib.sha256(f"standings {__version__}\0{build_date().isoformat()}\0".encode())
    digest.update(package_digest().encode())
    for folder in template_folders:
        # The name, not the path: which input it is (templates, site.yml, the logo) but not
        # where the project or the package lies on this machine.
        digest.update(b"\0" + folder.name.encode() + b"\0")
        digest.update(digest_folder(folder).encode())
    return digest.hexdigest()


def unit_key(program: str, inputs: str) -> str:
    """The cache key of one event's output."""
    return hashlib.sha256(f"{program}\0{inputs}".encode()).hexdigest()


def index_key(program: str, event_keys: Mapping[str, str]) -> str:
    """The cache key of the pages that list events: they depend on every event."""
    digest = hashlib.sha256(f"{program}\0index\0".encode())
    for slug in sorted(event_keys):
        digest.update(f"{slug}\0{event_keys[slug]}\0".encode())
    return digest.hexdigest()


# --- the manifest -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class UnitRecord:
    """One cached unit (an event's pages, or the index pages) as built last time."""

    key: str
    """:func:`unit_key` / :func:`index_key` of the inputs these files were rendered from."""
    files: Mapping[str, FileRecord]
    """Site-relative path -> size and hash of the bytes written."""
    warnings: tuple[Diagnostic, ...] = ()
    """Warnings the reader gave for these inputs, replayed when nothing changed, so such a
    build prints (and ``--strict`` fails on) exactly what a clean one would."""
    summary: Mapping[str, Any] | None = None
    """An event's summary (generator/site/stored_summary.py): what the pages outside its folder
    read of it, so that a build lists it unchanged without reading it."""

    @classmethod
    def of(cls, key: str, files: Mapping[str, bytes],
           warnings: Iterable[Diagnostic] = (),
           summary: Mapping[str, Any] | None = None) -> UnitRecord:
        return cls(
            key=key,
            files=MappingProxyType({path: FileRecord.of(content)
                                    for path, content in sorted(files.items())}),
            warnings=tuple(warnings),
            summary=summary,
        )

    def is_intact_in(self, out_dir: Path, listings: FolderListings | None = None) -> bool:
        """Every file is still there (:func:`files_present`)."""
        return files_present(out_dir, self.files, {} if listings is None else listings)

    def load_from(self, out_dir: Path) -> dict[str, bytes] | None:
        """The files as built last time, or None when any was changed or removed since."""
        loaded: dict[str, bytes] = {}
        for path, record in self.files.items():
            try:
                content = read_regular_file(out_dir / path)
            except OSError:
                return None
            if len(content) != record.size or hashlib.sha256(content).hexdigest() != record.sha256:
                return None
            loaded[path] = content
        return loaded


FileStamp = tuple[int, int, int]
"""A file's inode, size and modification time: replaced (renamed over), it has another."""


@dataclass(frozen=True, slots=True)
class Manifest:
    units: Mapping[str, UnitRecord]
    """Event folder name -> its record; :data:`INDEX_UNIT` -> the index pages' record."""

    def to_bytes(self) -> bytes:
        """Deterministic JSON: a clean build and a cached one write the same manifest."""
        data = {
            "format": MANIFEST_FORMAT,
            "units": {
                name: {
                    "key": unit.key,
                    "files": files_json(unit.files),
                    "warnings": [_diagnostic_to_json(w) for w in unit.warnings],
                    **({} if unit.summary is None else {"summary": unit.summary}),
                }
                for name, unit in sorted(self.units.items())
            },
        }
        # Compact: an archive's manifest lists every file and every event's summary.
        return (json.dumps(data, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
                + "\n").encode()

    @classmethod
    def from_bytes(cls, data: bytes) -> Manifest | None:
        """The manifest, or None when it is unreadable or from another format (build all)."""
        try:
            raw = json.loads(data)
            if raw.get("format") != MANIFEST_FORMAT:
                return None
            units = {
                str(name): UnitRecord(
                    key=str(unit["key"]),
                    files=stored_files(unit["files"]),
                    warnings=tuple(_diagnostic_from_json(w) for w in unit.get("warnings", ())),
                    summary=unit.get("summary"),
                )
                for name, unit in raw["units"].items()
            }
        except (ValueError, TypeError, KeyError, AttributeError):
            return None
        return cls(units=MappingProxyType(units))

    @classmethod
    def load(cls, out_dir: Path) -> Manifest | None:
        return cls.load_stamped(out_dir)[0]

    @classmethod
    def load_stamped(cls, out_dir: Path) -> tuple[Manifest | None, FileStamp | None]:
        """The manifest and the stamp of the file it was read from (an archive's manifest
        is megabytes: a build that finds the same file again under its lock keeps what it
        read, see inplace.py)."""
        try:
            with open_regular_file(out_dir / MANIFEST_NAME) as file:
                found = os.fstat(file.fileno())
                data = file.read()
        except OSError:
            return None, None
        return cls.from_bytes(data), (found.st_ino, found.st_size, found.st_mtime_ns)


def _diagnostic_to_json(diagnostic: Diagnostic) -> dict[str, Any]:
    return {"path": diagnostic.path, "line": diagnostic.line, "column": diagnostic.column,
            "message": diagnostic.message, "expected": diagnostic.expected,
            "severity": str(diagnostic.severity)}


def _diagnostic_from_json(data: Mapping[str, Any]) -> Diagnostic:
    def number(value: Any) -> int | None:
        return None if value is None else int(value)

    return Diagnostic(path=str(data["path"]), line=number(data.get("line")),
                      column=number(data.get("column")), message=str(data["message"]),
                      expected=None if data.get("expected") is None else str(data["expected"]),
                      severity=Severity(data.get("severity", "warning")))


# --- what an events folder holds ---------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Listing:
    """What an events folder holds, as the reader lists it (events.event_paths)."""

    folders: Mapping[str, Path]
    """Slug -> the event folder (or loose TRF file), in slug order."""
    diagnostics: tuple[Diagnostic, ...] = ()
    """Problems of the events folder itself: what ``build`` and ``check`` report before
    reading any event (a TRF file beside the event folders, a refused name, a link)."""


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
    inputs: Mapping[str, InputStats] = field(default_factory=dict)
    """Slug -> its input files as :meth:`prepare` saw them (see :data:`INPUTS_NAME`)."""
    digested_at: int = 0
    """When :meth:`prepare` began (``time.time_ns``)."""
    units: Mapping[str, UnitRecord] = field(default_factory=dict)
    """The units of the manifest :meth:`render_languages` made last."""
    stamp: FileStamp | None = None
    """The stamp of the manifest file :meth:`prepare` read (``previous``)."""
    program: str = ""  # program_digest as prepare took it
    others: Mapping[str, str] = field(default_factory=dict)
    """Other units' keys by name: the series (site/series_unit.py; in :attr:`index`'s)."""
    checked: dict[str, bool] = field(default_factory=dict)
    """Units whose files :meth:`_intact` has looked for, and whether all were there."""
    listings: FolderListings = field(default_factory=dict)
    """The output's folders as this build listed them (:func:`files_present`)."""
    found: Listing | None = None
    """The events folder's listing :meth:`prepare` was given, which the build reuses."""
    before: Manifest | None = None
    """The manifest as :meth:`adopt` took it, every unit in it: what the last finished
    build listed, even of an event a killed build had begun to change since."""

    @classmethod
    def prepare(cls, events_dir: Path | str, out_dir: Path | str, *, listing: Listing,
                template_folders: Iterable[Path], clean: bool = False) -> BuildCache:
        """``listing``: the events folder as the reader lists it now (site.build's
        ``discover_events``); ``template_folders``: the folders and files besides the
        package that shape pages (site.build's ``page_inputs``: the templates, site.yml and
        its logo)."""
        # Not the events folder's spelling: no page names it, and the warnings are kept
        # without it (_portable) and replayed in the spelling given now (_local).
        digested_at = time.time_ns()
        program = program_digest(template_folders)
        out = Path(out_dir)
        known = {} if clean else _load_inputs(out)
        inputs: dict[str, InputStats] = {}
        keys = {slug: unit_key(program, digest_folder(folder, known.get(slug),
                                                      inputs.setdefault(slug, {})))
                for slug, folder in sorted(listing.folders.items())}
        # As the build hands it to the reader (a Path: "./events/" is "events" there).
        previous, stamp = (None, None) if clean else Manifest.load_stamped(out)
        return cls(out_dir=out, events_spelling=os.fspath(Path(events_dir)),
                   keys=MappingProxyType(keys), index=index_key(program, keys), program=program,
                   previous=previous, stamp=stamp,
                   listing=listing.diagnostics, clean=clean, inputs=inputs,
                   digested_at=digested_at)

    def adopt(self, previous: Manifest | None, dirty: frozenset[str]) -> None:
        """Take the manifest as read under the output's lock (another build may have
        finished since :meth:`prepare`), without the units of a file a killed build had
        begun to change (``dirty``, inplace.py's journal): those render again."""
        self.before = None if self.clean else previous
        self.checked = {}
        self.listings = {}
        if self.clean or previous is None:
            self.previous = None
            return
        self.previous = Manifest(units=MappingProxyType({
            name: unit for name, unit in previous.units.items()
            if dirty.isdisjoint(unit.files)}))

    def inputs_bytes(self) -> bytes:
        """The record of :data:`INPUTS_NAME`. A file changed less than
        :data:`RACY_NANOSECONDS` before the digest is left out (hashed again next time): a
        file system keeps times at a coarse tick, so a second edit of the same size within
        it would otherwise keep the time the first one had."""
        trusted = self.digested_at - RACY_NANOSECONDS
        data = {slug: {name: [size, mtime, sha] for name, (size, mtime, sha) in files.items()
                       if mtime < trusted}
                for slug, files in sorted(self.inputs.items())}
        return (json.dumps({"format": MANIFEST_FORMAT, "events": data}, sort_keys=True,
                           separators=(",", ":")) + "\n").encode()

    def unchanged_warnings(self) -> tuple[Diagnostic, ...] | None:
        """The warnings of the last build when nothing changed since (the events folder's own,
        listed afresh, first); None when something did, or the events folder has an error.

        "Nothing changed" means the same events with the same keys, the same program, and
        every file of the last build still in the output folder (:func:`files_present`).
        """
        previous = self.previous
        expected = keys = {**self.keys, **self.others, INDEX_UNIT: self.index}
        # A language under a folder has its units as "en/" + the unit (render_languages);
        # a festival's section is "festival/section" (reading/festival.py).
        def base(name: str) -> str:
            return name if name in expected else name.partition("/")[2]

        bases = {base(name) for name in previous.units} if previous else set()
        if previous is None or bases != set(keys) or not set(keys) <= set(previous.units):
            return None
        if any(d.is_error for d in self.listing):  # the build reports them and fails
            return None
        if any(unit.key != keys[base(name)] for name, unit in previous.units.items()):
            return None
        if not all(unit.is_intact_in(self.out_dir, self.listings)
                   for unit in previous.units.values()):
            return None
        self.reused = sorted(previous.units)
        return (*self.listing, *(_local(w, self.events_spelling)
                                 for slug in sorted(self.keys)
                                 for w in previous.units[slug].warnings))

    def render_site(
        self,
        plans: Sequence[PlanT],
        render_event: Callable[[PlanT], Mapping[str, bytes]],
        render_index: Callable[[], Mapping[str, bytes]],
        warnings: Mapping[str, Sequence[Diagnostic]],
    ) -> dict[str, bytes]:
        """Every file of the site plus the manifest: unchanged units read back, others rendered.

        ``plans``: each has a ``slug``; ``warnings``: slug -> the warnings of that event.
        The result is what a clean build renders, byte for byte: a reused file is used only
        if its hash is the one recorded when it was rendered from the same key.
        """
        return self.render_languages(plans, [("", render_event, render_index)], warnings)

    def render_languages(
        self,
        plans: Sequence[PlanT],
        passes: Sequence[tuple[str, Callable[[PlanT], Mapping[str, bytes]],
                               Callable[[], Mapping[str, bytes]]]],
        warnings: Mapping[str, Sequence[Diagnostic]],
        *,
        read_back: bool = True,
        summarise: Callable[[PlanT], Mapping[str, Any]] | None = None,
        index_kept: Mapping[str, Mapping[str, FileRecord]] | None = None,
        others: Sequence[Mapping[str, OtherUnit]] = (),
        index_summary: Callable[[str], Mapping[str, Any] | None] | None = None,
    ) -> dict[str, bytes]:
        """:meth:`render_site` for a site in several languages: ``passes`` holds, per
        language, its folder ("" for the first, "en/" ...) and its two renderers. A unit of
        a language under a folder is named by it ("en/" + slug) and keyed as the slug's unit:
        the language is site.yml's, which the program digest takes. Its warnings are the
        first language's, said once.

        Without ``read_back`` (a site written in place, generator/site/inplace.py) the
        result holds only the rendered units' files and the manifest: the others stay on
        disk as they are, unread. ``others``: per language, :attr:`others`' renderers.
        ``index_summary(home)``: what the next build keeps of a language's index pages when
        they are rendered (the find index's state, find_update.py), asked after they are."""
        files: dict[str, bytes] = {}
        units: dict[str, UnitRecord] = {}
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
                units[home + slug] = self._unit(
                    home + slug, key, partial(render_event, plan),
                    () if home else warnings.get(slug, ()), files, read_back=read_back,
                    summarise=None if home or summarise is None else partial(summarise, plan))
            index = self._unit(home + INDEX_UNIT, self.index, render_index, (), files,
                               read_back=read_back,
                               summarise=None if index_summary is None
                               else partial(index_summary, home))
            # The players' pages a change did not touch, kept unread (touched.py), filled
            # in by render_index as it rendered the others.
            kept = {} if index_kept is None else index_kept.get(home, {})
            if kept and home + INDEX_UNIT in self.rendered:
                index = replace(index, files=MappingProxyType(dict(sorted(
                    {**kept, **index.files}.items()))))
            units[home + INDEX_UNIT] = index
        self.units = MappingProxyType(units)
        files[MANIFEST_NAME] = Manifest(units=self.units).to_bytes()
        return dict(sorted(files.items()))

    def summary(self, slug: str, homes: Iterable[str], key: str | None = None,
                ) -> Mapping[str, Any] | None:
        """The summary of event ``slug`` (or of another unit whose ``key`` is given) when
        every language's unit of it is reused as it is (same key, every file there), so
        that the build need not read it; None when the event is to be read."""
        previous = self.previous
        if previous is None or self.clean:
            return None
        base = previous.units.get(slug)
        if base is None or base.summary is None:
            return None
        key = self.keys[slug] if key is None else key
        for home in homes:
            record = previous.units.get(home + slug)
            if record is None or record.key != key or not self._intact(home + slug):
                return None
        return base.summary

    def _intact(self, unit: str) -> bool:
        """The unit's files are all in the output (asked once per unit)."""
        known = self.checked.get(unit)
        if known is None:
            record = self.previous.units.get(unit) if self.previous is not None else None
            known = self.checked[unit] = record is not None and record.is_intact_in(
                self.out_dir, self.listings)
        return known

    def replayed_warnings(self, slug: str) -> tuple[Diagnostic, ...]:
        """The warnings event ``slug`` had when it was last read, as a build prints them."""
        previous = self.previous
        record = previous.units.get(slug) if previous is not None else None
        return () if record is None else tuple(_local(w, self.events_spelling)
                                               for w in record.warnings)

    def renders(self, unit: str, slug: str) -> bool:
        """Whether :meth:`render_languages` will render event ``slug``'s ``unit`` (``home +
        slug``) rather than read it back: no record of it, or one of other inputs. (One
        read back may still be rendered: a file of it changed since.) The build renders
        these ahead, in worker processes."""
        record = self.previous.units.get(unit) if self.previous else None
        return record is None or record.key != self.keys[slug]

    def _unit(self, unit: str, key: str, render: Callable[[], Mapping[str, bytes]],
              warnings: Iterable[Diagnostic], files: dict[str, bytes], *,
              read_back: bool = True,
              summarise: Callable[[], Mapping[str, Any] | None] | None = None,
              ) -> UnitRecord:
        """Add one unit's files to ``files``, read back from the last build when it made them
        from the same key, else rendered; returns the unit's record. Without ``read_back``
        (a site written in place), a unit whose files are all there is
        kept as it is, unread."""
        record = self.previous.units.get(unit) if self.previous else None
        reused: Mapping[str, bytes] | None = None
        if record and record.key == key:
            if read_back:
                reused = record.load_from(self.out_dir)
            elif self._intact(unit):
                reused = {}
        if record and reused is not None:
            files.update(reused)
            self.reused.append(unit)
            # load_from checked every file against the record's size and hash: keep them
            # rather than hashing each file a second time.
            return replace(record, warnings=self._portable(warnings))
        produced = dict(render())
        files.update(produced)
        self.rendered.append(unit)
        return UnitRecord.of(key, produced, self._portable(warnings),
                             None if summarise is None else summarise())

    def _portable(self, warnings: Iterable[Diagnostic]) -> tuple[Diagnostic, ...]:
        return tuple(_portable(w, self.events_spelling) for w in warnings)


RACY_NANOSECONDS = 2_000_000_000
"""How long after a change a file's time is not trusted (see :meth:`BuildCache.inputs_bytes`)."""


def _load_inputs(out: Path) -> dict[str, dict[str, tuple[int, int, str]]]:
    """:data:`INPUTS_NAME` as the last build wrote it; empty when missing or unreadable."""
    try:
        raw = json.loads(read_regular_file(out / INPUTS_NAME))
        if raw.get("format") != MANIFEST_FORMAT:
            return {}
        return {str(slug): {str(name): (int(size), int(mtime), str(sha))
                            for name, (size, mtime, sha) in files.items()}
                for slug, files in raw["events"].items()}
    except (OSError, ValueError, TypeError, KeyError, AttributeError):
        return {}


EVENTS_PLACEHOLDER = "<events>"
"""Stands in the manifest for the events folder as the user wrote it.

The manifest is published with the site, so it must not carry a path of the machine that
built it (``standings build /home/anna/club/events`` would otherwise put that into every
warning's path). The reader names every file by joining its path below the events folder
onto the folder as given (``os.path.join``), so replaying ``<events>/open/tournament.trf``
with the spelling given now gives what a clean build would print, however the folder was
named when the manifest was written.
"""


def _below(path: str, events_spelling: str) -> str | None:
    """``path`` below the events folder as the reader wrote it ("" for the folder itself),
    or None when it is not below it."""
    if path == events_spelling:
        return ""
    for separator in {os.sep, "/"}:
        prefix = (events_spelling if events_spelling.endswith(separator)
                  else events_spelling + separator)
        if path.startswith(prefix):
            return path[len(prefix):]
    return None


def _portable(diagnostic: Diagnostic, events_spelling: str) -> Diagnostic:
    path = diagnostic.path
    below = _below(path, events_spelling)
    if below is not None:
        path = EVENTS_PLACEHOLDER + ("/" + below if below else "")
    elif os.path.isabs(path):  # not below the events folder (not made by the reader)
        path = os.path.basename(path)
    return replace(diagnostic, path=path)


def _local(diagnostic: Diagnostic, events_spelling: str) -> Diagnostic:
    path = diagnostic.path
    if path == EVENTS_PLACEHOLDER:
        return replace(diagnostic, path=events_spelling)
    for separator in {os.sep, "/"}:
        if path.startswith(EVENTS_PLACEHOLDER + separator):
            below = path[len(EVENTS_PLACEHOLDER) + 1:]
            return replace(diagnostic, path=os.path.join(events_spelling, below))
    return diagnostic
