"""``standings serve`` on an archive (issue 26): the events are read after the server starts,
each event's pages when asked for, and only the most recently asked are kept; the pages
served are still byte for byte those a build writes, before an edit and after it.

The archive is bench/bench_archive.py's (Swiss events, events with categories and prizes, a
team event), made small: what is measured at a thousand events is the same machinery."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from conftest import ROOT

from generator.errors import Diagnostic, Severity
from generator.preview.livebuild import LiveBuild
from generator.preview.residents import Residents
from generator.preview.server import BANNER_ITEMS, render_banner
from generator.preview.site_port import default_site_functions
from generator.reading.events import read_event
from generator.site import build as site
from generator.site.cache import INDEX_UNIT

sys.path.insert(0, str(ROOT / "bench"))

import bench_archive

SIZE = 8
"""Events of the archive: a team event (the 8th) and one with prizes (the 4th) among them."""
KEPT = 3
"""Events whose pages the preview keeps in these tests."""


@pytest.fixture(scope="module")
def archive(tmp_path_factory: pytest.TempPathFactory) -> bench_archive.Archive:
    return bench_archive.generate_archive(tmp_path_factory.mktemp("archive"), SIZE)


def archive_build(events: Path) -> LiveBuild:  # type: ignore[type-arg]
    build = LiveBuild(events_root=events, site=default_site_functions(), archive_events=SIZE)
    build._residents = Residents(lambda pages: pages.rendered_bytes, budget_events=KEPT)
    return build


def built_site(events: Path) -> dict[str, bytes]:
    return site.render_site(
        site.plan_site([read_event(folder) for folder in sorted(events.iterdir())]),
        site.site_environment(events))


def test_an_archive_is_served_before_its_events_are_read(
        archive: bench_archive.Archive) -> None:
    build = archive_build(archive.events)
    snapshot = build.refresh()
    assert build.unread == SIZE and build.index_waiting
    # An event's page is read when asked for, and is the page a build writes.
    env = site.site_environment(archive.events)
    third = "event-00003"
    plan = site.plan_event(read_event(archive.events / third))
    assert snapshot.files.unit_of(f"{third}/").render_all() == site.render_event(plan, env)
    assert "index.html" not in snapshot.files
    while (read := build.read_unread(0.05)) is None:
        pass
    assert build.unread == 0 and not build.index_waiting and INDEX_UNIT in read.rebuilt
    # The index made once every event is read is a build's; every page of the site is
    # checked against a build's in the last test (after an edit, seven events untouched).
    planned = site.plan_site([read_event(folder) for folder in sorted(archive.events.iterdir())])
    assert read.files.unit_of("index.html").render_all() == site.render_index(planned, env)


def test_only_the_events_asked_for_last_are_kept(archive: bench_archive.Archive) -> None:
    build = archive_build(archive.events)
    build.refresh()
    while build.read_unread(10) is None:
        pass
    files = build.snapshot().files
    asked = [f"event-{number:05d}" for number in (2, 5, 8, 6, 7)]
    for slug in asked:
        assert files.page(f"{slug}/index.html").startswith(b"<!DOCTYPE html>")
    assert build._residents.held == tuple(asked[-KEPT:])
    # One asked again is read again, and becomes the last asked.
    assert files.page(f"{asked[0]}/crosstable.html")
    assert build._residents.held == (*asked[-KEPT + 1:], asked[0])


def test_an_edited_events_pages_are_held_and_the_site_equals_a_build(
        archive: bench_archive.Archive, tmp_path: Path) -> None:
    events = tmp_path / "events"
    events.mkdir()
    for folder in sorted(archive.events.iterdir()):
        for file in folder.iterdir():
            (events / folder.name).mkdir(exist_ok=True)
            (events / folder.name / file.name).write_bytes(file.read_bytes())
    build = archive_build(events)
    build.refresh()
    while build.read_unread(10) is None:
        pass
    index = bench_archive.changed_index(SIZE)
    slug = bench_archive.archive_event(index, SIZE).slug
    assert build.snapshot().files.page(f"{slug}/index.html")
    assert slug in build._residents.held
    (events / slug / "tournament.trf").write_text(
        bench_archive.changed_result(index, SIZE), encoding="utf-8")
    snapshot = build.refresh({slug})
    assert snapshot.rebuilt == (slug, INDEX_UNIT)
    assert slug in {unit.unit for unit in snapshot.files.units}  # held, and warmed
    assert slug not in build._residents.held  # its pages before the edit are let go
    assert snapshot.files.render_all() == built_site(events)


def test_a_banner_lists_at_most_its_cap_and_counts_every_warning() -> None:
    # An archive's thousand events may stand tens of thousands of warnings: every page
    # served would carry megabytes of them.
    more = 50
    warnings = tuple(Diagnostic(path=f"events/e{number}/tournament.trf", message=f"odd {number}",
                                severity=Severity.WARNING)
                     for number in range(BANNER_ITEMS + more))
    banner = render_banner(warnings).decode()
    assert banner.count("<li>") == BANNER_ITEMS + 1
    assert f">{BANNER_ITEMS + more}</span>" in banner
    assert f"odd {BANNER_ITEMS - 1}<" in banner and f"odd {BANNER_ITEMS}<" not in banner
    assert f"{more} more not shown here; standings check lists them all" in banner
