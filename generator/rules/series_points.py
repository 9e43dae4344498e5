"""A series' points for one event: what each player's result in it is worth.

A series (a club's monthly blitz, a grand prix circuit) scores each event of its season by
one of a few families of rules, all of them published by organisers:

- :class:`PlacesTable`: points by final place from a fixed table (10-8-6-5-4-3-2-1), later
  places scoring ``rest`` (often 0, sometimes 1 for everyone who played);
- :class:`FieldSizeTables`: the table chosen by the number of players in the event (10-19,
  20-29, ... players);
- :class:`PercentileBands`: a band of points for the top 1 %, 3 %, 5 % ... of the field;
- :class:`GamePoints`: the event's own points, multiplied or transformed (doubled, half a
  point per place in the upper half, a bonus to the winner).

Every family may be weighted per event (standard 10, rapid 5, blitz 1), and every result
may earn :class:`Bonuses`. How tied players of an event share places is :class:`EventTies`.

Nothing here words anything; the site words the typed records.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from enum import StrEnum

ZERO = Decimal(0)


class EventTies(StrEnum):
    """How players who finish an event on equal game points share the places' points."""

    TIEBREAKS = "tiebreaks"
    """The event's own ranking (its tie-breaks) decides; players it leaves sharing a place
    (no tie-break separates them) share the points of the places they occupy equally."""
    SHARE = "share"
    """The tie-breaks ignored: players on equal game points share the points of the places
    they occupy equally (US Chess's Grand Prix: "if two players are tied for first, they
    split the points for first place and second place equally")."""
    BEST_PLACE = "best_place"
    """The tie-breaks ignored: players on equal game points each score the first place of
    their tie (Kāpiti Chess Club: two players sharing first both get 10, the next is third)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class PlacesTable:
    """Points by place: ``points[0]`` to the winner, and so on."""

    points: tuple[Decimal, ...]
    rest: Decimal = ZERO
    """What every later place scores."""

    def at(self, place: int) -> Decimal:
        return self.points[place - 1] if place <= len(self.points) else self.rest

    @property
    def best(self) -> Decimal:
        return max((*self.points, self.rest))


@dataclass(frozen=True, slots=True, kw_only=True)
class FieldSizeTable:
    smallest: int
    """The table applies to an event of at least this many players (up to the next one's)."""
    table: PlacesTable


@dataclass(frozen=True, slots=True, kw_only=True)
class FieldSizeTables:
    """A places table chosen by the event's number of players; an event smaller than the
    smallest table's scores nothing."""

    tables: tuple[FieldSizeTable, ...]
    """Smallest field first."""

    def table_for(self, field_size: int) -> PlacesTable | None:
        chosen = None
        for table in self.tables:
            if field_size >= table.smallest:
                chosen = table.table
        return chosen

    @property
    def best(self) -> Decimal:
        return max(table.table.best for table in self.tables)


@dataclass(frozen=True, slots=True, kw_only=True)
class PercentileBand:
    top_percent: Decimal
    """The band holds the first ``top_percent`` % of the field's places, rounded up: the
    winner is in the smallest band of any field."""
    points: Decimal


@dataclass(frozen=True, slots=True, kw_only=True)
class PercentileBands:
    bands: tuple[PercentileBand, ...]
    """Smallest share first."""
    rest: Decimal = ZERO

    def at(self, place: int, field_size: int) -> Decimal:
        for band in self.bands:
            if place <= band_places(band.top_percent, field_size):
                return band.points
        return self.rest

    @property
    def best(self) -> Decimal:
        return max((*(band.points for band in self.bands), self.rest))


def band_places(top_percent: Decimal, field_size: int) -> int:
    """How many places the top ``top_percent`` % of a field is: rounded up, at least one."""
    return max(1, math.ceil(top_percent * field_size / 100))


@dataclass(frozen=True, slots=True, kw_only=True)
class GamePoints:
    """The event's game points, transformed: ``factor`` x points, plus ``upper_half`` for
    each place a player finished above the lower half (the last place of the upper half
    earns one ``upper_half``, the winner as many as the upper half has places), plus
    ``winner`` to the event's winner(s)."""

    factor: Decimal = Decimal(1)
    upper_half: Decimal = ZERO
    winner: Decimal = ZERO


PointsRule = PlacesTable | FieldSizeTables | PercentileBands | GamePoints


@dataclass(frozen=True, slots=True, kw_only=True)
class Bonuses:
    participation: Decimal = ZERO
    """For every event played."""
    all_rounds: Decimal = ZERO
    """For playing every round of an event."""
    performance_cap: int = 0
    """Seed rank minus final rank, at most this many points (0: no such bonus); never
    negative."""

    @property
    def best(self) -> Decimal:
        return self.participation + self.all_rounds + self.performance_cap


@dataclass(frozen=True, slots=True, kw_only=True)
class EventResult:
    """One player's result in one event, as the event ranked them."""

    person: str
    """The player's key across the series' events."""
    place: int
    place_to: int
    """The last place of a place the event's ranking leaves shared (== place otherwise)."""
    game_points: Decimal
    rounds_played: int
    wins: int = 0
    """Games won."""
    seed: int | None = None
    """Rank in the starting list (for a performance bonus)."""
    categories: frozenset[str] = frozenset()
    """The series' categories the player meets at this event."""


@dataclass(frozen=True, slots=True, kw_only=True)
class SeriesEvent:
    slug: str
    rounds: int
    """The event's rounds."""
    results: tuple[EventResult, ...]
    """In the event's final order (best first); empty for an event still to come."""
    weight: Decimal = Decimal(1)
    held: bool = True
    """False: an event of the season still to come."""

    @property
    def field_size(self) -> int:
        return len(self.results)


class BonusKind(StrEnum):
    PARTICIPATION = "participation"
    ALL_ROUNDS = "all-rounds"
    PERFORMANCE = "performance"


@dataclass(frozen=True, slots=True, kw_only=True)
class EventScore:
    """What one result is worth, and how."""

    result: EventResult
    scored_place: int
    """The place the points were read at (first of the tie under best_place)."""
    scored_place_to: int
    """The last place whose points were shared (== scored_place when none were)."""
    base: Decimal
    """The family's points, before the event's weight."""
    weight: Decimal
    bonuses: tuple[tuple[BonusKind, Decimal], ...] = ()
    too_few_rounds: bool = False
    """Fewer rounds played than the series asks: the result scores nothing."""
    points: Decimal = field(default=ZERO)


def _tie_groups(results: Sequence[EventResult], ties: EventTies) -> list[tuple[int, int]]:
    """Each result's (first, last) place of the places whose points it shares."""
    spans: list[tuple[int, int]] = []
    index = 0
    while index < len(results):
        end = index + 1
        if ties is EventTies.TIEBREAKS:
            while end < len(results) and results[end].place == results[index].place:
                end += 1
        else:
            while end < len(results) and \
                    results[end].game_points == results[index].game_points:
                end += 1
        spans.extend([(index + 1, end)] * (end - index))
        index = end
    return spans


def _base(rule: PointsRule, first: int, last: int, field_size: int,
          result: EventResult) -> Decimal:
    """The family's points for places first..last shared equally (a single place when
    first == last)."""
    if isinstance(rule, GamePoints):
        half = field_size // 2
        points = rule.factor * result.game_points
        if first <= half:
            points += rule.upper_half * (half - first + 1)
        if first == 1:
            points += rule.winner
        return points
    places = range(first, last + 1)
    if isinstance(rule, PlacesTable):
        each = [rule.at(place) for place in places]
    elif isinstance(rule, FieldSizeTables):
        table = rule.table_for(field_size)
        each = [table.at(place) if table is not None else ZERO for place in places]
    else:
        each = [rule.at(place, field_size) for place in places]
    return sum(each, ZERO) / len(each)


def score_event(event: SeriesEvent, rule: PointsRule, ties: EventTies, bonuses: Bonuses,
                *, min_rounds: int = 0) -> tuple[EventScore, ...]:
    """Every result of ``event`` scored by ``rule``, in the event's order. ``min_rounds``:
    a result of fewer rounds played scores nothing (it still holds its place)."""
    spans = _tie_groups(event.results, ties)
    scores = []
    for result, (first, last) in zip(event.results, spans, strict=True):
        if ties is EventTies.BEST_PLACE:
            last = first
        base = _base(rule, first, last, event.field_size, result)
        earned: list[tuple[BonusKind, Decimal]] = []
        if bonuses.participation:
            earned.append((BonusKind.PARTICIPATION, bonuses.participation))
        if bonuses.all_rounds and result.rounds_played >= event.rounds:
            earned.append((BonusKind.ALL_ROUNDS, bonuses.all_rounds))
        if bonuses.performance_cap and result.seed is not None and result.seed > result.place:
            earned.append((BonusKind.PERFORMANCE,
                           Decimal(min(bonuses.performance_cap, result.seed - result.place))))
        too_few = result.rounds_played < min_rounds
        points = ZERO if too_few else base * event.weight + sum(
            (amount for _, amount in earned), ZERO)
        scores.append(EventScore(result=result, scored_place=first, scored_place_to=last,
                                 base=base, weight=event.weight, bonuses=tuple(earned),
                                 too_few_rounds=too_few, points=_plain(points)))
    return tuple(scores)


def _plain(points: Decimal) -> Decimal:
    """A share of places' points as the number it is: three places sharing 10 + 8 + 6 score
    8, two sharing 5 + 4 score 4.5; a share that never ends (a third) is kept to two
    decimals."""
    exponent = points.normalize().as_tuple().exponent
    if isinstance(exponent, int) and exponent < -2:
        return points.quantize(Decimal("0.01"))
    return points


def best_per_event(rule: PointsRule, bonuses: Bonuses, *, weight: Decimal) -> Decimal | None:
    """The most one result can score in an event still to come; None when the rule cannot
    say (game points: neither the rounds nor the field of an event to come are known)."""
    if isinstance(rule, GamePoints):
        return None
    return rule.best * weight + bonuses.best


__all__ = [
    "BonusKind", "Bonuses", "EventResult", "EventScore", "EventTies", "FieldSizeTable",
    "FieldSizeTables", "GamePoints", "PercentileBand", "PercentileBands", "PlacesTable",
    "PointsRule", "SeriesEvent", "band_places", "best_per_event", "score_event",
]
