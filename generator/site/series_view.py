"""What a series page shows (issue 28), as records with their words written out, and the
series' downloads (``standings.json``, ``standings.csv``).

The page: one column per event (a counted result plain, a dropped one struck through and
said so in words for screen readers), each person's derivation in plain words, what each
can still reach while events remain, the category tables and the prize list.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any

from generator.messages import NC_
from generator.rules.prizes import OVERALL
from generator.rules.series import SeriesRow, SeriesStandings
from generator.site.addresses import person_page, player_page
from generator.site.language import pgettext
from generator.site.numbers import date_range, format_points, money_text
from generator.site.plain_numbers import json_number, plain_decimal
from generator.site.prize_words import OVERALL_RANKING
from generator.site.series_plan import SeriesPerson, SeriesPlan
from generator.site.series_words import (
    decided_words,
    derivation,
    dropped_label,
    newcomer_words,
    not_played_label,
    place_words,
    reach_words,
    result_words,
    rule_sentences,
    state_words,
    unranked_words,
)
from generator.speed import frozen_record


@frozen_record
class EventColumn:
    slug: str
    title: str
    dates: str
    page: str | None
    """The event's page; None for an event still to come."""


@frozen_record
class SeriesCell:
    points: str
    """"" where the person did not play."""
    place: str
    counted: bool
    page: str | None
    """The person's page in that event."""
    words: str
    """The cell said in full for a screen reader ("8 (2nd, February), dropped")."""


@frozen_record
class SeriesLine:
    place: str
    name: str
    page: str | None
    anchor: str
    total: str
    cells: tuple[SeriesCell, ...]
    derivation: str
    reach: str
    status: str
    """Why the person is not ranked, "" when ranked."""


@frozen_record
class SeriesTable:
    name: str
    lines: tuple[SeriesLine, ...]


@frozen_record
class PrizeLine:
    ranking: str
    prize: str
    winners: str


@frozen_record
class SeriesView:
    plan: SeriesPlan
    slug: str
    title: str
    state: str
    is_final: bool
    rules: tuple[str, ...]
    events: tuple[EventColumn, ...]
    lines: tuple[SeriesLine, ...]
    newcomer: str
    categories: tuple[SeriesTable, ...]
    prizes: tuple[PrizeLine, ...]
    notes: str | None


def _titles(plan: SeriesPlan) -> dict[str, str]:
    return {event.slug or f"#{i}": event.title for i, event in enumerate(plan.events)}


def _anchor(key: str) -> str:
    return "p-" + "".join(c if c.isalnum() or c in "-_" else "-" for c in key)


def _lines(plan: SeriesPlan, standings: SeriesStandings, titles: Mapping[str, str]
           ) -> tuple[SeriesLine, ...]:
    lines = []
    for row in standings.rows:
        person = plan.persons[row.person]
        by_event = {r.event: r for r in row.results}
        cells = []
        for i, event in enumerate(plan.events):
            result = by_event.get(event.slug or f"#{i}")
            if result is None:
                cells.append(SeriesCell(points="", place="", counted=True, page=None,
                                        words=not_played_label()))
                continue
            said = result_words(result, titles[result.event])
            _plan, event_row = person.results[result.event]
            cells.append(SeriesCell(
                points=format_points(result.points),
                place=place_words(result.score.result.place, result.score.result.place_to),
                counted=result.counted,
                page=player_page(result.event, event_row.player.start_no),
                words=said if result.counted else f"{said}, {dropped_label()}"))
        lines.append(SeriesLine(
            place=("" if row.rank is None else str(row.rank) if row.rank == row.rank_to
                   else f"{row.rank}–{row.rank_to}"),
            name=person.name, page=person_page(person.page) if person.page else None,
            anchor=_anchor(row.person), total=format_points(row.total), cells=tuple(cells),
            derivation=derivation(row, dict(titles), plan.settings),
            reach=" ".join(words for words in (decided_words(row),
                                               reach_words(row, standings.remaining)) if words),
            status="" if row.rank is not None else unranked_words(
                row, plan.settings.counting.minimum)))
    return tuple(lines)


def _prize_lines(plan: SeriesPlan) -> tuple[PrizeLine, ...]:
    if plan.prizes is None:
        return ()
    lines = []
    for award in plan.prizes.awards:
        prize = award.prizes[0]
        what = prize.name if prize.name is not None else money_text(
            award.amount or Decimal(0), plan.prizes.currency)
        winners = ", ".join(
            plan.persons[plan.prize_numbers[share.start_no]].name
            + (f" ({money_text(share.amount, plan.prizes.currency)})"
               if share.amount is not None and len(award.recipients) > 1 else "")
            for share in award.recipients)
        ranking = (pgettext("prize list of the overall standings", OVERALL_RANKING)
                   if award.ranking == OVERALL else award.ranking)
        lines.append(PrizeLine(ranking=ranking, prize=what, winners=winners or "—"))
    return tuple(lines)


