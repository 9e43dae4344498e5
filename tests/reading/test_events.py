"""Event folders: one TRF, optional event.yml and notes.md; what wins over what.

The tournament is the hand-checked four-player BASE of test_trf_broken.py.
"""

from __future__ import annotations

import datetime

import pytest

from generator.errors import StandingsError
from generator.model import Edition, ResultCode, RoundKind
from generator.reading.events import TiebreakSource, load_tournament, read_event, read_events
from tests.reading.test_trf_broken import BASE, changed

ROUND_ROBIN = changed(3, "Swiss Dutch", "Round Robin")


def make_event(root, slug, trf=BASE, settings=None, notes=None, trf_name="tournament.trf"):
    folder = root / slug
    folder.mkdir(parents=True)
    (folder / trf_name).write_text(trf, encoding="utf-8")
    if settings is not None:
        (folder / "event.yml").write_text(settings, encoding="utf-8")
    if notes is not None:
        (folder / "notes.md").write_text(notes, encoding="utf-8")
    return folder


def messages(caught):
    return [str(d) for d in caught.value.diagnostics]


def test_a_folder_with_only_a_trf_file_uses_every_default(tmp_path):
    event = read_event(make_event(tmp_path, "club-open"))
    assert event.slug == "club-open"
    assert event.tournament.name == "Test Open"
    assert event.edition is Edition.FIDE_2026_03  # 042 2026/03/14 is after 1 March 2026
    assert event.tiebreaks.source is TiebreakSource.DEFAULT
    assert [s.code for s in event.tiebreaks.specs] == ["BH/C1", "BH", "DE", "SB", "WIN", "BPG",
                                                       "TPN"]
    assert event.notes is None
    assert event.warnings == ()


def test_the_default_list_under_the_2024_edition_leaves_out_2026_codes(tmp_path):
    event = read_event(make_event(tmp_path, "e", changed(2, "2026/03/14", "2025/03/14")))
    assert event.edition is Edition.FIDE_2024_08
    assert [s.code for s in event.tiebreaks.specs] == ["BH/C1", "BH", "DE", "SB", "WIN", "BPG"]


def test_settings_override_the_file(tmp_path):
    folder = make_event(tmp_path, "e", settings=(
        "title: Spring Open\nstart_date: 2025-05-01\ntotal_rounds: 5\n"
        "tiebreaks: [SB, BH]\n"), notes="Hello *all*.\n")
    event = read_event(folder)
    assert event.tournament.name == "Spring Open"
    assert event.edition is Edition.FIDE_2024_08  # from the event.yml start date
    assert (event.tournament.total_rounds, event.tournament.rounds_played) == (5, 3)
    assert event.tournament.player(1).result(4).kind is RoundKind.NOT_PLAYED_YET
    assert event.tiebreaks.source is TiebreakSource.SETTINGS
    assert event.tiebreaks.positions == ((str(folder / "event.yml"), 4, 13),
                                         (str(folder / "event.yml"), 4, 17))
    assert event.notes == "Hello *all*.\n"


def test_settings_scoring_is_used_for_the_points_check(tmp_path):
    folder = make_event(tmp_path, "e", settings="scoring: 3-1-0\n")
    event = read_event(folder)
    # Player 1 under 3-1-0: two wins and a draw = 7, the file says 2.5.
    assert str(event.warnings[0]) == (
        f"{folder / 'tournament.trf'}:5:81: warning: points column says 2.5 but the results "
        "add up to 7.0 under 3-1-0 scoring (event.yml); expected 7.0, or a 'scoring' entry "
        "in event.yml")


