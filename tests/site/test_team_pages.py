"""The pages of a team event (issue 11): team standings and crosstable, round pages with
every match's boards, a page per team, a page per team member, and the board prizes.

The expected numbers come from outside the code under test: the official final standings
of the Crete 2024 Friendship Cup (tests/corpus/teams/published), the TRF file's own lines
(each test says which), and for the cases no real file has yet (a board left empty, listed
as the model lists it) a team event changed by hand.
"""

from __future__ import annotations

import dataclasses
import json
from decimal import Decimal
from pathlib import Path

import html5lib
import pytest
from conftest import ROOT
from kit.sitekit import make_event, page_table_rows

from generator.model import ResultCode, StartNo
from generator.reading.events import read_event, read_events
from generator.site import build as site_build
from generator.site.build import build_site, plan_event, render_event
from generator.site.matches import match_boards
from generator.site.numbers import format_points
from generator.site.render import make_environment
from generator.site.team_view import board_records, board_tables, member_views, roster

TEAMS = ROOT / "tests" / "corpus" / "teams"
CRETE = TEAMS / "trf" / "crete-friendship-cup-2024.trf"
CRETE_SETTINGS = "title: Crete cup\ntiebreaks: [BH:MP]\n"
PUBLISHED = json.loads((TEAMS / "published" / "crete-friendship-cup-2024.json")
                       .read_text(encoding="utf-8"))
NAME = {team["start_no"]: team["name"] for team in PUBLISHED["teams"]}
"""The published team names (Greek) by team number."""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("teams")
    events = root / "events"
    make_event(events, "crete", CRETE, CRETE_SETTINGS)
    make_event(events, "rr", TEAMS / "trf" / "markdechamps-team-rr.trf",
               "title: Team round robin\ntiebreaks: [DE, SB]\n")
    make_event(events, "hostile", hostile_crete(), CRETE_SETTINGS)
    make_event(events, "tec", TEAMS / "trf" / "tec2023-exercise-teams.trf",
               "title: TEC exercise\ntiebreaks: [BH:MP]\n")
    build_site(events, root / "site")
    return root / "site"


HOSTILE = "<script>alert(1)</script>"


def hostile_crete() -> str:
    """Crete with team 1 and its first player named as an attack (same columns)."""
    lines = CRETE.read_text(encoding="utf-8").splitlines(keepends=True)
    for index, line in enumerate(lines):
        if line.startswith(f"013 {NAME[1]} "):
            lines[index] = "013 " + HOSTILE.ljust(32) + line[36:]
        elif line.startswith("001   13 "):
            lines[index] = line[:14] + HOSTILE.ljust(33) + line[47:]
    return "".join(lines)


def table_rows(page: Path, caption: str) -> list[list[str]]:
    """The body rows of the table whose caption starts with ``caption``, cell texts."""
    return page_table_rows(page.read_bytes(), caption)


def text_of(page: Path) -> str:
    document = html5lib.parse(page.read_bytes(), namespaceHTMLElements=False)
    return " ".join("".join(document.find(".//main").itertext()).split())


# --- team standings --------------------------------------------------------------------------

def test_team_standings_show_the_published_match_points_game_points_and_w_d_l(site):
    rows = table_rows(site / "crete" / "index.html", "Standings of")
    # Rk, Team, MP, GP, W, D, L, BH:MP, No (the team number last, after what a phone
    # must show first)
    shown = {int(row[-1]): row for row in rows}
    assert len(shown) == len(PUBLISHED["teams"]) == 15
    for team in PUBLISHED["teams"]:
        row = shown[team["start_no"]]
        assert row[1] == team["name"]
        assert Decimal(row[2]) == Decimal(team["values"]["PTS"]), team["name"]
        assert Decimal(row[3].replace("½", ".5")) == Decimal(str(team["values"]["MPVGP"]))
        assert [int(row[4]), int(row[5]), int(row[6])] == [
            team["matches"]["won"], team["matches"]["drawn"], team["matches"]["lost"]]
        assert Decimal(row[7]) == Decimal(team["values"]["BH:MP"]), team["name"]


