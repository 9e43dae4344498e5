"""Each series a unit of the incremental build (issue 28): a change to one event renders
the series that name it again, not the others.

A series' files (``series/<name>/``: its page and downloads) are a pure function of the
program, its series file and the events it names, so its key digests those: the file's
content and the keys of the events its names and globs match among the event folders now
(an event added that a glob matches moves it). The build names the unit ``series/<name>``
in the manifest (``en/series/<name>`` in a language under a folder, as an event's);
``series`` is a name no event folder may take (reading/site_names.py).

A series whose key did not move is not planned again, and its events are not read whole
for it: the front page and the persons' pages, which list it, read what the last build
stored of it (:class:`~generator.site.series_view.ListedSeries`): its title, whether it is
final, and each person's place. The persons' pages a series' change touches are those of
its persons before and after (touched.py keeps the others as they are).
"""

from __future__ import annotations

import datetime
import functools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

import jinja2

from generator.errors import Diagnostic, StandingsError
from generator.reading.series_files import read_series
from generator.reading.series_settings import SeriesSettings
from generator.reading.site_settings import SiteSettings
from generator.site import pages, render
from generator.site.addresses import SERIES_DIR
from generator.site.cache import BuildCache, OtherUnit
from generator.site.language import home, speaking
from generator.site.manifest import Manifest
from generator.site.plan import EventPlan
from generator.site.series_keys import key_series, named_events, series_keys, series_unit
from generator.site.series_plan import SeriesPlan, plan_series, series_diagnostics
from generator.site.series_view import ListedSeries, person_places
from generator.speed import frozen_record

__all__ = [
    "SERIES_KIND",
    "PlannedSeries",
    "SeriesBook",
    "SeriesPlan",
    "key_series",
    "listed_warnings",
    "plan_units",
    "render_series",
    "series_keys",
    "series_source",
    "series_touched",
    "series_unit",
    "series_warnings",
    "stale_series",
]

SERIES_KIND = "series"
"""The kind of site/pages.py that makes a series' files: the series' unit renders it, the
index's does not."""


def stale_series(cache: BuildCache | None, series: Sequence[SeriesSettings],
                 site: SiteSettings) -> tuple[tuple[SeriesSettings, ...],
                                              dict[str, ListedSeries]]:
    """The series this build plans and renders (without a cache: all), and the others as
    the last build stored them in each language of ``site``, by name."""
    if cache is None:
        return tuple(series), {}
    homes = [home(code, site.built_languages) for code in site.built_languages]
    stale, listed = [], {}
    for settings in series:
        unit = series_unit(settings.slug)
        key = cache.others.get(unit)
        if key is None:  # a file added since the cache was prepared: rendered, and again next time
            cache.others = {**cache.others, unit: ""}
        data = None if key is None else cache.summary(unit, homes, key)
        try:
            listed[settings.slug] = _listed(settings.slug, data)  # type: ignore[arg-type]
        except (ValueError, KeyError, TypeError):
            stale.append(settings)  # none stored, or not ours
    return tuple(stale), listed


def _listed(slug: str, data: Mapping[str, Any]) -> ListedSeries:
    return ListedSeries(slug=slug, title=str(data["title"]), is_final=bool(data["final"]),
                        places={str(page): (str(place), str(anchor))
                                for page, place, anchor in data["places"]})


def series_summary(plan: SeriesPlan) -> dict[str, Any]:
    """What the manifest keeps of a series for the next build's :class:`ListedSeries`."""
    return {"title": plan.title, "final": plan.is_final,
            "places": [[page, place, anchor]
                       for page, (place, anchor) in person_places(plan).items()]}


