"""The find index of a changed archive: only the shards whose entries changed are written.

find.py makes every shard from every entry of every event: at a thousand events, seconds
for a change of one. But a shard holds exactly the entries with a word under its key
(find.py), and nothing in it depends on an event it does not list, so a change of a few
events touches only the shards of their players' words. This module makes those shards
again from what they held (read back from the last build's files, checked against the
manifest's hashes), without the changed events' old entries and with their new ones, and
keeps every other shard as it is.

Where a shard splits is decided from the top by sizes (find.py's ``_split``): a prefix
whose entries pass the budget is split. The last build kept the size of every prefix it
split (:data:`SPLIT`, in the index unit's summary of the cache manifest); a change adds its
events' new entries to the prefixes their words pass through and takes their old ones off,
so the sizes are known without the other events. Where a split would be made or undone
(a size crossing the budget), or the events' numbers gain a digit (every entry's reckoned
size grows), the whole index is made again as a clean build makes it: the result is
always the clean build's, byte for byte (tests/site/test_find_update.py).
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from operator import itemgetter
from pathlib import Path
from typing import Any

import orjson

from generator.files import read_regular_file
from generator.site.addresses import FIND_INDEX, FIND_SHARD_DIR
from generator.site.cache import INDEX_UNIT, BuildCache, FileRecord
from generator.site.find import (
    END_OF_WORD,
    SHARD_BUDGET,
    FindEntry,
    FindEvent,
    _json,
    _shard_script,
    entry_json,
    entry_row,
    entry_size,
    event_row,
    find_entries,
    find_files,
    find_manifest,
    name_words,
    shard_key,
    shard_opening,
    shard_path,
    shard_size,
    widest,
)
from generator.site.inplace import InPlaceSite
from generator.site.language import speaking
from generator.site.manifest import Manifest, Unit
from generator.site.pages import SiteSource
from generator.site.plan import EventPlan
from generator.site.stored_summary import as_plans, summarised
from generator.speed import frozen_record, keyword_record_maker

__all__ = ["SPLIT", "FindUpdate", "SiteFinder", "find_state", "site_find_index",
           "updated_find_index", "whole_find_index"]

SPLIT = "find-split"
"""The key of the index unit's summary that holds the split prefixes and their sizes."""
WIDEST = "find-widest"
"""And the digits the sizes were reckoned with (find.py's ``widest``)."""
SIZES = "find-sizes"
"""And each shard's size as find.py reckons it, by its key: a shard a change touches is
updated in its text without being read into data where its size is known (:func:`_swapped`)."""


def find_state(split: Mapping[str, int], events: int,
               sizes: Mapping[str, int]) -> dict[str, Any]:
    """What the next build needs of this index (JSON data, sorted: a clean build and an
    updated one write the same)."""
    return {SPLIT: dict(sorted(split.items())), WIDEST: widest(events),
            SIZES: dict(sorted(sizes.items()))}


@frozen_record
class FindUpdate:
    """The index after a change: the files written, the shards kept, the state to keep."""

    files: dict[str, bytes]
    """The shards made again and the manifest script."""
    kept: dict[str, FileRecord]
    """The shards kept as they are, by path."""
    state: dict[str, Any]


@frozen_record
class _Row:
    """One entry of a shard: its event (slug, title, day) and its JSON either side of the
    event's number there."""

    slug: str
    event: str
    """The event's JSON ``[slug, title, day]``."""
    sort: tuple[Any, ...]
    """(event order, position): the order a clean build lists it in."""
    head: str
    tail: str
    name: str

    @property
    def words(self) -> tuple[str, ...]:
        """The words of its name (find.py's ``name_words``), each once."""
        return tuple(dict.fromkeys(name_words(self.name)))


# The rows of every shard a change touches are made again (21,000 for one event's players
# at a thousand events): the way in of speed.py.
_new_row = keyword_record_maker(_Row, "slug", "event", "sort", "head", "tail", "name")


def _sort_key(day: int | None, slug: str, position: int) -> tuple[Any, ...]:
    # views.event_sort_key (newest first, undated last, then the folder's name), then the
    # entry's position in its event.
    return (day is None, -day if day is not None else 0, slug, position)


def _rows_of(plan: EventPlan) -> list[_Row]:
    """An event's entries as shard rows."""
    events, entries = find_entries([plan])
    return [_row(events[0], entry) for entry in entries]


