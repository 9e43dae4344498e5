"""The prize-giving of a whole festival (issue 27): every section's prize list and
categories in festival.yml's order, on one printable page. Each section's list is the one
its own prize page shows (``prize_view.prizes_view``, the same reasons in the same
words), its links written from the festival's folder. Then the prizes that span sections
(festival.yml ``across_sections``, ranked by ``rules/cross_section.py`` and awarded by
``rules/prizes.py``), each explained in the same sentences as a section's, with what
compares players of different sections said in words.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from decimal import Decimal

from generator.messages import N_
from generator.model import StartNo
from generator.rules.cross_section import (
    CrossAward,
    CrossCompare,
    CrossCriterion,
    CrossSectionPrizes,
    award_across_sections,
)
from generator.rules.explain import Standings
from generator.rules.prizes import OVERALL, Award, PrizeAward
from generator.site.addresses import player_page, prizes_page, relative_link
from generator.site.festival_view import FestivalView
from generator.site.headline import points_phrase
from generator.site.language import words
from generator.site.numbers import money_text, percent_text
from generator.site.plan import EventPlan
from generator.site.prize_view import (
    OVERALL_ANCHOR,
    AwardTerms,
    CategoryLink,
    PrizesView,
    PrizeTable,
    RankingPlaces,
    allocation_rules,
    award_lines,
    award_sentences,
    banner,
    places_text,
    prize_nav,
    prizes_view,
)
from generator.site.prize_words import (
    PRIZE_TABLE,
)
from generator.site.wording import join_words
from generator.speed import frozen_record

COMPARED_BY: Mapping[CrossCompare, str] = {
    CrossCompare.POINTS: N_("Players of {sections} are compared by their points."),
    CrossCompare.PERCENTAGE: N_("Players of {sections} are compared by their points as a "
                                "share of the most their own section allows (its rounds, "
                                "each a win)."),
}
"""The rule a prize across sections announces (festival.yml ``compare``), on its page."""
EQUAL_SCORES = N_("Where equal scores must be told apart, the section listed first goes "
                  "ahead, then the better place in one's own section.")
PERCENT_SCORE = N_("{points} ({percent} of the points possible)")
"""A score under ``compare: percentage``, as {points} in a prize's sentence."""
CRITERIA: Mapping[CrossCriterion, str] = {
    CrossCriterion.SECTION_ORDER: N_("the order of the sections"),
    CrossCriterion.SECTION_PLACE: N_("the place in their own section"),
}
"""What separated two players equal on score, as {criterion} in a prize's sentence."""
RECIPIENT = "{name} ({section})"
"""A recipient of a prize across sections, with their section's name (no words)."""


@frozen_record
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


@frozen_record
class AcrossPrizes:
    """A prize across sections as the prize-giving shows it."""

    name: str
    sections: tuple[str, ...]
    """The names of the sections it spans, in its order."""
    rules: tuple[str, ...]
    """How players of different sections compare, then how the prizes are given."""
    prizes: PrizesView
    award: CrossAward


def across_awards(festival: FestivalView) -> tuple[CrossAward, ...]:
    """festival.yml's prizes across sections, each awarded over its individual sections
    that were built (a team section has no individual standings to compare)."""
    standings: dict[str, Standings] = {}
    for line in festival.sections:
        if line.plan.event.teams is None:
            standings[line.plan.slug.rpartition("/")[2]] = line.plan.standings
    found = []
    for prizes in festival.festival.across_sections:
        starts = [line.plan.info.start_date for line in festival.sections
                  if line.plan.slug.rpartition("/")[2] in prizes.sections
                  and line.plan.info.start_date is not None]
        award = award_across_sections(prizes, standings, min(starts) if starts else None)
        if award is not None:
            found.append(award)
    return tuple(found)


