"""The preview server's machinery, driven through a small stand-in for the site.

The same behaviour with the real reader and site (a TRF edited, broken, fixed) is tested in
tests/preview/test_serve_site.py; here each mechanism is tested on its own: injection, addresses,
the epoch long-poll, debouncing, what is rebuilt, half-written files, stopping, ports.
"""

from __future__ import annotations

import errno
import functools
import gc
import http.client
import re
import socket
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import replace
from pathlib import Path

import pytest
from kit import servekit
from test_serve_doubles import FakeSite, make_events

from generator.errors import Diagnostic, Severity
from generator.preview import server
from generator.preview.livebuild import LiveBuild, PageFailure, SiteFiles, resolve_address
from generator.preview.serve import Preview, ServeSettings
from generator.preview.server import (
    BANNER_ID,
    LIVERELOAD_SCRIPT,
    NOTES_ID,
    NOTICES_ID,
    WARNINGS_ID,
    LiveSite,
    PreviewServer,
    inject,
    normalise_base,
)
from generator.preview.watch import ChangeQueue
from generator.site.cache import INDEX_UNIT

HANG_GUARD_S = 60
"""Only a guard against a thread that never ends: no test here asserts how fast anything is."""
PAGE = b"<!DOCTYPE html><html><head><title>t</title></head><body class='x'><p>hi</p></body></html>"


wait_until = functools.partial(servekit.wait_until, timeout=HANG_GUARD_S)


def get(preview: Preview, path: str) -> tuple[int, str, dict[str, str]]:
    host, port = preview.server.server_address[:2]
    connection = http.client.HTTPConnection(host, port, timeout=HANG_GUARD_S)
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        return response.status, response.read().decode(), dict(response.getheaders())
    finally:
        connection.close()


@pytest.fixture
def fake_site() -> FakeSite:
    return FakeSite()


@pytest.fixture
def preview_factory(tmp_path: Path, fake_site: FakeSite) -> Iterator[Callable[..., Preview]]:
    started: list[Preview] = []

    def start(events: dict[str, str], base: str = "/") -> Preview:
        root = make_events(tmp_path, events)
        preview = Preview(ServeSettings(events_root=root, port=0, base=base), fake_site.functions(),
                          log=lambda line: None)
        preview.start()
        started.append(preview)
        return preview

    yield start
    for preview in started:
        preview.stop()


# --- injection -----------------------------------------------------------------------------


def test_inject_adds_the_reload_script_before_the_closing_body_tag() -> None:
    served = inject(PAGE, epoch=42, diagnostics=())
    assert served.endswith(
        f'<script src="{LIVERELOAD_SCRIPT}" data-epoch="42" '
        'data-endpoint="/__standings__/livereload/"></script></body></html>'.encode())
    assert BANNER_ID.encode() not in served


def test_inject_puts_the_banner_right_after_the_body_tag_and_escapes_it() -> None:
    problem = Diagnostic(path="events/a/t.trf", line=3, column=92,
                         message="unknown result code '<script>'", expected="one of 1 0 =")
    served = inject(PAGE, epoch=1, diagnostics=(problem,))
    _, _, rest = served.partition(b"<body class='x'>")
    assert rest.startswith(f'<div id="{NOTICES_ID}" '.encode())
    assert f'<div id="{BANNER_ID}" role="alert"'.encode() in rest
    assert (b"events/a/t.trf:3:92: unknown result code &#x27;&lt;script&gt;&#x27;; "
            b"expected one of 1 0 =") in rest
    assert b"<script>'" not in served
    assert WARNINGS_ID.encode() not in served
    assert rest.index(b"<p>hi</p>") > rest.index(b"</div>")


POINTS_WARNING = Diagnostic(
    path="events/a/t.trf", line=6, column=81, severity=Severity.WARNING,
    message="points column says 4.5 but the results add up to 4.0 <b>", expected="4.0")


def test_warnings_get_a_banner_of_their_own_that_names_strict() -> None:
    served = inject(PAGE, epoch=1, diagnostics=(POINTS_WARNING,)).decode()
    assert f'<div id="{WARNINGS_ID}" role="status"' in served
    assert BANNER_ID not in served
    warnings = served[served.index(WARNINGS_ID):]
    assert ("events/a/t.trf:6:81: warning: points column says 4.5 but the results add up "
            "to 4.0 &lt;b&gt;; expected 4.0") in warnings
    assert "publishing with --strict" in warnings and "will refuse them" in warnings


