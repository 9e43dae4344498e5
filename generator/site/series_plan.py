"""A series worked out from the site's events: its events found, its persons joined, its
standings, categories and prizes ranked once (issue 28). No words, no Jinja.

The events a series names are matched among the individual events of the site by folder
name or glob (``fnmatch``: a glob's events in the order of their dates); a name that matches
no folder is an event still to come, as are the events ``planned`` counts beyond those
held. Each event's own final order is read from its plan: the standings the event's pages
show, so a series never ranks an event differently from its own page.
"""

from __future__ import annotations

import datetime
import fnmatch
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal

from generator.errors import Diagnostic, Severity, did_you_mean
from generator.model import Edition, Player, ResultCode, RoundKind, StartNo, Tournament
from generator.reading.series_settings import EventPattern, SeriesSettings
from generator.rules.categories import (
    Category,
    CategoryStanding,
    CategoryStandings,
    exclusion,
)
from generator.rules.explain import Standings, StandingsRow
from generator.rules.prizes import OVERALL, PrizeAward, award_prizes
from generator.rules.series import (
    SeriesRules,
    SeriesStandings,
    category_keep,
    series_standings,
)
from generator.rules.series_points import EventResult, SeriesEvent
from generator.site.person_keys import name_key
from generator.site.plan import EventPlan
from generator.site.series_identity import (
    ProbableDuplicate,
    identity_keys,
    key_of,
    probable_duplicates,
)


@dataclass(frozen=True, slots=True, kw_only=True)
class SeriesEventInfo:
    slug: str
    """The event's folder; for an event ``planned`` counts but nobody named, ``""``."""
    title: str
    plan: EventPlan | None
    """None: still to come."""
    weight: Decimal = Decimal(1)

    @property
    def held(self) -> bool:
        return self.plan is not None

    @property
    def start_date(self) -> datetime.date | None:
        return self.plan.info.start_date if self.plan is not None else None


@dataclass(frozen=True, slots=True, kw_only=True)
class SeriesPerson:
    key: str
    name: str
    """As the newest event writes it."""
    federation: str
    fide_id: int | None
    page: str | None
    """The person's page key (``people/<page>.html``) from the newest event."""
    names: tuple[str, ...]
    """Every spelling the events wrote."""
    results: Mapping[str, tuple[EventPlan, StandingsRow]] = field(default_factory=dict)
    """Event slug -> the event and the person's row in it."""


@dataclass(frozen=True, slots=True, kw_only=True)
class SeriesPlan:
    settings: SeriesSettings
    events: tuple[SeriesEventInfo, ...]
    standings: SeriesStandings
    persons: Mapping[str, SeriesPerson]
    categories: tuple[tuple[Category, SeriesStandings], ...] = ()
    prizes: PrizeAward | None = None
    prize_numbers: Mapping[StartNo, str] = field(default_factory=dict)
    """The prize engine's numbers of the persons (their place in the overall order)."""
    duplicates: tuple[ProbableDuplicate, ...] = ()
    diagnostics: tuple[Diagnostic, ...] = ()

    @property
    def slug(self) -> str:
        return self.settings.slug

    @property
    def title(self) -> str:
        return self.settings.title or self.slug

    @property
    def is_final(self) -> bool:
        """Every event held and every one of them final."""
        return all(e.plan is not None and e.plan.standings.is_final for e in self.events)

    def event(self, slug: str) -> SeriesEventInfo:
        return next(e for e in self.events if e.slug == slug)


def _date_key(plan: EventPlan) -> tuple[datetime.date, str]:
    return (plan.info.start_date or datetime.date.max, plan.slug)


