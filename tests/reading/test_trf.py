"""TRF reading: decoding, fixed columns, header values, scoring, rounds, round robins.

Expected values are read off the TRF text by hand (columns per spec trf.md §2).
"""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest

from generator.errors import Severity, StandingsError
from generator.model import Edition, ResultCode, RoundKind, ScoreSystem
from generator.reading.assembly import build_tournament
from generator.reading.dates import parse_date
from generator.reading.decoding import decode_trf
from generator.reading.events import read_event
from generator.reading.settings import EventSettings
from generator.reading.trf import parse_trf
from generator.rules.ranking import compute_standings
from tests.reading.test_trf_broken import BASE, changed


def tournament_of(text: str, settings: EventSettings | None = None):
    return build_tournament(parse_trf(text, "t.trf"), settings)


# --- decoding ------------------------------------------------------------------------------

def test_utf8_with_a_bom_is_read_without_the_bom_and_without_a_warning():
    text, warnings = decode_trf("\ufeff012 Café\n".encode(), "t.trf")
    assert (text, warnings) == ("012 Café\n", ())


def test_cp1252_is_read_with_a_warning_naming_the_file():
    text, warnings = decode_trf("012 Café\n".encode("cp1252"), "events/x/t.trf")
    assert text == "012 Café\n"
    assert [str(w) for w in warnings] == [
        "events/x/t.trf:1:8: warning: file is not UTF-8; read as cp1252 (Windows Latin-1); "
        "expected a file saved as UTF-8, or 'encoding: cp1252' in event.yml once the names "
        "read right on the pages"]


def test_the_encoding_event_yml_gives_is_read_without_a_guess(tmp_path):
    # A Czech name in Windows' Central European code page: read as cp1252 it would be
    # "Dvořák" misread as "Dvoøák" without a sound (0xF8 is a letter in both).
    folder = tmp_path / "event"
    folder.mkdir()
    trf = BASE.replace("Alpha, Anna", "Dvořák, Jan", 1)
    assert trf != BASE
    (folder / "tournament.trf").write_bytes(trf.encode("cp1250"))
    guessed = read_event(folder)
    assert [d.message for d in guessed.warnings if d.severity is Severity.WARNING] == [
        "file is not UTF-8; read as cp1252 (Windows Latin-1)"]
    assert "Dvoøák" in guessed.tournament.players[0].name
    (folder / "event.yml").write_text("encoding: windows-1250\n", encoding="utf-8")
    declared = read_event(folder)
    assert not [d for d in declared.warnings if d.severity is Severity.WARNING]
    assert declared.tournament.players[0].name.startswith("Dvořák, Jan")


def test_a_byte_the_declared_encoding_cannot_read_is_an_error_at_the_byte(tmp_path):
    folder = tmp_path / "event"
    folder.mkdir()
    (folder / "tournament.trf").write_bytes("012 Café\n".encode("cp1252"))
    (folder / "event.yml").write_text("encoding: utf-8\n", encoding="utf-8")
    with pytest.raises(StandingsError) as raised:
        read_event(folder)
    assert [str(d) for d in raised.value.diagnostics] == [
        f"{folder / 'tournament.trf'}:1:8: byte 0xE9 is not utf-8, the encoding event.yml "
        "gives; expected the encoding the file was saved in as event.yml's 'encoding'"]


def test_an_encoding_that_is_no_file_encoding_is_refused_at_its_column(tmp_path):
    folder = tmp_path / "event"
    folder.mkdir()
    (folder / "tournament.trf").write_text(BASE, encoding="utf-8")
    (folder / "event.yml").write_text("encoding: rot13\n", encoding="utf-8")
    with pytest.raises(StandingsError) as raised:
        read_event(folder)
    assert str(raised.value.diagnostics[0]).startswith(
        f"{folder / 'event.yml'}:1:11: 'encoding' cannot be 'rot13'; expected 'utf-8' or")


def test_utf16_with_a_byte_order_mark_is_read_with_a_warning():
    text, warnings = decode_trf("012 Café\n".encode("utf-16"), "t.trf")
    assert text == "012 Café\n"
    assert [str(w) for w in warnings] == [
        "t.trf:1:1: warning: file is UTF-16; read as UTF-16; expected a file saved as UTF-8"]