def test_errors_and_warnings_share_one_sticky_block_errors_first() -> None:
    problem = Diagnostic(path="events/b/t.trf", line=2, message="bad line")
    served = inject(PAGE, epoch=1, diagnostics=(problem, POINTS_WARNING)).decode()
    block_start = served.index(f'<div id="{NOTICES_ID}"')
    style = served[block_start:served.index(">", block_start)]
    assert "position:sticky;top:0" in style and "max-height:50vh" in style
    errors, warnings = served.index(f'id="{BANNER_ID}"'), served.index(f'id="{WARNINGS_ID}"')
    assert block_start < errors < warnings < served.index("<p>hi</p>")
    assert "events/b/t.trf:2: bad line" in served[errors:warnings]
    assert "events/a/t.trf:6:81" in served[warnings:]
    # Each banner folds to its heading with a tap, no script needed. The errors are open on
    # every load (the pages are stale); the warnings are one line with their count until
    # tapped, so that on a phone the page keeps its first screen.
    assert served.count("<details") == 2 and served.count("<details open") == 1
    assert served.index("<details open") < warnings


def test_warnings_are_one_folded_line_with_their_count() -> None:
    capped = Diagnostic(path="events/a/t.trf", message="100 more warnings not shown",
                        severity=Severity.NOTE, omitted=100)
    served = inject(PAGE, epoch=1, diagnostics=(POINTS_WARNING, capped)).decode()
    banner = served[served.index(f'id="{WARNINGS_ID}"'):]
    details = banner[banner.index("<details"):banner.index(">", banner.index("<details"))]
    assert " open" not in details
    summary = banner[banner.index("<summary"):banner.index("</summary>")]
    assert "white-space:nowrap" in summary and "text-overflow:ellipsis" in summary
    count = re.search(r"<span[^>]*>(\d+)</span>Warnings: publishing with --strict", summary)
    assert count and count[1] == "101"  # the cap's note stands for 100 of them


def test_notes_get_a_folded_banner_that_does_not_name_strict_as_refusing() -> None:
    note = Diagnostic(path="events/a/t.trf", severity=Severity.REMARK,
                      message="the file's ranks follow another tie-break order than the one "
                              "applied: 4 players ranked otherwise among equal points")
    served = inject(PAGE, epoch=1, diagnostics=(note,)).decode()
    assert WARNINGS_ID not in served and BANNER_ID not in served
    banner = served[served.index(f'id="{NOTES_ID}"'):]
    assert "<details open" not in banner
    assert "events/a/t.trf: note: the file&#x27;s ranks follow another tie-break order" in banner
    assert "Notes: publishing goes ahead" in banner and "will refuse" not in banner


def test_inject_copes_with_a_page_without_body_tags() -> None:
    served = inject(b"<p>bare</p>", epoch=5, diagnostics=(Diagnostic(path="x", message="m"),))
    assert served.startswith(f'<div id="{NOTICES_ID}"'.encode())
    assert f'<div id="{BANNER_ID}"'.encode() in served
    assert served.endswith(b"</script>")


# --- addresses -----------------------------------------------------------------------------


@pytest.mark.parametrize(("given", "expected"), [
    ("", "/"), ("/", "/"), ("club", "/club/"), ("/club", "/club/"), ("/club/", "/club/"),
    ("//a//b/", "/a/b/"),
])
def test_normalise_base(given: str, expected: str) -> None:
    assert normalise_base(given) == expected


FILES = {"index.html": b"i", "open/index.html": b"o", "open/p/1.html": b"p",
         "about.html": b"a", "style.css": b"s"}


@pytest.mark.parametrize(("relative", "expected"), [
    ("", "index.html"),
    ("open/", "open/index.html"),
    ("open", "open/"),            # a folder without its slash: redirect
    ("open/p/1.html", "open/p/1.html"),
    ("open/p/1", "open/p/1.html"),  # GitHub Pages serves x.html for x
    ("about", "about.html"),
    ("style.css", "style.css"),
    ("missing", None),
    ("open/p/", None),            # no index.html there
    ("open/../index.html", None),
    ("open//index.html", None),
])
def test_resolve_follows_github_pages(relative: str, expected: str | None) -> None:
    assert resolve_address(relative, FILES) == expected


