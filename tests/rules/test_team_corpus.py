"""Every team tie-break value of the team corpus against the reference, in both editions.

tests/corpus/teams/expected/*.json were produced by gacrux 1.11.65 (one run per code and
edition), never by this program; tests/kit/teamcorpus.py does the comparing. One test per
file, edition and code; a failure lists every team that differs.

``CODES`` lists the codes the tie-break engine computes; each branch of issue 11 adds the
codes it implements. Where we follow C.07 against the reference, the divergence has its own
test below, which says the article.
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from kit import teamcorpus

from generator.errors import StandingsError
from generator.model import Edition, ResultCode, RoundKind, StartNo

CODES = [
    "PTS", "BH:MP", "BH:GP", "BH:MP/C1", "BH:GP/C1", "FB:MP", "SB:MP", "SB:GP", "PS:MP",
    "PS:GP", "KS:MP", "TPN",
    # team-scores: Art. 13 scores and Art. 7 on the primary score
    "MPVGP", "EMMSB", "EMGSB", "EGMSB", "EGGSB", "EMMSB/C1", "EGGSB/C1", "SSSC", "WIN", "WON",
    "STD",
    # Arts. 12 and 13.3 (team-encounter)
    "EDE", "EDET", "EDEB", "EDEBT", "EDEBB", "BC", "TBR", "BBE",
]

SAME_EVENT = {
    # The reference scores a TRF-16 team bye (`0000 - -` on every player of the one team
    # without a match, no 320) as 0 MP and 0 GP (spec R8). We read it as the event's
    # pairing-allocated bye, a drawn match (Q3; the published standings score it so), which
    # is what -pab320 declares in record 320: its values are the event's, and ours.
    "crete-friendship-cup-2024-fixempty": "crete-friendship-cup-2024-fixempty-pab320",
}


REFUSED = {
    # C.07 says nothing of how a penalty or bonus enters tie-breaks, and the reference's
    # reading is not one score: its BH, SB and PS leave team 4's 3-MP bonus out, its KS
    # counts it towards the 50 % threshold. Refused at the line (reading/team_records.py);
    # pinned in tests/reading/test_team_records.py.
    "bbp-team-299-blank-fix362": "record 299 without a result type (a penalty or bonus) is "
                                 "refused, not computed",
    # Sharly Chess's TRF-26 copy of the TEC sample gives team 50 the half-point bye of round
    # 3 that its 320 already gives it as the PAB (team 47's, mistyped): refused at line 345,
    # pinned in tests/reading/test_team_corpus_reads.py; the reference reads it silently.
    "sharly-grandmommys-cup-trf26": "a second bye for one team in one round is refused at "
                                    "its line",
}


def _fore_part_way(name: str, code: str) -> bool:
    """FB in standings after round k of more announced rounds, round k not all draws: ours
    draws round k, the reference nothing; pinned by the divergence test below."""
    expected = teamcorpus.load_expected(name)
    counted = teamcorpus.rounds_counted(expected)
    if (not code.startswith("FB") or name in REFUSED or counted is None
            or counted >= expected["rounds"]):
        return False
    teams = teamcorpus.team_event(expected["file"]).teams
    return any(t.results[counted - 1].kind is RoundKind.GAME
               and t.results[counted - 1].code is not ResultCode.DRAW for t in teams)


PAB_BOARDS_AS_WON = {
    # STD on game points (GP primary): the PAB of team 5 (320: 2 MP, 3 GP on 3 boards) is a
    # won game on every board for us (Art. 12; its WIN:GP is 3 in both programs); the
    # reference's STD reads each board at the individual PAB value of 162 `P 0.0`.
    # Pinned by the divergence test below.
    ("bbp-team-board-forfeit-win-fix362", "STD"): 5,
    # The same on Sharly Chess's export (GP primary, team 7's PAB in 320: 1 MP, 1 GP on 2
    # boards): the reference's STD 3 against its WIN 5.
    ("tiebreakserver-fideteam-issue23", "STD"): 7,
}


def _divides_by_announced_rounds(name: str, code: str) -> bool:
    """SSSC part-way through an event: our K comes from the announced rounds (Q8), the
    reference's from the rounds evaluated; pinned by the divergence test below."""
    expected = teamcorpus.load_expected(name)
    counted = teamcorpus.rounds_counted(expected)
    return code == "SSSC" and counted is not None and counted < expected["rounds"]