def _row(event: FindEvent, entry: FindEntry, event_json: str | None = None) -> _Row:
    head, tail = entry_row(entry, event.slug)
    return _Row(slug=event.slug,
                event=event_row(event) if event_json is None else event_json,
                sort=_sort_key(event.day, event.slug, entry.position), head=head, tail=tail,
                name=entry.name)


def _leaf(word: str, split: Mapping[str, int]) -> str:
    """The key of the shard a word sits in: below every split prefix of it."""
    depth = 0
    while word[:depth] in split:
        if depth == len(word):
            return shard_key(word) + END_OF_WORD
        depth += 1
    return shard_key(word[:depth])


def _split_prefixes(words: Iterable[str], split: Mapping[str, int]) -> set[str]:
    """The split prefixes an entry with these words is counted under."""
    found = set()
    for word in words:
        for depth in range(len(word) + 1):
            if word[:depth] not in split:
                break
            found.add(word[:depth])
    return found


def updated_find_index(
        now: int,
        old: Mapping[str, EventPlan | None],
        new: Mapping[str, EventPlan | None],
        state: Mapping[str, Any] | None,
        shards: Mapping[str, FileRecord],
        read: Callable[[str], bytes | None],
        budget: int = SHARD_BUDGET) -> FindUpdate | None:
    """The index after the events of ``old`` (as the last build listed them; None: new)
    became those of ``new`` (None: gone), of ``now`` events in all; None when it must be
    made whole (find.py).

    ``state``: :func:`find_state` as the last build kept it; ``shards``: the last build's
    shards, by path, as the manifest records them; ``read(path)``: a file of the site."""
    if state is None or not isinstance(state.get(SPLIT), dict) \
            or state.get(WIDEST) != widest(now):
        return None
    split: dict[str, int] = {str(prefix): int(size) for prefix, size in state[SPLIT].items()}
    known = state.get(SIZES)
    if not isinstance(known, dict):
        return None  # an older state: the index made whole, its sizes with it
    sizes: dict[str, int] = {str(key): int(size) for key, size in known.items()}
    digits = widest(now)
    gone = {slug: _rows_of(plan) for slug, plan in old.items() if plan is not None}
    coming = {slug: _rows_of(plan) for slug, plan in new.items() if plan is not None}
    changed = set(old) | set(new)
    for by_event, sign in ((gone, -1), (coming, 1)):
        for event_rows in by_event.values():
            shown: set[str] = set()
            for row in event_rows:
                for prefix in _split_prefixes(row.words, split):
                    split[prefix] += sign * entry_size(row.head, row.tail, digits)
                    if prefix not in shown:
                        shown.add(prefix)
                        split[prefix] += sign * (len(row.event) + 1)
    if any(size <= budget for size in split.values()):
        return None  # a split undone: the shards under it are merged
    touched: dict[str, None] = {}
    for slug in changed:
        # An entry the change left as it was (above a changed result, the places and
        # positions stay) leaves its shards as they were: only the others' are made again.
        before, after = gone.get(slug, []), coming.get(slug, [])
        for row in set(before).symmetric_difference(after):
            for word in row.words:
                touched.setdefault(_leaf(word, split))
    arriving = _in_shards(coming, touched, split)
    leaving = _in_shards(gone, touched, split)
    files: dict[str, bytes] = {}
    # An event sits in many of the shards read (a hundred for one event's players).
    event_json: dict[FindEvent, str] = {}
    for key in touched:
        added = arriving.get(key, [])
        path = shard_path(key)
        rows: list[_Row] = []
        known_size = sizes.pop(key, None)
        if path in shards:
            data = read(path)
            if data is None or not _is_recorded(data, shards[path]):
                return None
            if known_size is not None:
                swapped = _swapped(key, data, known_size, leaving.get(key, []), added,
                                   digits, budget)
                if swapped is not None:
                    files[path], sizes[key] = swapped
                    continue
            shard = _shard_data(key, data)
            if shard is None:
                return None
            replaced = _replaced(key, data, shard, changed, added, digits, budget)
            if replaced is not None:
                files[path], sizes[key] = replaced
                continue
            spliced, script, size = _splice(key, shard, changed, added, digits, budget)
            if spliced:
                if script is not None:
                    files[path], sizes[key] = script, size
                continue
            kept = _read_shard(shard, changed, event_json)
            if kept is None:
                return None
            rows = kept
        rows += added
        if not rows:
            continue
        size = shard_size((entry_size(row.head, row.tail, digits) for row in rows),
                          {row.event for row in rows})
        # The size first: folding every name of a shard to its words costs more.
        if not key.endswith(END_OF_WORD) and size > budget and _is_splittable(rows, key):
            return None  # a new split
        files[path], sizes[key] = _script(key, rows), size
    kept_shards = {path: record for path, record in shards.items()
                   if path not in files and _key(path) not in touched}
    listed = sorted([*((path, record.size) for path, record in kept_shards.items()),
                     *((path, len(data)) for path, data in files.items())],
                    key=lambda item: _key(item[0]))
    files[FIND_INDEX] = find_manifest(listed)
    return FindUpdate(files=files, kept=kept_shards, state=find_state(split, now, sizes))


