"""Board numbers of a TRF-16 team match with an empty board (C.07 Art. 12, spec Q9): the
real Crete 2024 export, edited where a test needs a file that does not fit one numbering.

The file has no line-up records; the boards are what the roster order (013), the pairings
(board k meets board k) and the alternating colours of the 001 records allow
(generator/reading/team_boards.py).
"""

from __future__ import annotations

from pathlib import Path

from conftest import CORPUS

from generator.errors import Severity
from generator.model import StartNo, TeamTournament
from generator.reading.events import Event, read_event
from generator.rules.ranking import compute_standings

CRETE = CORPUS / "teams" / "trf" / "crete-friendship-cup-2024-fixempty-pab320.trf"


def _edited(tmp_path: Path, blocks: dict[tuple[int, int], str],
            points: dict[int, str] | None = None) -> Event:
    """Crete 2024 with the round blocks (player, round) -> ``OOOO c r`` replaced, and the
    points columns (81-84) of ``points``."""
    lines = CRETE.read_text(encoding="utf-8").splitlines()
    for index, line in enumerate(lines):
        if not line.startswith("001"):
            continue
        player = int(line[4:8])
        for (edited, round_no), block in blocks.items():
            if edited == player:
                start = 91 + (round_no - 1) * 10
                line = line[:start] + block + line[start + len(block):]
        if points and player in points:
            line = line[:80] + points[player].rjust(4) + line[84:]
        lines[index] = line
    path = tmp_path / "tournament.trf"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return read_event(path)


def _teams(event: Event) -> TeamTournament:
    assert event.teams is not None
    return event.teams


def test_colours_against_the_only_numbering_are_read_by_it_with_a_warning(tmp_path):
    # Round 3, team 2 (six players, 12 winning the empty board) against team 14 (five): the
    # roster and the pairings leave one numbering; board 1's colours swapped break the
    # alternation, so the boards are read by that numbering and the colours are said.
    event = _edited(tmp_path, {(7, 3): " 107 b 1", (107, 3): "   7 w 0"})
    teams = _teams(event)
    match = teams.team(StartNo(2)).match(3)
    assert match.boards_numbered
    assert [(b.player, b.board) for b in match.boards] == [
        (7, 1), (8, 2), (9, 3), (10, 4), (11, 5), (12, 6)]
    warnings = [w for w in event.warnings if "do not alternate" in w.message]
    assert [(w.line, w.column) for w in warnings] == [(24, 112)]
    assert "team 2's match against team 14 in round 3" in warnings[0].message


def test_a_match_that_fits_several_numberings_leaves_the_board_tiebreaks_undefined(tmp_path):
    # Round 5, team 11 against team 14: without player 88's empty-board win team 11 sits 4
    # players, team 14 five, on six boards; the board nobody sat at can be board 1 or board 6
    # with the same alternating colours. No board number is known: BC, TBR and BBE are
    # undefined for both teams (Art. 12 needs them), and their tied groups stay tied.
    event = _edited(tmp_path, {(88, 5): "0000 - -"}, points={88: "1.5"})
    teams = _teams(event)
    for number in (11, 14):
        assert not teams.team(StartNo(number)).match(5).boards_numbered
    standings = compute_standings(teams, ["BC"])
    assert standings.row(StartNo(11)).number("BC") is None
    assert standings.row(StartNo(14)).number("BC") is None
    assert standings.row(StartNo(3)).number("BC") is not None
    warnings = [w for w in event.warnings if "numberings" in w.message]
    assert len(warnings) == 1
    assert "team 11's match against team 14 in round 5" in warnings[0].message
    # The file is right as TRF-16 can be: a note, which --strict publishes.
    assert warnings[0].severity is Severity.REMARK
