"""C.07 Art. 13 team tie-breaks that are scores: MPvGP (13.1), Extended Sonneborn-Berger
(13.2), SSSC (13.4), the Art. 7 counts on game points (boards, Q5), the refusals of the codes
a team event cannot use, and game-points-primary events (11.1).

The hand-worked values below come from the 001 records of the small Swiss of
``tests/reading/test_teams.py`` (each worked out in the comment beside it); the corpus values
are the reference calculator's (``tests/corpus/teams/expected/``), never ours.
"""

from __future__ import annotations

import dataclasses
import json
from decimal import Decimal
from pathlib import Path

import pytest
from conftest import CORPUS

from generator.model import Edition, StartNo, TeamTournament
from generator.reading.events import read_event
from generator.rules.context import TiebreakError
from generator.rules.explain import CountsBoardsNote, SecondaryScoreNote, StrengthCombinationNote
from generator.rules.notation import NotationError, parse_tiebreak, parse_tiebreak_list
from generator.rules.ranking import compute_standings
from tests.reading.test_teams import SWISS, SWISS_PAB, team_trf

D = Decimal
E2024, E2026 = Edition.FIDE_2024_08, Edition.FIDE_2026_03
TEAMS = CORPUS / "teams"

# The Swiss (4 teams x 2 boards, 3 rounds announced), match by match:
#   R1 T1-T2 1 = (1.5 : 0.5, T1 wins), T3-T4 = = (1 : 1)
#   R2 T1-T3 1 0 (1 : 1),               T2-T4 1 1 (2 : 0, T2 wins)
#   R3 T2-T3 0 = (0.5 : 1.5, T3 wins),  T1 PAB (320: 1 MP, 2 GP), T4 absent (Z)
# MP: T1 4, T2 2, T3 4, T4 1.  GP: T1 4.5, T2 3, T3 3.5, T4 1.
# 16.3.2: T4's absence in the last round counts as a drawn match for its opponents:
# adjusted MP 2, adjusted GP 1 + 1 (half of the 2 boards) = 2.


def _swiss(tmp_path: Path, rounds: list[dict[int, object]] = SWISS, *,
           boards: int = 2, teams: int = 4) -> TeamTournament:
    path = tmp_path / "swiss.trf"
    path.write_text(team_trf(boards, teams, rounds) + (SWISS_PAB if rounds is SWISS else ""),
                    encoding="utf-8")
    event = read_event(path)
    assert event.teams is not None
    return event.teams


def _values(teams: TeamTournament, code: str, edition: Edition = E2026
            ) -> dict[int, Decimal | None]:
    standings = compute_standings(teams, [code], edition)
    return {int(row.player.start_no): row.number(code) for row in standings.rows}


# --- MPvGP (13.1) -------------------------------------------------------------------------

def test_mpvgp_is_the_game_points_when_match_points_are_primary(tmp_path):
    teams = _swiss(tmp_path)
    assert _values(teams, "MPvGP") == {1: D("4.5"), 2: D(3), 3: D("3.5"), 4: D(1)}
    explained = compute_standings(teams, ["MPvGP"]).row(StartNo(1)).values["MPvGP"]
    # R1 1.5, R2 1, R3 the PAB's 2.
    assert [p.value for p in explained.parts] == [D("1.5"), D(1), D(2)]
    assert explained.notes == (SecondaryScoreNote(article="13.1", is_game_points=True),)


def test_a_game_points_primary_event_ranks_on_game_points_art_11_1(tmp_path):
    teams = dataclasses.replace(_swiss(tmp_path), game_points_primary=True)
    standings = compute_standings(teams, ["MPvGP", "BH"], E2024)
    assert [(int(r.player.start_no), r.points) for r in standings.rows] == [
        (1, D("4.5")), (3, D("3.5")), (2, D(3)), (4, D(1))]
    # MPvGP is then the match points; the unsuffixed BH reads the game points (as BH:GP:
    # T1 2024: 3 + 3.5 + its own 4.5 for the PAB = 11).
    assert _values(teams, "MPvGP") == {1: D(4), 2: D(2), 3: D(4), 4: D(1)}
    assert _values(teams, "BH", E2024)[1] == D(11) == _values(teams, "BH:GP", E2024)[1]
    # :MP still reads the match points: T1 2024 BH:MP 2 + 4 + its own 4 = 10.
    assert _values(teams, "BH:MP", E2024)[1] == D(10)