def _raw_twin(trf_name: str) -> str | None:
    """The bbp-team files as bbpPairings wrote them, 362 `TW  2.0` (the reference refuses
    them, R5): the same event as their -fix362 copy, so the same values."""
    raw = trf_name.replace("-fix362.trf", ".trf")
    return raw if raw != trf_name and (teamcorpus.TRF / raw).exists() else None


def _cases() -> list[object]:
    found = []
    for name, edition, code in teamcorpus.cases(CODES):
        if (_divides_by_announced_rounds(name, code) or (name, code) in PAB_BOARDS_AS_WON
                or _fore_part_way(name, code)):
            continue
        values = SAME_EVENT.get(name, name)
        # A refused file is a strict xfail: it fails the suite the day it reads.
        reason = REFUSED.get(name)
        marks = () if reason is None else (pytest.mark.xfail(reason=reason, strict=True),)
        trf_name = teamcorpus.load_expected(name)["file"]
        for read in filter(None, (trf_name, _raw_twin(trf_name))):
            found.append(pytest.param(values, edition, code, read,
                                      id=f"{read[:-4]}-{edition}-{code}", marks=marks))
    return found


@pytest.mark.parametrize(("values", "edition", "code", "trf_name"), _cases())
def test_team_corpus_value(values: str, edition: str, code: str, trf_name: str) -> None:
    differences = teamcorpus.compare_code(values, edition, code, trf_name=trf_name)
    unknown_boards = boards_unknown_divergence(values, edition, code, trf_name)
    differences = [d for d in differences if d.start_no not in unknown_boards]
    assert not differences, "\n".join(str(d) for d in differences)


BOARDS_AGAINST_THE_ROSTER = {
    # Round 5, team 11 v 14, both a player short: the roster, the pairings and the colours
    # put team 11's empty-board win on board 6, the reference on board 5 (BC 63 against 62).
    "crete-friendship-cup-2024-fixempty-pab320": {11},
    # Round 4, team 6 (8 players) v team 8 (10, two boards won against empty ones): the
    # roster, the pairings and the colours leave team 6's boards 3 and 10 empty, as in its
    # other rounds; the reference numbers team 6's players 1-8 there and puts team 8's two
    # empty-board wins last, which the colours contradict on both teams (BC 87 v 83, 94½ v
    # 98½).
    "crete-poa-2025-fixempty": {6, 8},
}

_REQUESTED_BYES = frozenset({RoundKind.FULL_POINT_BYE, RoundKind.HALF_POINT_BYE})


def boards_unknown_divergence(values: str, edition: str, code: str, trf_name: str
                              ) -> frozenset[int]:
    """The teams whose board values are ours by C.07 against the reference's.

    Q9 (Art. 12): a team with a TRF-16 match whose board numbers the file does not give
    (an empty board, no line-up, and no single numbering that fits the roster, pairings and
    colours) has no BC, TBR or BBE; the reference numbers its boards in roster order. BC is
    the team's own value; TBR and BBE are places inside the PTS group, so the whole group
    moves. Where one numbering fits, ours follows it and the reference may not (Crete 2024's
    team 11). Pinned in tests/rules/test_team_encounter.py."""
    if code not in ("BC", "TBR", "BBE"):
        return frozenset()
    teams = teamcorpus.team_event(trf_name)
    rounds = teamcorpus.rounds_counted(teamcorpus.load_expected(values))
    unknown = {team.start_no for team in teams.teams
               if any(not m.boards_numbered for m in team.matches[:rounds])}
    unknown |= BOARDS_AGAINST_THE_ROSTER.get(values, set()) if code == "BC" else set()
    # Q7, the same way: a requested full- or half-point team bye puts nothing on the boards
    # for us (Art. 12 names only the PAB), 1 or ½ on every board for the reference; pinned
    # in tests/rules/test_team_encounter.py (TEC-2023's Narwhals).
    unknown |= {team.start_no for team in teams.teams
                if any(r.kind in _REQUESTED_BYES for r in team.results[:rounds])}
    if code == "BC" or not unknown:
        return frozenset(unknown)
    rows = teamcorpus.compute_standings(teams, [], Edition(edition), after_round=rounds).rows
    tied_with_unknown = {row.points for row in rows if row.player.start_no in unknown}
    return frozenset(row.player.start_no for row in rows if row.points in tied_with_unknown)