@pytest.mark.parametrize("ending", ["\n", "\r\n", "\r"], ids=["LF", "CRLF", "CR"])
def test_line_endings_and_trailing_blanks_do_not_matter(ending):
    text = ending.join(line + "   " for line in BASE.split("\n"))
    assert tournament_of(text) == tournament_of(BASE)


# --- fixed columns -------------------------------------------------------------------------

def test_player_fields_come_from_their_columns():
    # Field by field: 001, start 5-8, sex 10, title 11-13, name 15-47, rating 49-52,
    # federation 54-56, FIDE ID 58-68, birth 70-79, points 81-84, rank 86-89, rounds from 92.
    line = ("001 " + "  12" + " " + "w" + "WIM" + " " + "Müller-Lüdenscheidt, Anna-Maria".ljust(33)
            + " " + "2215" + " " + "GER" + " " + "    4612345" + " " + "1990/05/17" + " "
            + " 3.5" + " " + "   7" + "  " + "  22 b 1" + "  " + "0000 - H")
    document = parse_trf("012 X\n" + line + "\n", "t.trf")
    player = document.players[0]
    assert (player.start_no, player.sex, player.title, player.name) == (
        12, "w", "WIM", "Müller-Lüdenscheidt, Anna-Maria")
    assert (player.rating, player.federation, player.fide_id, player.birth) == (
        2215, "GER", 4612345, "1990/05/17")
    assert (player.points, player.rank) == (Decimal("3.5"), 7)
    assert [(b.round, b.opponent, b.color, b.result, b.column) for b in player.blocks] == [
        (1, 22, "b", "1", 92), (2, None, "-", "H", 102)]


def test_short_title_forms_and_a_blank_rating_are_understood():
    # synth-round-robin.trf style: sex in column 10, lower-case title 'g' in column 13.
    line = "001    1 m  g Bauer, Katya                           CZE"
    player = parse_trf("012 X\n" + line + "\n", "t.trf").players[0]
    assert (player.sex, player.title, player.rating) == ("m", "GM", None)


def test_unknown_records_are_kept_and_team_records_read():
    text = BASE + "013 Team North                        1    2\nBBW 12\n"
    document = parse_trf(text, "t.trf")
    assert [r.tag for r in document.records][-2:] == ["013", "BBW"]
    assert [(t.name, t.members) for t in document.teams] == [("Team North", (1, 2))]
    assert [str(d) for d in document.diagnostics] == [
        "t.trf:10:1: warning: unknown record type 'BBW' kept but not used; expected a "
        "TRF-16/TRF-26 record such as 001, 012 or XXR"]


def test_trf26_comment_lines_are_skipped():
    text = "### 3456789\n" + BASE
    assert len(parse_trf(text, "t.trf").players) == 4


def test_parse_trf_raises_one_error_listing_every_problem():
    text = changed(6, "2000", "20x0", changed(5, "2100", "21O0"))
    with pytest.raises(StandingsError) as caught:
        parse_trf(text, "t.trf")
    assert [d.location for d in caught.value.diagnostics] == ["t.trf:5:49", "t.trf:6:49"]


# --- header values -------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "day"), [
    ("2026/03/14", datetime.date(2026, 3, 14)),
    ("2026-03-14", datetime.date(2026, 3, 14)),
    ("2026.03.14", datetime.date(2026, 3, 14)),
    ("28. 07. 2005", datetime.date(2005, 7, 28)),    # sklangen-karl-mala-2005.trf
    ("24/09/2010", datetime.date(2010, 9, 24)),      # competichess-gros-2010-r4.trf
    ("May 29, 2020", datetime.date(2020, 5, 29)),    # sklangen-lichess-2020-05.trf
    ("29 May 2020", datetime.date(2020, 5, 29)),
    ("26/04/01", datetime.date(2026, 4, 1)),         # TRF 132 YY/MM/DD
    ("2005", datetime.date(2005, 1, 1)),
    ("2026/13/45", None),
    ("soon", None),
])
def test_dates_as_programs_write_them(text, day):
    assert parse_date(text)[0] == day


