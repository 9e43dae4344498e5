"""The pages that list the whole site, cut into pages that stay small as an archive grows.

The front page and the players' index list every event and every person: at a thousand
events they were 0.36 MB and 3.4 MB, rendered again on every change (issue 26). Past a
size they are split:

- the front page keeps the current season (the year of the newest event) in full, and
  links a page per older year (``seasons/<year>.html``; undated events on one of their own);
- the players' index (``people/index.html``, where every link to the players points) becomes
  a short index of the pages of names, each holding the players whose folded family name
  begins with a prefix: a letter, or where a letter holds more than
  :data:`PEOPLE_PAGE_ROWS`, two letters (and so on), as the find index splits its shards.

Each page is a pure function of what it lists, so :func:`page_digests` gives each a digest
of exactly that (the events' cache keys, the players' rows, the bars of links): a build
keeps a page whose digest the last build recorded (index_update.py). A small site, such as
the examples, keeps its two pages whole.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, cast

from generator.reading.site_names import PEOPLE_DIR, SEASONS_DIR, TIEBREAKS_DIR
from generator.site.festival_view import IndexEntry, index_entries
from generator.site.find import name_words, shard_key
from generator.site.manifest import record_bytes
from generator.site.plan import EventPlan
from generator.site.site_source import SiteSource
from generator.speed import frozen_record, keyword_record_maker

__all__ = [
    "FRONT_PAGE_EVENTS", "NAMES_DIR", "PEOPLE_PAGE", "PEOPLE_PAGE_ROWS", "SEASONS_DIR",
    "TIEBREAKS_PAGE",
    "EventsPage", "LaterRows", "NamesLink", "NamesPage", "PeopleIndex", "PersonRow", "SeasonLink",
    "events_pages", "family_prefix", "laid_out", "listed_plans", "names_pages", "names_split",
    "page_digests", "people_index",
]

FRONT_PAGE_EVENTS = 100
"""Events up to which the front page lists them all. A row is about 360 bytes (measured at
1,000 events), so a hundred is about 36 KB, less than an event's standings page: a club's
decade fits whole, and the front page of a site that small is the place to see it all."""

PEOPLE_PAGE_ROWS = 500
"""Players on a page of names at most (where their names allow it), and the players up to
which the index lists them all on one page: a row is about 180 bytes, so about 90 KB,
which a phone loads and filters at once."""

NAMES_DIR = f"{PEOPLE_DIR}/names"
"""The pages of names, in a folder of their own: a person's page is ``people/<key>.html``
and a key may be any word."""
PEOPLE_PAGE = f"{PEOPLE_DIR}/index.html"
TIEBREAKS_PAGE = f"{TIEBREAKS_DIR}/index.html"
"""The list of the explanations (each a page of its own, ``site_source.Topic.page``)."""
UNDATED = "undated"


# --- the events --------------------------------------------------------------------------


@frozen_record
class SeasonLink:
    """A season's page as a link: its year (None: the events without a date)."""

    year: int | None
    page: str
    events: int


@frozen_record
class EventsPage:
    """The front page, or an older season's page."""

    page: str
    entries: tuple[IndexEntry, ...]
    """Its lines, newest first."""
    year: int | None
    """The season it lists; None on a front page that lists every event (or none)."""
    seasons: tuple[SeasonLink, ...]
    """The front page: the older seasons' pages; a season's page: every season's."""
    is_front: bool

    @property
    def is_undated(self) -> bool:
        return not self.is_front and self.year is None


def season_page(year: int | None) -> str:
    return f"{SEASONS_DIR}/{UNDATED if year is None else year}.html"


def listed_plans(source: SiteSource, shown: EventsPage) -> tuple[EventPlan, ...]:
    """The events a page of events lists (a festival's sections among them), newest first."""
    if shown.year is None and shown.is_front:
        return source.plans
    slugs = {slug for entry in shown.entries for slug in _slugs(entry)}
    return tuple(plan for plan in source.plans if plan.slug in slugs)


def _slugs(entry: IndexEntry) -> list[str]:
    return ([line.plan.slug for line in entry.festival.sections]
            if entry.festival is not None else [entry.plan.slug])


def _year(entry: IndexEntry) -> int | None:
    start = entry.plan.info.start_date
    return None if start is None else start.year


def events_pages(source: SiteSource) -> tuple[EventsPage, ...]:
    """The front page first, then each older season's page, newest first."""
    found = source.index_views.get("events")
    if found is None:
        found = source.index_views["events"] = _events_pages(index_entries(source.plans))
    return cast(tuple[EventsPage, ...], found)