# --- Extended Sonneborn-Berger (13.2) --------------------------------------------------------

@pytest.mark.parametrize(("code", "edition", "expected"), [
    # T1: opponents' score (T2, T3, the PAB's dummy) x T1's own score of the round.
    # EMMSB 2024: 2 x 2 + 4 x 1 + 4 (own MP) x 1 = 12; 2026 caps the dummy at 1 x 3 rounds: 11.
    ("EMMSB", E2024, D(12)), ("EMMSB", E2026, D(11)),
    # EMGSB 2024: 2 x 1.5 + 4 x 1 + 4 x 2 = 15; 2026: 3 + 4 + 3 x 2 = 13.
    ("EMGSB", E2024, D(15)), ("EMGSB", E2026, D(13)),
    # EGMSB 2024: 3 x 2 + 3.5 x 1 + 4.5 (own GP) x 1 = 14; 2026: the dummy capped at the GP of
    # a drawn match x 3 rounds = 3: 6 + 3.5 + 3 = 12.5.
    ("EGMSB", E2024, D(14)), ("EGMSB", E2026, D("12.5")),
    # EGGSB 2024: 3 x 1.5 + 3.5 x 1 + 4.5 x 2 = 17; 2026: 4.5 + 3.5 + 3 x 2 = 14.
    ("EGGSB", E2024, D(17)), ("EGGSB", E2026, D(14)),
    ("ESB:MG", E2024, D(15)), ("ESB:GG", E2026, D(14)),
])
def test_extended_sonneborn_berger_by_hand(tmp_path, code, edition, expected):
    assert _values(_swiss(tmp_path), code, edition)[1] == expected


def test_extended_sonneborn_berger_of_the_other_teams(tmp_path):
    # EMMSB: T2 4 x 0 + 2 (T4 adjusted) x 2 + 4 x 0 = 4; T3 2 x 1 + 4 x 1 + 2 x 2 = 10;
    # T4 4 x 1 + 2 x 0 + its absence (dummy x 0 MP) = 4.
    assert _values(_swiss(tmp_path), "EMMSB", E2024) == {1: D(12), 2: D(4), 3: D(10), 4: D(4)}


def test_esb_cut_1_drops_the_lowest_opponent_not_the_smallest_product_14_1_2(tmp_path):
    teams = _swiss(tmp_path)
    # EGGSB of T1 (2024): R1 T2 3 GP x 1.5 = 4.5, R2 T3 3.5 x 1 = 3.5, R3 dummy 4.5 x 2 = 9.
    # The least significant value is the opponent with the lowest GP (T2, 4.5), not the
    # smallest product (3.5): 17 - 4.5 = 12.5.
    standings = compute_standings(teams, ["EGGSB/C1", "EMMSB/C1"], E2024)
    explained = standings.row(StartNo(1)).values["EGGSB/C1"]
    assert explained.value == D("12.5")
    assert [(p.round, p.counted_score, p.points, p.value, p.cut is not None)
            for p in explained.parts] == [
        (1, D(3), D("1.5"), D("4.5"), True), (2, D("3.5"), D(1), D("3.5"), False),
        (3, D("4.5"), D(2), D(9), False)]
    assert explained.parts[2].is_dummy
    # EMMSB/C1 of T1: the lowest opponent is T2 (2 MP): 12 - 4 = 8.
    assert standings.row(StartNo(1)).number("EMMSB/C1") == D(8)


def test_esb_is_uncut_unless_the_code_says_so_q4(tmp_path):
    teams = _swiss(tmp_path)
    assert _values(teams, "EGGSB", E2024)[1] == D(17) != _values(teams, "EGGSB/C1", E2024)[1]


@pytest.mark.parametrize(("code", "message"), [
    ("EMMSB/M1", "median 'M1' does not apply to EMMSB (Extended Sonneborn-Berger, C.07 13.2): "
                 "only its least significant values are defined (14.1.2)"),
    ("ESB:MM/M1", "median 'M1' does not apply to EMMSB"),
    ("ESB", "'ESB' does not say which scores ESB multiplies"),
    ("ESB:XG", "'ESB:XG' does not say which scores ESB multiplies"),
    ("SSSC/K0", "modifier 'K0' is out of range for SSSC"),
    ("MPVGP/C1", "modifier 'C1' does not apply to MPVGP"),
])
def test_codes_that_cannot_be_read(code, message):
    with pytest.raises(NotationError, match=message.replace("(", r"\(").replace(")", r"\)")):
        parse_tiebreak(code)


