"""Every team file of the corpus reads without a silent misreading (issue 11).

A team file either reads as a team event, each thing the file left unsaid and the reader
inferred said in a warning at its line, or it is refused with errors that each point at a
line and column. Where the reference calculator reads a file, our match points and game
points per team are its values (``tests/corpus/teams/expected/``, made by running the
reference, not by this program); where we knowingly read a file differently, the test
pins the difference and names the article (``tests/corpus/teams/README.md``).

A mark ``xfail(strict=True)`` is a finding for the team reader (its reason says which,
the corpus README lists them): it pins what the reading must become, and fails as soon as
the fix lands so that the mark is removed.
"""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import pytest
from conftest import CORPUS, CORPUS_TRF

from generator.errors import Diagnostic, StandingsError
from generator.model import RoundKind, TeamTournament
from generator.reading.events import Event, read_event

TEAMS = CORPUS / "teams"
TEAM_TRF = TEAMS / "trf"
EXPECTED = TEAMS / "expected"

# Team files of the individual corpus: the corpus tests read them as events there.
INDIVIDUAL_CORPUS_TEAM_FILES = ("icu-armstrong-cup-2011.trf", "markdechamps-team-rr.trf")
TEAM_PATHS = [*sorted(TEAM_TRF.glob("*.trf")),
              *(CORPUS_TRF / name for name in INDIVIDUAL_CORPUS_TEAM_FILES)]


READS_AS_TEAM_EVENT_XFAIL: dict[str, str] = {}


def _ids(paths: list[Path]) -> list[str]:
    # The two team files of ../trf/ have copies here: tell them apart.
    return [path.name if path.parent == TEAM_TRF else f"trf/{path.name}" for path in paths]


def _read(path: Path) -> Event | StandingsError:
    try:
        return read_event(path)
    except StandingsError as refused:
        return refused


def _placed(diagnostic: Diagnostic) -> bool:
    return (diagnostic.path is not None and diagnostic.line is not None
            and diagnostic.column is not None)


def test_the_individual_corpus_team_files_are_all_here():
    """A team file added to ``tests/corpus/trf/`` is covered here too."""
    with_teams = sorted(
        path.name for path in CORPUS_TRF.glob("*.trf")
        if any(line.startswith(("013 ", "310 "))
               for line in path.read_text(encoding="utf-8", errors="replace").splitlines()))
    assert with_teams == sorted(INDIVIDUAL_CORPUS_TEAM_FILES)


@pytest.mark.parametrize("path", [
    pytest.param(path, marks=pytest.mark.xfail(strict=True, reason=READS_AS_TEAM_EVENT_XFAIL[
        path.name])) if path.name in READS_AS_TEAM_EVENT_XFAIL else path
    for path in TEAM_PATHS], ids=_ids(TEAM_PATHS))
def test_a_team_file_reads_as_a_team_event_or_is_refused_at_a_line(path):
    outcome = _read(path)
    if isinstance(outcome, StandingsError):
        errors = [d for d in outcome.diagnostics if d.is_error]
        assert errors, "refused without an error"
        unplaced = [str(d) for d in errors if not _placed(d)]
        assert not unplaced, "errors without a line and column"
        assert all(d.path == str(path) or d.path.endswith(path.name) for d in errors)
        return
    assert outcome.teams is not None, "a team file read as an individual event"
    # Every warning, and so every inference, says where it comes from.
    assert [str(w) for w in outcome.warnings if not _placed(w)] == []
    assert outcome.teams.teams, "a team event without teams"


# Raw exports the reference refuses, and the corrected copy whose values they must give:
# the copy only writes what the raw file leaves to the reader (README, SOURCES.md).
CORRECTED_COPY = {
    # The empty-board wins `0000 - -` counted in columns 81-84 (Q11).
    "crete-poa-2025": "crete-poa-2025-fixempty",
    # Those, and each team bye `0000 - -` on every player read as a PAB of 1 MP + 3 GP
    # (Q3); the -pab320 copy declares the byes with those values in a 320 record.
    "crete-friendship-cup-2024": "crete-friendship-cup-2024-fixempty-pab320",
    "crete-friendship-cup-2024-heltour": "crete-friendship-cup-2024-fixempty-pab320",
}


