"""The manifest kept unit by unit (site/manifest.py): an index read by every build, each
unit's records read only when it is rendered again or its summary is asked for."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from kit.sitekit import read_tree

from generator.errors import Diagnostic, Severity
from generator.site import manifest as stored
from generator.site.build import build_site, prepare_cache
from generator.site.cache import INDEX_UNIT
from generator.site.inplace import JOURNAL_NAME, InPlaceSite
from generator.site.manifest import (
    MANIFEST_NAME,
    RECORDS_DIR,
    Manifest,
    StoredUnit,
    UnitRecord,
    record_path,
)
from generator.site.names_state import NAMES, WHOLE
from generator.site.names_state import PAGE as NAMES_PAGE
from generator.site.people_units import is_people_unit, people_unit
from generator.site.site_state import LINES, kept_digits, person_part
from tests.preview.test_serve_doubles import FakeSite, make_events
from tests.site.test_incremental import fake_build
from tests.site.test_stored_files import kept

ROOT = Path(__file__).resolve().parents[2]

WARNING = Diagnostic(path="events/open/t.trf", line=7, column=81,
                     message="points column says '4.0'", expected="3.5",
                     severity=Severity.WARNING)
REMARK = Diagnostic(path="events/open/t.trf", line=8, message="ranked by another list",
                    severity=Severity.REMARK)


def test_the_manifest_round_trips_with_its_warnings_and_summary(tmp_path: Path) -> None:
    manifest = Manifest(units={
        "open": UnitRecord.of("k1", {"open/index.html": b"<p>"}, [WARNING, REMARK],
                              {"title": "Open"}),
        INDEX_UNIT: UnitRecord.of("k2", {"index.html": b"", ".nojekyll": b""}),
    })
    again = kept(manifest, tmp_path)
    unit = again.units["open"]
    # What the index says of a unit, before its records are read.
    assert (unit.key, unit.warning_count, unit.diagnostic_count) == ("k1", 1, 2)
    assert unit.warnings == (WARNING, REMARK)
    assert unit.summary == {"title": "Open"}
    assert unit.files["open/index.html"].size == 3
    assert again.units[INDEX_UNIT].summary is None
    # Written again unchanged, the same index and the same record files.
    assert again.files()[0] == manifest.files()[0] == (tmp_path / MANIFEST_NAME).read_bytes()
    assert again.files()[2] == {path.stem for path in (tmp_path / RECORDS_DIR).iterdir()}


def test_a_record_missing_or_edited_makes_its_unit_unknown(tmp_path: Path) -> None:
    manifest = Manifest(units={
        "a": UnitRecord.of("k", {"a/index.html": b"<p>"}, summary={"title": "A"}),
        "b": UnitRecord.of("k", {"b/index.html": b"<p>"}, summary={"title": "B"}),
    })
    site = InPlaceSite(tmp_path)
    site.write({"a/index.html": b"<p>", "b/index.html": b"<p>"})
    site.finish(manifest)
    again = Manifest.load(tmp_path)
    assert again is not None
    (tmp_path / stored.record_path(again.units["a"].record)).unlink()  # type: ignore[union-attr]
    summary = tmp_path / stored.record_path(again.units["b"].summary_name)  # type: ignore[union-attr]
    summary.write_text('{"title": "Not B"}\n')
    read = Manifest.load(tmp_path)
    assert read is not None
    assert not read.units["a"].is_intact_in(tmp_path)
    assert read.units["a"].files == {}
    assert read.units["b"].is_intact_in(tmp_path)
    assert read.units["b"].summary is None  # not the summary its name is the digest of


def test_a_record_or_records_folder_put_there_as_a_link_is_not_followed(tmp_path: Path) -> None:
    manifest = Manifest(units={
        "a": UnitRecord.of("k", {"a/index.html": b"<p>"}, summary={"title": "A"}),
        "b": UnitRecord.of("k", {"b/index.html": b"<p>"}, summary={"title": "B"}),
    })
    out = tmp_path / "site"
    site = InPlaceSite(out)
    site.write({"a/index.html": b"<p>", "b/index.html": b"<p>"})
    site.finish(manifest)
    again = Manifest.load(out)
    assert again is not None
    # The same bytes elsewhere, behind a link: right by their name, but not the file.
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    for kind in ("record", "summary_name"):
        record = out / stored.record_path(getattr(again.units["a"], kind))
        shutil.copyfile(record, elsewhere / record.name)
        record.unlink()
        record.symlink_to(elsewhere / record.name)
    read = Manifest.load(out)
    assert read is not None
    assert read.units["a"].files == {}
    assert read.units["a"].summary is None
    assert read.units["b"].summary == {"title": "B"}
    # The whole folder of records a link to a copy of it: none of them read.
    records = out / RECORDS_DIR
    shutil.copytree(records, tmp_path / "copy", symlinks=True)
    shutil.rmtree(records)
    records.symlink_to(tmp_path / "copy")
    read = Manifest.load(out)
    assert read is not None
    assert read.units["b"].summary is None
    assert read.units["b"].files == {}


def test_a_change_of_one_event_reads_the_records_of_its_units_alone(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    events = tmp_path / "events"
    for example in ("alekhin-memorial", "anna-club-2026"):
        shutil.copytree(ROOT / "events" / example, events / example)
    out = tmp_path / "site"
    build_site(events, out, cache=prepare_cache(events, out), workers=1)
    records = {path.name for path in (out / RECORDS_DIR).iterdir()}
    index = Manifest.load(out)
    assert index is not None
    names = {name: (unit.record, unit.summary_name)  # type: ignore[union-attr]
             for name, unit in index.units.items()}
    summary = index.units["alekhin-memorial"].summary
    assert summary is not None
    digits = kept_digits(index)
    assert digits is not None
    parts = {person_part(str(row[8]), digits) for row in summary["rows"]}
    read: list[str] = []
    reader = stored._read_record
    monkeypatch.setattr(stored, "_read_record",
                        lambda folder, name: read.append(name) or reader(folder, name))
    notes = events / "alekhin-memorial" / "notes.md"
    notes.write_text(notes.read_text(encoding="utf-8") + "\nOne more line.\n", encoding="utf-8")
    cache = prepare_cache(events, out)
    build_site(events, out, cache=cache, workers=1)
    assert cache.rendered == ["alekhin-memorial", INDEX_UNIT]
    # The changed event's and the index's records, and of the site-wide state (site_state.py)
    # the events' lines, the pages of names (one, for so few players) and the parts of the
    # changed event's players, with the records of those parts' players' pages: nothing of
    # the unchanged event (listed from its line) nor of the other players' pages.
    assert set(read) == {
        *names["alekhin-memorial"], *names[INDEX_UNIT],
        *(names[people_unit("", part)][0] for part in parts),
        *(str(index.state[part]) for part in (LINES, NAMES, NAMES_PAGE + WHOLE, *parts))}
    assert len(parts) < len([name for name in names if is_people_unit(name)])
    # The records replaced are gone, the others kept as they were.
    now = {path.name for path in (out / RECORDS_DIR).iterdir()}
    assert {f"{name}.json" for name in names["anna-club-2026"]} <= now
    assert f"{names['alekhin-memorial'][0]}.json" not in now
    assert now - records


def test_records_a_killed_build_left_unnamed_are_removed(tmp_path: Path) -> None:
    # A build journals its new record files before it writes them (the index that would
    # name them comes after): killed in between, it leaves both.
    site = FakeSite()
    events = make_events(tmp_path, {"open": "Anna 1\n"})
    out = tmp_path / "site"
    fake_build(site, events, out)
    left = record_path("0" * 32)
    (out / left).write_text("{}\n")
    (out / JOURNAL_NAME).write_text(json.dumps(left) + "\n")
    (events / "open" / "results.txt").write_text("Anna 2\n", encoding="utf-8")
    fake_build(site, events, out)
    assert not (out / left).exists()
    assert not (out / JOURNAL_NAME).exists()


def test_the_records_a_change_replaces_are_removed_unlisted(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # No build was cut short: the records no index names any more are the ones the last
    # index named and this one does not, removed without a listing of the records folder.
    site = FakeSite()
    events = make_events(tmp_path, {"open": "Anna 1\n", "club": "Bob 1\n"})
    out = tmp_path / "site"
    fake_build(site, events, out)
    before = Manifest.load(out)
    assert before is not None
    (events / "open" / "results.txt").write_text("Anna 2\n", encoding="utf-8")
    listed: list[str] = []
    scandir = os.scandir
    monkeypatch.setattr(os, "scandir", lambda path=".": listed.append(str(path)) or scandir(path))
    fake_build(site, events, out)
    after = Manifest.load(out)
    assert after is not None
    assert before.record_names() - after.record_names()  # the open event's were replaced
    assert {path.name.removesuffix(".json") for path in (out / RECORDS_DIR).iterdir()} \
        == after.record_names()
    assert not [path for path in listed if RECORDS_DIR in path]


def test_a_page_of_an_unchanged_event_deleted_by_hand_is_written_again(tmp_path: Path) -> None:
    # The unchanged events are known complete by a stat of each of their folders (their
    # times as the last build left them): a page removed changes its folder's time.
    events = tmp_path / "events"
    for example in ("alekhin-memorial", "anna-club-2026"):
        shutil.copytree(ROOT / "events" / example, events / example)
    out = tmp_path / "site"
    build_site(events, out, cache=prepare_cache(events, out), workers=1)
    page = next((out / "anna-club-2026").rglob("*.html"))
    content = page.read_bytes()
    page.unlink()
    notes = events / "alekhin-memorial" / "notes.md"
    notes.write_text(notes.read_text(encoding="utf-8") + "\nOne more line.\n", encoding="utf-8")
    cache = prepare_cache(events, out)
    build_site(events, out, cache=cache, workers=1)
    assert "anna-club-2026" in cache.rendered
    assert page.read_bytes() == content
    # Nothing changed since: both known complete by their folders alone, no record read.
    cache = prepare_cache(events, out)
    assert cache.unchanged_warnings() is not None
    assert all(isinstance(unit, stored.StoredUnit) and unit._files is None
               for unit in (cache.previous.units.values() if cache.previous else ()))


def _two_examples(tmp_path: Path) -> tuple[Path, Path]:
    events = tmp_path / "events"
    for example in ("alekhin-memorial", "anna-club-2026"):
        shutil.copytree(ROOT / "events" / example, events / example)
    return events, tmp_path / "site"


def test_the_players_pages_are_units_of_their_own_by_part(tmp_path: Path) -> None:
    # A change reads and writes the records of the parts it touches (above); every page of
    # a player is in the unit of the part of the state that holds the player.
    events, out = _two_examples(tmp_path)
    build_site(events, out, cache=prepare_cache(events, out), workers=1)
    index = Manifest.load(out)
    assert index is not None
    digits = kept_digits(index)
    assert digits is not None
    pages = {f"people/{path.name}" for path in (out / "people").glob("*.html")} \
        - {"people/index.html"}
    assert len(pages) > 10
    units = {name: unit for name, unit in index.units.items() if is_people_unit(name)}
    assert len(units) > 1
    listed = [path for unit in units.values() for path in unit.files]
    assert sorted(listed) == sorted(pages)
    for name, unit in units.items():
        assert unit.key == index.units[INDEX_UNIT].key
        for path in unit.files:
            key = path.removeprefix("people/").removesuffix(".html")
            assert people_unit("", person_part(key, digits)) == name
    assert not pages & set(index.units[INDEX_UNIT].files)


@pytest.mark.parametrize("with_a_change", [False, True])
def test_a_players_page_deleted_by_hand_is_written_again(tmp_path: Path,
                                                         with_a_change: bool) -> None:
    # Its part's unit is no longer all there (its folder's time changed, then a listing):
    # the index's unit renders it, whether or not an event changed.
    events, out = _two_examples(tmp_path)
    build_site(events, out, cache=prepare_cache(events, out), workers=1)
    index = Manifest.load(out)
    assert index is not None
    summary = index.units["alekhin-memorial"].summary
    assert summary is not None
    touched = {str(row[8]) for row in summary["rows"]}
    # A player of the unchanged event alone, in a part no player of the changed one is in.
    digits = kept_digits(index)
    assert digits is not None
    parts = {person_part(key, digits) for key in touched}
    page = next(path for path in (out / "people").glob("*.html")
                if path.name != "index.html"
                and person_part(path.stem, digits) not in parts)
    content = page.read_bytes()
    page.unlink()
    if with_a_change:
        notes = events / "alekhin-memorial" / "notes.md"
        notes.write_text(notes.read_text(encoding="utf-8") + "\nOne more line.\n",
                         encoding="utf-8")
    cache = prepare_cache(events, out)
    build_site(events, out, cache=cache, workers=1)
    assert page.read_bytes() == content
    assert people_unit("", person_part(page.stem, digits)) in cache.people_rendered
    cache = prepare_cache(events, out)
    assert cache.unchanged_warnings() is not None


def test_a_change_in_two_languages_equals_a_clean_build(tmp_path: Path) -> None:
    # Each language has its own units of the players' pages ("people/<digits>" and
    # "de/people/<digits>"); a change that renames an event rewrites its players' pages in
    # both (their appearances name it), keeps the other parts, and ends as a clean build.
    events, out = _two_examples(tmp_path)
    (tmp_path / "site.yml").write_text("languages: [en, de]\n", encoding="utf-8")
    build_site(events, out, cache=prepare_cache(events, out), workers=1)
    settings = events / "alekhin-memorial" / "event.yml"
    settings.write_text(settings.read_text(encoding="utf-8") + "\ntitle: Alekhin Renamed\n",
                        encoding="utf-8")
    cache = prepare_cache(events, out)
    build_site(events, out, cache=cache, workers=1)
    homes = {name.partition("people/")[0] for name in cache.people_rendered}
    assert homes == {"", "de/"}
    assert cache.people_reused, "the parts without the renamed event's players are kept"
    clean = tmp_path / "clean"
    build_site(events, clean, cache=prepare_cache(events, clean, clean=True), workers=1)
    assert read_tree(out) == read_tree(clean)
    renamed = [path for path in (out / "de" / "people").glob("*.html")
               if "Alekhin Renamed" in path.read_text(encoding="utf-8")]
    assert renamed


@pytest.mark.parametrize("name", ["../../etc/passwd", "A" * 32, "0" * 31, "0" * 33,
                                  f"{'0' * 32}\n{'1' * 32}", f"{'0' * 16} {'0' * 15}",
                                  f"{'0' * 30}\n0", "0" * 31 + "g", ["0" * 32], 7, None])
def test_an_index_naming_a_record_otherwise_than_by_its_digest_is_not_read(
        tmp_path: Path, name: object) -> None:
    # A record's name is a path in the manifest's folder: hex digits only, 32 of them.
    manifest = Manifest(units={"open": UnitRecord.of("k1", {"open/index.html": b"<p>"})})
    data = json.loads(kept(manifest, tmp_path).files()[0])
    assert Manifest.from_index(json.dumps(data).encode(), tmp_path) is not None
    data["units"]["open"][3] = name
    assert Manifest.from_index(json.dumps(data).encode(), tmp_path) is None
    data["units"]["open"][3] = "0" * 32
    data["units"]["open"][4] = name if name is not None else 5
    assert Manifest.from_index(json.dumps(data).encode(), tmp_path) is None


@pytest.mark.parametrize("entry", [
    [7, 0, 0, "0" * 32, None],          # a key that is no text
    ["k1", "0", 0, "0" * 32, None],     # a count of warnings that is no number
    ["k1", 0, 1.5, "0" * 32, None],     # nor of notes
    ["k1", True, 0, "0" * 32, None],    # a truth, not a count
    ["k1", 0, 0, "0" * 32],             # a field short
    ["k1", 0, 0, "0" * 32, None, 1],    # one too many
    "k1000",                            # no list
])
def test_an_index_entry_of_other_fields_is_not_read(tmp_path: Path, entry: object) -> None:
    # The fields of every entry are checked together (an archive's 14,000 at once).
    manifest = Manifest(units={"open": UnitRecord.of("k1", {"open/index.html": b"<p>"})})
    data = json.loads(kept(manifest, tmp_path).files()[0])
    data["units"]["other"] = entry
    assert Manifest.from_index(json.dumps(data).encode(), tmp_path) is None
    data["units"]["other"] = ["k1", 0, 0, "0" * 32, None]
    assert Manifest.from_index(json.dumps(data).encode(), tmp_path) is not None


def test_a_record_made_again_the_same_is_not_written_again_unless_it_went(
        tmp_path: Path) -> None:
    # A record is named by its bytes: one the build read whole and found to be the record
    # it names stays as it is; one gone meanwhile is written again.
    events, out = _two_examples(tmp_path)
    build_site(events, out, cache=prepare_cache(events, out), workers=1)
    settings = events / "anna-club-2026" / "event.yml"
    before = Manifest.load(out)
    assert before is not None
    unit = before.units["anna-club-2026"]
    assert isinstance(unit, StoredUnit)
    record = out / stored.record_path(unit.record)
    lines = out / stored.record_path(str(before.state[LINES]))
    inodes = (record.stat().st_ino, lines.stat().st_ino)
    settings.write_text(settings.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    cache = prepare_cache(events, out)
    build_site(events, out, cache=cache, workers=1)
    assert "anna-club-2026" in cache.rendered  # read again, its pages the same
    after = Manifest.load(out)
    assert after is not None and after.units["anna-club-2026"].record == unit.record
    assert (record.stat().st_ino, lines.stat().st_ino) == inodes
    record.unlink()
    settings.write_text(settings.read_text(encoding="utf-8") + "# again\n", encoding="utf-8")
    build_site(events, out, cache=prepare_cache(events, out), workers=1)
    assert record.exists()
    assert read_tree(out) == read_tree(_clean_copy(events, tmp_path))


def _clean_copy(events: Path, tmp_path: Path) -> Path:
    clean = tmp_path / "clean"
    build_site(events, clean, cache=prepare_cache(events, clean, clean=True), workers=1)
    return clean
