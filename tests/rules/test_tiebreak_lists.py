"""The rules of an announced tie-break list, the same wherever the list is written.

``event.yml``'s ``tiebreaks``, TRF record 212 (or 202) and ``--tiebreaks`` on the command
line accept and refuse exactly the same lists with exactly the same words; only the place
named differs. The event is tests/test_trf_broken.BASE: 4 players, 3 rounds (XXR 3).
Columns are counted by hand in each list's text.
"""

from __future__ import annotations

import pytest

from tests.reading.test_events import make_event
from tests.reading.test_trf_broken import BASE, changed

SETTINGS_PREFIX = "tiebreaks: "  # the list starts at column 12 of event.yml's line 1
TRF_PREFIX = "212 "  # the list starts at column 5 of the TRF's line 4 (after 092)

# id: (list text, 0-based offset in the text where the diagnostic points, message) ; a
# message of None: accepted.
LISTS = {
    "cut-as-large-as-the-rounds": (
        "BH/C3, SB", 3,
        "'BH/C3' cuts 3 values but the event has 3 rounds: nothing is left to compare "
        "(C.07 14.1-14.2); expected at most /C2 with 3 rounds"),
    "cut-larger-than-the-rounds": (
        "SB, BH/C9", 7,
        "'BH/C9' cuts 9 values but the event has 3 rounds: nothing is left to compare "
        "(C.07 14.1-14.2); expected at most /C2 with 3 rounds"),
    "cut-written-with-a-hyphen": (
        "SB-C3", 3,
        "'SB-C3' cuts 3 values but the event has 3 rounds: nothing is left to compare "
        "(C.07 14.1-14.2); expected at most /C2 with 3 rounds"),
    "progressive-scores-cut": (
        "PS/C4", 3,
        "'PS/C4' cuts 4 values but the event has 3 rounds: nothing is left to compare "
        "(C.07 14.1-14.2); expected at most /C2 with 3 rounds"),
    "median-removing-every-round": (
        "BH/M2", 3,
        "'BH/M2' removes 4 values (the 2 lowest and the 2 highest) but the event has "
        "3 rounds: nothing is left to compare (C.07 14.3-14.4); expected at most /M1 with "
        "3 rounds"),
    "points-not-first": (
        "BH, PTS", 4,
        "'PTS' can only come first; expected tie-breaks after points"),
    "same-code-twice": (
        "BH, SB, BH", 8,
        "'BH' is listed twice: a tie-break listed again cannot separate the players it "
        "left tied (C.07 4.2); expected each tie-break once (only DE may come again, "
        "C.07 4.3)"),
    "same-code-in-another-spelling": (
        "BH/C1, bh-c1", 7,
        "'bh-c1' is listed twice (as 'BH/C1' before): a tie-break listed again cannot "
        "separate the players it left tied (C.07 4.2); expected each tie-break once (only "
        "DE may come again, C.07 4.3)"),
    "an-alias-of-a-code-listed": (
        "REP, GE", 5,
        "'GE' is listed twice (as 'REP' before): a tie-break listed again cannot separate "
        "the players it left tied (C.07 4.2); expected each tie-break once (only DE may "
        "come again, C.07 4.3)"),
    "forty-one-codes": (
        ", ".join(["DE"] * 41), 4 * 40,
        "41 tie-breaks listed, more than an announced order can use; expected at most 40"),
    "a-code-repeated-after-blanks": (
        "BH SB BH", 6,
        "'BH' is listed twice: a tie-break listed again cannot separate the players it "
        "left tied (C.07 4.2); expected each tie-break once (only DE may come again, "
        "C.07 4.3)"),
    "points-later-after-blanks": (
        "SB  PTS", 4,
        "'PTS' can only come first; expected tie-breaks after points"),
    "points-first-then-the-largest-cut": ("PTS, BH/C2, BH/M1, SB", 0, None),
    "codes-separated-by-blanks": ("PTS BH  SB,DE", 0, None),
    "direct-encounter-again-after-another-criterion": ("DE, BH, DE", 0, None),
    "a-cut-and-the-uncut-value-are-two-codes": ("BH, BH/C1, SB/C1, SB", 0, None),
    "forty-codes": (", ".join(["DE"] * 40), 0, None),
}


