"""``standings serve`` with the real reader, engine and templates.

The expected values are worked by hand from the seed example (tests/corpus/trf/seed-anna.trf,
whose reference values are in tests/corpus/expected/seed-anna.json): turning Anna's
round-1 win against Dina into a draw gives Anna 4 - 1/2 = 3.5 points and Dina 2.5 + 1/2 = 3,
which leaves Boris alone on 4 points in first place.
"""

from __future__ import annotations

import functools
import html
import http.client
import json
import os
import re
import shutil
import socket
from pathlib import Path

from kit import servekit
from kit.servekit import ANNA, ANNA_LINE, DINA_LINE, anna_draws_with_dina, anna_ranked_as_computed
from kit.sitekit import make_event

from generator.preview.livebuild import LiveBuild
from generator.preview.serve import Preview, ServeSettings
from generator.preview.server import BANNER_ID, NOTICES_ID, WARNINGS_ID
from generator.preview.site_port import default_site_functions
from generator.reading.event_listing import event_paths
from generator.reading.events import read_event
from generator.site import build as site

ROOT = Path(__file__).resolve().parents[2]
_INJECTED = re.compile(rf'<div id="{NOTICES_ID}".*?</details></div></div>|'
                       r'<script src="/__standings__/[^"]*"[^>]*></script>', re.DOTALL)


def get(preview: Preview, path: str) -> tuple[int, str]:
    host, port = preview.server.server_address[:2]
    connection = http.client.HTTPConnection(host, port, timeout=30)
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        return response.status, response.read().decode()
    finally:
        connection.close()


wait_until = functools.partial(servekit.wait_until, timeout=20.0)


def as_built(served: str) -> str:
    """A served page without what serving adds (the banner, the reload script)."""
    return _INJECTED.sub("", served)


def points(preview: Preview) -> dict[str, float]:
    document = json.loads(get(preview, "/anna/standings.json")[1])
    return {row["name"]: row["points"] for row in document["players"]}


def test_edit_break_and_fix_a_trf_while_it_is_served(tmp_path: Path) -> None:
    trf = make_event(tmp_path / "events", "anna", ANNA) / "tournament.trf"
    text = trf.read_text(encoding="utf-8")
    assert ANNA_LINE in text and DINA_LINE in text
    lines: list[str] = []
    with Preview(ServeSettings(events_root=tmp_path / "events", port=0), default_site_functions(),
                 log=lines.append) as preview:
        status, before = get(preview, "/anna/")
        assert status == 200 and BANNER_ID not in before
        assert points(preview)["Anna"] == 4 and points(preview)["Dina"] == 2.5

        # Anna-Dina, round 1: 1-0 becomes a draw on both lines, points columns updated.
        trf.write_text(anna_draws_with_dina(text), encoding="utf-8")
        wait_until(lambda: points(preview)["Anna"] == 3.5)
        assert points(preview)["Dina"] == 3
        first = json.loads(get(preview, "/anna/standings.json")[1])["players"][0]
        assert (first["name"], first["rank"], first["points"]) == ("Boris", 1, 4)
        status, edited = get(preview, "/anna/")
        assert status == 200 and as_built(edited) != as_built(before)
        assert BANNER_ID not in edited

        # An unknown result code: the edited pages stay, the error shows on every page.
        broken_text = trf.read_text(encoding="utf-8").replace("0005 w =", "0005 w Q")
        trf.write_text(broken_text, encoding="utf-8")
        wait_until(lambda: BANNER_ID in get(preview, "/anna/")[1])
        status, broken = get(preview, "/anna/")
        assert status == 200 and as_built(broken) == as_built(edited)
        message = (f"{trf}:6:99: unknown result code &#x27;Q&#x27; in round 1; "
                   "expected one of 1 = 0 W D L + - H F U Z X or blank")
        assert message in broken
        assert message in get(preview, "/")[1]
        assert points(preview)["Anna"] == 3.5
        assert f"{trf}:6:99: unknown result code 'Q' in round 1" in "\n".join(lines)

        # Fixed: the banner goes by itself.
        trf.write_text(broken_text.replace("0005 w Q", "0005 w ="), encoding="utf-8")
        wait_until(lambda: BANNER_ID not in get(preview, "/anna/")[1])
        assert as_built(get(preview, "/anna/")[1]) == as_built(edited)
        port = preview.server.server_address[1]
    with socket.socket() as next_server:  # stopped: the port is free for the next preview
        next_server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        next_server.bind(("127.0.0.1", port))


