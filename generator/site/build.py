"""The published site: plan the events that changed, render their pages, write them in place.

Data flow (STYLE §2): ``read_events`` -> ``plan_site`` (the engine, once per
event and round) -> ``render_event`` / ``render_index`` (relative path ->
bytes, nothing on disk) -> the output folder written in place (generator/site/inplace.py:
each changed file replaced atomically, under a lock, with a journal the next build
completes). A build that fails on its inputs writes nothing; one that fails while writing
leaves every page old or new. With the cache (``standings build``), an unchanged event is
neither read nor planned: the pages that list it read its stored summary
(generator/site/stored_summary.py).

The output is deterministic: the same input gives byte-identical files
(sorted iteration, no timestamps), which is what lets ``standings serve``
rebuild one event and compare.
"""

from __future__ import annotations

import contextlib
import dataclasses
import fnmatch
import multiprocessing
import os
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

import jinja2

from generator.errors import Diagnostic, StandingsError, refused_by_strict
from generator.reading.events import (
    Event,
    read_events_but,
)
from generator.reading.series_files import read_series
from generator.reading.series_settings import SeriesSettings
from generator.reading.site_files import festival_logo_problems, read_site, site_inputs
from generator.reading.site_names import address_problems, language_folder_problems
from generator.reading.site_settings import SiteSettings
from generator.site import checked, pages, render, series_unit
from generator.site.cache import BuildCache, FileRecord
from generator.site.checked import CheckedEvent
from generator.site.event_folders import Listing
from generator.site.find_update import SiteFinder
from generator.site.index_update import IndexKeeper
from generator.site.inplace import InPlaceSite
from generator.site.language import NoCatalogue, home, speaking
from generator.site.names_state import NamesView
from generator.site.people import Person, people
from generator.site.plan import EventPlan, event_warnings, plan_event
from generator.site.render import make_environment
from generator.site.site_state import SiteState, site_state, unchanged_events
from generator.site.stored_summary import (
    ListedEvent,
    SummarisedEvent,
    as_plans,
)
from generator.site.touched import PeopleUnits, touched_keys
from generator.site.up_to_date import (
    OpenedSite,
    closed_unchanged,
    discover_events,
    open_site,
    page_inputs,
    prepare_cache,
    template_folders,
)
from generator.site.workers import WorkerLost, forked_tasks
from generator.speed import collector_paused

__all__ = [
    "EventJob", "Site", "SiteJob", "SiteSource", "build_site", "discover_events",
    "event_jobs", "index_source", "make_environment", "page_inputs", "plan_event", "plan_site",
    "planned_warnings", "prepare_cache", "render_event", "render_event_job", "render_index",
    "render_index_job", "render_site", "site_environment", "site_inputs", "template_folders",
]


@dataclass(frozen=True, slots=True, kw_only=True)
class Site:
    events: tuple[EventPlan, ...]
    """In folder order (the index sorts them newest first)."""
    people: tuple[Person, ...]
    """Every person; none when ``state`` holds them (a change of an archive)."""
    state: SiteState | None = None
    """The site-wide state the build leaves (site_state.py): with a cache."""

    @property
    def names(self) -> tuple[NamesView, int] | None:
        """The pages of names and the number of persons when ``people`` does not hold them."""
        state = self.state
        return None if state is None or state.all_persons is not None else state.names_view


def plan_site(events: Sequence[Event | EventPlan]) -> Site:
    """Compute everything once; check what would make the site inconsistent."""
    # The reader refuses these names in a folder it lists; an event read from a path
    # given on its own (a TRF file) is checked here, before anything is published.
    problems = address_problems(
        (event.slug, (event.event if isinstance(event, EventPlan) else event).display_path)
        for event in events)
    if problems:
        raise StandingsError(problems)
    plans = tuple(event if isinstance(event, EventPlan) else plan_event(event)
                  for event in sorted(events, key=lambda e: e.slug))
    return Site(events=plans, people=people(plans))