@pytest.mark.parametrize(("text", "offset", "message"), LISTS.values(), ids=LISTS.keys())
def test_event_yml_tiebreaks(tmp_path, run, text, offset, message):
    make_event(tmp_path, "e", settings=f"{SETTINGS_PREFIX}{text}\n")
    result = run("check", "e")
    if message is None:
        assert (result.exit_code, result.stderr) == (0, ""), result.output
        return
    column = len(SETTINGS_PREFIX) + offset + 1
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [f"e/event.yml:1:{column}: {message}",
                                          "standings check: 1 error"]


@pytest.mark.parametrize(("text", "offset", "message"), LISTS.values(), ids=LISTS.keys())
def test_trf_record_212(tmp_path, run, text, offset, message):
    make_event(tmp_path, "e", changed(3, "092 Swiss Dutch", f"092 Swiss Dutch\n{TRF_PREFIX}{text}"))
    result = run("check", "e")
    if message is None:
        assert (result.exit_code, result.stderr) == (0, ""), result.output
        return
    column = len(TRF_PREFIX) + offset + 1
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [f"e/tournament.trf:4:{column}: {message}",
                                          "standings check: 1 error"]


@pytest.mark.parametrize(("text", "offset", "message"), LISTS.values(), ids=LISTS.keys())
def test_command_line_tiebreaks(tmp_path, run, text, offset, message):
    make_event(tmp_path, "e")
    result = run("rank", "e", "--tiebreaks", text)
    if message is None:
        assert (result.exit_code, result.stderr) == (0, ""), result.output
        return
    assert result.exit_code == 2
    assert result.stderr.splitlines()[-1] == f"Error: Invalid value for '--tiebreaks': {message}"


def test_trf_record_202_follows_the_same_rules(tmp_path, run):
    make_event(tmp_path, "e", changed(3, "092 Swiss Dutch", "092 Swiss Dutch\n202 SB, SB"))
    result = run("check", "e")
    assert result.stderr.splitlines() == [
        "e/tournament.trf:4:9: 'SB' is listed twice: a tie-break listed again cannot separate "
        "the players it left tied (C.07 4.2); expected each tie-break once (only DE may come "
        "again, C.07 4.3)",
        "standings check: 1 error"]


def test_the_bound_of_a_cut_is_the_announced_number_of_rounds(tmp_path, run):
    """total_rounds: 5 announces five rounds; after three, BH/C4 still leaves one value."""
    make_event(tmp_path, "e", settings="total_rounds: 5\ntiebreaks: [BH/C4, BH/M2]\n")
    assert run("check", "e").stderr == ""
    assert run("rank", "e", "--tiebreaks", "SB/C4 BH/M2").exit_code == 0
    assert run("rank", "e", "--tiebreaks", "SB/C5").stderr.splitlines()[-1] == (
        "Error: Invalid value for '--tiebreaks': 'SB/C5' cuts 5 values but the event has "
        "5 rounds: nothing is left to compare (C.07 14.1-14.2); expected at most /C4 with "
        "5 rounds")


# BASE cut to its first k rounds, the points column counted by hand (round 1: 1 beats 4
# and 2 beats 3; round 2: 1-2 and 3-4 are draws) and the rank column left blank.
POINTS_AFTER = {1: ("1.0", "1.0", "0.0", "0.0"), 2: ("1.5", "1.5", "0.5", "0.5")}


def first_rounds(k: int) -> str:
    lines = BASE.splitlines()
    players = [line[:80] + f"{points:>4}" + " " * 5 + line[89:99 + 10 * (k - 1)]
               for line, points in zip(lines[4:], POINTS_AFTER[k], strict=True)]
    return "\n".join([*lines[:3], f"XXR {k}", *players]) + "\n"


@pytest.mark.parametrize(("rounds", "code", "expected"), [
    (1, "BH/C1", "expected no cut with 1 round"),
    (2, "BH/C2", "expected at most /C1 with 2 rounds"),
    (2, "BH/M1", "expected no median with 2 rounds"),
])
def test_what_a_short_event_allows_is_said(tmp_path, run, rounds, code, expected):
    make_event(tmp_path, "e", first_rounds(rounds))
    assert run("check", "e").stderr == ""
    result = run("rank", "e", "--tiebreaks", code)
    assert result.exit_code == 2
    assert result.stderr.splitlines()[-1].endswith(f"; {expected}")