def _matched(settings: SeriesSettings, plans: Sequence[EventPlan],
             diagnostics: list[Diagnostic]) -> list[SeriesEventInfo]:
    individual = sorted((p for p in plans if not p.info.is_team_event), key=_date_key)
    by_slug = {p.slug: p for p in individual}
    teams = {p.slug for p in plans if p.info.is_team_event}
    chosen: list[SeriesEventInfo] = []
    seen: set[str] = set()
    for pattern in settings.events:
        is_glob = any(c in pattern.written for c in "*?[")
        found = [p for p in individual if fnmatch.fnmatchcase(p.slug, pattern.written)]
        if not found and is_glob:
            diagnostics.append(_at(settings, pattern, f"{pattern.written!r} matches no event "
                                   "folder" + did_you_mean(pattern.written, list(by_slug)),
                                   "a glob of the events/ folders' names", warning=True))
        if not found and pattern.written in teams:
            diagnostics.append(_at(settings, pattern, f"{pattern.written!r} is a team event",
                                   "an individual event: a series ranks players"))
            continue
        if not found and not is_glob:
            if pattern.written not in seen:
                seen.add(pattern.written)
                chosen.append(SeriesEventInfo(slug=pattern.written, title=pattern.written,
                                              plan=None))
            continue
        for plan in found:
            if plan.slug not in seen:
                seen.add(plan.slug)
                chosen.append(SeriesEventInfo(slug=plan.slug, title=plan.info.title, plan=plan,
                                              weight=_weight(settings, plan.slug)))
    planned = settings.planned or 0
    for number in range(len(chosen), planned):
        chosen.append(SeriesEventInfo(slug="", title=str(number + 1), plan=None))
    return [e if e.plan is not None or not e.slug
            else SeriesEventInfo(slug=e.slug, title=e.title, plan=None,
                                 weight=_weight(settings, e.slug)) for e in chosen]


def _weight(settings: SeriesSettings, slug: str) -> Decimal:
    weight = Decimal(1)
    for pattern, value in settings.weights:
        if fnmatch.fnmatchcase(slug, pattern.written):
            weight = value
    return weight


def _at(settings: SeriesSettings, pattern: EventPattern, message: str, expected: str, *,
        warning: bool = False) -> Diagnostic:
    line, column = pattern.position
    return Diagnostic(path=settings.path, line=line, column=column, message=message,
                      expected=expected, severity=Severity.WARNING if warning else Severity.ERROR)


def _first_day(plan: EventPlan) -> datetime.date | None:
    return plan.info.start_date


_PRESENT = frozenset({RoundKind.GAME, RoundKind.FORFEIT_WIN, RoundKind.PAIRING_ALLOCATED_BYE})
"""The rounds a player is counted as having played (a series' ``min_rounds``): a game, a
win by forfeit (the player came), the pairing-allocated bye (C.07 16.1: not the player's
choice)."""

_WON = frozenset({ResultCode.WIN, ResultCode.WIN_UNRATED})
"""A game won over the board (a series' ``more_wins``)."""


def _event_results(plan: EventPlan, keys: Mapping[tuple[str, str], str],
                   categories: Sequence[Category]) -> tuple[EventResult, ...]:
    results = []
    for row in plan.standings.rows:
        player = row.player
        results.append(EventResult(
            person=key_of(player, keys), place=row.rank, place_to=row.rank_to,
            game_points=row.points,
            rounds_played=sum(1 for r in player.results if r.kind in _PRESENT),
            wins=sum(1 for r in player.results if r.is_played and r.code in _WON),
            seed=player.start_no,
            categories=frozenset(c.name for c in categories
                                 if exclusion(c, player, first_day=_first_day(plan)) is None)))
    return tuple(results)


def _members(settings: SeriesSettings, persons: Mapping[str, SeriesPerson]
             ) -> frozenset[str] | None:
    if settings.members is None:
        return None
    wanted = set(settings.members)
    folded = {name_key(m) for m in wanted}
    return frozenset(key for key, person in persons.items()
                     if (person.fide_id is not None and str(person.fide_id) in wanted)
                     or any(name_key(n) in folded for n in person.names))


def series_diagnostics(settings: SeriesSettings, plans: Sequence[EventPlan]
                       ) -> tuple[Diagnostic, ...]:
    """What :func:`plan_series` says of the series' events, from their folder names, kinds
    and dates alone: the build says it of a series it does not plan again (series_unit.py),
    from the events' stored summaries."""
    diagnostics: list[Diagnostic] = []
    events = _matched(settings, plans, diagnostics)
    return (*diagnostics, *_final_problems(settings, events))


def _final_problems(settings: SeriesSettings, events: Sequence[SeriesEventInfo]
                    ) -> tuple[Diagnostic, ...]:
    final = settings.counting.final
    if final is None or final in {e.slug for e in events}:
        return ()
    line, column = settings.final_position or (None, None)
    return (Diagnostic(path=settings.path, line=line, column=column,
                       message=f"'final': {final!r} is none of the series' events"
                       + did_you_mean(final, [e.slug for e in events]),
                       expected="the folder name of one of its events"),)