def render_event(event: Event | EventPlan, env: jinja2.Environment, *,
                 workers: int = 1,
                 on_files: Callable[[Mapping[str, bytes]], None] | None = None,
                 ) -> dict[str, bytes]:
    """Everything under ``<slug>/`` (relative path -> content).

    ``workers`` > 1 lets a large event render in forked processes (``standings build``
    does; ``standings serve`` renders in its own thread and keeps the default).
    ``on_files`` receives the files batch by batch as they are rendered.
    """
    plan = event if isinstance(event, EventPlan) else plan_event(event)
    with speaking(env_language(env)):
        return render.render_event(plan, env, workers=workers, on_files=on_files)


# --- an event's pages, a few at a time --------------------------------------------------

EventJob = pages.EventJob
SiteJob = pages.SiteJob
SiteSource = pages.SiteSource


def event_jobs(plan: EventPlan, *, players_per_job: int | None = None) -> tuple[EventJob, ...]:
    """The event's files as jobs that render on their own, the standings page first.

    Together they render exactly :func:`render_event`. ``standings serve`` asks for one
    job per player (``players_per_job=1``) and renders each page when it is asked for;
    each job's ``paths(plan)`` says which files it makes.
    """
    return pages.event_jobs(plan, players_per_job=players_per_job)


def render_event_job(plan: EventPlan, env: jinja2.Environment, job: EventJob,
                     ) -> dict[str, bytes]:
    """The files of one job; the jobs of a plan share what it works out (the standings
    after each round, the prizes...)."""
    with speaking(env_language(env)):
        return render.render_job(plan, env, job)


def build_workers() -> int:
    """Processes for a build: the CPUs this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not Linux
        return max(1, os.cpu_count() or 1)


def render_index(events: Sequence[Event | EventPlan] | Site,
                 env: jinja2.Environment) -> dict[str, bytes]:
    """The index, players across events, tie-break explanations and static assets."""
    site = events if isinstance(events, Site) else plan_site(events)
    with speaking(env_language(env)):
        return render.render_index(site.events, env, site.people)


def index_source(events: Sequence[Event | EventPlan] | Site,
                 env: jinja2.Environment, series: Sequence[series_unit.SeriesPlan] | None = None,
                 ) -> SiteSource:
    """What the pages outside the event folders are made from (render_index's pages, a
    kind at a time with :func:`render_index_job`); ``series`` planned already, if given."""
    site = events if isinstance(events, Site) else plan_site(events)
    with speaking(env_language(env)):
        return render.site_source(site.events, env, site.people, series, site.names)


def render_index_job(source: SiteSource, env: jinja2.Environment,
                     job: SiteJob) -> dict[str, bytes]:
    """The files of one kind of page outside the event folders (site/pages.py)."""
    with speaking(env_language(env)):
        return render.render_site_job(source, env, job)


def env_language(env: jinja2.Environment) -> str:
    """The language an environment was made for (make_environment): its pages' and so the
    Python wording's, whichever thread renders them (standings serve renders in several)."""
    return str(env.globals["language"])


def render_site(site: Site, env: jinja2.Environment, *, workers: int = 1,
                on_files: Callable[[Mapping[str, bytes]], None] | None = None,
                ) -> dict[str, bytes]:
    files: dict[str, bytes] = {}
    for plan in site.events:
        files.update(render_event(plan, env, workers=workers, on_files=on_files))
    files.update(render_index(site, env))
    return dict(sorted(files.items()))


