"""An event's stored summary: what the pages outside its folder need of it, kept by the build.

The index, the players' pages and the find index list every event; an archive of thousands
must not read, plan and hold every event to list them when one changed. So a build writes,
beside each event's pages (in the cache manifest, generator/site/cache.py), a summary of
what those pages read of it: its heading facts, each competitor's name, number, rating,
FIDE ID, federation, place and points, the players' person keys, the tie-breaks it uses, the
federations of its flags and a team event's members. The next build lists an event whose
inputs did not change from its summary alone (:class:`SummarisedEvent`, which answers the
same attributes as an ``EventPlan`` for those pages), without opening its files.

A summary is plain JSON: the manifest is published, and is read back only as data.
"""

from __future__ import annotations

import datetime
import functools
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING, Any, cast

from generator.model import StartNo
from generator.site.manifest import record_bytes, record_data
from generator.site.plan import EventPlan
from generator.site.team_view import member_numbers
from generator.speed import frozen_record, keyword_record_maker

if TYPE_CHECKING:
    from generator.rules.explain import StandingsRow

__all__ = ["ListedEvent", "SummarisedEvent", "TeamMember", "event_line", "listed", "row_of",
           "summarise", "summarised", "team_members"]


@frozen_record
class TeamMember:
    """A player of a team event, as the find index lists them."""

    start_no: int
    name: str
    team: int | None
    """The team's start number; None for a player of no team."""
    team_name: str


def team_members(plan: EventPlan | SummarisedEvent | ListedEvent) -> tuple[TeamMember, ...]:
    """A team event's players after its teams (none for an individual event)."""
    if isinstance(plan, (SummarisedEvent, ListedEvent)):
        return plan.members
    teams = plan.event.teams
    if teams is None:
        return ()
    found = []
    for member in member_numbers(teams):
        team = teams.team_of(member)
        found.append(TeamMember(start_no=member,
                                name=plan.event.tournament.player(member).name,
                                team=None if team is None else team.start_no,
                                team_name="" if team is None else team.name))
    return tuple(found)


def summarise(plan: EventPlan) -> dict[str, Any]:
    """The event's summary as JSON data (deterministic: sorted, no float)."""
    info = plan.info
    keys = {} if info.is_team_event else plan.person_keys
    return {
        "title": info.title, "place": info.place,
        "start": None if info.start_date is None else info.start_date.isoformat(),
        "end": None if info.end_date is None else info.end_date.isoformat(),
        "played": info.rounds_played, "total": info.rounds_total,
        "announced": info.progress.rounds_announced, "team": info.is_team_event,
        "final": plan.standings.is_final,
        "tiebreaks": [spec.acronym for spec in plan.standings.specs],
        "rows": [[row.player.name, row.player.start_no, row.player.rating,
                  row.player.fide_id, row.player.federation, row.rank, row.rank_to,
                  str(row.points), keys.get(row.player.start_no)]
                 for row in plan.standings.rows],
        "federations": sorted({player.federation
                               for player in plan.event.tournament.players}),
        "members": [[m.start_no, m.name, m.team, m.team_name] for m in team_members(plan)],
    }


# --- the stand-ins the pages read -------------------------------------------------------


@frozen_record
class _Player:
    name: str
    start_no: StartNo
    rating: int | None
    fide_id: int | None
    federation: str


@frozen_record
class _Row:
    player: _Player
    rank: int
    rank_to: int
    points: Decimal


# A thousand unchanged events' rows are made on every build of an archive (speed.py).
_new_player = keyword_record_maker(_Player, "name", "start_no", "rating", "fide_id",
                                   "federation")
_new_row = keyword_record_maker(_Row, "player", "rank", "rank_to", "points")


@dataclass(frozen=True, slots=True)
class _Spec:
    acronym: str


@frozen_record
class _Standings:
    rows: tuple[_Row, ...]
    is_final: bool
    specs: tuple[_Spec, ...]


