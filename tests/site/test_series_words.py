"""A series' derivation in words (issue 28): the total the page writes is the sum of the
counted results it lists, whatever the season, in every family of rules."""

from __future__ import annotations

import re
from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from generator.reading.series_settings import SeriesSettings
from generator.rules.series import Counting, SeriesRules, series_standings
from generator.rules.series_points import (
    Bonuses,
    EventResult,
    EventTies,
    GamePoints,
    PlacesTable,
    SeriesEvent,
)
from generator.site.language import speaking
from generator.site.series_words import derivation

D = Decimal
RULES = [PlacesTable(points=(D(10), D(8), D(6), D(5)), rest=D(1)),
         PlacesTable(points=(D(10), D(8), D(5))),
         GamePoints(factor=D(2), upper_half=D("0.5"), winner=D(2))]


def _number(text: str) -> Decimal:
    """A number as the English page writes it: 3, 3½, 7.67."""
    whole = text.removesuffix("½")
    return D(whole or "0") + (D("0.5") if text.endswith("½") else D(0))


@settings(max_examples=30, deadline=None, derandomize=True)  # CI-sized
@given(st.lists(st.lists(st.tuples(st.sampled_from("abcdef"), st.integers(0, 14)),
                         min_size=1, max_size=6), min_size=1, max_size=5),
       st.sampled_from(RULES), st.sampled_from(EventTies), st.one_of(st.none(),
                                                                     st.integers(1, 4)),
       st.integers(0, 1), st.sampled_from([D(1), D(2)]), st.booleans())
def test_the_written_total_is_the_sum_of_the_counted_results_written(
        raw: list[list[tuple[str, int]]], rule: object, ties: EventTies, best: int | None,
        drop: int, weight: Decimal, bonus: bool) -> None:
    events = []
    for number, rows in enumerate(raw):
        points = dict(rows)
        ordered = sorted(points.items(), key=lambda item: -item[1])
        results = tuple(EventResult(person=p, place=i + 1, place_to=i + 1,
                                    game_points=D(pts) / 2, rounds_played=5)
                        for i, (p, pts) in enumerate(ordered))
        events.append(SeriesEvent(slug=f"e{number}", rounds=5, results=results,
                                  weight=weight if number == 0 else D(1)))
    bonuses = Bonuses(participation=D(1)) if bonus else Bonuses()
    counting = Counting(best=best, drop_worst=drop)
    rules = SeriesRules(points=rule, ties=ties, counting=counting,  # type: ignore[arg-type]
                        bonuses=bonuses)
    series = SeriesSettings(path="series/s.yml", points=rule,  # type: ignore[arg-type]
                            ties=ties, counting=counting, bonuses=bonuses)
    titles = {event.slug: f"Event {event.slug}" for event in events}
    with speaking("en"):
        for row in series_standings(events, rules).rows:
            said = derivation(row, titles, series)
            written_total, _, rest = said.partition(" = ")
            counted = rest.split("; dropped: ")[0] if rest else ""
            parts = re.findall(r"(?:^|\+ )([0-9½.]+) \(", counted)
            assert _number(written_total.split(":")[0]) == row.total, said
            assert sum((_number(p) for p in parts), D(0)) == row.total, said
            assert len(parts) == len(row.counted), said
