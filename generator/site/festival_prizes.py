"""The prize-giving of a whole festival (issue 27): every section's prize list and
categories in festival.yml's order, on one printable page. Each section's list is the one
its own prize page shows (``prize_view.prizes_view``, the same reasons in the same
words), its links written from the festival's folder.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from generator.site.addresses import prizes_page
from generator.site.festival_view import FestivalView
from generator.site.plan import EventPlan
from generator.site.prize_view import CategoryLink, PrizesView, prize_nav, prizes_view


@dataclass(frozen=True, slots=True, kw_only=True)
class SectionPrizes:
    label: str
    plan: EventPlan
    prizes: PrizesView | None
    """None for a section that announces no prizes (its categories may still be listed)."""
    prizes_page: str | None
    categories: tuple[CategoryLink, ...]


def _from_festival(prizes: PrizesView, section: str) -> PrizesView:
    """The section's prize list with its players' links seen from the festival's folder
    (they were written from the section's: one folder down)."""
    return replace(prizes, tables=tuple(
        replace(table, lines=tuple(
            replace(line, recipients=tuple(replace(r, href=f"{section}/{r.href}")
                                           for r in line.recipients))
            for line in table.lines))
        for table in prizes.tables))


def festival_prizes(festival: FestivalView) -> tuple[SectionPrizes, ...]:
    """Each section with prizes or categories, in festival.yml's order."""
    found = []
    for line in festival.sections:
        plan = line.plan
        nav = prize_nav(plan)
        if not nav.has_any:
            continue
        shown = prizes_view(plan, plan.prizes) if plan.prizes is not None else None
        section = plan.slug.rpartition("/")[2]
        found.append(SectionPrizes(
            label=line.label, plan=plan,
            prizes=_from_festival(shown, section) if shown is not None else None,
            prizes_page=prizes_page(plan.slug) if shown is not None else None,
            categories=nav.categories))
    return tuple(found)


__all__ = ["SectionPrizes", "festival_prizes"]
