"""event.yml: every value validated, every error at its exact ``event.yml:LINE:COLUMN``.

Columns are counted by hand from the YAML text in each case (1-based).
"""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest

from generator.errors import StandingsError
from generator.model import CapRounds, Edition, ScoreSystem, TieRule, UnplayedOptions
from generator.reading.settings import EventSettings, parse_settings

KEYS = ("title, start_date, end_date, dates, place, organiser, arbiter, edition, tiebreaks, "
        "scoring, unplayed, total_rounds, encoding, unrated_rating, round_robin, ties, "
        "lots_seed, notes, team_bye, categories, prizes, rating_change")
ACRONYMS = ("AOB APPO APRO ARO BBE BC BH BPG BWG DE EDE EDEB EDEBB EDEBT EDET EGGSB EGMSB EMGSB "
            "EMMSB FB GE KS MPVGP PS PTP PTS REP RTNG SB SSSC STD TBR TPN TPR WIN WON")
SCORING_KEYS = ("win, draw, loss, forfeit_win, forfeit_loss, pairing_allocated_bye, "
                "full_point_bye, half_point_bye, zero_point_bye")
YAML_HINT = "expected 'key: value' lines (see the README's settings reference)"
EDITIONS = ("expected '2026' (C.07 in force from 1 March 2026) or '2024' (in force from "
            "1 August 2024)")