def whole_find_index(plans: Sequence[EventPlan]) -> tuple[dict[str, bytes], dict[str, Any]]:
    """The whole index, as find.find_index makes it, and its state for the next build."""
    events, entries = find_entries(plans)
    split: dict[str, int] = {}
    sizes: dict[str, int] = {}
    return (find_files(events, entries, split=split, shard_sizes=sizes),
            find_state(split, len(events), sizes))


class SiteFinder:
    """The find index of each language of a build with a cache (site.build): ``kept``
    receives the shards kept as they are, by their path from the site's root (after the
    players' pages of the language, touched.py, are put there), and :attr:`states` each
    language's state for the next build."""

    def __init__(self, plans: Sequence[EventPlan], cache: BuildCache, site: InPlaceSite,
                 kept: dict[str, dict[str, FileRecord]]) -> None:
        self.plans, self.cache, self.site, self.kept = plans, cache, site, kept
        self.states: dict[str, Mapping[str, Any]] = {}

    def __call__(self, home: str, language: str, source: SiteSource) -> None:
        """Fill in ``source``'s find index, in ``language`` (its places are words)."""
        with speaking(language):
            source.find_files.update(site_find_index(
                self.plans, home, self.cache, self.site, self.kept.setdefault(home, {}),
                self.states))


def site_find_index(plans: Sequence[EventPlan], home: str, cache: BuildCache, site: InPlaceSite,
                    kept: dict[str, FileRecord], states: dict[str, Mapping[str, Any]],
                    ) -> dict[str, bytes]:
    """The find index of a language (its files, from its folder): only the shards of the
    events that changed since the last build made again when :func:`updated_find_index`
    can tell, else the whole index. ``kept`` receives the shards kept as they are (from the
    site's root), ``states[home]`` the index's state for the next build."""
    update = None
    before = cache.before
    index = None if before is None else before.units.get(home + INDEX_UNIT)
    if before is not None and index is not None and index.summary is not None \
            and not any(path.startswith(tuple(home + p for p in FIND_PREFIXES))
                        for path in site.dirty):
        update = _find_update(plans, home, cache, before, index, site)
    if update is None:
        files, states[home] = whole_find_index(plans)
        return files
    kept.update({home + path: record for path, record in update.kept.items()})
    states[home] = update.state
    return update.files


FIND_PREFIXES = (FIND_INDEX, FIND_SHARD_DIR + "/")


def _find_update(plans: Sequence[EventPlan], home: str, cache: BuildCache, before: Manifest,
                 index: Unit, site: InPlaceSite) -> FindUpdate | None:
    now = {plan.slug: plan for plan in plans}
    gone = [name for name in before.units
            if name != INDEX_UNIT and "/" not in name and name not in now]
    changed = sorted({*gone, *(slug for slug in now if slug not in before.units
                               or before.units[slug].key != cache.keys[slug])})
    if any("/" in slug for slug in changed):
        return None  # a festival's section: its entries say where its players play now
    old: dict[str, EventPlan | None] = {}
    for slug in changed:
        record = before.units.get(slug)
        if record is not None and record.summary is None:
            return None
        try:
            old[slug] = None if record is None else as_plans(
                [summarised(slug, record.summary or {})])[0]
        except (ValueError, KeyError, TypeError):
            return None
    # The paths first: the index unit's files are its players' pages too (20,000 at a
    # thousand events), and a record is made of each path asked for (stored_files.py).
    files, folder = index.files, home + FIND_SHARD_DIR + "/"
    shards = {path.removeprefix(home): files[path] for path in files if path.startswith(folder)}
    for path, shard in shards.items():
        if not _has_size(site.out / (home + path), shard.size):
            return None

    def read(path: str) -> bytes | None:
        try:
            return read_regular_file(site.out / (home + path))
        except OSError:
            return None

    return updated_find_index(len(plans), old, {slug: now.get(slug) for slug in changed},
                              index.summary, shards, read)


