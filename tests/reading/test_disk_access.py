"""Only two modules of the reading wing touch the disk, both through the ground floor's
files.py: events.py (an event's folder) and site_files.py (site.yml and the logo beside the
events, kept apart so that ranking an event loads neither). Everything between the bytes and
the Event is a function of text, so any stage can be tested from a string, and a hostile
file meets one guarded door (files.py).
"""

from __future__ import annotations

import ast
import builtins
import io
import os
from pathlib import Path

import pytest

from generator.errors import DiagnosticSink
from generator.reading.assembly import assemble
from generator.reading.decoding import decode_trf
from generator.reading.notes import notes_problems
from generator.reading.settings import read_settings
from generator.reading.teams import build_team_tournament
from generator.reading.trf import read_records
from tests.reading.test_trf_broken import BASE

READING = Path(__file__).resolve().parents[2] / "generator" / "reading"
DOORS = ("events.py", "trf_event.py", "site_files.py", "festival.py", "series_files.py",
         "event_listing.py")
"""The modules that open files, each through files.py's guarded readers: an event folder (its
settings files, its TRF file), the site's own files, a festival folder (festival.yml and its
sections), the series folder, an events folder listed (a linked event folder checked by
files.py, festival.yml's bytes digested with its sections' names)."""
LISTERS = ("event_places.py",)
"""Modules that only list folders and ask whether a path exists (where an event's files lie),
for the doors: they open no file."""
DISK_MODULES = frozenset({"os", "pathlib", "io", "shutil", "glob", "codecs", "tempfile",
                          "mmap", "fileinput", "generator.files"})
"""Modules that read or list files (os.path too: it asks the disk whether a path exists)."""


def _disk_uses(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            names = [node.module or ""]
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                and node.func.id == "open":
            names = ["open()"]
        else:
            continue
        found += [f"{path.name}:{node.lineno} {name}" for name in names
                  if name == "open()" or name.split(".")[0] in DISK_MODULES
                  or name in DISK_MODULES]
    return found


@pytest.mark.parametrize("module", sorted(p.name for p in READING.glob("*.py")
                                          if p.name not in DOORS + LISTERS))
def test_no_reading_module_but_events_imports_what_reads_files(module):
    assert _disk_uses(READING / module) == []


@pytest.mark.parametrize("door", DOORS)
def test_the_doors_are_where_the_files_are_read(door):
    # The scan above must be able to see a file access: each door has some, through files.py.
    assert any("generator.files" in use for use in _disk_uses(READING / door))


@pytest.mark.parametrize("lister", LISTERS)
def test_the_listers_open_no_file(lister):
    uses = _disk_uses(READING / lister)
    assert uses  # they do ask the disk, so the scan sees them
    assert [use for use in uses if use.split()[-1] not in ("os", "pathlib")] == []


def _team(number: int, name: str, members: tuple[int, ...]) -> str:
    """A TRF-26 310 record: number in columns 5-7, name 9-40, members from column 74."""
    return f"310 {number:3d} {name:<32}".ljust(73) + "".join(f"{m:4d} " for m in members) + "\n"


TEAM = BASE + _team(1, "Alpha Team", (1, 3)) + _team(2, "Beta Team", (2, 4))


def test_every_stage_from_bytes_to_the_tournament_runs_with_the_disk_shut(monkeypatch):
    touched: list[tuple[object, ...]] = []

    def shut(*args, **kwargs):
        touched.append(args)
        raise OSError("the disk is shut for this test")

    settings_text = "title: Club Open\nscoring: 1-0.5-0\nnotes: |\n  Round 3 *starts* at 10.\n"
    for name, owner in (("open", builtins), ("open", io), ("open", os), ("stat", os),
                        ("listdir", os), ("scandir", os)):
        monkeypatch.setattr(owner, name, shut)
    try:
        text, _ = decode_trf(TEAM.encode(), "t.trf")
        sink = DiagnosticSink("t.trf")
        settings = read_settings(settings_text, "event.yml", DiagnosticSink("event.yml"))
        document = read_records(text, "t.trf", sink)
        tournament = assemble(document, settings, sink)
        assert tournament is not None
        build_team_tournament(document, tournament, sink)
        problems = notes_problems(settings.notes or "")
    finally:
        monkeypatch.undo()  # the disk open again before pytest reports anything
    assert touched == []
    assert problems == ()
    assert not sink.has_errors, [str(d) for d in sink.diagnostics]
    assert tournament.name == "Club Open"
