"""event.yml ``rating_change:``: read with every problem at event.yml:LINE:COLUMN, and
checked against the event (its players, the B.02 edition of its first day)."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest
from kit.crosstable import crosstable

from generator.errors import DiagnosticSink, StandingsError
from generator.model import StartNo
from generator.reading.events import read_event
from generator.reading.rating_settings import check_rating_change, read_rating_change
from generator.reading.settings import compose_settings
from generator.reading.settings_reader import SettingsReader
from generator.rules.rating_change import KRule, KSettings

PATH = "events/open/event.yml"


def read(text: str) -> tuple[KSettings | None, list[str], dict]:
    sink = DiagnosticSink(PATH)
    root = compose_settings(text, sink, file_name="event.yml", too_long="settings",
                            example="'title: Club Open'")
    assert root is not None
    reader = SettingsReader(sink)
    values = reader.mapping(root, "", ("rating_change",))
    settings = read_rating_change(reader, values["rating_change"])
    return settings, [str(d) for d in sink.collected()], dict(reader.positions)


@pytest.mark.parametrize(("text", "expected"), [
    ("rating_change:\n  k: rule\n", KSettings()),
    ("rating_change: {}\n", KSettings()),
    ("rating_change:\n  k: 20\n", KSettings(default=20)),
    ("rating_change:\n  k: {default: 10}\n", KSettings(default=10)),
    ("rating_change:\n  k: {default: rule, players: {12: 40, 7: 10}}\n",
     KSettings(default=KRule.RULE, players={StartNo(12): 40, StartNo(7): 10})),
    ("rating_change:\n  k:\n    players:\n      3: 25\n",
     KSettings(players={StartNo(3): 25})),
])
def test_rating_change_settings_read(text, expected):
    settings, problems, _ = read(text)
    assert problems == []
    assert settings is not None
    assert (settings.default, dict(settings.players)) == (expected.default,
                                                          dict(expected.players))


@pytest.mark.parametrize(("text", "problem"), [
    ("rating_change: 20\n",
     "events/open/event.yml:1:16: 'rating_change' must be a mapping, not a number '20'; "
     "expected 'k: rule' or 'k: 20' (B.02's K for everyone)"),
    ("rating_change:\n  kk: 20\n",
     "events/open/event.yml:2:3: unknown setting 'rating_change.kk'; did you mean 'k'?; "
     "expected one of k"),
    ("rating_change:\n  k: 35\n",
     "events/open/event.yml:2:6: 'rating_change.k': 35 is not a K of B.02; expected 'rule' "
     "(B.02's default rule) or a K of B.02: 40, 30, 25, 20, 15 or 10"),
    ("rating_change:\n  k: rules\n",
     "events/open/event.yml:2:6: 'rating_change.k' cannot be 'rules'; did you mean "
     "'rule'?; expected 'rule' (B.02's default rule) or a K of B.02: 40, 30, 25, 20, 15 "
     "or 10"),
    ("rating_change:\n  k: {defualt: 20}\n",
     "events/open/event.yml:2:7: unknown setting 'rating_change.k.defualt'; did you mean "
     "'default'?; expected one of default, players"),
    ("rating_change:\n  k:\n    players: [12, 40]\n",
     "events/open/event.yml:3:14: 'rating_change.k.players' must be a mapping, not a list; "
     "expected start number: K lines such as '12: 40'"),
    ("rating_change:\n  k:\n    players:\n      twelve: 40\n",
     "events/open/event.yml:4:7: 'rating_change.k.players': text 'twelve' is not a start "
     "number; expected a player's start number (1 to 9999) before the colon"),
    ("rating_change:\n  k:\n    players:\n      0: 40\n",
     "events/open/event.yml:4:7: 'rating_change.k.players': a number '0' is not a start "
     "number; expected a player's start number (1 to 9999) before the colon"),
    ("rating_change:\n  k:\n    players:\n      12: rule\n",
     "events/open/event.yml:4:11: 'rating_change.k.players[12]' must be a K, not text "
     "'rule'; expected a K of B.02: 40, 30, 25, 20, 15 or 10"),
    ("rating_change:\n  k:\n    players:\n      12: 40\n      12: 20\n",
     "events/open/event.yml:5:7: start number 12 given twice in 'rating_change.k.players' "
     "(first on line 4); expected each player once"),
    ("rating_change:\n  k:\n    players:\n      12: yes\n",
     "events/open/event.yml:4:11: 'rating_change.k.players[12]' must be a K, not yes/no "
     "'yes'; expected a K of B.02: 40, 30, 25, 20, 15 or 10"),
])
def test_rating_change_problems_name_the_line_and_column(text, problem):
    _settings, problems, _ = read(text)
    assert problems == [problem]


EVENT = crosstable("""
    1 Anna  2000 | 2w1
    2 Boris -    | 1b0