def _has_size(path: Path, size: int) -> bool:
    try:
        found = os.lstat(path)
    except OSError:
        return False
    return stat.S_ISREG(found.st_mode) and found.st_size == size


def _key(path: str) -> str:
    return path.removeprefix(f"{FIND_SHARD_DIR}/n").removesuffix(".js")


def _is_splittable(rows: Sequence[_Row], key: str) -> bool:
    """A word of the shard under its prefix is longer than it (find.py splits only such a
    shard)."""
    prefix = _prefix(key)
    return any(len(word) > len(prefix) and word.startswith(prefix)
               for row in rows for word in row.words)


def _prefix(key: str) -> str:
    """The prefix a key stands for (shard_key backwards)."""
    prefix, at = [], 0
    while at < len(key):
        if key[at] == "-":
            prefix.append(chr(int(key[at + 1:at + 7], 16)))
            at += 7
        else:
            prefix.append(key[at])
            at += 1
    return "".join(prefix)


def _is_recorded(data: bytes, record: FileRecord) -> bool:
    """A shard's file is the one the manifest records (not changed by hand)."""
    return FileRecord(len(data), hashlib.sha256(data).hexdigest()) == record


def _shard_data(key: str, data: bytes) -> dict[str, Any] | None:
    """The data of a shard's script as the last build wrote it (:func:`_is_recorded`);
    None when it is not a shard's script."""
    opening = shard_opening(key)
    try:
        text = data.decode("ascii")
        if not text.startswith(opening) or not text.endswith(";\n"):
            return None
        # orjson's reader, which takes the same JSON to the same values in 60% of json's
        # time: a change of one event at 10,000 events reads some thirty shards of 200 KB.
        shard = orjson.loads(text[len(opening):-2])
    except ValueError:
        return None
    return shard if isinstance(shard, dict) else None


def _read_shard(shard: Mapping[str, Any], leaving: Collection[str],
                event_json: dict[FindEvent, str]) -> list[_Row] | None:
    """A shard's rows (:func:`_shard_data`) but those of the events ``leaving``; None when
    they are not a shard's. ``event_json``: each event's row, as find.py writes it, kept
    from shard to shard."""
    try:
        events = [FindEvent(slug=str(slug), title=str(title),
                            day=None if day is None else int(day))
                  for slug, title, day in shard["events"]]
        rows = []
        listed = []
        for event in events:
            row = event_json.get(event)
            if row is None:
                row = event_json[event] = event_row(event)
            listed.append(row)
        for name, number, where, page, position in shard["entries"]:
            event = events[number]
            if event.slug in leaving:
                continue
            name, at = str(name), int(position)
            head, tail = entry_json(name, str(where), str(page), at)
            rows.append(_new_row(slug=event.slug, event=listed[number],
                                 sort=_sort_key(event.day, event.slug, at), head=head,
                                 tail=tail, name=name))
    except (ValueError, TypeError, KeyError, IndexError):
        return None
    return rows


_ENTRIES_OPENING = ',"entries":['
"""Where a shard's entries begin: nowhere else in its text (a quote in a string is
escaped)."""
_SCRIPT_ENDING = "]};\n"


