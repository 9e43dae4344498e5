"""Festivals (issue 27): a folder with festival.yml and one section folder per event.

Discovery (what is a section, and the errors that name their path), and the settings a
section takes from festival.yml or overrides in its own event.yml, each with the file and
line it was written at. The sections are the hand-checked four-player BASE of
test_trf_broken.py.
"""

from __future__ import annotations

import pytest

from generator.errors import StandingsError
from generator.reading.events import read_event, read_events
from generator.reading.festival import SHARED_KEYS, setting_sources
from generator.reading.settings import EventSettings, parse_settings
from generator.reading.tiebreak_order import TiebreakSource
from tests.reading.test_trf_broken import BASE


def make_festival(root, settings="title: Spring Congress\n", sections=("major", "minor"),
                  name="spring-2026"):
    festival = root / name
    festival.mkdir(parents=True)
    (festival / "festival.yml").write_text(settings, encoding="utf-8")
    for section in sections:
        (festival / section).mkdir()
        (festival / section / "tournament.trf").write_text(BASE, encoding="utf-8")
    return festival


def messages(caught):
    return [str(d) for d in caught.value.diagnostics]


def test_a_festival_folder_is_read_as_its_sections_under_its_address(tmp_path):
    make_festival(tmp_path / "events")
    events = read_events(tmp_path / "events")
    assert [e.slug for e in events] == ["spring-2026/major", "spring-2026/minor"]
    festival = events[0].festival
    assert festival is not None and events[1].festival is festival
    assert festival.sections == ("major", "minor")
    assert festival.labels == {"major": "Major", "minor": "Minor"}
    # The TRF's title (012) would be one name for every section: festival and section.
    assert [e.heading.title for e in events] == ["Spring Congress \u2013 Major",
                                                 "Spring Congress \u2013 Minor"]


def test_a_folder_without_festival_yml_is_an_event_as_before(tmp_path):
    (tmp_path / "events" / "open").mkdir(parents=True)
    (tmp_path / "events" / "open" / "tournament.trf").write_text(BASE, encoding="utf-8")
    (event,) = read_events(tmp_path / "events")
    assert event.slug == "open" and event.festival is None
    assert event.heading.title == "Test Open"


def test_sections_are_listed_in_the_order_and_names_festival_yml_gives(tmp_path):
    make_festival(tmp_path / "events", "sections:\n  - minor: Minor (under 1600)\n  - major\n")
    (first, _) = read_events(tmp_path / "events")
    festival = first.festival
    assert festival is not None
    assert festival.sections == ("minor", "major")
    assert festival.labels["minor"] == "Minor (under 1600)"


def test_a_section_without_a_trf_file_is_an_error_naming_its_folder(tmp_path):
    festival = make_festival(tmp_path / "events")
    (festival / "blitz").mkdir()
    with pytest.raises(StandingsError) as caught:
        read_events(tmp_path / "events")
    assert messages(caught) == [
        f"{festival / 'blitz'}: no .trf file in this festival section; expected the "
        "section's TRF file in its folder (each section of a festival is an event folder)"]


def test_a_trf_file_directly_in_the_festival_folder_is_an_error_naming_it(tmp_path):
    festival = make_festival(tmp_path / "events")
    (festival / "blitz.trf").write_text(BASE, encoding="utf-8")
    with pytest.raises(StandingsError) as caught:
        read_events(tmp_path / "events")
    assert messages(caught) == [
        f"{festival / 'blitz.trf'}: a TRF file directly in a festival folder belongs to no "
        "section; expected it inside its section's folder (one sub-folder per section)"]


def test_a_festival_inside_a_festival_is_an_error_naming_it(tmp_path):
    festival = make_festival(tmp_path / "events")
    make_festival(festival, name="juniors")
    with pytest.raises(StandingsError) as caught:
        read_events(tmp_path / "events")
    assert messages(caught) == [
        f"{festival / 'juniors' / 'festival.yml'}: a festival inside a festival; expected "
        "section folders with a TRF file each, and festival.yml only in the festival's own "
        "folder"]


def test_a_festival_without_sections_is_an_error(tmp_path):
    festival = make_festival(tmp_path / "events", sections=())
    with pytest.raises(StandingsError) as caught:
        read_events(tmp_path / "events")
    assert messages(caught) == [
        f"{festival / 'festival.yml'}: a festival without sections; expected one sub-folder "
        "per section beside festival.yml, each with a .trf file"]


def test_festival_yml_errors_are_at_its_line_and_column_with_did_you_mean(tmp_path):
    festival = make_festival(tmp_path / "events", "title: Congress\ntiebraeks: [BH]\n")
    with pytest.raises(StandingsError) as caught:
        read_events(tmp_path / "events")
    (message,) = messages(caught)
    assert message.startswith(f"{festival / 'festival.yml'}:2:1: unknown setting 'tiebraeks'; "
                              "did you mean 'tiebreaks'?")


def test_festival_yml_is_reported_once_for_all_its_sections(tmp_path):
    make_festival(tmp_path / "events", "edition: 2019\n", sections=("a", "b", "c"))
    with pytest.raises(StandingsError) as caught:
        read_events(tmp_path / "events")
    assert len(messages(caught)) == 1
    assert ":1:10: " in messages(caught)[0]


def test_a_section_named_on_its_own_reads_its_festival_yml(tmp_path):
    festival = make_festival(tmp_path, "place: Bunratty\n")
    event = read_event(festival / "major")
    assert event.slug == "spring-2026/major"
    assert event.heading.place == "Bunratty"