def test_standings_after_a_round_count_that_rounds_matches_only(site):
    # Round 1: team 15 had the bye (every player `0000 - -`), worth 1 MP and 3 GP as
    # the published totals show; team 1 drew 3-3 (lines 29-34: 0 0 1 1 0 1).
    rows = {int(r[-1]): r for r in table_rows(site / "crete" / "rounds" / "1-standings.html",
                                               "Standings")}
    assert rows[15][2:7] == ["1", "3", "0", "0", "0"]
    assert rows[1][2:7] == ["1", "3", "0", "1", "0"]


def test_each_tiebreak_value_links_to_its_derivation_on_the_teams_page(site):
    # A value opens "<name link>#p<number>-<column anchor>" (site.js, one listener per
    # table): the column says its anchor, the row links the team.
    page = (site / "crete" / "index.html").read_text(encoding="utf-8")
    assert '<table class="standings" data-sortable data-filter data-derivations>' in page
    assert 'data-anchor="bh-mp"' in page and 'href="teams/1.html"' in page
    assert 'id="p1-bh-mp"' in (site / "crete" / "teams" / "1.html").read_text(encoding="utf-8")


# --- crosstable --------------------------------------------------------------------------------

def test_team_crosstable_gives_each_match_from_the_teams_side(site):
    rows = table_rows(site / "crete" / "crosstable.html", "Crosstable of")
    gazi = next(row for row in rows if row[1] == NAME[1])
    # Lines 29-34 (players 13-18, team 1): round 1 b 0, w 0, b 1, w 1, b 0, w 1: 3-3 with
    # Black on board 1; round 2 w 1 and five losses: 1-5; round 4 four wins, a draw and
    # player 15's board won against an empty board (the point counted in 81-84): 5½-½.
    rounds = gazi[2:9]
    assert rounds[0].endswith("b 3–3 D")
    assert rounds[1].endswith("w 1–5 L")
    assert rounds[3].endswith("w 5½–½ W")


def test_team_round_robin_grid_gives_the_match_scores(site):
    rows = table_rows(site / "rr" / "crosstable.html", "Berger table of")
    column = {row[1]: index for index, row in enumerate(rows, start=2)}  # by place
    team_1 = rows[column["Team 1"] - 2]
    # Lines 10-13 (Team 1's boards): round 1 against Team 2 (players 5-8) 1, 1, 0, ½;
    # round 2 against Team 3 (players 9-12) 0, ½, ½, 1.
    assert team_1[column["Team 2"]] == "2½–1½ W"
    assert team_1[column["Team 3"]] == "2–2 D"
    assert team_1[column["Team 1"]] == "×"


# --- rounds ------------------------------------------------------------------------------------

def test_round_page_lists_every_board_of_a_match_and_the_team_bye_in_words(site):
    page = site / "crete" / "rounds" / "1.html"
    text = text_of(page)
    # Board 1 of team 8 v team 1 (line 29: player 13 Black against 44, lost).
    assert "Gratseas,Stefanos (w) 1–0 Lirindzakis,Timotheos" in text
    byes = table_rows(page, "Byes and absences in round 1")
    assert byes == [[f"{NAME[15]} (0)", "pairing-allocated bye (PAB)", "1", "3"]]


# --- a board left empty --------------------------------------------------------------------

@pytest.fixture(scope="module")
def crete_plan():
    return plan_event(read_event(ROOT / "events" / "crete-friendship-cup-2024"))


def test_a_board_left_empty_shows_no_player_from_both_sides(crete_plan):
    # Line 31: player 15 (third on team 1's list) has `0000 - -` in round 4, counted as
    # won in columns 81-84; team 11 fielded five players (lines 100-104) against team 1.
    plan = crete_plan
    teams = plan.event.teams
    own = match_boards(plan.event, teams.team(StartNo(1)), 4)
    theirs = match_boards(plan.event, teams.team(StartNo(11)), 4)
    assert [(b.player.start_no if b.player else None,
             b.opponent.start_no if b.opponent else None) for b in own][2] == (15, None)
    assert own[2].result == "+:−"
    assert len(theirs) == 6
    empty = next(b for b in theirs if b.player is None)
    assert (empty.opponent.start_no, empty.result) == (15, "−:+")
    # TRF-16 has no line-up, but only board 3 fits the roster order, the pairings and the
    # colours: one game, one board number, on both teams' pages and on the round page.
    assert all(b.is_numbered for b in (*own, *theirs))
    start = lambda player: player.start_no if player else None  # noqa: E731
    assert empty.number == 3
    assert ({(b.number, start(b.player), start(b.opponent)) for b in own}
            == {(b.number, start(b.opponent), start(b.player)) for b in theirs})
    page = render_event(plan, make_environment())[
        "crete-friendship-cup-2024/rounds/4.html"].decode()
    match = page[page.index('<ol class="boards"><li value="1"><a href="../players/13.html"'):]
    match = match[:match.index("</ol>")]
    assert '<li value="3"><a href="../players/15.html">' in match
    assert '<li value="4"><a href="../players/16.html">' in match
    assert "The file does not say which board was left empty" not in page


