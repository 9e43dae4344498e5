"""Each series' key in the build's manifest, worked out before anything is read: what a
series' unit is called and which events it names (series_unit.py plans and renders them).
Apart from series_unit.py so that a build which finds nothing changed (up_to_date.py)
loads none of the series' planning nor the pages' machinery.
"""

from __future__ import annotations

import fnmatch
import hashlib
from collections.abc import Iterable, Mapping
from functools import partial
from pathlib import Path

from generator.reading.series_files import read_series, series_inputs
from generator.reading.series_settings import SeriesSettings
from generator.site.addresses import SERIES_DIR
from generator.site.cache import BuildCache
from generator.site.input_digest import digest_folder

__all__ = ["key_series", "named_events", "series_keys", "series_unit"]


def series_unit(slug: str) -> str:
    """The manifest's name for the files of series ``slug``."""
    return f"{SERIES_DIR}/{slug}"


def named_events(settings: SeriesSettings, slugs: Iterable[str]) -> list[str]:
    """The event folders the series names, as series_plan matches them (fnmatch); a team
    event among them too (the series refuses it: its key moving costs nothing)."""
    patterns = [pattern.written for pattern in settings.events]
    return [slug for slug in slugs if any(fnmatch.fnmatchcase(slug, p) for p in patterns)]


def series_keys(program: str, events_root: Path, event_keys: Mapping[str, str]
                ) -> dict[str, str]:
    """Each series' unit -> its key, from the events' keys as they are now. The files are
    digested before they are read (cache.py: a file written meanwhile is rendered again
    by the next build, never trusted)."""
    return _keyed(_digested(events_root), program, event_keys)


_Digested = list[tuple[SeriesSettings, str]]
"""Each series' settings with its file's digest."""


def _digested(events_root: Path) -> _Digested:
    digests = {entry.name: digest_folder(entry) for entry in series_inputs(events_root)}
    return [(settings, digests.get(Path(settings.path).name, ""))
            for settings in read_series(events_root)[0]]


def _keyed(digested: _Digested, program: str, event_keys: Mapping[str, str],
           ) -> dict[str, str]:
    """The series' keys from their files' digests and the events' keys: made again from
    the same digests when an event read gets its key."""
    keys = {}
    for settings, file_digest in digested:
        digest = hashlib.sha256(f"{program}\0series\0{file_digest}\0".encode())
        for slug in named_events(settings, sorted(event_keys)):
            digest.update(f"{slug}\0{event_keys[slug]}\0".encode())
        keys[series_unit(settings.slug)] = digest.hexdigest()
    return keys


def key_series(cache: BuildCache, events_root: Path) -> BuildCache:
    """``cache`` given the series' keys (:attr:`BuildCache.others`): each series file is
    digested in its own key, not in the program's, and the index, which lists the series,
    keys on theirs too. The same digests key them again when an event read gets its key
    (:meth:`BuildCache.key_read`)."""
    digested = _digested(events_root)
    cache.others = _keyed(digested, cache.program, cache.keys)
    cache.others_of = partial(_keyed, digested, cache.program)
    if cache.others:
        cache.key_index()
    return cache