SHARED_VALUES = {
    "place": "Hall A", "organiser": "Club", "arbiter": "IA Jane Doe", "edition": "2024",
    "tiebreaks": "[BH, SB]", "scoring": "3-1-0", "unplayed": "{forfeits_as_played: true}",
    "total_rounds": "5", "encoding": "cp1252", "unrated_rating": "1000",
    "round_robin": "false", "ties": "lots", "lots_seed": "42",
    "team_bye": "{match_points: 2, game_points: 2}",
    "categories": "[{name: Juniors, age: {under: 20}}]",
    "prizes": "{lists: {overall: [100, 50]}}", "rating_change": "{k: 20}",
}
"""A value of each key a section shares, not its default."""


def test_every_shared_key_has_a_value_here():
    assert set(SHARED_VALUES) == set(SHARED_KEYS)


@pytest.mark.parametrize("key", SHARED_KEYS)
def test_every_shared_key_is_inherited_and_overridden_with_its_file_and_line(tmp_path, key):
    value = SHARED_VALUES[key]
    seed = "lots_seed: 7\n" if key == "ties" else ""
    festival = make_festival(tmp_path / "events", f"title: Congress\n{key}: {value}\n{seed}")
    (festival / "minor" / "event.yml").write_text(f"# the Minor's own\n{key}: {value}\n",
                                                  encoding="utf-8")
    # What the same line gives in an event's own event.yml.
    alone = parse_settings(f"{key}: {value}\n{seed}", "event.yml")
    major, minor = read_events(tmp_path / "events")
    for event, path in ((major, festival / "festival.yml"),
                        (minor, festival / "minor" / "event.yml")):
        assert getattr(event.settings, key) == getattr(alone, key) != getattr(
            EventSettings(), key)
        assert event.settings.file_of(key) == str(path)
        assert (key, str(path), 2, len(key) + 3) in setting_sources(event.settings)


def test_a_section_overrides_key_by_key_not_whole_files(tmp_path):
    festival = make_festival(tmp_path / "events",
                             "place: Hall A\ntiebreaks: [BH, SB]\nrating_change: {k: 20}\n")
    (festival / "major" / "event.yml").write_text("tiebreaks: [SB, BH]\n", encoding="utf-8")
    major, minor = read_events(tmp_path / "events")
    assert [t.code for t in major.settings.tiebreaks or ()] == ["SB", "BH"]
    assert [t.code for t in minor.settings.tiebreaks or ()] == ["BH", "SB"]
    assert major.heading.place == minor.heading.place == "Hall A"
    assert major.settings.file_of("place") == str(festival / "festival.yml")
    assert major.settings.file_of("tiebreaks") == str(festival / "major" / "event.yml")


def test_the_tie_break_list_s_source_names_the_file_it_came_from(tmp_path):
    festival = make_festival(tmp_path / "events", "tiebreaks: [BH, SB]\n")
    (festival / "major" / "event.yml").write_text("tiebreaks: [SB, BH]\n", encoding="utf-8")
    major, minor = read_events(tmp_path / "events")
    assert major.tiebreaks.source == TiebreakSource.SETTINGS == "event.yml"
    assert minor.tiebreaks.source == TiebreakSource.FESTIVAL_SETTINGS == "festival.yml"
    assert {path for path, _, _ in minor.tiebreaks.positions} == {
        str(festival / "festival.yml")}


def test_an_inherited_setting_s_error_names_festival_yml(tmp_path):
    # K 30 was never a K of the 2026 edition: checked against each section's players,
    # reported where it is written.
    festival = make_festival(tmp_path / "events", "rating_change: {k: 30}\n",
                             sections=("major",))
    with pytest.raises(StandingsError) as caught:
        read_events(tmp_path / "events")
    (message,) = messages(caught)
    assert message.startswith(f"{festival / 'festival.yml'}:1:20: K 30 ")


def test_a_section_s_prizes_may_name_the_festival_s_categories(tmp_path):
    festival = make_festival(tmp_path / "events",
                             "categories: [{name: Juniors, age: {under: 20}}]\n",
                             sections=("major",))
    (festival / "major" / "event.yml").write_text(
        "prizes: {lists: {Juniors: [Trophy]}}\n", encoding="utf-8")
    (major,) = read_events(tmp_path / "events")
    assert [c.name for c in major.settings.categories] == ["Juniors"]


def test_the_festival_s_own_keys_are_not_a_section_s(tmp_path):
    make_festival(tmp_path / "events", "title: Congress\ndates: 2026-05-01 .. 2026-05-03\n"
                  "notes: Welcome\n", sections=("major",))
    (major,) = read_events(tmp_path / "events")
    assert major.heading.start_date is not None
    assert major.heading.start_date.isoformat() == "2026-03-14"  # the TRF's 042
    assert major.notes is None
    festival = major.festival
    assert festival is not None and festival.notes == "Welcome"


def test_the_festival_s_notes_are_checked_as_an_event_s(tmp_path):
    festival = make_festival(tmp_path / "events", 'notes: "' + "> " * 60 + 'deep"\n',
                             sections=("major",))
    with pytest.raises(StandingsError) as caught:
        read_events(tmp_path / "events")
    (message,) = messages(caught)
    assert message.startswith(f"{festival / 'festival.yml'}:1:")
    assert "nested" in message