def test_the_roster_and_member_page_count_a_board_won_against_an_empty_board(crete_plan):
    plan = crete_plan
    teams = plan.event.teams
    lines = roster(plan, teams.team(StartNo(1)), board_records(teams))
    papathanasiou = next(line for line in lines if line.player.start_no == 15)
    # Line 31: 4.5 points in columns 81-84, from 7 boards (rounds 1-7).
    assert (papathanasiou.points, papathanasiou.games) == ("4½", 7)
    member = member_views(plan, (StartNo(15),))[0]
    round_4 = member.games[3]
    assert (round_4.opponent, round_4.result, round_4.board_is_numbered) == (None, "+", True)
    assert round_4.board == 3


def test_board_prizes_count_every_match_of_the_real_file(crete_plan):
    boards = board_tables(crete_plan)
    board_1 = {s.player.start_no: s for s in boards.tables[0].scores}
    # Player 13 (line 29) was first of team 1's line-up in all 7 rounds, round 4's match
    # with its empty board (line 31) included: one numbering fits it.
    assert (board_1[StartNo(13)].games, board_1[StartNo(13)].points) == (7, "4")
    assert (boards.left_out, boards.matches) == (0, 49)


def test_board_prizes_count_a_match_they_leave_out_once(tmp_path):
    # Crete 2024 without player 88's empty-board win of round 5 (line 105): team 11 sits 4
    # players, team 14 five, on six boards, and two numberings fit the colours. That one
    # match is left out, for both its teams: one match, not two.
    lines = (ROOT / "events" / "crete-friendship-cup-2024" / "tournament.trf").read_text(
        encoding="utf-8").splitlines()
    line = next(i for i, text in enumerate(lines) if text.startswith("001   88 "))
    start = 91 + 4 * 10
    assert lines[line][start:start + 8] == "0000 - +"
    lines[line] = (lines[line][:80] + " 1.5" + lines[line][84:start] + "0000 - -"
                   + lines[line][start + 8:])
    folder = tmp_path / "crete"
    folder.mkdir()
    (folder / "tournament.trf").write_text("\n".join(lines) + "\n", encoding="utf-8")
    plan = plan_event(read_event(folder))
    # 15 teams, one of them without a match each round: 7 matches in each of 7 rounds.
    assert (board_tables(plan).left_out, board_tables(plan).matches) == (1, 49)
    page = render_event(plan, make_environment())["crete/boards.html"].decode()
    assert "Not counted: 1 of the 49 team matches: each had a board left empty" in page


def test_a_match_forfeited_as_a_whole_is_said_in_words(crete_plan):
    # Crete has none: team 1's round-4 match against team 11 marked as the reader marks a
    # match won by forfeit (the TEC exercise's 330 match is checked below).
    plan = crete_plan
    teams = plan.event.teams
    changed = {}
    for number, code in ((1, ResultCode.FORFEIT_WIN), (11, ResultCode.FORFEIT_LOSS)):
        team = teams.team(StartNo(number))
        results = list(team.results)
        results[3] = dataclasses.replace(results[3], code=code)
        changed[number] = dataclasses.replace(team, results=tuple(results))
    players = tuple(changed.get(t.start_no, t) for t in teams.teams)
    event = dataclasses.replace(plan.event, teams=dataclasses.replace(teams, players=players))
    files = render_event(plan_event(event), make_environment())
    round_page = files["crete-friendship-cup-2024/rounds/4.html"].decode()
    assert "(first team: match won by forfeit)" in round_page
    team_page = files["crete-friendship-cup-2024/teams/11.html"].decode()
    assert "match lost by forfeit" in team_page


