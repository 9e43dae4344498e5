"""Every export of the corpus passes the publishing workflow's ``check --strict`` unless the
file itself is wrong, and then only for what is wrong in it.

``--strict`` refuses warnings and lets notes pass (README, "Publishing on GitHub Pages"). A
file is listed in ``GENUINE`` only for a genuine error: the file contradicts itself, breaks
the TRF format, leaves open a value the standings depend on, or holds what the issue that
made these warnings asks to be said (an arbiter's score such as 0-0). Each entry says what
it is, every warning the check prints must be of that kind (so a listed file cannot hide a
new refusal), and where event.yml can settle it the check passes once it does.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.cli import main
from tests.conftest import CORPUS

EXPORTS = sorted([*(CORPUS / "trf").glob("*.trf"), *(CORPUS / "teams" / "trf").glob("*.trf")])


@dataclass(frozen=True)
class Genuine:
    why: str
    marks: tuple[str, ...]
    """Each warning the check prints holds one of these."""
    settled_by: str | None = None
    """event.yml that settles every warning: the arbiter says what the file leaves open."""


BLANK_BYES = Genuine(
    "the points column counts blank rounds as half-point byes the results do not hold",
    ("points column says",))
RANK_AFTER_FIXED_POINTS = Genuine(
    "constructed: the points column was corrected, so the rank column now contradicts it",
    ("the file ranks player", "rank column contradicts the points"))
NO_OPPONENT = Genuine(
    "'+' or '=' without an opponent: a pairing-allocated or a requested bye, which the "
    "tie-breaks tell apart (C.07 16.2), and TRF-16 writes 'U', 'F' or 'H' for them",
    ("without an opponent",))
NOT_UTF8 = "file is not UTF-8"
"""A guess, not an error of the file: event.yml's ``encoding`` settles it (tested below and in
test_trf.py); listed beside the genuine errors of the one corpus file saved in cp1252."""
ARBITER_SCORES = Genuine(
    "an arbiter's score (0-0, 0-½) is read as a game played and said (issue 23)",
    ("read as a game played",))


def team_bye(match_points: str, game_points: str, *, also: tuple[str, ...] = ()) -> Genuine:
    """A team's pairing-allocated bye whose worth neither a 320 record nor event.yml gives
    (C.07 leaves it to the event, 16.2.1): settled by event.yml's ``team_bye``."""
    marks = ("has the pairing-allocated bye in round", "inferred the team's pairing-allocated bye",
             *also)
    settled = None if also else (
        f"team_bye: {{match_points: {match_points}, game_points: {game_points}}}\n")
    return Genuine("a team bye whose worth the file does not give", marks, settled)


PENALTY_299 = ("a penalty or bonus (record 299 without a result type)",)