""")


def check(text: str, day: datetime.date | None) -> list[str]:
    settings, problems, positions = read(text)
    assert problems == [] and settings is not None
    return [str(d) for d in check_rating_change(settings, EVENT, first_day=day, path=PATH,
                                                positions=positions)]


def test_a_start_number_that_is_no_player_is_an_error_where_it_is_written():
    assert check("rating_change:\n  k:\n    players:\n      1: 40\n      9: 20\n",
                 datetime.date(2025, 2, 1)) == [
        "events/open/event.yml:5:7: start number 9 in 'rating_change.k.players' is not a "
        "player of this event; expected a start number from 1 to 2"]


def test_a_k_the_edition_in_force_does_not_know_is_an_error():
    assert check("rating_change:\n  k: {default: 25, players: {1: 15}}\n",
                 datetime.date(2025, 2, 1)) == [
        "events/open/event.yml:2:16: K 25 is not a K of the B.02 edition in force on "
        "2025-02-01 (2024-03); expected 'rule' or 40, 20 or 10",
        "events/open/event.yml:2:30: K 15 for player 1 is not a K of the B.02 edition in "
        "force on 2025-02-01 (2024-03); expected 40, 20 or 10"]
    # The same K were B.02's in 2010.
    assert check("rating_change:\n  k: {default: 25, players: {1: 15}}\n",
                 datetime.date(2010, 9, 24)) == []


def test_a_k_for_an_unrated_player_is_a_warning():
    assert check("rating_change:\n  k:\n    players:\n      2: 40\n",
                 datetime.date(2025, 2, 1)) == [
        "events/open/event.yml:4:7: warning: player 2 is unrated, so the K given has no "
        "use; expected K only for rated players (an unrated player has no rating change)"]


def test_an_event_folder_reports_the_settings_against_its_players(tmp_path):
    """The whole path: event.yml read, the TRF assembled, then the check (the Gros Open
    2010 has 52 players and starts on 24 September 2010: the 2009-07 edition)."""
    root = Path(__file__).resolve().parents[2]
    folder = tmp_path / "gros"
    folder.mkdir()
    (folder / "tournament.trf").write_bytes(
        (root / "events" / "gros-open-2010" / "tournament.trf").read_bytes())
    (folder / "event.yml").write_text("rating_change:\n  k:\n    players: {3: 25, 60: 15}\n",
                                      encoding="utf-8")
    with pytest.raises(StandingsError) as raised:
        read_event(folder)
    assert [str(d) for d in raised.value.diagnostics if d.is_error] == [
        f"{folder / 'event.yml'}:3:22: start number 60 in 'rating_change.k.players' is not a "
        "player of this event; expected a start number from 1 to 52"]
    (folder / "event.yml").write_text("rating_change:\n  k:\n    players: {3: 25}\n",
                                      encoding="utf-8")
    event = read_event(folder)
    assert event.settings.rating_change is not None
    assert dict(event.settings.rating_change.players) == {StartNo(3): 25}
