"""After an edit, serve renders first the page a tab shows, and never serves an old page.

Through the small stand-in site of test_serve_doubles.py (one job per player page, each
render counted), and through HTTP where the order matters: a tab's page is rendered and
served before anything else of its event; a request for a page that a rebuild under way
replaces waits for the new page; an edit made while the previous one's pages are still
rendering in the background wins. Nothing here asserts how fast anything is.
"""

from __future__ import annotations

import http.client
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from kit.servekit import wait_until
from test_serve_doubles import FakeEvent, FakeSite, make_events

from generator.preview.livebuild import LiveBuild, Snapshot
from generator.preview.serve import Preview, ServeSettings
from generator.preview.server import LIVERELOAD_EPOCH
from generator.site.cache import INDEX_UNIT

HANG_GUARD_S = 60
"""Only a guard against a thread that never ends."""
PLAYERS = "Anna 1\nBoris 0\nCy 1\n"



def get(preview: Preview, path: str) -> tuple[int, str]:
    host, port = preview.server.server_address[:2]
    connection = http.client.HTTPConnection(host, port, timeout=HANG_GUARD_S)
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        return response.status, response.read().decode()
    finally:
        connection.close()


class HeldSite(FakeSite):
    """The stand-in site, whose reading of an event or rendering of one player's page can be
    held half-way (``hold_reading``, ``hold_player``) until ``release`` is set."""

    def __init__(self) -> None:
        super().__init__(lazy=True)
        self.hold_reading = False
        self.hold_player: str | None = None
        self.held = threading.Event()
        self.release = threading.Event()

    def _wait(self) -> None:
        self.held.set()
        assert self.release.wait(HANG_GUARD_S)

    def read_event(self, folder: Path) -> FakeEvent:
        if self.hold_reading:
            self._wait()
        return super().read_event(folder)

    def render_player(self, event: FakeEvent, name: str, points: str) -> dict[str, bytes]:
        if name == self.hold_player:
            self._wait()
        return super().render_player(event, name, points)


@pytest.fixture
def held_site() -> Iterator[HeldSite]:
    site = HeldSite()
    yield site
    site.release.set()  # a failed test must not leave a thread held


def start(tmp_path: Path, site: FakeSite, *, warm: bool) -> tuple[Preview, Path]:
    root = make_events(tmp_path, {"open": PLAYERS})
    preview = Preview(ServeSettings(events_root=root, port=0), site.functions(),
                      log=lambda line: None, warm=warm)
    preview.start()
    return preview, root / "open" / "results.txt"


def everything_rendered(preview: Preview) -> bool:
    return not any(unit.pending for unit in preview.live_site.current()[0].units)


# --- the page on screen first ---------------------------------------------------------------


def test_the_page_a_tab_shows_is_the_one_rendered_before_the_edit_is_served(
        tmp_path: Path) -> None:
    site = FakeSite(lazy=True)
    preview, results = start(tmp_path, site, warm=False)
    try:
        # A tab showing Cy's page long-polls with its address, as the reload script does.
        epoch = preview.live_site.epoch
        poll = threading.Thread(target=get, args=(
            preview, f"{LIVERELOAD_EPOCH}{epoch}?page=/open/p/Cy.html"))
        poll.start()
        wait_until(lambda: preview.live_site.shown() == ("open/p/Cy.html",))
        site.rendered.clear()
        results.write_text("Anna 1\nBoris 0\nCy 2\n", encoding="utf-8")
        poll.join(HANG_GUARD_S)  # the epoch moved: the tab reloads
        # Served once Cy's page was rendered, and nothing else of the event was.
        assert site.rendered == {"open/Cy": 1}
        status, body = get(preview, "/open/p/Cy.html")
        assert status == 200 and "<p>Cy: 2</p>" in body
        assert site.rendered == {"open/Cy": 1}
        # The rest renders when asked (here, without the background warmer).
        assert "<li>Cy 2</li>" in get(preview, "/open/")[1]
        assert site.rendered == {"open/Cy": 1, "open": 1}
    finally:
        preview.stop()


