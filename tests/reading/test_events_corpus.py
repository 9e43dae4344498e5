"""Every corpus TRF reads cleanly, and what it reads agrees with the file and the reference.

Expected values come from the files themselves (the points column the pairing
program wrote) and from tests/corpus/expected (FIDE's reference calculator).
"""

from __future__ import annotations

import json
from decimal import Decimal

import pytest
from click.testing import CliRunner

from generator.cli import main
from generator.errors import Severity
from generator.model import RoundKind
from generator.reading.events import read_event
from tests.conftest import CORPUS_EXPECTED, CORPUS_TRF

CORPUS_FILES = sorted(CORPUS_TRF.glob("*.trf"))
ROUND_ROBINS = {"synth-round-robin.trf", "synth-round-robin-odd.trf", "markdechamps-team-rr.trf",
                "icu-armstrong-cup-2011.trf"}
BLANK_BYES_COUNTED = {"icu-bunratty-masters-2011.trf", "icu-irish-juniors-2011.trf"}
"""Real files whose points column counts byes whose result is left blank."""


@pytest.mark.parametrize("path", CORPUS_FILES, ids=lambda p: p.stem)
def test_every_corpus_file_reads_without_an_error(path):
    event = read_event(path)
    assert event.tournament.players
    assert all(not d.is_error for d in event.warnings)


@pytest.mark.parametrize("path", CORPUS_FILES, ids=lambda p: p.stem)
def test_points_of_every_player_match_the_points_column(path):
    event = read_event(path)
    tournament = event.tournament
    scoring = tournament.score_system
    # Where the file counts a blank bye, the player's points warning must say so.
    said = {d.line for d in event.warnings if d.column == 81 and "blank but the points "
            "column counts" in d.message}
    differ = set()
    for player in tournament.players:
        computed = sum((scoring.round_points(r) for r in player.results), Decimal(0))
        if computed != player.points_in_file:
            assert path.name in BLANK_BYES_COUNTED, player.name
            assert player.line in said, player.name
            differ.add(player.line)
    assert differ == said
    assert bool(differ) == (path.name in BLANK_BYES_COUNTED)


@pytest.mark.parametrize("path", [p for p in CORPUS_FILES
                                  if (CORPUS_EXPECTED / f"{p.stem}.json").exists()
                                  and p.name != "markdechamps-team-rr.trf"],
                         ids=lambda p: p.stem)
def test_points_and_rounds_match_the_reference_calculator(path):
    # The team file is left out: there the reference ranks teams, not players.
    expected = json.loads((CORPUS_EXPECTED / f"{path.stem}.json").read_text())
    tournament = read_event(path).tournament
    assert tournament.total_rounds == expected["rounds"]
    scoring = tournament.score_system
    for row in expected["players"]:
        player = tournament.player(row["start_no"])
        points = sum((scoring.round_points(r) for r in player.results), Decimal(0))
        assert points == Decimal(str(row["values"]["2026"]["PTS"])), player.name


@pytest.mark.parametrize("path", CORPUS_FILES, ids=lambda p: p.stem)
def test_round_robins_are_recognised_and_no_swiss_is_taken_for_one(path):
    assert read_event(path).tournament.is_round_robin == (path.name in ROUND_ROBINS)


def test_forfeits_with_colour_dash_on_both_sides_are_read_as_forfeits():
    # sklangen-karl-mala-2005.trf line 26: player 13 '153 - -' (forfeit), 153 '13 - +'.
    tournament = read_event(CORPUS_TRF / "sklangen-karl-mala-2005.trf").tournament
    first = tournament.player(13).result(1)
    assert (first.opponent, first.kind) == (153, RoundKind.FORFEIT_LOSS)
    other = tournament.player(153).result(1)
    assert (other.opponent, other.kind) == (13, RoundKind.FORFEIT_WIN)


def test_both_karl_mala_files_give_the_same_points():
    plain = read_event(CORPUS_TRF / "sklangen-karl-mala-2005.trf").tournament
    fixed = read_event(CORPUS_TRF / "sklangen-karl-mala-2005-fixcol.trf").tournament
    assert [p.points_in_file for p in plain.players] == [p.points_in_file for p in fixed.players]


def test_rounds_not_played_yet_are_marked_so():
    # bbp-dutch2025-c5.trf: XXR 3, two rounds of games; player 4 is announced absent in round 3.
    tournament = read_event(CORPUS_TRF / "bbp-dutch2025-c5.trf").tournament
    assert (tournament.total_rounds, tournament.rounds_played) == (3, 2)
    assert tournament.player(1).result(3).kind is RoundKind.NOT_PLAYED_YET
    assert tournament.player(4).result(3).kind is RoundKind.ZERO_POINT_BYE


def test_a_file_and_its_points_fixed_copy_read_alike():
    # The -fixpts copies differ only in the points column (tests/corpus/SOURCES.md).
    for name in ("icu-bunratty-masters-2011", "icu-irish-juniors-2011"):
        real = read_event(CORPUS_TRF / f"{name}.trf").tournament
        fixed = read_event(CORPUS_TRF / f"{name}-fixpts.trf").tournament
        assert [p.results for p in real.players] == [p.results for p in fixed.players]
        assert [p.points_in_file for p in real.players] != [p.points_in_file
                                                            for p in fixed.players]


def test_half_point_byes_written_as_draws_read_as_half_point_byes():
    # icu-gonzaga-2008.trf: players 1 and 8 '0000 - =' in round 1, player 10 in round 4,
    # player 11 '0000 - +' in round 5; the -hbye copy writes the three byes 'H'.
    written = read_event(CORPUS_TRF / "icu-gonzaga-2008.trf").tournament
    spelled = read_event(CORPUS_TRF / "icu-gonzaga-2008-hbye.trf").tournament
    for start_no, round_no in ((1, 1), (8, 1), (10, 4)):
        assert written.player(start_no).result(round_no).kind is RoundKind.HALF_POINT_BYE
    assert written.player(11).result(5).kind is RoundKind.FULL_POINT_BYE
    assert [[r.kind for r in p.results] for p in written.players] == [
        [r.kind for r in p.results] for p in spelled.players]


def test_column_rulers_of_a_real_export_are_skipped():
    # icu-armstrong-cup-2011.trf: the field legend on line 28 and the units ruler
    # '0123...' (which begins with the tag 012) on line 29, above the player records.
    event = read_event(CORPUS_TRF / "icu-armstrong-cup-2011.trf")
    skipped = [(d.line, d.message.split(" ")[1]) for d in event.warnings
               if "skipped: not a record" in d.message]
    assert skipped == [(28, "legend"), (29, "ruler")]
    assert {d.severity for d in event.warnings if "skipped" in d.message} == {Severity.REMARK}
    assert event.tournament.name == "Leinster Chess Union Div 1 Armstrong Cup 2010 - 2011"


def test_a_real_export_with_column_rulers_passes_a_strict_check():
    # Its only remarks are the two guide lines, skipped whole: notes, which --strict (the
    # publishing workflow's) lets pass, and which the check still prints.
    result = CliRunner().invoke(main, ["check", "--strict",
                                       str(CORPUS_TRF / "icu-armstrong-cup-2011.trf")])
    assert result.exit_code == 0, result.stderr
    assert "28:1: note: column legend 'DDD SSSS sTTT NNNNNNNNNN…' skipped" in result.stderr