def _events_pages(entries: Sequence[IndexEntry]) -> tuple[EventsPage, ...]:
    if len(entries) <= FRONT_PAGE_EVENTS or _year(entries[0]) is None:
        return (EventsPage(page="index.html", entries=tuple(entries), year=None, seasons=(),
                           is_front=True),)
    by_year: dict[int | None, list[IndexEntry]] = {}
    for entry in entries:  # newest first: the years come newest first, undated last
        by_year.setdefault(_year(entry), []).append(entry)
    current, *older = by_year
    links = tuple(SeasonLink(year=year, page=season_page(year), events=len(by_year[year]))
                  for year in older)
    every = tuple(SeasonLink(year=year, page="index.html" if year == current
                             else season_page(year), events=0) for year in by_year)
    return (EventsPage(page="index.html", entries=tuple(by_year[current]), year=current,
                       seasons=links, is_front=True),
            *(EventsPage(page=link.page, entries=tuple(by_year[link.year]), year=link.year,
                         seasons=every, is_front=False) for link in links))


# --- the players --------------------------------------------------------------------------


@frozen_record
class PersonRow:
    """A player's line on a page of names."""

    key: str
    name: str
    federation: str
    fide_id: int | None
    events: int


# A row per person of an archive, made on every build of it (speed.py's way in).
_new_person_row = keyword_record_maker(PersonRow, "key", "name", "federation", "fide_id",
                                       "events")


@frozen_record
class NamesLink:
    """A page of names as a link: the folded prefix its family names begin with."""

    prefix: str
    page: str
    players: int

    @property
    def label(self) -> str:
        return self.prefix.capitalize() or "#"


@frozen_record
class NamesPage:
    """The players whose family name begins with a prefix, with the bars to the others."""

    link: NamesLink
    rows: Sequence[PersonRow]
    """Read on first use where names_state.py keeps them."""
    letters: tuple[NamesLink, ...]
    """Each initial's first page, labelled by the initial."""
    siblings: tuple[NamesLink, ...]
    """The pages of its initial, when there are several; else none."""


@frozen_record
class PeopleIndex:
    """``people/index.html``: every player (a small site), or the pages of names."""

    rows: tuple[PersonRow, ...]
    """Every player, when the index lists them all; else none."""
    letters: tuple[NamesLink, ...]
    pages: tuple[NamesLink, ...]

    @property
    def is_split(self) -> bool:
        return bool(self.pages)


def family_prefix(name: str) -> str:
    """The family name as the pages of names sort it: folded as the search folds it
    (find.py), its words run together. A TRF name is "Family, Given" (TRF-16 field 2); a
    name without a comma is taken whole."""
    family = name.partition(",")[0]
    return "".join(name_words(family)) or "".join(name_words(name))


def names_page(prefix: str) -> str:
    # find.py's shard keys: a file name whatever a name holds; "_" for a name of no letter.
    return f"{NAMES_DIR}/{shard_key(prefix) or '_'}.html"


def _split(rows: list[tuple[str, PersonRow]], prefix: str
           ) -> list[tuple[str, list[tuple[str, PersonRow]]]]:
    """The pages of the rows under ``prefix``: one, or one per longer prefix where they are
    too many (those whose name is the prefix itself on a page of their own)."""
    if len(rows) <= PEOPLE_PAGE_ROWS or all(len(folded) <= len(prefix) for folded, _ in rows):
        return [(prefix, rows)]
    groups: dict[str, list[tuple[str, PersonRow]]] = {}
    for folded, row in rows:
        groups.setdefault(folded[:len(prefix) + 1], []).append((folded, row))
    pages = []
    for longer in sorted(groups):
        pages.extend([(longer, groups[longer])] if longer == prefix
                     else _split(groups[longer], longer))
    return pages


def names_pages(source: SiteSource) -> tuple[PeopleIndex, tuple[NamesPage, ...]]:
    """The players' index and the pages of names (none for a small site)."""
    found = source.index_views.get("names")
    if found is None:
        found = source.index_views["names"] = _names_pages(
            [(family_prefix(person.name), _new_person_row(
                key=person.key, name=person.name, federation=person.federation,
                fide_id=person.fide_id, events=len(person.appearances)))
             for person in source.persons])
    return cast(tuple[PeopleIndex, tuple[NamesPage, ...]], found)


def people_index(source: SiteSource) -> PeopleIndex:
    return names_pages(source)[0]


def _names_pages(folded_rows: Sequence[tuple[str, PersonRow]],
                 ) -> tuple[PeopleIndex, tuple[NamesPage, ...]]:
    """``folded_rows``: every person's row by name, with its folded family name."""
    leaves = names_split(folded_rows)
    if leaves is None:
        return PeopleIndex(rows=tuple(row for _, row in folded_rows), letters=(), pages=()), ()
    return laid_out([(prefix, len(rows), tuple(row for _, row in rows))
                     for prefix, rows in leaves])


def names_split(folded_rows: Sequence[tuple[str, PersonRow]],
                ) -> list[tuple[str, list[tuple[str, PersonRow]]]] | None:
    """The pages of names (each its prefix and its rows, in order); None when the index
    lists every player on one page."""
    if len(folded_rows) <= PEOPLE_PAGE_ROWS:
        return None
    by_initial: dict[str, list[tuple[str, PersonRow]]] = {}
    for folded, row in folded_rows:  # by name already: each page keeps that order
        by_initial.setdefault(folded[:1], []).append((folded, row))
    return [page for initial in sorted(by_initial)
            for page in _split(by_initial[initial], initial)]