def test_team_byes_and_a_forfeited_match_of_trf26_records_in_words(site):
    # The TEC exercise file's last lines: `320  1.0  2.0 ... 12 0 14` (team 12 has the PAB
    # in round 5 and team 14 in round 7, each 1 MP and 2 GP), `240 H 5 14` (team 14's
    # half-point bye in round 5), `240 Z 7 7` (team 7 absent in round 7), `330 +- 6 1 6`
    # (round 6: team 1 wins against team 6 by forfeit).
    rounds = site / "tec" / "rounds"
    byes_5 = {row[0].rsplit(" (", 1)[0]: row[1:]
              for row in table_rows(rounds / "5.html", "Byes and absences")}
    assert byes_5["Lynxes"] == ["pairing-allocated bye (PAB)", "1", "2"]
    assert byes_5["Narwhals"][0] == "half-point bye (HPB)"
    byes_7 = {row[0].rsplit(" (", 1)[0]: row[1:]
              for row in table_rows(rounds / "7.html", "Byes and absences")}
    assert byes_7["Narwhals"] == ["pairing-allocated bye (PAB)", "1", "2"]
    assert byes_7["Giraffes"][0] == "zero-point bye (ZPB) or absence"
    matches = [row for row in table_rows(rounds / "6.html", "Results of round 6")
               if len(row) == 4]  # a match's row (its boards are the row below)
    forfeited = next(row for row in matches if "Antelopes" in row[1] + row[3])
    # Falcons had White on board 1, so they are the first team: they lost by forfeit.
    assert forfeited[1].startswith("Falcons") and forfeited[3].startswith("Antelopes")
    assert forfeited[2].endswith("(first team: match lost by forfeit)")
    team_page = text_of(site / "tec" / "teams" / "1.html")
    assert "match won by forfeit" in team_page


# --- the team page and the member pages -------------------------------------------------------

def test_team_page_has_roster_matches_tiebreaks_and_why(site):
    page = site / "crete" / "teams" / "1.html"
    roster_rows = table_rows(page, f"Players of {NAME[1]}")
    # The 013 line 147: 13 14 15 16 17 18 90 129; 90 and 129 never play.
    assert [row[1] for row in roster_rows][:1] == ["Lirindzakis,Timotheos"]
    assert len(roster_rows) == 8
    assert [row[3] for row in roster_rows[6:]] == ["did not play", "did not play"]
    text = text_of(page)
    assert "How each tie-break was reached" in text and "Why 5th" in text
    matches = table_rows(page, f"Matches of {NAME[1]}")
    assert matches[0][:4] == ["1", f"{NAME[8]} (8)", "b", "3–3 D"]


def test_member_page_lists_each_game_by_round_and_board(site):
    page = site / "crete" / "players" / "13.html"
    rows = table_rows(page, "Games of Lirindzakis,Timotheos")
    # Line 29, round 2: `19 w 1`; player 19 is Bakalis (line 35), on team 12's list
    # (013 line 158); player 13 was first of his team's line-up that round.
    assert rows[1] == ["2", "1", "Bakalis,Efthymios", NAME[12], "w", "1"]
    text = text_of(page)
    assert f"4 of 7 games (57.1%) for {NAME[1]}" in text  # 4.0 in columns 81-84 of line 29
    html = page.read_text(encoding="utf-8")
    assert 'href="../teams/1.html"' in html and 'href="../teams/12.html"' in html


def test_a_reserve_who_never_played_has_a_page_saying_so(site):
    text = text_of(site / "crete" / "players" / "90.html")
    assert f"0 of 0 games for {NAME[1]}" in text
    assert text.count("not in the line-up") == 7


def test_every_players_score_for_the_team_equals_the_points_column(site):
    # Swiss-Manager's own count (columns 81-84) includes the boards won against an empty
    # board; the team pages must agree with it for every player of the raw export.
    event = read_event(ROOT / "events" / "crete-friendship-cup-2024")
    plan = plan_event(event)
    teams = event.teams
    records = board_records(teams)
    shown = {line.player.start_no: line.points for team in teams.teams
             for line in roster(plan, team, records)}
    points = {}
    for line in CRETE.read_text(encoding="utf-8").splitlines():
        if line.startswith("001"):
            points[int(line[4:8])] = Decimal(line[80:84])
    assert {n: shown[n] for n in points if n in shown} == {
        n: format_points(p) for n, p in points.items() if n in shown}