def build_site(events_dir: Path | str, out_dir: Path | str, *, strict: bool = False,
               cache: BuildCache | None = None,
               workers: int | None = None,
               held_events: int = checked.HELD_EVENTS,
               opened: OpenedSite | None = None) -> tuple[Diagnostic, ...]:
    """Read, compute, render and swap. Returns the warnings; raises on any error.

    With ``strict``, warnings are errors and nothing is written. With a ``cache`` (made by
    ``BuildCache.prepare`` before this call; see generator/site/cache.py), nothing at all
    is written when nothing changed, and unchanged events' files are reused, byte for byte.
    ``workers``: processes for the events, and for a large event's pages (default:
    :func:`build_workers`). ``held_events``: the events read up to which each is kept
    whole to the end; past it, each is let go once checked and read again for its pages
    (checked.py). The files are the same either way. ``opened``: the output as
    up_to_date.py's ``unchanged_build`` opened it, found changed (None: opened here).
    """
    events_path = Path(events_dir)
    if opened is None:
        opened = open_site(events_path, out_dir, cache)
    site, left = opened.site, opened.left
    if cache is not None and site is not None and opened.unchanged is not None:
        try:
            unchanged = opened.unchanged + series_unit.listed_warnings(events_path, cache)
        except BaseException:
            site.close()
            raise
        return closed_unchanged(opened, cache, unchanged, strict=strict)
    # A build keeps millions of small objects alive to its end (the engine's derivations,
    # the standings after every round, the pages' records): every collection would walk
    # them all again. The few cycles it leaves (a few dozen objects per page, about 50 MB
    # for a 2,000-player event) are collected after it.
    try:
        with collector_paused():
            return left + _build(events_path, out_dir, strict=strict, cache=cache,
                                 workers=build_workers() if workers is None else workers,
                                 site=site, held_events=held_events)
    finally:
        if site is not None:
            site.close()


def _build(events_path: Path, out_dir: Path | str, *, strict: bool,
           cache: BuildCache | None, workers: int,
           site: InPlaceSite | None = None,
           held_events: int = checked.HELD_EVENTS) -> tuple[Diagnostic, ...]:
    if site is None and cache is not None:
        # The lock before anything is decided from the manifest: which events need reading.
        site = InPlaceSite(out_dir)
        cache.adopt(site.previous, site.dirty)
    try:
        return _read_and_write(events_path, out_dir, strict=strict, cache=cache,
                               workers=workers, site=site, held_events=held_events)
    finally:
        if site is not None:
            site.close()


def _read_and_write(events_path: Path, out_dir: Path | str, *, strict: bool,
                    cache: BuildCache | None, workers: int,
                    site: InPlaceSite | None, held_events: int) -> tuple[Diagnostic, ...]:
    settings, site_problems = read_site(events_path)
    # An event whose pages are all kept as they are is listed from its summary, unread.
    listing: Listing = getattr(cache, "found", None) or discover_events(events_path)
    series, series_problems = read_series(events_path, settings.aliases)
    stale, listed_series = series_unit.stale_series(cache, series, settings)
    summaries, lines = ({}, {}) if cache is None else _summaries(
        cache, listing, settings, stale, by_lines=not series)
    # Past a few events, each is let go once checked and summarised, and read again when
    # its pages are rendered (checked.py): an archive's plans are never all held at once.
    given = listing.given()
    keep = checked.checker(given, _read_whole(listing.folders, stale)) \
        if len(given.keys() - summaries.keys()) > held_events else None
    unread = [path for slug, path in zip(listing.slugs, listing.paths, strict=True)
              if slug not in summaries]
    try:
        # Raises for the folder's errors too.
        events = read_events_but(events_path, (), (unread, listing.diagnostics),
                                 keep=keep or _whole)
    except StandingsError as error:
        raise StandingsError((*site_problems, *error.diagnostics)) from error
    whole = [event for event in events if isinstance(event, Event)]
    lighter = {event.slug: event for event in events if isinstance(event, CheckedEvent)}
    # festival.yml's logos, read and checked as site.yml's (render.site_source publishes them).
    site_problems = (*site_problems, *festival_logo_problems(
        event.festival for event in whole if event.festival is not None))
    if any(problem.is_error for problem in site_problems):
        raise StandingsError(site_problems)
    passes = language_passes(events_path, settings)
    taken = language_folder_problems(((event.slug, event.display_path) for event in events),
                                     settings.language_folders)
    if taken:
        raise StandingsError(taken)
    problems = address_problems((event.slug, event.display_path) for event in lighter.values())
    if problems:  # those of the events kept whole: plan_site's
        raise StandingsError(problems)
    read = plan_site(whole)
    listed = as_plans(sorted((*read.events, *(event.listed for event in lighter.values()),
                              *summaries.values()), key=lambda e: e.slug))
    again = checked.CheckedEvents(events_path, lighter)
    fresh = (*read.events, *as_plans([event.listed for event in lighter.values()]))
    if cache is not None:  # keyed by the end dates just read, before anything is rendered
        cache.key_read({plan.slug: plan.info.end_date for plan in fresh})
    touched = None if cache is None else touched_keys(fresh, cache.before, listing.folders)
    state = None if cache is None else site_state(cache, listed, fresh, lines, touched,
                                                  again.summary, listing.folders)
    planned = Site(events=listed, state=state,
                   people=people(listed) if state is None else state.all_persons or ())
    # After planning: the standings have warnings of their own (the TRF rank column).
    # The unchanged events' warnings are counted in one line, not printed again (cache.py).
    warned = {plan.slug: planned_warnings(plan.event, plan) for plan in read.events}
    warned.update((event.slug, event.warnings) for event in lighter.values())
    warned = dict(sorted(warned.items()))
    warnings = (*(problem for problem in site_problems if not problem.is_error),
                *listing_warnings(listing.diagnostics),
                *(warning for found in warned.values() for warning in found),
                *series_unit.series_warnings(series, series_problems, planned.events),
                *(() if cache is None else cache.unchanged_note(summaries)))
    if strict and cache is not None:
        refusal = cache.strict_refusal(warnings, summaries)
        if refusal is not None:
            raise refusal
    elif strict and refused_by_strict(warnings):
        raise StandingsError(w.as_error() for w in warnings)
    missing = render.missing_explanations(planned.events)
    if missing:  # a tie-break page we link to must exist: a bug of ours, not the user's
        raise StandingsError([Diagnostic(path="generator/explanations",
                                         message=f"no explanation page for {', '.join(missing)}")])
    # Pages are written as they are rendered: with worker processes, the file system
    # works on one batch while they render the next.
    if site is None:
        site = InPlaceSite(out_dir)
    units, touched = series_unit.units_of(cache, (stale, listed_series), series, planned.events,
                                          touched)
    try:
        return warnings + _write(planned, passes, site, cache, warned, workers, touched, units,
                                 again)
    finally:
        site.close()


