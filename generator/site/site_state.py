"""The site-wide state the pages outside the events' folders are made from, kept by delta.

The index pages list every event and the players' pages and index every person: at 10,000
events a change of one read every event's summary (10,000 record files, 600,000 rows), grouped
every person (190,000) and folded every name, though it renders a season page and the pages
of sixty players (issue 26). So the manifest (manifest.py) keeps, beside its units, the state
those pages are made from, in parts a change reads and writes only where it touches them:

- ``lines``: each event's line (stored_summary.event_line: its heading facts, the number of
  its rows, its winners), from which the index pages list an unchanged event
  (stored_summary.ListedEvent; its rows read from its summary only where a page asks);
- ``persons/<digits>``: the persons whose key's digest begins with those digits, each with
  their row on the pages of names and their appearances (event and start number, newest
  first): a change reads the parts of the keys it touches (touched.py), makes those persons
  again and writes those parts;
- ``names`` and ``names:<prefix>``: the pages of names, each page's rows in a part of its
  own (names_state.py): a change reads and writes the pages its persons' rows leave or join.

A change takes its events' old appearances out of the persons it touches and puts their
new ones in: a person's appearances in the other events are the same events' rows as
before, so the result is the persons a build from every event makes (a clean build's;
tests/site/test_site_state.py). Without the state (a first build, an older manifest, a
killed build's journal, a festival or a series, whose pages read their events whole) a
build groups every person as before (people.py) and writes the state whole.
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from typing import Any

from generator.site.cache import INDEX_UNIT, BuildCache
from generator.site.event_folders import Listing
from generator.site.index_pages import family_prefix
from generator.site.manifest import Manifest, Unit, state_bytes
from generator.site.names_state import NAMES, NamesState, NamesView
from generator.site.names_state import PAGE as NAMES_PAGE
from generator.site.people import Appearance, Person, people
from generator.site.plan import EventPlan
from generator.site.stored_summary import (
    ListedEvent,
    SummarisedEvent,
    event_line,
    listed,
    row_of,
    summarised,
)
from generator.site.views import event_sort_key

__all__ = ["LINES", "NAMES", "SiteState", "full_state", "kept_digits", "listed_events",
           "name_row", "part_digits", "person_part", "site_state", "unchanged_events",
           "updated_state"]

LINES = "lines"
STATE_FORMAT = 3
"""The state's layout, kept with the lines: a state of another is made whole again (1:
each line an object, stored_summary.event_line; 2: its tie-breaks, federations and
winners as lists rather than their JSON text)."""
PERSONS = "persons/"
PERSONS_PER_PART = 128
"""At most this many persons a part on average, with the fewest parts that keeps them so:
a part is named by the first hex digits of its key's digest, so 16 parts up to 2,048
persons, 256 up to 32,768, 4,096 beyond (46 persons each at 10,000 events, 190,000 persons:
a change of an event of 60 reads about 60 small parts). With 4,096 parts whatever the size,
a clean build of one 2,000-player event wrote 1,600 record files of a person or two."""
MOST_DIGITS = 3


def part_digits(persons: int) -> int:
    """Hex digits of the parts' names for a state of ``persons`` persons. A function of the
    number alone, so that a change leaves the parts a clean build makes: one that crosses a
    size makes the state whole (once each time the persons grow sixteenfold)."""
    digits = 1
    while digits < MOST_DIGITS and persons > PERSONS_PER_PART * 16 ** digits:
        digits += 1
    return digits


def person_part(key: str, digits: int) -> str:
    """The part of the state that holds the person of ``key``, in parts of ``digits``."""
    return PERSONS + hashlib.sha256(key.encode()).hexdigest()[:digits]


def kept_digits(previous: Manifest) -> int | None:
    """The digits of the last build's parts (the length of their names); None without one."""
    for name in previous.state:
        if name.startswith(PERSONS):
            return len(name) - len(PERSONS)
    return None


def name_row(person: Person) -> list[Any]:
    """A person's row on the pages of names, as the state keeps it."""
    return [person.key, person.name, person.federation, person.fide_id,
            len(person.appearances), family_prefix(person.name)]