# --- the board prizes --------------------------------------------------------------------------

def test_boards_page_ranks_each_boards_scores(site):
    rows = table_rows(site / "crete" / "boards.html", "Scores on board 1")
    # Rk, Player, Team, Points, Games, %
    percentages = [Decimal(row[5].rstrip("%")) for row in rows]
    assert percentages == sorted(percentages, reverse=True)
    lirindzakis = next(row for row in rows if row[1] == "Lirindzakis,Timotheos")
    # Line 29: 4.0 on board 1 in 7 rounds, round 4 included (a win, in a match with an
    # empty board that one numbering fits).
    assert lirindzakis[2:] == [NAME[1], "4", "7", "57.1%"]
    equal = [row for row in rows if row[3:] == lirindzakis[3:]]
    assert len({row[0] for row in equal}) == 1  # equal scores share the place


def test_every_team_event_page_links_relatively(site):
    for page in (site / "crete").rglob("*.html"):
        html = page.read_text(encoding="utf-8")
        assert 'href="/' not in html and "href='/" not in html, page


def test_a_hostile_team_or_player_name_is_text_on_every_page(site):
    pages = sorted((site / "hostile").rglob("*.html"))
    shown = [page for page in pages
             if "&lt;script&gt;alert(1)&lt;/script&gt;" in page.read_text(encoding="utf-8")]
    # The team's page, its player's, the standings, rounds, crosstable, boards ...
    assert {"teams/1.html", "players/13.html", "index.html", "boards.html",
            "crosstable.html"} <= {p.relative_to(site / "hostile").as_posix() for p in shown}
    assert not any(HOSTILE in page.read_text(encoding="utf-8") for page in pages)


def test_the_downloads_carry_each_teams_game_points(site):
    published = {team["start_no"]: team["values"]["MPVGP"] for team in PUBLISHED["teams"]}
    document = json.loads((site / "crete" / "standings.json").read_text(encoding="utf-8"))
    assert {entry["start_no"]: entry["game_points"] for entry in document["players"]} \
        == published
    lines = (site / "crete" / "standings.csv").read_text(encoding="utf-8").splitlines()
    head = lines[0].split(",")
    assert head[head.index("points") + 1] == "game_points"
    column = head.index("game_points")
    assert {int(line.split(",")[1]): float(line.split(",")[column]) for line in lines[1:]} \
        == published


@pytest.mark.parametrize("players_per_job", [None, 1])
def test_team_event_jobs_render_their_paths_and_together_the_event(
        tmp_path: Path, players_per_job: int | None) -> None:
    # Serve renders job by job (one page each) and build by slices: the team pages, the
    # member pages and the board prizes must be where each job says they are.
    events = tmp_path / "events"
    make_event(events, "crete", CRETE, CRETE_SETTINGS)
    make_event(events, "rr", TEAMS / "trf" / "markdechamps-team-rr.trf",
               "title: Team round robin\ntiebreaks: [DE, SB]\n")
    env = make_environment(events)
    for event in read_events(events):
        plan = site_build.plan_event(event)
        together: dict[str, bytes] = {}
        for job in site_build.event_jobs(plan, players_per_job=players_per_job):
            files = site_build.render_event_job(plan, env, job)
            assert tuple(files) == job.paths(plan), job
            assert not set(files) & set(together), job
            together.update(files)
        assert together == site_build.render_event(plan, env), plan.slug
        teams = plan.event.teams
        assert {f"{plan.slug}/teams/{t.start_no}.html" for t in teams.teams} <= set(together)
        assert {f"{plan.slug}/players/{n}.html" for t in teams.teams for n in t.members} \
            <= set(together)
        assert f"{plan.slug}/boards.html" in together


# --- why a column is blank or left out -----------------------------------------------------------