def _summaries(cache: BuildCache, listing: Listing, settings: SiteSettings,
               series: Sequence[SeriesSettings], *, by_lines: bool = False,
               ) -> tuple[dict[str, SummarisedEvent | ListedEvent], dict[str, Any] | None]:
    """The events the manifest lists unchanged in every language (site_state.py's
    ``unchanged_events``), but those read whole (:func:`_read_whole`)."""
    built = settings.built_languages
    return unchanged_events(cache, listing, [home(code, built) for code in built],
                            _read_whole(listing.folders, series), by_lines=by_lines)


def _read_whole(slugs: Iterable[str], series: Sequence[SeriesSettings]) -> frozenset[str]:
    """The events a build reads even when unchanged: a festival's sections (the festival's
    pages read each whole: every section's standings in its JSON, its prize-giving) and the
    events a series rendered again names (``series``: it counts each player's rounds and
    wins, and its categories read the players' records), which a stored summary does not
    carry. A festival holds a few sections and a series a season's evenings."""
    patterns = [pattern.written for each in series for pattern in each.events]
    return frozenset(slug for slug in slugs
                     if "/" in slug or any(fnmatch.fnmatchcase(slug, p) for p in patterns))


def _write(planned: Site, passes: Sequence[LanguagePass], site: InPlaceSite,
           cache: BuildCache | None, warned: Mapping[str, Sequence[Diagnostic]],
           workers: int, touched: frozenset[str] | None = None,
           series: series_unit.PlannedSeries | None = None,
           again: checked.CheckedEvents | None = None) -> tuple[Diagnostic, ...]:
    """Render and write in place; the files the site no longer has removed last.

    ``touched``: the person keys whose pages may change (touched.py); the others are kept
    as the last build wrote them. None: every person's page is rendered. ``again``: the
    events let go once checked, whose pages are rendered from them read again."""
    if again is None:
        again = checked.CheckedEvents(Path(), {})
    kept: dict[str, dict[str, FileRecord]] = {}
    finder = None if cache is None else SiteFinder(planned.events, cache, site, kept)
    # The index pages whose rows did not change, kept (index_update.py).
    keeper = None if cache is None or finder is None else IndexKeeper(cache, site, kept,
                                                                     finder.states)
    if cache is not None:
        cache.on_render = site.expect
    made: set[str] = set()  # without a cache: the paths of every file written

    # The players' pages in units by part of the persons' state (touched.py).
    persons = None if cache is None or planned.state is None \
        else PeopleUnits(cache, planned.state, touched, site.expect)

    try:
        with _rendered_ahead(planned, passes, cache, workers, again) as ahead:
            renderers = [_renderers(planned, each, number, workers, site.write, site.records,
                                    ahead, persons, series, finder, keeper, again.plan)
                         for number, each in enumerate(passes)]
            # Each unit's files are written as soon as they are rendered, and not kept:
            # an archive's pages would otherwise all be held until the build ends.
            if cache is None:
                for render_one, render_rest in renderers:
                    for plan in planned.events:
                        made.update(render_one(plan))
                    made.update(render_rest())
            else:
                cache.render_languages(
                    planned.events, [(each.home, *pair)
                                     for each, pair in zip(passes, renderers, strict=True)],
                    warned, read_back=False, summarise=again.summary, index_kept=kept,
                    people=persons,
                    others=() if series is None else [
                        {name: (_writing(render, site.write), summary)
                         for name, (render, summary)
                         in series.renderers(each.env, partial(_homed, each)).items()}
                        for each in passes],
                    index_summary=None if keeper is None else keeper.summary)
    except jinja2.TemplateError as error:
        raise StandingsError([_template_diagnostic(error)]) from error
    except WorkerLost as error:  # killed (out of memory): said in one line
        raise StandingsError([Diagnostic(path=str(site.out), message=str(error))]) from None
    # Last, once every page that linked them is rewritten: the files the site no longer has.
    if cache is None or site.previous is None:
        site.remove_unlisted(made if cache is None
                             else (path for unit in cache.units.values() for path in unit.files))
    else:
        site.remove(cache.left_behind(site.previous, site.dirty))
    # The inputs' record first handed over (an archive's side process makes it meanwhile).
    inputs = None if cache is None else cache.inputs_record()
    if cache is not None and planned.state is not None:
        cache.state = planned.state.records()
    site.finish(None if cache is None else cache.manifest, inputs)
    return ()


