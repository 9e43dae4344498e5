"""Prizes that span a festival's sections (issue 27): one ranking of the players of several
sections, by a rule the organiser names, which the prize engine (``prizes.py``) then
awards from as it awards a section's lists, with the same reasons.

Players of different sections never met, so no tie-break of C.07 can compare them. A
congress that gives a prize across sections announces how it compares (the English and
Irish congresses' "best junior of the weekend", "grading prize across sections": decided by
score, equal scores sharing the money). The rules offered, by name:

* ``points``: the points scored (for sections of as many rounds under one scoring);
* ``percentage``: the points as a share of the most a player could score in their section
  (its announced rounds times a win's points), for sections of different lengths.

Players equal on that score are ranked, where a prize cannot be split (a name prize, or
money under ``ties: tiebreaks``), by the order of the sections as the prize lists them (the
organiser lists the strongest first: a score made in a stronger field counts more), then by
their place in their own section (its tie-breaks, C.07 as the section applies them). Equal
scores share money as in a section (``prizes.ties``). Age is counted on the festival's first
day: the earliest first day of the sections the prize spans.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence
from dataclasses import replace
from decimal import Decimal
from enum import StrEnum
from types import MappingProxyType

from generator.model import StartNo, Tournament
from generator.rules.categories import Category, CategoryStandings, category_standings
from generator.rules.explain import Explained, Standings, StandingsRow
from generator.rules.prizes import PrizeAward, PrizeSettings, award_prizes
from generator.speed import frozen_record


class CrossCompare(StrEnum):
    """festival.yml ``across_sections[].compare``: how players of different sections compare."""

    POINTS = "points"
    PERCENTAGE = "percentage"


class CrossCriterion(StrEnum):
    """What ranks players equal on the compared score, in this order (the award's
    ``criterion`` names the one that separated the recipient from the next player)."""

    SECTION_ORDER = "section-order"
    """The section listed earlier in the prize's ``sections`` goes ahead."""
    SECTION_PLACE = "section-place"
    """The better place in their own section's standings."""


@frozen_record
class CrossSectionPrizes:
    """One entry of festival.yml's ``across_sections``: the event.yml shapes of
    ``categories`` and ``prizes``, over the players of the sections it names."""

    name: str
    """The heading of its prize lists on the prize-giving page."""
    sections: tuple[str, ...]
    """Section folders, in the order that ranks equal scores (the first ahead)."""
    compare: CrossCompare
    categories: tuple[Category, ...]
    prizes: PrizeSettings
    line: int = 0
    column: int = 0
    """Where festival.yml writes it."""


@frozen_record
class Entry:
    """A player of the combined ranking: their section and their own row in it."""

    section: str
    row: StandingsRow
    score: Decimal
    """What is compared: points, or per cent of the section's most (``CrossCompare``)."""


@frozen_record
class CrossAward:
    prizes: CrossSectionPrizes
    standings: Standings
    """The combined ranking; its players are numbered 1, 2, ... in its order."""
    entries: Mapping[StartNo, Entry]
    """Combined number -> the player's section and own row."""
    categories: tuple[CategoryStandings, ...]
    award: PrizeAward


def section_score(row: StandingsRow, tournament: Tournament, compare: CrossCompare) -> Decimal:
    """The score compared across sections: the points, or their per cent of the most a
    player of the section could score (its announced rounds, each a win)."""
    if compare is CrossCompare.POINTS:
        return row.points
    most = Decimal(tournament.total_rounds) * tournament.score_system.win
    return row.points * 100 / most if most else Decimal(0)


def combined_standings(sections: Sequence[tuple[str, Standings]], compare: CrossCompare
                       ) -> tuple[Standings, dict[StartNo, Entry]]:
    """One ranking of every player of ``sections`` (in the prize's order): by the compared
    score, then the section's order, then the place in the section; two players of one
    section sharing a place share it here too."""
    found: list[tuple[tuple[Decimal, int, int], Entry]] = []
    for index, (section, standings) in enumerate(sections):
        for row in standings.rows:
            score = section_score(row, standings.tournament, compare)
            found.append(((-score, index, row.rank),
                          Entry(section=section, row=row, score=score)))
    found.sort(key=lambda item: item[0])
    rows: list[StandingsRow] = []
    entries: dict[StartNo, Entry] = {}
    position = 0
    while position < len(found):
        end = position + 1
        while end < len(found) and found[end][0] == found[position][0]:
            end += 1
        for key, entry in found[position:end]:
            number = StartNo(len(rows) + 1)
            entries[number] = entry
            rows.append(StandingsRow(
                player=replace(entry.row.player, start_no=number), rank=position + 1,
                rank_to=end, points=entry.score,
                values=MappingProxyType({
                    CrossCriterion.SECTION_ORDER.value: Explained(value=Decimal(key[1] + 1)),
                    CrossCriterion.SECTION_PLACE.value: Explained(value=Decimal(key[2]))})))
        position = end
    first = sections[0][1]
    tournament = Tournament(
        name="", total_rounds=max(s.tournament.total_rounds for _, s in sections),
        rounds_played=max(s.tournament.rounds_played for _, s in sections),
        players=tuple(row.player for row in rows))
    return Standings(tournament=tournament, edition=first.edition, specs=(), rows=tuple(rows),
                     after_round=max(s.after_round for _, s in sections),
                     is_final=all(s.is_final for _, s in sections)), entries


def award_across_sections(prizes: CrossSectionPrizes, sections: Mapping[str, Standings],
                          first_day: datetime.date | None) -> CrossAward | None:
    """The prizes of ``prizes`` over the sections of ``sections`` it names (a section that
    could not be read is left out); None when none of them is there."""
    spanned = [(name, sections[name]) for name in prizes.sections if name in sections]
    if not spanned:
        return None
    standings, entries = combined_standings(spanned, prizes.compare)
    ranked = tuple(category_standings(c, standings, first_day=first_day)
                   for c in prizes.categories)
    return CrossAward(prizes=prizes, standings=standings, entries=MappingProxyType(entries),
                      categories=ranked, award=award_prizes(prizes.prizes, standings, ranked))


__all__ = ["CrossAward", "CrossCompare", "CrossCriterion", "CrossSectionPrizes", "Entry",
           "award_across_sections", "combined_standings", "section_score"]
