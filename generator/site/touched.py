"""The players' pages a change touches, so that a build of an archive renders only those.

A person's page lists their appearances in every event, and a person is one key across
events (``person_keys.py``: a player's key depends on their own event alone). So a page can
change only when an event with that key in it changes, appears or goes: the keys of the
events read by this build (as they are now, and as the last build's summaries list them)
and of the events gone since. Every other person's page is kept as the last build wrote
it, when the manifest has it and the file is still there.

The pages are units of the manifest, one per part of the persons' state (site_state.py;
cache.people_unit), under the index's key: a change renders the pages it touches, and of
the other units reads nothing but whether their folder is as the last build left it. At
10,000 events the pages of 190,000 persons in the index's unit were a record of 20 MB
read, walked and written again by every change.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence

from generator.site.addresses import person_page
from generator.site.cache import INDEX_UNIT, BuildCache, FileRecord
from generator.site.manifest import Manifest, Unit, UnitRecord
from generator.site.people import Person
from generator.site.people_units import people_unit
from generator.site.plan import EventPlan
from generator.site.site_state import SiteState, person_part
from generator.site.stored_files import StoredFiles, merged_files

__all__ = ["PeopleUnits", "touched_keys"]


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


class PeopleUnits:
    """The players' pages of a build with a cache, in units by part of the persons' state:
    which persons each language renders (:meth:`persons`), the pages written
    (:meth:`written`), and the units they and the pages kept make (:meth:`units`).

    A part's unit is kept whole, unread, when no person of it is touched and its files are
    all there (cache.BuildCache.intact: its folder's stamp); rendered in part when some
    are touched (its record read: the other persons' pages kept as it lists them); rendered
    whole when the last build has no unit of it, or its files are not all there."""

    def __init__(self, cache: BuildCache, state: SiteState, touched: frozenset[str] | None,
                 expect: Callable[[str], None]) -> None:
        """``touched``: the keys whose pages may change (None: every page is rendered);
        ``expect(unit)``: told of each unit before its pages are written (inplace.py)."""
        self.cache, self.state, self.touched, self.expect = cache, state, touched, expect
        self._rebuilt: dict[str, dict[str, Mapping[str, FileRecord]]] = {}
        """Home -> a unit rendered -> the pages it keeps of the last build."""
        self._reused: dict[str, list[str]] = {}
        """Home -> the units kept whole."""
        self._unit_of: dict[str, str] = {}
        """A page rendered -> its unit."""
        self._written: dict[str, dict[str, FileRecord]] = {}
        """A unit rendered -> its pages written."""
        self._names: dict[str, list[tuple[str, str]]] = {}
        """Home -> each part with its unit (:meth:`_named`, asked three times a build)."""

    def persons(self, home: str) -> tuple[Person, ...]:
        """The persons whose page is rendered in the language under ``home``."""
        state, touched, units = self.state, self.touched, self._before()
        by_part: dict[str, list[str]] = {}
        for key in sorted(touched or ()):
            by_part.setdefault(person_part(key, state.digits), []).append(key)
        rebuilt = self._rebuilt[home] = {}
        reused = self._reused[home] = []
        rendered: list[str] = []
        for part, name in self._named(home):
            unit = None if touched is None else units.get(name)
            kept: Mapping[str, FileRecord] = {}
            if unit is None or not self.cache.intact(name):
                keys = state.part_keys(part)
            elif part in by_part:
                keys = by_part[part]
                kept = _kept_pages(unit, {home + person_page(key) for key in keys})
            else:
                reused.append(name)
                continue
            rebuilt[name] = kept
            self.expect(name)
            for key in keys:
                self._unit_of[home + person_page(key)] = name
            rendered += keys
        return state.persons(rendered)

    def _before(self) -> Mapping[str, Unit]:
        """The last build's units."""
        return self.cache.previous.units if self.cache.previous is not None else {}

    def _named(self, home: str) -> list[tuple[str, str]]:
        """Each part of the state with its unit in the language under ``home`` (4,096 at
        10,000 events)."""
        found = self._names.get(home)
        if found is None:
            found = self._names[home] = [(part, people_unit(home, part))
                                         for part in self.state.part_names()]
        return found

    def whole(self, home: str) -> bool:
        """Every part's unit in the language under ``home`` is the last build's, all there:
        if the index is kept, they are kept with it (:meth:`units`)."""
        units = self._before()
        return all(name in units and self.cache.intact(name) for _, name in self._named(home))

    def written(self, files: Mapping[str, FileRecord]) -> None:
        """Players' pages rendered (of any language), by their path in the site."""
        for path, record in files.items():
            self._written.setdefault(self._unit_of[path], {})[path] = record

    def units(self, home: str, key: str) -> dict[str, Unit]:
        """The units of the players' pages in the language under ``home``, under the
        index's key ``key``."""
        units = self._before()
        if home not in self._rebuilt:  # its index kept: every unit with it (whole)
            return {name: units[name] for _, name in self._named(home)}
        found: dict[str, Unit] = {
            name: UnitRecord(key=key, files=merged_files(kept, self._written.get(name, {})))
            for name, kept in self._rebuilt[home].items()}
        for name in self._reused[home]:
            found[name] = units[name].rekeyed(key)
        return found


def _kept_pages(unit: Unit, rendered: Collection[str]) -> Mapping[str, FileRecord]:
    """A unit's pages but those ``rendered`` again, as its record lists them."""
    files = unit.files
    if isinstance(files, StoredFiles):
        return StoredFiles({path: entry for path, entry in files.raw.items()
                            if path not in rendered})
    return {path: record for path, record in files.items() if path not in rendered}

