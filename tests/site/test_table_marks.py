"""Won, drawn and lost as the crosstables and round pages mark them (issue 12: told apart
at a glance, not by colour alone: the stylesheet gives each mark a weight as well).

The expected marks are read off the TRF lines by hand, quoted beside each case.
"""

from __future__ import annotations

from pathlib import Path

from conftest import CORPUS_TRF
from kit.sitekit import make_event

from generator.reading.events import read_events
from generator.site import build as site
from generator.site.views import berger_grid, round_view, swiss_crosstable


def _plan(tmp_path: Path, trf: str) -> site.EventPlan:
    events = tmp_path / "events"
    make_event(events, "e", CORPUS_TRF / trf, "title: E\ntiebreaks: [SB, WIN]\n")
    (event,) = read_events(events)
    return site.plan_event(event)


def test_swiss_cells_mark_won_drawn_lost_forfeits_included(tmp_path: Path) -> None:
    plan = _plan(tmp_path, "synth-club-byes.trf")
    cells = {(row.row.player.start_no, cell.round_no): cell
             for row in swiss_crosstable(plan) for cell in row.cells}
    # "001    1 ... Silva, Felix ... 0002 b =": a draw in round 1.
    assert cells[1, 1].outcome == "d"
    # "001    5 ... Ivanov, Tara ... 0006 b 0" and "001    6 ... Kim, Jonas ... 0005 w 1".
    assert cells[5, 1].outcome == "l" and cells[6, 1].outcome == "w"
    # "001    3 ... Jensen, Boris ... 0004 w -" and "001    4 ... Rossi, Irina ... 0003 b -":
    # a double forfeit, lost by both.
    assert cells[3, 1].outcome == cells[4, 1].outcome == "l"
    # A round without an opponent (player 10's requested bye in round 1) has no mark.
    assert cells[10, 1].opponent is None and cells[10, 1].outcome == ""


def test_a_rounds_board_names_its_winner(tmp_path: Path) -> None:
    plan = _plan(tmp_path, "synth-club-byes.trf")
    boards = {(b.white.start_no, b.black.start_no): b for b in round_view(plan, 1).boards}
    assert boards[6, 5].winner == "white"  # Kim (w 1) beat Ivanov
    assert boards[2, 1].winner == ""  # Dubois-Silva, a draw
    assert boards[3, 4].winner == ""  # Jensen-Rossi, a double forfeit
    # Round 2: "001    8 ... Fischer, Sven ... 0006 b 1", Black won.
    assert {(b.white.start_no, b.black.start_no): b.winner
            for b in round_view(plan, 2).boards}[6, 8] == "black"


def test_round_robin_cells_mark_each_opponent(tmp_path: Path) -> None:
    plan = _plan(tmp_path, "synth-round-robin.trf")
    order = [row.player.start_no for row in plan.standings.rows]
    marks = {row.row.player.start_no: dict(zip(order, row.grid_outcomes, strict=True))
             for row in berger_grid(plan)}
    # "001    1 ... Bauer, Katya ... 0010 w =  0009 b 1": drew with 10, beat 9.
    assert marks[1][10] == "d" and marks[1][9] == "w"
    # "001    2 ... Smith, Mila ... 0003 w 0": lost to 3 in round 4.
    assert marks[2][3] == "l" and marks[3][2] == "w"
    assert marks[1][1] == ""  # the player's own cell


def test_the_marks_reach_the_pages(tmp_path: Path) -> None:
    events = tmp_path / "events"
    make_event(events, "club", CORPUS_TRF / "synth-club-byes.trf",
               "title: Club\ntiebreaks: [BH, SB]\n")
    site.build_site(events, tmp_path / "site")
    crosstable = (tmp_path / "site/club/crosstable.html").read_text(encoding="utf-8")
    for mark in ("w", "d", "l"):
        assert f'<td class="{mark}">' in crosstable
    round_1 = (tmp_path / "site/club/rounds/1.html").read_text(encoding="utf-8")
    assert '<tr class="w">' in round_1