def _reference(stem: str) -> dict | None:
    """The reference's values for a file, or for the corrected copy beside it when the
    reference refuses the file only for what the copy corrects (bbp's 362 `TW  2.0`: the
    spec lists it as a layout real programs write, so ours must read both alike)."""
    for candidate in (stem, f"{stem}-fix362", CORRECTED_COPY.get(stem, stem)):
        path = EXPECTED / f"{candidate}.json"
        if path.exists():
            return json.loads(path.read_text(encoding="utf-8"))
    return None


def _primary_and_secondary(teams: TeamTournament) -> dict[int, tuple[Decimal, Decimal]]:
    """Per team (primary score, secondary score): MP then GP, or GP then MP when the event
    ranks on game points (C.07 11.1); the reference's PTS and MPVGP are the same pair."""
    scoring = teams.score_system
    scores = {}
    for team in teams.teams:
        match_points = sum((scoring.round_points(r) for r in team.results), Decimal(0))
        pair = (match_points, team.game_points)
        scores[int(team.start_no)] = pair[::-1] if teams.game_points_primary else pair
    return scores


def _reference_scores(reference: dict) -> dict[int, tuple[Decimal, Decimal]]:
    edition = reference["default_edition"]
    return {team["start_no"]: (Decimal(str(team["values"][edition]["PTS"])),
                               Decimal(str(team["values"][edition]["MPVGP"])))
            for team in reference["players"]}


# Compared separately: our reading follows C.07 and the event against the reference (Crete),
# the file is wrong and the reference takes it as written (Sharly's mistyped bye), or ours
# may refuse what the reference takes as written (issue 17's ½-0 games).
# A 299 without a result type (a penalty or bonus) is refused at its line: C.07 does not
# say how it enters the tie-breaks, and the reference's reading is not one score
# (tests/rules/test_team_corpus.py REFUSED).
KNOWN_DIVERGENCES = {"crete-friendship-cup-2024-fixempty", "sharly-grandmommys-cup-trf26",
                     "tiebreakserver-fideteam-issue17", "bbp-team-299-blank",
                     "bbp-team-299-blank-fix362"}
COMPARED = [path for path in TEAM_PATHS
            if _reference(path.stem) is not None and path.stem not in KNOWN_DIVERGENCES]
COMPARISON_XFAIL: dict[str, str] = {}


@pytest.mark.parametrize("path", [
    pytest.param(path, marks=pytest.mark.xfail(strict=True, reason=COMPARISON_XFAIL[
        path.stem])) if path.stem in COMPARISON_XFAIL else path
    for path in COMPARED], ids=_ids(COMPARED))
def test_match_and_game_points_are_the_references(path):
    reference = _reference(path.stem)
    assert reference is not None
    outcome = _read(path)
    assert not isinstance(outcome, StandingsError), "; ".join(
        str(d) for d in outcome.diagnostics if d.is_error)
    assert outcome.teams is not None, "read as an individual event"
    assert _primary_and_secondary(outcome.teams) == _reference_scores(reference)


def test_the_comparison_covers_every_file_the_reference_reads():
    """No expected file is left out by a renamed trf file."""
    covered = {path.stem for path in TEAM_PATHS if _reference(path.stem) is not None}
    expected = {path.stem for path in EXPECTED.glob("*.json") if not path.name.startswith("_")}
    assert expected <= covered


def test_crete_2024_team_byes_are_the_events_not_the_references():
    """The known divergence (README, R8 and Q3): the corrected copy still writes each team
    bye `0000 - -` on every player and has no 320. The reference scores those byes 0; ours
    reads them as the event's pairing-allocated byes, 1 MP and 3 GP each, the values the
    published standings imply (C.07 16.2.1 leaves a PAB's value to the event). So the
    two readings differ by exactly one bye's value, on exactly the seven bye teams."""
    path = TEAM_TRF / "crete-friendship-cup-2024-fixempty.trf"
    event = read_event(path)
    assert event.teams is not None
    ours = _primary_and_secondary(event.teams)
    reference = _reference_scores(_reference(path.stem) or {})
    bye_teams = {int(team.start_no) for team in event.teams.teams for result in team.results
                 if result.kind is RoundKind.PAIRING_ALLOCATED_BYE}
    assert len(bye_teams) == 7
    differences = {number: (ours[number][0] - reference[number][0],
                            ours[number][1] - reference[number][1])
                   for number in reference if ours[number] != reference[number]}
    assert differences == dict.fromkeys(bye_teams, (Decimal(1), Decimal(3)))