# --- the epoch -----------------------------------------------------------------------------


def test_long_poll_returns_as_soon_as_the_epoch_moves() -> None:
    site = LiveSite()
    seen = site.epoch
    answers: list[int] = []
    waiter = threading.Thread(target=lambda: answers.append(site.wait_past(seen, 10)))
    waiter.start()
    time.sleep(0.1)
    assert answers == []
    new = site.publish(SiteFiles.empty(), ())
    waiter.join(2)
    assert answers == [new] and new != seen


def test_long_poll_returns_the_same_epoch_after_its_timeout() -> None:
    site = LiveSite()
    assert site.wait_past(site.epoch, 0.05) == site.epoch


def test_closing_wakes_long_polls() -> None:
    site = LiveSite()
    done = threading.Event()
    threading.Thread(target=lambda: (site.wait_past(site.epoch, 30), done.set())).start()
    site.close()
    assert done.wait(1)


# --- debouncing ----------------------------------------------------------------------------


def test_a_burst_of_changes_is_one_rebuild_after_the_quiet_period() -> None:
    queue = ChangeQueue(quiet=0.15, write_done_quiet=0.15)
    started = time.monotonic()
    queue.add("open")

    def more() -> None:
        time.sleep(0.05)
        queue.add("open")
        time.sleep(0.05)
        queue.add("blitz")

    adder = threading.Thread(target=more)
    adder.start()
    burst = queue.next_burst(timeout=HANG_GUARD_S)
    elapsed = time.monotonic() - started
    adder.join()
    assert burst == frozenset({"open", "blitz"})
    assert elapsed >= 0.1 + 0.15  # waited for the last event plus the quiet period
    assert queue.next_burst(timeout=0.05) is False


def test_a_finished_write_shortens_the_wait() -> None:
    # The ordinary quiet period outlasts the wait for the burst: only the short one of a
    # finished write can end it in time (no clock read, so load cannot decide the outcome).
    queue = ChangeQueue(quiet=3600.0, write_done_quiet=0.01)
    queue.add("open")
    queue.add("open", write_done=True)
    assert queue.next_burst(timeout=60) == frozenset({"open"})


def test_a_change_that_may_touch_everything_wins_over_names() -> None:
    queue = ChangeQueue(quiet=0.01)
    queue.add("open")
    queue.add(None)
    assert queue.next_burst(timeout=HANG_GUARD_S) is None


def test_stopping_ends_the_wait() -> None:
    queue = ChangeQueue(quiet=10)
    queue.add("open")
    threading.Timer(0.05, queue.stop).start()
    assert queue.next_burst(timeout=10) is False


# --- what a refresh rebuilds ---------------------------------------------------------------


def test_only_the_changed_event_and_the_index_are_rendered_again(
        tmp_path: Path, fake_site: FakeSite) -> None:
    root = make_events(tmp_path, {"open": "Anna 1\n", "blitz": "Boris 2\n"})
    build = LiveBuild(events_root=root, site=fake_site.functions())
    first = build.refresh()
    assert set(first.rebuilt) == {"open", "blitz", INDEX_UNIT}
    assert b"blitz" in first.files.page("index.html")
    (root / "open" / "results.txt").write_text("Anna 1.5\n", encoding="utf-8")
    second = build.refresh({"open"})
    assert second.rebuilt == ("open", INDEX_UNIT)
    assert fake_site.rendered == {"open": 2, "blitz": 1, "<index>": 1}  # the index: on use
    assert b"blitz" in second.files.page("index.html")
    assert fake_site.rendered == {"open": 2, "blitz": 1, "<index>": 2}
    assert b"Anna 1.5" in second.files.page("open/index.html")
    # Unchanged events keep the very same bytes objects: nothing was rendered for them.
    assert second.files.page("blitz/index.html") is first.files.page("blitz/index.html")


def test_a_change_event_without_a_content_change_renders_nothing(
        tmp_path: Path, fake_site: FakeSite) -> None:
    root = make_events(tmp_path, {"open": "Anna 1\n"})
    build = LiveBuild(events_root=root, site=fake_site.functions())
    assert b"open" in build.refresh().files.page("index.html")
    (root / "open" / "results.txt").touch()
    (root / "open" / ".results.txt.swp").write_bytes(b"editor state")
    assert build.refresh({"open"}).rebuilt == ()
    assert fake_site.rendered == {"open": 1, "<index>": 1}


