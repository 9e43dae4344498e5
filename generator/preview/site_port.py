"""The preview's seam to the reader and the site: what ``standings serve`` calls, typed.

The preview never imports the reader or the renderers directly: it is handed a
:class:`SiteFunctions`, so its tests can stand in a small double (tests/preview/
test_serve_doubles.py) and run the same machinery in milliseconds. The seam is generic in
the three things that cross it (an event as read, its plan, the rendering environment):
the real site fills them with ``Event``, ``EventPlan`` and a Jinja environment, a double
with its own, and each side is checked against itself without an ``Any`` in between.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, partial
from pathlib import Path
from typing import Any, Generic, TypeVar

import jinja2

from generator.errors import Diagnostic, StandingsError
from generator.reading.events import Event, read_event
from generator.reading.reread import Reread
from generator.reading.trf import PlayerRecord
from generator.site import build as site
from generator.site import series_unit
from generator.site.event_folders import Listing
from generator.site.pages import SITE_PAGE_KINDS, SiteJob, SiteKind, SiteSource
from generator.site.plan import EventPlan
from generator.site.summary import summarise

EventT = TypeVar("EventT")
"""An event as read from its folder."""
PlanT = TypeVar("PlanT")
"""Everything an event's pages show, computed once from the event."""
EnvironmentT = TypeVar("EnvironmentT")
"""What renders pages (the templates), made once per change of the templates."""


@dataclass(frozen=True, slots=True)
class PageJob:
    """Some of an event's pages, rendered when called."""

    run: Callable[[], Mapping[str, bytes]]
    paths: tuple[str, ...] | Callable[[], tuple[str, ...]] | None = None
    """The files it renders when that is known without running it (None: run to find out),
    or how to find them without rendering: worked out only when a page is looked for, since
    the paths of an event's thousands of player pages would otherwise delay its first
    page after every edit."""
    probe: bool = False
    """Render before the other pages: the standings page (what an arbiter watches; before
    the swap, unless a tab shows another page of the event) and a player page (right after
    the page shown is served), so most template errors show at once. A page that fails
    sends the event back to its last good pages (livebuild.py)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class SiteFunctions(Generic[EventT, PlanT, EnvironmentT]):
    """The reader and the site's renderers, gathered so tests can stand in small doubles."""

    discover: Callable[[Path], Listing]
    """Events folder -> the event folders (or loose TRF files) that read_events reads, and
    the problems of the folder itself (a stray TRF file, a refused folder name)."""
    read_event: Callable[[Path], EventT]
    """Event folder -> the event; raises StandingsError."""
    warnings_of: Callable[[EventT, PlanT | None], Sequence[Diagnostic]]
    """(event, its plan or None when planning failed) -> the warnings ``--strict`` refuses:
    the reader's and the standings' (site.planned_warnings, as build and check)."""
    template_folders: Callable[[Path], Sequence[Path]]
    """Events folder -> the folders, besides the package's code, whose files shape pages
    (package templates, a club's override, explanations): digested, and watched by serve."""
    make_environment: Callable[[Path], EnvironmentT]
    """Events folder -> the environment (package templates plus the club's override)."""
    plan_event: Callable[[EventT], PlanT]
    """Event -> everything its pages show, computed once (standings after every round...)."""
    render_event: Callable[[PlanT, EnvironmentT], Mapping[str, bytes]]
    """(plan, environment) -> site-relative path -> content, everything under ``<slug>/``."""
    render_index: Callable[[Sequence[PlanT], EnvironmentT], Mapping[str, bytes]]
    """(plans, environment) -> the index, cross-event pages, tie-break pages, static assets."""
    event_jobs: Callable[[PlanT, EnvironmentT], Sequence[PageJob]] | None = None
    """(plan, environment) -> the same files as render_event, split into jobs that can run
    one at a time, so serve renders first the pages that are looked at. None: all at once."""
    index_jobs: Callable[[Sequence[PlanT], EnvironmentT], Sequence[PageJob]] | None = None
    """(plans, environment) -> the same files as render_index, split into jobs in the same
    way (nothing is worked out until one runs). None: all at once."""
    site_files: Callable[[Path], Sequence[Path]] = lambda _events_root: ()
    """Events folder -> the files beside it that shape every page (site.yml and its logo):
    digested with the templates, and watched by serve. A change remakes the environment."""
    summarise: Callable[[PlanT], PlanT] = lambda plan: plan
    """Plan -> what render_index and index_jobs read of it, without the rest (kept for
    every event, where the plan is kept only for the events whose pages are held)."""
    series_units: Callable[[EnvironmentT, Sequence[str]], Mapping[str, tuple[str, ...]]] \
        | None = None
    """(environment, the events served) -> each series' unit ("series/<name>") and the
    events it names among them (issue 28). None: a site without series units (their pages,
    if any, are the index's)."""
    series_jobs: Callable[[EnvironmentT, str, Sequence[PlanT]], Sequence[PageJob]] | None = None
    """(environment, a series' unit, every event served) -> its pages as jobs, the series
    planned when one first runs; the index's jobs made after list the series as planned
    last (each unit's latest)."""


RealSite = SiteFunctions[Event, EventPlan, jinja2.Environment]
"""The real reader and site behind the seam."""


REREADS_KEPT = 16
"""Events whose last read RereadingEvents keeps: more than an arbiter edits at once."""


