"""series/NAME.yml (issue 28): the smallest file as the issue writes it, every family of
rules, and every refused value at its line and column with a did-you-mean."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from generator.errors import DiagnosticSink
from generator.model import Player, StartNo
from generator.reading.series_files import read_series
from generator.reading.series_settings import SeriesSettings, read_series_settings
from generator.rules.series import CategoryBy, SeriesTie
from generator.rules.series_points import (
    Bonuses,
    EventTies,
    FieldSizeTables,
    GamePoints,
    PercentileBands,
    PlacesTable,
)
from generator.site.series_identity import (
    Likeness,
    identity_keys,
    key_of,
    probable_duplicates,
)

SMALLEST = """\
# series/club-blitz-2026.yml
title: Club blitz 2026
events: [blitz-2026-*]                 # event folder names or globs
points:
  places: [10, 8, 6, 5, 4, 3, 2, 1]    # points by final place in each event; later places score 0
ties: tiebreaks                        # the event's own ranking decides shared places (or: share)
best: 3                                # how many results count
"""

PATH = "series/club-blitz-2026.yml"


def read(text: str) -> tuple[SeriesSettings, list[str]]:
    sink = DiagnosticSink(PATH)
    settings = read_series_settings(text, PATH, sink)
    return settings, [str(d) for d in sink.collected()]


def test_the_smallest_file_of_the_issue_reads_as_written() -> None:
    settings, problems = read(SMALLEST)
    assert problems == []
    assert settings.title == "Club blitz 2026"
    assert [p.written for p in settings.events] == ["blitz-2026-*"]
    assert settings.points == PlacesTable(points=tuple(Decimal(n) for n in (10, 8, 6, 5, 4, 3,
                                                                           2, 1)))
    assert settings.ties is EventTies.TIEBREAKS
    assert settings.counting.best == 3
    assert settings.slug == "club-blitz-2026"


def test_every_family_and_key() -> None:
    text = """\
title: Grand prix
events: [open-*, rapid-1, final]
planned: 6
points:
  by_field_size:
    10: [10, 8, 6]
    20: [15, 12, 10, 8]
  rest: 1
weights: {rapid-*: 5, final: 2}
ties: share
best: 4
drop_worst: 1
minimum: 2
final: final
bonuses: {participation: 1, all_rounds: 0.5, performance: 3}
series_ties: [best_result, more_events, more_wins]
eligibility: {min_rounds: 50%, members: ["Dahl, Erik", "1503014"]}
category_by: first_event
aliases:
  "Haugen, Sofie": ["Haugen, Sofia", "Sofie Haugen"]