def series_warnings(series: Sequence[SeriesSettings], problems: Sequence[Diagnostic],
                    plans: Sequence[EventPlan]) -> tuple[Diagnostic, ...]:
    """The series' warnings, as ``standings check`` prints them (a glob that matches no
    event folder, say); their errors (a team event named) stop the build here, before
    anything is written. Of every series, planned or not: from the events' headings."""
    found = [problem for problem in problems if not problem.is_error]
    # A file's own errors (make_environment raises them first in a build that renders).
    errors = [problem for problem in problems if problem.is_error]
    for each in series:
        for diagnostic in series_diagnostics(each, plans):
            (errors if diagnostic.is_error else found).append(diagnostic)
    if errors:
        raise StandingsError(errors)
    return tuple(found)


@frozen_record
class _Info:
    title: str
    start_date: datetime.date | None
    is_team_event: bool


@dataclass(frozen=True, slots=True)
class _Headed:
    """An event as a series' warnings read it, from its stored summary."""

    slug: str
    info: _Info


def listed_warnings(events_root: Path, cache: BuildCache) -> tuple[Diagnostic, ...]:
    """:func:`series_warnings` of a build that changes nothing: the events as the manifest
    lists them (every one unchanged, so each has its summary)."""
    series, problems = read_series(events_root)
    previous = cache.previous
    if previous is None or (not series and not problems):
        return ()
    headed = []
    for slug in sorted(cache.keys):
        data = previous.units[slug].summary or {}
        start = data.get("start")
        headed.append(_Headed(slug, _Info(
            title=str(data.get("title", slug)), is_team_event=bool(data.get("team")),
            start_date=None if start is None else datetime.date.fromisoformat(start))))
    return series_warnings(series, problems, headed)  # type: ignore[arg-type]


@frozen_record
class PlannedSeries:
    """The series of a build: those it renders, planned, and every one as the index and
    the persons' pages list it."""

    planned: Mapping[str, SeriesPlan]
    """By unit name (:func:`series_unit`)."""
    listed: tuple[SeriesPlan, ...]
    """In the order of the files; an unchanged one is its :class:`ListedSeries`, which
    answers what those pages read of a plan."""

    def renderers(self, env: jinja2.Environment, home: Callable[[Mapping[str, bytes]],
                                                                dict[str, bytes]],
                  ) -> dict[str, OtherUnit]:
        """Each series' unit in the language of ``env`` (``home`` puts its files under the
        language's folder): its renderer and its summary for the manifest."""
        units: dict[str, OtherUnit] = {}
        for each in self.listed:
            unit = series_unit(each.slug)
            plan = self.planned.get(unit)
            if plan is None:
                units[unit] = (partial(_not_planned, unit), None)
            else:
                units[unit] = (lambda plan=plan: home(render_series(plan, env)),  # type: ignore[misc]
                               partial(series_summary, plan))
        return units


def _not_planned(unit: str) -> dict[str, bytes]:
    raise AssertionError(f"{unit} was listed as unchanged, and so was not planned")


def plan_units(stale: Sequence[SeriesSettings], listed: Mapping[str, ListedSeries],
               series: Sequence[SeriesSettings], plans: Sequence[EventPlan]) -> PlannedSeries:
    """Plan the stale series (their events read whole: build._read_whole)."""
    planned = {series_unit(each.slug): plan_series(each, plans) for each in stale}
    return PlannedSeries(planned=planned, listed=tuple(
        planned.get(series_unit(each.slug)) or listed[each.slug]  # type: ignore[misc]
        for each in series))


def units_of(cache: BuildCache | None,
             found: tuple[Sequence[SeriesSettings], Mapping[str, ListedSeries]],
             series: Sequence[SeriesSettings], plans: Sequence[EventPlan],
             touched: frozenset[str] | None,
             ) -> tuple[PlannedSeries | None, frozenset[str] | None]:
    """With the cache, each series a unit of its own, planned once for every language
    (``found``: :func:`stale_series`'), and the persons' pages ``touched`` with theirs;
    without it, none (the series' pages are the index's)."""
    if cache is None:
        return None, touched
    units = plan_units(*found, series, plans)
    return units, series_touched(units, cache.before, touched)