def test_esb_xy_is_the_same_tie_break_as_its_long_name():
    assert parse_tiebreak("ESB:GM/C1").code == "EGMSB/C1"
    with pytest.raises(NotationError, match="'EMGSB' is listed twice"):
        parse_tiebreak_list("ESB:MG, EMGSB")


# --- SSSC (13.4) ----------------------------------------------------------------------------

def test_sssc_is_the_secondary_score_plus_buchholz_over_k(tmp_path):
    teams = _swiss(tmp_path)
    # K = 2 MP x 3 rounds / (2 boards x 1) = 3. T1: 4.5 GP + BH:MP / 3; BH:MP 2024 is 10,
    # 2026 9 (the PAB's dummy capped at 3): 4.5 + 10/3 and 4.5 + 3.
    value_2024 = _values(teams, "SSSC", E2024)[1]
    assert value_2024 == (3 * D("4.5") + 10) / 3
    assert _values(teams, "SSSC", E2026)[1] == D("7.5")
    note = compute_standings(teams, ["SSSC"], E2024).row(StartNo(1)).values["SSSC"].notes[0]
    assert note == StrengthCombinationNote(
        article="13.4", secondary=D("4.5"), buchholz=D(10), divisor=3, divisor_given=False,
        highest_primary=D(6), highest_secondary=D(2), rounds=3, exact=value_2024,
        shown=D("7.83"))


def test_sssc_with_k_and_fore_buchholz(tmp_path):
    teams = _swiss(tmp_path)
    # /K2: 4.5 + 9 / 2 = 9 (2026).
    assert _values(teams, "SSSC/K2", E2026)[1] == D(9)
    # /F: Fore Buchholz of T2 (2024): its own last game counted as drawn; opponents T1 4
    # (the PAB keeps its point), T4 1 adjusted to 2, T3 counted 1 + 1 + 1 = 3: 9.
    # 3 GP + 9 / 3 = 6, against 3 + 10 / 3 with Buchholz.
    assert _values(teams, "SSSC/F", E2024)[2] == D(6)
    assert _values(teams, "SSSC", E2024)[2] == (3 * 3 + D(10)) / 3


def test_equal_combinations_stay_equal_and_are_exact(tmp_path):
    """13.4 names no rounding: 17.5 + 64/3 and 18.5 + 61/3 are the same value; the reference
    rounds to 0.01 first (R4), which can make two different values equal."""
    teams = _swiss(tmp_path)
    values = _values(teams, "SSSC", E2024)
    # T3: 3.5 + BH:MP (T4 2 + T1 4 + T2 2 = 8) / 3; T2: 3 + 10/3.
    assert values[3] == (3 * D("3.5") + 8) / 3
    assert values[2] != values[3] and round(values[2], 2) != round(values[3], 2)


def test_sssc_with_k_rounding_to_zero_is_refused_q10(tmp_path):
    # 5 boards, 1 round: K = 2 x 1 / 5 = 0.4, rounded down to 0.
    teams = _swiss(tmp_path, [{1: (2, "1=0=1")}], boards=5, teams=2)
    with pytest.raises(TiebreakError, match=r"'SSSC' \(C.07 13.4\) divides by K = 2 \(the most "
                                            r"primary points in 1 rounds\) / 5 \(the most "
                                            "secondary points in one match\\), which rounds "
                                            "down to 0"):
        compute_standings(teams, ["SSSC"])
    # /K1: 3 GP + BH:MP (T2's 0) / 1. (R3: the reference crashes on a Buchholz of 0.)
    assert _values(teams, "SSSC/K1")[1] == D(3)


def test_sssc_k_uses_the_announced_rounds_q8(tmp_path):
    # After round 1 of the 3 announced, K is still 2 x 3 / 2 = 3 (the reference divides by
    # 2 x 1 / 2 = 1, the rounds evaluated). T1 after round 1: 1.5 GP + BH:MP (T2's 0) / 3.
    standings = compute_standings(_swiss(tmp_path), ["SSSC"], after_round=1)
    note = standings.row(StartNo(1)).values["SSSC"].notes[0]
    assert isinstance(note, StrengthCombinationNote)
    assert (note.divisor, note.rounds, note.exact) == (3, 3, D("1.5"))


