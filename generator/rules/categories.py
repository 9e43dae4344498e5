"""Categories: named groups of an event's players, each with its own ranking.

A category (event.yml ``categories:``) is a name and one or more conditions, all of which a
player must meet: a rating band, an age limit, a sex, federations, titles or an explicit list
of starting numbers. Its ranking is the overall standings filtered (C.07 ranks the event once;
a category list never re-ranks): category place 1, 2, ... in the overall order, and players
who share an overall place share their category place too.

Nothing here words anything: a player left out of a category is left out for a typed
:class:`Exclusion`, which the site words.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import field
from decimal import Decimal
from enum import StrEnum

from generator.model import Player, StartNo, Tournament
from generator.rules.births import read_birth
from generator.rules.explain import Standings
from generator.speed import frozen_record


class RatingList(StrEnum):
    """Which rating a band reads."""

    FIDE = "fide"
    """``Player.rating``: TRF 001 columns 49-52."""
    NATIONAL = "national"
    """``Player.national_rating`` (a TRF-26 national rating record); None where the file
    gives none."""


class AgeReference(StrEnum):
    """The day a player's age is taken on."""

    YEAR = "year"
    """By year of birth, as FIDE's youth and senior events count: a player's age is the age
    reached in the calendar year of the event's first day (that year minus the year of
    birth); the limits are in :class:`AgeCondition`."""
    FIRST_DAY = "first_day"
    """The player's age in whole years on the event's first day."""


class Sex(StrEnum):
    """TRF 001 column 10."""

    MALE = "m"
    FEMALE = "w"
    """Written ``w``; ``f`` is read as the same."""


UNTITLED = ""
"""The title of a player without one, in a :class:`TitleCondition` (event.yml ``none``)."""


@frozen_record
class RatingCondition:
    """A rating band: ``from`` <= rating < ``below``; either bound may be absent."""

    at_least: int | None = None
    """event.yml ``from``: the lowest rating of the band (inclusive)."""
    below: int | None = None
    """The first rating above the band (exclusive): ``below: 2000`` admits 1999."""
    unrated: bool | None = None
    """Does an unrated player (no rating on the list read) belong? None: the default rule,
    :attr:`admits_unrated`."""
    rating_list: RatingList = RatingList.FIDE

    @property
    def admits_unrated(self) -> bool:
        """An unrated player belongs to a band with only an upper bound ("under 2000": the
        usual reading of prize regulations, an unrated player is no stronger), and to no
        band with a lower bound, unless event.yml says otherwise."""
        if self.unrated is not None:
            return self.unrated
        return self.at_least is None


@frozen_record
class AgeCondition:
    """An age limit: under ``under`` and/or at least ``at_least`` years old.

    By year of birth (the default, :attr:`AgeReference.YEAR`): with Y the year of the first
    day and B the year of birth, ``under: 16`` admits B >= Y - 16 and ``from: 50`` admits
    B <= Y - 50. That is FIDE's reading: a U16 player is under 16 on 1 January of the year
    (born in 2008 or later for a 2024 event, though they turn 16 during it), and a 50+ player
    reaches 50 during the year. On the first day (:attr:`AgeReference.FIRST_DAY`): the age in
    whole years on that day, ``under: 16`` admits ages up to 15 and ``from: 50`` ages from 50.
    """

    under: int | None = None
    at_least: int | None = None
    """event.yml ``from``."""
    reference: AgeReference = AgeReference.YEAR
    """event.yml ``age_reference`` of the category."""


@frozen_record
class SexCondition:
    sex: Sex


@frozen_record
class FederationCondition:
    federations: frozenset[str]
    """FIDE federation codes in upper case (TRF 001 columns 54-56)."""


@frozen_record
class TitleCondition:
    titles: frozenset[str]
    """Normalised titles as ``Player.title`` holds them; :data:`UNTITLED` for no title."""


@frozen_record
class StartNumberCondition:
    start_numbers: frozenset[StartNo]


Condition = (RatingCondition | AgeCondition | SexCondition | FederationCondition
             | TitleCondition | StartNumberCondition)


@frozen_record
class Category:
    name: str
    """As written in event.yml; shown as written."""
    slug: str
    """The page's file name without ``.html``: ``categories/<slug>.html`` (event.yml's reader
    makes it from the name)."""
    conditions: tuple[Condition, ...]
    """All must hold. Never empty (the reader refuses a category without one)."""


