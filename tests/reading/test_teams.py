"""Team events: the teams as competitors, each round a match, match points and game points.

Expected values are worked out by hand from the 001 records in each test (the corpus file's
boards are listed in ``CORPUS_MATCHES``); the reference calculator's values for the corpus
file are checked in tests/rules/test_corpus.py.
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import CORPUS_TRF
from kit.sitekit import page_table_rows

from generator.cli import main
from generator.errors import DiagnosticSink, StandingsError
from generator.model import Color, Edition, ResultCode, RoundKind, StartNo, Team, TeamTournament
from generator.reading.events import competitors_tournament, read_event
from generator.reading.teams import build_team_tournament
from generator.reading.trf import parse_trf
from generator.rules.context import TiebreakError
from generator.rules.notation import parse_tiebreak
from generator.rules.ranking import compute_standings
from generator.site.event_standings import standings_for_event

D = Decimal
TEAM_FILE = CORPUS_TRF / "markdechamps-team-rr.trf"


@pytest.fixture(scope="module")
def teams() -> TeamTournament:
    event = read_event(TEAM_FILE)
    assert event.teams is not None
    return event.teams


# --- reading the matches -----------------------------------------------------------------------

# markdechamps-team-rr.trf, read from its 001 records: team t has players 4t-3 .. 4t (310).
# Round 1: 1-5 1:0, 2-6 1:0, 3-7 0:1, 4-8 =  -> Team 1 2.5 : 1.5 Team 2
#          9-13 1:0, 10-14 0:1, 11-15 =, 12-16 = -> Team 3 2 : 2 Team 4
# Round 2: 1-9 0:1, 2-10 =, 3-11 =, 4-12 1:0 -> Team 1 2 : 2 Team 3
#          5-13 1:0, 6-14 1:0, 7-15 1:0, 8-16 0:1 -> Team 2 3 : 1 Team 4
# Round 3: 1-13 =, 2-14 0:1, 3-15 0:1, 4-16 1:0 -> Team 1 1.5 : 2.5 Team 4
#          5-9 0:1, 6-10 1:0, 7-11 =, 8-12 = -> Team 2 2 : 2 Team 3
CORPUS_MATCHES = {
    # team: [(opponent, result, game points, colour of the team's board 1), ...] by round
    1: [(2, ResultCode.WIN, "2.5", Color.WHITE), (3, ResultCode.DRAW, "2", Color.WHITE),
        (4, ResultCode.LOSS, "1.5", Color.WHITE)],
    2: [(1, ResultCode.LOSS, "1.5", Color.BLACK), (4, ResultCode.WIN, "3", Color.WHITE),
        (3, ResultCode.DRAW, "2", Color.WHITE)],
    3: [(4, ResultCode.DRAW, "2", Color.WHITE), (1, ResultCode.DRAW, "2", Color.BLACK),
        (2, ResultCode.DRAW, "2", Color.BLACK)],
    4: [(3, ResultCode.DRAW, "2", Color.BLACK), (2, ResultCode.LOSS, "1", Color.BLACK),
        (1, ResultCode.WIN, "2.5", Color.BLACK)],
}


def test_the_competitors_are_the_teams_named_and_numbered_as_in_310(teams):
    assert [(t.start_no, t.name, t.members) for t in teams.teams] == [
        (1, "Team 1", (1, 2, 3, 4)), (2, "Team 2", (5, 6, 7, 8)),
        (3, "Team 3", (9, 10, 11, 12)), (4, "Team 4", (13, 14, 15, 16))]
    assert all(isinstance(t, Team) and t.rating is None for t in teams.teams)
    assert teams.board_count == 4 and teams.is_round_robin
    assert (teams.total_rounds, teams.rounds_played) == (3, 3)
    assert len(teams.individual.players) == 16
    assert teams.team_of(StartNo(7)).start_no == 2


def test_each_round_is_a_match_won_on_game_points_art_11(teams):
    for number, rounds in CORPUS_MATCHES.items():
        team = teams.team(StartNo(number))
        for result, match, (opponent, code, game_points, color) in zip(
                team.results, team.matches, rounds, strict=True):
            assert (result.opponent, result.code, result.color) == (opponent, code, color)
            assert result.kind is RoundKind.GAME
            assert match.game_points == D(game_points)
            assert match.game_points + match.opponent_game_points == 4


def test_match_points_under_record_362_and_game_points_as_310_writes_them(teams):
    # 362 TW 2.0 TD 1.0 TL 0.0; every team wins one, draws one, loses one, or draws three.
    scoring = teams.score_system
    assert (scoring.win, scoring.draw, scoring.loss) == (2, 1, 0)
    for team in teams.teams:
        assert sum(scoring.round_points(r) for r in team.results) == 3 == team.points_in_file
    # Game points: 2.5+2+1.5, 1.5+3+2, 2+2+2, 2+1+2.5 (310 columns 62-67: 6.0 6.5 6.0 5.5).
    assert [t.game_points for t in teams.teams] == [D(6), D("6.5"), D(6), D("5.5")]
    assert [t.game_points_in_file for t in teams.teams] == [D(6), D("6.5"), D(6), D("5.5")]


def test_the_boards_of_a_match_in_team_order(teams):
    boards = teams.team(StartNo(1)).match(1).boards
    assert [(b.board, b.player, b.opponent, b.color, b.points) for b in boards] == [
        (1, 1, 5, Color.WHITE, 1), (2, 2, 6, Color.BLACK, 1), (3, 3, 7, Color.WHITE, 0),
        (4, 4, 8, Color.BLACK, D("0.5"))]


def test_the_event_ranks_its_teams_and_keeps_the_boards():
    event = read_event(TEAM_FILE)
    assert competitors_tournament(event) is event.teams
    assert len(event.tournament.players) == 16
    standings = standings_for_event(event, specs=[parse_tiebreak(c) for c in
                                                  ("DE", "SB/C1", "FB")], edition=Edition("2026"))
    # All four teams have 3 MP, and DE does not separate them (3 MP each among themselves).
    # SB/C1 drops the least significant contribution: Team 3 (three draws, 3 x 1 each) has
    # 6, the others 9 (they drop the loss, 3 x 0). FB counts the final round as drawn: the
    # scores become Team 1 2+1+1 = 4, Team 2 0+2+1 = 3, Team 3 3, Team 4 1+0+1 = 2, so FB is
    # Team 4 3+3+4 = 10, Team 2 4+2+3 = 9, Team 1 3+3+2 = 8 -> Team 4, 2, 1, then Team 3.
    assert [row.player.name for row in standings.rows] == ["Team 4", "Team 2", "Team 1",
                                                            "Team 3"]


# --- tie-breaks with game points (:GP) ----------------------------------------------------------

@pytest.mark.parametrize("edition", ["2024", "2026"])
def test_game_points_tiebreaks_by_hand_art_13(teams, edition):
    """Team 1 met Team 2 (GP 6.5), Team 3 (6) and Team 4 (5.5), scoring 2.5, 2 and 1.5 GP.

    BH:GP = 6.5 + 6 + 5.5 = 18; BH:GP/C1 drops the lowest, 5.5 -> 12.5.
    SB:GP = 6.5 x 2.5 + 6 x 2 + 5.5 x 1.5 = 16.25 + 12 + 8.25 = 36.5; /C1 drops Team 4's
    contribution (the lowest opponent score, 14.1) -> 28.25.
    PS:GP = 2.5 + 4.5 + 6 = 13. KS:GP: the limit is half of 3 matches x 4 boards = 6 GP; Team 4
    (5.5) is below it, so 2.5 + 2 = 4.5. FB:GP: the final round counted as a drawn match
    (2 : 2): Team 4 had 2.5 in it, so its GP becomes 5, Team 2 and Team 3 drew anyway:
    6.5 + 6 + 5 = 17.5. No unplayed rounds, so both editions agree.
    """
    standings = compute_standings(teams, ["BH:GP", "BH:GP/C1", "SB:GP", "SB:GP/C1", "PS:GP",
                                          "KS:GP", "FB:GP"], Edition(edition))
    row = standings.row(StartNo(1))
    assert {key: row.number(key) for key in row.values} == {
        "BH:GP": D(18), "BH:GP/C1": D("12.5"), "SB:GP": D("36.5"), "SB:GP/C1": D("28.25"),
        "PS:GP": D(13), "KS:GP": D("4.5"), "FB:GP": D("17.5")}
    parts = row.values["SB:GP"].parts
    assert [(p.opponent, p.counted_score, p.points, p.value) for p in parts] == [
        (2, D("6.5"), D("2.5"), D("16.25")), (3, D(6), D(2), D(12)),
        (4, D("5.5"), D("1.5"), D("8.25"))]


def test_match_points_are_the_primary_score(teams):
    standings = compute_standings(teams, ["BH:MP", "BH", "SB:MP", "SB", "DE:MP", "PS:MP"])
    for row in standings.rows:
        assert row.number("BH:MP") == row.number("BH") == 9
        assert row.number("SB:MP") == row.number("SB")
        assert row.number("DE:MP") == 0
    # PS:MP of Team 1: 2, 3, 3 (win, draw, loss).
    assert standings.row(StartNo(1)).number("PS:MP") == 8


@pytest.mark.parametrize("code", ["DE:GP", "AOB:GP"])
def test_other_game_points_tiebreaks_are_refused_not_zero(teams, code):
    with pytest.raises(TiebreakError, match=rf"'{code}': game points \(:GP\) are computed for "
                                            "BH, BPG, BWG, FB, KS, PS, REP, SB, STD, WIN, WON "
                                            "only"):
        compute_standings(teams, [code])


def test_points_systems_in_an_individual_event_are_refused(teams):
    with pytest.raises(TiebreakError, match=r"'BH:GP' .* applies to team events only"):
        compute_standings(teams.individual, ["BH:GP"])


# --- a team Swiss with a bye and an absence -----------------------------------------------------

def _player_line(number: int, name: str, blocks: list[str]) -> str:
    line = f"001 {number:4d}      {name:<33} 2000".ljust(91)
    return (line + "  ".join(blocks)).rstrip()


def team_trf(boards: int, teams: int, rounds: list[dict[int, object]], *,
             header: str = "192 FIDE_TEAM_SWISS\n362 TW 2.0   TD 1.0   TL 0.0\n",
             team_tag: str = "310") -> str:
    """A team event: ``rounds[r]`` maps a team to ``(opponent, "1=0..")`` for the team listed
    first in a match (board results from its side, its board 1 White and alternating), or
    to a bye code for every one of its players."""
    lines = ["012 Team test", f"142 {len(rounds)}", *header.strip().splitlines()]
    blocks: dict[int, list[str]] = {n: [] for n in range(1, boards * teams + 1)}
    flip = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+", "X": "X"}
    for paired in rounds:
        for team, what in paired.items():
            first = (team - 1) * boards + 1
            if isinstance(what, str):
                for player in range(first, first + boards):
                    blocks[player].append(f"0000 - {what}")
                continue
            opponent, results = what  # type: ignore[misc]
            other = (opponent - 1) * boards + 1
            for board, result in enumerate(results):
                mine, theirs = ("w", "b") if board % 2 == 0 else ("b", "w")
                blocks[first + board].append(f"{other + board:04d} {mine} {result}")
                blocks[other + board].append(f"{first + board:04d} {theirs} {flip[result]}")
    for number, row in blocks.items():
        lines.append(_player_line(number, f"Player {number}", row))
    for team in range(1, teams + 1):
        members = "".join(f"{(team - 1) * boards + b + 1:4d} " for b in range(boards))
        if team_tag == "310":
            lines.append(f"310 {team:3d} {'Team ' + str(team):<32}".ljust(73) + members)
        else:
            lines.append(f"013 {'Team ' + str(team):<32}" + members)
    return "\n".join(lines) + "\n"


# Four teams of two boards, three rounds (Swiss):
#   round 1: Team 1 - Team 2 1:0 and = (1.5 : 0.5, win); Team 3 - Team 4 = = (1 : 1, draw)
#   round 2: Team 1 - Team 3 1:0 and 0:1 (1 : 1, draw); Team 2 - Team 4 1 1 (2 : 0, win)
#   round 3: Team 2 - Team 3 0:1 and = (0.5 : 1.5); Team 1 has the pairing-allocated bye
#            (both players 'U'); Team 4 is absent (both players 'Z').
SWISS = [
    {1: (2, "1="), 3: (4, "==")},
    {1: (3, "10"), 2: (4, "11")},
    {2: (3, "0="), 1: "U", 4: "Z"},
]


# Team 1's bye is declared worth 1 MP and a win on each board (2 GP), the reference's
# default: without 320 ours is a drawn match (Q3), tested in test_team_records.py.
SWISS_PAB = "320  1.0  2.0   0   0   1\n"


def _swiss(tmp_path: Path) -> TeamTournament:
    path = tmp_path / "swiss.trf"
    path.write_text(team_trf(2, 4, SWISS) + SWISS_PAB, encoding="utf-8")
    event = read_event(path)
    assert event.teams is not None and not event.teams.is_round_robin
    return event.teams


def test_team_byes_and_absences(tmp_path):
    teams = _swiss(tmp_path)
    third = [teams.team(StartNo(n)).result(3) for n in (1, 2, 3, 4)]
    assert [(r.opponent, r.kind) for r in third] == [
        (None, RoundKind.PAIRING_ALLOCATED_BYE), (3, RoundKind.GAME), (2, RoundKind.GAME),
        (None, RoundKind.ZERO_POINT_BYE)]
    # MP: Team 1 2 + 1 + 1 (a team's PAB scores a draw's MP when 362 gives no TP) = 4;
    # Team 2 0 + 2 + 0; Team 3 1 + 1 + 2; Team 4 1 + 0 + 0. GP: Team 1 1.5 + 1 + 2 (its two
    # players' PAB points) = 4.5; Team 2 0.5 + 2 + 0.5 = 3; Team 3 1 + 1 + 1.5 = 3.5;
    # Team 4 1 + 0 + 0 = 1.
    standings = compute_standings(teams, [])
    assert {row.player.start_no: row.points for row in standings.rows} == {
        1: 4, 2: 2, 3: 4, 4: 1}
    assert [t.game_points for t in teams.teams] == [D("4.5"), D(3), D("3.5"), D(1)]


@pytest.mark.parametrize(("edition", "values"), [
    # 2026 (16.4.2): Team 1's bye counts against a dummy with min(own GP 4.5, the GP of a
    # drawn match x rounds = 1 x 3) = 3 GP, min(own MP 4, 1 x 3) = 3 MP. Team 3 sees Team 4
    # with its absence at the end counted as a drawn match (16.3.2): 1 + 0 + 1 = 2 GP.
    # BH:GP: Team 1 3 + 3.5 + 3 = 9.5; Team 3 2 + 4.5 + 3 = 9.5; Team 4 3.5 + 3 + min(1, 3).
    # SB:GP Team 1: 3 x 1.5 + 3.5 x 1 + 3 x 2 = 14. BH Team 1: 2 + 4 + 3 = 9.
    ("2026", {"BH:GP": {1: "9.5", 3: "9.5", 4: "7.5"}, "SB:GP": {1: "14"}, "BH": {1: "9"}}),
    # 2024: the dummy has the team's own score: 4.5 GP, 4 MP.
    ("2024", {"BH:GP": {1: "11", 3: "9.5", 4: "7.5"}, "SB:GP": {1: "17"}, "BH": {1: "10"}}),
])
def test_unplayed_rounds_in_game_points_art_16(tmp_path, edition, values):
    # The reference calculator (gacrux 1.11.65, run with -s for Swiss rules on this file)
    # gives the same values.
    standings = compute_standings(_swiss(tmp_path), list(values), Edition(edition))
    for code, expected in values.items():
        for team, value in expected.items():
            assert standings.row(StartNo(team)).number(code) == D(value), (code, team)


def test_koya_and_progressive_scores_in_game_points(tmp_path):
    # KS:GP limit: half of 3 matches x 2 boards = 3 GP. Team 1 met Team 2 (3 GP, counts:
    # 1.5) and Team 3 (3.5 GP, counts: 1); the bye has no opponent -> 2.5.
    # PS:GP of Team 1: 1.5, 2.5, 4.5 -> 8.5.
    standings = compute_standings(_swiss(tmp_path), ["KS:GP", "PS:GP"])
    row = standings.row(StartNo(1))
    assert (row.number("KS:GP"), row.number("PS:GP")) == (D("2.5"), D("8.5"))


@pytest.mark.parametrize("edition", ["2024", "2026"])
def test_standings_after_a_round_equal_the_file_cut_after_that_round(tmp_path, edition):
    codes = ["BH:GP", "SB:GP/C1", "FB:GP", "KS:GP", "PS:GP", "BH", "SB", "DE", "KS", "FB"]
    path = tmp_path / "cut.trf"
    path.write_text(team_trf(2, 4, SWISS[:2]), encoding="utf-8")
    cut = read_event(path).teams
    assert cut is not None and cut.rounds_played == 2
    after = compute_standings(_swiss(tmp_path), codes, Edition(edition), after_round=2)
    alone = compute_standings(cut, codes, Edition(edition))
    assert [(r.player.start_no, r.points, [r.number(c) for c in codes]) for r in after.rows] == \
        [(r.player.start_no, r.points, [r.number(c) for c in codes]) for r in alone.rows]


def test_a_pending_board_makes_the_match_pending(tmp_path):
    rounds = [{1: (2, "1X"), 3: (4, "==")}]
    path = tmp_path / "pending.trf"
    path.write_text(team_trf(2, 4, rounds), encoding="utf-8")
    teams = read_event(path).teams
    assert teams is not None
    assert teams.team(StartNo(1)).result(1).kind is RoundKind.PENDING
    assert teams.team(StartNo(1)).match(1).game_points is None


# --- what is and is not a team event ------------------------------------------------------------

def _read(text: str) -> tuple[TeamTournament | None, tuple]:
    document = parse_trf(text, "t.trf")
    from generator.reading.assembly import build_tournament
    individual = build_tournament(document)
    sink = DiagnosticSink("t.trf")
    return build_team_tournament(document, individual, sink), sink.collected()


def test_a_team_meeting_two_teams_in_a_round_is_an_error_in_a_team_event():
    text = team_trf(2, 4, [{1: (2, "1="), 3: (4, "==")}])
    # Swap board 2's opponents: player 2 (Team 1) now meets player 8 (Team 4), and player 4
    # (Team 2) meets player 6 (Team 3).
    lines = text.splitlines()
    for k, line in enumerate(lines):
        if line.startswith("001    2 "):
            lines[k] = line[:91] + "0008 b ="
        elif line.startswith("001    8 "):
            lines[k] = line[:91] + "0002 w ="
        elif line.startswith("001    4 "):
            lines[k] = line[:91] + "0006 w ="
        elif line.startswith("001    6 "):
            lines[k] = line[:91] + "0004 b ="
    teams, diagnostics = _read("\n".join(lines))
    assert teams is None
    assert str(diagnostics[0]) == (
        "t.trf:6:92: team 1 meets teams 2 and 4 in round 1 (players 1 and 2); expected all "
        "boards of a team against one team in each round")


def test_a_player_in_no_team_is_an_error_in_a_team_event():
    text = team_trf(2, 4, [{1: (2, "1="), 3: (4, "==")}])
    text = "\n".join(line for line in text.splitlines() if not line.startswith("310   4"))
    teams, diagnostics = _read(text)
    assert teams is None
    assert str(diagnostics[0]) == ("t.trf:11:5: player 7 (Player 7) is in no team; expected "
                                   "every player listed in a team record")


def test_record_320_without_a_bye_team_only_sets_the_pab_value():
    # 320 columns 5-8 and 10-13 (1.5 MP, 2.0 GP), round 1 "000": nobody had the bye.
    text = team_trf(2, 4, [{1: (2, "1="), 3: (4, "==")}]) + "320  1.5  2.0  000\n"
    teams, diagnostics = _read(text)
    assert teams is not None, diagnostics
    assert teams.score_system.pairing_allocated_bye == Decimal("1.5")
    assert all(r.code is not ResultCode.PAIRING_ALLOCATED_BYE
               for team in teams.teams for r in team.results)


def test_teams_listed_for_a_team_prize_leave_the_event_individual():
    """Team records in an individual Swiss (a club prize): players of a team meet each
    other, and nothing says it is a team event -> no team view; TRF-16 013 club lists pass
    silently, TRF-26 310 records get a warning saying why they are not read as teams."""
    text = team_trf(2, 2, [{1: (2, "1=")}], header="", team_tag="013")
    lines = [line for line in text.splitlines() if not line.startswith("013")]
    clubs = ["013 Club A                          1    3",
             "013 Club B                          2    4"]
    teams, diagnostics = _read("\n".join(lines + clubs))
    assert (teams, diagnostics) == (None, ())
    clubs = ["310   1 Club A".ljust(73) + "   1    3", "310   2 Club B".ljust(73) + "   2    4"]
    teams, diagnostics = _read("\n".join(lines + clubs))
    assert teams is None
    assert [str(d) for d in diagnostics] == [
        "t.trf:7:1: warning: the team records (310) are not read as a team event: players 1 "
        "and 3 of team 1 meet each other in round 1 (line 3); expected 192 naming a team "
        "system (e.g. FIDE_TEAM_...) for a team event; nothing to do for teams listed for a "
        "team prize"]


def test_a_team_event_read_from_013_records():
    teams, diagnostics = _read(team_trf(2, 2, [{1: (2, "1=")}], header="", team_tag="013"))
    assert diagnostics == ()
    assert teams is not None
    # No 362: the TRF-26 defaults, 2 match points for a win.
    assert compute_standings(teams, []).row(StartNo(1)).points == 2


# --- the command line -----------------------------------------------------------------------------

def run(*args: str):
    return CliRunner().invoke(main, list(args))


def test_check_says_it_is_a_team_event():
    result = run("check", str(TEAM_FILE))
    assert result.exit_code == 0
    assert "markdechamps-team-rr.trf: 4 teams of 4 boards (16 players), 3 rounds, team round " \
           "robin" in result.output


def test_rank_lists_the_teams():
    result = run("rank", str(TEAM_FILE), "--tiebreaks", "SB:GP", "--format", "csv")
    assert result.exit_code == 0, result.output
    # SB:GP by hand: Team 2 6x1.5 + 5.5x3 + 6x2 = 37.5; Team 1 36.5 (above); Team 3
    # 5.5x2 + 6x2 + 6.5x2 = 36; Team 4 6x2 + 6.5x1 + 6x2.5 = 33.5.
    # Game points as the file's 310 lines give them: 6.0, 6.5, 6.0, 5.5.
    assert result.stdout.splitlines() == [
        "rank,start_no,title,name,federation,rating,points,game_points,SB:GP",
        "1,2,,Team 2,,,3,6.5,37.5", "2,1,,Team 1,,,3,6,36.5", "3,3,,Team 3,,,3,6,36",
        "4,4,,Team 4,,,3,5.5,33.5"]


def test_explain_a_team():
    # A round robin: C.07 Art. 8 allows Buchholz there only under the 2024 edition.
    result = run("explain", str(TEAM_FILE), "1", "--tiebreaks", "BH:GP", "--edition", "2024")
    assert result.exit_code == 0, result.output
    assert "Place 1-4 with 3 match points." in result.stdout or \
           "with 3 match points." in result.stdout
    assert "round  1  Team 2 (2): score 6.5  = 6.5" in result.stdout
    missing = run("explain", str(TEAM_FILE), "9")
    assert missing.exit_code == 2
    assert missing.stderr.splitlines()[-1] == (
        "Error: Invalid value for 'START_NO': no team with number 9; expected 1-4")


def test_an_event_whose_list_asks_for_game_points_in_an_individual_event(tmp_path):
    event = read_event(CORPUS_TRF / "seed-anna.trf")
    with pytest.raises(StandingsError, match="applies to team events only"):
        standings_for_event(event, specs=[parse_tiebreak("BH:GP")])


# --- the site ---------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def team_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from kit.sitekit import make_event, make_seed_events

    from generator.site.build import build_site

    root = tmp_path_factory.mktemp("team-site")
    events = make_seed_events(root / "events", ("seed-anna",))
    make_event(events, "team-rr", TEAM_FILE,
               "title: Team round robin\ntiebreaks: [DE, SB/C1, SB:GP, KS:GP]\n")
    warnings = build_site(events, root / "site")
    assert all(not d.is_error for d in warnings)
    return root / "site"


def test_the_site_lists_the_teams(team_site):
    import json

    page = (team_site / "team-rr" / "index.html").read_text(encoding="utf-8")
    # DE does not separate; SB/C1 puts Team 3 (6) last; SB:GP then orders Team 2 (37.5),
    # Team 1 (36.5), Team 4 (33.5) (hand values in test_rank_lists_the_teams).
    positions = [page.index(f'href="teams/{n}.html">Team {n}</a>') for n in (2, 1, 4, 3)]
    assert positions == sorted(positions)
    data = json.loads((team_site / "team-rr" / "standings.json").read_text(encoding="utf-8"))
    assert [(p["name"], p["tiebreaks"]["SB:GP"]) for p in data["players"]] == [
        ("Team 2", 37.5), ("Team 1", 36.5), ("Team 4", 33.5), ("Team 3", 36)]
    assert "4 teams of 4 boards" in page


def test_a_team_page_shows_its_players_and_boards(team_site):
    page = (team_site / "team-rr" / "teams" / "1.html").read_text(encoding="utf-8")
    assert "<h1>Team 1</h1>" in page and "with 3 match points" in page
    assert [name in page for name in ("T1B1", "T1B2", "T1B3", "T1B4")] == [True] * 4
    assert ('<li value="1"><a href="../players/1.html">T1B1</a> (w) 1–0 '
            '<a href="../players/5.html">T2B1</a></li>') in page  # round 1, board 1
    assert '<td class="num">2½–1½ <abbr title="won">W</abbr></td>' in page  # round 1
    assert "people/team-1" not in page  # a team is not a person


def test_a_round_page_shows_matches_in_game_points(team_site):
    page = (team_site / "team-rr" / "rounds" / "1.html").read_text(encoding="utf-8")
    # A board row's cells carry no classes (round.html): the result is the third cell.
    results = [row[2] for row in page_table_rows(page, "Results of round 1") if len(row) > 2]
    assert "2½–1½" in results and "2–2" in results
    assert ('<li value="2"><a href="../players/10.html">T3B2</a> (b) 0–1 '
            '<a href="../players/14.html">T4B2</a></li>') in page


def test_teams_are_not_people_and_links_resolve(team_site):
    import re

    people = (team_site / "people" / "index.html").read_text(encoding="utf-8")
    assert "Team 1" not in people and "T1B1" not in people
    for page in sorted((team_site / "team-rr").rglob("*.html")):
        for link in re.findall(r'href="([^"#]+)', page.read_text(encoding="utf-8")):
            if "://" not in link:
                assert (page.parent / link).resolve().is_file(), (page, link)


@pytest.mark.parametrize(("trf", "codes", "expected"), [
    ("seed-anna.trf", "[BH, SB:GP]",
     "event.yml:1:17: team tie-break 'SB:GP' (points system :GP) applies to team events only; "
     "this event has no teams; expected SB without ':GP'"),
    ("markdechamps-team-rr.trf", "[DE, AOB:GP, SB:GP]",
     "event.yml:1:17: team tie-break 'AOB:GP': game points (:GP) are computed for BH, BPG, BWG, "
     "FB, KS, PS, REP, SB, STD, WIN, WON only; expected AOB:MP, or one of BH:GP FB:GP SB:GP "
     "PS:GP KS:GP WIN:GP WON:GP BPG:GP BWG:GP REP:GP STD:GP"),
])
def test_check_refuses_points_systems_where_they_cannot_be_computed(tmp_path, trf, codes,
                                                                   expected):
    from kit.sitekit import make_event

    folder = make_event(tmp_path / "events", "event", CORPUS_TRF / trf, f"tiebreaks: {codes}\n")
    result = run("check", str(folder))
    assert result.exit_code == 1
    assert f"{folder}/{expected}" in result.output


# --- the reference calculator on game points ------------------------------------------------------

REFERENCE_CODES = ("PTS", "BH:GP", "BH:GP/C1", "BH:GP/M1", "SB:GP", "SB:GP/C1", "PS:GP",
                   "PS:GP/C1", "KS:GP", "FB:GP", "BH", "SB", "FB")


@pytest.mark.parametrize("edition", ["2024", "2026"])
@pytest.mark.parametrize("case", ["corpus", "swiss"])
def test_game_points_agree_with_the_reference_calculator(tmp_path, case, edition):
    """gacrux 1.11.65 (FIDE's reference calculator, a test-only dependency), run on the
    corpus team file and on the team Swiss above (with -s: it takes any 4-team, 3-round
    event for a round robin)."""
    import json
    import subprocess
    import sys

    if case == "corpus":
        path, teams, swiss = TEAM_FILE, read_event(TEAM_FILE).teams, []
    else:
        path, teams, swiss = tmp_path / "swiss.trf", _swiss(tmp_path), ["-s"]
    assert teams is not None
    command = [sys.executable, "-m", "gacrux.tiebreakchecker", *swiss, "-i", str(path), "-t",
               *(f"{code}/V{edition}" for code in REFERENCE_CODES)]
    output = subprocess.run(command, capture_output=True, text=True, check=True, timeout=120)
    reference = {c["cid"]: [Decimal(v) for v in c["tiebreakScore"]]
                 for c in json.loads(output.stdout)["tiebreakResult"]["competitors"]}
    standings = compute_standings(teams, list(REFERENCE_CODES[1:]), Edition(edition))
    ours = {int(row.player.start_no): [row.points, *(row.number(c) for c in REFERENCE_CODES[1:])]
            for row in standings.rows}
    assert ours == reference
