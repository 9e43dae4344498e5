"""The output's folders checked in a side process while the inputs are digested
(site/folder_check.py), and the events folder listed there (site/up_to_date.py): its answers
are those of a check in the build's own process, for the very stamps the build read, they
stand only for the manifest read before the output's lock, and a side process that fails
leaves the build to do the work itself."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from generator.site import inputs_now
from generator.site.build import build_site, prepare_cache
from generator.site.cache import INPUTS_PATH, BuildCache
from generator.site.event_folders import Listing
from generator.site.folder_check import FolderCheck, checked_stamps
from generator.site.input_record import load_inputs
from generator.site.manifest import Manifest
from generator.site.side_process import SideProcess
from generator.site.stored_files import folder_stamps, stamps_hold
from generator.site.up_to_date import discover_events
from tests.site.test_manifest import _two_examples

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def always_helped(monkeypatch: pytest.MonkeyPatch) -> None:
    """A side process for any site (the examples' record is a few kilobytes)."""
    monkeypatch.setattr(inputs_now, "SIDE_PROCESS_FROM", 0)


def _stamped_folders(out: Path) -> list[str]:
    """A stamp of each of ten folders, four of them changed or gone since."""
    folders = []
    for number in range(10):
        (out / f"f{number}" / "players").mkdir(parents=True)
        folders.append(f"f{number}")
    stamps = [folder_stamps(out, [folder, f"{folder}/players"]) or "" for folder in folders]
    (out / "f1" / "players" / "new.html").write_text("x")
    (out / "f4" / "players").rmdir()
    shutil.rmtree(out / "f7")
    (out / "f9").rename(out / "f9-elsewhere")
    return stamps


def _checked(out: Path, stamps: list[str], asked: list[str]) -> FolderCheck:
    side = SideProcess.start([lambda: checked_stamps(out, stamps)])
    assert side is not None
    return FolderCheck(side, asked)


def test_the_answers_are_those_of_a_check_in_this_process(tmp_path: Path) -> None:
    stamps = _stamped_folders(tmp_path)
    check = _checked(tmp_path, [*stamps, "", stamps[0]], stamps)
    answers = check.answers()
    assert answers == {each: stamps_hold(tmp_path, each) for each in stamps}
    assert [number for number, each in enumerate(stamps) if not answers[each]] == [1, 4, 7, 9]
    assert check.answers() == {}  # given once


def test_answers_for_other_stamps_are_not_taken(tmp_path: Path) -> None:
    # The side process read the inputs' record itself: another build may have written
    # another one since this build read it.
    stamps = _stamped_folders(tmp_path)
    assert _checked(tmp_path, stamps[:-1], stamps).answers() == {}
    assert _checked(tmp_path, stamps, stamps[:-1]).answers() == {}


def test_a_side_process_that_fails_gives_no_answer(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(out: Path, stamps: str) -> bool:
        raise OSError("the disk went away")

    # The forked process has it too.
    monkeypatch.setattr("generator.site.folder_check.stamps_hold", broken)
    stamps = _stamped_folders(tmp_path)
    assert _checked(tmp_path, stamps, stamps).answers() == {}


def test_the_listing_made_aside_is_the_listing(tmp_path: Path, always_helped: None,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    # Its diagnostics too: a TRF file beside the event folders, a name that is no address.
    events, out = _two_examples(tmp_path)
    build_site(events, out, cache=prepare_cache(events, out), workers=1)
    (events / "stray.trf").write_text("012 x\n", encoding="utf-8")
    shutil.copytree(events / "anna-club-2026", events / "Anna Club")
    listed_here: list[int] = []

    def listing(root: Path) -> Listing:
        listed_here.append(os.getpid())  # seen here only when this process lists
        return discover_events(root)

    monkeypatch.setattr(inputs_now, "discover_events", listing)
    cache = prepare_cache(events, out)
    assert cache.folder_check is not None
    assert listed_here == []  # listed in the side process alone
    assert cache.found == discover_events(events)
    assert cache.found is not None and cache.found.diagnostics


def test_no_events_folder_lists_nothing_aside(tmp_path: Path, always_helped: None) -> None:
    cache = prepare_cache(tmp_path / "missing", tmp_path / "site")
    assert cache.found is None and cache.folder_check is None


@pytest.mark.parametrize("with_a_change", [False, True])
def test_a_page_deleted_by_hand_is_written_again_with_the_helper(
        tmp_path: Path, always_helped: None, with_a_change: bool) -> None:
    events, out = _two_examples(tmp_path)
    build_site(events, out, cache=prepare_cache(events, out), workers=1)
    clean = {path.relative_to(out): path.read_bytes() for path in out.rglob("*.html")}
    page = next((out / "anna-club-2026").rglob("*.html"))
    person = next(path for path in (out / "people").glob("*.html")
                  if path.name != "index.html")
    page.unlink()
    person.unlink()
    if with_a_change:
        settings = events / "alekhin-memorial" / "event.yml"
        settings.write_bytes(settings.read_bytes() + b"\n# a comment\n")
    cache = prepare_cache(events, out)
    assert cache.folder_check is not None
    build_site(events, out, cache=cache, workers=1)
    assert cache.folder_check is None  # its answers were taken
    assert "anna-club-2026" in cache.rendered
    assert page.read_bytes() == clean[page.relative_to(out)]
    assert person.read_bytes() == clean[person.relative_to(out)]
    again = prepare_cache(events, out)
    assert again.unchanged_warnings() is not None


def test_answers_stand_only_for_the_manifest_read_before_the_lock(
        tmp_path: Path, always_helped: None) -> None:
    # Read under the lock, the same manifest (no build finished since, none cut short):
    # the answers are kept for the first stamp looked at. Another manifest, or a journal
    # of a build cut short: they are dropped, the folders looked at again.
    events, out = _two_examples(tmp_path)
    build_site(events, out, cache=prepare_cache(events, out), workers=1)
    same = prepare_cache(events, out)
    assert same.folder_check is not None
    same.adopt(same.previous, frozenset())
    assert same.folder_check is not None
    assert same.intact("anna-club-2026") and same.folder_check is None
    replaced = prepare_cache(events, out)
    replaced.adopt(Manifest.load(out), frozenset())
    assert replaced.folder_check is None
    cut_short = prepare_cache(events, out)
    cut_short.adopt(cut_short.previous, frozenset({"anna-club-2026/index.html"}))
    assert cut_short.folder_check is None


def test_a_build_prepared_before_another_finished_ends_as_a_clean_build(
        tmp_path: Path, always_helped: None) -> None:
    # A build prepared while a page was missing, another finishing first (it writes the
    # page again, and a new manifest): the first finds the site whole under the lock.
    events, out = _two_examples(tmp_path)
    build_site(events, out, cache=prepare_cache(events, out), workers=1)
    clean = {path.relative_to(out): path.read_bytes() for path in out.rglob("*.html")}
    page = next((out / "anna-club-2026").rglob("*.html"))
    page.unlink()
    late = prepare_cache(events, out)
    first = prepare_cache(events, out)
    build_site(events, out, cache=first, workers=1)
    assert "anna-club-2026" in first.rendered and page.exists()
    build_site(events, out, cache=late, workers=1)
    assert "anna-club-2026" not in late.rendered
    assert {path.relative_to(out): path.read_bytes() for path in out.rglob("*.html")} == clean


def _record_bytes_counted(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many times the build made the inputs' record's bytes itself."""
    made: list[int] = []
    bytes_of = BuildCache.inputs_bytes

    def counted(self: BuildCache) -> bytes:
        made.append(1)
        return bytes_of(self)

    monkeypatch.setattr(BuildCache, "inputs_bytes", counted)
    return made


@pytest.mark.parametrize("aside", ["writes it", "fails", "is handed too much"])
def test_the_side_process_writes_the_inputs_record_the_build_would(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, always_helped: None,
        aside: str) -> None:
    # At the build's end the side process makes the record from the one it read and the
    # build's change, while the build writes its manifest; failing, or handed a change
    # too large, it leaves the build to write it.
    events, out = _two_examples(tmp_path)
    build_site(events, out, cache=prepare_cache(events, out), workers=1)
    (events / "anna-club-2026" / "event.yml").write_text(
        (events / "anna-club-2026" / "event.yml").read_text(encoding="utf-8") + "\n# edited\n",
        encoding="utf-8")
    shutil.rmtree(events / "alekhin-memorial")  # an event gone: its entry and its units
    if aside == "fails":
        def failing(*args: object) -> bytes:
            raise OSError("the disk went away")

        monkeypatch.setattr(inputs_now, "_record_written", failing)
    elif aside == "is handed too much":
        monkeypatch.setattr(inputs_now, "CHANGE_MOST", 10)
    made = _record_bytes_counted(monkeypatch)
    cache = prepare_cache(events, out)
    assert cache.side is not None
    build_site(events, out, cache=cache, workers=1)
    assert made == ([] if aside == "writes it" else [1])
    written = (out / INPUTS_PATH).read_bytes()
    assert written == cache.inputs_bytes()  # as the build makes it, from the same state
    record = load_inputs(out, INPUTS_PATH)
    assert "alekhin-memorial" not in record.events
    assert not any(unit.endswith("alekhin-memorial") for unit in record.folders)
    assert record.events.keys() == cache.inputs.keys()
    again = prepare_cache(events, out)  # the next build finds it all as written
    assert again.unchanged_warnings() is not None