# --- Art. 7 on game points: boards (Q5) --------------------------------------------------------

@pytest.mark.parametrize(("code", "expected"), [
    # T1 boards: R1 1 and =, R2 1 and 0, R3 the PAB: 2 boards won without playing.
    # T2: R1 0 =, R2 1 1, R3 0 =. T3: R1 = =, R2 0 1, R3 1 =. T4: R1 = =, R2 0 0, R3 absent.
    ("WIN:GP", {1: 4, 2: 2, 3: 2, 4: 0}),
    ("WON:GP", {1: 2, 2: 2, 3: 2, 4: 0}),
    ("STD:GP", {1: D("4.5"), 2: 3, 3: D("3.5"), 4: 1}),
    # The first-listed team of a match has White on board 1: T1 first in R1, R2; T2 first in
    # R2, R3 (second in R1); T3 first in R1 (second in R2, R3); T4 second in R1, R2.
    ("BPG:GP", {1: 2, 2: 3, 3: 3, 4: 2}),
    ("BWG:GP", {1: 0, 2: 1, 3: 1, 4: 0}),
    # Every board of a round the team chose to play; T4's absence has none.
    ("REP:GP", {1: 6, 2: 6, 3: 6, 4: 4}),
])
def test_art_7_on_game_points_counts_boards(tmp_path, code, expected):
    assert _values(_swiss(tmp_path), code) == {team: D(v) for team, v in expected.items()}


def test_art_7_on_match_points_counts_matches(tmp_path):
    # T1 won R1; its PAB is worth a drawn match (1 MP), not a win.
    assert _values(_swiss(tmp_path), "WIN") == {1: 1, 2: 1, 3: 1, 4: 0}
    assert _values(_swiss(tmp_path), "WIN:MP") == {1: 1, 2: 1, 3: 1, 4: 0}


def test_a_game_points_primary_event_counts_boards_unsuffixed(tmp_path):
    teams = dataclasses.replace(_swiss(tmp_path), game_points_primary=True)
    assert _values(teams, "WIN") == {1: 4, 2: 2, 3: 2, 4: 0}
    assert _values(teams, "WIN:MP") == {1: 1, 2: 1, 3: 1, 4: 0}


def test_explain_says_boards_are_counted(tmp_path):
    explained = compute_standings(_swiss(tmp_path), ["WIN:GP"]).row(StartNo(1)).values["WIN:GP"]
    assert [(p.round, p.value) for p in explained.parts] == [(1, 1), (2, 1), (3, 2)]
    assert explained.notes == (CountsBoardsNote(article="13", boards=2),)


# --- what a team event refuses, and what only a team event has ---------------------------------

@pytest.mark.parametrize("code", ["ARO", "TPR", "PTP", "APRO", "APPO", "RTNG", "ARO:MP"])
def test_rating_tiebreaks_are_refused_in_a_team_event_art_10(tmp_path, code):
    with pytest.raises(TiebreakError, match=rf"'{code}' \(.*, C.07 10\.\d\) is a tie-break for "
                                            "individuals: teams have no rating"):
        compute_standings(_swiss(tmp_path), [code])


@pytest.mark.parametrize("code", ["MPvGP", "EMMSB", "ESB:GG/C1", "SSSC/K3"])
def test_team_tiebreaks_are_refused_in_an_individual_event(tmp_path, code):
    with pytest.raises(TiebreakError, match=rf"team tie-break '{code}' \(.*\) applies to team "
                                            "events only; this event has no teams"):
        compute_standings(_swiss(tmp_path).individual, [code])


@pytest.mark.parametrize("code", ["EMMSB:GP", "MPvGP:MP", "SSSC:GP"])
def test_a_points_system_on_a_team_tiebreak_is_refused(tmp_path, code):
    with pytest.raises(TiebreakError, match=rf"'{code}': .* names the scores it reads"):
        compute_standings(_swiss(tmp_path), [code])