@dataclass(frozen=True, slots=True)
class _Progress:
    rounds_announced: int | None


@frozen_record
class _Info:
    slug: str
    title: str
    start_date: datetime.date | None
    end_date: datetime.date | None
    place: str
    rounds_played: int
    rounds_total: int
    is_team_event: bool
    progress: _Progress


_new_info = keyword_record_maker(_Info, "slug", "title", "start_date", "end_date", "place",
                                 "rounds_played", "rounds_total", "is_team_event", "progress")


@dataclass(frozen=True, slots=True)
class _Flagged:
    federation: str


@dataclass(frozen=True, slots=True)
class _Tournament:
    players: tuple[_Flagged, ...]


@dataclass(frozen=True, slots=True)
class _Event:
    tournament: _Tournament
    festival: None = None
    """An event listed from its summary is never a festival's section: those are read."""


@frozen_record
class SummarisedEvent:
    """An unchanged event as the index, the players' pages and the find index read it."""

    slug: str
    info: _Info
    standings: _Standings
    person_keys: Mapping[StartNo, str]
    event: _Event
    members: tuple[TeamMember, ...]

    @property
    def winners(self) -> tuple[_Row, ...]:
        """As ``EventPlan.winners``."""
        if self.info.rounds_played == 0:
            return ()
        return tuple(row for row in self.standings.rows if row.rank == 1)


def _rows(data: Sequence[Sequence[Any]], keys: dict[StartNo, str]) -> list[_Row]:
    """Rows of a summary as read back; each player's key put in ``keys``."""
    rows = []
    scores: dict[str, Decimal] = {}  # a few dozen scores among an event's players
    for name, number, rating, fide_id, federation, rank, rank_to, points, key in data:
        start_no = StartNo(int(number))
        score = scores.get(points)
        if score is None:
            score = scores[points] = Decimal(points)
        rows.append(_new_row(player=_new_player(
                                 name=str(name), start_no=start_no,
                                 rating=None if rating is None else int(rating),
                                 fide_id=None if fide_id is None else int(fide_id),
                                 federation=str(federation)),
                             rank=int(rank), rank_to=int(rank_to), points=score))
        if key is not None:
            keys[start_no] = str(key)
    return rows


# Many events of an archive have the same federations and tie-breaks: their records made once
# for them all (bounded: `standings serve` keeps running).
@functools.lru_cache(maxsize=4096)
def _event_of(federations: tuple[Any, ...]) -> _Event:
    # Each code made text here, once for all the events that share them.
    return _Event(_Tournament(tuple(_Flagged(str(federation)) for federation in federations)))


@functools.lru_cache(maxsize=4096)
def _event_of_text(federations: str) -> _Event:
    """:func:`_event_of` of the codes' JSON text in a line, read once for all the events
    that share it."""
    return _event_of(tuple(_listed_text(federations)))


@functools.lru_cache(maxsize=256)
def _progress_of(announced: int | None) -> _Progress:
    return _Progress(announced)


@functools.lru_cache(maxsize=256)
def _specs_of(acronyms: tuple[Any, ...]) -> tuple[_Spec, ...]:
    return tuple(_Spec(str(acronym)) for acronym in acronyms)


@functools.lru_cache(maxsize=256)
def _specs_of_text(acronyms: str) -> tuple[_Spec, ...]:
    """:func:`_specs_of` of the acronyms' JSON text in a line."""
    return _specs_of(tuple(_listed_text(acronyms)))


def _listed_text(text: str) -> list[Any]:
    """A list from its JSON text in a line (TypeError where the text is no list)."""
    found = record_data(text)
    if not isinstance(found, list):
        raise TypeError(f"{text[:40]!r} is no list")
    return found


