"""A series' standings: each person's results across the season, which count, the total,
the order, and what each can still reach.

The points of each result come from ``series_points.py``; here the season is read:

- which results count (:class:`Counting`): the best N, all but the worst K when every event
  was played, a minimum of events to be ranked, a final event that always counts;
- the order (:class:`SeriesTie`): the total, then the series' own tie rules in their order,
  then a shared place;
- who is ranked: members only, and the results of too few rounds scoring nothing
  (``series_points.score_event``);
- categories: a category's table is the series read again over the results its members
  scored in it (by the player's category at each event, or at their first);
- during the season, the most each person can still reach (:func:`reach`), and who can no
  longer be caught.

Nothing here words anything; the site words the typed records.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal
from enum import StrEnum

from generator.rules.series_points import (
    ZERO,
    Bonuses,
    EventResult,
    EventScore,
    EventTies,
    PointsRule,
    SeriesEvent,
    best_per_event,
    score_event,
)


class SeriesTie(StrEnum):
    """What separates two persons on equal totals, in the order the series gives."""

    BEST_RESULT = "best_result"
    """The better best single result."""
    MORE_EVENTS = "more_events"
    """More events played."""
    MORE_WINS = "more_wins"
    """More games won, over every event played."""


class DropReason(StrEnum):
    NOT_AMONG_BEST = "not-among-best"
    """Beyond the best N that count."""
    WORST_DROPPED = "worst-dropped"
    """Every event played: the worst K are dropped."""


class CategoryBy(StrEnum):
    """Where a player who changes category during the season (a rating band, an age) is
    scored."""

    EACH_EVENT = "each_event"
    """Each result counts in the categories the player met at that event."""
    FIRST_EVENT = "first_event"
    """The categories met at the player's first event of the season hold all season (Chess
    Scotland's Grand Prix keeps a player in the section of the season's start)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Counting:
    best: int | None = None
    """How many results count; None: all."""
    drop_worst: int = 0
    """A person who played every event held drops this many of their worst results."""
    minimum: int = 0
    """Events a person must have played to be ranked."""
    final: str | None = None
    """The event (its folder's name) whose result always counts, as one of the best N."""


@dataclass(frozen=True, slots=True, kw_only=True)
class SeriesRules:
    points: PointsRule
    ties: EventTies = EventTies.TIEBREAKS
    counting: Counting = field(default_factory=Counting)
    bonuses: Bonuses = field(default_factory=Bonuses)
    series_ties: tuple[SeriesTie, ...] = ()
    min_rounds_percent: Decimal = ZERO
    """A result of fewer than this share of the event's rounds scores nothing."""
    members: frozenset[str] | None = None
    """The persons who may be ranked (their keys); None: everyone."""


@dataclass(frozen=True, slots=True, kw_only=True)
class SeriesResult:
    event: str
    """The event's folder name."""
    score: EventScore
    counted: bool
    dropped: DropReason | None = None

    @property
    def points(self) -> Decimal:
        return self.score.points


@dataclass(frozen=True, slots=True, kw_only=True)
class SeriesRow:
    person: str
    rank: int | None
    """None: not ranked (too few events)."""
    rank_to: int | None
    total: Decimal
    results: tuple[SeriesResult, ...]
    """In the season's order of events."""
    decided_by: SeriesTie | None = None
    """What put this person ahead of the next one on an equal total."""
    reach: Decimal | None = None
    """The most the total can still become in the events to come (None: unknown)."""
    cannot_be_caught: bool = False
    """Nobody below (nor anyone who has not played yet) can reach this total any more."""

    @property
    def counted(self) -> tuple[SeriesResult, ...]:
        return tuple(r for r in self.results if r.counted)

    @property
    def events_played(self) -> int:
        return len(self.results)

    @property
    def best_result(self) -> Decimal:
        return max((r.points for r in self.results), default=ZERO)

    @property
    def wins(self) -> int:
        return sum(r.score.result.wins for r in self.results)