def _rank_cases() -> list[object]:
    found = []
    for name in teamcorpus.expected_names():
        expected = teamcorpus.load_expected(name)
        if not set(expected["rank_tiebreaks"]) <= set(CODES):
            continue
        marks = ()
        if name in REFUSED:
            marks = (pytest.mark.xfail(reason=REFUSED[name], strict=True),)
        for edition in teamcorpus.EDITIONS:
            found.append(pytest.param(SAME_EVENT.get(name, name), edition, expected["file"],
                                      id=f"{name}-{edition}", marks=marks))
    return found


@pytest.mark.parametrize(("values", "edition", "trf_name"), _rank_cases())
def test_team_corpus_rank(values: str, edition: str, trf_name: str) -> None:
    differences = teamcorpus.compare_ranks(values, edition, trf_name=trf_name)
    assert not differences, "\n".join(str(d) for d in differences)


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_refused_team_files_are_refused_at_a_line(name: str) -> None:
    expected = teamcorpus.load_expected(name)
    with pytest.raises(StandingsError) as caught:
        teamcorpus.team_event(expected["file"])
    assert all(d.line is not None and d.column is not None
               for d in caught.value.diagnostics if d.is_error)


def test_every_team_expected_file_is_compared() -> None:
    compared = {name for name, _, _ in teamcorpus.cases(CODES)}
    assert compared == set(teamcorpus.expected_names())


# --- divergences by C.07, pinned --------------------------------------------------------------

def test_crete_2024_team_byes_score_as_the_event_scored_them_not_as_the_reference():
    # C.07 fixes no PAB value (16.2.1); the event's published standings give each bye 1 MP and
    # 3 GP, a drawn match (Q3). The reference gives 0 (R8): each of the seven bye teams is one
    # match point short in its values, ours have it.
    reference = teamcorpus.load_expected("crete-friendship-cup-2024-fixempty")
    teams = teamcorpus.team_event(reference["file"])
    standings = teamcorpus.compute_standings(teams, [], Edition.FIDE_2024_08)
    bye_teams = {team.start_no for team in teams.teams
                 if any(r.code is ResultCode.PAIRING_ALLOCATED_BYE for r in team.results)}
    assert len(bye_teams) == 7
    for team in reference["players"]:
        ours = standings.row(StartNo(team["start_no"])).points
        short = Decimal(1) if team["start_no"] in bye_teams else Decimal(0)
        assert ours - Decimal(str(team["values"]["2024"]["PTS"])) == short, team["start_no"]


@pytest.mark.parametrize("edition", teamcorpus.EDITIONS)
@pytest.mark.parametrize("name", [
    name for name in teamcorpus.expected_names()
    if _divides_by_announced_rounds(name, "SSSC") and name not in REFUSED
    and "SSSC" in teamcorpus.load_expected(name)["tiebreaks"]
    and not teamcorpus.load_expected(name)["rejected_codes"].get("SSSC")])
def test_sssc_part_way_divides_by_the_k_of_the_announced_rounds_q8(name, edition):
    """C.07 13.4.2 b: K comes from "the highest achievable primary score in the tournament",
    so from the rounds the event announced (142), also in standings after round k. The
    reference takes the k rounds evaluated. With the reference's K written as /K, every value
    is the reference's: K is the one difference."""
    from generator.rules.team_scores import strength_divisor

    expected = teamcorpus.load_expected(name)
    teams = teamcorpus.team_event(expected["file"])
    counted = teamcorpus.rounds_counted(expected)
    assert counted is not None
    reference_k, _, _ = strength_divisor(teams, counted)
    ours_k, _, _ = strength_divisor(teams, expected["rounds"])
    assert reference_k != ours_k
    code = f"SSSC/K{reference_k}"
    standings = teamcorpus.compute_standings(teams, [code, "SSSC"], Edition(edition),
                                             after_round=counted)
    for team in expected["players"]:
        row = standings.row(StartNo(team["start_no"]))
        reference = Decimal(str(team["values"][edition]["SSSC"]))
        assert abs(row.number(code) - reference) <= Decimal("0.006"), team["start_no"]
        assert row.values["SSSC"].notes[0].divisor == ours_k


