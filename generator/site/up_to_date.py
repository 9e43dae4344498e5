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

import contextlib
import os
import pickle
from dataclasses import dataclass
from pathlib import Path

from generator.errors import Diagnostic, StandingsError
from generator.reading.event_listing import listed_events
from generator.reading.event_places import event_slug
from generator.reading.series_files import series_folder
from generator.reading.site_files import site_inputs
from generator.site import staging as output
from generator.site.cache import INPUTS_PATH, PACKAGE_DIR, BuildCache
from generator.site.event_folders import ListedFolders, Listing
from generator.site.folder_check import checked_stamps
from generator.site.inplace import InPlaceSite
from generator.site.input_record import load_inputs
from generator.site.people_units import is_people_unit
from generator.site.series_keys import key_series
from generator.site.side_process import SideProcess
from generator.site.template_paths import (
    EXPLANATIONS_PACKAGE_DIR,
    LOCALES,
    club_templates,
    package_templates,
)

__all__ = ["OpenedSite", "closed_unchanged", "discover_events", "open_site", "page_inputs",
           "prepare_cache", "reused_events", "template_folders", "unchanged_build"]


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


SIDE_PROCESS_FROM = 1_000_000
"""Bytes of the inputs' record (some 560 an event) from which a build lists the events
folder and checks the output's folders in a side process: about 2,000 events, below which a
fork (a few milliseconds) costs more than the work it takes over."""


def prepare_cache(events_dir: Path | str, out_dir: Path | str, *,
                  clean: bool = False) -> BuildCache:
    """The cache of ``standings build``, made before any event is read (see
    generator/site/cache.py for why), from the events and templates as they are now."""
    events_root = Path(events_dir)
    if not events_root.exists():  # the build says so, listing it (found None)
        cache = key_series(BuildCache.prepare(
            events_dir, out_dir, listing=Listing(folders={}),
            template_folders=page_inputs(events_root), clean=clean), events_root)
        cache.found = None
        return cache
    side = None if clean else _side_process(events_root, Path(out_dir))

    def listing() -> Listing:
        # The build lists the events folder once (a second at 1,000 events): in the side
        # process while this one reads the records, where there is one.
        data = None if side is None else side.next()
        if data is not None:
            with contextlib.suppress(pickle.UnpicklingError, EOFError, ValueError):
                listed = pickle.loads(data)
                if isinstance(listed, Listing):
                    return listed
        return discover_events(events_root)

    return key_series(BuildCache.prepare(
        events_dir, out_dir, listing=listing, template_folders=page_inputs(events_root),
        clean=clean, side=side), events_root)


def _side_process(events_root: Path, out: Path) -> SideProcess | None:
    """The events folder listed and the output's folders checked in a side process, for an
    archive (side_process.py, folder_check.py); None for a smaller site."""
    try:
        if os.stat(out / INPUTS_PATH).st_size < SIDE_PROCESS_FROM:
            return None
    except OSError:
        return None

    def stamps_checked() -> bytes:
        # The record read there too: the build takes the answers only for the very
        # stamps it read itself (folder_check.py).
        _events, folders = load_inputs(out, INPUTS_PATH)
        return checked_stamps(out, folders.values())

    return SideProcess.start([lambda: pickle.dumps(discover_events(events_root)),
                              stamps_checked])


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