@dataclass(frozen=True, slots=True, kw_only=True)
class SeriesStandings:
    rules: SeriesRules
    events: tuple[str, ...]
    """Every event of the season in its order, held or to come."""
    held: tuple[str, ...]
    rows: tuple[SeriesRow, ...]
    """Ranked first, in order; then the persons not ranked, by total."""
    newcomer_reach: Decimal | None = None
    """The most someone who has played no event yet can still reach."""

    @property
    def is_final(self) -> bool:
        return len(self.held) == len(self.events)

    @property
    def remaining(self) -> int:
        return len(self.events) - len(self.held)


def counted_indexes(points: Sequence[Decimal], *, counting: Counting,
                    final_index: int | None, played_every_event: bool
                    ) -> tuple[frozenset[int], DropReason | None]:
    """Which of a person's results count (their indexes), and why the others do not. The
    best first; among equal points the earlier result counts. The final's result (at
    ``final_index``) always counts, as one of the best N."""
    others = sorted((i for i in range(len(points)) if i != final_index),
                    key=lambda i: (-points[i], i))
    fixed = 0 if final_index is None else 1
    keep = len(others)
    reason: DropReason | None = None
    if counting.best is not None and counting.best - fixed < keep:
        keep, reason = max(0, counting.best - fixed), DropReason.NOT_AMONG_BEST
    if counting.drop_worst and played_every_event:
        after_drop = max(0, len(points) - counting.drop_worst - fixed)
        if after_drop < keep:
            keep, reason = after_drop, DropReason.WORST_DROPPED
    kept = set(others[:keep])
    if final_index is not None:
        kept.add(final_index)
    return frozenset(kept), reason


def _row_results(person_scores: Sequence[tuple[str, EventScore]], rules: SeriesRules,
                 held: int) -> tuple[Decimal, tuple[SeriesResult, ...]]:
    points = [score.points for _, score in person_scores]
    final_index = next((i for i, (slug, _) in enumerate(person_scores)
                        if slug == rules.counting.final), None)
    kept, reason = counted_indexes(points, counting=rules.counting, final_index=final_index,
                                   played_every_event=len(person_scores) == held)
    results = tuple(SeriesResult(event=slug, score=score, counted=i in kept,
                                 dropped=None if i in kept else reason)
                    for i, (slug, score) in enumerate(person_scores))
    return sum((r.points for r in results if r.counted), ZERO), results


def _tie_key(row: SeriesRow, tie: SeriesTie) -> Decimal | int:
    if tie is SeriesTie.BEST_RESULT:
        return row.best_result
    if tie is SeriesTie.MORE_EVENTS:
        return row.events_played
    return row.wins


def _order_key(row: SeriesRow, ties: Sequence[SeriesTie]) -> tuple[Decimal | int, ...]:
    return (-row.total, *(-_tie_key(row, tie) for tie in ties))


Keep = Callable[[EventResult], bool]