def test_new_and_removed_events_change_the_index(tmp_path: Path, fake_site: FakeSite) -> None:
    root = make_events(tmp_path, {"open": "Anna 1\n"})
    build = LiveBuild(events_root=root, site=fake_site.functions())
    build.refresh()
    make_events(tmp_path, {"blitz": "Boris 2\n"})
    added = build.refresh(None)
    assert added.rebuilt == ("blitz", INDEX_UNIT)
    assert b'href="blitz/"' in added.files.page("index.html")
    (root / "open" / "results.txt").unlink()
    (root / "open").rmdir()
    removed = build.refresh(None)
    assert removed.rebuilt == (INDEX_UNIT,)
    assert "open/index.html" not in removed.files
    assert b"open" not in removed.files.page("index.html")


def test_a_template_change_renders_every_event_again(tmp_path: Path, fake_site: FakeSite) -> None:
    root = make_events(tmp_path, {"open": "Anna 1\n", "blitz": "Boris 2\n"})
    build = LiveBuild(events_root=root, site=fake_site.functions())
    build.refresh()
    (tmp_path / "templates").mkdir()
    (tmp_path / "templates" / "prefix.txt").write_text("CLUB", encoding="utf-8")
    snapshot = build.refresh(set())
    assert set(snapshot.rebuilt) == {"open", "blitz", INDEX_UNIT}
    assert snapshot.files.page("open/index.html").count(b"CLUB") == 1


def test_a_broken_event_keeps_its_last_good_pages_and_reports_where(
        tmp_path: Path, fake_site: FakeSite) -> None:
    root = make_events(tmp_path, {"open": "Anna 1\nBoris 0\n"})
    build = LiveBuild(events_root=root, site=fake_site.functions(), sleep=lambda seconds: None)
    good = build.refresh()
    (root / "open" / "results.txt").write_text("Anna 1\nBoris ?\n", encoding="utf-8")
    broken = build.refresh({"open"})
    assert broken.files.page("open/index.html") == good.files.page("open/index.html")
    assert [str(d) for d in broken.diagnostics] == [
        f"{root}/open/results.txt:2:7: bad result line 'Boris ?'; expected 'Name points'"]
    assert build.failing == ("open",)
    (root / "open" / "results.txt").write_text("Anna 1\nBoris 0.5\n", encoding="utf-8")
    fixed = build.refresh({"open"})
    assert fixed.diagnostics == ()
    assert b"Boris 0.5" in fixed.files.page("open/index.html")


def test_an_event_broken_from_the_start_is_left_out_until_fixed(
        tmp_path: Path, fake_site: FakeSite) -> None:
    root = make_events(tmp_path, {"open": "Anna 1\n", "bad": "Boris x\n"})
    build = LiveBuild(events_root=root, site=fake_site.functions(), sleep=lambda seconds: None)
    snapshot = build.refresh()
    assert "bad/index.html" not in snapshot.files
    assert b"bad" not in snapshot.files.page("index.html")
    assert len(snapshot.diagnostics) == 1


def test_a_half_written_file_is_read_again_once_it_settles(
        tmp_path: Path, fake_site: FakeSite) -> None:
    # An exporter has written half a line when the rebuild reads the file; it finishes the
    # write while the build waits for the file to settle. The false error must never show.
    root = make_events(tmp_path, {"open": "Anna 1\n"})
    results = root / "open" / "results.txt"
    finished = "Anna 1\nBoris 0.5\n"

    def exporter_finishes(seconds: float) -> None:
        results.write_text(finished, encoding="utf-8")

    build = LiveBuild(events_root=root, site=fake_site.functions(), sleep=exporter_finishes)
    build.refresh()
    results.write_text("Anna 1\nBoris 0.", encoding="utf-8")  # caught mid-write
    snapshot = build.refresh({"open"})
    assert snapshot.diagnostics == ()
    assert b"Boris 0.5" in snapshot.files.page("open/index.html")
    assert fake_site.reads["open"] == 3  # the first read, the torn one, the settled one


