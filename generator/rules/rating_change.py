"""FIDE Handbook B.02 (the Rating Regulations): the rating change each player's games in
this event bring, with the arithmetic of every game.

Pure functions over the model; the words for the pages live in site/. The edition of B.02
applied is the one in force on the event's dates (:class:`RatingEdition`).
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from enum import StrEnum
from types import MappingProxyType

from generator.model import StartNo, Tournament


class RatingEdition(StrEnum):
    """The edition of B.02 whose K factors and 400-point rule apply, by the day it took
    effect (the value is that day, year and month)."""

    FIDE_2009_07 = "2009-07"
    """From 1 July 2009: K 25 for a new player, 15 under 2400, 10 once 2400 was reached."""
    FIDE_2024_03 = "2024-03"
    """From 1 March 2024: K 40 for a new player and a junior under 2300, 20 under 2400, 10
    once 2400 was reached; the 400-point rule for every game."""

    @property
    def effective(self) -> datetime.date:
        year, month = self.value.split("-")
        return datetime.date(int(year), int(month), 1)

    @classmethod
    def in_force_on(cls, day: datetime.date | None) -> RatingEdition:
        """The edition in force on ``day``: the newest when the day is unknown, the oldest
        known one for a day before it."""
        editions = sorted(cls, key=lambda e: e.effective)
        if day is None:
            return editions[-1]
        in_force = [e for e in editions if e.effective <= day]
        return in_force[-1] if in_force else editions[0]


class KRule(StrEnum):
    """How K is found when event.yml gives no number for a player."""

    RULE = "rule"
    """B.02's default rule, from the rating, the year of birth and the title."""


@dataclass(frozen=True, slots=True, kw_only=True)
class KSettings:
    """event.yml ``rating_change.k``: K for everyone (the rule or a number) and per player."""

    default: KRule | int = KRule.RULE
    players: Mapping[StartNo, int] = field(default_factory=lambda: MappingProxyType({}))
    """Start number -> the K the arbiter gives that player (it wins over ``default``)."""


DEFAULT_K_SETTINGS = KSettings()


class KSource(StrEnum):
    """Where a player's K comes from."""

    GIVEN = "given"
    """event.yml says it (for this player or for everyone)."""
    RULE = "rule"
    """B.02's default rule, and the file holds everything that rule needs."""
    ESTIMATED = "estimated"
    """B.02's default rule on what the file holds; the TRF carries no game count and no
    rating history, so a new player (under 30 games) or a past 2400 could change it."""


class KReason(StrEnum):
    """Which clause of B.02's K rule gave K (or that event.yml did)."""

    GIVEN_FOR_PLAYER = "given-for-player"
    GIVEN_FOR_EVERYONE = "given-for-everyone"
    JUNIOR = "junior"
    """Until the end of the year of the 18th birthday, while rated under 2300 (K 40)."""
    RATED_2400 = "rated-2400"
    """Rated 2400 or more now, so 2400 was reached (K 10)."""
    UNDER_2400 = "under-2400"
    """Rated under 2400 (K 20; in 2009 K 15), taken as neither new nor once 2400."""
    TITLE_2400 = "title-2400"
    """Rated under 2400 with a title (GM, IM) that asked for 2400 at some time (K 10),
    though the file cannot say the published rating reached it."""
    CAPPED_700 = "capped-700"
    """K x the games would pass 700: K is the largest whole number that keeps within it."""


class NotCounted(StrEnum):
    """Why a round brings no rating change."""

    FORFEIT = "forfeit"
    """Won or lost by forfeit: no game was played."""
    BYE = "bye"
    """No opponent: a bye or an absence."""
    UNRATED_GAME = "unrated-game"
    """Played, but written as not rated (TRF W / D / L: less than one move)."""
    UNRATED_OPPONENT = "unrated-opponent"
    """The opponent has no rating."""
    PENDING = "pending"
    """The result is not known yet."""


class NoChange(StrEnum):
    """Why a player has no rating change at all."""

    UNRATED = "unrated"
    """The player has no rating: a first rating is not a change."""


@dataclass(frozen=True, slots=True, kw_only=True)
class GameRatingChange:
    """One round of one player, rated or with the reason it is not."""

    round: int
    """1-based round number."""
    opponent: StartNo | None
    opponent_rating: int | None
    difference: int | None = None
    """The player's rating minus the opponent's as used, after the 400-point rule (so
    between -400 and 400); None for a round not counted."""
    is_capped_at_400: bool = False
    """The real difference was wider than 400 and counts as 400."""
    expected: Decimal | None = None
    """The player's expected score for this game (B.02 8.1.2 table, two decimals)."""
    result: Decimal | None = None
    """1, 0.5 or 0, whatever the event's own scoring gives a game."""
    change: Decimal | None = None
    """K x (result - expected), unrounded."""
    counted: bool = False
    not_counted: NotCounted | None = None
    """Set when ``counted`` is False."""


@dataclass(frozen=True, slots=True, kw_only=True)
class RatingChange:
    """One player's rating change from this event."""

    start_no: StartNo
    rating: int | None
    """The rating the change is computed from (TRF 001 columns 49-52)."""
    k: int | None
    """None for an unrated player."""
    k_source: KSource | None
    k_reason: KReason | None
    games: tuple[GameRatingChange, ...] = ()
    """Every round that has happened for the player, counted or not, round 1 first."""
    total: Decimal = Decimal(0)
    """The sum of the counted games' changes, unrounded."""
    rounded: int = 0
    """The total rounded to a whole number as B.02 rounds it."""
    no_change: NoChange | None = None
    edition: RatingEdition

    @property
    def counted_games(self) -> int:
        return sum(1 for game in self.games if game.counted)


def rating_changes(tournament: Tournament, k_settings: KSettings = DEFAULT_K_SETTINGS, *,
                   on: datetime.date | None) -> Mapping[StartNo, RatingChange]:
    """Every player's rating change (a team event: pass its ``individual`` tournament),
    under the B.02 edition in force ``on`` that day (the event's first day)."""
    raise NotImplementedError("rating changes: types only so far")


__all__ = ["DEFAULT_K_SETTINGS", "GameRatingChange", "KReason", "KRule", "KSettings",
           "KSource", "NoChange", "NotCounted", "RatingChange", "RatingEdition",
           "rating_changes"]