def test_the_mistyped_bye_of_sharlys_grandmommys_cup_is_not_read_silently():
    """Sharly Chess's TRF-26 copy of the TEC sample writes round 3's half-point byes as
    teams 26 and 50 (line 345); the TEC original, its 801/802 records and team 47's own 310
    totals (line 334) say 26 and 47, and team 50 already has that round's PAB in 320. The
    reference reads it without a word. Ours must say so: an error at line 345 (two byes for
    one team in one round), or at least a warning that team 47's totals (line 334) are not
    its matches'."""
    path = TEAM_TRF / "sharly-grandmommys-cup-trf26.trf"
    outcome = _read(path)
    diagnostics = (outcome.diagnostics if isinstance(outcome, StandingsError)
                   else outcome.warnings)
    assert [d for d in diagnostics if d.line == 345 or (d.line == 334 and not d.is_error)]


_BYE_KINDS = {"PAB": RoundKind.PAIRING_ALLOCATED_BYE, "FPB": RoundKind.FULL_POINT_BYE,
              "HPB": RoundKind.HALF_POINT_BYE, "ZPB": RoundKind.ZERO_POINT_BYE}
_FORFEITS = {RoundKind.FORFEIT_WIN, RoundKind.FORFEIT_LOSS}


def _rounds_in_802(path: Path) -> dict[int, list[tuple[str, Decimal, bool]]]:
    """Team number -> per round (opponent number or bye kind, game points, forfeited).

    802 is the informative team crosstable of the draft TRF-2025 (and TRF-26): per round an
    opponent, a colour and the game points, `f` after them for a forfeited match, or a bye
    (`PAB`, `FPB`, `HPB`, `ZPB`) and its game points. Read by words, which every program's
    spacing of it allows."""
    rounds: dict[int, list[tuple[str, Decimal, bool]]] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.startswith("802"):
            continue
        words = line.split()
        blocks, index = [], 5  # 802, team, short name, MP, GP
        while index < len(words):
            if words[index] in _BYE_KINDS:
                what, points, index = words[index], words[index + 1], index + 2
            else:
                what, points, index = words[index], words[index + 2], index + 3
            blocks.append((what, Decimal(points.rstrip("f")), points.endswith("f")))
        rounds[int(words[1])] = blocks
    return rounds


def test_each_match_is_the_tec_samples_own_crosstable():
    """The TEC's sample carries its own answer per team and round, independent of the
    reference: the 802 records (their game points add up to every 310 total). Each round of
    each team, ours must have the same opponent or bye, the same game points, and a forfeit
    where 802 marks one."""
    path = TEAM_TRF / "echecsjs-grandmommys-cup.trf"
    crosstable = _rounds_in_802(path)
    assert len(crosstable) == 50 and {len(r) for r in crosstable.values()} == {14}
    event = read_event(path)
    assert event.teams is not None
    ours = {}
    for team in event.teams.teams:
        blocks = []
        for match, result in zip(team.matches, team.results, strict=True):
            bye = next((name for name, kind in _BYE_KINDS.items() if kind is result.kind), None)
            points = match.game_points if match.game_points is not None else Decimal(0)
            blocks.append((bye or str(match.opponent), points, result.kind in _FORFEITS))
        ours[int(team.start_no)] = blocks
    assert ours == crosstable


BOARDS_XFAIL: dict[str, str] = {}
UNNUMBERED = {
    # ICU's TRF-16 league: line-ups change every round and the boards are not in roster
    # order, so in 5 of its matches with an empty board no numbering fits the roster order
    # and the pairings (each said in a warning); both teams' board tie-breaks are undefined.
    # Its other matches are numbered in roster order, which is not the order its boards were
    # paired in (the reference refuses the file for it, wanting 300 records).
    "icu-armstrong-cup-2011.trf": 10,
}


@pytest.mark.parametrize("path", [
    pytest.param(path, marks=pytest.mark.xfail(strict=True, reason=BOARDS_XFAIL[path.name]))
    if path.name in BOARDS_XFAIL else path for path in TEAM_PATHS], ids=_ids(TEAM_PATHS))