def test_after_an_edit_the_served_site_is_byte_for_byte_what_a_build_writes(
        tmp_path: Path) -> None:
    # Every unit's pages rendered on use (LiveBuild.render_all asks each unit for them) are
    # those the build renders: the example events' as first read, Anna's after an edit.
    events = tmp_path / "events"
    shutil.copytree(ROOT / "events", events)
    trf = make_event(events, "anna", anna_ranked_as_computed(ANNA.read_text(encoding="utf-8"))
                     ) / "tournament.trf"
    build = LiveBuild(events_root=events, site=default_site_functions())
    build.refresh()
    trf.write_text(anna_draws_with_dina(trf.read_text(encoding="utf-8")), encoding="utf-8")
    published: list[object] = []
    # A tab shows Dina's page: it renders first, the rest after, in the serve's order.
    snapshot = build.refresh({"anna"}, shown=["anna/players/5.html"], publish=published.append)
    assert published == [snapshot] and snapshot.diagnostics == ()
    built = site.render_site(
        site.plan_site([read_event(folder) for folder in event_paths(events, [])]),
        site.site_environment(events))
    served = snapshot.files.render_all()
    assert len(build.known_slugs) >= 3
    assert served == built
    # What serving adds (the reload script, the banner) is added to responses only.
    assert not any(b"__standings__" in page for page in served.values())


def test_an_edit_after_the_events_folder_was_deleted_and_restored_is_shown(
        tmp_path: Path) -> None:
    # As `git stash` / `git stash pop` or a sync tool does it: the whole events folder
    # deleted, then written again as a new directory, then the TRF edited.
    events = tmp_path / "events"
    trf = make_event(events, "anna", ANNA) / "tournament.trf"
    backup = tmp_path / "backup"
    lines: list[str] = []
    with Preview(ServeSettings(events_root=events, port=0), default_site_functions(),
                 log=lines.append) as preview:
        assert points(preview)["Anna"] == 4
        shutil.copytree(events, backup)
        shutil.rmtree(events)
        wait_until(lambda: BANNER_ID in get(preview, "/anna/")[1])
        assert points(preview)["Anna"] == 4  # the last good pages, meanwhile
        assert any("the events folder is missing" in line for line in lines)
        shutil.copytree(backup, events)
        wait_until(lambda: BANNER_ID not in get(preview, "/anna/")[1])
        trf.write_text(anna_draws_with_dina(trf.read_text(encoding="utf-8")),
                       encoding="utf-8")
        wait_until(lambda: points(preview)["Anna"] == 3.5)
        first = json.loads(get(preview, "/anna/standings.json")[1])["players"][0]
        assert first["name"] == "Boris"