def test_check_refuses_them_at_the_list(tmp_path, run):
    from kit.sitekit import make_event

    folder = make_event(tmp_path / "events", "event", TEAMS / "trf" / "crete-poa-2025-fixempty.trf",
                        "tiebreaks: [EMMSB, TPR, SSSC]\n")
    result = run("check", str(folder))
    assert result.exit_code == 1
    assert (f"{folder}/event.yml:1:20: 'TPR' (Tournament Performance Rating, C.07 10.2) is a "
            "tie-break for individuals: teams have no rating") in result.output
    # 10 boards, 4 rounds: K = 8 / 10 rounds down to 0 (Q10).
    assert (f"{folder}/event.yml:1:25: 'SSSC' (C.07 13.4) divides by K = 8 (the most primary "
            "points in 4 rounds) / 10 (the most secondary points in one match), which rounds "
            "down to 0; expected SSSC/K<n> with the K the event's regulations give "
            "(C.07 13.4.2 b)") in result.output


# --- the reference calculator's values (tests/corpus/teams/expected) ---------------------------

SCORE_CODES = ("MPVGP", "EMMSB", "EMGSB", "EGMSB", "EGGSB", "EMMSB/C1", "EGGSB/C1", "SSSC",
               "WIN", "WON", "STD")


@pytest.mark.parametrize("edition", ["2024", "2026"])
def test_markdechamps_round_robin_equals_the_reference(edition):
    expected = json.loads((TEAMS / "expected" / "markdechamps-team-rr.json").read_text())
    teams = read_event(TEAMS / "trf" / "markdechamps-team-rr.trf").teams
    assert teams is not None
    standings = compute_standings(teams, list(SCORE_CODES), Edition(edition))
    for player in expected["players"]:
        row = standings.row(StartNo(player["start_no"]))
        for code in SCORE_CODES:
            reference = D(str(player["values"][edition][code]))
            tolerance = D("0.006") if code == "SSSC" else D(0)
            assert abs(row.number(code) - reference) <= tolerance, (player["start_no"], code)


# --- explanations: standings explain and the tie-break pages -----------------------------------

def test_explain_shows_the_products_and_the_boards(tmp_path, run):
    path = tmp_path / "swiss.trf"
    path.write_text(team_trf(2, 4, SWISS) + SWISS_PAB, encoding="utf-8")
    result = run("explain", str(path), "1", "--tiebreaks", "EGGSB/C1 WIN:GP SSSC",
                 "--edition", "2024")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert "    round  1  Team 2 (2): score 3; x 1.5 points  = 4.5   [cut as the least " \
           "significant value (C.07 14.1)]" in lines
    # The bye's line also says why it counts, in the player page's words (derivation.py).
    assert any(line.startswith("    round  3  pairing-allocated bye: boards counted: 2; ")
               for line in lines)
    assert ("    4.5 + 10 / 3, shown as 7.83 and ranked unrounded: the secondary score plus the "
            "Buchholz on the primary score divided by K, K = 6 (the most primary points in 3 "
            "rounds) / 2 (the most secondary points in one match), rounded down (C.07 13.4)"
            ) in lines


@pytest.mark.parametrize(("code", "page"), [
    ("MPVGP", "mpvgp"), ("EMMSB", "esb"), ("EMGSB", "esb"), ("EGMSB", "esb"), ("EGGSB", "esb"),
    ("SSSC", "sssc")])
def test_every_team_score_code_has_its_explanation_page(code, page):
    from generator.site.addresses import tiebreak_page
    from generator.site.render import explanation_sources

    assert tiebreak_page(code) == f"tiebreaks/{page}.html"
    assert page in explanation_sources()


# --- the TEC-2023 exercise event: the booklet's published answers (spec §5, §8) ----------------

TEC_TEAMS = "tec2023-exercise-teams.trf"

# The spec's §8 lists, in team-number order 1-14 (2024 rules: the booklet's).
PUBLISHED_2024 = {
    "EMMSB": "88 74 76 72 70 32 33 30 26 19 16 6 30 19",
    "EGMSB": "158 144 150 146 132 79.5 78.5 79 66.5 53 45 19 72 48",
    "EMGSB": "158.5 131 128 130 125 73 68.5 77 83 72.5 61 33.5 73 58",
    "EGGSB": "283 249.75 247.5 253.5 236 157.5 155 181.5 180 161.75 138.5 83.75 152.5 140.75",
}
PUBLISHED_SSSC_2024 = ("38.83 36 35.33 35.67 36.33 27.83 26.17 28.67 31.17 27.67 25.17 21.17 "
                       "28.83 23.5")