class RereadingEvents:
    """``read_event`` for a server that reads each event again after every edit: what the
    last read of an event's file made of its player lines is offered to the next read of
    that event (reading/reread.py), which reads again only the lines that changed.

    Kept for the events read last only (an archive's thousand events would keep every
    file's lines), and one read at a time: a request may read an event (residents.py)
    while the build reads another, and a Reread is not shared between two reads."""

    def __init__(self, kept: int = REREADS_KEPT) -> None:
        self._rereads: OrderedDict[Path, Reread[PlayerRecord]] = OrderedDict()
        self._kept = kept
        self._lock = threading.Lock()

    def __call__(self, folder: Path) -> Event:
        with self._lock:
            reread = self._rereads.pop(folder, None) or Reread()
            self._rereads[folder] = reread
            while len(self._rereads) > self._kept:
                self._rereads.popitem(last=False)
            return read_event(folder, reread=reread)



def default_site_functions() -> RealSite:
    """The real reader and site."""
    book = series_unit.SeriesBook()
    return SiteFunctions(
        discover=site.discover_events,
        read_event=RereadingEvents(),
        warnings_of=site.planned_warnings,
        template_folders=site.template_folders,
        make_environment=site.site_environment,
        plan_event=site.plan_event,
        render_event=site.render_event,
        render_index=site.render_index,
        event_jobs=site_event_jobs,
        index_jobs=partial(site_index_jobs, book=book),
        site_files=site.site_inputs,
        summarise=summarise,
        series_units=book.units,
        series_jobs=partial(site_series_jobs, book),
    )


def site_event_jobs(plan: EventPlan, env: jinja2.Environment) -> list[PageJob]:
    """The site's own split of ``render_event`` (site.event_jobs): a job per page, or per
    kind where a kind's pages are few (site/pages.py declares the kinds and their split).

    The kinds marked as probes give them: the standings page (what the arbiter watches) and
    the first player or team page (one page of each template an event's rebuild must not
    break); the rest renders on request or in the background. Each job's files are listed
    only when a page is looked for (``job.paths``). The jobs together give exactly
    ``site.render_event(plan, env)`` (tests/preview/test_serve_site.py checks it byte for
    byte).
    """
    return [
        PageJob(partial(site.render_event_job, plan, env, job),
                partial(job.paths, plan),
                probe=job.is_probe)
        for job in site.event_jobs(plan, players_per_job=1)
    ]


def site_index_jobs(plans: Sequence[EventPlan], env: jinja2.Environment, *,
                    book: series_unit.SeriesBook | None = None) -> list[PageJob]:
    """The site's split of ``render_index``: a job per kind of page (site/pages.py), the
    files every page loads first (the stylesheets, the flags, the logo: a tab reloaded
    after an edit asks for them at once), then the others in the order they are declared.

    Their files are known only once the site's events are gathered (the players across
    events, the explanations), which the first job to run or to be looked up does: a new
    index costs nothing until a page of it is asked for, and a page renders without the
    others. With a ``book`` that planned the series, their pages are units of their own
    (:func:`site_series_jobs`), and the index's list them as planned there.
    """
    listed = None if book is None else book.listed(env)
    source = cache(partial(_index_source, plans, env, listed))
    return [PageJob(partial(_render_index_kind, source, env, job), partial(_index_kind_paths,
                                                                           source, job))
            for kind in sorted(SITE_PAGE_KINDS, key=lambda kind: kind.name not in _LOADED)
            if listed is None or kind.name != series_unit.SERIES_KIND
            for job in _shares(kind, len(plans))]


def _index_source(plans: Sequence[EventPlan], env: jinja2.Environment,
                  listed: Sequence[Callable[[], series_unit.SeriesPlan]] | None) -> SiteSource:
    return site.index_source(plans, env, None if listed is None else [p() for p in listed])


def site_series_jobs(book: series_unit.SeriesBook, env: jinja2.Environment, unit: str,
                     plans: Sequence[EventPlan]) -> list[PageJob]:
    """A series' files as one job (a page and its two downloads), planned on first use."""
    planned = book.plan(env, unit, plans)

    def paths() -> tuple[str, ...]:
        return series_unit.SERIES_JOB.paths(series_unit.series_source(planned(), env))

    return [PageJob(lambda: series_unit.render_series(planned(), env), paths)]


PERSONS_PER_JOB_PER_EVENT = 2
"""A person's page is rendered with a few hundred others, not with every person of the
site: an archive of a thousand events has some twenty thousand. The site's events count
before its people are gathered (a new index costs nothing until a page is asked for), so
the person pages are shared out among a job per this many events; 20 people per event
(bench_archive.py's pool) then make about 40 pages a job."""


def _shares(kind: SiteKind[Any, Any], events: int) -> list[SiteJob]:
    if kind.name != "person":
        return [SiteJob(kind=kind)]
    parts = max(1, events // PERSONS_PER_JOB_PER_EVENT)
    return [SiteJob(kind=kind, part=part, parts=parts) for part in range(parts)]


_LOADED = frozenset({"static", "flags", "logo"})
"""The kinds of file outside the events' folders that every page loads."""


def _render_index_kind(source: Callable[[], SiteSource], env: jinja2.Environment,
                       job: SiteJob) -> dict[str, bytes]:
    return site.render_index_job(source(), env, job)


def _index_kind_paths(source: Callable[[], SiteSource], job: SiteJob) -> tuple[str, ...]:
    return job.paths(source())


def diagnostics_of_failure(
    error: Exception, fallback_path: str, doing: str = "rendering",
) -> tuple[Diagnostic, ...]:
    """A failure behind the seam as diagnostics: a template error names its file and line,
    a bug says so."""
    if isinstance(error, StandingsError):
        return error.diagnostics
    if isinstance(error, jinja2.TemplateSyntaxError):
        return (Diagnostic(path=error.filename or error.name or fallback_path, line=error.lineno,
                           message=f"template error: {error.message}"),)
    if isinstance(error, jinja2.TemplateError):
        return (Diagnostic(path=fallback_path, message=f"template error: {error}"),)
    return (Diagnostic(path=fallback_path,
                       message=f"internal error while {doing}: {error!r}"),)