class SiteState:
    """The state this build leaves (its parts as JSON data, those it changed), and the
    persons whose pages it renders, made from it."""

    def __init__(self, *, lines: dict[str, Any], names: NamesState,
                 parts: dict[str, dict[str, list[Any]]], kept_parts: Mapping[str, str],
                 persons: Callable[[Collection[str]], tuple[Person, ...]],
                 all_persons: tuple[Person, ...] | None = None,
                 made: Mapping[str, Person | None] | None = None, digits: int = 1,
                 read_part: Callable[[str], Mapping[str, Any] | None] = lambda _part: None,
                 ) -> None:
        self.lines, self.names, self.parts, self.kept_parts = lines, names, parts, kept_parts
        self.digits = digits
        """The hex digits of its parts' names (:func:`part_digits`)."""
        self._read_part = read_part
        self.persons = persons
        """The persons of some keys (each with their appearances), in the order given."""
        self.all_persons = all_persons
        """Every person, when the build grouped them all (None: it did not)."""
        self.made = {} if made is None else made
        """The persons a change touched by their key (None: gone with their last event)."""

    @functools.cached_property
    def names_view(self) -> tuple[NamesView, int]:
        """The pages of names and the number of persons, made once for every language."""
        return self.names.view(), self.names.total

    def every_key(self) -> list[str]:
        """Every person's key, in the order of the pages of names (every page read)."""
        return [str(row[0]) for row in sorted(self.names.every_row(),
                                              key=lambda row: (str(row[1]).casefold(),
                                                               str(row[0])))]

    def part_names(self) -> list[str]:
        """Every part that holds a person, in order."""
        names = {name for name in self.kept_parts if name not in self.parts}
        names.update(name for name, held in self.parts.items() if held)
        return sorted(names)

    def part_keys(self, part: str) -> list[str]:
        """The keys of the persons a part holds (a part this build did not touch read from
        its record)."""
        held: Mapping[str, Any] | None = self.parts.get(part)
        if held is None and part in self.kept_parts:
            held = self._read_part(part)
        return sorted(held or ())

    def records(self) -> dict[str, str | bytes]:
        """The parts for the manifest: a kept part's record name, a changed part's bytes."""
        found: dict[str, str | bytes] = dict(self.kept_parts)
        found[LINES] = state_bytes({"format": STATE_FORMAT, "events": self.lines})
        found.update(self.names.records())
        for part, held in self.parts.items():
            if held:
                found[part] = state_bytes(dict(sorted(held.items())))
            else:
                found.pop(part, None)
        return dict(sorted(found.items()))


def _held(person: Person) -> list[Any]:
    """A person as their part holds them: their row on the pages of names, and their
    appearances (event and start number, newest first)."""
    return [name_row(person),
            [[seen.plan.slug, int(seen.row.player.start_no)] for seen in person.appearances]]


def full_state(plans: Sequence[EventPlan], lines: Mapping[str, Any],
               persons: tuple[Person, ...] | None = None) -> SiteState:
    """The state of a build that grouped every person (``persons``: people.people's of
    ``plans``, made here when not given); ``lines``: every event's line by its slug."""
    if persons is None:
        persons = people(plans)
    parts: dict[str, dict[str, list[Any]]] = {}
    digits = part_digits(len(persons))
    for person in persons:
        parts.setdefault(person_part(person.key, digits), {})[person.key] = _held(person)
    by_key = {person.key: person for person in persons}
    return SiteState(lines=dict(sorted(lines.items())),
                     names=NamesState.whole([name_row(person) for person in persons]),
                     parts=parts, kept_parts={},
                     persons=lambda keys: tuple(by_key[key] for key in keys if key in by_key),
                     all_persons=persons, digits=digits)