def test_a_median_of_a_longer_event_says_how_far_it_may_go(tmp_path, run):
    make_event(tmp_path, "e", settings="total_rounds: 5\n")
    assert run("rank", "e", "--tiebreaks", "BH/M3").stderr.splitlines()[-1].endswith(
        "; expected at most /M2 with 5 rounds")


def test_thousands_of_codes_give_one_diagnostic(tmp_path, run):
    codes = ", ".join(f"ARO/U{1000 + k}" for k in range(5000))
    make_event(tmp_path, "e", settings=f"{SETTINGS_PREFIX}{codes}\n")
    result = run("check", "e")
    # the 41st code starts after 40 codes of 9 characters and their 40 ", " separators
    assert result.stderr.splitlines() == [
        f"e/event.yml:1:{len(SETTINGS_PREFIX) + 40 * 11 + 1}: 5000 tie-breaks listed, more "
        "than an announced order can use; expected at most 40",
        "standings check: 1 error"]


def test_a_one_round_event_keeps_a_default_list_without_an_impossible_cut(tmp_path):
    """The default Swiss list starts with BH/C1; after one round it would leave nothing."""
    from generator.reading.events import read_event

    event = read_event(make_event(tmp_path, "e", first_rounds(1)))
    assert [s.code for s in event.tiebreaks.specs] == ["BH", "DE", "SB", "WIN", "BPG", "TPN"]
    assert event.warnings == ()


def test_a_trf_list_of_codes_not_computed_here_is_a_warning_naming_five(tmp_path, run):
    """Pairing programs write team tie-breaks and their own codes: the default list is used,
    and the warning stays one line however many there are."""
    codes = "PTS, BH, EDEC, MPvGP, XX1, XX2, XX3, XX4, XX5"
    make_event(tmp_path, "e", changed(3, "092 Swiss Dutch", f"092 Swiss Dutch\n212 {codes}"))
    result = run("check", "e")
    assert result.exit_code == 0
    assert result.stderr.splitlines() == [
        "e/tournament.trf:4:14: warning: record 212 lists tie-breaks this program does not "
        "compute ('EDEC', 'MPvGP', 'XX1', 'XX2', 'XX3' and 2 more); the default list is used "
        "instead; expected individual C.07 codes, or a 'tiebreaks' list in event.yml"]


# C.07 Art. 8 (2026 edition): the Buchholz family must not be used in a round robin; the
# 2024 edition allowed it, and a Swiss event is never concerned. One predicate
# (notation.round_robin_refusal) for the three lists and for the note on a value computed
# anyway; each source is asked the same cases.
# id: (edition, round robin?, code, refused?)
ART8 = {
    "buchholz-cut-in-a-round-robin-2026": ("2026", True, "BH/C1", True),
    "aob-in-a-round-robin-2026": ("2026", True, "AOB", True),
    "fore-buchholz-in-a-round-robin-2026": ("2026", True, "FB", True),
    "sonneborn-berger-in-a-round-robin-2026": ("2026", True, "SB", False),
    "buchholz-in-a-round-robin-2024": ("2024", True, "BH", False),
    "buchholz-in-a-swiss-2026": ("2026", False, "BH", False),
}
ART8_TITLES = {"BH/C1": "Buchholz", "AOB": "Average of Opponents' Buchholz",
               "FB": "Fore Buchholz", "BH": "Buchholz"}


def _art8_message(code: str) -> str:
    return (f"{code!r} ({ART8_TITLES[code]}) must not be used in a round robin under the 2026 "
            "edition (C.07 Art. 8); expected a tie-break such as DE, SB, WIN or KS")


def _art8_trf(round_robin: bool) -> str:
    return changed(3, "Swiss Dutch", "Round Robin") if round_robin else BASE


@pytest.mark.parametrize(("edition", "round_robin", "code", "refused"), ART8.values(),
                         ids=ART8.keys())
