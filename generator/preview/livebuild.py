"""The site in memory for ``standings serve``: rebuilt event by event, pages rendered on use.

A refresh digests the events that may have changed, reads and plans only those whose digest
moved, and swaps in their new pages. The pages of a large event are not all rendered before
the swap: only the pages its open tabs show, or when none does its standings page (what the
arbiter watches), so that the page on screen is served as soon as it can be. Its other
*probes* (a player page: one page of each template, which surface most template errors at
once) render right after, then every other page, from the same plan, on first request or
earlier by the server's background warmer. Either way a page comes from the plan it was
swapped in with, so a request never mixes an old and a new version of an event, and pages
still rendering for a version replaced by a newer edit are never served.

If a page fails to render later (a template or data error the first page did not meet), the
event goes back to its last good pages and the failure is shown like a broken file.
"""

from __future__ import annotations

import dataclasses
import posixpath
import time
from collections.abc import Callable, Container, Iterable, Mapping
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from types import MappingProxyType
from typing import Generic

from generator.errors import Diagnostic, StandingsError
from generator.preview.lazy_pages import LazyPages, PageFailure
from generator.preview.program import ProgramDigest, of_the_day
from generator.preview.residents import Residents
from generator.preview.site_port import (
    EnvironmentT,
    EventT,
    PageJob,
    PlanT,
    SiteFunctions,
    diagnostics_of_failure,
)
from generator.site.cache import INDEX_UNIT
from generator.site.cache_keys import index_key, unit_key
from generator.site.input_digest import digest_folder

SETTLE_S = 0.3
"""How long a file that failed to read must stay unchanged before the failure is believed.

An exporting program may be caught half-way through writing a TRF; the error such a read
gives is false. Waiting this long and digesting again tells a torn write (the digest moved)
from a genuinely broken file (it did not)."""

_MAX_READ_ATTEMPTS = 20

ARCHIVE_EVENTS = 100
"""Events from which the events folder is served as an archive: its events are read after
the server starts, in the background (the index pages once all are), each event's pages
only when asked for, and only the most recently asked are kept (residents.py)."""
PINNED_EVENTS = 4
"""In an archive, the events rebuilt last by an edit whose pages stay held (and warmed);
the others go back to being read on request."""


class SiteFiles:
    """The whole served site: ``<slug>/...`` from that event's pages, the rest from the index's.

    Like :class:`LazyPages`, asked for one page at a time, or for everything at once. The
    events in ``cold`` (an archive's, not edited since the server started) have no pages
    held here: each is read when a page of it is asked for (livebuild's residents).
    """

    def __init__(self, events: Mapping[str, LazyPages], index: LazyPages,
                 cold: Mapping[str, Callable[[], LazyPages]] = MappingProxyType({})) -> None:
        self._events, self._index, self._cold = events, index, cold

    @classmethod
    def empty(cls) -> SiteFiles:
        """What is served before the first build: no page at all."""
        return cls(MappingProxyType({}), _NO_PAGES)

    def unit_of(self, path: str) -> LazyPages:
        slug, slash, rest = path.partition("/")
        if not slash:
            return self._index
        section, below, _ = rest.partition("/")
        # A festival's section is the unit "festival/section"; the festival's own pages
        # are the index's.
        for unit in (slug, f"{slug}/{section}") if below else (slug,):
            pages = self._events.get(unit)
            if pages is not None:
                return pages
            load = self._cold.get(unit)
            if load is not None:
                try:
                    return load()
                except KeyError:  # it cannot be read now: no page, until the next build says why
                    return LazyPages(unit, ())
        return self._index

    @property
    def units(self) -> tuple[LazyPages, ...]:
        """The index first (it lists everything), then the events in name order: those
        whose pages are held here (the warmer's work), not those read on request."""
        return (self._index, *(self._events[slug] for slug in sorted(self._events)))

    @property
    def slugs(self) -> tuple[str, ...]:
        """Every event served, in name order."""
        return tuple(sorted({*self._events, *self._cold}))

    def page(self, path: str) -> bytes:
        """The file at ``path``, rendered now if need be; KeyError when there is none."""
        return self.unit_of(path).page(path)

    def __contains__(self, path: object) -> bool:
        return isinstance(path, str) and path in self.unit_of(path)

    def render_all(self) -> dict[str, bytes]:
        """Every file of the site, by path: every page not rendered yet is rendered now."""
        files: dict[str, bytes] = {}
        for unit in (self._index, *(self.unit_of(slug + "/") for slug in self.slugs)):
            files.update(unit.render_all())
        return dict(sorted(files.items()))


