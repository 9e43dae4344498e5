"""A festival's pages as records: its own page, the section switcher, the front page's line
(issue 27). A festival's sections are events planned as any other (their pages live under
``<festival>/<section>/``); what is here groups them and reads what their plans decided.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence

from generator.reading.festival import Festival
from generator.site.addresses import (
    event_page,
    festival_json_download,
    festival_trf_download,
    prizes_page,
    qr_page,
)
from generator.site.plan import EventPlan
from generator.site.schedule import RoundDay
from generator.speed import frozen_record


@frozen_record
class SwitcherLink:
    label: str
    page: str
    is_current: bool


@frozen_record
class SectionSwitcher:
    """The festival's sections, on every page of one of them: a list of links, no script."""

    title: str
    page: str
    """The festival's page."""
    sections: tuple[SwitcherLink, ...]
    logo: str | None = None
    """festival.yml's logo, from the site root (published by the build: a logo it cannot
    publish stops it, so a name here is a file there)."""


def section_switcher(plan: EventPlan) -> SectionSwitcher | None:
    """The switcher of a section's pages; None for an event that is no section. It reads
    festival.yml and the section folders only, never another section's file, so that a
    section's pages change only with its own files and festival.yml."""
    festival = plan.event.festival
    if festival is None:
        return None
    return SectionSwitcher(
        title=festival.title, page=event_page(festival.slug),
        sections=tuple(SwitcherLink(label=festival.labels[name],
                                    page=event_page(festival.section_slug(name)),
                                    is_current=festival.section_slug(name) == plan.slug)
                       for name in festival.sections),
        logo=festival.logo_page)


@frozen_record
class SectionLine:
    """One section as the festival's page and the front page list it."""

    plan: EventPlan
    label: str
    page: str
    next_round: RoundDay | None
    """When the next round to play is, where the file gives it; None once final."""


@frozen_record
class FestivalView:
    festival: Festival
    sections: tuple[SectionLine, ...]
    """In festival.yml's order (else by folder name); a section that could not be read is
    not built, so it is not listed."""
    start_date: datetime.date | None
    end_date: datetime.date | None
    """festival.yml's dates, else from the first section's start to the last one's end."""

    @property
    def slug(self) -> str:
        return self.festival.slug

    @property
    def title(self) -> str:
        return self.festival.title

    @property
    def page(self) -> str:
        return event_page(self.slug)

    @property
    def prizes_page(self) -> str:
        return prizes_page(self.slug)

    @property
    def qr_page(self) -> str:
        return qr_page(self.slug)

    @property
    def json_download(self) -> str:
        return festival_json_download(self.slug)

    @property
    def trf_download(self) -> str:
        return festival_trf_download(self.slug)

    @property
    def place(self) -> str:
        return self.festival.settings.place or ""

    @property
    def players(self) -> int:
        """Entries over all sections (a player of two sections counts twice)."""
        return sum(len(line.plan.standings.rows) for line in self.sections)

    @property
    def is_final(self) -> bool:
        return all(line.plan.standings.is_final for line in self.sections)

    @property
    def has_prizes(self) -> bool:
        """Whether a section announces prizes or categories, or festival.yml prizes across
        sections: the prize-giving page."""
        return bool(self.festival.across_sections) or any(
            line.plan.prizes is not None and (
                line.plan.prizes.settings is not None or line.plan.prizes.categories)
            for line in self.sections)

    @property
    def switcher(self) -> SectionSwitcher:
        """The switcher of the festival's own pages: no section is the current one."""
        return SectionSwitcher(title=self.title, page=self.page, sections=tuple(
            SwitcherLink(label=line.label, page=line.page, is_current=False)
            for line in self.sections), logo=self.festival.logo_page)


def _next_round(plan: EventPlan) -> RoundDay | None:
    if plan.standings.is_final:
        return None
    info = plan.info
    upcoming = info.current_round or info.rounds_played + 1
    return info.schedule.get(upcoming)


def festival_views(plans: Sequence[EventPlan]) -> tuple[FestivalView, ...]:
    """Every festival of the site, by folder name, with its sections that were built."""
    grouped: dict[str, tuple[Festival, dict[str, EventPlan]]] = {}
    for plan in plans:
        festival = plan.event.festival
        if festival is not None:
            grouped.setdefault(festival.slug, (festival, {}))[1][plan.slug] = plan
    views = []
    for slug in sorted(grouped):
        festival, by_slug = grouped[slug]
        built = [by_slug[slug] for slug in map(festival.section_slug, festival.sections)
                 if slug in by_slug]
        lines = tuple(SectionLine(plan=plan, label=festival.labels[plan.slug.rpartition("/")[2]],
                                  page=event_page(plan.slug), next_round=_next_round(plan))
                      for plan in built)
        starts = [line.plan.info.start_date for line in lines if line.plan.info.start_date]
        ends = [line.plan.info.end_date or line.plan.info.start_date for line in lines
                if line.plan.info.end_date or line.plan.info.start_date]
        settings = festival.settings
        views.append(FestivalView(
            festival=festival, sections=lines,
            start_date=settings.start_date or (min(starts) if starts else None),
            end_date=settings.end_date or (max(d for d in ends if d) if ends else None)))
    return tuple(views)


@frozen_record
class IndexEntry:
    """A line of the front page: an event on its own, or a festival with its sections."""

    plan: EventPlan
    """The event; for a festival, its first section listed (where it stands in the list)."""
    festival: FestivalView | None = None


def index_entries(plans: Sequence[EventPlan]) -> tuple[IndexEntry, ...]:
    """The front page's lines in the order of ``plans`` (newest first): a festival where its
    newest section would be, once, its sections under it."""
    festivals = {view.slug: view for view in festival_views(plans)}
    entries = []
    for plan in plans:
        festival = plan.event.festival
        if festival is None:
            entries.append(IndexEntry(plan=plan))
        elif festival.slug in festivals:
            entries.append(IndexEntry(plan=plan, festival=festivals.pop(festival.slug)))
    return tuple(entries)


__all__ = ["FestivalView", "IndexEntry", "SectionLine", "SectionSwitcher", "SwitcherLink",
           "festival_views", "index_entries", "section_switcher"]