# GP primary: the booklet's Buchholz on game points, plain and Cut-1.
PUBLISHED_GP_PRIMARY_BH = {
    "BH": "114 107.5 109.5 106 99 92 94.5 90 97.5 92 88 92 101 87",
    "BH/C1": "100.5 96 97 94.5 91.5 79.5 83 82.5 90 84.5 80.5 84.5 89.5 75.5",
}


def _tec() -> TeamTournament:
    teams = read_event(TEAMS / "trf" / TEC_TEAMS).teams
    assert teams is not None
    return teams


def _listed(text: str) -> dict[int, Decimal]:
    return {number: D(value) for number, value in enumerate(text.split(), start=1)}


@pytest.mark.parametrize("code", sorted(PUBLISHED_2024))
def test_tec_extended_sonneborn_berger_is_the_booklets(code):
    assert _values(_tec(), code, E2024) == _listed(PUBLISHED_2024[code])


def test_tec_esb_with_cut_1_and_the_2026_caps():
    teams = _tec()
    # §5.2: Antelopes' EMMSB/C1 drops one of the two 7-MP opponents: 74. 2026: the round-6
    # forfeit win's dummy is capped at Falcons' adjusted 7 MP / 12.5 GP: EMMSB 82, EGGSB 263.
    assert _values(teams, "EMMSB/C1", E2024)[1] == D(74)
    assert _values(teams, "EMMSB", E2026)[1] == D(82)
    assert _values(teams, "EGGSB", E2026)[1] == D(263)


def test_tec_mpvgp_of_the_five_ten_point_teams():
    # §5.1: Elephants 18, Antelopes 17.5, Bonobos 17, Deer 17, Cougars 16.
    values = _values(_tec(), "MPvGP", E2024)
    assert {n: values[n] for n in (5, 1, 2, 4, 3)} == {
        5: D(18), 1: D("17.5"), 2: D(17), 4: D(17), 3: D(16)}


def test_tec_sssc_is_the_booklets_to_two_decimals():
    # K = 2 x 7 / 4 = 3.5, rounded down to 3; Antelopes 17.5 + 64/3 = 38.8333...
    values = _values(_tec(), "SSSC", E2024)
    assert values[1] == (3 * D("17.5") + 64) / 3
    shown = {n: v.quantize(D("0.01"), rounding="ROUND_HALF_UP") for n, v in values.items()}
    assert shown == _listed(PUBLISHED_SSSC_2024)
    # 2026: Antelopes' Buchholz is 61 (the capped forfeit dummy): 17.5 + 61/3.
    assert _values(_tec(), "SSSC", E2026)[1] == (3 * D("17.5") + 61) / 3


@pytest.mark.parametrize("code", sorted(PUBLISHED_GP_PRIMARY_BH))
def test_tec_as_a_game_points_primary_event(code):
    """The booklet's Buchholz with game points as the primary score: the unsuffixed BH of
    the event read as GP primary (record 192 _GP_MP) is BH:GP."""
    teams = dataclasses.replace(_tec(), game_points_primary=True)
    assert _values(teams, code, E2024) == _listed(PUBLISHED_GP_PRIMARY_BH[code])
    suffixed = code.replace("BH", "BH:GP")
    assert _values(_tec(), suffixed, E2024) == _listed(PUBLISHED_GP_PRIMARY_BH[code])


def test_sssc_ranks_on_the_exact_value_not_on_two_decimals_r4():
    """13.4 names no rounding. With /K400 Bonobos get 17 + 57/400 = 17.1425 and Deer
    17 + 56/400 = 17.14: the reference rounds both to 17.14 before ranking and gives them the
    same place (3, run with -t "PTS/V2024" "SSSC/K400/V2024"); the exact values separate
    them."""
    standings = compute_standings(_tec(), ["SSSC/K400"], E2024)
    bonobos, deer = standings.row(StartNo(2)), standings.row(StartNo(4))
    assert (bonobos.number("SSSC/K400"), deer.number("SSSC/K400")) == (D("17.1425"), D("17.14"))
    assert (bonobos.rank, deer.rank) == (3, 4)


def test_sssc_is_shown_with_two_decimals_on_pages_and_downloads():
    from generator.site.numbers import shown_value

    exact = (3 * D("17.5") + 64) / 3
    assert shown_value(parse_tiebreak("SSSC"), exact) == D("38.83")
    assert shown_value(parse_tiebreak("EGGSB"), D("157.50")) == D("157.50")