BROKEN = {
    "yaml-unclosed-list": (
        "title: [unclosed\n",
        "event.yml:2:1: YAML syntax error: expected ',' or ']', but got '<stream end>' "
        f"(while parsing a flow sequence); {YAML_HINT}"),
    "yaml-bad-indentation": (
        "title: ok\n  bad: indent\n",
        f"event.yml:2:6: YAML syntax error: mapping values are not allowed here; {YAML_HINT}"),
    "yaml-tab": (
        "\tbad: tab\n",
        "event.yml:1:1: YAML syntax error: found character '\\t' that cannot start any token "
        f"(while scanning for the next token); {YAML_HINT}"),
    "not-a-mapping": (
        "- a\n- b\n",
        "event.yml:1:1: event.yml holds a list, not settings; "
        "expected 'key: value' lines such as 'title: Club Open'"),
    "plain-text": (
        "just text\n",
        "event.yml:1:1: event.yml holds text 'just text', not settings; "
        "expected 'key: value' lines such as 'title: Club Open'"),
    "unknown-key": (
        "tiebreak: [BH]\n",
        f"event.yml:1:1: unknown setting 'tiebreak'; did you mean 'tiebreaks'?; "
        f"expected one of {KEYS}"),
    "american-spelling": (
        "title: Open\norganizer: Club\n",
        f"event.yml:2:1: unknown setting 'organizer'; did you mean 'organiser'?; "
        f"expected one of {KEYS}"),
    "duplicate-key": (
        "title: a\ntitle: b\n",
        "event.yml:2:1: setting 'title' given twice (first on line 1); expected each setting once"),
    "rounds-not-a-number": (
        "total_rounds: seven\n",
        "event.yml:1:15: 'total_rounds' must be a whole number, not text 'seven'; "
        "expected a whole number from 1 to 999"),
    "rounds-zero": (
        "total_rounds: 0\n",
        "event.yml:1:15: 'total_rounds' is 0, out of range; expected a whole number from 1 to 999"),
    "unrated-rating-too-high": (
        "unrated_rating: 5000\n",
        "event.yml:1:17: 'unrated_rating' is 5000, out of range; "
        "expected a whole number from 0 to 3500"),
    "round-robin-not-boolean": (
        "round_robin: maybe\n",
        "event.yml:1:14: 'round_robin' must be true or false, not text 'maybe'; "
        "expected true or false"),
    "title-empty": (
        "title:\n",
        "event.yml:1:7: 'title' must be text, not nothing; expected text"),
    "notes-a-list": (
        "notes: [a, b]\n",
        "event.yml:1:8: 'notes' must be text, not a list; expected text"),
    "unknown-tiebreak": (
        "tiebreaks: [BH/C1, BHX]\n",
        f"event.yml:1:20: unknown tie-break 'BHX'; did you mean 'BH'?; expected one of {ACRONYMS}"),
    "unknown-tiebreak-in-a-string": (
        "tiebreaks: BH/C1, SX\n",
        f"event.yml:1:19: unknown tie-break 'SX'; did you mean 'SB'?; expected one of {ACRONYMS}"),
    "unknown-modifier": (
        "tiebreaks: [BH/Q1]\n",
        "event.yml:1:16: unknown modifier 'Q1' for BH; "
        "expected /C1 /C2 (cut), /M1 /M2 (median), /P (forfeits as played)"),
    "modifier-that-does-not-apply": (
        "tiebreaks:\n  - DE/C1\n",
        "event.yml:2:8: modifier 'C1' does not apply to DE; expected /P (forfeits as played)"),
    "cut-and-median-in-a-quoted-string": (
        'tiebreaks: "BH/C1 BH/C1/M1"\n',
        "event.yml:1:19: 'BH/C1/M1' has both a cut and a median; expected one of /Cn or /Mn"),
    "points-not-first": (
        "tiebreaks: [BH, PTS]\n",
        "event.yml:1:17: 'PTS' can only come first; expected tie-breaks after points"),
    "tiebreaks-a-number": (
        "tiebreaks: 3\n",
        "event.yml:1:12: 'tiebreaks' must be a list of codes, not a number '3'; "
        "expected a list such as [BH/C1, BH, SB, DE] or the text 'BH/C1, BH, SB'"),
    "impossible-edition": (
        "edition: 2025\n",
        f"event.yml:1:10: impossible edition '2025'; {EDITIONS}"),
    "edition-a-list": (
        "edition: [2026]\n",
        f"event.yml:1:10: 'edition' must be a year, not a list; {EDITIONS}"),
    "draw-worth-more-than-a-win": (
        "scoring:\n  win: 1\n  draw: 2\n",
        "event.yml:3:9: a draw (2) is worth more than a win (1); expected win >= draw >= loss"),
    "loss-worth-more-than-a-draw": (
        "scoring: {win: 3, draw: 1, loss: 2}\n",
        "event.yml:1:34: a loss (2) is worth more than a draw (1); expected win >= draw >= loss"),
    "negative-points": (
        "scoring:\n  win: 3\n  loss: -1\n",
        "event.yml:3:9: 'scoring.loss' is negative (-1); expected zero or more points"),
    "win-worth-a-loss": (
        "scoring:\n  win: 0\n  draw: 0\n",
        "event.yml:2:8: a win and a loss are both worth 0; expected a win worth more than a loss"),
    "scoring-unknown-key": (
        "scoring: {wins: 3}\n",
        f"event.yml:1:11: unknown setting 'scoring.wins'; did you mean 'win'?; "
        f"expected one of {SCORING_KEYS}"),
    "scoring-not-a-number": (
        "scoring:\n  win: three\n",
        "event.yml:2:8: 'scoring.win' must be a plain number, not text 'three'; "
        "expected a plain number such as 1, 0.5 or 3 (no exponent, at most 9999.999)"),
    "scoring-short-form-incomplete": (
        "scoring: 3-1\n",
        "event.yml:1:10: cannot read scoring '3-1'; "
        "expected '3-1-0' or a mapping with win, draw, loss, ..."),
    "ties-unknown": (
        "ties: random\n",
        "event.yml:1:7: 'ties' cannot be 'random'; expected 'shared' or 'lots'"),
    "lots-without-a-seed": (
        "ties: lots\n",
        "event.yml:1:7: 'ties: lots' needs a published seed; "
        "expected 'lots_seed: <number>' so anyone can redo the draw"),
    "seed-not-a-number": (
        "ties: lots\nlots_seed: abc\n",
        "event.yml:2:12: 'lots_seed' must be a whole number, not text 'abc'; "
        "expected a whole number from 0 to 999999999999999999"),
    "unplayed-not-a-mapping": (
        "unplayed: yes\n",
        "event.yml:1:11: 'unplayed' must be a mapping, not yes/no 'yes'; "
        "expected lines such as 'forfeits_as_played: true' (C.07 16.6)"),
    "unplayed-option-not-boolean": (
        "unplayed:\n  forfeits_as_played: maybe\n",
        "event.yml:2:23: 'unplayed.forfeits_as_played' must be true or false, not text "
        "'maybe'; expected true or false"),
    "unplayed-cap-rounds-unknown": (
        "unplayed:\n  cap_rounds: all\n",
        "event.yml:2:15: 'unplayed.cap_rounds' cannot be 'all'; "
        "expected 'counted' or 'announced'"),
    "unplayed-unknown-option": (
        "unplayed:\n  forfeit_as_played: true\n",
        "event.yml:2:3: unknown setting 'unplayed.forfeit_as_played'; did you mean "
        "'forfeits_as_played'?; expected one of forfeits_as_played, unplayed_as_draw, "
        "vur_cut_first, cap_rounds, absence_is_voluntary"),
    "date-not-a-date": (
        "start_date: tomorrow\n",
        "event.yml:1:13: 'start_date' must be a date, not text 'tomorrow'; "
        "expected a date such as 2026-03-14"),
    "date-not-in-the-calendar": (
        "start_date: 2026-02-30\n",
        "event.yml:1:13: 'start_date': '2026-02-30' is not a day of the calendar; "
        "expected a date such as 2026-03-14"),
    "end-before-start": (
        "start_date: 2026-03-14\nend_date: 2026-03-10\n",
        "event.yml:2:11: end date 2026-03-10 is before the start date 2026-03-14; "
        "expected an end on or after the start"),
    "dates-twice": (
        "dates: 2026-03-14\nstart_date: 2026-03-14\n",
        "event.yml:1:8: 'dates' given together with 'start_date'/'end_date'; "
        "expected either 'dates' or 'start_date'/'end_date'"),
}