def _crete_site(tmp_path: Path, tiebreaks: str, without_88s_win: bool = False) -> Path:
    """The real Crete export (tests/corpus) built with ``tiebreaks``; ``without_88s_win``:
    player 88's round-5 board won against an empty board (line 105) taken away, so that
    two numberings fit team 11's match against team 14."""
    text = CRETE.read_text(encoding="utf-8")
    if without_88s_win:
        lines = text.splitlines()
        line = next(i for i, t in enumerate(lines) if t.startswith("001   88 "))
        start = 91 + 4 * 10
        assert lines[line][start:start + 8] == "0000 - -"  # counted in columns 81-84
        lines[line] = lines[line][:80] + " 1.5" + lines[line][84:]
        text = "\n".join(lines) + "\n"
    events = tmp_path / "events"
    make_event(events, "crete", text, f"title: Crete cup\ntiebreaks: [{tiebreaks}]\n")
    build_site(events, tmp_path / "site")
    return tmp_path / "site" / "crete"


def _headings(page: Path, caption: str) -> list[str]:
    document = html5lib.parse(page.read_bytes(), namespaceHTMLElements=False)
    for table in document.iter("table"):
        found = table.find("caption")
        if found is not None and "".join(found.itertext()).startswith(caption):
            return [" ".join("".join(cell.itertext()).split())
                    for cell in table.find("thead").iter("th")]
    raise AssertionError(f"no table captioned {caption!r} on {page}")


def test_an_mpvgp_column_that_repeats_the_game_points_is_shown_once(tmp_path):
    # The event's own list (events/crete-friendship-cup-2024/event.yml): MPvGP is each
    # team's game points, the GP column's numbers.
    crete = _crete_site(tmp_path, "MPvGP, EGGSB, BH:MP")
    assert _headings(crete / "index.html", "Standings of") == [
        "Rk", "Team", "MP", "W", "D", "L", "MPvGP", "EGGSB", "BH:MP", "No"]
    rows = {row[1]: row for row in table_rows(crete / "index.html", "Standings of")}
    assert rows[NAME[3]][6] == "24½"


def test_board_tiebreaks_after_every_tie_is_broken_are_left_out_and_said(tmp_path):
    # MPvGP and BC separate every tied group of Crete 2024: TBR and BBE place nobody.
    crete = _crete_site(tmp_path, "MPvGP, BC, TBR, BBE")
    headings = _headings(crete / "index.html", "Standings of")
    assert "BC" in headings and "TBR" not in headings and "BBE" not in headings
    assert ("Not shown: TBR, BBE, which placed no team: the tie-breaks before them had "
            "already separated every tied group.") in text_of(crete / "index.html")


def test_a_blank_board_count_says_why_on_the_standings_and_the_team_page(tmp_path):
    crete = _crete_site(tmp_path, "BC, TBR, BBE", without_88s_win=True)
    rows = {row[-1]: row for row in table_rows(crete / "index.html", "Standings of")}
    assert rows["11"][7:10] == ["–", "–", "–"]
    assert ("– under BC, TBR, BBE: the file does not decide on which board each game of a "
            "match with an empty board was played (teams 11, 14), and the board tie-breaks "
            "need it (C.07 Art. 12); such a value separates nobody."
            ) in text_of(crete / "index.html")
    # The file, not C.07, leaves it undefined: the team page says the file's reason only.
    team = text_of(crete / "teams" / "11.html")
    assert "the file does not say on which board each game of round 5 was played" in team
    assert "C.07 leaves it undefined here" not in team


def test_member_page_shows_the_flag_as_a_players_page_does(site):
    # Issue 23. Line 29: player 13 plays for GRE (columns 54-56).
    html = (site / "crete" / "players" / "13.html").read_text(encoding="utf-8")
    assert ('<dd><span class="flag flag-gr"></span><abbr title="FIDE federation code">GRE'
            '</abbr></dd>') in html
    assert ".flag-gr {" in (site / "static" / "style.css").read_text(encoding="utf-8")


def test_a_name_written_without_a_space_after_its_comma_may_break_there(site):
    # Issue 23: "Lirindzakis,Timotheos" (line 29) was one word, wider than a phone's name
    # column. The break is a <wbr>: the text a reader copies or searches is unchanged.
    page = site / "crete" / "teams" / "1.html"
    roster_cell = ('<th scope="row" class="name"><a href="../players/13.html">'
                   'Lirindzakis,<wbr>Timotheos</a></th>')
    assert roster_cell in page.read_text(encoding="utf-8")
    assert table_rows(page, f"Players of {NAME[1]}")[0][1] == "Lirindzakis,Timotheos"
