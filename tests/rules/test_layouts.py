"""Every catalogue entry says how its value is derived (notation.Layout, issue 24), and
the engine's parts are what that layout says they are.

The player page and ``standings explain`` lay a derivation out by its layout alone (no
list of acronyms), so a wrong layout would show SB's products as a plain sum or Koya's
points as opponents' scores: the checks below hold every layout to the parts of real
corpus events.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal

import pytest
from conftest import CORPUS_TRF
from kit import teamcorpus

from generator.model import Edition
from generator.reading.events import read_event
from generator.rules.explain import CutReason, Explained, Standings
from generator.rules.notation import CATALOGUE, Layout, TiebreakInfo
from generator.rules.ranking import GROUP_ORDERS, compute_standings


@pytest.mark.parametrize("acronym", sorted(CATALOGUE))
def test_every_catalogue_entry_has_a_layout(acronym: str) -> None:
    info = CATALOGUE[acronym]
    assert isinstance(getattr(info, "layout", None), Layout), acronym
    # An alias is another name for the same tie-break (GE is REP): laid out alike.
    assert info.layout is info.canonical.layout


def test_every_layout_is_used() -> None:
    assert {info.layout for info in CATALOGUE.values()} == set(Layout)


def test_the_group_orders_are_the_engines() -> None:
    """The tie-breaks the engine applies to a tied group (rules/ranking.py) are the ones
    laid out as the order of a group: their value is a place, not a number to add."""
    laid_out = {a for a, info in CATALOGUE.items() if info.layout is Layout.GROUP_ORDER}
    assert laid_out == set(GROUP_ORDERS)


def _uncut(explained: Explained) -> list[Decimal]:
    return [part.value for part in explained.parts if part.cut is None]


def _products(explained: Explained) -> bool:
    # 9.1, 13.2: each element is the opponent's (counted) score times the round's points.
    return all(part.counted_score is not None and part.points is not None
               and part.value == part.counted_score * part.points
               for part in explained.parts if part.cut is not CutReason.NOT_COUNTED)


def _points_against(explained: Explained) -> bool:
    # 9.2: each element is the points scored against an opponent, whose score decides
    # whether it counts.
    return all(part.points is not None and part.value == part.points
               and part.counted_score is None and part.opponent_score is not None
               for part in explained.parts)


def _count(explained: Explained) -> bool:
    # Art. 7.1-7.4, 7.6 on an individual event: each round counts once or not at all.
    return all(part.value in (0, 1) and part.counted_score is None
               for part in explained.parts)


def _running_total(explained: Explained) -> bool:
    # 7.5: the score after each round, which never goes down.
    values = [part.value for part in explained.parts]
    return values == sorted(values) and all(part.counted_score is None
                                            for part in explained.parts)


def _sum(explained: Explained) -> bool:
    return explained.total is not None and explained.total == sum(_uncut(explained), Decimal(0))


_MEANS: dict[Layout, Callable[[Explained], bool]] = {
    Layout.PRODUCT: _products,
    Layout.POINTS_AGAINST: _points_against,
    Layout.COUNT: _count,
    Layout.RUNNING_TOTAL: _running_total,
    Layout.SUM: _sum,
}


def _held_to_layouts(standings: Standings) -> list[str]:
    problems = []
    checked = set()
    for row in standings.rows:
        for spec in standings.specs:
            info: TiebreakInfo = spec.info
            means = _MEANS.get(info.layout)
            explained = row.values[spec.written]
            if means is None or not explained.parts:
                continue
            checked.add(info.layout)
            if not means(explained):
                problems.append(f"{spec.written} of {row.player.start_no} is no "
                                f"{info.layout.value}: {explained.parts}")
    assert checked, "no derivation with parts"
    return problems


def test_an_individual_events_parts_are_what_their_layouts_say() -> None:
    event = read_event(CORPUS_TRF / "synth-club-byes.trf")
    standings = compute_standings(
        event.competitors, ["BH/C1", "BH", "FB", "SB", "SB/C1", "KS", "PS", "PS/C1", "WIN",
                            "WON", "BPG", "BWG", "REP", "GE"], Edition.FIDE_2026_03)
    assert not _held_to_layouts(standings)


def test_a_team_events_parts_are_what_their_layouts_say() -> None:
    teams = teamcorpus.team_event("bbp-team-299-all.trf")
    standings = compute_standings(teams, ["MPVGP", "EMMSB", "EMGSB", "EGMSB", "EGGSB", "BC"],
                                  Edition.FIDE_2026_03)
    assert not _held_to_layouts(standings)


def test_a_wrong_layout_is_caught() -> None:
    """The checks above can fail: SB's parts are no count, Koya's no products, Buchholz's
    no points against an opponent, Progressive Scores' no running total of scores."""
    event = read_event(CORPUS_TRF / "synth-club-byes.trf")
    standings = compute_standings(event.competitors, ["SB", "KS", "BH", "WIN"],
                                  Edition.FIDE_2026_03)
    rows = standings.rows
    assert not all(_count(row.values["SB"]) for row in rows)
    assert not all(_products(row.values["KS"]) for row in rows)
    assert not all(_points_against(row.values["BH"]) for row in rows)
    assert not all(_running_total(row.values["BH"]) for row in rows)
    assert not all(_products(row.values["WIN"]) for row in rows)
