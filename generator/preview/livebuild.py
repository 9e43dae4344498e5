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

import posixpath
import threading
import time
from collections.abc import Callable, Container, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from types import MappingProxyType
from typing import Generic

from generator.errors import Diagnostic, StandingsError
from generator.preview.program import ProgramDigest
from generator.preview.site_port import (
    EnvironmentT,
    EventT,
    PageJob,
    PlanT,
    SiteFunctions,
    diagnostics_of_failure,
)
from generator.site.cache import INDEX_UNIT, digest_folder, index_key, unit_key

SETTLE_S = 0.3
"""How long a file that failed to read must stay unchanged before the failure is believed.

An exporting program may be caught half-way through writing a TRF; the error such a read
gives is false. Waiting this long and digesting again tells a torn write (the digest moved)
from a genuinely broken file (it did not)."""

_MAX_READ_ATTEMPTS = 20


class PageFailure(Exception):
    """A page of ``unit`` failed to render after its unit was swapped in."""

    def __init__(self, unit: str, pages: LazyPages, diagnostics: tuple[Diagnostic, ...]) -> None:
        super().__init__("\n".join(str(d) for d in diagnostics))
        self.unit, self.pages, self.diagnostics = unit, pages, diagnostics


class LazyPages:
    """One unit's files (an event's, or the index pages'), each job run on first use.

    Thread-safe: a request and the warmer asking for the same page run its job once.
    Deliberately not a Mapping: a ``len()``, a loop or a comparison would render every page
    of the event without saying so; :meth:`render_all` is the one call that does.
    """

    def __init__(self, unit: str, jobs: Sequence[PageJob], failure_path: str = "") -> None:
        self.unit = unit
        self._failure_path = failure_path
        self._jobs = tuple(jobs)
        self._pending: list[PageJob] = list(jobs)
        self._owner: dict[str, PageJob] = {}
        self._listed = 0
        """The jobs (from the first) whose files are in ``_owner``: the rest are listed only
        when a page is looked for that those listed do not render."""
        self._done: dict[str, bytes] = {}
        self._lock = threading.RLock()
        self.failure: tuple[Diagnostic, ...] = ()

    @property
    def pending(self) -> int:
        return len(self._pending)

    @property
    def probes_pending(self) -> bool:
        """A probe has not rendered yet: a template error would still be unseen."""
        return any(job.probe for job in self._pending)

    def _failed(self, error: Exception) -> PageFailure:
        self.failure = diagnostics_of_failure(error, self._failure_path)
        return PageFailure(self.unit, self, self.failure)

    def _run(self, job: PageJob) -> None:
        if self.failure:
            raise PageFailure(self.unit, self, self.failure)
        if job not in self._pending:
            return
        try:
            produced = job.run()
        except Exception as error:
            raise self._failed(error) from error
        self._done.update(produced)
        self._pending.remove(job)

    def _owner_of(self, path: str) -> PageJob | None:
        """The job that renders ``path``, listing the files of jobs in order until found."""
        while path not in self._owner and self._listed < len(self._jobs):
            job = self._jobs[self._listed]
            if callable(job.paths):
                if self.failure:
                    raise PageFailure(self.unit, self, self.failure)
                try:
                    paths: tuple[str, ...] | None = job.paths()
                except Exception as error:
                    raise self._failed(error) from error
            else:
                paths = job.paths
            for listed in paths or ():
                self._owner.setdefault(listed, job)
            self._listed += 1
        return self._owner.get(path)

    def run_probes(self) -> None:
        with self._lock:
            for job in [job for job in self._pending if job.probe]:
                self._run(job)

    def run_first_probe(self) -> None:
        """Run the first probe not run yet (an event's standings page), if any."""
        with self._lock:
            probe = next((job for job in self._pending if job.probe), None)
            if probe is not None:
                self._run(probe)

    def run_next(self) -> None:
        """Run one job not run yet, a probe first (the warmer asks only units with
        :attr:`pending` jobs)."""
        with self._lock:
            job = next((job for job in self._pending if job.probe), None)
            if job is None and self._pending:
                job = self._pending[0]
            if job is not None:
                self._run(job)

    def page(self, path: str) -> bytes:
        """The file at ``path``, rendered now if it was not yet; KeyError when the unit has
        none (every job that does not say what it renders has then run)."""
        # A page rendered already is answered without waiting for a job under way (pages
        # are only ever added, each in one step).
        done = self._done.get(path)
        if done is not None:
            return done
        with self._lock:
            if path in self._done:
                return self._done[path]
            owner = self._owner_of(path)
            if owner is not None:
                self._run(owner)
                if path in self._done:
                    return self._done[path]
            for job in [job for job in self._pending if job.paths is None]:
                self._run(job)
                if path in self._done:
                    return self._done[path]
        raise KeyError(path)

    def __contains__(self, path: object) -> bool:
        if not isinstance(path, str):
            return False
        try:
            self.page(path)
        except KeyError:
            return False
        return True

    def render_all(self) -> dict[str, bytes]:
        """Every file of the unit, each job run that has not run yet (a copy, by path)."""
        with self._lock:
            while self._pending:
                self._run(self._pending[0])
            return dict(sorted(self._done.items()))