def summarised(slug: str, data: Mapping[str, Any]) -> SummarisedEvent:
    """The stand-in of a summary read back (:func:`summarise`'s data); ValueError,
    KeyError or TypeError when it is not one."""
    keys: dict[StartNo, str] = {}
    rows = _rows(data["rows"], keys)
    announced = data["announced"]
    return SummarisedEvent(
        slug=slug,
        info=_Info(slug=slug, title=str(data["title"]), start_date=_day(data["start"]),
                   end_date=_day(data["end"]), place=str(data["place"]),
                   rounds_played=int(data["played"]), rounds_total=int(data["total"]),
                   is_team_event=bool(data["team"]),
                   progress=_progress_of(None if announced is None else int(announced))),
        standings=_Standings(rows=tuple(rows), is_final=bool(data["final"]),
                             specs=_specs_of(tuple(str(a) for a in data["tiebreaks"]))),
        person_keys=keys,
        event=_event_of(tuple(str(f) for f in data["federations"])),
        members=tuple(TeamMember(start_no=int(number), name=str(name),
                                 team=None if team is None else int(team),
                                 team_name=str(team_name))
                      for number, name, team, team_name in data["members"]))


# --- an event's line: what the index pages read, its rows read only when asked for ---------

def event_line(summary: Mapping[str, Any]) -> list[Any]:
    """What the index pages and the explanations' list read of an event (its summary without
    its rows and members, with their number and its winners): a few hundred bytes, kept for
    every event in one record of the manifest's site-wide state (site_state.py). A list,
    in the order :class:`ListedEvent` takes it, rather than an object, and its tie-breaks,
    federations and winners each as their JSON text: at 10,000 events the record, read on
    every change, parses in a quarter of the time (4 ms rather than 15), the texts shared by
    many events read once (``_specs_of``, ``_event_of``), the winners only where a page
    shows them."""
    rows = summary["rows"]
    return [summary["title"], summary["place"], summary["start"], summary["end"],
            summary["played"], summary["total"], summary["announced"], summary["team"],
            summary["final"], _text(summary["tiebreaks"]), _text(summary["federations"]),
            len(rows), _text([row for row in rows if row[5] == 1])]


def _text(data: Any) -> str:
    # As the records write it (a name with a lone surrogate by json, escaped).
    return record_bytes(data).decode().removesuffix("\n")


class _CountedRows(Sequence[Any]):
    """An unchanged event's rows: their number known from its line, the rows themselves
    read from its summary only when a page asks for them (a player's page of that event)."""

    __slots__ = ("_count", "_owner")

    def __init__(self, count: int, owner: ListedEvent) -> None:
        self._count, self._owner = count, owner

    def __len__(self) -> int:
        return self._count

    def __getitem__(self, index: Any) -> Any:
        return self._owner.whole.standings.rows[index]

    def __iter__(self) -> Iterator[Any]:
        return iter(self._owner.whole.standings.rows)