def test_a_warning_is_shown_in_its_own_banner_until_it_is_fixed(tmp_path: Path) -> None:
    # The publishing workflow builds with --strict, so a warning stops publication: the
    # preview must show it as plainly as the terminal does.
    trf = make_event(tmp_path / "events", "anna", ANNA) / "tournament.trf"
    text = anna_ranked_as_computed(trf.read_text(encoding="utf-8"))
    trf.write_text(text, encoding="utf-8")
    lines: list[str] = []
    with Preview(ServeSettings(events_root=tmp_path / "events", port=0), default_site_functions(),
                 log=lines.append) as preview:
        assert WARNINGS_ID not in get(preview, "/anna/")[1]
        # Anna's points column says 4.5; her results add up to 4 (tests/corpus/expected).
        trf.write_text(text.replace(ANNA_LINE, ANNA_LINE.replace(" 4.0 ", " 4.5 ")),
                       encoding="utf-8")
        wait_until(lambda: WARNINGS_ID in get(preview, "/anna/")[1])
        status, page = get(preview, "/anna/")
        assert status == 200 and BANNER_ID not in page
        warning = (f"{trf}:6:81: warning: points column says 4.5 but the results add up to "
                   "4.0 under 1-½-0 scoring (standard); expected 4.0, or a &#x27;scoring&#x27; "
                   "entry in event.yml")
        assert warning in page
        assert "publishing with --strict" in page
        assert warning in get(preview, "/")[1]  # every page, as errors are
        assert html.unescape(warning) in lines
        assert "standings serve: warnings: publishing with --strict will refuse them" in lines
        trf.write_text(text, encoding="utf-8")
        wait_until(lambda: WARNINGS_ID not in get(preview, "/anna/")[1])


def test_a_rank_column_that_disagrees_is_shown_in_the_warnings_banner(tmp_path: Path) -> None:
    # Anna is first on 4 points (tests/corpus/expected); her rank column (86-89) says 2.
    trf = make_event(tmp_path / "events", "anna", ANNA) / "tournament.trf"
    text = anna_ranked_as_computed(trf.read_text(encoding="utf-8"))
    trf.write_text(text, encoding="utf-8")
    ranked_second = ANNA_LINE.replace(" 4.0    1 ", " 4.0    2 ")
    assert ranked_second != ANNA_LINE
    with Preview(ServeSettings(events_root=tmp_path / "events", port=0), default_site_functions(),
                 log=lambda line: None) as preview:
        assert WARNINGS_ID not in get(preview, "/anna/")[1]
        trf.write_text(text.replace(ANNA_LINE, ranked_second), encoding="utf-8")
        wait_until(lambda: WARNINGS_ID in get(preview, "/anna/")[1])
        status, page = get(preview, "/anna/")
        assert status == 200 and BANNER_ID not in page
        assert f"{trf}:6:86: warning: the file ranks player 1 (Anna) 2" in page
        trf.write_text(text, encoding="utf-8")
        wait_until(lambda: WARNINGS_ID not in get(preview, "/anna/")[1])


def test_a_trf_file_beside_the_event_folders_is_shown_until_it_is_removed(
        tmp_path: Path) -> None:
    events = tmp_path / "events"
    make_event(events, "anna", ANNA)
    stray = events / "round5.trf"
    with Preview(ServeSettings(events_root=events, port=0), default_site_functions(),
                 log=lambda line: None) as preview:
        assert BANNER_ID not in get(preview, "/anna/")[1]
        shutil.copyfile(ANNA, stray)
        wait_until(lambda: BANNER_ID in get(preview, "/anna/")[1])
        status, page = get(preview, "/anna/")
        # The error is shown; the event's pages stay served.
        assert status == 200 and "Anna" in as_built(page)
        assert f"{stray}: a TRF file beside the event folders (anna) is not part of any" \
               " event" in page
        assert BANNER_ID in get(preview, "/")[1]
        stray.unlink()
        wait_until(lambda: BANNER_ID not in get(preview, "/anna/")[1])


def test_the_events_folders_own_problems_are_errors_and_warnings_of_the_preview(
        tmp_path: Path) -> None:
    # A link read once is a warning; a folder named like the site's own assets an error;
    # both as build reports them, and gone once fixed.
    events = tmp_path / "events"
    make_event(events, "anna", ANNA)
    live = LiveBuild(events_root=events, site=default_site_functions(), settle_seconds=0)
    assert live.refresh().diagnostics == ()
    os.symlink("anna", events / "latest")
    make_event(events, "static", ANNA)
    snapshot = live.refresh()
    assert [d.path for d in snapshot.diagnostics] == [str(events / "static")]
    assert str(events / "latest") in [d.path for d in snapshot.warnings]
    assert "anna" in live.known_slugs and "static" not in live.known_slugs
    (events / "latest").unlink()
    shutil.rmtree(events / "static")
    snapshot = live.refresh()
    assert snapshot.diagnostics == ()
    assert str(events / "latest") not in [d.path for d in snapshot.warnings]


