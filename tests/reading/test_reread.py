"""Reading a file again with what its last read made (reading/reread.py; ``standings serve``
reads an event's whole file again after every edit).

The expected values are those of a read without a Reread: a line read again is reused only
when its text and its number are the same, so a read with one gives exactly the same event.
"""

from __future__ import annotations

from pathlib import Path

from kit.sitekit import make_event
from kit.trfgen import generate_swiss

from generator.preview.site_port import default_site_functions
from generator.reading.events import Event, read_event
from generator.reading.reread import Reread
from generator.reading.trf import PlayerRecord


def _event(tmp_path: Path) -> Path:
    return make_event(tmp_path / "events", "open", generate_swiss(40, 7, seed=5))


def _trf(folder: Path) -> Path:
    return folder / "tournament.trf"


def _renamed(text: str, start_no: int, name: str) -> str:
    """The player's name (TRF 001 columns 15-47) changed, the rest of the file as it was."""
    lines = text.splitlines(keepends=True)
    index = next(i for i, line in enumerate(lines)
                 if line.startswith("001") and int(line[4:8]) == start_no)
    lines[index] = lines[index][:14] + f"{name:<33}" + lines[index][47:]
    return "".join(lines)


def _drawn(text: str, start_no: int) -> str:
    """The player's last round written as a draw, nothing else changed (the points column
    and the opponent's line now disagree with it: the reader warns)."""
    lines = text.splitlines(keepends=True)
    index = next(i for i, line in enumerate(lines)
                 if line.startswith("001") and int(line[4:8]) == start_no)
    line = lines[index].rstrip("\n")
    lines[index] = line[:-1] + "=\n"
    return "".join(lines)


def _same_as_a_first_read(folder: Path, reread: Reread[PlayerRecord]) -> Event:
    again = read_event(folder, reread=reread)
    fresh = read_event(folder)
    assert again.tournament == fresh.tournament
    assert again.warnings == fresh.warnings
    assert [p.line for p in again.tournament.players] == [p.line for p in fresh.tournament.players]
    assert [r.line for p in again.tournament.players for r in p.results] == [
        r.line for p in fresh.tournament.players for r in p.results]
    return again


def test_a_file_read_again_gives_what_a_first_read_gives(tmp_path):
    folder = _event(tmp_path)
    trf = _trf(folder)
    original = trf.read_text(encoding="utf-8")
    reread: Reread[PlayerRecord] = Reread()
    _same_as_a_first_read(folder, reread)
    for text in (_renamed(original, 3, "Renamed, Player"), _drawn(original, 7),
                 "### lines moved down by one\n" + original, original):
        trf.write_text(text, encoding="utf-8")
        _same_as_a_first_read(folder, reread)


def test_only_the_changed_player_lines_are_read_again(tmp_path):
    folder = _event(tmp_path)
    trf = _trf(folder)
    reread: Reread[PlayerRecord] = Reread()
    before = {p.start_no: p for p in read_event(folder, reread=reread).tournament.players}
    trf.write_text(_renamed(trf.read_text(encoding="utf-8"), 3, "Renamed, Player"),
                   encoding="utf-8")
    after = {p.start_no: p for p in _same_as_a_first_read(folder, reread).tournament.players}
    assert after[3].name == "Renamed, Player"
    # The rounds of a player with a game (or forfeit) every round are reused, player 3's
    # too (the same text on the same line); the others' rounds are read again, with a word
    # to say on them, as in a first read.
    reused = {no for no in before if after[no].results is before[no].results}
    assert 3 in reused and len(reused) > len(before) // 2
    # Moved down by a line: every line is read again (the records say where they stand).
    trf.write_text("### a comment\n" + trf.read_text(encoding="utf-8"), encoding="utf-8")
    moved = {p.start_no: p for p in _same_as_a_first_read(folder, reread).tournament.players}
    assert not any(moved[no].results is after[no].results for no in after)


def test_a_reread_holds_the_last_read_alone(tmp_path):
    reread: Reread[PlayerRecord] = Reread()
    read_event(make_event(tmp_path, "big", generate_swiss(60, 5, seed=1)), reread=reread)
    read_event(make_event(tmp_path, "small", generate_swiss(12, 5, seed=2)), reread=reread)
    assert len(reread.players) == 12


def test_the_preview_reads_an_event_again_with_its_last_read(tmp_path):
    folder = _event(tmp_path)
    read = default_site_functions().read_event
    first = read(folder)
    again = read(folder)
    assert again.tournament == first.tournament
    reused = [a for a, b in zip(again.tournament.players, first.tournament.players, strict=True)
              if a.results is b.results]
    assert len(reused) > len(first.tournament.players) // 2
