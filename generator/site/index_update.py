"""The index pages of a changed archive: only those whose rows changed are rendered again.

The front page, each older season's page and each page of names (index_pages.py) show only
what their digest takes (the events' cache keys, the players' rows, the bars of links). A
build keeps, in the index unit's summary of the cache manifest, each page's digest
(:data:`INDEX_PAGES`, beside the find index's state); the next build renders a page only
where its digest differs, or its file is not the one the manifest records, and keeps the
others as they are, unread. A change of one event so renders the season that lists it (and
the front page, when it is in the current season or its description), and the pages of
names of the players whose row changed (one result changed: none); the result is a clean
build's, byte for byte (tests/site/test_index_pages.py).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from generator.site.cache import INDEX_UNIT, BuildCache, FileRecord
from generator.site.index_pages import page_digests
from generator.site.inplace import InPlaceSite
from generator.site.site_source import SiteSource
from generator.site.stored_files import (
    FolderListings,
    FolderStamps,
    files_present,
    folder_held,
)

__all__ = ["INDEX_PAGES", "IndexKeeper"]

INDEX_PAGES = "index-pages"
"""The key of the index unit's summary that holds each index page's digest, by its path."""


class IndexKeeper:
    """The index pages of each language of a build with a cache (site.build): ``kept``
    receives the pages kept as they are, by their path from the site's root, and
    :meth:`summary` is what the index unit keeps for the next build, with ``find_states``
    (find_update.py's) beside them."""

    def __init__(self, cache: BuildCache, site: InPlaceSite,
                 kept: dict[str, dict[str, FileRecord]],
                 find_states: Mapping[str, Mapping[str, Any]]) -> None:
        self.cache, self.site, self.kept, self.find_states = cache, site, kept, find_states
        self.digests: dict[str, dict[str, str]] = {}
        self.listings: FolderListings = {}
        self.held: dict[str, bool] = {}

    def __call__(self, home: str, source: SiteSource) -> SiteSource:
        """``source`` with the pages of the language under ``home`` that are kept."""
        previous = self.cache.previous
        index = None if previous is None else previous.units.get(home + INDEX_UNIT)
        summary = None if index is None else index.summary
        before = None if summary is None else summary.get(INDEX_PAGES)
        # A page of names whose rows were not read keeps the last build's digest.
        digests = self.digests[home] = page_digests(
            source, self.cache.keys, self.cache.program,
            before if isinstance(before, dict) else None)
        if index is None or not isinstance(before, dict):
            return source
        kept: dict[str, FileRecord] = {}
        stamps = self.cache.stamps.get(home + INDEX_UNIT)
        for page, digest in digests.items():
            path = home + page
            record = index.files.get(path)
            if before.get(page) == digest and record is not None \
                    and path not in self.site.dirty and self._present(path, stamps):
                kept[path] = record
        self.kept.setdefault(home, {}).update(kept)
        return dataclasses.replace(source, kept_pages=frozenset(
            path.removeprefix(home) for path in kept))

    def _present(self, path: str, stamps: FolderStamps | None) -> bool:
        """A page the last build recorded is in the output: by its folder's stamp where the
        folder is as that build left it (it then holds every page it recorded), else by a
        listing. The players' index page shares its folder with every player's page: its
        listing (190,000 names) was 0.2 s of one change at 10,000 events."""
        folder = path.rpartition("/")[0]
        held = self.held.get(folder)
        if held is None:
            held = self.held[folder] = folder_held(self.site.out, stamps, folder)
        return held or files_present(self.site.out, (path,), self.listings)

    def summary(self, home: str) -> dict[str, Any] | None:
        """The index unit's summary of the language under ``home``."""
        found = {**self.find_states.get(home, {})}
        if home in self.digests:
            found[INDEX_PAGES] = dict(sorted(self.digests[home].items()))
        return found or None