def _replaced(key: str, data: bytes, shard: Mapping[str, Any], leaving: Collection[str],
              added: Sequence[_Row], digits: int, budget: int) -> tuple[bytes, int] | None:
    """A shard's script with the entries of each event ``leaving`` replaced, in its text, by
    its ``added`` ones, where the shard lists the same events after as before (each event
    leaving it comes back with the same ``[slug, title, day]``, no other comes), so that
    every event keeps its number: a result changed, the players' places moved. None
    otherwise, or where the size passes the budget (:func:`_splice` decides).

    At 10,000 events the shards are some 200 KB and a change of one event rewrites about
    thirty: reading each into rows and writing it again (:func:`_splice`) was a tenth of
    the build, where this takes the text as it is but for the entries that changed."""
    try:
        text = data.decode("ascii")
        events, entries = shard["events"], shard["entries"]
        numbers = {str(event[0]): number for number, event in enumerate(events)}
        coming = _by_event(added)
        if coming.keys() != {slug for slug in leaving if slug in numbers} or any(
                _json(events[numbers[slug]]) != rows[0].event for slug, rows in coming.items()):
            return None
        opening = shard_opening(key)
        entries_at = text.index(_ENTRIES_OPENING)
        for slug, rows in coming.items():
            number = numbers[slug]
            old = ",".join(_json(entry) for entry in entries if entry[1] == number)
            swapped = _put_in_place(text, entries_at, old, _entries_text(rows, number))
            if swapped is None:
                return None
            text = swapped
    except (ValueError, TypeError, KeyError, IndexError, UnicodeDecodeError):
        return None
    if not text.endswith(_SCRIPT_ENDING):
        return None
    # find.py's reckoning, as _splice makes it: each entry's JSON but its event's number,
    # at the widest; and the events' JSON without its brackets and one comma more.
    counts: dict[int, int] = {}
    for entry in entries:
        counts[entry[1]] = counts.get(entry[1], 0) + 1
    counts.update((numbers[slug], len(rows)) for slug, rows in coming.items())
    count = sum(counts.values())
    written = sum(len(str(number)) * times for number, times in counts.items())
    entries_text = text[entries_at + len(_ENTRIES_OPENING) - 1:-len(_SCRIPT_ENDING) + 1]
    events_text = text[len(opening) + len('{"events":'):entries_at]
    sizes = len(entries_text) - 2 - (count - 1) - written + count * (digits + 1)
    size = shard_size([sizes], [events_text[1:-1]])
    # Reckoned too large, the shard goes to _splice, which reckons it from its rows; too
    # small, it would stay whole where a clean build splits it (the tests grow a name past
    # the budget a byte at a time).
    if not key.endswith(END_OF_WORD) and size > budget:
        return None
    return text.encode("ascii"), size


def _swapped(key: str, data: bytes, size: int, leaving: Sequence[_Row],
             added: Sequence[_Row], digits: int, budget: int) -> tuple[bytes, int] | None:
    """:func:`_replaced` without reading the shard into data: its events alone are read,
    each changed event's old entries (``leaving``: the rows the last build made of it, as
    it wrote them) found in the text as they were written, and the size the last build
    reckoned (``size``, kept in the state) moved by the entries' own. At 10,000 events a
    change reads some thirty shards of 200 KB, whose data were most of the update's time.
    None where :func:`_replaced` must decide (the text not found as written, other
    events, the budget passed)."""
    going, coming = _by_event(leaving), _by_event(added)
    if going.keys() != coming.keys():
        return None
    try:
        text = data.decode("ascii")
        head = shard_opening(key) + '{"events":'
        entries_at = text.index(_ENTRIES_OPENING)
        if not text.startswith(head) or not text.endswith(_SCRIPT_ENDING):
            return None
        events = orjson.loads(text[len(head):entries_at])
        # An event's number is its place in the list (thousands in a shard of an archive):
        # looked for there rather than every event's numbered (ValueError: not there).
        slugs = list(map(itemgetter(0), events))
        for slug, rows in coming.items():
            number = slugs.index(slug)
            if _json(events[number]) != rows[0].event:
                return None
            swapped = _put_in_place(text, entries_at, _entries_text(going[slug], number),
                                    _entries_text(rows, number))
            if swapped is None:
                return None
            text = swapped
            size += sum(entry_size(row.head, row.tail, digits) for row in rows) \
                - sum(entry_size(row.head, row.tail, digits) for row in going[slug])
    except (ValueError, TypeError, KeyError, IndexError, UnicodeDecodeError):
        return None
    if not key.endswith(END_OF_WORD) and size > budget:
        return None
    return text.encode("ascii"), size


def _in_shards(by_event: Mapping[str, Sequence[_Row]], keys: Collection[str],
               split: Mapping[str, int]) -> dict[str, list[_Row]]:
    """The rows of ``by_event`` in each of the shards ``keys``, by key (a row in each shard
    of its words)."""
    found: dict[str, list[_Row]] = {}
    for event_rows in by_event.values():
        for row in event_rows:
            for key in dict.fromkeys(_leaf(word, split) for word in row.words):
                if key in keys:
                    found.setdefault(key, []).append(row)
    return found