def test_a_file_changing_during_the_read_is_read_again(
        tmp_path: Path, fake_site: FakeSite) -> None:
    root = make_events(tmp_path, {"open": "Anna 1\n"})
    results = root / "open" / "results.txt"
    functions = fake_site.functions()
    changed_once: list[bool] = []

    def read_while_written(folder: Path) -> object:
        event = fake_site.read_event(folder)
        if not changed_once:  # the exporter writes again right after our read
            changed_once.append(True)
            results.write_text("Anna 1\nBoris 1\n", encoding="utf-8")
        return event

    build = LiveBuild(events_root=root, site=functions.__class__(**{
        **{f: getattr(functions, f) for f in (
            "discover", "warnings_of", "template_folders", "make_environment", "plan_event",
            "render_event", "render_index")},
        "read_event": read_while_written}))
    snapshot = build.refresh()
    assert b"Boris 1" in snapshot.files.page("open/index.html")


# --- the server ----------------------------------------------------------------------------


def test_edit_break_fix_through_http(preview_factory: Callable[..., Preview]) -> None:
    preview = preview_factory({"open": "Anna 1\nBoris 0\n"})
    results = preview.events_root / "open" / "results.txt"
    status, body, headers = get(preview, "/open/")
    assert status == 200 and "Boris 0<" in body and BANNER_ID not in body
    assert headers["Content-Type"] == "text/html; charset=utf-8"
    assert LIVERELOAD_SCRIPT in body

    results.write_text("Anna 1\nBoris 0.5\n", encoding="utf-8")
    wait_until(lambda: "Boris 0.5" in get(preview, "/open/")[1])

    results.write_text("Anna 1\nBoris !\n", encoding="utf-8")
    wait_until(lambda: BANNER_ID in get(preview, "/open/")[1])
    status, body, _ = get(preview, "/open/")
    assert status == 200 and "Boris 0.5" in body
    assert "results.txt:2:7: bad result line &#x27;Boris !&#x27;" in body
    assert BANNER_ID in get(preview, "/")[1]  # every page shows it, not only the event's

    results.write_text("Anna 1\nBoris 1\n", encoding="utf-8")
    wait_until(lambda: BANNER_ID not in get(preview, "/open/")[1])
    assert "Boris 1<" in get(preview, "/open/")[1]


def test_rebuilds_run_without_the_garbage_collector_and_the_heap_is_tidied_when_idle(
        tmp_path: Path, fake_site: FakeSite) -> None:
    # A full collection in the middle of a rebuild made the arbiter wait (serve.py,
    # _Collector): the collector is off while an event is read and rendered, and what the
    # rebuild made is left out of collections until the warmer, idle, collects it all.
    enabled_while_reading: list[bool] = []
    read = fake_site.read_event

    def read_event(folder: Path) -> object:
        enabled_while_reading.append(gc.isenabled())
        return read(folder)

    root = make_events(tmp_path, {"open": "Anna 1\nBoris 0\n"})
    functions = fake_site.functions()
    preview = Preview(ServeSettings(events_root=root, port=0),
                      replace(functions, read_event=read_event), log=lambda line: None)
    assert gc.isenabled()
    preview.start()
    try:
        (root / "open" / "results.txt").write_text("Anna 1\nBoris 1\n", encoding="utf-8")
        wait_until(lambda: "Boris 1<" in get(preview, "/open/")[1])
        assert enabled_while_reading and not any(enabled_while_reading)
        assert gc.isenabled()
        wait_until(lambda: not preview._collector.tidy_needed)
    finally:
        preview.stop()
    assert gc.get_freeze_count() == 0  # nothing of ours stays out of the collector's reach


def test_a_club_templates_folder_is_watched_from_when_it_appears(
        preview_factory: Callable[..., Preview]) -> None:
    preview = preview_factory({"open": "Anna 1\n"})
    templates = preview.events_root.parent / "templates"
    templates.mkdir()
    (templates / "prefix.txt").write_text("<p>First</p>", encoding="utf-8")
    wait_until(lambda: "<p>First</p>" in get(preview, "/open/")[1])
    (templates / "prefix.txt").write_text("<p>Second</p>", encoding="utf-8")
    wait_until(lambda: "<p>Second</p>" in get(preview, "/open/")[1])
    assert "<p>Second</p>" in get(preview, "/")[1]


def test_non_html_files_are_served_untouched(preview_factory: Callable[..., Preview]) -> None:
    preview = preview_factory({"open": "Anna 1\n"})
    status, body, headers = get(preview, "/open/data.csv")
    assert (status, body) == (200, "Anna,1\n")
    assert headers["Content-Type"] == "text/csv; charset=utf-8"
    assert headers["Cache-Control"] == "no-store"