def _writing(render: Callable[[], Mapping[str, bytes]],
             write: Callable[[Mapping[str, bytes]], None]) -> Callable[[], Mapping[str, bytes]]:
    """``render``, its files written as soon as it returns them."""
    def rendered() -> Mapping[str, bytes]:
        files = render()
        write(files)
        return files

    return rendered


@dataclass(frozen=True, slots=True, kw_only=True)
class LanguagePass:
    """One language of the site: its environment and the folder its pages go in."""

    code: str
    home: str
    """"" for the first language of site.yml, "en/" for English after it."""
    env: jinja2.Environment


def language_passes(events_root: Path, settings: SiteSettings) -> list[LanguagePass]:
    """A pass per language of site.yml (``language``, or each of ``languages``)."""
    built = settings.built_languages
    passes = []
    for code in built:
        try:
            env = make_environment(events_root, settings, code)
        except NoCatalogue as error:  # a broken install: the catalogue is part of it
            line, column = settings.positions.get(
                "languages", settings.positions.get("language", (None, None)))
            raise StandingsError([Diagnostic(
                path=settings.path or "site.yml", line=line, column=column, message=str(error),
                expected="standings installed again (its catalogues ship with it)")]) from error
        passes.append(LanguagePass(code=code, home=home(code, built), env=env))
    return passes