"""
    settings, problems = read(text)
    assert problems == []
    assert isinstance(settings.points, FieldSizeTables)
    assert [t.smallest for t in settings.points.tables] == [10, 20]
    assert settings.points.tables[0].table.rest == 1
    assert [(p.written, w) for p, w in settings.weights] == [("rapid-*", 5), ("final", 2)]
    assert settings.ties is EventTies.SHARE
    assert (settings.counting.best, settings.counting.drop_worst, settings.counting.minimum,
            settings.counting.final) == (4, 1, 2, "final")
    assert settings.bonuses == Bonuses(participation=Decimal(1), all_rounds=Decimal("0.5"),
                                       performance_cap=3)
    assert settings.series_ties == tuple(SeriesTie)
    assert settings.min_rounds_percent == 50
    assert settings.members == ("Dahl, Erik", "1503014")
    assert settings.category_by is CategoryBy.FIRST_EVENT
    assert settings.aliases == (("Haugen, Sofie", ("Haugen, Sofia", "Sofie Haugen")),)
    assert settings.planned == 6


@pytest.mark.parametrize(("points", "family"), [
    ("  percentiles: {1: 100, 5: 60, 50: 10}\n  rest: 2", PercentileBands),
    ("  game_points: true", GamePoints),
    ("  game_points: {factor: 2, upper_half: 0.5, winner: 2}", GamePoints),
])
def test_the_other_families(points: str, family: type) -> None:
    settings, problems = read(f"events: [a]\npoints:\n{points}\n")
    assert problems == []
    assert isinstance(settings.points, family)


@pytest.mark.parametrize(("text", "problem"), [
    ("event: [a]\npoints: {places: [1]}\n",
     "series/club-blitz-2026.yml:1:1: unknown setting 'event'; did you mean 'events'?"),
    ("events: [a]\npoints:\n  place: [1]\n",
     "series/club-blitz-2026.yml:3:3: unknown setting 'points.place'; did you mean 'places'?"),
    ("events: [a]\npoints: {places: [1]}\nties: shares\n",
     "series/club-blitz-2026.yml:3:7: 'ties' cannot be 'shares'; did you mean 'share'?"),
    ("events: [a]\npoints: {places: [10, -1]}\n",
     "series/club-blitz-2026.yml:2:23: 'points.places' holds a negative number (-1)"),
    ("events: [a]\npoints: {places: [1], game_points: true}\n",
     "series/club-blitz-2026.yml:2:36: 'points' has both 'places' and 'game_points'"),
    ("events: [a]\npoints: {places: [1]}\nbest: zero\n",
     "series/club-blitz-2026.yml:3:7: 'best' must be a whole number, not text 'zero'"),
    ("events: ['../x']\npoints: {places: [1]}\n",
     "series/club-blitz-2026.yml:1:10: 'events': '../x' is no event folder's name"),
    ("events: [a]\npoints: {places: [1]}\nseries_ties: [more_win]\n",
     "series/club-blitz-2026.yml:3:15: 'series_ties' cannot be 'more_win'; did you mean "
     "'more_wins'?"),
    ("events: [a]\npoints: {places: [1]}\neligibility: {min_rounds: half}\n",
     "series/club-blitz-2026.yml:3:27: 'eligibility.min_rounds' must be a percentage"),
    ("events: [a]\n", "series/club-blitz-2026.yml:1:1: the series has no 'points'"),
])
def test_refused_values_at_their_line_and_column(text: str, problem: str) -> None:
    _settings, problems = read(text)
    assert any(p.startswith(problem) for p in problems), problems


def test_series_folder_beside_events(tmp_path: Path) -> None:
    (tmp_path / "events").mkdir()
    (tmp_path / "series").mkdir()
    (tmp_path / "series" / "club.yml").write_text(SMALLEST, encoding="utf-8")
    (tmp_path / "series" / "bad.yml").write_text("events: [a]\npoints: {places: x}\n",
                                                 encoding="utf-8")
    (tmp_path / "series" / "notes.txt").write_text("not a series", encoding="utf-8")
    series, problems = read_series(tmp_path / "events")
    assert [s.slug for s in series] == ["bad", "club"]
    assert [d.location for d in problems] == [f"{tmp_path / 'series'}/bad.yml:2:18"]


def player(name: str, fide_id: int | None = None, federation: str = "NOR") -> Player:
    return Player(start_no=StartNo(1), name=name, fide_id=fide_id, federation=federation)


def test_identity_by_fide_id_else_name_and_federation_and_aliases() -> None:
    players = [player("Dahl, Erik", 1503014), player("Dahl, Erik Mr", 1503014),
               player("Haugen, Sofie"), player("Haugen, Sofia"), player("Vik, Emil"),
               player("Vik, Emil", federation="SWE"), player("Moen, Jonas"),
               player("Moen, Jonas", 1500000)]
    keys = identity_keys(players, [("Haugen, Sofie", ["Haugen, Sofia"]),
                                   ("Moen, Jonas", [])])
    got = [key_of(p, keys) for p in players]
    assert got[0] == got[1] == "fide-1503014"
    assert got[2] == got[3]
    assert got[4] != got[5]  # two federations: two persons
    # An alias group with a FIDE ID anywhere is that ID's person.
    assert got[6] == got[7] == "fide-1500000"


def test_probable_duplicates_not_joined() -> None:
    found = probable_duplicates({
        "fide-1": ("Dahl, Erik",), "fide-2": ("Dahl, Erik",),
        "name-a": ("Nilsen, Tor",), "name-b": ("Nielsen, Tor",),
        "name-c": ("Lie, Kari",), "name-d": ("Kari, Lie",),
        "name-e": ("Strand, Ola",)})
    assert {(d.first, d.second, d.likeness) for d in found} == {
        ("fide-1", "fide-2", Likeness.SAME_NAME), ("name-a", "name-b", Likeness.ONE_LETTER),
        ("name-c", "name-d", Likeness.WORD_ORDER)}


def test_every_example_file_of_the_readme_reads_without_a_problem() -> None:
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Series and grand prix", 1)[1].split("\n## ", 1)[0]
    blocks = section.split("```yaml\n")[1:]
    assert len(blocks) >= 7
    families = set()
    for block in blocks:
        settings, problems = read(block.split("```", 1)[0])
        assert problems == [], block
        families.add(type(settings.points).__name__)
    assert families == {"PlacesTable", "FieldSizeTables", "PercentileBands", "GamePoints"}