class ExclusionReason(StrEnum):
    """Why a player is not in a category: the first condition they fail."""

    RATING_BELOW_BAND = "rating-below-band"
    RATING_ABOVE_BAND = "rating-above-band"
    """The rating is at or above ``below``."""
    UNRATED = "unrated"
    """No rating on the list the band reads, and the band does not admit unrated players."""
    BIRTH_DATE_MISSING = "birth-date-missing"
    """TRF 001 columns 70-79 are blank or hold no date we can read, or one that cannot be
    a birth (:class:`~generator.rules.births.BirthProblem`)."""
    BIRTH_DATE_INCOMPLETE = "birth-date-incomplete"
    """Only the year is known and the age on the first day depends on the day."""
    EVENT_DATE_MISSING = "event-date-missing"
    """The event's first day is unknown, so no age can be taken."""
    TOO_OLD = "too-old"
    TOO_YOUNG = "too-young"
    SEX = "sex"
    """Another sex, or none written."""
    FEDERATION = "federation"
    TITLE = "title"
    START_NUMBER = "start-number"


@frozen_record
class Exclusion:
    reason: ExclusionReason
    condition: Condition
    """The condition the player fails."""
    age: int | None = None
    """For TOO_OLD / TOO_YOUNG: the age counted (by year, or on the first day)."""


def _age_on(born: datetime.date, day: datetime.date) -> int:
    had_birthday = (day.month, day.day) >= (born.month, born.day)
    return day.year - born.year - (0 if had_birthday else 1)


def _rating_exclusion(condition: RatingCondition, player: Player) -> Exclusion | None:
    rating = (player.rating if condition.rating_list is RatingList.FIDE
              else player.national_rating)
    if rating is None:
        return None if condition.admits_unrated else Exclusion(
            reason=ExclusionReason.UNRATED, condition=condition)
    if condition.at_least is not None and rating < condition.at_least:
        return Exclusion(reason=ExclusionReason.RATING_BELOW_BAND, condition=condition)
    if condition.below is not None and rating >= condition.below:
        return Exclusion(reason=ExclusionReason.RATING_ABOVE_BAND, condition=condition)
    return None


def _age_exclusion(condition: AgeCondition, player: Player,
                   first_day: datetime.date | None) -> Exclusion | None:
    birth = read_birth(player.birth, first_day)
    if birth is None:
        return Exclusion(reason=ExclusionReason.BIRTH_DATE_MISSING, condition=condition)
    if first_day is None:
        return Exclusion(reason=ExclusionReason.EVENT_DATE_MISSING, condition=condition)
    if condition.reference is AgeReference.YEAR:
        # The age reached in the year: under N is "not yet N on 1 January" (B >= Y - N),
        # N+ is "N or more by 31 December" (B <= Y - N); see AgeCondition.
        age = first_day.year - birth.year
        if condition.under is not None and age > condition.under:
            return Exclusion(reason=ExclusionReason.TOO_OLD, condition=condition, age=age)
        if condition.at_least is not None and age < condition.at_least:
            return Exclusion(reason=ExclusionReason.TOO_YOUNG, condition=condition, age=age)
        return None
    if birth.date is not None:
        ages = {_age_on(birth.date, first_day)}
    else:
        # Only the year: the age on the first day is one of two; decide only if both agree.
        ages = {first_day.year - birth.year - 1, first_day.year - birth.year}
    if condition.under is not None and min(ages) >= condition.under:
        return Exclusion(reason=ExclusionReason.TOO_OLD, condition=condition, age=min(ages))
    if condition.at_least is not None and max(ages) < condition.at_least:
        return Exclusion(reason=ExclusionReason.TOO_YOUNG, condition=condition,
                         age=max(ages))
    if len(ages) > 1 and (
            (condition.under is not None and max(ages) >= condition.under)
            or (condition.at_least is not None and min(ages) < condition.at_least)):
        return Exclusion(reason=ExclusionReason.BIRTH_DATE_INCOMPLETE, condition=condition)
    return None


def _sex_of(player: Player) -> Sex | None:
    written = player.sex.strip().lower()
    if written in ("w", "f"):
        return Sex.FEMALE
    return Sex.MALE if written == "m" else None