# --- the reference calculator, run here on the codes the corpus files do not list -----------

REFERENCE_RUNS = {
    # file, the reference's extra arguments (-s: it takes a 4-team, 3-round event for a round
    # robin), codes; SSSC/F last, since in one run the reference's Fore Buchholz changes the
    # state the codes after it read.
    "swiss": (["-s"], ["EMMSB", "EMGSB", "EGMSB", "EGGSB", "EGGSB/C1", "EMMSB/P", "SSSC",
                       "MPVGP", "WIN:GP", "WON:GP", "STD:GP", "BPG:GP", "BWG:GP", "REP:GP",
                       "WIN", "STD", "SSSC/F"]),
    "tec": ([], ["EMMSB/P", "EGGSB/C2", "SSSC/P", "SSSC/K5", "WIN:GP", "WON:GP", "STD:GP",
                 "BPG:GP", "BWG:GP", "REP:GP", "BPG", "BWG", "REP", "SSSC/F"]),
}


@pytest.mark.parametrize("edition", ["2024", "2026"])
@pytest.mark.parametrize("case", sorted(REFERENCE_RUNS))
def test_modifiers_and_board_counts_agree_with_the_reference_calculator(tmp_path, case, edition):
    """gacrux 1.11.65 (FIDE's reference calculator, a test-only dependency), run on the
    Swiss above and on the TEC exercise event (byes of every kind, a forfeited match)."""
    import subprocess
    import sys

    if case == "swiss":
        path = tmp_path / "swiss.trf"
        path.write_text(team_trf(2, 4, SWISS) + SWISS_PAB, encoding="utf-8")
    else:
        path = TEAMS / "trf" / TEC_TEAMS
    extra, codes = REFERENCE_RUNS[case]
    command = [sys.executable, "-m", "gacrux.tiebreakchecker", *extra, "-i", str(path), "-t",
               f"PTS/V{edition}", *(f"{code}/V{edition}" for code in codes)]
    output = subprocess.run(command, capture_output=True, text=True, check=True, timeout=120)
    reference = {c["cid"]: [D(v) for v in c["tiebreakScore"][1:]]
                 for c in json.loads(output.stdout)["tiebreakResult"]["competitors"]}
    teams = read_event(path).teams
    assert teams is not None
    standings = compute_standings(teams, codes, Edition(edition))
    for row in standings.rows:
        for code, theirs in zip(codes, reference[int(row.player.start_no)], strict=True):
            # The reference prints SSSC rounded to 0.01 (R4).
            limit = D("0.006") if code.startswith("SSSC") else D(0)
            assert abs(row.number(code) - theirs) <= limit, (row.player.start_no, code)


# --- properties -------------------------------------------------------------------------------

@pytest.mark.parametrize("edition", [E2024, E2026])
def test_esb_on_one_score_is_sonneborn_berger_on_that_score(edition):
    """EMMSB is SB:MP and EGGSB is SB:GP, cuts included (13.2 extends 9.1 to two scores)."""
    teams = _tec()
    pairs = [("EMMSB", "SB:MP"), ("EGGSB", "SB:GP"), ("EMMSB/C1", "SB:MP/C1"),
             ("EGGSB/C1", "SB:GP/C1")]
    standings = compute_standings(teams, [code for pair in pairs for code in pair], edition)
    for row in standings.rows:
        for extended, plain in pairs:
            assert row.number(extended) == row.number(plain), (row.player.start_no, extended)


@pytest.mark.parametrize("edition", [E2024, E2026])
def test_every_derivation_adds_up_to_its_value(edition):
    codes = ["MPvGP", "EMMSB", "EMGSB/C1", "EGMSB", "EGGSB/C2", "WIN:GP", "STD:GP", "REP:GP",
             "SSSC"]
    standings = compute_standings(_tec(), codes, edition)
    for row in standings.rows:
        for code in codes:
            explained = row.values[code]
            counted = sum((p.value for p in explained.parts if p.cut is None), D(0))
            assert counted == explained.total, (row.player.start_no, code)
            if code != "SSSC":
                assert explained.total == explained.value, (row.player.start_no, code)
        # SSSC's parts are its Buchholz; the note carries the rest.
        note = row.values["SSSC"].notes[0]
        assert isinstance(note, StrengthCombinationNote)
        assert (note.buchholz, note.exact) == (row.values["SSSC"].total, row.number("SSSC"))