GENUINE = {
    "icu-bunratty-masters-2011.trf": BLANK_BYES,
    "icu-irish-juniors-2011.trf": Genuine(BLANK_BYES.why, (*BLANK_BYES.marks, NOT_UTF8)),
    "icu-bunratty-masters-2011-fixpts.trf": RANK_AFTER_FIXED_POINTS,
    "icu-irish-juniors-2011-fixpts.trf": Genuine(
        RANK_AFTER_FIXED_POINTS.why, (*RANK_AFTER_FIXED_POINTS.marks, NOT_UTF8)),
    "icu-gonzaga-2008.trf": NO_OPPONENT,
    "icu-gonzaga-2008-hbye.trf": NO_OPPONENT,
    "icu-gonzaga-2008-arbiter-scores.trf": Genuine(
        NO_OPPONENT.why, (*NO_OPPONENT.marks, *ARBITER_SCORES.marks)),
    "sklangen-karl-mala-2005.trf": NO_OPPONENT,
    "sklangen-karl-mala-2005-fixcol.trf": NO_OPPONENT,
    "tiebreakserver-fideteam-issue17.trf": ARBITER_SCORES,
    "bbp-team-299-all.trf": team_bye("1", "1"),
    "bbp-team-299-all-fix362.trf": team_bye("1", "1"),
    "bbp-team-299-forfeit.trf": team_bye("1", "1"),
    "bbp-team-299-forfeit-fix362.trf": team_bye("1", "1"),
    "bbp-team-299-target.trf": team_bye("1", "1"),
    "bbp-team-299-target-fix362.trf": team_bye("1", "1"),
    "bbp-team-c2-doublebye.trf": team_bye("1", "1"),
    "bbp-team-c2-doublebye-fix362.trf": team_bye("1", "1"),
    "bbp-team-pab-drawgp.trf": team_bye("1", "1"),
    "bbp-team-pab-drawgp-fix362.trf": team_bye("1", "1"),
    "bbp-team-299-blank.trf": team_bye("1", "1", also=PENALTY_299),
    "bbp-team-299-blank-fix362.trf": team_bye("1", "1", also=PENALTY_299),
    "bbp-team-c2-forfeit.trf": team_bye("1", "1", also=PENALTY_299),
    "bbp-team-c2-forfeit-fix362.trf": team_bye("1", "1", also=PENALTY_299),
    # Its 310 records give each team with a bye 2 game points for it: a drawn 4-board match.
    "chessroster-fideteam-nocolor.trf": team_bye("1", "2"),
    # The event's published standings score each team bye 1 MP and 3 GP (team-tiebreaks.md).
    "crete-friendship-cup-2024.trf": team_bye("1", "3"),
    "crete-friendship-cup-2024-fixempty.trf": team_bye("1", "3"),
    "crete-friendship-cup-2024-heltour.trf": team_bye("1", "3"),
    "gnutterts-trf2026-team.trf": Genuine(
        "a parser's test file: result code '*' is no TRF code, and its 202 asks for 'EDET/P'",
        ("unknown result code '*'", "record 202 lists tie-breaks")),
    "sharly-grandmommys-cup-trf26.trf": Genuine(
        "FIDE TEC's sample: records of no TRF version (DDD, FRA, ...), a 299 whose game "
        "points start left of their columns, a team given two byes in one round, and so "
        "310 totals its games contradict",
        ("unknown record type", "starts at column", "second bye in round", "column says")),
    "sharly-team-import-test.trf": Genuine(
        "an import test: its points, match and game points columns contradict its games, "
        "colours follow no sequence, and players are in no team or in a line-up only",
        ("column says", "colours in round", "is in no team")),
}


def strict_check(trf: Path, folder: Path, settings: str | None = None) -> tuple[int, list[str]]:
    """Exit code and the warnings of ``check --strict`` on ``trf`` as an event folder."""
    event = folder / "events" / "event"
    event.mkdir(parents=True)
    (event / "tournament.trf").write_bytes(trf.read_bytes())
    if settings is not None:
        (event / "event.yml").write_text(settings, encoding="utf-8")
    result = CliRunner().invoke(main, ["check", "--strict", str(folder / "events")])
    lines = result.stderr.splitlines()
    warnings = [line for line in lines if line.startswith(str(event))
                and ": note:" not in line and ": error:" not in line and " ok" not in line]
    assert "Traceback" not in result.stderr
    return result.exit_code, warnings


def test_a_cp1252_export_passes_once_event_yml_names_its_encoding(tmp_path):
    # The one real cp1252 export has a genuine error too: the check, with its encoding
    # settled, prints that and nothing about the encoding.
    path = CORPUS / "trf" / "icu-irish-juniors-2011-fixpts.trf"
    _, guessed = strict_check(path, tmp_path / "guessed")
    _, declared = strict_check(path, tmp_path / "declared", "encoding: cp1252\n")
    assert [line for line in guessed if NOT_UTF8 in line]
    assert [line.replace("/declared/", "/") for line in declared] == [
        line.replace("/guessed/", "/") for line in guessed if NOT_UTF8 not in line]


def test_the_list_names_only_corpus_files():
    assert set(GENUINE) <= {path.name for path in EXPORTS}


@pytest.mark.parametrize("path", EXPORTS, ids=lambda p: p.stem)
def test_every_export_without_a_genuine_error_passes_a_strict_check(path, tmp_path):
    code, warnings = strict_check(path, tmp_path)
    genuine = GENUINE.get(path.name)
    if genuine is None:
        assert (code, warnings) == (0, [])
        return
    assert code == 1
    assert warnings, genuine.why
    unexplained = [line for line in warnings if not any(mark in line for mark in genuine.marks)]
    assert unexplained == []


@pytest.mark.parametrize("name", sorted(name for name, genuine in GENUINE.items()
                                        if genuine.settled_by is not None))
def test_what_event_yml_can_settle_passes_once_it_does(name, tmp_path):
    path = next(path for path in EXPORTS if path.name == name)
    code, warnings = strict_check(path, tmp_path, GENUINE[name].settled_by)
    assert (code, warnings) == (0, [])