def exclusion(category: Category, player: Player, *,
              first_day: datetime.date | None) -> Exclusion | None:
    """Why ``player`` is not in ``category`` (the first condition failed), or None when they
    are. ``first_day`` is the event's first day (the day ages are taken on, or its year)."""
    for condition in category.conditions:
        found: Exclusion | None
        if isinstance(condition, RatingCondition):
            found = _rating_exclusion(condition, player)
        elif isinstance(condition, AgeCondition):
            found = _age_exclusion(condition, player, first_day)
        elif isinstance(condition, SexCondition):
            found = None if _sex_of(player) is condition.sex else Exclusion(
                reason=ExclusionReason.SEX, condition=condition)
        elif isinstance(condition, FederationCondition):
            found = None if player.federation.strip().upper() in condition.federations else (
                Exclusion(reason=ExclusionReason.FEDERATION, condition=condition))
        elif isinstance(condition, TitleCondition):
            found = None if player.title in condition.titles else Exclusion(
                reason=ExclusionReason.TITLE, condition=condition)
        else:
            found = None if player.start_no in condition.start_numbers else Exclusion(
                reason=ExclusionReason.START_NUMBER, condition=condition)
        if found is not None:
            return found
    return None


def category_members(category: Category, tournament: Tournament, *,
                     first_day: datetime.date | None) -> frozenset[StartNo]:
    """The starting numbers of the players who meet every condition of ``category``."""
    return frozenset(p.start_no for p in tournament.players
                     if exclusion(category, p, first_day=first_day) is None)


@frozen_record
class CategoryStanding:
    """One row of a category's ranking."""

    start_no: StartNo
    place: int
    """1-based place in the category."""
    place_to: int
    """Last category place of a shared range (== place when not shared): players who share
    an overall place share their category place."""
    overall_rank: int
    overall_rank_to: int
    """The overall place (a range when shared), as the standings give it."""
    points: Decimal


@frozen_record
class CategoryStandings:
    category: Category
    rows: tuple[CategoryStanding, ...]
    """In the overall order."""
    is_final: bool
    """As the overall standings (``Standings.is_final``)."""

    @property
    def members(self) -> int:
        return len(self.rows)

    _by_player: dict[StartNo, CategoryStanding] = field(
        default_factory=dict, init=False, repr=False, compare=False)
    """``rows`` by start number, made at the first ``row`` call: every player page asks
    every category, so a scan each time made the pages cost players x members."""

    def row(self, start_no: StartNo) -> CategoryStanding | None:
        if not self._by_player and self.rows:
            self._by_player.update((r.start_no, r) for r in self.rows)
        return self._by_player.get(start_no)


def category_standings(category: Category, standings: Standings, *,
                       first_day: datetime.date | None) -> CategoryStandings:
    """``standings`` filtered to the members of ``category``: the overall order kept (C.07
    ranks once), places counted again from 1 within the category."""
    members = category_members(category, standings.tournament, first_day=first_day)
    kept = [r for r in standings.rows if r.player.start_no in members]
    rows: list[CategoryStanding] = []
    index = 0
    while index < len(kept):
        # Members sharing one overall place (rank, rank_to) are consecutive in the order.
        end = index + 1
        while end < len(kept) and kept[end].rank == kept[index].rank:
            end += 1
        for row in kept[index:end]:
            rows.append(CategoryStanding(
                start_no=row.player.start_no, place=index + 1, place_to=end,
                overall_rank=row.rank, overall_rank_to=row.rank_to, points=row.points))
        index = end
    return CategoryStandings(category=category, rows=tuple(rows), is_final=standings.is_final)


def categories_of(player: StartNo, categories: Sequence[CategoryStandings]
                  ) -> tuple[tuple[Category, CategoryStanding], ...]:
    """The categories ``player`` ranks in, with their row, in the order given ("2nd in U16"
    on the player page)."""
    return tuple((c.category, row) for c in categories if (row := c.row(player)) is not None)


__all__ = [
    "UNTITLED", "AgeCondition", "AgeReference", "Category",
    "CategoryStanding", "CategoryStandings", "Condition", "Exclusion", "ExclusionReason",
    "FederationCondition", "RatingCondition", "RatingList", "Sex", "SexCondition",
    "StartNumberCondition", "TitleCondition", "categories_of",
    "category_members", "category_standings", "exclusion",
]