class LaterRows(Sequence[PersonRow]):
    """A page of names' rows, read when first asked for (names_state.py): an unchanged page
    is kept as it is, its digest the last build's, and its rows never read."""

    __slots__ = ("_load", "_rows")

    def __init__(self, load: Callable[[], Sequence[PersonRow]]) -> None:
        self._load = load
        self._rows: tuple[PersonRow, ...] | None = None

    @property
    def is_read(self) -> bool:
        return self._rows is not None

    def _read(self) -> Sequence[PersonRow]:
        if self._rows is None:
            self._rows = tuple(self._load())
        return self._rows

    def __len__(self) -> int:
        return len(self._read())

    def __getitem__(self, index: Any) -> Any:
        return self._read()[index]

    def __iter__(self) -> Iterator[PersonRow]:
        return iter(self._read())


def laid_out(leaves: Sequence[tuple[str, int, Sequence[PersonRow]]],
             ) -> tuple[PeopleIndex, tuple[NamesPage, ...]]:
    """The players' index and the pages of names from the pages (each its prefix, its
    number of players and its rows, in order: :func:`names_split`'s), their bars of links
    made here. A page's rows may be read only when it is shown (names_state.py)."""
    by_initial: dict[str, list[tuple[NamesLink, Sequence[PersonRow]]]] = {}
    for prefix, players, rows in leaves:
        by_initial.setdefault(prefix[:1], []).append(
            (NamesLink(prefix=prefix, page=names_page(prefix), players=players), rows))
    bar = tuple(NamesLink(prefix=initial, page=pages[0][0].page,
                          players=sum(link.players for link, _ in pages))
                for initial, pages in by_initial.items())
    shown = tuple(NamesPage(link=link, rows=rows, letters=bar,
                            siblings=tuple(each for each, _ in pages) if len(pages) > 1 else ())
                  for pages in by_initial.values() for link, rows in pages)
    return PeopleIndex(rows=(), letters=bar, pages=tuple(p.link for p in shown)), shown


# --- what each page is made from -----------------------------------------------------------

def page_digests(source: SiteSource, keys: Mapping[str, str], program: str,
                 known: Mapping[str, str] | None = None) -> dict[str, str]:
    """A digest of what each page of the index kinds shows, by its path: the events by
    their cache keys (which digest the program and their inputs), the players by their
    rows, the bars of links. A page whose events have no key is left out (rendered).
    ``known``: the last build's digests, which a page of names whose rows were not read
    keeps (names_state.py reads a page's rows when they or its bars may change)."""
    found: dict[str, str] = {}
    series = [[plan.slug, plan.title, plan.is_final] for plan in source.series]
    for shown in events_pages(source):
        listed = _entry_keys(shown.entries, keys)
        if listed is None:
            continue
        seasons = [[link.year, link.page, link.events] for link in shown.seasons]
        if shown.is_front:
            found[shown.page] = _digest(program, "front", shown.year, listed, seasons, series,
                                        len(source.plans))
        else:
            found[shown.page] = _digest(program, "season", shown.year, listed, seasons)
    index, pages = names_pages(source)
    letters = [[link.label, link.page] for link in index.letters]
    if index.is_split:
        found[PEOPLE_PAGE] = _digest(
            program, "people", [[link.label, link.page, link.players] for link in index.letters],
            [[link.label, link.page, link.players] for link in index.pages],
            source.person_count, len(source.plans))
    else:
        found[PEOPLE_PAGE] = _digest(program, "people", _rows(index.rows), len(source.plans))
    for page in pages:
        kept = None if known is None or not isinstance(page.rows, LaterRows) \
            or page.rows.is_read else known.get(page.link.page)
        found[page.link.page] = kept if kept is not None else _digest(
            program, "names", page.link.prefix, letters,
            [[link.label, link.page] for link in page.siblings],
            _rows(page.rows))
    # An explanation shows its own Markdown (the package's, which the program digests) and
    # nothing of the events; their list marks those the events rank by.
    for topic in source.topics:
        found[topic.page] = _digest(program, "tiebreak", topic.page)
    found[TIEBREAKS_PAGE] = _digest(program, "tiebreaks",
                                    [[t.page, t.title, t.is_used] for t in source.topics])
    return found


def _rows(rows: Sequence[PersonRow]) -> list[list[Any]]:
    return [[row.key, row.name, row.federation, row.fide_id, row.events] for row in rows]


def _entry_keys(entries: Sequence[IndexEntry], keys: Mapping[str, str],
                ) -> list[list[str]] | None:
    listed = []
    for entry in entries:
        for slug in _slugs(entry):
            key = keys.get(slug)
            if key is None:
                return None
            listed.append([slug, key])
    return listed


def _digest(*parts: Any) -> str:
    # As the build's records are written (orjson's JSON; json's for a lone surrogate): every
    # season's list of events is digested on every build of an archive.
    return hashlib.sha256(record_bytes(parts)).hexdigest()