def test_a_match_is_its_boards(path):
    """What a site shows of a match and what the board tie-breaks (Art. 12) read: a played
    match's game points are the points of its boards, a board won against an empty board
    among them (the model's BoardGame with no opponent); one game has one board number for
    both teams, and a board won against an empty board is a number the other team did not
    use. A TRF-16 match with an empty board is numbered only where the roster order, the
    pairings and the colours allow one numbering (Q9), which every such match of the
    corpus does. A refused file has no matches to hold to this."""
    outcome = _read(path)
    if isinstance(outcome, StandingsError):
        return
    teams = outcome.teams
    assert teams is not None, "a team file read as an individual event"
    wrong_sum, unnumbered, two_numbers = [], [], []
    for team in teams.teams:
        for match in team.matches:
            if match.opponent is None or match.game_points is None:
                continue
            if match.game_points != sum((board.points for board in match.boards), Decimal(0)):
                wrong_sum.append((int(team.start_no), match.round))
            if not match.boards_numbered:
                unnumbered.append((int(team.start_no), match.round))
                continue
            other = {b.player: b.board for b in teams.team(match.opponent).match(
                match.round).boards}
            if any(other.get(b.opponent) != b.board if b.opponent is not None
                   else b.board in other.values() for b in match.boards):
                two_numbers.append((int(team.start_no), match.round))
    assert (wrong_sum, len(unnumbered)) == ([], UNNUMBERED.get(path.name, 0))
    if path.name not in UNNUMBERED:
        assert two_numbers == []


def _is_trf16(path: Path) -> bool:
    """Teams listed in 013 records only: the file gives no line-ups (300) and no 310."""
    lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
    return (any(line.startswith("013") for line in lines)
            and not any(line.startswith(("310", "300")) for line in lines))


def _asymmetric_games(path: Path) -> set[tuple[int, int]]:
    """(line, column of the later player's result) of every game whose two results do not
    add up to one game's points (½-0, 0-0), found in the file's text alone."""
    complement = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+"}
    blocks: dict[int, tuple[int, str]] = {}
    players: dict[int, list[str]] = {}
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if line.startswith("001"):
            start_no = int(line[4:8])
            players[start_no] = [line[91 + 10 * k:99 + 10 * k] for k in range(9)]
            blocks[start_no] = (number, line)
    found = set()
    for start_no, rounds in players.items():
        for k, block in enumerate(rounds):
            if len(block) < 8 or not block[:4].strip() or block[:4] == "0000":
                continue
            opponent = int(block[:4])
            theirs = players[opponent][k][7]
            if opponent > start_no and theirs != complement.get(block[7]):
                found.add((blocks[opponent][0], 91 + 10 * k + 8))
    return found


def test_issue17s_half_lost_games_are_refused_at_their_lines_or_read_as_written():
    """Sharly Chess's generated issue-17 event has 170 games whose results do not add up:
    ½ for one player and 0 for the other (150), 0 for both (20). The Laws let an arbiter
    award such scores (12.9: the opponent's score is the arbiter's to decide), the file's
    310 totals count them as written and so does the reference. Ours either refuses each at
    its line (the reader's rule that a game's results complement each other) or reads them
    as written, with the reference's values; nothing in between."""
    path = TEAM_TRF / "tiebreakserver-fideteam-issue17.trf"
    asymmetric = _asymmetric_games(path)
    assert len(asymmetric) == 170
    outcome = _read(path)
    if isinstance(outcome, StandingsError):
        assert {(d.line, d.column) for d in outcome.diagnostics if d.is_error} == asymmetric
        return
    assert outcome.teams is not None
    assert _primary_and_secondary(outcome.teams) == _reference_scores(
        _reference(path.stem) or {})


def test_sharlys_299_game_points_one_column_early_are_errors_at_their_column():
    """Lines 539-540 of Sharly Chess's copy, `299 +  2.0  2.5   1    1` and `299 -  0.0  1.5`,
    write the game points at columns 13-15, one column left of 14-17 (as the TRF-26
    document's own example does, spec R12): read from 14-17 they would be `.5`, a different
    number. Each is an error at column 13, never a silent ½."""
    outcome = _read(TEAM_TRF / "sharly-grandmommys-cup-trf26.trf")
    assert isinstance(outcome, StandingsError)
    found = [(d.line, d.column, d.message) for d in outcome.diagnostics if d.line in (539, 540)]
    assert found == [
        (539, 13, "game points '2.5' in record 299 starts at column 13, left of columns 14-17"),
        (540, 13, "game points '1.5' in record 299 starts at column 13, left of columns 14-17")]