def test_buchholz_in_a_round_robin_under_2026_is_an_error_at_the_code(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    # "tiebreaks: [DE, SB, BH/C1]": the code starts in column 21.
    make_event(tmp_path, "rr", ROUND_ROBIN, settings="tiebreaks: [DE, SB, BH/C1]\n")
    with pytest.raises(StandingsError) as caught:
        read_event("rr")
    assert messages(caught) == [
        "rr/event.yml:1:21: 'BH/C1' (Buchholz) must not be used in a round robin under the "
        "2026 edition (C.07 Art. 8); expected a tie-break such as DE, SB, WIN or KS"]


def test_buchholz_in_a_round_robin_is_allowed_under_2024(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    make_event(tmp_path, "rr", ROUND_ROBIN, settings="edition: 2024\ntiebreaks: [BH]\n")
    event = read_event("rr")
    assert event.tournament.is_round_robin
    assert [s.code for s in event.tiebreaks.specs] == ["BH"]


def test_buchholz_from_record_202_in_a_round_robin_points_at_the_record(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    make_event(tmp_path, "rr", ROUND_ROBIN + "202 DE,SB, FB\n")  # FB in column 12
    with pytest.raises(StandingsError) as caught:
        read_event("rr")
    assert messages(caught) == [
        "rr/tournament.trf:9:12: 'FB' (Fore Buchholz) must not be used in a round robin under "
        "the 2026 edition (C.07 Art. 8); expected a tie-break such as DE, SB, WIN or KS"]


def test_record_212_comes_before_202_and_settings_before_both(tmp_path):
    trf = BASE + "202 SB\n212 PTS,DE,WIN\n"
    assert [s.code for s in read_event(make_event(tmp_path, "a", trf)).tiebreaks.specs] == [
        "DE", "WIN"]
    assert read_event(make_event(tmp_path, "b", trf)).tiebreaks.source is TiebreakSource.TRF_212
    settings = read_event(make_event(tmp_path, "c", trf, settings="tiebreaks: KS\n"))
    assert [s.code for s in settings.tiebreaks.specs] == ["KS"]


def test_notes_in_both_places_is_an_error(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    make_event(tmp_path, "e", settings="title: X\nnotes: inline\n", notes="file\n")
    with pytest.raises(StandingsError) as caught:
        read_event("e")
    assert messages(caught) == [
        "e/event.yml:2:8: notes given both in event.yml and in notes.md; "
        "expected one of the two"]


def test_a_folder_needs_exactly_one_trf_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "empty").mkdir()
    make_event(tmp_path, "two")
    (tmp_path / "two" / "other.trf").write_text(BASE)
    (tmp_path / "two" / "event.yml").write_text("")
    with pytest.raises(StandingsError) as caught:
        read_event("empty")
    assert messages(caught) == [
        "empty: no .trf file in this event folder; expected exactly one TRF file per event "
        "folder"]
    with pytest.raises(StandingsError) as caught:
        read_event("two")
    assert messages(caught) == [
        "two: more than one .trf file in this event folder: other.trf, tournament.trf; "
        "expected exactly one TRF file per event folder"]


def test_read_events_sorts_by_slug_and_reports_all_broken_events_at_once(tmp_path,
                                                                         monkeypatch):
    monkeypatch.chdir(tmp_path)
    make_event(tmp_path / "events", "b-open")
    make_event(tmp_path / "events", "a-open")
    assert [e.slug for e in read_events("events")] == ["a-open", "b-open"]
    make_event(tmp_path / "events", "c-bad", changed(5, "   4 w 1", "   4 x 1"))
    make_event(tmp_path / "events", "d-bad", BASE, settings="titel: X\n")
    with pytest.raises(StandingsError) as caught:
        read_events("events")
    assert [d.location for d in caught.value.diagnostics] == [
        "events/c-bad/tournament.trf:5:97", "events/d-bad/event.yml:1:1"]


def test_settings_and_trf_errors_of_one_event_are_reported_together(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    make_event(tmp_path, "e", changed(5, "   4 w 1", "   4 w Q"), settings="ties: never\n")
    with pytest.raises(StandingsError) as caught:
        read_event("e")
    assert [d.location for d in caught.value.diagnostics] == [
        "e/event.yml:1:7", "e/tournament.trf:5:99"]


def test_a_trf_file_alone_in_its_folder_takes_the_folder_settings(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    make_event(tmp_path, "e", settings="title: From YAML\n")
    event = read_event("e/tournament.trf")
    assert (event.slug, event.tournament.name) == ("e", "From YAML")
    assert load_tournament("e/tournament.trf").name == "From YAML"


def test_a_pairing_without_result_in_the_last_round_is_pending(tmp_path):
    # Round 4 paired (1-2, 3-4), no results yet; the points columns do not count it.
    trf = changed(4, "XXR 3", "XXR 4")
    for line, block in ((5, "   2 w  "), (6, "   1 b  "), (7, "   4 w  "), (8, "   3 b  ")):
        lines = trf.split("\n")
        lines[line - 1] += "  " + block
        trf = "\n".join(lines)
    event = read_event(make_event(tmp_path, "e", trf))
    assert (event.tournament.total_rounds, event.tournament.rounds_played) == (4, 3)
    result = event.tournament.player(1).result(4)
    assert (result.opponent, result.code, result.kind) == (2, ResultCode.PENDING,
                                                           RoundKind.PENDING)
    assert event.warnings == ()


def test_a_2026_code_under_the_2024_edition_is_a_warning(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    make_event(tmp_path, "e", settings="edition: 2024\ntiebreaks: [BH, TPN]\n")
    assert [str(d) for d in read_event("e").warnings] == [
        "e/event.yml:2:17: warning: 'TPN' (Tournament Pairing Number) is new in the 2026 "
        "edition but this event uses the 2024 edition; expected 'edition: 2026' in event.yml, "
        "or another tie-break"]


def test_a_rating_tiebreak_with_unrated_players_and_no_announced_rating_is_a_warning(
        tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    unrated = changed(8, "1800", "    ")  # player 4 has no rating
    make_event(tmp_path, "e", unrated, settings="tiebreaks: [BH, ARO]\n")
    assert [str(d) for d in read_event("e").warnings] == [
        "e/event.yml:1:17: warning: 'ARO' (Average Rating of Opponents) is dropped for "
        "everyone: unrated players take part and no rating is announced for them (C.07 "
        "Art. 10); expected 'unrated_rating: 1000' (or another rating) in event.yml"]
    make_event(tmp_path, "f", unrated, settings="tiebreaks: [BH, ARO]\nunrated_rating: 1000\n")
    assert read_event("f").warnings == ()


HEADER = BASE.replace("092 Swiss Dutch\n", "092 Swiss Dutch\n052 2026/03/16\n022 Bergen\n"
                      "102 IA Trf Arbiter\n")


def test_event_yml_wins_over_the_trf_header_in_the_heading(tmp_path):
    settings = ("title: Club Open\ndates: 2026-04-01 .. 2026-04-03\nplace: Oslo\n"
                "organiser: Oslo Chess Club\narbiter: IA Jane Doe\n")
    event = read_event(make_event(tmp_path, "e", HEADER, settings=settings))
    heading = event.heading
    assert (heading.title, heading.start_date, heading.end_date, heading.place,
            heading.organiser, heading.arbiter) == (
        "Club Open", datetime.date(2026, 4, 1), datetime.date(2026, 4, 3), "Oslo",
        "Oslo Chess Club", "IA Jane Doe")
    tournament = event.tournament  # the same values, not a second choice
    assert (tournament.name, tournament.start_date, tournament.end_date, tournament.city,
            tournament.chief_arbiter) == (
        heading.title, heading.start_date, heading.end_date, heading.place, heading.arbiter)


def test_where_event_yml_is_silent_the_trf_header_gives_the_heading(tmp_path):
    event = read_event(make_event(tmp_path, "e", HEADER, settings="organiser: Club\n"))
    heading = event.heading
    assert (heading.title, heading.start_date, heading.end_date, heading.place,
            heading.organiser, heading.arbiter) == (
        "Test Open", datetime.date(2026, 3, 14), datetime.date(2026, 3, 16), "Bergen",
        "Club", "IA Trf Arbiter")
    assert read_event(make_event(tmp_path, "f", HEADER)).heading.organiser == ""


@pytest.mark.parametrize("trf, settings, title", [
    pytest.param(changed(1, "012 Test Open", "012"), 'title: "   "\n', "club-open-2026",
                 id="blank title in event.yml, no name in 012"),
    pytest.param(changed(1, "012 Test Open", "012"), "title: ''\n", "club-open-2026",
                 id="empty title in event.yml, no name in 012"),
    pytest.param(BASE, 'title: "  "\n', "Test Open", id="blank title in event.yml, 012 named"),
])
def test_an_event_that_no_file_names_shows_its_folder_name(tmp_path, trf, settings, title):
    from generator.site.plan import event_info

    event = read_event(make_event(tmp_path, "club-open-2026", trf, settings=settings))
    assert (event.heading.title, event.tournament.name, event_info(event).title) == (
        title, title, title)


def test_blank_settings_say_nothing_and_the_trf_header_speaks(tmp_path):
    settings = 'place: " "\narbiter: "  "\norganiser: " "\n'
    heading = read_event(make_event(tmp_path, "e", HEADER, settings=settings)).heading
    assert (heading.place, heading.arbiter, heading.organiser) == (
        "Bergen", "IA Trf Arbiter", "")


def test_a_file_without_a_title_is_named_after_its_event_folder(tmp_path):
    """No 012 record and no 'title' in event.yml: the folder's name, not "(untitled)"."""
    from click.testing import CliRunner

    from generator.cli import main
    from generator.site.plan import event_info

    folder = make_event(tmp_path, "club-open-2026", changed(1, "012 Test Open", "012"))
    event = read_event(folder)
    assert event.tournament.name == "club-open-2026"
    assert event_info(event).title == "club-open-2026"
    rank = CliRunner().invoke(main, ["rank", str(folder)])
    assert rank.stdout.splitlines()[0] == "club-open-2026 (3 rounds; C.07 edition 2026)"
    explain = CliRunner().invoke(main, ["explain", str(folder), "1"])
    assert explain.stdout.splitlines()[0] == (
        "Anna Alpha (1), club-open-2026, 3 rounds, C.07 edition 2026")