def test_without_a_tab_the_standings_page_is_served_first_and_the_probes_render_next(
        tmp_path: Path) -> None:
    site = FakeSite(lazy=True)
    root = make_events(tmp_path, {"open": PLAYERS})
    build = LiveBuild(events_root=root, site=site.functions())
    build.refresh()
    (root / "open" / "results.txt").write_text("Anna 2\nBoris 0\nCy 1\n", encoding="utf-8")
    site.rendered.clear()
    published: list[tuple[Snapshot, dict[str, int]]] = []
    snapshot = build.refresh({"open"}, publish=lambda shown: published.append(
        (shown, dict(site.rendered))))
    [(served, rendered_then)] = published
    assert served.rebuilt == snapshot.rebuilt == ("open", INDEX_UNIT)
    assert rendered_then == {"open": 1}  # the standings page alone, before it was served
    event = served.files.unit_of("open/")
    assert event.probes_pending  # the first player's page: rendered next, by the warmer
    event.run_next()
    assert site.rendered == {"open": 1, "open/Anna": 1}
    assert not event.probes_pending
    assert served.files.page("open/p/Anna.html").endswith(b"<p>Anna: 2</p></body></html>")


# --- never an old page ----------------------------------------------------------------------


def test_a_request_during_the_rebuild_waits_for_the_new_page(
        tmp_path: Path, held_site: HeldSite) -> None:
    preview, results = start(tmp_path, held_site, warm=False)
    try:
        held_site.hold_reading = True
        results.write_text("Anna 1\nBoris 0\nCy 2\n", encoding="utf-8")
        assert held_site.held.wait(HANG_GUARD_S)  # the rebuild is reading the edit
        answers: list[tuple[int, str]] = []
        request = threading.Thread(target=lambda: answers.append(get(preview, "/open/")))
        request.start()
        wait_until(lambda: preview.live_site.busy)  # the request reached the server...
        held_site.hold_reading = False
        held_site.release.set()  # ...before the rebuild could finish
        request.join(HANG_GUARD_S)
        [(status, body)] = answers
        assert status == 200 and "<li>Cy 2</li>" in body and "<li>Cy 1</li>" not in body
    finally:
        preview.stop()


def test_a_page_not_rendered_yet_after_an_edit_is_rendered_from_the_edit(
        tmp_path: Path) -> None:
    site = FakeSite(lazy=True)
    preview, results = start(tmp_path, site, warm=False)
    try:
        assert "<p>Boris: 0</p>" in get(preview, "/open/p/Boris.html")[1]
        results.write_text("Anna 1\nBoris 5\nCy 1\n", encoding="utf-8")
        wait_until(lambda: "<li>Boris 5</li>" in get(preview, "/open/")[1])
        rendered = site.rendered["open/Boris"]
        assert "<p>Boris: 5</p>" in get(preview, "/open/p/Boris.html")[1]
        assert site.rendered["open/Boris"] == rendered + 1  # rendered now, on request
    finally:
        preview.stop()


def test_a_second_edit_during_the_background_rendering_wins(
        tmp_path: Path, held_site: HeldSite) -> None:
    preview, results = start(tmp_path, held_site, warm=True)
    try:
        wait_until(lambda: everything_rendered(preview))
        held_site.hold_player = "Cy"
        results.write_text("Anna 1\nBoris 0\nCy 2\n", encoding="utf-8")
        # The first edit is served; its pages render in the background, Cy's held half-way.
        assert held_site.held.wait(HANG_GUARD_S)
        held_site.hold_player = None
        results.write_text("Anna 1\nBoris 0\nCy 3\n", encoding="utf-8")
        wait_until(lambda: "<li>Cy 3</li>" in get(preview, "/open/")[1])
        assert "<p>Cy: 3</p>" in get(preview, "/open/p/Cy.html")[1]
        held_site.release.set()  # the first edit's page of Cy is finished now, too late
        wait_until(lambda: everything_rendered(preview))
        status, body = get(preview, "/open/p/Cy.html")
        assert status == 200 and "<p>Cy: 3</p>" in body
        # Every page served is the second edit's, exactly as a full render of it gives.
        served = preview.live_site.current()[0].render_all()
        edited = held_site.read_event(results.parent)
        assert served == dict(sorted({**held_site.render_event_with_players(edited, ""),
                                      **held_site.render_index([edited], "")}.items()))
    finally:
        preview.stop()