def test_art8_in_event_yml(tmp_path, run, edition, round_robin, code, refused):
    # "tiebreaks: [DE, " is 16 characters: the code starts in column 17 of line 2
    make_event(tmp_path, "e", _art8_trf(round_robin),
               settings=f"edition: {edition}\ntiebreaks: [DE, {code}]\n")
    result = run("check", "e")
    if refused:
        assert result.exit_code == 1
        assert result.stderr.splitlines()[0] == f"e/event.yml:2:17: {_art8_message(code)}"
    else:
        assert result.exit_code == 0, result.output
        assert "Art. 8" not in result.stderr


@pytest.mark.parametrize(("edition", "round_robin", "code", "refused"), ART8.values(),
                         ids=ART8.keys())
def test_art8_in_trf_record_212(tmp_path, run, edition, round_robin, code, refused):
    # BASE has 8 lines: the record is line 9, "212 PTS, DE, " puts the code in column 14
    make_event(tmp_path, "e", _art8_trf(round_robin) + f"212 PTS, DE, {code}\n",
               settings=f"edition: {edition}\n")
    result = run("check", "e")
    if refused:
        assert result.exit_code == 1
        assert result.stderr.splitlines()[0] == f"e/tournament.trf:9:14: {_art8_message(code)}"
    else:
        assert result.exit_code == 0, result.output
        assert "Art. 8" not in result.stderr


@pytest.mark.parametrize(("edition", "round_robin", "code", "refused"), ART8.values(),
                         ids=ART8.keys())
def test_art8_in_command_line_tiebreaks(tmp_path, run, edition, round_robin, code, refused):
    make_event(tmp_path, "e", _art8_trf(round_robin), settings=f"edition: {edition}\n")
    result = run("rank", "e", "--tiebreaks", f"DE {code}")
    if refused:
        assert result.exit_code == 2
        assert result.stderr.splitlines()[-1] == (
            f"Error: Invalid value for '--tiebreaks': {_art8_message(code)}")
    else:
        assert result.exit_code == 0, result.output
        assert "Art. 8" not in result.stderr


@pytest.mark.parametrize(("edition", "round_robin", "code", "refused"), ART8.values(),
                         ids=ART8.keys())
def test_art8_note_on_a_value_computed_anyway(tmp_path, edition, round_robin, code, refused):
    """The engine computes what it is given; the value then says Art. 8 forbids it."""
    from generator.model import Edition
    from generator.reading.events import read_event
    from generator.rules.explain import NoteKind
    from generator.rules.notation import parse_tiebreak
    from generator.rules.ranking import compute_standings

    event = read_event(make_event(tmp_path, "e", _art8_trf(round_robin)))
    standings = compute_standings(event.competitors, [parse_tiebreak(code)], Edition(edition))
    kinds = {note.kind for row in standings.rows for note in row.values[code].notes}
    assert (NoteKind.FORBIDDEN_IN_ROUND_ROBIN in kinds) is refused


# C.07 Art. 10: with unrated players present and no rating announced for them (the code's
# /U or event.yml's unrated_rating), the rating tie-breaks are dropped for everyone. The
# check's warning and the engine's dropping are one rule (context.ratings_undefined).
# id: (code, an unrated player?, event.yml, dropped?)
ART10 = {
    "aro-with-an-unrated-player": ("ARO", True, "", True),
    "rating-with-an-unrated-player": ("RTNG", True, "", True),
    "aro-with-a-rating-in-the-code": ("ARO/U1000", True, "", False),
    "aro-with-a-rating-in-event-yml": ("ARO", True, "unrated_rating: 1000\n", False),
    "aro-when-everyone-is-rated": ("ARO", False, "", False),
    "sonneborn-berger-with-an-unrated-player": ("SB", True, "", False),
}


@pytest.mark.parametrize(("code", "unrated", "settings", "dropped"), ART10.values(),
                         ids=ART10.keys())
def test_art10_the_warning_is_what_the_engine_drops(tmp_path, code, unrated, settings,
                                                     dropped):
    from generator.reading.events import read_event
    from generator.site.event_standings import standings_for_event

    trf = changed(8, "1800", "    ") if unrated else BASE
    event = read_event(make_event(tmp_path, "e", trf, settings=f"{settings}tiebreaks: [{code}]\n"))
    warned = [str(w) for w in event.warnings if "is dropped for everyone" in str(w)]
    assert len(warned) == dropped
    assert standings_for_event(event).dropped == ((code,) if dropped else ())