def _renderers(site: Site, each: LanguagePass, number: int, workers: int,
               write: Callable[[Mapping[str, bytes]], None],
               records: Callable[[Iterable[str]], dict[str, FileRecord]], ahead: RenderedAhead,
               persons: PeopleUnits | None = None,
               series: series_unit.PlannedSeries | None = None,
               finder: SiteFinder | None = None,
               keeper: IndexKeeper | None = None,
               planned: Callable[[EventPlan], EventPlan] = lambda plan: plan,
               ) -> tuple[Callable[[EventPlan], dict[str, FileRecord]],
                          Callable[[], dict[str, bytes | FileRecord]]]:
    """An event's pages and the index pages in one language (pass ``number``), under its
    folder (render_event and render_index speak the environment's language; a forked
    worker inherits it with the process). An event rendered ahead is taken from ``ahead``.
    ``persons``: the persons whose own page is rendered, and where their pages go (None:
    every person's page is rendered, into the index's files).
    ``series``: the series, each a unit whose pages are not the index's (None: they are).
    ``finder``: makes the find index of a language after ``persons`` (find_update.py);
    ``keeper``: leaves out the index pages kept as they are (index_update.py);
    ``planned``: the plan an event's pages are rendered from (checked.py)."""

    def homed(files: Mapping[str, bytes]) -> dict[str, bytes]:
        return _homed(each, files)

    def write_homed(files: Mapping[str, bytes]) -> None:
        write(homed(files))

    def render_one(plan: EventPlan) -> dict[str, FileRecord]:
        files = ahead(number, plan)
        if files is not None:
            return written(files)
        rendered = render_event(planned(plan), each.env, workers=workers, on_files=write_homed)
        return records(homed(rendered))

    def written(files: Mapping[str, bytes]) -> dict[str, FileRecord]:
        write(files)
        return records(files)

    def render_rest() -> dict[str, bytes | FileRecord]:
        """The pages outside the events' folders, written as they are rendered: their
        records are returned, their bytes let go (an archive's players' pages are tens of
        thousands)."""
        some = None if persons is None else persons.persons(each.home)
        if some is None and series is None and finder is None:
            return dict(written(homed(render_index(site, each.env))))
        source = index_source(site, each.env, None if series is None else series.listed)
        if site.names is not None:  # the state holds every person: those rendered given
            source = dataclasses.replace(source, persons=some or ())
        if finder is not None:
            finder(each.home, env_language(each.env), source)
        if keeper is not None:
            source = keeper(each.home, source)
        files: dict[str, bytes | FileRecord] = {}
        for job in pages.site_jobs(source):
            if series is not None and job.kind.name == series_unit.SERIES_KIND:
                continue
            if job.kind.name != "person":
                files.update(written(homed(render_index_job(source, each.env, job))))
                continue
            # A person's page shows that person alone: a few hundred at a time.
            shown = source.persons if some is None else some
            for start in range(0, len(shown), PERSONS_AT_ONCE):
                made = written(homed(render_index_job(
                    dataclasses.replace(source, persons=shown[start:start + PERSONS_AT_ONCE]),
                    each.env, job)))
                if persons is None:
                    files.update(made)
                else:
                    persons.written(made)  # their units' files, not the index's
        return files

    return render_one, render_rest


def _homed(each: LanguagePass, files: Mapping[str, bytes]) -> dict[str, bytes]:
    return {each.home + path: content for path, content in files.items()} if each.home \
        else dict(files)


def _whole(event: Event) -> Event | CheckedEvent:
    """Each event kept whole as it is read (a build of few events, checked.py)."""
    return event


# --- many events at once -------------------------------------------------------------------

RenderedAhead = Callable[[int, EventPlan], dict[str, bytes] | None]
"""(language pass, event) -> its files (under the language's folder) when rendered ahead
by a worker; None: render it here."""

PERSONS_AT_ONCE = 500
"""Players' pages rendered, then written and let go, at a time."""

FORK_MIN_PLAYERS = 200
"""Players, summed over the events a build renders, from which it renders events in
forked workers. The four example events (83 players) build no faster in two processes
(about 1.1 s either way, measured): the fork, the workers' start and the pages sent
back eat what the second CPU saves, so a site that small keeps to one process."""