def listed_events(previous: Manifest, slugs: Iterable[str]) -> dict[str, ListedEvent] | None:
    """The stand-ins of the unchanged events ``slugs`` from the last build's lines, each
    reading its summary from its unit only if a page asks for its rows; None when the last
    build kept no line of one of them (the events are then read from their summaries)."""
    lines = _lines(previous)
    if lines is None:
        return None
    found = {}
    for slug in slugs:
        line, unit = lines.get(slug), previous.units.get(slug)
        if not isinstance(line, list) or unit is None:
            return None
        try:
            found[slug] = listed(slug, line, _summary_of(unit))
        except (ValueError, KeyError, TypeError):
            return None
    return found


def _lines(previous: Manifest) -> dict[str, Any] | None:
    """The last build's lines, by slug; None when it kept none of this format."""
    data = previous.read_state(LINES)
    if not isinstance(data, dict) or data.get("format") != STATE_FORMAT \
            or not isinstance(data.get("events"), dict):
        return None
    return dict(data["events"])


def _summary_of(unit: Unit) -> Callable[[], Mapping[str, Any] | None]:
    return lambda: unit.summary


def updated_state(previous: Manifest, plans: Sequence[EventPlan], read: Sequence[EventPlan],
                  gone: Collection[str], touched: Collection[str],
                  new_lines: Mapping[str, Any]) -> SiteState | None:
    """The state after a change, from the last build's: the events ``read`` (their plans,
    among ``plans``, every event listed now, the others from their lines, listed_events)
    and those ``gone`` since take their old
    appearances out of the persons ``touched`` (touched.py: the keys in those events before
    and now) and put their new ones in. ``new_lines``: the lines of the events read. None
    when a part of the last state cannot be read (the state is then made whole)."""
    layout = previous.read_state(NAMES)
    if not isinstance(layout, (list, type(None))) or NAMES not in previous.state:
        return None
    # No part kept: no person either (a site of team events), none to read.
    digits = kept_digits(previous) or 1
    changed = {plan.slug for plan in read} | set(gone)
    # The unchanged events are listed from their lines (listed_events): those stay.
    stand_ins: Sequence[object] = plans
    lines = {plan.slug: plan.line for plan in stand_ins if isinstance(plan, ListedEvent)}
    lines.update(new_lines)
    by_slug = {plan.slug: plan for plan in plans}
    fresh = {person.key: person for person in people(read)}
    parts: dict[str, dict[str, list[Any]]] = {}

    def part(name: str) -> dict[str, list[Any]] | None:
        held = parts.get(name)
        if held is None:
            data = previous.read_state(name) if name in previous.state else {}
            if not isinstance(data, dict):
                return None
            held = parts[name] = data
        return held

    made: dict[str, Person | None] = {}
    old_rows: dict[str, list[Any] | None] = {}
    part_of = {key: person_part(key, digits) for key in touched}
    for key in sorted(touched):
        held = part(part_of[key])
        if held is None:
            return None
        before = held.get(key)
        try:
            old_rows[key] = None if before is None else list(before[0])
            kept = [] if before is None else [[slug, number] for slug, number in before[1]
                                              if slug not in changed]
            person = _person(key, kept, fresh.get(key), by_slug)
        except (LookupError, ValueError, TypeError, StopIteration):
            return None  # not a part of ours: the state is made whole

        made[key] = person
        if person is None:
            held.pop(key, None)
        else:
            held[key] = _held(person)
    touched_parts = {part_of[key] for key in made}
    names = NamesState(layout, {}, (), _names_kept(previous), _names_reader(previous))
    try:
        names = names.updated(old_rows, {key: None if person is None else name_row(person)
                                         for key, person in made.items()})
    except (LookupError, ValueError, TypeError):
        return None  # a page of names not of ours: the state is made whole
    if part_digits(names.total) != digits:
        return None  # the persons crossed a size: parts of another number, made whole

    def persons(keys: Collection[str]) -> tuple[Person, ...]:
        found = []
        for key in keys:
            if key in made:
                person = made[key]
            else:
                held = part(person_part(key, digits))
                person = None if held is None or key not in held else _person(
                    key, held[key][1], None, by_slug)
            if person is not None:
                found.append(person)
        return tuple(found)

    return SiteState(lines=dict(sorted(lines.items())), names=names,
                     parts={name: held for name, held in parts.items() if name in touched_parts},
                     kept_parts={name: record for name, record in previous.state.items()
                                 if isinstance(record, str) and name.startswith(PERSONS)},
                     persons=persons, made=made, digits=digits, read_part=part)