def plan_series(settings: SeriesSettings, plans: Sequence[EventPlan]) -> SeriesPlan:
    """The series ``settings`` over the site's ``plans``."""
    diagnostics: list[Diagnostic] = []
    events = _matched(settings, plans, diagnostics)
    held = [e.plan for e in events if e.plan is not None]
    keys = identity_keys((row.player for plan in held for row in plan.standings.rows),
                         settings.aliases)
    persons = _persons(held, keys)
    series_events = [SeriesEvent(slug=e.slug or f"#{i}", rounds=e.plan.info.rounds_total
                                 if e.plan is not None else 0,
                                 results=_event_results(e.plan, keys, settings.categories)
                                 if e.plan is not None else (),
                                 weight=e.weight, held=e.plan is not None)
                     for i, e in enumerate(events)]
    diagnostics.extend(_final_problems(settings, events))
    assert settings.points is not None, "a series without points is refused when read"
    rules = SeriesRules(points=settings.points, ties=settings.ties, counting=settings.counting,
                        bonuses=settings.bonuses, series_ties=settings.series_ties,
                        min_rounds_percent=settings.min_rounds_percent,
                        members=_members(settings, persons))
    standings = series_standings(series_events, rules)
    categories = tuple(
        (category, series_standings(series_events, rules, keep=category_keep(
            category.name, settings.category_by, series_events)))
        for category in settings.categories)
    prizes, numbers = _prizes(settings, standings, categories, persons)
    names = {key: person.names for key, person in persons.items()}
    return SeriesPlan(settings=settings, events=tuple(events), standings=standings,
                      persons=persons, categories=categories, prizes=prizes,
                      prize_numbers=numbers, duplicates=probable_duplicates(names),
                      diagnostics=tuple(diagnostics))


def _persons(held: Sequence[EventPlan], keys: Mapping[tuple[str, str], str]
             ) -> dict[str, SeriesPerson]:
    found: dict[str, list[tuple[EventPlan, StandingsRow]]] = {}
    for plan in sorted(held, key=_date_key):
        for row in plan.standings.rows:
            found.setdefault(key_of(row.player, keys), []).append((plan, row))
    persons = {}
    for key, appearances in found.items():
        newest_plan, newest = appearances[-1]
        player = newest.player
        persons[key] = SeriesPerson(
            key=key, name=player.name, federation=player.federation, fide_id=next(
                (row.player.fide_id for _, row in appearances if row.player.fide_id), None),
            page=newest_plan.person_keys.get(player.start_no),
            names=tuple(dict.fromkeys(row.player.name for _, row in appearances)),
            results={plan.slug: (plan, row) for plan, row in appearances})
    return persons


def _prizes(settings: SeriesSettings, standings: SeriesStandings,
            categories: Sequence[tuple[Category, SeriesStandings]],
            persons: Mapping[str, SeriesPerson]
            ) -> tuple[PrizeAward | None, dict[StartNo, str]]:
    """The series' prizes by the engine every event uses: the series' order as standings
    whose points are the totals (the engine reads no tie-break of a series)."""
    if settings.prizes is None:
        return None, {}
    ranked = [row for row in standings.rows if row.rank is not None]
    numbers = {StartNo(i + 1): row.person for i, row in enumerate(ranked)}
    players = tuple(Player(start_no=StartNo(i + 1), name=persons[row.person].name)
                    for i, row in enumerate(ranked))
    tournament = Tournament(name=settings.title or settings.slug, total_rounds=1,
                            rounds_played=1, players=players)
    rows = tuple(StandingsRow(player=player, rank=row.rank or 0, rank_to=row.rank_to or 0,
                              points=row.total, values={})
                 for player, row in zip(players, ranked, strict=True))
    overall = Standings(tournament=tournament, edition=Edition.FIDE_2026_03, specs=(), rows=rows,
                        after_round=1, is_final=standings.is_final)
    number_of = {person: number for number, person in numbers.items()}
    category_rows = []
    for category, table in categories:
        kept = [row for row in table.rows if row.rank is not None and row.person in number_of]
        category_rows.append(CategoryStandings(category=category, rows=tuple(
            CategoryStanding(start_no=number_of[row.person], place=row.rank or 0,
                             place_to=row.rank_to or 0,
                             overall_rank=rows[number_of[row.person] - 1].rank,
                             overall_rank_to=rows[number_of[row.person] - 1].rank_to,
                             points=row.total) for row in kept), is_final=standings.is_final))
    listed = {name for name in settings.prizes.rankings if name != OVERALL}
    award = award_prizes(settings.prizes, overall,
                         [c for c in category_rows if c.category.name in listed])
    return award, numbers


__all__ = ["SeriesEventInfo", "SeriesPerson", "SeriesPlan", "plan_series", "series_diagnostics"]