class SiteFiles:
    """The whole served site: ``<slug>/...`` from that event's pages, the rest from the index's.

    Like :class:`LazyPages`, asked for one page at a time, or for everything at once.
    """

    def __init__(self, events: Mapping[str, LazyPages], index: LazyPages) -> None:
        self._events, self._index = events, index

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
        unit = self._events.get(slug)
        if unit is None and below:
            unit = self._events.get(f"{slug}/{section}")
        return unit if unit is not None else self._index

    @property
    def units(self) -> tuple[LazyPages, ...]:
        """The index first (it lists everything), then the events in name order."""
        return (self._index, *(self._events[slug] for slug in sorted(self._events)))

    def page(self, path: str) -> bytes:
        """The file at ``path``, rendered now if need be; KeyError when there is none."""
        return self.unit_of(path).page(path)

    def __contains__(self, path: object) -> bool:
        return isinstance(path, str) and path in self.unit_of(path)

    def render_all(self) -> dict[str, bytes]:
        """Every file of the site, by path: every page not rendered yet is rendered now."""
        files: dict[str, bytes] = {}
        for unit in self.units:
            files.update(unit.render_all())
        return dict(sorted(files.items()))


_NO_PAGES = LazyPages(INDEX_UNIT, ())


@dataclass(frozen=True, slots=True)
class _Good(Generic[PlanT]):
    """Pages that rendered from a clean read, and what they were made from."""

    key: str
    plan: PlanT
    pages: LazyPages


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
        program = self._program_digest.of([*self.site.template_folders(self.events_root),
                                           *self.site.site_files(self.events_root)])
        if program != self._program or self._environment_error:
            self._program = program
            self._make_environment()
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
        listing = self.site.discover(self.events_root)
        self._listing = listing.diagnostics
        folders = dict(listing.folders)
        removed = set(self._events) - set(folders)
        for slug in removed:
            del self._events[slug]
        self._folders = folders
        candidates = sorted(folders) if suspects is None else sorted(
            {s for s in suspects if s in folders} | (set(folders) - set(self._events)))
        rebuilt = [slug for slug in candidates
                   if self._refresh_event(slug, folders[slug], shown)]
        if (rebuilt or removed or not self._index_key) and self._refresh_index():
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

    def _probed(self, unit: str) -> bool:
        """Render the probes of a unit just swapped in; False when one failed and sent its
        event back to its last good pages."""
        state = self._events.get(unit)
        if state is None or state.good is None:
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
        served: dict[str, LazyPages] = {}
        for slug in sorted(self._events):
            state = self._events[slug]
            if state.good is not None:
                served[slug] = state.good.pages
            diagnostics.extend(state.diagnostics)
            warnings.extend(state.warnings)
        diagnostics.extend(self._index_diagnostics)
        return Snapshot(files=SiteFiles(MappingProxyType(served), self._index_pages),
                        diagnostics=tuple(diagnostics), warnings=tuple(warnings),
                        rebuilt=rebuilt, seconds=seconds, first_seconds=first_seconds)

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
            return False
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

    def _refresh_event(self, slug: str, folder: Path, shown: tuple[str, ...]) -> bool:
        """Read and render one event if its inputs moved; True when its pages were swapped."""
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
            pages = self._pages_of(slug, folder, plan)
            _render_first(pages, shown)
        except PageFailure as failure:
            diagnostics = failure.diagnostics
        except Exception as error:
            diagnostics = diagnostics_of_failure(error, str(folder))
        else:
            self._events[slug] = _EventState(key=key, good=_Good(key, plan, pages),
                                             fallback=good, warnings=warnings)
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

    def _pages_of(self, slug: str, folder: Path, plan: PlanT) -> LazyPages:
        environment = self._made_environment
        if self.site.event_jobs is not None:
            jobs = self.site.event_jobs(plan, environment)
        else:
            jobs = [PageJob(partial(self.site.render_event, plan, environment), probe=True)]
        return LazyPages(slug, jobs, str(folder))

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

    def _refresh_index(self) -> bool:
        served = {slug: state.good for slug, state in sorted(self._events.items())
                  if state.good is not None}
        key = index_key(self._program, {slug: good.key for slug, good in served.items()})
        if key == self._index_key and not self._index_diagnostics:
            return False
        plans = [good.plan for good in served.values()]
        if not self._index_pages.failure:
            self._index_fallback = self._index_pages
        # Rendered on first use or by the warmer, not here: an arbiter looking at an event
        # should not wait for the index and the pages of every player across events.
        environment = self._made_environment
        jobs = (self.site.index_jobs(plans, environment) if self.site.index_jobs is not None
                else [PageJob(partial(self.site.render_index, plans, environment))])
        self._index_pages = LazyPages(INDEX_UNIT, jobs, str(self.events_root))
        self._index_key, self._index_diagnostics = key, ()
        return True


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