@pytest.mark.parametrize("edition", teamcorpus.EDITIONS)
@pytest.mark.parametrize(("name", "code"), sorted(PAB_BOARDS_AS_WON))
def test_std_counts_a_pab_board_as_won_as_win_does_art_12(name, code, edition):
    """7.7 on boards (Q5) with C.07 Art. 12's "a PAB counts as a won game on every board":
    the PAB team's boards give one standard point each, as they give one win each (the
    reference's WIN too). The reference's STD gives them 0 (it reads its STD boards at the
    individual PAB value of 162, or at nothing) but counts them in its WIN, so that its
    standard points fall below its wins, which 7.7 cannot give. Every other team is the
    reference's."""
    expected = teamcorpus.load_expected(name)
    bye_team = PAB_BOARDS_AS_WON[name, code]
    boards = teamcorpus.team_event(expected["file"]).board_count
    differences = teamcorpus.compare_code(name, edition, code)
    assert [(d.start_no, Decimal(str(d.ours)) - Decimal(str(d.reference)))
            for d in differences] == [(bye_team, boards)]
    reference_win = next(t["values"][edition]["WIN"] for t in expected["players"]
                         if t["start_no"] == bye_team)
    assert differences[0].ours == reference_win


@pytest.mark.parametrize("edition", teamcorpus.EDITIONS)
def test_std_of_a_double_forfeited_match_is_half_each(edition: str) -> None:
    """C.07 7.7: with no game played, each side of a double forfeit has "the same number of
    points as their scheduled opponent", so ½ standard point; the reference gives 0, as it
    does for individuals (the README's divergence table). The TEC sample has two such
    matches: every other team's STD is the reference's."""
    name = "echecsjs-grandmommys-cup"
    expected = teamcorpus.load_expected(name)
    teams = teamcorpus.team_event(expected["file"])
    double = {int(team.start_no) for team in teams.teams for result in team.results
              if result.kind is RoundKind.FORFEIT_LOSS and result.opponent is not None
              and teams.team(result.opponent).result(result.round).kind
              is RoundKind.FORFEIT_LOSS}
    assert double == {2, 23, 24, 33}
    standings = teamcorpus.compute_standings(teams, ["STD"], Edition(edition))
    for team in expected["players"]:
        ours = standings.row(StartNo(team["start_no"])).number("STD")
        reference = Decimal(str(team["values"][edition]["STD"]))
        assert ours - reference == (Decimal("0.5") if team["start_no"] in double else 0)


@pytest.mark.parametrize("edition", teamcorpus.EDITIONS)
@pytest.mark.parametrize("name", [
    name for name in teamcorpus.expected_names() if name not in REFUSED
    and _fore_part_way(name, "FB:MP")
    and "FB:MP" in teamcorpus.load_expected(name)["tiebreaks"]])
def test_fore_buchholz_part_way_draws_the_last_round_played(name: str, edition: str) -> None:
    """C.07 8.3 counts the games of "the last round" as draws. Standings after round k are
    the event as if it had ended there (the README, as for individuals), so ours draws round
    k. The reference's last round is the announced one, not played yet: it draws nothing,
    so that its FB is its BH for every team, and FB tells nothing BH does not."""
    expected = teamcorpus.load_expected(name)
    if edition in (expected.get("rejected_codes") or {}).get("FB:MP", {}):
        pytest.skip("the reference refuses FB:MP in this edition")
    for team in expected["players"]:
        values = team["values"][edition]
        assert values["FB:MP"] == values["BH:MP"], team["start_no"]
    teams = teamcorpus.team_event(expected["file"])
    ours = teamcorpus.compute_standings(teams, ["FB:MP", "BH:MP"], Edition(edition),
                                        after_round=teamcorpus.rounds_counted(expected))
    assert any(row.number("FB:MP") != row.number("BH:MP") for row in ours.rows)


def test_fore_buchholz_on_game_points_keeps_a_forfeit_loss_at_the_points_given():
    """8.3 with 16.3 on game points, TEC sample, team 7 (2024 edition). Its round-3 opponent
    Italy (25) scored 16 GP in rounds 1-8, lost round 9 by forfeit and was absent after:
    the forfeit loss is 16.2.4, counted at the points given (0), the absences after it
    16.2.5, as draws (2 GP each, round 14 too as FB draws it), so 26; with the dummies of
    team 7's own byes and absences (its score, 17.5, round 14 drawn) FB:GP is 311, by hand.
    The reference gives 313: there it counts Italy's forfeit loss as a draw (28), unlike its
    own BH:GP and FB:MP of the same file, which keep it at 0 as we do."""
    name = "echecsjs-grandmommys-cup"
    teams = teamcorpus.team_event(teamcorpus.load_expected(name)["file"])
    standings = teamcorpus.compute_standings(teams, ["FB:GP"], Edition("2024"))
    row = standings.row(StartNo(7))
    assert row.number("FB:GP") == 311
    part = next(p for p in row.values["FB:GP"].parts if p.round == 3)
    assert (part.opponent, part.value) == (StartNo(25), 26)
