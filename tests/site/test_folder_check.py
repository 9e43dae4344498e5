"""The output's folders checked in a forked process while the inputs are digested
(site/folder_check.py): its answers are those of a check in the build's own process, they
stand only for the manifest read before the output's lock, and a helper that fails leaves
the build to check the folders itself."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from generator.site import folder_check
from generator.site.build import build_site, prepare_cache
from generator.site.folder_check import FolderCheck
from generator.site.manifest import Manifest
from generator.site.stored_files import folder_stamps, stamps_hold
from tests.site.test_manifest import _two_examples

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def always_helped(monkeypatch: pytest.MonkeyPatch) -> None:
    """A helper forked for any number of stamps (a site of two events has a few dozen)."""
    monkeypatch.setattr(folder_check, "FORK_FROM", 1)


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


def test_the_answers_are_those_of_a_check_in_this_process(tmp_path: Path,
                                                          always_helped: None) -> None:
    stamps = _stamped_folders(tmp_path)
    check = FolderCheck.start(tmp_path, [*stamps, "", stamps[0]])
    assert check is not None
    answers = check.answers()
    assert answers == {each: stamps_hold(tmp_path, each) for each in stamps}
    assert [number for number, each in enumerate(stamps) if not answers[each]] == [1, 4, 7, 9]
    assert check.answers() == {}  # given once


def test_few_stamps_are_checked_here(tmp_path: Path) -> None:
    stamps = _stamped_folders(tmp_path)
    assert len(stamps) < folder_check.FORK_FROM
    assert FolderCheck.start(tmp_path, stamps) is None


def test_a_helper_that_fails_gives_no_answer(tmp_path: Path, always_helped: None,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(out: Path, stamps: str) -> bool:
        raise OSError("the disk went away")

    monkeypatch.setattr(folder_check, "stamps_hold", broken)  # the forked process has it too
    check = FolderCheck.start(tmp_path, _stamped_folders(tmp_path))
    assert check is not None
    assert check.answers() == {}


def _children() -> set[int]:
    """This process's children, ended or not (Linux's /proc)."""
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rpartition(")")[2].split()
            except OSError:
                continue
            if int(fields[1]) == os.getpid():
                found.add(int(entry.name))
    return found


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads Linux's /proc")
def test_answers_dropped_leave_no_process_behind(tmp_path: Path, always_helped: None) -> None:
    stamps = _stamped_folders(tmp_path)
    before = _children()
    for _ in range(3):
        check = FolderCheck.start(tmp_path, stamps)
        assert check is not None
        check.drop()
        assert check.answers() == {}
    # The first forked process is reaped at once; the second is nobody's child to reap.
    assert _children() <= before


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
