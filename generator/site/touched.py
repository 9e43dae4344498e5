"""The players' pages a change touches, so that a build of an archive renders only those.

A person's page lists their appearances in every event, and a person is one key across
events (``person_keys.py``: a player's key depends on their own event alone). So a page can
change only when an event with that key in it changes, appears or goes: the keys of the
events read by this build (as they are now, and as the last build's summaries list them)
and of the events gone since. Every other person's page is kept as the last build wrote
it, when the manifest has it and the file is still there (stored_files.files_present).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from pathlib import Path
from typing import Any

from generator.reading.site_names import PEOPLE_DIR
from generator.site.addresses import person_page
from generator.site.cache import INDEX_UNIT, FileRecord
from generator.site.index_pages import PEOPLE_PAGE
from generator.site.manifest import Manifest
from generator.site.plan import EventPlan
from generator.site.stored_files import (
    FolderListings,
    FolderStamps,
    StoredFiles,
    folder_held,
    listed_files,
)

__all__ = ["kept_person_pages", "recorded_person_pages", "touched_keys"]


def touched_keys(read: Sequence[EventPlan], previous: Manifest | None,
                 listed: Collection[str]) -> frozenset[str] | None:
    """The person keys whose page may change; None when that cannot be known (no manifest,
    or an event of it without a summary): every page is then rendered.

    ``read``: the events this build reads; ``listed``: the slugs of every event now."""
    if previous is None:
        return None
    keys: set[str] = set()
    for plan in read:
        if not plan.info.is_team_event:
            person_keys = plan.person_keys
            keys.update(person_keys[row.player.start_no] for row in plan.standings.rows)
    now_read = {plan.slug for plan in read}
    for name, unit in previous.units.items():
        if "/" in name or name == INDEX_UNIT or (name not in now_read and name in listed):
            continue  # a language's copy, the index, or an event listed from its summary
        if unit.summary is None:
            return None
        keys.update(str(row[8]) for row in unit.summary["rows"] if row[8] is not None)
    return frozenset(keys)


def kept_person_pages(keys: Sequence[str], home: str, touched: frozenset[str] | None,
                      previous: Manifest | None, out: Path, dirty: Collection[str] = (),
                      ) -> tuple[list[str], dict[str, FileRecord]]:
    """The keys of the persons (of ``keys``, every person's) whose page is rendered in the
    language under ``home``, and the records of the pages kept as they are (by their path
    in the site). ``dirty``: the paths a killed build journaled (inplace.py), rendered
    whatever the rest says."""
    index = None if previous is None else previous.units.get(home + INDEX_UNIT)
    if touched is None or index is None:
        return list(keys), {}
    rendered = []
    kept: list[str] = []
    recorded = index.files
    listings: FolderListings = {}
    shown: str | None = None
    present: frozenset[str] | None = None
    for key in keys:
        path = home + person_page(key)
        folder, _, name = path.rpartition("/")  # an archive's 20,000 pages in one folder
        if folder != shown:
            shown, present = folder, listed_files(out, folder, listings)
        if key in touched or path not in recorded or path in dirty \
                or present is None or name not in present:
            rendered.append(key)
        else:
            kept.append(path)
    return rendered, {path: recorded[path] for path in kept}


def recorded_person_pages(home: str, made: Mapping[str, object | None],
                          previous: Manifest | None, out: Path, dirty: Collection[str] = (),
                          stamps: FolderStamps | None = None,
                          ) -> tuple[list[str], Mapping[str, FileRecord]] | None:
    """:func:`kept_person_pages` where only the persons a change touched are known (``made``:
    by key, None for one gone): every other person's page is the last build's, from the
    index unit's record, its entry taken as it is read. ``stamps``: the index unit's folders
    as the last build left them; where the persons' folder is still so, it holds every page
    recorded, unlisted (stored_files.folder_held). None when the last build recorded no
    index (every person is then asked for)."""
    index = None if previous is None else previous.units.get(home + INDEX_UNIT)
    if index is None:
        return None
    rendered = [key for key, person in made.items() if person is not None]
    folder = home + PEOPLE_DIR
    start, people_page = len(folder) + 1, home + PEOPLE_PAGE
    whole = folder_held(out, stamps, folder)
    present = None if whole else listed_files(out, folder, {})
    recorded = index.files
    raw = recorded.raw if isinstance(recorded, StoredFiles) else None
    kept: dict[str, Any] = {}
    for path in recorded:
        if not path.startswith(folder + "/") or "/" in path[start:] or path == people_page:
            continue
        key = path[start:].removesuffix(".html")
        if key in made:
            continue
        if path in dirty or (not whole and (present is None or path[start:] not in present)):
            rendered.append(key)
        else:
            kept[path] = recorded[path] if raw is None else raw[path]
    return rendered, kept if raw is None else StoredFiles(kept)