def test_a_sub_path_reproduces_github_pages_addresses(
        preview_factory: Callable[..., Preview]) -> None:
    preview = preview_factory({"open": "Anna 1\n"}, base="/club/")
    assert preview.url.endswith("/club/")
    status, _, headers = get(preview, "/")
    assert (status, headers["Location"]) == (302, "/club/")
    assert get(preview, "/club")[2]["Location"] == "/club/"
    assert get(preview, "/club/open")[2]["Location"] == "/club/open/"
    assert get(preview, "/club/open/")[0] == 200
    assert get(preview, "/open/")[0] == 404
    assert LIVERELOAD_SCRIPT in get(preview, "/club/missing")[1]  # reloads once it exists


def test_the_epoch_endpoint_answers_when_a_rebuild_lands(
        preview_factory: Callable[..., Preview]) -> None:
    preview = preview_factory({"open": "Anna 1\n"})
    epoch = preview.live_site.epoch
    answers: list[str] = []
    poller = threading.Thread(
        target=lambda: answers.append(get(preview, f"/__standings__/livereload/{epoch}")[1]))
    poller.start()
    time.sleep(0.1)
    (preview.events_root / "open" / "results.txt").write_text("Anna 0\n", encoding="utf-8")
    poller.join(5)
    assert answers and int(answers[0]) > epoch


def test_stop_answers_an_open_long_poll_and_returns(
        preview_factory: Callable[..., Preview], monkeypatch: pytest.MonkeyPatch) -> None:
    # A long poll that would wait for ever on its own: stopping must answer it, not wait for it.
    monkeypatch.setattr(server, "LONG_POLL_S", 3600.0)
    preview = preview_factory({"open": "Anna 1\n"})
    long_poll = f"/__standings__/livereload/{preview.live_site.epoch}"
    answers: list[object] = []

    def poll() -> None:
        try:
            answers.append(get(preview, long_poll)[0])
        except OSError as error:  # the connection dropped or timed out: not answered
            answers.append(error)

    poller = threading.Thread(target=poll, daemon=True)
    poller.start()
    time.sleep(0.1)
    stopper = threading.Thread(target=preview.stop, daemon=True)
    stopper.start()
    stopper.join(HANG_GUARD_S)
    poller.join(HANG_GUARD_S)
    assert not stopper.is_alive() and answers == [200]


def test_a_port_in_use_is_reported_as_such(tmp_path: Path, fake_site: FakeSite) -> None:
    root = make_events(tmp_path, {"open": "Anna 1\n"})
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        with pytest.raises(OSError) as raised:
            Preview(ServeSettings(events_root=root, port=port), fake_site.functions(), log=print)
    assert raised.value.errno == errno.EADDRINUSE


def test_an_ipv6_loopback_host_is_served(tmp_path: Path) -> None:
    try:
        server = PreviewServer(("::1", 0), LiveSite())
    except OSError as error:  # a machine without IPv6
        pytest.skip(f"no IPv6 loopback: {error}")
    try:
        assert server.url.startswith("http://[::1]:")
    finally:
        server.server_close()


def test_the_server_binds_to_loopback_by_default(tmp_path: Path) -> None:
    server = PreviewServer(("127.0.0.1", 0), LiveSite())
    try:
        assert server.server_address[0] == "127.0.0.1"
        assert ServeSettings(events_root=tmp_path).host == "127.0.0.1"
    finally:
        server.server_close()


# --- pages rendered on use -----------------------------------------------------------------


def test_an_event_swapped_in_renders_only_its_probes(tmp_path: Path) -> None:
    site = FakeSite(lazy=True)
    root = make_events(tmp_path, {"open": "Anna 1\nBoris 0\nCy 1\n"})
    snapshot = LiveBuild(events_root=root, site=site.functions()).refresh()
    # The event page and the first player (one page of each kind) during the rebuild...
    assert site.rendered == {"open": 1, "open/Anna": 1}
    # ...a player page when asked for, and only that one...
    assert snapshot.files.page("open/p/Cy.html") == (
        b"<!DOCTYPE html><html><body><p>Cy: 1</p></body></html>")
    assert site.rendered == {"open": 1, "open/Anna": 1, "open/Cy": 1}
    # ...and all of it, the same as rendering at once, when the whole site is listed.
    assert snapshot.files.unit_of("open/").render_all() == site.render_event_with_players(
        site.read_event(root / "open"), "")