def series_standings(events: Sequence[SeriesEvent], rules: SeriesRules, *,
                     keep: Callable[[str, EventResult], bool] | None = None
                     ) -> SeriesStandings:
    """The standings of the season ``events`` (in the season's order; those not ``held``
    still to come). ``keep(person, result)``: the results a category's table reads (every
    result scored in its whole event first: the others' places are still places)."""
    held = [event for event in events if event.held]
    by_person: dict[str, list[tuple[str, EventScore]]] = {}
    for event in held:
        min_rounds = math.ceil(rules.min_rounds_percent * event.rounds / 100)
        for score in score_event(event, rules.points, rules.ties, rules.bonuses,
                                 min_rounds=min_rounds):
            person = score.result.person
            if rules.members is not None and person not in rules.members:
                continue
            if keep is not None and not keep(person, score.result):
                continue
            by_person.setdefault(person, []).append((event.slug, score))
    rows = []
    for person, scores in by_person.items():
        total, results = _row_results(scores, rules, len(held))
        rows.append(SeriesRow(person=person, rank=None, rank_to=None, total=total,
                              results=results))
    to_come = [event for event in events if not event.held]
    knowable = all(best_per_event(rules.points, rules.bonuses, weight=event.weight) is not None
                   for event in to_come)
    reach_of = {row.person: reach(row, to_come, rules, len(held)) for row in rows}
    newcomer = reach(None, to_come, rules, len(held))
    ranked = [row for row in rows if row.events_played >= rules.counting.minimum]
    unranked = [row for row in rows if row.events_played < rules.counting.minimum]
    ordered = sorted(ranked, key=lambda row: (_order_key(row, rules.series_ties), row.person))
    placed: list[SeriesRow] = []
    index = 0
    while index < len(ordered):
        end = index + 1
        key = _order_key(ordered[index], rules.series_ties)
        while end < len(ordered) and _order_key(ordered[end], rules.series_ties) == key:
            end += 1
        for row in ordered[index:end]:
            placed.append(_placed(row, index + 1, end, ordered[end] if end < len(ordered)
                                  else None, rules.series_ties))
        index = end
    final_rows: list[SeriesRow] = []
    for position, row in enumerate(placed):
        chasers = [reach_of[other.person] for other in (*placed[position + 1:], *unranked)]
        if to_come:
            chasers.append(newcomer)
        # A chaser without a reach can no longer be ranked at all.
        safe = knowable and all(chaser is None or chaser < row.total for chaser in chasers)
        # Only a row that nobody above shares a place with can be out of reach.
        final_rows.append(_with(row, reach=reach_of[row.person],
                                cannot_be_caught=safe and row.rank == row.rank_to))
    final_rows.extend(_with(row, reach=reach_of[row.person])
                      for row in sorted(unranked, key=lambda row: (-row.total, row.person)))
    return SeriesStandings(rules=rules, events=tuple(event.slug for event in events),
                           held=tuple(event.slug for event in held), rows=tuple(final_rows),
                           newcomer_reach=newcomer if to_come else None)


def _placed(row: SeriesRow, rank: int, rank_to: int, below: SeriesRow | None,
            ties: Sequence[SeriesTie]) -> SeriesRow:
    decided_by = None
    if below is not None and below.total == row.total and rank == rank_to:
        decided_by = next((tie for tie in ties if _tie_key(row, tie) != _tie_key(below, tie)),
                          None)
    return _with(row, rank=rank, rank_to=rank_to, decided_by=decided_by)


def _with(row: SeriesRow, **changes: object) -> SeriesRow:
    return replace(row, **changes)  # type: ignore[arg-type]


def reach(row: SeriesRow | None, to_come: Sequence[SeriesEvent], rules: SeriesRules,
          held: int) -> Decimal | None:
    """The most ``row``'s total can become if its person scores the most one can in every
    event to come (``row`` None: a person who has played nothing yet); None when they can
    no longer play the minimum of events, or the rule cannot say what an event to come is
    worth (game points)."""
    best = []
    for event in to_come:
        most = best_per_event(rules.points, rules.bonuses, weight=event.weight)
        if most is None:
            return None
        best.append((event.slug, most))
    played = [(r.event, r.points) for r in row.results] if row is not None else []
    every = [*played, *best]
    points = [p for _, p in every]
    final_index = next((i for i, (slug, _) in enumerate(every)
                        if slug == rules.counting.final), None)
    kept, _reason = counted_indexes(points, counting=rules.counting, final_index=final_index,
                                    played_every_event=len(every) == held + len(to_come))
    if len(every) < rules.counting.minimum:
        return None
    return sum((points[i] for i in kept), ZERO)


def category_keep(name: str, by: CategoryBy, events: Sequence[SeriesEvent]
                  ) -> Callable[[str, EventResult], bool]:
    """The results of the category ``name``'s table: each result whose player met it at
    that event, or every result of a player who met it at their first event."""
    if by is CategoryBy.EACH_EVENT:
        return lambda _person, result: name in result.categories
    first: dict[str, frozenset[str]] = {}
    for event in events:
        for result in event.results:
            first.setdefault(result.person, result.categories)
    return lambda person, _result: name in first.get(person, frozenset())


__all__ = [
    "CategoryBy", "Counting", "DropReason", "SeriesResult", "SeriesRow", "SeriesRules",
    "SeriesStandings", "SeriesTie", "category_keep", "counted_indexes", "reach",
    "series_standings",
]