def test_site_yml_edited_while_served_retitles_every_page_and_a_bad_one_shows_in_the_banner(
        tmp_path: Path) -> None:
    make_event(tmp_path / "events", "anna", ANNA)
    site_yml = tmp_path / "site.yml"
    site_yml.write_text("title: First Club\n", encoding="utf-8")
    with Preview(ServeSettings(events_root=tmp_path / "events", port=0), default_site_functions(),
                 log=lambda line: None) as preview:
        assert "<title>" in get(preview, "/anna/")[1]
        assert "First Club</title>" in get(preview, "/anna/")[1]
        assert "First Club" in get(preview, "/")[1]

        site_yml.write_text("title: Second <Club>\n", encoding="utf-8")
        wait_until(lambda: "Second &lt;Club&gt;</title>" in get(preview, "/anna/")[1])
        assert "Second &lt;Club&gt;</title>" in get(preview, "/")[1]
        assert "Second &lt;Club&gt;" in get(preview, "/anna/players/1.html")[1]

        # A mistake: the pages stay as they were and the problem is on every page.
        site_yml.write_text("title: Third\nurl: nowhere\n", encoding="utf-8")
        wait_until(lambda: BANNER_ID in get(preview, "/anna/")[1])
        status, page = get(preview, "/anna/")
        assert status == 200 and "Second &lt;Club&gt;</title>" in page
        assert ("site.yml:2:6: &#x27;url&#x27; &#x27;nowhere&#x27; is not an absolute "
                "http(s) address") in page

        site_yml.write_text("title: Third\n", encoding="utf-8")
        wait_until(lambda: BANNER_ID not in get(preview, "/anna/")[1])
        assert "Third</title>" in get(preview, "/anna/")[1]


def test_a_site_yml_created_while_served_is_picked_up(tmp_path: Path) -> None:
    make_event(tmp_path / "events", "anna", ANNA)
    with Preview(ServeSettings(events_root=tmp_path / "events", port=0), default_site_functions(),
                 log=lambda line: None) as preview:
        assert "| Tournament results</title>" in get(preview, "/anna/")[1]
        (tmp_path / "site.yml").write_text("title: New Club\n", encoding="utf-8")
        wait_until(lambda: "| New Club</title>" in get(preview, "/anna/")[1])
        (tmp_path / "site.yml").unlink()
        wait_until(lambda: "| Tournament results</title>" in get(preview, "/anna/")[1])


def test_a_festival_section_is_served_and_rebuilt_on_its_own(tmp_path: Path) -> None:
    # Issue 27: a section's pages are their own unit ("festival/section"); the festival's
    # page is among the index pages, which list every section.
    events = tmp_path / "events"
    shutil.copytree(ROOT / "events" / "bunratty-2011", events / "bunratty-2011")
    build = LiveBuild(events_root=events, site=default_site_functions())
    snapshot = build.refresh()
    assert b"Bunratty 2011 \xe2\x80\x93 Challengers" in snapshot.files.page(
        "bunratty-2011/challengers/index.html")
    assert b"Bunratty 2011" in snapshot.files.page("bunratty-2011/index.html")
    trf = events / "bunratty-2011" / "challengers" / "tournament.trf"
    trf.write_bytes(trf.read_bytes().replace(b"Cormac P", b"Cormac Q"))
    snapshot = build.refresh({"bunratty-2011/challengers"})
    assert set(snapshot.rebuilt) == {"bunratty-2011/challengers", ""}
    assert b"Cormac Q" in snapshot.files.page("bunratty-2011/challengers/index.html")
    assert b"Cormac Q" in snapshot.files.page("bunratty-2011/index.html")
