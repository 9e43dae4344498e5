"""The manifest's file records made when asked for, and a unit's files found by listing
their folders (site/stored_files.py)."""

from __future__ import annotations

import os
from pathlib import Path

from generator.site.cache import Manifest, UnitRecord
from generator.site.stored_files import FileRecord, StoredFiles, files_present


def test_records_read_back_are_those_written() -> None:
    unit = UnitRecord.of("k", {"a/index.html": b"<p>", "b.css": b"x"})
    manifest = Manifest(units={"a": unit})
    again = Manifest.from_bytes(manifest.to_bytes())
    assert again is not None
    assert isinstance(again.units["a"].files, StoredFiles)
    assert dict(again.units["a"].files) == dict(unit.files)
    assert again.to_bytes() == manifest.to_bytes()


def test_a_record_edited_by_hand_matches_no_file() -> None:
    data = Manifest(units={"a": UnitRecord.of("k", {"a.html": b"<p>"})}).to_bytes()
    edited = Manifest.from_bytes(data.replace(b'"a.html":[3,', b'"a.html":["3x",'))
    assert edited is not None
    assert edited.units["a"].files["a.html"] == FileRecord(-1, "")
    assert FileRecord.of(b"<p>") != edited.units["a"].files["a.html"]
    assert b'"a.html":[-1,""]' in edited.to_bytes()


def test_a_file_is_present_when_its_folder_lists_it(tmp_path: Path) -> None:
    (tmp_path / "e" / "players").mkdir(parents=True)
    (tmp_path / "e" / "players" / "1.html").write_text("x")
    (tmp_path / "index.html").write_text("x")
    listings: dict[str, frozenset[str] | None] = {}
    assert files_present(tmp_path, ["index.html", "e/players/1.html"], listings)
    assert not files_present(tmp_path, ["e/players/2.html"], listings)
    assert not files_present(tmp_path, ["gone/index.html"], listings)
    (tmp_path / "f").write_text("a file where a folder was")
    assert not files_present(tmp_path, ["f/index.html"], {})


def test_a_pipe_link_or_folder_is_not_a_page(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe.html")
    (tmp_path / "page.html").write_text("x")
    (tmp_path / "link.html").symlink_to(tmp_path / "page.html")
    (tmp_path / "folder.html").mkdir()
    for name in ("pipe.html", "link.html", "folder.html"):
        assert not files_present(tmp_path, [name], {}), name
    assert files_present(tmp_path, ["page.html"], {})
