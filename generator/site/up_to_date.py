"""A build's first steps, taken before it knows whether anything must be rendered: the events
folder listed, each event's key from its files' sizes and times, the manifest's index, and
the output folder opened under its lock.

None of them reads an event or loads the pages' machinery (Jinja, Babel, the readers of a
TRF file, the plan): at a thousand events, importing those took longer than finding that
nothing changed. ``standings build`` takes these steps first and imports site/build.py only
when something must be rendered, or the series' warnings made (a site with series: they
are checked against the events as the manifest lists them, by the series' planner).
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from pathlib import Path

from generator.errors import Diagnostic, StandingsError
from generator.reading.series_files import series_folder
from generator.reading.site_files import site_inputs
from generator.site import staging as output
from generator.site.cache import INPUTS_PATH, BuildCache
from generator.site.cache_keys import PACKAGE_DIR
from generator.site.event_folders import Listing
from generator.site.inplace import InPlaceSite
from generator.site.input_record import InputsRecord, load_inputs
from generator.site.inputs_now import EarlySide, InputsNow, discover_events
from generator.site.people_units import is_people_unit
from generator.site.series_keys import key_series
from generator.site.template_paths import (
    EXPLANATIONS_PACKAGE_DIR,
    LOCALES,
    club_templates,
    package_templates,
)

__all__ = ["OpenedSite", "closed_unchanged", "discover_events", "open_site", "page_inputs",
           "prepare_cache", "reused_events", "template_folders", "unchanged_build"]


def template_folders(events_root: Path) -> list[Path]:
    """The folders, besides the package's code, whose files shape pages: the package's
    templates, the tie-break explanations, the catalogues and a club's override (digested by
    the cache, watched by serve)."""
    folders = [package_templates(), PACKAGE_DIR / EXPLANATIONS_PACKAGE_DIR, LOCALES]
    club = club_templates(events_root)
    if club is not None:
        folders.append(club)
    # The series files (issue 28) shape the series pages, and so are digested and watched.
    folders.append(series_folder(events_root)[0])
    return [folder for folder in folders if folder.is_dir()]


def page_inputs(events_root: Path) -> list[Path]:
    """Everything besides an event's own files that shapes its pages: the template folders
    and site.yml with its logo (the cache's program digest takes them all), but the series
    folder: each series is a unit of the build, its file in its own key (series_unit.py)."""
    series = series_folder(events_root)[0]
    return [*(folder for folder in template_folders(events_root) if folder != series),
            *site_inputs(events_root)]


def prepare_cache(events_dir: Path | str, out_dir: Path | str, *,
                  clean: bool = False, early: EarlySide | None = None) -> BuildCache:
    """The cache of ``standings build``, made before any event is read (see
    generator/site/cache.py for why), from the events and templates as they are now.
    ``early``: the side process the command began before importing this module."""
    events_root, out = Path(events_dir), Path(out_dir)
    if not events_root.exists():  # the build says so, listing it (found None)
        if early is not None:
            early.side.drop()
        nothing = InputsNow.of_listing(
            events_root, InputsRecord() if clean else load_inputs(out, INPUTS_PATH),
            Listing(folders={}))
        cache = key_series(BuildCache.prepare(
            events_dir, out_dir, inputs=nothing, template_folders=page_inputs(events_root),
            clean=clean), events_root)
        cache.found = None
        return cache
    return key_series(BuildCache.prepare(
        events_dir, out_dir, template_folders=page_inputs(events_root), clean=clean,
        inputs=InputsNow.start(events_root, out, INPUTS_PATH, time.time_ns(), clean=clean,
                               early=early)),
        events_root)


@dataclass(frozen=True, slots=True, kw_only=True)
class OpenedSite:
    """The output folder as a build found it, before anything is read."""

    left: tuple[Diagnostic, ...]
    """What was said of a site a killed build had left aside, put back in place."""
    site: InPlaceSite | None
    """The output under its lock, with the manifest as the last build to finish left it;
    None without a cache or a manifest (site/build.py opens it then)."""
    unchanged: tuple[Diagnostic, ...] | None
    """The warnings to print when nothing changed (the series' left out); None when
    something did."""


def open_site(events_path: Path, out_dir: Path | str, cache: BuildCache | None) -> OpenedSite:
    """The output folder checked and opened, and whether anything changed since the last
    build. The caller closes :attr:`OpenedSite.site`, on an error too."""
    # Before anything is read: a folder that must not be replaced is refused at once, and a
    # site that a killed build left aside is back in place even if this build fails.
    try:
        output.check_output(out_dir, events_path)
        left = output.recover(out_dir)
    except OSError as error:
        raise StandingsError([output.os_error_diagnostic(error, out_dir)]) from error
    if cache is None or cache.previous is None:
        return OpenedSite(left=left, site=None, unchanged=None)
    # Under the output's lock: the manifest as the last build to finish left it, and
    # none of it trusted where a killed build's journal names a file (inplace.py).
    site = InPlaceSite(out_dir, (cache.previous, cache.stamp))
    try:
        cache.adopt(site.previous, site.dirty)
        unchanged = None if site.dirty else cache.unchanged_warnings()
    except BaseException:
        site.close()
        raise
    return OpenedSite(left=left, site=site, unchanged=unchanged)


def unchanged_build(events_dir: Path | str, out_dir: Path | str, cache: BuildCache, *,
                    strict: bool = False) -> tuple[OpenedSite, tuple[Diagnostic, ...] | None]:
    """The site opened (:func:`open_site`), and the warnings of a build that finds nothing
    to render, the site then closed as it was; None when something changed or the site has
    series (site/build.py's ``build_site`` goes on from the site opened). ``--strict``
    refuses the unchanged events' warnings here as a build that renders does."""
    events_path = Path(events_dir)
    opened = open_site(events_path, out_dir, cache)
    if opened.unchanged is None or opened.site is None or cache.others \
            or os.path.lexists(series_folder(events_path)[0]):
        return opened, None
    return opened, closed_unchanged(opened, cache, opened.unchanged, strict=strict)


def closed_unchanged(opened: OpenedSite, cache: BuildCache, warnings: tuple[Diagnostic, ...],
                     *, strict: bool) -> tuple[Diagnostic, ...]:
    """The end of a build that found nothing to render: the site closed as it was, and
    ``warnings`` (the unchanged events', and the series' where there are any) with what was
    said of a site put back in place; ``--strict`` refuses them as a build that renders
    does."""
    assert opened.site is not None, "nothing found unchanged without a site"
    try:
        refusal = cache.strict_refusal(warnings, cache.keys) if strict else None
        if refusal is not None:
            raise refusal
        if cache.inputs_outdated():  # else every build after it hashes the same files
            opened.site.keep_inputs(cache.inputs_bytes())
    finally:
        opened.site.close()
    return warnings + opened.left


def reused_events(cache: BuildCache) -> set[str]:
    """The events whose pages a build reused, each once: a unit is an event's under its
    slug, or under a language's folder before it ("de/" + slug); the index and a series'
    units ("series/NAME") are not events, nor are the players' pages' ("people/<digits>",
    in :attr:`BuildCache.people_reused` but for a build that found nothing changed)."""
    found = set()
    for unit in cache.reused:
        if is_people_unit(unit):
            continue
        bare = unit.partition("/")[2]
        if unit in cache.others or bare in cache.others:
            continue
        if unit in cache.keys:
            found.add(unit)
        elif bare in cache.keys:
            found.add(bare)
    return found
