"""Prize allocation: who gets each prize of the event's prize lists, and why.

event.yml ``prizes:`` gives a prize list per ranking (the overall standings, or a category's)
and the event's rules: one prize per player or not, how ties for money prizes are settled,
the smallest category that gets its prizes, and what a prize nobody can take does.

The result is data: for each prize its recipients with their share, and typed reasons (the
place, the tie broken by which tie-break, the places shared, the players passed over because
they already had a prize). The site words them.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum

from generator.model import StartNo
from generator.rules.categories import Category
from generator.rules.explain import Standings

OVERALL = "overall"
"""The ranking name of the overall standings in ``prizes.lists``."""

MONEY_STEP = Decimal("0.01")
"""Shares of money are paid in whole cents, rounded down; what rounding leaves of a pool is
the award's ``remainder`` (never paid out, so nothing is paid twice)."""


class OnePerPlayer(StrEnum):
    """event.yml ``one_per_player``: may a player take more than one prize?"""

    HIGHEST = "highest"
    """One prize each, the highest one: prizes are given highest amount first (a name prize
    counts below every money prize; equal ones in the order listed)."""
    FIRST_LISTED = "first_listed"
    """One prize each, the first one listed in ``lists`` that the player can take."""
    NO = "no"
    """Every list is awarded on its own: a player may take a prize in several."""


class TieSplit(StrEnum):
    """event.yml ``ties``: how players tied on points settle a money prize."""

    SHARED = "shared"
    """The money of the places they occupy is summed and split equally."""
    HORT = "hort"
    """The Hort system: ``hort_share`` per cent of each place's money is pooled and split
    equally among the tied players, the rest goes by the tie-break order."""
    TIEBREAKS = "tiebreaks"
    """The tie-break order decides, as for the places."""


class Unclaimed(StrEnum):
    """event.yml ``unclaimed``: what a prize nobody can take does."""

    NOT_AWARDED = "not_awarded"
    """It is not awarded (US Chess rule 32C3: no eligible player, no prize)."""
    NEXT_OVERALL = "next_overall"
    """It goes to the best player of the overall standings who can still take a prize."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Prize:
    """One entry of a prize list."""

    ranking: str
    """:data:`OVERALL` or a category's name."""
    position: int
    """1-based place in its list: the prize for the list's position-th place."""
    amount: Decimal | None = None
    """Money in ``PrizeSettings.currency``; None for a name prize."""
    name: str | None = None
    """A prize that is not money ("Trophy"), as written; None for money."""

    @property
    def is_money(self) -> bool:
        return self.amount is not None


@dataclass(frozen=True, slots=True, kw_only=True)
class PrizeSettings:
    """The ``prizes:`` block of event.yml."""

    prizes: tuple[Prize, ...]
    """Every list's prizes in event.yml order: list by list, position by position."""
    currency: str | None = None
    one_per_player: OnePerPlayer = OnePerPlayer.HIGHEST
    ties: TieSplit = TieSplit.SHARED
    hort_share: Decimal = Decimal(50)
    """Per cent of each place's money pooled under :attr:`TieSplit.HORT` (0 to 100)."""
    min_players: int = 1
    """A category's prizes are awarded only when it has at least this many players."""
    unclaimed: Unclaimed = Unclaimed.NOT_AWARDED
    confirmed: bool = False
    """The arbiter has confirmed the list; it stays provisional until then."""

    @property
    def rankings(self) -> tuple[str, ...]:
        """The rankings with a prize list, in the order listed."""
        return tuple(dict.fromkeys(p.ranking for p in self.prizes))

    @property
    def fund(self) -> Decimal:
        """The money of every list together."""
        return sum((p.amount for p in self.prizes if p.amount is not None), Decimal(0))


class AwardReason(StrEnum):
    """Why the recipients of an award get it."""

    PLACE = "place"
    """The player's place: nobody who could take the prize has as many points."""
    TIE_BROKEN = "tie-broken"
    """Tied on points with ``tied_with``; ahead of them by the tie-break ``criterion``."""
    TIE_BY_LOT = "tie-by-lot"
    """Tied after every tie-break; the drawing of lots (C.07 4.2) put the player ahead."""
    TIE_UNBROKEN = "tie-unbroken"
    """Tied after every tie-break and the place shared: a prize that cannot be shared (a
    name prize, or money under ``ties: tiebreaks``) follows the standings' order, which is
    the starting rank."""
    SHARED = "shared"
    """Tied on points: the money of the places they occupy, summed, split equally."""
    HORT = "hort"
    """Tied on points: the Hort system (each keeps part of their place's money, the rest
    pooled and split equally)."""
    UNCLAIMED_TO_OVERALL = "unclaimed-to-overall"
    """Nobody in its ranking could take it (:attr:`Unclaimed.NEXT_OVERALL`): it went to the
    best of the overall standings who could."""