def test_a_bare_year_is_read_with_a_warning():
    document = parse_trf(changed(2, "2026/03/14", "2005"), "t.trf")
    assert [str(d) for d in document.diagnostics] == [
        "t.trf:2:5: warning: date '2005': only the year is given; read as 2005-01-01; "
        "expected a full date such as 2026/03/14"]


def test_header_values_reach_the_tournament():
    text = BASE.replace("092 Swiss Dutch\n", "092 Swiss Dutch\n022 Oslo\n102 IA Jane Doe\n"
                        "112 Deputy One\n112 Deputy Two\n122 90 min + 30 s\n")
    tournament = tournament_of(text)
    assert (tournament.name, tournament.city, tournament.start_date) == (
        "Test Open", "Oslo", datetime.date(2026, 3, 14))
    assert (tournament.chief_arbiter, tournament.deputy_arbiters, tournament.time_control) == (
        "IA Jane Doe", ("Deputy One", "Deputy Two"), "90 min + 30 s")


# --- rounds --------------------------------------------------------------------------------

def test_total_rounds_precedence_settings_then_142_then_xxr_then_blocks():
    assert tournament_of(changed(4, "XXR 3", "XXR 5")).total_rounds == 5
    assert tournament_of(changed(4, "XXR 3", "XXR 5") + "142 6\n").total_rounds == 6
    assert tournament_of(changed(4, "XXR 3", "XXR 5"),
                         EventSettings(total_rounds=7)).total_rounds == 7
    assert tournament_of(changed(4, "XXR 3", "012 Again")).total_rounds == 3


def test_rounds_after_the_data_are_not_played_yet():
    tournament = tournament_of(changed(4, "XXR 3", "XXR 5"))
    assert (tournament.total_rounds, tournament.rounds_played) == (5, 3)
    fifth = tournament.player(2).result(5)
    assert (fifth.code, fifth.kind, fifth.opponent) == (ResultCode.NO_DATA,
                                                        RoundKind.NOT_PLAYED_YET, None)


def test_a_missing_block_inside_the_played_rounds_is_an_absence():
    # Player 4's record stops after round 1 (a withdrawal); player 2's round 3 opponent is 4,
    # so give player 2 a zero-point bye there instead.
    text = changed(8, "   1 b 0     3 w =     2 w 0", "   1 b 0")
    text = changed(7, "   4 b =", "0000 - Z", text)
    text = changed(6, "   4 b 1", "0000 - Z", text)
    text = changed(6, " 2.5", " 1.5", changed(7, " 0.5", " 0.0", changed(8, " 0.5", " 0.0",
                                                                       text)))
    tournament = tournament_of(text)
    assert [r.kind for r in tournament.player(4).results] == [
        RoundKind.GAME, RoundKind.ZERO_POINT_BYE, RoundKind.ZERO_POINT_BYE]


@pytest.mark.parametrize(("written", "bye"), [("=", "H"), ("D", "H"), ("1", "F"), ("W", "F"),
                                              ("0", "Z"), ("L", "Z")])
def test_a_game_result_without_an_opponent_counts_as_the_bye_it_states(written, bye):
    # Players 1 and 3 met in round 3; each gets a bye there instead. With the bye's own
    # code, every value (points, Buchholz, SB, ... of every player) is the same.
    def with_byes(code: str) -> str:
        return changed(5, "   3 w 1", f"0000 - {code}", changed(7, "   1 b 0", "0000 - Z"))

    codes = ["BH", "BH/C1", "SB", "FB", "AOB", "WIN", "GE", "PS", "KS", "ARO"]
    read_as = tournament_of(with_byes(written))
    assert read_as.player(1).result(3).kind == tournament_of(with_byes(bye)).player(1) \
        .result(3).kind
    for edition in Edition:
        assert ([(row.player.start_no, row.rank, row.points, row.values.numbers())
                 for row in compute_standings(read_as, codes, edition).rows]
                == [(row.player.start_no, row.rank, row.points, row.values.numbers())
                    for row in compute_standings(tournament_of(with_byes(bye)), codes,
                                                 edition).rows])


