"""Games whose two results do not add up to one point: legal scores an arbiter may give.

Both players lost (`0` against `0`: both flags fallen with no increment, both penalised), or
one got ½ and the other 0 (`=` against `0`). The Laws of Chess allow them (12.9), FIDE's
reference reads them; so do we: a game played (C.07 Art. 16 has no unplayed round here),
each side at the points it got, with a warning at the line in case it was a typing error.
"""

from __future__ import annotations

import shutil
from decimal import Decimal
from pathlib import Path

import pytest
from conftest import CORPUS_TRF
from test_trf_broken import changed, diagnostics_for

from generator.errors import Severity
from generator.model import Edition, ResultCode, RoundKind, StartNo
from generator.reading.events import read_event, read_paths
from generator.rules.ranking import compute_standings

# BASE, round 1: Alpha (1, line 5) beat Delta (4, line 8); round 3: Alpha beat Gamma (3).
BOTH_LOST = changed(5, "2.5    2     4 w 1", "1.5    2     4 w 0")
HALF_AGAINST_ZERO = changed(8, "0.5    4     1 b 0", "1.0    4     1 b =")


def test_a_game_both_lost_is_read_with_a_warning_at_the_line(tmp_path, monkeypatch):
    assert diagnostics_for(BOTH_LOST.encode(), tmp_path, monkeypatch) == [
        "t.trf:8:99: warning: result '0' of player 4 against '0' of player 1 (line 5) in "
        "round 1: read as a game played, 0 for both, as an arbiter may decide; expected '1' "
        "unless the arbiter gave that score"]


def test_half_a_point_against_a_loss_is_read_with_a_warning_at_the_line(
        tmp_path, monkeypatch):
    # Alpha wrote the win, Delta a draw: ½ for Delta, and Alpha's 1 stays (1 against =
    # is no score an arbiter gives, so that is still an error: see below).
    text = changed(5, "2.5    2     4 w 1", "1.5    2     4 w 0", HALF_AGAINST_ZERO)
    assert diagnostics_for(text.encode(), tmp_path, monkeypatch) == [
        "t.trf:8:99: warning: result '=' of player 4 against '0' of player 1 (line 5) in "
        "round 1: read as a game played, 0 for player 1, ½ for player 4, as an arbiter may "
        "decide; expected '1' unless the arbiter gave that score"]


@pytest.mark.parametrize(("mine", "theirs"), [("1", "="), ("1", "1"), ("=", "1"),
                                              ("0", "D"), ("L", "0"), ("1", "L")])
def test_results_no_arbiter_gives_are_still_errors(mine, theirs, tmp_path, monkeypatch):
    text = changed(8, "   1 b 0", f"   1 b {theirs}", changed(5, "   4 w 1", f"   4 w {mine}"))
    errors = [d for d in diagnostics_for(text.encode(), tmp_path, monkeypatch)
              if "does not match" in d]
    assert errors == [f"t.trf:8:99: result {theirs!r} of player 4 does not match {mine!r} of "
                      f"player 1 (line 5) in round 1; expected "
                      f"{ {'1': '0', '=': '=', '0': '1', 'L': 'W'}[mine]!r}"]


@pytest.mark.parametrize(("mine", "theirs"), [("L", "L"), ("L", "D"), ("D", "L")])
def test_unrated_games_take_the_same_scores(mine, theirs, tmp_path, monkeypatch):
    text = changed(8, "   1 b 0", f"   1 b {theirs}", changed(5, "   4 w 1", f"   4 w {mine}"))
    found = diagnostics_for(text.encode(), tmp_path, monkeypatch)
    assert [d for d in found if "does not match" in d] == []
    assert any("read as a game played" in d for d in found)


def _event(text: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "t.trf").write_text(text, encoding="utf-8")
    events, diagnostics = read_paths(["t.trf"])
    assert not any(d.is_error for d in diagnostics)
    return events[0]


def test_a_game_both_lost_is_a_game_played_for_every_tie_break(tmp_path, monkeypatch):
    tournament = _event(BOTH_LOST, tmp_path, monkeypatch).tournament
    alpha, delta = tournament.player(StartNo(1)), tournament.player(StartNo(4))
    for player in (alpha, delta):
        first = player.results[0]
        assert first.kind is RoundKind.GAME and first.is_played
        assert first.code is ResultCode.LOSS
    standings = compute_standings(tournament, ["PTS", "WIN", "WON", "BPG", "REP", "SB"])
    assert standings.row(StartNo(1)).points == Decimal("1.5")
    assert standings.row(StartNo(4)).points == Decimal("0.5")
    values = {row.player.start_no: row.values.numbers() for row in standings.rows}
    # Alpha: won round 3 only (WIN = WON = 1); three games, Black once (round 2), all
    # elected to play (REP = 3, C.07 7.6: no bye, no forfeit). Delta: Black in round 1.
    assert values[1]["WIN"] == values[1]["WON"] == 1
    assert values[1]["BPG"] == 1 and values[1]["REP"] == 3
    assert values[4]["BPG"] == 1 and values[4]["REP"] == 3
    # SB (9.1): a lost game adds nothing, whatever the opponent scored: Alpha's SB is
    # Boris's 2.5 / 2 (the draw) plus Gamma's 0.5 (the win) = 1.75; the 0-0 adds 0.
    assert values[1]["SB"] == Decimal("1.75")


def test_std_compares_with_the_scheduled_opponent_in_these_games_too(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # C.07 7.7 (2026): 1 for more points than the scheduled opponent in the round, ½ for
    # as many. The reference compares with a draw instead (README's divergences table).
    # Hotak (2): 0, ½, 0 against 0 (½), 1, 1 = 3. McCarthy (7): 0, ½, a forfeit win (1),
    # ½ against 0 (1), 0 = 2.5. Barbosa (11): ½, 0, 0 against 0 (½), a forfeit loss (0),
    # a full-point bye (1) = 2.
    folder = tmp_path / "gonzaga"
    folder.mkdir()
    shutil.copyfile(CORPUS_TRF / "icu-gonzaga-2008-arbiter-scores.trf",
                    folder / "tournament.trf")
    monkeypatch.chdir(tmp_path)
    event = read_event("gonzaga")
    warned = [d for d in event.warnings if d.severity is Severity.WARNING
              and "as an arbiter may decide" in d.message]
    assert sorted((d.line, d.column) for d in warned) == [(18, 129), (20, 119)]
    standings = compute_standings(event.tournament, ["STD"], Edition.FIDE_2026_03)
    std = {row.player.start_no: row.values.numbers()["STD"] for row in standings.rows}
    assert (std[2], std[7], std[11]) == (Decimal(3), Decimal("2.5"), Decimal(2))