def across_sections(festival: FestivalView) -> tuple[AcrossPrizes, ...]:
    """Each prize across sections, its lists and their reasons, in festival.yml's order."""
    labels = festival.festival.labels
    found = []
    for cross in across_awards(festival):
        prizes = cross.prizes
        names = tuple(labels[name] for name in prizes.sections)
        rules = (words(COMPARED_BY[prizes.compare], {"sections": join_words(list(names))}),
                 words(EQUAL_SCORES), *allocation_rules(prizes.prizes))
        found.append(AcrossPrizes(name=prizes.name, sections=names, rules=rules,
                                  prizes=_across_view(festival, cross, rules), award=cross))
    return tuple(found)


def _ranking_words(ranking: str, prizes: CrossSectionPrizes) -> str:
    """A list's ranking: the prize's own name for every player of its sections."""
    return prizes.name if ranking == OVERALL else ranking


def _across_view(festival: FestivalView, cross: CrossAward, rules: tuple[str, ...]
                 ) -> PrizesView:
    award, settings = cross.award, cross.prizes.prizes
    page = prizes_page(festival.slug)
    currency = award.currency if award.currency is not None else settings.currency
    places = RankingPlaces(cross.standings, cross.categories)
    tables = []

    def recipient(number: StartNo) -> tuple[str, str]:
        entry = cross.entries[number]
        return _named(festival, cross, number), relative_link(page, player_page(
            festival.festival.section_slug(entry.section), entry.row.player.start_no))

    for ranking in settings.rankings:
        lines = award_lines(award, ranking, currency, recipient=recipient,
                            why=lambda one: _why(festival, cross, one, places, award))
        shown = _ranking_words(ranking, cross.prizes)
        tables.append(PrizeTable(
            ranking=shown, caption=words(PRIZE_TABLE, {"ranking": shown}),
            anchor=OVERALL_ANCHOR, category_page=None, lines=lines))
    fund = settings.fund
    return PrizesView(tables=tuple(tables), banner=banner(award),
                      is_provisional=award.provisional, rules=rules,
                      fund=money_text(fund, currency) if fund else "")


def _named(festival: FestivalView, cross: CrossAward, number: StartNo) -> str:
    entry = cross.entries[number]
    return RECIPIENT.format(name=entry.row.player.name,
                            section=festival.festival.labels[entry.section])


def _score(cross: CrossAward, number: StartNo) -> str:
    entry = cross.entries[number]
    points = points_phrase(entry.row.points, "points")
    if cross.prizes.compare is CrossCompare.POINTS:
        return points
    return words(PERCENT_SCORE, {"points": points, "percent": _percent(entry.score)})


def _percent(score: Decimal) -> str:
    return percent_text(score, Decimal(100))


def _why(festival: FestivalView, cross: CrossAward, award: Award, places: RankingPlaces,
         awarded: PrizeAward) -> tuple[str, ...]:
    """The sentences of a prize's "Why", as ``prize_view.award_why`` says a section's."""
    settings = cross.prizes.prizes
    currency = awarded.currency if awarded.currency is not None else settings.currency

    def criterion(award: Award, mine: StartNo, theirs: StartNo
                  ) -> tuple[str, str, str] | None:
        if award.criterion is None:
            return None
        deciding = CrossCriterion(award.criterion)
        return (words(CRITERIA[deciding]), _criterion_value(festival, cross, deciding, mine),
                _criterion_value(festival, cross, deciding, theirs))

    return award_sentences(award, settings, places, currency, awarded, AwardTerms(
        ranking=_ranking_words(award.ranking, cross.prizes),
        name=lambda number: _named(festival, cross, number),
        points=lambda number: _score(cross, number), criterion=criterion))


def _criterion_value(festival: FestivalView, cross: CrossAward, criterion: CrossCriterion,
                     number: StartNo) -> str:
    entry = cross.entries[number]
    if criterion is CrossCriterion.SECTION_ORDER:
        return festival.festival.labels[entry.section]
    return places_text(entry.row.rank, entry.row.rank_to)


__all__ = ["AcrossPrizes", "SectionPrizes", "across_awards", "across_sections",
           "festival_prizes"]