class ListedEvent:
    """An unchanged event made from its line: the index pages read it as they read a
    :class:`SummarisedEvent`; what the line lacks (its rows, its players' keys, a team's
    members) comes from its summary record, read on first use (``load``).

    Made for every event of an archive on every change (10,000), it is its own ``info``
    and ``standings``: their fields are its own, rather than three records more an event
    (some 15 ms of every change at 10,000 events)."""

    __slots__ = ("_count", "_data", "_load", "_whole", "_winners", "end_date", "event",
                 "info", "is_final", "is_team_event", "line", "place", "progress",
                 "rounds_played", "rounds_total", "slug", "specs", "standings", "start_date",
                 "title")

    def __init__(self, slug: str, line: Sequence[Any],
                 load: Callable[[], Mapping[str, Any] | None]) -> None:
        self.slug, self.line, self._load = slug, line, load
        self._whole: SummarisedEvent | None = None
        self._data: Mapping[str, Any] | None = None
        # What events share (their tie-breaks, their federations) made once, the winners'
        # rows only for the pages that show them (a season's, where it is rendered again).
        (title, place, start, end, played, total, announced, team, final, tiebreaks,
         federations, count, winners) = line  # event_line's order
        self.title, self.place = str(title), str(place)
        self.start_date, self.end_date = _day(start), _day(end)
        self.rounds_played = played = int(played)
        self.rounds_total, self.is_team_event = int(total), bool(team)
        self.progress = _progress_of(None if announced is None else int(announced))
        self.event = _event_of_text(str(federations))
        if not isinstance(winners, str):
            raise TypeError(f"the winners of {slug} are no text")
        self._winners: tuple[_Row, ...] | str = () if played == 0 else winners
        self._count, self.is_final = int(count), bool(final)
        self.specs = _specs_of_text(str(tiebreaks))
        self.info = self.standings = self

    @property
    def rows(self) -> Sequence[_Row]:
        """As ``standings.rows``: their number from the line, the rows from the summary."""
        return _CountedRows(self._count, self)

    @property
    def winners(self) -> tuple[_Row, ...]:
        """As ``EventPlan.winners``, from the line (made on first use: the record it was
        read from is the last build's own, checked against its digest by manifest.py)."""
        if isinstance(self._winners, str):
            self._winners = tuple(row for row in _rows(_listed_text(self._winners), {})
                                  if row.rank == 1)
        return self._winners

    @property
    def whole(self) -> SummarisedEvent:
        """The event as its summary gives it (read once)."""
        if self._whole is None:
            self._whole = summarised(self.slug, self._summary())
            self._data = None
        return self._whole

    def row(self, start_no: int) -> _Row:
        """The row of the player ``start_no`` (LookupError: none), made alone where the
        event is not made whole: a change makes again the players' pages of its players,
        whose other appearances are in a hundred events of an archive, a row of each."""
        if self._whole is not None:
            made: _Row = _row_in(self._whole.standings.rows, start_no)
            return made
        found = [row for row in self._summary()["rows"] if row[1] == start_no]
        if not found:
            raise LookupError(f"no player {start_no} in {self.slug}")
        return _rows(found, {})[0]

    def _summary(self) -> Mapping[str, Any]:
        if self._data is None:
            self._data = self._load()
            if self._data is None:
                raise LookupError(f"the summary of {self.slug} cannot be read")
        return self._data

    @property
    def person_keys(self) -> Mapping[StartNo, str]:
        return self.whole.person_keys

    @property
    def members(self) -> tuple[TeamMember, ...]:
        return self.whole.members


def row_of(plan: EventPlan | SummarisedEvent | ListedEvent, start_no: int) -> StandingsRow:
    """A player's row of an event as the pages read it (LookupError: none): a stand-in's
    made alone (:meth:`ListedEvent.row`), which answers all the pages read of a row as the
    stand-in does of a plan (:func:`as_plans`)."""
    if isinstance(plan, ListedEvent):
        return cast("StandingsRow", plan.row(start_no))
    return cast("StandingsRow", _row_in(plan.standings.rows, start_no))


def _row_in(rows: Iterable[Any], start_no: int) -> Any:
    found = next((row for row in rows if row.player.start_no == start_no), None)
    if found is None:
        raise LookupError(f"no player {start_no}")
    return found


def listed(slug: str, line: Sequence[Any],
           load: Callable[[], Mapping[str, Any] | None]) -> ListedEvent:
    """The stand-in of an unchanged event from its line (:func:`event_line`); ValueError,
    KeyError or TypeError when the line is not one."""
    return ListedEvent(slug, line, load)


def _day(text: str | None) -> datetime.date | None:
    return None if text is None else datetime.date.fromisoformat(text)


def as_plans(events: Sequence[EventPlan | SummarisedEvent | ListedEvent]) -> tuple[EventPlan, ...]:
    """The events as the pages outside their folders take them: a summary stands in for
    the plan there, answering every attribute they read (tests/site/test_inplace_build.py
    holds a site built from summaries to a clean build, byte for byte)."""
    return tuple(events)  # type: ignore[arg-type]