def _by_event(rows: Iterable[_Row]) -> dict[str, list[_Row]]:
    found: dict[str, list[_Row]] = {}
    for row in rows:
        found.setdefault(row.slug, []).append(row)
    return found


def _entries_text(rows: Iterable[_Row], number: int) -> str:
    """An event's entries in a shard as find.py writes them: in order, its number there
    between each entry's two halves."""
    return ",".join(f"{row.head}{number}{row.tail}"
                    for row in sorted(rows, key=lambda row: row.sort))


def _put_in_place(text: str, entries_at: int, old: str, new: str) -> str | None:
    """A shard's text with an event's entries ``old`` replaced by ``new``; None where
    ``old`` is not there as whole entries after ``entries_at`` (a quote in a string is
    escaped, so whole entries are found only where they are entries)."""
    at = text.find(old, entries_at) if old else -1
    if at < 0 or text[at - 1] not in "[," or text[at + len(old)] not in ",]":
        return None
    return text[:at] + new + text[at + len(old):]


def _splice(key: str, shard: Mapping[str, Any], leaving: Collection[str],
            added: Sequence[_Row], digits: int, budget: int,
            ) -> tuple[bool, bytes | None, int]:
    """A shard's script without the entries of the events ``leaving`` and with ``added``,
    its text read and written by json's own encoder, which writes each entry as find.py
    does: a row made of each of its few hundred entries cost more than all the rest of an
    update. (True, the script, its size as find.py reckons it), or (True, None, 0) when no
    entry is left; (False, None, 0) when the rows must decide (:func:`_read_shard`): its
    size passes the budget (a split may be made), or its data are not a shard's
    (:func:`_shard_data`)."""
    try:
        listed: list[tuple[tuple[Any, ...], list[Any], list[list[Any]]]] = [
            (_sort_key(event[2], event[0], 0), event, []) for event in shard["events"]]
        for entry in shard["entries"]:
            listed[entry[1]][2].append([*entry])  # numbered again below: the rows may decide yet
        events = [each for each in listed if each[1][0] not in leaving]
        for each in events:
            each[2].sort(key=itemgetter(4))
        coming: dict[str, list[_Row]] = {}
        for row in added:
            coming.setdefault(row.event, []).append(row)
        for event, rows in coming.items():
            rows.sort(key=lambda row: row.sort)
            events.append(((*rows[0].sort[:3], 0), json.loads(event),
                           [json.loads(f"{row.head}0{row.tail}") for row in rows]))
        events.sort(key=itemgetter(0))
        entries = []
        for number, (_, _, kept) in enumerate(events):
            for entry in kept:
                entry[1] = number
            entries += kept
    except (ValueError, TypeError, KeyError, IndexError):
        return False, None, 0
    if not entries:
        return True, None, 0
    # Each list written by one call: an encoder made for each of a shard's hundreds of
    # events cost more than the rest of it.
    events_text, entries_text = _json([event for _, event, _ in events]), _json(entries)
    # find.py's reckoning: each entry's JSON but its event's number, at the widest; and
    # each event's JSON and a comma, which the events' JSON without its brackets and one
    # comma more come to.
    numbers = sum(len(str(number)) * len(kept) for number, (_, _, kept) in enumerate(events))
    sizes = len(entries_text) - 2 - (len(entries) - 1) - numbers + len(entries) * (digits + 1)
    size = shard_size([sizes], [events_text[1:-1]])
    if not key.endswith(END_OF_WORD) and size > budget:
        return False, None, 0
    return True, (f'{shard_opening(key)}{{"events":{events_text},"entries":{entries_text}}};\n'
                  ).encode("ascii"), size


def _script(key: str, rows: Sequence[_Row]) -> bytes:
    """A shard's script, as find.py writes it from the same entries."""
    ordered = sorted(rows, key=lambda row: row.sort)
    events = list(dict.fromkeys(row.event for row in ordered))
    number = {event: index for index, event in enumerate(events)}
    entries = [FindEntry(name="", event=number[row.event], position=0, where="", page="")
               for row in ordered]
    return _shard_script(key, list(range(len(ordered))), entries,
                         [(row.head, row.tail) for row in ordered], events)