def series_view(plan: SeriesPlan) -> SeriesView:
    """The series page's record, in the active language."""
    titles = _titles(plan)
    events = tuple(EventColumn(
        slug=event.slug, title=event.title,
        dates=date_range(event.plan.info.start_date, event.plan.info.end_date)
        if event.plan is not None and event.plan.info.start_date is not None else "",
        page=f"{event.slug}/index.html" if event.plan is not None else None)
        for event in plan.events)
    standings = plan.standings
    held = len(standings.held)
    events_final = all(e.plan.standings.is_final for e in plan.events if e.plan is not None)
    newcomer = ""
    if standings.newcomer_reach is not None:
        newcomer = newcomer_words(standings.newcomer_reach)
    return SeriesView(
        plan=plan, slug=plan.slug, title=plan.title,
        state=state_words(held, len(plan.events), events_final), is_final=plan.is_final,
        rules=tuple(rule_sentences(plan.settings, titles)), events=events,
        lines=_lines(plan, standings, titles), newcomer=newcomer,
        categories=tuple(SeriesTable(name=category.name, lines=_lines(plan, table, titles))
                         for category, table in plan.categories),
        prizes=_prize_lines(plan), notes=plan.settings.notes)


# --- downloads ------------------------------------------------------------------------------

CSV_HEADINGS = (NC_("CSV column", "rank"), NC_("CSV column", "name"),
                NC_("CSV column", "federation"), NC_("CSV column", "fide_id"),
                NC_("CSV column", "total"))
"""The first columns of a series' ``standings.csv``; then, per event, its points (empty
where the person did not play) and whether they count."""
EVENT_POINTS = NC_("CSV column", "points")
EVENT_COUNTED = NC_("CSV column", "counted")


def _person_fields(person: SeriesPerson) -> dict[str, Any]:
    return {"name": person.name, "federation": person.federation or None,
            "fide_id": person.fide_id}


def series_document(plan: SeriesPlan) -> dict[str, Any]:
    """The series as data: each person's ``total`` and results (event, place, points,
    counted or not)."""
    standings = plan.standings
    rows = []
    for row in standings.rows:
        rows.append({
            "rank": row.rank, "rank_to": row.rank_to,
            **_person_fields(plan.persons[row.person]),
            "total": json_number(row.total),
            "results": [{"event": r.event, "place": r.score.result.place,
                         "place_to": r.score.result.place_to,
                         "points": json_number(r.points), "counted": r.counted,
                         **({"dropped": r.dropped.value} if r.dropped is not None else {})}
                        for r in row.results],
            **({"reach": json_number(row.reach)} if row.reach is not None
               and standings.remaining else {}),
        })
    return {"series": plan.title, "final": plan.is_final,
            "events": [{"event": e.slug, "title": e.title, "held": e.held}
                       for e in plan.events if e.slug],
            "events_to_come": standings.remaining,
            "standings": rows}


def series_json(plan: SeriesPlan) -> bytes:
    return (json.dumps(series_document(plan), ensure_ascii=False, indent=2) + "\n").encode()


def series_csv(plan: SeriesPlan) -> bytes:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    held = [e.slug for e in plan.events if e.held]
    writer.writerow([*(pgettext("CSV column", h) for h in CSV_HEADINGS),
                     *(f"{slug}:{pgettext('CSV column', EVENT_POINTS)}" for slug in held),
                     *(f"{slug}:{pgettext('CSV column', EVENT_COUNTED)}" for slug in held)])
    for row in plan.standings.rows:
        person = plan.persons[row.person]
        by_event = {r.event: r for r in row.results}
        writer.writerow([
            _rank_text(row), person.name, person.federation, person.fide_id or "",
            plain_decimal(row.total),
            *(plain_decimal(by_event[s].points) if s in by_event else "" for s in held),
            *(("1" if by_event[s].counted else "0") if s in by_event else "" for s in held)])
    return out.getvalue().encode("utf-8")


def _rank_text(row: SeriesRow) -> str:
    if row.rank is None:
        return ""
    return str(row.rank) if row.rank == row.rank_to else f"{row.rank}-{row.rank_to}"


@frozen_record
class ListedSeries:
    """A series the build does not plan again (its key unchanged, series_unit.py), as the
    front page and the persons' pages read it: from what the last build stored of it."""

    slug: str
    title: str
    is_final: bool
    places: Mapping[str, tuple[str, str]]
    """A person's page key -> :func:`person_places`' place and anchor."""


def person_places(plan: SeriesPlan | ListedSeries) -> dict[str, tuple[str, str]]:
    """The persons of a series by their page key, each with their place ("" when not
    ranked) and the anchor of their derivation on the series page: the first row of the
    standings that names the page, when two persons of the series share one."""
    if isinstance(plan, ListedSeries):
        return dict(plan.places)
    found: dict[str, tuple[str, str]] = {}
    for row in plan.standings.rows:
        for event, result in plan.persons[row.person].results.values():
            page = event.person_keys.get(result.player.start_no)
            if page is not None:
                found.setdefault(page, (_rank_text(row).replace("-", "–"), _anchor(row.person)))
    return found


def person_series(plans: Sequence[SeriesPlan | ListedSeries], page_key: str
                  ) -> list[tuple[SeriesPlan | ListedSeries, str, str]]:
    """The series a person's page lists: each with the person's place ("" when not ranked)
    and the anchor of their derivation on the series page."""
    found = []
    for plan in plans:
        place = person_places(plan).get(page_key)
        if place is not None:
            found.append((plan, *place))
    return found


__all__ = ["ListedSeries", "SeriesView", "person_places", "person_series", "series_csv",
           "series_json", "series_view"]