def series_touched(planned: PlannedSeries, before: Manifest | None,
                   touched: frozenset[str] | None) -> frozenset[str] | None:
    """``touched`` (touched.py) and the persons' page keys a series' change touches: every
    person of a series planned again, now and as the last build stored it, and of a series
    gone since. None when a series the last build made has no summary (every person's page
    is rendered), as when ``touched`` is."""
    if touched is None:
        return None
    keys: set[str] = set(touched)
    for plan in planned.planned.values():
        keys.update(person_places(plan))
    if before is None:
        return frozenset(keys)
    now = {series_unit(each.slug) for each in planned.listed}
    for name, unit in before.units.items():
        if not name.startswith(SERIES_DIR + "/") or (name in now and name not in planned.planned):
            continue
        if unit.summary is None:
            return None
        keys.update(str(page) for page, _place, _anchor in unit.summary["places"])
    return frozenset(keys)


def series_source(plan: SeriesPlan, env: jinja2.Environment) -> pages.SiteSource:
    """What a series' files are made from: the series alone (its pages read nothing else
    of the site but its settings)."""
    return pages.SiteSource(site=render.site_of(env), plans=(), persons=(), topics=(),
                            static={}, explain=str, series=(plan,))


SERIES_JOB = pages.SiteJob(kind=next(kind for kind in pages.SITE_PAGE_KINDS
                                     if kind.name == SERIES_KIND))


def render_series(plan: SeriesPlan, env: jinja2.Environment) -> dict[str, bytes]:
    """A series' files in the language of ``env``: the series kind of site/pages.py."""
    with speaking(str(env.globals["language"])):
        return render.render_site_job(series_source(plan, env), env, SERIES_JOB)


class SeriesBook:
    """``standings serve``'s series (preview/livebuild.py keys them as the build does): each
    planned again only when an event it names moved, and the index pages made from the
    series as planned last. For one environment (it read the series files); another starts
    the book afresh. Its plans are made on first use, from the events' summaries."""

    def __init__(self) -> None:
        self._env: jinja2.Environment | None = None
        self._plans: dict[str, Callable[[], SeriesPlan]] = {}

    @staticmethod
    def _settings(env: jinja2.Environment) -> tuple[SeriesSettings, ...]:
        return tuple(env.globals.get("series_settings", ()))  # type: ignore[arg-type]

    def units(self, env: jinja2.Environment, slugs: Sequence[str]
              ) -> dict[str, tuple[str, ...]]:
        """Each series' unit -> the events among ``slugs`` it names."""
        if env is not self._env:
            self._env, self._plans = env, {}
        return {series_unit(each.slug): tuple(named_events(each, slugs))
                for each in self._settings(env)}

    def plan(self, env: jinja2.Environment, unit: str, plans: Sequence[EventPlan]
             ) -> Callable[[], SeriesPlan]:
        """The series ``unit`` over ``plans`` (the events served), planned when first asked;
        its errors (a team event named) raised then, as the build raises them."""
        settings = next(each for each in self._settings(env) if series_unit(each.slug) == unit)
        planned = functools.cache(partial(_planned, settings, tuple(plans)))
        self._plans[unit] = planned
        return planned

    def listed(self, env: jinja2.Environment) -> tuple[Callable[[], SeriesPlan], ...] | None:
        """The series as planned last, in the order of their files; None when this book
        has planned none for ``env``."""
        if env is not self._env or not self._plans:
            return None
        return tuple(self._plans[unit] for each in self._settings(env)
                     if (unit := series_unit(each.slug)) in self._plans)


def _planned(settings: SeriesSettings, plans: Sequence[EventPlan]) -> SeriesPlan:
    plan = plan_series(settings, plans)
    errors = [d for d in plan.diagnostics if d.is_error]
    if errors:
        raise StandingsError(errors)
    return plan