class NotAwardedReason(StrEnum):
    TOO_FEW_PLAYERS = "too-few-players"
    """The category has fewer than ``min_players`` players (``members`` says how many)."""
    NOBODY_ELIGIBLE = "nobody-eligible"
    """Nobody left in the ranking can take it: too few players, or all have a prize."""


class PassReason(StrEnum):
    """Why a player placed ahead of the recipient did not take the prize."""

    HAS_HIGHER = "has-higher"
    """They already have a prize worth more (one per player, the highest)."""
    HAS_EARLIER = "has-earlier"
    """They already have a prize given before this one: listed earlier (one per player,
    the first listed), or equal to it and listed earlier."""


class ProvisionalReason(StrEnum):
    EVENT_NOT_COMPLETE = "event-not-complete"
    """Rounds remain, or results of played rounds are missing (rules/progress.py)."""
    NOT_CONFIRMED = "not-confirmed"
    """The arbiter has not confirmed the list (``confirmed: false``)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Share:
    """What one player receives from one award."""

    start_no: StartNo
    amount: Decimal | None
    """Money received from this award; None for a name prize."""
    place: int
    place_to: int
    """The player's place in the award's ranking (a range when the standings share it)."""
    kept: Decimal | None = None
    """Under Hort: the part of their own place's money kept (``amount - kept`` is their
    equal part of the pool); None otherwise."""


@dataclass(frozen=True, slots=True, kw_only=True)
class PassedOver:
    start_no: StartNo
    reason: PassReason
    kept: Prize
    """The prize they have instead (the first of the award that gave it)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Award:
    """One prize, or the prizes of the places a tie occupies when they are shared."""

    ranking: str
    prizes: tuple[Prize, ...]
    """One prize; under SHARED or HORT the money prizes of the places the tied players
    occupy, in list order."""
    recipients: tuple[Share, ...] = ()
    """In the ranking's order; empty when not awarded."""
    reason: AwardReason | None = None
    """None when not awarded."""
    not_awarded: NotAwardedReason | None = None
    criterion: str | None = None
    """TIE_BROKEN: the tie-break (a ``Standings`` value key such as ``BH:C1``) that put the
    recipient ahead of the next player tied with them."""
    tied_with: tuple[StartNo, ...] = ()
    """TIE_*: the other players tied on points who could take it, in the ranking's order;
    SHARED / HORT: empty (the tied players are the recipients)."""
    passed_over: tuple[PassedOver, ...] = ()
    """Players ahead in the ranking who already had a prize, best first."""
    members: int | None = None
    """TOO_FEW_PLAYERS: the category's players."""
    remainder: Decimal = Decimal(0)
    """Money of the pool that rounding the shares down to :data:`MONEY_STEP` left over."""

    @property
    def amount(self) -> Decimal | None:
        """The money of the award (its prizes together); None for a name prize."""
        money = [p.amount for p in self.prizes if p.amount is not None]
        return sum(money, Decimal(0)) if money else None


@dataclass(frozen=True, slots=True, kw_only=True)
class PrizeAward:
    awards: tuple[Award, ...]
    """Every prize of the settings in exactly one award, in the settings' order."""
    provisional: bool
    provisional_reasons: tuple[ProvisionalReason, ...]
    currency: str | None = None

    def award_of(self, prize: Prize) -> Award:
        return next(a for a in self.awards if prize in a.prizes)

    def won_by(self, start_no: StartNo) -> tuple[tuple[Award, Share], ...]:
        """The awards a player receives something from, with their share."""
        return tuple((a, s) for a in self.awards for s in a.recipients
                     if s.start_no == start_no)

    @property
    def paid(self) -> Decimal:
        """The money given to players, every share together."""
        return sum((s.amount for a in self.awards for s in a.recipients
                    if s.amount is not None), Decimal(0))


def award_prizes(settings: PrizeSettings, standings: Standings,
                 categories: Sequence[Category] = (), *,
                 first_day: datetime.date | None) -> PrizeAward:
    """Who gets each prize of ``settings``, by ``standings`` and the category rankings made
    from them (``categories``: every category a list names; ``first_day``: the day ages are
    taken on)."""
    raise NotImplementedError


__all__ = [
    "MONEY_STEP", "OVERALL", "Award", "AwardReason", "NotAwardedReason", "OnePerPlayer",
    "PassReason", "PassedOver", "Prize", "PrizeAward", "PrizeSettings", "ProvisionalReason",
    "Share", "TieSplit", "Unclaimed", "award_prizes",
]