def test_the_served_pages_render_only_when_asked_by_name_or_all_at_once(tmp_path: Path) -> None:
    # Not a Mapping: a len() or a loop over the site used to render every page of every
    # event without saying so; rendering everything is now a call named for what it does.
    site = FakeSite(lazy=True)
    root = make_events(tmp_path, {"open": "Anna 1\nBoris 0\nCy 1\n"})
    files = LiveBuild(events_root=root, site=site.functions()).refresh().files
    assert not isinstance(files, Mapping) and not isinstance(files.unit_of("open/"), Mapping)
    assert "open/p/Cy.html" in files and "open/p/Nobody.html" not in files
    assert files.page("open/p/Cy.html") == b"<!DOCTYPE html><html><body><p>Cy: 1</p></body></html>"
    with pytest.raises(KeyError):
        files.page("open/p/Nobody.html")
    assert site.rendered == {"open": 1, "open/Anna": 1, "open/Cy": 1}
    everything = files.render_all()
    assert site.rendered["open/Boris"] == 1 and site.rendered["<index>"] == 1
    assert sorted(everything) == ["index.html", "open/data.csv", "open/index.html",
                                  "open/p/Anna.html", "open/p/Boris.html", "open/p/Cy.html",
                                  "style.css"]
    everything.clear()  # a copy: the served pages stay
    assert files.page("open/index.html") == site.render_event(site.read_event(root / "open"), "")[
        "open/index.html"]


def test_concurrent_requests_render_a_page_once(tmp_path: Path) -> None:
    site = FakeSite(lazy=True)
    root = make_events(tmp_path, {"open": "Anna 1\nBoris 0\n"})
    files = LiveBuild(events_root=root, site=site.functions()).refresh().files
    readers = [threading.Thread(target=files.page, args=("open/p/Boris.html",))
               for _ in range(8)]
    for reader in readers:
        reader.start()
    for reader in readers:
        reader.join()
    assert site.rendered["open/Boris"] == 1


def test_a_page_failing_late_brings_back_the_last_good_pages(tmp_path: Path) -> None:
    site = FakeSite(lazy=True)
    root = make_events(tmp_path, {"open": "Anna 1\nBoris 0\n"})
    build = LiveBuild(events_root=root, site=site.functions())
    good = build.refresh()
    (root / "open" / "results.txt").write_text("Anna 1\nBoris 1\nCrash 0\n", encoding="utf-8")
    newer = build.refresh({"open"})
    assert newer.diagnostics == ()  # the probes (event page, first player) rendered
    with pytest.raises(PageFailure) as raised:
        newer.files.page("open/p/Crash.html")
    assert build.page_failed(raised.value)
    back = build.snapshot()
    assert back.files.page("open/index.html") == good.files.page("open/index.html")
    assert [str(d) for d in back.diagnostics] == [
        f"{root}/open: internal error while rendering: ValueError('no page for Crash')"]
    assert b"Boris 0" in back.files.page("open/index.html")
    assert build.page_failed(raised.value) is False  # already handled


@pytest.mark.parametrize("warm", [True, False], ids=["found-by-the-warmer",
                                                     "found-by-a-request"])
def test_a_page_failing_late_shows_the_banner_through_http(tmp_path: Path, warm: bool) -> None:
    site = FakeSite(lazy=True)
    root = make_events(tmp_path, {"open": "Anna 1\nBoris 0\n"})
    with Preview(ServeSettings(events_root=root, port=0), site.functions(), log=lambda line: None,
                 warm=warm) as preview:
        (root / "open" / "results.txt").write_text("Anna 1\nBoris 1\nCrash 0\n",
                                                   encoding="utf-8")
        if not warm:
            wait_until(lambda: "Boris 1" in get(preview, "/open/")[1])
            get(preview, "/open/p/Crash.html")
        wait_until(lambda: BANNER_ID in get(preview, "/open/")[1])
        status, body, _ = get(preview, "/open/")
        assert status == 200 and "Boris 0" in body and "no page for Crash" in body
        status, body, _ = get(preview, "/open/p/Crash.html")
        assert status == 404  # not a page of the last good build