@contextlib.contextmanager
def _rendered_ahead(site: Site, passes: Sequence[LanguagePass], cache: BuildCache | None,
                    workers: int, again: checked.CheckedEvents) -> Iterator[RenderedAhead]:
    """Events rendered in ``workers`` forked processes, while this one writes their files.

    Events are independent, so each (language, event) is one task; a worker renders it
    whole in one process and sends its files back here, where they are written in the
    staging folder as those of one process are. They come back in the order one process
    renders them: the files, the cache's manifest, and the first error reported are the
    same (a task that failed in a worker is rendered again here, to raise what it raises).

    A large event (render.PARALLEL_MIN_PLAYERS) is rendered here with its own pool, page
    by page, as without this: the events' workers wait meanwhile (a pool's worker cannot
    fork one, and two pools at once would share the CPUs for nothing), then go on with
    the events after it.
    """
    units = [(number, plan) for number, each in enumerate(passes) for plan in site.events
             if cache is None or cache.renders(each.home + plan.slug, plan.slug)]
    large = render.PARALLEL_MIN_PLAYERS
    small = [index for index, (_, plan) in enumerate(units)
             if len(plan.standings.rows) < large]
    players = sum(len(units[index][1].standings.rows) for index in small)
    if (workers < 2 or len(small) < 2 or players < FORK_MIN_PLAYERS
            or "fork" not in multiprocessing.get_all_start_methods()):
        yield lambda number, plan: None
        return
    # An event let go once checked has no plan here: every kind's templates are compiled.
    every_kind = tuple(pages.EventJob(kind=kind) for kind in pages.EVENT_PAGE_KINDS)
    for each in passes:  # once here rather than once in every worker
        render.compile_templates(each.env, (
            job for index in small
            for job in (every_kind if again.is_checked(units[index][1])
                        else event_jobs(units[index][1]))))

    def task(index: int) -> dict[str, bytes]:
        number, plan = units[index]
        return _homed(passes[number], render_event(again.plan(plan), passes[number].env))

    with forked_tasks(task, min(workers, len(small))) as run:
        def in_order() -> Iterator[dict[str, bytes] | None]:
            """Each unit's files in order; None for a large one (rendered by the caller,
            while no small one is queued)."""
            start = 0
            while start < len(units):
                end = start
                while end < len(units) and len(units[end][1].standings.rows) < large:
                    end += 1
                yield from run(range(start, end))
                if end < len(units):
                    yield None
                start = end + 1

        results = in_order()
        expected = iter(units)
        coming = next(expected, None)

        def ahead(number: int, plan: EventPlan) -> dict[str, bytes] | None:
            nonlocal coming
            if coming is None or coming[0] != number or coming[1] is not plan:
                return None  # expected to be read back, but a file of it changed since
            coming = next(expected, None)
            return next(results)

        yield ahead


# --- what the cache and the preview are given ------------------------------------------


def site_environment(events_root: Path) -> jinja2.Environment:
    """The environment with ``site.yml`` beside the events folder as read, in its first
    language; StandingsError when it has a problem (serve shows it, and keeps the pages it
    had)."""
    settings, problems = read_site(events_root)
    if any(problem.is_error for problem in problems):
        raise StandingsError(problems)
    return language_passes(events_root, settings)[0].env


def listing_warnings(listing: Sequence[Diagnostic]) -> tuple[Diagnostic, ...]:
    """The warnings among the problems of an events folder itself (event_folders.Listing)."""
    return tuple(d for d in listing if not d.is_error)


def planned_warnings(event: Event, plan: EventPlan | None) -> tuple[Diagnostic, ...]:
    """The warnings of an event (``--strict`` makes them errors), those of its standings
    included when it was planned (``EventPlan.warnings``)."""
    return plan.warnings if plan is not None else event_warnings(event, None)


def _template_diagnostic(error: jinja2.TemplateError) -> Diagnostic:
    """A template problem (often in a club's override) as ``path:line: message``."""
    if isinstance(error, jinja2.TemplateSyntaxError):
        return Diagnostic(path=error.filename or error.name or "templates", line=error.lineno,
                          message=error.message or str(error))
    return Diagnostic(path="templates", message=str(error))
