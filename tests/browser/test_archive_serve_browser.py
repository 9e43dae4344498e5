"""``standings serve`` on an archive of many events (issue 26), in Debian's chromium: the
front page lists every event, an event's page is served when asked for, an edit of one
event reloads its open tab with the new result, and the server holds the pages of that
event alone.

The archive is bench/bench_archive.py's, at a size over ``livebuild.ARCHIVE_EVENTS`` (the
events are read after the server starts, each event's pages on request); the edit is its
own: one decisive game of the last round turned round, so one player has a point less and
their opponent a point more (bench/bench_serve_archive.py times the same edit at a thousand
events)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from conftest import ROOT

from generator.preview.livebuild import ARCHIVE_EVENTS
from generator.preview.serve import Preview, ServeSettings
from generator.preview.site_port import default_site_functions
from generator.site.cache import INDEX_UNIT

sys.path.insert(0, str(ROOT / "bench"))

import bench_archive

pytestmark = pytest.mark.browser

DEFAULT_SIZE = ARCHIVE_EVENTS + 20
"""Just over the threshold, which takes the archive's way; ``--archive-events 1000`` runs the
same test at the scale of issue 26 (minutes, mostly the server reading every event)."""

POINTS_OF = """name => {
    const row = [...document.querySelectorAll('table.standings tbody tr')]
        .find(row => row.querySelector('th[scope=row] a').textContent === name);
    return row.querySelector('td:nth-child(3)').textContent; }"""


def points(text: str) -> float:
    """ "3½" -> 3.5, as the standings write points."""
    return float(text.replace("½", "") or 0) + (0.5 if "½" in text else 0)


def changed_players(before: str, after: str) -> list[str]:
    """The names on the TRF's player lines whose points (columns 81-84) the edit changed:
    the edit writes the rank column again too, which moves other players."""
    return [old[14:47].strip()
            for old, new in zip(before.splitlines(), after.splitlines(), strict=True)
            if old.startswith("001") and old[80:84] != new[80:84]]


def test_an_edit_of_one_event_of_an_archive_is_served(tmp_path: Path, browser: object,
                                                      request: pytest.FixtureRequest) -> None:
    size = request.config.getoption("--archive-events") or DEFAULT_SIZE
    assert size > ARCHIVE_EVENTS, "an archive this small is not served as an archive"
    archive = bench_archive.generate_archive(tmp_path, size)
    index = bench_archive.changed_index(size)
    event = bench_archive.archive_event(index, size)
    edited = bench_archive.changed_result(index, size)
    names = changed_players(event.trf, edited)
    assert len(names) == 2
    settings = ServeSettings(events_root=archive.events, port=0)
    with Preview(settings, default_site_functions(), log=lambda line: None) as preview:
        page = browser.new_page()  # type: ignore[attr-defined]
        problems: list[str] = []
        page.on("pageerror", lambda error: problems.append(str(error)))
        # The front page waits for every event to be read, then lists them all.
        page.goto(preview.url, timeout=120_000)
        assert page.locator("table.events tbody tr").count() == size
        page.goto(preview.url + f"{event.slug}/")
        before = {name: points(page.evaluate(POINTS_OF, name)) for name in names}
        page.evaluate("window.loadedBeforeTheEdit = true")

        (archive.events / event.slug / "tournament.trf").write_text(edited, encoding="utf-8")
        page.wait_for_function("!window.loadedBeforeTheEdit", timeout=30_000)
        after = {name: points(page.evaluate(POINTS_OF, name)) for name in names}
        assert sorted(after[name] - before[name] for name in names) == [-1, 1]
        # Another event, never asked for before, is read and served.
        page.goto(preview.url + "event-00002/")
        assert page.locator("table.standings tbody tr").count() > 0
        page.close()
        # Of the whole archive, the server holds the pages of the edited event (and warms
        # them); every other event's are read on request, and few kept.
        files = preview.live_site.current()[0]
        assert [unit.unit for unit in files.units] == [INDEX_UNIT, event.slug]
    assert problems == []