_NO_PAGES = LazyPages(INDEX_UNIT, ())


@dataclass(frozen=True, slots=True, kw_only=True)
class _Good(Generic[PlanT]):
    """Pages that rendered from a clean read, and what they were made from."""

    key: str
    summary: PlanT
    """What the pages outside the event's folder read of it (site/summary.py)."""
    plan: PlanT | None = None
    pages: LazyPages | None = None
    """None for an archive's event that no edit rebuilt lately: it is read again when a
    page of it is asked for (residents.py), and ``plan`` is not kept either."""


@dataclass(frozen=True, slots=True, kw_only=True)
class _EventState(Generic[PlanT]):
    key: str
    """unit_key of the inputs last read (good or bad): unchanged inputs are not read again."""
    good: _Good[PlanT] | None
    """What is served for the event; None when it was never read cleanly."""
    fallback: _Good[PlanT] | None = None
    """What was served before ``good``, to go back to if one of its later pages fails."""
    diagnostics: tuple[Diagnostic, ...] = ()
    """The errors of the last read or render; empty when it succeeded."""
    warnings: tuple[Diagnostic, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class Snapshot:
    """One consistent state of the served site."""

    files: SiteFiles
    diagnostics: tuple[Diagnostic, ...]
    """Every error standing, event by event: the banner shows these."""
    warnings: tuple[Diagnostic, ...] = ()
    rebuilt: tuple[str, ...] = ()
    """Units swapped in by this refresh (INDEX_UNIT for the index pages)."""
    seconds: float = 0.0
    first_seconds: float = 0.0
    """How long the refresh took until the pages shown first were ready to serve."""
    warnings_by_unit: Mapping[str, tuple[Diagnostic, ...]] = field(
        default_factory=lambda: MappingProxyType({}))
    """``warnings`` event by event ("" for the events folder's own): an unchanged event's
    are the same tuple from one snapshot to the next, so what is new is found by looking
    at the changed events only."""

    @property
    def notices(self) -> tuple[Diagnostic, ...]:
        """What the served pages show: the errors, then the warnings (``--strict`` refuses
        to publish either)."""
        return self.diagnostics + self.warnings


@dataclass(slots=True, kw_only=True)
class LiveBuild(Generic[EventT, PlanT, EnvironmentT]):
    """The site in memory, refreshed event by event (not thread-safe: one caller at a time).

    When an event is broken its last good pages stay and its diagnostics are listed.
    """

    events_root: Path
    site: SiteFunctions[EventT, PlanT, EnvironmentT]
    sleep: Callable[[float], None] = time.sleep
    settle_seconds: float = SETTLE_S
    _program: str = ""
    _environment: EnvironmentT | None = None
    _environment_error: tuple[Diagnostic, ...] = ()
    _events: dict[str, _EventState[PlanT]] = field(default_factory=dict)
    _index_key: str = ""
    _index_pages: LazyPages = _NO_PAGES
    _index_fallback: LazyPages = _NO_PAGES
    _index_diagnostics: tuple[Diagnostic, ...] = ()
    _folders: Mapping[str, Path] = field(default_factory=dict)
    _root_missing: tuple[Diagnostic, ...] = ()
    _program_digest: ProgramDigest = field(default_factory=ProgramDigest)
    _listing: tuple[Diagnostic, ...] = ()
    """The problems of the events folder itself (a stray TRF file...), as build reports them;
    the folders it refuses are simply not served, the others stay as they are."""
    archive_events: int = ARCHIVE_EVENTS
    pinned_events: int = PINNED_EVENTS
    _unread: dict[str, Path] = field(default_factory=dict)
    """An archive's events still to be read by :meth:`read_unread`, in name order."""
    _pinned: list[str] = field(default_factory=list)
    """An archive's events whose pages are held, the one rebuilt longest ago first."""
    _cold_loaders: dict[str, tuple[tuple[str, Path], object, Callable[[], LazyPages]]] = field(
        default_factory=dict)
    _residents: Residents[LazyPages] = field(
        default_factory=lambda: Residents(lambda pages: pages.rendered_bytes))
    _series: dict[str, tuple[str, LazyPages]] = field(default_factory=dict)
    """Each series' unit ("series/<name>") -> the key its pages were made for and the pages
    (issue 28: a series is a unit, made again only when an event it names moved)."""

    def refresh(self, suspects: Iterable[str] | None = None, *, shown: Iterable[str] = (),
                publish: Callable[[Snapshot], object] | None = None) -> Snapshot:
        """Bring the site up to date.

        ``suspects``: the event folder names whose files may have changed; None means
        "anything may have" (first build, templates changed, a poll). ``shown``: the
        addresses (site-relative, as :func:`resolve_address` reads them) that open tabs
        show: a changed event's pages among them are rendered before its new pages are
        swapped in, or if it has none, its first probe (the standings page).

        ``publish`` receives the site as soon as that is done, and the other probes of the
        events swapped in (one page of each template) are left pending for the caller to
        render next (:attr:`LazyPages.probes_pending`, the server's warmer), after the pages
        that the tabs reload are served. Without it, they render before this returns; one
        that fails sends its event back to its last good pages.
        """
        started = time.perf_counter()
        shown = tuple(shown)
        program = of_the_day(self._program_digest.of(
            [*self.site.template_folders(self.events_root),
             *self.site.site_files(self.events_root)]))
        if program != self._program or self._environment_error:
            self._program = program
            self._make_environment()
            self._residents.clear()  # the pages held stay served until their event is read again
            suspects = None  # new templates or code: every event's key moved
        if self._environment_error:  # nothing can render: keep serving the last good pages
            return self.snapshot(seconds=time.perf_counter() - started)
        if not self.events_root.is_dir():
            # Deleted or moved away, often for a moment (git checkout, git stash, a sync
            # tool): every event would vanish from the site; keep them until it is back.
            self._root_missing = (Diagnostic(
                path=str(self.events_root), message="the events folder is missing",
                expected="it back in place; until then the last good pages stay served"),)
            self._listing = ()
            return self.snapshot(seconds=time.perf_counter() - started)
        self._root_missing = ()
        if suspects is not None and self._still_there(suspects):
            folders = dict(self._folders)  # edits inside events only: the listing stands
        else:
            listing = self.site.discover(self.events_root)
            self._listing = listing.diagnostics
            folders = dict(listing.folders)
        removed = set(self._events) - set(folders)
        for slug in removed:
            del self._events[slug]
        self._pinned = [slug for slug in self._pinned if slug in folders]
        self._folders = folders
        self._unread = {slug: folder for slug, folder in self._unread.items() if slug in folders}
        new = set(folders) - set(self._events) - set(self._unread)
        if suspects is None and len(folders) >= self.archive_events:
            # An archive: every event is looked at again in the background (read_unread:
            # digested, and read only if it changed), its pages served meanwhile as read now.
            self._unread = dict(folders)
            candidates = []
        else:
            candidates = sorted(folders) if suspects is None else sorted(
                {s for s in suspects if s in folders} | new)
        for slug in candidates:
            self._unread.pop(slug, None)
        rebuilt = [slug for slug in candidates
                   if self._refresh_event(slug, folders[slug], shown)]
        if (rebuilt or removed or not self._index_key) and not self.index_waiting \
                and self._refresh_index(rebuilt):
            rebuilt.append(INDEX_UNIT)
        first_seconds = time.perf_counter() - started
        if publish is not None:
            snapshot = self.snapshot(rebuilt=tuple(rebuilt), seconds=first_seconds,
                                     first_seconds=first_seconds)
            if rebuilt:
                publish(snapshot)
            return snapshot
        sent_back = [slug for slug in rebuilt if not self._probed(slug)]
        if sent_back:
            rebuilt = [slug for slug in rebuilt if slug not in sent_back]
            if INDEX_UNIT not in rebuilt:
                rebuilt.append(INDEX_UNIT)  # page_failed made it list what is served now
        return self.snapshot(rebuilt=tuple(rebuilt), seconds=time.perf_counter() - started,
                             first_seconds=first_seconds)

    def _still_there(self, suspects: Iterable[str]) -> bool:
        """Every event of ``suspects`` is one listed last time, still in place: then the
        listing of the events folder (a look at every event's folder, half a second for
        an archive of a thousand) cannot have changed."""
        for slug in suspects:
            folder = self._folders.get(slug)
            if folder is None or folder.is_symlink() or not folder.exists():
                return False
        return bool(self._folders)

    @property
    def unread(self) -> int:
        """An archive's events not looked at yet since the start or the templates changed."""
        return len(self._unread)

    @property
    def index_waiting(self) -> bool:
        """The index pages wait for an archive's events to be read (they list them all)."""
        return bool(self._unread) and (not self._index_key or self._index_pages is _NO_PAGES)

    def read_unread(self, seconds: float) -> Snapshot | None:
        """Read an archive's events not read yet, for about ``seconds``: each one's summary
        and warnings are kept, not its plan or pages. Once the last is read, the index
        pages are made and the site to publish is returned; None until then."""
        started = time.perf_counter()
        rebuilt = []
        while self._unread and time.perf_counter() - started < seconds:
            slug, folder = next(iter(self._unread.items()))
            del self._unread[slug]
            if self._refresh_event(slug, folder, (), pin=False):
                rebuilt.append(slug)
        if self._unread:
            return None
        if self._refresh_index(rebuilt):
            rebuilt.append(INDEX_UNIT)
        seconds_taken = time.perf_counter() - started
        return self.snapshot(rebuilt=tuple(rebuilt), seconds=seconds_taken,
                             first_seconds=seconds_taken)

    def _unpin(self, count: int) -> None:
        """Let go of the held pages (and plan) of the ``count`` events pinned longest ago:
        they are read again on request."""
        for slug in self._pinned[:count]:
            state = self._events.get(slug)
            if state is not None and state.good is not None:
                bare = _Good(key=state.good.key, summary=state.good.summary)
                self._events[slug] = dataclasses.replace(state, good=bare, fallback=None)
        del self._pinned[:count]

    def _probed(self, unit: str) -> bool:
        """Render the probes of a unit just swapped in; False when one failed and sent its
        event back to its last good pages."""
        state = self._events.get(unit)
        if state is None or state.good is None or state.good.pages is None:
            return True  # the index (its pages render on use) or nothing to probe
        try:
            state.good.pages.run_probes()
        except PageFailure as failure:
            return not self.page_failed(failure)
        return True

    def snapshot(self, *, rebuilt: tuple[str, ...] = (), seconds: float = 0.0,
                 first_seconds: float = 0.0) -> Snapshot:
        diagnostics: list[Diagnostic] = [*self._environment_error, *self._root_missing,
                                         *(d for d in self._listing if d.is_error)]
        warnings: list[Diagnostic] = [d for d in self._listing if not d.is_error]
        by_unit = {"": tuple(warnings)}
        served: dict[str, LazyPages] = {}
        cold: dict[str, Callable[[], LazyPages]] = {}
        for slug in sorted(self._events):
            state = self._events[slug]
            if state.good is not None:
                if state.good.pages is not None:
                    served[slug] = state.good.pages
                elif slug in self._folders and self._environment is not None:
                    cold[slug] = self._cold(slug, state.good.key)
            diagnostics.extend(state.diagnostics)
            warnings.extend(state.warnings)
            by_unit[slug] = state.warnings
        for slug in self._unread:
            if slug not in self._events and self._environment is not None:
                cold[slug] = self._cold(slug, "")
        for unit, (_key, pages) in self._series.items():
            served[unit] = pages  # "series/<name>": found as a festival's section is
        diagnostics.extend(self._index_diagnostics)
        return Snapshot(files=SiteFiles(MappingProxyType(served), self._index_pages,
                                        MappingProxyType(cold)),
                        diagnostics=tuple(diagnostics), warnings=tuple(warnings),
                        rebuilt=rebuilt, seconds=seconds, first_seconds=first_seconds,
                        warnings_by_unit=MappingProxyType(by_unit))

    @property
    def known_slugs(self) -> frozenset[str]:
        return frozenset(self._folders)

    @property
    def failing(self) -> tuple[str, ...]:
        """Events whose last read or render failed."""
        return tuple(slug for slug, state in sorted(self._events.items()) if state.diagnostics)

    def page_failed(self, failure: PageFailure) -> bool:
        """A page of a swapped-in unit failed: serve that unit's previous pages again.

        Returns False when the failing pages are no longer served (a newer rebuild replaced
        them), so there is nothing to change.
        """
        if failure.unit == INDEX_UNIT:
            if failure.pages is not self._index_pages:
                return False
            self._index_pages, self._index_fallback = self._index_fallback, _NO_PAGES
            self._index_diagnostics = failure.diagnostics
            return True
        state = self._events.get(failure.unit)
        if state is None or state.good is None or state.good.pages is not failure.pages:
            return False  # replaced since, or an archive's event read on request
        self._events[failure.unit] = _EventState(
            key=state.key, good=state.fallback, diagnostics=failure.diagnostics,
            warnings=state.warnings)
        self._refresh_index()  # the index must list what is served now
        return True

    def _make_environment(self) -> None:
        try:
            self._environment = self.site.make_environment(self.events_root)
            self._environment_error = ()
        except Exception as error:
            self._environment_error = diagnostics_of_failure(error, str(self.events_root))

    def _refresh_event(self, slug: str, folder: Path, shown: tuple[str, ...], *,
                       pin: bool = True) -> bool:
        """Read and render one event if its inputs moved; True when its pages were swapped.

        Not ``pin``: an archive's event read in the background keeps its summary, not its
        plan or pages."""
        previous = self._events.get(slug)
        key, event, read_diagnostics = self._read_settled(folder, previous)
        if previous is not None and key == previous.key:
            return False
        good = previous.good if previous else None
        if event is None:
            self._events[slug] = _EventState(
                key=key, good=good, fallback=previous.fallback if previous else None,
                diagnostics=read_diagnostics, warnings=previous.warnings if previous else ())
            return False
        warnings = tuple(self.site.warnings_of(event, None))
        try:
            plan = self.site.plan_event(event)
            warnings = tuple(self.site.warnings_of(event, plan))
            summary = self.site.summarise(plan)
            if pin:
                pages = self._pages_of(slug, folder, plan, self._made_environment)
                _render_first(pages, shown)
        except PageFailure as failure:
            diagnostics = failure.diagnostics
        except Exception as error:
            diagnostics = diagnostics_of_failure(error, str(folder))
        else:
            if not pin:
                self._events[slug] = _EventState(key=key, good=_Good(key=key, summary=summary),
                                                 warnings=warnings)
                return True
            held = _Good(key=key, summary=summary, plan=plan, pages=pages)
            self._events[slug] = _EventState(key=key, good=held, fallback=good,
                                             warnings=warnings)
            if slug in self._pinned:
                self._pinned.remove(slug)
            self._pinned.append(slug)
            self._residents.forget(slug)  # its pages read before the edit: never asked again
            if len(self._folders) >= self.archive_events:
                self._unpin(len(self._pinned) - self.pinned_events)
            return True
        self._events[slug] = _EventState(
            key=key, good=good, fallback=previous.fallback if previous else None,
            diagnostics=diagnostics, warnings=warnings)
        return False

    @property
    def _made_environment(self) -> EnvironmentT:
        if self._environment is None:  # refresh makes it before anything renders
            raise RuntimeError("rendering before the environment was made")
        return self._environment

    def _pages_of(self, slug: str, folder: Path, plan: PlanT, environment: EnvironmentT, *,
                  warms: bool = True) -> LazyPages:
        if self.site.event_jobs is not None:
            jobs = self.site.event_jobs(plan, environment)
        else:
            jobs = [PageJob(partial(self.site.render_event, plan, environment), probe=True)]
        return LazyPages(slug, jobs, str(folder), warms=warms)

    def _cold(self, slug: str, key: str) -> Callable[[], LazyPages]:
        """How a request reads the event ``slug`` (``key``: of the inputs its summary was
        read from) and makes its pages, when none are held: through the residents. Made
        once for a key and an environment (a snapshot lists an archive's thousand)."""
        environment, folder = self._made_environment, self._folders[slug]
        made = self._cold_loaders.get(slug)
        if made is not None and made[0] == (key, folder) and made[1] is environment:
            return made[2]
        residents = self._residents

        def read() -> LazyPages:
            try:
                plan = self.site.plan_event(self.site.read_event(folder))
            except Exception as error:  # the next build reads it and says why
                raise KeyError(slug) from error
            return self._pages_of(slug, folder, plan, environment, warms=False)

        def load() -> LazyPages:
            return residents.pages(slug, key, read)

        self._cold_loaders[slug] = ((key, folder), environment, load)
        return load

    def _read_settled(
        self, folder: Path, previous: _EventState[PlanT] | None,
    ) -> tuple[str, EventT | None, tuple[Diagnostic, ...]]:
        """Read an event from a stable state of its files.

        Digest, read, digest again: a read during a write shows as two different digests, and
        is repeated. A failed read is believed only once the files have stayed the same for
        :data:`settle_seconds` (see :data:`SETTLE_S`).
        """
        key = unit_key(self._program, digest_folder(folder))
        for _ in range(_MAX_READ_ATTEMPTS):
            if previous is not None and key == previous.key:
                return key, None, ()
            diagnostics: tuple[Diagnostic, ...] = ()
            try:
                event = self.site.read_event(folder)
            except StandingsError as error:
                event, diagnostics = None, error.diagnostics
            except Exception as error:  # a bug in the reader must not stop the server
                event, diagnostics = None, diagnostics_of_failure(error, str(folder), "reading")
            after = unit_key(self._program, digest_folder(folder))
            if after != key:
                key = after
                continue
            if event is None:
                self.sleep(self.settle_seconds)
                after = unit_key(self._program, digest_folder(folder))
                if after != key:
                    key = after
                    continue
            return key, event, diagnostics
        return key, None, (Diagnostic(
            path=str(folder), message="the files kept changing while being read; "
            "they are read again on the next change"),)

    def _refresh_index(self, rebuilt: list[str] | None = None) -> bool:
        """Make the index pages again if an event moved, and before them the pages of each
        series whose events moved (their units appended to ``rebuilt``)."""
        served = {slug: state.good for slug, state in sorted(self._events.items())
                  if state.good is not None}
        key = index_key(self._program, {slug: good.key for slug, good in served.items()})
        if key == self._index_key and not self._index_diagnostics:
            return False
        plans = [good.summary for good in served.values()]
        if not self._index_pages.failure:
            self._index_fallback = self._index_pages
        # Rendered on first use or by the warmer, not here: an arbiter looking at an event
        # should not wait for the index and the pages of every player across events.
        environment = self._made_environment
        made = self._refresh_series(served, plans, environment)
        if rebuilt is not None:
            rebuilt.extend(made)
        jobs = (self.site.index_jobs(plans, environment) if self.site.index_jobs is not None
                else [PageJob(partial(self.site.render_index, plans, environment))])
        # An archive's index pages (a page per person of thousands of events) render when
        # asked for, not ahead.
        self._index_pages = LazyPages(INDEX_UNIT, jobs, str(self.events_root),
                                      warms=len(served) < self.archive_events)
        self._index_key, self._index_diagnostics = key, ()
        return True


    def _refresh_series(self, served: Mapping[str, _Good[PlanT]], plans: list[PlanT],
                        environment: EnvironmentT) -> list[str]:
        """Each series' pages, made again where its key moved: the program's (its file
        among the templates) with the keys of the events it names. Returns the units made."""
        units, jobs = self.site.series_units, self.site.series_jobs
        if units is None or jobs is None:
            return []
        made, kept = [], {}
        for unit, named in units(environment, list(served)).items():
            key = unit_key(self._program, "\0".join(
                [unit, *(f"{slug}\0{served[slug].key}" for slug in named)]))
            known = self._series.get(unit)
            if known is None or known[0] != key:
                known = (key, LazyPages(unit, jobs(environment, unit, plans),
                                        str(self.events_root)))
                made.append(unit)
            kept[unit] = known
        self._series = kept
        return made


def _render_first(pages: LazyPages, shown: tuple[str, ...]) -> None:
    """Render the pages of ``pages`` that tabs show, or failing any, its first probe (what
    the arbiter watches: the standings page)."""
    prefix = pages.unit + "/"
    found = [resolve_address(address, pages) for address in shown if address.startswith(prefix)]
    if not any(found):
        pages.run_first_probe()


def resolve_address(relative: str, files: Container[str]) -> str | None:
    """The file a site-relative address names, as GitHub Pages resolves it.

    ``x/`` -> ``x/index.html``; ``x`` -> ``x`` or, failing that, ``x.html``; ``x`` naming a
    folder -> ``"x/"`` (the server redirects to the slashed address). None: no such page.
    Asking :class:`LazyPages` or :class:`SiteFiles` renders the page found.
    """
    if relative and posixpath.normpath("/" + relative).lstrip("/") != relative.rstrip("/"):
        return None  # dot segments or doubled slashes: no page has such an address
    if relative == "" or relative.endswith("/"):
        index = relative + "index.html"
        return index if index in files else None
    if relative in files:
        return relative
    if relative + "/index.html" in files:
        return relative + "/"
    if relative + ".html" in files:
        return relative + ".html"
    return None