def _names_kept(previous: Manifest) -> dict[str, str]:
    """The last build's parts of the pages of names, by prefix: their record names."""
    return {name.removeprefix(NAMES_PAGE): record for name, record in previous.state.items()
            if name.startswith(NAMES_PAGE) and isinstance(record, str)}


def _names_reader(previous: Manifest) -> Callable[[str], list[list[Any]] | None]:
    def read(prefix: str) -> list[list[Any]] | None:
        found = previous.read_state(NAMES_PAGE + prefix) \
            if NAMES_PAGE + prefix in previous.state else None
        return found if isinstance(found, list) else None

    return read


def _person(key: str, kept: Sequence[Sequence[Any]], fresh: Person | None,
            by_slug: Mapping[str, EventPlan]) -> Person | None:
    """A person from their appearances in unchanged events (event, start number) and in the
    events read (``fresh``), newest first; None when they have none."""
    seen: list[Appearance] = [] if fresh is None else list(fresh.appearances)
    for slug, number in kept:
        plan = by_slug[slug]
        seen.append(Appearance(plan=plan, row=row_of(plan, number)))
    if not seen:
        return None
    seen.sort(key=lambda each: event_sort_key(each.plan))
    newest = seen[0].row.player
    return Person(key=key, name=newest.name, fide_id=newest.fide_id,
                  federation=newest.federation, appearances=tuple(seen))


def unchanged_events(cache: BuildCache, listing: Listing, homes: Sequence[str],
                     read_whole: Collection[str], *, by_lines: bool = False,
                     ) -> tuple[dict[str, SummarisedEvent | ListedEvent], dict[str, Any] | None]:
    """The events the manifest lists unchanged in every language (``homes``), but those
    ``read_whole``, from their summaries, and their lines. ``by_lines``: from the last
    build's lines instead, each event's summary read only if a page asks for its rows (lines
    None), when the last build kept them and no event is a festival's section."""
    kept = [slug for slug in listing.folders
            if slug not in read_whole and cache.is_kept(slug, homes)]
    previous = cache.previous
    if by_lines and previous is not None and not any("/" in slug for slug in listing.folders):
        stand_ins = listed_events(previous, kept)
        if stand_ins is not None:
            return dict(stand_ins), None
    found: dict[str, SummarisedEvent | ListedEvent] = {}
    lines = {}
    for slug in kept:
        data = cache.summary(slug, homes)
        if data is None:
            continue
        try:
            found[slug] = summarised(slug, data)
            lines[slug] = event_line(data)
        except (ValueError, KeyError, TypeError):
            continue  # not a summary of ours: the event is read
    return found, lines


def site_state(cache: BuildCache, listed: Sequence[EventPlan], fresh: Sequence[EventPlan],
                lines: Mapping[str, Any] | None, touched: frozenset[str] | None,
                summary: Callable[[EventPlan], Mapping[str, Any]],
                folders: Iterable[str]) -> SiteState:
    """The site-wide state after this build: updated by the events read (``fresh``) and
    those gone when the last build's lines stood for the others (``lines`` None), else
    made whole from every event (``lines``: those of the events not read)."""
    new_lines = {plan.slug: event_line(summary(plan)) for plan in fresh}
    before = cache.before
    if lines is None and before is not None and touched is not None:
        now = set(folders)
        gone = [name for name in before.units
                if name != INDEX_UNIT and "/" not in name and name not in now]
        state = updated_state(before, listed, fresh, gone, touched, new_lines)
        if state is not None:
            return state
    stand_ins: Sequence[object] = listed  # an unchanged event's stand-in holds its line
    every = {**(lines if lines is not None else {
        plan.slug: plan.line for plan in stand_ins if isinstance(plan, ListedEvent)}),
        **new_lines}
    return full_state(listed, every)
