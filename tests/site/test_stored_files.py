"""The manifest's file records made when asked for, and a unit's files found by listing
their folders (site/stored_files.py)."""

from __future__ import annotations

import os
from pathlib import Path

from generator.site.inplace import InPlaceSite
from generator.site.manifest import Manifest, UnitRecord
from generator.site.stored_files import FileRecord, StoredFiles, files_json, files_present


def kept(manifest: Manifest, out: Path) -> Manifest:
    """The manifest as a build writes it into ``out`` and the next one reads it."""
    InPlaceSite(out).finish(manifest)
    again = Manifest.load(out)
    assert again is not None
    return again


def test_records_read_back_are_those_written(tmp_path: Path) -> None:
    unit = UnitRecord.of("k", {"a/index.html": b"<p>", "b.css": b"x"})
    manifest = Manifest(units={"a": unit})
    again = kept(manifest, tmp_path)
    assert isinstance(again.units["a"].files, StoredFiles)
    assert dict(again.units["a"].files) == dict(unit.files)
    assert again.files()[0] == manifest.files()[0]


def test_a_record_of_the_wrong_shape_matches_no_file() -> None:
    files = StoredFiles({"a.html": ["3x", "00"]})
    assert files["a.html"] == FileRecord(-1, "")
    assert FileRecord.of(b"<p>") != files["a.html"]
    assert files_json(files) == {"a.html": [-1, ""]}


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