# --- scoring -------------------------------------------------------------------------------

def test_scoring_from_record_162():
    text = (changed(5, " 2.5", " 7.0", changed(6, " 2.5", " 7.0", changed(7, " 0.5", " 1.0",
            changed(8, " 0.5", " 1.0")))) + "162  W 3.0    D 1.0    L 0.0\n")
    scoring = tournament_of(text).score_system
    assert (scoring.win, scoring.draw, scoring.loss) == (Decimal(3), Decimal(1), Decimal(0))


def test_scoring_from_xxs():
    text = (changed(5, " 2.5", " 7.0", changed(6, " 2.5", " 7.0", changed(7, " 0.5", " 1.0",
            changed(8, " 0.5", " 1.0")))) + "XXS W=3 D=1\n")
    scoring = tournament_of(text).score_system
    assert (scoring.win, scoring.draw, scoring.forfeit_win) == (Decimal(3), Decimal(1),
                                                                Decimal(3))


def test_three_one_zero_is_inferred_from_the_points_column():
    # Hand count under 3-1-0: players 1 and 2 have two wins and a draw (7), 3 and 4 a draw (1).
    text = changed(5, " 2.5", " 7.0", changed(6, " 2.5", " 7.0", changed(7, " 0.5", " 1.0",
                   changed(8, " 0.5", " 1.0"))))
    tournament = tournament_of(text)
    assert tournament.score_system.label == "3-1-0"


def test_a_pairing_allocated_bye_worth_a_draw_is_inferred():
    # Player 4 gets a PAB ('U') in round 3 instead of losing to 2; player 2 a full-point bye.
    text = changed(8, "   2 w 0", "0000 - U", changed(6, "   4 b 1", "0000 - F"))
    text = changed(8, " 0.5", " 1.0", text)  # 0 + ½ + ½ for the PAB worth a draw
    tournament = tournament_of(text)
    assert tournament.score_system == ScoreSystem(pairing_allocated_bye=Decimal("0.5"))


def test_event_settings_scoring_wins_over_the_file():
    scoring = ScoreSystem(win=Decimal(2), draw=Decimal(1))
    text = BASE + "XXS W=3 D=1\n"
    assert tournament_of(text, EventSettings(scoring=scoring)).score_system == scoring


# --- round robins --------------------------------------------------------------------------

@pytest.mark.parametrize(("header", "expected"), [
    ("092 Swiss Dutch", False),
    ("092 Individual: Round Robin", True),
    ("092 Rundenturnier", True),
    ("092 Berger tables", True),
    ("092 RR", True),
    ("192 FIDE_ROUNDROBIN", True),
    ("192 FIDE_DUTCH_2025", False),
    ("012 nothing said", True),  # 4 players, 3 rounds, everyone met everyone once
])
def test_round_robin_detection(header, expected):
    assert tournament_of(changed(3, "092 Swiss Dutch", header)).is_round_robin is expected


def test_settings_decide_round_robin_first():
    text = changed(3, "092 Swiss Dutch", "092 Round Robin")
    assert not tournament_of(text, EventSettings(round_robin=False)).is_round_robin


def test_a_swiss_with_a_repeated_pairing_is_not_a_round_robin():
    # Without a 092 hint: players 1 and 2 meet in rounds 1 and 2 (3 and 4 likewise), which a
    # single round robin of 4 players in 3 rounds cannot have.
    text = changed(3, "092 Swiss Dutch", "012 nothing said")
    text = changed(5, "   4 w 1     2 b =", "   2 w 1     2 b =", text)
    text = changed(6, "   3 b 1     1 w =", "   1 b 0     1 w =", text)
    text = changed(7, "   2 w 0     4 b =", "   4 w 1     4 b =", text)
    text = changed(8, "   1 b 0     3 w =", "   3 b 0     3 w =", text)
    text = changed(6, " 2.5", " 1.5", changed(7, " 0.5", " 1.5", text))
    assert not tournament_of(text).is_round_robin