@pytest.mark.parametrize(("text", "expected"), BROKEN.values(), ids=BROKEN.keys())
def test_broken_settings_give_the_expected_diagnostic(text, expected):
    with pytest.raises(StandingsError) as caught:
        parse_settings(text, "event.yml")
    assert [str(d) for d in caught.value.diagnostics] == [expected]


def test_every_problem_is_reported_not_only_the_first():
    text = "titel: Open\ntotal_rounds: x\nties: random\n"
    with pytest.raises(StandingsError) as caught:
        parse_settings(text, "events/open/event.yml")
    assert [d.location for d in caught.value.diagnostics] == [
        "events/open/event.yml:1:1", "events/open/event.yml:2:15", "events/open/event.yml:3:7"]


@pytest.mark.parametrize("text", ["", "# nothing set yet\n", "---\n"])
def test_an_empty_file_means_every_default(text):
    settings = parse_settings(text, "event.yml")
    assert settings == EventSettings(path="event.yml")
    assert (settings.edition, settings.tiebreaks, settings.scoring, settings.ties) == (
        None, None, None, TieRule.SHARED)
    assert settings.unplayed == UnplayedOptions()


def test_a_full_settings_file():
    text = """\
title: Anna Club Championship
dates: 2026-03-14 .. 2026-03-16
place: Oslo
organiser: Anna Chess Club
arbiter: IA Jane Doe
edition: 2026
tiebreaks: [PTS, BH/C1, BH-C2, SB, DE]
scoring: {win: 3, draw: 1, loss: 0, pairing_allocated_bye: 1}
unplayed:
  forfeits_as_played: true
  cap_rounds: announced
total_rounds: 7
unrated_rating: 1000
round_robin: false
ties: lots
lots_seed: 20260314
notes: |
  Prize giving at **18:00**.
"""
    settings = parse_settings(text, "event.yml")
    assert settings.title == "Anna Club Championship"
    assert (settings.start_date, settings.end_date) == (
        datetime.date(2026, 3, 14), datetime.date(2026, 3, 16))
    assert (settings.place, settings.organiser, settings.arbiter) == (
        "Oslo", "Anna Chess Club", "IA Jane Doe")
    assert settings.edition is Edition.FIDE_2026_03
    # PTS first is dropped (points always come first); BH-C2 is the Handbook's spelling.
    assert [s.code for s in settings.tiebreaks] == ["BH/C1", "BH/C2", "SB", "DE"]
    assert settings.scoring == ScoreSystem(win=Decimal(3), draw=Decimal(1), loss=Decimal(0),
                                           pairing_allocated_bye=Decimal(1))
    assert settings.unplayed == UnplayedOptions(forfeits_as_played=True,
                                                cap_rounds=CapRounds.ANNOUNCED)
    assert (settings.total_rounds, settings.unrated_rating, settings.round_robin) == (
        7, 1000, False)
    assert (settings.ties, settings.lots_seed) == (TieRule.LOTS, 20260314)
    assert settings.notes == "Prize giving at **18:00**.\n"
    # Positions of each code (after the dropped PTS), counted by hand on line 7.
    assert [settings.positions[f"tiebreaks[{i}]"] for i in range(4)] == [
        (7, 18), (7, 25), (7, 32), (7, 36)]
    # "scoring: {win: 3, draw: 1, loss: 0, pairing_allocated_bye: 1}": the last value is col 60.
    assert settings.positions["scoring.pairing_allocated_bye"] == (8, 60)


def test_scoring_short_form():
    settings = parse_settings("scoring: 3-1-0\n", "event.yml")
    assert settings.scoring == ScoreSystem(win=Decimal(3), draw=Decimal(1), loss=Decimal(0))
    assert settings.scoring.label == "3-1-0"


@pytest.mark.parametrize(("text", "start", "end"), [
    ("start_date: 2026-03-14\n", datetime.date(2026, 3, 14), None),
    ("start_date: '2026/03/14'\nend_date: 2026-03-15\n", datetime.date(2026, 3, 14),
     datetime.date(2026, 3, 15)),
    ("dates: [2026-03-14, 2026-03-16]\n", datetime.date(2026, 3, 14), datetime.date(2026, 3, 16)),
    ("dates: 2026-03-14\n", datetime.date(2026, 3, 14), datetime.date(2026, 3, 14)),
])
def test_dates_forms(text, start, end):
    settings = parse_settings(text, "event.yml")
    assert (settings.start_date, settings.end_date) == (start, end)


def test_tiebreaks_as_text_are_split_on_commas_and_blanks():
    settings = parse_settings("tiebreaks: BH/C1, BH SB\n", "event.yml")
    assert [s.code for s in settings.tiebreaks] == ["BH/C1", "BH", "SB"]
    assert settings.positions["tiebreaks[2]"] == (1, 22)
